import { createServer } from 'node:http';

/**
 * A kubelet's `/metrics` as Prometheus scrapes it, for the series pleg-responder's rules read: kubelet_node_name,
 * the PLEG relist duration histogram (default buckets), kubelet_pleg_last_seen_seconds, running containers and
 * pods, and the runtime operation counters. Relists are simulated on a compressed clock (10 per second instead of
 * one, so a 10 s rate window holds enough of them), and every scrape advances the simulation to "now".
 *
 * - healthy: relists take 12 ms; the last successful relist started this second.
 * - slow: relists still finish, but their duration grows ×16 every second from 50 ms to 12 s (the +Inf bucket);
 *   the last successful relist started one duration ago, so its age rises with them.
 * - stuck: no relist finishes: the histogram stops and kubelet_pleg_last_seen_seconds stays where it was while
 *   its age (time() - value) grows — what a runtime call that never returns looks like.
 */
export type KubeletPhase = 'healthy' | 'slow' | 'stuck';

export interface SimulatedKubelet {
  node: string;
  /** `127.0.0.1:PORT`, the scrape target. */
  target: string;
  readonly phase: KubeletPhase;
  setPhase(phase: KubeletPhase): void;
  /** Scrapes served so far. */
  readonly scrapes: number;
  /** The `/metrics` body as of `now` (advances the simulation). */
  metrics(now?: number): string;
  close(): Promise<void>;
}

/** client_golang's DefBuckets, which the kubelet's PLEG histograms use. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const RELISTS_PER_SECOND = 10;
const HEALTHY_SECONDS = 0.012;
const SLOW_START_SECONDS = 0.05;
const SLOW_MAX_SECONDS = 12;

export interface SimulatedKubeletOptions {
  node: string;
  runningContainers?: number;
}

export async function startSimulatedKubelet(options: SimulatedKubeletOptions): Promise<SimulatedKubelet> {
  const counts: number[] = BUCKETS.map(() => 0);
  let infinite = 0;
  let sum = 0;
  let phase: KubeletPhase = 'healthy';
  let phaseSince = Date.now();
  let advancedTo = Date.now();
  let pending = 0;
  let lastSeen = Math.floor(Date.now() / 1000);
  let listCalls = 0;
  let scrapes = 0;

  const durationAt = (at: number): number => {
    if (phase === 'healthy') return HEALTHY_SECONDS;
    const seconds = Math.max(0, at - phaseSince) / 1000;
    return Math.min(SLOW_MAX_SECONDS, SLOW_START_SECONDS * 16 ** seconds);
  };

  function observe(seconds: number): void {
    const index = BUCKETS.findIndex((upper) => seconds <= upper);
    // Buckets are exported cumulatively; store each observation once, in its smallest bucket.
    if (index >= 0) counts[index] = (counts[index] ?? 0) + 1;
    infinite += 1;
    sum += seconds;
    listCalls += 1;
  }

  function advance(now: number): void {
    if (now <= advancedTo) return;
    if (phase !== 'stuck') {
      pending += ((now - advancedTo) / 1000) * RELISTS_PER_SECOND;
      const whole = Math.floor(pending);
      for (let i = 1; i <= whole; i++) observe(durationAt(advancedTo + ((now - advancedTo) * i) / whole));
      pending -= whole;
      // The kubelet exports the start of the last successful relist, in whole seconds, and never moves it back.
      lastSeen = Math.max(lastSeen, Math.floor(now / 1000 - durationAt(now)));
    }
    advancedTo = now;
  }

  function metrics(now = Date.now()): string {
    advance(now);
    let cumulative = 0;
    const buckets = BUCKETS.map((upper, i) => {
      cumulative += counts[i] ?? 0;
      return `kubelet_pleg_relist_duration_seconds_bucket{le="${upper}"} ${cumulative}`;
    });
    const lines = [
      "# HELP kubelet_node_name [ALPHA] The node's name. The count is always 1.",
      '# TYPE kubelet_node_name gauge',
      `kubelet_node_name{node="${options.node}"} 1`,
      '# HELP kubelet_pleg_relist_duration_seconds [ALPHA] Duration in seconds for relisting pods in PLEG.',
      '# TYPE kubelet_pleg_relist_duration_seconds histogram',
      ...buckets,
      `kubelet_pleg_relist_duration_seconds_bucket{le="+Inf"} ${infinite}`,
      `kubelet_pleg_relist_duration_seconds_sum ${sum}`,
      `kubelet_pleg_relist_duration_seconds_count ${infinite}`,
      '# HELP kubelet_pleg_last_seen_seconds [ALPHA] Timestamp in seconds when PLEG was last seen active.',
      '# TYPE kubelet_pleg_last_seen_seconds gauge',
      `kubelet_pleg_last_seen_seconds ${lastSeen}`,
      '# HELP kubelet_running_containers [ALPHA] Number of containers currently running',
      '# TYPE kubelet_running_containers gauge',
      `kubelet_running_containers{container_state="running"} ${options.runningContainers ?? 38}`,
      'kubelet_running_containers{container_state="exited"} 4',
      '# HELP kubelet_running_pods [ALPHA] Number of pods that have a running pod sandbox',
      '# TYPE kubelet_running_pods gauge',
      'kubelet_running_pods 19',
      '# HELP kubelet_runtime_operations_total [ALPHA] Cumulative number of runtime operations by operation type.',
      '# TYPE kubelet_runtime_operations_total counter',
      `kubelet_runtime_operations_total{operation_type="list_podsandbox"} ${listCalls}`,
      `kubelet_runtime_operations_total{operation_type="list_containers"} ${listCalls}`,
      '# HELP kubelet_runtime_operations_errors_total [ALPHA] Cumulative number of runtime operation errors by operation type.',
      '# TYPE kubelet_runtime_operations_errors_total counter',
      'kubelet_runtime_operations_errors_total{operation_type="list_podsandbox"} 0',
      'kubelet_runtime_operations_errors_total{operation_type="list_containers"} 0',
    ];
    return `${lines.join('\n')}\n`;
  }

  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    scrapes += 1;
    res.writeHead(200, { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' }).end(metrics());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    node: options.node,
    target: `127.0.0.1:${port}`,
    get phase() {
      return phase;
    },
    get scrapes() {
      return scrapes;
    },
    setPhase(next) {
      const now = Date.now();
      advance(now);
      phase = next;
      phaseSince = now;
    },
    metrics,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
