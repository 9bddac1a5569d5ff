import { afterEach, expect, it, vi } from 'vitest';
import { type KubeFake, plegScenario, startKubeFake } from '../support/kube-fake.ts';
import { openNodeIncident } from '../support/remediation-thread.ts';
import { startServerWithSlack } from '../support/server.ts';
import { clickPayload, controlsOf } from '../support/slack-click.ts';
import type { SlackFakeMessage } from '../support/slack-fake.ts';
import { signedForm } from '../support/slack-payloads.ts';

/**
 * Remediation end to end: the server with Slack (HTTP routes) and the Kubernetes API fake. An alert opens the
 * thread with the remediation buttons, people press them, the approval and the guards are checked, the calls reach
 * the API server and the thread, the log and the metric say so.
 */

const SECRET = 'remediation-signing-secret-0123456789';
const CHANNEL = 'C0REMEDY';
let kube: KubeFake | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await close?.();
  await kube?.close();
  close = undefined;
  kube = undefined;
});

async function start(env: Record<string, string>) {
  kube = await startKubeFake({ scenario: plegScenario({ pods: 6, otherNodes: 5 }) });
  vi.stubEnv('KUBECONFIG', kube.writeKubeconfig({ context: 'eu-admin' }));
  const setup = await startServerWithSlack({
    token: 'xoxb-remedy',
    channel: CHANNEL,
    signingSecret: SECRET,
    postIntervalMs: 0,
    userGroups: { SPLATFORM: ['U0MEMBER'] },
    env: { KUBE_CONTEXTS: 'prod-eu=eu-admin', DEFAULT_CLUSTER: 'prod-eu', ...env },
  });
  close = setup.close;
  const opened = await openNodeIncident(setup.server.url, setup.fake, CHANNEL);
  /** Presses `control` on `message` as `user`; the payload, so a test can send it again as Slack would. */
  const press = async (message: SlackFakeMessage, actionId: string, user: string, payload?: unknown) => {
    const control = opened.buttons(message).find((c) => c.action_id === actionId);
    if (!control) throw new Error(`no ${actionId} on the message: ${JSON.stringify(controlsOf(message))}`);
    const sent = payload ?? clickPayload({ channel: CHANNEL, user }, message, control);
    const res = await fetch(
      `${setup.server.url}/v1/slack/interactions`,
      await signedForm(SECRET, { payload: JSON.stringify(sent) }),
    );
    expect(res.status).toBe(200);
    return sent;
  };
  return { setup, ...opened, press };
}

const mutations = () => (kube?.requests ?? []).filter((r) => r.method !== 'GET');

it('REMEDIATION=off: the root has no remediation button', async () => {
  const { root, buttons } = await start({});
  expect(buttons(root()).map((b) => b.action_id)).not.toContain('remediate_drain');
});

it('a drain needs a second allowed person; the requester, a stranger and a replay change nothing; the approval drains through evictions and the thread, log and metric say each step', async () => {
  const t = await start({
    REMEDIATION: 'on',
    REMEDIATION_ALLOW_DRAIN: 'U0ONCALL,SPLATFORM',
    REMEDIATION_MAX_POOL_PERCENT: '50',
    REMEDIATION_DRAIN_SECONDS: '5',
    RESPOND_VISIBILITY_SECONDS: '30',
  });
  expect(t.buttons(t.root()).map((b) => b.action_id)).toEqual(
    expect.arrayContaining(['remediate_cordon', 'remediate_drain', 'remediate_replace']),
  );
  await t.press(t.root(), 'remediate_drain', 'U0ONCALL');
  const request = await t.said('remediation_approve');
  expect(mutations()).toEqual([]);

  await t.press(request, 'remediation_approve', 'U0ONCALL');
  await t.said('the requester cannot approve their own request');
  await t.press(request, 'remediation_approve', 'U0STRANGER');
  await t.said('is not on `REMEDIATION_ALLOW_DRAIN`');
  expect(mutations()).toEqual([]);

  // U0MEMBER is allowed through the SPLATFORM user group.
  const approval = await t.press(request, 'remediation_approve', 'U0MEMBER');
  const report = await t.said('Stuck Terminating');
  const text = JSON.stringify(report.blocks);
  expect(text).toContain('node.kubernetes.io/out-of-service=nodeshutdown:NoExecute');
  expect(text).toContain('PATCH nodes node-a (spec.unschedulable=true) → 200');
  expect(mutations().filter((r) => r.path.endsWith('/eviction')).length).toBeGreaterThan(0);
  expect(mutations().some((r) => r.method === 'DELETE')).toBe(false);
  const node = kube?.objects('Node').find((n) => n.metadata.name === 'node-a');
  expect((node?.spec as { unschedulable?: boolean } | undefined)?.unschedulable).toBe(true);

  // Slack delivers the approval again: nothing more reaches the cluster.
  const before = mutations().length;
  await t.press(request, 'remediation_approve', 'U0MEMBER', approval);
  await new Promise((r) => setTimeout(r, 500));
  expect(mutations().length).toBe(before);

  const metrics = await (await fetch(`${t.setup.server.url}/metrics`)).text();
  for (const outcome of ['requested', 'approval_needed', 'refused', 'approved', 'api_call', 'incomplete'])
    expect(metrics).toMatch(
      new RegExp(`pleg_remediation_actions_total\\{action="drain",outcome="${outcome}"\\} \\d`),
    );
  expect(t.setup.server.logs.some((l) => l.includes('remediation drain approved'))).toBe(true);
  // The root shows the job and offers Uncordon.
  expect(JSON.stringify(t.root().blocks)).toContain('remediate_uncordon');
});

it('dry-run answers with the calls it would make and makes none', async () => {
  const t = await start({
    REMEDIATION: 'dry-run',
    REMEDIATION_ALLOW_CORDON: 'U0ONCALL',
    REMEDIATION_MAX_POOL_PERCENT: '50',
  });
  await t.press(t.root(), 'remediate_cordon', 'U0ONCALL');
  const report = await t.said('Dry-run');
  expect(JSON.stringify(report.blocks)).toContain('PATCH nodes node-a (spec.unschedulable=true)');
  expect(mutations()).toEqual([]);
});

it('the pool guard refuses and says its numbers', async () => {
  const t = await start({
    REMEDIATION: 'on',
    REMEDIATION_ALLOW_CORDON: 'U0ONCALL',
    REMEDIATION_MAX_POOL_PERCENT: '10',
  });
  await t.press(t.root(), 'remediate_cordon', 'U0ONCALL');
  await t.said('above `REMEDIATION_MAX_POOL_PERCENT`=10 %');
  expect(mutations()).toEqual([]);
});
