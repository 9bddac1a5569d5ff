import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  type SendMessageBatchRequestEntry,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { BATCH_BACKOFF, retrying } from '../retry.ts';
import type { Job } from '../schemas/job.ts';
import { decodeJob, encodeJob } from './codec.ts';
import type { Delivery, PoisonMessage, Queue, Received, RetryResult } from './port.ts';

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

/**
 * The queue on Amazon SQS (standard queue; DLQ by the queue's redrive policy). Works from Node, Lambda and the
 * Workers runtime alike: the SDK only needs fetch.
 */
export class SqsQueue implements Queue {
  readonly #client: SQSClient;
  readonly #url: string;
  readonly #maxBytes: number;
  readonly #visibilityMs: number;

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
      if ('job' in decoded) deliveries.push({ job: decoded.job, receipt: message.ReceiptHandle, attempts });
      else
        poison.push({
          receipt: message.ReceiptHandle,
          attempts,
          body: message.Body ?? '',
          reason: decoded.reason,
        });
    }
    return { deliveries, poison };
  }

  async ack(receipts: readonly string[]): Promise<void> {
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
   * SQS keeps no per-message note (the consumer has already logged the reason) and counts every receive: the
   * redrive policy's maxReceiveCount, times the delays, bounds how long a job can wait out an outage.
   */
  async retry(receipt: string, delayMs: number, _reason: string): Promise<RetryResult> {
    await this.#changeVisibility(receipt, delayMs);
    return 'retrying';
  }

  /**
   * Visible again at once, untouched: the queue's redrive policy moves it, body intact, to the DLQ once it has
   * been received maxReceiveCount times.
   */
  async reject(receipt: string, _reason: string): Promise<void> {
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

  async ready(): Promise<boolean> {
    try {
      await this.#client.send(
        new GetQueueAttributesCommand({ QueueUrl: this.#url, AttributeNames: ['QueueArn'] }),
      );
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {}
}
