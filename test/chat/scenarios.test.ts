import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../functions/log/port.ts';
import { handleBatch } from '../../functions/respond/consumer.ts';
import { DownstreamStatus } from '../../functions/respond/downstream.ts';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import type { ChatMessage, ChatPort } from '../../shared/chat/port.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { EmbeddedQueue, openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { ConsoleTranscript } from '../support/chat.ts';
import { messagesLogger } from '../support/log.ts';
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

/** A chat service the scenarios run against, read back the same way whichever it is. */
interface ChatUnderTest {
  chat(options?: { maxWaitMs?: number }): ChatPort;
  /** Top-level messages, each with everything it shows (for the console: the root block and its edits). */
  roots(): Array<{ ts: string; shown: string }>;
  replies(ts: string): Array<{ shown: string }>;
  /** Successful posts and edits. */
  posts(): number;
  updates(): number;
  outage(down: boolean): void;
}

/** Everything a Slack message shows: its fallback text and the text of its blocks. */
const shown = (m: { text: string; blocks?: unknown }) => `${m.text}\n${JSON.stringify(m.blocks)}`;

const slackUnderTest = (): ChatUnderTest => ({
  chat: slack,
  roots: () => fake.messages(CHANNEL).map((m) => ({ ts: m.ts, shown: shown(m) })),
  replies: (ts) => fake.replies(CHANNEL, ts).map((m) => ({ shown: shown(m) })),
  posts: () => posts().length,
  updates: () => updates().length,
  outage: (down) => fake.outage(down),
});

function consoleUnderTest(): ChatUnderTest {
  const transcript = new ConsoleTranscript();
  return {
    chat: () => transcript,
    roots: () => transcript.roots(),
    replies: (ts) => transcript.replies(ts),
    posts: () => transcript.calls.filter((c) => c.method === 'post').length,
    updates: () => transcript.calls.filter((c) => c.method === 'update').length,
    outage: (down) => transcript.outage(down),
  };
}

function threads(chat: ChatPort = slack(), db = openStateDb(dir)) {
  return { db, threads: new RespondPipeline({ store: new SqliteIncidentStore(db), chat, policy, now }) };
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

describe.each([
  { name: 'Slack', start: slackUnderTest },
  { name: 'the console', start: consoleUnderTest },
])('incident threads in $name', ({ start }) => {
  let under: ChatUnderTest;
  beforeEach(() => {
    under = start();
  });

  it('fire → thread; more evidence → root edited and one reply; nothing new → counter only; resolve; re-fire → same thread', async () => {
    const { threads: t } = threads(under.chat());
    await t.handle('prod', 'worker-7', [alert('worker-7')]);
    const roots = under.roots();
    expect(roots).toHaveLength(1);
    const root = roots[0]?.ts ?? '';
    expect(roots[0]?.shown).toContain('worker-7 NotReady');
    expect(under.replies(root)).toHaveLength(1); // the reasoning, with what to collect

    clock += 60_000;
    await t.handle('prod', 'worker-7', [bundle('worker-7', { dockerd: EMFILE, kubelet: PLEG })]);
    expect(under.roots()).toHaveLength(1);
    expect(under.replies(root)).toHaveLength(2);
    expect(under.replies(root)[1]?.shown).toContain('descriptors');
    expect(under.roots()[0]?.shown).toContain('File descriptors or inotify exhausted');

    const before = under.posts();
    clock += 60_000;
    await t.handle('prod', 'worker-7', [alert('worker-7')]);
    expect(under.posts()).toBe(before); // nothing new, nothing posted
    expect(under.roots()[0]?.shown).toContain('1 repeated signal');

    clock += 5 * 60_000;
    await t.handle('prod', 'worker-7', [alert('worker-7', 'resolved')]);
    const replies = under.replies(root);
    // Counted from the alert's startsAt (02:59), a minute before the responder opened the incident.
    expect(replies.at(-1)?.shown).toContain('Ready again after 8m');
    expect(under.roots()[0]?.shown).toContain('recovered');

    clock += 10 * 60_000;
    await t.handle('prod', 'worker-7', [alert('worker-7')]);
    expect(under.roots()).toHaveLength(1); // the same thread, reopened
    expect(under.replies(root).at(-1)?.shown).toContain('episode 2');
  });

  it('folds downstream alerts into the node thread, one line each', async () => {
    const { threads: t } = threads(under.chat());
    await t.handle('prod', 'worker-1', [alert('worker-1')]);
    const root = under.roots()[0]?.ts ?? '';
    await t.handle('prod', 'worker-1', [
      alert('worker-1', 'firing', 'KubePodNotReady', { namespace: 'shop', pod: 'web-1' }),
      alert('worker-1', 'firing', 'KubeDaemonSetRolloutStuck', {
        namespace: 'kube-system',
        daemonset: 'fluentd',
      }),
    ]);
    expect(under.roots()).toHaveLength(1);
    const folded = under.replies(root).at(-1);
    expect(folded?.shown).toContain('Downstream of this node (2)');
    expect(folded?.shown).toContain('KubePodNotReady shop/web-1');
  });

  it('500 nodes NotReady within 60 s become one cluster thread, not 500', async () => {
    const { threads: t } = threads(under.chat());
    for (let i = 0; i < 500; i++) {
      clock += 100;
      await t.handle('prod', `node-${i}`, [alert(`node-${i}`)]);
    }
    await t.idle();
    const roots = under.roots();
    const storm = roots.find((m) => m.shown.includes('nodes NotReady within 60 s'));
    expect(storm).toBeDefined();
    expect(roots.length).toBeLessThanOrEqual(policy.storm.threshold); // the first few own threads + the storm
    expect(storm?.shown).toContain('500 nodes NotReady');
    expect(under.posts() + under.updates()).toBeLessThan(30);
  }, 60_000);

  it('a burst received as one batch opens the cluster thread first, counting the whole batch', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    const { threads: t } = threads(under.chat(), db);
    const nodes = Array.from({ length: 8 }, (_, i) => `node-${i}`);
    for (const n of nodes) await queue.enqueue([alert(n)]);
    const deps = { handler: t, processed: new SqliteProcessedStore(db) };
    const options = {
      visibilityMs: 60_000,
      backoffMs: () => 0,
      downstream: new DownstreamStatus(silentLogger),
      log: silentLogger,
    };
    await handleBatch(queue, await queue.receive(10, 0), deps, options);
    const roots = under.roots();
    expect(roots).toHaveLength(1); // no node thread before the storm's
    expect(roots[0]?.shown).toContain('8 nodes NotReady within 60 s');
    expect(roots[0]?.shown).toContain(nodes.map((n) => `\`${n}\``).join(', '));
    // The members' findings joined after the root was posted: the root is edited with them once the interval allows.
    expect(under.updates()).toBe(0);
    clock += policy.stormEditIntervalMs;
    await t.idle();
    expect(under.updates()).toBe(1);
    await queue.close();
  });

  it('a chat outage loses nothing and posts every incident once when chat is back', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook, maxAttempts: 50 });
    const { threads: t } = threads(under.chat({ maxWaitMs: 200 }), db);
    const deps = { handler: t, processed: new SqliteProcessedStore(db) };
    const logs: string[] = [];
    const options = {
      batchSize: 10,
      waitMs: 0,
      visibilityMs: 60_000,
      backoffMs: () => 0,
      log: messagesLogger(logs),
      downstream: new DownstreamStatus(messagesLogger(logs)),
    };
    under.outage(true);
    await queue.enqueue(['a', 'b', 'c'].map((n) => alert(`node-${n}`)));
    for (let i = 0; i < 3; i++) await handleBatch(queue, await queue.receive(10, 0), deps, options);
    expect(under.posts()).toBe(0);
    // Chat being down is not the jobs' fault: said once, no attempt spent, nothing dead-lettered.
    expect(logs.filter((l) => / is unavailable/.test(l))).toHaveLength(1);
    expect(logs.filter((l) => l.includes('will retry'))).toHaveLength(0);
    expect((await queue.stats()).queued).toBe(3); // still there, waiting
    const redelivered = await queue.receive(10, 0);
    expect(redelivered.deliveries.map((d) => d.attempts)).toEqual([1, 1, 1]);
    for (const d of redelivered.deliveries) await queue.retry(d.receipt, 0, 'probe', { counted: false });
    under.outage(false);
    for (let i = 0; i < 3 && (await queue.stats()).queued > 0; i++)
      await handleBatch(queue, await queue.receive(10, 0), deps, options);
    const roots = under.roots().map((m) => m.shown);
    expect(roots).toHaveLength(3);
    for (const node of ['node-a', 'node-b', 'node-c'])
      expect(roots.filter((r) => r.includes(`${node} NotReady`))).toHaveLength(1);
    await queue.close();
  });

  it('a failure between the root and its reply does not post the root twice on retry', async () => {
    const real = under.chat();
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
    expect(under.roots()).toHaveLength(1);
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
