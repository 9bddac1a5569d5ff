import { expect } from 'vitest';
import { asciiLower, holdsLiteral } from '../../shared/diagnosis/rules/literals.ts';
import { SIGNATURES, type Signature } from '../../shared/diagnosis/signatures.ts';

const COMPILED = SIGNATURES.map((rule) => ({ rule, regex: new RegExp(rule.pattern) }));
/** One compiled pattern per rule: the description grammar's patterns are large, and tests ask about them per sentence. */
const compiledOnce = new WeakMap<Signature, { rule: Signature; regex: RegExp }>();
function compiled(rule: Signature): { rule: Signature; regex: RegExp } {
  let entry = compiledOnce.get(rule);
  if (!entry) {
    entry = { rule, regex: new RegExp(rule.pattern) };
    compiledOnce.set(rule, entry);
  }
  return entry;
}

/**
 * The near misses of `line` for `rule`: the line with every occurrence of the rule's literals broken (one
 * character of each replaced, at each place in turn, or the occurrence cut out). None holds a literal of the rule.
 */
export function nearMisses(line: string, rule: Signature): string[] {
  const lower = asciiLower(line);
  const spans: Array<[number, number]> = [];
  for (const literal of rule.literals.map(asciiLower))
    for (let at = lower.indexOf(literal); at >= 0; at = lower.indexOf(literal, at + 1))
      spans.push([at, at + literal.length]);
  if (spans.length === 0) return [];
  const longest = Math.max(...spans.map(([a, b]) => b - a));
  const out = new Set<string>();
  const rewrite = (edit: (span: string, k: number) => string, k: number) => {
    const chars = [...line];
    // Later spans first, so that earlier indexes stay valid; overlapping ones are edited once.
    let upTo = Number.POSITIVE_INFINITY;
    for (const [a, b] of [...spans].sort((x, y) => y[0] - x[0])) {
      const end = Math.min(b, upTo);
      if (end <= a) continue;
      chars.splice(a, end - a, edit(line.slice(a, end), k));
      upTo = a;
    }
    return chars.join('');
  };
  for (let k = 0; k < longest; k++) {
    for (const sub of ['#', 'x', ' ', '\u00e9'])
      out.add(
        rewrite(
          (span, i) =>
            span.slice(0, Math.min(i, span.length - 1)) + sub + span.slice(Math.min(i, span.length - 1) + 1),
          k,
        ),
      );
  }
  out.add(rewrite(() => '', 0));
  return [...out].filter((miss) => !holdsLiteral(miss, rule.literals));
}

/**
 * What the log scan's prefilter relies on, for one line: every rule whose pattern matches it declares a literal the
 * line holds; and the line's near misses without any of the rule's literals are not matched by its pattern. `only`:
 * that rule alone. The checks are plain comparisons and one expectation is made of what they found: exhaustive
 * callers try hundreds of thousands of lines, and an expectation per comparison was most of their time.
 */
export function expectLiteralsHeld(line: string, only?: Signature): void {
  const problems: string[] = [];
  for (const { rule, regex } of only ? [compiled(only)] : COMPILED) {
    if (!regex.test(line)) continue;
    if (!holdsLiteral(line, rule.literals))
      problems.push(`${rule.fact} /${rule.pattern}/ literals ${JSON.stringify(rule.literals)} in ${line}`);
    for (const miss of nearMisses(line, rule))
      if (regex.test(miss))
        problems.push(
          `${rule.fact} /${rule.pattern}/ matches ${miss}, which holds none of ${JSON.stringify(rule.literals)}`,
        );
  }
  expect(problems).toEqual([]);
}
