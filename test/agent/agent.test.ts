import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Agent } from '../../functions/agent/agent.ts';
import { kubeletGet, plegAgeSeconds } from '../../functions/agent/kubelet.ts';
import { bundleKey, Spool } from '../../functions/agent/spool.ts';
import { DEFAULT_POLICY, decide, INITIAL_STATE, type Signs } from '../../functions/agent/trigger.ts';
import { silentLogger } from '../../functions/log/port.ts';
import { hashedKey } from '../../shared/schemas/job.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pleg-agent-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dirs = 0;
const dir = (name: string) => {
  const path = join(scratch, `${name}-${++dirs}`);
  mkdirSync(path, { recursive: true });
  return path;
};

describe('trigger', () => {
  const sick: Signs = { healthz: { ok: false, detail: 'connection refused' } };
  const healthy: Signs = {
    healthz: { ok: true, detail: 'ok' },
    plegAgeSeconds: 2,
    runtime: { ok: true, detail: 'answers' },
  };

  it('collects once a sign is seen in two rounds in a row, then waits, doubling while the node stays sick', () => {
    let state = INITIAL_STATE;
    const at = (min: number) => min * 60_000;
    const step = (signs: Signs, min: number) => {
      const d = decide(signs, state, at(min));
      state = d.state;
      return d.collect;
    };
    expect(step(sick, 0)).toBe(false); // one round is not a sign
    expect(step(sick, 0.2)).toBe(true);
    expect(step(sick, 5)).toBe(false);
    expect(step(sick, 10.2)).toBe(true); // 10 min later
    expect(step(sick, 25)).toBe(false); // then 20 min
    expect(step(sick, 30.2)).toBe(true);
    expect(step(healthy, 31)).toBe(false); // healthy: the episode is over
    expect(state).toEqual(INITIAL_STATE);
  });

  it('reads each sign: healthz, PLEG beyond the threshold, the runtime not answering', () => {
    const state = { ...INITIAL_STATE, sickRounds: 1 };
    expect(decide({ plegAgeSeconds: 200 }, state, 0).reasons).toEqual([
      'PLEG last seen 200 s ago (threshold 180 s)',
    ]);
    expect(decide({ plegAgeSeconds: 179 }, state, 0).collect).toBe(false);
    expect(
      decide({ runtime: { ok: false, detail: 'containerd CRI Version: timeout' } }, state, 0).collect,
    ).toBe(true);
    expect(decide(healthy, state, 0, DEFAULT_POLICY).collect).toBe(false);
  });

  it('kubelet_pleg_last_seen_seconds as an age', () => {
    const metrics = '# TYPE kubelet_pleg_last_seen_seconds gauge\nkubelet_pleg_last_seen_seconds 1.7e+09\n';
    expect(plegAgeSeconds(metrics, 1_700_000_240_000)).toBe(240);
    expect(plegAgeSeconds('kubelet_running_pods 3\n', 0)).toBeUndefined();
  });
});

describe('reading the PLEG gauge from the kubelet', () => {
  const family = (name: string, lines: number) =>
    Array.from({ length: lines }, (_, i) => `${name}_bucket{le="${i}"} ${i}\n`).join('');
  /** A kubelet that writes `head`, then `tail` in chunks and, unless told to end, keeps the answer open. */
  async function kubelet(head: string, tail: string, end: boolean) {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      res.write(head);
      res.write(tail);
      if (end) res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    return {
      url,
      close: () => {
        server.closeAllConnections();
        server.close();
      },
    };
  }
  const pleg =
    '# HELP kubelet_pleg_last_seen_seconds Timestamp in seconds when PLEG was last seen active.\n' +
    '# TYPE kubelet_pleg_last_seen_seconds gauge\nkubelet_pleg_last_seen_seconds 1.7e+09\n';

  it('stops reading once the family has gone by, without waiting for the rest of the body', async () => {
    // The answer never ends: only a reader that stops at the next family resolves before the timeout.
    const k = await kubelet(
      family('kubelet_http_requests_duration_seconds', 2000) + pleg,
      family('kubelet_runtime_operations_duration_seconds', 2000),
      false,
    );
    try {
      const r = await kubeletGet({ url: k.url }, 5000, 'kubelet_pleg_last_seen_seconds');
      expect(r).toEqual({ status: 200, body: 'kubelet_pleg_last_seen_seconds 1.7e+09\n' });
    } finally {
      k.close();
    }
  });

  it("stops at the next family's comments as well as at its samples", async () => {
    const k = await kubelet(pleg, '# HELP kubelet_pod_start_duration_seconds x\n', false);
    try {
      const r = await kubeletGet({ url: k.url }, 5000, 'kubelet_pleg_last_seen_seconds');
      expect(plegAgeSeconds(r.body, 1_700_000_240_000)).toBe(240);
    } finally {
      k.close();
    }
  });

  it('reads to the end when the family is last, or absent, or the whole body is asked for', async () => {
    const last = await kubelet(family('a_metric', 10), pleg.slice(0, -1), true);
    const absent = await kubelet(family('a_metric', 10), family('z_metric', 10), true);
    try {
      expect((await kubeletGet({ url: last.url }, 5000, 'kubelet_pleg_last_seen_seconds')).body).toBe(
        'kubelet_pleg_last_seen_seconds 1.7e+09\n',
      );
      expect((await kubeletGet({ url: absent.url }, 5000, 'kubelet_pleg_last_seen_seconds')).body).toBe('');
      expect((await kubeletGet({ url: absent.url }, 5000)).body).toBe(
        family('a_metric', 10) + family('z_metric', 10),
      );
    } finally {
      last.close();
      absent.close();
    }
  });

  it('gives up on an answer that never ends and never holds the family', async () => {
    const k = await kubelet(family('a_metric', 10), '', false);
    try {
      await expect(kubeletGet({ url: k.url }, 300, 'kubelet_pleg_last_seen_seconds')).rejects.toThrow(
        'no answer within 300 ms',
      );
    } finally {
      k.close();
    }
  });
});

describe('spool', () => {
  const bundle = (n: number) => ({ node: 'worker-7', logs: { kubelet: `line ${n} ${'x'.repeat(1000)}` } });

  it('keys a bundle as ingest does', () => {
    expect(bundleKey(bundle(1))).toBe(hashedKey('bundle', [bundle(1)]));
  });

  it('bounded: the oldest dropped first; the same bundle never spooled twice', () => {
    let now = 1000;
    const spool = new Spool(dir('bounded'), { maxFiles: 3, maxBytes: 1_000_000, maxSent: 10 }, () => now++);
    for (const n of [1, 2, 3]) expect(spool.put(bundle(n)).added).toBe(true);
    expect(spool.put(bundle(2))).toMatchObject({ added: false, dropped: [] });
    expect(spool.put(bundle(4)).dropped).toEqual([bundleKey(bundle(1))]);
    expect(spool.pending().map((p) => p.key)).toEqual([2, 3, 4].map((n) => bundleKey(bundle(n))));
    const bySize = new Spool(dir('bytes'), { maxFiles: 10, maxBytes: 2500, maxSent: 10 }, () => now++);
    for (const n of [1, 2, 3]) bySize.put(bundle(n));
    expect(bySize.pending()).toHaveLength(2);
  });

  it('a bundle marked sent is never spooled or posted again', () => {
    const spool = new Spool(dir('sent'));
    spool.put(bundle(1));
    const [item] = spool.pending();
    if (!item) throw new Error('not spooled');
    spool.markSent(item);
    expect(spool.pending()).toEqual([]);
    expect(spool.put(bundle(1)).added).toBe(false);
  });
});

/** A kubelet whose PLEG stopped 10 minutes ago, and an ingest that fails as told. */
async function serve(handler: (req: IncomingMessage, body: string) => [number, string]): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const [status, text] = handler(req, body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
const urlOf = (server: Server, path: string) =>
  new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);

describe('agent: signs → one collection → spool → post, never twice', () => {
  it('spools while the ingest is down, posts once it is back, and a restart does not post it again', async () => {
    const kubelet = await serve((req) =>
      req.url === '/metrics'
        ? [200, `kubelet_pleg_last_seen_seconds ${Date.now() / 1000 - 600}\n`]
        : [500, '[-]syncloop failed'],
    );
    const posted: Array<{ auth?: string; body: { node: string; trigger?: { reasons: string[] } } }> = [];
    let ingestUp = false;
    const ingest = await serve((req, body) => {
      if (!ingestUp) return [503, '{"error":"queue unavailable, retry later","issues":[]}'];
      posted.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      return [202, '{"queued":1,"dropped":[]}'];
    });
    const spoolDir = dir('agent-spool');
    let now = Date.now();
    const agent = (spool = new Spool(spoolDir)) =>
      new Agent({
        intervalMs: 10,
        checkTimeoutMs: 1000,
        healthz: { url: urlOf(kubelet, '/healthz') },
        metrics: { url: urlOf(kubelet, '/metrics') },
        collect: {
          root: dir('root'),
          proc: dir('proc'),
          budgetMs: 5000,
          probeTimeoutMs: 1000,
          since: '-1h',
          journalLines: 10,
          maxBytes: 512 * 1024,
          node: 'worker-7',
          settleMs: 10,
        },
        post: { url: urlOf(ingest, '/v1/bundles'), token: 'agent-test-token-0123456789' },
        spool,
        log: silentLogger,
        now: () => now,
      });
    try {
      const first = agent();
      await first.round(); // one round: not yet a sign
      expect(readdirSync(join(spoolDir, 'pending'))).toEqual([]);
      await first.round(); // confirmed: collects, posting fails (503), the bundle stays spooled
      expect(readdirSync(join(spoolDir, 'pending'))).toHaveLength(1);
      expect(posted).toHaveLength(0);

      ingestUp = true;
      await first.round(); // still within the backoff: nothing sent, nothing collected again
      expect(posted).toHaveLength(0);
      now += 10 * 60_000 - 1; // past the post backoff, before the next collection is due
      await first.round();
      expect(posted).toHaveLength(1);
      expect(posted[0]?.auth).toBe('Bearer agent-test-token-0123456789');
      expect(posted[0]?.body.node).toBe('worker-7');
      expect(posted[0]?.body.trigger?.reasons).toEqual([
        'kubelet healthz failing: HTTP 500 [-]syncloop failed',
        expect.stringMatching(/^PLEG last seen 6\d\d s ago \(threshold 180 s\)$/),
      ]);
      expect(readdirSync(join(spoolDir, 'pending'))).toEqual([]);

      // A restart (a new process on the same spool) finds nothing to send again.
      const spool = new Spool(spoolDir);
      const key = bundleKey(posted[0]?.body as never);
      expect(spool.wasSent(key)).toBe(true);
      expect(spool.put(posted[0]?.body as never).added).toBe(false);
      await agent(spool).flush();
      expect(posted).toHaveLength(1);
    } finally {
      kubelet.close();
      ingest.close();
    }
  });
});
