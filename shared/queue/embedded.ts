import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Job } from '../schemas/job.ts';
import { decodeJob, encodeJob } from './codec.ts';
import type { Delivery, PoisonMessage, ProcessedStore, Queue, Received } from './port.ts';

export interface EmbeddedQueueOptions {
  db: DatabaseSync;
  /** How long a received job stays invisible before it is delivered again. */
  visibilityMs?: number;
  /** Deliveries before a failing job moves to the dead letters. */
  maxAttempts?: number;
  /** Milliseconds as seen by the queue (tests move time forward). */
  now?: () => number;
}

interface Pending {
  jobs: readonly Job[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Row {
  id: number;
  body: string;
  attempts: number;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    dedup_key TEXT NOT NULL UNIQUE,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    visible_at INTEGER NOT NULL,
    last_error TEXT
  );
  CREATE INDEX IF NOT EXISTS jobs_visible ON jobs (visible_at, id);
  CREATE TABLE IF NOT EXISTS dead_letters (
    id INTEGER PRIMARY KEY,
    dedup_key TEXT NOT NULL,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    reason TEXT NOT NULL,
    failed_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS processed (
    dedup_key TEXT PRIMARY KEY,
    processed_at INTEGER NOT NULL
  );`;

/**
 * The embedded default's state: one SQLite file in WAL mode with synchronous=FULL, so a committed transaction
 * survives kill -9 and power loss. The queue, the processed-job record (and the incident store) share it.
 */
export function openStateDb(dir: string): DatabaseSync {
  mkdirSync(dir, { recursive: true });
  const db = new DatabaseSync(join(dir, 'state.db'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
  db.exec(SCHEMA);
  return db;
}

function parseReceipt(receipt: string): { id: number; attempts: number } {
  const [id, attempts] = receipt.split(':').map(Number);
  return { id: id ?? Number.NaN, attempts: attempts ?? Number.NaN };
}

/**
 * The embedded default's durable queue. Enqueues arriving in the same tick share one transaction — one fsync
 * for a burst of webhooks instead of one per request. Single process: on open, anything left in flight by a
 * crash is made visible again at once.
 */
export class EmbeddedQueue implements Queue {
  readonly #db: DatabaseSync;
  readonly #visibilityMs: number;
  readonly #maxAttempts: number;
  readonly #now: () => number;
  #pending: Pending[] = [];
  #flushScheduled = false;
  #waiters: Array<() => void> = [];
  #closed = false;

  constructor(options: EmbeddedQueueOptions) {
    this.#db = options.db;
    this.#visibilityMs = options.visibilityMs ?? 60_000;
    this.#maxAttempts = options.maxAttempts ?? 5;
    this.#now = options.now ?? Date.now;
    this.#db.prepare('UPDATE jobs SET visible_at = 0 WHERE visible_at > ?').run(this.#now());
  }

  enqueue(jobs: readonly Job[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('queue is closed'));
    if (jobs.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.#pending.push({ jobs, resolve, reject });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  /** Group commit: every enqueue of this tick in one transaction, then wake waiting consumers. */
  #flush(): void {
    const batch = this.#pending;
    this.#pending = [];
    this.#flushScheduled = false;
    const insert = this.#db.prepare(
      'INSERT OR IGNORE INTO jobs (dedup_key, body, visible_at) VALUES (?, ?, 0)',
    );
    try {
      this.#db.exec('BEGIN IMMEDIATE');
      for (const p of batch) for (const job of p.jobs) insert.run(job.dedupKey, encodeJob(job));
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      for (const p of batch) p.reject(error);
      return;
    }
    for (const p of batch) p.resolve();
    for (const wake of this.#waiters.splice(0)) wake();
  }

  async receive(max: number, waitMs: number): Promise<Received> {
    const deadline = this.#now() + waitMs;
    for (;;) {
      const received = this.#take(max);
      if (received.deliveries.length > 0 || received.poison.length > 0 || this.#closed) return received;
      const left = deadline - this.#now();
      if (left <= 0) return received;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 1000));
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  #take(max: number): Received {
    const now = this.#now();
    const rows = this.#db
      .prepare('SELECT id, body, attempts FROM jobs WHERE visible_at <= ? ORDER BY id LIMIT ?')
      .all(now, max) as unknown as Row[];
    const claim = this.#db.prepare('UPDATE jobs SET attempts = attempts + 1, visible_at = ? WHERE id = ?');
    const deliveries: Delivery[] = [];
    const poison: PoisonMessage[] = [];
    this.#db.exec('BEGIN IMMEDIATE');
    for (const row of rows) {
      claim.run(now + this.#visibilityMs, row.id);
      const attempts = row.attempts + 1;
      const receipt = `${row.id}:${attempts}`;
      const decoded = decodeJob(row.body);
      if ('job' in decoded) deliveries.push({ job: decoded.job, receipt, attempts });
      else poison.push({ receipt, attempts, body: row.body, reason: decoded.reason });
    }
    this.#db.exec('COMMIT');
    return { deliveries, poison };
  }

  async ack(receipts: readonly string[]): Promise<void> {
    const del = this.#db.prepare('DELETE FROM jobs WHERE id = ? AND attempts = ?');
    this.#db.exec('BEGIN');
    for (const r of receipts) {
      const { id, attempts } = parseReceipt(r);
      del.run(id, attempts);
    }
    this.#db.exec('COMMIT');
  }

  async retry(receipt: string, delayMs: number, reason: string): Promise<void> {
    const { id, attempts } = parseReceipt(receipt);
    if (attempts >= this.#maxAttempts) return this.reject(receipt, reason);
    this.#db
      .prepare('UPDATE jobs SET visible_at = ?, last_error = ? WHERE id = ? AND attempts = ?')
      .run(this.#now() + delayMs, reason, id, attempts);
  }

  /** Moves a job out of the queue into the dead-letter table, with the reason it failed. */
  async reject(receipt: string, reason: string): Promise<void> {
    const { id, attempts } = parseReceipt(receipt);
    this.#db.exec('BEGIN IMMEDIATE');
    this.#db
      .prepare(
        'INSERT INTO dead_letters (id, dedup_key, body, attempts, reason, failed_at) SELECT id, dedup_key, body, attempts, ?, ? FROM jobs WHERE id = ? AND attempts = ?',
      )
      .run(reason, this.#now(), id, attempts);
    this.#db.prepare('DELETE FROM jobs WHERE id = ? AND attempts = ?').run(id, attempts);
    this.#db.exec('COMMIT');
  }

  async extend(receipt: string, ms: number): Promise<void> {
    const { id, attempts } = parseReceipt(receipt);
    this.#db
      .prepare('UPDATE jobs SET visible_at = ? WHERE id = ? AND attempts = ?')
      .run(this.#now() + ms, id, attempts);
  }

  async ready(): Promise<boolean> {
    if (this.#closed) return false;
    this.#db.prepare('SELECT 1').get();
    return true;
  }

  /** Queue depth and dead letters, for /readyz and the operator. */
  stats(): { queued: number; deadLetters: number } {
    const queued = this.#db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number };
    const dead = this.#db.prepare('SELECT count(*) AS n FROM dead_letters').get() as { n: number };
    return { queued: queued.n, deadLetters: dead.n };
  }

  deadLetters(): Array<{ dedupKey: string; attempts: number; reason: string }> {
    return (
      this.#db
        .prepare('SELECT dedup_key, attempts, reason FROM dead_letters ORDER BY failed_at')
        .all() as Array<{
        dedup_key: string;
        attempts: number;
        reason: string;
      }>
    ).map((r) => ({ dedupKey: r.dedup_key, attempts: r.attempts, reason: r.reason }));
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#pending.length > 0) this.#flush();
    for (const wake of this.#waiters.splice(0)) wake();
  }
}

/** Which jobs were already handled, in the same SQLite file as the queue. */
export class SqliteProcessedStore implements ProcessedStore {
  readonly #db: DatabaseSync;
  readonly #now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  async seen(dedupKeys: readonly string[]): Promise<Set<string>> {
    const query = this.#db.prepare('SELECT 1 FROM processed WHERE dedup_key = ?');
    return new Set(dedupKeys.filter((k) => query.get(k) !== undefined));
  }

  async mark(dedupKeys: readonly string[]): Promise<void> {
    const insert = this.#db.prepare(
      'INSERT OR IGNORE INTO processed (dedup_key, processed_at) VALUES (?, ?)',
    );
    this.#db.exec('BEGIN');
    for (const k of dedupKeys) insert.run(k, this.#now());
    this.#db.exec('COMMIT');
  }
}
