import { CoreV1Api, type KubeConfig, type V1Node } from '@kubernetes/client-node';
import type { Missing } from '../schemas/diagnosis.ts';
import { Collection, listPages, type Target, withSignal } from './calls.ts';
import { ageSeconds } from './time.ts';

/** One node's readiness, for telling a storm (many nodes at once) from one sick node. */
export interface NodeReadiness {
  name: string;
  /** The Ready condition's status; `missing` when the node has none (not registered yet). */
  ready: 'True' | 'False' | 'Unknown' | 'missing';
  reason?: string;
  message?: string;
  /** Seconds since the Ready condition's lastHeartbeatTime. */
  heartbeatAgeSeconds?: number;
  /** Seconds since Ready last changed. */
  transitionAgeSeconds?: number;
  unschedulable: boolean;
  /** `key:effect` of the node lifecycle taints (not-ready, unreachable, pressure...). */
  taints: string[];
}

export interface NodeReadinessList {
  nodes: NodeReadiness[];
  summary: { total: number; ready: number; notReady: number; unknown: number };
  /** Set when the list is incomplete or failed. */
  missing: Missing[];
  timings: Record<string, number>;
  calls: number;
}

export interface ReadinessOptions {
  /** Default 5000 ms. */
  budgetMs?: number;
  /** Default min(3000, budgetMs). */
  callTimeoutMs?: number;
  now?: () => Date;
  /** Nodes per page (default 500). */
  pageSize?: number;
}

const TARGET: Target = {
  key: 'nodes',
  what: 'the Ready state of every node (node list)',
  verb: 'list',
  resource: 'nodes',
  group: '',
  fallback: 'kubectl get nodes',
};

function readiness(node: V1Node, now: Date): NodeReadiness {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  const status = ready?.status;
  const heartbeat = ageSeconds(ready?.lastHeartbeatTime, now);
  const transition = ageSeconds(ready?.lastTransitionTime, now);
  return {
    name: node.metadata?.name ?? '',
    ready: status === 'True' || status === 'False' || status === 'Unknown' ? status : 'missing',
    ...(ready?.reason ? { reason: ready.reason } : {}),
    ...(ready?.message ? { message: ready.message } : {}),
    ...(heartbeat !== undefined ? { heartbeatAgeSeconds: heartbeat } : {}),
    ...(transition !== undefined ? { transitionAgeSeconds: transition } : {}),
    unschedulable: node.spec?.unschedulable === true,
    taints: (node.spec?.taints ?? [])
      .filter((t) => t.key.startsWith('node.kubernetes.io/'))
      .map((t) => `${t.key}:${t.effect}`),
  };
}

/** Every node's Ready state and heartbeat age, from one (paginated) list of nodes. */
export async function listNodeReadiness(
  kc: KubeConfig,
  options: ReadinessOptions = {},
): Promise<NodeReadinessList> {
  const now = (options.now ?? (() => new Date()))();
  const budgetMs = options.budgetMs ?? 5000;
  const run = new Collection({
    budgetMs,
    callTimeoutMs: options.callTimeoutMs ?? Math.min(3000, budgetMs),
    server: kc.getCurrentCluster()?.server ?? '',
  });
  const core = kc.makeApiClient(CoreV1Api);
  const listed = await listPages<V1Node>(run, TARGET, (cont, signal) =>
    core.listNode({ limit: options.pageSize ?? 500, _continue: cont }, withSignal(signal)),
  );
  run.finish();
  const nodes = listed.items.map((n) => readiness(n, now)).sort((a, b) => a.name.localeCompare(b.name));
  return {
    nodes,
    summary: {
      total: nodes.length,
      ready: nodes.filter((n) => n.ready === 'True').length,
      notReady: nodes.filter((n) => n.ready === 'False').length,
      unknown: nodes.filter((n) => n.ready === 'Unknown' || n.ready === 'missing').length,
    },
    missing: listed.failure ? [listed.failure.missing] : [],
    timings: run.timings,
    calls: run.calls,
  };
}
