import { sha256Hex } from '../hash.ts';
import { hashedKey } from '../schemas/job.ts';
import {
  type ClusterView,
  type NodeView,
  type Person,
  type RemediationAction,
  type RemediationJob,
  type RemediationPolicy,
  TAKES_OUT,
} from './model.ts';

/**
 * Who may act and what stops an action, as pure functions: each refusal is data that says which rule stopped it
 * and with what numbers, so the thread can say it.
 */

/** Why an action was refused. Every guard has its own, so the refusal names the guard and its numbers. */
export type RemediationRefusal =
  | { why: 'off' }
  | { why: 'not-allowed'; user: string; action: RemediationAction }
  | { why: 'no-incident'; node: string }
  | { why: 'resolved' }
  | { why: 'diagnosis-changed'; shown: string; now: string }
  | { why: 'storm'; nodes: number }
  | { why: 'cluster-unreachable'; reason: string }
  | { why: 'node-missing'; node: string }
  | { why: 'node-not-ready'; node: string; ready: string }
  | { why: 'max-nodes'; unschedulable: readonly string[]; max: number }
  | { why: 'pool-percent'; pool: string; size: number; unschedulable: number; max: number }
  | { why: 'no-replacement'; reason: string }
  | { why: 'own-approval' }
  | { why: 'unknown-job'; job: string }
  | { why: 'not-awaiting'; job: RemediationJob }
  | { why: 'expired'; at: string };

/** The job's dedup key: one job per incident episode, action, node and diagnosis. */
export function remediationDedupKey(
  incidentKey: string,
  episode: number,
  action: RemediationAction,
  node: string,
  fingerprint: string,
): string {
  return hashedKey('remediation', [incidentKey, episode, action, node, fingerprint]);
}

/** The job's short id (12 hex digits), which travels on its Approve button. */
export function remediationJobId(dedupKey: string): string {
  return sha256Hex(dedupKey).slice(0, 12);
}

/** Whether the person is on the action's allow list, by user id or through one of their user groups. */
export function mayAct(policy: RemediationPolicy, action: RemediationAction, person: Person): boolean {
  const allowed = policy.allow[action];
  return allowed.includes(person.user) || person.groups.some((g) => allowed.includes(g));
}

/** The node's pool as the pool guard counts it: its pool label's value, else the whole cluster. */
function poolOf(view: readonly NodeView[], node: NodeView): { name: string; members: readonly NodeView[] } {
  if (node.pool === undefined) return { name: 'the cluster (no pool label)', members: view };
  return { name: node.pool, members: view.filter((n) => n.pool === node.pool) };
}

/**
 * The guards that read the cluster: the node exists (and is Ready, to uncordon), at most `maxNodes` nodes
 * unschedulable at once and at most `maxPoolPercent` of its pool, counting this node as taken out; a Replace needs
 * a way to replace the node. Every guard that fails is listed.
 */
export function clusterGuards(
  action: RemediationAction,
  node: string,
  view: ClusterView,
  policy: RemediationPolicy,
): RemediationRefusal[] {
  if ('unavailable' in view) return [{ why: 'cluster-unreachable', reason: view.unavailable }];
  const self = view.nodes.find((n) => n.name === node);
  if (!self) return [{ why: 'node-missing', node }];
  const refusals: RemediationRefusal[] = [];
  if (action === 'uncordon' && self.ready !== 'True')
    refusals.push({ why: 'node-not-ready', node, ready: self.ready });
  if (TAKES_OUT.has(action)) {
    const others = view.nodes.filter((n) => n.unschedulable && n.name !== node).map((n) => n.name);
    if (others.length + 1 > policy.maxNodes)
      refusals.push({ why: 'max-nodes', unschedulable: others, max: policy.maxNodes });
    const pool = poolOf(view.nodes, self);
    const out = pool.members.filter((n) => n.unschedulable && n.name !== node).length + 1;
    if (out * 100 > policy.maxPoolPercent * pool.members.length)
      refusals.push({
        why: 'pool-percent',
        pool: pool.name,
        size: pool.members.length,
        unschedulable: out,
        max: policy.maxPoolPercent,
      });
  }
  if (action === 'replace' && self.replace.via === 'none')
    refusals.push({ why: 'no-replacement', reason: self.replace.why });
  return refusals;
}
