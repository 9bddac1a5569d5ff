import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EvidenceBundleSchema } from '../shared/schemas/bundle.ts';
import { CauseIdSchema, type Diagnosis, VerdictSchema } from '../shared/schemas/diagnosis.ts';

/** An incident from a public bug report: the evidence, and the cause the report established. */
export const CorpusCaseSchema = z.object({
  id: z.string(),
  note: z.string(),
  sources: z.array(z.string()),
  expected: z.object({ cause: VerdictSchema, acceptable: z.array(CauseIdSchema) }),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  bundle: EvidenceBundleSchema,
});
export type CorpusCase = z.infer<typeof CorpusCaseSchema>;

const DIR = join(import.meta.dirname, 'fixtures', 'corpus');

export function loadCorpus(): CorpusCase[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => CorpusCaseSchema.parse(JSON.parse(readFileSync(join(DIR, f), 'utf8'))));
}

/** A confidence at or above this is a claim an engineer will act on. */
export const CONFIDENT = 0.7;

export interface Score {
  total: number;
  top1: number;
  acceptable: number;
  confidentWrong: string[];
  misses: string[];
}

export function scoreCorpus(cases: readonly CorpusCase[], run: (c: CorpusCase) => Diagnosis): Score {
  const score: Score = { total: cases.length, top1: 0, acceptable: 0, confidentWrong: [], misses: [] };
  for (const c of cases) {
    const d = run(c);
    const ok = d.verdict === c.expected.cause;
    const fine = ok || (c.expected.acceptable as string[]).includes(d.verdict);
    if (ok) score.top1++;
    else score.misses.push(`${c.id}: expected ${c.expected.cause}, got ${d.verdict} (${d.confidence})`);
    if (fine) score.acceptable++;
    if (!fine && d.verdict !== 'unknown' && d.confidence >= CONFIDENT) score.confidentWrong.push(c.id);
  }
  return score;
}
