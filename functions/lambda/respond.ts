import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { ChatPort } from '../../shared/chat/port.ts';
import { DynamoIncidentStore } from '../../shared/incidents/dynamodb-store.ts';
import { decodeJob } from '../../shared/queue/codec.ts';
import { DynamoProcessedStore } from '../../shared/queue/dynamodb.ts';
import type { Delivery } from '../../shared/queue/port.ts';
import { composeResponder } from '../compose.ts';
import { ConfigError, loadConfig } from '../config.ts';
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
  log: (m: string) => void,
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
      log(`unreadable job ${record.messageId}: ${decoded.reason}`);
      failures.push(record.messageId);
    }
  }
  for (const outcome of await respond(deliveries, deps)) {
    if (outcome.status === 'failed') {
      log(`job ${outcome.receipt} failed: ${outcome.error}`);
      failures.push(outcome.receipt);
    }
  }
  return { batchItemFailures: failures.map((itemIdentifier) => ({ itemIdentifier })) };
}

const log = (message: string) => console.error(message);
let deps: RespondDeps | undefined;

export interface LambdaResponderOverrides {
  /** The DynamoDB client for the state table (tests point it at a fake). */
  client?: DynamoDBClient;
  chat?: ChatPort;
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
    log,
  });
}

/** Built on the first invocation (configuration errors fail the init, visibly, in the function's logs). */
function dependencies(): RespondDeps {
  deps ??= lambdaResponder(process.env);
  return deps;
}

export async function handler(event: unknown): Promise<SqsBatchResponse> {
  return respondToSqsEvent(SqsEventSchema.parse(event), dependencies(), log);
}
