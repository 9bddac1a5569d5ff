import { afterAll, beforeAll, expect, it } from 'vitest';
import { until } from '../support/chat.ts';
import { startServerWithSlack } from '../support/server.ts';
import { click } from '../support/slack-click.ts';
import type { SlackFakeMessage } from '../support/slack-fake.ts';

/** How the Slack routes read the silence controls: a duration after the incident reference, or a clear 400. */

const SECRET = 'controls-signing-secret-0123456789';
const CHANNEL = 'C0CONTROLS';
let root: SlackFakeMessage;
let setup: Awaited<ReturnType<typeof startServerWithSlack>>;
beforeAll(async () => {
  setup = await startServerWithSlack({
    token: 'xoxb-controls',
    channel: CHANNEL,
    signingSecret: SECRET,
    postIntervalMs: 0,
  });
  // A message for the controls to sit on (the answers go to its thread).
  await fetch(`${setup.fake.apiUrl}chat.postMessage`, {
    method: 'POST',
    headers: { authorization: 'Bearer xoxb-controls', 'content-type': 'application/json' },
    body: JSON.stringify({ channel: CHANNEL, text: 'an incident root' }),
  });
  root = setup.fake.messages(CHANNEL)[0] as SlackFakeMessage;
});
afterAll(() => setup.close());

const REF = `incident:${'a'.repeat(32)}`;
const press = (
  control: {
    type: string;
    action_id: string;
    value?: string;
    options?: { value: string; text: { text: string } }[];
  },
  option?: string,
) => click({ url: setup.server.url, signingSecret: SECRET, channel: CHANNEL }, root, control, option);

it('a button or a menu choice with a duration is queued; the responder answers about the incident it names', async () => {
  expect((await press({ type: 'button', action_id: 'silence', value: `${REF} 2h` })).status).toBe(200);
  const menu = {
    type: 'static_select',
    action_id: 'silence',
    options: [{ value: `${REF} 8h`, text: { text: 'Silence 8h' } }],
  };
  expect((await press(menu, `${REF} 8h`)).status).toBe(200);
  expect((await press({ type: 'button', action_id: 'expire_silence', value: REF })).status).toBe(200);
  // No open incident has that reference: each is answered in the thread, none is dropped.
  const answers = await until(() => {
    const replies = setup.fake.replies(CHANNEL, root.ts);
    return replies.length >= 3 ? replies : undefined;
  });
  for (const answer of answers) expect(answer.text).toBe('That incident is no longer open.');
});

it('a missing, unknown or out-of-range duration is refused with 400 and says where', async () => {
  for (const value of [REF, `${REF} 2x`, `${REF} 31d`, `${REF} 2h extra`, `${REF} 0m`]) {
    const res = await press({ type: 'button', action_id: 'silence', value });
    expect(res.status, value).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('payload.actions[0].value');
  }
  // A menu with no choice carries no value at all.
  expect((await press({ type: 'static_select', action_id: 'silence' })).status).toBe(400);
});
