import type { Evidence, EvidenceArchive } from '../../shared/evidence/archive.ts';

/** The evidence archive's `keep` in memory (the test double of issue 21's port): what was kept, in order. */
export class MemoryEvidenceArchive implements Pick<EvidenceArchive, 'keep'> {
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
}
