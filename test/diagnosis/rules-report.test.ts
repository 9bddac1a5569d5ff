import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES_REPORT_PATH, renderRulesReport } from '../../scripts/rules.ts';
import { KNOWN_DEFECTS } from '../../shared/diagnosis/defects.ts';
import { FACT_MEANINGS } from '../../shared/diagnosis/facts.ts';
import { RULE_SETS, SIGNATURES } from '../../shared/diagnosis/signatures.ts';

/** Words that mark a citation still to be written. */
const PLACEHOLDER = /\b(?:TODO|TBD|FIXME|unknown source)\b/i;

/** The anchors (^ $) and word boundaries (\\b \\B) a pattern uses outside character classes. */
function assertions(pattern: string): string[] {
  const found: string[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[++i];
      if (!inClass && (next === 'b' || next === 'B')) found.push(`\\${next}`);
    } else if (inClass) inClass = c !== ']';
    else if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === '^') i++;
    } else if (c === '^' || c === '$') found.push(c);
  }
  return found;
}

describe('the rule base', () => {
  const rules = RULE_SETS.flatMap((set) => set.rules.map((rule) => ({ file: set.file, rule })));

  it.each(rules.map(({ file, rule }) => [`${file}: ${rule.fact} /${rule.pattern.slice(0, 60)}/`, rule]))(
    '%s has a source and a mechanism',
    (_name, rule) => {
      // The program and where in it the message is written (or, for an observation, the behaviour described).
      expect(rule.source.length, 'source').toBeGreaterThan(20);
      expect(rule.source, 'source').not.toMatch(PLACEHOLDER);
      if (rule.observation) expect(rule.source, 'observation source').toMatch(/^observation: /);
      expect(rule.mechanism.length, 'mechanism').toBeGreaterThan(20);
      expect(FACT_MEANINGS[rule.fact]).toBeDefined();
    },
  );

  it.each(KNOWN_DEFECTS.map((d) => [d.id, d]))(
    'known defect %s cites its upstream report and fix',
    (_id, d) => {
      expect(d.links.length).toBeGreaterThan(0);
      for (const link of d.links) expect(link).toMatch(/^https:\/\/\S+$/);
      expect(d.mechanism.length).toBeGreaterThan(20);
      expect(d.fix.length).toBeGreaterThan(5);
      expect(d.affected.length).toBeGreaterThan(0);
      // A version alone never names a cause.
      expect(d.requires.length).toBeGreaterThan(0);
    },
  );

  it('compiles every pattern and lists each rule once', () => {
    for (const s of SIGNATURES) expect(() => new RegExp(s.pattern)).not.toThrow();
    // Anchors and word boundaries turn the scanner's literal prefilter off for every rule (a 200 MB journal then
    // scans at ~10 MB/s instead of ~200): lines are matched by what they contain.
    for (const s of SIGNATURES) expect(assertions(s.pattern), `${s.fact}: ${s.pattern}`).toEqual([]);
    const keys = SIGNATURES.map((s) => `${s.fact} ${s.pattern}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('docs/rules.md is the report generated from the data (npm run rules -- --write)', () => {
    expect(readFileSync(RULES_REPORT_PATH, 'utf8')).toBe(renderRulesReport());
  });
});
