import {
  CoordinationV1Api,
  CoreV1Api,
  type CoreV1Event,
  type KubeConfig,
  type V1Lease,
  type V1Node,
  type V1Pod,
} from '@kubernetes/client-node';
import { isNodeName } from '../diagnosis/commands.ts';
import type { EvidenceBundle, LogSource } from '../schemas/bundle.ts';
import type { Missing } from '../schemas/diagnosis.ts';
import {
  Collection,
  type Failure,
  listPages,
  type Result,
  redact,
  type Target,
  withSignal,
} from './calls.ts';
import { selectEvents } from './events.ts';
import { leaseSummary, nodeEvidence, type RuntimeUnit, runtimeUnit } from './node.ts';
import { summarisePods } from './pods.ts';
import { isEmptyJournal, NODE_LOG_QUERY_HOW, queryNodeLogs, readKubeletMetrics } from './proxy.ts';
import { rfc3339 } from './time.ts';

export { kubeConfigFor } from './config.ts';

/**
 * Assembles an evidence bundle for one node from the Kubernetes API: the Node (conditions, nodeInfo, taints), its
 * Lease, the pods bound to it, recent Events about it and its pods, and through the node proxy the kubelet's
 * metrics and journals (NodeLogQuery). Independent calls run concurrently under one time budget; a call that
 * fails or times out becomes a Missing entry and the bundle is built from the rest.
 */

export interface CollectOptions {
  /** Time for the whole collection; pending calls are abandoned when it runs out (default 5000 ms). */
  budgetMs?: number;
  /** Timeout of each single request (default min(3000, budgetMs)). */
  callTimeoutMs?: number;
  /** Clock for ages and windows (default: the current time). */
  now?: () => Date;
  /** Events and journal lines older than this are left out (default 1 h). */
  eventWindowMs?: number;
  /** Journal lines per unit from NodeLogQuery (default 2000). */
  logTailLines?: number;
  /** Pods per list page (default 100). */
  pageSize?: number;
  /** At most this many events in the bundle, the most recent (default 200). */
  maxEvents?: number;
}

export type CollectOutcome =
  /** A bundle was built (possibly with gaps listed in missing). */
  | 'collected'
  /** The API server has no node of that name: nothing else was collected. */
  | 'node_not_found'
  /** The name is not a DNS-1123 subdomain: no request was made. */
  | 'invalid_node_name'
  /** The API server could not be reached at all. */
  | 'api_unreachable'
  /** The API server refused the credentials: nothing could be read. */
  | 'unauthorized';

export interface NodeEvidenceResult {
  bundle: EvidenceBundle;
  /** What could not be collected, why, and how to get it (also in `bundle.unavailable`). */
  missing: Missing[];
  /** Milliseconds per call (pages added up), and `total`. */
  timings: Record<string, number>;
  outcome: CollectOutcome;
  /** HTTP requests made. */
  calls: number;
}

type RuntimeJournal =
  | { read: false; why: 'node_unread' | 'unknown_runtime' | undefined }
  | { read: true; runtime: RuntimeUnit; result: Result<string> };

const DEFAULT_BUDGET_MS = 5000;
const MAX_CALL_TIMEOUT_MS = 3000;
const DEFAULT_EVENT_WINDOW_MS = 60 * 60 * 1000;
const DEFAULT_TAIL_LINES = 2000;
const DEFAULT_PAGE_SIZE = 100;
const EVENT_PAGE_SIZE = 500;
/** Cluster-wide Warning events are read up to this many pages. */
const MAX_WARNING_PAGES = 4;
const DEFAULT_MAX_EVENTS = 200;

function printable(name: string): string {
  const shown = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  return JSON.stringify(shown);
}

function targets(node: string) {
  const journal = (unit: string): Target => ({
    key: `logs.${unit}`,
    what: `${unit} journal through NodeLogQuery (/api/v1/nodes/${node}/proxy/logs/?query=${unit})`,
    verb: 'get',
    resource: 'nodes/proxy',
    group: '',
    fallback: `journalctl -u ${unit} --since -1h --no-pager on the node`,
    notFound: () => ({
      why: 'NodeLogQuery is not enabled on the kubelet: /logs/ answered 404',
      how: NODE_LOG_QUERY_HOW,
    }),
  });
  return {
    node: {
      key: 'node',
      what: `Node ${node} (conditions, nodeInfo, taints)`,
      verb: 'get',
      resource: 'nodes',
      group: '',
      fallback: `kubectl get node ${node} -o yaml`,
      notFound: () => ({
        why: `node not found: the API server has no node named ${node}`,
        how: 'check the node name and the kubeconfig context (kubectl get nodes)',
      }),
    } satisfies Target,
    lease: {
      key: 'lease',
      what: `kubelet Lease kube-node-lease/${node} (renewTime: is the kubelet alive)`,
      verb: 'get',
      resource: 'leases',
      group: 'coordination.k8s.io',
      fallback: `kubectl get lease -n kube-node-lease ${node} -o jsonpath='{.spec.renewTime}'`,
      notFound: () => ({
        why: `the node has no Lease in kube-node-lease: the kubelet never created one (or the node is being deleted)`,
        how: 'check the kubelet on the node: systemctl status kubelet',
      }),
    } satisfies Target,
    pods: {
      key: 'pods',
      what: `pods on ${node} (counts, CrashLoopBackOff, stuck Terminating)`,
      verb: 'list',
      resource: 'pods',
      group: '',
      fallback: `kubectl get pods -A --field-selector spec.nodeName=${node}`,
    } satisfies Target,
    nodeEvents: {
      key: 'events.node',
      what: `Events about node ${node}`,
      verb: 'list',
      resource: 'events',
      group: '',
      fallback: `kubectl get events -A --field-selector involvedObject.kind=Node,involvedObject.name=${node}`,
    } satisfies Target,
    warnings: {
      key: 'events.warning',
      what: `Warning events about the pods on ${node}`,
      verb: 'list',
      resource: 'events',
      group: '',
      fallback: 'kubectl get events -A --field-selector type=Warning',
    } satisfies Target,
    metrics: {
      key: 'metrics',
      what: `kubelet metrics (/api/v1/nodes/${node}/proxy/metrics)`,
      verb: 'get',
      resource: 'nodes/proxy',
      group: '',
      fallback: `kubectl get --raw /api/v1/nodes/${node}/proxy/metrics`,
    } satisfies Target,
    journal,
  };
}

function missingOf(...results: ({ failure?: Failure } | Result<unknown>)[]): Missing[] {
  const out: Missing[] = [];
  for (const r of results) {
    const failure = 'ok' in r ? (r.ok ? undefined : r.failure) : r.failure;
    if (failure && failure.kind !== 'cancelled') out.push(failure.missing);
  }
  return out;
}

/** Failures that hit every call alike (no route to the API server, credentials refused). */
const CLUSTER_WIDE = /^(?:API server unreachable|unauthorized:)/;

/** When the API server is unreachable or refuses the credentials every call says so: one entry says it for all. */
function collapseClusterWide(missing: Missing[]): Missing[] {
  const same = missing.filter((m) => CLUSTER_WIDE.test(m.why));
  const first = same[0];
  if (!first || same.length < 2) return missing;
  return [
    {
      what: same.map((m) => m.what).join('; '),
      why: first.why,
      how: first.how.replace(/; or by hand: .*$/, ''),
    },
    ...missing.filter((m) => !same.includes(m)),
  ];
}

function result(
  bundle: EvidenceBundle,
  missing: Missing[],
  outcome: CollectOutcome,
  run: Collection | undefined,
): NodeEvidenceResult {
  run?.finish();
  const gaps = collapseClusterWide(missing);
  return {
    bundle: { ...bundle, ...(gaps.length > 0 ? { unavailable: gaps } : {}) },
    missing: gaps,
    timings: run?.timings ?? { total: 0 },
    outcome,
    calls: run?.calls ?? 0,
  };
}

interface Clients {
  core: CoreV1Api;
  coordination: CoordinationV1Api;
  server: string;
}

function clients(kc: KubeConfig): Clients | Missing {
  try {
    return {
      core: kc.makeApiClient(CoreV1Api),
      coordination: kc.makeApiClient(CoordinationV1Api),
      server: kc.getCurrentCluster()?.server ?? '',
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      what: 'everything about the node',
      why: `no usable cluster in the kubeconfig: ${redact(message)}`,
      how: 'check the kubeconfig and its current-context',
    };
  }
}

interface Settings {
  node: string;
  now: Date;
  windowMs: number;
  tailLines: number;
  sinceTime: string | undefined;
  pageSize: number;
  maxEvents: number;
}

/** Starts every call: all at once, except the runtime's journal, which needs the runtime from nodeInfo. */
function startCalls(kc: KubeConfig, api: Clients, run: Collection, s: Settings) {
  const { node, tailLines, sinceTime } = s;
  const t = targets(node);
  const { core, coordination } = api;
  const nodeP = run.call<V1Node>(t.node, (signal) => core.readNode({ name: node }, withSignal(signal)));
  const journal = (unit: string) =>
    run.call<string>(t.journal(unit), (signal) =>
      queryNodeLogs(kc, node, { unit, tailLines, sinceTime }, signal),
    );
  return {
    node: nodeP,
    lease: run.call<V1Lease>(t.lease, (signal) =>
      coordination.readNamespacedLease({ name: node, namespace: 'kube-node-lease' }, withSignal(signal)),
    ),
    pods: listPages<V1Pod>(run, t.pods, (cont, signal) =>
      core.listPodForAllNamespaces(
        { fieldSelector: `spec.nodeName=${node}`, limit: s.pageSize, _continue: cont },
        withSignal(signal),
      ),
    ),
    nodeEvents: listPages<CoreV1Event>(run, t.nodeEvents, (cont, signal) =>
      core.listEventForAllNamespaces(
        {
          fieldSelector: `involvedObject.kind=Node,involvedObject.name=${node}`,
          limit: EVENT_PAGE_SIZE,
          _continue: cont,
        },
        withSignal(signal),
      ),
    ),
    warnings: listPages<CoreV1Event>(
      run,
      t.warnings,
      (cont, signal) =>
        core.listEventForAllNamespaces(
          { fieldSelector: 'type=Warning', limit: EVENT_PAGE_SIZE, _continue: cont },
          withSignal(signal),
        ),
      MAX_WARNING_PAGES,
    ),
    metrics: run.call<string>(t.metrics, (signal) => readKubeletMetrics(core, node, signal)),
    kubeletLog: journal('kubelet'),
    runtimeLog: nodeP.then(async (n): Promise<RuntimeJournal> => {
      if (!n.ok) return { read: false, why: n.failure.kind === 'cancelled' ? undefined : 'node_unread' };
      const runtime = runtimeUnit(n.value.status?.nodeInfo?.containerRuntimeVersion);
      if (!runtime) return { read: false, why: 'unknown_runtime' };
      return { read: true, runtime, result: await journal(runtime.unit) };
    }),
  };
}

type Calls = ReturnType<typeof startCalls>;
type Settled = { [K in keyof Calls]: Awaited<Calls[K]> };

async function settle(calls: Calls): Promise<Settled> {
  const [node, lease, pods, nodeEvents, warnings, metrics, kubeletLog, runtimeLog] = await Promise.all([
    calls.node,
    calls.lease,
    calls.pods,
    calls.nodeEvents,
    calls.warnings,
    calls.metrics,
    calls.kubeletLog,
    calls.runtimeLog,
  ]);
  return { node, lease, pods, nodeEvents, warnings, metrics, kubeletLog, runtimeLog };
}

/** Node failures after which nothing else is worth waiting for. */
const FATAL: Partial<Record<Failure['kind'], CollectOutcome>> = {
  not_found: 'node_not_found',
  unreachable: 'api_unreachable',
  unauthorized: 'unauthorized',
};

/** Collects the evidence bundle of one node. Never throws for API failures: they end up in `missing`. */
export async function collectNodeEvidence(
  kc: KubeConfig,
  cluster: string,
  node: string,
  options: CollectOptions = {},
): Promise<NodeEvidenceResult> {
  const now = (options.now ?? (() => new Date()))();
  if (!isNodeName(node)) {
    const why = `${printable(node)} is not a valid node name (a DNS-1123 subdomain: lowercase letters, digits, '-' and '.', at most 253 characters); no request was made`;
    const how = 'pass the node name exactly as kubectl get nodes prints it';
    return result(
      { cluster },
      [{ what: 'everything about the node', why, how }],
      'invalid_node_name',
      undefined,
    );
  }
  const bundle: EvidenceBundle = { cluster, node, collectedAt: rfc3339(now) };
  const api = clients(kc);
  if ('why' in api) return result(bundle, [api], 'api_unreachable', undefined);
  const budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
  const run = new Collection({
    budgetMs,
    callTimeoutMs: options.callTimeoutMs ?? Math.min(MAX_CALL_TIMEOUT_MS, budgetMs),
    server: api.server,
  });
  const windowMs = options.eventWindowMs ?? DEFAULT_EVENT_WINDOW_MS;
  const settings: Settings = {
    node,
    now,
    windowMs,
    tailLines: options.logTailLines ?? DEFAULT_TAIL_LINES,
    // Whole seconds: the kubelet passes it on to journalctl --since.
    sinceTime: rfc3339(new Date(Math.floor((now.getTime() - windowMs) / 1000) * 1000)),
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    maxEvents: options.maxEvents ?? DEFAULT_MAX_EVENTS,
  };
  const calls = startCalls(kc, api, run, settings);

  const first = await calls.node;
  const fatal = first.ok ? undefined : FATAL[first.failure.kind];
  if (!first.ok && fatal) {
    run.stop();
    const rest = await settle(calls);
    const missing =
      fatal === 'node_not_found'
        ? [first.failure.missing]
        : missingOf(
            first,
            rest.lease,
            rest.pods,
            rest.nodeEvents,
            rest.warnings,
            rest.metrics,
            rest.kubeletLog,
          );
    return result(bundle, missing, fatal, run);
  }
  const missing = assemble(bundle, await settle(calls), settings);
  return result(bundle, missing, 'collected', run);
}

/** Fills the bundle from what the calls returned; returns what is missing. */
function assemble(bundle: EvidenceBundle, r: Settled, s: Settings): Missing[] {
  const missing = missingOf(r.node, r.lease, r.pods, r.nodeEvents, r.warnings, r.metrics);
  const logs: NonNullable<EvidenceBundle['logs']> = {};
  const evidence = r.node.ok ? nodeEvidence(r.node.value) : undefined;
  if (evidence) {
    Object.assign(bundle, evidence.fields);
    if (evidence.taints.length > 0) bundle.taints = evidence.taints;
  }
  if (r.lease.ok) bundle.lease = leaseSummary(r.lease.value, s.now);
  const pods = r.pods.complete
    ? summarisePods(r.pods.items, s.now, evidence?.ready?.status === 'True')
    : undefined;
  if (pods) {
    bundle.counts = { pods: pods.pods, containers: pods.containers };
    bundle.podSummary = {
      pods: pods.pods,
      containers: pods.containers,
      crashLooping: pods.crashLooping,
      terminating: pods.terminating,
      notReady: pods.notReady,
    };
  }
  if (r.nodeEvents.pages > 0 || r.warnings.pages > 0) {
    bundle.events = selectEvents(r.nodeEvents.items, r.warnings.items, {
      node: s.node,
      podKeys: pods?.keys,
      now: s.now,
      windowMs: s.windowMs,
      max: s.maxEvents,
    });
  }
  if (r.warnings.truncated) {
    missing.push({
      what: `Warning events beyond the first ${MAX_WARNING_PAGES * EVENT_PAGE_SIZE} in the cluster`,
      why: 'the cluster holds more Warning events than the collector reads; some about this node may be left out',
      how: `kubectl get events -A --field-selector type=Warning | grep ${s.node}`,
    });
  }
  if (r.metrics.ok) bundle.metrics = r.metrics.value;
  addJournal(logs, missing, 'kubelet', 'kubelet', r.kubeletLog, s);
  addRuntimeJournal(logs, missing, r.runtimeLog, bundle.containerRuntimeVersion, s);
  if (Object.keys(logs).length > 0) bundle.logs = logs;
  return missing;
}

function addRuntimeJournal(
  logs: NonNullable<EvidenceBundle['logs']>,
  missing: Missing[],
  journal: RuntimeJournal,
  runtimeVersion: string | undefined,
  s: Settings,
): void {
  if (journal.read) {
    addJournal(logs, missing, journal.runtime.source, journal.runtime.unit, journal.result, s);
    return;
  }
  if (!journal.why) return;
  missing.push({
    what: 'container runtime journal through NodeLogQuery',
    why:
      journal.why === 'unknown_runtime'
        ? `the node reports a container runtime the collector does not know (${runtimeVersion ?? 'none'})`
        : 'the runtime is not known because the Node object could not be read',
    how: 'journalctl -u containerd (or crio, docker) --since -1h --no-pager on the node',
  });
}

function addJournal(
  logs: NonNullable<EvidenceBundle['logs']>,
  missing: Missing[],
  source: LogSource,
  unit: string,
  read: Result<string>,
  s: Settings,
): void {
  if (!read.ok) {
    missing.push(...missingOf(read));
  } else if (isEmptyJournal(read.value)) {
    missing.push({
      what: `${unit} journal through NodeLogQuery`,
      why: `the kubelet's log query returned no ${unit} entries for the last ${Math.round(s.windowMs / 60000)} min (the unit may log elsewhere, or under another name)`,
      how: `journalctl -u ${unit} --since -1h --no-pager on node ${s.node}`,
    });
  } else {
    logs[source] = read.value;
  }
}
