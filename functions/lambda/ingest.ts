import { SQSClient } from '@aws-sdk/client-sqs';
import type { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { SqsQueue } from '../../shared/queue/sqs.ts';
import { ConfigError, ingestAuth, loadConfig } from '../config.ts';
import { createIngestApp } from '../ingest/app.ts';
import { IngestCounters } from '../ingest/counters.ts';

/** The ingest app behind a Lambda function URL (or API Gateway), enqueuing to SQS. */
export function createLambdaIngest(env: Record<string, string | undefined>): Hono {
  const config = loadConfig(env);
  if (config.QUEUE !== 'sqs' || !config.SQS_QUEUE_URL) {
    throw new ConfigError(
      'invalid configuration:\n  QUEUE: Lambda ingest enqueues to SQS: set QUEUE=sqs and SQS_QUEUE_URL',
    );
  }
  return createIngestApp({
    queue: new SqsQueue({
      client: new SQSClient({ region: config.AWS_REGION, endpoint: config.SQS_ENDPOINT }),
      queueUrl: config.SQS_QUEUE_URL,
    }),
    auth: ingestAuth(config),
    counters: new IngestCounters(),
    defaultCluster: config.DEFAULT_CLUSTER,
    maxBodyBytes: config.INGEST_MAX_BODY_BYTES,
    slackSigningSecret: config.SLACK_SIGNING_SECRET,
    log: (message) => console.error(message),
  });
}

let app: Hono | undefined;

export const handler: ReturnType<typeof handle> = (event, context) => {
  app ??= createLambdaIngest(process.env);
  return handle(app)(event, context);
};
