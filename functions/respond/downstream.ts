import { formatDuration } from '../../shared/diagnosis/duration.ts';
import type { DownstreamFault } from '../../shared/faults.ts';
import type { Logger } from '../log/port.ts';
import { REPEAT_INTERVAL_MS } from '../log/repeat.ts';

/** Distinct waiting jobs counted at most (a bound on the memory a very long outage takes): the count stops there. */
const MAX_COUNTED_JOBS = 100_000;

interface Ongoing {
  fault: DownstreamFault;
  since: number;
  /** Consecutive batches that met this fault: sets the pause before the next try. */
  streak: number;
  /** The jobs (dedup keys) kept waiting for the service since the fault began: a job tried again counts once. */
  kept: Set<string>;
  loggedAt: number;
}

/** A downstream fault as /readyz and /metrics show it. */
export interface FaultReport extends DownstreamFault {
  since: string;
  keptJobs: number;
}

/**
 * What the responder knows of the services its jobs need (Slack, the incident store…): which one is failing, how,
 * since when, and how many jobs wait for it. It decides what a person reads about a fault: one line when it
 * starts, at most one a minute while it lasts, one when it ends, and one for a configuration an operator must fix.
 */
export class DownstreamStatus {
  readonly #ongoing = new Map<string, Ongoing>();
  readonly #log: Logger;
  readonly #now: () => number;

  constructor(log: Logger, now: () => number = Date.now) {
    this.#log = log;
    this.#now = now;
  }

  /**
   * A batch met `fault` on these jobs (their dedup keys), which wait for the service. Returns the batches in a row
   * that met it.
   */
  failed(fault: DownstreamFault, jobs: readonly string[]): number {
    const now = this.#now();
    const previous = this.#ongoing.get(fault.transport);
    const changed = previous?.fault.code !== fault.code || previous.fault.fault !== fault.fault;
    const ongoing: Ongoing =
      previous && !changed
        ? { ...previous, streak: previous.streak + 1 }
        : { fault, since: now, streak: 1, kept: new Set(), loggedAt: 0 };
    for (const job of jobs) if (ongoing.kept.size < MAX_COUNTED_JOBS) ongoing.kept.add(job);
    // The policy of RepeatedFailure (said when it starts, at most once per interval, when it ends), in this
    // class's own words: what a line says depends on the jobs kept, and a new code starts a new fault.
    if (changed || now - ongoing.loggedAt >= REPEAT_INTERVAL_MS) {
      this.#log.warn(describe(ongoing, now, changed), { transport: fault.transport, code: fault.code });
      ongoing.loggedAt = now;
    }
    this.#ongoing.set(fault.transport, ongoing);
    return ongoing.streak;
  }

  /** A batch went through without a fault: every service it needed answers again. */
  recovered(): void {
    const now = this.#now();
    for (const [transport, o] of this.#ongoing) {
      this.#log.info(
        `${transport} answers again after ${formatDuration((now - o.since) / 1000)} (${o.fault.code}); ` +
          `the ${o.kept.size} job(s) kept meanwhile are being delivered`,
      );
    }
    this.#ongoing.clear();
  }

  /** The longest streak of any ongoing fault (0 when all is well): the consumer pauses on it before receiving. */
  get streak(): number {
    return Math.max(0, ...[...this.#ongoing.values()].map((o) => o.streak));
  }

  faults(): FaultReport[] {
    return [...this.#ongoing.values()].map((o) => ({
      ...o.fault,
      since: new Date(o.since).toISOString(),
      keptJobs: o.kept.size,
    }));
  }
}

function describe(o: Ongoing, now: number, first: boolean): string {
  const { transport, fault, code } = o.fault;
  const lasting = first ? '' : ` for ${formatDuration((now - o.since) / 1000)}`;
  if (fault === 'misconfigured') {
    return (
      `${transport} refuses the responder's configuration (${code})${lasting}: an operator must fix it ` +
      `(token, scopes, channel); ${o.kept.size} job(s) are kept and retried, none is lost`
    );
  }
  return `${transport} is unavailable (${code})${lasting}; ${o.kept.size} job(s) are kept and retried with backoff until it answers`;
}
