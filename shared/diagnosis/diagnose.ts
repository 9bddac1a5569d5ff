import type { EvidenceBundle, LogSource } from '../schemas/bundle.ts';
import type {
  Diagnosis,
  DiagnosisContext,
  Evidence,
  Missing,
  Observed,
  Provenance,
  RankedCause,
  ReportedUnavailable,
  RuntimeKind,
} from '../schemas/diagnosis.ts';
import { CAUSES } from './causes/index.ts';
import type { CauseContext, Probe } from './causes/types.ts';
import { isNodeName, nodeArgument, toolsFor } from './commands.ts';
import { controlPlaneAsks } from './controlplane-asks.ts';
import { extractFacts } from './extract/index.ts';
import { bundleTexts } from './extract/versions.ts';
import { FACT_MEANINGS, type Fact, type FactSet } from './facts.ts';
import { mechanismOf } from './mechanism.ts';
import { memoryAsks } from './memory-asks.ts';
import { nestedProbes } from './nested.ts';
import { observe, symptom } from './observed.ts';
import { outageAsks } from './outage-asks.ts';
import { isVerdict, type Ranked, rankCauses, VERDICT_THRESHOLD } from './rank.ts';
import { recurringProbes } from './recurring.ts';
import { testViewProbes } from './test-view.ts';
import { wordAsks } from './word-asks.ts';

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
  /**
   * Gaps this process's own collector just reported (`collectNodeEvidence(...).missing`): their `how` was built
   * by our code, so they are listed as probes. The same gaps inside `bundle.unavailable` are a report like any
   * other sender's and are not repeated.
   */
  collected?: readonly Missing[];
  /** The evidence is pasted text or log files read into a bundle, not a bundle a sender built. */
  pasted?: {
    /** The runtime the text's own lines imply (journal identifiers, or only what they mention). */
    runtime?: Exclude<RuntimeKind, 'unknown'>;
    /** The node was given on the command line (`--node`), not found in the text. */
    nodeGiven?: boolean;
  };
}

/** The runtime commands are written for and the node they name, with where each came from. */
function contextOf(bundle: EvidenceBundle, observed: Observed, options: DiagnoseOptions): DiagnosisContext {
  const found: Provenance = options.pasted ? 'paste' : 'bundle';
  const node = isNodeName(bundle.node) ? bundle.node : undefined;
  return {
    runtime: options.runtime ?? observed.runtime,
    runtimeFrom: options.runtime ? 'flag' : observed.runtime === 'unknown' ? 'assumed' : found,
    ...(node === undefined ? {} : { node }),
    nodeFrom: node === undefined ? 'assumed' : options.pasted?.nodeGiven ? 'flag' : found,
  };
}

/** The bundle's own account of what it lacks, as quoted reports (its `how`, if any, is never shown). */
function reportedUnavailable(bundle: EvidenceBundle, options: DiagnoseOptions): ReportedUnavailable[] {
  const ours = new Set((options.collected ?? []).map((m) => m.what));
  return (bundle.unavailable ?? [])
    .filter((u) => !ours.has(u.what))
    .map((u) => ({ what: u.what, reason: u.why }));
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
  // A nested cluster's shared host comes first: its limits are what the node's own evidence cannot show.
  // Then a recurring hour's question: what is scheduled then (a lead, never a cause).
  // Round 20: a test's view of the cluster (pods not running in time, one node's pods Pending, many nodes NotReady):
  // where to look, asked before the causes' own probes.
  const texts = bundleTexts(bundle);
  const said = (pattern: RegExp) => texts.some((t) => pattern.test(t.text));
  const missing: Missing[] = [
    ...nestedProbes(bundle, ctx.facts),
    ...recurringProbes(bundle),
    ...testViewProbes(bundle),
    // Round 23: a machine's memory size stated without its use.
    ...memoryAsks(texts, ctx.facts),
    // Round 25: the next link of a chain the words name (the datastore, admission, the trace, the routes).
    ...wordAsks(said, ctx.facts),
    // Round 27: a guest hung while its checks pass, every worker lost at once, a security product's policy applied.
    ...outageAsks(said, ctx.facts),
    // Round 29: a relaying controller cut off from the API server, updates stopped from a node said healthy.
    ...controlPlaneAsks(said, ctx.facts),
  ];
  const order =
    ranked.length > 0 && top && top.confidence >= VERDICT_THRESHOLD ? ranked.map((r) => r.cause) : CAUSES;
  const seen = new Set<string>(missing.map((m) => m.how));
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
  const observed = observe(bundle, facts, options.pasted?.runtime);
  const context = contextOf(bundle, observed, options);
  const ctx: CauseContext = {
    facts,
    observed,
    tools: toolsFor(context.runtime),
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
    limits: r.limits,
    ...mechanismOf(r, facts),
  }));
  const top = causes[0];
  const decided = top !== undefined && isVerdict(ranked, facts);
  return {
    verdict: decided ? top.id : 'unknown',
    confidence: top?.confidence ?? 0,
    node: bundle.node,
    cluster: bundle.cluster,
    context,
    observed,
    causes,
    ...(decided && top.mechanism ? { mechanism: top.mechanism } : {}),
    missing: [...(options.collected ?? []), ...missingEvidence(bundle, ranked, ctx, options)],
    unavailable: reportedUnavailable(bundle, options),
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
