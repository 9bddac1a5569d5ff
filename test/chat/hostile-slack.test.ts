import { afterAll, beforeAll, expect, it } from 'vitest';
import { escapeMrkdwn } from '../../shared/chat/mrkdwn.ts';
import { incidentButtonValue } from '../../shared/incidents/incident-ref.ts';
import { until } from '../support/chat.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post, startServerWithSlack, type TestServer } from '../support/server.ts';
import { type Control, click, controlsOf } from '../support/slack-click.ts';
import type { SlackFake, SlackFakeMessage } from '../support/slack-fake.ts';

const BOT = 'xoxb-hostile-token';
const SECRET = 'hostile-signing-secret-0123456789';
const CHANNEL = 'C0HOSTILE';
let fake: SlackFake;
let s: TestServer;

let setup: Awaited<ReturnType<typeof startServerWithSlack>>;
beforeAll(async () => {
  setup = await startServerWithSlack({
    token: BOT,
    channel: CHANNEL,
    signingSecret: SECRET,
    postIntervalMs: 0,
  });
  ({ fake, server: s } = setup);
});
afterAll(() => setup.close());

const clickOn = (root: SlackFakeMessage, button: Control) =>
  click({ url: s.url, signingSecret: SECRET, channel: CHANNEL }, root, button);

it('a 102,419-character incident key: buttons carry a short reference that the responder resolves', async () => {
  const cluster = `c${'x'.repeat(102_418)}`;
  const payload = alertmanagerPayload([
    alert('node-long', { labels: { ...alert('node-long').labels, cluster } }),
  ]);
  expect((await post(`${s.url}/v1/alertmanager`, payload)).status).toBe(202);
  const root = await until(() => fake.messages(CHANNEL).find((m) => m.text.includes('node-long')));
  const buttons = controlsOf(root);
  expect(buttons.map((b) => b.action_id)).toEqual(['rediagnose', 'other_runtime', 'acknowledge']);
  for (const b of buttons) expect(b.value).toBe(incidentButtonValue(`${cluster}/node-long`));
  expect(buttons[0]?.value?.length).toBeLessThanOrEqual(2000);
  // Nothing Slack refused along the way (the fake checks Block Kit limits, the value's 2,000 included).
  expect(fake.calls.filter((c) => c.status !== 200 || c.error)).toEqual([]);

  const acknowledge = buttons.find((b) => b.action_id === 'acknowledge') as Control;
  expect((await clickOn(root, acknowledge)).status).toBe(200);
  const thanks = await until(() =>
    fake.replies(CHANNEL, root.ts).find((m) => m.text === 'Acknowledged' || m.text.includes('Acknowledged')),
  );
  expect(JSON.stringify(thanks.blocks)).toContain('<@U0ONCALL>');
}, 30_000);

it('labels cannot ping the channel or plant a link outside code in the thread', async () => {
  const node = 'node-mentions';
  expect((await post(`${s.url}/v1/alertmanager`, alertmanagerPayload([alert(node)]))).status).toBe(202);
  const root = await until(() => fake.messages(CHANNEL).find((m) => m.text.includes(node)));
  const downstream = alert(node, {
    fingerprint: 'fp-downstream',
    labels: {
      alertname: 'KubePodNotReady',
      node,
      cluster: 'prod',
      namespace: '@here <!channel> @channel',
      pod: 'https://evil.example/p.sh',
    },
  });
  expect((await post(`${s.url}/v1/alertmanager`, alertmanagerPayload([downstream]))).status).toBe(202);
  const folded = await until(() =>
    fake.replies(CHANNEL, root.ts).find((m) => JSON.stringify(m.blocks).includes('evil.example')),
  );
  const text = (folded.blocks as Array<{ text?: { text: string } }>)
    .map((b) => b.text?.text ?? '')
    .join('\n');
  // Outside code spans, nothing Slack would read as a broadcast or auto-link.
  const outsideCode = text.replace(/`[^`]*`/g, '');
  expect(outsideCode).not.toMatch(/(^|[^\w@])@(here|channel|everyone)\b/);
  expect(outsideCode).not.toContain('<!channel>');
  expect(outsideCode).not.toMatch(/https?:\/\//);
  expect(text).toContain('`https://evil.example/p.sh`');
  expect(text).toContain(escapeMrkdwn('@here'));
  expect(escapeMrkdwn('@here')).toBe('@\u2060here');
}, 30_000);
