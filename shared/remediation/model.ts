import { z } from 'zod';

/**
 * Remediation from the incident's thread: what people may ask the responder to do to a node, as data. The
 * decisions (who may, which guard stops it, what is owed) are pure (shared/incidents/decide/remediation.ts); the
 * Kubernetes calls are an adapter's (shared/kube/remediate.ts) behind `RemediationPort`.
 */

export const REMEDIATION_ACTIONS = ['cordon', 'drain', 'replace', 'uncordon'] as const;
export const RemediationActionSchema = z.enum(REMEDIATION_ACTIONS);
export type RemediationAction = z.infer<typeof RemediationActionSchema>;

/** Actions that move workloads or remove the machine: they need a second person's approval (by default). */
export const DISRUPTIVE: ReadonlySet<RemediationAction> = new Set(['drain', 'replace']);

/** Actions that take a node out of service: the cordoned-nodes, pool and storm guards apply to them. */
export const TAKES_OUT: ReadonlySet<RemediationAction> = new Set(['cordon', 'drain', 'replace']);

/** `dry-run`: every decision is made and the API calls are listed and recorded, none is made. */
export const RemediationModeSchema = z.enum(['dry-run', 'on']);
export type RemediationMode = z.infer<typeof RemediationModeSchema>;

export const RemediationStateSchema = z.enum([
  /** Recorded; a second allowed person has not approved it yet (until `expiresAt`). */
  'awaiting-approval',
  /** Approved (or needing no approval): owed to the cluster as the incident's `remediate` effect. */
  'approved',
  'done',
  /** Carried out in part: a drain that PodDisruptionBudgets or pods stuck Terminating held up. */
  'incomplete',
  'failed',
  /** Its approval came too late. */
  'expired',
  /** Dry-run: the calls it would make were listed, none was made. */
  'dry-run',
]);
export type RemediationState = z.infer<typeof RemediationStateSchema>;

/** States in which a job with the same dedup key is the same job: asking again does nothing. */
export const LIVE_STATES: ReadonlySet<RemediationState> = new Set(['awaiting-approval', 'approved', 'done']);

/**
 * One remediation job of an incident: who asked, against which diagnosis, who approved, where it stands. Its
 * `dedupKey` names the job (incident, episode, action, node, diagnosis fingerprint): a second request for the
 * same job, a replayed or redelivered interaction, finds it and does nothing.
 */
export const RemediationJobSchema = z.object({
  /** Short id, on the Approve button: the first 12 hex digits of the dedup key's hash. */
  id: z.string().regex(/^[0-9a-f]{12}$/),
  dedupKey: z.string(),
  action: RemediationActionSchema,
  cluster: z.string(),
  node: z.string(),
  mode: RemediationModeSchema,
  requestedBy: z.string(),
  requestedAt: z.iso.datetime(),
  /** The diagnosis fingerprint the requester saw (the button's, or the incident's when typed). */
  fingerprint: z.string(),
  /** The storm guard was overridden explicitly (`--override-storm`). */
  override: z.boolean().default(false),
  approvals: z.array(z.object({ user: z.string(), at: z.iso.datetime() })).default([]),
  /** An approval after this is refused (awaiting-approval only). */
  expiresAt: z.iso.datetime().optional(),
  state: RemediationStateSchema,
  /** The chat requests (their job dedup keys) that acted on this job: a replay of one of them does nothing. */
  requests: z.array(z.string()).default([]),
  /** The last outcome in a line (for the root and `/pleg status`). */
  outcome: z.string().optional(),
  /** The evidence saved before a Replace (the archive's id). */
  evidence: z.string().optional(),
});
export type RemediationJob = z.infer<typeof RemediationJobSchema>;

/** How many jobs an incident keeps (the newest). */
export const MAX_REMEDIATION_JOBS = 20;

/** Remediation as configured (REMEDIATION_*); absent from the thread policy when REMEDIATION=off. */
export interface RemediationPolicy {
  mode: RemediationMode;
  /** Slack user (U…/W…) or user-group (S…) ids allowed per action; an empty list allows nobody. */
  allow: Readonly<Record<RemediationAction, readonly string[]>>;
  /** People who must say yes to a disruptive action, the requester included: 2 (a second person) or 1. */
  approvers: 1 | 2;
  /** How long a request waits for its approval. */
  approvalTtlMs: number;
  /** At most this many nodes of a cluster unschedulable (cordoned, draining, being replaced) at once. */
  maxNodes: number;
  /** At most this share of a pool's nodes unschedulable at once, in percent. */
  maxPoolPercent: number;
}

/** A person as the allow lists see them: their user id and the listed user groups they belong to. */
export interface Person {
  user: string;
  groups: readonly string[];
}

/** How a node can be replaced, read from its owner references, annotations, labels and provider id. */
export type ReplaceTarget =
  | { via: 'karpenter'; nodeClaim: string }
  | { via: 'cluster-api'; machine: string; namespace: string }
  | { via: 'cloud'; provider: string; group?: string }
  | { via: 'none'; why: string };

/** A node as the guards see it. */
export interface NodeView {
  name: string;
  unschedulable: boolean;
  ready: 'True' | 'False' | 'Unknown';
  /** Its node pool (Karpenter NodePool, managed node group, agent pool…), else undefined. */
  pool?: string;
  replace: ReplaceTarget;
}

/** The cluster's nodes when a request is decided, or why they could not be read. */
export type ClusterView = { nodes: readonly NodeView[] } | { unavailable: string };

/** One Kubernetes API call: made (with its HTTP status), or listed in dry-run. */
export const ApiCallSchema = z.object({
  verb: z.enum(['get', 'list', 'patch', 'create', 'delete']),
  /** `nodes`, `pods/eviction`, `nodeclaims.karpenter.sh`… */
  resource: z.string(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  /** What the call does (`spec.unschedulable=true`). */
  detail: z.string().optional(),
  /** HTTP status; absent in dry-run. */
  status: z.number().int().optional(),
});
export type ApiCall = z.infer<typeof ApiCallSchema>;

/** What carrying out a job did. */
export interface RemediationReport {
  result: 'done' | 'incomplete' | 'failed' | 'dry-run';
  /** Why it failed or stopped, in a line. */
  reason?: string;
  /** Every mutating call made (or, in dry-run, that would be made), in order. */
  calls: ApiCall[];
  drain?: {
    evicted: string[];
    /** Pods whose eviction a PodDisruptionBudget refused (429) until the drain's time ran out. */
    blocked: { pod: string; reason: string }[];
    /** Pods evicted but still there, Terminating, when the drain's time ran out (a wedged runtime). */
    stuck: string[];
    /** Pods a drain leaves: DaemonSet pods and mirror (static) pods. */
    skipped: string[];
  };
  replace?: ReplaceTarget;
}
