import { z } from 'zod';
import { AlertSchema } from './alertmanager.ts';
import { HostSchema } from './host.ts';
import { KubeEventSchema } from './kube-event.ts';
import {
  MAX_ALERTS,
  MAX_CONDITIONS,
  MAX_EVENTS,
  MAX_UNAVAILABLE,
  stringMap,
  withoutReservedKeys,
} from './limits.ts';

/** A node condition as the API server reports it (times are RFC 3339 strings). */
export const NodeConditionSchema = z.looseObject({
  type: z.string(),
  status: z.string(),
  reason: z.string().nullish(),
  message: z.string().nullish(),
  lastHeartbeatTime: z.string().nullish(),
  lastTransitionTime: z.string().nullish(),
});
export type NodeCondition = z.infer<typeof NodeConditionSchema>;

/** The log sources a bundle can carry; each is raw text (journald short format or bare lines). */
export const LOG_SOURCES = [
  'kubelet',
  'dockerd',
  'containerd',
  'crio',
  'kernel',
  'systemd',
  'other',
] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

const count = z.number().int().nonnegative();

/** The kubelet's Lease in kube-node-lease as the collector read it: is the kubelet still heard from? */
export const LeaseSummarySchema = z.object({
  name: z.string(),
  holderIdentity: z.string().optional(),
  renewTime: z.string().optional(),
  leaseDurationSeconds: z.number().nonnegative(),
  /** Seconds since the last renewal, at collection time. */
  ageSeconds: z.number().optional(),
  /** Renewed within its duration: the kubelet is alive and reaches the API server. */
  fresh: z.boolean(),
});
export type LeaseSummary = z.infer<typeof LeaseSummarySchema>;

/** One pod worth naming in a summary, with a number to order by (restarts, seconds past its deadline...). */
export const PodNoteSchema = z.object({ pod: z.string(), detail: z.string(), weight: z.number() });
export type PodNote = z.infer<typeof PodNoteSchema>;

/** The pods bound to the node as the API server lists them, and the ones in trouble. */
export const PodSummarySchema = z.object({
  pods: count,
  /** Distinct containers per pod (init, regular and ephemeral; from spec and status), summed. */
  containers: count,
  crashLooping: z.array(PodNoteSchema),
  /** Pods past their deletion deadline that the kubelet has not removed. */
  terminating: z.array(PodNoteSchema),
  /** Running pods still Ready=False although the node reports Ready. */
  notReady: z.array(PodNoteSchema),
});
export type PodSummary = z.infer<typeof PodSummarySchema>;

export const TaintSchema = z.object({
  key: z.string(),
  value: z.string().optional(),
  effect: z.string(),
  timeAdded: z.string().optional(),
});
export type Taint = z.infer<typeof TaintSchema>;

/**
 * The evidence bundle: everything known about one node at one moment. Every field is optional, unknown
 * fields are kept (senders add their own), and a wrong type is an error naming its path.
 */
export const EvidenceBundleSchema = z.looseObject({
  cluster: z.string().optional(),
  node: z.string().optional(),
  kubeletVersion: z.string().optional(),
  containerRuntimeVersion: z.string().optional(),
  osImage: z.string().optional(),
  kernelVersion: z.string().optional(),
  /** The Node's spec.providerID (`aws:///eu-west-1a/i-0abc…`): where the cloud can reach the machine (SSM). */
  providerID: z.string().max(512).optional(),
  conditions: z.array(NodeConditionSchema).max(MAX_CONDITIONS).optional(),
  events: z.array(KubeEventSchema).max(MAX_EVENTS).optional(),
  alerts: z.array(AlertSchema).max(MAX_ALERTS).optional(),
  // Any other name is a log too (a paste's `runtime` or `flanneld` section), and like the named ones it is text.
  logs: withoutReservedKeys(
    z.object(Object.fromEntries(LOG_SOURCES.map((s) => [s, z.string().optional()]))).catchall(z.string()),
  ).optional(),
  commandOutputs: stringMap().optional(),
  metrics: z.string().optional(),
  counts: z.looseObject({ pods: count.optional(), containers: count.optional() }).optional(),
  lease: LeaseSummarySchema.optional(),
  podSummary: PodSummarySchema.optional(),
  taints: z.array(TaintSchema).optional(),
  /** What `pleg-responder collect` measured on the node itself (schemas/host.ts). */
  host: HostSchema.optional(),
  /**
   * Evidence the collector tried to get and could not (forbidden, disabled, timed out), and why. Whatever a
   * sender writes here is a report, never advice: `how` is accepted (this project's collector writes it) but no
   * diagnosis shows it; commands come only from this project's own templates.
   */
  unavailable: z
    .array(z.object({ what: z.string(), why: z.string(), how: z.string().optional() }))
    .max(MAX_UNAVAILABLE)
    .optional(),
});
export type EvidenceBundle = z.infer<typeof EvidenceBundleSchema>;

export interface SchemaIssue {
  path: string;
  message: string;
}

/** A key longer than this is shown cut: keys come from the sender and an error reply must stay small. */
const MAX_KEY_SHOWN = 64;
/** A path longer than this keeps its end (the part that names the wrong field). */
const MAX_PATH_SHOWN = 1000;

/** Renders a zod issue path the way people write it: `events[0].count`, `commandOutputs["ps aux"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    const name = String(key).length > MAX_KEY_SHOWN ? `${String(key).slice(0, MAX_KEY_SHOWN)}…` : key;
    if (typeof name === 'number') out += `[${name}]`;
    else if (typeof name === 'string' && /^[A-Za-z_$][\w$]*$/.test(name)) out += out ? `.${name}` : name;
    else out += `[${JSON.stringify(String(name))}]`;
  }
  return out.length > MAX_PATH_SHOWN ? `…${out.slice(-MAX_PATH_SHOWN)}` : out || '(root)';
}

/** An error reply lists at most this many issues (and says how many there were). */
export const MAX_ISSUES_SHOWN = 20;

/** The first {@link MAX_ISSUES_SHOWN} issues (of a ZodError, or a list), described: only those paths are ever formatted. */
export function describeIssues(error: { issues: readonly z.core.$ZodIssue[] }): SchemaIssue[] {
  return error.issues
    .slice(0, MAX_ISSUES_SHOWN)
    .map((issue) => ({ path: formatPath(issue.path), message: issue.message }));
}
