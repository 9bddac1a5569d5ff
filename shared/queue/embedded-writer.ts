// The embedded queue's writer thread: group commits to the intake journal happen here, so the sync of one group
// does not stop the main thread from taking in the requests that will form the next one.
import { parentPort, workerData } from 'node:worker_threads';
import { JournalWriter } from './journal.ts';

export interface WriteRequest {
  id: number;
  /** One record per enqueue call, framed by `frameRecords` (its buffer transferred, not copied). */
  records: Uint8Array;
}

/** The outcome of one group commit, for every request it covered. */
export type WriteResult = { ids: number[]; ok: true } | { ids: number[]; ok: false; error: string };

const journal = new JournalWriter(String(workerData.dir));

let buffered: WriteRequest[] = [];

/**
 * Group commit: requests that arrive while a group is being synced wait in the port; the next turn takes all of
 * them, so one fdatasync covers every request that queued up behind the last one.
 */
function commit(): void {
  const batch = buffered;
  buffered = [];
  const ids = batch.map((r) => r.id);
  let result: WriteResult;
  try {
    const [first] = batch;
    journal.append(batch.length === 1 && first ? first.records : Buffer.concat(batch.map((r) => r.records)));
    result = { ids, ok: true };
  } catch (error) {
    result = { ids, ok: false, error: (error as Error).message };
  }
  parentPort?.postMessage(result);
}

parentPort?.on('message', (request: WriteRequest) => {
  if (buffered.push(request) === 1) setImmediate(commit);
});
