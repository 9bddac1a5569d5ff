import { stormMessage } from '../../chat/blocks.ts';
import type { ChatMessage } from '../../chat/port.ts';
import { age, newEpisode, touch } from '../episode.ts';
import type { Incident } from '../model.ts';
import type { StormPolicy, ThreadPolicy } from '../policy.ts';
import { type Decision, NOTHING } from './actions.ts';

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

export function stormRootDue(storm: Incident, policy: ThreadPolicy, now: Date): boolean {
  return !storm.thread || age(storm.editedAt ?? storm.openedAt, now) >= policy.stormEditIntervalMs;
}

/** The storm root: the members' findings, and where members that had a thread of their own can be read. */
export function stormRoot(
  storm: Incident,
  members: readonly Incident[],
  policy: ThreadPolicy,
  now: Date,
): ChatMessage {
  const threads = new Map<string, string>();
  for (const m of members) {
    if (!m.thread) continue;
    threads.set(
      m.node,
      policy.archiveUrl
        ? `<${policy.archiveUrl}/${m.thread.channel}/p${m.thread.ts.replace('.', '')}|thread>`
        : `own thread since ${m.openedAt.slice(11, 16)}Z`,
    );
  }
  return stormMessage(storm, analyseStorm(members), policy.storm.windowMs / 1000, now, threads);
}

export const membersOf = (storm: Incident, open: readonly Incident[]) =>
  open.filter((i) => i.storm === storm.key);

/** Replaces (or adds) records by key: the members as they will be once this decision is saved. */
export function overlay(open: readonly Incident[], records: readonly Incident[]): Incident[] {
  const byKey = new Map(open.map((i) => [i.key, i]));
  for (const r of records) byKey.set(r.key, r);
  return [...byKey.values()].filter((i) => i.state === 'open');
}

/** Edits a storm root now if the interval allows, else leaves it stale for a later edit (or the idle pass). */
export function editStorm(
  storm: Incident,
  members: readonly Incident[],
  policy: ThreadPolicy,
  now: Date,
  force: boolean,
): Pick<Decision, 'actions' | 'settled'> {
  if (!storm.thread || (!force && !stormRootDue(storm, policy, now))) return { actions: [], settled: [] };
  return {
    actions: [
      {
        kind: 'edit-root',
        key: storm.key,
        thread: storm.thread,
        message: stormRoot(storm, members, policy, now),
      },
    ],
    settled: [touch(storm, { stale: false, editedAt: now.toISOString() }, now)],
  };
}

/**
 * Opens (or re-opens) the cluster incident with `recent` (node incidents already open) as its members and the
 * `arriving` nodes counted at once, and posts its root.
 */
export function openStorm(
  cluster: string,
  previous: Incident | undefined,
  recent: readonly Incident[],
  arriving: readonly string[],
  policy: ThreadPolicy,
  now: Date,
  joining: readonly Incident[] = [],
): Decision {
  const base = newEpisode(previous, cluster, '', 'cluster', now);
  const storm = touch(
    base,
    { nodes: [...new Set([...recent.map((i) => i.node), ...arriving])], editedAt: now.toISOString() },
    now,
  );
  const members = recent.map((m) => touch(m, { storm: storm.key }, now));
  return {
    next: [storm, ...members, ...joining],
    actions: [
      {
        kind: 'open-thread',
        key: storm.key,
        channel: policy.channel,
        root: stormRoot(storm, [...members, ...joining], policy, now),
      },
    ],
    settled: [],
  };
}

/** A batch's firing nodes of one cluster, with the cluster's storm record and open incidents. */
export interface BurstSituation {
  cluster: string;
  nodes: readonly string[];
  storm?: Incident;
  open: readonly Incident[];
}

/** Whether a batch is big enough to be a storm before anything is read (the common case reads nothing). */
export function mayBeStorm(nodes: readonly string[], policy: ThreadPolicy): boolean {
  return nodes.length >= policy.storm.threshold;
}

/**
 * Many nodes of one cluster arriving in one batch is a storm from the first moment: the cluster thread is
 * opened before any node's, so a burst of a thousand alerts never starts with a handful of node threads.
 */
export function decideBurst(s: BurstSituation, policy: ThreadPolicy, now: Date): Decision {
  if (!mayBeStorm(s.nodes, policy) || s.storm?.state === 'open') return NOTHING;
  const fresh = s.nodes.filter((n) => !s.open.some((i) => i.kind === 'node' && i.node === n));
  const recent = recentlyOpened(s.open, now, policy.storm);
  if (fresh.length + recent.length < policy.storm.threshold) return NOTHING;
  return openStorm(s.cluster, s.storm, recent, fresh, policy, now);
}

/** When the queue is idle: storm roots whose edit was deferred get it now. */
export function decideIdle(open: readonly Incident[], policy: ThreadPolicy, now: Date): Decision {
  const stale = open.filter((i) => i.kind === 'cluster' && i.stale);
  const edits = stale.map((storm) => editStorm(storm, membersOf(storm, open), policy, now, true));
  return { next: [], actions: edits.flatMap((e) => e.actions), settled: edits.flatMap((e) => e.settled) };
}
