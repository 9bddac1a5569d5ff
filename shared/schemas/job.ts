import { z } from 'zod';
import { sha256Hex } from '../hash.ts';
import { RemediationActionSchema } from '../remediation/model.ts';
import { AlertSchema } from './alertmanager.ts';
import { EvidenceBundleSchema } from './bundle.ts';
import { canonicalJson } from './canonical.ts';
import { KubeEventSchema } from './kube-event.ts';

/** What every dedup key the intake derives looks like: its kind and a SHA-256 (see `hashedKey`). */
export const HASHED_KEY = /^[a-z]+:[0-9a-f]{64}$/;

const JobBase = z.object({
  /**
   * Same content, same key: lets the responder skip redeliveries and replays. The intake derives it by hashing
   * (`hashedKey`), so any input that passed its route's schema has a key that fits here.
   */
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
  /** "Silence 2h": an Alertmanager silence for the incident's alerts, this many seconds long (1 min … 30 days). */
  z.object({
    action: z.literal('silence'),
    seconds: z
      .number()
      .int()
      .min(60)
      .max(30 * 86_400),
  }),
  /** "Expire silence": ends the incident's silence now. */
  z.object({ action: z.literal('expire-silence') }),
  /**
   * Cordon, Drain, Replace node, Uncordon (a root button, or `/pleg drain NODE`): `fingerprint` is the diagnosis the
   * button was drawn for (a typed command has none); `override` is `--override-storm`.
   */
  z.object({
    action: z.literal('remediate'),
    what: RemediationActionSchema,
    fingerprint: z.string().max(100).optional(),
    override: z.boolean().default(false),
  }),
  /** "Approve drain": a second person approves the incident's remediation job `job`. */
  z.object({ action: z.literal('approve-remediation'), job: z.string().regex(/^[0-9a-f]{12}$/) }),
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
  JobBase.extend({
    kind: z.literal('chat'),
    request: ChatRequestSchema,
    reply: ChatReplySchema,
    /**
     * A root-message button names its incident by reference (see `INCIDENT_REF`), not by key: the key is as
     * long as the labels it came from, a button value is not. The responder finds the open incident it names.
     */
    incidentRef: z
      .string()
      .regex(/^[0-9a-f]{32}$/)
      .optional(),
  }),
]);
export type Job = z.infer<typeof JobSchema>;

/** The webhook routes of the intake, by name (their schemas and normalisers: `shared/intake/routes.ts`). */
export const WebhookRouteSchema = z.enum(['alertmanager', 'events', 'bundles']);

/**
 * A webhook received and validated at ingest, queued as one job: the responder expands it into the jobs above
 * with the intake's normalisers when it is delivered (`functions/respond/webhook.ts`). Normalising is
 * deterministic, so these fields and the body give the jobs ingest derived (and counted in its answer) again.
 * Queuing the body instead of its jobs keeps the hot path short: no jobs to encode, and a 10-alert webhook is
 * ~30% smaller as sent than as ten jobs.
 */
export const WebhookJobSchema = z.object({
  kind: z.literal('webhook'),
  route: WebhookRouteSchema,
  receivedAt: z.iso.datetime(),
  /** The cluster of items whose labels name none. */
  defaultCluster: z.string(),
  /** The body as a JSON value; its route's schema checks it again on expansion. */
  payload: z.unknown(),
});
export type WebhookJob = z.infer<typeof WebhookJobSchema>;

/**
 * A button value naming an incident: this prefix and the first 32 hex digits of SHA-256 over the incident key
 * (`shared/incidents/incident-ref.ts`). Values posted before it existed hold the key itself (`cluster/node`).
 */
export const INCIDENT_REF = /^incident:([0-9a-f]{32})$/;

/**
 * A dedup key: the kind, then SHA-256 (hex) of the canonical JSON of the parts that identify the input. Fixed
 * length whatever the parts, and never equal to a key of the older formats (those always had at least two
 * colons, or 40 hex digits for bundles).
 */
export function hashedKey(kind: string, parts: readonly unknown[]): string {
  return `${kind}:${sha256Hex(canonicalJson(parts))}`;
}

/** Where all signals about one node (or one cluster, for node-less signals) meet. */
export function incidentKey(job: Pick<Job, 'cluster' | 'node'>): string {
  return `${job.cluster}/${job.node}`;
}
