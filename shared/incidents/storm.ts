import type { Incident } from './model.ts';

export interface StormPolicy {
  /** This many nodes of one cluster going NotReady within `windowMs` is a cluster-wide incident. */
  threshold: number;
  windowMs: number;
}

/** The node incidents of a cluster opened within the window before `now` (the storm's members so far). */
export function recentlyOpened(open: readonly Incident[], now: Date, policy: StormPolicy): Incident[] {
  const since = now.getTime() - policy.windowMs;
  return open.filter((i) => i.kind === 'node' && Date.parse(i.openedAt) >= since);
}

export interface StormAnalysis {
  nodes: number;
  /** Nodes whose kubelet stopped posting status (Ready=Unknown): lost contact with the control plane. */
  unreachable: number;
  /** Nodes reporting Ready=False themselves (kubelet alive, node unhealthy). */
  unhealthy: number;
  /** The most common per-node verdict and how many nodes share it. */
  commonVerdict: { verdict: string; count: number } | undefined;
  /** What many nodes at once points at, in words. */
  reading: string;
}

/**
 * The cluster-wide view. One node NotReady is about that node; many at once is about what they share. Nodes
 * that went Unknown together lost the control plane (network, load balancer, API server); nodes that report
 * NotReady themselves together point at something they all run (a runtime or kernel rollout, shared storage).
 */
export function analyseStorm(members: readonly Incident[]): StormAnalysis {
  let unreachable = 0;
  let unhealthy = 0;
  const verdicts = new Map<string, number>();
  for (const m of members) {
    if (m.ready === 'Unknown' || m.posted?.verdict === 'node_unreachable') unreachable++;
    else if (m.ready === 'False') unhealthy++;
    const verdict = m.posted?.verdict;
    if (verdict && verdict !== 'unknown') verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1);
  }
  const [verdict, count] = [...verdicts].sort((a, b) => b[1] - a[1])[0] ?? [];
  const commonVerdict = verdict && count ? { verdict, count } : undefined;
  const known = unreachable + unhealthy;
  const reading =
    known === 0
      ? 'Many nodes at once points at something they share — the network, the API server or its load balancer, DNS, or a rollout — rather than at each node’s runtime. Check the control plane and the network first.'
      : unreachable >= unhealthy
        ? `${unreachable} of ${known} nodes stopped reporting (Ready=Unknown): the kubelets lost the control plane. Check the API server, its load balancer and the network path from the nodes before touching any node.`
        : `${unhealthy} of ${known} nodes report NotReady themselves: something they all run changed. Check recent runtime, kernel or image rollouts and shared storage before debugging nodes one by one.`;
  return { nodes: members.length, unreachable, unhealthy, commonVerdict, reading };
}
