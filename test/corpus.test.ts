import { describe, expect, it } from 'vitest';
import { diagnose } from '../shared/diagnosis/diagnose.ts';
import { DiagnosisSchema } from '../shared/schemas/diagnosis.ts';
import { CONFIDENT, formatScore, loadCorpus, scoreCorpus } from './corpus.ts';

const cases = loadCorpus();

describe('incident corpus', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s: gives a valid diagnosis', (_id, c) => {
    const d = diagnose(c.bundle);
    expect(DiagnosisSchema.parse(d)).toEqual(d);
    const fine = d.verdict === c.expected.cause || (c.expected.acceptable as string[]).includes(d.verdict);
    // A wrong answer must never be a confident one.
    if (!fine) expect(d.verdict === 'unknown' || d.confidence < CONFIDENT).toBe(true);
    // Every cited log line is quoted exactly from the log it names.
    for (const e of d.causes.flatMap((x) => x.evidence)) {
      const log = /^logs\.(\w+):\d+$/.exec(e.source)?.[1];
      if (log) expect(c.bundle.logs?.[log]).toContain(e.text);
    }
  });

  it('meets the accuracy targets: >= 90% top-1, zero confident wrong answers', () => {
    const score = scoreCorpus(cases, (c) => diagnose(c.bundle));
    console.info(
      `corpus (${score.total} incidents):\n${formatScore(score)}` +
        (score.misses.length ? `\n  misses: ${score.misses.join('\n          ')}` : ''),
    );
    expect(score.confidentWrong).toEqual([]);
    expect(score.top1 / score.total).toBeGreaterThanOrEqual(0.9);
  });
});
