import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { setTimeout as sleep } from 'node:timers/promises';
import { SQSClient } from '@aws-sdk/client-sqs';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ChatPort } from '../../shared/chat/port.ts';
import type { EvidenceArchive } from '../../shared/evidence/archive.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { makeDir } from '../../shared/make-dir.ts';
import {
  EmbeddedQueue,
  openStateDb,
  SqliteProcessedStore,
  StateDirError,
} from '../../shared/queue/embedded.ts';
import type { Queue } from '../../shared/queue/port.ts';
import { SqsQueue } from '../../shared/queue/sqs.ts';
import { SqliteUnavailable, storageFault } from '../../shared/sqlite/unavailable.ts';
import { chatTransport, composeResponder } from '../compose.ts';
import { type Config, ConfigError, configSecrets, ingestAuth, loadConfig } from '../config.ts';
import { nodeEvidenceArchive } from '../evidence.ts';
import { createIngestApp, registerMetricsRoute, slackRequests } from '../ingest/app.ts';
import { registerHealthRoutes } from '../ingest/health.ts';
import type { SlackRequests } from '../ingest/slack/requests.ts';
import type { SlackSocketMode } from '../ingest/slack/socket-mode.ts';
import { awsSdkLogger } from '../log/aws-sdk.ts';
import { createLogger } from '../log/pino.ts';
import type { Logger } from '../log/port.ts';
import { RepeatedFailure } from '../log/repeat.ts';
import { consume } from '../respond/consumer.ts';
import { DownstreamStatus } from '../respond/downstream.ts';
import { expandWebhook } from '../respond/webhook.ts';
import { NodeMetrics } from './metrics.ts';

function openQueue(config: Config, db: ReturnType<typeof openStateDb>, log: Logger): Queue {
  const visibilityMs = config.RESPOND_VISIBILITY_SECONDS * 1000;
  if (config.QUEUE === 'embedded')
    return new EmbeddedQueue({
      db,
      expand: expandWebhook,
      visibilityMs,
      maxAttempts: config.RESPOND_MAX_ATTEMPTS,
    });
  const client = new SQSClient({
    region: config.AWS_REGION,
    endpoint: config.SQS_ENDPOINT,
    logger: awsSdkLogger(log.child({ component: 'aws' })),
  });
  return new SqsQueue({ client, queueUrl: config.SQS_QUEUE_URL ?? '', visibilityMs });
}

/**
 * Without INGEST_TOKEN the embedded default makes its own: a random token kept in DATA_DIR/ingest-token
 * (mode 0600), so a fresh install is authenticated without any set-up. The token is never printed.
 */
function ensureIngestToken(config: Config): { config: Config; createdIn?: string } {
  if (config.INGEST_AUTH === 'off' || config.INGEST_TOKEN || config.ROLE === 'respond') return { config };
  const path = join(config.DATA_DIR, 'ingest-token');
  try {
    const created = !existsSync(path);
    if (created) {
      makeDir(config.DATA_DIR);
      writeFileSync(path, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    }
    const withToken = { ...config, INGEST_TOKEN: readFileSync(path, 'utf8').trim() };
    return created ? { config: withToken, createdIn: path } : { config: withToken };
  } catch (error) {
    throw new StateDirError(config.DATA_DIR, error);
  }
}

/**
 * Slack's Socket Mode when SLACK_APP_TOKEN is set: the same request handler as the HTTP routes, over a connection
 * the server opens. Loaded only then: the WebSocket client is not needed otherwise.
 */
async function socketModeFor(
  config: Config,
  requests: SlackRequests,
  log: Logger,
  metrics: NodeMetrics,
): Promise<SlackSocketMode | undefined> {
  if (!config.SLACK_APP_TOKEN) return undefined;
  const { SlackSocketMode } = await import('../ingest/slack/socket-mode.ts');
  return new SlackSocketMode({
    appToken: config.SLACK_APP_TOKEN,
    slackApiUrl: config.SLACK_API_URL,
    requests,
    log,
    metrics: metrics.socketMode(),
  });
}

export interface ServerOverrides {
  /** Replaces the chat the configuration picks (Slack or the console). */
  chat?: ChatPort;
  /** Replaces the evidence archive the configuration picks. */
  evidence?: EvidenceArchive;
  /** Default: pino on stderr, as LOG_LEVEL and LOG_FORMAT say (functions/log/pino.ts). */
  log?: Logger;
}

export interface RunningServer {
  /** The port ingest listens on (undefined for ROLE=respond). */
  port: number | undefined;
  close(): Promise<void>;
}

/** The HTTP server and the app it serves (swapped once, when a server that waited for its state starts). */
interface Listener {
  server: ServerType;
  port: number | undefined;
  serve(app: Hono): void;
}

async function listen(app: Hono, config: Config): Promise<Listener> {
  let current = app;
  const server = serve({
    fetch: (request, env) => current.fetch(request, env),
    hostname: config.HOST,
    port: config.PORT,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : undefined,
    serve(next) {
      current = next;
    },
  };
}

const closeServer = (server: ServerType) => new Promise<void>((resolve) => server.close(() => resolve()));

/** How often a server waiting for its state database tries to open it again. */
const STATE_RETRY_MS = 5000;

/**
 * The Node host. ROLE=all is the embedded default: ingest on HOST:PORT, the queue, and the responder in one
 * process, incident threads on the console (or in Slack). ROLE=ingest and ROLE=respond split the two halves (e.g. ingest
 * at the edge, the responder in the cluster, SQS between them).
 */
export async function startServer(given: Config, overrides: ServerOverrides = {}): Promise<RunningServer> {
  // The token is read (or made) first: the logger scrubs its value like the configured secrets'.
  const { config, createdIn } = ensureIngestToken(given);
  const root =
    overrides.log ??
    createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT, secrets: configSecrets(config) });
  const log = root.child({ component: 'server' });
  if (createdIn)
    log.info(`created an ingest token in ${createdIn} (send it as "Authorization: Bearer <token>")`);
  let db: DatabaseSync;
  try {
    db = openStateDb(config.DATA_DIR);
  } catch (error) {
    if (!(storageFaultOf(error) instanceof SqliteUnavailable)) throw error;
    return waitForState(config, root, overrides, error);
  }
  return serveState(config, root, db, overrides);
}

/** The storage failure (SqliteUnavailable) behind a state directory that cannot be opened, if that is why. */
const storageFaultOf = (error: unknown) => storageFault(error instanceof StateDirError ? error.cause : error);

/** Why the state cannot be opened, for /readyz and the log: the storage failure with its code, else the error. */
function stateReason(error: unknown): string {
  const fault = storageFaultOf(error);
  return fault instanceof SqliteUnavailable ? `${fault.message} (${fault.code})` : (error as Error).message;
}

/**
 * DATA_DIR's disk is full (or failing) at start, so the state database cannot even be opened (SQLite needs room
 * for its shared-memory file when the last run closed cleanly). Exiting would be a crash loop while accepted
 * jobs wait on that disk: the server stays up instead. It answers /healthz, says why in /readyz (503), refuses
 * every other request with 503 (webhook senders retry), and opens the state again every few seconds; once it
 * opens, the server starts as usual, on the same port.
 */
async function waitForState(
  config: Config,
  root: Logger,
  overrides: ServerOverrides,
  first: unknown,
): Promise<RunningServer> {
  const log = root.child({ component: 'server' });
  const waiting = new RepeatedFailure(log, `waiting for room in DATA_DIR ${config.DATA_DIR}`);
  let reason = stateReason(first);
  waiting.failed(reason);
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.all('*', (c) =>
    c.json({ error: 'queue unavailable', issues: [{ path: 'queue', message: reason }] }, 503),
  );
  const listener = await listen(app, config);
  log.info(`listening on http://${config.HOST}:${listener.port}, not ready until DATA_DIR can be opened`);
  const stop = new AbortController();
  const started = (async () => {
    for (;;) {
      await sleep(STATE_RETRY_MS, undefined, { signal: stop.signal });
      let db: DatabaseSync;
      try {
        db = openStateDb(config.DATA_DIR);
      } catch (error) {
        reason = stateReason(error);
        waiting.failed(reason);
        continue;
      }
      waiting.succeeded();
      return serveState(config, root, db, overrides, listener);
    }
  })();
  const running = started.catch((error: unknown) => {
    // Aborted by close; or the state opened and the server could not start on it (the holding app says why).
    if (stop.signal.aborted) return undefined;
    reason = `could not start: ${(error as Error).message}`;
    log.error(reason);
    return undefined;
  });
  return {
    port: listener.port,
    async close() {
      stop.abort();
      const server = await running;
      if (server) await server.close();
      else await closeServer(listener.server);
    },
  };
}

/** The server on its opened state database; on `listener` when one already listens (it waited for the state). */
async function serveState(
  config: Config,
  root: Logger,
  db: DatabaseSync,
  overrides: ServerOverrides,
  listener?: Listener,
): Promise<RunningServer> {
  const log = root.child({ component: 'server' });
  const queue = openQueue(config, db, root);
  const downstream = new DownstreamStatus(root.child({ component: 'respond' }));
  const faults = () => downstream.faults();
  const metrics = new NodeMetrics(
    config.ROLE === 'ingest'
      ? undefined
      : { faults, transports: [chatTransport(config), ...(config.ALERTMANAGER_URL ? ['alertmanager'] : [])] },
  );
  // Composed before anything listens: a setting it cannot use (a kubeconfig context that is not there) stops
  // the start with its message.
  let responder: ReturnType<typeof composeResponder> | undefined;
  try {
    const evidence =
      overrides.evidence ?? (config.ROLE === 'ingest' ? undefined : await nodeEvidenceArchive(config, root));
    responder =
      config.ROLE === 'ingest'
        ? undefined
        : composeResponder(config, {
            host: 'node',
            store: new SqliteIncidentStore(db),
            processed: new SqliteProcessedStore(db),
            evidence,
            chat: overrides.chat,
            metrics,
            log: root,
          });
  } catch (error) {
    await queue.close();
    db.close();
    throw error;
  }
  // One handler for both ways Slack's requests come in (signed HTTP, Socket Mode). Socket Mode needs no inbound
  // route, so every role can take it: the responder alone in a cluster too (requests go to its queue).
  const ingestLog = root.child({ component: 'ingest' });
  const replay = new SqliteProcessedStore(db);
  const requests = slackRequests(
    { queue, defaultCluster: config.DEFAULT_CLUSTER, counters: metrics, slackReplay: replay },
    ingestLog,
  );
  const socketMode = await socketModeFor(config, requests, root, metrics);
  const socketReport = socketMode ? () => socketMode.report() : undefined;
  const serveApp = async (app: Hono) => {
    if (!listener) return listen(app, config);
    listener.serve(app);
    return listener;
  };
  let served: Listener;
  if (config.ROLE === 'respond') {
    // The responder alone (e.g. in the cluster, consuming SQS) takes no webhooks: it serves the probes'
    // endpoints and /metrics, so the same Deployment probes and ServiceMonitor fit every role.
    const app = new Hono();
    registerHealthRoutes(app, queue, faults, socketReport);
    registerMetricsRoute(app, queue, root.child({ component: 'metrics' }), metrics);
    served = await serveApp(app);
  } else {
    const app = createIngestApp({
      queue,
      auth: ingestAuth(config),
      counters: metrics,
      defaultCluster: config.DEFAULT_CLUSTER,
      maxBodyBytes: config.INGEST_MAX_BODY_BYTES,
      slackSigningSecret: config.SLACK_SIGNING_SECRET,
      ...(config.ROLE === 'all' ? { downstreamFaults: faults } : {}),
      slackReplay: replay,
      slackRequests: requests,
      ...(socketReport ? { socketMode: socketReport } : {}),
      log: ingestLog,
    });
    served = await serveApp(app);
    if (config.INGEST_AUTH === 'off')
      log.warn('WARNING: INGEST_AUTH=off — webhooks are accepted without authentication');
  }
  socketMode?.start();
  const { server, port } = served;
  const where = config.QUEUE === 'embedded' ? ` in ${config.DATA_DIR}` : '';
  log.info(
    `listening on http://${config.HOST}:${port} (role: ${config.ROLE}, queue: ${config.QUEUE}${where})`,
  );

  const stop = new AbortController();
  const consumer =
    responder === undefined
      ? Promise.resolve()
      : consume(
          queue,
          responder,
          {
            batchSize: config.RESPOND_BATCH_SIZE,
            waitMs: 1000,
            batchWindowMs: config.RESPOND_BATCH_WINDOW_MS,
            visibilityMs: config.RESPOND_VISIBILITY_SECONDS * 1000,
            downstream,
            metrics,
            log: root.child({ component: 'queue' }),
          },
          stop.signal,
        );
  return {
    port,
    async close() {
      stop.abort();
      // Slack's requests stop first: nothing is taken that the closing queue could not keep.
      await socketMode?.close();
      await closeServer(server);
      await queue.close();
      await consumer;
      db.close();
    },
  };
}

/** Listening refusals a person fixes with another PORT or HOST, by the code the socket gives. */
const LISTEN_PROBLEMS: Record<string, string> = {
  EADDRINUSE: 'the address is already in use (another process listens there: stop it, or set PORT)',
  EACCES: 'permission denied (ports below 1024 need privileges: set PORT to 1024 or above)',
  EADDRNOTAVAIL: 'no interface of this machine has that address (set HOST)',
};

/**
 * What stops a start for a reason the person running it can fix, as one line: the configuration, DATA_DIR, or a
 * port or address that cannot be listened on. Anything else is a bug and keeps its stack trace (exit 1).
 */
function startupProblem(error: unknown, config: Config): string | undefined {
  if (error instanceof ConfigError || error instanceof StateDirError) return error.message;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const problem = code === undefined ? undefined : LISTEN_PROBLEMS[code];
  return problem && `cannot listen on ${config.HOST}:${config.PORT}: ${problem}`;
}

/**
 * Reads the configuration from the environment and serves until SIGTERM/SIGINT. Exit status: 0 once stopped by a
 * signal, 2 for a start-up problem the person can fix (one line), 1 for anything else (a bug).
 */
export async function runServer(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    createLogger().error(error.message, { component: 'server' });
    process.exit(2);
  }
  const running = await startServer(config).catch((error: unknown) => {
    const problem = startupProblem(error, config);
    if (problem === undefined) throw error;
    createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT }).error(problem, {
      component: 'server',
    });
    process.exit(2);
  });
  const shutdown = () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

if (import.meta.main) await runServer();
