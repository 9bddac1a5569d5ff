import { afterEach, expect, it, vi } from 'vitest';
import { until } from '../support/chat.ts';
import { type KubeFake, plegScenario, startKubeFake } from '../support/kube-fake.ts';
import { openNodeIncident } from '../support/remediation-thread.ts';
import { startServerWithSlack } from '../support/server.ts';
import { clickPayload } from '../support/slack-click.ts';
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
  const { root, buttons, said } = await openNodeIncident(setup.server.url, setup.fake, CHANNEL);
  const press = async (message: SlackFakeMessage, id: string, user: string) => {
    const control = buttons(message).find((c) => c.action_id === id);
    if (!control) throw new Error(`no ${id}`);
    const sent = socket.send('interactive', clickPayload({ channel: CHANNEL, user }, message, control));
    await until(() => sent.acked);
  };
  const mutations = () => (kube?.requests ?? []).filter((r) => r.method !== 'GET');

  await press(root(), 'remediate_drain', 'U0ONCALL');
  const request = await said('remediation_approve');
  await press(request, 'remediation_approve', 'U0ONCALL');
  await said('the requester cannot approve their own request');
  expect(mutations()).toEqual([]);

  await press(request, 'remediation_approve', 'U0SECOND');
  await said('PATCH nodes node-a (spec.unschedulable=true) → 200');
  expect(mutations().some((r) => r.path.endsWith('/eviction'))).toBe(true);
  expect(mutations().some((r) => r.method === 'DELETE')).toBe(false);
});
