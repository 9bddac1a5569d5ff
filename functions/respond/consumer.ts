import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import type { Queue, Received } from '../../shared/queue/port.ts';
import { backoffDelay } from '../../shared/retry.ts';
import { incidentKey } from '../../shared/schemas/job.ts';
import type { Logger } from '../log/port.ts';
import { RepeatedFailure } from '../log/repeat.ts';
import type { DownstreamStatus } from './downstream.ts';
import type { RespondMetrics } from './metrics.ts';
import { type Outcome, type RespondDeps, respond } from './respond.ts';

export interface ConsumerOptions {
  batchSize: number;
  waitMs: number;
  /** Once a batch's first job is in, how long to wait for the batch to fill (Lambda's batching window). */
  batchWindowMs: number;
  /** Visibility the queue gives a received job; the consumer renews it at half this while it works. */
  visibilityMs: number;
  /** Delay before try number `tries + 1` (of a failed job, or after a downstream fault); default backoffDelay. */
  backoffMs?: (tries: number) => number;
  /** Faults of the services jobs need; the consumer reports to it and pauses while one lasts. */
  downstream: DownstreamStatus;
  /** Counts retries and dead letters by reason. */
  metrics?: RespondMetrics;
  log: Logger;
  /** The consumer's clock (tests): when a repeated queue error is said again. */
  now?: () => number;
}

type Failed = Extract<Outcome, { status: 'failed' }>;

/**
 * A failed job: when a downstream service failed (Slack down, a revoked token), the job waits for it without
 * spending an attempt; otherwise it spends one, and past the limit goes to the dead letters, which is said.
 */
async function retryFailed(
  queue: Queue,
  failed: readonly Failed[],
  received: Received,
  options: Pick<ConsumerOptions, 'backoffMs' | 'downstream' | 'metrics' | 'log'>,
): Promise<void> {
  const backoff = options.backoffMs ?? backoffDelay;
  const byFault = new Map<string, Failed[]>();
  for (const o of failed)
    if (o.fault) byFault.set(o.fault.transport, [...(byFault.get(o.fault.transport) ?? []), o]);
  for (const outcomes of byFault.values()) {
    const fault = outcomes[0]?.fault;
    if (!fault) continue;
    const jobs = outcomes.map(
      (o) => received.deliveries.find((d) => d.receipt === o.receipt)?.job.dedupKey ?? o.receipt,
    );
    const streak = options.downstream.failed(fault, jobs);
    for (const o of outcomes) {
      await queue.retry(o.receipt, backoff(streak), o.error, { counted: false });
      options.metrics?.retried('outage');
    }
  }
  for (const o of failed) {
    if (o.fault) continue;
    const delivery = received.deliveries.find((d) => d.receipt === o.receipt);
    const attempts = delivery?.attempts ?? 1;
    const result = await queue.retry(o.receipt, backoff(attempts), o.error);
    const ids = delivery ? { dedupKey: delivery.job.dedupKey, incident: incidentKey(delivery.job) } : {};
    if (result === 'dead-lettered') {
      options.metrics?.deadLettered('attempts');
      options.log.error(
        `job dead-lettered after ${attempts} deliveries: ${o.error} (pleg-responder dead-letters lists it)`,
        ids,
      );
    } else {
      options.metrics?.retried('failure');
      options.log.warn(`job failed (delivery ${attempts}), will retry: ${o.error}`, ids);
    }
  }
}

/**
 * Handles one received batch: poison messages to the dead letters at once, the rest through respond; done and
 * duplicate jobs are acknowledged, failed ones retried with backoff (the queue dead-letters them past its limit).
 */
export async function handleBatch(
  queue: Queue,
  received: Received,
  deps: RespondDeps,
  options: Pick<ConsumerOptions, 'visibilityMs' | 'backoffMs' | 'downstream' | 'metrics' | 'log'>,
): Promise<void> {
  for (const p of received.poison) {
    options.log.error(`rejecting unreadable job after ${p.attempts} delivery(ies): ${p.reason}`);
    await queue.reject(p.receipt, p.reason);
    options.metrics?.deadLettered('unreadable');
  }
  if (received.deliveries.length === 0) return;
  const heartbeat = setInterval(() => {
    for (const d of received.deliveries) queue.extend(d.receipt, options.visibilityMs).catch(() => {});
  }, options.visibilityMs / 2);
  try {
    const outcomes = await respond(received.deliveries, deps);
    await queue.ack(outcomes.filter((o) => o.status !== 'failed').map((o) => o.receipt));
    const failed = outcomes.filter((o): o is Failed => o.status === 'failed');
    if (!failed.some((o) => o.fault) && outcomes.some((o) => o.status === 'done'))
      options.downstream.recovered();
    await retryFailed(queue, failed, received, options);
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

/**
 * Receives and handles batches until `signal` aborts. Queue errors are logged and retried, never fatal. While a
 * downstream service is failing, the consumer pauses between batches (one batch probes whether it is back), so
 * a backlog waits in the queue instead of failing through it job by job.
 */
export async function consume(
  queue: Queue,
  deps: RespondDeps,
  options: ConsumerOptions,
  signal: AbortSignal,
): Promise<void> {
  // The queue unreachable for hours is one line, one a minute while it lasts, and one when it is back.
  const queueErrors = new RepeatedFailure(options.log, 'queue consumer error', options.now);
  while (!signal.aborted) {
    try {
      // A batch that needs no network (storm members, repeats: SQLite is synchronous) awaits only promises that
      // are already settled, and so would the next: without this turn of the event loop, a backlog would keep
      // webhooks, probes and /metrics unanswered until it is gone, and whatever waits for a turn (sockets'
      // buffers, native memory V8 frees after a collection) would pile up meanwhile.
      await setImmediatePromise();
      const received = await receiveBatch(queue, options);
      if (received.deliveries.length === 0 && received.poison.length === 0) await deps.handler.idle?.();
      else await handleBatch(queue, received, deps, options);
      queueErrors.succeeded();
      const streak = options.downstream.streak;
      if (streak > 0) await pause((options.backoffMs ?? backoffDelay)(streak), signal);
    } catch (error) {
      if (signal.aborted) break;
      queueErrors.failed((error as Error).message, { retryInMs: 1000 });
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** Waits `ms`, or less if `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
