import type { CauseId, Command, RuntimeKind } from '../schemas/diagnosis.ts';
import { CAUSE_BY_ID } from './causes/index.ts';
import { nodeArgument, toolsFor } from './commands.ts';
import { FACT_MEANINGS, FactSet } from './facts.ts';

export interface CauseExplanation {
  id: CauseId;
  title: string;
  /** How the mechanism unfolds, in general terms (no incident's evidence). */
  chain: string[];
  /** What the engine looks for: the facts that support this cause, in words. */
  signs: string[];
  confirm: Command[];
  fix: Command[];
}

/** `/pleg explain <cause>`: what a cause is, how to confirm it and how to fix it, for a node not yet known. */
export function explainCause(id: CauseId, runtime: RuntimeKind = 'unknown'): CauseExplanation | undefined {
  const cause = CAUSE_BY_ID.get(id);
  if (!cause) return undefined;
  const ctx = {
    facts: new FactSet(),
    observed: { runtime },
    tools: toolsFor(runtime),
    node: nodeArgument(undefined),
  };
  const commands = cause.commands(ctx);
  return {
    id,
    title: cause.title,
    chain: cause.chain(ctx),
    signs: cause.support.filter((w) => w.weight >= 2).map((w) => FACT_MEANINGS[w.fact]),
    confirm: commands.filter((c) => c.risk === 'read-only'),
    fix: commands.filter((c) => c.risk === 'disruptive'),
  };
}
