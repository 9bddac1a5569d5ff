import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promoted } from '../../scripts/catalogue/promote.ts';
import { examples } from '../../shared/diagnosis/catalogue.ts';
import {
  DESCRIPTION_RULES,
  DESCRIPTIONS,
  STATES,
  type State,
  SUBJECTS,
} from '../../shared/diagnosis/rules/descriptions.ts';
import { distinctive, holdsLiteral } from '../../shared/diagnosis/rules/literals.ts';
import { RULE_SETS } from '../../shared/diagnosis/signatures.ts';
import { loadCorpus } from '../corpus.ts';
import { expectLiteralsHeld } from '../support/literals.ts';

// Every rule declares the literals the log scan's prefilter looks for (Signature.literals). The example lines of
// the hand rules are checked where they are written (rules-kubelet, rules-runtime); here, every rule's
// declaration, the catalogued messages' and the descriptions' example lines, every line of the corpus, and
// generated near misses.

const rules = RULE_SETS.flatMap(({ file, rules }) => rules.map((rule) => ({ file, rule })));

describe('declared literals', () => {
  it.each(
    rules.map(({ file, rule }) => [`${file}: ${rule.fact} /${rule.pattern.slice(0, 60)}/`, rule] as const),
  )('%s: declares distinctive literals', (_name, rule) => {
    expect(rule.literals.length, rule.pattern).toBeGreaterThan(0);
    for (const literal of rule.literals) expect(distinctive(literal), JSON.stringify(literal)).toBe(true);
  });

  // Every promoted message's example lines against every rule: exhaustive, not timed (see the descriptions' check).
  it("every catalogued message's example lines hold its rule's literal", { timeout: 120_000 }, () => {
    for (const p of promoted()) {
      expectLiteralsHeld(p.entry.literals.join(' 42 '));
      for (const e of examples(p.entry)) expectLiteralsHeld(e.line);
    }
  });

  // Every subject term with every state term, both orders: thousands of sentences, each tried with its near misses.
  // An exhaustive check, not a timed one: it gets the time it needs on a loaded machine.
  it("every description's sentences hold its rule's literals", { timeout: 120_000 }, () => {
    for (const [i, d] of DESCRIPTIONS.entries()) {
      const rule = DESCRIPTION_RULES[i];
      if (!rule) throw new Error('every description compiles to one rule');
      const subject = SUBJECTS[d.subject];
      const state: State = STATES[d.state];
      const words = [
        ...state.en,
        ...state.zh,
        ...(state.patterns ?? []).map((p) => p.example),
        // One fragment of each verb family (each family's every fragment is tried in its pairings' own tests).
        ...(state.forms ?? []).map((f) => f.example),
        ...(state.finite ? [...state.finite.said, ...state.finite.ing, ...state.finite.base] : []),
      ];
      for (const s of [...subject.en, ...subject.zh])
        for (const t of words) {
          expectLiteralsHeld(`the ${s} ${t}`, rule);
          expectLiteralsHeld(`${t} ${s}`, rule);
        }
    }
  });

  it('every line of the corpus that a rule matches holds its literals', () => {
    const lines = loadCorpus().flatMap((c) =>
      Object.values(c.bundle.logs ?? {}).flatMap((t) => (typeof t === 'string' ? t.split('\n') : [])),
    );
    expect(lines.length).toBeGreaterThan(500);
    for (const line of lines) expectLiteralsHeld(line);
  });

  // Best effort: lines assembled from a pattern's own fixed text (split at its syntax) with the rule's literals
  // broken. It finds a literal a pattern does not need, not every line a pattern could match without one.
  it.each(
    rules.map(({ file, rule }) => [`${file}: ${rule.fact} /${rule.pattern.slice(0, 60)}/`, rule] as const),
  )('%s: no generated line without its literals matches', (_name, rule) => {
    const regex = new RegExp(rule.pattern);
    const pieces = rule.pattern
      .split(/\\[dDwWsSbB]|\[[^\]]*\]|\{[0-9,]+\}|[()|?*+^$]|\\/)
      .filter((p) => p.length > 0);
    const broken = (piece: string, k: number, c: string) =>
      piece.slice(0, k % piece.length) + c + piece.slice((k % piece.length) + 1);
    const token = fc.oneof(
      fc.constantFrom(...pieces),
      fc
        .tuple(fc.constantFrom(...pieces), fc.nat(), fc.constantFrom('#', 'x', ' ', '9'))
        .map(([p, k, c]) => broken(p, k, c)),
      fc.constantFrom(' ', '0', '42', 'abc', '"', ':', '='),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 12 }), (tokens) => {
        const line = tokens.join('');
        return holdsLiteral(line, rule.literals) || !regex.test(line);
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});
