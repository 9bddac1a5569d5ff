import type { IngestAuth, IntakeRouteName } from '../../shared/intake/routes.ts';

const encoder = new TextEncoder();

/**
 * Compares a presented secret with the expected one in constant time: the loop runs over the presented bytes
 * (the caller's own length) and folds every difference, including the length, into one accumulator, so neither
 * the content nor the length of the expected token shows in the timing. Pure JS: Node, Workers and Lambda alike.
 */
export function constantTimeEqual(given: string, expected: string): boolean {
  const a = encoder.encode(given);
  const b = encoder.encode(expected);
  if (b.length === 0) return false;
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i % b.length] ?? 0);
  return diff === 0;
}

export function authorised(header: string | undefined, family: IntakeRouteName, auth: IngestAuth): boolean {
  if (auth.mode === 'off') return true;
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return constantTimeEqual(match?.[1]?.trim() ?? '', auth.tokens[family]);
}
