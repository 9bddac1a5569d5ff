import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VerdictSchema } from '../../shared/schemas/diagnosis.ts';
import { until } from '../support/chat.ts';
import { lintMetrics as lint, sample } from '../support/metrics.ts';
import { alert, alertmanagerPayload, nodeNotReadyEvent } from '../support/payloads.ts';
import { post, startTestServer, type TestServer, TOKEN } from '../support/server.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ INGEST_MAX_BODY_BYTES: '65536' });
});
afterAll(async () => s.close());

async function json(r: Response) {
  return (await r.json()) as {
    queued?: number;
    dropped?: Array<{ reason: string; count: number }>;
    error?: string;
    issues?: Array<{ path: string; message: string }>;
  };
}

describe('POST /v1/alertmanager', () => {
  it('queues one job per alert, firing and resolved: a thread for the firing node, the resolution closes nothing', async () => {
    const r = await post(
      `${s.url}/v1/alertmanager`,
      alertmanagerPayload([alert('node-a'), alert('node-b', { status: 'resolved' })]),
    );
    expect(r.status).toBe(202);
    expect(await json(r)).toEqual({ queued: 2, dropped: [] });
    const root = await until(() => s.console.roots().find((t) => t.shown.includes('node-a NotReady')));
    await until(() => s.console.replies(root.ts).length === 1);
    await until(() => s.logs.find((l) => l.includes('resolution for prod/node-b without an open incident')));
    expect(s.console.roots().filter((t) => t.shown.includes('node-b'))).toEqual([]);
  });

  it('reports alerts that Alertmanager truncated', async () => {
    const r = await post(`${s.url}/v1/alertmanager`, alertmanagerPayload([alert('node-c')], 7));
    expect(await json(r)).toEqual({
      queued: 1,
      dropped: [{ reason: 'truncated by Alertmanager (max_alerts)', count: 7 }],
    });
  });

  it('names each invalid field', async () => {
    const bad = alertmanagerPayload([alert('node-d')]) as Record<string, unknown>;
    bad.version = '3';
    (bad.alerts as Array<Record<string, unknown>>)[0] = {
      ...alert('node-d'),
      status: 'burning',
      labels: { node: 5 },
    };
    const r = await post(`${s.url}/v1/alertmanager`, bad);
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.error).toBe('invalid payload');
    expect(body.issues?.map((i) => i.path).sort()).toEqual([
      'alerts[0].labels.node',
      'alerts[0].status',
      'version',
    ]);
  });

  it('rejects an empty alert list', async () => {
    const r = await post(`${s.url}/v1/alertmanager`, alertmanagerPayload([]));
    expect(r.status).toBe(400);
    expect((await json(r)).issues?.[0]?.path).toBe('alerts');
  });
});

describe('POST /v1/events', () => {
  it('accepts core/v1, events.k8s.io/v1, arrays and the event-exporter body; drops what is not node health', async () => {
    const modern = {
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { name: 'x', namespace: 'default', uid: 'uid-modern' },
      regarding: { kind: 'Node', name: 'node-e' },
      reason: 'NodeNotReady',
      note: 'Node node-e status is now: NodeNotReady',
      reportingController: 'kubelet',
      eventTime: '2026-11-21T03:00:00.000000Z',
      type: 'Normal',
    };
    const exporter = {
      ...nodeNotReadyEvent('node-f'),
      clusterName: 'edge',
      involvedObject: { kind: 'Node', name: 'node-f', labels: {}, deleted: false },
    };
    const podNoise = {
      ...nodeNotReadyEvent('node-g'),
      involvedObject: { kind: 'Pod', name: 'web-1', namespace: 'shop' },
      reason: 'Pulled',
    };
    const r = await post(`${s.url}/v1/events`, [nodeNotReadyEvent('node-e'), modern, exporter, podNoise]);
    expect(r.status).toBe(202);
    expect(await json(r)).toEqual({ queued: 3, dropped: [{ reason: 'not about node health', count: 1 }] });
    const single = await post(`${s.url}/v1/events`, nodeNotReadyEvent('node-h'));
    expect(await json(single)).toEqual({ queued: 1, dropped: [] });
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toContain('pleg_ingest_dropped_total{route="events",reason="not about node health"} 1');
  });

  it('takes the node of a pod runtime event from its source host', async () => {
    const sandbox = {
      ...nodeNotReadyEvent('node-i'),
      involvedObject: { kind: 'Pod', name: 'api-7', namespace: 'shop' },
      reason: 'FailedCreatePodSandBox',
      message:
        'Failed to create pod sandbox: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
      type: 'Warning',
    };
    expect(await json(await post(`${s.url}/v1/events`, sandbox))).toEqual({ queued: 1, dropped: [] });
  });
});

describe('POST /v1/bundles', () => {
  it('queues a node bundle and requires its node', async () => {
    expect((await post(`${s.url}/v1/bundles`, { node: 'node-j', logs: { kubelet: 'x' } })).status).toBe(202);
    const r = await post(`${s.url}/v1/bundles`, { logs: { kubelet: 'x' } });
    expect(r.status).toBe(400);
    expect((await json(r)).issues).toEqual([{ path: 'node', message: 'a pushed bundle must name its node' }]);
    const typed = await post(`${s.url}/v1/bundles`, { node: 'n', counts: { pods: 'many' } });
    expect((await json(typed)).issues?.[0]?.path).toBe('counts.pods');
  });
});

describe('bad input on every route', () => {
  const routes = ['/v1/alertmanager', '/v1/events', '/v1/bundles'];

  it.each(routes)('%s: invalid JSON → 400 with the parser message', async (route) => {
    const r = await post(`${s.url}${route}`, '{"alerts": [');
    expect(r.status).toBe(400);
    const body = await json(r);
    expect(body.error).toBe('invalid JSON');
    expect(body.issues?.[0]?.path).toBe('(root)');
  });

  it.each(routes)('%s: wrong content type → 415', async (route) => {
    const r = await post(`${s.url}${route}`, 'node=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(r.status).toBe(415);
    expect((await json(r)).issues?.[0]?.path).toBe('(header) content-type');
  });

  it.each(routes)('%s: over the body limit → 413', async (route) => {
    const r = await post(
      `${s.url}${route}`,
      JSON.stringify({ node: 'n', logs: { other: 'x'.repeat(70_000) } }),
    );
    expect(r.status).toBe(413);
    expect((await json(r)).error).toBe('payload too large');
  });

  it.each(routes)('%s: GET → 405 with Allow: POST', async (route) => {
    const r = await fetch(`${s.url}${route}`);
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST');
  });

  it.each(routes)('%s: missing or wrong token → 401 without detail', async (route) => {
    for (const authorization of ['', 'Bearer wrong-token-0000000000', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const r = await post(`${s.url}${route}`, {}, { authorization });
      expect(r.status).toBe(401);
      expect(await json(r)).toEqual({ error: 'unauthorised', issues: [] });
    }
  });

  it('unknown path → 404', async () => {
    expect((await post(`${s.url}/v1/nope`, {})).status).toBe(404);
  });
});

describe('health', () => {
  it('healthz and readyz answer', async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${s.url}/readyz`)).json()).toEqual({ status: 'ready' });
  });
});

describe('per-family tokens and auth off', () => {
  it('a token of one route family does not open another', async () => {
    const t = await startTestServer({
      INGEST_TOKEN_ALERTMANAGER: 'alertmanager-token-0001',
      INGEST_TOKEN_EVENTS: 'events-token-000000001',
      INGEST_TOKEN_BUNDLES: 'bundles-token-00000001',
      INGEST_TOKEN: '',
    }).catch((e) => e as Error);
    expect(t).toBeInstanceOf(Error); // an empty INGEST_TOKEN is a configuration error, not "no token"
    const u = await startTestServer({
      INGEST_TOKEN_ALERTMANAGER: 'alertmanager-token-0001',
      INGEST_TOKEN_EVENTS: 'events-token-000000001',
    });
    try {
      const payload = alertmanagerPayload([alert('node-k')]);
      expect(
        (await post(`${u.url}/v1/alertmanager`, payload, { authorization: 'Bearer events-token-000000001' }))
          .status,
      ).toBe(401);
      expect(
        (await post(`${u.url}/v1/alertmanager`, payload, { authorization: 'Bearer alertmanager-token-0001' }))
          .status,
      ).toBe(202);
      expect((await post(`${u.url}/v1/bundles`, { node: 'n' })).status).toBe(202); // bundles fall back to INGEST_TOKEN
    } finally {
      await u.close();
    }
  });

  it('INGEST_AUTH=off accepts without a token and says so at start', async () => {
    const t = await startTestServer({ INGEST_AUTH: 'off' });
    try {
      expect((await post(`${t.url}/v1/bundles`, { node: 'n' }, { authorization: '' })).status).toBe(202);
      expect(t.logs.join('\n')).toMatch(/WARNING: INGEST_AUTH=off/);
    } finally {
      await t.close();
    }
  });
});

describe('node-problem-detector events', () => {
  it("accepts this project's probes' recovery events (source pleg-responder-probes)", async () => {
    const recovered = {
      ...nodeNotReadyEvent('node-p', 'uid-probe-ok'),
      reason: 'RuntimeResponding',
      message: 'Node condition ContainerRuntimeUnresponsive is now: False, reason: RuntimeResponding',
      source: { component: 'pleg-responder-probes', host: 'node-p' },
    };
    expect(await json(await post(`${s.url}/v1/events`, recovered))).toEqual({ queued: 1, dropped: [] });
  });
});

describe('GET /metrics', () => {
  it('shows the embedded queue backlog and dead letters beside the request counters', async () => {
    const ingestOnly = await startTestServer({ ROLE: 'ingest' }); // no responder: what is queued stays queued
    try {
      await post(
        `${ingestOnly.url}/v1/alertmanager`,
        alertmanagerPayload([alert('node-m'), alert('node-n')]),
      );
      const metrics = await (await fetch(`${ingestOnly.url}/metrics`)).text();
      expect(metrics).toContain('pleg_ingest_requests_total{route="alertmanager",outcome="accepted"} 1');
      expect(metrics).toContain('# TYPE pleg_queue_jobs gauge\npleg_queue_jobs 2\n');
      expect(metrics).toContain('# TYPE pleg_queue_dead_letters gauge\npleg_queue_dead_letters 0\n');
      expect(sample(metrics, 'pleg_queue_oldest_job_age_seconds')).toBeGreaterThanOrEqual(0);
      lint(metrics);
    } finally {
      await ingestOnly.close();
    }
  });

  it.each(['all', 'ingest', 'respond'])(
    'ROLE=%s: process, event loop and build info, each family well-formed',
    async (role) => {
      const t = await startTestServer({ ROLE: role });
      try {
        const metrics = await (await fetch(`${t.url}/metrics`)).text();
        expect(sample(metrics, 'process_cpu_seconds_total')).toBeGreaterThan(0);
        expect(metrics).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
        expect(sample(metrics, `pleg_build_info{version="0.1.0",node_version="${process.version}"}`)).toBe(1);
        expect(sample(metrics, 'pleg_downstream_up{transport="console"}')).toBe(
          role === 'ingest' ? undefined : 1,
        );
        lint(metrics);
      } finally {
        await t.close();
      }
    },
  );

  it('ROLE=all: a diagnosis counts its verdict and observes ingest → diagnosis → chat', async () => {
    const t = await startTestServer();
    try {
      await post(`${t.url}/v1/alertmanager`, alertmanagerPayload([alert('node-v')]));
      let metrics = '';
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
        metrics = await (await fetch(`${t.url}/metrics`)).text();
        if (sample(metrics, 'pleg_diagnosis_to_chat_seconds_count')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const verdicts = metrics.split('\n').filter((l) => l.startsWith('pleg_diagnoses_total{'));
      expect(verdicts).toHaveLength(1);
      const [, verdict, count] = /verdict="([^"]+)"\} (\d+)$/.exec(verdicts[0] ?? '') ?? [];
      expect(VerdictSchema.safeParse(verdict).success).toBe(true);
      expect(count).toBe('1');
      expect(sample(metrics, 'pleg_ingest_to_diagnosis_seconds_count')).toBe(1);
      expect(sample(metrics, 'pleg_ingest_to_diagnosis_seconds_bucket{le="10"}')).toBe(1);
      expect(sample(metrics, 'pleg_diagnosis_to_chat_seconds_count')).toBe(1);
      // The root and its diagnosis reply, printed on the console.
      expect(
        sample(metrics, 'pleg_chat_requests_total{transport="console",method="post",outcome="ok"}'),
      ).toBe(2);
      lint(metrics);
    } finally {
      await t.close();
    }
  });
});
