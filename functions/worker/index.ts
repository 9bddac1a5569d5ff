import type { Hono } from 'hono';
import { ConfigError, configSecrets, loadConfig } from '../config.ts';
import { createEdgeIngest } from '../ingest/edge.ts';
import { consoleJsonLogger } from '../log/console.ts';

/** Worker bindings: plain-text vars from wrangler.toml and secrets from `wrangler secret put`. */
type Env = Record<string, unknown>;

const AWS_SECRETS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'];

function settings(env: Env): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(([k, v]) => typeof v === 'string' && !AWS_SECRETS.includes(k)) as [
      string,
      string,
    ][],
  );
}

function build(env: Env): Hono {
  const config = loadConfig(settings(env));
  const log = consoleJsonLogger({ level: config.LOG_LEVEL, secrets: configSecrets(config) });
  return createEdgeIngest(config, 'the Worker', log, {
    accessKeyId: String(env.AWS_ACCESS_KEY_ID ?? ''),
    secretAccessKey: String(env.AWS_SECRET_ACCESS_KEY ?? ''),
    sessionToken: typeof env.AWS_SESSION_TOKEN === 'string' ? env.AWS_SESSION_TOKEN : undefined,
  });
}

// One app per isolate: configuration is read once, on the first request.
let app: Hono | ConfigError | undefined;

export default {
  async fetch(request: Request, env: Env, ctx: unknown): Promise<Response> {
    if (app === undefined) {
      try {
        app = build(env);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        consoleJsonLogger().error(error.message, { component: 'server' });
        app = error;
      }
    }
    if (app instanceof ConfigError) {
      return Response.json({ error: 'server misconfigured', issues: [] }, { status: 500 });
    }
    return app.fetch(request, env, ctx as never);
  },
};
