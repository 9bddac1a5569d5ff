import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSlackFake } from '../test/support/slack-fake.ts';
import { signedForm, slashCommand } from '../test/support/slack-payloads.ts';
import type { EnvelopeRecord } from '../test/support/slack-socket-mode-fake.ts';
import { type Benchmark, median, percentile } from './benchmark.ts';
import { startChild, stop } from './child.ts';

const REQUESTS = Number(process.env.BENCH_SLACK_REQUESTS ?? 300);
/** Requests in flight at once, either way: a busy incident channel, not a load test. */
const CONCURRENCY = 16;
const SECRET = 'bench-slack-signing-secret-0123';
const APP = 'xapp-1-A0BENCH-1-0123456789abcdef';
const BOT = 'xoxb-bench-slack';
/** Slack's deadline for an answer, HTTP response or Socket Mode ack alike. */
const SLACK_DEADLINE_MS = 3000;

const ms = (v: number) => `${v.toFixed(1)} ms`;

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** `count` requests, `CONCURRENCY` at a time; each one's time to its answer (ms). */
async function pooled(count: number, one: (i: number) => Promise<number>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) times.push(await one(next++));
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return times;
}

export const slackAck: Benchmark = {
  name: 'slack-ack',
  title: `${REQUESTS} × /pleg diagnose over Socket Mode (envelope → ack) vs the signed HTTP route (request → response), same server`,
  async run(log) {
    const dir = mkdtempSync(join(tmpdir(), 'pleg-bench-slack-'));
    const fake = await startSlackFake({ token: BOT, channels: ['C1'], socketMode: { appToken: APP } });
    const slack = fake.socketMode();
    // Ingest alone: the time measured is intake (parse, validate, enqueue with its fsync, answer), nothing after.
    const { child, url } = await startChild(
      [join(import.meta.dirname, '..', 'functions', 'node', 'server.ts')],
      {
        ROLE: 'ingest',
        PORT: '0',
        INGEST_TOKEN: 'bench-slack-ingest-token',
        DATA_DIR: dir,
        SLACK_API_URL: fake.apiUrl,
        SLACK_SIGNING_SECRET: SECRET,
        SLACK_APP_TOKEN: APP,
      },
    );
    try {
      await until(() => slack.hellos() > 0, 10_000);
      const overHttp = await pooled(REQUESTS, async (i) => {
        const request = await signedForm(SECRET, slashCommand(`diagnose http-${i}`));
        const t0 = performance.now();
        const r = await fetch(`${url}/v1/slack/commands`, request);
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`HTTP ${r.status}`);
        return performance.now() - t0;
      });
      const envelopes: EnvelopeRecord[] = [];
      const overSocket = await pooled(REQUESTS, async (i) => {
        const envelope = slack.send('slash_commands', slashCommand(`diagnose socket-${i}`));
        envelopes.push(envelope);
        await until(() => envelope.acked !== undefined, SLACK_DEADLINE_MS * 4);
        return envelope.acked?.afterMs ?? Number.NaN;
      });
      const redelivered = envelopes.filter((e) => e.deliveries.length > 1).length;
      const p99 = percentile(overSocket, 99);
      const httpP99 = percentile(overHttp, 99);
      log(`HTTP: p50 ${ms(median(overHttp))}, p99 ${ms(httpP99)}`);
      log(`Socket Mode: p50 ${ms(median(overSocket))}, p99 ${ms(p99)}; ${redelivered} delivered again`);
      return [
        { metric: 'HTTP response p50 / p99 (baseline)', value: `${ms(median(overHttp))} / ${ms(httpP99)}` },
        { metric: 'Socket Mode ack p50 / p99', value: `${ms(median(overSocket))} / ${ms(p99)}` },
        {
          metric: 'Socket Mode ack p99 within Slack’s 3 s',
          value: ms(p99),
          target: `< ${SLACK_DEADLINE_MS} ms`,
          status: p99 < SLACK_DEADLINE_MS ? 'PASS' : 'MISS',
        },
        {
          metric: 'Socket Mode p99 vs HTTP p99',
          value: `${(p99 / httpP99).toFixed(2)}×`,
          target: '<= 2×',
          status: p99 <= 2 * httpP99 ? 'PASS' : 'MISS',
        },
        {
          metric: 'envelopes acknowledged once, none delivered again',
          value: `${envelopes.filter((e) => e.acked && e.repeatedAcks.length === 0).length} of ${REQUESTS}`,
          status: redelivered === 0 && slack.violations.length === 0 ? 'OK' : 'MISMATCH',
        },
      ];
    } finally {
      await stop(child);
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
