import type { Hono } from 'hono';
import type { Queue } from '../../shared/queue/port.ts';

/** `/healthz`: the process is up. `/readyz`: the queue answers. Served by every role, for probes. */
export function registerHealthRoutes(app: Hono, queue: Queue): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const ready = await queue.ready().catch(() => false);
    return ready ? c.json({ status: 'ready' }) : c.json({ error: 'queue unreachable', issues: [] }, 503);
  });
}
