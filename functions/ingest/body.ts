import type { Context } from 'hono';

async function readStream(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Uint8Array | undefined> {
  const reader = body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.length;
    if (size > max) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(r.value);
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
 * The request body, refusing more than `max` bytes (undefined): by Content-Length before reading when the sender
 * declares it (Node, workerd and the Lambda adapter then deliver exactly that many bytes), by counting while
 * reading when it streams (chunked), so an oversized body is never buffered whole.
 */
export async function readLimited(c: Context, max: number, as: 'text'): Promise<string | undefined>;
export async function readLimited(c: Context, max: number, as: 'bytes'): Promise<Uint8Array | undefined>;
export async function readLimited(
  c: Context,
  max: number,
  as: 'text' | 'bytes',
): Promise<string | Uint8Array | undefined> {
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (declared > max) return undefined;
  if (!Number.isNaN(declared))
    return as === 'text' ? c.req.text() : new Uint8Array(await c.req.arrayBuffer());
  const bytes = await readStream(c.req.raw.body, max);
  return bytes && as === 'text' ? new TextDecoder().decode(bytes) : bytes;
}
