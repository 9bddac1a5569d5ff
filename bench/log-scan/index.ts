import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SIGNATURES } from '../../shared/diagnosis/signatures.ts';
import { type Benchmark, MB, type Measurement, mbPerSecond, median } from '../benchmark.ts';
import { type Generated, generateJournal } from './generate.ts';
import { ensureRipgrep, type Ripgrep, type RipgrepRun, runRipgrep } from './ripgrep.ts';
import type { WorkerReport } from './worker.ts';

/**
 * The log-scan benchmark: a generated, realistic mixed journal (200 MB unless BENCH_LOG_MB says otherwise)
 * scanned by the engine and by ripgrep with the same patterns, each three times, alternating, from the page
 * cache. Targets: the engine at >= 0.5x ripgrep's throughput, with peak RSS under 200 MB.
 */

const DEFAULT_MB = 200;
const RUNS = 3;
const TARGET_RATIO = 0.5;
const RSS_LIMIT_MB = 200;
/** The exactness check scans this much of the journal both ways. */
const CHECK_BYTES = 16 * MB;
/** Chunks this small keep the scanner on its plain ANY_SIGNATURE path. */
const PLAIN_CHUNK = 32 * 1024;
const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

export const logScan: Benchmark = {
  name: 'log-scan',
  title: `engine vs ripgrep on a generated mixed journal (${journalMb()} MB; BENCH_LOG_MB to change)`,
  async run(log) {
    const dir = mkdtempSync(join(tmpdir(), 'pleg-bench-log-scan-'));
    const cleanUp = () => rmSync(dir, { recursive: true, force: true });
    const interrupted = () => {
      cleanUp();
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    process.once('SIGTERM', interrupted);
    try {
      return await measure(dir, log);
    } finally {
      process.off('SIGINT', interrupted);
      process.off('SIGTERM', interrupted);
      cleanUp();
    }
  },
};

function journalMb(): number {
  const mb = Number(process.env.BENCH_LOG_MB ?? DEFAULT_MB);
  return Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_MB;
}

async function measure(dir: string, log: (line: string) => void): Promise<Measurement[]> {
  const file = join(dir, 'journal.log');
  const t0 = performance.now();
  const journal = generateJournal(file, journalMb() * MB);
  const genMs = performance.now() - t0;
  log(
    `generated ${fmt(journal.bytes / MB)} MB in ${fmt(genMs / 1000, 1)} s: ${journal.lines.toLocaleString('en')} lines ` +
      `(${mix(journal)}), ${journal.plantedLines} of them planted signature lines`,
  );

  const patterns = join(dir, 'patterns.txt');
  writeFileSync(patterns, `${SIGNATURES.map((s) => s.pattern).join('\n')}\n`);
  const rg = ensureRipgrep(log);
  if (rg) {
    const empty = join(dir, 'empty.log');
    writeFileSync(empty, '');
    const idle = await runRipgrep(rg, patterns, empty);
    log(
      `${rg.version} (${rg.path}): ${SIGNATURES.length} patterns; start-up + compile ${fmt(idle.elapsedMs)} ms`,
    );
  } else {
    log('ripgrep is not available and could not be installed: the comparison is skipped');
  }

  await readThrough(file); // warm-up: both sides then read from the page cache
  const engine: WorkerReport[] = [];
  const ripgrep: RipgrepRun[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const e = await runEngine(file);
    engine.push(e);
    let line = `run ${i}/${RUNS}: engine ${fmt(e.elapsedMs / 1000, 2)} s = ${fmt(mbPerSecond(e.bytes, e.elapsedMs))} MB/s, peak RSS ${fmt(rssMb(e))} MB`;
    if (rg) {
      const r = await runRipgrep(rg, patterns, file);
      ripgrep.push(r);
      line += ` | rg ${fmt(r.elapsedMs / 1000, 2)} s = ${fmt(mbPerSecond(journal.bytes, r.elapsedMs))} MB/s`;
    }
    log(line);
  }
  const check = await exactness(file, Math.min(CHECK_BYTES, journal.bytes));
  return [...report(journal, engine, rg, ripgrep), check];
}

/**
 * The literal prefilter must record exactly what scanning with the whole signature alternation records: scans
 * the start of the journal both ways (1 MiB chunks: prefilter; 32 KiB chunks: plain) and compares everything.
 */
async function exactness(file: string, bytes: number): Promise<Measurement> {
  const [filtered, plain] = [
    await runEngine(file, 1 << 20, bytes),
    await runEngine(file, PLAIN_CHUNK, bytes),
  ];
  const same = filtered.digest === plain.digest && filtered.bytes === plain.bytes;
  const n = Object.values(plain.facts).reduce((a, b) => a + b, 0);
  return {
    metric: 'prefilter = plain scan',
    value: `first ${fmt(bytes / MB)} MB: ${same ? 'identical' : 'DIFFERENT'} facts (${n}; ${fmt(mbPerSecond(plain.bytes, plain.elapsedMs))} MB/s plain)`,
    status: same ? 'OK' : 'MISMATCH',
  };
}

function report(journal: Generated, engine: WorkerReport[], rg: Ripgrep | undefined, ripgrep: RipgrepRun[]) {
  const engineRates = engine.map((e) => mbPerSecond(e.bytes, e.elapsedMs));
  const rgRates = ripgrep.map((r) => mbPerSecond(journal.bytes, r.elapsedMs));
  const peakRss = Math.max(...engine.map(rssMb));
  const rows: Measurement[] = [
    {
      metric: 'journal',
      value: `${fmt(journal.bytes / MB)} MB, ${journal.lines.toLocaleString('en')} lines`,
    },
    { metric: 'engine throughput', value: rates(engineRates) },
  ];
  if (rg) {
    const ratio = median(engineRates) / median(rgRates);
    const best = Math.max(...engineRates) / Math.max(...rgRates);
    rows.push(
      { metric: 'ripgrep throughput', value: rates(rgRates) },
      {
        metric: 'engine / ripgrep',
        value: `${fmt(ratio, 2)}x (best vs best ${fmt(best, 2)}x)`,
        target: `>= ${TARGET_RATIO}x`,
        status: ratio >= TARGET_RATIO ? 'PASS' : 'MISS',
      },
    );
  } else {
    rows.push({
      metric: 'engine / ripgrep',
      value: 'rg unavailable',
      target: `>= ${TARGET_RATIO}x`,
      status: 'SKIP',
    });
  }
  rows.push({
    metric: 'engine peak RSS',
    value: `${fmt(peakRss)} MB (runs: ${engine.map((e) => fmt(rssMb(e))).join(', ')})`,
    target: `< ${RSS_LIMIT_MB} MB`,
    status: peakRss < RSS_LIMIT_MB ? 'PASS' : 'MISS',
  });
  rows.push(...sanityChecks(journal, engine, ripgrep));
  return rows;
}

/**
 * Both sides must see what was planted: ripgrep the planted lines and the noise its patterns match as text, the
 * engine the planted facts.
 */
function sanityChecks(journal: Generated, engine: WorkerReport[], ripgrep: RipgrepRun[]): Measurement[] {
  const rows: Measurement[] = [];
  const rgLines = [...new Set(ripgrep.map((r) => r.lines))];
  const expectedLines = journal.plantedLines + journal.textOnlyLines;
  if (ripgrep.length > 0) {
    rows.push({
      metric: 'matching lines',
      value: `rg ${rgLines.join('/')}, expected ${expectedLines} (${journal.plantedLines} planted + ${journal.textOnlyLines} text-only noise)`,
      status: rgLines.length === 1 && rgLines[0] === expectedLines ? 'OK' : 'MISMATCH',
    });
  }
  const expected = journal.expectedFacts;
  const total = Object.values(expected).reduce((a, b) => a + b, 0);
  const wrong = new Set<string>();
  for (const run of engine) {
    for (const id of new Set([...Object.keys(expected), ...Object.keys(run.facts)])) {
      if ((run.facts[id] ?? 0) !== (expected[id] ?? 0))
        wrong.add(`${id} ${run.facts[id] ?? 0}≠${expected[id] ?? 0}`);
    }
    if (run.bytes !== journal.bytes) wrong.add(`read ${run.bytes} of ${journal.bytes} bytes`);
  }
  rows.push({
    metric: 'engine facts',
    value: wrong.size
      ? [...wrong].join('; ')
      : `${total} facts of ${Object.keys(expected).length} kinds, as planted (from ${journal.plantedLines} lines)`,
    status: wrong.size ? 'MISMATCH' : 'OK',
  });
  return rows;
}

function runEngine(file: string, chunkBytes = 1 << 20, limit?: number): Promise<WorkerReport> {
  const args = [WORKER, file, String(chunkBytes), ...(limit === undefined ? [] : [String(limit)])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`engine worker exited ${code}: ${out.trim()}`));
      else resolve(JSON.parse(last) as WorkerReport);
    });
  });
}

async function readThrough(file: string): Promise<void> {
  for await (const _ of createReadStream(file, { highWaterMark: 1 << 20 })) {
    // only reading
  }
}

function rssMb(report: WorkerReport): number {
  return (report.maxRssKiB * 1024) / MB;
}

function rates(values: readonly number[]): string {
  return `median ${fmt(median(values))} MB/s, best ${fmt(Math.max(...values))} MB/s`;
}

function mix(journal: Generated): string {
  return Object.entries(journal.sources)
    .sort((a, b) => b[1] - a[1])
    .map(([source, n]) => `${source} ${Math.round((100 * n) / journal.lines)}%`)
    .join(', ');
}

function fmt(n: number, digits = 1): string {
  return n.toFixed(digits);
}
