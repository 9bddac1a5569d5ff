import type { DatabaseSync } from 'node:sqlite';

/**
 * Runs `work` in one SQLite transaction and commits it; returns what `work` returned. On any failure the
 * transaction is rolled back if it is still open, and the first error is thrown. Still open, because SQLite rolls
 * a transaction back by itself when a statement (or the COMMIT) fails with SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY
 * or SQLITE_NOMEM ("Response To Errors Within A Transaction"): an unconditional ROLLBACK then fails with "cannot
 * rollback - no transaction is active" and hides the error that says what happened (the disk is full).
 *
 * `BEGIN IMMEDIATE` (the default) takes the write lock at once, so what `work` reads cannot change before it
 * writes; `BEGIN` defers it to the first write.
 */
export function transaction<T>(
  db: DatabaseSync,
  work: () => T,
  begin: 'BEGIN' | 'BEGIN IMMEDIATE' = 'BEGIN IMMEDIATE',
): T {
  db.exec(begin);
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) {
      try {
        db.exec('ROLLBACK');
      } catch {
        // The first error is the one to report; a transaction that could not even roll back is rolled back
        // by SQLite when the connection next reads or closes.
      }
    }
    throw error;
  }
}
