import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../shared/schemas/diagnosis.ts';
import { type CorpusCase, hasProgramOutput, loadCases, markdownRow, scoreCorpus } from './corpus.ts';

function aCase(
  id: string,
  cause: CorpusCase['expected']['cause'],
  bundle: CorpusCase['bundle'] = {},
): CorpusCase {
  return { id, sources: [], expected: { cause, acceptable: [] }, difficulty: 'medium', bundle };
}

function answer(verdict: Diagnosis['verdict'], confidence: number): Diagnosis {
  return {
    verdict,
    confidence,
    observed: { symptom: '', signals: [] },
    causes: [],
    missing: [],
    unavailable: [],
    discounted: [],
  } as unknown as Diagnosis;
}

describe('blind-set scoring', () => {
  const cases = [
    aCase('a', 'runtime_down', { logs: { containerd: 'level=error msg="x"' } }),
    aCase('b', 'fd_exhaustion', { logs: { other: 'people saw docker ps hang' } }),
    aCase('c', 'unknown'),
    aCase('d', 'cni_hang', { events: [] }),
  ];
  const answers: Record<string, Diagnosis> = {
    a: answer('runtime_down', 0.9),
    b: answer('runtime_down', 0.75),
    c: answer('unknown', 0.2),
    d: answer('zombie_shim_hang', 0.55),
  };
  const score = scoreCorpus(cases, (c) => answers[c.id] as Diagnosis);

  it('counts top-1, acceptable, confident wrong and unknown recall', () => {
    expect([score.top1, score.acceptable, score.total]).toEqual([2, 2, 4]);
    expect(score.confidentWrong).toEqual(['b']);
    expect(score.unknownRecall).toEqual({ total: 1, top1: 1, acceptable: 1 });
  });

  it('bins only verdicts naming a cause by confidence, and counts the right ones', () => {
    const bins = Object.fromEntries(score.calibration.map((b) => [`${b.from}`, [b.right, b.answers]]));
    expect(bins).toEqual({ '0': [0, 0], '0.3': [0, 0], '0.5': [0, 1], '0.7': [0, 1], '0.85': [1, 1] });
  });

  it('tells program output from people descriptions', () => {
    expect(cases.map((c) => hasProgramOutput(c.bundle))).toEqual([true, false, false, false]);
    expect(score.byEvidence.get('descriptions only')).toEqual({ total: 3, top1: 1, acceptable: 1 });
  });

  it('prints a history row with every measure', () => {
    const row = markdownRow(score, 'set', '2026-01-01', 'abc');
    expect(row).toContain('| 2/4 (50%) | 2/4 (50%) | 1 | 1/1 |');
    expect(row).toContain('0.85-1: 1/1');
  });

  it('names the file and the field of a case that does not parse', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-'));
    writeFileSync(
      join(dir, 'bad.json'),
      JSON.stringify({ id: 'x', sources: [], expected: { cause: 'nope' } }),
    );
    expect(() => loadCases(dir)).toThrow(/^bad\.json: expected\.cause: /);
  });
});
