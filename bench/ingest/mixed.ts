import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type Measurement, median } from '../benchmark.ts';
import { startChild, stop } from '../child.ts';
import { FULL, payload, TOKEN } from './traffic.ts';

/*
 * Refusing a body must cost no more than accepting one of the same size (issue 24): valid 10-alert webhooks (the
 * probe) are timed while other senders post large bodies, all valid or all schema-invalid, of the same size.
 * The probe's latency with invalid traffic must be no worse than with valid traffic.
 */

const PROBE_CONNECTIONS = 2;
const BACKGROUND_CONNECTIONS = 8;
/** About 260 KB a body, valid or not. */
const BACKGROUND_ALERTS = 600;
const SECONDS = Number(process.env.BENCH_INGEST_MIXED_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_INGEST_MIXED_ROUNDS ?? 3);

type Background = 'none' | 'valid' | 'invalid';

interface Mixed {
  probe: { p50: number; p99: number; rps: number; failed: number };
  background: { rps: number; answered: Record<string, number> };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return autocannon(options);
}

/** `connections` senders of `body(n)` to the Alertmanager route for `seconds`. */
function send(url: string, connections: number, seconds: number, body: (n: number) => string) {
  let n = 0;
  return run({
    url: `${url}/v1/alertmanager`,
    method: 'POST',
    connections,
    duration: seconds,
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
    const [probe, load] = await Promise.all([
      send(url, PROBE_CONNECTIONS, SECONDS, (n) => payload(1_000_000 + n)),
      others &&
        send(url, BACKGROUND_CONNECTIONS, SECONDS, (n) =>
          payload(n, BACKGROUND_ALERTS, others === 'invalid'),
        ),
    ]);
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
    `mixed load: ${PROBE_CONNECTIONS} senders of valid 10-alert webhooks, timed, beside ${BACKGROUND_CONNECTIONS} ` +
      `senders of ${BACKGROUND_ALERTS}-alert bodies (valid ${(sizes.valid / 1000).toFixed(0)} KB, ` +
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
            JSON.stringify(r.background.answered),
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const med = (b: Background, pick: (m: Mixed) => number) => median((results.get(b) ?? []).map(pick));
  const probe = (b: Background) => `${med(b, (m) => m.probe.p50)} / ${med(b, (m) => m.probe.p99)} ms`;
  const p99Ratio =
    med('invalid', (m) => m.probe.p99) /
    Math.max(
      med('valid', (m) => m.probe.p99),
      1,
    );
  const p50Ratio =
    med('invalid', (m) => m.probe.p50) /
    Math.max(
      med('valid', (m) => m.probe.p50),
      1,
    );
  const worse = Math.max(p50Ratio, p99Ratio);
  return [
    { metric: 'mixed: valid probe p50 / p99, alone', value: probe('none') },
    {
      metric: 'mixed: valid probe p50 / p99, beside valid bodies',
      value: `${probe('valid')} (background ${med('valid', (m) => m.background.rps).toFixed(0)} req/s)`,
    },
    {
      metric: 'mixed: valid probe p50 / p99, beside invalid bodies',
      value: `${probe('invalid')} (background ${med('invalid', (m) => m.background.rps).toFixed(0)} req/s)`,
    },
    {
      metric: 'mixed: invalid traffic vs valid traffic (probe latency)',
      value: `p50 ${p50Ratio.toFixed(2)}x, p99 ${p99Ratio.toFixed(2)}x`,
      target: '<= 1x',
      status: worse <= 1 ? 'PASS' : 'MISS',
    },
  ];
}
