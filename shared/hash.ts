import { createHash } from 'node:crypto';

/**
 * SHA-256 of a string (its UTF-8 bytes), as 64 hex digits. Synchronous on purpose: ingest hashes a dedup key for
 * every alert of every webhook, and WebCrypto's `digest` is asynchronous only, a thread-pool round trip per key
 * (~20 µs each, measured) where `node:crypto` takes ~1 µs. Node, Lambda and the Worker (`nodejs_compat`) all have it.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
