import { z } from 'zod';
import { VerdictSchema } from '../schemas/diagnosis.ts';
import { JobSchema } from '../schemas/job.ts';

/** Where an incident's conversation lives in chat. */
export const ThreadSchema = z.object({ channel: z.string(), ts: z.string() });

/** What was last told to people about an incident: enough to recognise "nothing new". */
export const PostedSchema = z.object({
  verdict: VerdictSchema,
  confidence: z.number(),
  /** Hash of the verdict, confidence band and cited evidence. */
  fingerprint: z.string(),
});

/**
 * One incident episode: a node NotReady (kind `node`), or many nodes of one cluster at once (kind `cluster`,
 * key `cluster/*`). Persisted after every chat call, so a retry never posts twice what was already posted.
 */
export const IncidentSchema = z.object({
  key: z.string(),
  cluster: z.string(),
  node: z.string(),
  kind: z.enum(['node', 'cluster']),
  state: z.enum(['open', 'resolved']),
  /** 1 for the first episode; a re-fire within the reopen window reopens the same thread as episode 2, 3… */
  episode: z.number().int().positive(),
  openedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().optional(),
  thread: ThreadSchema.optional(),
  posted: PostedSchema.optional(),
  /** Signals that brought nothing new since the last post. */
  repeats: z.number().int().nonnegative(),
  /** The incident's recent signals (bounded): evidence accumulates across batches. */
  signals: z.array(JobSchema),
  /** Downstream alerts folded into this incident, one line each (bounded). */
  folded: z.array(z.string()),
  /** Cluster incidents: the nodes in the storm. Node incidents: the storm they joined. */
  nodes: z.array(z.string()),
  storm: z.string().optional(),
  acknowledged: z.object({ user: z.string(), at: z.iso.datetime() }).optional(),
  /** The node's Ready status as last diagnosed (for the cluster-wide view of a storm). */
  ready: z.enum(['True', 'False', 'Unknown']).optional(),
  /** The root message needs an edit that was deferred (storm roots are edited at most every few seconds). */
  stale: z.boolean().default(false),
  /** When the root message was last posted or edited. */
  editedAt: z.iso.datetime().optional(),
  version: z.number().int().nonnegative(),
});
export type Incident = z.infer<typeof IncidentSchema>;
export type Thread = z.infer<typeof ThreadSchema>;

export function stormKey(cluster: string): string {
  return `${cluster}/*`;
}

/** Raised when another responder updated the incident first: the job is retried against the new state. */
export class IncidentConflict extends Error {}

/** Incident state survives restarts behind this port (SQLite embedded/in-cluster, DynamoDB on Lambda). */
export interface IncidentStore {
  get(key: string): Promise<Incident | undefined>;
  /** Saves `incident` if the stored version is still `incident.version - 1` (or absent for version 1). */
  put(incident: Incident): Promise<void>;
  /** Open incidents, optionally of one cluster. */
  open(cluster?: string): Promise<Incident[]>;
}
