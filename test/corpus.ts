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

export interface Tally {
  total: number;
  top1: number;
  acceptable: number;
}

export interface Score extends Tally {
  confidentWrong: string[];
  misses: string[];
  /** The same counts for the cases of each expected verdict. */
  byCause: Map<string, Tally>;
}

export function scoreCorpus(cases: readonly CorpusCase[], run: (c: CorpusCase) => Diagnosis): Score {
  const score: Score = {
    total: cases.length,
    top1: 0,
    acceptable: 0,
    confidentWrong: [],
    misses: [],
    byCause: new Map(),
  };
  for (const c of cases) {
    const d = run(c);
    const ok = d.verdict === c.expected.cause;
    const fine = ok || (c.expected.acceptable as string[]).includes(d.verdict);
    const tally = score.byCause.get(c.expected.cause) ?? { total: 0, top1: 0, acceptable: 0 };
    score.byCause.set(c.expected.cause, tally);
    tally.total++;
    if (ok) tally.top1++;
    if (fine) tally.acceptable++;
    if (ok) score.top1++;
    else score.misses.push(`${c.id}: expected ${c.expected.cause}, got ${d.verdict} (${d.confidence})`);
    if (fine) score.acceptable++;
    if (!fine && d.verdict !== 'unknown' && d.confidence >= CONFIDENT) score.confidentWrong.push(c.id);
  }
  return score;
}

/** The score as a table: one row per expected verdict, then the total. */
export function formatScore(score: Score): string {
  const pct = (n: number, of: number) => `${Math.round((100 * n) / of)}%`.padStart(5);
  const row = (name: string, t: Tally) =>
    `  ${name.padEnd(20)} ${`${t.top1}/${t.total}`.padStart(6)} ${pct(t.top1, t.total)}   ${`${t.acceptable}/${t.total}`.padStart(6)}`;
  return [
    `  ${'expected'.padEnd(20)} ${'top-1'.padStart(6)} ${''.padStart(5)}   acceptable`,
    ...[...score.byCause.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, t]) => row(id, t)),
    row('all', score),
    `  confident (>= ${CONFIDENT}) wrong answers: ${score.confidentWrong.length ? score.confidentWrong.join(', ') : 'none'}`,
  ].join('\n');
}
