import { afterAll, beforeAll, expect, it } from 'vitest';
import { until } from '../support/chat.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post, startServerWithSlack, type TestServer } from '../support/server.ts';
import type { SlackFake } from '../support/slack-fake.ts';
import { signedForm } from '../support/slack-payloads.ts';

const BOT = 'xoxb-e2e-token';
const SECRET = 'e2e-signing-secret-0123456789';
const CHANNEL = 'C0E2E';
let fake: SlackFake;
let s: TestServer;

let setup: Awaited<ReturnType<typeof startServerWithSlack>>;
beforeAll(async () => {
  setup = await startServerWithSlack({ token: BOT, channel: CHANNEL, signingSecret: SECRET });
  ({ fake, server: s } = setup);
});
afterAll(() => setup.close());

async function slash(text: string, responseUrl: string): Promise<Response> {
  const form = {
    command: '/pleg',
    text,
    channel_id: CHANNEL,
    user_id: 'U0ONCALL',
    team_id: 'T1',
    response_url: responseUrl,
    trigger_id: `${Date.now()}.${Math.random()}`,
  };
  return fetch(`${s.url}/v1/slack/commands`, await signedForm(SECRET, form));
}

it('alert in → thread in Slack; /pleg diagnose answers in that thread; /pleg status lists it', async () => {
  expect((await post(`${s.url}/v1/alertmanager`, alertmanagerPayload([alert('worker-7')]))).status).toBe(202);
  const root = await until(() => fake.messages(CHANNEL)[0]);
  expect(root.text).toContain('worker-7');
  await until(() => fake.replies(CHANNEL, root.ts).length === 1);

  const ack = await slash('diagnose worker-7 prod', fake.responseUrl());
  expect(ack.status).toBe(200);
  expect(((await ack.json()) as { response_type: string }).response_type).toBe('ephemeral');
  await until(() => fake.replies(CHANNEL, root.ts).length === 2);

  const url = fake.responseUrl();
  expect((await slash('status', url)).status).toBe(200);
  const answer = await until(() => fake.responses(url)[0]);
  expect(JSON.stringify(answer)).toContain('worker-7');
}, 30_000);
