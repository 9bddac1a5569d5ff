import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { getSystemErrorMessage } from 'node:util';
import { makeDir } from '../make-dir.ts';
import type { Job, WebhookJob } from '../schemas/job.ts';
import { transaction } from '../sqlite/transaction.ts';
import { onStateDb } from '../sqlite/unavailable.ts';
import { decodeJob, encodeJob, validateJob, validateWebhookJob } from './codec.ts';
import {
  dropSegmentsBefore,
  type JournalRow,
  JournalWriter,
  journalDir,
  probeWritable,
  readSegment,
  segments,
} from './journal.ts';
import {
  type Delivery,
  type PoisonMessage,
  PROCESSED_TTL_SECONDS,
  type ProcessedStore,
  type Queue,
  type QueueStats,
  type Readiness,
  type Received,
  type RetryOptions,
  type RetryResult,
} from './port.ts';

/** The jobs a webhook job stands for: the responder's `expandWebhook`, given by the composition root. */
export type WebhookExpander = (webhook: WebhookJob) => readonly Job[];

export interface EmbeddedQueueOptions {
  db: DatabaseSync;
  /** Expands the webhook jobs of a row on delivery (the queue knows their schema, not the intake's routes). */
  expand: WebhookExpander;
  /** How long a received job stays invisible before it is delivered again. */
  visibilityMs?: number;
  /** Deliveries before a failing job moves to the dead letters. */
  maxAttempts?: number;
  /** Milliseconds as seen by the queue (tests move time forward). */
  now?: () => number;
}

/** One enqueue call waiting for the group commit: the row it becomes, and how it learns the outcome. */
interface Pending {
  row: JournalRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Row {
  id: number;
  body: string;
  pending: string;
  attempts: number;
}

/*
 * A row is what one enqueue call stored, and which of its jobs are still pending. The body is the JSON array of
 * the stored jobs, `[job, ...]`; a webhook job in it (`enqueueWebhook`) stands for the jobs it expands to, in
 * their order, and `pending` indexes that expanded list. One webhook of 10 alerts is one row holding one
 * webhook job (one B-tree insert, not ten, and no jobs to encode on the hot path), while its jobs are still
 * delivered, acknowledged and retried one by one: a retried job moves to a row of its own with its attempt
 * count. Rows of versions before webhook jobs, `{"origin":{...},"payload":<body>}`, read as the webhook job they
 * amount to (`legacyWebhook`).
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    body TEXT NOT NULL,
    pending TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    visible_at INTEGER NOT NULL,
    last_error TEXT
  );
  CREATE INDEX IF NOT EXISTS jobs_visible ON jobs (visible_at, id);
  CREATE TABLE IF NOT EXISTS dead_letters (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    body TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    reason TEXT NOT NULL,
    failed_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS journal_cursor (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    segment INTEGER NOT NULL,
    offset INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS processed (
    dedup_key TEXT PRIMARY KEY,
    processed_at INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS processed_age ON processed (processed_at);`;

/**
 * The embedded default's state: one SQLite file in WAL mode with synchronous=FULL, so a committed transaction
 * survives kill -9 and power loss. The queue, the processed-job record (and the incident store) share it.
 */
export function openStateDb(dir: string): DatabaseSync {
  try {
    makeDir(dir);
    const db = new DatabaseSync(join(dir, 'state.db'));
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000;');
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    throw new StateDirError(dir, error);
  }
}

/** DATA_DIR cannot hold the state: one line that says which directory and why, for the operator. */
export class StateDirError extends Error {
  constructor(dir: string, cause: unknown) {
    const code = (cause as { code?: unknown } | null)?.code;
    const why = typeof code === 'string' && code !== 'ERR_SQLITE_ERROR' ? code : (cause as Error).message;
    super(
      `DATA_DIR ${dir} cannot hold the queue and incident state (${why}): it must be a writable directory on persistent disk`,
      { cause },
    );
    this.name = 'StateDirError';
  }
}

/** One job that failed for good, as the operator reads it (`pleg-responder dead-letters`). */
export interface DeadLetter {
  failedAt: string;
  /** The job's dedup key, cluster and node; unset when the stored body is not a readable job. */
  dedupKey?: string;
  cluster?: string;
  node?: string;
  attempts: number;
  reason: string;
}

/** The dead letters of a state database, oldest first. Read-only: it works beside a running server. */
export function readDeadLetters(db: DatabaseSync): DeadLetter[] {
  const rows = db
    .prepare('SELECT body, attempts, reason, failed_at FROM dead_letters ORDER BY id')
    .all() as Array<{ body: string; attempts: number; reason: string; failed_at: number }>;
  return rows.map((r) => {
    const decoded = decodeJob(r.body);
    const job = 'job' in decoded ? decoded.job : undefined;
    return {
      failedAt: new Date(r.failed_at).toISOString(),
      ...(job && { dedupKey: job.dedupKey, cluster: job.cluster, node: job.node }),
      attempts: r.attempts,
      reason: r.reason,
    };
  });
}

/**
 * Puts every dead letter back in the queue as a fresh job (no attempts spent), for after the cause was fixed.
 * One transaction: safe beside a running server, which delivers them on its next receive. Returns how many.
 */
export function redriveDeadLetters(db: DatabaseSync, now: number = Date.now()): number {
  return transaction(db, () => {
    const { changes } = db
      .prepare(
        "INSERT INTO jobs (body, pending, attempts, visible_at, last_error) SELECT '[' || body || ']', '0', 0, ?, 'redriven after: ' || reason FROM dead_letters ORDER BY id",
      )
      .run(now);
    db.exec('DELETE FROM dead_letters');
    return Number(changes);
  });
}

/** Statements on the hot path, prepared once per queue. */
function statements(db: DatabaseSync) {
  return {
    visible: db.prepare(
      'SELECT id, body, pending, attempts FROM jobs WHERE visible_at <= ? ORDER BY id LIMIT ?',
    ),
    claim: db.prepare(
      'UPDATE jobs SET attempts = attempts + 1, visible_at = ? WHERE id = ? AND attempts = ?',
    ),
    row: db.prepare('SELECT id, body, pending, attempts FROM jobs WHERE id = ? AND attempts = ?'),
    setPending: db.prepare('UPDATE jobs SET pending = ? WHERE id = ?'),
    remove: db.prepare('DELETE FROM jobs WHERE id = ?'),
    insert: db.prepare(
      'INSERT INTO jobs (body, pending, attempts, visible_at, last_error) VALUES (?, ?, ?, ?, ?)',
    ),
    dead: db.prepare('INSERT INTO dead_letters (body, attempts, reason, failed_at) VALUES (?, ?, ?, ?)'),
    extend: db.prepare('UPDATE jobs SET visible_at = ? WHERE id = ? AND attempts = ?'),
    cursor: db.prepare('SELECT segment, offset FROM journal_cursor WHERE id = 1'),
    moveCursor: db.prepare(
      'INSERT INTO journal_cursor (id, segment, offset) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET segment = excluded.segment, offset = excluded.offset',
    ),
    imported: db.prepare('INSERT INTO jobs (body, pending, visible_at) VALUES (?, ?, 0)'),
  };
}

/** How much of the journal one receive moves into the database at most (a backlog drains over several). */
const IMPORT_BYTES = 16 * 1024 * 1024;

/** A delivery's receipt: row, the row's delivery count when it was received, and the job's index in the row. */
interface Receipt {
  id: number;
  attempts: number;
  index: number;
}

function parseReceipt(receipt: string): Receipt {
  const [id = Number.NaN, attempts = Number.NaN, index = Number.NaN] = receipt.split(':').map(Number);
  return { id, attempts, index };
}

function pendingIndexes(row: Row): number[] {
  return row.pending ? row.pending.split(',').map(Number) : [];
}

/**
 * A row written before webhook jobs existed stored the webhook as `{"origin":{route, receivedAt,
 * defaultCluster},"payload":<body>}`: it is that webhook job, so a journal or database left by an older version
 * is delivered as it would have been. Anything else that is not an array fails the webhook job's schema.
 */
function legacyWebhook(stored: unknown): unknown {
  const { origin, payload } = (stored ?? {}) as { origin?: unknown; payload?: unknown };
  return { ...(origin as object | undefined), kind: 'webhook', payload };
}

/** Receipts grouped by the row delivery they belong to, with the job indexes taken out of each. */
function groupByRow(receipts: readonly string[]): Array<{ id: number; attempts: number; done: Set<number> }> {
  const byRow = new Map<string, { id: number; attempts: number; done: Set<number> }>();
  for (const r of receipts) {
    const { id, attempts, index } = parseReceipt(r);
    const key = `${id}:${attempts}`;
    const group = byRow.get(key) ?? { id, attempts, done: new Set<number>() };
    group.done.add(index);
    byRow.set(key, group);
  }
  return [...byRow.values()];
}

/** One job of a row as JSON text; the whole row when its jobs cannot be read (it goes to the dead letters so). */
function jobText(row: Row, jobs: unknown[] | { reason: string }): (index: number) => string {
  return (index) => (Array.isArray(jobs) ? JSON.stringify(jobs[index] ?? null) : row.body);
}

/**
 * The jobs a row holds, webhook jobs expanded, in the order their indexes refer to; a reason when they cannot be
 * read. Jobs are validated one by one when delivered; a webhook job is validated here, as it is expanded.
 */
function jobsOfRow(row: Row, expand: WebhookExpander): unknown[] | { reason: string } {
  try {
    const parsed = JSON.parse(row.body) as unknown;
    const stored = Array.isArray(parsed) ? parsed : [legacyWebhook(parsed)];
    const jobs: unknown[] = [];
    for (const item of stored) {
      if ((item as { kind?: unknown } | null)?.kind !== 'webhook') {
        jobs.push(item);
        continue;
      }
      const webhook = validateWebhookJob(item);
      if (!('job' in webhook)) throw new Error(webhook.reason);
      jobs.push(...expand(webhook.job));
    }
    return jobs;
  } catch (error) {
    return { reason: `stored row ${row.id} cannot be read: ${(error as Error).message}` };
  }
}

/**
 * The embedded default's durable queue. Enqueues are group-committed to the intake journal: the enqueues of one
 * turn of the event loop become one append and one fdatasync, at the end of that turn; while it syncs, the
 * requests that arrive wait in the kernel and form the next group. Receiving first moves new journal records
 * into SQLite, where delivery, acknowledgement, retries and dead letters happen. Single process: on open, the
 * journal left by the last run is taken in and anything left in flight by a crash is made visible again at once.
 *
 * A full disk (or any storage failure) loses nothing and stops nothing: a group that cannot be synced is refused
 * (503), every database change is one transaction that either happens or leaves the job where it was (claimed
 * jobs come back when their visibility ends), and a queue opened on a full disk starts anyway, unready, delivering
 * what its database holds and taking in the journal once the disk has room.
 *
 * The writes of a commit run on the event loop; its sync (~0.3 ms on a local SSD) on libuv's thread pool, one at
 * a time, while the loop takes the next requests into the next group. A writer thread for the whole commit was
 * measured against it: on a busy 2-vCPU machine, handing each group over and back cost more than the sync itself.
 */
export class EmbeddedQueue implements Queue {
  readonly #db: DatabaseSync;
  readonly #expand: WebhookExpander;
  readonly #visibilityMs: number;
  readonly #maxAttempts: number;
  readonly #now: () => number;
  readonly #sql: ReturnType<typeof statements>;
  /** Opened by the first commit: a consumer-only process writes no journal segment of its own. */
  #writer: JournalWriter | undefined;
  /** Enqueues waiting for their commit: those of this turn of the loop, or of every turn since a sync began. */
  #group: Pending[] = [];
  /** The commit whose sync is under way: one at a time, so a refused group can be cut back off the segment's end. */
  #committing: Promise<void> | undefined;
  /**
   * Why the journal is not known to take writes (undefined once a commit or a probe went through): at open, and
   * after a commit failed. Readiness then probes with a write and a sync.
   */
  #unproven: string | undefined = 'not probed yet';
  #waiters: Array<() => void> = [];
  #closed = false;
  readonly #journal: string;

  constructor(options: EmbeddedQueueOptions) {
    this.#db = options.db;
    this.#sql = statements(options.db);
    this.#expand = options.expand;
    this.#visibilityMs = options.visibilityMs ?? 60_000;
    this.#maxAttempts = options.maxAttempts ?? 5;
    this.#now = options.now ?? Date.now;
    const file = options.db.location();
    if (!file) throw new Error('the embedded queue needs its database in a file, not in memory');
    this.#journal = journalDir(dirname(file));
    // Both are writes, which a full disk refuses: the queue opens anyway (a crash here is a crash loop until
    // someone frees space). Jobs the last run left in flight are then delivered when their visibility ends, and
    // its journal is taken in by the receives once the database takes writes.
    try {
      this.#db.prepare('UPDATE jobs SET visible_at = 0 WHERE visible_at > ?').run(this.#now());
      while (this.#importJournal());
    } catch {
      // As above: nothing is lost, it happens later.
    }
  }

  enqueue(jobs: readonly Job[]): Promise<void> {
    return this.#store(jobs.length, () => `[${jobs.map(encodeJob).join(',')}]`);
  }

  /** One row holding the webhook job, its `jobs` pending from the start (derived again on delivery). */
  enqueueWebhook(webhook: WebhookJob, jobs: number): Promise<void> {
    return this.#store(jobs, () => `[${encodeJob(webhook)}]`);
  }

  /**
   * Adds a row of `jobs` pending jobs, `body` encoding them, to this turn's group commit; resolves once it is
   * durable. A row of no jobs is not stored.
   */
  #store(jobs: number, body: () => string): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('queue is closed'));
    if (jobs === 0) return Promise.resolve();
    let row: JournalRow;
    try {
      row = { body: body(), pending: Array.from({ length: jobs }, (_, i) => i).join(',') };
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      // A group that starts while a sync is under way is committed when that sync ends.
      if (this.#group.push({ row, resolve, reject }) === 1 && !this.#committing)
        setImmediate(() => this.#commit());
    });
  }

  /** The journal writer, opened (on a new segment, after the one the reader is at) when there is none. */
  #openWriter(): JournalWriter {
    this.#writer ??= new JournalWriter(this.#journal, { after: this.#readPosition().segment });
    return this.#writer;
  }

  /** Where the next record to take in from the journal is. */
  #readPosition(): { segment: number; offset: number } {
    return (
      (this.#sql.cursor.get() as { segment: number; offset: number } | undefined) ?? { segment: 0, offset: 0 }
    );
  }

  /**
   * Appends the group to the journal and syncs it: every enqueue in it then resolves. If that fails, every one
   * rejects (ingest answers 503 and the sender retries), and the next group opens the journal again. While the
   * sync runs, the loop goes on taking requests: they gather into the next group, committed when this one ends.
   */
  #commit(): void {
    if (this.#committing || this.#group.length === 0) return;
    const group = this.#group;
    this.#group = [];
    let appended: Promise<void>;
    try {
      appended = this.#openWriter().append(group.map((p) => p.row));
    } catch (error) {
      appended = Promise.reject(error); // the writer could not be opened
    }
    this.#committing = appended
      .then(
        () => {
          this.#unproven = undefined;
          for (const p of group) p.resolve();
          for (const wake of this.#waiters.splice(0)) wake();
        },
        (error: unknown) => {
          // A writer whose append failed has closed itself: the next commit opens a new segment.
          this.#writer = undefined;
          this.#unproven = (error as Error).message;
          for (const p of group) p.reject(new Error(`could not store jobs: ${(error as Error).message}`));
        },
      )
      .finally(() => {
        this.#committing = undefined;
        if (this.#group.length > 0) setImmediate(() => this.#commit());
      });
  }

  /**
   * Moves the journal's next records (up to ~16 MiB) into the jobs table, and the read position with them, in
   * one transaction: each record is taken in exactly once. A segment with a later one beside it is finished: read
   * to its last whole record, then left behind and deleted. The last one may still be growing: read to its last
   * whole record so far (one not yet synced is as good: it is durable once in the database). True if it moved.
   */
  #importJournal(): boolean {
    // The read position is read and moved under the write lock: two processes on one state directory (an
    // ingest and a responder) cannot take the same records in twice.
    const moved = transaction(this.#db, () => {
      const at = this.#readPosition();
      const { rows, cursor } = this.#readJournal(at);
      if (cursor.segment === at.segment && cursor.offset === at.offset) return undefined;
      for (const row of rows) this.#sql.imported.run(row.body, row.pending);
      this.#sql.moveCursor.run(cursor.segment, cursor.offset);
      return cursor;
    });
    if (moved) dropSegmentsBefore(this.#journal, moved.segment);
    return moved !== undefined;
  }

  /** The records after `at`, up to IMPORT_BYTES, and the position after them. */
  #readJournal(at: { segment: number; offset: number }) {
    const present = segments(this.#journal).filter((n) => n >= at.segment);
    const rows: Array<{ body: string; pending: string }> = [];
    let cursor = at;
    let budget = IMPORT_BYTES;
    for (const [i, segment] of present.entries()) {
      const from = segment === at.segment ? at.offset : 0;
      // Of the segment this process writes, only what is synced: a group still syncing may yet be refused.
      const durable = this.#writer?.durable;
      const until = durable?.segment === segment ? durable.size : undefined;
      const read = readSegment(this.#journal, segment, from, budget, until);
      rows.push(...read.rows);
      budget -= read.end - from;
      const next = present[i + 1];
      if (next === undefined || !read.toEnd) {
        cursor = { segment, offset: read.end };
        break;
      }
      cursor = { segment: next, offset: 0 };
      if (budget <= 0) break;
    }
    return { rows, cursor };
  }

  async receive(max: number, waitMs: number): Promise<Received> {
    const deadline = this.#now() + waitMs;
    for (;;) {
      const received = await this.#take(max);
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

  /**
   * Claims visible rows until `max` jobs are taken (a row is taken whole, so a batch can exceed `max`). Rows are
   * read and their jobs derived first; the claim then only counts if the row was not delivered meanwhile. The
   * claims are one transaction: if it fails, nothing is claimed and nothing delivered.
   */
  async #take(max: number): Promise<Received> {
    // When the journal cannot be taken in (the database refuses writes), the jobs the database already holds are
    // still delivered if they can be claimed; the failure is thrown when there is nothing else to say.
    let importError: unknown;
    try {
      this.#importJournal();
    } catch (error) {
      importError = error;
    }
    const now = this.#now();
    const rows = this.#sql.visible.all(now, max) as unknown as Row[];
    const read = rows.map((row) => ({ row, jobs: jobsOfRow(row, this.#expand) }));
    const received = transaction(this.#db, () => {
      const deliveries: Delivery[] = [];
      const poison: PoisonMessage[] = [];
      for (const { row, jobs } of read) {
        if (deliveries.length + poison.length >= max) break;
        if (this.#sql.claim.run(now + this.#visibilityMs, row.id, row.attempts).changes === 0) continue;
        const attempts = row.attempts + 1;
        for (const index of pendingIndexes(row)) {
          const receipt = `${row.id}:${attempts}:${index}`;
          const decoded = Array.isArray(jobs) ? validateJob(jobs[index]) : jobs;
          if ('job' in decoded) deliveries.push({ job: decoded.job, receipt, attempts });
          else
            poison.push({
              receipt,
              attempts,
              body: jobText(row, jobs)(index),
              reason: decoded.reason,
            });
        }
      }
      return { deliveries, poison };
    });
    if (importError !== undefined && received.deliveries.length + received.poison.length === 0)
      throw importError;
    return received;
  }

  /**
   * Takes jobs out of their rows; a row with nothing pending is deleted. Stale receipts are ignored. `each` is
   * given the JSON of every job taken out (for the retry row or the dead letter), read before the transaction.
   */
  async #release(receipts: readonly string[], each?: (body: string, row: Row) => void): Promise<void> {
    const groups = groupByRow(receipts);
    const taken = new Map<number, (index: number) => string>();
    if (each) {
      for (const g of groups) {
        const row = this.#sql.row.get(g.id, g.attempts) as Row | undefined;
        if (row) taken.set(g.id, jobText(row, jobsOfRow(row, this.#expand)));
      }
    }
    // One transaction: on failure (a full disk) every job stays in its row, claimed until its visibility ends.
    transaction(this.#db, () => {
      for (const { id, attempts, done } of groups) {
        const row = this.#sql.row.get(id, attempts) as Row | undefined;
        if (!row) continue;
        const pending = pendingIndexes(row);
        const text = taken.get(id);
        if (each && text) for (const index of pending.filter((i) => done.has(i))) each(text(index), row);
        const left = pending.filter((i) => !done.has(i));
        if (left.length === 0) this.#sql.remove.run(row.id);
        else this.#sql.setPending.run(left.join(','), row.id);
      }
    });
  }

  ack(receipts: readonly string[]): Promise<void> {
    return this.#release(receipts);
  }

  async retry(
    receipt: string,
    delayMs: number,
    reason: string,
    options: RetryOptions = {},
  ): Promise<RetryResult> {
    const counted = options.counted ?? true;
    if (counted && parseReceipt(receipt).attempts >= this.#maxAttempts) {
      await this.reject(receipt, reason);
      return 'dead-lettered';
    }
    // An uncounted retry gives back the attempt that receiving it took.
    await this.#release([receipt], (body, row) => {
      const attempts = counted ? row.attempts : Math.max(0, row.attempts - 1);
      this.#sql.insert.run(`[${body}]`, '0', attempts, this.#now() + delayMs, reason);
    });
    return 'retrying';
  }

  /** Moves a job out of the queue into the dead-letter table, with the reason it failed. */
  async reject(receipt: string, reason: string): Promise<void> {
    return this.#release([receipt], (body, row) => {
      this.#sql.dead.run(body, row.attempts, reason, this.#now());
    });
  }

  async extend(receipt: string, ms: number): Promise<void> {
    const { id, attempts } = parseReceipt(receipt);
    this.#sql.extend.run(this.#now() + ms, id, attempts);
  }

  /**
   * Ready when the database answers and the journal takes writes: proven by the last commit, else by a write and
   * a sync of one block (opening a file still works on a full disk), as at open and after a failed commit. The
   * probe opens no segment: a segment opened and left empty is one the reader may move on to, which a failed
   * append would then remove.
   */
  async ready(): Promise<Readiness> {
    if (this.#closed) return { ready: false, reason: 'the queue is closed' };
    this.#db.prepare('SELECT 1').get();
    if (this.#unproven === undefined) return { ready: true };
    try {
      probeWritable(this.#journal);
      this.#unproven = undefined;
      return { ready: true };
    } catch (error) {
      return { ready: false, reason: `cannot store jobs: ${errorText(error)}` };
    }
  }

  /**
   * Jobs waiting or in flight, and dead letters: the journal is taken in first, so its jobs are counted. When the
   * database cannot take them in (a full disk), the counts are what it holds — the oldest jobs, so the age of the
   * oldest is still right — and the journal's jobs are counted once they are in.
   */
  async stats(): Promise<QueueStats> {
    try {
      while (this.#importJournal());
    } catch {
      // Counted once taken in, as said above.
    }
    // A row's pending jobs are a comma-separated index list: counted in SQL, not row by row here.
    const { queued } = this.#db
      .prepare(
        "SELECT COALESCE(SUM(length(pending) - length(replace(pending, ',', '')) + 1), 0) AS queued FROM jobs WHERE pending != ''",
      )
      .get() as { queued: number };
    const { dead } = this.#db.prepare('SELECT count(*) AS dead FROM dead_letters').get() as { dead: number };
    return { queued, deadLetters: dead, oldestJobAgeSeconds: this.#oldestJobAgeSeconds() };
  }

  /**
   * Seconds since ingest received the oldest job still pending, 0 when none is. Rows keep no time of their own,
   * but every body carries its jobs' `receivedAt` (each job's; a legacy row's origin's). Rows taken in from the journal
   * (no `last_error`) arrive in enqueue order, so of those only the first can be the oldest; rows written by a
   * retry or a redrive (with `last_error`) hold jobs received earlier, and are all looked at. So a scrape reads
   * a few bodies, not the backlog's.
   */
  #oldestJobAgeSeconds(): number {
    const { oldest } = this.#db
      .prepare(
        `SELECT MIN(CASE WHEN json_valid(body) THEN COALESCE(json_extract(body, '$.origin.receivedAt'), json_extract(body, '$[0].receivedAt')) END) AS oldest
         FROM jobs WHERE pending != '' AND (last_error IS NOT NULL OR id = (SELECT MIN(id) FROM jobs WHERE pending != '' AND last_error IS NULL))`,
      )
      .get() as { oldest: string | null };
    const received = oldest === null ? Number.NaN : Date.parse(oldest);
    return Number.isNaN(received) ? 0 : Math.max(0, (this.#now() - received) / 1000);
  }

  /** Waits for the sync under way, commits the enqueues still waiting, then closes the journal. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#committing;
    this.#commit();
    await this.#committing;
    for (const wake of this.#waiters.splice(0)) wake();
    this.#writer?.close();
  }
}

/**
 * A system error as `ENOSPC: no space left on device`, without the path Node's message adds (readiness is served
 * without authentication); other errors by their message.
 */
function errorText(error: unknown): string {
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  if (typeof code === 'string' && typeof errno === 'number')
    return `${code}: ${getSystemErrorMessage(errno)}`;
  return (error as Error).message;
}

/** Expired records are deleted at most this often (a DELETE over the age index, while marking). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Which jobs were already handled, in the same SQLite file as the queue. A record is kept `ttlSeconds` (14 days by
 * default, as DynamoDB's TTL keeps the Lambda's): past that it counts as absent and is deleted, so a server that
 * runs for months keeps a bounded record. Marking again moves a record's time forward.
 */
export class SqliteProcessedStore implements ProcessedStore {
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #ttlMs: number;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(db: DatabaseSync, now: () => number = Date.now, ttlSeconds = PROCESSED_TTL_SECONDS) {
    this.#db = db;
    this.#now = now;
    this.#ttlMs = ttlSeconds * 1000;
  }

  async seen(dedupKeys: readonly string[]): Promise<Set<string>> {
    return onStateDb(() => {
      const query = this.#db.prepare('SELECT 1 FROM processed WHERE dedup_key = ? AND processed_at >= ?');
      const since = this.#now() - this.#ttlMs;
      return new Set(dedupKeys.filter((k) => query.get(k, since) !== undefined));
    });
  }

  /** A full disk refuses it as SqliteUnavailable: the job then waits for the disk, without spending attempts. */
  async mark(dedupKeys: readonly string[]): Promise<void> {
    const now = this.#now();
    const prune = now - this.#prunedAt >= PRUNE_EVERY_MS;
    onStateDb(() =>
      transaction(
        this.#db,
        () => {
          const upsert = this.#db.prepare(
            'INSERT INTO processed (dedup_key, processed_at) VALUES (?, ?) ON CONFLICT (dedup_key) DO UPDATE SET processed_at = excluded.processed_at',
          );
          for (const k of dedupKeys) upsert.run(k, now);
          if (prune) this.#db.prepare('DELETE FROM processed WHERE processed_at < ?').run(now - this.#ttlMs);
        },
        'BEGIN',
      ),
    );
    if (prune) this.#prunedAt = now;
  }
}
