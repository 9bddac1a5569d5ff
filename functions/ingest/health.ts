import type { Hono } from 'hono';
import type { Queue } from '../../shared/queue/port.ts';
import type { FaultReport } from '../respond/downstream.ts';

/** The Slack Socket Mode connection as /readyz shows it (functions/ingest/slack/socket-mode.ts keeps it). */
export interface SocketModeReport {
  /**
   * `connecting` (first try), `connected` (Slack said hello), `reconnecting` (the connection ended or a try failed;
   * the next try is under way or waits its backoff), `refused` (Slack refuses SLACK_APP_TOKEN: an operator must fix
   * it), `closed` (the server is shutting down).
   */
  state: 'connecting' | 'connected' | 'reconnecting' | 'refused' | 'closed';
  /** When it entered that state. */
  since: string;
  /** Connections opened again after one ended (Slack refreshes them every few hours), since start. */
  reconnects: number;
  /** Why the last try failed or the last connection ended (a Slack error code or a message), while not connected. */
  reason?: string;
}

/**
 * `/healthz`: the process is up. `/readyz`: the queue answers and can store work (503 says why not: the disk is
 * full, SQS unreachable); faults of services the
 * responder needs (Slack down, a revoked token) are listed there too, without failing readiness: jobs wait safely
 * in the queue meanwhile, and an unready pod would only stop Alertmanager from delivering. The same holds for the
 * Slack Socket Mode connection, shown when there is one. Served by every role.
 */
export function registerHealthRoutes(
  app: Hono,
  queue: Queue,
  faults: () => FaultReport[] = () => [],
  socketMode?: () => SocketModeReport,
): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const readiness = await queue
      .ready()
      .catch((error: unknown) => ({ ready: false as const, reason: (error as Error).message }));
    if (!readiness.ready)
      return c.json(
        { error: 'queue unavailable', issues: [{ path: 'queue', message: readiness.reason }] },
        503,
      );
    const downstream = faults();
    return c.json({
      status: 'ready',
      ...(downstream.length > 0 ? { downstream } : {}),
      ...(socketMode ? { slackSocketMode: socketMode() } : {}),
    });
  });
}
