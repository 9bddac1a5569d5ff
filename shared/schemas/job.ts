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

/** Where an answer to a person goes: the channel (and thread), and the slash command's response_url. */
export const ChatReplySchema = z.object({
  channel: z.string().min(1),
  threadTs: z.string().optional(),
  responseUrl: z.url().optional(),
  user: z.string().min(1),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

/** What a person asked for in Slack (slash command, button, message shortcut). */
export const ChatRequestSchema = z.discriminatedUnion('action', [
  /** `/pleg diagnose <node> [cluster]`: a diagnosis in the channel (the incident's thread if one is open). */
  z.object({ action: z.literal('diagnose-node') }),
  /** Pasted log lines, or "Diagnose this log" on a message: the engine offline on that text. */
  z.object({ action: z.literal('diagnose-text'), text: z.string().min(1).max(40_000) }),
  /** `/pleg status`: the open incidents. */
  z.object({ action: z.literal('status') }),
  /** Root-message buttons, about the job's incident. */
  z.object({ action: z.literal('rediagnose') }),
  z.object({ action: z.literal('other-runtime') }),
  z.object({ action: z.literal('acknowledge') }),
]);
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const JobSchema = z.discriminatedUnion('kind', [
  JobBase.extend({
    kind: z.literal('alert'),
    alert: AlertSchema,
    groupKey: z.string(),
    externalURL: z.string(),
  }),
  JobBase.extend({ kind: z.literal('event'), event: KubeEventSchema }),
  JobBase.extend({ kind: z.literal('bundle'), bundle: EvidenceBundleSchema }),
  JobBase.extend({ kind: z.literal('chat'), request: ChatRequestSchema, reply: ChatReplySchema }),
]);
export type Job = z.infer<typeof JobSchema>;

/** Where all signals about one node (or one cluster, for node-less signals) meet. */
export function incidentKey(job: Pick<Job, 'cluster' | 'node'>): string {
  return `${job.cluster}/${job.node}`;
}
