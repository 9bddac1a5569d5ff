import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { ProcessedStore } from '../../../shared/queue/port.ts';
import { BODY_READ_TIMEOUT_MS, contentType, requestBody } from '../body.ts';
import { allowOnlyRouted, exceptionResponse, Refusal } from '../refusal.ts';
import { RecentKeys } from './recent-keys.ts';
import type { SlackAnswer, SlackRequests, SlackRoute } from './requests.ts';
import { precheckSlackHeaders, SLACK_MAX_SKEW_SECONDS, verifySlackSignature } from './signature.ts';

export const SLACK_COMMANDS_PATH = '/v1/slack/commands';
export const SLACK_INTERACTIONS_PATH = '/v1/slack/interactions';

/** Slack's bodies are small: a slash command with a pasted log fits easily. */
export const SLACK_MAX_BODY_BYTES = 64 * 1024;

export interface SlackRouteDeps {
  /** What a request means and where it goes (shared with Socket Mode on the Node host). */
  requests: SlackRequests;
  /** The Slack app's signing secret. Never logged. */
  signingSecret: string;
  now?: () => Date;
  /** Defaults to {@link SLACK_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
  /** Defaults to {@link BODY_READ_TIMEOUT_MS}: a body not received by then is answered 408. */
  bodyTimeoutMs?: number;
  /**
   * Where the signatures of requests already accepted are kept, so a replay within the signature window is
   * refused even after a restart: the Node host passes the SQLite processed store of DATA_DIR. Without it (the
   * Worker and the Lambda function URL) only this instance's memory remembers them; a replay that reaches
   * another instance is queued again and the responder's processed store (DynamoDB) drops the repeated job.
   */
  replay?: ProcessedStore;
}

/** A request whose signature checked out: its form, and whether that signature was accepted before. */
interface Signed {
  form: URLSearchParams;
  replay: boolean;
}

/** The replay record's key of a verified request: its signature, unique per timestamp and body. */
const replayKey = (signature: string) => `slack-signature:${signature.trim().slice(0, 80)}`;

const unsigned = (reason: string) =>
  new Refusal(401, 'invalid signature', [], { outcome: `unauthorised_${reason.replaceAll(' ', '_')}` });

const decoder = new TextDecoder();

/** An answer as an HTTP response: the reply as the body, an empty 200, or the refusal's status and envelope. */
function respond(c: Context, answer: SlackAnswer): Response {
  if (answer.kind === 'reply') return c.json(answer.reply, 200);
  if (answer.kind === 'done') return c.body(null, 200);
  return exceptionResponse(c, answer.refusal);
}

/**
 * Adds Slack's two HTTP endpoints to an app: `POST /v1/slack/commands` (the `/pleg` slash command) and
 * `POST /v1/slack/interactions` (buttons and the "Diagnose this log" message shortcut). This is the transport
 * alone, as middleware: the content type, then the signature headers and their timestamp (before a byte of the
 * body is read), then the body within its size and time limits and the signature over it; the form is decoded
 * and `requests` decides the rest. A refusal on the way is thrown, counted, and answered by the app's error
 * handler. Web-standard Request/Response only.
 */
export function registerSlackRoutes(app: Hono, deps: SlackRouteDeps): void {
  const { requests } = deps;
  const now = deps.now ?? (() => new Date());
  // Twice the signature window: a repeat older than that fails the timestamp check anyway.
  const signatures = new RecentKeys(2 * SLACK_MAX_SKEW_SECONDS * 1000, 10_000);

  /** True when this signature was accepted before: in this process, or (with `replay`) before a restart. */
  const replayed = async (signature: string): Promise<boolean> => {
    const key = replayKey(signature);
    if (!signatures.claim(key, now().getTime())) return true;
    if (!deps.replay) return false;
    if ((await deps.replay.seen([key])).size > 0) return true;
    await deps.replay.mark([key]);
    return false;
  };

  const headers = (c: Context) => ({
    secret: deps.signingSecret,
    timestamp: c.req.header('x-slack-request-timestamp'),
    signature: c.req.header('x-slack-signature'),
    nowSeconds: now().getTime() / 1000,
  });

  /** Counts what the transport refused (the handler's own refusals are counted by `requests`). */
  const counted =
    (route: SlackRoute): MiddlewareHandler =>
    async (c, next) => {
      await next();
      if (c.error instanceof Refusal) requests.countRefusal(route, c.error);
    };

  /** The signature headers and their timestamp, checked before the body is read. */
  const signedHeaders: MiddlewareHandler = async (c, next) => {
    const early = precheckSlackHeaders(headers(c));
    if (early) throw unsigned(early.reason);
    await next();
  };

  /**
   * The signature over the body: the form (and whether its signature was accepted before: a replay, answered as
   * a duplicate), or Slack's ssl_check (answered as done).
   */
  const verified = async (c: Context, route: SlackRoute): Promise<Signed | SlackAnswer> => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    const signing = headers(c);
    const verdict = await verifySlackSignature({ ...signing, rawBody: body });
    if (!verdict.ok) throw unsigned(verdict.reason);
    const form = new URLSearchParams(decoder.decode(body));
    if (form.get('ssl_check') === '1') return requests.answeredByTransport(route, 'ssl_check');
    return { form, replay: await replayed(signing.signature ?? '') };
  };

  const transport = (path: string, route: SlackRoute) => {
    app.post(path, counted(route));
    app.post(
      path,
      contentType(/^application\/x-www-form-urlencoded\b/i, 'application/x-www-form-urlencoded'),
      signedHeaders,
      requestBody({
        maxBytes: deps.maxBodyBytes ?? SLACK_MAX_BODY_BYTES,
        timeoutMs: deps.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS,
      }),
    );
  };

  transport(SLACK_COMMANDS_PATH, 'slack_commands');
  app.post(SLACK_COMMANDS_PATH, async (c) => {
    const signed = await verified(c, 'slack_commands');
    if ('kind' in signed) return respond(c, signed);
    return respond(c, await requests.command(Object.fromEntries(signed.form), signed.replay));
  });

  transport(SLACK_INTERACTIONS_PATH, 'slack_interactions');
  app.post(SLACK_INTERACTIONS_PATH, async (c) => {
    const signed = await verified(c, 'slack_interactions');
    if ('kind' in signed) return respond(c, signed);
    const text = signed.form.get('payload');
    if (text === null) throw new Refusal(400, 'invalid payload', [{ path: 'payload', message: 'missing' }]);
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (error) {
      const issue = { path: 'payload', message: (error as Error).message.slice(0, 200) };
      throw new Refusal(400, 'invalid JSON', [issue]);
    }
    return respond(c, await requests.interaction(payload, signed.replay));
  });

  allowOnlyRouted(app, [SLACK_COMMANDS_PATH, SLACK_INTERACTIONS_PATH]);
}
