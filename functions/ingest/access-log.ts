import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../log/port.ts';

/** A caller's own request id is kept when it looks like one (a proxy's, a load balancer's); else one is made. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;
const MAX_REASON_CHARS = 200;
const MAX_PATH_CHARS = 200;

/** The `error` of our JSON error envelope: the reason a request was refused, in our own words. */
async function reasonOf(response: Response): Promise<string | undefined> {
  if (!response.headers.get('content-type')?.includes('application/json')) return undefined;
  try {
    const body: unknown = await response.clone().json();
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string')
      return body.error.slice(0, MAX_REASON_CHARS);
  } catch {
    // Not our envelope: the status says enough.
  }
  return undefined;
}

/**
 * One access line per refused request (4xx: warn, 5xx: error): method, path, status, reason, duration and the
 * request id, which the response carries back as `x-request-id`. Accepted requests are debug lines. The request
 * body, query and headers (Authorization, Slack's signature) are never read here.
 */
export function accessLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given && GIVEN_ID.test(given) ? given : crypto.randomUUID();
    await next();
    c.header('x-request-id', requestId);
    const status = c.res.status;
    const line = {
      requestId,
      method: c.req.method,
      path: c.req.path.slice(0, MAX_PATH_CHARS),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    if (status < 400) {
      log.debug('request', line);
      return;
    }
    const reason = await reasonOf(c.res);
    const fields = reason === undefined ? line : { ...line, reason };
    if (status >= 500) log.error('request failed', fields);
    else log.warn('request refused', fields);
  };
}
