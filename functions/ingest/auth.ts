import type { MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { timingSafeEqual } from 'hono/utils/buffer';
import { sha256Hex } from '../../shared/hash.ts';
import type { IngestAuth, IntakeRouteName } from '../../shared/intake/routes.ts';

/**
 * Every failed check answers alike: 401 and the error envelope, no detail (Hono's own challenge header with it).
 * A malformed header too, which bearerAuth would answer 400: a sender learns nothing from the difference.
 */
const unauthorised = () => Response.json({ error: 'unauthorised', issues: [] }, { status: 401 });
const REFUSED = { message: unauthorised };

/**
 * Hono's bearerAuth for one webhook route, against that route's own token (Alertmanager's
 * `http_config.authorization`): compared in constant time by Hono's timingSafeEqual, over SHA-256 digests made
 * synchronously (shared/hash.ts) rather than WebCrypto's async ones. Undefined when auth is off.
 */
export function webhookAuth(auth: IngestAuth, route: IntakeRouteName): MiddlewareHandler | undefined {
  if (auth.mode === 'off') return undefined;
  const expected = auth.tokens[route];
  return bearerAuth({
    verifyToken: (token) => timingSafeEqual(token, expected, sha256Hex),
    noAuthenticationHeader: REFUSED,
    invalidAuthenticationHeader: REFUSED,
    invalidToken: REFUSED,
  });
}
