import { SocketModeClient } from '@slack/socket-mode';
import { ErrorCode as WebApiErrorCode } from '@slack/web-api';
import { isSlackConfigurationError } from '../../../shared/chat/slack.ts';
import { type Backoff, backoffDelay, OUTAGE_BACKOFF } from '../../../shared/retry.ts';
import type { Logger } from '../../log/port.ts';
import { RepeatedFailure } from '../../log/repeat.ts';
import { slackSdkLogger } from '../../log/slack-sdk.ts';
import type { SocketModeReport } from '../health.ts';
import type { SlackAnswer, SlackRequests } from './requests.ts';

/** apps.connections.open that has not answered by then counts as a failed try. */
const OPEN_TIMEOUT_MS = 10_000;

/** What the connection reports to /metrics (functions/node/metrics.ts). */
export interface SocketModeMetrics {
  /** The connection is up (Slack said hello) or not. */
  connected(up: boolean): void;
  /** A connection was opened again after one ended. */
  reconnected(): void;
}

export interface SlackSocketModeOptions {
  /** SLACK_APP_TOKEN (`xapp-…`). Never logged. */
  appToken: string;
  /** Where apps.connections.open is called (SLACK_API_URL). */
  slackApiUrl: string;
  /** The handler the HTTP routes use too: a request means the same whichever way it came. */
  requests: SlackRequests;
  /** The host's logger, without a component: our lines are `ingest`, the SDK's `slack`. */
  log: Logger;
  metrics?: SocketModeMetrics;
  /**
   * The SDK's `clientPingTimeout`: how long a ping to Slack waits for its pong before the connection is given up
   * (the SDK pings three times as often). Default: the SDK's, 5 s.
   */
  pingTimeoutMs?: number;
  /** The waits between failed tries to connect. Default: 1 s doubling to 30 s, with jitter. */
  backoff?: Backoff;
  now?: () => Date;
}

/** One envelope as @slack/socket-mode hands it over (its `slack_event`), fields as Slack sent them. */
interface SocketModeEvent {
  ack: (response?: Record<string, unknown>) => Promise<void>;
  envelope_id?: unknown;
  type?: unknown;
  body?: unknown;
  retry_num?: unknown;
  retry_reason?: unknown;
}

/** Why a try to connect failed, in Slack's words where it gave them: an error code, an HTTP status, a message. */
function reasonOf(error: unknown): string {
  if (error === undefined) return 'the connection closed before Slack said hello';
  const e = error as { code?: unknown; data?: { error?: unknown }; statusCode?: unknown; original?: Error };
  if (e.code === WebApiErrorCode.PlatformError && typeof e.data?.error === 'string') return e.data.error;
  if (e.code === WebApiErrorCode.HTTPError) return `http_${String(e.statusCode)}`;
  if (e.code === WebApiErrorCode.RequestError) {
    // fetch's own message is "fetch failed"; the system error under it says what failed (ECONNREFUSED, ENOTFOUND).
    const cause = (e.original?.cause as { code?: unknown } | undefined)?.code;
    return typeof cause === 'string' ? cause : (e.original?.message ?? 'request failed');
  }
  return error instanceof Error ? error.message : String(error);
}

/** Slack refuses the token itself: no later try can succeed until an operator changes SLACK_APP_TOKEN. */
function refusesToken(error: unknown): boolean {
  const e = error as { code?: unknown; data?: { error?: unknown } } | undefined;
  return (
    e?.code === WebApiErrorCode.PlatformError &&
    typeof e.data?.error === 'string' &&
    isSlackConfigurationError(e.data.error)
  );
}

/**
 * Slack's Socket Mode for the Node server: `/pleg`, the buttons and the message shortcut arrive over a WebSocket
 * the server opens to Slack (apps.connections.open with the app-level token), so nothing needs to reach the server
 * from outside. Each envelope goes to the same handler as the HTTP routes; its answer goes back in the envelope's
 * acknowledgement, within Slack's 3 s: a slash command's reply as the ack's payload, an interaction's ack empty.
 *
 * The connection is @slack/socket-mode's; reconnecting is done here (the SDK's own is off): the SDK's reconnect
 * lets a failure of apps.connections.open escape as an unhandled rejection, which would stop the process. A
 * connection that ends (Slack's `disconnect` refresh or warning, a network failure, a missing pong) is opened again
 * at once, failed tries again after a jittered backoff; a token Slack refuses stops it, loudly.
 *
 * An envelope is acknowledged once its request is queued. Slack delivers an envelope again when no ack reached it
 * (a connection that dropped first), on the next connection: the job's dedup key (the request's trigger id, the
 * same in every delivery) finds the job queued, so the repeat is acknowledged and not queued again. The envelope
 * id is not the key: Slack does not promise that a delivery again keeps it, and one interaction may be several jobs.
 */
export class SlackSocketMode {
  readonly #client: SocketModeClient;
  readonly #requests: SlackRequests;
  readonly #log: Logger;
  readonly #metrics: SocketModeMetrics | undefined;
  readonly #backoff: Backoff;
  readonly #now: () => Date;
  /** Failed tries: said when they start, at most once a minute while they last, and when a try succeeds. */
  readonly #failing: RepeatedFailure;
  #report: SocketModeReport;
  #stopped = false;
  #running: Promise<void> | undefined;
  /** Ends a backoff wait early (on close). */
  #wake: (() => void) | undefined;

  constructor(options: SlackSocketModeOptions) {
    this.#requests = options.requests;
    this.#log = options.log.child({ component: 'ingest', transport: 'socket-mode' });
    this.#metrics = options.metrics;
    this.#backoff = options.backoff ?? OUTAGE_BACKOFF;
    this.#now = options.now ?? (() => new Date());
    this.#report = { state: 'connecting', since: this.#now().toISOString(), reconnects: 0 };
    this.#failing = new RepeatedFailure(this.#log, 'Slack Socket Mode could not connect');
    this.#client = new SocketModeClient({
      appToken: options.appToken,
      logger: slackSdkLogger(options.log.child({ component: 'slack' }), '@slack/socket-mode'),
      autoReconnectEnabled: false,
      ...(options.pingTimeoutMs === undefined ? {} : { clientPingTimeout: options.pingTimeoutMs }),
      // One try per call: the waits between tries are ours (the SDK's default would retry for hours).
      clientOptions: {
        slackApiUrl: options.slackApiUrl,
        retryConfig: { retries: 0 },
        timeout: OPEN_TIMEOUT_MS,
      },
    });
    this.#client.on('slack_event', (event: SocketModeEvent) => {
      void this.#onEnvelope(event);
    });
  }

  /** Connects in the background; the state is in {@link report}. */
  start(): void {
    this.#running ??= this.#run();
  }

  report(): SocketModeReport {
    return { ...this.#report };
  }

  /** Closes the connection (a normal WebSocket close) and stops reconnecting. */
  async close(): Promise<void> {
    this.#stopped = true;
    this.#wake?.();
    await this.#client.disconnect();
    await this.#running;
    this.#set('closed');
  }

  #set(state: SocketModeReport['state'], reason?: string): void {
    this.#report = {
      state,
      since: this.#now().toISOString(),
      reconnects: this.#report.reconnects,
      ...(reason === undefined ? {} : { reason }),
    };
  }

  /** Connect, serve until the connection ends, connect again; until closed or the token is refused. */
  async #run(): Promise<void> {
    let failures = 0;
    /** A connection ended: the next one to open is a reconnect. */
    let ended = false;
    while (!this.#stopped) {
      let onEnd: () => void = () => {};
      const over = new Promise<void>((resolve) => {
        onEnd = resolve;
      });
      this.#client.once('disconnected', onEnd);
      try {
        await this.#client.start();
      } catch (error) {
        this.#client.off('disconnected', onEnd);
        if (this.#stopped) return;
        const reason = reasonOf(error);
        if (refusesToken(error)) {
          this.#set('refused', reason);
          this.#log.error(
            `Slack refuses SLACK_APP_TOKEN (${reason}): /pleg and the buttons get no answer over Socket Mode until an operator fixes the token (an app-level token with connections:write) and restarts`,
          );
          return;
        }
        failures += 1;
        this.#set('reconnecting', reason);
        this.#failing.failed(reason);
        await this.#pause(backoffDelay(failures, this.#backoff));
        continue;
      }
      if (this.#stopped) {
        // Opened while the server was stopping: close it again.
        await this.#client.disconnect();
        return;
      }
      failures = 0;
      this.#failing.succeeded();
      if (ended) {
        this.#report = { ...this.#report, reconnects: this.#report.reconnects + 1 };
        this.#metrics?.reconnected();
      }
      this.#set('connected');
      this.#metrics?.connected(true);
      this.#log.info('Slack Socket Mode connected: /pleg and the buttons arrive over it');
      await over;
      this.#metrics?.connected(false);
      if (this.#stopped) return;
      ended = true;
      this.#set('reconnecting', 'the connection ended');
      this.#log.info('Slack Socket Mode connection ended (refreshed by Slack or lost); connecting again');
    }
  }

  #pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      this.#wake = done;
      function done() {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  async #answer(event: SocketModeEvent): Promise<SlackAnswer> {
    if (event.type === 'slash_commands') return this.#requests.command(event.body);
    if (event.type === 'interactive') return this.#requests.interaction(event.body);
    // events_api and anything newer: the app subscribes to no events; acknowledged so Slack stops sending it.
    return { kind: 'done' };
  }

  /** One envelope: its answer, then the ack that carries it (or no ack, where that is the answer). */
  async #onEnvelope(event: SocketModeEvent): Promise<void> {
    const fields = {
      envelopeId: event.envelope_id,
      type: event.type,
      ...(typeof event.retry_num === 'number' && event.retry_num > 0
        ? { retryAttempt: event.retry_num, retryReason: event.retry_reason }
        : {}),
    };
    let answer: SlackAnswer;
    try {
      answer = await this.#answer(event);
    } catch (error) {
      // A fault of ours, not of the request (the HTTP routes answer 500): no ack, so Slack delivers it again.
      this.#log.error(`Socket Mode envelope failed: ${(error as Error).message}`, fields);
      return;
    }
    if (answer.kind === 'refused') {
      const { status, error, issues } = answer.refusal;
      if (status === 503) {
        // What the HTTP route's 503 does for a button: Slack marks the click as failed, and delivers it again.
        this.#log.warn('Socket Mode envelope not acknowledged: the queue is unavailable', fields);
        return;
      }
      // A payload that cannot be right is refused whenever it comes: acknowledged, so Slack does not resend it.
      this.#log.warn(`Socket Mode envelope refused: ${error}`, { ...fields, issues });
    }
    try {
      await event.ack(answer.kind === 'reply' ? { ...answer.reply } : undefined);
    } catch (error) {
      this.#log.warn(
        `Socket Mode envelope not acknowledged (${(error as Error).message}): Slack delivers it again, and its job is not queued twice`,
        fields,
      );
    }
  }
}
