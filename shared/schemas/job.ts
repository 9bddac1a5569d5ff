import { z } from 'zod';
import { AlertSchema } from './alertmanager.ts';
import { EvidenceBundleSchema } from './bundle.ts';
import { KubeEventSchema } from './kube-event.ts';

const JobBase = z.object({
  /** Same content, same key: lets the responder skip redeliveries and replays. */
  dedupKey: z.string().min(1).max(256),
  cluster: z.string(),
  /** Empty for signals about the whole cluster (no node label). */
  node: z.string(),
  receivedAt: z.iso.datetime(),
});

export const JobSchema = z.discriminatedUnion('kind', [
  JobBase.extend({
    kind: z.literal('alert'),
    alert: AlertSchema,
    groupKey: z.string(),
    externalURL: z.string(),
  }),
  JobBase.extend({ kind: z.literal('event'), event: KubeEventSchema }),
  JobBase.extend({ kind: z.literal('bundle'), bundle: EvidenceBundleSchema }),
]);
export type Job = z.infer<typeof JobSchema>;

/** Where all signals about one node (or one cluster, for node-less signals) meet. */
export function incidentKey(job: Pick<Job, 'cluster' | 'node'>): string {
  return `${job.cluster}/${job.node}`;
}
