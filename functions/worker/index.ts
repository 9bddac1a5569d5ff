import { SQSClient } from '@aws-sdk/client-sqs';
import type { Hono } from 'hono';
import { SqsQueue } from '../../shared/queue/sqs.ts';
import { ConfigError, ingestAuth, loadConfig } from '../config.ts';
import { createIngestApp } from '../ingest/app.ts';
import { IngestCounters } from '../ingest/counters.ts';

/** Worker bindings: plain-text vars from wrangler.toml and secrets from `wrangler secret put`. */
type Env = Record<string, unknown>;

const AWS_SECRETS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'];

function settings(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(([k, v]) => typeof v === 'string' && !AWS_SECRETS.includes(k)) as [
      string,
      string,
    ][],
  );
}

function build(env: Env): Hono {
  const config = loadConfig(settings(env));
  if (config.QUEUE !== 'sqs' || !config.SQS_QUEUE_URL) {
    throw new ConfigError(
      'invalid configuration:\n  QUEUE: the Worker enqueues to SQS: set QUEUE=sqs and SQS_QUEUE_URL',
    );
  }
  const client = new SQSClient({
    region: config.AWS_REGION,
    endpoint: config.SQS_ENDPOINT,
    credentials: {
      accessKeyId: String(env.AWS_ACCESS_KEY_ID ?? ''),
      secretAccessKey: String(env.AWS_SECRET_ACCESS_KEY ?? ''),
      sessionToken: typeof env.AWS_SESSION_TOKEN === 'string' ? env.AWS_SESSION_TOKEN : undefined,
    },
  });
  return createIngestApp({
    queue: new SqsQueue({ client, queueUrl: config.SQS_QUEUE_URL }),
    auth: ingestAuth(config),
    counters: new IngestCounters(),
    defaultCluster: config.DEFAULT_CLUSTER,
    maxBodyBytes: config.INGEST_MAX_BODY_BYTES,
    slackSigningSecret: config.SLACK_SIGNING_SECRET,
    log: (message) => console.error(message),
  });
}

// One app per isolate: configuration is read once, on the first request.
let app: Hono | ConfigError | undefined;

export default {
  async fetch(request: Request, env: Env, ctx: unknown): Promise<Response> {
    if (app === undefined) {
      try {
        app = build(env);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        console.error(error.message);
        app = error;
      }
    }
    if (app instanceof ConfigError) {
      return Response.json({ error: 'server misconfigured', issues: [] }, { status: 500 });
    }
    return app.fetch(request, env, ctx as never);
  },
};
