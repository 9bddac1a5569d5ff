import { afterAll, beforeAll, expect, it } from 'vitest';
import { slackSignatureHex } from '../../functions/ingest/slack-signature.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post, startTestServer, type TestServer } from '../support/server.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';

const BOT = 'xoxb-e2e-token';
const SECRET = 'e2e-signing-secret-0123456789';
const CHANNEL = 'C0E2E';
let fake: SlackFake;
let s: TestServer;

beforeAll(async () => {
  fake = await startSlackFake({ token: BOT, channels: [CHANNEL] });
  s = await startTestServer({
    SLACK_BOT_TOKEN: BOT,
    SLACK_CHANNEL: CHANNEL,
    SLACK_API_URL: fake.apiUrl,
    SLACK_SIGNING_SECRET: SECRET,
  });
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

async function until<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function slash(text: string, responseUrl: string): Promise<Response> {
  const body = new URLSearchParams({
    command: '/pleg',
    text,
    channel_id: CHANNEL,
    user_id: 'U0ONCALL',
    team_id: 'T1',
    response_url: responseUrl,
    trigger_id: `${Date.now()}.${Math.random()}`,
  }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${await slackSignatureHex(SECRET, timestamp, body)}`;
  return fetch(`${s.url}/v1/slack/commands`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': signature,
    },
    body,
  });
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
