import type { NodeView, ReplaceTarget } from './model.ts';

/** What a Node object says about its pool and its owner: the fields read here, nothing else. */
export interface NodeFacts {
  metadata?: {
    name?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: { apiVersion?: string; kind?: string; name?: string }[];
  };
  spec?: { providerID?: string; unschedulable?: boolean };
  status?: { conditions?: { type?: string; status?: string }[] };
}

/** Labels that name a node's pool, most specific first. */
export const POOL_LABELS = [
  'karpenter.sh/nodepool',
  'eks.amazonaws.com/nodegroup',
  'alpha.eksctl.io/nodegroup-name',
  'cloud.google.com/gke-nodepool',
  'kubernetes.azure.com/agentpool',
  'cluster.x-k8s.io/deployment-name',
] as const;

/** Managed node groups whose provider replaces an instance whose Node is gone (auto-repair). */
const MANAGED_GROUPS: Record<string, string> = {
  'eks.amazonaws.com/nodegroup': 'EKS managed node group',
  'cloud.google.com/gke-nodepool': 'GKE node pool',
  'kubernetes.azure.com/agentpool': 'AKS agent pool',
};

/**
 * How a node can be replaced: Karpenter (the Node owned by a NodeClaim), Cluster API (the machine annotation),
 * a managed node group of a cloud provider (provider id and the group's label), or not at all (bare metal,
 * kubeadm, unmanaged instances), with the reason.
 */
export function replaceTargetOf(node: NodeFacts): ReplaceTarget {
  const meta = node.metadata ?? {};
  const claim = (meta.ownerReferences ?? []).find(
    (o) => o.kind === 'NodeClaim' && (o.apiVersion ?? '').startsWith('karpenter.sh/') && o.name,
  );
  if (claim?.name) return { via: 'karpenter', nodeClaim: claim.name };
  const machine = meta.annotations?.['cluster.x-k8s.io/machine'];
  if (machine)
    return {
      via: 'cluster-api',
      machine,
      namespace: meta.annotations?.['cluster.x-k8s.io/cluster-namespace'] ?? 'default',
    };
  const providerID = node.spec?.providerID ?? '';
  const provider = /^([a-z0-9-]+):\/\//.exec(providerID)?.[1];
  const group = Object.keys(MANAGED_GROUPS).find((l) => meta.labels?.[l]);
  if (provider && group)
    return { via: 'cloud', provider: MANAGED_GROUPS[group] ?? provider, group: meta.labels?.[group] };
  if (meta.labels?.['karpenter.sh/nodepool'])
    return { via: 'none', why: 'a Karpenter node without a NodeClaim owner reference' };
  return {
    via: 'none',
    why: provider
      ? `provider ${provider} but no managed node group label (${Object.keys(MANAGED_GROUPS).join(', ')})`
      : 'no Karpenter NodeClaim, no Cluster API Machine and no cloud provider id',
  };
}

export function readyOf(node: NodeFacts): NodeView['ready'] {
  const status = node.status?.conditions?.find((c) => c.type === 'Ready')?.status;
  return status === 'True' || status === 'False' ? status : 'Unknown';
}

/** A Node object as the guards see it. */
export function nodeView(node: NodeFacts): NodeView {
  const labels = node.metadata?.labels ?? {};
  const poolLabel = POOL_LABELS.find((l) => labels[l]);
  return {
    name: node.metadata?.name ?? '',
    unschedulable: node.spec?.unschedulable === true,
    ready: readyOf(node),
    ...(poolLabel ? { pool: `${poolLabel}=${labels[poolLabel]}` } : {}),
    replace: replaceTargetOf(node),
  };
}
