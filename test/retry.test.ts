import { describe, expect, it } from 'vitest';
import { type RetryVerdict, retrying } from '../shared/retry.ts';
import { virtualClock } from './support/clock.ts';

/** An operation that fails with `errors` in turn, then answers 'done'. */
function failing(...errors: unknown[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    run: async (tries: number) => {
      calls += 1;
      expect(tries).toBe(calls);
      if (calls <= errors.length) throw errors[calls - 1];
      return 'done';
    },
  };
}

const policy = { baseMs: 100, capMs: 400 };
const retryable = (error: unknown): RetryVerdict => (error as { verdict: RetryVerdict }).verdict;

describe('retrying', () => {
  it('waits the policy between tries, doubling to its cap', async () => {
    const c = virtualClock();
    const op = failing(...Array.from({ length: 4 }, () => ({ verdict: true })));
    await expect(retrying(op.run, { policy, retryable, random: () => 1, ...c })).resolves.toBe('done');
    expect(c.slept).toEqual([100, 200, 400, 400]);
  });

  it('jitters each wait between half and all of the nominal one', async () => {
    const c = virtualClock();
    const op = failing({ verdict: true }, { verdict: true });
    await retrying(op.run, { policy, retryable, random: () => 0, ...c });
    expect(c.slept).toEqual([50, 100]);
  });

  it("waits the server's wait instead of the policy's", async () => {
    const c = virtualClock();
    const op = failing({ verdict: { afterMs: 3000 } }, { verdict: true });
    await retrying(op.run, { policy, retryable, random: () => 1, ...c });
    expect(c.slept).toEqual([3000, 200]);
  });

  it('throws a failure that is not retryable at once, as it is', async () => {
    const c = virtualClock();
    const fatal = { verdict: false };
    const op = failing({ verdict: true }, fatal);
    await expect(retrying(op.run, { policy, retryable, ...c })).rejects.toBe(fatal);
    expect(op.calls).toBe(2);
  });

  it('gives up after maxTries with the error exhausted makes', async () => {
    const c = virtualClock();
    const op = failing(...Array.from({ length: 5 }, () => ({ verdict: true })));
    const exhausted = (_error: unknown, tries: number) => new Error(`gave up after ${tries}`);
    await expect(retrying(op.run, { policy, retryable, maxTries: 3, exhausted, ...c })).rejects.toThrow(
      'gave up after 3',
    );
    expect(op.calls).toBe(3);
  });

  it('shortens the last policy wait to the deadline, and starts no server wait that would pass it', async () => {
    const c = virtualClock();
    const endless = failing(...Array.from({ length: 10 }, () => ({ verdict: true })));
    await expect(
      retrying(endless.run, { policy, retryable, random: () => 1, maxWaitMs: 450, ...c }),
    ).rejects.toEqual({ verdict: true });
    expect(c.slept).toEqual([100, 200, 150]);

    const d = virtualClock();
    const limited = failing({ verdict: { afterMs: 500 } });
    await expect(retrying(limited.run, { policy, retryable, maxWaitMs: 450, ...d })).rejects.toEqual({
      verdict: { afterMs: 500 },
    });
    expect(d.slept).toEqual([]);
  });
});
