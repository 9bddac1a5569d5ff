import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ChatPort } from '../../shared/chat/port.ts';
import { DynamoIncidentStore } from '../../shared/incidents/dynamodb-store.ts';
import { decodeJob } from '../../shared/queue/codec.ts';
import { DynamoProcessedStore } from '../../shared/queue/dynamodb.ts';
import type { Delivery } from '../../shared/queue/port.ts';
import { composeResponder } from '../compose.ts';
import { type Config, ConfigError, configSecrets, loadConfig } from '../config.ts';
import { createLogger } from '../log/pino.ts';
import type { Logger } from '../log/port.ts';
import { type RespondDeps, respond } from '../respond/respond.ts';
import { type SqsBatchResponse, type SqsEvent, SqsEventSchema } from './sqs-event.ts';

/**
 * One SQS batch. The receipt of each delivery is its messageId, which is what a partial batch response names.
 * Unreadable messages and failed incidents are reported as item failures: SQS redelivers only those, and its
 * redrive policy moves them to the DLQ after maxReceiveCount. One bad job never fails its batch.
 */
export async function respondToSqsEvent(
  event: SqsEvent,
  deps: RespondDeps,
  log: Logger,
): Promise<SqsBatchResponse> {
  const deliveries: Delivery[] = [];
  const failures: string[] = [];
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
    if (outcome.status === 'failed') {
      log.warn(`job ${outcome.receipt} failed: ${outcome.error}`, { messageId: outcome.receipt });
      failures.push(outcome.receipt);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

let built: { deps: RespondDeps; log: Logger } | undefined;

/** The function's log: JSON lines (CloudWatch parses them), the configured secrets scrubbed. */
function lambdaLogger(config: Config): Logger {
  return createLogger({ level: config.LOG_LEVEL, format: 'json', secrets: configSecrets(config) });
}

export interface LambdaResponderOverrides {
  /** The DynamoDB client for the state table (tests point it at a fake). */
  client?: DynamoDBClient;
  chat?: ChatPort;
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
  const client = overrides.client ?? new DynamoDBClient({ region: config.AWS_REGION });
  return composeResponder(config, {
    host: 'lambda',
    store: new DynamoIncidentStore({ client, table: config.STATE_TABLE }),
    processed: new DynamoProcessedStore({ client, table: config.STATE_TABLE }),
    chat: overrides.chat,
    write: (text) => console.log(text.trimEnd()),
    log: overrides.log ?? lambdaLogger(config),
  });
}

/** Built on the first invocation (configuration errors fail the init, visibly, in the function's logs). */
function dependencies(): { deps: RespondDeps; log: Logger } {
  if (!built) {
    const log = lambdaLogger(loadConfig(process.env));
    built = { deps: lambdaResponder(process.env, { log }), log: log.child({ component: 'queue' }) };
  }
  return built;
}

export async function handler(event: unknown): Promise<SqsBatchResponse> {
  const { deps, log } = dependencies();
  return respondToSqsEvent(SqsEventSchema.parse(event), deps, log);
}
