import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SendMessageBatchRequestEntry,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { BATCH_BACKOFF, retrying } from '../retry.ts';
import type { Job } from '../schemas/job.ts';
import { decodeJob, encodeJob } from './codec.ts';
import type {
  Delivery,
  PoisonMessage,
  Queue,
  Readiness,
  Received,
  RetryOptions,
  RetryResult,
} from './port.ts';

export interface SqsQueueOptions {
  client: SQSClient;
  queueUrl: string;
  /** Total body bytes per SendMessageBatch (SQS allows 1 MiB; queues created with the old limit allow 256 KiB). */
  maxBatchBytes?: number;
  /** Visibility timeout given to received messages. */
  visibilityMs?: number;
}

const MAX_ENTRIES = 10;
const SQS_WAIT_LIMIT_SECONDS = 20;
/** SendMessageBatch calls per batch: the first and one resend of the entries SQS failed on its side. */
const SEND_TRIES = 2;

/** Entries of a SendMessageBatch that SQS failed on its side (not the sender's fault): `count` of them. */
class NotAccepted extends Error {
  readonly count: number;

  constructor(count: number) {
    super(`SQS did not accept ${count} job(s)`);
    this.count = count;
  }
}

/** Splits encoded jobs into SendMessageBatch requests of at most 10 entries and `maxBytes` of bodies. */
export function packBatches(bodies: readonly string[], maxBytes: number): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const body of bodies) {
    const size = new TextEncoder().encode(body).length;
    if (size > maxBytes)
      throw new Error(`a job of ${size} bytes exceeds the queue's message size limit (${maxBytes})`);
    if (current.length === MAX_ENTRIES || bytes + size > maxBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(body);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function seconds(ms: number): number {
  return Math.max(0, Math.min(43_200, Math.ceil(ms / 1000)));
}

/** SendMessage's DelaySeconds maximum: a requeued job is due again within 15 minutes at most. */
const MAX_DELAY_SECONDS = 900;
/** Deliveries in hand at once are a few batches of 10: far below this. */
const MAX_KEPT_BODIES = 1000;

/**
 * Sends `body` to `queueUrl` again as a new message, due after `delayMs` (at most 15 minutes): what a delivery
 * that a downstream fault wasted becomes, so it does not count toward the redrive policy's maxReceiveCount (SQS
 * counts every receive; a new message starts at none) and its retention period starts again. Used by the Node
 * consumer (`SqsQueue.retry` with `counted: false`) and the Lambda responder alike.
 */
export async function requeueMessage(
  client: SQSClient,
  queueUrl: string,
  message: Requeued,
  delayMs: number,
): Promise<void> {
  await client.send(
    new SendMessageCommand({
      QueueUrl: queueUrl,
      MessageBody: message.body,
      DelaySeconds: Math.min(MAX_DELAY_SECONDS, seconds(delayMs)),
      MessageAttributes: {
        [REQUEUES_ATTRIBUTE]: { DataType: 'Number', StringValue: String(message.requeues + 1) },
      },
    }),
  );
}

/** A message as a requeue sends it again: its body, and how many requeues it has been through already. */
export interface Requeued {
  body: string;
  requeues: number;
}

/**
 * The message attribute counting a job's requeues: SQS's receive count starts again with each, so this is what
 * tells how long a job has been waiting out an outage (its backoff on Lambda, where no consumer keeps a streak).
 */
export const REQUEUES_ATTRIBUTE = 'pleg-outage-requeues';

/** The requeue count an attribute value holds (0 when absent or not a count). */
export function requeuesOf(value: string | undefined): number {
  const n = Number(value ?? '0');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/**
 * The queue on Amazon SQS (standard queue; DLQ by the queue's redrive policy). Works from Node, Lambda and the
 * Workers runtime alike: the SDK only needs fetch.
 */
export class SqsQueue implements Queue {
  readonly #client: SQSClient;
  readonly #url: string;
  readonly #maxBytes: number;
  readonly #visibilityMs: number;
  /**
   * The body of each delivery not yet acknowledged, retried or rejected: what a requeue sends again. Bounded: a
   * delivery whose handling never came back is redelivered by SQS under a new receipt.
   */
  readonly #bodies = new Map<string, Requeued>();

  constructor(options: SqsQueueOptions) {
    this.#client = options.client;
    this.#url = options.queueUrl;
    this.#maxBytes = options.maxBatchBytes ?? 1_048_576;
    this.#visibilityMs = options.visibilityMs ?? 60_000;
  }

  async enqueue(jobs: readonly Job[]): Promise<void> {
    for (const batch of packBatches(jobs.map(encodeJob), this.#maxBytes)) await this.#send(batch);
  }

  /**
   * Sends one batch; entries SQS reports as failed for a transient reason (its side, throttling) are sent once
   * more after the batch policy's wait. A sender fault is thrown at once: resending the same entry cannot help.
   * Whole-request throttling and 5xx are the SDK's to retry (its retry strategy), before this sees them.
   */
  async #send(bodies: readonly string[]): Promise<void> {
    let entries: SendMessageBatchRequestEntry[] = bodies.map((body, i) => ({
      Id: `j${i}`,
      MessageBody: body,
    }));
    await retrying(
      async () => {
        const result = await this.#client.send(
          new SendMessageBatchCommand({ QueueUrl: this.#url, Entries: entries }),
        );
        const failed = result.Failed ?? [];
        const permanent = failed.find((f) => f.SenderFault);
        if (permanent)
          throw new Error(`SQS rejected a job: ${permanent.Code ?? ''} ${permanent.Message ?? ''}`.trim());
        const again = new Set(failed.map((f) => f.Id));
        entries = entries.filter((e) => again.has(e.Id));
        if (entries.length > 0) throw new NotAccepted(entries.length);
      },
      {
        policy: BATCH_BACKOFF,
        retryable: (error) => error instanceof NotAccepted,
        maxTries: SEND_TRIES,
        exhausted: (error) =>
          new Error(`SQS did not accept ${(error as NotAccepted).count} job(s) after a retry`),
      },
    );
  }

  async receive(max: number, waitMs: number): Promise<Received> {
    const result = await this.#client.send(
      new ReceiveMessageCommand({
        QueueUrl: this.#url,
        MaxNumberOfMessages: Math.max(1, Math.min(MAX_ENTRIES, max)),
        WaitTimeSeconds: Math.min(SQS_WAIT_LIMIT_SECONDS, Math.floor(waitMs / 1000)),
        VisibilityTimeout: seconds(this.#visibilityMs),
        // Both spellings: newer SQS reads the second, some emulators only the first.
        AttributeNames: ['All'],
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: [REQUEUES_ATTRIBUTE],
      }),
    );
    const deliveries: Delivery[] = [];
    const poison: PoisonMessage[] = [];
    const seen = new Set<string>();
    for (const message of result.Messages ?? []) {
      if (!message.ReceiptHandle || !message.MessageId || seen.has(message.MessageId)) continue;
      seen.add(message.MessageId);
      const attempts = Number(message.Attributes?.ApproximateReceiveCount ?? '1');
      const decoded = decodeJob(message.Body ?? '');
      if ('job' in decoded) {
        deliveries.push({ job: decoded.job, receipt: message.ReceiptHandle, attempts });
        this.#keepBody(message.ReceiptHandle, {
          body: message.Body ?? '',
          requeues: requeuesOf(message.MessageAttributes?.[REQUEUES_ATTRIBUTE]?.StringValue),
        });
      } else
        poison.push({
          receipt: message.ReceiptHandle,
          attempts,
          body: message.Body ?? '',
          reason: decoded.reason,
        });
    }
    return { deliveries, poison };
  }

  #keepBody(receipt: string, body: Requeued): void {
    if (this.#bodies.size >= MAX_KEPT_BODIES) {
      const oldest = this.#bodies.keys().next().value;
      if (oldest !== undefined) this.#bodies.delete(oldest);
    }
    this.#bodies.set(receipt, body);
  }

  async ack(receipts: readonly string[]): Promise<void> {
    for (const receipt of receipts) this.#bodies.delete(receipt);
    for (let i = 0; i < receipts.length; i += MAX_ENTRIES) {
      const chunk = receipts.slice(i, i + MAX_ENTRIES);
      const result = await this.#client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: this.#url,
          Entries: chunk.map((handle, n) => ({ Id: `d${n}`, ReceiptHandle: handle })),
        }),
      );
      // A handle that expired means the message was redelivered meanwhile: the new delivery will be
      // recognised as already processed, so this is not an error worth failing the batch for.
      const failed = (result.Failed ?? []).filter((f) => f.Code !== 'ReceiptHandleIsInvalid');
      if (failed.length > 0)
        throw new Error(`SQS could not delete ${failed.length} message(s): ${failed[0]?.Code ?? ''}`);
    }
  }

  /**
   * A failure of the job itself keeps the message, invisible for `delayMs`: SQS counts the receive, and its
   * redrive policy moves the job to the DLQ after maxReceiveCount of them. A downstream fault (`counted: false`)
   * must not spend those: the job is sent again as a new message, due after `delayMs`, and then this delivery is
   * deleted — in that order, so a crash between the two leaves a duplicate (recognised by its dedup key as
   * processed or not) rather than nothing. A job can so wait out an outage of any length. SQS keeps no
   * per-message note: the consumer has already logged the reason.
   */
  async retry(
    receipt: string,
    delayMs: number,
    _reason: string,
    options?: RetryOptions,
  ): Promise<RetryResult> {
    const body = this.#bodies.get(receipt);
    this.#bodies.delete(receipt);
    if (options?.counted === false && body !== undefined) {
      await requeueMessage(this.#client, this.#url, body, delayMs);
      await this.#client.send(new DeleteMessageCommand({ QueueUrl: this.#url, ReceiptHandle: receipt }));
      return 'retrying';
    }
    await this.#changeVisibility(receipt, delayMs);
    return 'retrying';
  }

  /**
   * Visible again at once, untouched: the queue's redrive policy moves it, body intact, to the DLQ once it has
   * been received maxReceiveCount times.
   */
  async reject(receipt: string, _reason: string): Promise<void> {
    this.#bodies.delete(receipt);
    await this.#changeVisibility(receipt, 0);
  }

  async extend(receipt: string, ms: number): Promise<void> {
    await this.#changeVisibility(receipt, ms);
  }

  async #changeVisibility(receipt: string, ms: number): Promise<void> {
    await this.#client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.#url,
        ReceiptHandle: receipt,
        VisibilityTimeout: seconds(ms),
      }),
    );
  }

  async ready(): Promise<Readiness> {
    try {
      await this.#client.send(
        new GetQueueAttributesCommand({ QueueUrl: this.#url, AttributeNames: ['QueueArn'] }),
      );
      return { ready: true };
    } catch (error) {
      // The error's kind, not its message: /readyz is unauthenticated, and messages can name the account's queue.
      const { code, name } = error as { code?: unknown; name?: unknown };
      return {
        ready: false,
        reason: `SQS queue not available (${typeof code === 'string' ? code : String(name)})`,
      };
    }
  }

  async close(): Promise<void> {}
}
