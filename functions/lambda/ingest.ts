import type { Hono } from 'hono';
import { handle } from 'hono/aws-lambda';
import { configSecrets, loadConfig } from '../config.ts';
import { createEdgeIngest } from '../ingest/edge.ts';
import { createLogger } from '../log/pino.ts';

/** The ingest app behind a Lambda function URL (or API Gateway), enqueuing to SQS. */
export function createLambdaIngest(env: Record<string, string | undefined>): Hono {
  const config = loadConfig(env);
  const log = createLogger({ level: config.LOG_LEVEL, format: 'json', secrets: configSecrets(config) });
  return createEdgeIngest(config, 'Lambda ingest', log);
}

let app: Hono | undefined;

export const handler: ReturnType<typeof handle> = (event, context) => {
  app ??= createLambdaIngest(process.env);
  return handle(app)(event, context);
};
