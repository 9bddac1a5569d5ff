/** One retry policy: how long to wait before the next try, growing exponentially up to a cap. */
export interface Backoff {
  /** The wait before the second try. */
  baseMs: number;
  /** No wait is longer than this. */
  capMs: number;
}

/** Failed jobs and downstream outages: 1 s, 2 s, 4 s … up to 5 minutes, each with jitter. */
export const RETRY_BACKOFF: Backoff = { baseMs: 1000, capMs: 300_000 };

/** A chat API that is briefly down (Slack's 502/503/504): 1 s, 2 s, 4 s … up to 30 s, each with jitter. */
export const OUTAGE_BACKOFF: Backoff = { baseMs: 1000, capMs: 30_000 };

/** The part of an AWS batch call the service left undone (throughput, size caps): 50 ms … up to 2 s. */
export const BATCH_BACKOFF: Backoff = { baseMs: 50, capMs: 2000 };

/**
 * The wait before try number `tries + 1`: exponential, capped, with "equal jitter" (half fixed, half random), so
 * that many jobs failing together on one outage do not all come back at the same instant, while no wait is ever
 * shorter than half the nominal one.
 */
export function backoffDelay(tries: number, policy: Backoff = RETRY_BACKOFF, random = Math.random): number {
  const nominal = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, tries - 1));
  return Math.round(nominal / 2 + (nominal / 2) * random());
}

/**
 * What a transport says about one failure: `false` gives up at once (the error is thrown as it is), `true` tries
 * again after the policy's wait, `{ afterMs }` tries again after the wait the server asked for (a 429's
 * Retry-After), which overrides the policy's.
 */
export type RetryVerdict = boolean | { afterMs: number };

export interface RetryingOptions {
  policy: Backoff;
  /** The transport's own reading of which failures may be tried again. */
  retryable: (error: unknown) => RetryVerdict;
  /** Tries in all, the first included (default: unbounded, so bounded by `maxWaitMs`). */
  maxTries?: number;
  /**
   * Total time, from the first try, after which no further try starts: a policy wait is shortened to end there,
   * a server-given wait that would end past it is not started.
   */
  maxWaitMs?: number;
  /** The error thrown when a retryable failure can no longer be retried (default: that failure itself). */
  exhausted?: (error: unknown, tries: number) => unknown;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

export const sleepMs = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `operation` (given the try number, from 1) until it succeeds, its failure is not retryable, or the tries
 * or the time are spent. Every transport's retry loop is this one loop; each keeps its own `retryable`.
 */
export async function retrying<T>(
  operation: (tries: number) => Promise<T>,
  options: RetryingOptions,
): Promise<T> {
  const sleep = options.sleep ?? sleepMs;
  const now = options.now ?? Date.now;
  const maxTries = options.maxTries ?? Number.POSITIVE_INFINITY;
  const deadline = options.maxWaitMs === undefined ? Number.POSITIVE_INFINITY : now() + options.maxWaitMs;
  for (let tries = 1; ; tries++) {
    try {
      return await operation(tries);
    } catch (error) {
      const verdict = options.retryable(error);
      if (verdict === false) throw error;
      const wait = tries < maxTries ? waitBefore(tries, verdict, deadline - now(), options) : undefined;
      if (wait === undefined) throw options.exhausted ? options.exhausted(error, tries) : error;
      await sleep(wait);
    }
  }
}

/** The wait before the try after `tries`, or undefined when it would not start before the deadline. */
function waitBefore(
  tries: number,
  verdict: true | { afterMs: number },
  remaining: number,
  options: RetryingOptions,
): number | undefined {
  if (remaining <= 0) return undefined;
  if (verdict !== true) return verdict.afterMs > remaining ? undefined : verdict.afterMs;
  return Math.min(backoffDelay(tries, options.policy, options.random), remaining);
}
