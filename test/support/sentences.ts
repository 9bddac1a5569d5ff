import { expect, it } from 'vitest';
import type { Signature } from '../../shared/diagnosis/rules/types.ts';
import { expectLiteralsHeld } from './literals.ts';
import { ids } from './node-lines.ts';

/** A person's sentence, as a bundle holds it: their words in `logs.other`. */
export const said = (sentence: string) => ({ logs: { other: sentence } });

/**
 * The cases every set of description rules answers for, inside its describe(): each [fact, sentence] of `hits` is
 * read as that fact (and holds the literals the prefilter needs to let it through), none of `misses` is, and every
 * rule of `rules` is a prose-only observation that cites its source and states its mechanism.
 */
export function itReadsSentences(
  hits: ReadonlyArray<readonly [string, string]>,
  misses: ReadonlyArray<readonly [string, string]>,
  rules: readonly Signature[],
): void {
  it.each(hits)('%s ← %s', (fact, sentence) => {
    expect(ids(said(sentence))).toContain(fact);
    expectLiteralsHeld(sentence);
  });

  it.each(misses)('not %s ← %s', (fact, sentence) => {
    expect(ids(said(sentence))).not.toContain(fact);
  });

  it('every rule is a prose-only observation with its source and mechanism', () => {
    for (const rule of rules) {
      expect(rule.observation).toBe(true);
      expect(rule.prose).toBe(true);
      expect(rule.source).toMatch(/^observation: /);
      expect(rule.mechanism).toMatch(/\S.{10,}/);
    }
  });
}
