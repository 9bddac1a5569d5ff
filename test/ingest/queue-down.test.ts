import { SQSClient } from '@aws-sdk/client-sqs';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createIngestApp, type IngestDeps } from '../../functions/ingest/app.ts';
import { IngestCounters } from '../../functions/ingest/counters.ts';
import type { Queue } from '../../shared/queue/port.ts';
import { SqsQueue } from '../../shared/queue/sqs.ts';
import { BrokenQueue } from '../support/broken-queue.ts';
import { messagesLogger, recordingLogger } from '../support/log.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post, TOKEN } from '../support/server.ts';

// SQS at an address where nothing listens: every enqueue fails the way an outage does.
const client = new SQSClient({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:9',
  credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  maxAttempts: 1,
});
const ingest = (queue: Queue, more: Partial<IngestDeps>) =>
  createIngestApp({
    queue,
    auth: { mode: 'bearer', tokens: { alertmanager: TOKEN, events: TOKEN, bundles: TOKEN } },
    counters: new IngestCounters(),
    defaultCluster: 'default',
    maxBodyBytes: 1 << 20,
    ...more,
  });
const logs: string[] = [];
const app = ingest(new SqsQueue({ client, queueUrl: 'http://127.0.0.1:9/000000000000/jobs' }), {
  log: messagesLogger(logs),
});
let server: ReturnType<typeof serve>;
let url = '';
beforeAll(async () => {
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((r) => server.once('listening', r));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('answers 503 when the queue cannot take the work, so the sender retries', async () => {
  const r = await post(`${url}/v1/alertmanager`, alertmanagerPayload([alert('node-a')]));
  expect(r.status).toBe(503);
  expect(await r.json()).toEqual({ error: 'queue unavailable, retry later', issues: [] });
  expect(logs.join('\n')).toMatch(/enqueue failed: /);
  expect(logs.join('\n')).not.toContain(TOKEN);
});

it('readyz reports the queue unreachable', async () => {
  expect((await fetch(`${url}/readyz`)).status).toBe(503);
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
});

it('metrics answer with the counters; SQS has no queue gauges here (its counts are in CloudWatch)', async () => {
  const r = await fetch(`${url}/metrics`);
  expect(r.status).toBe(200);
  const text = await r.text();
  expect(text).toContain('pleg_ingest_requests_total{route="alertmanager",outcome="queue_unavailable"} 1');
  expect(text).not.toContain('pleg_queue_jobs');
});

it('a queue refusing every request is one line, then one a minute with a count, then one when it takes jobs', async () => {
  const queue = new BrokenQueue();
  const { log, lines } = recordingLogger();
  let clock = Date.parse('2026-11-21T03:00:00Z');
  const refusing = ingest(queue, { log, now: () => new Date(clock) });
  const send = () =>
    refusing.request('/v1/alertmanager', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(alertmanagerPayload([alert('node-a')])),
    });
  // Three minutes of a full disk, a refused request every second.
  for (let s = 0; s < 180; s++, clock += 1000) expect((await send()).status).toBe(503);
  queue.mode = 'ok';
  expect((await send()).status).toBe(202);
  const said = lines.filter((l) => l.message.startsWith('enqueue failed'));
  expect(said).toEqual([
    { level: 'error', message: 'enqueue failed: queue down', fields: { route: 'alertmanager' } },
    {
      level: 'error',
      message: 'enqueue failed for 1m: queue down',
      fields: { route: 'alertmanager', repeats: 60 },
    },
    {
      level: 'error',
      message: 'enqueue failed for 2m: queue down',
      fields: { route: 'alertmanager', repeats: 60 },
    },
    { level: 'info', message: 'enqueue failed: recovered after 3m', fields: { failures: 180 } },
  ]);
  // Each refused request still has its access line, at most 10 a minute (functions/ingest/access-log.ts).
  expect(lines.filter((l) => l.message === 'request failed').length).toBeLessThanOrEqual(40);
});
