import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { ChatPort } from '../../shared/chat/port.ts';
import type { EvidenceArchive } from '../../shared/evidence/archive.ts';
import { DynamoIncidentStore } from '../../shared/incidents/dynamodb-store.ts';
import { decodeJob } from '../../shared/queue/codec.ts';
import { DynamoProcessedStore } from '../../shared/queue/dynamodb.ts';
import type { Delivery } from '../../shared/queue/port.ts';
import { REQUEUES_ATTRIBUTE, type Requeued, requeueMessage, requeuesOf } from '../../shared/queue/sqs.ts';
import { backoffDelay } from '../../shared/retry.ts';
import { composeResponder } from '../compose.ts';
import { type Config, ConfigError, configSecrets, loadConfig } from '../config.ts';
import { s3EvidenceArchive } from '../evidence-s3.ts';
import { awsSdkLogger } from '../log/aws-sdk.ts';
import { createLogger } from '../log/pino.ts';
import type { Logger } from '../log/port.ts';
import { type RespondDeps, respond } from '../respond/respond.ts';
import { type SqsBatchResponse, type SqsEvent, SqsEventSchema } from './sqs-event.ts';

/** Sends a job again as a new message, due after `delayMs` (`requeueMessage` on the jobs queue). */
export type Requeue = (message: Requeued, delayMs: number) => Promise<void>;

/**
 * One SQS batch. The receipt of each delivery is its messageId, which is what a partial batch response names.
 * Unreadable messages and jobs that failed on their own are reported as item failures: SQS redelivers only
 * those, and its redrive policy moves them to the DLQ after maxReceiveCount. A job that a downstream fault
 * (Slack down, a revoked token) stopped is requeued instead, due after a backoff that grows with its requeues,
 * and reported done, so SQS deletes this delivery: an outage spends none of the redrive policy's receives,
 * however long it lasts. If the requeue itself fails, the job is an item failure like any other. One bad job
 * never fails its batch.
 */
export async function respondToSqsEvent(
  event: SqsEvent,
  deps: RespondDeps,
  log: Logger,
  requeue: Requeue,
): Promise<SqsBatchResponse> {
  const deliveries: Delivery[] = [];
  const failures: string[] = [];
  const records = new Map(event.Records.map((r) => [r.messageId, r]));
  for (const record of event.Records) {
    const decoded = decodeJob(record.body);
    if ('job' in decoded) {
      deliveries.push({
        job: decoded.job,
        receipt: record.messageId,
        attempts: Number(record.attributes.ApproximateReceiveCount),
      });
    } else {
      log.error(`unreadable job ${record.messageId}: ${decoded.reason}`, { messageId: record.messageId });
      failures.push(record.messageId);
    }
  }
  for (const outcome of await respond(deliveries, deps)) {
    if (outcome.status !== 'failed') continue;
    const record = records.get(outcome.receipt);
    if (outcome.fault && record) {
      const requeues = requeuesOf(record.messageAttributes[REQUEUES_ATTRIBUTE]?.stringValue);
      const delayMs = backoffDelay(requeues + 1);
      try {
        await requeue({ body: record.body, requeues }, delayMs);
        log.warn(
          `job ${outcome.receipt} waits for ${outcome.fault.transport}: requeued, due in ${Math.round(delayMs / 1000)} s: ${outcome.error}`,
          {
            messageId: outcome.receipt,
            requeues: requeues + 1,
          },
        );
        continue;
      } catch (error) {
        log.error(`job ${outcome.receipt} could not be requeued: ${(error as Error).message}`, {
          messageId: outcome.receipt,
        });
      }
    }
    log.warn(`job ${outcome.receipt} failed: ${outcome.error}`, { messageId: outcome.receipt });
    failures.push(outcome.receipt);
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

let built: { deps: RespondDeps; log: Logger; requeue: Requeue } | undefined;

/** The function's log: JSON lines (CloudWatch parses them), the configured secrets scrubbed. */
function lambdaLogger(config: Config): Logger {
  return createLogger({ level: config.LOG_LEVEL, format: 'json', secrets: configSecrets(config) });
}

export interface LambdaResponderOverrides {
  /** The DynamoDB client for the state table (tests point it at a fake). */
  client?: DynamoDBClient;
  chat?: ChatPort;
  /** The evidence archive (default: S3 with EVIDENCE_BUCKET, else none). */
  evidence?: EvidenceArchive;
  /** Default: pino JSON lines on stderr (functions/log/pino.ts). */
  log?: Logger;
}

/**
 * The responder as the Lambda runs it, from its environment: the shared composition (functions/compose.ts)
 * with DynamoDB for incidents and processed jobs, and the function log as the console.
 */
export function lambdaResponder(
  env: Record<string, string | undefined>,
  overrides: LambdaResponderOverrides = {},
): RespondDeps {
  const config = loadConfig(env);
  if (!config.STATE_TABLE)
    throw new ConfigError('invalid configuration:\n  STATE_TABLE: required on Lambda (processed-job record)');
  const log = overrides.log ?? lambdaLogger(config);
  const client =
    overrides.client ??
    new DynamoDBClient({ region: config.AWS_REGION, logger: awsSdkLogger(log.child({ component: 'aws' })) });
  return composeResponder(config, {
    host: 'lambda',
    store: new DynamoIncidentStore({ client, table: config.STATE_TABLE }),
    processed: new DynamoProcessedStore({ client, table: config.STATE_TABLE }),
    evidence: overrides.evidence ?? s3EvidenceArchive(config, log),
    chat: overrides.chat,
    write: (text) => console.log(text.trimEnd()),
    log,
  });
}

/** Built on the first invocation (configuration errors fail the init, visibly, in the function's logs). */
function dependencies(): { deps: RespondDeps; log: Logger; requeue: Requeue } {
  if (!built) {
    const config = loadConfig(process.env);
    const log = lambdaLogger(config);
    const queueUrl = config.SQS_QUEUE_URL;
    if (!queueUrl)
      throw new ConfigError('invalid configuration:\n  SQS_QUEUE_URL: required on Lambda (requeues)');
    const sqs = new SQSClient({
      region: config.AWS_REGION,
      logger: awsSdkLogger(log.child({ component: 'aws' })),
    });
    built = {
      deps: lambdaResponder(process.env, { log }),
      log: log.child({ component: 'queue' }),
      requeue: (message, delayMs) => requeueMessage(sqs, queueUrl, message, delayMs),
    };
  }
  return built;
}

export async function handler(event: unknown): Promise<SqsBatchResponse> {
  const { deps, log, requeue } = dependencies();
  return respondToSqsEvent(SqsEventSchema.parse(event), deps, log, requeue);
}
