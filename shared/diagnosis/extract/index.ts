import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { FactSet } from '../facts.ts';
import { extractAlerts } from './alerts.ts';
import { extractCapacity } from './capacity.ts';
import { extractCniAbsence } from './cni-absence.ts';
import { extractCommandOutputs } from './commands.ts';
import { extractConditions } from './conditions.ts';
import { extractConfigChecks } from './config.ts';
import { extractCounts } from './counts.ts';
import { deriveFacts } from './derived.ts';
import { extractEvents } from './events.ts';
import { extractHost } from './host.ts';
import { extractLiveState } from './live.ts';
import { extractLogs } from './logs.ts';
import { extractMetrics } from './metrics.ts';
import { extractNodeRoles } from './node-roles.ts';
import { deriveRuntimeDivergence } from './runtime-divergence.ts';
import { extractRuntimeSkew } from './runtime-skew.ts';
import { deriveSandboxImageBeforeNetwork, deriveSandboxImageUnobtainable } from './sandbox-image.ts';
import { extractTaskLimits } from './tasks.ts';
import { extractKnownDefects } from './versions.ts';
import { extractWorkloadMemory } from './workload-memory.ts';

/** Single-source extractors first; derived facts, configuration checks and known defects need their results. */
const EXTRACTORS = [
  extractConditions,
  extractEvents,
  extractAlerts,
  extractLogs,
  extractCommandOutputs,
  extractNodeRoles,
  extractRuntimeSkew,
  extractCniAbsence,
  extractTaskLimits,
  extractMetrics,
  extractCapacity,
  extractWorkloadMemory,
  extractCounts,
  extractLiveState,
  extractHost,
  deriveRuntimeDivergence,
  deriveSandboxImageUnobtainable,
  deriveSandboxImageBeforeNetwork,
  deriveFacts,
  extractConfigChecks,
  extractKnownDefects,
] as const;

/** Turns raw evidence into facts. `facts` may already hold facts (e.g. from streamed log files). */
export function extractFacts(bundle: EvidenceBundle, facts: FactSet = new FactSet()): FactSet {
  for (const extract of EXTRACTORS) extract(bundle, facts);
  return facts;
}
