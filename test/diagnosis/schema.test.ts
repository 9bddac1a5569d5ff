import { describe, expect, it } from 'vitest';
import { describeIssues, EvidenceBundleSchema, formatPath } from '../../shared/schemas/bundle.ts';

function issuesOf(raw: unknown): Array<{ path: string; message: string }> {
  const result = EvidenceBundleSchema.safeParse(raw);
  if (result.success) throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
  return describeIssues(result.error);
}

describe('EvidenceBundleSchema', () => {
  it('accepts an empty bundle: every field is optional', () => {
    expect(EvidenceBundleSchema.parse({})).toEqual({});
  });

  it('keeps unknown fields at every level instead of rejecting them', () => {
    const parsed = EvidenceBundleSchema.parse({
      node: 'app04',
      senderVersion: 'collector/2.3.1',
      conditions: [{ type: 'Ready', status: 'False', message: 'PLEG is not healthy', lastProbeTime: null }],
      events: [
        {
          reason: 'NodeNotReady',
          count: 3,
          metadata: { name: 'app04.17a8b3c4d5e6f7a8', namespace: 'default' },
        },
      ],
      alerts: [
        {
          status: 'firing',
          labels: { alertname: 'KubeNodeNotReady' },
          silenceURL: 'http://am/#/silences/new',
        },
      ],
      logs: { kubelet: 'line', kubeProxy: 'kube-proxy line' },
      counts: { pods: 3, daemonsets: 7 },
    });
    expect(parsed.senderVersion).toBe('collector/2.3.1');
    expect(parsed.conditions?.[0]?.lastProbeTime).toBeNull();
    expect(parsed.events?.[0]?.metadata).toEqual({ name: 'app04.17a8b3c4d5e6f7a8', namespace: 'default' });
    expect(parsed.alerts?.[0]?.silenceURL).toBe('http://am/#/silences/new');
    expect(parsed.logs?.kubeProxy).toBe('kube-proxy line');
    expect(parsed.counts?.daemonsets).toBe(7);
  });

  it('fills alert labels and annotations with empty maps when absent', () => {
    const parsed = EvidenceBundleSchema.parse({ alerts: [{ status: 'firing' }] });
    expect(parsed.alerts?.[0]?.labels).toEqual({});
    expect(parsed.alerts?.[0]?.annotations).toEqual({});
  });

  it('accepts both Event API shapes and nulls where the API server sends them', () => {
    const parsed = EvidenceBundleSchema.safeParse({
      events: [
        {
          type: 'Normal',
          reason: 'NodeNotReady',
          message: 'Node app04 status is now: NodeNotReady',
          count: 1,
          firstTimestamp: '2024-05-01T10:00:00Z',
          lastTimestamp: '2024-05-01T10:00:00Z',
          eventTime: null,
          series: null,
        },
        {
          type: 'Normal',
          reason: 'NodeNotReady',
          note: 'Node app04 status is now: NodeNotReady',
          regarding: { kind: 'Node', name: 'app04' },
          deprecatedCount: 0,
          deprecatedFirstTimestamp: null,
          eventTime: '2024-05-01T10:00:00.000000Z',
          series: { count: 4, lastObservedTime: '2024-05-01T10:20:00.000000Z' },
        },
      ],
    });
    expect(parsed.success).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['counts.pods', { counts: { pods: 'many' } }, 'counts.pods'],
    ['a fractional count', { counts: { containers: 12.5 } }, 'counts.containers'],
    ['events[0].count', { events: [{ reason: 'NodeNotReady', count: -1 }] }, 'events[0].count'],
    ['a nested event field', { events: [{}, { series: { count: 'x' } }] }, 'events[1].series.count'],
    ['logs.kubelet', { logs: { kubelet: 5 } }, 'logs.kubelet'],
    ['a command output', { commandOutputs: { 'ps aux': 7 } }, 'commandOutputs["ps aux"]'],
    ['a condition without status', { conditions: [{ type: 'Ready' }] }, 'conditions[0].status'],
    ['an alert status', { alerts: [{ status: 'pending' }] }, 'alerts[0].status'],
    ['metrics', { metrics: { kubelet_running_pods: 3 } }, 'metrics'],
  ])('rejects a wrong type in %s with an issue naming its path', (_name, raw, path) => {
    const issues = issuesOf(raw);
    expect(issues.map((i) => i.path)).toEqual([path]);
    expect(issues[0]?.message.length).toBeGreaterThan(0);
  });

  it('reports every wrong field, not only the first', () => {
    const paths = issuesOf({ node: 5, counts: { pods: 'many' }, logs: { kubelet: 5 } }).map((i) => i.path);
    expect(paths.sort()).toEqual(['counts.pods', 'logs.kubelet', 'node']);
  });

  it('names the root when the bundle is not an object', () => {
    expect(issuesOf('PLEG is not healthy').map((i) => i.path)).toEqual(['(root)']);
    expect(issuesOf(null).map((i) => i.path)).toEqual(['(root)']);
    expect(issuesOf([]).map((i) => i.path)).toEqual(['(root)']);
  });
});

describe('formatPath', () => {
  it.each<[PropertyKey[], string]>([
    [[], '(root)'],
    [['counts', 'pods'], 'counts.pods'],
    [['events', 0, 'count'], 'events[0].count'],
    [['commandOutputs', 'ps aux'], 'commandOutputs["ps aux"]'],
    [
      ['commandOutputs', 'ls /proc/$(pidof dockerd)/fd | wc -l'],
      'commandOutputs["ls /proc/$(pidof dockerd)/fd | wc -l"]',
    ],
    [['commandOutputs', 'echo "hi"'], 'commandOutputs["echo \\"hi\\""]'],
    [['alerts', 2, 'labels', 'alertname'], 'alerts[2].labels.alertname'],
    [['logs', 'kube-proxy'], 'logs["kube-proxy"]'],
    [['9lives'], '["9lives"]'],
    [['$ref', '_private'], '$ref._private'],
  ])('%j → %s', (path, text) => {
    expect(formatPath(path)).toBe(text);
  });
});
