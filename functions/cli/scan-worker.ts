// The worker thread that reads one byte range of a large log file (functions/cli/log-ranges.ts starts it; built
// to dist/scan-worker.js). The reading itself is log-ranges.ts's readRange, as on the main thread: this is only
// its adapter.
import { once } from 'node:events';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';
import { adoptPrefilter, type BuiltPrefilter } from '../../shared/diagnosis/scanner.ts';
import { UsageError } from './exit-codes.ts';
import { linesBefore, type RangeMessage, type RangeTask, readRange } from './log-ranges.ts';

function post(message: RangeMessage): void {
  parentPort?.postMessage(message);
}

/** Reads the range, with the prefilter the main thread sends (it builds it while this thread counts lines). */
async function run(task: RangeTask, port: MessagePort): Promise<RangeMessage> {
  const [before, [prefilter]] = await Promise.all([
    linesBefore(task.path, task.start),
    once(port, 'message'),
  ]);
  adoptPrefilter(prefilter as BuiltPrefilter);
  const evidence = new PasteEvidence(new FactSet());
  const progressed = (bytes: number) => post({ kind: 'progress', bytes });
  const { end, text } = await readRange(task, 1 + before, evidence, progressed);
  return { kind: 'done', evidence: evidence.snapshot(), end, text };
}

if (parentPort) {
  try {
    post(await run(workerData as RangeTask, parentPort));
  } catch (error) {
    post({ kind: 'failed', message: (error as Error).message, usage: error instanceof UsageError });
  }
}
