import type { EvidenceBundle, LogSource } from '../schemas/bundle.ts';
import type { Diagnosis, Evidence, Missing, RankedCause, RuntimeKind } from '../schemas/diagnosis.ts';
import { CAUSES } from './causes/index.ts';
import type { CauseContext, Probe } from './causes/types.ts';
import { nodeArgument, toolsFor } from './commands.ts';
import { extractFacts } from './extract/index.ts';
import { FACT_MEANINGS, type Fact, type FactSet } from './facts.ts';
import { mechanismOf } from './mechanism.ts';
import { observe, symptom } from './observed.ts';
import { isVerdict, type Ranked, rankCauses, VERDICT_THRESHOLD } from './rank.ts';

/** How many causes a diagnosis lists, and how many probes it asks for. */
const MAX_CAUSES = 4;
const MAX_MISSING = 6;
/** Above this confidence the verdict needs no further evidence. */
const SETTLED = 0.85;

function cite(facts: FactSet, fact: Fact['id']): Evidence[] {
  return facts.examples(fact).map((f) => ({
    source: f.source,
    text: f.text,
    meaning: FACT_MEANINGS[f.id],
    occurrences: facts.examples(fact).length === 1 ? facts.count(fact) : 1,
  }));
}

export interface DiagnoseOptions {
  /** Show commands for this runtime instead of the one the node reports (the "other runtime" view). */
  runtime?: RuntimeKind;
  /** Log sources already streamed into the facts (they are not in the bundle, but they are not missing). */
  streamedLogs?: readonly LogSource[];
}

function present(bundle: EvidenceBundle, path: Probe['fills'][number], options: DiagnoseOptions): boolean {
  if (path.startsWith('logs.')) {
    const source = path.slice(5);
    return Boolean(bundle.logs?.[source]) || (options.streamedLogs ?? []).some((s) => s === source);
  }
  const value = bundle[path as keyof EvidenceBundle];
  return Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
}

/** Evidence that would settle the question: probes of the plausible causes whose source the bundle lacks. */
function missingEvidence(
  bundle: EvidenceBundle,
  ranked: readonly Ranked[],
  ctx: CauseContext,
  options: DiagnoseOptions,
): Missing[] {
  const top = ranked[0];
  if (top && top.confidence >= SETTLED) return [];
  const order =
    ranked.length > 0 && top && top.confidence >= VERDICT_THRESHOLD ? ranked.map((r) => r.cause) : CAUSES;
  const seen = new Set<string>();
  const missing: Missing[] = [];
  for (const cause of order) {
    for (const probe of cause.probes) {
      const how = probe.how(ctx);
      if (seen.has(how) || probe.fills.some((p) => present(bundle, p, options))) continue;
      seen.add(how);
      missing.push({ what: probe.what, why: `would confirm or rule out: ${cause.title.toLowerCase()}`, how });
    }
  }
  return missing.slice(0, MAX_MISSING);
}

/** Runs the engine on facts already extracted (the CLI streams logs into the same FactSet first). */
export function diagnoseFacts(
  bundle: EvidenceBundle,
  facts: FactSet,
  options: DiagnoseOptions = {},
): Diagnosis {
  const observed = observe(bundle, facts);
  const ctx: CauseContext = {
    facts,
    observed,
    tools: toolsFor(options.runtime ?? observed.runtime),
    node: nodeArgument(bundle.node),
  };
  const ranked = rankCauses(facts);
  const head = symptom(observed);
  const causes: RankedCause[] = ranked.slice(0, MAX_CAUSES).map((r) => ({
    id: r.cause.id,
    title: r.cause.title,
    confidence: Math.round(r.confidence * 100) / 100,
    summary: r.cause.summary(ctx),
    chain: [head, ...r.cause.chain(ctx)],
    evidence: r.support.flatMap((w) => cite(facts, w.fact)),
    against: r.against.flatMap((w) => cite(facts, w.fact)),
    commands: r.cause.commands(ctx),
    ...mechanismOf(r, facts),
  }));
  const top = causes[0];
  const decided = top !== undefined && isVerdict(ranked);
  return {
    verdict: decided ? top.id : 'unknown',
    confidence: top?.confidence ?? 0,
    node: bundle.node,
    cluster: bundle.cluster,
    observed,
    causes,
    ...(decided && top.mechanism ? { mechanism: top.mechanism } : {}),
    missing: [...(bundle.unavailable ?? []), ...missingEvidence(bundle, ranked, ctx, options)],
    discounted: facts.discounted.map((f) => ({
      source: f.source,
      text: f.text,
      meaning: FACT_MEANINGS[f.id],
      occurrences: 1,
    })),
  };
}

/** Evidence bundle in, cited and ranked diagnosis out. Pure: no I/O, no clock, no environment. */
export function diagnose(bundle: EvidenceBundle, options: DiagnoseOptions = {}): Diagnosis {
  return diagnoseFacts(bundle, extractFacts(bundle), options);
}
