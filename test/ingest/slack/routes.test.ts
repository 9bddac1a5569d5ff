import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerType, serve } from '@hono/node-server';
import fc from 'fast-check';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IngestCounters } from '../../../functions/ingest/counters.ts';
import { type SlackRequestDeps, SlackRequests } from '../../../functions/ingest/slack/requests.ts';
import { registerSlackRoutes, type SlackRouteDeps } from '../../../functions/ingest/slack/routes.ts';
import { slackSignatureHex } from '../../../functions/ingest/slack/signature.ts';
import { expandWebhook } from '../../../functions/respond/webhook.ts';
import { incidentRef } from '../../../shared/incidents/incident-ref.ts';
import { EmbeddedQueue, openStateDb, SqliteProcessedStore } from '../../../shared/queue/embedded.ts';
import type { Queue } from '../../../shared/queue/port.ts';
import { CAUSE_IDS } from '../../../shared/schemas/diagnosis.ts';
import { hashedKey, incidentKey, type Job } from '../../../shared/schemas/job.ts';
import { BrokenQueue } from '../../support/broken-queue.ts';
import { drainJobs } from '../../support/drain.ts';
import { messagesLogger } from '../../support/log.ts';
import { buttons, shortcut, slashCommand } from '../../support/slack-payloads.ts';

const SECRET = 'slack-signing-secret-for-tests-0123';
const RESPONSE_URL = 'https://hooks.slack.com/commands/T1/123/abc';
const COMMANDS = '/v1/slack/commands';
const INTERACTIONS = '/v1/slack/interactions';

interface Served {
  url: string;
  close(): Promise<void>;
}

/** A Hono app with only the Slack routes (and the handler behind them), on the real Node host on a loopback port. */
async function serveSlack(deps: SlackRequestDeps & Omit<SlackRouteDeps, 'requests'>): Promise<Served> {
  const app = new Hono();
  registerSlackRoutes(app, { ...deps, requests: new SlackRequests(deps) });
  const server: ServerType = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let dir: string;
let queue: EmbeddedQueue;
let db: ReturnType<typeof openStateDb>;
let counters: IngestCounters;

/** The sum of the series of `name` carrying every label in `labels`, read from the Prometheus exposition. */
async function counted(from: IngestCounters, name: string, labels: Record<string, string>): Promise<number> {
  let sum = 0;
  for (const line of (await from.exposition()).split('\n')) {
    const series = /^(\w+)\{(.*)\} (\d+)$/.exec(line);
    if (series?.[1] !== name) continue;
    const has = Object.entries(labels).every(([k, v]) => series[2]?.split(',').includes(`${k}="${v}"`));
    if (has) sum += Number(series[3]);
  }
  return sum;
}
let logs: string[];
let s: Served;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-slack-'));
  db = openStateDb(dir);
  queue = new EmbeddedQueue({ db, expand: expandWebhook });
  counters = new IngestCounters();
  logs = [];
  s = await serveSlack({
    queue,
    signingSecret: SECRET,
    defaultCluster: 'prod',
    counters,
    log: messagesLogger(logs),
  });
});
afterAll(async () => {
  await s.close();
  await queue.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything queued so far, acknowledged (none may be poison). */
const drain = (from: Queue = queue): Promise<Job[]> => drainJobs(from);

beforeEach(async () => {
  await drain();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

interface SendOptions {
  timestamp?: number | string;
  secret?: string;
  signature?: string | null;
  contentType?: string | null;
  method?: string;
}

async function signedHeaders(body: string, o: SendOptions = {}): Promise<Record<string, string>> {
  const timestamp = String(o.timestamp ?? nowSeconds());
  const headers: Record<string, string> = { 'x-slack-request-timestamp': timestamp };
  if (o.contentType !== null) headers['content-type'] = o.contentType ?? 'application/x-www-form-urlencoded';
  if (o.signature !== null) {
    headers['x-slack-signature'] =
      o.signature ?? `v0=${await slackSignatureHex(o.secret ?? SECRET, timestamp, body)}`;
  }
  return headers;
}

async function send(path: string, body: string, o: SendOptions = {}, base = s.url): Promise<Response> {
  return fetch(`${base}${path}`, { method: o.method ?? 'POST', headers: await signedHeaders(body, o), body });
}

/** A slash command body as Slack sends it (field order as in Slack's own example). */
function commandForm(text: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams(slashCommand(text, extra)).toString();
}

interface Ephemeral {
  response_type: string;
  text: string;
  blocks: Array<{ type: string; text?: { type: string; text: string } }>;
}

/** Sends `/pleg <text>`; every answer is an ephemeral 200 that carries no Slack control syntax (`<…>`). */
async function pleg(text: string, base = s.url): Promise<{ reply: Ephemeral; raw: string }> {
  const r = await send(COMMANDS, commandForm(text), {}, base);
  expect(r.status).toBe(200);
  const raw = await r.text();
  expect(raw).not.toContain('<');
  const reply = JSON.parse(raw) as Ephemeral;
  expect(reply.response_type).toBe('ephemeral');
  expect(reply.blocks.length).toBeGreaterThan(0);
  expect(reply.blocks.length).toBeLessThanOrEqual(50);
  for (const b of reply.blocks) {
    if (b.type === 'section') expect(b.text?.text.length).toBeLessThanOrEqual(3000);
    if (b.type === 'header') expect(b.text?.text.length).toBeLessThanOrEqual(150);
  }
  return { reply, raw };
}

const allText = (reply: Ephemeral) => [reply.text, ...reply.blocks.map((b) => b.text?.text ?? '')].join('\n');

describe('/pleg slash command', () => {
  it('answers help and an empty command with the usage, queueing nothing', async () => {
    for (const text of ['', 'help', 'HELP', '  --help ']) {
      const { reply } = await pleg(text);
      expect(allText(reply)).toContain('/pleg diagnose &lt;node&gt; [cluster]');
      expect(allText(reply)).toContain('`fd_exhaustion`');
    }
    expect(await drain()).toEqual([]);
  });

  it('queues `diagnose <node>` for the default cluster and answers within the request', async () => {
    const body = commandForm('diagnose node-a');
    const trigger = new URLSearchParams(body).get('trigger_id');
    const r = await send(COMMANDS, body);
    expect(r.status).toBe(200);
    const reply = (await r.json()) as Ephemeral;
    expect(reply.text).toContain('Diagnosing `node-a` in cluster `prod`…');
    const jobs = await drain();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      kind: 'chat',
      dedupKey: await hashedKey('chat', ['trigger', trigger ?? '']),
      cluster: 'prod',
      node: 'node-a',
      request: { action: 'diagnose-node' },
      reply: { channel: 'C1', responseUrl: RESPONSE_URL, user: 'U1' },
    });
    expect(jobs[0]?.kind === 'chat' && jobs[0].reply.threadTs).toBeUndefined();
    expect(
      await counted(counters, 'pleg_slack_jobs_queued_total', { action: 'diagnose-node' }),
    ).toBeGreaterThan(0);
  });

  it('takes the cluster from `diagnose <node> <cluster>`', async () => {
    const { reply } = await pleg('Diagnose ip-10-0-1-5.ec2.internal edge-eu');
    expect(reply.text).toContain('`ip-10-0-1-5.ec2.internal` in cluster `edge-eu`');
    expect(await drain()).toMatchObject([{ cluster: 'edge-eu', node: 'ip-10-0-1-5.ec2.internal' }]);
  });

  it('refuses invalid node names with an ephemeral explanation and queues nothing', async () => {
    const long = 'a'.repeat(300);
    for (const node of ['node;rm', 'Node_Caps', long, '-node', 'node..a', '$(reboot)']) {
      const { reply } = await pleg(`diagnose ${node}`);
      expect(allText(reply)).toContain('is not a valid node name');
      expect(allText(reply)).toContain('/pleg diagnose &lt;node&gt; [cluster]');
    }
    const { reply } = await pleg(`diagnose ${long}`);
    expect(reply.text).toContain('(300 characters)');
    expect(reply.text).not.toContain(long);
    expect(await drain()).toEqual([]);
  });

  it('refuses an invalid cluster name and a diagnose without target', async () => {
    expect(allText((await pleg('diagnose node-a prod/eu')).reply)).toContain('not a valid cluster name');
    expect(allText((await pleg('diagnose')).reply)).toContain('needs a node name or pasted log lines');
    expect(allText((await pleg('diagnose ``` ```')).reply)).toContain(
      'needs a node name or pasted log lines',
    );
    expect(await drain()).toEqual([]);
  });

  it('queues pasted log lines as text: fences stripped, Slack entities decoded', async () => {
    const pasted = [
      '```I1121 03:00:00.000 kubelet.go:2412] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m0s ago; threshold is 3m0s"',
      'E1121 03:00:01.000 remote_runtime.go:180] "ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded" filter="&amp;PodSandboxFilter{Id:,State:&lt;nil&gt;,}"```',
    ].join('\n');
    const { reply } = await pleg(`diagnose ${pasted}`);
    expect(reply.text).toContain('Diagnosing the pasted log (2 lines)…');
    const jobs = await drain();
    expect(jobs).toHaveLength(1);
    const job = jobs[0];
    expect(job).toMatchObject({ cluster: 'prod', node: '', request: { action: 'diagnose-text' } });
    const text = job?.kind === 'chat' && job.request.action === 'diagnose-text' ? job.request.text : '';
    expect(text.startsWith('I1121 03:00:00.000 kubelet.go:2412]')).toBe(true);
    expect(text).toContain('filter="&PodSandboxFilter{Id:,State:<nil>,}"');
    expect(text).not.toContain('```');
    expect(text.endsWith('State:<nil>,}"')).toBe(true);
  });

  it('treats a one-line message of several words as a pasted log, not a node', async () => {
    await pleg('diagnose PLEG is not healthy: pleg was last seen active 3m0s ago');
    expect(await drain()).toMatchObject([
      {
        node: '',
        request: { action: 'diagnose-text', text: 'PLEG is not healthy: pleg was last seen active 3m0s ago' },
      },
    ]);
  });

  it('keeps the newest 40 000 characters of a long paste, from a line boundary', async () => {
    const lines = Array.from(
      { length: 520 },
      (_, i) => `E1121 03:00:${String(i).padStart(4, '0')} ${'x'.repeat(70)}`,
    );
    const { reply } = await pleg(`diagnose\n${lines.join('\n')}`);
    expect(reply.text).toMatch(/only its last \d+ characters are used/);
    const [job] = await drain();
    const text = job?.kind === 'chat' && job.request.action === 'diagnose-text' ? job.request.text : '';
    expect(text.length).toBeLessThanOrEqual(40_000);
    expect(text.endsWith(lines.at(-1) ?? '-')).toBe(true);
    expect(text.startsWith('E1121 03:00:')).toBe(true);
  });

  it('queues `status`', async () => {
    const { reply } = await pleg('status');
    expect(reply.text).toBe('Collecting open incidents…');
    expect(await drain()).toMatchObject([
      { cluster: 'prod', node: '', request: { action: 'status' }, reply: { channel: 'C1', user: 'U1' } },
    ]);
  });

  it('explains a cause at once, commands in code blocks, queueing nothing', async () => {
    const { reply } = await pleg('explain fd_exhaustion');
    expect(reply.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'File descriptors or inotify exhausted' },
    });
    const text = allText(reply);
    expect(text).toContain('*What happens*');
    expect(text).toContain('*How to confirm* (read-only)');
    expect(text).toContain('*How to fix* (DISRUPTIVE');
    expect(text).toContain('```ls /proc/$(pidof containerd)/fd | wc -l```');
    // Shell redirections are escaped for mrkdwn: Slack renders them as > again.
    expect(text).toContain('&gt; /etc/systemd/system/containerd.service.d/nofile.conf');
    const docker = allText((await pleg('explain FD-Exhaustion docker')).reply);
    expect(docker).toContain('pidof dockerd');
    for (const id of CAUSE_IDS) expect(allText((await pleg(`explain ${id}`)).reply)).toContain(`\`${id}\``);
    expect(await drain()).toEqual([]);
  });

  it('lists the valid causes for an unknown or missing cause', async () => {
    for (const text of ['explain gremlins', 'explain']) {
      const all = allText((await pleg(text)).reply);
      for (const id of CAUSE_IDS) expect(all).toContain(`\`${id}\``);
    }
    expect((await pleg('explain gremlins')).reply.text).toContain('`gremlins` is not a cause I know.');
  });

  it('answers an unknown subcommand with the usage', async () => {
    const { reply } = await pleg('frobnicate node-a');
    expect(reply.text).toBe('Unknown subcommand `frobnicate`.');
    expect(allText(reply)).toContain('/pleg status');
    expect(await drain()).toEqual([]);
  });

  it('escapes user text in every reply: mentions, broadcasts and links never form', async () => {
    const hostile = [
      '<!channel>',
      '<@U123>',
      'diagnose <!channel>',
      'diagnose <@U123>',
      'diagnose node-a <!channel>',
      'diagnose &lt;!channel&gt;',
      'explain <!channel>',
      'explain <@U123> <!here>',
      'explain <https://evil.example|fd_exhaustion>',
      '`<!channel>` help',
      'diagnose ```<!channel>``` <@U123> is not healthy',
    ];
    for (const text of hostile) {
      const { raw } = await pleg(text);
      expect(raw).not.toContain('<!channel>');
      expect(raw).not.toContain('<@U123>');
    }
    expect(allText((await pleg('explain <@U123>')).reply)).toContain(
      '`&lt;@U123&gt;` is not a cause I know.',
    );
    expect(allText((await pleg('<!channel>')).reply)).toContain('Unknown subcommand `&lt;!channel&gt;`.');
    expect(allText((await pleg('diagnose <!channel>')).reply)).toContain(
      '`&lt;!channel&gt;` is not a valid node',
    );
    const jobs = await drain();
    // Only the pasted log was queued, with the user's text as they wrote it (the engine never posts it raw).
    expect(jobs).toMatchObject([
      { request: { action: 'diagnose-text', text: '<!channel> <@U123> is not healthy' } },
    ]);
  });

  it('queues a request Slack repeats (same trigger_id) once', async () => {
    const body = commandForm('diagnose node-r');
    const headers = await signedHeaders(body);
    const first = await fetch(`${s.url}${COMMANDS}`, { method: 'POST', headers, body });
    const replay = await fetch(`${s.url}${COMMANDS}`, { method: 'POST', headers, body });
    // A retry signed later (new timestamp, same request).
    const retry = await send(COMMANDS, body, { timestamp: nowSeconds() + 1 });
    for (const r of [first, replay, retry]) {
      expect(r.status).toBe(200);
      expect(((await r.json()) as Ephemeral).text).toContain('Diagnosing `node-r`');
    }
    expect(await drain()).toHaveLength(1);
    expect(
      await counted(counters, 'pleg_slack_requests_total', { route: 'slack_commands', outcome: 'duplicate' }),
    ).toBe(2);
  });

  it('rejects a command without the fields it needs with 400 and issues', async () => {
    const body = new URLSearchParams({
      command: '/pleg',
      text: 'status',
      response_url: 'not a url',
    }).toString();
    const r = await send(COMMANDS, body);
    expect(r.status).toBe(400);
    const problem = (await r.json()) as { error: string; issues: Array<{ path: string }> };
    expect(problem.error).toBe('invalid payload');
    expect(problem.issues.map((i) => i.path).sort()).toEqual([
      'channel_id',
      'response_url',
      'trigger_id',
      'user_id',
    ]);
    expect(await drain()).toEqual([]);
  });
});

describe('Slack request checks', () => {
  const unsigned = { error: 'invalid signature', issues: [] };

  it('refuses missing, wrong, stale and future signatures with a bare 401, queueing nothing', async () => {
    const cases: SendOptions[] = [
      { signature: null },
      { secret: 'another-secret' },
      { signature: 'v0=deadbeef' },
      { signature: `v1=${'0'.repeat(64)}` },
      // Past the 300 s window by more than the second that may tick between signing and checking.
      { timestamp: nowSeconds() - 305 },
      { timestamp: nowSeconds() + 305 },
      { timestamp: 'yesterday' },
    ];
    for (const o of cases) {
      for (const path of [COMMANDS, INTERACTIONS]) {
        const body = path === COMMANDS ? commandForm('diagnose node-x') : interaction(buttons('rediagnose'));
        const r = await send(path, body, o);
        expect(r.status).toBe(401);
        expect(await r.json()).toEqual(unsigned);
      }
    }
    // A valid signature over a different body.
    const body = commandForm('diagnose node-x');
    const headers = await signedHeaders(body);
    const tampered = body.replace('node-x', 'node-y');
    const r = await fetch(`${s.url}${COMMANDS}`, { method: 'POST', headers, body: tampered });
    expect(r.status).toBe(401);
    expect(await drain()).toEqual([]);
    expect(logs.join('\n')).not.toContain(SECRET);
    expect(
      await counted(counters, 'pleg_slack_requests_total', {
        route: 'slack_commands',
        outcome: 'unauthorised_stale_timestamp',
      }),
    ).toBe(2);
  });

  it('answers Slack’s ssl_check with 200 once signed', async () => {
    const body = 'ssl_check=1&token=legacy-token';
    const r = await send(COMMANDS, body);
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
    expect((await send(COMMANDS, body, { signature: null })).status).toBe(401);
    expect(await drain()).toEqual([]);
  });

  it('refuses other content types with 415', async () => {
    for (const contentType of ['application/json', 'text/plain', 'multipart/form-data; boundary=x', null]) {
      for (const path of [COMMANDS, INTERACTIONS]) {
        const r = await send(path, commandForm('status'), { contentType });
        expect(r.status).toBe(415);
        expect(((await r.json()) as { error: string }).error).toBe('unsupported content type');
      }
    }
    const charset = await send(COMMANDS, commandForm('status'), {
      contentType: 'application/x-www-form-urlencoded; charset=utf-8',
    });
    expect(charset.status).toBe(200);
    expect(await drain()).toHaveLength(1);
  });

  it('refuses bodies above 64 KiB with 413, declared or streamed', async () => {
    const body = commandForm(`diagnose\n${'x'.repeat(70 * 1024)}`);
    const r = await send(COMMANDS, body);
    expect(r.status).toBe(413);
    expect(((await r.json()) as { issues: Array<{ path: string }> }).issues[0]?.path).toBe('(body)');
    const streamed = await fetch(`${s.url}${INTERACTIONS}`, {
      method: 'POST',
      headers: await signedHeaders(body),
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(10 * 1024)));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await drain()).toEqual([]);
  });

  it('answers other methods with 405', async () => {
    for (const path of [COMMANDS, INTERACTIONS]) {
      const r = await fetch(`${s.url}${path}`);
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('POST');
    }
  });
});

/* Interactions */

function interaction(payload: unknown): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

async function interact(payload: unknown): Promise<Response> {
  return send(INTERACTIONS, interaction(payload));
}

describe('Slack interactions', () => {
  it.each([
    ['rediagnose', 'rediagnose'],
    ['other_runtime', 'other-runtime'],
    ['acknowledge', 'acknowledge'],
  ])(
    'queues the %s button for the incident in its value, answering in its thread',
    async (actionId, action) => {
      const payload = buttons(actionId);
      const r = await interact(payload);
      expect(r.status).toBe(200);
      expect(await r.text()).toBe('');
      expect(await drain()).toEqual([
        {
          kind: 'chat',
          dedupKey: await hashedKey('chat', ['trigger', payload.trigger_id, actionId]),
          cluster: 'prod',
          node: 'node-a',
          receivedAt: expect.any(String),
          request: { action },
          reply: {
            channel: 'C9',
            threadTs: '1700000000.000100',
            responseUrl: 'https://hooks.slack.com/actions/T1/1/xyz',
            user: 'U2',
          },
        },
      ]);
    },
  );

  it('answers a button inside a thread in that thread, and takes cluster-wide keys', async () => {
    const payload = buttons('rediagnose', 'edge/eu/', {
      ts: '1700000050.000100',
      thread_ts: '1700000000.000100',
    });
    expect((await interact(payload)).status).toBe(200);
    expect(await drain()).toMatchObject([
      { cluster: 'edge/eu', node: '', reply: { threadTs: '1700000000.000100' } },
    ]);
  });

  it('keeps a storm incident key (`cluster/*`) intact, so incidentKey(job) is the button value', async () => {
    expect((await interact(buttons('acknowledge', 'prod/*'))).status).toBe(200);
    const jobs = await drain();
    expect(jobs).toMatchObject([{ cluster: 'prod', node: '*', request: { action: 'acknowledge' } }]);
    expect(jobs[0] && incidentKey(jobs[0])).toBe('prod/*');
  });

  it('queues a repeated click (same trigger) once', async () => {
    const payload = buttons('acknowledge');
    for (let i = 0; i < 3; i++) expect((await interact(payload)).status).toBe(200);
    expect(await drain()).toHaveLength(1);
  });

  it('acknowledges unknown actions, callbacks and payload types without queueing, and counts them', async () => {
    const before = await counted(counters, 'pleg_slack_requests_total', {
      route: 'slack_interactions',
      outcome: 'ignored',
    });
    const ignored = [
      buttons('open_runbook'),
      shortcut('something_else', { ts: '1700000300.000100', text: 'x' }),
      shortcut('diagnose_log', { ts: '1700000300.000100', text: '' }),
      { type: 'view_submission', view: { id: 'V1' } },
      { type: 'shortcut', callback_id: 'diagnose_log' },
    ];
    for (const payload of ignored) {
      const r = await interact(payload);
      expect(r.status).toBe(200);
      expect(await r.text()).toBe('');
    }
    expect(await drain()).toEqual([]);
    expect(
      await counted(counters, 'pleg_slack_requests_total', {
        route: 'slack_interactions',
        outcome: 'ignored',
      }),
    ).toBe(before + ignored.length);
  });

  it('queues the "Diagnose this log" shortcut with the message text, in the message thread', async () => {
    const text =
      '```E1121 03:00:01 remote_runtime.go:180] err="rpc error" filter="&amp;Filter{State:&lt;nil&gt;}"```';
    const root = shortcut('diagnose_log', { ts: '1700000400.000100', text });
    expect((await interact(root)).status).toBe(200);
    const reply = shortcut('diagnose_log', { ts: '1700000450.000100', thread_ts: '1700000400.000100', text });
    expect((await interact(reply)).status).toBe(200);
    const jobs = await drain();
    expect(jobs).toMatchObject([
      {
        dedupKey: await hashedKey('chat', ['trigger', root.trigger_id]),
        cluster: 'prod',
        node: '',
        request: {
          action: 'diagnose-text',
          text: 'E1121 03:00:01 remote_runtime.go:180] err="rpc error" filter="&Filter{State:<nil>}"',
        },
        reply: {
          channel: 'C7',
          threadTs: '1700000400.000100',
          user: 'U3',
          responseUrl: 'https://hooks.slack.com/app/T1/2/uvw',
        },
      },
      { reply: { threadTs: '1700000400.000100' } },
    ]);
  });

  it('refuses malformed payloads with 400 and says where', async () => {
    const problems = async (body: string) => {
      const r = await send(INTERACTIONS, body);
      expect(r.status).toBe(400);
      return (await r.json()) as { error: string; issues: Array<{ path: string; message: string }> };
    };
    const badJson = await problems('payload=%7Bnot%20json');
    expect(badJson.error).toBe('invalid JSON');
    expect(badJson.issues[0]?.path).toBe('payload');
    expect((await problems('token=x')).issues).toEqual([{ path: 'payload', message: 'missing' }]);
    expect((await problems(interaction([1, 2]))).issues[0]?.path).toBe('payload');
    const { channel: _, ...noChannel } = buttons('rediagnose');
    expect((await problems(interaction(noChannel))).issues.map((i) => i.path)).toEqual(['payload.channel']);
    const badValue = await problems(interaction(buttons('rediagnose', 'not-an-incident-key')));
    expect(badValue.issues).toEqual([
      {
        path: 'payload.actions[0].value',
        message: 'expected an incident reference "incident:<32 hex>" or an incident key "cluster/node"',
      },
    ]);
    expect((await problems(interaction(buttons('rediagnose', 'prod/Node_Caps')))).issues[0]?.path).toBe(
      'payload.actions[0].value',
    );
    expect((await problems(interaction({ type: 'block_actions', actions: [] }))).issues[0]?.path).toBe(
      'payload.actions',
    );
    expect(await drain()).toEqual([]);
  });
});

/* A queue that is down, or too slow for Slack's 3 s. */

describe('when the queue is down', () => {
  const broken = new BrokenQueue();
  const brokenCounters = new IngestCounters();
  const brokenLogs: string[] = [];
  let b: Served;
  beforeAll(async () => {
    b = await serveSlack({
      queue: broken,
      signingSecret: SECRET,
      defaultCluster: 'prod',
      counters: brokenCounters,
      log: messagesLogger(brokenLogs),
      enqueueBudgetMs: 200,
    });
  });
  afterAll(async () => b.close());

  it('still answers a command 200, saying it was not queued, counts it, and queues a retry later', async () => {
    broken.mode = 'fail';
    const body = commandForm('diagnose node-q');
    const r = await send(COMMANDS, body, {}, b.url);
    expect(r.status).toBe(200);
    const reply = (await r.json()) as Ephemeral;
    expect(reply.response_type).toBe('ephemeral');
    expect(reply.text).toContain('could not be queued');
    expect(reply.text).toContain('retry');
    expect(await counted(brokenCounters, 'pleg_slack_requests_total', { outcome: 'queue_unavailable' })).toBe(
      1,
    );
    expect(brokenLogs).toEqual(['slack enqueue failed: queue down']);
    // The failed request is not remembered as done: Slack's (or the user's) retry goes through.
    broken.mode = 'ok';
    const retry = await send(COMMANDS, body, { timestamp: nowSeconds() + 1 }, b.url);
    expect(((await retry.json()) as Ephemeral).text).toContain('Diagnosing `node-q`');
    expect(broken.queued).toHaveLength(1);
  });

  it('answers within Slack’s budget when the queue hangs', async () => {
    broken.mode = 'hang';
    const started = Date.now();
    const { reply } = await pleg('status', b.url);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(reply.text).toContain('could not be queued');
  });

  it('refuses a button with 503 so Slack marks the click as failed', async () => {
    broken.mode = 'fail';
    const r = await send(INTERACTIONS, interaction(buttons('rediagnose')), {}, b.url);
    expect(r.status).toBe(503);
    expect(await r.json()).toEqual({ error: 'queue unavailable, retry later', issues: [] });
  });
});

/* Property: whatever a signed form holds, the routes answer 2xx or 4xx. */

const interesting = fc.constantFrom(
  '',
  'diagnose',
  'diagnose node-a',
  'diagnose node-a edge',
  'diagnose ```x```',
  'status',
  'explain fd_exhaustion',
  'explain',
  'help',
  '<!channel>',
  '&lt;&gt;&amp;',
  RESPONSE_URL,
  'javascript:alert(1)',
  '1',
  '\u0000\uffff',
  'x'.repeat(300),
);
const value = fc.oneof(
  interesting,
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);
const field = fc.oneof(
  fc.constantFrom(
    'text',
    'command',
    'user_id',
    'channel_id',
    'trigger_id',
    'response_url',
    'ssl_check',
    'payload',
  ),
  fc.string({ maxLength: 8 }),
);
const payloadJson = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record({
      type: fc.constantFrom('block_actions', 'message_action', 'view_submission', 'x'),
      callback_id: fc.constantFrom('diagnose_log', 'other'),
      action: fc.constantFrom('rediagnose', 'other_runtime', 'acknowledge', 'x'),
      value: fc.oneof(
        fc.constantFrom('prod/node-a', 'prod/', '/node-a', 'a/b/c'),
        fc.string({ maxLength: 40 }),
      ),
      text: value,
      drop: fc.constantFrom('none', 'user', 'channel', 'message', 'trigger_id'),
    })
    .map((p) => {
      const base: Record<string, unknown> =
        p.type === 'message_action'
          ? shortcut(p.callback_id, { ts: '1.2', text: p.text })
          : { ...buttons(p.action, p.value), type: p.type };
      delete base[p.drop];
      return JSON.stringify(base);
    }),
);
const formBody = fc.oneof(
  fc.dictionary(field, value, { maxKeys: 10 }).map((d) => new URLSearchParams(d).toString()),
  fc
    .tuple(value, fc.dictionary(field, value, { maxKeys: 4 }))
    .map(([text, extra]) => commandForm(text, extra)),
  payloadJson.map((p) => new URLSearchParams({ payload: p }).toString()),
  fc.string({ maxLength: 300 }),
);

it('never answers a validly signed form with a 5xx, and queues only valid jobs', async () => {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(COMMANDS, INTERACTIONS), formBody, async (path, body) => {
      const r = await send(path, body);
      await r.arrayBuffer();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      return r.status < 500;
    }),
    { numRuns: 400 },
  );
  // drain() asserts that every queued job passed JobSchema on the way out (no poison).
  await drain();
  expect([...statuses.keys()].every((status) => status === 200 || status === 400)).toBe(true);
  expect(statuses.get(200)).toBeGreaterThan(0);
  expect(statuses.get(400)).toBeGreaterThan(0);
});

/* The red team's reports on the Slack routes */

/** One request over a raw socket: the head, then `body` (possibly less than declared); status and time taken. */
function rawRequest(url: string, head: string, body: string): Promise<{ status: number; ms: number }> {
  const { port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        resolve({ status: Number(status[1]), ms: Date.now() - started });
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.setTimeout(20_000, () => reject(new Error('no answer')));
  });
}

describe('hostile Slack clients', () => {
  it('refuses an unsigned request before reading its body, instead of holding the connection', async () => {
    const head = [
      `POST ${COMMANDS} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/x-www-form-urlencoded',
      'Content-Length: 60000',
    ].join('\r\n');
    const unsigned = await rawRequest(s.url, head, 'text=diagnose');
    expect(unsigned.status).toBe(401);
    expect(unsigned.ms).toBeLessThan(2000);
    const stale = await rawRequest(
      s.url,
      `${head}\r\nX-Slack-Request-Timestamp: ${nowSeconds() - 3600}\r\nX-Slack-Signature: v0=${'0'.repeat(64)}`,
      '',
    );
    expect(stale.status).toBe(401);
    expect(await drain()).toEqual([]);
  });

  it('answers 408 when a signed-looking request does not deliver its body in time', async () => {
    const slow = await serveSlack({
      queue,
      signingSecret: SECRET,
      defaultCluster: 'prod',
      bodyTimeoutMs: 300,
    });
    try {
      const head = [
        `POST ${INTERACTIONS} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Content-Type: application/x-www-form-urlencoded',
        'Content-Length: 5000',
        `X-Slack-Request-Timestamp: ${nowSeconds()}`,
        `X-Slack-Signature: v0=${'0'.repeat(64)}`,
      ].join('\r\n');
      const stalled = await rawRequest(slow.url, head, 'payload=');
      expect(stalled.status).toBe(408);
      expect(stalled.ms).toBeLessThan(2000);
    } finally {
      await slow.close();
    }
    expect(await drain()).toEqual([]);
  });

  it('remembers accepted signatures across a restart: a replay to the new process queues nothing', async () => {
    const replayDir = mkdtempSync(join(tmpdir(), 'pleg-replay-'));
    const state = openStateDb(replayDir);
    const deps = { queue, signingSecret: SECRET, defaultCluster: 'prod' };
    const body = commandForm('diagnose node-replayed');
    const headers = await signedHeaders(body);
    try {
      const before = await serveSlack({ ...deps, replay: new SqliteProcessedStore(state) });
      expect((await fetch(`${before.url}${COMMANDS}`, { method: 'POST', headers, body })).status).toBe(200);
      await before.close();
      expect(await drain()).toHaveLength(1);
      const after = await serveSlack({ ...deps, replay: new SqliteProcessedStore(state) });
      const replay = await fetch(`${after.url}${COMMANDS}`, { method: 'POST', headers, body });
      await after.close();
      expect(replay.status).toBe(200);
      expect(await drain()).toEqual([]);
    } finally {
      state.close();
      rmSync(replayDir, { recursive: true, force: true });
    }
  });

  it('takes a button naming its incident by reference, and queues the reference for the responder', async () => {
    const ref = incidentRef(`prod/${'x'.repeat(102_419)}`);
    const payload = buttons('acknowledge', `incident:${ref}`);
    expect((await interact(payload)).status).toBe(200);
    expect(await drain()).toMatchObject([
      { cluster: '', node: '', incidentRef: ref, request: { action: 'acknowledge' } },
    ]);
    const refused = await interact(buttons('acknowledge', `incident:${ref.toUpperCase()}`));
    expect(refused.status).toBe(400);
  });

  it('refuses a deeply nested interaction payload and compressed bodies', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const r = await send(INTERACTIONS, new URLSearchParams({ payload: deep }).toString());
    expect(r.status).toBe(400);
    expect(((await r.json()) as { issues: Array<{ message: string }> }).issues[0]?.message).toContain(
      'nested deeper than 64 levels',
    );
    const body = commandForm('status');
    const gz = await fetch(`${s.url}${COMMANDS}`, {
      method: 'POST',
      headers: { ...(await signedHeaders(body)), 'content-encoding': 'gzip' },
      body,
    });
    expect(gz.status).toBe(415);
    expect(await drain()).toEqual([]);
  });
});
