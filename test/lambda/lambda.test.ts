import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { handle } from 'hono/aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { slackSignatureHex } from '../../functions/ingest/slack/signature.ts';
import { createLambdaIngest } from '../../functions/lambda/ingest.ts';
import { lambdaResponder, type Requeue, respondToSqsEvent } from '../../functions/lambda/respond.ts';
import { silentLogger } from '../../functions/log/port.ts';
import type { RespondDeps } from '../../functions/respond/respond.ts';
import { encodeJob } from '../../shared/queue/codec.ts';
import { REQUEUES_ATTRIBUTE, type Requeued } from '../../shared/queue/sqs.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { ConsoleTranscript } from '../support/chat.ts';
import { createTable, type Dynalite, startDynalite } from '../support/dynalite.ts';
import { type KubeFake, plegScenario, startKubeFake } from '../support/kube-fake.ts';
import { messagesLogger } from '../support/log.ts';
import { alert, alertJob, alertmanagerPayload } from '../support/payloads.ts';
import { TOKEN } from '../support/server.ts';
import { type SqsEmulator, startSqs } from '../support/sqs.ts';

let sqs: SqsEmulator;
let dynamo: Dynalite;
const dir = mkdtempSync(join(tmpdir(), 'pleg-lambda-'));
beforeAll(async () => {
  sqs = await startSqs();
  dynamo = await startDynalite();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sqs.close();
  await dynamo.close();
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
    messageAttributes: {},
  });
  /** For batches no downstream fault stops: a requeue would be a bug. */
  const noRequeue: Requeue = async () => {
    throw new Error('nothing should be requeued');
  };

  /** The Lambda's own composition with its state table in dynalite. */
  async function responder(env: Record<string, string>, chat: ConsoleTranscript) {
    const client = dynamo.client();
    const table = await createTable(client, 'lambda-respond');
    return lambdaResponder({ STATE_TABLE: table, ...env }, { client, chat });
  }

  /** The responder with chat down for `down` only, for one batch. */
  function flakyFor(deps: RespondDeps, chat: ConsoleTranscript, down: string): RespondDeps {
    return {
      ...deps,
      handler: {
        handle: async (cluster: string, node: string, jobs: readonly Job[]) => {
          chat.outage(node === down);
          try {
            await deps.handler.handle(cluster, node, jobs);
          } finally {
            chat.outage(false);
          }
        },
      },
    };
  }

  it('reports unreadable messages, requeues a job a downstream fault stopped, and never notifies twice', async () => {
    const chat = new ConsoleTranscript();
    const deps = await responder({}, chat);
    const requeued: Array<{ message: Requeued; delayMs: number }> = [];
    const requeue: Requeue = async (message, delayMs) => void requeued.push({ message, delayMs });
    const down = encodeJob(job('node-down'));
    const event = {
      Records: [
        record('m1', encodeJob(job('node-ok'))),
        record('m2', '{"kind":"alert"}'),
        record('m3', down),
      ],
    };
    const logs: string[] = [];
    expect(
      await respondToSqsEvent(event, flakyFor(deps, chat, 'node-down'), messagesLogger(logs), requeue),
    ).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm2' }],
    });
    // The faulted job went back as a new message (SQS deletes this delivery): no receive of the redrive policy spent.
    expect(requeued.map((r) => r.message)).toEqual([{ body: down, requeues: 0 }]);
    expect(requeued[0]?.delayMs).toBeGreaterThan(0);
    const roots = chat.roots();
    expect(roots).toHaveLength(1);
    expect(roots[0]?.shown).toContain('node-ok');
    expect(chat.replies(roots[0]?.ts ?? '')[0]?.shown).toContain('File descriptors or inotify exhausted');
    expect(logs.join('\n')).toMatch(/unreadable job m2/);
    expect(logs.join('\n')).toMatch(/job m3 waits for console: requeued/);
    const calls = chat.calls.length;
    const redelivery = { Records: [record('m1', encodeJob(job('node-ok')), '2')] };
    expect(await respondToSqsEvent(redelivery, deps, silentLogger, noRequeue)).toEqual({
      batchItemFailures: [],
    });
    expect(chat.calls).toHaveLength(calls);
  });

  it('backs a requeued job off by its requeue count, and reports it as failed when the requeue fails', async () => {
    const chat = new ConsoleTranscript();
    const deps = flakyFor(await responder({}, chat), chat, 'node-down');
    const body = encodeJob(job('node-down'));
    const waited = {
      ...record('w1', body),
      messageAttributes: { [REQUEUES_ATTRIBUTE]: { stringValue: '4' } },
    };
    const requeued: Array<{ message: Requeued; delayMs: number }> = [];
    await respondToSqsEvent({ Records: [waited] }, deps, silentLogger, async (message, delayMs) => {
      requeued.push({ message, delayMs });
    });
    expect(requeued[0]?.message.requeues).toBe(4);
    // The fifth try: 16 s nominal, equal jitter → between 8 and 16 s.
    expect(requeued[0]?.delayMs).toBeGreaterThanOrEqual(8000);
    expect(requeued[0]?.delayMs).toBeLessThanOrEqual(16_000);
    const refused: Requeue = async () => {
      throw new Error('AccessDenied');
    };
    expect(await respondToSqsEvent({ Records: [record('w2', body)] }, deps, silentLogger, refused)).toEqual({
      batchItemFailures: [{ itemIdentifier: 'w2' }],
    });
  });

  it('without Slack, prints incident threads to the function log with the whole lifecycle', async () => {
    const lines: string[] = [];
    vi.spyOn(globalThis.console, 'log').mockImplementation((text: string) => void lines.push(text));
    try {
      const client = dynamo.client();
      const deps = lambdaResponder({ STATE_TABLE: await createTable(client, 'lambda-log') }, { client });
      const alert = (n: number): Job => ({
        kind: 'alert',
        dedupKey: `alert:node-log:${n}`,
        cluster: 'prod',
        node: 'node-log',
        receivedAt: '2026-11-21T03:00:00.000Z',
        alert: {
          status: 'firing',
          labels: { alertname: 'KubeNodeNotReady', node: 'node-log' },
          annotations: {},
        },
        groupKey: '{}',
        externalURL: '',
      });
      await respondToSqsEvent(
        { Records: [record('n1', encodeJob(alert(1)))] },
        deps,
        silentLogger,
        noRequeue,
      );
      await respondToSqsEvent(
        { Records: [record('n2', encodeJob(alert(2)))] },
        deps,
        silentLogger,
        noRequeue,
      );
    } finally {
      vi.mocked(globalThis.console.log).mockRestore();
    }
    expect(lines.filter((l) => l.includes('=== thread'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('1 repeated signal(s) with nothing new');
  });

  describe('live evidence (KUBE_*)', () => {
    const NOW = new Date('2026-05-19T03:14:00Z');
    let kube: KubeFake;
    beforeAll(async () => {
      kube = await startKubeFake({ scenario: plegScenario({ now: NOW }) });
    });
    afterAll(async () => {
      await kube.close();
    });

    const notReady = alertJob('node-a', {
      cluster: 'prod-eu',
      dedupKey: 'alert:lambda-live:firing',
      receivedAt: NOW.toISOString(),
    });

    it('reads the node through a packaged kubeconfig (KUBECONFIG + KUBE_CONTEXTS)', async () => {
      vi.stubEnv('KUBECONFIG', kube.writeKubeconfig({ context: 'eu-admin' }));
      const chat = new ConsoleTranscript();
      const deps = await responder({ KUBE_CONTEXTS: 'prod-eu=eu-admin' }, chat);
      const answer = await respondToSqsEvent(
        { Records: [record('k1', encodeJob(notReady))] },
        deps,
        silentLogger,
        noRequeue,
      );
      expect(answer).toEqual({ batchItemFailures: [] });
      expect(kube.requests.some((r) => r.path.includes('/proxy/logs/'))).toBe(true);
      const [root] = chat.roots();
      expect(root?.shown).toContain('File descriptors or inotify exhausted');
      expect(chat.replies(root?.ts ?? '')[0]?.shown).toContain('too many open files');
    });

    it('refuses KUBE_IN_CLUSTER at start-up: a function is not a pod', async () => {
      await expect(responder({ KUBE_IN_CLUSTER: 'true' }, new ConsoleTranscript())).rejects.toThrow(
        /KUBE_IN_CLUSTER: a Lambda function runs outside the cluster and has no ServiceAccount/,
      );
    });

    it('refuses a context the packaged kubeconfig does not have, naming the ones it has', async () => {
      vi.stubEnv('KUBECONFIG', kube.writeKubeconfig({ context: 'eu-admin' }));
      await expect(responder({ KUBE_CONTEXTS: 'prod-eu=us-admin' }, new ConsoleTranscript())).rejects.toThrow(
        'kubeconfig has no context "us-admin" (contexts: eu-admin)',
      );
    });
  });
});
