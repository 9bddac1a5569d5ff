import type { DownstreamFault } from '../faults.ts';

/**
 * SQLite's primary result codes that say the storage failed, not the statement or the data: SQLITE_IOERR (10),
 * SQLITE_FULL (13: the disk is full). node:sqlite puts the (possibly extended) code in `errcode`.
 */
const STORAGE_CODES = new Map([
  [10, 'SQLITE_IOERR'],
  [13, 'SQLITE_FULL'],
]);

/**
 * The state database's storage failed (a full disk, an I/O error): a downstream fault of the `sqlite` transport,
 * like Slack being down. The job that needed it is not at fault: it waits without spending its attempts, and the
 * responder backs off until the disk takes writes again.
 */
export class SqliteUnavailable extends Error implements DownstreamFault {
  readonly transport = 'sqlite';
  readonly fault = 'unavailable';
  readonly code: string;

  constructor(code: string, cause: Error) {
    super(`state database unavailable: ${cause.message}`, { cause });
    this.name = 'SqliteUnavailable';
    this.code = code;
  }
}

/** `error` as a SqliteUnavailable when it is a storage failure; anything else as it is. */
export function storageFault(error: unknown): unknown {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  const code = typeof errcode === 'number' ? STORAGE_CODES.get(errcode & 0xff) : undefined;
  return code && error instanceof Error ? new SqliteUnavailable(code, error) : error;
}

/** Runs one use of the state database; a storage failure comes out as SqliteUnavailable. */
export function onStateDb<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw storageFault(error);
  }
}
