import { formatDuration } from '../../shared/diagnosis/duration.ts';
import type { LogFields, Logger } from './port.ts';

/** How often a failure that keeps happening is said again. */
export const REPEAT_INTERVAL_MS = 60_000;

/**
 * A failure that may repeat every second for hours (the queue unreachable): said when it starts, then at most
 * once per interval with how many times it happened meanwhile, then once when it stops ("recovered").
 */
export class RepeatedFailure {
  readonly #log: Logger;
  readonly #what: string;
  readonly #now: () => number;
  readonly #intervalMs: number;
  #since: number | undefined;
  #loggedAt = 0;
  /** Failures since the last line said. */
  #unsaid = 0;
  #total = 0;

  constructor(log: Logger, what: string, now: () => number = Date.now, intervalMs = REPEAT_INTERVAL_MS) {
    this.#log = log;
    this.#what = what;
    this.#now = now;
    this.#intervalMs = intervalMs;
  }

  failed(reason: string, fields: LogFields = {}): void {
    const now = this.#now();
    this.#total += 1;
    if (this.#since === undefined) {
      this.#since = now;
      this.#loggedAt = now;
      this.#log.error(`${this.#what}: ${reason}`, fields);
      return;
    }
    this.#unsaid += 1;
    if (now - this.#loggedAt < this.#intervalMs) return;
    this.#log.error(`${this.#what} for ${formatDuration((now - this.#since) / 1000)}: ${reason}`, {
      ...fields,
      repeats: this.#unsaid,
    });
    this.#loggedAt = now;
    this.#unsaid = 0;
  }

  /** Said once, only after a failure: the normal case stays quiet. */
  succeeded(): void {
    if (this.#since === undefined) return;
    const lasted = formatDuration((this.#now() - this.#since) / 1000);
    this.#log.info(`${this.#what}: recovered after ${lasted}`, { failures: this.#total });
    this.#since = undefined;
    this.#unsaid = 0;
    this.#total = 0;
  }
}
