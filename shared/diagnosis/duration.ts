const UNIT_SECONDS: Record<string, number> = {
  h: 3600,
  m: 60,
  s: 1,
  ms: 1e-3,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  ns: 1e-9,
};

const PART = /(\d+(?:\.\d+)?)(h|ms|us|µs|μs|ns|m|s)/g;

/**
 * Parses a Go `time.Duration` string (`3m46.752815514s`, `2h33m12.7s`, `3m0s`) into seconds. Whitespace inside
 * the value (seen in copied logs) is ignored. Returns undefined for anything that is not a duration.
 */
export function parseGoDuration(text: string): number | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^(?:\d+(?:\.\d+)?(?:h|ms|us|µs|μs|ns|m|s))+$/.test(compact)) return undefined;
  let seconds = 0;
  for (const match of compact.matchAll(PART)) {
    seconds += Number(match[1]) * (UNIT_SECONDS[match[2] ?? ''] ?? 0);
  }
  return seconds;
}

/** Formats seconds the way an operator reads them: `3m46s`, `2h33m`, `12s`. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${s % 60 ? `${s % 60}s` : ''}`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}h${m ? `${m}m` : ''}`;
}
