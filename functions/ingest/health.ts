import type { Hono } from 'hono';
import type { Queue } from '../../shared/queue/port.ts';
import type { FaultReport } from '../respond/downstream.ts';

/**
 * `/healthz`: the process is up. `/readyz`: the queue answers, so accepted work is stored; faults of services the
 * responder needs (Slack down, a revoked token) are listed there too, without failing readiness: jobs wait safely
 * in the queue meanwhile, and an unready pod would only stop Alertmanager from delivering. Served by every role.
 */
export function registerHealthRoutes(app: Hono, queue: Queue, faults: () => FaultReport[] = () => []): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const ready = await queue.ready().catch(() => false);
    if (!ready) return c.json({ error: 'queue unreachable', issues: [] }, 503);
    const downstream = faults();
    return c.json(downstream.length > 0 ? { status: 'ready', downstream } : { status: 'ready' });
  });
}
