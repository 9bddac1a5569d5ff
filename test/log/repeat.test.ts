import { describe, expect, it } from 'vitest';
import { RepeatedFailure } from '../../functions/log/repeat.ts';
import { recordingLogger } from '../support/log.ts';

describe('a failure that repeats every second', () => {
  it('is said once, then at most once a minute with a count, then once when it recovers', () => {
    const { log, lines } = recordingLogger();
    let clock = 0;
    const failure = new RepeatedFailure(log, 'queue consumer error', () => clock);
    // An hour of "queue unreachable" once a second.
    for (; clock < 3_600_000; clock += 1000)
      failure.failed('connect ECONNREFUSED 127.0.0.1:4566', { retryInMs: 1000 });
    expect(lines).toHaveLength(60);
    expect(lines[0]).toEqual({
      level: 'error',
      message: 'queue consumer error: connect ECONNREFUSED 127.0.0.1:4566',
      fields: { retryInMs: 1000 },
    });
    expect(lines[1]).toEqual({
      level: 'error',
      message: 'queue consumer error for 1m: connect ECONNREFUSED 127.0.0.1:4566',
      fields: { retryInMs: 1000, repeats: 60 },
    });
    // One line a minute, each counting the minute's failures; the recovery line counts them all.
    expect(lines.slice(1).every((l) => l.fields?.repeats === 60)).toBe(true);

    failure.succeeded();
    failure.succeeded();
    expect(lines.slice(60)).toEqual([
      { level: 'info', message: 'queue consumer error: recovered after 1h', fields: { failures: 3600 } },
    ]);

    // A new outage is said at once again.
    clock += 5000;
    failure.failed('timeout');
    expect(lines.at(-1)).toEqual({ level: 'error', message: 'queue consumer error: timeout', fields: {} });
  });

  it('says nothing while all goes well', () => {
    const { log, lines } = recordingLogger();
    const failure = new RepeatedFailure(log, 'queue consumer error');
    for (let i = 0; i < 100; i++) failure.succeeded();
    expect(lines).toEqual([]);
  });
});
