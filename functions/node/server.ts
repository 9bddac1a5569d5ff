import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SQSClient } from '@aws-sdk/client-sqs';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { ConsoleNotifier } from '../../shared/chat/console.ts';
import type { Notifier } from '../../shared/chat/notifier.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { EmbeddedQueue, openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import type { Queue } from '../../shared/queue/port.ts';
import { SqsQueue } from '../../shared/queue/sqs.ts';
import { type Config, ConfigError, ingestAuth, loadConfig, threadPolicy } from '../config.ts';
import { createIngestApp } from '../ingest/app.ts';
import { IngestCounters } from '../ingest/counters.ts';
import { registerHealthRoutes } from '../ingest/health.ts';
import { consume, exponentialBackoff } from '../respond/consumer.ts';
import type { IncidentHandler } from '../respond/handler.ts';
import { liveEvidenceFrom } from '../respond/live-config.ts';
import { NotifierHandler } from '../respond/notify-handler.ts';
import { IncidentThreads } from '../respond/threads.ts';

const log = (message: string) => process.stderr.write(`pleg-responder: ${message}\n`);

function openQueue(config: Config, db: ReturnType<typeof openStateDb>): Queue {
  const visibilityMs = config.RESPOND_VISIBILITY_SECONDS * 1000;
  if (config.QUEUE === 'embedded')
    return new EmbeddedQueue({ db, visibilityMs, maxAttempts: config.RESPOND_MAX_ATTEMPTS });
  const client = new SQSClient({ region: config.AWS_REGION, endpoint: config.SQS_ENDPOINT });
  return new SqsQueue({ client, queueUrl: config.SQS_QUEUE_URL ?? '', visibilityMs });
}

/**
 * Without INGEST_TOKEN the embedded default makes its own: a random token kept in DATA_DIR/ingest-token
 * (mode 0600), so a fresh install is authenticated without any set-up. The token is never printed.
 */
function ensureIngestToken(config: Config, say: (m: string) => void): Config {
  if (config.INGEST_AUTH === 'off' || config.INGEST_TOKEN || config.ROLE === 'respond') return config;
  const path = join(config.DATA_DIR, 'ingest-token');
  if (!existsSync(path)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    writeFileSync(path, `${randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    say(`created an ingest token in ${path} (send it as "Authorization: Bearer <token>")`);
  }
  return { ...config, INGEST_TOKEN: readFileSync(path, 'utf8').trim() };
}

/** Slack threads when Slack is configured, else the console report. */
function incidentHandler(
  config: Config,
  db: ReturnType<typeof openStateDb>,
  overrides: ServerOverrides,
  log: (m: string) => void,
): IncidentHandler {
  const live = liveEvidenceFrom(config);
  if (!config.SLACK_BOT_TOKEN) return new NotifierHandler(overrides.notifier ?? new ConsoleNotifier(), live);
  return new IncidentThreads({
    live,
    store: new SqliteIncidentStore(db),
    chat: new SlackChat({ token: config.SLACK_BOT_TOKEN, slackApiUrl: config.SLACK_API_URL }),
    policy: threadPolicy(config),
    log,
  });
}

export interface ServerOverrides {
  notifier?: Notifier;
  log?: (message: string) => void;
}

export interface RunningServer {
  /** The port ingest listens on (undefined for ROLE=respond). */
  port: number | undefined;
  close(): Promise<void>;
}

async function listen(app: Hono, config: Config): Promise<ServerType> {
  const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}

/**
 * The Node host. ROLE=all is the embedded default: ingest on HOST:PORT, the queue, and the responder in one
 * process, printing diagnoses to the console. ROLE=ingest and ROLE=respond split the two halves (e.g. ingest
 * at the edge, the responder in the cluster, SQS between them).
 */
export async function startServer(given: Config, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const say = overrides.log ?? log;
  const config = ensureIngestToken(given, say);
  const db = openStateDb(config.DATA_DIR);
  const queue = openQueue(config, db);
  let server: ServerType | undefined;
  if (config.ROLE === 'respond') {
    // The responder alone (e.g. in the cluster, consuming SQS) serves only the probes' endpoints.
    const health = new Hono();
    registerHealthRoutes(health, queue);
    server = await listen(health, config);
  } else {
    const app = createIngestApp({
      queue,
      auth: ingestAuth(config),
      counters: new IngestCounters(),
      defaultCluster: config.DEFAULT_CLUSTER,
      maxBodyBytes: config.INGEST_MAX_BODY_BYTES,
      slackSigningSecret: config.SLACK_SIGNING_SECRET,
      log: say,
    });
    server = await listen(app, config);
    if (config.INGEST_AUTH === 'off')
      say('WARNING: INGEST_AUTH=off — webhooks are accepted without authentication');
  }
  const address = server?.address();
  const port = typeof address === 'object' && address ? address.port : undefined;
  const where = config.QUEUE === 'embedded' ? ` in ${config.DATA_DIR}` : '';
  say(`listening on http://${config.HOST}:${port} (role: ${config.ROLE}, queue: ${config.QUEUE}${where})`);

  const stop = new AbortController();
  const consumer =
    config.ROLE === 'ingest'
      ? Promise.resolve()
      : consume(
          queue,
          { handler: incidentHandler(config, db, overrides, say), processed: new SqliteProcessedStore(db) },
          {
            batchSize: config.RESPOND_BATCH_SIZE,
            waitMs: 1000,
            batchWindowMs: config.RESPOND_BATCH_WINDOW_MS,
            visibilityMs: config.RESPOND_VISIBILITY_SECONDS * 1000,
            backoffMs: exponentialBackoff,
            log: say,
          },
          stop.signal,
        );
  return {
    port,
    async close() {
      stop.abort();
      if (server) {
        const s = server;
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
      await queue.close();
      await consumer;
      db.close();
    },
  };
}

/** Reads the configuration from the environment and serves until SIGTERM/SIGINT. */
export async function runServer(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log(error.message);
    process.exit(2);
  }
  const running = await startServer(config);
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
