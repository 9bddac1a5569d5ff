/** One retry policy: how long to wait before the next try, growing exponentially up to a cap. */
export interface Backoff {
  /** The wait before the second try. */
  baseMs: number;
  /** No wait is longer than this. */
  capMs: number;
}

/** Failed jobs and downstream outages: 1 s, 2 s, 4 s … up to 5 minutes, each with jitter. */
export const RETRY_BACKOFF: Backoff = { baseMs: 1000, capMs: 300_000 };

/**
 * The wait before try number `tries + 1`: exponential, capped, with "equal jitter" (half fixed, half random), so
 * that many jobs failing together on one outage do not all come back at the same instant, while no wait is ever
 * shorter than half the nominal one.
 */
export function backoffDelay(tries: number, policy: Backoff = RETRY_BACKOFF, random = Math.random): number {
  const nominal = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, tries - 1));
  return Math.round(nominal / 2 + (nominal / 2) * random());
}
