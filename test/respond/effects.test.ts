import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { DynamoIncidentStore } from '../../shared/incidents/dynamodb-store.ts';
import type { IncidentStore } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { createTable, type Dynalite, startDynalite } from '../support/dynalite.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';

const TOKEN = 'xoxb-effects-token';
const CHANNEL = 'C0INCIDENTS';
const KEY = 'prod/node-a';
const policy: ThreadPolicy = {
  channel: CHANNEL,
  reopenWindowMs: 3_600_000,
  storm: { threshold: 5, windowMs: 60_000 },
  stormEditIntervalMs: 10_000,
};
const T0 = Date.parse('2026-11-21T03:00:00Z');

function alert(status: 'firing' | 'resolved', at: number): Job {
  return {
    kind: 'alert',
    dedupKey: `alert:node-a:${status}:${at}`,
    cluster: 'prod',
    node: 'node-a',
    receivedAt: new Date(at).toISOString(),
    alert: {
      status,
      labels: { alertname: 'KubeNodeNotReady', node: 'node-a', cluster: 'prod' },
      annotations: { description: 'node-a is not ready' },
      startsAt: '2026-11-21T02:59:00Z',
      ...(status === 'resolved' ? { endsAt: new Date(at).toISOString() } : {}),
      fingerprint: 'node-a-KubeNodeNotReady',
    },
    groupKey: '{}:{}',
    externalURL: 'http://alertmanager:9093',
  };
}

/** Slack's reply into a thread (a chat.postMessage carrying thread_ts), not the root and not an edit. */
const isReply = (path: string, body: string) =>
  path.endsWith('/chat.postMessage') && /thread_ts=\d|"thread_ts":"\d/.test(body);
const isEdit = (path: string) => path.endsWith('/chat.update');

/** A store that can be "restarted": a fresh store object over the same durable state. */
interface Backend {
  name: string;
  open(): IncidentStore;
  restart(): void;
  close(): Promise<void>;
}

let dynamo: Dynalite;
let dynamoClient: DynamoDBClient;
beforeAll(async () => {
  dynamo = await startDynalite();
  dynamoClient = dynamo.client();
});
afterAll(async () => {
  await dynamo.close();
});

const backends: Array<[string, () => Promise<Backend>]> = [
  [
    'SQLite (a real file, reopened between deliveries)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'pleg-effects-'));
      let db = openStateDb(dir);
      return {
        name: 'sqlite',
        open: () => new SqliteIncidentStore(db),
        restart() {
          db.close();
          db = openStateDb(dir);
        },
        async close() {
          db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'DynamoDB (dynalite, optimistic versions)',
    async () => {
      const table = await createTable(dynamoClient, `state-${Math.random().toString(36).slice(2)}`);
      return {
        name: 'dynamodb',
        open: () => new DynamoIncidentStore({ client: dynamoClient, table, now: () => T0 }),
        restart() {},
        async close() {},
      };
    },
  ],
];

let slack: SlackFake;
let proxy: FaultProxy;
beforeEach(async () => {
  slack = await startSlackFake({ token: TOKEN, channels: [CHANNEL], postIntervalMs: 0 });
  proxy = await startFaultProxy(slack.apiUrl);
});
afterEach(async () => {
  await proxy.close();
  await slack.close();
});

describe.each(backends)('pending chat effects with %s', (_name, make) => {
  let backend: Backend;
  beforeEach(async () => {
    backend = await make();
  });
  afterEach(async () => {
    await backend.close();
  });

  /** A responder as a fresh process would build it: its own store object and Slack client. */
  const responder = (at: number) =>
    new RespondPipeline({
      store: backend.open(),
      chat: new SlackChat({ token: TOKEN, slackApiUrl: proxy.url, minIntervalMs: 0, maxWaitMs: 50 }),
      policy,
      now: () => new Date(at),
    });

  it('a diagnosis reply that failed once after its root is posted on the next delivery, exactly once', async () => {
    const job = alert('firing', T0);
    proxy.aim({ fault: 'http500', match: isReply });
    await expect(responder(T0).handle('prod', 'node-a', [job])).rejects.toThrow(/500/);

    // The root went out and its thread is recorded; the reply is owed, with its id.
    expect(slack.messages(CHANNEL)).toHaveLength(1);
    const [root] = slack.messages(CHANNEL);
    const owed = await backend.open().get(KEY);
    expect(owed?.thread).toEqual({ channel: CHANNEL, ts: root?.ts });
    expect(owed?.pending.map((e) => [e.id, e.kind])).toEqual([['1:2', 'reply']]);

    // The same job delivered again, after a restart.
    backend.restart();
    await responder(T0 + 10_000).handle('prod', 'node-a', [job]);
    expect(slack.messages(CHANNEL)).toHaveLength(1);
    const replies = slack.replies(CHANNEL, root?.ts ?? '');
    expect(replies).toHaveLength(1);
    const owedReply = owed?.pending[0];
    expect(replies[0]?.text).toBe(owedReply?.kind === 'reply' ? owedReply.message.text : 'not a reply');
    expect((await backend.open().get(KEY))?.pending).toEqual([]);
    // Only the failed call was repeated: one root, one reply posted, one 500.
    const posts = slack.calls.filter((c) => c.method === 'chat.postMessage');
    expect(posts.map((c) => (c.thread_ts ? 'reply' : 'root'))).toEqual(['root', 'reply']);
    expect(proxy.aimed).toHaveLength(1);
  });

  it('a root whose post failed is posted with its reply on the next delivery; nothing was said before', async () => {
    const job = alert('firing', T0);
    proxy.aim({
      fault: 'http500',
      match: (path, body) => path.endsWith('/chat.postMessage') && !isReply(path, body),
    });
    await expect(responder(T0).handle('prod', 'node-a', [job])).rejects.toThrow(/500/);
    expect(slack.messages(CHANNEL)).toEqual([]);
    expect((await backend.open().get(KEY))?.pending.map((e) => e.kind)).toEqual(['root', 'reply']);

    backend.restart();
    await responder(T0 + 10_000).handle('prod', 'node-a', [job]);
    const roots = slack.messages(CHANNEL);
    expect(roots).toHaveLength(1);
    expect(slack.replies(CHANNEL, roots[0]?.ts ?? '')).toHaveLength(1);
  });

  it('a resolution whose edit failed: the owed reply is not repeated, the edit is sent once more', async () => {
    await responder(T0).handle('prod', 'node-a', [alert('firing', T0)]);
    const [root] = slack.messages(CHANNEL);
    // Resolving says so in the thread, then edits the root; the edit fails once.
    proxy.aim({ fault: 'http500', match: isEdit });
    const resolved = alert('resolved', T0 + 60_000);
    await expect(responder(T0 + 60_000).handle('prod', 'node-a', [resolved])).rejects.toThrow(/500/);
    expect(slack.replies(CHANNEL, root?.ts ?? '')).toHaveLength(2);
    expect((await backend.open().get(KEY))?.pending.map((e) => e.kind)).toEqual(['edit']);

    backend.restart();
    await responder(T0 + 70_000).handle('prod', 'node-a', [resolved]);
    expect(slack.replies(CHANNEL, root?.ts ?? '')).toHaveLength(2);
    expect(slack.messages(CHANNEL)).toHaveLength(1);
    const stored = await backend.open().get(KEY);
    expect(stored?.state).toBe('resolved');
    expect(stored?.pending).toEqual([]);
    expect(slack.messages(CHANNEL)[0]?.edited).toBe(true);
  });
});
