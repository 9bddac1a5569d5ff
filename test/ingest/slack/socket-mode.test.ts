import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, configSecrets, loadConfig } from '../../../functions/config.ts';
import { IngestCounters } from '../../../functions/ingest/counters.ts';
import { createEdgeIngest } from '../../../functions/ingest/edge.ts';
import { SlackRequests } from '../../../functions/ingest/slack/requests.ts';
import { SlackSocketMode, type SocketModeMetrics } from '../../../functions/ingest/slack/socket-mode.ts';
import { expandWebhook } from '../../../functions/respond/webhook.ts';
import { EmbeddedQueue, openStateDb, SqliteProcessedStore } from '../../../shared/queue/embedded.ts';
import type { Queue } from '../../../shared/queue/port.ts';
import { hashedKey, type Job } from '../../../shared/schemas/job.ts';
import { BrokenQueue } from '../../support/broken-queue.ts';
import { until } from '../../support/chat.ts';
import { drainJobs } from '../../support/drain.ts';
import { recordingLogger } from '../../support/log.ts';
import { type SlackFake, startSlackFake } from '../../support/slack-fake.ts';
import { buttons, shortcut, slashCommand } from '../../support/slack-payloads.ts';
import type { EnvelopeRecord, SocketModeFake } from '../../support/slack-socket-mode-fake.ts';

// The real @slack/socket-mode client (inside SlackSocketMode) against Slack's side of Socket Mode on loopback.

const APP_TOKEN = 'xapp-1-A0PLEGFAKE-1234567890-0123456789abcdef';
const BOT_TOKEN = 'xoxb-socket-test';
/** Failed tries wait 50 ms, 100 ms … 200 ms here instead of 1 s … 30 s. */
const QUICK = { baseMs: 50, capMs: 200 };

let dir: string;
let db: ReturnType<typeof openStateDb>;
let queue: EmbeddedQueue;
let fake: SlackFake;
let slack: SocketModeFake;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-socket-'));
  db = openStateDb(dir);
  queue = new EmbeddedQueue({ db, expand: expandWebhook });
  fake = await startSlackFake({ token: BOT_TOKEN, channels: ['C1'], socketMode: { appToken: APP_TOKEN } });
  slack = fake.socketMode();
});
afterAll(async () => {
  await fake.close();
  await queue.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything queued so far, acknowledged (none may be poison). */
const drain = (from: Queue = queue): Promise<Job[]> => drainJobs(from);

/** What the connection reported to its metrics, in order. */
function recordingMetrics(): SocketModeMetrics & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    connected: (up) => void seen.push(up ? 'up' : 'down'),
    reconnected: () => void seen.push('reconnected'),
  };
}

interface Client {
  socket: SlackSocketMode;
  counters: IngestCounters;
  metrics: ReturnType<typeof recordingMetrics>;
  lines: ReturnType<typeof recordingLogger>['lines'];
}

const clients: Client[] = [];

/** SlackSocketMode with its own handler (on `from`), connecting to the fake. */
function connect(
  options: { token?: string; from?: Queue; store?: SqliteProcessedStore; apiUrl?: string } = {},
): Client {
  const counters = new IngestCounters();
  const { log, lines } = recordingLogger();
  const metrics = recordingMetrics();
  const requests = new SlackRequests({
    queue: options.from ?? queue,
    defaultCluster: 'prod',
    counters,
    log,
    enqueueBudgetMs: 300,
    ...(options.store ? { queued: options.store } : {}),
  });
  const socket = new SlackSocketMode({
    appToken: options.token ?? APP_TOKEN,
    slackApiUrl: options.apiUrl ?? fake.apiUrl,
    requests,
    log,
    metrics,
    backoff: QUICK,
  });
  socket.start();
  const client = { socket, counters, metrics, lines };
  clients.push(client);
  return client;
}

afterEach(async () => {
  for (const c of clients.splice(0)) await c.socket.close();
  await until(() => slack.openConnections() === 0);
  await drain();
});

const connected = (c: Client) => until(() => c.socket.report().state === 'connected');
const acked = (e: EnvelopeRecord) => until(() => e.acked);

describe('connecting', () => {
  it('opens the connection with the app-level token in the Authorization header and waits for hello', async () => {
    const before = slack.hellos();
    const c = connect();
    await connected(c);
    expect(slack.hellos()).toBe(before + 1);
    const opened = fake.calls.filter((call) => call.method === 'apps.connections.open');
    expect(opened.at(-1)).toMatchObject({ status: 200 });
    expect(opened.at(-1)?.error).toBeUndefined();
    expect(c.metrics.seen).toEqual(['up']);
    expect(c.socket.report()).toMatchObject({ state: 'connected', reconnects: 0 });
    expect(slack.violations).toEqual([]);
  });

  it('stops at a token Slack refuses (invalid_auth), says so once, and never logs the token', async () => {
    const opens = () => fake.calls.filter((call) => call.method === 'apps.connections.open').length;
    const before = opens();
    const c = connect({ token: 'xapp-1-A0PLEGFAKE-not-the-right-one' });
    await until(() => c.socket.report().state === 'refused');
    expect(c.socket.report().reason).toBe('invalid_auth');
    expect(opens()).toBe(before + 1);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'apps.connections.open', error: 'invalid_auth' });
    const errors = c.lines.filter((l) => l.level === 'error' && l.message.startsWith('Slack refuses'));
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(c.lines)).not.toContain('not-the-right-one');
  });

  it('tries again with backoff while Slack is down, and connects when it answers', async () => {
    fake.outage(true);
    const c = connect();
    try {
      await until(() => c.socket.report().reason === 'http_503');
      expect(c.socket.report().state).toBe('reconnecting');
      await until(() => fake.calls.filter((call) => call.error === 'service_unavailable').length >= 2);
    } finally {
      fake.outage(false);
    }
    await connected(c);
    // Said when it started and when it ended, not at every try.
    const said = c.lines.filter((l) => l.message.startsWith('Slack Socket Mode could not connect'));
    expect(said.map((l) => l.message)).toEqual([
      'Slack Socket Mode could not connect: http_503',
      expect.stringMatching(/^Slack Socket Mode could not connect: recovered after /),
    ]);
  });

  it('names the system error when nothing answers where Slack should be', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const c = connect({ apiUrl: `http://127.0.0.1:${port}/api/` });
    await until(() => c.socket.report().reason === 'ECONNREFUSED');
    expect(c.socket.report().state).toBe('reconnecting');
    expect(c.lines.some((l) => l.message === 'Slack Socket Mode could not connect: ECONNREFUSED')).toBe(true);
  });

  it('closes the connection on close() and stays closed', async () => {
    const c = connect();
    await connected(c);
    await c.socket.close();
    expect(c.socket.report().state).toBe('closed');
    await until(() => slack.openConnections() === 0);
    expect(c.metrics.seen).toEqual(['up', 'down']);
  });
});

describe('requests over Socket Mode', () => {
  it('queues `/pleg diagnose <node>` as the HTTP route does, the reply in the ack', async () => {
    const c = connect();
    await connected(c);
    const fields = slashCommand('diagnose node-a');
    const envelope = slack.send('slash_commands', fields);
    const ack = await acked(envelope);
    expect(ack.late).toBe(false);
    expect(ack.payload).toMatchObject({ response_type: 'ephemeral' });
    expect(ack.payload?.text).toContain('Diagnosing `node-a` in cluster `prod`…');
    expect(await drain()).toMatchObject([
      {
        kind: 'chat',
        dedupKey: hashedKey('chat', ['trigger', fields.trigger_id]),
        cluster: 'prod',
        node: 'node-a',
        request: { action: 'diagnose-node' },
        reply: { channel: 'C1', user: 'U1', responseUrl: fields.response_url },
      },
    ]);
    expect(slack.violations).toEqual([]);
  });

  it('answers help in the ack and queues nothing', async () => {
    const c = connect();
    await connected(c);
    const ack = await acked(slack.send('slash_commands', slashCommand('help')));
    expect(JSON.stringify(ack.payload)).toContain('/pleg diagnose &lt;node&gt; [cluster]');
    expect(await drain()).toEqual([]);
  });

  it('queues a button and the shortcut, each acknowledged without a payload', async () => {
    const c = connect();
    await connected(c);
    const click = buttons('acknowledge');
    const paste = shortcut('diagnose_log', { ts: '1700000400.000100', text: 'E1121 PLEG is not healthy' });
    const acks = [
      await acked(slack.send('interactive', click)),
      await acked(slack.send('interactive', paste)),
    ];
    for (const ack of acks) expect(ack.payload ?? {}).toEqual({});
    expect(await drain()).toMatchObject([
      {
        dedupKey: hashedKey('chat', ['trigger', click.trigger_id, 'acknowledge']),
        request: { action: 'acknowledge' },
      },
      { dedupKey: hashedKey('chat', ['trigger', paste.trigger_id]), request: { action: 'diagnose-text' } },
    ]);
    expect(slack.violations).toEqual([]);
  });

  it('acknowledges what it cannot take (a bad button value, an event) and queues nothing', async () => {
    const c = connect();
    await connected(c);
    const bad = await acked(slack.send('interactive', buttons('rediagnose', 'not-an-incident-key')));
    const event = await acked(
      slack.send('events_api', { type: 'event_callback', event: { type: 'app_mention' } }),
    );
    expect([bad.payload ?? {}, event.payload ?? {}]).toEqual([{}, {}]);
    expect(await drain()).toEqual([]);
    const refused = c.lines.find((l) => l.message === 'Socket Mode envelope refused: invalid payload');
    expect(refused?.fields.issues).toEqual([
      {
        path: 'payload.actions[0].value',
        message: 'expected an incident reference "incident:<32 hex>" or an incident key "cluster/node"',
      },
    ]);
    expect((await c.counters.exposition()).includes('outcome="invalid_400"')).toBe(true);
  });
});

describe('exactly once into the queue', () => {
  it.each([
    ['a slash command', 'slash_commands' as const, () => slashCommand('diagnose node-b')],
    ['a button', 'interactive' as const, () => buttons('rediagnose')],
    ['the shortcut', 'interactive' as const, () => shortcut('diagnose_log', { ts: '1.2', text: 'E1121 x' })],
  ])(
    '%s whose ack is lost with its connection is delivered again after the reconnect and queued once',
    async (_, type, payload) => {
      const c = connect();
      await connected(c);
      const envelope = slack.send(type, payload(), { loseAck: true });
      // Slack saw no ack: after its 3 s it delivers the envelope again, on the connection opened since.
      const ack = await acked(envelope);
      expect(envelope.deliveries).toMatchObject([
        { retryAttempt: 0, missed: true },
        { retryAttempt: 1, retryReason: 'timeout', missed: false },
      ]);
      expect(envelope.deliveries[1]?.connection).not.toBe(envelope.deliveries[0]?.connection);
      expect(ack.late).toBe(false);
      expect(await drain()).toHaveLength(1);
      expect(c.socket.report()).toMatchObject({ state: 'connected', reconnects: 1 });
      expect(c.metrics.seen).toEqual(['up', 'down', 'reconnected', 'up']);
      expect(slack.violations).toEqual([]);
    },
  );

  it('a request delivered again after a restart is not queued twice (the record in DATA_DIR)', async () => {
    const store = new SqliteProcessedStore(db);
    const fields = slashCommand('diagnose node-c');
    const first = connect({ store });
    await connected(first);
    await acked(slack.send('slash_commands', fields));
    await first.socket.close();
    // A new process, the same DATA_DIR: Slack's redelivery of the same request reaches it.
    const second = connect({ store });
    await connected(second);
    const again = await acked(slack.send('slash_commands', fields));
    expect(again.payload?.text).toContain('Diagnosing `node-c`');
    expect(await drain()).toHaveLength(1);
    expect((await second.counters.exposition()).includes('outcome="duplicate"')).toBe(true);
  });
});

describe('connection changes', () => {
  it.each(['refresh_requested', 'warning'] as const)(
    'reconnects when Slack sends disconnect (%s), and takes requests on the new connection',
    async (reason) => {
      const c = connect();
      await connected(c);
      const hellos = slack.hellos();
      slack.disconnect(reason);
      await until(() => c.socket.report().reconnects === 1 && c.socket.report().state === 'connected');
      expect(slack.hellos()).toBe(hellos + 1);
      const ack = await acked(slack.send('slash_commands', slashCommand('status')));
      expect(ack.payload?.text).toBe('Collecting open incidents…');
      expect(await drain()).toMatchObject([{ request: { action: 'status' } }]);
      expect(c.lines.some((l) => l.message.startsWith('Slack Socket Mode connection ended'))).toBe(true);
    },
  );

  it('a request sent while the connection is down arrives on the next one', async () => {
    const c = connect();
    await connected(c);
    slack.drop();
    const envelope = slack.send('slash_commands', slashCommand('diagnose node-d'));
    await acked(envelope);
    expect(envelope.deliveries).toHaveLength(1);
    expect(await drain()).toMatchObject([{ node: 'node-d' }]);
  });
});

describe('when the queue is down', () => {
  it('says so in a slash command’s ack, and leaves a button unacknowledged until the queue is back', async () => {
    const broken = new BrokenQueue();
    broken.mode = 'fail';
    const c = connect({ from: broken });
    await connected(c);
    const command = await acked(slack.send('slash_commands', slashCommand('diagnose node-q')));
    expect(command.payload?.text).toContain('could not be queued');
    const click = slack.send('interactive', buttons('rediagnose'));
    // No ack: Slack marks the click as failed and delivers it again after its 3 s.
    await until(() => click.deliveries[0]?.missed);
    expect(click.acked).toBeUndefined();
    broken.mode = 'ok';
    await acked(click);
    expect(click.deliveries.length).toBeGreaterThan(1);
    expect(click.deliveries.slice(0, -1).every((d) => d.missed)).toBe(true);
    expect(broken.queued).toMatchObject([{ request: { action: 'rediagnose' } }]);
    expect(
      c.lines.some((l) => l.message === 'Socket Mode envelope not acknowledged: the queue is unavailable'),
    ).toBe(true);
  });
});

describe('configuration', () => {
  it('takes an app-level token (xapp-) on every Node role, redacts it, and refuses it where no Socket Mode can run', () => {
    const config = loadConfig({ SLACK_APP_TOKEN: APP_TOKEN });
    expect(config.SLACK_APP_TOKEN).toBe(APP_TOKEN);
    expect(configSecrets(config)).toContain(APP_TOKEN);
    expect(() => loadConfig({ SLACK_APP_TOKEN: BOT_TOKEN })).toThrow(
      /SLACK_APP_TOKEN: an app-level token starts with xapp-/,
    );
    // The responder alone needs no inbound route for it: an in-cluster responder behind an edge ingest offers /pleg.
    expect(loadConfig({ SLACK_APP_TOKEN: APP_TOKEN, ROLE: 'respond' }).SLACK_APP_TOKEN).toBe(APP_TOKEN);
    const edge = loadConfig({
      SLACK_APP_TOKEN: APP_TOKEN,
      QUEUE: 'sqs',
      SQS_QUEUE_URL: 'http://127.0.0.1:1/000000000000/jobs',
      INGEST_TOKEN: 'edge-token-0123456789',
    });
    const { log } = recordingLogger();
    expect(() => createEdgeIngest(edge, 'the Worker', log)).toThrow(ConfigError);
    expect(() => createEdgeIngest(edge, 'the Worker', log)).toThrow(/Socket Mode needs a long-lived process/);
  });
});
