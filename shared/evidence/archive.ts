import { z } from 'zod';
import { sha256Hex } from '../hash.ts';
import { EvidenceBundleSchema } from '../schemas/bundle.ts';
import { canonicalJson } from '../schemas/canonical.ts';
import { DiagnosisSchema, VerdictSchema } from '../schemas/diagnosis.ts';

/**
 * The evidence archive: bundles taken on a node and the diagnosis each led to, kept with their incident so they
 * outlive the node (Karpenter, EKS, AKS or GKE auto-repair replaces it; the thread keeps its file, the archive
 * keeps the record). Three calls, and nothing else is needed to use it:
 *
 *   keep(incidentKey, { bundle, diagnosis, takenAt, reason }) → { id }   idempotent: the same evidence, the same id
 *   list(incidentKey)  → summaries, newest first (bounded per incident)
 *   get(id)            → the whole record, or undefined once retention removed it
 *
 * `incidentKey` is the incident's key (`cluster/node`, `shared/schemas/job.ts` incidentKey). `reason` says why the
 * evidence was taken, in words (`agent: PLEG last seen 412 s ago`, `ssm: incident opened`, `before replacing the
 * node`). Implementations: SQLite in DATA_DIR (`sqlite-archive.ts`, the embedded default and the in-cluster pod)
 * and S3 (`s3-archive.ts`, AWS). Both bound what they hold (records per incident, age; SQLite also total bytes) and
 * a record past those bounds is gone: `get` answers undefined, never an error.
 */
export interface EvidenceArchive {
  keep(incidentKey: string, evidence: Evidence): Promise<{ id: string }>;
  list(incidentKey: string): Promise<EvidenceSummary[]>;
  get(id: string): Promise<EvidenceRecord | undefined>;
}

export const EvidenceSchema = z.object({
  bundle: EvidenceBundleSchema,
  diagnosis: DiagnosisSchema,
  /** When the bundle was taken (the collector's start), ISO 8601. */
  takenAt: z.iso.datetime(),
  reason: z.string().min(1).max(1000),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const EvidenceRecordSchema = EvidenceSchema.extend({
  id: z.string(),
  incidentKey: z.string(),
  /** When the archive took it. */
  keptAt: z.iso.datetime(),
});
export type EvidenceRecord = z.infer<typeof EvidenceRecordSchema>;

/** What a listing shows of a record, without its bundle. */
export const EvidenceSummarySchema = z.object({
  id: z.string(),
  incidentKey: z.string(),
  takenAt: z.iso.datetime(),
  keptAt: z.iso.datetime(),
  reason: z.string(),
  verdict: VerdictSchema,
  confidence: z.number(),
  /** Size of the record as JSON. */
  bytes: z.number().int().nonnegative(),
});
export type EvidenceSummary = z.infer<typeof EvidenceSummarySchema>;

/** `ev-` and 32 hex digits. */
export const EVIDENCE_ID = /^ev-[0-9a-f]{32}$/;

/** The id of a piece of evidence: a hash of what identifies it, so keeping it again (a redelivered job) is a no-op. */
export function evidenceId(incidentKey: string, evidence: Evidence): string {
  return `ev-${sha256Hex(canonicalJson([incidentKey, evidence.takenAt, evidence.reason, evidence.bundle])).slice(0, 32)}`;
}

export function summaryOf(record: EvidenceRecord, bytes: number): EvidenceSummary {
  return {
    id: record.id,
    incidentKey: record.incidentKey,
    takenAt: record.takenAt,
    keptAt: record.keptAt,
    reason: record.reason,
    verdict: record.diagnosis.verdict,
    confidence: record.diagnosis.confidence,
    bytes,
  };
}

/** How much an archive holds; both implementations honour `perIncident` and `retentionDays`. */
export interface ArchiveBounds {
  /** Records kept per incident: the oldest go first. */
  perIncident: number;
  /** Records older than this (by keptAt) are removed (S3: by the bucket's lifecycle rule). */
  retentionDays: number;
  /** The embedded archive's total size (compressed); the oldest records go first. */
  maxBytes: number;
}

export const DEFAULT_BOUNDS: ArchiveBounds = {
  perIncident: 20,
  retentionDays: 30,
  maxBytes: 256 * 1024 * 1024,
};

/**
 * Whether a bundle was taken on the node itself (by `collect`: the agent, `collect --post`, SSM) and is worth
 * keeping: it is what disappears with the node. What the responder reads from the API server is not kept.
 */
export function takenOnNode(bundle: z.infer<typeof EvidenceBundleSchema>): boolean {
  return bundle.host !== undefined;
}
