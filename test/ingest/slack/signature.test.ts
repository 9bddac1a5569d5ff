import { describe, expect, it } from 'vitest';
import { slackSignatureHex, verifySlackSignature } from '../../../functions/ingest/slack/signature.ts';

// Slack's published test vector (docs.slack.dev/authentication/verifying-requests-from-slack).
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const TIMESTAMP = '1531420618';
const BODY =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
const SIGNATURE = 'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503';
const NOW = 1531420618;

const vector = {
  secret: SECRET,
  timestamp: TIMESTAMP,
  signature: SIGNATURE,
  rawBody: BODY,
  nowSeconds: NOW,
};

describe('verifySlackSignature', () => {
  it("accepts Slack's published test vector, as text and as bytes", async () => {
    expect(await verifySlackSignature(vector)).toEqual({ ok: true });
    expect(await verifySlackSignature({ ...vector, rawBody: new TextEncoder().encode(BODY) })).toEqual({
      ok: true,
    });
    expect(`v0=${await slackSignatureHex(SECRET, TIMESTAMP, BODY)}`).toBe(SIGNATURE);
  });

  it('accepts the edges of the 300 s window, fractional now included', async () => {
    expect(await verifySlackSignature({ ...vector, nowSeconds: NOW + 300.9 })).toEqual({ ok: true });
    expect(await verifySlackSignature({ ...vector, nowSeconds: NOW - 300 })).toEqual({ ok: true });
  });

  it('rejects a body altered by one byte', async () => {
    const altered = BODY.replace('text=&', 'text=x&');
    expect(await verifySlackSignature({ ...vector, rawBody: altered })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const lastByte = `${BODY.slice(0, -1)}d`;
    expect(await verifySlackSignature({ ...vector, rawBody: lastByte })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('rejects a wrong secret and a tampered signature', async () => {
    expect(await verifySlackSignature({ ...vector, secret: SECRET.slice(0, -1) })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(await verifySlackSignature({ ...vector, signature: `${SIGNATURE.slice(0, -1)}4` })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(await verifySlackSignature({ ...vector, signature: `${SIGNATURE}00` })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(await verifySlackSignature({ ...vector, signature: 'v0=' })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('rejects stale and future timestamps (replay window)', async () => {
    expect(await verifySlackSignature({ ...vector, nowSeconds: NOW + 301 })).toEqual({
      ok: false,
      reason: 'stale timestamp',
    });
    expect(await verifySlackSignature({ ...vector, nowSeconds: NOW - 301 })).toEqual({
      ok: false,
      reason: 'stale timestamp',
    });
  });

  it('rejects missing and non-numeric timestamps', async () => {
    expect(await verifySlackSignature({ ...vector, timestamp: undefined })).toEqual({
      ok: false,
      reason: 'missing timestamp',
    });
    for (const timestamp of ['abc', '1531420618.5', '-1531420618', '1e9', '0x5b4757ca', '']) {
      expect((await verifySlackSignature({ ...vector, timestamp })).ok).toBe(false);
    }
  });

  it('rejects a missing signature header and an empty secret', async () => {
    expect(await verifySlackSignature({ ...vector, signature: undefined })).toEqual({
      ok: false,
      reason: 'missing signature',
    });
    expect(await verifySlackSignature({ ...vector, secret: '' })).toEqual({
      ok: false,
      reason: 'no signing secret',
    });
  });

  it('rejects any version but v0, even with the right digest', async () => {
    const digest = SIGNATURE.slice(3);
    for (const signature of [`v1=${digest}`, `V0=${digest}`, digest, `v0:${digest}`]) {
      expect(await verifySlackSignature({ ...vector, signature })).toEqual({
        ok: false,
        reason: 'unsupported version',
      });
    }
  });
});
