import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { slackSignatureHex } from '../../functions/ingest/slack/signature.ts';
import { alert, alertmanagerPayload, nodeNotReadyEvent } from '../support/payloads.ts';
import { post, startTestServer, type TestServer } from '../support/server.ts';

/**
 * Bodies per route. The default keeps the file near 20 s on a shared CI runner; `PLEG_FUZZ_RUNS=10000` is the
 * full run (about five minutes on two cores).
 */
const RUNS = Number(process.env.PLEG_FUZZ_RUNS ?? 500);
/** No reply is larger: 20 issues with cut paths, whatever the body. */
const MAX_REPLY_BYTES = 32 * 1024;
const SECRET = 'fuzz-signing-secret-0123456789';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ INGEST_MAX_BODY_BYTES: String(1024 * 1024), SLACK_SIGNING_SECRET: SECRET });
});
afterAll(async () => s.close());

const valid: Record<string, unknown> = {
  '/v1/alertmanager': alertmanagerPayload([alert('node-a'), alert('node-b')]),
  '/v1/events': [nodeNotReadyEvent('node-a')],
  '/v1/bundles': {
    node: 'node-a',
    conditions: [{ type: 'Ready', status: 'False' }],
    logs: { kubelet: 'x' },
    counts: { pods: 3 },
    unavailable: [{ what: 'kubelet logs', why: 'forbidden' }],
  },
};

/** Replaces the value at a random path of a valid payload: the malformed bodies real senders produce. */
function mutate(value: unknown, choices: number[], replacement: unknown): unknown {
  if (choices.length === 0 || value === null || typeof value !== 'object') return replacement;
  const [choice = 0, ...rest] = choices;
  if (Array.isArray(value)) {
    if (value.length === 0) return replacement;
    const i = choice % value.length;
    return value.map((v, j) => (j === i ? mutate(v, rest, replacement) : v));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  const key = keys[choice % keys.length] ?? '';
  return { ...value, [key]: mutate((value as Record<string, unknown>)[key], rest, replacement) };
}

/** A marker replaced by raw JSON text after stringifying: nesting too deep for JSON.stringify itself. */
const DEEP = '\u0000deep\u0000';

/** What the red team sent, placed anywhere in a valid payload. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.nat({ max: 12_000 }).map((depth) => `${DEEP}${depth}`),
  fc.tuple(fc.nat({ max: 100_000 }), fc.constantFrom(1, 'x', null, {}, [])).map(([n, v]) => Array(n).fill(v)),
  fc
    .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.jsonValue({ maxDepth: 2 }))
    .map(([key, v]) => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(v) ?? 'null'}}`)),
  fc
    .tuple(fc.nat({ max: 200_000 }), fc.constantFrom('x', '\u001b[31m', '@here ', 'https://e.example/ '))
    .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length))),
  fc.nat({ max: 30_000 }).map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
);

function render(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0000deep\\u0000(\d+)"/g, (_, depth: string) => {
    const n = Number(depth);
    return `${'{"d":['.repeat(n)}1${']}'.repeat(n)}`;
  });
}

const body = (route: string) =>
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
    fc
      .tuple(fc.array(fc.nat(), { maxLength: 5 }), fc.jsonValue())
      .map(([path, replacement]) => JSON.stringify(mutate(valid[route], path, replacement))),
    fc
      .tuple(fc.array(fc.nat(), { maxLength: 6 }), hostileValue)
      .map(([path, replacement]) => render(mutate(valid[route], path, replacement))),
  );
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
);
const contentEncoding = fc.constantFrom(undefined, undefined, undefined, 'identity', 'gzip', 'br');

async function checkedReply(r: Response, allowed: number[]): Promise<boolean> {
  const text = await r.text();
  expect(text.length, `${r.status} reply of ${text.length} characters`).toBeLessThanOrEqual(MAX_REPLY_BYTES);
  return allowed.includes(r.status);
}

it.each(Object.keys(valid))(
  '%s: malformed and hostile bodies, never a 5xx, every reply bounded',
  async (route) => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body(route), contentType, contentEncoding, async (text, type, encoding) => {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        if (encoding) headers['content-encoding'] = encoding;
        const r = await post(`${s.url}${route}`, text, headers);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        return checkedReply(r, [202, 400, 413, 415]);
      }),
      { numRuns: RUNS },
    );
    expect([...statuses.keys()].every((code) => code < 500)).toBe(true);
    expect(statuses.get(400)).toBeGreaterThan(0);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  },
  Math.max(120_000, RUNS * 100),
);

async function signedPost(path: string, form: string): Promise<Response> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return fetch(`${s.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': `v0=${await slackSignatureHex(SECRET, timestamp, form)}`,
    },
    body: form,
  });
}

const slackForm = (path: string) =>
  path.endsWith('/interactions')
    ? fc
        .oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.tuple(fc.array(fc.nat(), { maxLength: 4 }), hostileValue).map(([p, v]) =>
            render(
              mutate(
                {
                  type: 'block_actions',
                  user: { id: 'U1' },
                  channel: { id: 'C1' },
                  message: { ts: '1.2' },
                  actions: [{ action_id: 'rediagnose', value: 'incident:0' }],
                },
                p,
                v,
              ),
            ),
          ),
          fc.string({ maxLength: 300 }),
        )
        .map((payload) => new URLSearchParams({ payload }).toString())
    : fc
        .record({
          text: fc.oneof(
            fc.string({ maxLength: 300 }),
            fc.constant('diagnose node-a'),
            fc.constant('status'),
          ),
          user_id: fc.oneof(fc.constant('U1'), fc.string({ maxLength: 80 })),
          channel_id: fc.constant('C1'),
          trigger_id: fc.string({ minLength: 1, maxLength: 300 }),
        })
        .map((fields) => new URLSearchParams(fields).toString());

it.each(['/v1/slack/commands', '/v1/slack/interactions'])(
  '%s: signed malformed and hostile forms, never a 5xx, every reply bounded',
  async (path) => {
    await fc.assert(
      fc.asyncProperty(slackForm(path), async (form) =>
        checkedReply(await signedPost(path, form), [200, 400, 413]),
      ),
      { numRuns: Math.ceil(RUNS / 3) },
    );
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  },
  Math.max(120_000, RUNS * 100),
);
