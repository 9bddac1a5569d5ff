import { z } from 'zod';
import type { ThreadPolicy } from '../shared/incidents/policy.ts';
import type { IngestAuth } from '../shared/intake/routes.ts';
import { REMEDIATION_ACTIONS, type RemediationPolicy } from '../shared/remediation/model.ts';
import { parseSilenceDuration } from '../shared/silences/model.ts';
import { LOG_LEVELS } from './log/port.ts';

/**
 * A whole number from an environment variable, within [min, max]. Zod's own coercion would say "expected number,
 * received NaN" for `PORT=abc`: this names the value and the range instead.
 */
const integer = (min: number, max?: number) => {
  const range = max === undefined ? `use ${min} or more` : `use ${min} to ${max}`;
  const number = z.number().min(min, range);
  return z
    .string()
    .regex(/^\s*-?\d+\s*$/, {
      error: (issue) => `${JSON.stringify(issue.input)} is not a whole number (${range})`,
    })
    .transform(Number)
    .pipe(max === undefined ? number : number.max(max, range));
};

const port = integer(0, 65_535);

/**
 * A URL setting. Credentials in it (`https://user:pass@host/`) are refused at start-up: URLs end up in error
 * messages and logs, and secrets belong in the settings made for them (SLACK_BOT_TOKEN, the AWS credentials).
 */
const url = () =>
  z.url().refine(
    (value) => {
      const parsed = URL.parse(value);
      return parsed === null || (parsed.username === '' && parsed.password === '');
    },
    { message: 'must not contain credentials (user:password@): use the setting made for the secret' },
  );

/** `2h,8h,1d`: the silence durations offered, in seconds (1 minute to 30 days, at most 10). */
const durations = () =>
  z.string().transform((text, ctx) => {
    const parts = text.split(',').map((p) => p.trim());
    const seconds = parts.map(parseSilenceDuration);
    if (parts.length > 10 || seconds.some((s) => s === undefined || s < 60 || s > 30 * 86_400)) {
      ctx.addIssue({
        code: 'custom',
        message: 'use up to 10 durations such as 30m, 2h or 1d (1 minute to 30 days), separated by commas',
      });
      return z.NEVER;
    }
    return [...new Set(seconds as number[])];
  });

/** `prometheus.example.com,runbooks.example.com`: host names, lower-cased. */
const hostList = () =>
  z
    .string()
    .regex(/^[A-Za-z0-9.-]+(?:\s*,\s*[A-Za-z0-9.-]+)*$/, 'use host names separated by commas')
    .transform((text) => text.split(',').map((h) => h.trim().toLowerCase()));

/** `U024BE7LH,SPLATFORM`: Slack user (U…, W…) and user-group (S…) ids, separated by commas. */
const slackIds = () =>
  z
    .string()
    .regex(
      /^\s*[UWS][A-Z0-9]{2,20}(?:\s*,\s*[UWS][A-Z0-9]{2,20})*\s*$/,
      'use Slack user (U…, W…) or user-group (S…) ids separated by commas',
    )
    .transform((text) => text.split(',').map((id) => id.trim()));

/** Every setting the hosts read, from environment variables (the serverless convention). */
/**
 * An ingest bearer token: long enough to guess at no rate, and only the characters a bearer token may hold (RFC
 * 6750's b64token, what Hono's bearerAuth accepts): a token with others could never be presented.
 */
const ingestToken = z
  .string()
  .min(16, 'use at least 16 characters')
  .regex(/^[A-Za-z0-9._~+/-]+=*$/, 'use only letters, digits and - . _ ~ + / (and = at the end)');

export const ConfigSchema = z
  .object({
    /** all: ingest + respond in one process; ingest: webhooks in only; respond: queue consumer only. */
    ROLE: z.enum(['all', 'ingest', 'respond']).default('all'),
    PORT: port.default(8787),
    HOST: z.string().default('127.0.0.1'),
    INGEST_AUTH: z.enum(['bearer', 'off']).default('bearer'),
    INGEST_TOKEN: ingestToken.optional(),
    INGEST_TOKEN_ALERTMANAGER: ingestToken.optional(),
    INGEST_TOKEN_EVENTS: ingestToken.optional(),
    INGEST_TOKEN_BUNDLES: ingestToken.optional(),
    INGEST_MAX_BODY_BYTES: integer(1).default(1_048_576),
    DEFAULT_CLUSTER: z.string().min(1).default('default'),
    QUEUE: z.enum(['embedded', 'sqs']).default('embedded'),
    SQS_QUEUE_URL: url().optional(),
    SQS_ENDPOINT: url().optional(),
    AWS_REGION: z.string().default('us-east-1'),
    DATA_DIR: z.string().default('.data'),
    /** DynamoDB table holding the responder's state on Lambda (processed jobs, incidents). */
    STATE_TABLE: z.string().min(3).optional(),
    SLACK_BOT_TOKEN: z.string().startsWith('xoxb-', 'a bot token starts with xoxb-').optional(),
    SLACK_SIGNING_SECRET: z.string().min(16).optional(),
    /**
     * The app-level token (`xapp-…`, scope connections:write): with it the Node server takes `/pleg` and the buttons
     * over Slack's Socket Mode, an outbound WebSocket, instead of (or beside) the signed HTTP routes.
     */
    SLACK_APP_TOKEN: z
      .string()
      .startsWith('xapp-', 'an app-level token starts with xapp-')
      .min(16, 'use the whole app-level token')
      .optional(),
    SLACK_CHANNEL: z.string().min(1).optional(),
    SLACK_API_URL: url().default('https://slack.com/api/'),
    /** `https://acme.slack.com/archives`: lets a storm thread link to the per-node threads. */
    SLACK_ARCHIVE_URL: url().optional(),
    /** Alertmanager's API (`http://alertmanager:9093`): enables silences from the thread. */
    ALERTMANAGER_URL: url().optional(),
    /** Alertmanager as people reach it in a browser, for the prefilled silence link (default ALERTMANAGER_URL). */
    ALERTMANAGER_EXTERNAL_URL: url().optional(),
    ALERTMANAGER_BEARER_TOKEN: z.string().min(1).optional(),
    /** `user:password` for Alertmanager behind basic auth. */
    ALERTMANAGER_BASIC_AUTH: z
      .string()
      .regex(/^[^:]+:.+$/, 'use user:password')
      .optional(),
    SILENCE_DURATIONS: durations().default([7200]),
    /** true: Acknowledge also silences the incident's alerts for the first SILENCE_DURATIONS entry. */
    ACK_SILENCES: z.enum(['true', 'false']).default('false'),
    /** When set, a URL from an alert (generatorURL, runbook_url) becomes a link only on these hosts. */
    LINK_HOSTS: hostList().optional(),
    /** docs/causes.md as published (e.g. its GitHub page): each diagnosis links its cause's section. */
    DOCS_URL: url().optional(),
    REOPEN_WINDOW_SECONDS: integer(0).default(3600),
    STORM_THRESHOLD: integer(2).default(5),
    STORM_WINDOW_SECONDS: integer(1).default(60),
    STORM_EDIT_INTERVAL_SECONDS: integer(1).default(10),
    /** `prod=ctx-prod,edge=ctx-edge`: which kubeconfig context (from $KUBECONFIG) reaches which cluster. */
    KUBE_CONTEXTS: z
      .string()
      .regex(/^[^=,]+=[^=,]+(?:,[^=,]+=[^=,]+)*$/, 'use cluster=context pairs separated by commas')
      .optional(),
    /** true: read DEFAULT_CLUSTER through the pod's ServiceAccount (the in-cluster responder). */
    KUBE_IN_CLUSTER: z.enum(['true', 'false']).default('false'),
    KUBE_COLLECT_BUDGET_MS: integer(100, 60_000).default(5000),
    /** off: bundles taken on nodes are not kept apart from the incident (nor attached to its thread). */
    EVIDENCE_ARCHIVE: z.enum(['on', 'off']).default('on'),
    /** S3 bucket for the evidence archive (AWS); unset on Node: DATA_DIR/evidence.db; unset on Lambda: none. */
    EVIDENCE_BUCKET: z.string().min(3).optional(),
    EVIDENCE_PREFIX: z.string().default('evidence/'),
    /** A different S3 endpoint (local implementations, tests). */
    EVIDENCE_S3_ENDPOINT: url().optional(),
    EVIDENCE_PER_INCIDENT: integer(1, 1000).default(20),
    EVIDENCE_RETENTION_DAYS: integer(1, 3650).default(30),
    /** The embedded archive's total size (compressed), MB. */
    EVIDENCE_MAX_MB: integer(1).default(256),
    /** true: when a node incident opens, collect on its EC2 instance through SSM Run Command (needs its providerID). */
    SSM_COLLECT: z.enum(['true', 'false']).default('false'),
    /** The SSM document to run (infra/aws/ssm-collect.yaml, created by the SAM template). */
    SSM_DOCUMENT: z.string().min(3).default('PlegResponder-Collect'),
    /** How long to wait for the command, from SendCommand to its output. */
    SSM_TIMEOUT_SECONDS: integer(30, 900).default(120),
    /**
     * The bundle's bound on the node. Unset: 131072, so that gzip'd and base64'd it fits SSM's 24,000 characters of
     * inline output; with SSM_OUTPUT_BUCKET 1048576 (ssmMaxBytes).
     */
    SSM_MAX_BYTES: integer(16_384, 1_048_576).optional(),
    /** A different SSM endpoint (tests). */
    SSM_ENDPOINT: url().optional(),
    /** S3 bucket SSM writes each command's whole output to (SendCommand's OutputS3BucketName), read when cut inline. */
    SSM_OUTPUT_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'use an S3 bucket name (3 to 63 lower-case letters, digits, . and -)',
      )
      .optional(),
    /** The key prefix of those outputs (OutputS3KeyPrefix); the responder reads only under it. */
    SSM_OUTPUT_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*\/?$/,
        'use path segments of letters, digits, . _ and - separated by /, not starting with /',
      )
      .transform((prefix) => prefix.replace(/\/$/, ''))
      .default('pleg-responder/ssm'),
    /** A different S3 endpoint for SSM_OUTPUT_BUCKET (local implementations, tests). */
    SSM_OUTPUT_S3_ENDPOINT: url().optional(),
    RESPOND_BATCH_SIZE: integer(1, 10).default(10),
    RESPOND_BATCH_WINDOW_MS: integer(0, 300_000).default(100),
    RESPOND_VISIBILITY_SECONDS: integer(5, 43_200).default(60),
    RESPOND_MAX_ATTEMPTS: integer(1, 100).default(5),
    /** Cordon, drain, replace, uncordon from the thread: off (default), dry-run (calls listed, none made) or on. */
    REMEDIATION: z.enum(['off', 'dry-run', 'on']).default('off'),
    REMEDIATION_ALLOW_CORDON: slackIds().optional(),
    REMEDIATION_ALLOW_DRAIN: slackIds().optional(),
    REMEDIATION_ALLOW_REPLACE: slackIds().optional(),
    REMEDIATION_ALLOW_UNCORDON: slackIds().optional(),
    /** People who must say yes to a drain or replace, the requester included: 2 (a second person) or 1. */
    REMEDIATION_APPROVERS: z.enum(['1', '2']).default('2'),
    REMEDIATION_APPROVAL_TTL_SECONDS: integer(60, 86_400).default(900),
    REMEDIATION_MAX_NODES: integer(1).default(1),
    REMEDIATION_MAX_POOL_PERCENT: integer(1, 100).default(25),
    /** How long a drain evicts and waits before it reports what is left. */
    REMEDIATION_DRAIN_SECONDS: integer(5, 3600).default(25),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** json: one JSON object a line; pretty: readable lines. Unset: pretty on a terminal, json otherwise. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  })
  .superRefine((c, ctx) => {
    // Jobs of a batch stay invisible from their receive on: the window must end well before they reappear.
    if (c.RESPOND_BATCH_WINDOW_MS * 2 >= c.RESPOND_VISIBILITY_SECONDS * 1000) {
      ctx.addIssue({
        code: 'custom',
        path: ['RESPOND_BATCH_WINDOW_MS'],
        message: 'must be less than half of RESPOND_VISIBILITY_SECONDS',
      });
    }
    if (c.QUEUE === 'sqs' && !c.SQS_QUEUE_URL) {
      ctx.addIssue({ code: 'custom', path: ['SQS_QUEUE_URL'], message: 'required when QUEUE=sqs' });
    }
    if (c.ALERTMANAGER_BEARER_TOKEN && c.ALERTMANAGER_BASIC_AUTH) {
      ctx.addIssue({
        code: 'custom',
        path: ['ALERTMANAGER_BASIC_AUTH'],
        message: 'set ALERTMANAGER_BEARER_TOKEN or ALERTMANAGER_BASIC_AUTH, not both',
      });
    }
    if (c.ACK_SILENCES === 'true' && !c.ALERTMANAGER_URL) {
      ctx.addIssue({ code: 'custom', path: ['ACK_SILENCES'], message: 'needs ALERTMANAGER_URL' });
    }
    if (c.REMEDIATION !== 'off') {
      if (
        REMEDIATION_ACTIONS.every(
          (a) => !c[`REMEDIATION_ALLOW_${a.toUpperCase()}` as 'REMEDIATION_ALLOW_DRAIN'],
        )
      )
        ctx.addIssue({
          code: 'custom',
          path: ['REMEDIATION'],
          message:
            'allows nobody: list Slack users or user groups in REMEDIATION_ALLOW_CORDON, _DRAIN, _REPLACE or _UNCORDON',
        });
      // A drain runs inside its job: it must end well before the job reappears to another delivery.
      if (c.REMEDIATION_DRAIN_SECONDS * 2 >= c.RESPOND_VISIBILITY_SECONDS)
        ctx.addIssue({
          code: 'custom',
          path: ['REMEDIATION_DRAIN_SECONDS'],
          message: 'must be less than half of RESPOND_VISIBILITY_SECONDS',
        });
    }
    if (c.SLACK_BOT_TOKEN && !c.SLACK_CHANNEL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SLACK_CHANNEL'],
        message: 'required with SLACK_BOT_TOKEN (the incident channel id)',
      });
    }
  });
export type Config = z.infer<typeof ConfigSchema>;

/** Settings that look like ours but are not: a typo must not silently fall back to a default. */
const OUR_PREFIXES =
  /^(?:INGEST_|QUEUE|SQS_|SSM_|EVIDENCE_|SLACK_|RESPOND_|STORM_|REOPEN_|KUBE_|ALERTMANAGER_|SILENCE_|ACK_|LINK_|DOCS_|REMEDIATION|DATA_DIR|DEFAULT_CLUSTER|STATE_TABLE|ROLE$|LOG_(?:LEVEL|FORMAT))/;

export class ConfigError extends Error {}

/** Edit distance (insertions, deletions, substitutions) between two setting names. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * `INGEST_TOKN: unknown setting (did you mean INGEST_TOKEN?)`: the known names a typo (a few letters off) or a
 * shortened name (every word of it in a known name: SLACK_TOKEN → SLACK_BOT_TOKEN or SLACK_APP_TOKEN) points to.
 */
function unknownSetting(name: string, known: ReadonlySet<string>): string {
  const words = name.split('_');
  const near = [...known].filter((k) => distance(name, k) <= Math.max(2, Math.floor(name.length / 4)));
  const wider = [...known].filter((k) => words.every((w) => k.split('_').includes(w)));
  const guesses = near.length > 0 ? near : wider;
  const hint = guesses.length > 0 && guesses.length <= 3 ? ` (did you mean ${guesses.join(' or ')}?)` : '';
  return `${name}: unknown setting${hint}`;
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  const known = new Set(Object.keys(ConfigSchema.shape));
  const unknown = Object.keys(env).filter((k) => OUR_PREFIXES.test(k) && !known.has(k));
  const problems = unknown.map((k) => unknownSetting(k, known));
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

/**
 * The hosts an alert's URLs (generatorURL, runbook_url) may link to: LINK_HOSTS when set; else the hosts of the
 * URLs an operator configured for people to open — Alertmanager (ALERTMANAGER_URL, ALERTMANAGER_EXTERNAL_URL) and
 * the cause documentation (DOCS_URL) — and no other: an alert's text, or anyone able to post one to Alertmanager,
 * chooses its URLs. Prometheus has no setting here; list its host in LINK_HOSTS for the query links.
 */
export function linkHosts(config: Config): string[] {
  if (config.LINK_HOSTS) return config.LINK_HOSTS;
  const urls = [config.ALERTMANAGER_URL, config.ALERTMANAGER_EXTERNAL_URL, config.DOCS_URL];
  return [...new Set(urls.flatMap((u) => (u ? [new URL(u).hostname.toLowerCase()] : [])))];
}

/** Remediation as configured; undefined when REMEDIATION=off. */
export function remediationPolicy(config: Config): RemediationPolicy | undefined {
  if (config.REMEDIATION === 'off') return undefined;
  return {
    mode: config.REMEDIATION,
    allow: {
      cordon: config.REMEDIATION_ALLOW_CORDON ?? [],
      drain: config.REMEDIATION_ALLOW_DRAIN ?? [],
      replace: config.REMEDIATION_ALLOW_REPLACE ?? [],
      uncordon: config.REMEDIATION_ALLOW_UNCORDON ?? [],
    },
    approvers: config.REMEDIATION_APPROVERS === '1' ? 1 : 2,
    approvalTtlMs: config.REMEDIATION_APPROVAL_TTL_SECONDS * 1000,
    maxNodes: config.REMEDIATION_MAX_NODES,
    maxPoolPercent: config.REMEDIATION_MAX_POOL_PERCENT,
  };
}

/**
 * SSM_MAX_BYTES, or its default: inline, the gzip'd and base64'd bundle must fit SSM's 24,000 characters; with an
 * output bucket SSM writes the whole output to S3, and the bundle gets the bound of one posted to /v1/bundles (1 MiB,
 * ingest's default body limit), so the node's logs are cut no more than the agent's would be.
 */
export function ssmMaxBytes(config: Config): number {
  return config.SSM_MAX_BYTES ?? (config.SSM_OUTPUT_BUCKET ? 1_048_576 : 131_072);
}

/** How incident threads behave, from the configuration. */
export function threadPolicy(config: Config): ThreadPolicy {
  return {
    channel: config.SLACK_CHANNEL ?? '',
    reopenWindowMs: config.REOPEN_WINDOW_SECONDS * 1000,
    storm: { threshold: config.STORM_THRESHOLD, windowMs: config.STORM_WINDOW_SECONDS * 1000 },
    stormEditIntervalMs: config.STORM_EDIT_INTERVAL_SECONDS * 1000,
    archiveUrl: config.SLACK_ARCHIVE_URL,
    ...(config.ALERTMANAGER_URL
      ? {
          silences: {
            durationsSeconds: config.SILENCE_DURATIONS,
            onAcknowledge: config.ACK_SILENCES === 'true',
          },
        }
      : {}),
    links: {
      hosts: linkHosts(config),
      ...(config.ALERTMANAGER_EXTERNAL_URL || config.ALERTMANAGER_URL
        ? { alertmanagerUrl: config.ALERTMANAGER_EXTERNAL_URL ?? config.ALERTMANAGER_URL }
        : {}),
      ...(config.DOCS_URL ? { causesUrl: config.DOCS_URL } : {}),
    },
    ...(config.REMEDIATION !== 'off' ? { remediation: remediationPolicy(config) } : {}),
  };
}

/** Cluster name → how to reach it: kubeconfig contexts, and/or the pod's ServiceAccount for DEFAULT_CLUSTER. */
export function kubeClusters(
  config: Config,
): Array<{ cluster: string; context?: string; inCluster?: boolean }> {
  const clusters: Array<{ cluster: string; context?: string; inCluster?: boolean }> = (
    config.KUBE_CONTEXTS ?? ''
  )
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [cluster = '', context = ''] = pair.split('=').map((s) => s.trim());
      return { cluster, context };
    });
  if (config.KUBE_IN_CLUSTER === 'true') clusters.push({ cluster: config.DEFAULT_CLUSTER, inCluster: true });
  return clusters;
}

/** The values no log line may show, whatever field or message carries them. */
export function configSecrets(config: Config): string[] {
  return [
    config.INGEST_TOKEN,
    config.INGEST_TOKEN_ALERTMANAGER,
    config.INGEST_TOKEN_EVENTS,
    config.INGEST_TOKEN_BUNDLES,
    config.SLACK_BOT_TOKEN,
    config.SLACK_SIGNING_SECRET,
    config.SLACK_APP_TOKEN,
    config.ALERTMANAGER_BEARER_TOKEN,
    config.ALERTMANAGER_BASIC_AUTH,
    // The password alone, should a message ever show it apart from the user.
    config.ALERTMANAGER_BASIC_AUTH?.slice(config.ALERTMANAGER_BASIC_AUTH.indexOf(':') + 1),
  ].filter((s): s is string => s !== undefined);
}
