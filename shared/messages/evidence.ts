import { escapeMrkdwn } from '../chat/mrkdwn.ts';
import type { EvidenceRecord } from '../evidence/archive.ts';
import type { AttachedEvidence } from '../incidents/decide/actions.ts';

const percent = (confidence: number) => `${Math.round(confidence * 100)} %`;

/** A file name Slack and file systems take: the node and when the bundle was taken. */
function fileName(record: Pick<EvidenceRecord, 'incidentKey' | 'takenAt'>): string {
  const node = record.incidentKey.split('/').pop() || 'node';
  const at = record.takenAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `pleg-evidence-${node.replace(/[^A-Za-z0-9._-]/g, '_')}-${at}.json`;
}

/**
 * How the thread shows evidence the archive kept: the file's name and title, and a line saying where it came
 * from, what it led to and how to read it again once the node is gone.
 */
export function attachmentFor(
  record: Pick<EvidenceRecord, 'id' | 'incidentKey' | 'takenAt' | 'reason' | 'diagnosis'>,
): AttachedEvidence {
  const { verdict, confidence } = record.diagnosis;
  const found = verdict === 'unknown' ? 'no cause settled' : `${verdict} at ${percent(confidence)}`;
  return {
    evidenceId: record.id,
    filename: fileName(record),
    title: `Evidence from ${record.incidentKey.split('/').pop()} at ${record.takenAt}`,
    comment: escapeMrkdwn(
      `Evidence taken on the node at ${record.takenAt} (${record.reason}): ${found}. ` +
        `Kept as ${record.id}: pleg-responder incidents show ${record.id}`,
    ),
  };
}

/** The file's content: the record as JSON, the diagnosis first so it is read before the megabyte of journal. */
export function evidenceFile(record: EvidenceRecord): string {
  const { diagnosis, bundle, ...about } = record;
  return `${JSON.stringify({ ...about, diagnosis, bundle }, null, 1)}\n`;
}
