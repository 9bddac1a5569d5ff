/**
 * What every benchmark module provides. Benchmarks print results; they never fail on a missed target (a
 * target is information for the reader, not an assertion), only on a crash.
 */

/** PASS/MISS: against a stated target. OK/MISMATCH: a sanity check. SKIP: could not be measured. */
export type Status = 'PASS' | 'MISS' | 'OK' | 'MISMATCH' | 'SKIP' | '';

export interface Measurement {
  metric: string;
  value: string;
  target?: string;
  status?: Status;
}

export interface Benchmark {
  /** Short name, used to select benchmarks: `npm run bench -- log-scan`. */
  name: string;
  /** One line saying what is measured. */
  title: string;
  /** Runs only when named (it takes long): `npm run bench -- soak`. */
  explicit?: boolean;
  /** Options it takes, `--NAME VALUE` after the benchmark names, with what each means. */
  options?: Readonly<Record<string, string>>;
  /** Runs the benchmark, narrating progress through `log`, and returns the results to tabulate. */
  run(log: (line: string) => void, options?: Readonly<Record<string, string>>): Promise<Measurement[]>;
}

/** Renders rows as an aligned plain-text table with a header rule. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** 1 MB = 10^6 bytes throughout the benchmarks. */
export const MB = 1e6;

export function mbPerSecond(bytes: number, ms: number): number {
  return bytes / MB / (ms / 1000);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const hi = sorted[mid] ?? Number.NaN;
  return sorted.length % 2 ? hi : ((sorted[mid - 1] ?? hi) + hi) / 2;
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
