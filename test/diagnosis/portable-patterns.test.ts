import { describe, expect, it } from 'vitest';
import { SIGNATURES } from '../../shared/diagnosis/signatures.ts';

/**
 * Every rule's pattern is also handed to ripgrep by the log-scan benchmark (the baseline runs the same patterns),
 * and ripgrep's regex engine has no look-around: a rule says what must not be there in its `unless` (or consumes
 * the character it checks), so that its pattern stays in the syntax both engines read.
 */
const LOOK_AROUND = /\(\?<?[=!]/;

describe('rule patterns', () => {
  it('use no look-ahead or look-behind', () => {
    const offending = SIGNATURES.filter((s) => LOOK_AROUND.test(s.pattern)).map(
      (s) => `${s.fact}: ${s.source.slice(0, 80)}`,
    );
    expect(offending).toEqual([]);
  });
});
