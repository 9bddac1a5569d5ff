import type { Notifier } from '../../shared/chat/notifier.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { allResolved } from '../../shared/incidents/episode.ts';
import { mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Job } from '../../shared/schemas/job.ts';
import type { IncidentHandler } from './handler.ts';
import type { LiveEvidence } from './live.ts';

/** Incidents whose recent signals are remembered, and how many signals each (the console has no thread state). */
const REMEMBERED_INCIDENTS = 500;
const REMEMBERED_SIGNALS = 50;

/**
 * Without a chat service: diagnose each incident on its recent signals and hand the result to a Notifier (the
 * console for the embedded default). An alert and the node's bundle arriving in separate batches are still
 * diagnosed together. Chat requests cannot arrive here (they come from Slack).
 */
export class NotifierHandler implements IncidentHandler {
  readonly #notifier: Notifier;
  readonly #live: LiveEvidence | undefined;
  readonly #recent = new Map<string, Job[]>();

  constructor(notifier: Notifier, live?: LiveEvidence) {
    this.#notifier = notifier;
    this.#live = live;
  }

  async handle(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const received = jobs.filter((j) => j.kind !== 'chat');
    if (received.length === 0) return;
    const key = `${cluster}/${node}`;
    const resolved = allResolved(received);
    const live = resolved ? undefined : await this.#live?.collect(cluster, node);
    const signals = [...(this.#recent.get(key) ?? []), ...received, ...(live ? [live] : [])].slice(
      -REMEMBERED_SIGNALS,
    );
    this.#remember(key, resolved ? undefined : signals);
    await this.#notifier.notify({
      key,
      cluster,
      node,
      state: resolved ? 'resolved' : 'firing',
      diagnosis: diagnose(mergeEvidence(cluster, node, signals)),
      jobs: received,
    });
  }

  /** Keeps the newest incidents' signals (a Map iterates in insertion order: the oldest entry goes first). */
  #remember(key: string, signals: Job[] | undefined): void {
    this.#recent.delete(key);
    if (signals) this.#recent.set(key, signals);
    const oldest = this.#recent.keys().next();
    if (this.#recent.size > REMEMBERED_INCIDENTS && !oldest.done) this.#recent.delete(oldest.value);
  }
}
