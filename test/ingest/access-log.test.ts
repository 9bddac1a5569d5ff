import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ACCESS_LINES_PER_MINUTE, accessLog } from '../../functions/ingest/access-log.ts';
import type { Logger } from '../../functions/log/port.ts';
import { recordingLogger } from '../support/log.ts';

function app(log: Logger, now: () => number) {
  const a = new Hono();
  a.use(accessLog(log, now));
  a.post('/v1/events', (c) =>
    c.req.header('authorization') === 'Bearer right-token-0000'
      ? c.json({ queued: 1 }, 202)
      : c.json({ error: 'unauthorised', issues: [] }, 401),
  );
  a.get('/readyz', (c) => c.json({ error: 'queue unreachable', issues: [] }, 503));
  return a;
}

describe('the access line', () => {
  it('names method, path, status, reason, duration and request id, never the body, query or headers', async () => {
    const { log, lines } = recordingLogger();
    const a = app(log, () => 0);
    const refused = await a.request('/v1/events?token=query-secret-1234', {
      method: 'POST',
      headers: { authorization: 'Bearer wrong-token-0000' },
      body: '{"secret":"body-secret-5678"}',
    });
    await a.request('/readyz');
    await a.request('/v1/events', { method: 'POST', headers: { authorization: 'Bearer right-token-0000' } });
    expect(lines.map((l) => [l.level, l.message, l.fields.status])).toEqual([
      ['warn', 'request refused', 401],
      ['error', 'request failed', 503],
      ['debug', 'request', 202],
    ]);
    expect(lines[0]?.fields).toEqual({
      requestId: refused.headers.get('x-request-id'),
      method: 'POST',
      path: '/v1/events',
      status: 401,
      reason: 'unauthorised',
      durationMs: expect.any(Number),
    });
    expect(lines[1]?.fields.reason).toBe('queue unreachable');
    expect(JSON.stringify(lines)).not.toMatch(/query-secret|body-secret|wrong-token|right-token/);
  });

  it("keeps a caller's request id when it looks like one, and makes one otherwise", async () => {
    const { log, lines } = recordingLogger();
    const a = app(log, () => 0);
    await a.request('/readyz', { headers: { 'x-request-id': 'lb-7f3a.42' } });
    await a.request('/readyz', { headers: { 'x-request-id': 'bad id\twith "quotes"' } });
    expect(lines[0]?.fields.requestId).toBe('lb-7f3a.42');
    expect(lines[1]?.fields.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes at most the budget a minute for one kind of refusal, then says how many it left out', async () => {
    const { log, lines } = recordingLogger();
    let clock = 0;
    const a = app(log, () => clock);
    const probe = () => a.request('/readyz');
    const wrongToken = () => a.request('/v1/events', { method: 'POST' });
    for (let i = 0; i < 25; i++) await probe();
    await wrongToken();
    expect(lines.filter((l) => l.fields.status === 503)).toHaveLength(ACCESS_LINES_PER_MINUTE);
    expect(lines.filter((l) => l.fields.status === 401)).toHaveLength(1);
    clock += 60_000;
    await probe();
    expect(lines.at(-1)?.fields).toMatchObject({ status: 503, suppressed: 25 - ACCESS_LINES_PER_MINUTE });
    await probe();
    expect(lines.at(-1)?.fields.suppressed).toBeUndefined();
  });
});
