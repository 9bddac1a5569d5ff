import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerHealthRoutes } from '../../functions/ingest/health.ts';
import { silentLogger } from '../../functions/log/port.ts';
import { NodeMetrics } from '../../functions/node/metrics.ts';
import { handleBatch } from '../../functions/respond/consumer.ts';
import { DownstreamStatus } from '../../functions/respond/downstream.ts';
import { meteredChat } from '../../functions/respond/metrics.ts';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import {
  EmbeddedQueue,
  openStateDb,
  readDeadLetters,
  redriveDeadLetters,
  SqliteProcessedStore,
} from '../../shared/queue/embedded.ts';
import { backoffDelay } from '../../shared/retry.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { type Fault, type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { messagesLogger } from '../support/log.ts';
import { sample } from '../support/metrics.ts';
import { alertJob } from '../support/payloads.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';

const TOKEN = 'xoxb-fault-token';
const CHANNEL = 'C0INCIDENTS';
/** Simulated time between two receives of the consumer. */
const ROUND_MS = 10_000;

let fake: SlackFake;
let proxy: FaultProxy;
let dir: string;
let clock: number;

beforeEach(async () => {
  fake = await startSlackFake({ token: TOKEN, channels: [CHANNEL], postIntervalMs: 0 });
  proxy = await startFaultProxy(fake.apiUrl);
  dir = mkdtempSync(join(tmpdir(), 'pleg-faults-'));
  clock = Date.parse('2026-11-21T03:00:00Z');
});
afterEach(async () => {
  await proxy.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function alert(node: string): Job {
  return alertJob(node, { receivedAt: new Date(clock).toISOString() });
}

/**
 * Three incidents arrive while Slack fails in one way for `outageMs` of simulated time (the consumer receiving every
 * 10 s, parked jobs coming back on the backoff), then Slack recovers. Time is compressed: the queue, the incident
 * logic and the fault log run on a test clock; Slack's own waits are cut short by a small maxWaitMs.
 */
async function outage(fault: Fault, outageMs: number) {
  const logs: string[] = [];
  const db = openStateDb(dir);
  // The default attempt limit: a job spending attempts on the outage would be dead-lettered after 5 deliveries.
  const queue = new EmbeddedQueue({ db, expand: expandWebhook, now: () => clock });
  const slack = new SlackChat({ token: TOKEN, slackApiUrl: proxy.url, minIntervalMs: 0, maxWaitMs: 50 });
  const downstream = new DownstreamStatus(messagesLogger(logs), () => clock);
  const metrics = new NodeMetrics({ faults: () => downstream.faults(), transports: ['slack'] });
  const threads = new RespondPipeline({
    store: new SqliteIncidentStore(db),
    chat: meteredChat(slack, 'slack', metrics),
    metrics,
    policy: {
      channel: CHANNEL,
      reopenWindowMs: 3_600_000,
      storm: { threshold: 5, windowMs: 60_000 },
      stormEditIntervalMs: 10_000,
    },
    now: () => new Date(clock),
  });
  const options = {
    visibilityMs: 60_000,
    backoffMs: (tries: number) => backoffDelay(tries),
    downstream,
    metrics,
    log: messagesLogger(logs),
  };
  const deps = { handler: threads, processed: new SqliteProcessedStore(db) };
  const nodes = ['node-a', 'node-b', 'node-c'];
  await proxy.set(fault);
  await queue.enqueue(nodes.map(alert));
  const run = async (ms: number, until?: () => Promise<boolean>) => {
    for (let t = 0; t < ms; t += ROUND_MS) {
      const received = await queue.receive(10, 0);
      if (received.deliveries.length > 0) await handleBatch(queue, received, deps, options);
      if (until && (await until())) return;
      clock += ROUND_MS;
    }
  };
  const up = async () => sample(await metrics.exposition(), 'pleg_downstream_up{transport="slack"}');
  const upBefore = await up();
  await run(outageMs);
  const duringOutage = { roots: fake.messages(CHANNEL).length, logs: logs.length, up: await up() };
  await proxy.set('none');
  // Back: within the longest backoff (5 minutes) every kept job is delivered again.
  await run(10 * 60_000, async () => (await queue.stats()).queued === 0);
  const stats = await queue.stats();
  const dead = readDeadLetters(db);
  await queue.close();
  db.close();
  return {
    upBefore,
    duringOutage,
    upAfter: await up(),
    metrics: await metrics.exposition(),
    stats,
    dead,
    logs,
    nodes,
  };
}

describe.each<Fault>(['refuse', 'reset', 'http500', 'ratelimit', 'invalid_auth'])(
  'Slack %s: accepted work is never lost',
  (fault) => {
    it.each([
      ['60 s', 60_000],
      ['10 minutes', 600_000],
    ])(
      'for %s, then every incident is posted exactly once, root and diagnosis reply',
      async (_name, ms) => {
        const r = await outage(fault, ms);
        expect(r.duringOutage.roots).toBe(0);
        expect(r.dead).toEqual([]);
        expect(r.stats).toEqual({ queued: 0, deadLetters: 0, oldestJobAgeSeconds: 0 });
        // /metrics tells the same story: Slack down while it was, up after; jobs kept, none dead-lettered.
        expect([r.upBefore, r.duringOutage.up, r.upAfter]).toEqual([1, 0, 1]);
        expect(sample(r.metrics, 'pleg_jobs_retried_total{reason="outage"}')).toBeGreaterThan(0);
        expect(sample(r.metrics, 'pleg_jobs_retried_total{reason="failure"}')).toBeUndefined();
        expect(sample(r.metrics, 'pleg_jobs_dead_lettered_total{reason="attempts"}')).toBeUndefined();
        const refused = fault === 'invalid_auth' ? 'misconfigured' : 'unavailable';
        expect(
          sample(r.metrics, `pleg_chat_requests_total{transport="slack",method="post",outcome="${refused}"}`),
        ).toBeGreaterThan(0);
        expect(
          sample(r.metrics, 'pleg_chat_requests_total{transport="slack",method="post",outcome="ok"}'),
        ).toBe(6);
        const roots = fake.messages(CHANNEL);
        expect(roots.map((m) => r.nodes.find((n) => m.text.includes(n))).sort()).toEqual(r.nodes);
        for (const root of roots) expect(fake.replies(CHANNEL, root.ts)).toHaveLength(1);
        // Said when it started, at most once a minute while it lasted, and when it ended; never "will retry".
        const faultLines = r.logs.filter((l) => l.startsWith('slack '));
        expect(faultLines.length).toBeGreaterThanOrEqual(2);
        expect(faultLines.length).toBeLessThanOrEqual(2 + ms / 60_000);
        expect(faultLines.at(-1)).toMatch(/^slack answers again after/);
        expect(r.logs.some((l) => l.includes('will retry') || l.includes('dead-lettered'))).toBe(false);
        if (fault === 'invalid_auth')
          expect(faultLines[0]).toMatch(/refuses the responder's configuration \(invalid_auth\)/);
        else expect(faultLines[0]).toMatch(/^slack is unavailable/);
      },
      60_000,
    );
  },
);

describe('a failure of the job itself', () => {
  it('spends attempts and is dead-lettered with its reason, which is said', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook, now: () => clock, maxAttempts: 2 });
    const logs: string[] = [];
    const failing = {
      handle: async () => {
        throw new Error('cannot render this incident');
      },
    };
    const options = {
      visibilityMs: 60_000,
      backoffMs: () => 0,
      downstream: new DownstreamStatus(messagesLogger(logs), () => clock),
      log: messagesLogger(logs),
    };
    await queue.enqueue([alert('node-x')]);
    for (let i = 0; i < 3; i++)
      await handleBatch(
        queue,
        await queue.receive(10, 0),
        { handler: failing, processed: new SqliteProcessedStore(db) },
        options,
      );
    expect(logs).toEqual([
      'job failed (delivery 1), will retry: cannot render this incident',
      'job dead-lettered after 2 deliveries: cannot render this incident (pleg-responder dead-letters lists it)',
    ]);
    expect(readDeadLetters(db).map((d) => d.reason)).toEqual(['cannot render this incident']);
    await queue.close();
    db.close();
  });
});

describe('/readyz', () => {
  it('lists a downstream fault without failing readiness: the queue still stores work', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    const status = new DownstreamStatus(silentLogger, () => clock);
    const app = new Hono();
    registerHealthRoutes(app, queue, () => status.faults());
    expect(await (await app.request('/readyz')).json()).toEqual({ status: 'ready' });
    const revoked = { transport: 'slack', fault: 'misconfigured', code: 'token_revoked' } as const;
    status.failed(revoked, ['alert:a', 'alert:b', 'alert:c']);
    // The same jobs tried again (and one more) are still the jobs that wait: counted once each.
    status.failed(revoked, ['alert:a', 'alert:b', 'alert:c', 'alert:d']);
    const answer = await app.request('/readyz');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: 'ready',
      downstream: [
        {
          transport: 'slack',
          fault: 'misconfigured',
          code: 'token_revoked',
          since: '2026-11-21T03:00:00.000Z',
          keptJobs: 4,
        },
      ],
    });
    status.recovered();
    expect(await (await app.request('/readyz')).json()).toEqual({ status: 'ready' });
    await queue.close();
    db.close();
  });
});

describe('redriveDeadLetters', () => {
  it('puts dead letters back as fresh jobs that are delivered and handled', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook, now: () => clock, maxAttempts: 1 });
    await queue.enqueue([alert('node-r')]);
    const first = await queue.receive(10, 0);
    expect(await queue.retry(first.deliveries[0]?.receipt ?? '', 0, 'renderer bug')).toBe('dead-lettered');
    expect(readDeadLetters(db)).toHaveLength(1);
    expect(redriveDeadLetters(db, clock)).toBe(1);
    expect(readDeadLetters(db)).toEqual([]);
    const again = await queue.receive(10, 0);
    expect(again.deliveries.map((d) => [d.job.dedupKey, d.attempts])).toEqual([['alert:node-r', 1]]);
    await queue.ack(again.deliveries.map((d) => d.receipt));
    expect(await queue.stats()).toEqual({ queued: 0, deadLetters: 0, oldestJobAgeSeconds: 0 });
    await queue.close();
    db.close();
  });
});
