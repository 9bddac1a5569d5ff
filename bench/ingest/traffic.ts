import { join } from 'node:path';

/*
 * What the ingest benchmarks send, and to which server: Alertmanager webhooks, different for every request so
 * every accepted one stores new jobs, and the full ingest of the Node host on a fresh data directory.
 */

export const TOKEN = 'bench-ingest-token-000000';

export interface Server {
  name: string;
  args: string[];
  env(dataDir: string): Record<string, string>;
}

export const FULL: Server = {
  name: 'pleg-responder ingest',
  args: [join(import.meta.dirname, '..', '..', 'functions', 'node', 'server.ts')],
  env: (dir) => ({ PORT: '0', ROLE: 'ingest', INGEST_TOKEN: TOKEN, DATA_DIR: dir, QUEUE: 'embedded' }),
};

/**
 * Request `n`'s Alertmanager payload of `alerts` alerts. `broken`: the same alerts, about the same size, each with
 * five schema problems (status, start time and three label values of the wrong kind), as a sender with a bug
 * or an attacker sends them.
 */
export function payload(n: number, alerts = 10, broken = false): string {
  const list = Array.from({ length: alerts }, (_, i) =>
    broken ? brokenAlert(n, alerts, i) : alert(n, alerts, i),
  );
  return JSON.stringify({
    receiver: 'pleg-responder',
    status: 'firing',
    alerts: list,
    groupLabels: { alertname: 'KubeNodeNotReady' },
    commonLabels: { alertname: 'KubeNodeNotReady', cluster: 'bench', severity: 'warning' },
    commonAnnotations: { summary: 'Node is not ready.' },
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: '{}:{alertname="KubeNodeNotReady"}',
    truncatedAlerts: 0,
  });
}

function alert(n: number, alerts: number, i: number) {
  const node = `node-${n % 500}-${i}`;
  return {
    status: 'firing',
    labels: { alertname: 'KubeNodeNotReady', cluster: 'bench', node, severity: 'warning' },
    annotations: {
      summary: 'Node is not ready.',
      description: `${node} has been unready for more than 15 minutes.`,
    },
    startsAt: new Date(1_795_000_000_000 + n * 1000).toISOString(),
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus:9090/graph?g0.expr=kube_node_status_condition',
    fingerprint: `${(n * alerts + i).toString(16).padStart(16, '0')}`,
  };
}

/** The valid alert with five problems, its description padded to the valid alert's size. */
function brokenAlert(n: number, alerts: number, i: number) {
  const valid = alert(n, alerts, i);
  const broken = {
    ...valid,
    status: 'firinG',
    labels: { ...valid.labels, cluster: 31_337, node: n * alerts + i, severity: true },
    startsAt: 1_795_000_000_000 + n * 1000,
  };
  const missing = JSON.stringify(valid).length - JSON.stringify(broken).length;
  const description = `${valid.annotations.description}${' '.repeat(Math.max(0, missing))}`;
  return { ...broken, annotations: { ...valid.annotations, description } };
}
