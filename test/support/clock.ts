/**
 * A clock that sleeping moves forward, recording every wait: code under test that waits (Retry-After, backoff,
 * outages) costs no real time, and the test reads exactly which waits it chose.
 */
export function virtualClock(start = 0) {
  let t = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms: number) => {
      slept.push(ms);
      t += ms;
    },
  };
}
