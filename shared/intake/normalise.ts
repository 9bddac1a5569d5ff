import { NPD_CONDITION_FACTS, NPD_EVENT_FACTS } from '../diagnosis/rules/npd.ts';
import { type AlertmanagerPayload, NODE_LABELS } from '../schemas/alertmanager.ts';
import type { EvidenceBundle } from '../schemas/bundle.ts';
import { hashedKey, type Job } from '../schemas/job.ts';
import { type EventWebhookEvent, type NormalisedEvent, normaliseEvent } from '../schemas/kube-event.ts';

export interface Dropped {
  reason: string;
  count: number;
}

export interface Normalised {
  jobs: Job[];
  dropped: Dropped[];
}

/**
 * What normalising a body would give, counted without making the jobs (no dedup keys hashed): all ingest needs
 * when the queue stores the body whole and the responder derives the jobs again on delivery.
 */
export interface Tally {
  jobs: number;
  dropped: Dropped[];
}

function nodeOfLabels(labels: Record<string, string>): string {
  for (const name of NODE_LABELS) {
    const value = labels[name];
    // `instance` is host:port for kubelet targets; node-exporter relabels it to the node name.
    if (value) return name === 'instance' ? value.replace(/:\d+$/, '') : value;
  }
  return '';
}

const FNV_OFFSET = 14695981039346656037n;
const FNV_PRIME = 1099511628211n;
const MASK_64 = (1n << 64n) - 1n;
const SEPARATOR = 255;

/**
 * Alertmanager's own alert fingerprint (Prometheus `model.LabelSet.Fingerprint`): FNV-1a 64 over the sorted
 * label names and values, each followed by a 0xff byte. Senders that omit `fingerprint` get the one Alertmanager
 * would have given the same labels, so firing and resolved notifications of one alert still pair up.
 */
export function labelFingerprint(labels: Record<string, string>): string {
  let hash = FNV_OFFSET;
  const add = (byte: number) => {
    hash = ((hash ^ BigInt(byte)) * FNV_PRIME) & MASK_64;
  };
  for (const name of Object.keys(labels).sort()) {
    for (const byte of new TextEncoder().encode(name)) add(byte);
    add(SEPARATOR);
    for (const byte of new TextEncoder().encode(labels[name] ?? '')) add(byte);
    add(SEPARATOR);
  }
  return hash.toString(16).padStart(16, '0');
}

export function normaliseAlertmanager(
  payload: AlertmanagerPayload,
  defaultCluster: string,
  receivedAt: string,
): Normalised {
  // Each alert carries its full label set (commonLabels is only what they share), so alerts are used as sent.
  const jobs = payload.alerts.map(
    (alert): Job => ({
      kind: 'alert',
      // One notification of one alert: a resend of it is the same job, its resolution is another.
      dedupKey: hashedKey('alert', [
        alert.fingerprint ?? labelFingerprint(alert.labels),
        alert.status,
        alert.startsAt,
      ]),
      cluster: alert.labels.cluster ?? defaultCluster,
      node: nodeOfLabels(alert.labels),
      receivedAt,
      alert,
      groupKey: payload.groupKey,
      externalURL: payload.externalURL,
    }),
  );
  return { jobs, dropped: truncated(payload) };
}

/** The alerts Alertmanager left out of the notification (its `max_alerts`). */
function truncated(payload: AlertmanagerPayload): Dropped[] {
  return payload.truncatedAlerts > 0
    ? [{ reason: 'truncated by Alertmanager (max_alerts)', count: payload.truncatedAlerts }]
    : [];
}

export function tallyAlertmanager(payload: AlertmanagerPayload): Tally {
  return { jobs: payload.alerts.length, dropped: truncated(payload) };
}

/**
 * Reasons about a Node that describe its health: the kubelet's and the node controller's, and every problem
 * node-problem-detector (or our probes under it) reports, as condition type or event reason (rules/npd.ts).
 */
const NODE_HEALTH_REASONS = new Set([
  'NodeNotReady',
  'NodeReady',
  'NodeNotSchedulable',
  'Rebooted',
  'ContainerGCFailed',
  'ImageGCFailed',
  'NodeHasInsufficientMemory',
  'NodeHasDiskPressure',
  'NodeHasInsufficientPID',
  'EvictionThresholdMet',
  'SystemOOM',
  // NPD's kernel monitor on the OOM killer: no fact of its own (the kernel lines are), still node health.
  'OOMKilling',
  ...Object.keys(NPD_CONDITION_FACTS),
  ...Object.keys(NPD_EVENT_FACTS),
]);
/** Pod events that come from the runtime failing on that pod's node. */
const POD_RUNTIME_REASONS = new Set([
  'FailedCreatePodSandBox',
  'FailedKillPod',
  'FailedPodSandBoxStatus',
  'FailedSync',
]);

function isNodeProblemDetector(component: string): boolean {
  return /problem-detector|kernel-monitor|health-checker|systemd-monitor|custom-plugin-monitor|pleg-responder-probes/.test(
    component,
  );
}

function nodeOfEvent(event: EventWebhookEvent, e: NormalisedEvent): { node: string } | { drop: string } {
  if (e.kind === 'Node') {
    if (
      NODE_HEALTH_REASONS.has(e.reason) ||
      isNodeProblemDetector(e.component) ||
      e.reason.startsWith('Node')
    ) {
      return e.name ? { node: e.name } : { drop: 'node event without a node name' };
    }
    return { drop: 'node event not about health' };
  }
  if (e.kind === 'Pod' && POD_RUNTIME_REASONS.has(e.reason)) {
    const host = event.source?.host ?? event.deprecatedSource?.host;
    return host ? { node: host } : { drop: 'pod runtime event without a node' };
  }
  return { drop: 'not about node health' };
}

interface EventTarget {
  event: EventWebhookEvent;
  e: NormalisedEvent;
  node: string;
}

/** The events that are about a node's health, each with its node, and how many of the rest were dropped why. */
function eventTargets(events: readonly EventWebhookEvent[]): { targets: EventTarget[]; dropped: Dropped[] } {
  const targets: EventTarget[] = [];
  const dropped = new Map<string, number>();
  for (const event of events) {
    const e = normaliseEvent(event);
    const target = nodeOfEvent(event, e);
    if ('drop' in target) dropped.set(target.drop, (dropped.get(target.drop) ?? 0) + 1);
    else targets.push({ event, e, node: target.node });
  }
  return { targets, dropped: [...dropped].map(([reason, count]) => ({ reason, count })) };
}

export function normaliseEvents(
  events: readonly EventWebhookEvent[],
  defaultCluster: string,
  receivedAt: string,
): Normalised {
  const { targets, dropped } = eventTargets(events);
  const jobs = targets.map(({ event, e, node }): Job => {
    // An Event object is one uid whose count grows: each new count is news. Without a uid, its content names it.
    const identity =
      event.metadata?.uid !== undefined
        ? ['uid', event.metadata.uid]
        : ['content', e.kind, e.name, e.reason, event.firstTimestamp, event.eventTime, e.message];
    return {
      kind: 'event',
      dedupKey: hashedKey('event', [...identity, e.count]),
      cluster: event.clusterName ?? defaultCluster,
      node,
      receivedAt,
      event,
    };
  });
  return { jobs, dropped };
}

export function tallyEvents(events: readonly EventWebhookEvent[]): Tally {
  const { targets, dropped } = eventTargets(events);
  return { jobs: targets.length, dropped };
}

export function normaliseBundle(
  bundle: EvidenceBundle & { node: string },
  defaultCluster: string,
  receivedAt: string,
): Normalised {
  return {
    jobs: [
      {
        kind: 'bundle',
        dedupKey: hashedKey('bundle', [bundle]),
        cluster: bundle.cluster ?? defaultCluster,
        node: bundle.node,
        receivedAt,
        bundle,
      },
    ],
    dropped: [],
  };
}

export function tallyBundle(): Tally {
  return { jobs: 1, dropped: [] };
}
