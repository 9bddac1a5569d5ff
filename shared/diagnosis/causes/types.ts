import type { EvidenceBundle, LogSource } from '../../schemas/bundle.ts';
import type { CauseId, Command, Observed } from '../../schemas/diagnosis.ts';
import type { RuntimeTools } from '../commands.ts';
import type { FactId, FactSet } from '../facts.ts';

/**
 * Weights are log-odds: 3.5 decisive (the mechanism's own message), 3 strong, 2–2.5 clear, 1–1.5 suggestive,
 * 0.5 a hint. Ranking adds them with diminishing returns, so ten hints never make one proof.
 */
export interface Weighted {
  fact: FactId;
  weight: number;
}

export interface CauseContext {
  facts: FactSet;
  observed: Observed;
  tools: RuntimeTools;
  /** The node as a shell argument: quoted, or `"$NODE"` when the bundle has no valid node name. */
  node: string;
}

/** Evidence that would settle the question, and the bundle fields it would fill (any one present = known). */
export interface Probe {
  what: string;
  fills: readonly BundlePath[];
  how: (ctx: CauseContext) => string;
}

export type BundlePath = Exclude<keyof EvidenceBundle, 'logs'> | `logs.${LogSource}`;

export interface CauseModule {
  id: CauseId;
  title: string;
  /** Causes whose symptoms this one produces: when this one is established, they are its consequences. */
  explains: readonly CauseId[];
  /** Causes it explains only when a fact ties the two (both present is not enough on its own). */
  explainsWhen?: ReadonlyArray<{ cause: CauseId; fact: FactId }>;
  support: readonly Weighted[];
  against: readonly Weighted[];
  summary: (ctx: CauseContext) => string;
  /** Mechanism → root cause, after the symptom line common to all causes. */
  chain: (ctx: CauseContext) => string[];
  /** Read-only confirmation first, then remediation in the safe order. */
  commands: (ctx: CauseContext) => Command[];
  probes: readonly Probe[];
}

export const RUNTIME_LOGS: readonly BundlePath[] = ['logs.dockerd', 'logs.containerd', 'logs.crio'];
