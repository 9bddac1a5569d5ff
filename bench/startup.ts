import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Benchmark, MB, type Measurement, median } from './benchmark.ts';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const SAMPLE = join(ROOT, 'infra', 'samples', 'bundle-fd-exhaustion.json');
const RUNS = 15;
const GNU_TIME = '/usr/bin/time';

interface Case {
  name: string;
  args: string[];
  /** Allowed time over bare `node -e 0`, in ms. */
  overMs?: number;
}

const CASES: readonly Case[] = [
  { name: 'node -e 0 (baseline)', args: ['-e', '0'] },
  { name: 'pleg-responder --version', args: [CLI, '--version'], overMs: 100 },
  { name: 'pleg-responder --help', args: [CLI, '--help'], overMs: 100 },
  {
    name: 'pleg-responder diagnose --bundle (sample)',
    args: [CLI, 'diagnose', '--bundle', SAMPLE],
    overMs: 250,
  },
];
const RSS_LIMIT_MB = 100;

/**
 * Peak RSS of one run: GNU time's %M where it is installed, else the process's own maxRSS, written at exit
 * by a module loaded with --import (its few hundred KB count for every case alike).
 */
function runOnce(args: readonly string[], rssFile: string): { ms: number; rssBytes: number } {
  const timed = existsSync(GNU_TIME);
  const [command, argv] = timed
    ? [GNU_TIME, ['-f', '%M', process.execPath, ...args]]
    : [process.execPath, ['--import', reportRss(rssFile), ...args]];
  const started = performance.now();
  const r = spawnSync(command, argv, { encoding: 'utf8', cwd: ROOT });
  const ms = performance.now() - started;
  if (r.status !== 0 && r.status !== 3) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const kib = timed ? Number(r.stderr.trim().split('\n').at(-1)) : Number(readFileSync(rssFile, 'utf8'));
  return { ms, rssBytes: kib * 1024 };
}

function reportRss(file: string): string {
  const source = `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

export const startup: Benchmark = {
  name: 'startup',
  title: `start-up of the built CLI vs bare node -e 0: median wall time of ${RUNS} runs, peak RSS`,
  async run(log) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr}`);
    log(`${build.stdout.trim()}; RSS from ${existsSync(GNU_TIME) ? GNU_TIME : 'process.resourceUsage()'}`);
    const scratch = mkdtempSync(join(tmpdir(), 'pleg-startup-'));
    const times = CASES.map(() => [] as number[]);
    const peaks = CASES.map(() => 0);
    try {
      // Round-robin, so that a busy moment of the machine falls on every case alike.
      for (let run = 0; run < RUNS; run++) {
        CASES.forEach((c, i) => {
          const { ms, rssBytes } = runOnce(c.args, join(scratch, 'rss'));
          times[i]?.push(ms);
          peaks[i] = Math.max(peaks[i] ?? 0, rssBytes);
        });
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    const baseline = median(times[0] ?? []);
    const results: Measurement[] = [];
    CASES.forEach((c, i) => {
      const ms = median(times[i] ?? []);
      const rss = (peaks[i] ?? 0) / MB;
      log(`${c.name}: median ${ms.toFixed(0)} ms, peak RSS ${rss.toFixed(0)} MB`);
      if (c.overMs === undefined) {
        results.push({ metric: `${c.name}: time`, value: `${ms.toFixed(0)} ms` });
        results.push({ metric: `${c.name}: peak RSS`, value: `${rss.toFixed(0)} MB` });
        return;
      }
      const over = ms - baseline;
      results.push({
        metric: `${c.name}: time over baseline`,
        value: `+${over.toFixed(0)} ms (${ms.toFixed(0)} ms)`,
        target: `<= +${c.overMs} ms`,
        status: over <= c.overMs ? 'PASS' : 'MISS',
      });
      results.push({
        metric: `${c.name}: peak RSS`,
        value: `${rss.toFixed(0)} MB`,
        target: `< ${RSS_LIMIT_MB} MB`,
        status: rss < RSS_LIMIT_MB ? 'PASS' : 'MISS',
      });
    });
    return results;
  },
};
