import { escapeMrkdwn, inlineCode } from '../chat/mrkdwn.ts';
import type { ChatMessage } from '../chat/port.ts';
import type { Incident, IncidentSummary } from '../incidents/model.ts';
import type { ThreadPolicy } from '../incidents/policy.ts';
import { context, header, section } from './blocks.ts';

/*
 * A cluster-wide incident's root: what its members' findings point at together, and the members, each with where
 * its own thread is when it had one before the storm.
 */

const MAX_NODES_LISTED = 60;

/** The link the responder builds to a node's thread: SLACK_ARCHIVE_URL, channel id and message ts. */
const OWN_THREAD_LINK = /^<https:\/\/[^\s<>|]+\/[A-Z0-9]+\/p\d+\|thread>$/;

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
export function analyseStorm(members: readonly IncidentSummary[]): StormAnalysis {
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

/** The storm root: the members' findings, and where members that had a thread of their own can be read. */
export function stormRoot(
  storm: Incident,
  members: readonly IncidentSummary[],
  policy: Pick<ThreadPolicy, 'archiveUrl' | 'storm'>,
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

/** The cluster-level root when many nodes go NotReady together. */
export function stormMessage(
  incident: Incident,
  analysis: StormAnalysis,
  windowSeconds: number,
  now: Date,
  threads: ReadonlyMap<string, string>,
): ChatMessage {
  const nodes = incident.nodes;
  const resolved = incident.state === 'resolved';
  const title = resolved
    ? `✅ ${incident.cluster}: cluster-wide incident over (${nodes.length} nodes)`
    : `⛈ ${nodes.length} nodes NotReady within ${windowSeconds} s — ${incident.cluster}`;
  const listed = nodes.slice(0, MAX_NODES_LISTED).map((n) => {
    const thread = threads.get(n);
    // Our own thread link (`<archive URL|thread>`) stays a link; anything else is text.
    const shown = thread && OWN_THREAD_LINK.test(thread) ? thread : thread && escapeMrkdwn(thread);
    return shown ? `${inlineCode(n)} (${shown})` : inlineCode(n);
  });
  const more = nodes.length - listed.length;
  const common = analysis.commonVerdict
    ? `\n*Most common per-node finding:* ${escapeMrkdwn(analysis.commonVerdict.verdict)} on ${analysis.commonVerdict.count} node(s)`
    : '';
  return {
    text: escapeMrkdwn(`${nodes.length} nodes NotReady in ${incident.cluster}: likely cluster-wide`),
    blocks: [
      header(title, { emoji: true }),
      section(`*Reading:* ${escapeMrkdwn(analysis.reading)}${common}`),
      section(`*Nodes (${nodes.length})*\n${listed.join(', ')}${more > 0 ? ` _…and ${more} more_` : ''}`),
      context(
        escapeMrkdwn(
          `opened ${incident.openedAt.slice(11, 19)}Z · updated ${now.toISOString().slice(11, 19)}Z · per-node threads are not opened during a storm`,
        ),
      ),
    ],
  };
}
