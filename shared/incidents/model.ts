import type { KnownBlock } from '@slack/types';
import { z } from 'zod';
import { RemediationActionSchema, RemediationJobSchema } from '../remediation/model.ts';
import { VerdictSchema } from '../schemas/diagnosis.ts';
import { JobSchema } from '../schemas/job.ts';
import { IncidentSilenceSchema, SilenceRequestSchema } from '../schemas/silence.ts';

/** Where an incident's conversation lives in chat. */
export const ThreadSchema = z.object({ channel: z.string(), ts: z.string() });

/** What was last told to people about an incident: enough to recognise "nothing new". */
export const PostedSchema = z.object({
  verdict: VerdictSchema,
  confidence: z.number(),
  /** Hash of the verdict, confidence band and cited evidence. */
  fingerprint: z.string(),
});

/** A chat message as the responder renders it (shared/messages/render.ts); the chat adapters check its blocks. */
const ChatMessageSchema = z.object({
  text: z.string(),
  blocks: z.array(z.custom<KnownBlock>((b) => typeof b === 'object' && b !== null && 'type' in b)),
});

/**
 * One chat effect of an incident that was decided and is not yet known to have happened: the incident's outbox.
 * `id` is `<episode>:<seq>` (seq counts every effect the incident ever planned). Edits and replies go to the
 * incident's thread as recorded when they are carried out (a root posted earlier in the same outbox included).
 */
export const EffectSchema = z.discriminatedUnion('kind', [
  /** Posts the incident's root into `channel`; done once the incident records its thread. */
  z.object({ id: z.string(), kind: z.literal('root'), channel: z.string(), message: ChatMessageSchema }),
  z.object({ id: z.string(), kind: z.literal('reply'), message: ChatMessageSchema }),
  z.object({ id: z.string(), kind: z.literal('edit'), message: ChatMessageSchema }),
  /**
   * Creates an Alertmanager silence for the incident's alerts; done once the incident records its id. `reported`:
   * the thread was already told that Alertmanager could not be reached for it (said once, not on every retry).
   */
  z.object({
    id: z.string(),
    kind: z.literal('silence'),
    silence: SilenceRequestSchema,
    reported: z.boolean().default(false),
  }),
  /**
   * Attaches evidence kept in the archive (`shared/evidence/archive.ts`, by its id) to the incident's thread as a
   * file, with `comment`; done once the chat took it. The record holds the id, not the bundle.
   */
  z.object({
    id: z.string(),
    kind: z.literal('attach'),
    evidenceId: z.string(),
    filename: z.string(),
    title: z.string(),
    comment: z.string(),
  }),
  /** Expires the incident's silence `silenceId`, on request of `by`. */
  z.object({
    id: z.string(),
    kind: z.literal('expire-silence'),
    silenceId: z.string(),
    by: z.string(),
    reported: z.boolean().default(false),
  }),
  /**
   * Carries out the incident's remediation job `job` against the cluster (`dryRun`: lists the calls, makes none);
   * done once the job records its outcome. Recorded before any call is made, like a post.
   */
  z.object({
    id: z.string(),
    kind: z.literal('remediate'),
    job: z.string(),
    action: RemediationActionSchema,
    cluster: z.string(),
    node: z.string(),
    dryRun: z.boolean(),
  }),
]);

/**
 * One incident episode: a node NotReady (kind `node`), or many nodes of one cluster at once (kind `cluster`,
 * key `cluster/*`). Persisted before its chat calls (as pending effects) and after each, so a retry completes
 * what is missing and repeats nothing that is known to have gone out.
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
  /** The Alertmanager silence created from the thread, until it is expired from there or a new episode starts. */
  silence: IncidentSilenceSchema.optional(),
  /** Remediation jobs asked for in the thread (the newest MAX_REMEDIATION_JOBS), whatever became of them. */
  remediations: z.array(RemediationJobSchema).default([]),
  /** The node's Ready status as last diagnosed (for the cluster-wide view of a storm). */
  ready: z.enum(['True', 'False', 'Unknown']).optional(),
  /** The root message needs an edit that was deferred (storm roots are edited at most every few seconds). */
  stale: z.boolean().default(false),
  /** When the root message was last posted or edited. */
  editedAt: z.iso.datetime().optional(),
  /**
   * Chat effects saved before they are attempted and removed, one by one, as each succeeds: whatever is still here
   * is completed, in order, before anything new is decided for the incident.
   */
  pending: z.array(EffectSchema).default([]),
  /** How many effects the incident has planned so far: the next effect's id is `<episode>:<effects + 1>`. */
  effects: z.number().int().nonnegative().default(0),
  version: z.number().int().nonnegative(),
});
export type Effect = z.infer<typeof EffectSchema>;
export type Incident = z.infer<typeof IncidentSchema>;
export type Thread = z.infer<typeof ThreadSchema>;

/**
 * An incident without what grows with its traffic (its signals, folded lines and outbox): what listing many
 * incidents at once needs (a storm root's members, `/pleg status`). Stores read summaries when they read many, and
 * whole records only for the few a decision changes, so a storm of a thousand nodes is not a thousand incidents'
 * signals in memory at once. A summary cannot be saved back: the type has no signals to save.
 */
export const IncidentSummarySchema = IncidentSchema.omit({ signals: true, folded: true, pending: true });
export type IncidentSummary = z.infer<typeof IncidentSummarySchema>;

export function summarise(incident: Incident): IncidentSummary {
  const { signals: _signals, folded: _folded, pending: _pending, ...summary } = incident;
  return summary;
}

export function stormKey(cluster: string): string {
  return `${cluster}/*`;
}

/** Raised when another responder updated the incident first: the job is retried against the new state. */
export class IncidentConflict extends Error {}

/**
 * How long a resolved incident is kept (30 days): a re-fire within it finds the incident and reopens its thread
 * (when the policy's reopen window allows); after it, the incident is gone and a re-fire starts a new one. Open
 * incidents are never removed. Both stores honour it (DynamoDB by TTL).
 */
export const RESOLVED_INCIDENT_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Incident state survives restarts behind this port (SQLite embedded/in-cluster, DynamoDB on Lambda). What it
 * reads is bounded by what a decision needs, not by how many incidents are open: whole records by key, and
 * of many incidents only summaries, or the few whole records a query picks (at most `limit`, or those opened
 * within the storm window, read only while no storm is open: as many as the threshold open one).
 */
export interface IncidentStore {
  get(key: string): Promise<Incident | undefined>;
  /** Saves `incident` if the stored version is still `incident.version - 1` (or absent for version 1). */
  put(incident: Incident): Promise<void>;
  /** Open incidents, optionally of one cluster, summarised, oldest first. */
  open(cluster?: string): Promise<IncidentSummary[]>;
  /** The open node incidents of `cluster`, whole: those opened at or after `since` (ISO time), at most `limit`. */
  nodes(cluster: string, options: { since?: string; limit?: number }): Promise<Incident[]>;
  /** The open members of `cluster`'s storm (node incidents whose `storm` is its key), summarised; at most `limit`. */
  members(cluster: string, limit?: number): Promise<IncidentSummary[]>;
  /** The open cluster incidents (storms), whole: one per cluster at most. */
  storms(): Promise<Incident[]>;
}
