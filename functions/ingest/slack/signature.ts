import { timingSafeEqual } from 'hono/utils/buffer';
import { sha256Hex } from '../../../shared/hash.ts';

/** Slack's replay window: a request signed more than this far from now, either way, is refused. */
export const SLACK_MAX_SKEW_SECONDS = 300;

export interface SlackSignatureInput {
  /** The app's signing secret (Basic Information → App Credentials). */
  secret: string;
  /** `X-Slack-Request-Timestamp`: Unix seconds, as sent. */
  timestamp: string | undefined;
  /** `X-Slack-Signature`: `v0=<64 lower-case hex>`. */
  signature: string | undefined;
  /** The body exactly as received: the bytes, or their text when the body is known to be ASCII. */
  rawBody: string | Uint8Array;
  /** Local time in Unix seconds. */
  nowSeconds: number;
}

export type SlackSignatureResult =
  | { ok: true }
  | {
      ok: false;
      /** For logs and counters only: never shown to the caller (a 401 says nothing more). */
      reason:
        | 'no signing secret'
        | 'missing timestamp'
        | 'invalid timestamp'
        | 'stale timestamp'
        | 'missing signature'
        | 'unsupported version'
        | 'mismatch';
    };

const encoder = new TextEncoder();

function hex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** HMAC-SHA256 of `v0:<timestamp>:<body>` keyed by the signing secret, as lower-case hex. */
export async function slackSignatureHex(
  secret: string,
  timestamp: string,
  rawBody: string | Uint8Array,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const prefix = encoder.encode(`v0:${timestamp}:`);
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const base = new Uint8Array(prefix.length + body.length);
  base.set(prefix, 0);
  base.set(body, prefix.length);
  return hex(await crypto.subtle.sign('HMAC', key, base));
}

/** A failed check: the reason (for logs and counters), or undefined when the check passed. */
type Failed = Extract<SlackSignatureResult, { ok: false }> | undefined;

/**
 * The checks that need no body: a secret, a timestamp of at most 12 digits within
 * {@link SLACK_MAX_SKEW_SECONDS} of now, and a `v0=` signature. Run before the body is read, so an unsigned or
 * stale request is refused without waiting for (or buffering) a byte of its body.
 */
export function precheckSlackHeaders(input: Omit<SlackSignatureInput, 'rawBody'>): Failed {
  if (!input.secret) return { ok: false, reason: 'no signing secret' };
  const timestamp = input.timestamp?.trim();
  if (!timestamp) return { ok: false, reason: 'missing timestamp' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'invalid timestamp' };
  if (Math.abs(Math.floor(input.nowSeconds) - Number(timestamp)) > SLACK_MAX_SKEW_SECONDS) {
    return { ok: false, reason: 'stale timestamp' };
  }
  const signature = input.signature?.trim();
  if (!signature) return { ok: false, reason: 'missing signature' };
  const separator = signature.indexOf('=');
  if (separator < 0 || signature.slice(0, separator) !== 'v0')
    return { ok: false, reason: 'unsupported version' };
  return undefined;
}

/**
 * Verifies a request from Slack (signing version v0, the only one): the header checks of
 * {@link precheckSlackHeaders}, then `v0=HMAC-SHA256(secret, "v0:" + timestamp + ":" + body)` must equal the
 * signature header, compared in constant time (Hono's timingSafeEqual). Web Crypto and node:crypto's SHA-256, which
 * Node, Workers (nodejs_compat) and Lambda all have.
 */
export async function verifySlackSignature(input: SlackSignatureInput): Promise<SlackSignatureResult> {
  const failed = precheckSlackHeaders(input);
  if (failed) return failed;
  const timestamp = input.timestamp?.trim() ?? '';
  const signature = input.signature?.trim() ?? '';
  const expected = await slackSignatureHex(input.secret, timestamp, input.rawBody);
  return (await timingSafeEqual(signature.slice(signature.indexOf('=') + 1), expected, sha256Hex))
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
