import { Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { inspectJson } from '../../shared/intake/json-guard.ts';
import type { Tally } from '../../shared/intake/normalise.ts';
import {
  INTAKE_ROUTES,
  type IngestAuth,
  type IntakeRoute,
  type IntakeRouteName,
} from '../../shared/intake/routes.ts';
import { validate } from '../../shared/intake/validate.ts';
import { JsonText } from '../../shared/queue/codec.ts';
import type { ProcessedStore, Queue } from '../../shared/queue/port.ts';
import type { WebhookJob } from '../../shared/schemas/job.ts';
import { type Logger, silentLogger } from '../log/port.ts';
import { RepeatedFailure } from '../log/repeat.ts';
import type { FaultReport } from '../respond/downstream.ts';
import { accessLog } from './access-log.ts';
import { webhookAuth } from './auth.ts';
import { contentType, requestBody } from './body.ts';
import { gauge, type IngestMetrics } from './counters.ts';
import { registerHealthRoutes, type SocketModeReport } from './health.ts';
import { allowOnlyRouted, answerErrors, exceptionResponse, Refusal } from './refusal.ts';
import { SlackRequests } from './slack/requests.ts';
import { registerSlackRoutes } from './slack/routes.ts';

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

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const decoder = new TextDecoder();

/** A JSON body's data once it passed its shape checks and its schema; refused (400) otherwise. */
function parseJson<S extends z.ZodType>(text: string, schema: S): z.infer<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Refusal(400, 'invalid JSON', [
      { path: '(root)', message: (error as Error).message.slice(0, 200) },
    ]);
  }
  const shape = inspectJson(json);
  if (shape) throw new Refusal(400, 'invalid payload', [shape]);
  const checked = validate(schema, json);
  if (!checked.ok) {
    throw new Refusal(400, 'invalid payload', checked.issues, {
      totalIssues: checked.total,
      partial: checked.partial,
    });
  }
  return checked.data;
}

/** The counts taken on every accepted request, their series keys built once per route. */
function acceptedCounters(counters: IngestMetrics, route: IntakeRouteName) {
  const accepted = counters.counter('pleg_ingest_requests_total', { route, outcome: 'accepted' });
  const queued = counters.counter('pleg_ingest_jobs_queued_total', { route });
  return (jobs: number) => {
    accepted();
    queued(jobs);
  };
}

/**
 * Counts a webhook request refused on its way (by auth, the body checks or the handler) under its outcome:
 * `unauthorised` from Hono's bearerAuth, a Refusal's own otherwise.
 */
function countRefusals(counters: IngestMetrics, route: IntakeRouteName): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const error = c.error;
    const outcome =
      error instanceof Refusal
        ? error.outcome
        : error instanceof HTTPException && error.status === 401
          ? 'unauthorised'
          : undefined;
    if (outcome) counters.add('pleg_ingest_requests_total', { route, outcome });
  };
}

/**
 * The queue's depth and dead letters, where the queue can count them: a growing backlog or any dead letter is
 * worth an alert. Counters still answer when the count fails.
 */
async function queueGauges(queue: Queue, failures: RepeatedFailure): Promise<string> {
  if (!queue.stats) return '';
  try {
    const { queued, deadLetters, oldestJobAgeSeconds } = await queue.stats();
    failures.succeeded();
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
    failures.failed((error as Error).message);
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
  // Every scrape while the queue cannot count (every 15 s for as long as that lasts) is one line, then one a minute.
  const failures = new RepeatedFailure(log, 'queue stats unavailable');
  app.get('/metrics', async (c) =>
    c.text((await metrics.exposition()) + (await queueGauges(queue, failures)), 200, {
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
  // A queue that refuses every request (a full disk, SQS down) is one line, then one a minute with a count, then
  // one when it takes jobs again: not a line per request (each refused request has its access line, rate-limited).
  const enqueueFailures = new RepeatedFailure(log, 'enqueue failed', () => now().getTime());

  /** A webhook route: counted → bearer auth → content type → body within limits → validate → enqueue → 202. */
  const intake = (path: string, family: IntakeRouteName) => {
    const route: IntakeRoute<z.ZodType> = INTAKE_ROUTES[family];
    const accepted = acceptedCounters(deps.counters, family);
    app.post(path, countRefusals(deps.counters, family));
    const auth = webhookAuth(deps.auth, family);
    if (auth) app.post(path, auth);
    app.post(path, contentType(JSON_TYPE, 'application/json'), requestBody({ maxBytes: deps.maxBodyBytes }));
    app.post(path, async (c) => {
      const text = decoder.decode(await c.req.arrayBuffer());
      const data = parseJson(text, route.schema);
      const webhook: WebhookJob = {
        kind: 'webhook',
        route: family,
        receivedAt: now().toISOString(),
        defaultCluster: deps.defaultCluster,
        payload: new JsonText(text),
      };
      let tally: Tally;
      try {
        tally = await store(deps.queue, route, webhook, data);
      } catch (error) {
        enqueueFailures.failed((error as Error).message, { route: family });
        throw new Refusal(503, 'queue unavailable, retry later', [], { outcome: 'queue_unavailable' });
      }
      enqueueFailures.succeeded();
      const { jobs: queued, dropped } = tally;
      accepted(queued);
      for (const d of dropped) {
        deps.counters.add('pleg_ingest_dropped_total', { route: family, reason: d.reason }, d.count);
      }
      return c.json({ queued, dropped }, 202);
    });
  };

  intake('/v1/alertmanager', 'alertmanager');
  intake('/v1/events', 'events');
  intake('/v1/bundles', 'bundles');
  allowOnlyRouted(app, ['/v1/alertmanager', '/v1/events', '/v1/bundles']);

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

  app.notFound((c) => exceptionResponse(c, new Refusal(404, 'not found')));
  app.onError(answerErrors(log));
  return app;
}
