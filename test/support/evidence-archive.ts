import type {
  Evidence,
  EvidenceArchive,
  EvidenceRecord,
  EvidenceSummary,
} from '../../shared/evidence/archive.ts';

/** The evidence archive in memory (a test double of its port): what was kept, in order. */
export class MemoryEvidenceArchive implements EvidenceArchive {
  readonly kept: { id: string; incidentKey: string; evidence: Evidence }[] = [];
  /** Set to make `keep` fail, as an unreachable store would. */
  failing: Error | undefined;
  /** Called when something is kept (to order it against other calls). */
  onKeep: (() => void) | undefined;

  async keep(incidentKey: string, evidence: Evidence): Promise<{ id: string }> {
    if (this.failing) throw this.failing;
    const id = `ev-${this.kept.length + 1}`;
    this.kept.push({ id, incidentKey, evidence });
    this.onKeep?.();
    return { id };
  }

  async list(incidentKey: string): Promise<EvidenceSummary[]> {
    return this.kept
      .filter((k) => k.incidentKey === incidentKey)
      .reverse()
      .map(({ id, evidence }) => {
        const record = this.#record(id, incidentKey, evidence);
        return {
          id,
          incidentKey,
          takenAt: evidence.takenAt,
          keptAt: record.keptAt,
          reason: evidence.reason,
          verdict: evidence.diagnosis.verdict,
          confidence: evidence.diagnosis.confidence,
          bytes: JSON.stringify(record).length,
        };
      });
  }

  async get(id: string): Promise<EvidenceRecord | undefined> {
    const k = this.kept.find((e) => e.id === id);
    return k ? this.#record(k.id, k.incidentKey, k.evidence) : undefined;
  }

  #record(id: string, incidentKey: string, evidence: Evidence): EvidenceRecord {
    return { ...evidence, id, incidentKey, keptAt: evidence.takenAt };
  }
}
