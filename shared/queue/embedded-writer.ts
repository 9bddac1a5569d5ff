// The embedded queue's writer thread: group commits happen here, so the fsync of one batch does not stop the
// main thread from taking in the requests that will form the next one.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';

export interface WriteRequest {
  id: number;
  /** One row per enqueue call: the JSON array of its jobs, and the indexes pending ("0,1,2"). */
  rows: Array<{ body: string; pending: string }>;
}

/** The outcome of one transaction, for every request it covered. */
export type WriteResult = { ids: number[]; ok: true } | { ids: number[]; ok: false; error: string };

const db = new DatabaseSync(String(workerData.path));
// A checkpoint copies the WAL into the database and syncs it, stalling the commit that triggers it: let the WAL
// grow to ~64 MiB between checkpoints instead of SQLite's 4 MiB, so bursts are not cut by them.
db.exec(
  'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 5000; PRAGMA wal_autocheckpoint = 16384;',
);
const insert = db.prepare('INSERT INTO jobs (body, pending, visible_at) VALUES (?, ?, 0)');

let buffered: WriteRequest[] = [];

/**
 * Group commit: requests that arrive while a transaction is being written wait in the port; the next turn
 * takes all of them in one transaction, so one fsync covers every request that queued up behind the last one.
 */
function commit(): void {
  const batch = buffered;
  buffered = [];
  const ids = batch.map((r) => r.id);
  let result: WriteResult;
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const request of batch) for (const row of request.rows) insert.run(row.body, row.pending);
    db.exec('COMMIT');
    result = { ids, ok: true };
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    result = { ids, ok: false, error: (error as Error).message };
  }
  parentPort?.postMessage(result);
}

parentPort?.on('message', (request: WriteRequest) => {
  if (buffered.push(request) === 1) setImmediate(commit);
});
