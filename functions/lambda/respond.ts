import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ConsoleNotifier } from '../../shared/chat/console.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { DynamoIncidentStore } from '../../shared/incidents/dynamodb-store.ts';
import { decodeJob } from '../../shared/queue/codec.ts';
import { DynamoProcessedStore } from '../../shared/queue/dynamodb.ts';
import type { Delivery } from '../../shared/queue/port.ts';
import { loadConfig, threadPolicy } from '../config.ts';
import type { IncidentHandler } from '../respond/handler.ts';
import { NotifierHandler } from '../respond/notify-handler.ts';
import { type RespondDeps, respond } from '../respond/respond.ts';
import { IncidentThreads } from '../respond/threads.ts';
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

/** Built on the first invocation (configuration errors fail the init, visibly, in the function's logs). */
function dependencies(): RespondDeps {
  if (deps) return deps;
  const config = loadConfig(process.env);
  if (!config.STATE_TABLE)
    throw new Error('invalid configuration:\n  STATE_TABLE: required on Lambda (processed-job record)');
  const client = new DynamoDBClient({ region: config.AWS_REGION });
  const handler: IncidentHandler = config.SLACK_BOT_TOKEN
    ? new IncidentThreads({
        store: new DynamoIncidentStore({ client, table: config.STATE_TABLE }),
        chat: new SlackChat({ token: config.SLACK_BOT_TOKEN, slackApiUrl: config.SLACK_API_URL }),
        policy: threadPolicy(config),
        log,
      })
    : new NotifierHandler(new ConsoleNotifier((text) => console.log(text)));
  deps = { handler, processed: new DynamoProcessedStore({ client, table: config.STATE_TABLE }) };
  return deps;
}

export async function handler(event: unknown): Promise<SqsBatchResponse> {
  return respondToSqsEvent(SqsEventSchema.parse(event), dependencies(), log);
}
