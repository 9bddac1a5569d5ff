import { availableParallelism, cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { agent } from './agent.ts';
import { alerting } from './alerting.ts';
import { type Benchmark, MB, type Measurement, table } from './benchmark.ts';
import { collector } from './collector.ts';
import { ingest } from './ingest/index.ts';
import { logScan } from './log-scan/index.ts';
import { slackAck } from './slack-ack.ts';
import { startup } from './startup.ts';
import { storm } from './storm.ts';
import { workerBundle } from './worker-bundle.ts';

/**
 * `npm run bench [-- NAME...]`: runs the benchmarks in order (all of them, or those named) and prints their
 * results. Targets are reported as PASS/MISS for the reader; the exit code only reports crashes.
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
];

async function main(argv: readonly string[]): Promise<number> {
  const unknown = argv.filter((a) => !BENCHMARKS.some((b) => b.name === a));
  if (unknown.length > 0) {
    console.error(
      `unknown benchmark ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`,
    );
    return 2;
  }
  const selected = argv.length > 0 ? BENCHMARKS.filter((b) => argv.includes(b.name)) : BENCHMARKS;
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
      results = await bench.run((line) => console.log(`  ${line}`));
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
