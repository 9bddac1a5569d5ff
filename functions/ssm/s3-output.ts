import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/**
 * Where SSM writes a command's whole output when SendCommand names an output bucket (SSM_OUTPUT_BUCKET): the
 * responder reads it back from there once the inline 24,000 characters are not enough. This module is imported
 * only then, so `@aws-sdk/client-s3` is loaded only by a responder that needs it.
 */
export interface SsmOutputBucket {
  bucket: string;
  /** OutputS3KeyPrefix, without a trailing slash. */
  prefix: string;
  /** An S3 endpoint other than AWS's (local implementations, tests): path-style URLs on it are read too. */
  endpoint?: string;
  /** The S3 client, made on first use. */
  client: () => Promise<S3Client>;
  /** The most of an output the responder reads (default SSM_OUTPUT_MAX_BYTES). */
  maxBytes?: number;
}

/**
 * A bound on what is read into memory: the bundle is at most 1 MiB of JSON on the node (SSM_MAX_BYTES), at most
 * about 1.4 MB once gzip'd and base64'd; an object far beyond that is not our collector's output.
 */
export const SSM_OUTPUT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * S3's own host names: `s3.amazonaws.com`, `s3.REGION.amazonaws.com`, the older `s3-REGION.amazonaws.com`,
 * dual-stack, China's `.com.cn`, each either bare (path-style: the bucket is the path's first segment) or behind
 * the bucket's name (virtual-hosted style; a bucket's name may hold dots).
 */
const S3_HOST = /^(?:(.+)\.)?s3(?:[.-]dualstack)?(?:[.-][a-z0-9-]+)?\.amazonaws\.com(?:\.cn)?$/;

/** The bucket and key a StandardOutputUrl names, or undefined when it is not an S3 object's URL. */
export function s3LocationOf(url: string, endpoint?: string): { bucket: string; key: string } | undefined {
  const parsed = URL.parse(url);
  if (!parsed) return undefined;
  const custom = endpoint ? URL.parse(endpoint) : null;
  const aws = parsed.protocol === 'https:' ? S3_HOST.exec(parsed.hostname) : null;
  if (!aws && parsed.origin !== custom?.origin) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname.slice(1));
  } catch {
    return undefined;
  }
  const hosted = aws?.[1];
  if (hosted) return path ? { bucket: hosted, key: path } : undefined;
  const slash = path.indexOf('/');
  const [bucket, key] = [path.slice(0, slash), path.slice(slash + 1)];
  return slash > 0 && key ? { bucket, key } : undefined;
}

export type SsmOutputRead = { ok: true; text: string } | { ok: false; why: string; how?: string };

const arn = (output: SsmOutputBucket) => `arn:aws:s3:::${output.bucket}/${output.prefix}/*`;

/** An S3 error as a reason, with what to do for the ones a set-up causes. */
function failed(output: SsmOutputBucket, where: string, error: unknown): SsmOutputRead {
  const name = (error as { name?: string }).name ?? 'Error';
  const message = (error as Error).message ?? String(error);
  const hows: Record<string, string> = {
    NoSuchKey: `SSM named the output but it is not in S3: the instance profile needs s3:PutObject on ${arn(output)} (the SSM agent writes the output with the instance's credentials)`,
    AccessDenied: `the responder's role needs s3:GetObject on ${arn(output)} (infra/aws/ssm-collect-policy.json); S3 also answers AccessDenied for a missing object to a reader that may not list the bucket, so check the instance profile's s3:PutObject on the same`,
    NoSuchBucket: `create the bucket ${output.bucket} or correct SSM_OUTPUT_BUCKET`,
  };
  return { ok: false, why: `${name} for ${where}: ${message}`.slice(0, 500), how: hows[name] };
}

/**
 * The whole standard output of an invocation, from the object its StandardOutputUrl names: only in the configured
 * bucket and under the prefix (a URL naming anything else is refused, not followed), at most `maxBytes`, within
 * `signal`. Never throws: what S3 answers is a reason.
 */
export async function readSsmOutput(
  output: SsmOutputBucket,
  url: string,
  signal: AbortSignal,
): Promise<SsmOutputRead> {
  const at = s3LocationOf(url, output.endpoint);
  if (!at) return { ok: false, why: `the output's URL is not an S3 object's: ${url.slice(0, 200)}` };
  if (at.bucket !== output.bucket)
    return {
      ok: false,
      why: `the output's URL names the bucket ${at.bucket.slice(0, 63)}, not SSM_OUTPUT_BUCKET (${output.bucket}): not read`,
    };
  if (!at.key.startsWith(`${output.prefix}/`))
    return {
      ok: false,
      why: `the output's URL names a key outside SSM_OUTPUT_PREFIX (${output.prefix}/): not read`,
    };
  const where = `s3://${at.bucket}/${at.key}`;
  const max = output.maxBytes ?? SSM_OUTPUT_MAX_BYTES;
  const tooLarge = (size?: number): SsmOutputRead => ({
    ok: false,
    why: `the output in ${where} is ${size === undefined ? '' : `${size} bytes, `}over the ${max} bytes the responder reads`,
    how: 'lower SSM_MAX_BYTES',
  });
  try {
    const s3 = await output.client();
    const got = await s3.send(new GetObjectCommand({ Bucket: at.bucket, Key: at.key }), {
      abortSignal: signal,
    });
    const body = got.Body as Readable | undefined;
    if ((got.ContentLength ?? 0) > max) {
      body?.destroy();
      return tooLarge(got.ContentLength);
    }
    if (!body) return { ok: true, text: '' };
    const chunks: Buffer[] = [];
    let size = 0;
    // No length announced (or a wrong one): the bound is held while reading.
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > max) return tooLarge();
      chunks.push(chunk);
    }
    return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    // The SDK ends the request, or a body still streaming, at the signal: whatever error that raises, S3 was silent.
    if (signal.aborted) return { ok: false, why: `S3 did not answer for ${where} within the time left` };
    return failed(output, where, error);
  }
}
