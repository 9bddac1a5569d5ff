import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { diagnose } from '../shared/diagnosis/diagnose.ts';
import { type Diagnosis, VerdictSchema } from '../shared/schemas/diagnosis.ts';
import { pct } from './corpus.ts';

/**
 * Probes: one sentence a person might write about a node, and the cause it names (or "none" for a red herring).
 * Each is diagnosed as the corpus carries people's words, in `logs.other`, so a probe set measures how the
 * description readers generalise without any program's line to lean on.
 */
export const ProbeSchema = z.object({
  id: z.string(),
  text: z.string(),
  expect: z.union([VerdictSchema, z.literal('none')]),
  lang: z.string(),
  note: z.string().optional(),
});
export type Probe = z.infer<typeof ProbeSchema>;

/** A JSON Lines file of probes; a line that does not parse is an error naming the line and the field. */
export function loadProbes(file: string): Probe[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => [line.trim(), i + 1] as const)
    .filter(([line]) => line !== '')
    .map(([line, n]) => {
      const parsed = ProbeSchema.safeParse(JSON.parse(line));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`line ${n}: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
      }
      return parsed.data;
    });
}

/** How one probe was read. */
export interface ProbeResult {
  id: string;
  lang: string;
  expect: string;
  verdict: string;
  confidence: number;
  /** Every cause the diagnosis ranks. */
  ranked: string[];
  /** The expected cause is among the ranked causes (a cause probe). */
  read: boolean;
  /** The verdict is the expected cause (a cause probe). */
  top1: boolean;
  /** A red herring given a verdict other than unknown. */
  falseAlarm: boolean;
  /** A red herring with any ranked cause. */
  strayLead: boolean;
}

/** Counts over a group of probes. */
export interface ProbeTally {
  /** Probes of a cause, and how many were read and how many were the verdict. */
  causes: number;
  read: number;
  top1: number;
  /** Red herrings, and how many raised a verdict or any lead. */
  none: number;
  falseAlarms: number;
  strayLeads: number;
}

export interface ProbeScore extends ProbeTally {
  total: number;
  byCause: Map<string, ProbeTally>;
  byLang: Map<string, ProbeTally>;
  results: ProbeResult[];
}

/** The diagnosis a probe gets: its text as a person's paste in the corpus format. */
export const diagnoseProbe = (p: Probe): Diagnosis => diagnose({ logs: { other: p.text } } as never);

export function judgeProbe(p: Probe, d: Diagnosis): ProbeResult {
  const ranked = d.causes.map((c) => c.id);
  const isNone = p.expect === 'none';
  return {
    id: p.id,
    lang: p.lang,
    expect: p.expect,
    verdict: d.verdict,
    confidence: d.confidence,
    ranked,
    read: !isNone && ranked.includes(p.expect as never),
    top1: !isNone && d.verdict === p.expect,
    falseAlarm: isNone && d.verdict !== 'unknown',
    strayLead: isNone && ranked.length > 0,
  };
}

const emptyTally = (): ProbeTally => ({
  causes: 0,
  read: 0,
  top1: 0,
  none: 0,
  falseAlarms: 0,
  strayLeads: 0,
});

function add(t: ProbeTally, r: ProbeResult): void {
  if (r.expect === 'none') {
    t.none++;
    if (r.falseAlarm) t.falseAlarms++;
    if (r.strayLead) t.strayLeads++;
  } else {
    t.causes++;
    if (r.read) t.read++;
    if (r.top1) t.top1++;
  }
}

/** Scores probes (pure: the diagnosis function is given). */
export function scoreProbes(
  probes: readonly Probe[],
  run: (p: Probe) => Diagnosis = diagnoseProbe,
): ProbeScore {
  const score: ProbeScore = {
    ...emptyTally(),
    total: probes.length,
    byCause: new Map(),
    byLang: new Map(),
    results: [],
  };
  for (const p of probes) {
    const r = judgeProbe(p, run(p));
    score.results.push(r);
    add(score, r);
    for (const [map, key] of [
      [score.byCause, p.expect],
      [score.byLang, p.lang],
    ] as const) {
      if (!map.has(key)) map.set(key, emptyTally());
      add(map.get(key) as ProbeTally, r);
    }
  }
  return score;
}

function tallyLine(label: string, t: ProbeTally): string {
  const parts: string[] = [];
  if (t.causes)
    parts.push(
      `read ${t.read}/${t.causes} (${pct(t.read, t.causes)}), top-1 ${t.top1}/${t.causes} (${pct(t.top1, t.causes)})`,
    );
  if (t.none)
    parts.push(
      `red herrings ${t.none}: false alarms ${t.falseAlarms} (${pct(t.falseAlarms, t.none)}), stray leads ${t.strayLeads} (${pct(t.strayLeads, t.none)})`,
    );
  return `${label.padEnd(22)}${parts.join('; ')}`;
}

/** The aggregate figures, overall, per expected cause and per language. */
export function formatProbeScore(s: ProbeScore): string {
  const sorted = (m: Map<string, ProbeTally>) => [...m].sort(([a], [b]) => a.localeCompare(b));
  return [
    tallyLine('all', s),
    '  by cause',
    ...sorted(s.byCause).map(([k, t]) => `  ${tallyLine(k, t)}`),
    '  by language',
    ...sorted(s.byLang).map(([k, t]) => `  ${tallyLine(k, t)}`),
  ].join('\n');
}
