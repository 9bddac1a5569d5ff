import type { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { loadConfig } from '../config.ts';
import { createEdgeIngest } from '../ingest/edge.ts';

/** The ingest app behind a Lambda function URL (or API Gateway), enqueuing to SQS. */
export function createLambdaIngest(env: Record<string, string | undefined>): Hono {
  return createEdgeIngest(loadConfig(env), 'Lambda ingest');
}

let app: Hono | undefined;

export const handler: ReturnType<typeof handle> = (event, context) => {
  app ??= createLambdaIngest(process.env);
  return handle(app)(event, context);
};
