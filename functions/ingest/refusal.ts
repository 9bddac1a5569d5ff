import type { Context, ErrorHandler, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { SchemaIssue } from '../../shared/schemas/bundle.ts';
import type { Logger } from '../log/port.ts';

type RefusalStatus = 400 | 401 | 404 | 408 | 413 | 415 | 503;

/**
 * A request the ingest edge will not take: an HTTPException whose response is the one JSON envelope every route
 * (webhooks and Slack) answers with. Middleware and handlers throw it; the app's one `onError` (or Hono's own, on an
 * app without it) answers it. `outcome` is the label the route's request counter gets.
 */
export class Refusal extends HTTPException {
  declare readonly status: RefusalStatus;
  readonly error: string;
  readonly issues: SchemaIssue[];
  /** How many issues there were, when more than `issues` lists. */
  readonly totalIssues: number;
  /** The issues were looked for in part of the body only, so there may be more (see intake/validate.ts). */
  readonly partial: boolean;
  readonly outcome: string;

  constructor(
    status: RefusalStatus,
    error: string,
    issues: SchemaIssue[] = [],
    options: { outcome?: string; totalIssues?: number; partial?: boolean } = {},
  ) {
    super(status, { message: error });
    this.error = error;
    this.issues = issues;
    this.totalIssues = options.totalIssues ?? issues.length;
    this.partial = options.partial ?? false;
    this.outcome = options.outcome ?? `invalid_${status}`;
  }

  /**
   * The error envelope: `issues` lists at most the first `MAX_ISSUES_SHOWN` problems; `totalIssues` says how many
   * there were when that is more, `partial` that they were looked for in part of the body only, so a reply stays
   * small whatever the body.
   */
  override getResponse(): Response {
    const { error, issues, totalIssues } = this;
    const body = this.partial
      ? { error, issues, partial: true }
      : totalIssues > issues.length
        ? { error, issues, totalIssues }
        : { error, issues };
    return Response.json(body, { status: this.status });
  }
}

/** An HTTPException's response, with the headers the request already set (its `x-request-id`). */
export function exceptionResponse(c: Context, error: HTTPException): Response {
  const res = error.getResponse();
  return c.newResponse(res.body, res);
}

/**
 * The app's one error handler: refusals and Hono's own HTTP exceptions (bearer auth) answer as they say; anything
 * else is a 500 that says nothing of what failed inside, logged here.
 */
export function answerErrors(log: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof HTTPException) return exceptionResponse(c, error);
    log.error(`ingest error: ${error.message}`);
    return c.json({ error: 'internal error', issues: [] }, 500);
  };
}

/** Hono's methodNotAllowed on `paths`: a method they do not take is answered 405 with `Allow`, in the envelope. */
export function allowOnlyRouted(app: Hono, paths: readonly string[]): void {
  const answer = methodNotAllowed({
    app,
    onMethodNotAllowed: (c, methods) =>
      c.json({ error: 'method not allowed', issues: [] }, 405, { Allow: methods.join(', ') }),
  });
  for (const path of paths) app.use(path, answer);
}
