import type { KnownBlock } from '@slack/types';
import {
  type Logger,
  LogLevel,
  type WebAPICallResult,
  WebAPIHTTPError,
  WebAPIPlatformError,
  WebAPIRateLimitedError,
  WebClient,
} from '@slack/web-api';
import type { DownstreamFault, FaultKind } from '../faults.ts';
import { redactUrlCredentials } from '../redact.ts';
import { OUTAGE_BACKOFF, type RetryVerdict, retrying, sleepMs } from '../retry.ts';
import { BLOCK_KIT_LIMITS } from './block-kit.ts';
import { truncate } from './mrkdwn.ts';
import type { ChatFile, ChatMessage, ChatPort, PostedMessage } from './port.ts';

export interface SlackChatOptions {
  /** Bot token (xoxb-…). Never logged, never put in an error message. */
  token: string;
  /** Web API base URL (config SLACK_API_URL); default https://slack.com/api/. Tests point it at the loopback fake. */
  slackApiUrl?: string;
  /** Minimum spacing between two post/update calls to one channel (Slack: one message per second per channel). */
  minIntervalMs?: number;
  /** Total time one call may spend waiting out 429s (and 502/503/504 outages) before giving up. */
  maxWaitMs?: number;
  /** Per-request timeout; default 15 s (a hung connection must not hold the channel's queue forever). */
  timeoutMs?: number;
  /** fetch used by `respond` (the WebClient uses the global fetch). */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Logger for @slack/web-api (it redacts tokens itself); default its console logger. */
  logger?: Logger;
}

/**
 * A Slack call that failed. `code` is Slack's own error code (`channel_not_found`, `invalid_blocks`, …),
 * `ratelimited` when 429s outlasted maxWaitMs, `http_<status>` when Slack answered with an HTTP error, or the
 * network error's code. `fault` says whether Slack is unavailable or refuses our configuration (the job waits
 * for it either way), and is undefined when Slack rejected this message itself.
 */
export class SlackChatError extends Error implements Partial<DownstreamFault> {
  readonly transport = 'slack';
  readonly code: string;
  readonly method: string;
  readonly fault: FaultKind | undefined;

  constructor(message: string, code: string, method: string, fault: FaultKind | undefined) {
    super(message);
    this.name = 'SlackChatError';
    this.code = code;
    this.method = method;
    this.fault = fault;
  }
}

/**
 * Slack error codes that mean the app's token, scopes or channel are wrong: no retry of the same request can
 * succeed until an operator fixes the configuration (Web API "Errors" of chat.postMessage / chat.update, and the
 * errors common to every method).
 */
const MISCONFIGURED = new Set([
  'not_authed',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'missing_scope',
  'not_allowed_token_type',
  'team_access_not_granted',
  'ekm_access_denied',
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'restricted_action',
]);

/** A Slack error code that means the app's configuration (token, scopes, channel) is wrong, not that Slack is down. */
export function isSlackConfigurationError(code: string): boolean {
  return MISCONFIGURED.has(code);
}

type Method = 'chat.postMessage' | 'chat.update' | 'files.uploadV2';

/** HTTP statuses that mean "Slack (or its edge) is down for now", retried within maxWaitMs. */
const TRANSIENT_HTTP = new Set([502, 503, 504]);
/** ok:false codes that mean the request was not processed and may be sent again. */
const TRANSIENT_PLATFORM = new Set(['service_unavailable']);
const RATE_LIMIT_PLATFORM = new Set(['ratelimited', 'rate_limited']);

const ignore = (): void => undefined;

/**
 * The Web API client warns "http request failed" once for every call that got no answer. SlackChat turns the same
 * failure into a downstream fault, which the responder logs when it starts and then once a minute: the SDK's line
 * goes to debug, or an outage would write one warning per call.
 */
function failedRequestsAtDebug(logger: Logger): Logger {
  return {
    debug: (...parts) => logger.debug(...parts),
    info: (...parts) => logger.info(...parts),
    warn: (...parts) => (parts[0] === 'http request failed' ? logger.debug(...parts) : logger.warn(...parts)),
    error: (...parts) => logger.error(...parts),
    setLevel: (level) => logger.setLevel(level),
    getLevel: () => logger.getLevel(),
    setName: (name) => logger.setName(name),
  };
}

/**
 * ChatPort on Slack's Web API (@slack/web-api WebClient).
 *
 * - post/update calls to one channel are serialised and spaced `minIntervalMs` apart (Slack allows about one
 *   message per second per channel); channels do not wait for each other. The spacing is per SlackChat instance:
 *   share one instance per process.
 * - The WebClient neither retries nor queues 429s itself (`rejectRateLimitedCalls`, `retries: 0`); this class
 *   waits out `Retry-After` (and short 502/503/504 outages) until `maxWaitMs` is spent, then throws a retryable
 *   SlackChatError so the job goes back to the queue.
 * - Messages are cut to Block Kit's limits before sending (see `fitMessage`), so size never fails a post.
 */
export class SlackChat implements ChatPort {
  readonly #client: WebClient;
  readonly #token: string;
  readonly #minIntervalMs: number;
  readonly #maxWaitMs: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #now: () => number;
  /** Per channel: the tail of its call chain. */
  readonly #tails = new Map<string, Promise<void>>();
  /** Per channel: when its last call finished. */
  readonly #lastAt = new Map<string, number>();

  constructor(options: SlackChatOptions) {
    this.#token = options.token;
    this.#minIntervalMs = options.minIntervalMs ?? 1000;
    this.#maxWaitMs = options.maxWaitMs ?? 120_000;
    this.#timeoutMs = options.timeoutMs ?? 15_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#sleep = options.sleep ?? sleepMs;
    this.#now = options.now ?? Date.now;
    this.#client = new WebClient(options.token, {
      ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
      // Without a logger of the host's, the SDK's own console logger writes errors only: every failure reaches the
      // caller as a SlackChatError.
      ...(options.logger ? { logger: failedRequestsAtDebug(options.logger) } : { logLevel: LogLevel.ERROR }),
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
      timeout: this.#timeoutMs,
      // Only ever call `${slackApiUrl}<method>`.
      allowAbsoluteUrls: false,
    });
  }

  post(channel: string, message: ChatMessage, threadTs?: string): Promise<PostedMessage> {
    const fitted = fitMessage(message);
    return this.#serialise(channel, async () => {
      const result = await this.#call('chat.postMessage', channel, () =>
        this.#client.chat.postMessage({
          channel,
          text: fitted.text,
          blocks: fitted.blocks,
          ...(threadTs === undefined ? {} : { thread_ts: threadTs }),
        }),
      );
      if (typeof result.channel !== 'string' || typeof result.ts !== 'string') {
        throw new SlackChatError(
          `Slack chat.postMessage to ${channel} answered ok without channel/ts`,
          'invalid_response',
          'chat.postMessage',
          'unavailable',
        );
      }
      return { channel: result.channel, ts: result.ts };
    });
  }

  update(channel: string, ts: string, message: ChatMessage): Promise<void> {
    const fitted = fitMessage(message);
    return this.#serialise(channel, async () => {
      await this.#call('chat.update', channel, () =>
        this.#client.chat.update({ channel, ts, text: fitted.text, blocks: fitted.blocks }),
      );
    });
  }

  /** The members of a user group (usergroups.users.list; scope usergroups:read), for the remediation allow lists. */
  async members(group: string): Promise<readonly string[]> {
    const result = await this.#client.usergroups.users.list({ usergroup: group });
    return result.users ?? [];
  }

  /**
   * files.uploadV2: files.getUploadURLExternal, the bytes to the URL it hands out, files.completeUploadExternal
   * into the thread. Serialised with the channel's posts (it shares their rate) and retried as a whole on 429s
   * and outages: an upload never completed is not shown, so trying again repeats nothing people see.
   */
  attach(channel: string, threadTs: string, file: ChatFile): Promise<void> {
    return this.#serialise(channel, async () => {
      await this.#call('files.uploadV2', channel, () =>
        this.#client.filesUploadV2({
          channel_id: channel,
          thread_ts: threadTs,
          filename: file.filename,
          title: file.title,
          content: file.content,
          initial_comment: truncate(file.comment, BLOCK_KIT_LIMITS.text),
        }),
      );
    });
  }

  async respond(responseUrl: string, message: ChatMessage, ephemeral: boolean): Promise<void> {
    const fitted = fitMessage(message);
    const response = await this.#fetch(responseUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({
        response_type: ephemeral ? 'ephemeral' : 'in_channel',
        text: fitted.text,
        blocks: fitted.blocks,
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    const body = await response.text();
    if (!response.ok) {
      // The response_url itself carries a secret path: say which host refused, not the URL.
      throw new SlackChatError(
        `Slack response_url POST to ${hostOf(responseUrl)} failed: HTTP ${response.status} ${body.slice(0, 200)}`,
        `http_${response.status}`,
        'response_url',
        response.status >= 500 ? 'unavailable' : undefined,
      );
    }
  }

  /** Runs `task` after every earlier call for `channel` has finished and `minIntervalMs` has passed since. */
  #serialise<T>(channel: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(channel) ?? Promise.resolve();
    const result = previous.then(async () => {
      await this.#waitTurn(channel);
      try {
        return await task();
      } finally {
        this.#lastAt.set(channel, this.#now());
      }
    });
    const tail: Promise<void> = result.then(ignore, ignore).finally(() => {
      if (this.#tails.get(channel) === tail) this.#tails.delete(channel);
    });
    this.#tails.set(channel, tail);
    return result;
  }

  async #waitTurn(channel: string): Promise<void> {
    const last = this.#lastAt.get(channel);
    if (last === undefined) return;
    // A loop, not one sleep: timers may fire a millisecond early against the clock.
    for (let wait = last + this.#minIntervalMs - this.#now(); wait > 0; ) {
      await this.#sleep(wait);
      wait = last + this.#minIntervalMs - this.#now();
    }
  }

  /** One Web API call, waiting out 429 Retry-After and short outages until maxWaitMs is spent. */
  #call<T extends WebAPICallResult>(method: Method, channel: string, send: () => Promise<T>): Promise<T> {
    return retrying(send, {
      policy: OUTAGE_BACKOFF,
      // The full nominal waits, no jitter: calls to one channel are serialised, so there is no herd to spread.
      random: () => 1,
      retryable: slackRetryable,
      maxWaitMs: this.#maxWaitMs,
      sleep: this.#sleep,
      now: this.#now,
      exhausted: (error) => {
        const retryAfter = rateLimitRetryAfter(error);
        if (retryAfter !== undefined) {
          return new SlackChatError(
            `Slack is rate limiting ${method} to ${channel} (Retry-After ${retryAfter}s); gave up after ` +
              `waiting up to ${this.#maxWaitMs} ms — retry the job later`,
            'ratelimited',
            method,
            'unavailable',
          );
        }
        const transient = transientFailure(error) ?? 'unavailable';
        return new SlackChatError(
          `Slack is unavailable (${transient}) for ${method} to ${channel}; gave up after ${this.#maxWaitMs} ms — ` +
            'retry the job later',
          transient,
          method,
          'unavailable',
        );
      },
    }).catch((error: unknown) => {
      throw error instanceof SlackChatError ? error : this.#describe(error, method, channel);
    });
  }

  #describe(error: unknown, method: Method, channel: string): unknown {
    if (error instanceof WebAPIPlatformError) {
      const code = error.data.error;
      const fault = MISCONFIGURED.has(code) ? 'misconfigured' : undefined;
      return new SlackChatError(`Slack ${method} to ${channel} failed: ${code}`, code, method, fault);
    }
    if (error instanceof WebAPIHTTPError) {
      const status = error.statusCode;
      return new SlackChatError(
        `Slack ${method} to ${channel} failed: HTTP ${status}`,
        `http_${status}`,
        method,
        status >= 500 || status === 408
          ? 'unavailable'
          : status === 401 || status === 403
            ? 'misconfigured'
            : undefined,
      );
    }
    // Anything else is the way to Slack failing (refused, reset, DNS, timeout): Slack is unavailable from here.
    // The message loses the token, should a proxy or runtime ever echo it, and any credentials in URLs it names.
    const raw = error instanceof Error ? error.message : String(error);
    const message = redactUrlCredentials(
      this.#token === '' ? raw : raw.replaceAll(this.#token, '[redacted]'),
    );
    const code = networkCode(error);
    return new SlackChatError(
      `Slack ${method} to ${channel} failed: ${message}`,
      code,
      method,
      'unavailable',
    );
  }
}

/** Slack's own reading of a failure: a 429 waits its Retry-After, a 502/503/504 outage the policy's wait. */
function slackRetryable(error: unknown): RetryVerdict {
  const retryAfter = rateLimitRetryAfter(error);
  if (retryAfter !== undefined) return { afterMs: retryAfter * 1000 };
  return transientFailure(error) !== undefined;
}

/** Seconds to wait when `error` is Slack saying "too many requests", else undefined. */
function rateLimitRetryAfter(error: unknown): number | undefined {
  if (error instanceof WebAPIRateLimitedError) return Math.max(1, error.retryAfter);
  if (isCoded(error) && error.code === 'slack_webapi_rate_limited_error') {
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    return typeof retryAfter === 'number' ? Math.max(1, retryAfter) : 1;
  }
  if (error instanceof WebAPIPlatformError && RATE_LIMIT_PLATFORM.has(error.data.error)) return 1;
  return undefined;
}

/** `http_503` / `service_unavailable` when `error` means Slack did not process the request and is down, else undefined. */
function transientFailure(error: unknown): string | undefined {
  if (error instanceof WebAPIHTTPError && TRANSIENT_HTTP.has(error.statusCode))
    return `http_${error.statusCode}`;
  if (error instanceof WebAPIPlatformError && TRANSIENT_PLATFORM.has(error.data.error))
    return error.data.error;
  return undefined;
}

/** The most specific code a network failure carries (`ECONNREFUSED`, `UND_ERR_CONNECT_TIMEOUT`…), else `network`. */
function networkCode(error: unknown): string {
  // @slack/web-api wraps the fetch error as `original`; fetch wraps the socket error as `cause`.
  const next = (e: unknown) => (e as { original?: unknown }).original ?? (e as { cause?: unknown }).cause;
  for (let e: unknown = error, depth = 0; e && depth < 4; e = next(e), depth++) {
    const code = isCoded(e) ? e.code : undefined;
    if (typeof code === 'string' && /^[A-Z][A-Z_]+$/.test(code)) return code;
  }
  return 'network';
}

function isCoded(error: unknown): error is { code: unknown } {
  return typeof error === 'object' && error !== null && 'code' in error;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'an invalid URL';
  }
}

/**
 * The message cut to Block Kit's limits ({@link BLOCK_KIT_LIMITS}) so Slack never rejects it for size: too many
 * blocks end in a context block saying how many were left out, fields and elements past their count are dropped,
 * and cut text ends with a visible note. The input is not modified.
 */
export function fitMessage(message: ChatMessage): ChatMessage {
  let blocks = message.blocks.map(fitBlock);
  if (blocks.length > BLOCK_KIT_LIMITS.blocks) {
    const kept = BLOCK_KIT_LIMITS.blocks - 1;
    const omitted = blocks.length - kept;
    blocks = [
      ...blocks.slice(0, kept),
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `_… ${omitted} more block${omitted === 1 ? '' : 's'} omitted_` }],
      },
    ];
  }
  return { text: truncate(message.text, BLOCK_KIT_LIMITS.text), blocks };
}

function fitBlock(block: KnownBlock): KnownBlock {
  switch (block.type) {
    case 'section': {
      const fitted = { ...block };
      if (block.text)
        fitted.text = { ...block.text, text: truncate(block.text.text, BLOCK_KIT_LIMITS.sectionText) };
      if (block.fields) {
        fitted.fields = block.fields
          .slice(0, BLOCK_KIT_LIMITS.sectionFields)
          .map((field) => ({ ...field, text: truncate(field.text, BLOCK_KIT_LIMITS.fieldText) }));
      }
      return fitted;
    }
    case 'header':
      return {
        ...block,
        text: { ...block.text, text: truncate(block.text.text, BLOCK_KIT_LIMITS.headerText) },
      };
    case 'context':
      return { ...block, elements: block.elements.slice(0, BLOCK_KIT_LIMITS.contextElements) };
    case 'actions':
      return {
        ...block,
        elements: block.elements.slice(0, BLOCK_KIT_LIMITS.actionsElements).map((element) =>
          element.type === 'button'
            ? {
                ...element,
                text: { ...element.text, text: truncate(element.text.text, BLOCK_KIT_LIMITS.buttonText) },
              }
            : element,
        ),
      };
    default:
      return block;
  }
}
