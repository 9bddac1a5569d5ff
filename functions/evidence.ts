import type { ArchiveBounds, EvidenceArchive } from '../shared/evidence/archive.ts';
import { openEvidenceDb, SqliteEvidenceArchive } from '../shared/evidence/sqlite-archive.ts';
import type { Config } from './config.ts';
import type { Logger } from './log/port.ts';

export function evidenceBounds(config: Config): ArchiveBounds {
  return {
    perIncident: config.EVIDENCE_PER_INCIDENT,
    retentionDays: config.EVIDENCE_RETENTION_DAYS,
    maxBytes: config.EVIDENCE_MAX_MB * 1024 * 1024,
  };
}

/**
 * The evidence archive the configuration names, for a Node host: S3 with EVIDENCE_BUCKET (its client loaded only
 * then), else SQLite in DATA_DIR (`evidence.db`); none with EVIDENCE_ARCHIVE=off.
 */
export async function nodeEvidenceArchive(config: Config, log: Logger): Promise<EvidenceArchive | undefined> {
  if (config.EVIDENCE_ARCHIVE === 'off') return undefined;
  if (config.EVIDENCE_BUCKET) return (await import('./evidence-s3.ts')).s3EvidenceArchive(config, log);
  return new SqliteEvidenceArchive(openEvidenceDb(config.DATA_DIR), evidenceBounds(config));
}
