import type { Notifier } from '../../shared/chat/notifier.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { isResolution, mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Job } from '../../shared/schemas/job.ts';
import type { IncidentHandler } from './handler.ts';

/**
 * Without a chat service: diagnose each incident's signals of the batch and hand the result to a Notifier
 * (the console for the embedded default). Chat requests cannot arrive here (they come from Slack).
 */
export class NotifierHandler implements IncidentHandler {
  readonly #notifier: Notifier;

  constructor(notifier: Notifier) {
    this.#notifier = notifier;
  }

  async handle(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const signals = jobs.filter((j) => j.kind !== 'chat');
    if (signals.length === 0) return;
    await this.#notifier.notify({
      key: `${cluster}/${node}`,
      cluster,
      node,
      state: isResolution(signals) ? 'resolved' : 'firing',
      diagnosis: diagnose(mergeEvidence(cluster, node, signals)),
      jobs: signals,
    });
  }
}
