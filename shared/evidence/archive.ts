import type { EvidenceBundle } from '../schemas/bundle.ts';
import type { Diagnosis } from '../schemas/diagnosis.ts';

/**
 * The evidence archive's port (issue 21 §4): an incident's bundle and diagnosis kept past the node they describe.
 * Remediation uses `keep` only (as `Pick<EvidenceArchive, 'keep'>`): before a Replace, the incident's latest
 * evidence and diagnosis are kept here, so replacing the node does not erase why it failed. The names and the
 * shape are those of the archive's branch (`evidence`: `keep(incidentKey, {bundle, diagnosis, takenAt, reason}) →
 * {id}`, with `list` and `get` beside it), which replaces this file and its stores when it is merged.
 */
export interface Evidence {
  bundle: EvidenceBundle;
  diagnosis: Diagnosis;
  /** ISO time the evidence was kept. */
  takenAt: string;
  /** Why it was kept (`before replace of worker-7, requested by U…`). */
  reason: string;
}

export interface EvidenceArchive {
  /** Keeps the entry; resolves once it is durable, with the id that finds it again. */
  keep(incidentKey: string, evidence: Evidence): Promise<{ id: string }>;
}
