import {
  type ConfigurationOptions,
  Observable,
  type ObservableMiddleware,
  type RequestContext,
  type ResponseContext,
} from '@kubernetes/client-node';
import type { Missing } from '../schemas/diagnosis.ts';

/**
 * Running API calls under a budget: each call has its own timeout (an AbortSignal), the whole collection has a
 * deadline after which pending calls are abandoned, and a failed call becomes a Missing entry (what was not
 * collected, why, how to get it) instead of an exception.
 */

/** What a call fetches, and what it needs, for its Missing entry. */
export interface Target {
  /** Key in `timings`. */
  key: string;
  /** The evidence, as `Missing.what`. */
  what: string;
  /** The RBAC the call needs. */
  verb: 'get' | 'list';
  resource: string;
  /** API group ('' for core). */
  group: string;
  /** How to get the same evidence another way (a command for the operator), appended to `how`. */
  fallback?: string;
  /** Words for a 404, when it means something specific (the feature is off, the object does not exist). */
  notFound?: (detail: string) => { why: string; how: string } | undefined;
}

export type FailureKind =
  | 'forbidden'
  | 'unauthorized'
  | 'not_found'
  | 'timeout'
  | 'budget'
  | 'unreachable'
  | 'server'
  | 'cancelled'
  | 'unavailable';

export interface Failure {
  kind: FailureKind;
  status?: number;
  missing: Missing;
}

export type Result<T> = { ok: true; value: T; ms: number } | { ok: false; failure: Failure; ms: number };

/** A call whose answer was wrong in a way the call itself detected (e.g. NodeLogQuery ignored the query). */
export class UnavailableError extends Error {
  readonly why: string;
  readonly how: string;

  constructor(why: string, how: string) {
    super(why);
    this.name = 'UnavailableError';
    this.why = why;
    this.how = how;
  }
}

const BUDGET = Symbol('collection budget exhausted');
const STOP = Symbol('collection stopped');

export interface CollectionOptions {
  budgetMs: number;
  callTimeoutMs: number;
  /** The API server URL, for "unreachable" messages. */
  server: string;
}

/** Attaches an AbortSignal to a client-node call: `core.readNode({ name }, withSignal(signal))`. */
export function withSignal(signal: AbortSignal): ConfigurationOptions {
  const middleware: ObservableMiddleware = {
    pre(context: RequestContext) {
      context.setSignal(signal);
      return new Observable(Promise.resolve(context));
    },
    post(context: ResponseContext) {
      return new Observable(Promise.resolve(context));
    },
  };
  return { middleware: [middleware], middlewareMergeStrategy: 'append' };
}

/** One collection: the budget, the calls made, their timings. */
export class Collection {
  readonly timings: Record<string, number> = {};
  readonly #options: CollectionOptions;
  readonly #budget = new AbortController();
  readonly #stop = new AbortController();
  readonly #started = performance.now();
  readonly #timer: ReturnType<typeof setTimeout>;
  #calls = 0;

  constructor(options: CollectionOptions) {
    this.#options = options;
    this.#timer = setTimeout(() => this.#budget.abort(BUDGET), options.budgetMs);
  }

  /** HTTP requests started so far. */
  get calls(): number {
    return this.#calls;
  }

  get elapsedMs(): number {
    return performance.now() - this.#started;
  }

  /** Abandons every pending call (their results are `cancelled`). */
  stop(): void {
    this.#stop.abort(STOP);
  }

  /** Ends the collection: records the total time and releases the budget timer. */
  finish(): void {
    clearTimeout(this.#timer);
    this.timings.total = round(this.elapsedMs);
  }

  /**
   * Runs one API call with its own timeout; settles when the call does, when its timeout fires, when the
   * budget runs out, or when the collection is stopped — whichever comes first. Never rejects.
   */
  async call<T>(target: Target, fn: (signal: AbortSignal) => Promise<T>): Promise<Result<T>> {
    const t0 = performance.now();
    if (this.#budget.signal.aborted || this.#stop.signal.aborted) {
      return { ok: false, failure: this.#aborted(target, this.#budget.signal.aborted, 0), ms: 0 };
    }
    this.#calls += 1;
    const timeout = AbortSignal.timeout(this.#options.callTimeoutMs);
    const signal = AbortSignal.any([timeout, this.#budget.signal, this.#stop.signal]);
    let onAbort: () => void = () => undefined;
    const abandoned = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const work = fn(signal);
    // Whichever loses the race settles later with nobody listening.
    work.catch(() => undefined);
    abandoned.catch(() => undefined);
    try {
      const value = await Promise.race([work, abandoned]);
      const ms = this.#time(target, t0);
      return { ok: true, value, ms };
    } catch (error) {
      const ms = this.#time(target, t0);
      if (signal.aborted) {
        const budget = signal.reason === BUDGET;
        const failure =
          signal.reason === STOP || signal.reason === BUDGET
            ? this.#aborted(target, budget, ms)
            : this.#timedOut(target, ms);
        return { ok: false, failure, ms };
      }
      return { ok: false, failure: describeError(target, error, this.#options.server), ms };
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  #time(target: Target, t0: number): number {
    const ms = performance.now() - t0;
    this.timings[target.key] = round((this.timings[target.key] ?? 0) + ms);
    return ms;
  }

  #timedOut(target: Target, ms: number): Failure {
    return {
      kind: 'timeout',
      missing: {
        what: target.what,
        why: `timed out after ${Math.round(ms)} ms (per-call timeout ${this.#options.callTimeoutMs} ms): the API server did not answer in time`,
        how: withFallback(
          'retry, or raise callTimeoutMs; a slow answer for node proxy paths usually means the kubelet itself is slow or hung',
          target,
        ),
      },
    };
  }

  #aborted(target: Target, budget: boolean, ms: number): Failure {
    if (!budget) {
      return {
        kind: 'cancelled',
        missing: {
          what: target.what,
          why: 'cancelled: the collection stopped',
          how: withFallback('', target),
        },
      };
    }
    return {
      kind: 'budget',
      missing: {
        what: target.what,
        why:
          ms > 0
            ? `timed out after ${Math.round(ms)} ms: the collection budget of ${this.#options.budgetMs} ms ran out before it answered`
            : `not attempted: the collection budget of ${this.#options.budgetMs} ms had run out`,
        how: withFallback('retry with a larger budget (budgetMs)', target),
      },
    };
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}

function withFallback(how: string, target: Target): string {
  if (!target.fallback) return how;
  return how ? `${how}; or by hand: ${target.fallback}` : target.fallback;
}

// ---------------------------------------------------------------------------------------------------------
// Errors → Missing

/** Removes anything that looks like a credential from text that may end up in a message. */
export function redact(text: string): string {
  return text
    .replace(/Bearer\s+[\w.~+/=-]+/gi, 'Bearer [redacted]')
    .replace(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g, '[redacted]')
    .replace(/((?:token|password|secret|authorization)["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1[redacted]')
    .replace(/\/\/[^/@\s]+:[^/@\s]+@/g, '//[redacted]@')
    .slice(0, 400);
}

interface ApiErrorLike {
  code: number;
  body: unknown;
}

function isApiError(error: unknown): error is ApiErrorLike {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof (error as { code: unknown }).code === 'number' &&
    'body' in error
  );
}

/** The message of a Status body (`{"kind":"Status","message":"..."}`), or the body text itself. */
export function statusMessage(body: unknown): string {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      return redact(body.trim());
    }
  }
  if (typeof value === 'object' && value !== null && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string') return redact(message);
  }
  return typeof value === 'string' ? redact(value) : '';
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found (DNS)',
  EAI_AGAIN: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'connection closed by the server',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not name this host',
};

/** The network error code somewhere in an error's cause chain (`fetch failed` → `ECONNREFUSED`). */
function networkCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in NETWORK_CODES) return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) {
      const inner = errors.map(networkCode).find((c) => c !== undefined);
      if (inner) return inner;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The RBAC rule that grants a call, as one line of YAML flow. */
export function rbacRule(target: Pick<Target, 'verb' | 'resource' | 'group'>): string {
  return `{apiGroups: ["${target.group}"], resources: ["${target.resource}"], verbs: ["${target.verb}"]}`;
}

function forbidden(target: Target, message: string): Failure {
  const user = /User "([^"]+)"/.exec(message)?.[1];
  const scope = target.group ? ` in API group ${target.group}` : '';
  const proxy =
    target.resource === 'nodes/proxy'
      ? ' (the component infra/kubernetes/components/nodes-proxy adds it; note that get on nodes/proxy also allows exec into any container on the node)'
      : '';
  const check = `kubectl auth can-i ${target.verb} ${target.resource}${user ? ` --as=${user}` : ''}`;
  return {
    kind: 'forbidden',
    status: 403,
    missing: {
      what: target.what,
      why: `forbidden: the responder's ServiceAccount lacks ${target.verb} on ${target.resource}${scope}${user ? ` (${user})` : ''}`,
      how: withFallback(
        `add the RBAC rule ${rbacRule(target)} to the responder's ClusterRole${proxy}; check with: ${check}`,
        target,
      ),
    },
  };
}

function failure(kind: FailureKind, target: Target, why: string, how: string, status?: number): Failure {
  return {
    kind,
    ...(status !== undefined ? { status } : {}),
    missing: { what: target.what, why, how: withFallback(how, target) },
  };
}

const suffix = (message: string) => (message ? `: ${message}` : '');

/** A non-2xx answer from the API server (or from the kubelet behind its proxy). */
function apiFailure(target: Target, code: number, message: string): Failure {
  if (code === 403) return forbidden(target, message);
  if (code === 401) {
    return failure(
      'unauthorized',
      target,
      "unauthorized: the API server rejected the responder's credentials (token expired, revoked, or for another cluster)",
      'renew the token or kubeconfig (kubectl auth whoami shows who the API server thinks you are)',
      401,
    );
  }
  if (code === 404) {
    const specific = target.notFound?.(message);
    return failure(
      'not_found',
      target,
      specific?.why ?? `not found (404)${suffix(message)}`,
      specific?.how ?? 'check the name and the cluster (kubeconfig context)',
      404,
    );
  }
  if (code === 429) {
    return failure(
      'server',
      target,
      'throttled: the API server answered 429 Too Many Requests (API priority and fairness)',
      'retry in a few seconds',
      429,
    );
  }
  if (target.resource === 'nodes/proxy') {
    const unreachableKubelet = code === 502 || code === 503;
    return failure(
      'server',
      target,
      unreachableKubelet
        ? `the API server could not reach the kubelet on the node (${code})${suffix(message)}`
        : `the API server answered ${code}${suffix(message)}`,
      'the kubelet may be down, or port 10250 unreachable from the control plane: check systemctl status kubelet on the node',
      code,
    );
  }
  return failure(
    'server',
    target,
    `the API server answered ${code}${suffix(message)}`,
    'retry; check the API server health (kubectl get --raw /readyz)',
    code,
  );
}

/** Turns whatever a call threw into a Missing entry, without credentials. */
export function describeError(target: Target, error: unknown, server: string): Failure {
  if (error instanceof UnavailableError) return failure('unavailable', target, error.why, error.how);
  if (isApiError(error)) return apiFailure(target, error.code, statusMessage(error.body));
  const network = networkCode(error);
  if (network) {
    return {
      kind: 'unreachable',
      missing: {
        what: target.what,
        why: `API server unreachable at ${redact(server)}: ${NETWORK_CODES[network] ?? network}`,
        how: 'check the kubeconfig server URL, the network path to the control plane, and that the API server is up (kubectl get --raw /readyz)',
      },
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return failure(
    'server',
    target,
    `failed: ${redact(message.split('\n')[0] ?? message)}`,
    'check the kubeconfig (credentials plugin, certificates) and retry',
  );
}

// ---------------------------------------------------------------------------------------------------------
// Paginated lists

export interface Page<T> {
  items: T[];
  metadata?: { _continue?: string };
}

export interface Listed<T> {
  items: T[];
  pages: number;
  /** Every page was read. */
  complete: boolean;
  /** Stopped at maxPages although the server had more. */
  truncated: boolean;
  /** Why a page failed (the pages before it are in `items`). */
  failure?: Failure;
}

/** Reads a list page by page (`limit` + `continue`), each page a call with its own timeout. */
export async function listPages<T>(
  run: Collection,
  target: Target,
  fetchPage: (cont: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
  maxPages = Number.POSITIVE_INFINITY,
): Promise<Listed<T>> {
  const items: T[] = [];
  let cont: string | undefined;
  let pages = 0;
  do {
    const token = cont;
    const page = await run.call(target, (signal) => fetchPage(token, signal));
    if (!page.ok) {
      const failure =
        pages === 0
          ? page.failure
          : {
              ...page.failure,
              missing: {
                ...page.failure.missing,
                why: `${page.failure.missing.why} (page ${pages + 1}; ${items.length} items read before it)`,
              },
            };
      return { items, pages, complete: false, truncated: false, failure };
    }
    pages += 1;
    items.push(...page.value.items);
    cont = page.value.metadata?._continue || undefined;
  } while (cont && pages < maxPages);
  return { items, pages, complete: !cont, truncated: cont !== undefined };
}
