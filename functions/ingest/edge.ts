import { SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import type { Hono } from 'hono';
import { SqsQueue } from '../../shared/queue/sqs.ts';
import { type Config, ConfigError, ingestAuth } from '../config.ts';
import { awsSdkLogger } from '../log/aws-sdk.ts';
import type { Logger } from '../log/port.ts';
import { createIngestApp } from './app.ts';
import { IngestCounters } from './counters.ts';

/**
 * The ingest app of the stateless hosts (Cloudflare Worker, Lambda function URL): validated work goes to SQS, the
 * responder runs elsewhere. `credentials` are the host's own (Worker secrets); Lambda uses its execution role.
 * `log` is the host's: pino on Lambda, console JSON on the Worker (which must not bundle pino).
 */
export function createEdgeIngest(
  config: Config,
  host: string,
  log: Logger,
  credentials?: SQSClientConfig['credentials'],
): Hono {
  if (config.SLACK_APP_TOKEN) {
    throw new ConfigError(
      `invalid configuration:\n  SLACK_APP_TOKEN: ${host} serves Slack over HTTP only (SLACK_SIGNING_SECRET); ` +
        'Socket Mode needs a long-lived process: the Node server (ROLE=all or ROLE=ingest)',
    );
  }
  if (config.QUEUE !== 'sqs' || !config.SQS_QUEUE_URL) {
    throw new ConfigError(
      `invalid configuration:\n  QUEUE: ${host} enqueues to SQS: set QUEUE=sqs and SQS_QUEUE_URL`,
    );
  }
  const client = new SQSClient({
    region: config.AWS_REGION,
    endpoint: config.SQS_ENDPOINT,
    credentials,
    logger: awsSdkLogger(log.child({ component: 'aws' })),
  });
  return createIngestApp({
    queue: new SqsQueue({ client, queueUrl: config.SQS_QUEUE_URL }),
    auth: ingestAuth(config),
    counters: new IngestCounters(),
    defaultCluster: config.DEFAULT_CLUSTER,
    maxBodyBytes: config.INGEST_MAX_BODY_BYTES,
    slackSigningSecret: config.SLACK_SIGNING_SECRET,
    log: log.child({ component: 'ingest' }),
  });
}
