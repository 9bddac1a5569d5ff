import { availableParallelism, cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { agent } from './agent.ts';
import { alerting } from './alerting.ts';
import { type Benchmark, MB, type Measurement, table } from './benchmark.ts';
import { collector } from './collector.ts';
import { ingest } from './ingest/index.ts';
import { logScan } from './log-scan/index.ts';
import { slackAck } from './slack-ack.ts';
import { soak } from './soak.ts';
import { startup } from './startup.ts';
import { storm } from './storm.ts';
import { workerBundle } from './worker-bundle.ts';

/**
 * `npm run bench [-- NAME... [--OPTION VALUE...]]`: runs the benchmarks in order (all of them but the explicit
 * ones, or those named) and prints their results; options go to the named benchmarks that take them
 * (`npm run bench -- soak --minutes 1`). Targets are reported as PASS/MISS for the reader; the exit code only
 * reports crashes.
 */
const BENCHMARKS: readonly Benchmark[] = [
  logScan,
  ingest,
  storm,
  slackAck,
  collector,
  alerting,
  workerBundle,
  startup,
  agent,
  soak,
];

/** The benchmark names and the `--NAME VALUE` options of a command line. */
function parse(argv: readonly string[]): { names: string[]; options: Record<string, string> } | string {
  const names: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      names.push(arg);
      continue;
    }
    const value = argv[++i];
    if (value === undefined) return `option ${arg} needs a value`;
    options[arg.slice(2)] = value;
  }
  return { names, options };
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parse(argv);
  if (typeof parsed === 'string') {
    console.error(parsed);
    return 2;
  }
  const { names, options } = parsed;
  const unknown = names.filter((a) => !BENCHMARKS.some((b) => b.name === a));
  if (unknown.length > 0) {
    console.error(
      `unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    return 2;
  }
  const selected =
    names.length > 0
      ? BENCHMARKS.filter((b) => names.includes(b.name))
      : BENCHMARKS.filter((b) => !b.explicit);
  const unused = Object.keys(options).filter((o) => !selected.some((b) => b.options?.[o] !== undefined));
  if (unused.length > 0) {
    const known = selected.flatMap((b) =>
      Object.entries(b.options ?? {}).map(([o, what]) => `--${o} (${b.name}: ${what})`),
    );
    console.error(
      `no benchmark selected takes --${unused.join(', --')}; options: ${known.join(', ') || 'none'}`,
    );
    return 2;
  }
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  console.log(
    `pleg-responder benchmarks — node ${process.version}, ${process.platform}/${process.arch}, ` +
      `${availableParallelism()} × ${cpu}, ${(totalmem() / MB / 1000).toFixed(1)} GB RAM`,
  );
  const summary: string[][] = [];
  let crashed = false;
  const started = performance.now();
  for (const bench of selected) {
    console.log(`\n▸ ${bench.name}: ${bench.title}`);
    const t0 = performance.now();
    let results: Measurement[];
    try {
      results = await bench.run((line) => console.log(`  ${line}`), options);
    } catch (e) {
      crashed = true;
      console.error(`  ${bench.name} crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      summary.push([bench.name, 'crashed', '', '', '']);
      continue;
    }
    const rows = results.map((r) => [r.metric, r.value, r.target ?? '', r.status ?? '']);
    console.log(`\n${indent(table(['metric', 'value', 'target', 'status'], rows))}`);
    console.log(`  (${bench.name} took ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    for (const r of results)
      if (r.status) summary.push([bench.name, r.metric, r.value, r.target ?? '', r.status]);
  }
  console.log(`\nSummary (${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
  console.log(indent(table(['benchmark', 'metric', 'value', 'target', 'status'], summary)));
  return crashed ? 1 : 0;
}

function indent(text: string): string {
  return text.replace(/^/gm, '  ');
}

process.exitCode = await main(process.argv.slice(2));
