import { z } from 'zod';

export const CAUSE_IDS = [
  'runtime_down',
  'fd_exhaustion',
  'zombie_shim_hang',
  'systemd_dbus_stall',
  'container_count',
  'node_unreachable',
  'resource_starvation',
  'kubelet_defect',
  'cni_hang',
] as const;
export const CauseIdSchema = z.enum(CAUSE_IDS);
export type CauseId = z.infer<typeof CauseIdSchema>;

export const VerdictSchema = z.union([CauseIdSchema, z.literal('unknown')]);
export type Verdict = z.infer<typeof VerdictSchema>;

export const RuntimeKindSchema = z.enum(['docker', 'containerd', 'crio', 'unknown']);
export type RuntimeKind = z.infer<typeof RuntimeKindSchema>;

/** One cited piece of evidence: the exact line or value, and where it came from. */
export const EvidenceSchema = z.object({
  source: z.string(),
  text: z.string(),
  meaning: z.string(),
  occurrences: z.number().int().positive(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const CommandSchema = z.object({
  command: z.string(),
  purpose: z.string(),
  risk: z.enum(['read-only', 'disruptive']),
  /** `cluster`: run with kubectl from anywhere; `node`: run on the node itself (SSH or console). */
  where: z.enum(['cluster', 'node']),
});
export type Command = z.infer<typeof CommandSchema>;

/** A known upstream defect that matched this node's versions and symptoms (diagnosis/defects.ts). */
export const DefectRefSchema = z.object({
  id: z.string(),
  mechanism: z.string(),
  fix: z.string(),
  links: z.array(z.string()),
});
export type DefectRef = z.infer<typeof DefectRefSchema>;

export const RankedCauseSchema = z.object({
  id: CauseIdSchema,
  title: z.string(),
  confidence: z.number().min(0).max(1),
  summary: z.string(),
  chain: z.array(z.string()),
  evidence: z.array(EvidenceSchema),
  against: z.array(EvidenceSchema),
  commands: z.array(CommandSchema),
  /** How this cause is at work here, in a few words (`PID exhaustion`, a known-defect id); absent when unclear. */
  mechanism: z.string().optional(),
  defect: DefectRefSchema.optional(),
  /**
   * Why the confidence is held below the actionable level although the scores alone say more: one fact only,
   * people's descriptions only, or another cause with strong program evidence too (named, with its fact).
   */
  limits: z.array(z.string()),
});
export type RankedCause = z.infer<typeof RankedCauseSchema>;

/** Evidence that would settle the question, and how to get it: `how` is always one of this project's templates. */
export const MissingSchema = z.object({
  what: z.string(),
  why: z.string(),
  how: z.string(),
});
export type Missing = z.infer<typeof MissingSchema>;

/**
 * Evidence the bundle's sender says it could not collect, in the sender's words: shown quoted, as an observation
 * ("the collector reported: …"), never as advice. There is no `how`: a sender's text never becomes a command.
 */
export const ReportedUnavailableSchema = z.object({
  what: z.string(),
  reason: z.string(),
});
export type ReportedUnavailable = z.infer<typeof ReportedUnavailableSchema>;

/** What the node itself is reporting, independent of any cause. */
export const ObservedSchema = z.object({
  ready: z.enum(['True', 'False', 'Unknown']).optional(),
  readyMessage: z.string().optional(),
  plegAgeSeconds: z.number().optional(),
  plegThresholdSeconds: z.number().optional(),
  runtime: RuntimeKindSchema,
  runtimeVersion: z.string().optional(),
  kubeletVersion: z.string().optional(),
});
export type Observed = z.infer<typeof ObservedSchema>;

/** Where a value the diagnosis relies on came from: the command line, a bundle, pasted text, or nowhere. */
export const ProvenanceSchema = z.enum(['flag', 'bundle', 'paste', 'assumed']);
export type Provenance = z.infer<typeof ProvenanceSchema>;

/**
 * The runtime the suggested commands are written for and the node they name, each with where it came from: an
 * engineer must see at once when a command was written for a guessed runtime or leaves the node to them.
 */
export const DiagnosisContextSchema = z.object({
  runtime: RuntimeKindSchema,
  runtimeFrom: ProvenanceSchema,
  node: z.string().optional(),
  nodeFrom: ProvenanceSchema,
});
export type DiagnosisContext = z.infer<typeof DiagnosisContextSchema>;

export const DiagnosisSchema = z.object({
  verdict: VerdictSchema,
  confidence: z.number().min(0).max(1),
  node: z.string().optional(),
  cluster: z.string().optional(),
  context: DiagnosisContextSchema,
  observed: ObservedSchema,
  causes: z.array(RankedCauseSchema),
  /** The verdict's mechanism (the top cause's), when the verdict is a cause and its mechanism is known. */
  mechanism: z.string().optional(),
  /** Our own probes for what is missing (templates of the cause modules, or of our collector in this process). */
  missing: z.array(MissingSchema),
  /** What the bundle reports as not collected, quoted from it. */
  unavailable: z.array(ReportedUnavailableSchema),
  /** Lines that look alarming but were deliberately not counted, with the reason. */
  discounted: z.array(EvidenceSchema),
});
export type Diagnosis = z.infer<typeof DiagnosisSchema>;
