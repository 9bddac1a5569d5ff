import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import type { Benchmark, Measurement } from '../benchmark.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TOKEN = 'bench-ingest-token-000000';
const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 8);

/** A 10-alert Alertmanager payload, different for every request so every request stores 10 new jobs. */
function payload(n: number): string {
  const alerts = Array.from({ length: 10 }, (_, i) => ({
    status: 'firing',
    labels: {
      alertname: 'KubeNodeNotReady',
      cluster: 'bench',
      node: `node-${n % 500}-${i}`,
      severity: 'warning',
    },
    annotations: {
      summary: 'Node is not ready.',
      description: `node-${n % 500}-${i} has been unready for more than 15 minutes.`,
    },
    startsAt: new Date(1_795_000_000_000 + n * 1000).toISOString(),
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus:9090/graph?g0.expr=kube_node_status_condition',
    fingerprint: `${(n * 10 + i).toString(16).padStart(16, '0')}`,
  }));
  return JSON.stringify({
    receiver: 'pleg-responder',
    status: 'firing',
    alerts,
    groupLabels: { alertname: 'KubeNodeNotReady' },
    commonLabels: { alertname: 'KubeNodeNotReady', cluster: 'bench', severity: 'warning' },
    commonAnnotations: { summary: 'Node is not ready.' },
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: '{}:{alertname="KubeNodeNotReady"}',
    truncatedAlerts: 0,
  });
}

async function startChild(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  const url = await new Promise<string>((resolve, reject) => {
    const look = (d: Buffer) => {
      seen += d;
      const m = /listening on (http:\/\/[\d.:]+)/.exec(seen);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${seen}`)));
  });
  return { child, url };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Load {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
}

async function load(url: string, seconds: number): Promise<Load> {
  let n = 0;
  const result = await autocannon({
    url: `${url}/v1/alertmanager`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          n += 1;
          return { ...request, body: payload(n) };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function measure(
  name: string,
  args: string[],
  env: Record<string, string>,
  log: (l: string) => void,
): Promise<Load> {
  const { child, url } = await startChild(args, env);
  try {
    await load(url, 1); // warm-up: JIT, connection pool, SQLite pages
    const result = await load(url, DURATION_SECONDS);
    log(
      `${name}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.ok} × 2xx, ${result.errors} errors`,
    );
    return result;
  } finally {
    await stop(child);
  }
}

export const ingest: Benchmark = {
  name: 'ingest',
  title: `10-alert Alertmanager payloads, ${CONNECTIONS} connections, ${DURATION_SECONDS} s: full ingest (auth, zod, normalise, durable embedded queue) vs a bare Hono JSON handler`,
  async run(log) {
    const dir = mkdtempSync(join(tmpdir(), 'pleg-bench-ingest-'));
    try {
      const bare = await measure('bare Hono handler', [join(import.meta.dirname, 'bare-server.ts')], {}, log);
      const full = await measure(
        'pleg-responder ingest',
        [join(ROOT, 'functions', 'node', 'server.ts')],
        { PORT: '0', ROLE: 'ingest', INGEST_TOKEN: TOKEN, DATA_DIR: dir, QUEUE: 'embedded' },
        log,
      );
      const db = new DatabaseSync(join(dir, 'state.db'), { readOnly: true });
      const stored = (db.prepare('SELECT pending FROM jobs').all() as Array<{ pending: string }>).reduce(
        (n, r) => n + r.pending.split(',').length,
        0,
      );
      db.close();
      const ratio = full.rps / bare.rps;
      const p99Ratio = full.p99 / Math.max(bare.p99, 1);
      const rows: Measurement[] = [
        { metric: 'bare Hono: throughput', value: `${bare.rps.toFixed(0)} req/s` },
        { metric: 'bare Hono: latency p50 / p99', value: `${bare.p50} / ${bare.p99} ms` },
        {
          metric: 'ingest: throughput',
          value: `${full.rps.toFixed(0)} req/s (${(full.rps * 10).toFixed(0)} alerts/s)`,
        },
        { metric: 'ingest: latency p50 / p99', value: `${full.p50} / ${full.p99} ms` },
        {
          metric: 'throughput ratio',
          value: `${ratio.toFixed(2)}x`,
          target: '>= 0.5x',
          status: ratio >= 0.5 ? 'PASS' : 'MISS',
        },
        {
          metric: 'p99 ratio',
          value: `${p99Ratio.toFixed(2)}x`,
          target: '<= 2x',
          status: p99Ratio <= 2 ? 'PASS' : 'MISS',
        },
        {
          metric: 'jobs durably stored',
          value: `${stored} of ${full.ok * 10} (incl. warm-up)`,
          target: 'every accepted alert',
          status: stored >= full.ok * 10 && full.errors === 0 ? 'OK' : 'MISMATCH',
        },
      ];
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
