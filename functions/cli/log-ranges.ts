import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Component } from '../../shared/diagnosis/components.ts';
import type { EvidenceSnapshot, PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';
import { PasteReader } from '../../shared/diagnosis/paste/reader.ts';
import { builtPrefilter } from '../../shared/diagnosis/scanner.ts';
import { UsageError } from './exit-codes.ts';
import { counted, openRange, textChunks, unreadable } from './input.ts';
import type { ScanProgress } from './scan-progress.ts';

/**
 * Reading a large regular file on every core: the file is cut at line boundaries into one byte range per core;
 * the first range is read on the main thread, straight into the evidence, and each other one by a worker thread
 * (scan-worker.ts) into evidence of its own, which is then added in file order. The result is the sequential
 * reader's, fact for fact and line number for line number (see PasteEvidence.absorb and readRange for why);
 * small files and standard input are read sequentially.
 */

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

/** What a range's worker thread (scan-worker.ts) tells the main thread. */
export type RangeMessage =
  | { kind: 'progress'; bytes: number }
  /** `end`: where reading stopped (past the range when a section was still open at its end). */
  | { kind: 'done'; evidence: EvidenceSnapshot; end: number; text: boolean }
  | { kind: 'failed'; message: string; usage: boolean };

/** Files smaller than this are read on one thread: starting workers would cost more than it saves. */
export const PARALLEL_MIN_BYTES = 32 * 1024 * 1024;
/** Where a range may end is looked for in blocks of this size. */
const PROBE_BYTES = 64 * 1024;
/**
 * Each worker's heap: small, so that garbage (every chunk read is garbage soon after) is collected before the
 * heap grows, which keeps the process's peak RSS low.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 };

/** The range reader's entry: beside this module in the sources; at the top of dist/ when built (this is in dist/chunks/). */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './scan-worker.ts' : '../scan-worker.js',
  import.meta.url,
);

/** How many ranges to cut a file of `size` bytes into: one per core, when it is large enough to be worth it. */
export function rangeCount(size: number): number {
  return size < PARALLEL_MIN_BYTES ? 1 : Math.max(1, availableParallelism());
}

/** The start of the first line at or after `at`, or the size when no newline follows. */
async function lineStartFrom(path: string, at: number, size: number): Promise<number> {
  const file = await open(path);
  try {
    const block = Buffer.allocUnsafe(PROBE_BYTES);
    for (let from = at; from < size; from += PROBE_BYTES) {
      const { bytesRead } = await file.read(block, 0, PROBE_BYTES, from);
      if (bytesRead === 0) break;
      const newline = block.subarray(0, bytesRead).indexOf(10);
      if (newline >= 0) return from + newline + 1;
    }
    return size;
  } finally {
    await file.close();
  }
}

/** Range boundaries [0, …, size]: `parts` ranges of about equal size, each ending just past a newline. */
export async function boundaries(path: string, size: number, parts: number): Promise<number[]> {
  const bounds = [0];
  for (let k = 1; k < parts; k++) {
    const cut = await lineStartFrom(path, Math.floor((size * k) / parts) - 1, size);
    if (cut > (bounds.at(-1) ?? 0) && cut < size) bounds.push(cut);
  }
  bounds.push(size);
  return bounds;
}

type RangeResult = Extract<RangeMessage, { kind: 'done' }>;

/** The number of newlines in the file's first `end` bytes: a range starting there starts on the next line. */
export async function linesBefore(path: string, end: number): Promise<number> {
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
 * Reads one range, starting on line `firstLine` of the file (linesBefore), into `evidence`, after what it holds,
 * as the sequential reader reads that part of the file. A section still open at the range's end (a goroutine
 * dump running across it) is read on to the end of the file, and the ranges after it are then not used: the
 * result is the sequential reader's either way. `text`: whether the part read held anything but white space;
 * `progressed` counts the bytes as they are read.
 */
export async function readRange(
  task: RangeTask,
  firstLine: number,
  evidence: PasteEvidence,
  progressed: (bytes: number) => void,
): Promise<{ end: number; text: boolean }> {
  const reader = new PasteReader(evidence, task.name, task.origin, firstLine);
  let text = false;
  const read = async (start: number, end: number) => {
    const seen = { text: false };
    const input = counted(openRange(task.path, start, end), progressed);
    for await (const chunk of textChunks(input, { middle: start > 0, seen })) reader.push(chunk);
    text ||= seen.text;
  };
  await read(task.start, task.end);
  let end = task.end;
  if (!reader.idle && end < task.size) {
    await read(end, task.size);
    end = task.size;
  }
  reader.end();
  return { end, text };
}

/**
 * Reads one range on a worker thread; `workers` collects it, so that all can be stopped when one fails. The
 * worker waits for the prefilter, which the main thread sends it (see readInRanges).
 */
function readOnWorker(
  task: RangeTask,
  workers: Worker[],
  progressed: (bytes: number) => void,
): Promise<RangeResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: task, resourceLimits: WORKER_LIMITS });
    workers.push(worker);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void worker.terminate();
    };
    worker.on('message', (message: RangeMessage) => {
      if (message.kind === 'progress') progressed(message.bytes);
      else if (message.kind === 'done') settle(() => resolve(message));
      else settle(() => reject(message.usage ? new UsageError(message.message) : new Error(message.message)));
    });
    worker.on('error', (error) => settle(() => reject(error)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`the worker reading ${task.name} stopped (exit ${code})`))),
    );
  });
}

/**
 * Reads the regular file at `path` (`size` bytes) into `evidence` in `parts` ranges at once (rangeCount), with
 * the result of reading it sequentially. `progress` counts the bytes as the workers read them.
 */
export async function readInRanges(
  evidence: PasteEvidence,
  file: { path: string; name: string; origin: Component; size: number },
  parts: number,
  progress?: ScanProgress,
): Promise<void> {
  const { path, name, origin, size } = file;
  let bounds: number[];
  try {
    bounds = await boundaries(path, size, parts);
  } catch (error) {
    throw unreadable(path, error);
  }
  const progressed = progress?.counter(name, size) ?? (() => {});
  const range = (k: number): RangeTask => {
    return { path, name, origin, start: bounds[k] ?? 0, end: bounds[k + 1] ?? size, size };
  };
  const workers: Worker[] = [];
  const others = bounds.slice(2).map((_, k) => readOnWorker(range(k + 1), workers, progressed));
  let head: { end: number; text: boolean };
  let results: RangeResult[];
  try {
    // The workers' results are awaited (and their failures noticed) once the main thread's range is read.
    for (const result of others) result.catch(() => {});
    // Built here while the workers start up (and count the lines before their ranges), and sent to them.
    const prefilter = builtPrefilter();
    for (const worker of workers) worker.postMessage(prefilter);
    head = await readRange(range(0), 1, evidence, progressed);
    results = head.end === size ? [] : await Promise.all(others);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  let text = head.text;
  for (const result of results) {
    evidence.absorb(result.evidence);
    text ||= result.text;
    // A range read on to the end of the file (a section ran across its end) already holds the rest.
    if (result.end === size) break;
  }
  if (!text) throw new UsageError(`${path} is empty`);
}
