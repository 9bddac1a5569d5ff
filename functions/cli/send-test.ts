// `pleg-responder send-test`: the smoke test of a running server. Posts the sample incident of infra/samples/ (an
// Alertmanager notification and a node's evidence bundle) the way Alertmanager and a node-side script would, with
// the ingest token. The samples are bundled into the build, so the installed package needs no data files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import alertSample from '../../infra/samples/alertmanager-pleg.json' with { type: 'json' };
import bundleSample from '../../infra/samples/bundle-fd-exhaustion.json' with { type: 'json' };
import { UsageError } from './exit-codes.ts';

export interface SendTestOptions {
  /** Where the server listens (its ingest). */
  url: string;
  /** The ingest token, when given (INGEST_TOKEN). */
  token?: string;
  /** A file holding the token (the server's DATA_DIR/ingest-token, or a mounted Secret). */
  tokenFile: string;
  now?: Date;
}

/** How long before "now" the sample alert starts: the thread then says the node has been NotReady a while. */
const ALERT_AGE_MS = 3 * 60_000;

/**
 * The samples with their times moved to just now, as if the node failed minutes ago: the incident's age in the
 * thread is then the one a real alert would show, and each run is a new signal rather than a replay.
 */
export function currentSamples(now: Date): { alert: typeof alertSample; bundle: typeof bundleSample } {
  const shift = now.getTime() - ALERT_AGE_MS - Date.parse(alertSample.alerts[0]?.startsAt ?? '');
  const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
  return {
    alert: {
      ...alertSample,
      alerts: alertSample.alerts.map((a) => ({ ...a, startsAt: moved(a.startsAt) })),
    },
    bundle: {
      ...bundleSample,
      conditions: bundleSample.conditions.map((c) => ({
        ...c,
        lastHeartbeatTime: moved(c.lastHeartbeatTime),
        lastTransitionTime: moved(c.lastTransitionTime),
      })),
    },
  };
}

function readToken(options: SendTestOptions): string {
  if (options.token) return options.token;
  try {
    return readFileSync(options.tokenFile, 'utf8').trim();
  } catch (error) {
    throw new UsageError(
      `no ingest token: ${options.tokenFile} cannot be read (${(error as NodeJS.ErrnoException).code}). ` +
        'Start the server first (pleg-responder serve, or npm start in a clone: it creates the token there), ' +
        'or give INGEST_TOKEN or --token-file',
    );
  }
}

/** What a refused post means for the person running the test. */
function refusal(status: number, body: string): string {
  if (status === 401)
    return "the server refused the token (401): use the server's INGEST_TOKEN or its ingest-token file";
  if (status === 404) return 'no ingest route there (404): is the URL the ingest of a pleg-responder server?';
  return `the server answered ${status}: ${body.slice(0, 300)}`;
}

/** Posts the sample alert and bundle; returns the lines to print. Throws a UsageError when the server is not ready. */
export async function sendTest(options: SendTestOptions): Promise<string[]> {
  if (!URL.canParse(options.url) || !/^https?:$/.test(new URL(options.url).protocol))
    throw new UsageError(`--url: ${JSON.stringify(options.url)} is not an http(s) URL`);
  const token = readToken(options);
  const { alert, bundle } = currentSamples(options.now ?? new Date());
  const lines: string[] = [];
  for (const [route, body] of [
    ['/v1/alertmanager', alert],
    ['/v1/bundles', bundle],
  ] as const) {
    const target = new URL(route, options.url);
    const response = await fetch(target, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: Error) => {
      const cause = error.cause as NodeJS.ErrnoException | undefined;
      const why = cause?.code ?? cause?.message ?? error.message;
      throw new UsageError(
        `cannot reach ${target.origin} (${why}): is the server running? (pleg-responder serve, or npm start)`,
      );
    });
    const text = await response.text();
    if (response.status !== 202) throw new UsageError(`POST ${route}: ${refusal(response.status, text)}`);
    lines.push(`POST ${route} → 202 queued`);
  }
  lines.push(
    'Sent a sample incident (node worker-7.eu1.internal, cluster prod-eu1). Its thread appears in Slack, or in ' +
      "the server's log without Slack, within a few seconds.",
  );
  return lines;
}

/** The defaults of `send-test`, from the environment as the server reads it. */
export function sendTestDefaults(env: NodeJS.ProcessEnv): { url: string; tokenFile: string } {
  return {
    url: `http://127.0.0.1:${env.PORT ?? '8787'}`,
    tokenFile: join(env.DATA_DIR ?? '.data', 'ingest-token'),
  };
}
