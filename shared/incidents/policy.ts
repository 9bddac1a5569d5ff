import type { StormPolicy } from './storm.ts';

/** How incidents become chat threads: where, when a re-fire reopens, when many nodes are one storm. */
export interface ThreadPolicy {
  channel: string;
  /** A re-fire within this long after resolution reopens the same thread. */
  reopenWindowMs: number;
  storm: StormPolicy;
  /** Storm roots are edited at most this often; edits in between are deferred, not lost. */
  stormEditIntervalMs: number;
  /** `https://acme.slack.com/archives`: turns thread references into links (optional). */
  archiveUrl?: string;
}
