// The worker thread that reads one byte range of a large log file (functions/cli/log-ranges.ts starts it; built
// to dist/scan-worker.js). The reading itself is log-ranges.ts's readRange, as on the main thread: this is only
// its adapter.
import { parentPort, workerData } from 'node:worker_threads';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { type EvidenceSnapshot, PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';
import { UsageError } from './exit-codes.ts';
import { type RangeTask, readRange } from './log-ranges.ts';

export type RangeMessage =
  | { kind: 'progress'; bytes: number }
  /** `end`: where reading stopped (past the range when a section was still open at its end). */
  | { kind: 'done'; evidence: EvidenceSnapshot; end: number; text: boolean }
  | { kind: 'failed'; message: string; usage: boolean };

function post(message: RangeMessage): void {
  parentPort?.postMessage(message);
}

async function run(task: RangeTask): Promise<RangeMessage> {
  const evidence = new PasteEvidence(new FactSet());
  const { end, text } = await readRange(task, evidence, (bytes) => post({ kind: 'progress', bytes }));
  return { kind: 'done', evidence: evidence.snapshot(), end, text };
}

if (parentPort) {
  try {
    post(await run(workerData as RangeTask));
  } catch (error) {
    post({ kind: 'failed', message: (error as Error).message, usage: error instanceof UsageError });
  }
}
