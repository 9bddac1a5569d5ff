import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { post, startTestServer, type TestServer } from '../support/server.ts';
import { type SqsEmulator, startSqs } from '../support/sqs.ts';

/**
 * The Deployment's probes and the ServiceMonitor use the same port and paths whatever ROLE the manifests set:
 * every role answers /healthz, /readyz and /metrics. The responder alone takes no webhooks.
 */
async function get(
  server: TestServer,
  path: string,
): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`${server.url}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

describe.each(['all', 'ingest', 'respond'])('ROLE=%s with the embedded queue', (role) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ ROLE: role });
  });
  afterAll(() => server.close());

  it('serves the probes and /metrics on its port', async () => {
    expect((await get(server, '/healthz')).status).toBe(200);
    expect((await get(server, '/readyz')).status).toBe(200);
    const metrics = await get(server, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.type).toMatch(/^text\/plain; version=0\.0\.4/);
    // The embedded queue counts its jobs for every role, the responder's included.
    expect(metrics.body).toContain('# TYPE pleg_queue_jobs gauge');
    expect(metrics.body).toMatch(/^pleg_queue_dead_letters 0$/m);
  });

  it(role === 'respond' ? 'takes no webhooks' : 'takes webhooks', async () => {
    const response = await post(`${server.url}/v1/alertmanager`, { alerts: [] });
    if (role === 'respond') expect(response.status).toBe(404);
    else expect(response.status).not.toBe(404);
  });
});

describe('ROLE=respond with QUEUE=sqs', () => {
  let sqs: SqsEmulator;
  let server: TestServer;
  beforeAll(async () => {
    // The SDK takes credentials from the environment, as in a pod with IRSA or static keys.
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'x');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'x');
    sqs = await startSqs();
    const { url } = await sqs.createQueue('roles-test');
    server = await startTestServer({
      ROLE: 'respond',
      QUEUE: 'sqs',
      SQS_QUEUE_URL: url,
      SQS_ENDPOINT: sqs.endpoint,
    });
  });
  afterAll(async () => {
    await server.close();
    await sqs.close();
    vi.unstubAllEnvs();
  });

  it('is ready while SQS answers and serves /metrics (its depth is in CloudWatch, not here)', async () => {
    expect((await get(server, '/readyz')).status).toBe(200);
    const metrics = await get(server, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).not.toContain('pleg_queue_jobs');
  });
});
