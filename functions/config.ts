import { z } from 'zod';
import type { IngestAuth } from './ingest/auth.ts';

const port = z.coerce.number().int().min(0).max(65_535);

/** Every setting the hosts read, from environment variables (the serverless convention). */
export const ConfigSchema = z
  .object({
    /** all: ingest + respond in one process; ingest: webhooks in only; respond: queue consumer only. */
    ROLE: z.enum(['all', 'ingest', 'respond']).default('all'),
    PORT: port.default(8787),
    HOST: z.string().default('127.0.0.1'),
    INGEST_AUTH: z.enum(['bearer', 'off']).default('bearer'),
    INGEST_TOKEN: z.string().min(16, 'use at least 16 characters').optional(),
    INGEST_TOKEN_ALERTMANAGER: z.string().min(16, 'use at least 16 characters').optional(),
    INGEST_TOKEN_EVENTS: z.string().min(16, 'use at least 16 characters').optional(),
    INGEST_TOKEN_BUNDLES: z.string().min(16, 'use at least 16 characters').optional(),
    INGEST_MAX_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
    DEFAULT_CLUSTER: z.string().min(1).default('default'),
    QUEUE: z.enum(['embedded', 'sqs']).default('embedded'),
    SQS_QUEUE_URL: z.url().optional(),
    SQS_ENDPOINT: z.url().optional(),
    AWS_REGION: z.string().default('us-east-1'),
    DATA_DIR: z.string().default('.data'),
    /** DynamoDB table holding the responder's state on Lambda (processed jobs, incidents). */
    STATE_TABLE: z.string().min(3).optional(),
    RESPOND_BATCH_SIZE: z.coerce.number().int().min(1).max(10).default(10),
    RESPOND_VISIBILITY_SECONDS: z.coerce.number().int().min(5).max(43_200).default(60),
    RESPOND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  })
  .superRefine((c, ctx) => {
    if (c.QUEUE === 'sqs' && !c.SQS_QUEUE_URL) {
      ctx.addIssue({ code: 'custom', path: ['SQS_QUEUE_URL'], message: 'required when QUEUE=sqs' });
    }
  });
export type Config = z.infer<typeof ConfigSchema>;

/** Settings that look like ours but are not: a typo must not silently fall back to a default. */
const OUR_PREFIXES = /^(?:INGEST_|QUEUE|SQS_|SLACK_|RESPOND_|DATA_DIR|DEFAULT_CLUSTER|STATE_TABLE|ROLE$)/;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const known = new Set(Object.keys(ConfigSchema.shape));
  const unknown = Object.keys(env).filter((k) => OUR_PREFIXES.test(k) && !known.has(k));
  const problems = unknown.map((k) => `${k}: unknown setting`);
  const parsed = ConfigSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([k]) => known.has(k))),
  );
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  if (problems.length > 0 || !parsed.success)
    throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  return parsed.data;
}

export function ingestAuth(config: Config): IngestAuth {
  if (config.INGEST_AUTH === 'off') return { mode: 'off' };
  const fallback = config.INGEST_TOKEN;
  const missing = [
    config.INGEST_TOKEN_ALERTMANAGER,
    config.INGEST_TOKEN_EVENTS,
    config.INGEST_TOKEN_BUNDLES,
  ].some((t) => !t);
  if (missing && !fallback) {
    throw new ConfigError(
      'invalid configuration:\n  INGEST_TOKEN: required (or set INGEST_AUTH=off to accept unauthenticated webhooks)',
    );
  }
  return {
    mode: 'bearer',
    tokens: {
      alertmanager: config.INGEST_TOKEN_ALERTMANAGER ?? fallback ?? '',
      events: config.INGEST_TOKEN_EVENTS ?? fallback ?? '',
      bundles: config.INGEST_TOKEN_BUNDLES ?? fallback ?? '',
    },
  };
}
