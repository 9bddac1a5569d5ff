import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { renderDiagnosisText } from '../../shared/chat/text.ts';
import {
  EVIDENCE_ID,
  type EvidenceArchive,
  type EvidenceRecord,
  type EvidenceSummary,
} from '../../shared/evidence/archive.ts';
import { EVIDENCE_DB, SqliteEvidenceArchive } from '../../shared/evidence/sqlite-archive.ts';
import { UsageError } from './exit-codes.ts';

/** What `incidents show` found: the incident's kept evidence, newest first, and the one shown whole. */
export interface IncidentEvidence {
  incident: string;
  evidence: EvidenceSummary[];
  shown?: EvidenceRecord;
}

/**
 * The archive the server keeps: S3 when EVIDENCE_BUCKET is set (as the server reads it), else DATA_DIR/evidence.db
 * opened read-only, safe beside the running server.
 */
export async function openArchive(dir: string, env: NodeJS.ProcessEnv): Promise<EvidenceArchive> {
  if (env.EVIDENCE_BUCKET) {
    const [{ loadConfig }, { silentLogger }, { s3EvidenceArchive }] = await Promise.all([
      import('../config.ts'),
      import('../log/port.ts'),
      import('../evidence-s3.ts'),
    ]);
    const archive = s3EvidenceArchive(loadConfig(env), silentLogger);
    if (archive) return archive;
  }
  const file = join(dir, EVIDENCE_DB);
  if (!existsSync(file)) throw new UsageError(`no evidence archive in ${dir} (no ${EVIDENCE_DB} there)`);
  return new SqliteEvidenceArchive(new DatabaseSync(file, { readOnly: true }));
}

/** ID: an evidence id (`ev-…`, as the thread's file names it) or an incident key (`cluster/node`). */
export async function showIncident(archive: EvidenceArchive, id: string): Promise<IncidentEvidence> {
  if (EVIDENCE_ID.test(id)) {
    const record = await archive.get(id);
    if (!record) throw new UsageError(`${id}: not in the archive (never kept, or past its retention)`);
    return { incident: record.incidentKey, evidence: await archive.list(record.incidentKey), shown: record };
  }
  if (!id.includes('/'))
    throw new UsageError(`${id}: expected an evidence id (ev-…) or an incident key (cluster/node)`);
  const evidence = await archive.list(id);
  const newest = evidence[0];
  return { incident: id, evidence, ...(newest ? { shown: await archive.get(newest.id) } : {}) };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const percent = (c: number) => `${Math.round(c * 100)} %`;

export function incidentText(found: IncidentEvidence): string {
  const lines = [
    `incident ${found.incident}: ${found.evidence.length} piece(s) of evidence kept`,
    ...found.evidence.map(
      (e) =>
        `  ${e.id}  taken ${e.takenAt}  ${e.verdict} ${percent(e.confidence)}  ${kib(e.bytes)}  (${e.reason})`,
    ),
  ];
  const shown = found.shown;
  if (!shown) return `${lines.join('\n')}\n`;
  const host = shown.bundle.host;
  lines.push(
    '',
    `${shown.id}, taken on ${shown.bundle.node ?? found.incident} at ${shown.takenAt} (${shown.reason}), kept ${shown.keptAt}` +
      (host?.collector ? `, by ${host.collector}` : ''),
    `logs: ${Object.keys(shown.bundle.logs ?? {}).join(', ') || 'none'}; ` +
      `probes: ${(host?.probes ?? []).map((p) => `${p.probe} ${p.outcome}`).join(', ') || 'none'}`,
    '(-o json prints the whole bundle)',
    '',
    renderDiagnosisText(shown.diagnosis).trimEnd(),
  );
  return `${lines.join('\n')}\n`;
}
