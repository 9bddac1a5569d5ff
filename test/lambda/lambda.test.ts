import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { handle } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { slackSignatureHex } from '../../functions/ingest/slack-signature.ts';
import { createLambdaIngest } from '../../functions/lambda/ingest.ts';
import { respondToSqsEvent } from '../../functions/lambda/respond.ts';
import { NotifierHandler } from '../../functions/respond/notify-handler.ts';
import type { Notification } from '../../shared/chat/notifier.ts';
import { encodeJob } from '../../shared/queue/codec.ts';
import { openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { TOKEN } from '../support/server.ts';
import { type SqsEmulator, startSqs } from '../support/sqs.ts';

let sqs: SqsEmulator;
const dir = mkdtempSync(join(tmpdir(), 'pleg-lambda-'));
beforeAll(async () => {
  sqs = await startSqs();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sqs.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A function URL request (API Gateway HTTP API payload 2.0), body base64-encoded as Lambda may deliver it. */
function functionUrlEvent(
  path: string,
  body: string,
  headers: Record<string, string>,
): Parameters<ReturnType<typeof handle>>[0] {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'abc.lambda-url.us-east-1.on.aws', ...headers },
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abc',
      domainName: 'abc.lambda-url.us-east-1.on.aws',
      domainPrefix: 'abc',
      http: {
        method: 'POST',
        path,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'Alertmanager/0.25.0',
      },
      requestId: 'r1',
      routeKey: '$default',
      stage: '$default',
      time: '21/Nov/2026:03:00:00 +0000',
      timeEpoch: 1795230000000,
      authentication: null,
      authorizer: {},
    },
    body: Buffer.from(body).toString('base64'),
    isBase64Encoded: true,
  };
}

describe('Lambda ingest (function URL)', () => {
  it('decodes the request, authenticates it and enqueues to SQS', async () => {
    const { url } = await sqs.createQueue('lambda-ingest');
    // On Lambda the SDK takes the execution role's credentials from the environment.
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'x');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'x');
    const app = createLambdaIngest({
      QUEUE: 'sqs',
      SQS_QUEUE_URL: url,
      SQS_ENDPOINT: sqs.endpoint,
      INGEST_TOKEN: TOKEN,
    });
    const handler = handle(app);
    const body = JSON.stringify(alertmanagerPayload([alert('node-l')]));
    const ok = (await handler(
      functionUrlEvent('/v1/alertmanager', body, {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
      }),
    )) as { statusCode: number; body: string };
    expect(ok.statusCode).toBe(202);
    const denied = (await handler(
      functionUrlEvent('/v1/alertmanager', body, { 'content-type': 'application/json' }),
    )) as { statusCode: number };
    expect(denied.statusCode).toBe(401);
    const received = await sqs.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1 }),
    );
    expect(JSON.parse(received.Messages?.[0]?.Body ?? '{}')).toMatchObject({ kind: 'alert', node: 'node-l' });
  });

  it('verifies Slack signatures over the decoded body of a base64 function-URL event', async () => {
    const { url } = await sqs.createQueue('lambda-slack');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'x');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'x');
    const secret = 'lambda-signing-secret-0123';
    const handler = handle(
      createLambdaIngest({
        QUEUE: 'sqs',
        SQS_QUEUE_URL: url,
        SQS_ENDPOINT: sqs.endpoint,
        INGEST_TOKEN: TOKEN,
        SLACK_SIGNING_SECRET: secret,
      }),
    );
    const body = new URLSearchParams({
      command: '/pleg',
      text: 'status',
      channel_id: 'C1',
      user_id: 'U1',
      response_url: 'https://hooks.slack.com/commands/T1/2/y',
      trigger_id: 'trigger-lambda-1',
    }).toString();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `v0=${await slackSignatureHex(secret, timestamp, body)}`;
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
    };
    const bad = (await handler(
      functionUrlEvent('/v1/slack/commands', body, {
        ...headers,
        'x-slack-signature': `v0=${'1'.repeat(64)}`,
      }),
    )) as { statusCode: number };
    expect(bad.statusCode).toBe(401);
    const ok = (await handler(
      functionUrlEvent('/v1/slack/commands', body, { ...headers, 'x-slack-signature': signature }),
    )) as { statusCode: number };
    expect(ok.statusCode).toBe(200);
    const received = await sqs.client.send(
      new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 1 }),
    );
    expect(JSON.parse(received.Messages?.[0]?.Body ?? '{}')).toMatchObject({
      kind: 'chat',
      request: { action: 'status' },
    });
  });

  it('refuses to start without a queue', () => {
    expect(() => createLambdaIngest({ INGEST_TOKEN: TOKEN })).toThrow(/QUEUE=sqs and SQS_QUEUE_URL/);
  });
});

describe('Lambda respond (SQS trigger)', () => {
  const job = (node: string): Job => ({
    kind: 'bundle',
    dedupKey: `bundle:${node}`,
    cluster: 'prod',
    node,
    receivedAt: '2026-11-21T03:00:00.000Z',
    bundle: {
      node,
      logs: {
        dockerd:
          'dockerd[1]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files',
      },
    },
  });
  const record = (id: string, body: string, receiveCount = '1') => ({
    messageId: id,
    body,
    attributes: { ApproximateReceiveCount: receiveCount },
  });

  it('reports only the failed and unreadable messages, and never notifies a redelivered job twice', async () => {
    const sent: Notification[] = [];
    const deps = {
      handler: new NotifierHandler({
        async notify(n: Notification) {
          if (n.node === 'node-down') throw new Error('chat unavailable');
          sent.push(n);
        },
      }),
      processed: new SqliteProcessedStore(openStateDb(join(dir, 'respond'))),
    };
    const event = {
      Records: [
        record('m1', encodeJob(job('node-ok'))),
        record('m2', '{"kind":"alert"}'),
        record('m3', encodeJob(job('node-down'))),
      ],
    };
    const logs: string[] = [];
    expect(await respondToSqsEvent(event, deps, (m) => logs.push(m))).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }],
    });
    expect(sent.map((n) => `${n.node}:${n.diagnosis.verdict}`)).toEqual(['node-ok:fd_exhaustion']);
    expect(logs.join('\n')).toMatch(/unreadable job m2/);
    const redelivery = { Records: [record('m1', encodeJob(job('node-ok')), '2')] };
    expect(await respondToSqsEvent(redelivery, deps, () => {})).toEqual({ batchItemFailures: [] });
    expect(sent).toHaveLength(1);
  });
});
