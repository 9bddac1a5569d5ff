import { afterEach, expect, it, vi } from 'vitest';
import { until } from '../support/chat.ts';
import { type KubeFake, plegScenario, startKubeFake } from '../support/kube-fake.ts';
import { alertmanagerPayload, alert as amAlert } from '../support/payloads.ts';
import { post, startServerWithSlack } from '../support/server.ts';
import { type Control, clickPayload } from '../support/slack-click.ts';
import type { SlackFakeMessage } from '../support/slack-fake.ts';

/**
 * Remediation over Socket Mode (SLACK_APP_TOKEN, no signing secret): the buttons and the approval arrive as
 * Socket Mode envelopes through the same handler as the signed HTTP routes, and reach the Kubernetes API only
 * with an allowed second person's approval.
 */

const CHANNEL = 'C0SOCKREM';
let kube: KubeFake | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await close?.();
  await kube?.close();
  close = undefined;
  kube = undefined;
});

it('a drain pressed and approved over Socket Mode: nothing changes before the second person, then evictions', async () => {
  kube = await startKubeFake({ scenario: plegScenario({ pods: 4, otherNodes: 5 }) });
  vi.stubEnv('KUBECONFIG', kube.writeKubeconfig({ context: 'eu-admin' }));
  const setup = await startServerWithSlack({
    token: 'xoxb-sock-remedy',
    channel: CHANNEL,
    appToken: 'xapp-1-A0PLEGFAKE-remedy-0123456789abcdef',
    postIntervalMs: 0,
    env: {
      KUBE_CONTEXTS: 'prod-eu=eu-admin',
      DEFAULT_CLUSTER: 'prod-eu',
      REMEDIATION: 'on',
      REMEDIATION_ALLOW_DRAIN: 'U0ONCALL,U0SECOND',
      REMEDIATION_MAX_POOL_PERCENT: '50',
      REMEDIATION_DRAIN_SECONDS: '5',
      RESPOND_VISIBILITY_SECONDS: '30',
    },
  });
  close = setup.close;
  const socket = setup.fake.socketMode();
  const payload = alertmanagerPayload([
    amAlert('node-a', {
      labels: { alertname: 'KubeNodeNotReady', node: 'node-a', cluster: 'prod-eu', severity: 'critical' },
    }),
  ]);
  expect((await post(`${setup.server.url}/v1/alertmanager`, payload)).status).toBe(202);
  const root = await until(() => setup.fake.messages(CHANNEL).find((m) => m.text.includes('node-a')));
  await until(() => (setup.fake.replies(CHANNEL, root.ts).length > 0 ? true : undefined));
  const current = () => setup.fake.messages(CHANNEL).find((m) => m.ts === root.ts) as SlackFakeMessage;
  const control = (message: SlackFakeMessage, id: string): Control => {
    const found = message.blocks
      .filter((b) => (b as { type: string }).type === 'actions')
      .flatMap((b) => (b as { elements: Control[] }).elements)
      .find((c) => c.action_id === id);
    if (!found) throw new Error(`no ${id}`);
    return found;
  };
  const press = async (message: SlackFakeMessage, id: string, user: string) => {
    const sent = socket.send(
      'interactive',
      clickPayload({ channel: CHANNEL, user }, message, control(message, id)),
    );
    await until(() => sent.acked);
  };
  const said = (text: string) =>
    until(
      () => setup.fake.replies(CHANNEL, root.ts).find((m) => JSON.stringify(m.blocks).includes(text)),
      15_000,
    );
  const mutations = () => (kube?.requests ?? []).filter((r) => r.method !== 'GET');

  await press(current(), 'remediate_drain', 'U0ONCALL');
  const request = await said('remediation_approve');
  await press(request, 'remediation_approve', 'U0ONCALL');
  await said('the requester cannot approve their own request');
  expect(mutations()).toEqual([]);

  await press(request, 'remediation_approve', 'U0SECOND');
  await said('PATCH nodes node-a (spec.unschedulable=true) → 200');
  expect(mutations().some((r) => r.path.endsWith('/eviction'))).toBe(true);
  expect(mutations().some((r) => r.method === 'DELETE')).toBe(false);
});
