import type { Notifier } from '../../shared/chat/notifier.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { isResolution, mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Job } from '../../shared/schemas/job.ts';
import type { IncidentHandler } from './handler.ts';
import type { LiveEvidence } from './live.ts';

/**
 * Without a chat service: diagnose each incident's signals of the batch and hand the result to a Notifier
 * (the console for the embedded default). Chat requests cannot arrive here (they come from Slack).
 */
export class NotifierHandler implements IncidentHandler {
  readonly #notifier: Notifier;
  readonly #live: LiveEvidence | undefined;

  constructor(notifier: Notifier, live?: LiveEvidence) {
    this.#notifier = notifier;
    this.#live = live;
  }

  async handle(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const received = jobs.filter((j) => j.kind !== 'chat');
    if (received.length === 0) return;
    const live = isResolution(received) ? undefined : await this.#live?.collect(cluster, node);
    const signals = live ? [...received, live] : received;
    await this.#notifier.notify({
      key: `${cluster}/${node}`,
      cluster,
      node,
      state: isResolution(received) ? 'resolved' : 'firing',
      diagnosis: diagnose(mergeEvidence(cluster, node, signals)),
      jobs: received,
    });
  }
}
