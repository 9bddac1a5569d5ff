import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { KubeLiveEvidence } from '../../functions/respond/live.ts';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { kubeConfigFor } from '../../shared/kube/collector.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import { until } from '../support/chat.ts';
import { type KubeFake, plegScenario, startKubeFake } from '../support/kube-fake.ts';
import { alertJob, alertmanagerPayload, alert as amAlert } from '../support/payloads.ts';
import { post, startTestServer } from '../support/server.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';

const NOW = new Date('2026-05-19T03:14:00Z');
const CHANNEL = 'C0LIVE';
let kube: KubeFake;
let slack: SlackFake;
let dir: string;

beforeEach(async () => {
  kube = await startKubeFake({ scenario: plegScenario({ now: NOW }) });
  slack = await startSlackFake({ token: 'xoxb-live', channels: [CHANNEL], postIntervalMs: 10 });
  dir = mkdtempSync(join(tmpdir(), 'pleg-live-'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await kube.close();
  await slack.close();
  rmSync(dir, { recursive: true, force: true });
});

function responder() {
  const live = new KubeLiveEvidence(
    new Map([['prod-eu', kubeConfigFor({ kubeconfig: kube.writeKubeconfig() })]]),
    3000,
    () => NOW,
  );
  return new RespondPipeline({
    store: new SqliteIncidentStore(openStateDb(dir)),
    chat: new SlackChat({ token: 'xoxb-live', slackApiUrl: slack.apiUrl, minIntervalMs: 10 }),
    policy: {
      channel: CHANNEL,
      reopenWindowMs: 3_600_000,
      storm: { threshold: 5, windowMs: 60_000 },
      stormEditIntervalMs: 10_000,
    },
    live,
    now: () => NOW,
  });
}

const alert = alertJob('node-a', {
  cluster: 'prod-eu',
  dedupKey: 'alert:live:firing',
  receivedAt: NOW.toISOString(),
});

it('an alert that says only "NotReady" becomes a cited diagnosis from what the cluster says about the node', async () => {
  await responder().handle('prod-eu', 'node-a', [alert]);
  const root = slack.messages(CHANNEL)[0];
  expect(root?.text).toContain('File descriptors or inotify exhausted');
  const reply = JSON.stringify(slack.replies(CHANNEL, root?.ts ?? '')[0]?.blocks);
  expect(reply).toContain('too many open files');
  expect(kube.requests.some((r) => r.path.includes('/proxy/logs/'))).toBe(true);
});

it('without nodes/proxy the thread says what could not be read and how to grant it', async () => {
  kube.fault({ path: /\/proxy\//, status: 403 });
  await responder().handle('prod-eu', 'node-a', [alert]);
  const root = slack.messages(CHANNEL)[0];
  const reply = JSON.stringify(slack.replies(CHANNEL, root?.ts ?? '')[0]?.blocks);
  expect(reply).toContain('To settle it, collect');
  expect(reply).toContain('nodes/proxy');
});

it('the Node host composes the same responder: without Slack, the console thread carries the live diagnosis', async () => {
  vi.stubEnv('KUBECONFIG', kube.writeKubeconfig({ context: 'eu-admin' }));
  const s = await startTestServer({ KUBE_CONTEXTS: 'prod-eu=eu-admin', DEFAULT_CLUSTER: 'prod-eu' });
  try {
    const payload = alertmanagerPayload([
      amAlert('node-a', {
        labels: { alertname: 'KubeNodeNotReady', node: 'node-a', cluster: 'prod-eu', severity: 'critical' },
      }),
    ]);
    expect((await post(`${s.url}/v1/alertmanager`, payload)).status).toBe(202);
    const root = await until(() => s.console.roots().find((t) => t.shown.includes('node-a NotReady')));
    expect(root.shown).toContain('File descriptors or inotify exhausted');
    const reply = await until(() => s.console.replies(root.ts)[0]);
    expect(reply.shown).toContain('too many open files');
  } finally {
    await s.close();
  }
});

it('the Node host refuses a kubeconfig context it does not have before it listens', async () => {
  vi.stubEnv('KUBECONFIG', kube.writeKubeconfig({ context: 'eu-admin' }));
  await expect(startTestServer({ KUBE_CONTEXTS: 'prod-eu=us-admin' })).rejects.toThrow(
    'kubeconfig has no context "us-admin" (contexts: eu-admin)',
  );
});
