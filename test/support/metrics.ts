import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { findBinary } from '../e2e/harness.ts';

/** The value of one series (`name{labels}` exactly as exposed) in Prometheus text; undefined when absent. */
export function sample(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** The real linter Prometheus ships: every family has its help and type, names and values are well-formed. */
export function lintMetrics(metrics: string): void {
  const result = spawnSync(findBinary('promtool'), ['check', 'metrics'], {
    input: metrics,
    encoding: 'utf8',
  });
  expect(`${result.stdout}${result.stderr}`).toBe('');
  expect(result.status).toBe(0);
}
