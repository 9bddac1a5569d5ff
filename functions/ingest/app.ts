import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { inspectJson } from '../../shared/intake/json-guard.ts';
import { INTAKE_ROUTES, type IntakeRoute, type IntakeRouteName } from '../../shared/intake/routes.ts';
import type { ProcessedStore, Queue } from '../../shared/queue/port.ts';
import { describeIssues, type SchemaIssue } from '../../shared/schemas/bundle.ts';
import type { FaultReport } from '../respond/downstream.ts';
import { authorised, type IngestAuth } from './auth.ts';
import { BODY_READ_TIMEOUT_MS, encodingRefusal, readLimited } from './body.ts';
import { gauge, type IngestMetrics } from './counters.ts';
import { registerHealthRoutes } from './health.ts';
import { registerSlackRoutes } from './slack-routes.ts';

export interface IngestDeps {
  queue: Queue;
  auth: IngestAuth;
  counters: IngestMetrics;
  /** Cluster name for signals that carry none (a single-cluster set-up). */
  defaultCluster: string;
  maxBodyBytes: number;
  /** Slack's signing secret: with it, the slash-command and interactivity routes are served. */
  slackSigningSecret?: string;
  /** Faults of the services the responder needs, for /readyz (when the responder runs in this process). */
  downstreamFaults?: () => FaultReport[];
  /** Keeps accepted Slack signatures for the replay window across restarts (see `SlackRouteDeps.replay`). */
  slackReplay?: ProcessedStore;
  /** Reports what failed inside (queue down); never given request bodies or secrets. */
  log?: (message: string) => void;
  now?: () => Date;
}

class BadInput {
  readonly status: 400 | 408 | 413 | 415;
  readonly error: string;
  readonly issues: SchemaIssue[];
  /** How many issues there were, when more than `issues` lists. */
  readonly totalIssues: number;

  constructor(status: BadInput['status'], error: string, issues: SchemaIssue[] = [], totalIssues = 0) {
    this.status = status;
    this.error = error;
    this.issues = issues;
    this.totalIssues = totalIssues;
  }
}

/**
 * The error envelope of every ingest route: `issues` lists at most the first `MAX_ISSUES_SHOWN` problems;
 * `totalIssues` says how many there were when that is more, so a reply stays small whatever the body.
 */
function problem(
  c: Context,
  status: 400 | 401 | 404 | 405 | 408 | 413 | 415 | 503,
  error: string,
  issues: SchemaIssue[] = [],
  totalIssues = 0,
) {
  return c.json(totalIssues > issues.length ? { error, issues, totalIssues } : { error, issues }, status);
}

const readTimeout = new BadInput(408, 'request body not received in time', [
  { path: '(body)', message: `the body must arrive within ${BODY_READ_TIMEOUT_MS / 1000} s` },
]);

const tooLarge = (max: number) =>
  new BadInput(413, 'payload too large', [{ path: '(body)', message: `limit is ${max} bytes` }]);

/** A body that passed its schema, with the text it was read from. */
interface ValidBody<T> {
  data: T;
  text: string;
}

async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes: number,
): Promise<ValidBody<z.infer<S>> | BadInput> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    return new BadInput(415, 'unsupported content type', [
      { path: '(header) content-type', message: `expected application/json, got "${type.slice(0, 80)}"` },
    ]);
  }
  const encoding = encodingRefusal(c.req.header('content-encoding'));
  if (encoding) return new BadInput(415, 'unsupported content encoding', [encoding]);
  const text = await readLimited(c, maxBytes, 'text', BODY_READ_TIMEOUT_MS);
  if (text === 'timeout') return readTimeout;
  if (text === undefined) return tooLarge(maxBytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return new BadInput(400, 'invalid JSON', [
      { path: '(root)', message: (error as Error).message.slice(0, 200) },
    ]);
  }
  const shape = inspectJson(json);
  if (shape) return new BadInput(400, 'invalid payload', [shape]);
  const parsed = schema.safeParse(json);
  return parsed.success
    ? { data: parsed.data, text }
    : new BadInput(400, 'invalid payload', describeIssues(parsed.error), parsed.error.issues.length);
}

/** The counts taken on every request, their series keys built once per route. */
function routeCounters(counters: IngestMetrics, route: IntakeRouteName) {
  const accepted = counters.counter('pleg_ingest_requests_total', { route, outcome: 'accepted' });
  const queued = counters.counter('pleg_ingest_jobs_queued_total', { route });
  const unavailable = counters.counter('pleg_ingest_requests_total', { route, outcome: 'queue_unavailable' });
  return {
    accepted(jobs: number) {
      accepted();
      queued(jobs);
    },
    unavailable: () => unavailable(),
  };
}

/**
 * The queue's depth and dead letters, where the queue can count them: a growing backlog or any dead letter is
 * worth an alert. Counters still answer when the count fails.
 */
async function queueGauges(queue: Queue, log: (message: string) => void): Promise<string> {
  if (!queue.stats) return '';
  try {
    const { queued, deadLetters, oldestJobAgeSeconds } = await queue.stats();
    return (
      gauge('pleg_queue_jobs', 'Jobs in the queue, waiting or being worked on.', queued) +
      gauge(
        'pleg_queue_dead_letters',
        'Jobs that failed for good and wait in the dead letters.',
        deadLetters,
      ) +
      gauge(
        'pleg_queue_oldest_job_age_seconds',
        'Seconds since ingest received the oldest job still in the queue (0 when it is empty).',
        oldestJobAgeSeconds,
      )
    );
  } catch (error) {
    log(`queue stats unavailable: ${(error as Error).message}`);
    return '';
  }
}

/**
 * `/metrics` in the Prometheus text format: what `metrics` holds (ingest's counters; on Node also the process and
 * responder metrics) and the queue's gauges. Every role serves it, so one ServiceMonitor or scrape job fits every
 * deployment.
 */
export function registerMetricsRoute(
  app: Hono,
  queue: Queue,
  log: (message: string) => void,
  metrics: Pick<IngestMetrics, 'exposition'>,
): void {
  app.get('/metrics', async (c) =>
    c.text((await metrics.exposition()) + (await queueGauges(queue, log)), 200, {
      'content-type': 'text/plain; version=0.0.4',
    }),
  );
}

/**
 * The ingest app: authenticate → validate → normalise to jobs → enqueue → 202. It only knows web-standard
 * Request/Response; the Node server, the Worker and Lambda wrap it.
 */
export function createIngestApp(deps: IngestDeps): Hono {
  const app = new Hono();
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});

  const intake = (path: string, family: IntakeRouteName) => {
    const route: IntakeRoute<z.ZodType> = INTAKE_ROUTES[family];
    const counted = routeCounters(deps.counters, family);
    app.post(path, async (c) => {
      if (!authorised(c.req.header('authorization'), family, deps.auth)) {
        deps.counters.add('pleg_ingest_requests_total', { route: family, outcome: 'unauthorised' });
        return problem(c, 401, 'unauthorised');
      }
      const body = await readJson(c, route.schema, deps.maxBodyBytes);
      if (body instanceof BadInput) {
        deps.counters.add('pleg_ingest_requests_total', { route: family, outcome: `invalid_${body.status}` });
        return problem(c, body.status, body.error, body.issues, body.totalIssues);
      }
      const receivedAt = now().toISOString();
      const { jobs, dropped } = await route.normalise(body.data, deps.defaultCluster, receivedAt);
      // Only counts outlive the wait for the commit: the parsed body and its jobs can be collected meanwhile.
      const queued = jobs.length;
      try {
        // The origin lets a queue keep the body as received and derive these jobs again on delivery.
        await deps.queue.enqueue(jobs, {
          route: family,
          receivedAt,
          defaultCluster: deps.defaultCluster,
          body: body.text,
        });
      } catch (error) {
        log(`enqueue failed for ${family}: ${(error as Error).message}`);
        counted.unavailable();
        return problem(c, 503, 'queue unavailable, retry later');
      }
      counted.accepted(queued);
      for (const d of dropped) {
        deps.counters.add('pleg_ingest_dropped_total', { route: family, reason: d.reason }, d.count);
      }
      return c.json({ queued, dropped }, 202);
    });
    app.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], path, (c) => {
      c.header('Allow', 'POST');
      return problem(c, 405, 'method not allowed');
    });
  };

  intake('/v1/alertmanager', 'alertmanager');
  intake('/v1/events', 'events');
  intake('/v1/bundles', 'bundles');

  if (deps.slackSigningSecret) {
    registerSlackRoutes(app, {
      queue: deps.queue,
      signingSecret: deps.slackSigningSecret,
      defaultCluster: deps.defaultCluster,
      counters: deps.counters,
      replay: deps.slackReplay,
      log,
      now,
    });
  }

  registerHealthRoutes(app, deps.queue, deps.downstreamFaults);
  registerMetricsRoute(app, deps.queue, log, deps.counters);

  app.notFound((c) => problem(c, 404, 'not found'));
  app.onError((error, c) => {
    log(`ingest error: ${error.message}`);
    return c.json({ error: 'internal error', issues: [] }, 500);
  });
  return app;
}
