import { afterAll, beforeAll, expect, it } from 'vitest';
import { until } from '../support/chat.ts';
import { lintMetrics, sample } from '../support/metrics.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post, startServerWithSlack, type TestServer } from '../support/server.ts';
import { clickPayload, controlsOf } from '../support/slack-click.ts';
import type { SlackFake } from '../support/slack-fake.ts';
import { slashCommand } from '../support/slack-payloads.ts';
import type { SocketModeFake } from '../support/slack-socket-mode-fake.ts';

// The real server with SLACK_APP_TOKEN and no signing secret: /pleg and the buttons come over Socket Mode, the
// answers go out through the Web API, and nothing reaches the server from outside but the alert.

const BOT = 'xoxb-socket-e2e';
const APP = 'xapp-1-A0PLEGFAKE-e2e-0123456789abcdef';
const CHANNEL = 'C0SOCKET';
let fake: SlackFake;
let slack: SocketModeFake;
let s: TestServer;

let setup: Awaited<ReturnType<typeof startServerWithSlack>>;
beforeAll(async () => {
  setup = await startServerWithSlack({ token: BOT, channel: CHANNEL, appToken: APP });
  ({ fake, server: s } = setup);
  slack = fake.socketMode();
});
let closed = false;
afterAll(() => (closed ? undefined : setup.close()));

/** The Socket Mode state /readyz shows, once it is `state` (polled, as a probe would). */
async function socketModeState(state: string): Promise<unknown> {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
    const shown = ((await (await fetch(`${s.url}/readyz`)).json()) as { slackSocketMode?: { state: string } })
      .slackSocketMode;
    if (shown?.state === state) return shown;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Socket Mode never reached ${state}`);
}

it('alert in → thread; /pleg diagnose and a button over Socket Mode answer in that thread; no HTTP route', async () => {
  expect(await socketModeState('connected')).toMatchObject({ reconnects: 0 });
  const metrics = await (await fetch(`${s.url}/metrics`)).text();
  expect(sample(metrics, 'pleg_slack_socket_mode_connected')).toBe(1);
  expect(sample(metrics, 'pleg_slack_socket_mode_reconnects_total')).toBe(0);
  lintMetrics(metrics);
  // Without a signing secret the HTTP routes are not there: Socket Mode is the only way in.
  expect((await fetch(`${s.url}/v1/slack/commands`, { method: 'POST' })).status).toBe(404);

  expect((await post(`${s.url}/v1/alertmanager`, alertmanagerPayload([alert('worker-7')]))).status).toBe(202);
  const root = await until(() => fake.messages(CHANNEL)[0]);
  await until(() => fake.replies(CHANNEL, root.ts).length === 1);

  const diagnose = slack.send(
    'slash_commands',
    slashCommand('diagnose worker-7 prod', { channel_id: CHANNEL, response_url: fake.responseUrl() }),
  );
  const ack = await until(() => diagnose.acked);
  expect(ack.payload?.text).toContain('Diagnosing `worker-7` in cluster `prod`…');
  await until(() => fake.replies(CHANNEL, root.ts).length === 2);

  const acknowledge = controlsOf(root).find((c) => c.action_id === 'acknowledge');
  expect(acknowledge).toBeDefined();
  if (!acknowledge) return;
  const pressed = slack.send(
    'interactive',
    clickPayload({ channel: CHANNEL, user: 'U0ONCALL' }, root, acknowledge),
  );
  expect((await until(() => pressed.acked)).payload ?? {}).toEqual({});
  const said = await until(() => fake.replies(CHANNEL, root.ts).find((m) => m.text === 'Acknowledged'));
  expect(JSON.stringify(said.blocks)).toContain('<@U0ONCALL>');

  const url = fake.responseUrl();
  const status = slack.send(
    'slash_commands',
    slashCommand('status', { channel_id: CHANNEL, response_url: url }),
  );
  await until(() => status.acked);
  const answer = await until(() => fake.responses(url)[0]);
  expect(JSON.stringify(answer)).toContain('worker-7');
  expect(slack.violations).toEqual([]);
  expect(slack.envelopes.every((e) => e.acked && !e.acked.late && e.deliveries.length === 1)).toBe(true);
}, 30_000);

it('closes the Socket Mode connection when the server stops', async () => {
  expect(slack.openConnections()).toBe(1);
  closed = true;
  await setup.close();
  expect(slack.openConnections()).toBe(0);
});

it('the responder alone (ROLE=respond, no route at all) takes /pleg over Socket Mode into its queue and answers', async () => {
  const alone = await startServerWithSlack({
    token: BOT,
    channel: CHANNEL,
    appToken: APP,
    env: { ROLE: 'respond' },
  });
  try {
    const socket = alone.fake.socketMode();
    await until(() => socket.openConnections() === 1);
    const readyz = (await (await fetch(`${alone.server.url}/readyz`)).json()) as {
      slackSocketMode?: { state: string };
    };
    expect(['connecting', 'connected']).toContain(readyz.slackSocketMode?.state);
    expect(
      (await post(`${alone.server.url}/v1/alertmanager`, alertmanagerPayload([alert('w')]))).status,
    ).toBe(404);
    const url = alone.fake.responseUrl();
    const diagnose = socket.send(
      'slash_commands',
      slashCommand('diagnose worker-9 prod', { channel_id: CHANNEL, response_url: url }),
    );
    expect((await until(() => diagnose.acked)).payload?.text).toContain('Diagnosing `worker-9`');
    // Queued, then answered by the same process's responder.
    const answer = await until(() => alone.fake.messages(CHANNEL)[0] ?? alone.fake.responses(url)[0]);
    expect(JSON.stringify(answer)).toContain('worker-9');
    expect(socket.violations).toEqual([]);
  } finally {
    await alone.close();
  }
}, 30_000);
