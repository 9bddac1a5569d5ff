import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Measurement, median } from '../benchmark.ts';
import { startChild, stop, threadCpu } from '../child.ts';
import { FULL, payload, TOKEN } from './traffic.ts';

/*
 * Refusing a body must cost no more than accepting one of the same size (issue 24): valid 10-alert webhooks (the
 * probe) are timed while other senders post large bodies at one fixed rate, all valid or all schema-invalid, of
 * the same size. With invalid traffic the probe's latency and the server's CPU must be no worse than with valid.
 */

const PROBE_CONNECTIONS = 2;
/** Probe requests a second: a steady trickle, so the server's CPU is what the background costs it. */
const PROBE_RATE = 20;
const BACKGROUND_CONNECTIONS = 8;
/** About 250 KB a body, valid or not. */
const BACKGROUND_ALERTS = 600;
/** Background requests a second, both kinds: low enough that a loaded 2-core machine accepts every valid one. */
const BACKGROUND_RATE = Number(process.env.BENCH_INGEST_MIXED_RATE ?? 8);
const SECONDS = Number(process.env.BENCH_INGEST_MIXED_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_INGEST_MIXED_ROUNDS ?? 3);

type Background = 'none' | 'valid' | 'invalid';

interface Mixed {
  probe: { p50: number; p99: number; rps: number; failed: number };
  background: { rps: number; answered: Record<string, number> };
  /** Server CPU (all threads) per second of the window, in ms. */
  cpuMsPerSecond: number;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon(options);
}

/** `connections` senders of `body(n)` to the Alertmanager route for `seconds` (at `rate` requests a second). */
function send(url: string, connections: number, seconds: number, body: (n: number) => string, rate?: number) {
  let n = 0;
  return run({
    url: `${url}/v1/alertmanager`,
    method: 'POST',
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: body(++n) }) }],
  });
}

async function measure(background: Background, dataDir: string): Promise<Mixed> {
  const { child, url } = await startChild(FULL.args, FULL.env(dataDir));
  try {
    await send(url, PROBE_CONNECTIONS, 1, (n) => payload(n)); // warm-up
    // Request numbers of their own, so no body repeats another's dedup keys.
    const others = background === 'none' ? undefined : background;
    const before = threadCpu(child.pid);
    const [probe, load] = await Promise.all([
      send(url, PROBE_CONNECTIONS, SECONDS, (n) => payload(1_000_000 + n), PROBE_RATE),
      others &&
        send(
          url,
          BACKGROUND_CONNECTIONS,
          SECONDS,
          (n) => payload(n, BACKGROUND_ALERTS, others === 'invalid'),
          BACKGROUND_RATE,
        ),
    ]);
    const after = threadCpu(child.pid);
    const used = [...after].reduce((sum, [k, v]) => sum + v - (before.get(k) ?? 0), 0);
    return {
      probe: {
        p50: probe.latency.p50,
        p99: probe.latency.p99,
        rps: probe.requests.average,
        failed: probe.non2xx + probe.errors + probe.timeouts,
      },
      background: {
        rps: load?.requests.average ?? 0,
        answered: load ? { '2xx': load['2xx'], '4xx': load['4xx'], errors: load.errors + load.timeouts } : {},
      },
      cpuMsPerSecond: used / 1000 / SECONDS,
    };
  } finally {
    await stop(child);
  }
}

export async function mixedLoad(log: (line: string) => void): Promise<Measurement[]> {
  if (ROUNDS <= 0) return [];
  const sizes = {
    valid: payload(1, BACKGROUND_ALERTS).length,
    invalid: payload(1, BACKGROUND_ALERTS, true).length,
  };
  log(
    `mixed load: ${PROBE_CONNECTIONS} senders of valid 10-alert webhooks at ${PROBE_RATE} req/s, timed, beside ${BACKGROUND_CONNECTIONS} ` +
      `senders of ${BACKGROUND_ALERTS}-alert bodies at ${BACKGROUND_RATE} req/s (valid ${(sizes.valid / 1000).toFixed(0)} KB, ` +
      `invalid ${(sizes.invalid / 1000).toFixed(0)} KB, 5 problems an alert), ${ROUNDS} rounds of ${SECONDS} s`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'pleg-bench-mixed-'));
  const results = new Map<Background, Mixed[]>([
    ['none', []],
    ['valid', []],
    ['invalid', []],
  ]);
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate the order, so drift on a shared machine favours neither kind of traffic.
      const order: Background[] = round % 2 ? ['none', 'valid', 'invalid'] : ['invalid', 'valid', 'none'];
      for (const background of order) {
        const dataDir = join(dir, `round-${round}-${background}`);
        const r = await measure(background, dataDir);
        results.get(background)?.push(r);
        rmSync(dataDir, { recursive: true, force: true });
        log(
          `round ${round}, background ${background}: probe p50 ${r.probe.p50} ms, p99 ${r.probe.p99} ms, ` +
            `${r.probe.rps.toFixed(0)} req/s, ${r.probe.failed} failed; background ${r.background.rps.toFixed(0)} req/s ` +
            `${JSON.stringify(r.background.answered)}; server CPU ${r.cpuMsPerSecond.toFixed(0)} ms/s`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (b: Background, pick: (m: Mixed) => number) => median((results.get(b) ?? []).map(pick));
  const row = (b: Background) =>
    `${med(b, (m) => m.probe.p50)} / ${med(b, (m) => m.probe.p99)} ms; server CPU ${med(b, (m) => m.cpuMsPerSecond).toFixed(0)} ms/s` +
    (b === 'none' ? '' : ` (background ${med(b, (m) => m.background.rps).toFixed(1)} req/s)`);
  const ratio = (pick: (m: Mixed) => number) => med('invalid', pick) / Math.max(med('valid', pick), 1);
  const ratios = {
    p50: ratio((m) => m.probe.p50),
    p99: ratio((m) => m.probe.p99),
    cpu: ratio((m) => m.cpuMsPerSecond),
  };
  const worst = Math.max(ratios.p50, ratios.p99, ratios.cpu);
  return [
    { metric: 'mixed: valid probe p50 / p99, alone', value: row('none') },
    { metric: 'mixed: valid probe p50 / p99, beside valid bodies', value: row('valid') },
    { metric: 'mixed: valid probe p50 / p99, beside invalid bodies', value: row('invalid') },
    {
      metric: 'mixed: invalid traffic vs valid traffic',
      value: `probe p50 ${ratios.p50.toFixed(2)}x, p99 ${ratios.p99.toFixed(2)}x, server CPU ${ratios.cpu.toFixed(2)}x`,
      target: '<= 1x',
      status: worst <= 1 ? 'PASS' : 'MISS',
    },
  ];
}
