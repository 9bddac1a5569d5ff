import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Benchmark, MB, type Measurement, median } from './benchmark.ts';
import { buildCli, CLI, ROOT, rssSource, runNode } from './cli-process.ts';

const SAMPLE = join(ROOT, 'infra', 'samples', 'bundle-fd-exhaustion.json');
const RUNS = 15;

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

async function runOnce(args: readonly string[], rssFile: string): Promise<{ ms: number; rssBytes: number }> {
  const r = await runNode(args, rssFile);
  if (r.status !== 0 && r.status !== 3) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r;
}

export const startup: Benchmark = {
  name: 'startup',
  title: `start-up of the built CLI vs bare node -e 0: median wall time of ${RUNS} runs, peak RSS`,
  async run(log) {
    log(`${buildCli()}; RSS from ${rssSource()}`);
    const scratch = mkdtempSync(join(tmpdir(), 'pleg-startup-'));
    const times = CASES.map(() => [] as number[]);
    const peaks = CASES.map(() => 0);
    try {
      // Round-robin, so that a busy moment of the machine falls on every case alike.
      for (let run = 0; run < RUNS; run++) {
        for (const [i, c] of CASES.entries()) {
          const { ms, rssBytes } = await runOnce(c.args, join(scratch, 'rss'));
          times[i]?.push(ms);
          peaks[i] = Math.max(peaks[i] ?? 0, rssBytes);
        }
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
