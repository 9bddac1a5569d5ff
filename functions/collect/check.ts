import { performance } from 'node:perf_hooks';
import type { HostCheck } from '../../shared/schemas/host.ts';

/** A call to a runtime that failed, with how (timeout, refused, absent, error). */
export class CallError extends Error {
  readonly outcome: HostCheck['outcome'];
  constructor(outcome: HostCheck['outcome'], message: string) {
    super(message);
    this.outcome = outcome;
  }
}

export interface Check<T> {
  check: HostCheck;
  answer?: T;
}

/** Runs a call and reports it as a check, whatever happened. */
export async function timedCheck<T>(
  base: Pick<HostCheck, 'target' | 'call' | 'endpoint' | 'expected'>,
  timeoutMs: number,
  call: () => Promise<T>,
  describe: (answer: T) => Pick<HostCheck, 'detail' | 'items'>,
): Promise<Check<T>> {
  const started = performance.now();
  const expected = base.expected ? { expected: true } : {};
  try {
    const answer = await call();
    const ms = performance.now() - started;
    return { check: { ...base, ...expected, outcome: 'answered', ms, ...describe(answer) }, answer };
  } catch (error) {
    const ms = performance.now() - started;
    const outcome = error instanceof CallError ? error.outcome : 'error';
    return {
      check: {
        ...base,
        ...expected,
        outcome,
        ms,
        timeoutMs,
        detail: String((error as Error).message).slice(0, 200),
      },
    };
  }
}
