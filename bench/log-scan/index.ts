import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SIGNATURES } from '../../shared/diagnosis/signatures.ts';
import { type Benchmark, MB, type Measurement, mbPerSecond, median } from '../benchmark.ts';
import { buildCli, CLI, type NodeRun, rssSource, runNode } from '../cli-process.ts';
import { type Generated, generateJournal, type Profile } from './generate.ts';
import { ensureRipgrep, type Ripgrep, type RipgrepRun, runRipgrep } from './ripgrep.ts';
import type { DiagnoseReport, ScanReport } from './worker.ts';

/**
 * The log-scan benchmark, on two generated journals: `mixed` (200 MB unless BENCH_LOG_MB says otherwise; about
 * one line in 45 matches a pattern as text) and `ordinary` (a million lines of everyday kubelet, runtime, systemd
 * and kernel chatter, the incident a few hundred lines). Each is diagnosed end to end by the built CLI (`node
 * dist/cli.js diagnose --log FILE -o json`: process start to printed diagnosis) and scanned by ripgrep with the
 * same patterns, each three times, alternating, from the page cache. Targets: the CLI at >= 1.0x ripgrep's
 * throughput (median against median), CPU time (user + system) <= 1.5x ripgrep's, the whole process's peak RSS
 * under 200 MB. A ripgrep run that takes longer than BENCH_RG_CAP_S (120 s) is stopped and counted as at least that
 * slow: with the rule base's bounded gaps and long alternations ripgrep can take many minutes on one journal.
 */

const DEFAULT_MB = 200;
/** How long one ripgrep run may take before it is stopped and counted as at least that slow (BENCH_RG_CAP_S). */
const DEFAULT_RG_CAP_S = 120;
const RUNS = 3;
const TARGET_RATIO = 1.0;
const CPU_RATIO = 1.5;
const PROFILES: readonly Profile[] = ['mixed', 'ordinary'];
const RSS_LIMIT_MB = 200;
/** The exactness check scans this much of the journal both ways. */
const CHECK_BYTES = 16 * MB;
const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

export const logScan: Benchmark = {
  name: 'log-scan',
  title: `the built CLI end to end vs ripgrep on generated journals: mixed (${journalMb()} MB; BENCH_LOG_MB to change) and ordinary (1,000,000 lines)`,
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

function rgCapMs(): number {
  const s = Number(process.env.BENCH_RG_CAP_S ?? DEFAULT_RG_CAP_S);
  return (Number.isFinite(s) && s > 0 ? s : DEFAULT_RG_CAP_S) * 1000;
}

function journalMb(): number {
  const mb = Number(process.env.BENCH_LOG_MB ?? DEFAULT_MB);
  return Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_MB;
}

/** One end-to-end run of the CLI on the journal. */
interface CliRun {
  elapsedMs: number;
  rssBytes: number;
  cpuMs: number;
  /** What it printed: the diagnosis as JSON. */
  json: string;
}

async function measure(dir: string, log: (line: string) => void): Promise<Measurement[]> {
  log(`${buildCli()}; peak RSS and CPU time from ${rssSource()}`);
  const patterns = join(dir, 'patterns.txt');
  writeFileSync(patterns, `${SIGNATURES.map((s) => forRipgrep(s.pattern)).join('\n')}\n`);
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
  const rows: Measurement[] = [];
  for (const profile of PROFILES) {
    const measured = await measureProfile(dir, profile, rg, patterns, log);
    rows.push(...measured.map((r) => ({ ...r, metric: `${profile}: ${r.metric}` })));
  }
  return rows;
}

async function measureProfile(
  dir: string,
  profile: Profile,
  rg: Ripgrep | undefined,
  patterns: string,
  log: (line: string) => void,
): Promise<Measurement[]> {
  const file = join(dir, `${profile}.log`);
  const t0 = performance.now();
  const journal = generateJournal(file, journalMb() * MB, undefined, profile);
  const genMs = performance.now() - t0;
  log(
    `${profile}: generated ${fmt(journal.bytes / MB)} MB in ${fmt(genMs / 1000, 1)} s: ${journal.lines.toLocaleString('en')} lines ` +
      `(${mix(journal)}), ${journal.plantedLines} of them planted signature lines`,
  );
  await readThrough(file); // warm-up: both sides then read from the page cache
  const engine: CliRun[] = [];
  const ripgrep: RipgrepRun[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const e = await runCli(file, join(dir, 'rss'));
    engine.push(e);
    let line = `${profile} run ${i}/${RUNS}: CLI ${fmt(e.elapsedMs / 1000, 2)} s = ${fmt(mbPerSecond(journal.bytes, e.elapsedMs))} MB/s, CPU ${fmt(e.cpuMs / 1000, 2)} s, peak RSS ${fmt(e.rssBytes / MB)} MB`;
    if (rg) {
      const r = await runRipgrep(rg, patterns, file, rgCapMs());
      ripgrep.push(r);
      line += r.stopped
        ? ` | rg stopped at ${fmt(r.elapsedMs / 1000, 0)} s (< ${fmt(mbPerSecond(journal.bytes, r.elapsedMs), 2)} MB/s)`
        : ` | rg ${fmt(r.elapsedMs / 1000, 2)} s = ${fmt(mbPerSecond(journal.bytes, r.elapsedMs))} MB/s, CPU ${fmt(r.cpuMs / 1000, 2)} s, peak RSS ${fmt(r.rssBytes / MB)} MB`;
    }
    log(line);
  }
  const reference = await runWorker<DiagnoseReport>(['diagnose', file]);
  log(`${profile}: in-process sequential reference diagnosis: ${fmt(reference.elapsedMs / 1000, 2)} s`);
  const check = await exactness(file, Math.min(CHECK_BYTES, journal.bytes));
  rmSync(file, { force: true });
  return [
    ...report(journal, engine, rg, ripgrep),
    ...sanityChecks(journal, engine, reference, ripgrep),
    check,
  ];
}

/**
 * The literal prefilter must record exactly what trying every signature on every line records: scans the start
 * of the journal both ways (one scanner in 1 MiB chunks each: prefilter; plain) and compares everything.
 */
async function exactness(file: string, bytes: number): Promise<Measurement> {
  const scan = (mode: string) => runWorker<ScanReport>(['scan', file, mode, String(bytes)]);
  const [filtered, plain] = [await scan('filtered'), await scan('plain')];
  const same = filtered.digest === plain.digest && filtered.bytes === plain.bytes;
  const n = Object.values(plain.facts).reduce((a, b) => a + b, 0);
  return {
    metric: 'prefilter = plain scan',
    value: `first ${fmt(bytes / MB)} MB: ${same ? 'identical' : 'DIFFERENT'} facts (${n})`,
    status: same ? 'OK' : 'MISMATCH',
  };
}

function report(journal: Generated, engine: CliRun[], rg: Ripgrep | undefined, ripgrep: RipgrepRun[]) {
  const engineRates = engine.map((e) => mbPerSecond(journal.bytes, e.elapsedMs));
  const rgRates = ripgrep.map((r) => mbPerSecond(journal.bytes, r.elapsedMs));
  const peaks = engine.map((e) => e.rssBytes / MB);
  const peakRss = Math.max(...peaks);
  const rows: Measurement[] = [
    {
      metric: 'journal',
      value: `${fmt(journal.bytes / MB)} MB, ${journal.lines.toLocaleString('en')} lines`,
    },
    { metric: 'CLI end to end', value: rates(engineRates) },
  ];
  if (rg) {
    const ratio = median(engineRates) / median(rgRates);
    const best = Math.max(...engineRates) / Math.max(...rgRates);
    // A stopped run's rate is an upper bound of ripgrep's, so the ratio is a lower bound of the CLI's lead.
    const stopped = ripgrep.filter((r) => r.stopped).length;
    const bound = stopped ? `at least ` : '';
    const note = stopped
      ? `; ${stopped} of ${ripgrep.length} rg runs stopped at ${fmt(rgCapMs() / 1000)} s`
      : '';
    rows.push(
      { metric: 'ripgrep', value: `${stopped ? 'at most ' : ''}${rates(rgRates)}${note}` },
      {
        metric: 'CLI / ripgrep',
        value: `${bound}${fmt(ratio, 2)}x (best vs best ${bound}${fmt(best, 2)}x)`,
        target: `>= ${fmt(TARGET_RATIO)}x`,
        status: ratio >= TARGET_RATIO ? 'PASS' : 'MISS',
      },
    );
    const finished = ripgrep.filter((r) => !r.stopped);
    const cpu = median(engine.map((e) => e.cpuMs)) / median(finished.map((r) => r.cpuMs));
    rows.push({
      metric: 'CPU (user + sys) CLI / ripgrep',
      value: finished.length
        ? `${fmt(cpu, 2)}x (median ${fmt(median(engine.map((e) => e.cpuMs)) / 1000, 2)} s vs ${fmt(median(finished.map((r) => r.cpuMs)) / 1000, 2)} s)`
        : 'no rg run finished',
      target: `<= ${fmt(CPU_RATIO)}x`,
      status: Number.isNaN(cpu) ? 'SKIP' : cpu <= CPU_RATIO ? 'PASS' : 'MISS',
    });
  } else {
    rows.push({
      metric: 'CLI / ripgrep',
      value: 'rg unavailable',
      target: `>= ${fmt(TARGET_RATIO)}x`,
      status: 'SKIP',
    });
  }
  rows.push({
    metric: 'CLI peak RSS',
    value: `${fmt(peakRss)} MB (runs: ${peaks.map((p) => fmt(p)).join(', ')})`,
    target: `< ${RSS_LIMIT_MB} MB`,
    status: peakRss < RSS_LIMIT_MB ? 'PASS' : 'MISS',
  });
  return rows;
}

/**
 * Both sides must see what was planted: ripgrep the planted lines and the noise its patterns match as text; the
 * sequential in-process reference the planted facts; and every CLI run the very diagnosis of that reference.
 */
function sanityChecks(
  journal: Generated,
  engine: CliRun[],
  reference: DiagnoseReport,
  ripgrep: RipgrepRun[],
): Measurement[] {
  const rows: Measurement[] = [];
  const finished = ripgrep.filter((r) => !r.stopped);
  const rgLines = [...new Set(finished.map((r) => r.lines))];
  const expectedLines = journal.plantedLines + journal.textOnlyLines;
  if (ripgrep.length > 0 && finished.length === 0) {
    rows.push({
      metric: 'matching lines',
      value: 'every rg run was stopped at the cap: not checked',
      status: 'SKIP',
    });
  } else if (finished.length > 0) {
    rows.push({
      metric: 'matching lines',
      value: `rg ${rgLines.join('/')}, expected ${expectedLines} (${journal.plantedLines} planted + ${journal.textOnlyLines} text-only noise)`,
      status: rgLines.length === 1 && rgLines[0] === expectedLines ? 'OK' : 'MISMATCH',
    });
  }
  const expected = journal.expectedFacts;
  const total = Object.values(expected).reduce((a, b) => a + b, 0);
  const wrong = new Set<string>();
  for (const id of new Set([...Object.keys(expected), ...Object.keys(reference.facts)])) {
    if ((reference.facts[id] ?? 0) !== (expected[id] ?? 0))
      wrong.add(`${id} ${reference.facts[id] ?? 0}≠${expected[id] ?? 0}`);
  }
  rows.push({
    metric: 'engine facts',
    value: wrong.size
      ? [...wrong].join('; ')
      : `${total} facts of ${Object.keys(expected).length} kinds, as planted (from ${journal.plantedLines} lines)`,
    status: wrong.size ? 'MISMATCH' : 'OK',
  });
  const differing = engine.filter((e) => e.json !== reference.json).length;
  rows.push({
    metric: 'CLI diagnosis = sequential',
    value: differing
      ? `${differing} of ${engine.length} runs printed a different diagnosis`
      : `all ${engine.length} runs identical (${reference.json.length.toLocaleString('en')} chars of JSON)`,
    status: differing ? 'MISMATCH' : 'OK',
  });
  return rows;
}

/** `node dist/cli.js diagnose --log FILE -o json`, timed from spawn to exit. */
async function runCli(file: string, rssFile: string): Promise<CliRun> {
  const run: NodeRun = await runNode([CLI, 'diagnose', '--log', file, '-o', 'json'], rssFile);
  // Exit 0: diagnosed; 3: no cause found. Anything else is a failure of the run.
  if (run.status !== 0 && run.status !== 3) throw new Error(`CLI exited ${run.status}: ${run.stderr.trim()}`);
  return { elapsedMs: run.ms, rssBytes: run.rssBytes, cpuMs: run.cpuMs, json: run.stdout };
}

function runWorker<T>(args: readonly string[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('{'))
        reject(new Error(`engine worker exited ${code}: ${out.trim()}`));
      else resolve(JSON.parse(last) as T);
    });
  });
}

async function readThrough(file: string): Promise<void> {
  for await (const _ of createReadStream(file, { highWaterMark: 1 << 20 })) {
    // only reading
  }
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

/**
 * A signature's JavaScript pattern as ripgrep reads it: an escaped `/` (which a JavaScript source may hold, and
 * which the regex crate of Debian's ripgrep 13 refuses as an unknown escape) unescaped; the rest reads the same.
 */
function forRipgrep(pattern: string): string {
  return pattern.replace(/(?<!\\)((?:\\\\)*)\\\//g, '$1/');
}
