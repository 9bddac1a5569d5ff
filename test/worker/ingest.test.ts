import { env, SELF } from 'cloudflare:test';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { describe, expect, it } from 'vitest';
import { hashedKey, JobSchema } from '../../shared/schemas/job.ts';

const bindings = env as unknown as Record<string, string>;
const TOKEN = bindings.INGEST_TOKEN ?? '';
const sqs = new SQSClient({
  region: 'us-east-1',
  endpoint: bindings.SQS_ENDPOINT,
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`https://ingest.example${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
    body,
  });
}

async function drain(): Promise<unknown[]> {
  const r = await sqs.send(
    new ReceiveMessageCommand({ QueueUrl: bindings.SQS_QUEUE_URL, MaxNumberOfMessages: 10 }),
  );
  for (const m of r.Messages ?? []) {
    await sqs.send(
      new DeleteMessageCommand({ QueueUrl: bindings.SQS_QUEUE_URL, ReceiptHandle: m.ReceiptHandle }),
    );
  }
  return (r.Messages ?? []).map((m) => JSON.parse(m.Body ?? 'null'));
}

const payload = {
  version: '4',
  status: 'firing',
  receiver: 'pleg-responder',
  groupKey: '{}:{node="edge-1"}',
  truncatedAlerts: 0,
  groupLabels: {},
  commonLabels: {},
  commonAnnotations: {},
  externalURL: 'http://alertmanager:9093',
  alerts: [
    {
      status: 'firing',
      labels: { alertname: 'KubeNodeNotReady', node: 'edge-1', cluster: 'edge' },
      annotations: {},
      startsAt: '2026-11-21T03:00:00Z',
      endsAt: '0001-01-01T00:00:00Z',
      fingerprint: 'abcdef0123456789',
    },
  ],
};

describe('the Worker (in workerd)', () => {
  it('runs inside the Workers runtime', () => {
    expect(navigator.userAgent).toBe('Cloudflare-Workers');
  });

  it('enqueues an Alertmanager payload to SQS as a validated job', async () => {
    await drain();
    const r = await post('/v1/alertmanager', JSON.stringify(payload));
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ queued: 1, dropped: [] });
    const [message] = await drain();
    const job = JobSchema.parse(message);
    expect(job).toMatchObject({
      kind: 'alert',
      cluster: 'edge',
      node: 'edge-1',
      dedupKey: await hashedKey('alert', ['abcdef0123456789', 'firing', '2026-11-21T03:00:00Z']),
    });
  });

  it('answers bad input like the Node server', async () => {
    expect(
      (await post('/v1/alertmanager', JSON.stringify(payload), { authorization: 'Bearer nope' })).status,
    ).toBe(401);
    expect((await post('/v1/alertmanager', '{')).status).toBe(400);
    expect((await post('/v1/bundles', '{}', { 'content-type': 'text/plain' })).status).toBe(415);
    expect(
      (await post('/v1/bundles', JSON.stringify({ node: 'n', logs: { other: 'x'.repeat(70_000) } }))).status,
    ).toBe(413);
    const invalid = await post('/v1/bundles', JSON.stringify({ node: 'n', counts: { pods: -1 } }));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { issues: Array<{ path: string }> }).issues[0]?.path).toBe(
      'counts.pods',
    );
    expect(await drain()).toEqual([]);
  });

  it('reports ready when SQS answers', async () => {
    expect((await SELF.fetch('https://ingest.example/readyz')).status).toBe(200);
    expect((await SELF.fetch('https://ingest.example/healthz')).status).toBe(200);
  });
});

describe('Slack requests in the Workers runtime', () => {
  async function signed(body: string, timestamp: string): Promise<string> {
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(bindings.SLACK_SIGNING_SECRET ?? ''),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`v0:${timestamp}:${body}`));
    return `v0=${[...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  }

  it('verifies the signature with Web Crypto and queues a slash command', async () => {
    await drain();
    const body = new URLSearchParams({
      command: '/pleg',
      text: 'diagnose edge-2 edge',
      channel_id: 'C1',
      user_id: 'U1',
      response_url: 'https://hooks.slack.com/commands/T1/1/x',
      trigger_id: 'trigger-worker-1',
    }).toString();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const send = (signature: string) =>
      SELF.fetch('https://ingest.example/v1/slack/commands', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-slack-request-timestamp': timestamp,
          'x-slack-signature': signature,
        },
        body,
      });
    expect((await send(`v0=${'0'.repeat(64)}`)).status).toBe(401);
    const ok = await send(await signed(body, timestamp));
    expect(ok.status).toBe(200);
    const [message] = await drain();
    expect(JobSchema.parse(message)).toMatchObject({
      kind: 'chat',
      node: 'edge-2',
      cluster: 'edge',
      request: { action: 'diagnose-node' },
    });
  });
});
