import type { Job, WebhookJob } from '../schemas/job.ts';

/** A job handed to a consumer; `receipt` identifies this delivery (a redelivery gets a new one). */
export interface Delivery {
  job: Job;
  receipt: string;
  /** 1 on the first delivery. */
  attempts: number;
}

/** A message that could not be read as a job: it goes to the dead letters, never silently away. */
export interface PoisonMessage {
  receipt: string;
  attempts: number;
  body: string;
  reason: string;
}

export interface RetryOptions {
  counted?: boolean;
}

/** Whether a retried job will be delivered again, or went to the dead letters for good. */
export type RetryResult = 'retrying' | 'dead-lettered';

/** What an operator watches: jobs waiting or being worked on, and jobs that failed for good. */
export interface QueueStats {
  queued: number;
  deadLetters: number;
  /** Seconds since the oldest job still in the queue was received by ingest (0 when the queue is empty). */
  oldestJobAgeSeconds: number;
}

export type Readiness = { ready: true } | { ready: false; reason: string };

export interface Received {
  deliveries: Delivery[];
  poison: PoisonMessage[];
}

/**
 * The queue between ingest and respond. `enqueue` resolves only once the jobs are durably stored: ingest
 * answers 202 after it, 503 if it rejects. Delivery is at least once.
 */
export interface Queue {
  enqueue(jobs: readonly Job[]): Promise<void>;
  /**
   * Where a queue has it: stores a webhook as one job that stands for the `jobs` jobs ingest derived from it,
   * and delivers those jobs (expanded by the responder) one by one, as if `enqueue` had been given them. The
   * embedded queue has it (one short write per webhook); SQS has not: its messages stay one per job, within
   * its size limit and readable by a responder that predates webhook jobs.
   */
  enqueueWebhook?(webhook: WebhookJob, jobs: number): Promise<void>;
  receive(max: number, waitMs: number): Promise<Received>;
  /** Done with these deliveries: remove them. */
  ack(receipts: readonly string[]): Promise<void>;
  /**
   * Failed: deliver again after `delayMs`; past the attempt limit the job goes to the dead letters. With
   * `counted: false` (a downstream service failed, not the job) the delivery does not count as an attempt: the
   * embedded queue gives the attempt back; SQS, which counts every receive, sends the job again as a new message.
   */
  retry(receipt: string, delayMs: number, reason: string, options?: RetryOptions): Promise<RetryResult>;
  /** Can never succeed (unreadable, invalid): to the dead letters now, with the reason. */
  reject(receipt: string, reason: string): Promise<void>;
  /** Still working on it: keep it invisible for another `ms`. */
  extend(receipt: string, ms: number): Promise<void>;
  /** Whether the queue can take jobs now; when not, why (for /readyz: the disk is full, SQS unreachable…). */
  ready(): Promise<Readiness>;
  /** For /metrics, where the queue can count cheaply (the embedded one; SQS's counts are in CloudWatch). */
  stats?(): Promise<QueueStats>;
  close(): Promise<void>;
}

/** Remembers which jobs were already handled, so a redelivered job is not notified twice. */
/**
 * How long a processed-job record is kept (14 days): longer than any redelivery of the same job (queue retries,
 * Alertmanager's resends, Slack's), so the record never grows without end. Both stores honour it.
 */
export const PROCESSED_TTL_SECONDS = 14 * 24 * 60 * 60;

export interface ProcessedStore {
  seen(dedupKeys: readonly string[]): Promise<Set<string>>;
  mark(dedupKeys: readonly string[]): Promise<void>;
}
