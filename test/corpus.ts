import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type EvidenceBundle, EvidenceBundleSchema } from '../shared/schemas/bundle.ts';
import { CauseIdSchema, type Diagnosis, VerdictSchema } from '../shared/schemas/diagnosis.ts';

/** An incident from a public bug report: the evidence, and the cause the report established. */
export const CorpusCaseSchema = z.object({
  id: z.string(),
  /** What happened, in the project's own words (cases that joined the corpus). */
  note: z.string().optional(),
  /** A collected case's headline and how its source established the cause (the blind-set format). */
  title: z.string().optional(),
  label_basis: z.string().optional(),
  sources: z.array(z.string()),
  expected: z.object({ cause: VerdictSchema, acceptable: z.array(CauseIdSchema) }),
  difficulty: z.enum(['easy', 'medium', 'hard']),
  bundle: EvidenceBundleSchema,
});
export type CorpusCase = z.infer<typeof CorpusCaseSchema>;

/** The project's development corpus (cases that earlier blind rounds moved in). */
export const CORPUS_DIR = join(import.meta.dirname, 'fixtures', 'corpus');

/**
 * Every case of a folder in the corpus format, in file-name order. A file that does not parse is an error naming
 * the file and the field, so a hand-collected blind set fails loudly instead of being scored short.
 */
export function loadCases(dir: string): CorpusCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const parsed = CorpusCaseSchema.safeParse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`${f}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
      }
      return parsed.data;
    });
}

export function loadCorpus(): CorpusCase[] {
  return loadCases(CORPUS_DIR);
}

/** A confidence at or above this is a claim an engineer will act on. */
export const CONFIDENT = 0.7;

/**
 * Does the bundle carry anything a program wrote (log lines, events, conditions, alerts, command output,
 * metrics, the Lease, the pod summary), as opposed to only people's descriptions in `logs.other`?
 */
export function hasProgramOutput(bundle: EvidenceBundle): boolean {
  const { other: _described, ...programLogs } = bundle.logs ?? {};
  return (
    Object.values(programLogs).some((text) => typeof text === 'string' && text.trim() !== '') ||
    Boolean(bundle.events?.length || bundle.conditions?.length || bundle.alerts?.length) ||
    Object.keys(bundle.commandOutputs ?? {}).length > 0 ||
    Boolean(bundle.metrics || bundle.lease || bundle.podSummary)
  );
}

export interface Tally {
  total: number;
  top1: number;
  acceptable: number;
}

/** One case's outcome: what was expected, what the engine said, and how sure it was. */
export interface CaseResult {
  id: string;
  expected: CorpusCase['expected']['cause'];
  verdict: Diagnosis['verdict'];
  confidence: number;
  top1: boolean;
  acceptable: boolean;
  difficulty: CorpusCase['difficulty'];
  programOutput: boolean;
}

/** Confidence bins of the calibration table: lower bound inclusive, upper exclusive (the last includes 1). */
export const CALIBRATION_BINS = [0, 0.3, 0.5, 0.7, 0.85, 1] as const;

export interface CalibrationRow {
  from: number;
  to: number;
  /** Verdicts naming a cause (not `unknown`) whose confidence fell in the bin. */
  answers: number;
  /** Of those, how many were the expected cause. */
  right: number;
}

export interface Score extends Tally {
  results: CaseResult[];
  confidentWrong: string[];
  misses: string[];
  /** Of the cases whose right answer is `unknown`, how many the engine answered `unknown`. */
  unknownRecall: Tally;
  /** The same counts for the cases of each expected verdict, difficulty, and kind of evidence. */
  byCause: Map<string, Tally>;
  byDifficulty: Map<string, Tally>;
  byEvidence: Map<'program output' | 'descriptions only', Tally>;
  calibration: CalibrationRow[];
}

function count(map: Map<string, Tally>, key: string, result: CaseResult): void {
  const tally = map.get(key) ?? { total: 0, top1: 0, acceptable: 0 };
  map.set(key, tally);
  tally.total++;
  if (result.top1) tally.top1++;
  if (result.acceptable) tally.acceptable++;
}

function judge(c: CorpusCase, d: Diagnosis): CaseResult {
  const top1 = d.verdict === c.expected.cause;
  return {
    id: c.id,
    expected: c.expected.cause,
    verdict: d.verdict,
    confidence: d.confidence,
    top1,
    acceptable: top1 || (c.expected.acceptable as string[]).includes(d.verdict),
    difficulty: c.difficulty,
    programOutput: hasProgramOutput(c.bundle),
  };
}

function calibrate(results: readonly CaseResult[]): CalibrationRow[] {
  const rows = CALIBRATION_BINS.slice(0, -1).map((from, i) => ({
    from,
    to: CALIBRATION_BINS[i + 1] as number,
    answers: 0,
    right: 0,
  }));
  for (const r of results) {
    if (r.verdict === 'unknown') continue;
    const row = rows.find((b) => r.confidence >= b.from && (r.confidence < b.to || b.to === 1));
    if (!row) continue;
    row.answers++;
    if (r.top1) row.right++;
  }
  return rows;
}

export function scoreCorpus(cases: readonly CorpusCase[], run: (c: CorpusCase) => Diagnosis): Score {
  const results = cases.map((c) => judge(c, run(c)));
  const score: Score = {
    total: results.length,
    top1: 0,
    acceptable: 0,
    results,
    confidentWrong: [],
    misses: [],
    unknownRecall: { total: 0, top1: 0, acceptable: 0 },
    byCause: new Map(),
    byDifficulty: new Map(),
    byEvidence: new Map(),
    calibration: calibrate(results),
  };
  for (const r of results) {
    if (r.top1) score.top1++;
    else score.misses.push(`${r.id}: expected ${r.expected}, got ${r.verdict} (${r.confidence})`);
    if (r.acceptable) score.acceptable++;
    if (!r.acceptable && r.verdict !== 'unknown' && r.confidence >= CONFIDENT)
      score.confidentWrong.push(r.id);
    if (r.expected === 'unknown') count(new Map([['', score.unknownRecall]]), '', r);
    count(score.byCause, r.expected, r);
    count(score.byDifficulty, r.difficulty, r);
    count(
      score.byEvidence as Map<string, Tally>,
      r.programOutput ? 'program output' : 'descriptions only',
      r,
    );
  }
  return score;
}

/** A share as a whole percentage, '-' of nothing (the corpus's and the probe sets' tables). */
export const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : '-');

function rows(title: string, map: ReadonlyMap<string, Tally>, order?: readonly string[]): string[] {
  const keys = order ? order.filter((k) => map.has(k)) : [...map.keys()].sort();
  return [
    `  ${title.padEnd(20)} ${'top-1'.padStart(6)} ${''.padStart(5)}   acceptable`,
    ...keys.map((k) => {
      const t = map.get(k) as Tally;
      return `  ${k.padEnd(20)} ${`${t.top1}/${t.total}`.padStart(6)} ${pct(t.top1, t.total).padStart(5)}   ${`${t.acceptable}/${t.total}`.padStart(6)}`;
    }),
  ];
}

/** The score as text tables: by expected verdict, difficulty and evidence kind, then calibration. */
export function formatScore(score: Score): string {
  return [
    ...rows('expected', new Map([...score.byCause, ['all', score]])),
    '',
    ...rows('difficulty', score.byDifficulty, ['easy', 'medium', 'hard']),
    '',
    ...rows('evidence', score.byEvidence, ['program output', 'descriptions only']),
    '',
    `  unknown recall: ${score.unknownRecall.top1}/${score.unknownRecall.total}`,
    `  confident (>= ${CONFIDENT}) wrong answers: ${score.confidentWrong.length}`,
    '',
    '  calibration (verdicts naming a cause)',
    '  confidence      answers  right',
    ...score.calibration.map(
      (b) =>
        `  ${`${b.from.toFixed(2)}-${b.to.toFixed(2)}`.padEnd(15)} ${String(b.answers).padStart(7)}  ${`${b.right} (${pct(b.right, b.answers)})`.padStart(9)}`,
    ),
  ].join('\n');
}

/** The score as one row of docs/accuracy.md's history table (date and commit filled in by the caller). */
export function markdownRow(score: Score, set: string, date: string, commit: string): string {
  const t = (x: Tally) => `${x.top1}/${x.total} (${pct(x.top1, x.total)})`;
  const byCause = [...score.byCause.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v.top1}/${v.total}`)
    .join(', ');
  const byDifficulty = ['easy', 'medium', 'hard']
    .filter((k) => score.byDifficulty.has(k))
    .map(
      (k) =>
        `${k} ${(score.byDifficulty.get(k) as Tally).top1}/${(score.byDifficulty.get(k) as Tally).total}`,
    )
    .join(', ');
  const byEvidence = [...score.byEvidence.entries()].map(([k, v]) => `${k} ${v.top1}/${v.total}`).join(', ');
  const calibration = score.calibration.map((b) => `${b.from}-${b.to}: ${b.right}/${b.answers}`).join(', ');
  return `| ${date} | \`${commit}\` | ${set} | ${score.total} | ${t(score)} | ${score.acceptable}/${score.total} (${pct(score.acceptable, score.total)}) | ${score.confidentWrong.length} | ${score.unknownRecall.top1}/${score.unknownRecall.total} | ${byCause} | ${byDifficulty} | ${byEvidence} | ${calibration} |`;
}
