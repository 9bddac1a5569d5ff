import type { CoreV1Event } from '@kubernetes/client-node';
import type { KubeEvent } from '../schemas/kube-event.ts';
import { epochMs, rfc3339 } from './time.ts';

/** A core/v1 Event with RFC 3339 times and without the bulk (managedFields, annotations). */
export function toBundleEvent(e: CoreV1Event): KubeEvent {
  const ref = e.involvedObject;
  return {
    type: e.type ?? null,
    reason: e.reason ?? null,
    message: e.message ?? null,
    count: e.count ?? null,
    involvedObject: {
      ...(ref.kind ? { kind: ref.kind } : {}),
      ...(ref.name ? { name: ref.name } : {}),
      ...(ref.namespace ? { namespace: ref.namespace } : {}),
      ...(ref.uid ? { uid: ref.uid } : {}),
      ...(ref.apiVersion ? { apiVersion: ref.apiVersion } : {}),
      ...(ref.fieldPath ? { fieldPath: ref.fieldPath } : {}),
    },
    source: {
      ...(e.source?.component ? { component: e.source.component } : {}),
      ...(e.source?.host ? { host: e.source.host } : {}),
    },
    reportingComponent: e.reportingComponent ?? null,
    firstTimestamp: rfc3339(e.firstTimestamp) ?? null,
    lastTimestamp: rfc3339(e.lastTimestamp) ?? null,
    eventTime: rfc3339(e.eventTime) ?? null,
    ...(e.series
      ? { series: { count: e.series.count, lastObservedTime: rfc3339(e.series.lastObservedTime) ?? null } }
      : {}),
    metadata: { name: e.metadata.name, namespace: e.metadata.namespace },
  };
}

/** When the event last happened: series, lastTimestamp, eventTime, creation — the first one set. */
export function lastSeenMs(e: CoreV1Event): number | undefined {
  return (
    epochMs(e.series?.lastObservedTime) ??
    epochMs(e.lastTimestamp) ??
    epochMs(e.eventTime) ??
    epochMs(e.metadata.creationTimestamp)
  );
}

export interface EventSelection {
  node: string;
  /** `namespace/name` and uids of the node's pods, when the pod list was read. */
  podKeys: ReadonlySet<string> | undefined;
  now: Date;
  windowMs: number;
  max: number;
}

/** Whether a cluster-wide Warning event is about this node or one of its pods. */
function aboutNode(e: CoreV1Event, s: EventSelection): boolean {
  const ref = e.involvedObject;
  if (ref.kind === 'Node' && ref.name === s.node) return true;
  if (e.source?.host === s.node || e.reportingInstance === s.node) return true;
  if (ref.kind !== 'Pod' || !s.podKeys) return false;
  return (
    s.podKeys.has(`${ref.namespace ?? ''}/${ref.name ?? ''}`) || (ref.uid ? s.podKeys.has(ref.uid) : false)
  );
}

/**
 * The node's events and the Warning events about it or its pods, within the window, without duplicates, oldest
 * first; at most `max` (the most recent ones).
 */
export function selectEvents(
  nodeEvents: readonly CoreV1Event[],
  warnings: readonly CoreV1Event[],
  s: EventSelection,
): KubeEvent[] {
  const since = s.now.getTime() - s.windowMs;
  const seen = new Set<string>();
  const kept: { at: number; event: CoreV1Event }[] = [];
  const keep = (e: CoreV1Event) => {
    const id = e.metadata.uid ?? `${e.metadata.namespace ?? ''}/${e.metadata.name ?? ''}`;
    if (seen.has(id)) return;
    seen.add(id);
    const at = lastSeenMs(e);
    if (at !== undefined && at < since) return;
    kept.push({ at: at ?? s.now.getTime(), event: e });
  };
  for (const e of nodeEvents) keep(e);
  for (const e of warnings) if (aboutNode(e, s)) keep(e);
  return kept
    .sort((a, b) => a.at - b.at)
    .slice(-s.max)
    .map((k) => toBundleEvent(k.event));
}
