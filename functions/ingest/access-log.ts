import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from '../log/port.ts';

/** A caller's own request id is kept when it looks like one (a proxy's, a load balancer's); else one is made. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;
const MAX_REASON_CHARS = 200;
const MAX_PATH_CHARS = 200;
/** Refused-request lines a minute for one route, method and status; the rest are counted on the next line. */
export const ACCESS_LINES_PER_MINUTE = 10;
const MINUTE_MS = 60_000;
const MAX_KINDS = 1000;

/**
 * How many lines one kind of refusal may take: a sender with a wrong token, a failing probe or a scanner must not
 * bury everything else, nor fill the disk. Keys are route patterns, not paths, so the map stays small.
 */
class LineBudget {
  readonly #kinds = new Map<string, { since: number; said: number; suppressed: number }>();

  /** undefined: do not write this line; a number: write it, with this many similar lines left unwritten before. */
  take(kind: string, now: number): number | undefined {
    const k = this.#kinds.get(kind);
    if (!k || now - k.since >= MINUTE_MS) {
      // Methods are the sender's to choose: the map is bounded whatever they send.
      if (!k && this.#kinds.size >= MAX_KINDS) this.#kinds.clear();
      this.#kinds.set(kind, { since: now, said: 1, suppressed: 0 });
      return k?.suppressed ?? 0;
    }
    if (k.said < ACCESS_LINES_PER_MINUTE) {
      k.said += 1;
      return 0;
    }
    k.suppressed += 1;
    return undefined;
  }
}

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
 * body, query and headers (Authorization, Slack's signature) are never read here. At most
 * {@link ACCESS_LINES_PER_MINUTE} lines a minute per route, method and status: the next one says how many were
 * left out (`suppressed`).
 */
export function accessLog(log: Logger, now: () => number = Date.now): MiddlewareHandler {
  const budget = new LineBudget();
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given && GIVEN_ID.test(given) ? given : crypto.randomUUID();
    // Set before the handler makes its response, so the header is part of it: setting it on a finished response
    // makes Node's adapter rebuild that response (measured: ~6% of ingest throughput).
    c.header('x-request-id', requestId);
    await next();
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
    const suppressed = budget.take(`${c.req.method} ${routePath(c, -1)} ${status}`, now());
    if (suppressed === undefined) return;
    const reason = await reasonOf(c.res);
    const fields = {
      ...line,
      ...(reason === undefined ? {} : { reason }),
      ...(suppressed ? { suppressed } : {}),
    };
    if (status >= 500) log.error('request failed', fields);
    else log.warn('request refused', fields);
  };
}
