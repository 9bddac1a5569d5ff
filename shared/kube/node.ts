import type { V1Lease, V1Node, V1NodeCondition } from '@kubernetes/client-node';
import type { EvidenceBundle, LeaseSummary, LogSource, NodeCondition, Taint } from '../schemas/bundle.ts';
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

/** What the Node object contributes to a bundle. */
export interface NodeEvidence {
  fields: Pick<
    EvidenceBundle,
    'kubeletVersion' | 'containerRuntimeVersion' | 'osImage' | 'kernelVersion' | 'conditions' | 'providerID'
  >;
  ready: NodeCondition | undefined;
  taints: Taint[];
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
      ...(node.spec?.providerID ? { providerID: node.spec.providerID } : {}),
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
