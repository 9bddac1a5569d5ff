import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { LogScanner } from '../../shared/diagnosis/scanner.ts';

/**
 * One engine run, in a process of its own so that its peak RSS is the scan's alone. By default it streams the
 * file through a LogScanner exactly as the CLI does (functions/cli/input.ts and log-files.ts: UTF-8, 1 MiB
 * chunks) and prints one JSON line:
 *
 *   npx node bench/log-scan/worker.ts FILE [CHUNK_BYTES [LIMIT_BYTES]]
 *
 * Chunks under 64 KiB keep the scanner on its plain ANY_SIGNATURE path (the literal prefilter is only set up
 * for large inputs), which the benchmark uses to check that both paths record the very same facts.
 */
export interface WorkerReport {
  /** From opening the file to the end of the scan (module loading excluded, prefilter set-up included). */
  elapsedMs: number;
  bytes: number;
  /** How many times each fact was recorded. */
  facts: Record<string, number>;
  /** SHA-256 of everything the FactSet holds: ids, counts, maxima, examples (text and source:line), discounts. */
  digest: string;
  /** Peak resident set size of the process, KiB. */
  maxRssKiB: number;
}

async function scan(path: string, chunkBytes: number, limit: number): Promise<WorkerReport> {
  const facts = new FactSet();
  const scanner = new LogScanner(facts, 'logs.mixed', 'unknown');
  const started = performance.now();
  const range = Number.isFinite(limit) ? { end: limit - 1 } : {};
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: chunkBytes, ...range });
  for await (const chunk of stream) scanner.push(chunk as string);
  scanner.end();
  const elapsedMs = performance.now() - started;
  const counts: Record<string, number> = {};
  for (const id of facts.ids()) counts[id] = facts.count(id);
  const everything = facts.ids().map((id) => [id, facts.count(id), facts.max(id), facts.examples(id)]);
  const digest = createHash('sha256')
    .update(JSON.stringify([everything, facts.discounted]))
    .digest('hex');
  return {
    elapsedMs,
    bytes: stream.bytesRead,
    facts: counts,
    digest,
    maxRssKiB: process.resourceUsage().maxRSS,
  };
}

const [path, chunk, limit] = process.argv.slice(2);
if (path) {
  const report = await scan(path, Number(chunk ?? 1 << 20), Number(limit ?? Number.POSITIVE_INFINITY));
  process.stdout.write(`${JSON.stringify(report)}\n`);
} else {
  console.error('usage: worker.ts FILE [CHUNK_BYTES [LIMIT_BYTES]]');
  process.exitCode = 2;
}
