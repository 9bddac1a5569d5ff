/** Route families, each with its own bearer token (Alertmanager's `http_config.authorization`). */
export type RouteFamily = 'alertmanager' | 'events' | 'bundles';

export type IngestAuth = { mode: 'bearer'; tokens: Record<RouteFamily, string> } | { mode: 'off' };

async function digest(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/**
 * Compares two secrets in constant time. Hashing both first gives equal-length inputs, so neither the
 * content nor the length of the expected token leaks through timing. Web Crypto: Node, Workers and Lambda alike.
 */
export async function constantTimeEqual(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export async function authorised(
  header: string | undefined,
  family: RouteFamily,
  auth: IngestAuth,
): Promise<boolean> {
  if (auth.mode === 'off') return true;
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return constantTimeEqual(match?.[1]?.trim() ?? '', auth.tokens[family]);
}
