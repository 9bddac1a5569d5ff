import type { KnownBlock } from '@slack/types';
import { type Logger, LogLevel, WebClient } from '@slack/web-api';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat/port.ts';
import { fitMessage, SlackChat, SlackChatError, type SlackChatOptions } from '../../shared/chat/slack.ts';
import { faultOf } from '../../shared/faults.ts';
import { virtualClock } from '../support/clock.ts';
import { validateBlocks } from '../support/slack-content.ts';
import { type SlackFake, type SlackFakeOptions, startSlackFake } from '../support/slack-fake.ts';

const TOKEN = 'xoxb-1111-2222-pLeGsEcReTtOkEn';
const INCIDENTS = 'C0INCIDENTS';
const OTHER = 'C0OTHERTEAM';

/** Captures what @slack/web-api logs (at debug level) so tests can check the token never shows up. */
function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log =
    (level: string) =>
    (...msg: unknown[]): void => {
      lines.push(`${level} ${msg.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' ')}`);
    };
  return {
    lines,
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    setLevel: () => undefined,
    getLevel: () => LogLevel.DEBUG,
    setName: () => undefined,
  };
}

const msg = (text: string, blocks: KnownBlock[] = [{ type: 'section', text: { type: 'mrkdwn', text } }]) => ({
  text,
  blocks,
});

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`rejected with a non-Error: ${String(error)}`);
  }
  throw new Error('expected a rejection');
}

let fake: SlackFake;
let clock: ReturnType<typeof virtualClock>;
let logger: ReturnType<typeof captureLogger>;

async function restartFake(options: Partial<SlackFakeOptions> = {}): Promise<void> {
  await fake.close();
  fake = await startSlackFake({ token: TOKEN, channels: [INCIDENTS, OTHER], now: clock.now, ...options });
}

function chat(options: Partial<SlackChatOptions> = {}): SlackChat {
  return new SlackChat({
    token: TOKEN,
    slackApiUrl: fake.apiUrl,
    now: clock.now,
    sleep: clock.sleep,
    logger,
    ...options,
  });
}

beforeEach(async () => {
  clock = virtualClock(1_700_000_000_000);
  logger = captureLogger();
  fake = await startSlackFake({
    token: TOKEN,
    channels: [INCIDENTS, OTHER],
    notInChannel: ['C0NOTINVITED'],
    now: clock.now,
  });
});

afterEach(async () => {
  await fake.close();
});

describe('SlackChat against the Slack fake (real WebClient)', () => {
  it('posts an incident root, replies in its thread and updates the root in place', async () => {
    const slack = chat();
    const root = await slack.post(INCIDENTS, msg(':red_circle: node-a NotReady'));
    expect(root.channel).toBe(INCIDENTS);
    expect(root.ts).toMatch(/^\d{10}\.\d{6}$/);
    const reply = await slack.post(INCIDENTS, msg('cause: containerd hung'), root.ts);
    expect(Number(reply.ts)).toBeGreaterThan(Number(root.ts));
    await slack.update(INCIDENTS, root.ts, msg(':large_green_circle: node-a Ready again'));

    const [top, ...rest] = fake.messages(INCIDENTS);
    expect(rest).toEqual([]);
    expect(top).toMatchObject({ ts: root.ts, text: ':large_green_circle: node-a Ready again', edited: true });
    expect(fake.replies(INCIDENTS, root.ts).map((m) => m.text)).toEqual(['cause: containerd hung']);
    // The web-api client sends a form with blocks JSON-stringified; the reply went out after the 1 s spacing.
    expect(fake.calls.map((c) => [c.method, c.status, c.contentType])).toEqual([
      ['chat.postMessage', 200, 'application/x-www-form-urlencoded'],
      ['chat.postMessage', 200, 'application/x-www-form-urlencoded'],
      ['chat.update', 200, 'application/x-www-form-urlencoded'],
    ]);
    expect(fake.calls[1]?.thread_ts).toBe(root.ts);
    expect(clock.slept).toEqual([1000, 1000]);
  });

  it("surfaces Slack's error code: unknown channel, not invited, bad thread_ts, unknown ts", async () => {
    const slack = chat();
    const unknown = await rejection(slack.post('C0NOSUCH', msg('x')));
    expect(unknown).toBeInstanceOf(SlackChatError);
    expect(unknown.message).toMatch(/channel_not_found/);
    expect((unknown as SlackChatError).code).toBe('channel_not_found');
    expect((unknown as SlackChatError).fault).toBe('misconfigured');

    expect((await rejection(slack.post('C0NOTINVITED', msg('x')))).message).toMatch(/not_in_channel/);

    const root = await slack.post(INCIDENTS, msg('root'));
    const reply = await slack.post(INCIDENTS, msg('reply'), root.ts);
    const badThread = await rejection(slack.post(INCIDENTS, msg('x'), '1795288999.000100'));
    expect(badThread.message).toMatch(/thread_not_found/);
    // About this message, not Slack or our configuration: the job spends an attempt.
    expect(faultOf(badThread)).toBeUndefined();
    // thread_ts must be the parent's ts, never a reply's.
    expect((await rejection(slack.post(INCIDENTS, msg('x'), reply.ts))).message).toMatch(/thread_not_found/);
    expect((await rejection(slack.update(INCIDENTS, '1795288999.000100', msg('x')))).message).toMatch(
      /message_not_found/,
    );
    expect(fake.messages(INCIDENTS)).toHaveLength(1);
  });

  it('reports invalid_auth for a wrong token without the token in the error or the logs', async () => {
    const wrong = 'xoxb-9999-8888-wRoNgSeCrEt';
    const slack = chat({ token: wrong });
    const error = await rejection(slack.post(INCIDENTS, msg('x')));
    expect(error.message).toMatch(/invalid_auth/);
    expect((error as SlackChatError).code).toBe('invalid_auth');
    expect(faultOf(error)).toEqual({ transport: 'slack', fault: 'misconfigured', code: 'invalid_auth' });
    for (const text of [error.message, String(error.stack), JSON.stringify(error), ...logger.lines]) {
      expect(text).not.toContain(wrong);
      expect(text).not.toContain('wRoNgSeCrEt');
    }
    // The right token also never reaches the logs, even at debug level.
    await chat().post(INCIDENTS, msg('ok'));
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.lines.join('\n')).not.toContain('pLeGsEcReTtOkEn');
  });

  it('reports a refused connection as Slack unavailable, with the socket error code and no token', async () => {
    const address = fake.apiUrl;
    await fake.close();
    const error = await rejection(chat({ slackApiUrl: address }).post(INCIDENTS, msg('x')));
    expect(error).toBeInstanceOf(SlackChatError);
    expect(faultOf(error)).toEqual({ transport: 'slack', fault: 'unavailable', code: 'ECONNREFUSED' });
    expect(error.message).not.toContain(TOKEN);
    // The fault is the responder's to log (once, then once a minute): the SDK's own line is debug, not a warning.
    expect(logger.lines.filter((l) => !l.startsWith('debug '))).toEqual([]);
    expect(logger.lines).toContainEqual(expect.stringMatching(/^debug http request failed/));
    fake = await startSlackFake({ token: TOKEN, channels: [INCIDENTS] });
  });

  it('spaces posts to one channel by ≥1 s, while another channel is not held up (real time)', async () => {
    await fake.close();
    fake = await startSlackFake({ token: TOKEN, channels: [INCIDENTS, OTHER] });
    const slack = new SlackChat({ token: TOKEN, slackApiUrl: fake.apiUrl, logger });
    const started = Date.now();
    const [a, b, c] = await Promise.all([
      slack.post(INCIDENTS, msg('first')),
      slack.post(INCIDENTS, msg('second')),
      slack.post(OTHER, msg('elsewhere')),
    ]);
    const at = (ts: string) => fake.calls.find((call) => call.ts === ts)?.at ?? Number.NaN;
    expect(at(b.ts) - at(a.ts)).toBeGreaterThanOrEqual(1000);
    expect(at(c.ts) - started).toBeLessThan(500);
    // No 429 reached the fake: the spacing kept under Slack's limit.
    expect(fake.calls.map((call) => call.status)).toEqual([200, 200, 200]);
    expect(fake.messages(INCIDENTS).map((m) => m.text)).toEqual(['first', 'second']);
  });

  it('serialises update behind post on the same channel, in call order', async () => {
    const slack = chat();
    const root = await slack.post(INCIDENTS, msg('v1'));
    const results = await Promise.all([
      slack.update(INCIDENTS, root.ts, msg('v2')),
      slack.post(INCIDENTS, msg('detail'), root.ts),
      slack.update(INCIDENTS, root.ts, msg('v3')),
    ]);
    expect(results).toHaveLength(3);
    expect(fake.calls.map((c) => c.text)).toEqual(['v1', 'v2', 'detail', 'v3']);
    expect(clock.slept).toEqual([1000, 1000, 1000]);
    expect(fake.messages(INCIDENTS)[0]?.text).toBe('v3');
  });

  it('a failed call does not block the next one on the channel', async () => {
    const slack = chat({ minIntervalMs: 0 });
    const results = await Promise.allSettled([
      slack.post(INCIDENTS, msg('x'), '1795288999.000100'),
      slack.post(INCIDENTS, msg('after the failure')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
  });

  it('waits out a 429 (Retry-After) from the fake and retries', async () => {
    // Two workers with their own SlackChat post to one channel at once: the second is over Slack's limit.
    const first = chat();
    const second = chat();
    await first.post(INCIDENTS, msg('from worker 1'));
    const posted = await second.post(INCIDENTS, msg('from worker 2'));
    expect(fake.calls.map((c) => [c.status, c.error])).toEqual([
      [200, undefined],
      [429, 'ratelimited'],
      [200, undefined],
    ]);
    expect(clock.slept).toEqual([1000]);
    expect(fake.messages(INCIDENTS).map((m) => m.ts)).toContain(posted.ts);
  });

  it('gives up with a "rate limiting" error once maxWaitMs is spent', async () => {
    await restartFake({ postIntervalMs: 3_600_000, retryAfterSeconds: 1 });
    await chat().post(INCIDENTS, msg('takes the channel for an hour'));
    const error = await rejection(chat({ maxWaitMs: 2500 }).post(INCIDENTS, msg('job')));
    expect(error).toBeInstanceOf(SlackChatError);
    expect(error.message).toMatch(/Slack is rate limiting/);
    expect((error as SlackChatError).code).toBe('ratelimited');
    expect((error as SlackChatError).fault).toBe('unavailable');
    expect(clock.slept).toEqual([1000, 1000]);
    expect(fake.calls.filter((c) => c.status === 429)).toHaveLength(3);
  });

  it('rides out a short outage, and throws once an outage outlasts maxWaitMs', async () => {
    fake.outage(true);
    const error = await rejection(chat({ maxWaitMs: 10_000 }).post(INCIDENTS, msg('during the outage')));
    expect(error).toBeInstanceOf(SlackChatError);
    expect(error.message).toMatch(/Slack is unavailable \(http_503\)/);
    expect((error as SlackChatError).fault).toBe('unavailable');
    expect(clock.slept.reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(clock.slept).toEqual([1000, 2000, 4000, 3000]);
    expect(fake.calls.every((c) => c.status === 503)).toBe(true);
    expect(fake.messages(INCIDENTS)).toEqual([]);

    // Slack comes back while we wait.
    const recovering = chat({
      sleep: async (ms) => {
        await clock.sleep(ms);
        fake.outage(false);
      },
    });
    const posted = await recovering.post(INCIDENTS, msg('after the outage'));
    expect(fake.messages(INCIDENTS).map((m) => m.ts)).toEqual([posted.ts]);
  });

  it('cuts oversized messages to Block Kit limits with a visible note, and the fake accepts them', async () => {
    const blocks: KnownBlock[] = [
      { type: 'header', text: { type: 'plain_text', text: 'H'.repeat(400) } },
      { type: 'section', text: { type: 'mrkdwn', text: 'L'.repeat(10_000) } },
      {
        type: 'section',
        fields: Array.from({ length: 14 }, (_, i) => ({
          type: 'mrkdwn' as const,
          text: `${i}`.repeat(2500),
        })),
      },
      {
        type: 'context',
        elements: Array.from({ length: 15 }, (_, i) => ({ type: 'mrkdwn' as const, text: `c${i}` })),
      },
      ...Array.from(
        { length: 56 },
        (_, i): KnownBlock => ({ type: 'section', text: { type: 'mrkdwn', text: `b${i}` } }),
      ),
    ];
    expect(blocks).toHaveLength(60);
    const message = { text: 'T'.repeat(50_000), blocks };

    // Unfitted, Slack (the fake) refuses it.
    const raw = new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 }, logger });
    await expect(raw.chat.postMessage({ channel: INCIDENTS, ...message })).rejects.toThrow(/invalid_blocks/);

    const posted = await chat().post(INCIDENTS, message);
    const stored = fake.messages(INCIDENTS).find((m) => m.ts === posted.ts);
    if (!stored) throw new Error('not stored');
    expect(stored.text.length).toBe(40_000);
    expect(stored.text.endsWith('… (truncated)')).toBe(true);
    const sent = stored.blocks as KnownBlock[];
    expect(sent).toHaveLength(50);
    expect(sent.at(-1)).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: '_… 11 more blocks omitted_' }],
    });
    const [header, section, fields, context] = sent;
    expect(header?.type === 'header' && header.text.text.length).toBe(150);
    const text = section?.type === 'section' ? (section.text?.text ?? '') : '';
    expect(text).toHaveLength(3000);
    expect(text.endsWith('… (truncated)')).toBe(true);
    expect(fields?.type === 'section' && fields.fields?.map((f) => f.text.length)).toEqual(
      Array(10).fill(2000),
    );
    expect(context?.type === 'context' && context.elements.length).toBe(10);
    // The caller's message is left as it was.
    expect(blocks).toHaveLength(60);
    expect(message.text).toHaveLength(50_000);
  });

  it('fitMessage output always passes the Block Kit checks (property)', () => {
    const textObject = fc.record({
      type: fc.constantFrom('mrkdwn' as const, 'plain_text' as const),
      text: fc.string({ minLength: 1, maxLength: 4000 }),
    });
    const block: fc.Arbitrary<KnownBlock> = fc.oneof(
      textObject.map((text): KnownBlock => ({ type: 'section', text })),
      fc
        .array(textObject, { minLength: 1, maxLength: 14 })
        .map((fields): KnownBlock => ({ type: 'section', fields })),
      fc
        .string({ minLength: 1, maxLength: 300 })
        .map((text): KnownBlock => ({ type: 'header', text: { type: 'plain_text', text } })),
      fc
        .array(textObject, { minLength: 1, maxLength: 20 })
        .map((elements): KnownBlock => ({ type: 'context', elements })),
      fc.array(fc.string({ minLength: 1, maxLength: 120 }), { minLength: 1, maxLength: 40 }).map(
        (labels): KnownBlock => ({
          type: 'actions',
          elements: labels.map((text, i) => ({
            type: 'button',
            action_id: `a${i}`,
            text: { type: 'plain_text', text },
          })),
        }),
      ),
      fc.constant<KnownBlock>({ type: 'divider' }),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 90 }), fc.string({ maxLength: 100 }), (blocks, text) => {
        const fitted: ChatMessage = fitMessage({ text, blocks });
        expect(validateBlocks(fitted.blocks)).toBeUndefined();
        expect(fitted.blocks.length).toBe(Math.min(blocks.length, 50));
      }),
      { numRuns: 150 },
    );
  });

  it('answers through a response_url with the right response_type; a 6th use is refused', async () => {
    const slack = chat();
    const url = fake.responseUrl();
    await slack.respond(url, msg('only you can see this'), true);
    await slack.respond(url, msg('everyone sees this'), false);
    expect(fake.responses(url)).toEqual([
      {
        response_type: 'ephemeral',
        text: 'only you can see this',
        blocks: msg('only you can see this').blocks,
      },
      { response_type: 'in_channel', text: 'everyone sees this', blocks: msg('everyone sees this').blocks },
    ]);
    for (let i = 3; i <= 5; i++) await slack.respond(url, msg(`use ${i}`), true);
    const error = await rejection(slack.respond(url, msg('use 6'), true));
    expect(error.message).toMatch(/HTTP 404/);
    expect(error.message).toMatch(/used_url/);
    expect(error.message).not.toContain(new URL(url).pathname);
    expect(fake.responses(url)).toHaveLength(5);
    // respond is not held by the channel spacing.
    expect(clock.slept).toEqual([]);
  });
});

interface Answer {
  ok: boolean;
  error?: string;
  ts?: string;
  channel?: string;
  message?: { text?: string };
  response_metadata?: { messages?: string[] };
}

describe('the Slack fake itself', () => {
  const call = (method: string, body: unknown, auth = `Bearer ${TOKEN}`) =>
    fetch(`${fake.apiUrl}${method}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        ...(auth ? { Authorization: auth } : {}),
      },
      body: JSON.stringify(body),
    }).then(async (r) => ({
      status: r.status,
      retryAfter: r.headers.get('retry-after'),
      body: (await r.json()) as Answer,
    }));

  it('accepts JSON bodies and enforces auth, text, channel and Block Kit limits', async () => {
    expect((await call('chat.postMessage', { channel: INCIDENTS, text: 'x' }, '')).body.error).toBe(
      'not_authed',
    );
    expect((await call('chat.postMessage', { channel: INCIDENTS })).body.error).toBe('no_text');
    expect((await call('chat.postMessage', { channel: 'C0NOPE', text: 'x' })).body.error).toBe(
      'channel_not_found',
    );
    const button = (text: string, value = 'v') => ({
      type: 'button',
      text: { type: 'plain_text', text },
      value,
    });
    for (const blocks of [
      [{ type: 'actions', elements: Array.from({ length: 26 }, () => button('b')) }],
      [{ type: 'actions', elements: [button('b'.repeat(76))] }],
      [{ type: 'actions', elements: [button('b', 'v'.repeat(2001))] }],
      [{ type: 'actions', elements: [{ ...button('b'), action_id: 'a'.repeat(256) }] }],
      [{ type: 'section', block_id: 'i'.repeat(256), text: { type: 'mrkdwn', text: 'x' } }],
      [{ type: 'section', text: { type: 'mrkdwn', text: '' } }],
      [{ type: 'header', text: { type: 'mrkdwn', text: 'not plain' } }],
      [{ type: 'context', elements: Array.from({ length: 11 }, () => ({ type: 'mrkdwn', text: 'c' })) }],
      [{ type: 'bogus' }],
    ]) {
      const answer = await call('chat.postMessage', { channel: OTHER, text: 'x', blocks });
      expect(answer.body.error, JSON.stringify(blocks).slice(0, 80)).toBe('invalid_blocks');
      expect(answer.body.response_metadata?.messages?.[0]).toMatch(/^\[ERROR\] .*\[json-pointer:\/blocks\/0/);
    }
    const ok = await call('chat.postMessage', {
      channel: OTHER,
      text: 'x',
      blocks: [{ type: 'actions', elements: Array.from({ length: 25 }, (_, i) => button(`b${i}`)) }],
    });
    expect(ok.body).toMatchObject({ ok: true, channel: OTHER, message: { text: 'x' } });
  });

  it('answers a second post within a second with HTTP 429, Retry-After: 1 and ratelimited', async () => {
    expect((await call('chat.postMessage', { channel: INCIDENTS, text: 'one' })).status).toBe(200);
    const limited = await call('chat.postMessage', { channel: INCIDENTS, text: 'two' });
    expect(limited).toEqual({ status: 429, retryAfter: '1', body: { ok: false, error: 'ratelimited' } });
    expect((await call('chat.postMessage', { channel: OTHER, text: 'other channel' })).status).toBe(200);
    expect(fake.messages(INCIDENTS)).toHaveLength(1);
  });

  it('hands out increasing ts strings', async () => {
    const a = await call('chat.postMessage', { channel: INCIDENTS, text: 'a' });
    const b = await call('chat.postMessage', { channel: OTHER, text: 'b' });
    expect(a.body.ts).toBe('1795288000.000100');
    expect(b.body.ts).toBe('1795288000.000200');
  });
});
