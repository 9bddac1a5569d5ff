import { ConsoleChat } from '../shared/chat/console.ts';
import type { ChatPort } from '../shared/chat/port.ts';
import { SlackChat } from '../shared/chat/slack.ts';
import type { EvidenceArchive } from '../shared/evidence/archive.ts';
import type { IncidentStore } from '../shared/incidents/model.ts';
import type { ProcessedStore } from '../shared/queue/port.ts';
import type { RemediationPort } from '../shared/remediation/port.ts';
import { AlertmanagerSilences } from '../shared/silences/alertmanager.ts';
import type { SilencePort } from '../shared/silences/port.ts';
import { type Config, ConfigError, threadPolicy } from './config.ts';
import type { Logger } from './log/port.ts';
import { slackSdkLogger } from './log/slack-sdk.ts';
import { liveEvidenceFrom, remediationFrom } from './respond/live-config.ts';
import { meteredChat, type RespondMetrics } from './respond/metrics.ts';
import { RespondPipeline } from './respond/pipeline.ts';
import type { RespondDeps } from './respond/respond.ts';

/** Where the responder runs: a Node process (embedded, or the in-cluster pod), or an AWS Lambda function. */
export type ResponderHost = 'node' | 'lambda';

export interface ResponderParts {
  host: ResponderHost;
  /** Incident state: SQLite on Node, DynamoDB on Lambda. */
  store: IncidentStore;
  /**
   * Bundles taken on nodes, kept with their diagnosis (SQLite in DATA_DIR, or S3), and where a Replace keeps the
   * incident's evidence first; none: not kept apart, and Replace refuses.
   */
  evidence?: EvidenceArchive;
  /** Jobs already handled: a redelivery is acknowledged without being handled twice. */
  processed: ProcessedStore;
  /** Replaces the chat the configuration picks (tests). */
  chat?: ChatPort;
  /** Replaces the Alertmanager ALERTMANAGER_URL names (tests). */
  silences?: SilencePort;
  /** Replaces the clusters KUBE_* names for remediation (tests). */
  remediation?: RemediationPort;
  /** Where the console chat prints (stdout; the function log on Lambda). */
  write?: (text: string) => void;
  /** The host's logger, without a component: the responder's lines are `respond`, Slack's SDK's `slack`. */
  log: Logger;
  /** Where the responder counts diagnoses, latencies and chat calls (none on Lambda). */
  metrics?: RespondMetrics;
  now?: () => Date;
}

/**
 * A Lambda function is not a pod: it has no ServiceAccount token to read the cluster with. A kubeconfig file
 * packaged with the function (KUBECONFIG) and KUBE_CONTEXTS do work there.
 */
function refuseUnreachable(config: Config, host: ResponderHost): void {
  if (host === 'lambda' && config.KUBE_IN_CLUSTER === 'true') {
    throw new ConfigError(
      'invalid configuration:\n  KUBE_IN_CLUSTER: a Lambda function runs outside the cluster and has no ServiceAccount; ' +
        'package a kubeconfig with the function (KUBECONFIG) and name its context in KUBE_CONTEXTS',
    );
  }
}

/** The chat service the configuration picks, as its downstream faults name it. */
export function chatTransport(config: Config): 'slack' | 'console' {
  return config.SLACK_BOT_TOKEN ? 'slack' : 'console';
}

/**
 * The one place the responder is put together, for every host: Slack when it is configured, else the console —
 * Alertmanager for silences when ALERTMANAGER_URL is set —
 * the same chat port, so both get the whole incident lifecycle — live evidence for the clusters KUBE_* names,
 * and the incident store the host brings. The pipeline itself is in functions/respond/pipeline.ts.
 */
export function composeResponder(config: Config, parts: ResponderParts): RespondDeps {
  refuseUnreachable(config, parts.host);
  const chat =
    parts.chat ??
    (config.SLACK_BOT_TOKEN
      ? new SlackChat({
          token: config.SLACK_BOT_TOKEN,
          slackApiUrl: config.SLACK_API_URL,
          logger: slackSdkLogger(parts.log.child({ component: 'slack' })),
        })
      : new ConsoleChat({ write: parts.write }));
  const slack = chat instanceof SlackChat ? chat : undefined;
  const handler = new RespondPipeline({
    store: parts.store,
    answered: parts.processed,
    chat: parts.metrics ? meteredChat(chat, chatTransport(config), parts.metrics) : chat,
    metrics: parts.metrics,
    policy: threadPolicy(config),
    live: liveEvidenceFrom(config, parts.log),
    silences:
      parts.silences ??
      (config.ALERTMANAGER_URL
        ? new AlertmanagerSilences({
            url: config.ALERTMANAGER_URL,
            bearerToken: config.ALERTMANAGER_BEARER_TOKEN,
            basicAuth: config.ALERTMANAGER_BASIC_AUTH,
          })
        : undefined),
    remediation: parts.remediation ?? remediationFrom(config),
    userGroups: slack,
    evidence: parts.evidence,
    progressIntervalMs: 15_000,
    now: parts.now,
    log: parts.log.child({ component: 'respond' }),
  });
  return { handler, processed: parts.processed };
}
