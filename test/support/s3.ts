import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/**
 * s3rver (an implementation of S3's REST API on files) on a loopback port: the real `@aws-sdk/client-s3` talks to
 * it as to S3 — bucket naming rules, NoSuchKey, ListObjectsV2 pages with continuation tokens, DeleteObjects,
 * user metadata. It has no lifecycle rules: the S3 archive leaves age to the bucket's rule and the tests do not
 * stand in for it.
 */
export interface LocalS3 {
  endpoint: string;
  client(): S3Client;
  /** A new, empty bucket. */
  bucket(): Promise<string>;
  close(): Promise<void>;
}

export async function startLocalS3(): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'pleg-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = () =>
    new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      maxAttempts: 1,
    });
  let n = 0;
  return {
    endpoint,
    client,
    async bucket() {
      n += 1;
      const name = `pleg-evidence-${n}`;
      await client().send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
