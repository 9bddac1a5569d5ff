import type { SQSClientConfig } from '@aws-sdk/client-sqs';
import type { LogFields, Logger } from './port.ts';
import { sdkMessage } from './sdk-message.ts';

/** The logger an AWS SDK v3 client takes (the same interface for every client). */
export type AwsSdkLogger = NonNullable<SQSClientConfig['logger']>;

/** What the SDK's logger middleware passes for each call it made: the command, its input and output. */
interface CallRecord {
  clientName: string;
  commandName: string;
  metadata?: { httpStatusCode?: number; attempts?: number; totalRetryDelay?: number };
  error?: unknown;
}

const isCallRecord = (part: unknown): part is CallRecord =>
  typeof part === 'object' && part !== null && 'clientName' in part && 'commandName' in part;

/**
 * A call record as one line and a few fields: which command, its status and retries. Its `input` and `output` are
 * left out: they hold message bodies and table items (alert contents), not what an operator reads a log for.
 */
function line(parts: unknown[]): { message: string; fields: LogFields } {
  const [first] = parts;
  if (parts.length !== 1 || !isCallRecord(first)) return { message: sdkMessage(parts), fields: {} };
  const { clientName, commandName, metadata = {}, error } = first;
  const outcome =
    error === undefined ? '' : `: ${error instanceof Error ? error.message : sdkMessage([error])}`;
  return {
    message: `${clientName} ${commandName}${outcome}`,
    fields: {
      ...(metadata.httpStatusCode === undefined ? {} : { status: metadata.httpStatusCode }),
      ...(metadata.attempts === undefined ? {} : { attempts: metadata.attempts }),
      ...(metadata.totalRetryDelay ? { retryDelayMs: metadata.totalRetryDelay } : {}),
    },
  };
}

/**
 * An AWS SDK client's logger over ours (component `aws`), so the SDK's lines come out in our format, levels and
 * redaction. The SDK logs every call at info: those are debug lines here (one per SQS or DynamoDB call would bury
 * everything else); its warnings and errors stay what they are.
 */
export function awsSdkLogger(log: Logger): AwsSdkLogger {
  const at =
    (write: (message: string, fields?: LogFields) => void) =>
    (...parts: unknown[]) => {
      const { message, fields } = line(parts);
      write(message, fields);
    };
  const debug = at((message, fields) => log.debug(message, fields));
  return {
    trace: debug,
    debug,
    info: debug,
    warn: at((message, fields) => log.warn(message, fields)),
    error: at((message, fields) => log.error(message, fields)),
  };
}
