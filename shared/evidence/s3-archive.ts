import { gunzipSync, gzipSync } from 'node:zlib';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import {
  type ArchiveBounds,
  DEFAULT_BOUNDS,
  type Evidence,
  type EvidenceArchive,
  type EvidenceRecord,
  EvidenceRecordSchema,
  EvidenceSchema,
  type EvidenceSummary,
  EvidenceSummarySchema,
  evidenceId,
  summaryOf,
} from './archive.ts';

/**
 * The archive on S3 (AWS hosts; `EVIDENCE_BUCKET`): a bundle is up to 1 MiB, over DynamoDB's 400 KB item limit,
 * so the records are objects. Two per record:
 *
 *   <prefix>records/<id>.json.gz                          the whole record, gzip'd JSON
 *   <prefix>incidents/<encoded key>/<keptAt>_<id>.json    its summary: what `list` reads, oldest first by name
 *
 * The record is written before its summary, so a listed id is always there to get. Records per incident are
 * bounded here (the oldest pairs deleted after a keep); age by the bucket's lifecycle rule on the prefix
 * (`infra/aws/template.yaml`), which S3 applies without a call from us.
 */
export class S3EvidenceArchive implements EvidenceArchive {
  readonly #s3: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #bounds: ArchiveBounds;
  readonly #now: () => Date;

  constructor(
    s3: S3Client,
    options: { bucket: string; prefix?: string; bounds?: Partial<ArchiveBounds>; now?: () => Date },
  ) {
    this.#s3 = s3;
    this.#bucket = options.bucket;
    this.#prefix = options.prefix ?? 'evidence/';
    this.#bounds = { ...DEFAULT_BOUNDS, ...options.bounds };
    this.#now = options.now ?? (() => new Date());
  }

  #recordKey(id: string): string {
    return `${this.#prefix}records/${id}.json.gz`;
  }

  #incidentPrefix(incidentKey: string): string {
    return `${this.#prefix}incidents/${encodeURIComponent(incidentKey)}/`;
  }

  async keep(incidentKey: string, evidence: Evidence): Promise<{ id: string }> {
    const valid = EvidenceSchema.parse(evidence);
    const id = evidenceId(incidentKey, valid);
    const listed = await this.#listed(incidentKey);
    if (listed.some((entry) => entry.id === id)) return { id };
    const record: EvidenceRecord = { ...valid, id, incidentKey, keptAt: this.#now().toISOString() };
    const json = JSON.stringify(record);
    await this.#s3.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#recordKey(id),
        Body: gzipSync(json),
        // Not Content-Encoding: gzip, which some clients would undo on the way back.
        ContentType: 'application/gzip',
        Metadata: { incident: encodeURIComponent(incidentKey), verdict: record.diagnosis.verdict },
      }),
    );
    const summaryKey = `${this.#incidentPrefix(incidentKey)}${record.keptAt}_${id}.json`;
    await this.#s3.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: summaryKey,
        Body: JSON.stringify(summaryOf(record, Buffer.byteLength(json))),
        ContentType: 'application/json',
      }),
    );
    const all = [...listed, { id, key: summaryKey }];
    const excess = all.slice(0, Math.max(0, all.length - this.#bounds.perIncident));
    if (excess.length > 0) {
      await this.#s3.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: {
            Objects: excess.flatMap((e) => [{ Key: e.key }, { Key: this.#recordKey(e.id) }]),
            Quiet: true,
          },
        }),
      );
    }
    return { id };
  }

  /** The incident's summary objects, oldest first (their names start with keptAt). */
  async #listed(incidentKey: string): Promise<Array<{ id: string; key: string }>> {
    const out: Array<{ id: string; key: string }> = [];
    let token: string | undefined;
    do {
      const page = await this.#s3.send(
        new ListObjectsV2Command({
          Bucket: this.#bucket,
          Prefix: this.#incidentPrefix(incidentKey),
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        const id = /_(ev-[0-9a-f]{32})\.json$/.exec(o.Key ?? '')?.[1];
        if (id && o.Key) out.push({ id, key: o.Key });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => a.key.localeCompare(b.key));
  }

  async list(incidentKey: string): Promise<EvidenceSummary[]> {
    const listed = await this.#listed(incidentKey);
    const summaries = await Promise.all(
      listed.map(async (e) => {
        const text = await this.#read(e.key);
        return text === undefined
          ? undefined
          : EvidenceSummarySchema.parse(JSON.parse(text.toString('utf8')));
      }),
    );
    return summaries.filter((s): s is EvidenceSummary => s !== undefined).reverse();
  }

  async get(id: string): Promise<EvidenceRecord | undefined> {
    const body = await this.#read(this.#recordKey(id));
    return body === undefined
      ? undefined
      : EvidenceRecordSchema.parse(JSON.parse(gunzipSync(body).toString('utf8')));
  }

  /** An object's bytes, or undefined when it is gone (retention, the per-incident bound). */
  async #read(key: string): Promise<Buffer | undefined> {
    try {
      const object = await this.#s3.send(new GetObjectCommand({ Bucket: this.#bucket, Key: key }));
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }
}
