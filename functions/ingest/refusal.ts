import type { Context, Hono } from 'hono';
import type { SchemaIssue } from '../../shared/schemas/bundle.ts';

/**
 * A request the ingest edge will not take, and the answer it gets: every route (webhooks and Slack) refuses with
 * this one type and answers with this one JSON envelope. `outcome` is the label the route's request counter gets.
 */
export class Refusal {
  readonly status: 400 | 401 | 404 | 408 | 413 | 415 | 503;
  readonly error: string;
  readonly issues: SchemaIssue[];
  /** How many issues there were, when more than `issues` lists. */
  readonly totalIssues: number;
  /** The body has more issues than `issues` lists, not counted: the refusal stopped looking (see intake/validate.ts). */
  readonly moreIssues: boolean;
  readonly outcome: string;

  constructor(
    status: Refusal['status'],
    error: string,
    issues: SchemaIssue[] = [],
    options: { outcome?: string; totalIssues?: number; moreIssues?: boolean } = {},
  ) {
    this.status = status;
    this.error = error;
    this.issues = issues;
    this.totalIssues = options.totalIssues ?? issues.length;
    this.moreIssues = options.moreIssues ?? false;
    this.outcome = options.outcome ?? `invalid_${status}`;
  }
}

/**
 * The error envelope of every ingest route: `issues` lists at most the first `MAX_ISSUES_SHOWN` problems;
 * `totalIssues` says how many there were when that is more, `moreIssues` that there are more than were looked for,
 * so a reply stays small whatever the body.
 */
export function refusalResponse(c: Context, r: Refusal): Response {
  const { error, issues, totalIssues } = r;
  if (r.moreIssues) return c.json({ error, issues, moreIssues: true }, r.status);
  return c.json(totalIssues > issues.length ? { error, issues, totalIssues } : { error, issues }, r.status);
}

/** Every method but POST on `paths` is answered 405 with `Allow: POST`; register after the POST handlers. */
export function postOnly(app: Hono, paths: readonly string[]): void {
  for (const path of paths) {
    app.all(path, (c) => {
      c.header('Allow', 'POST');
      return c.json({ error: 'method not allowed', issues: [] }, 405);
    });
  }
}
