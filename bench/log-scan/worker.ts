import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { logSource } from '../../functions/cli/log-files.ts';
import { diagnoseEvidence, readLogs } from '../../shared/diagnosis/diagnose-text.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { LogScanner } from '../../shared/diagnosis/scanner.ts';

/**
 * In-process engine runs for the benchmark's exactness checks, each in a process of its own and printing one
 * JSON line:
 *
 *   npx node bench/log-scan/worker.ts scan FILE filtered|plain [LIMIT_BYTES]
 *   npx node bench/log-scan/worker.ts diagnose FILE
 *
 * `scan filtered` streams the file through one LogScanner in UTF-8 chunks of 1 MiB, through its literal
 * prefilter; `scan plain` through a plain one, which tries every signature on every line. The benchmark uses the
 * two to check that both record the very same facts.
 *
 * `diagnose` reads the file as `diagnose --log FILE` names it, in one sequential pass of the paste reader
 * (diagnoseLogs), and prints the facts it recorded and the diagnosis: the reference the CLI's output is
 * compared with.
 */
export interface ScanReport {
  bytes: number;
  /** How many times each fact was recorded. */
  facts: Record<string, number>;
  /** SHA-256 of everything the FactSet holds: ids, counts, maxima, examples (text and source:line), discounts. */
  digest: string;
}

export interface DiagnoseReport {
  facts: Record<string, number>;
  /** The diagnosis as `diagnose -o json` prints it. */
  json: string;
  elapsedMs: number;
}

function counts(facts: FactSet): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of facts.ids()) out[id] = facts.count(id);
  return out;
}

async function scan(path: string, plain: boolean, limit: number): Promise<ScanReport> {
  const facts = new FactSet();
  const scanner = new LogScanner(facts, 'logs.mixed', 'unknown', true, 1, plain);
  const range = Number.isFinite(limit) ? { end: limit - 1 } : {};
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20, ...range });
  for await (const chunk of stream) scanner.push(chunk as string);
  scanner.end();
  const everything = facts.ids().map((id) => [id, facts.count(id), facts.max(id), facts.examples(id)]);
  const digest = createHash('sha256')
    .update(JSON.stringify([everything, facts.discounted]))
    .digest('hex');
  return { bytes: stream.bytesRead, facts: counts(facts), digest };
}

async function diagnose(path: string): Promise<DiagnoseReport> {
  const started = performance.now();
  const evidence = await readLogs([logSource(path)]);
  const json = `${JSON.stringify(diagnoseEvidence(evidence, {}), null, 2)}\n`;
  return { facts: counts(evidence.facts), json, elapsedMs: performance.now() - started };
}

async function main([mode, path, how, limit]: readonly string[]): Promise<unknown> {
  if (mode === 'scan' && path && (how === 'filtered' || how === 'plain'))
    return scan(path, how === 'plain', Number(limit ?? Number.POSITIVE_INFINITY));
  if (mode === 'diagnose' && path) return diagnose(path);
  return undefined;
}

const report = await main(process.argv.slice(2));
if (report) {
  process.stdout.write(`${JSON.stringify(report)}\n`);
} else {
  console.error('usage: worker.ts scan FILE filtered|plain [LIMIT_BYTES] | worker.ts diagnose FILE');
  process.exitCode = 2;
}
