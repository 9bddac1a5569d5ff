/** One sample of the Prometheus text exposition format. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"/g;

function parseValue(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

/** Label values escape backslash, double quote and line feed (`\\`, `\"`, `\n`). */
function unescapeLabel(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** Parses Prometheus text exposition (comments and malformed lines are skipped, never fatal). */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1] ?? ''] = unescapeLabel(l[2] ?? '');
    const value = parseValue(m[3] ?? '');
    if (!Number.isNaN(value)) samples.push({ name: m[1] ?? '', labels, value });
  }
  return samples;
}

/** The samples of one metric, optionally restricted to matching label values. */
export function select(
  samples: readonly Sample[],
  name: string,
  match: Record<string, string> = {},
): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(match).every(([k, v]) => s.labels[k] === v));
}

export interface Quantile {
  /** The estimated quantile in the histogram's unit. */
  value: number;
  /** True when the rank falls in the +Inf bucket: the real value is above `value`. */
  aboveLastBucket: boolean;
  /** How many observations the histogram holds. */
  count: number;
}

/**
 * Estimates a quantile from cumulative `_bucket` samples the way PromQL's histogram_quantile does: linear
 * interpolation inside the bucket holding the rank; a rank in the +Inf bucket reports the last finite bound.
 */
export function histogramQuantile(q: number, buckets: readonly Sample[]): Quantile | undefined {
  const merged = new Map<number, number>();
  for (const b of buckets) {
    const le = parseValue(b.labels.le ?? '');
    if (Number.isNaN(le)) continue;
    merged.set(le, (merged.get(le) ?? 0) + b.value);
  }
  const sorted = [...merged.entries()].sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1);
  // Like PromQL: no estimate without at least one finite bucket and the +Inf bucket.
  if (sorted.length < 2 || !total || total[0] !== Number.POSITIVE_INFINITY || total[1] <= 0) return undefined;
  const rank = q * total[1];
  let prevBound = 0;
  let prevCount = 0;
  for (const [bound, count] of sorted) {
    if (count >= rank) {
      if (bound === Number.POSITIVE_INFINITY)
        return { value: prevBound, aboveLastBucket: true, count: total[1] };
      const inBucket = count - prevCount;
      const value = inBucket > 0 ? prevBound + ((bound - prevBound) * (rank - prevCount)) / inBucket : bound;
      return { value, aboveLastBucket: false, count: total[1] };
    }
    prevBound = bound;
    prevCount = count;
  }
  return undefined;
}
