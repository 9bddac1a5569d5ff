import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type DeadLetter, readDeadLetters, redriveDeadLetters } from '../../shared/queue/embedded.ts';
import { UsageError } from './exit-codes.ts';

function deadLetterLine(d: DeadLetter): string {
  const what = d.dedupKey ? `${d.dedupKey}  ${d.cluster}/${d.node ?? '-'}` : '(unreadable job)';
  return `${d.failedAt}  ${what}  after ${d.attempts} attempt(s): ${d.reason}`;
}

/** The embedded server's dead letters, read-only: safe beside a running server. */
export function readDeadLettersIn(dir: string): DeadLetter[] {
  const file = join(dir, 'state.db');
  if (!existsSync(file)) throw new UsageError(`no embedded queue in ${dir} (no state.db there)`);
  try {
    const db = new DatabaseSync(file, { readOnly: true });
    try {
      return readDeadLetters(db);
    } finally {
      db.close();
    }
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

/** Puts the dead letters back in the queue; the running server (if any) delivers them on its next receive. */
export function redriveIn(dir: string): number {
  const file = join(dir, 'state.db');
  if (!existsSync(file)) throw new UsageError(`no embedded queue in ${dir} (no state.db there)`);
  let db: DatabaseSync;
  try {
    db = new DatabaseSync(file);
  } catch (error) {
    throw new UsageError(`cannot open ${file}: ${(error as Error).message}`);
  }
  try {
    db.exec('PRAGMA busy_timeout = 5000;');
    return redriveDeadLetters(db);
  } finally {
    db.close();
  }
}

export function deadLettersText(dir: string, letters: readonly DeadLetter[]): string {
  return letters.length === 0
    ? `no dead letters in ${dir}\n`
    : `${letters.length} dead letter(s) in ${dir}:\n${letters.map((d) => `  ${deadLetterLine(d)}\n`).join('')}`;
}
