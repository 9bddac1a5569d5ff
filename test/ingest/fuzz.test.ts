import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alert, alertmanagerPayload, nodeNotReadyEvent } from '../support/payloads.ts';
import { post, startTestServer, type TestServer } from '../support/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ INGEST_MAX_BODY_BYTES: '16384' });
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

const body = (route: string) =>
  fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 200 }),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
    fc
      .tuple(fc.array(fc.nat(), { maxLength: 5 }), fc.jsonValue())
      .map(([path, replacement]) => JSON.stringify(mutate(valid[route], path, replacement))),
    fc.nat({ max: 40_000 }).map((n) => JSON.stringify({ node: 'n', logs: { other: 'y'.repeat(n) } })),
  );
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  '',
);

it.each(Object.keys(valid))(
  '%s: thousands of malformed bodies, never a 5xx, never a crash',
  async (route) => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body(route), contentType, async (text, type) => {
        const r = await post(`${s.url}${route}`, text, type ? { 'content-type': type } : {});
        await r.arrayBuffer();
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        return [202, 400, 413, 415].includes(r.status);
      }),
      { numRuns: 1000 },
    );
    expect([...statuses.keys()].every((code) => code < 500)).toBe(true);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  },
  120_000,
);
