import { type Context, Hono } from 'hono';
import type { z } from 'zod';
import { inspectJson } from '../../shared/intake/json-guard.ts';
import type { Tally } from '../../shared/intake/normalise.ts';
import type { IngestAuth } from '../../shared/intake/routes.ts';
import { INTAKE_ROUTES, type IntakeRoute, type IntakeRouteName } from '../../shared/intake/routes.ts';
import { validate } from '../../shared/intake/validate.ts';
import { JsonText } from '../../shared/queue/codec.ts';
import type { ProcessedStore, Queue } from '../../shared/queue/port.ts';
import type { WebhookJob } from '../../shared/schemas/job.ts';
import { type Logger, silentLogger } from '../log/port.ts';
import type { FaultReport } from '../respond/downstream.ts';
import { accessLog } from './access-log.ts';
import { authorised } from './auth.ts';
import { BODY_READ_TIMEOUT_MS, contentRefusal, readBody } from './body.ts';
import { gauge, type IngestMetrics } from './counters.ts';
import { registerHealthRoutes, type SocketModeReport } from './health.ts';
import { postOnly, Refusal, refusalResponse } from './refusal.ts';
import { SlackRequests } from './slack-requests.ts';
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
  /**
   * Keeps accepted Slack signatures for the replay window (see `SlackRouteDeps.replay`) and the dedup keys of
   * queued Slack requests (see `SlackRequestDeps.queued`) across restarts.
   */
  slackReplay?: ProcessedStore;
  /**
   * The handler behind the Slack routes, when the host shares it with Socket Mode (the Node server); by default
   * one is made from these settings.
   */
  slackRequests?: SlackRequests;
  /** The Socket Mode connection's state, for /readyz (when this process holds one). */
  socketMode?: () => SocketModeReport;
  /** Reports what failed inside (queue down) and refused requests; never given request bodies or secrets. */
  log?: Logger;
  now?: () => Date;
}

/** A body that passed its schema, with the text it was read from. */
interface ValidBody<T> {
  data: T;
  text: string;
}

async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxBytes: number,
): Promise<ValidBody<z.infer<S>> | Refusal> {
  const refused = contentRefusal(c, /^application\/(?:[\w.+-]+\+)?json\b/i, 'application/json');
  if (refused) return refused;
  const text = await readBody(c, maxBytes, 'text', BODY_READ_TIMEOUT_MS);
  if (text instanceof Refusal) return text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return new Refusal(400, 'invalid JSON', [
      { path: '(root)', message: (error as Error).message.slice(0, 200) },
    ]);
  }
  const shape = inspectJson(json);
  if (shape) return new Refusal(400, 'invalid payload', [shape]);
  const checked = validate(schema, json);
  return checked.ok
    ? { data: checked.data, text }
    : new Refusal(400, 'invalid payload', checked.issues, {
        totalIssues: checked.total,
        moreIssues: checked.more,
      });
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
async function queueGauges(queue: Queue, log: Logger): Promise<string> {
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
    log.warn(`queue stats unavailable: ${(error as Error).message}`);
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
  log: Logger,
  metrics: Pick<IngestMetrics, 'exposition'>,
): void {
  app.get('/metrics', async (c) =>
    c.text((await metrics.exposition()) + (await queueGauges(queue, log)), 200, {
      'content-type': 'text/plain; version=0.0.4',
    }),
  );
}

/** The Slack request handler ingest's settings describe: the same queue, cluster, counters and records. */
export function slackRequests(
  deps: Pick<IngestDeps, 'queue' | 'defaultCluster' | 'counters' | 'slackReplay'>,
  log: Logger,
  now?: () => Date,
): SlackRequests {
  return new SlackRequests({
    queue: deps.queue,
    defaultCluster: deps.defaultCluster,
    counters: deps.counters,
    queued: deps.slackReplay,
    log,
    now,
  });
}

/**
 * Stores a valid body and says what it amounts to. Where the queue can, it stores the body as received, one
 * webhook job standing for the jobs it counts: the responder derives those jobs on delivery, so none is made (and
 * no dedup key hashed) here. Otherwise it stores the jobs. Only counts outlive the wait for the commit: the body
 * and its jobs can be collected meanwhile.
 */
async function store(
  queue: Queue,
  route: IntakeRoute<z.ZodType>,
  webhook: WebhookJob,
  data: unknown,
): Promise<Tally> {
  if (queue.enqueueWebhook) {
    const tally = route.tally(data);
    await queue.enqueueWebhook(webhook, tally.jobs);
    return tally;
  }
  const { jobs, dropped } = route.normalise(data, webhook.defaultCluster, webhook.receivedAt);
  await queue.enqueue(jobs);
  return { jobs: jobs.length, dropped };
}

/**
 * The ingest app: authenticate → validate → normalise to jobs → enqueue → 202. It only knows web-standard
 * Request/Response; the Node server, the Worker and Lambda wrap it.
 */
export function createIngestApp(deps: IngestDeps): Hono {
  const app = new Hono();
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? silentLogger;
  app.use(accessLog(log));

  const intake = (path: string, family: IntakeRouteName) => {
    const route: IntakeRoute<z.ZodType> = INTAKE_ROUTES[family];
    const counted = routeCounters(deps.counters, family);
    app.post(path, async (c) => {
      const body = authorised(c.req.header('authorization'), family, deps.auth)
        ? await readJson(c, route.schema, deps.maxBodyBytes)
        : new Refusal(401, 'unauthorised', [], { outcome: 'unauthorised' });
      if (body instanceof Refusal) {
        deps.counters.add('pleg_ingest_requests_total', { route: family, outcome: body.outcome });
        return refusalResponse(c, body);
      }
      const webhook: WebhookJob = {
        kind: 'webhook',
        route: family,
        receivedAt: now().toISOString(),
        defaultCluster: deps.defaultCluster,
        payload: new JsonText(body.text),
      };
      let tally: Tally;
      try {
        tally = await store(deps.queue, route, webhook, body.data);
      } catch (error) {
        log.error(`enqueue failed for ${family}: ${(error as Error).message}`, { route: family });
        counted.unavailable();
        return refusalResponse(c, new Refusal(503, 'queue unavailable, retry later'));
      }
      const { jobs: queued, dropped } = tally;
      counted.accepted(queued);
      for (const d of dropped) {
        deps.counters.add('pleg_ingest_dropped_total', { route: family, reason: d.reason }, d.count);
      }
      return c.json({ queued, dropped }, 202);
    });
  };

  intake('/v1/alertmanager', 'alertmanager');
  intake('/v1/events', 'events');
  intake('/v1/bundles', 'bundles');
  postOnly(app, ['/v1/alertmanager', '/v1/events', '/v1/bundles']);

  if (deps.slackSigningSecret) {
    registerSlackRoutes(app, {
      requests: deps.slackRequests ?? slackRequests(deps, log, now),
      signingSecret: deps.slackSigningSecret,
      replay: deps.slackReplay,
      now,
    });
  }

  registerHealthRoutes(app, deps.queue, deps.downstreamFaults, deps.socketMode);
  registerMetricsRoute(app, deps.queue, log, deps.counters);

  app.notFound((c) => refusalResponse(c, new Refusal(404, 'not found')));
  app.onError((error, c) => {
    log.error(`ingest error: ${error.message}`);
    return c.json({ error: 'internal error', issues: [] }, 500);
  });
  return app;
}
