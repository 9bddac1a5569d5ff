import type { Diagnosis } from '../schemas/diagnosis.ts';
import type { Job } from '../schemas/job.ts';

/** What the responder tells people about one incident after a batch of signals. */
export interface Notification {
  /** `cluster/node`: one conversation per key. */
  key: string;
  cluster: string;
  node: string;
  state: 'firing' | 'resolved';
  diagnosis: Diagnosis;
  /** The signals that led to this notification. */
  jobs: readonly Job[];
}

/** Where notifications go: Slack threads, or the console for the embedded default. */
export interface Notifier {
  notify(notification: Notification): Promise<void>;
}
