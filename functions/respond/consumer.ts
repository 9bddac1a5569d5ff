import type { Queue, Received } from '../../shared/queue/port.ts';
import { type RespondDeps, respond } from './respond.ts';

export interface ConsumerOptions {
  batchSize: number;
  waitMs: number;
  /** Once a batch's first job is in, how long to wait for the batch to fill (Lambda's batching window). */
  batchWindowMs: number;
  /** Visibility the queue gives a received job; the consumer renews it at half this while it works. */
  visibilityMs: number;
  /** Delay before delivery number `attempts + 1` of a failed job. */
  backoffMs: (attempts: number) => number;
  log: (message: string) => void;
}

/** 1 s, 2 s, 4 s … capped at 5 minutes. */
export function exponentialBackoff(attempts: number): number {
  return Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Handles one received batch: poison messages to the dead letters at once, the rest through respond; done and
 * duplicate jobs are acknowledged, failed ones retried with backoff (the queue dead-letters them past its limit).
 */
export async function handleBatch(
  queue: Queue,
  received: Received,
  deps: RespondDeps,
  options: Pick<ConsumerOptions, 'visibilityMs' | 'backoffMs' | 'log'>,
): Promise<void> {
  for (const p of received.poison) {
    options.log(`rejecting unreadable job after ${p.attempts} delivery(ies): ${p.reason}`);
    await queue.reject(p.receipt, p.reason);
  }
  if (received.deliveries.length === 0) return;
  const heartbeat = setInterval(() => {
    for (const d of received.deliveries) queue.extend(d.receipt, options.visibilityMs).catch(() => {});
  }, options.visibilityMs / 2);
  try {
    const outcomes = await respond(received.deliveries, deps);
    await queue.ack(outcomes.filter((o) => o.status !== 'failed').map((o) => o.receipt));
    for (const o of outcomes) {
      if (o.status !== 'failed') continue;
      const attempts = received.deliveries.find((d) => d.receipt === o.receipt)?.attempts ?? 1;
      options.log(`job failed (delivery ${attempts}), will retry: ${o.error}`);
      await queue.retry(o.receipt, options.backoffMs(attempts), o.error);
    }
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * One batch: it waits up to `waitMs` for a first job, then up to `batchWindowMs` more for the batch to fill. A
 * burst is then seen together — a storm's first nodes reach the incident logic as one batch, which opens the
 * cluster thread at once instead of a thread for the first node — as SQS triggers do with Lambda's
 * MaximumBatchingWindowInSeconds.
 */
export async function receiveBatch(
  queue: Queue,
  options: Pick<ConsumerOptions, 'batchSize' | 'waitMs' | 'batchWindowMs'>,
): Promise<Received> {
  const batch = await queue.receive(options.batchSize, options.waitMs);
  if (batch.deliveries.length === 0) return batch;
  const deadline = Date.now() + options.batchWindowMs;
  for (let left = options.batchWindowMs; left > 0 && batch.deliveries.length < options.batchSize; ) {
    const more = await queue.receive(options.batchSize - batch.deliveries.length, left);
    // Nothing came within the time left (or the queue closed): the window is over.
    if (more.deliveries.length === 0 && more.poison.length === 0) break;
    batch.deliveries.push(...more.deliveries);
    batch.poison.push(...more.poison);
    left = deadline - Date.now();
  }
  return batch;
}

/** Receives and handles batches until `signal` aborts. Queue errors are logged and retried, never fatal. */
export async function consume(
  queue: Queue,
  deps: RespondDeps,
  options: ConsumerOptions,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    try {
      const received = await receiveBatch(queue, options);
      if (received.deliveries.length === 0 && received.poison.length === 0) await deps.handler.idle?.();
      else await handleBatch(queue, received, deps, options);
    } catch (error) {
      if (signal.aborted) break;
      options.log(`consumer error: ${(error as Error).message}; retrying in 1s`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
