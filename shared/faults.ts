/**
 * How a downstream service (Slack, a queue, a store) failed, which decides what becomes of the job that needed it:
 * - `unavailable`: the service is down, slow, or rate limiting (network error, timeout, 5xx, 429): it will come
 *   back, so the job waits for it without spending its delivery attempts;
 * - `misconfigured`: the service refuses us for a reason an operator must fix (a revoked token, a channel the bot
 *   is not in): the job waits too, and the fault is reported loudly until it is fixed.
 * A failure with no fault kind is about this job itself (e.g. a message Slack rejects as invalid): the job spends
 * an attempt and, past the limit, goes to the dead letters.
 */
export type FaultKind = 'unavailable' | 'misconfigured';

/** An error that says which downstream service failed and how. */
export interface DownstreamFault {
  /** The service: `slack`, `sqs`, `dynamodb`… */
  transport: string;
  fault: FaultKind;
  /** The service's own error code (`invalid_auth`, `http_503`, `ECONNREFUSED`…). */
  code: string;
}

/** The downstream fault an error carries, if it is one. */
export function faultOf(error: unknown): DownstreamFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { transport, fault, code } = error as Partial<Record<keyof DownstreamFault, unknown>>;
  if (typeof transport !== 'string' || typeof code !== 'string') return undefined;
  return fault === 'unavailable' || fault === 'misconfigured' ? { transport, fault, code } : undefined;
}
