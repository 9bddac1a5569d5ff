// The worker thread that reads one byte range of a large log file (functions/cli/log-ranges.ts starts it; built
// to dist/scan-worker.js). The reading itself is the paste reader's, as for any text: this is only its adapter.
import { parentPort, workerData } from 'node:worker_threads';
import type { Component } from '../../shared/diagnosis/components.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { type EvidenceSnapshot, PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';
import { PasteReader } from '../../shared/diagnosis/paste/reader.ts';
import { UsageError } from './exit-codes.ts';
import { type Input, openRange, textChunks, unreadable } from './input.ts';

/** One range of a file: [start, end), lines only (start is 0 or just past a newline; end likewise or the size). */
export interface RangeTask {
  path: string;
  /** What facts cite, and the program of lines that do not name theirs (as for the whole file). */
  name: string;
  origin: Component;
  start: number;
  end: number;
  size: number;
}

export type RangeMessage =
  | { kind: 'progress'; bytes: number }
  /** `end`: where reading stopped (past the range when a section was still open at its end). */
  | { kind: 'done'; evidence: EvidenceSnapshot; end: number; text: boolean }
  | { kind: 'failed'; message: string; usage: boolean };

function post(message: RangeMessage): void {
  parentPort?.postMessage(message);
}

async function* reported(input: Input): AsyncGenerator<Buffer> {
  for await (const chunk of input.chunks) {
    post({ kind: 'progress', bytes: chunk.length });
    yield chunk;
  }
}

/** The number of newlines in the file's first `end` bytes: the range's first line is the next one. */
async function linesBefore(path: string, end: number): Promise<number> {
  let lines = 0;
  try {
    for await (const chunk of openRange(path, 0, end).chunks)
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  } catch (error) {
    throw unreadable(path, error);
  }
  return lines;
}

/**
 * Reads the range as the sequential reader reads that part of the file. A section still open at the range's
 * end (a goroutine dump running across it) is read on to the end of the file, and the ranges after it are
 * then not used: the result is the sequential reader's either way.
 */
async function readRange(task: RangeTask): Promise<RangeMessage> {
  const firstLine = 1 + (task.start === 0 ? 0 : await linesBefore(task.path, task.start));
  const evidence = new PasteEvidence(new FactSet());
  const reader = new PasteReader(evidence, task.name, task.origin, firstLine);
  let text = false;
  const read = async (start: number, end: number) => {
    const seen = { text: false };
    const input = openRange(task.path, start, end);
    for await (const chunk of textChunks({ ...input, chunks: reported(input) }, { middle: start > 0, seen }))
      reader.push(chunk);
    text ||= seen.text;
  };
  await read(task.start, task.end);
  let end = task.end;
  if (!reader.idle && end < task.size) {
    await read(end, task.size);
    end = task.size;
  }
  reader.end();
  return { kind: 'done', evidence: evidence.snapshot(), end, text };
}

if (parentPort) {
  try {
    post(await readRange(workerData as RangeTask));
  } catch (error) {
    post({ kind: 'failed', message: (error as Error).message, usage: error instanceof UsageError });
  }
}
