import { SQSClient } from '@aws-sdk/client-sqs';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createIngestApp } from '../../functions/ingest/app.ts';
import { IngestCounters } from '../../functions/ingest/counters.ts';
import { SqsQueue } from '../../shared/queue/sqs.ts';
import { messagesLogger } from '../support/log.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post, TOKEN } from '../support/server.ts';

// SQS at an address where nothing listens: every enqueue fails the way an outage does.
const client = new SQSClient({
  region: 'us-east-1',
  endpoint: 'http://127.0.0.1:9',
  credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  maxAttempts: 1,
});
const logs: string[] = [];
const app = createIngestApp({
  queue: new SqsQueue({ client, queueUrl: 'http://127.0.0.1:9/000000000000/jobs' }),
  auth: { mode: 'bearer', tokens: { alertmanager: TOKEN, events: TOKEN, bundles: TOKEN } },
  counters: new IngestCounters(),
  defaultCluster: 'default',
  maxBodyBytes: 1 << 20,
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
  expect(logs.join('\n')).toMatch(/enqueue failed for alertmanager/);
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
