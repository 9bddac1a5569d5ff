import type { Context, MiddlewareHandler } from 'hono';
import type { SchemaIssue } from '../../shared/schemas/bundle.ts';
import { Refusal } from './refusal.ts';

/**
 * A body must have arrived this long after its headers: a client that sends headers and then trickles (or
 * never sends) the body is answered 408 instead of holding a connection and a buffer open indefinitely.
 */
export const BODY_READ_TIMEOUT_MS = 10_000;

/**
 * Bodies are read as sent: any Content-Encoding other than identity is refused (415) rather than decoded. No
 * sender of these webhooks compresses (Alertmanager, event exporters and Slack send plain JSON or forms), and
 * decoding would turn the byte limit into a limit on compressed bytes, with a decompression bomb one header
 * away. Refusing also stops a plain body labelled gzip from being accepted as if the label were not there.
 */
function encodingIssue(header: string | undefined): SchemaIssue | undefined {
  const codings = (header ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  if (codings.length === 0) return undefined;
  return {
    path: '(header) content-encoding',
    message: `"${(header ?? '').slice(0, 80)}" is not accepted: send the body uncompressed (identity)`,
  };
}

/** Resolves to 'timeout' once `ms` have passed; `cancel` stops the timer. */
function deadline(ms: number): { expired: Promise<'timeout'>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return {
    expired,
    cancel: () => {
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/** Reads a stream up to `max` bytes (undefined beyond), giving up at `timeoutMs` ('timeout'). */
async function readStream(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  timeoutMs: number,
): Promise<Uint8Array | undefined | 'timeout'> {
  const reader = body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const timer = deadline(timeoutMs);
  try {
    for (;;) {
      const r = await Promise.race([reader.read(), timer.expired]);
      if (r === 'timeout' || (!r.done && size + r.value.length > max)) {
        // Not awaited: a stalled sender would hold the cancel as long as it holds the connection.
        reader.cancel().catch(() => {});
        return r === 'timeout' ? 'timeout' : undefined;
      }
      if (r.done) break;
      size += r.value.length;
      chunks.push(r.value);
    }
  } finally {
    timer.cancel();
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/**
 * A body whose Content-Length is within the limit: the HTTP parser delivers exactly that many bytes, so it is read
 * whole by the runtime's own `arrayBuffer` (on Node, straight from the socket; going through a web stream reader
 * instead cost ~25% of ingest throughput, measured) and only the deadline is ours to keep. Hono keeps what it read
 * for the handler's own `c.req.arrayBuffer()`.
 */
async function readDeclared(c: Context, timeoutMs: number): Promise<ArrayBuffer | 'timeout'> {
  const timer = deadline(timeoutMs);
  try {
    return await Promise.race([c.req.arrayBuffer(), timer.expired]);
  } finally {
    timer.cancel();
  }
}

/**
 * Refuses a body whose headers say it is not what the route takes: the content type (`expected`, matched by
 * `type`; 415) and any content encoding (see encodingIssue; 415). Before anything reads the body.
 */
export function contentType(type: RegExp, expected: string): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header('content-type') ?? '';
    if (!type.test(given)) {
      throw new Refusal(415, 'unsupported content type', [
        { path: '(header) content-type', message: `expected ${expected}, got "${given.slice(0, 80)}"` },
      ]);
    }
    const encoding = encodingIssue(c.req.header('content-encoding'));
    if (encoding) throw new Refusal(415, 'unsupported content encoding', [encoding]);
    await next();
  };
}

/**
 * Hono's bodyLimit with a deadline: refuses more than `maxBytes` (413) and a body that has not arrived within
 * `timeoutMs` (408), by Content-Length before reading when the sender declares one and by counting while reading
 * when it does not (chunked), so an oversized body is never buffered whole and a stalled one never waited on for
 * long. After it, the handler's `c.req.arrayBuffer()` answers at once.
 */
export function requestBody(options: { maxBytes: number; timeoutMs?: number }): MiddlewareHandler {
  const { maxBytes } = options;
  const timeoutMs = options.timeoutMs ?? BODY_READ_TIMEOUT_MS;
  const tooLarge = () =>
    new Refusal(413, 'payload too large', [{ path: '(body)', message: `limit is ${maxBytes} bytes` }]);
  const tooSlow = () =>
    new Refusal(408, 'request body not received in time', [
      { path: '(body)', message: `the body must arrive within ${timeoutMs / 1000} s` },
    ]);
  return async (c, next) => {
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > maxBytes) throw tooLarge();
    if (declared <= maxBytes) {
      if ((await readDeclared(c, timeoutMs)) === 'timeout') throw tooSlow();
    } else {
      const bytes = await readStream(c.req.raw.body, maxBytes, timeoutMs);
      if (bytes === 'timeout') throw tooSlow();
      if (bytes === undefined) throw tooLarge();
      c.req.raw = new Request(c.req.raw, { body: bytes });
    }
    await next();
  };
}
