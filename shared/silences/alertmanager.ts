import { OUTAGE_BACKOFF, retrying, sleepMs } from '../retry.ts';
import type { Matcher, SilenceRequest } from '../schemas/silence.ts';
import { matcherText } from './model.ts';
import { AlertmanagerUnavailable, type SilencePort, SilenceRefused } from './port.ts';

export interface AlertmanagerOptions {
  /** ALERTMANAGER_URL: where its API is, e.g. `http://alertmanager:9093` (no credentials). */
  url: string;
  /** ALERTMANAGER_BEARER_TOKEN, or ALERTMANAGER_BASIC_AUTH as `user:password`. Never logged. */
  bearerToken?: string;
  basicAuth?: string;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
  /**
   * Total time one call may spend retrying a blip (5xx, refused) before it is a fault; default 3 s. Longer outages
   * are the job's to wait out (the queue's backoff), with the thread told.
   */
  maxWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

/** Alertmanager's error text as people read it in a thread: one line, bounded. */
const DETAIL_MAX = 300;
const detailOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, DETAIL_MAX);

interface ListedSilence {
  id?: unknown;
  createdBy?: unknown;
  comment?: unknown;
  status?: { state?: unknown };
}

/**
 * SilencePort on Alertmanager's API v2 (`POST /api/v2/silences`, `DELETE /api/v2/silence/{id}`,
 * `GET /api/v2/silences`). Short outages are retried within `maxWaitMs`; what outlasts it, and refused
 * credentials, are AlertmanagerUnavailable (a downstream fault: the job waits); any other 4xx is SilenceRefused.
 */
export class AlertmanagerSilences implements SilencePort {
  readonly #base: string;
  readonly #auth: string | undefined;
  readonly #timeoutMs: number;
  readonly #maxWaitMs: number;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: AlertmanagerOptions) {
    this.#base = options.url.replace(/\/+$/, '');
    this.#auth = options.bearerToken
      ? `Bearer ${options.bearerToken}`
      : options.basicAuth
        ? `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(options.basicAuth)))}`
        : undefined;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#maxWaitMs = options.maxWaitMs ?? 3000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#sleep = options.sleep ?? sleepMs;
  }

  /**
   * Alertmanager has no idempotency key: a try whose answer was lost (or a responder killed before recording the
   * id) is found again by its exact request — same author and comment (which names the effect) on a silence
   * not yet expired with the same matchers — instead of creating a second silence.
   */
  async create(silence: SilenceRequest): Promise<{ id: string }> {
    const earlier = await this.#findCreated(silence);
    if (earlier) return { id: earlier };
    const answer = await this.#call('POST', '/api/v2/silences', JSON.stringify(silence));
    const id = (JSON.parse(answer) as { silenceID?: unknown }).silenceID;
    if (typeof id !== 'string' || id === '')
      throw new AlertmanagerUnavailable(
        'Alertmanager answered a silence without its id',
        'invalid_response',
        'unavailable',
      );
    return { id };
  }

  async expire(id: string): Promise<void> {
    try {
      await this.#call('DELETE', `/api/v2/silence/${encodeURIComponent(id)}`);
    } catch (error) {
      // Alertmanager answers 500 "already expired" for a silence that is: the wanted state, not an outage.
      if (error instanceof AlertmanagerUnavailable && /already expired/i.test(error.message)) return;
      throw error;
    }
  }

  async #findCreated(silence: SilenceRequest): Promise<string | undefined> {
    // Equality matchers only: Alertmanager filters silences by matching the filter against their matcher values,
    // and a regex filter would be matched against the regex text itself.
    const filter = silence.matchers
      .filter((m) => !m.isRegex)
      .map((m: Matcher) => `filter=${encodeURIComponent(matcherText([m]).slice(1, -1))}`);
    const listed = JSON.parse(await this.#call('GET', `/api/v2/silences?${filter.join('&')}`)) as unknown;
    if (!Array.isArray(listed)) return undefined;
    const found = (listed as ListedSilence[]).find(
      (s) =>
        s.createdBy === silence.createdBy &&
        s.comment === silence.comment &&
        s.status?.state !== 'expired' &&
        typeof s.id === 'string',
    );
    return found?.id as string | undefined;
  }

  /** One API call, retrying a short outage; the body of a 2xx answer. */
  #call(method: string, path: string, body?: string): Promise<string> {
    return retrying(() => this.#once(method, path, body), {
      policy: OUTAGE_BACKOFF,
      retryable: (error) => error instanceof AlertmanagerUnavailable && error.fault === 'unavailable',
      maxWaitMs: this.#maxWaitMs,
      sleep: this.#sleep,
    });
  }

  async #once(method: string, path: string, body?: string): Promise<string> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.#auth ? { authorization: this.#auth } : {}),
        },
        ...(body === undefined ? {} : { body }),
        redirect: 'error',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const code = networkCode(error);
      throw new AlertmanagerUnavailable(
        `Alertmanager ${method} ${path.split('?')[0]}: ${code}`,
        code,
        'unavailable',
      );
    }
    const text = await response.text().catch(() => '');
    if (response.ok) return text;
    const status = response.status;
    const where = `Alertmanager ${method} ${path.split('?')[0]}: HTTP ${status} ${detailOf(text)}`;
    if (status === 401 || status === 403)
      throw new AlertmanagerUnavailable(where, `http_${status}`, 'misconfigured');
    if (status >= 500 || status === 408 || status === 429)
      throw new AlertmanagerUnavailable(where, `http_${status}`, 'unavailable');
    throw new SilenceRefused(status, detailOf(text));
  }
}

/** The most specific code a fetch failure carries (`ECONNREFUSED`, `UND_ERR_CONNECT_TIMEOUT`…), else `network`. */
function networkCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z][A-Z_]+$/.test(code)) return code;
    if ((e as { name?: unknown }).name === 'TimeoutError') return 'timeout';
  }
  return 'network';
}
