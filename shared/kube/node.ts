import type { V1Lease, V1Node, V1NodeCondition } from '@kubernetes/client-node';
import { formatDuration } from '../diagnosis/duration.ts';
import type { EvidenceBundle, LogSource, NodeCondition } from '../schemas/bundle.ts';
import { ageSeconds, rfc3339 } from './time.ts';

/** A node condition with RFC 3339 times, as bundles carry it. */
export function toCondition(c: V1NodeCondition): NodeCondition {
  return {
    type: c.type,
    status: c.status,
    reason: c.reason ?? null,
    message: c.message ?? null,
    lastHeartbeatTime: rfc3339(c.lastHeartbeatTime) ?? null,
    lastTransitionTime: rfc3339(c.lastTransitionTime) ?? null,
  };
}

export interface TaintSummary {
  key: string;
  value?: string;
  effect: string;
  timeAdded?: string;
}

/** What the Node object contributes to a bundle. */
export interface NodeEvidence {
  fields: Pick<
    EvidenceBundle,
    'kubeletVersion' | 'containerRuntimeVersion' | 'osImage' | 'kernelVersion' | 'conditions'
  >;
  ready: NodeCondition | undefined;
  taints: TaintSummary[];
  unschedulable: boolean;
}

export function nodeEvidence(node: V1Node): NodeEvidence {
  const info = node.status?.nodeInfo;
  const conditions = (node.status?.conditions ?? []).map(toCondition);
  return {
    fields: {
      ...(info?.kubeletVersion ? { kubeletVersion: info.kubeletVersion } : {}),
      ...(info?.containerRuntimeVersion ? { containerRuntimeVersion: info.containerRuntimeVersion } : {}),
      ...(info?.osImage ? { osImage: info.osImage } : {}),
      ...(info?.kernelVersion ? { kernelVersion: info.kernelVersion } : {}),
      conditions,
    },
    ready: conditions.find((c) => c.type === 'Ready'),
    taints: (node.spec?.taints ?? []).map((t) => ({
      key: t.key,
      ...(t.value ? { value: t.value } : {}),
      effect: t.effect,
      ...(t.timeAdded ? { timeAdded: rfc3339(t.timeAdded) } : {}),
    })),
    unschedulable: node.spec?.unschedulable === true,
  };
}

/** The taints the node lifecycle controller sets for Ready=False / Ready=Unknown, and the pressure ones. */
const LIFECYCLE_TAINT = /^node\.kubernetes\.io\//;

export function taintLine(node: string, taints: readonly TaintSummary[], now: Date): string | undefined {
  const lifecycle = taints.filter((t) => LIFECYCLE_TAINT.test(t.key));
  if (lifecycle.length === 0) return undefined;
  const parts = lifecycle.map((t) => {
    const age = ageSeconds(t.timeAdded, now);
    return `${t.key}:${t.effect}${age !== undefined ? ` (added ${formatDuration(Math.max(0, age))} ago)` : ''}`;
  });
  return `node ${node} is tainted ${parts.join(', ')}`;
}

/** The journald unit of the node's container runtime, and the bundle log source its journal goes to. */
export interface RuntimeUnit {
  unit: string;
  source: Extract<LogSource, 'containerd' | 'crio' | 'dockerd'>;
}

export function runtimeUnit(containerRuntimeVersion: string | undefined): RuntimeUnit | undefined {
  const v = (containerRuntimeVersion ?? '').toLowerCase();
  if (v.startsWith('containerd')) return { unit: 'containerd', source: 'containerd' };
  if (v.startsWith('cri-o') || v.startsWith('crio')) return { unit: 'crio', source: 'crio' };
  if (v.startsWith('docker')) return { unit: 'docker', source: 'dockerd' };
  return undefined;
}

export interface LeaseSummary {
  name: string;
  holderIdentity?: string;
  renewTime?: string;
  leaseDurationSeconds: number;
  /** Seconds since the last renewal (at collection time). */
  ageSeconds?: number;
  /** Renewed within its duration: the kubelet is alive and reaches the API server. */
  fresh: boolean;
}

/** Default kubelet nodeLeaseDurationSeconds. */
const LEASE_DURATION_SECONDS = 40;

export function leaseSummary(lease: V1Lease, now: Date): LeaseSummary {
  const duration = lease.spec?.leaseDurationSeconds ?? LEASE_DURATION_SECONDS;
  const renewTime = rfc3339(lease.spec?.renewTime);
  const age = ageSeconds(lease.spec?.renewTime, now);
  return {
    name: `${lease.metadata?.namespace ?? 'kube-node-lease'}/${lease.metadata?.name ?? ''}`,
    ...(lease.spec?.holderIdentity ? { holderIdentity: lease.spec.holderIdentity } : {}),
    ...(renewTime ? { renewTime } : {}),
    leaseDurationSeconds: duration,
    ...(age !== undefined ? { ageSeconds: age } : {}),
    fresh: age !== undefined && age <= duration,
  };
}

/**
 * The lease as evidence, in words the engine reads. A lease renewed within its duration while the node
 * controller says Ready=Unknown means the kubelet still reaches the API server but its status updates stopped:
 * the phrase "still connected to the API server" is what the `kubelet.alive_while_unknown` signature recognises.
 * A stale lease while Unknown is the ordinary "kubelet gone or cut off" case (the condition already says so).
 */
export function leaseLine(lease: LeaseSummary, ready: NodeCondition | undefined, now: Date): string {
  const age = lease.ageSeconds;
  const when =
    age === undefined
      ? 'has never been renewed'
      : age < 0
        ? `was renewed at ${lease.renewTime} (in the future by the responder's clock)`
        : `was renewed ${formatDuration(age)} ago (${lease.renewTime})`;
  const head = `kubelet lease ${lease.name} ${when}`;
  const status = ready?.status;
  const since = ageSeconds(ready?.lastTransitionTime, now);
  const sinceText = since !== undefined && since >= 0 ? ` for ${formatDuration(since)}` : '';
  if (status === 'Unknown') {
    return lease.fresh
      ? `${head} while the node has been Ready=Unknown${sinceText}: the kubelet is still connected to the API server and renews its lease, but its node status updates stopped`
      : `${head}, lease duration ${lease.leaseDurationSeconds}s, and the node has been Ready=Unknown${sinceText}: neither lease renewals nor status updates reach the API server, so the kubelet is not running or cannot reach the API server`;
  }
  if (status === 'False') {
    return lease.fresh
      ? `${head} while the node reports Ready=False${sinceText}: the kubelet is alive and reaches the API server; NotReady comes from its own health checks`
      : `${head}, lease duration ${lease.leaseDurationSeconds}s, while the last status says Ready=False: the kubelet has stopped renewing its lease`;
  }
  return lease.fresh
    ? `${head}; the node reports Ready=${status ?? '(no Ready condition)'}`
    : `${head}, lease duration ${lease.leaseDurationSeconds}s, although the node reports Ready=${status ?? '(no Ready condition)'}`;
}
