import { readFileSync } from 'node:fs';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';

/** Why a post failed, in words for a person, and whether trying again later can help. */
export class PostError extends Error {
  readonly retryable: boolean;
  /** The ingest's HTTP status, when it answered. */
  readonly status: number | undefined;
  constructor(message: string, retryable: boolean, status?: number) {
    super(message);
    this.retryable = retryable;
    this.status = status;
  }
}

/** The bundles route of an ingest URL: a base (`https://pleg.example.com`) gets `/v1/bundles`. */
export function bundlesUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PostError(
      `--post: "${raw}" is not a URL (expected e.g. http://pleg-responder.pleg-responder.svc:8787)`,
      false,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PostError(`--post: ${url.protocol} is not supported, use http:// or https://`, false);
  if (url.username || url.password)
    throw new PostError('--post: put the token in a file (--token-file), not in the URL', false);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1/bundles';
  return url;
}

/**
 * The ingest token for `POST /v1/bundles`: a file (a mounted Secret), else INGEST_TOKEN_BUNDLES, else
 * INGEST_TOKEN, as the server itself reads them. Never an argument: a command line is visible to every user.
 */
export function ingestToken(file: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim() || undefined;
    } catch (error) {
      throw new PostError(`--token-file: ${(error as Error).message}`, false);
    }
  }
  return env.INGEST_TOKEN_BUNDLES ?? env.INGEST_TOKEN;
}

interface IngestReply {
  error?: string;
  issues?: Array<{ path: string; message: string }>;
}

function refusal(status: number, reply: IngestReply): PostError {
  const issues = (reply.issues ?? []).map((i) => `${i.path}: ${i.message}`).join('; ');
  const said = `${reply.error ?? `HTTP ${status}`}${issues ? ` (${issues})` : ''}`;
  if (status === 401)
    return new PostError(
      'the ingest refused the token (401): check --token-file or INGEST_TOKEN_BUNDLES',
      false,
    );
  if (status === 413)
    return new PostError(`the bundle is over the ingest's body limit (413): lower --max-bytes`, false);
  // 408, 429 and 5xx (503: the queue could not take it) are the ingest's own trouble: worth trying again.
  return new PostError(
    `the ingest answered ${status}: ${said}`,
    status === 408 || status === 429 || status >= 500,
  );
}

/** Posts one bundle; resolves once the ingest answered 202 (durably queued). */
export async function postBundle(
  url: URL,
  token: string | undefined,
  bundle: EvidenceBundle,
  timeoutMs: number,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(bundle),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message);
    throw new PostError(`could not reach ${url.origin}: ${why}`, true);
  }
  if (response.status === 202) {
    await response.body?.cancel();
    return;
  }
  const reply = (await response.json().catch(() => ({}))) as IngestReply;
  throw refusal(response.status, reply);
}
