import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { incidentRef } from '../../shared/incidents/incident-ref.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { AlertmanagerSilences } from '../../shared/silences/alertmanager.ts';
import { incidentMatchers } from '../../shared/silences/model.ts';
import { type Program, startAlertmanager, startWebhookTap, until, type WebhookTap } from '../e2e/harness.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { incident } from '../support/incidents.ts';
import { sample } from '../support/metrics.ts';
import { alertJob } from '../support/payloads.ts';
import { startTestServer, type TestServer, TOKEN } from '../support/server.ts';
import { type Control, click, controlsOf } from '../support/slack-click.ts';
import { type SlackFake, type SlackFakeMessage, startSlackFake } from '../support/slack-fake.ts';

/**
 * Silences from Slack against the real Alertmanager (the Debian binary 0.25): Alertmanager notifies the responder
 * through a loopback tap (group timers of 100 ms / 300 ms, a repeat every second), the responder opens the thread
 * in the Slack fake, and a signed "Silence 2h" choice goes through ingest, the queue and the respond pipeline to
 * Alertmanager's API. The responder reaches Alertmanager through a fault proxy, so a test can make it unreachable.
 */

const BOT = 'xoxb-silence-token';
const SECRET = 'silence-signing-secret-0123456789';
const CHANNEL = 'C0SILENCE';
const CLUSTER = 'prod';

let dir: string;
let am: Program;
let proxy: FaultProxy;
let tap: WebhookTap;
let slack: SlackFake;
let server: TestServer | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-silences-'));
  slack = await startSlackFake({ token: BOT, channels: [CHANNEL], postIntervalMs: 0 });
  tap = await startWebhookTap(() => `${server?.url}/v1/alertmanager`);
  am = await startAlertmanager(
    dir,
    stringify({
      route: {
        receiver: 'responder',
        group_by: ['cluster', 'node'],
        group_wait: '100ms',
        group_interval: '300ms',
        repeat_interval: '1s',
      },
      receivers: [
        {
          name: 'responder',
          webhook_configs: [{ url: tap.url, http_config: { authorization: { credentials: TOKEN } } }],
        },
      ],
    }),
  );
  proxy = await startFaultProxy(`${am.url}/`);
  server = await startTestServer({
    SLACK_BOT_TOKEN: BOT,
    SLACK_CHANNEL: CHANNEL,
    SLACK_API_URL: slack.apiUrl,
    SLACK_SIGNING_SECRET: SECRET,
    ALERTMANAGER_URL: proxy.url,
    ALERTMANAGER_EXTERNAL_URL: 'https://alertmanager.example.com',
    SILENCE_DURATIONS: '2h,8h',
    LINK_HOSTS: 'prometheus.example.com',
    DOCS_URL: 'https://docs.example.com/pleg-responder/causes.html',
  });
}, 30_000);

// Traffic stops at its source first: Alertmanager repeats every second, and a responder closing while the tap
// still forwards those repeats has work arriving as it drains (under a loaded CI machine, past the hook's timeout).
afterAll(async () => {
  await am?.stop();
  await tap?.close();
  await server?.close();
  await proxy?.close();
  await slack?.close();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

const labels = (node: string) => ({
  alertname: 'KubeNodeNotReady',
  node,
  cluster: CLUSTER,
  severity: 'warning',
});

/** An alert into Alertmanager, as Prometheus would send it. */
async function fire(node: string): Promise<void> {
  const res = await fetch(`${am.url}/api/v2/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([
      {
        labels: labels(node),
        annotations: {
          summary: `${node} is not ready`,
          // A host LINK_HOSTS does not list: shown nowhere as a link.
          runbook_url: 'https://runbooks.elsewhere.example/KubeNodeNotReady',
        },
        generatorURL: 'http://prometheus.example.com/graph?g0.expr=kube_node_status_condition',
        startsAt: new Date().toISOString(),
      },
    ]),
  });
  expect(res.status).toBe(200);
}

interface Silence {
  id: string;
  status: { state: string };
  matchers: Array<{ name: string; value: string; isRegex: boolean; isEqual: boolean }>;
  createdBy: string;
  comment: string;
  endsAt: string;
}

async function silences(node: string): Promise<Silence[]> {
  const res = await fetch(`${am.url}/api/v2/silences`);
  return ((await res.json()) as Silence[]).filter((s) => s.matchers.some((m) => m.value === node));
}

const deliveriesFor = (node: string) => tap.deliveries.filter((d) => d.body.groupLabels.node === node).length;
const rootOf = (node: string) => slack.messages(CHANNEL).find((m) => m.text.includes(node));
const replyIn = (root: SlackFakeMessage, text: string) =>
  slack.replies(CHANNEL, root.ts).filter((m) => JSON.stringify(m.blocks).includes(text));
const control = (root: SlackFakeMessage, id: string) => controlsOf(root).find((c) => c.action_id === id);
const press = (root: SlackFakeMessage, c: Control, option?: string) =>
  click({ url: server?.url ?? '', signingSecret: SECRET, channel: CHANNEL }, root, c, option);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('Silence 2h creates the incident’s silence in Alertmanager, which stops its notifications; Expire ends it', async () => {
  const node = 'node-silence-1';
  await fire(node);
  const first = await until('the root in Slack', () => rootOf(node), 20_000);
  // Alertmanager repeats the notification every second while nothing silences it.
  await until('a repeated notification', () => deliveriesFor(node) >= 3, 15_000);

  // The root: a menu of the configured durations, and the links (the query on an allowed host; the runbook's
  // host is not allowed, so it is no link; the prefilled silence form; the cause's documentation).
  const menu = control(first, 'silence');
  expect(menu?.type).toBe('static_select');
  expect(menu?.options?.map((o) => o.text.text)).toEqual(['Silence 2h', 'Silence 8h']);
  const rootJson = JSON.stringify(first.blocks);
  expect(rootJson).toContain(
    '<http://prometheus.example.com/graph?g0.expr=kube_node_status_condition|Prometheus query>',
  );
  expect(rootJson).not.toContain('runbooks.elsewhere.example');
  expect(rootJson).toContain(
    `<https://alertmanager.example.com/#/silences/new?filter=${encodeURIComponent(`{alertname="KubeNodeNotReady",node="${node}",cluster="prod"}`)}|Silence in Alertmanager>`,
  );
  expect(slack.calls.filter((c) => c.status !== 200 || c.error)).toEqual([]);

  const clickedAt = Date.now();
  expect(
    (await press(first, menu as Control, `incident:${incidentRef(`${CLUSTER}/${node}`)} 2h`)).status,
  ).toBe(200);
  const said = await until('the silence in the thread', () => replyIn(first, 'Silenced by')[0], 15_000);
  expect(JSON.stringify(said.blocks)).toContain('<@U0ONCALL>');

  const [silence, ...more] = (await silences(node)).filter((s) => s.status.state === 'active');
  expect(more).toEqual([]);
  expect(silence?.matchers).toEqual([
    { name: 'alertname', value: 'KubeNodeNotReady', isRegex: false, isEqual: true },
    { name: 'node', value: node, isRegex: false, isEqual: true },
    { name: 'cluster', value: CLUSTER, isRegex: false, isEqual: true },
  ]);
  expect(silence?.createdBy).toBe('U0ONCALL');
  expect(silence?.comment).toContain(`${CLUSTER}/${node}`);
  const hours = (Date.parse(silence?.endsAt ?? '') - clickedAt) / 3_600_000;
  expect(hours).toBeGreaterThan(1.99);
  expect(hours).toBeLessThan(2.01);
  expect(JSON.stringify(said.blocks)).toContain(silence?.id);

  // The root shows the silence and offers to expire it.
  const silenced = await until(
    'the root edited with the silence',
    () => {
      const root = rootOf(node);
      return root && control(root, 'expire_silence') ? root : undefined;
    },
    10_000,
  );
  expect(JSON.stringify(silenced.blocks)).toContain(`Alertmanager silence \`${silence?.id}\``);
  expect(control(silenced, 'silence')).toBeUndefined();

  // Alertmanager stops notifying: after what was in flight, nothing for three repeat intervals.
  await sleep(1500);
  const quiet = deliveriesFor(node);
  await sleep(3500);
  expect(deliveriesFor(node)).toBe(quiet);
  const alerts = (await (await fetch(`${am.url}/api/v2/alerts?silenced=true`)).json()) as Array<{
    labels: Record<string, string>;
    status: { state: string; silencedBy: string[] };
  }>;
  expect(alerts.find((a) => a.labels.node === node)?.status).toMatchObject({
    state: 'suppressed',
    silencedBy: [silence?.id],
  });

  // Expire: the silence is over in Alertmanager, said in the thread, and the notifications come back.
  expect((await press(silenced, control(silenced, 'expire_silence') as Control)).status).toBe(200);
  await until('the expiry in the thread', () => replyIn(first, 'expired by')[0], 15_000);
  const [expired] = await silences(node);
  expect(expired?.status.state).toBe('expired');
  await until('notifications again', () => deliveriesFor(node) > quiet, 15_000);
  const after = await until(
    'the root without the silence',
    () => {
      const root = rootOf(node);
      return root && control(root, 'silence') ? root : undefined;
    },
    10_000,
  );
  expect(control(after, 'expire_silence')).toBeUndefined();
  expect(slack.calls.filter((c) => c.status !== 200 || c.error)).toEqual([]);
}, 60_000);

it('Alertmanager unreachable: the thread is told once, the job waits on the fault, and one silence follows', async () => {
  const node = 'node-silence-2';
  await fire(node);
  const root = await until('the root in Slack', () => rootOf(node), 20_000);
  await proxy.set('refuse');
  try {
    const menu = control(root, 'silence') as Control;
    expect((await press(root, menu, `incident:${incidentRef(`${CLUSTER}/${node}`)} 8h`)).status).toBe(200);
    const notice = await until(
      'the notice in the thread',
      () => replyIn(root, 'Could not create the silence')[0],
      20_000,
    );
    expect(JSON.stringify(notice.blocks)).toContain('ECONNREFUSED');
    expect(JSON.stringify(notice.blocks)).toContain('tried again');
    // The fault handling: /readyz names Alertmanager's fault, the log says jobs are kept.
    const ready = (await (await fetch(`${server?.url}/readyz`)).json()) as { downstream?: unknown };
    expect(JSON.stringify(ready)).toContain('alertmanager');
    expect(server?.logs.join('\n')).toMatch(/alertmanager is unavailable \(ECONNREFUSED\)/);
    const metrics = await (await fetch(`${server?.url}/metrics`)).text();
    expect(sample(metrics, 'pleg_downstream_up{transport="alertmanager"}')).toBe(0);
  } finally {
    await proxy.set('none');
  }
  await until('the silence once Alertmanager answers', () => replyIn(root, 'Silenced by')[0], 30_000).catch(
    (error: unknown) => {
      throw new Error(`${(error as Error).message}\n${server?.logs.join('\n')}`);
    },
  );
  const active = (await silences(node)).filter((s) => s.status.state === 'active');
  expect(active).toHaveLength(1);
  // Once the batch that carried it is through, Alertmanager counts as up again.
  await until(
    'pleg_downstream_up for alertmanager back at 1',
    async () =>
      sample(
        await (await fetch(`${server?.url}/metrics`)).text(),
        'pleg_downstream_up{transport="alertmanager"}',
      ) === 1,
    10_000,
  );
  // Said once, not on every retry.
  expect(replyIn(root, 'Could not create the silence')).toHaveLength(1);
}, 60_000);

it('Alertmanager refuses the silence (400): its words in the thread, nothing left pending', async () => {
  // The responder's clock two days behind: the silence it asks for ended already, which Alertmanager refuses.
  const past = Date.now() - 2 * 86_400_000;
  const db = openStateDb(join(dir, 'refused'));
  const store = new SqliteIncidentStore(db);
  const threads = new RespondPipeline({
    store,
    chat: new SlackChat({ token: BOT, slackApiUrl: slack.apiUrl, minIntervalMs: 0 }),
    silences: new AlertmanagerSilences({ url: am.url }),
    policy: {
      channel: CHANNEL,
      reopenWindowMs: 3_600_000,
      storm: { threshold: 5, windowMs: 60_000 },
      stormEditIntervalMs: 10_000,
      silences: { durationsSeconds: [7200], onAcknowledge: false },
    },
    now: () => new Date(past),
  });
  const node = 'node-refused';
  await threads.handle(CLUSTER, node, [alertJob(node, { labels: { cluster: CLUSTER } })]);
  const root = rootOf(node) as SlackFakeMessage;
  const chat: Job = {
    kind: 'chat',
    dedupKey: 'chat:silence-refused',
    cluster: '',
    node: '',
    receivedAt: new Date(past).toISOString(),
    request: { action: 'silence', seconds: 7200 },
    reply: { channel: CHANNEL, threadTs: root.ts, user: 'U0ONCALL' },
    incidentRef: incidentRef(`${CLUSTER}/${node}`),
  };
  await threads.handle('', '', [chat]);
  const [refused] = replyIn(root, 'Could not create the silence');
  expect(JSON.stringify(refused?.blocks)).toMatch(/HTTP 400: .*past/);
  const record = await store.get(`${CLUSTER}/${node}`);
  expect(record?.pending).toEqual([]);
  expect(record?.silence).toBeUndefined();
  expect(await silences(node)).toEqual([]);
  db.close();
}, 30_000);

it('a create whose answer was lost is found again, not doubled; auth goes as configured', async () => {
  const node = 'node-retried';
  const request = {
    matchers: [
      { name: 'alertname', value: 'PlegRelistSlow|PlegRelistStuck', isRegex: true, isEqual: true },
      { name: 'node', value: node, isRegex: false, isEqual: true },
      { name: 'cluster', value: CLUSTER, isRegex: false, isEqual: true },
    ],
    startsAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    createdBy: 'U0ONCALL',
    comment: `pleg-responder: ${CLUSTER}/${node} (episode 1) — test`,
  };
  const seen: string[] = [];
  const recording: typeof fetch = (input, init) => {
    seen.push(new Headers(init?.headers).get('authorization') ?? '');
    return fetch(input, init);
  };
  const bearer = new AlertmanagerSilences({ url: am.url, bearerToken: 'am-token', fetch: recording });
  const first = await bearer.create(request);
  const basic = new AlertmanagerSilences({ url: am.url, basicAuth: 'pleg:s3cret:x', fetch: recording });
  expect(await basic.create(request)).toEqual(first);
  expect((await silences(node)).filter((s) => s.status.state === 'active')).toHaveLength(1);
  expect(seen).toContain('Bearer am-token');
  expect(seen).toContain(`Basic ${btoa('pleg:s3cret:x')}`);
  await basic.expire(first.id);
  // Expiring again is done already, not an outage.
  await basic.expire(first.id);
  expect((await silences(node))[0]?.status.state).toBe('expired');
});

it('the incident’s silence names its node and cluster exactly (cluster="" without the label): other clusters stay unsilenced', async () => {
  const node = 'node-in-three-clusters';
  // One node name in cluster prod, in cluster staging, and in an alert without a cluster label.
  const labelSets = {
    prod: { alertname: 'KubeNodeNotReady', node, cluster: 'prod' },
    staging: { alertname: 'KubeNodeNotReady', node, cluster: 'staging' },
    none: { alertname: 'KubeNodeNotReady', node },
  };
  const posted = await fetch(`${am.url}/api/v2/alerts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      Object.values(labelSets).map((labels) => ({ labels, startsAt: new Date().toISOString() })),
    ),
  });
  expect(posted.status).toBe(200);
  const state = async () => {
    const alerts = (await (await fetch(`${am.url}/api/v2/alerts`)).json()) as Array<{
      labels: Record<string, string>;
      status: { state: string; silencedBy: string[] };
    }>;
    const mine = alerts.filter((a) => a.labels.node === node && a.labels.alertname === 'KubeNodeNotReady');
    return Object.fromEntries(
      mine.map((a) => [
        a.labels.cluster ?? 'none',
        a.status.silencedBy.length > 0 ? 'silenced' : a.status.state,
      ]),
    );
  };
  await until(
    'the three alerts in Alertmanager',
    async () => Object.keys(await state()).length === 3,
    10_000,
  );
  const adapter = new AlertmanagerSilences({ url: am.url });
  const silence = async (cluster: string, labels: Record<string, string>) => {
    // The incident as the responder keeps it: the job's cluster is DEFAULT_CLUSTER when the alert has none.
    const inc = incident(`${cluster}/${node}`, { signals: [alertJob(node, { cluster, labels })] });
    const matchers = incidentMatchers(inc) ?? [];
    const endsAt = new Date(Date.now() + 3_600_000).toISOString();
    await adapter.create({
      matchers,
      startsAt: new Date().toISOString(),
      endsAt,
      createdBy: 'test',
      comment: inc.key,
    });
    return matchers;
  };

  // The alert without a cluster label: its incident is in DEFAULT_CLUSTER, its silence matches cluster="".
  const matchers = await silence('default', labelSets.none);
  await until('the unlabelled alert silenced', async () => (await state()).none === 'silenced', 10_000);
  expect(await state()).toEqual({ prod: 'active', staging: 'active', none: 'silenced' });
  expect(matchers).toContainEqual({ name: 'cluster', value: '', isRegex: false, isEqual: true });

  // prod's incident silences prod's alert, and staging's stays active.
  await silence('prod', labelSets.prod);
  await until('prod silenced too', async () => (await state()).prod === 'silenced', 10_000);
  expect(await state()).toEqual({ prod: 'silenced', staging: 'active', none: 'silenced' });
});
