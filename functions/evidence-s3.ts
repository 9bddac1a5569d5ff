import { S3Client } from '@aws-sdk/client-s3';
import type { EvidenceArchive } from '../shared/evidence/archive.ts';
import { S3EvidenceArchive } from '../shared/evidence/s3-archive.ts';
import type { Config } from './config.ts';
import { evidenceBounds } from './evidence.ts';
import { awsSdkLogger } from './log/aws-sdk.ts';
import type { Logger } from './log/port.ts';

/** The S3 archive of EVIDENCE_BUCKET (undefined without one): credentials from the usual AWS chain. */
export function s3EvidenceArchive(config: Config, log: Logger): EvidenceArchive | undefined {
  if (config.EVIDENCE_ARCHIVE === 'off' || !config.EVIDENCE_BUCKET) return undefined;
  const endpoint = config.EVIDENCE_S3_ENDPOINT;
  const client = new S3Client({
    region: config.AWS_REGION,
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    logger: awsSdkLogger(log.child({ component: 'aws' })),
  });
  return new S3EvidenceArchive(client, {
    bucket: config.EVIDENCE_BUCKET,
    prefix: config.EVIDENCE_PREFIX,
    bounds: evidenceBounds(config),
  });
}
