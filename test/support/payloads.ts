import type { AlertmanagerPayload } from '../../shared/schemas/alertmanager.ts';
import type { Job } from '../../shared/schemas/job.ts';

export function alert(node: string, overrides: Partial<AlertmanagerPayload['alerts'][number]> = {}) {
  return {
    status: 'firing' as const,
    labels: { alertname: 'KubeNodeNotReady', node, cluster: 'prod', severity: 'warning' },
    annotations: { summary: 'Node is not ready.' },
    startsAt: '2026-11-21T03:00:00Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus:9090/graph',
    fingerprint: `fp-${node}`,
    ...overrides,
  };
}

export function alertmanagerPayload(alerts: ReturnType<typeof alert>[], truncatedAlerts = 0) {
  const status = alerts.some((a) => a.status === 'firing') ? 'firing' : 'resolved';
  return {
    receiver: 'pleg-responder',
    status,
    alerts,
    groupLabels: { alertname: 'KubeNodeNotReady' },
    commonLabels: { alertname: 'KubeNodeNotReady', cluster: 'prod' },
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: '{}:{alertname="KubeNodeNotReady"}',
    truncatedAlerts,
  };
}

/** A core/v1 Event as the kubelet writes it when the node turns NotReady. */
export function nodeNotReadyEvent(node: string, uid = `uid-${node}`) {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${node}.17a2b3c4d5e6f7a8`, namespace: 'default', uid },
    involvedObject: { kind: 'Node', name: node, uid: node },
    reason: 'NodeNotReady',
    message: `Node ${node} status is now: NodeNotReady`,
    source: { component: 'kubelet', host: node },
    firstTimestamp: '2026-11-21T03:00:00Z',
    lastTimestamp: '2026-11-21T03:00:00Z',
    count: 1,
    type: 'Normal',
  };
}

/** The smallest valid job: a pushed bundle that names only its node. */
export function bundleJob(node: string, cluster = 'c'): Job {
  return {
    kind: 'bundle',
    dedupKey: `bundle:${node}`,
    cluster,
    node,
    receivedAt: '2026-11-21T03:00:00.000Z',
    bundle: { node },
  };
}

/** A KubeNodeNotReady alert as a queued job (what ingest derives from one Alertmanager alert). */
export function alertJob(
  node: string,
  options: { cluster?: string; dedupKey?: string; receivedAt?: string; labels?: Record<string, string> } = {},
): Job {
  const receivedAt = options.receivedAt ?? '2026-11-21T03:00:00.000Z';
  return {
    kind: 'alert',
    dedupKey: options.dedupKey ?? `alert:${node}`,
    cluster: options.cluster ?? 'prod',
    node,
    receivedAt,
    alert: {
      status: 'firing',
      labels: { alertname: 'KubeNodeNotReady', node, ...options.labels },
      annotations: {},
      startsAt: receivedAt,
    },
    groupKey: '{}',
    externalURL: '',
  };
}
