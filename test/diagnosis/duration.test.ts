import { describe, expect, it } from 'vitest';
import { formatDuration, parseGoDuration } from '../../shared/diagnosis/duration.ts';

describe('parseGoDuration', () => {
  it.each<[string, number]>([
    // time.Duration.String() as the kubelet prints it in "pleg was last seen active ... ago"
    ['3m46.752815514s', 226.752815514],
    ['3m4.520132218s', 184.520132218],
    ['2h33m12.704970756s', 9192.704970756],
    // thresholds and round values
    ['3m0s', 180],
    ['10m0s', 600],
    ['1h0m0s', 3600],
    ['45s', 45],
    // sub-second units
    ['500ms', 0.5],
    ['1.5s', 1.5],
    ['750µs', 0.00075],
    ['750us', 0.00075],
    ['250ns', 2.5e-7],
  ])('%s → %f s', (text, seconds) => {
    const parsed = parseGoDuration(text);
    expect(parsed).toBeDefined();
    expect(parsed).toBeCloseTo(seconds, 9);
  });

  it('ignores whitespace inside and around the value (copied from wrapped logs)', () => {
    expect(parseGoDuration('3m 46.75s')).toBeCloseTo(226.75, 9);
    expect(parseGoDuration('  3m0s\n')).toBe(180);
    expect(parseGoDuration('2h 33m 12.7s')).toBeCloseTo(9192.7, 9);
  });

  it.each(['', '   ', 'abc', '3x', '12', 's', 'ms', '1d', '3m46s ago', 'threshold is 3m0s', '3m-2s', 'NaN'])(
    '%j is not a duration',
    (text) => {
      expect(parseGoDuration(text)).toBeUndefined();
    },
  );
});

describe('formatDuration', () => {
  it.each<[number, string]>([
    [0, '0s'],
    [12.4, '12s'],
    [59.4, '59s'],
    [60, '1m'],
    [180, '3m'],
    [226.75, '3m47s'],
    [3599.4, '59m59s'],
    [3600, '1h'],
    [7500, '2h5m'],
    [9192.704970756, '2h33m'],
  ])('%f s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('rounds to whole seconds before choosing the unit', () => {
    expect(formatDuration(59.6)).toBe('1m');
    expect(formatDuration(3599.6)).toBe('1h');
  });

  it('reads back what the kubelet printed at operator precision', () => {
    const age = parseGoDuration('3m46.752815514s');
    expect(age).toBeDefined();
    expect(formatDuration(age ?? Number.NaN)).toBe('3m47s');
  });
});
