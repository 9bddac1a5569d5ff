import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleBatch } from '../../functions/respond/consumer.ts';
import { IncidentThreads, type ThreadPolicy } from '../../functions/respond/threads.ts';
import type { ChatMessage, ChatPort } from '../../shared/chat/port.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { EmbeddedQueue, openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';

const TOKEN = 'xoxb-scenario-token';
const CHANNEL = 'C0INCIDENTS';

let fake: SlackFake;
let dir: string;
let clock: number;
const now = () => new Date(clock);
const policy: ThreadPolicy = {
  channel: CHANNEL,
  reopenWindowMs: 60 * 60_000,
  storm: { threshold: 5, windowMs: 60_000 },
  stormEditIntervalMs: 10_000,
};

beforeEach(async () => {
  fake = await startSlackFake({ token: TOKEN, channels: [CHANNEL], postIntervalMs: 20 });
  dir = mkdtempSync(join(tmpdir(), 'pleg-scenario-'));
  clock = Date.parse('2026-11-21T03:00:00Z');
});
afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function slack(options: { maxWaitMs?: number } = {}) {
  return new SlackChat({
    token: TOKEN,
    slackApiUrl: fake.apiUrl,
    minIntervalMs: 20,
    maxWaitMs: options.maxWaitMs ?? 5000,
  });
}

function threads(chat: ChatPort = slack(), db = openStateDb(dir)) {
  return { db, threads: new IncidentThreads({ store: new SqliteIncidentStore(db), chat, policy, now }) };
}

let seq = 0;
function alert(
  node: string,
  status: 'firing' | 'resolved' = 'firing',
  alertname = 'KubeNodeNotReady',
  extra: Record<string, string> = {},
): Job {
  seq += 1;
  return {
    kind: 'alert',
    dedupKey: `alert:${node}:${alertname}:${status}:${seq}`,
    cluster: 'prod',
    node,
    receivedAt: now().toISOString(),
    alert: {
      status,
      labels: { alertname, node, cluster: 'prod', ...extra },
      annotations: { description: `${node} is not ready` },
      startsAt: '2026-11-21T02:59:00Z',
      fingerprint: `${node}-${alertname}`,
    },
    groupKey: '{}:{}',
    externalURL: 'http://alertmanager:9093',
  };
}

function bundle(node: string, logs: Record<string, string>): Job {
  seq += 1;
  return {
    kind: 'bundle',
    dedupKey: `bundle:${node}:${seq}`,
    cluster: 'prod',
    node,
    receivedAt: now().toISOString(),
    bundle: { node, logs },
  };
}

const EMFILE =
  'Nov 21 03:00:01 n dockerd[1120]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s';
const PLEG =
  'Nov 21 03:00:02 n kubelet[1893]: E1121 03:00:02.000001 1893 kubelet.go:2081] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m20s ago; threshold is 3m0s"';

const posts = () => fake.calls.filter((c) => c.method === 'chat.postMessage' && c.status === 200);
const updates = () => fake.calls.filter((c) => c.method === 'chat.update' && c.status === 200);
const textOf = (blocks: unknown) => JSON.stringify(blocks);

describe('incident threads in Slack', () => {
  it('fire → thread; more evidence → root edited and one reply; nothing new → counter only; resolve; re-fire → same thread', async () => {
    const { threads: t } = threads();
    await t.handle('prod', 'worker-7', [alert('worker-7')]);
    const roots = fake.messages(CHANNEL);
    expect(roots).toHaveLength(1);
    const root = roots[0]?.ts ?? '';
    expect(textOf(roots[0]?.blocks)).toContain('worker-7 NotReady');
    expect(fake.replies(CHANNEL, root)).toHaveLength(1); // the reasoning, with what to collect

    clock += 60_000;
    await t.handle('prod', 'worker-7', [bundle('worker-7', { dockerd: EMFILE, kubelet: PLEG })]);
    expect(fake.messages(CHANNEL)).toHaveLength(1);
    expect(fake.replies(CHANNEL, root)).toHaveLength(2);
    expect(textOf(fake.replies(CHANNEL, root)[1]?.blocks)).toContain('descriptors');
    expect(textOf(fake.messages(CHANNEL)[0]?.blocks)).toContain('File descriptors or inotify exhausted');

    const before = posts().length;
    clock += 60_000;
    await t.handle('prod', 'worker-7', [alert('worker-7')]);
    expect(posts().length).toBe(before); // nothing new, nothing posted
    expect(textOf(fake.messages(CHANNEL)[0]?.blocks)).toContain('1 repeated signal');

    clock += 5 * 60_000;
    await t.handle('prod', 'worker-7', [alert('worker-7', 'resolved')]);
    const replies = fake.replies(CHANNEL, root);
    expect(replies.at(-1)?.text).toContain('Ready again after 7m');
    expect(textOf(fake.messages(CHANNEL)[0]?.blocks)).toContain('recovered');

    clock += 10 * 60_000;
    await t.handle('prod', 'worker-7', [alert('worker-7')]);
    expect(fake.messages(CHANNEL)).toHaveLength(1); // the same thread, reopened
    expect(textOf(fake.replies(CHANNEL, root).at(-1)?.blocks)).toContain('episode 2');
  });

  it('folds downstream alerts into the node thread, one line each', async () => {
    const { threads: t } = threads();
    await t.handle('prod', 'worker-1', [alert('worker-1')]);
    const root = fake.messages(CHANNEL)[0]?.ts ?? '';
    await t.handle('prod', 'worker-1', [
      alert('worker-1', 'firing', 'KubePodNotReady', { namespace: 'shop', pod: 'web-1' }),
      alert('worker-1', 'firing', 'KubeDaemonSetRolloutStuck', {
        namespace: 'kube-system',
        daemonset: 'fluentd',
      }),
    ]);
    expect(fake.messages(CHANNEL)).toHaveLength(1);
    const folded = fake.replies(CHANNEL, root).at(-1);
    expect(folded?.text).toContain('2 downstream alert(s)');
    expect(textOf(folded?.blocks)).toContain('KubePodNotReady shop/web-1');
  });

  it('500 nodes NotReady within 60 s become one cluster thread, not 500', async () => {
    const { threads: t } = threads();
    for (let i = 0; i < 500; i++) {
      clock += 100;
      await t.handle('prod', `node-${i}`, [alert(`node-${i}`)]);
    }
    await t.idle();
    const roots = fake.messages(CHANNEL);
    const storm = roots.find((m) => textOf(m.blocks).includes('nodes NotReady within 60 s'));
    expect(storm).toBeDefined();
    expect(roots.length).toBeLessThanOrEqual(policy.storm.threshold); // the first few own threads + the storm
    expect(textOf(storm?.blocks)).toContain('500 nodes NotReady');
    expect(posts().length + updates().length).toBeLessThan(30);
  }, 60_000);

  it('a burst received as one batch opens the cluster thread first, counting the whole batch', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db });
    const { threads: t } = threads(slack(), db);
    const nodes = Array.from({ length: 8 }, (_, i) => `node-${i}`);
    for (const n of nodes) await queue.enqueue([alert(n)]);
    const deps = { handler: t, processed: new SqliteProcessedStore(db) };
    const options = { visibilityMs: 60_000, backoffMs: () => 0, log: () => {} };
    await handleBatch(queue, await queue.receive(10, 0), deps, options);
    const roots = fake.messages(CHANNEL);
    expect(roots).toHaveLength(1); // no node thread before the storm's
    expect(posts()[0]?.text).toBe('8 nodes NotReady in prod: likely cluster-wide');
    expect(textOf(roots[0]?.blocks)).toContain(nodes.map((n) => `\`${n}\``).join(', '));
    // The members' findings joined after the root was posted: the root is edited with them once the interval allows.
    expect(updates()).toHaveLength(0);
    clock += policy.stormEditIntervalMs;
    await t.idle();
    expect(updates()).toHaveLength(1);
    await queue.close();
  });

  it('a chat outage loses nothing and posts every incident once when Slack is back', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, maxAttempts: 50 });
    const { threads: t } = threads(slack({ maxWaitMs: 200 }), db);
    const deps = { handler: t, processed: new SqliteProcessedStore(db) };
    const logs: string[] = [];
    const options = {
      batchSize: 10,
      waitMs: 0,
      visibilityMs: 60_000,
      backoffMs: () => 0,
      log: (m: string) => logs.push(m),
    };
    fake.outage(true);
    await queue.enqueue(['a', 'b', 'c'].map((n) => alert(`node-${n}`)));
    for (let i = 0; i < 3; i++) await handleBatch(queue, await queue.receive(10, 0), deps, options);
    expect(posts()).toHaveLength(0);
    expect(logs.filter((l) => l.includes('will retry'))).toHaveLength(9);
    expect((await queue.stats()).queued).toBe(3); // still there, waiting
    fake.outage(false);
    for (let i = 0; i < 3 && (await queue.stats()).queued > 0; i++)
      await handleBatch(queue, await queue.receive(10, 0), deps, options);
    expect(
      fake
        .messages(CHANNEL)
        .map((m) => m.text)
        .sort(),
    ).toEqual([
      expect.stringContaining('node-a'),
      expect.stringContaining('node-b'),
      expect.stringContaining('node-c'),
    ]);
    await queue.close();
  });

  it('a failure between the root and its reply does not post the root twice on retry', async () => {
    const real = slack();
    let calls = 0;
    const flaky: ChatPort = {
      post: async (channel: string, message: ChatMessage, threadTs?: string) => {
        calls += 1;
        if (calls === 2) throw new Error('connection reset');
        return real.post(channel, message, threadTs);
      },
      update: (channel, ts, message) => real.update(channel, ts, message),
      respond: (url, message, ephemeral) => real.respond(url, message, ephemeral),
    };
    const { threads: t } = threads(flaky);
    const job = alert('worker-9');
    await expect(t.handle('prod', 'worker-9', [job])).rejects.toThrow('connection reset');
    await t.handle('prod', 'worker-9', [job]); // the redelivery
    expect(fake.messages(CHANNEL)).toHaveLength(1);
  });
});

describe('people in the thread', () => {
  function chat(
    action: 'acknowledge' | 'other-runtime' | 'status' | 'rediagnose',
    node: string,
    threadTs?: string,
    responseUrl?: string,
  ): Job {
    seq += 1;
    return {
      kind: 'chat',
      dedupKey: `chat:${seq}`,
      cluster: 'prod',
      node,
      receivedAt: now().toISOString(),
      request: { action },
      reply: { channel: CHANNEL, threadTs, responseUrl, user: 'U0ONCALL' },
    };
  }

  it('acknowledge records who and says so; other-runtime shows the other commands; status lists open incidents', async () => {
    const { threads: t } = threads();
    await t.handle('prod', 'worker-2', [
      bundle('worker-2', { dockerd: EMFILE, kubelet: PLEG }),
      alert('worker-2'),
    ]);
    const root = fake.messages(CHANNEL)[0]?.ts ?? '';
    await t.handle('prod', 'worker-2', [chat('acknowledge', 'worker-2', root)]);
    expect(textOf(fake.replies(CHANNEL, root).at(-1)?.blocks)).toContain('Acknowledged by <@U0ONCALL>');
    expect(textOf(fake.messages(CHANNEL)[0]?.blocks)).not.toContain('"action_id":"acknowledge"');
    await t.handle('prod', 'worker-2', [chat('other-runtime', 'worker-2', root)]);
    expect(textOf(fake.replies(CHANNEL, root).at(-1)?.blocks)).toContain('pidof containerd');
    const url = fake.responseUrl();
    await t.handle('prod', '', [chat('status', '', undefined, url)]);
    expect(JSON.stringify(fake.responses(url))).toContain('worker-2');
  });

  it('a pasted kubectl describe node and journal line are read for what they say: the node, its runtime', async () => {
    const { threads: t } = threads();
    const describeNode = readFileSync(
      join(import.meta.dirname, '..', 'fixtures', 'paste', 'describe-node.txt'),
      'utf8',
    );
    const journal =
      'Nov 23 03:04:27 ip-10-0-3-17 kubelet[1893]: E1123 03:04:27.118180    1893 remote_runtime.go:407] "ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"';
    seq += 1;
    await t.handle('prod', '', [
      {
        kind: 'chat',
        dedupKey: `chat:${seq}`,
        cluster: 'prod',
        node: '',
        receivedAt: now().toISOString(),
        request: { action: 'diagnose-text', text: `${describeNode}\n${journal}` },
        reply: { channel: CHANNEL, user: 'U0ONCALL' },
      },
    ]);
    const answer = textOf(fake.messages(CHANNEL).at(-1)?.blocks);
    expect(answer).toContain('Diagnosis of the pasted log');
    expect(answer).toContain("kubectl describe node 'ip-10-0-3-17.eu-west-1.compute.internal'");
    expect(answer).toContain('crictl');
  });
});
