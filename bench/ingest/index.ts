import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { EmbeddedQueue, openStateDb } from '../../shared/queue/embedded.ts';
import type { QueueStats } from '../../shared/queue/port.ts';
import { type Benchmark, type Measurement, median } from '../benchmark.ts';
import { startChild, stop, threadCpu } from '../child.ts';
import { mixedLoad } from './mixed.ts';
import { FULL, payload, type Server, TOKEN } from './traffic.ts';

const CONNECTIONS = 32;
const DURATION_SECONDS = Number(process.env.BENCH_INGEST_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_INGEST_ROUNDS ?? 5);

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

interface Round extends Load {
  /** Server CPU per request by thread group (main; other: GC and libuv helpers). */
  cpuPerRequest: Map<string, number>;
}

async function measure(server: Server, dataDir: string): Promise<Round> {
  const env = server.env(dataDir);
  const { child, url } = await startChild(server.args, env);
  try {
    await load(url, 1); // warm-up: JIT, connection pool, SQLite pages
    const before = threadCpu(child.pid);
    const result = await load(url, DURATION_SECONDS);
    const after = threadCpu(child.pid);
    const requests = Math.max(result.ok + result.errors, 1);
    const cpuPerRequest = new Map([...after].map(([k, v]) => [k, (v - (before.get(k) ?? 0)) / requests]));
    return { ...result, cpuPerRequest };
  } finally {
    await stop(child);
  }
}

const BARE: Server = {
  name: 'bare Hono handler',
  args: [join(import.meta.dirname, 'bare-server.ts')],
  env: () => ({}),
};

function describe(r: Round): string {
  const cpu = [...r.cpuPerRequest]
    .filter(([, us]) => us >= 1)
    .map(([k, us]) => `${k} ${us.toFixed(0)}`)
    .join(', ');
  return `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors; CPU µs/request: ${cpu || 'n/a'}`;
}

/** Jobs stored (queued) and dead-lettered in an embedded queue's directory, as the queue counts them on opening it. */
export async function queueCounts(dir: string): Promise<QueueStats> {
  const db = openStateDb(dir);
  const queue = new EmbeddedQueue({ db, expand: expandWebhook });
  try {
    return await queue.stats();
  } finally {
    await queue.close();
    db.close();
  }
}

function cpuSummary(rounds: readonly Round[]): string {
  const groups = ['main', 'other'].filter((g) => rounds.some((r) => (r.cpuPerRequest.get(g) ?? 0) >= 1));
  if (groups.length === 0) return 'n/a (no /proc)';
  return groups
    .map((g) => `${g} ${median(rounds.map((r) => r.cpuPerRequest.get(g) ?? 0)).toFixed(0)}`)
    .join(', ');
}

export const ingest: Benchmark = {
  name: 'ingest',
  title:
    `10-alert Alertmanager payloads, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_SECONDS} s, ` +
    'medians: full ingest (auth, zod, normalise, durable embedded queue) vs a bare Hono JSON handler; then ' +
    'valid webhooks timed beside valid or invalid bodies of one size',
  async run(log) {
    // BENCH_INGEST_ROUNDS=0 or BENCH_INGEST_MIXED_ROUNDS=0 leaves that part out.
    return [...(ROUNDS > 0 ? await throughput(log) : []), ...(await mixedLoad(log))];
  },
};

/** Full ingest against the bare handler, paired rounds. */
async function throughput(log: (line: string) => void): Promise<Measurement[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pleg-bench-ingest-'));
  const bare: Round[] = [];
  const full: Round[] = [];
  let storedOk = true;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so drift on a shared machine does not favour either side.
      const order = round % 2 ? [BARE, FULL] : [FULL, BARE];
      for (const server of order) {
        const dataDir = join(dir, `round-${round}`);
        const r = await measure(server, dataDir);
        (server === BARE ? bare : full).push(r);
        log(`round ${round}, ${server.name}: ${describe(r)}`);
        if (server === FULL) storedOk &&= r.errors === 0 && (await queueCounts(dataDir)).queued >= r.ok * 10;
        // Checked: gone, so the next rounds do not share the disk with this one's writeback.
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (rounds: Round[], pick: (r: Round) => number) => median(rounds.map(pick));
  // Rounds are pairs measured back to back: the ratio is taken within each pair, then the median of those.
  const paired = (pick: (r: Round) => number) =>
    full.map((r, i) => pick(r) / Math.max(pick(bare[i] ?? r), Number.EPSILON));
  const ratios = paired((r) => r.rps);
  const p99Ratios = paired((r) => Math.max(r.p99, 1));
  const ratio = median(ratios);
  const p99Ratio = median(p99Ratios);
  const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  return [
    { metric: 'bare Hono: throughput', value: `${med(bare, (r) => r.rps).toFixed(0)} req/s` },
    {
      metric: 'bare Hono: latency p50 / p99',
      value: `${med(bare, (r) => r.p50)} / ${med(bare, (r) => r.p99)} ms`,
    },
    { metric: 'bare Hono: server CPU µs/request', value: cpuSummary(bare) },
    {
      metric: 'ingest: throughput',
      value: `${med(full, (r) => r.rps).toFixed(0)} req/s (${(med(full, (r) => r.rps) * 10).toFixed(0)} alerts/s)`,
    },
    {
      metric: 'ingest: latency p50 / p99',
      value: `${med(full, (r) => r.p50)} / ${med(full, (r) => r.p99)} ms`,
    },
    { metric: 'ingest: server CPU µs/request', value: cpuSummary(full) },
    {
      metric: 'throughput ratio (median of rounds)',
      value: `${ratio.toFixed(2)}x (rounds: ${list(ratios)})`,
      target: '>= 0.5x',
      status: ratio >= 0.5 ? 'PASS' : 'MISS',
    },
    {
      metric: 'p99 ratio (median of rounds)',
      value: `${p99Ratio.toFixed(2)}x (rounds: ${list(p99Ratios)})`,
      target: '<= 2x',
      status: p99Ratio <= 2 ? 'PASS' : 'MISS',
    },
    {
      metric: 'alerts durably stored',
      value: storedOk ? 'every accepted alert, every round' : 'some accepted alerts are missing',
      target: 'every accepted alert',
      status: storedOk ? 'OK' : 'MISMATCH',
    },
  ];
}
