import { describe, expect, it } from 'vitest';
import {
  histogramQuantile,
  parsePrometheusText,
  type Sample,
  select,
} from '../../shared/diagnosis/prometheus.ts';

const KUBELET_METRICS = `# HELP kubelet_pleg_relist_duration_seconds [ALPHA] Duration in seconds for relisting pods in PLEG.
# TYPE kubelet_pleg_relist_duration_seconds histogram
kubelet_pleg_relist_duration_seconds_bucket{le="0.005"} 0
kubelet_pleg_relist_duration_seconds_bucket{le="0.01"} 12
kubelet_pleg_relist_duration_seconds_bucket{le="0.025"} 804
kubelet_pleg_relist_duration_seconds_bucket{le="0.05"} 5120
kubelet_pleg_relist_duration_seconds_bucket{le="0.1"} 5190
kubelet_pleg_relist_duration_seconds_bucket{le="0.25"} 5200
kubelet_pleg_relist_duration_seconds_bucket{le="0.5"} 5200
kubelet_pleg_relist_duration_seconds_bucket{le="1"} 5200
kubelet_pleg_relist_duration_seconds_bucket{le="2.5"} 5200
kubelet_pleg_relist_duration_seconds_bucket{le="5"} 5200
kubelet_pleg_relist_duration_seconds_bucket{le="10"} 5200
kubelet_pleg_relist_duration_seconds_bucket{le="+Inf"} 5200
kubelet_pleg_relist_duration_seconds_sum 161.73
kubelet_pleg_relist_duration_seconds_count 5200
# HELP kubelet_running_containers [ALPHA] Number of containers currently running
# TYPE kubelet_running_containers gauge
kubelet_running_containers{container_state="exited"} 412
kubelet_running_containers{container_state="running"} 38
# HELP kubelet_runtime_operations_errors_total [ALPHA] Cumulative number of runtime operation errors by operation type.
# TYPE kubelet_runtime_operations_errors_total counter
kubelet_runtime_operations_errors_total{operation_type="list_podsandbox"} 57
kubelet_runtime_operations_errors_total{operation_type="pull_image"} 3
# HELP rest_client_requests_total [ALPHA] Number of HTTP requests, partitioned by status code, method, and host.
# TYPE rest_client_requests_total counter
rest_client_requests_total{code="200",host="10.0.0.10:6443",method="GET"} 1.234567e+06
`;

function bucket(le: string, value: number, labels: Record<string, string> = {}): Sample {
  return { name: 'kubelet_pleg_relist_duration_seconds_bucket', labels: { ...labels, le }, value };
}

describe('parsePrometheusText', () => {
  const samples = parsePrometheusText(KUBELET_METRICS);

  it('skips # HELP / # TYPE comments and reads every sample line', () => {
    expect(samples).toHaveLength(12 + 2 + 2 + 2 + 1);
    expect(samples.some((s) => s.name.startsWith('#') || s.name === 'HELP' || s.name === 'TYPE')).toBe(false);
  });

  it('reads names, labels and values', () => {
    expect(select(samples, 'kubelet_running_containers', { container_state: 'exited' })).toEqual([
      { name: 'kubelet_running_containers', labels: { container_state: 'exited' }, value: 412 },
    ]);
    expect(select(samples, 'kubelet_pleg_relist_duration_seconds_sum')[0]?.value).toBe(161.73);
    expect(select(samples, 'kubelet_pleg_relist_duration_seconds_count')[0]?.labels).toEqual({});
  });

  it('reads several labels and exponent notation', () => {
    expect(select(samples, 'rest_client_requests_total', { code: '200', method: 'GET' })[0]).toEqual({
      name: 'rest_client_requests_total',
      labels: { code: '200', host: '10.0.0.10:6443', method: 'GET' },
      value: 1234567,
    });
  });

  it('reads le="+Inf" as a label and +Inf as a value', () => {
    const inf = select(samples, 'kubelet_pleg_relist_duration_seconds_bucket', { le: '+Inf' });
    expect(inf).toHaveLength(1);
    expect(inf[0]?.value).toBe(5200);
    const [gauge] = parsePrometheusText('node_filefd_maximum +Inf\nnode_load1 -Inf\n');
    expect(gauge?.value).toBe(Number.POSITIVE_INFINITY);
  });

  it('unescapes quotes and backslashes inside label values', () => {
    const [sample] = parsePrometheusText(
      'apiserver_audit_event_total{path="/api/v1/namespaces/\\"prod\\"/pods",dir="C:\\\\kubelet"} 7\n',
    );
    expect(sample?.labels).toEqual({ path: '/api/v1/namespaces/"prod"/pods', dir: 'C:\\kubelet' });
    expect(sample?.value).toBe(7);
  });

  it('accepts spaces after label commas and a trailing timestamp', () => {
    const [sample] = parsePrometheusText(
      'kubelet_running_pods{node="app04", zone="eu-west-1a"} 21 1699999999000\n',
    );
    expect(sample).toEqual({
      name: 'kubelet_running_pods',
      labels: { node: 'app04', zone: 'eu-west-1a' },
      value: 21,
    });
  });

  it('skips blank and malformed lines instead of failing', () => {
    const parsed = parsePrometheusText(
      '\n   \n{le="1"} 3\nkubelet_running_pods\nkubelet_running_pods notanumber\nkubelet_running_pods 4\n',
    );
    expect(parsed).toEqual([{ name: 'kubelet_running_pods', labels: {}, value: 4 }]);
  });

  // The exposition format escapes a line feed inside a label value as \n; it must read back as a line feed.
  it('unescapes \\n in a label value to a line feed', () => {
    const [sample] = parsePrometheusText('probe_failure_info{msg="line one\\nline two"} 1\n');
    expect(sample?.labels.msg).toBe('line one\nline two');
  });
});

describe('histogramQuantile (PromQL histogram_quantile semantics)', () => {
  // 10 in (0,1], 20 in (1,2], 10 in (2,5], none above 5.
  const fortyObservations = [bucket('1', 10), bucket('2', 30), bucket('5', 40), bucket('+Inf', 40)];

  it('interpolates linearly inside the bucket holding the rank', () => {
    // rank 20 lies in (1,2]: 1 + (2-1) * (20-10)/20 = 1.5
    expect(histogramQuantile(0.5, fortyObservations)).toEqual({
      value: 1.5,
      aboveLastBucket: false,
      count: 40,
    });
    // rank 36 lies in (2,5]: 2 + 3 * (36-30)/10 = 3.8
    expect(histogramQuantile(0.9, fortyObservations)?.value).toBeCloseTo(3.8, 9);
  });

  it('starts the first bucket at zero', () => {
    // rank 4 in (0,1]: 0 + 1 * 4/10
    expect(histogramQuantile(0.1, fortyObservations)?.value).toBeCloseTo(0.4, 9);
  });

  it('returns the upper bound when the rank is exactly a cumulative count', () => {
    expect(histogramQuantile(0.25, fortyObservations)?.value).toBe(1);
    expect(histogramQuantile(1, fortyObservations)?.value).toBe(5);
  });

  it('reports the last finite bound, flagged, when the rank falls in the +Inf bucket', () => {
    const tail = [bucket('1', 10), bucket('2', 30), bucket('5', 40), bucket('+Inf', 100)];
    expect(histogramQuantile(0.99, tail)).toEqual({ value: 5, aboveLastBucket: true, count: 100 });
    // Below the +Inf bucket the flag stays off.
    expect(histogramQuantile(0.3, tail)?.aboveLastBucket).toBe(false);
  });

  it('does not depend on the order of the bucket samples', () => {
    const shuffled = [
      fortyObservations[3],
      fortyObservations[1],
      fortyObservations[0],
      fortyObservations[2],
    ].filter((b): b is Sample => b !== undefined);
    expect(histogramQuantile(0.5, shuffled)).toEqual(histogramQuantile(0.5, fortyObservations));
  });

  it('adds series with the same bound together (sum by (le))', () => {
    const a = fortyObservations.map((b) => ({ ...b, labels: { ...b.labels, instance: 'a' } }));
    const b = fortyObservations.map((s) => ({ ...s, labels: { ...s.labels, instance: 'b' } }));
    expect(histogramQuantile(0.5, [...a, ...b])).toEqual({ value: 1.5, aboveLastBucket: false, count: 80 });
  });

  it('is undefined for an empty histogram, no buckets, or no +Inf bucket', () => {
    expect(histogramQuantile(0.99, [bucket('1', 0), bucket('2', 0), bucket('+Inf', 0)])).toBeUndefined();
    expect(histogramQuantile(0.99, [])).toBeUndefined();
    expect(histogramQuantile(0.5, [bucket('1', 10), bucket('2', 30)])).toBeUndefined();
  });

  it('estimates the kubelet relist latency from parsed text', () => {
    const buckets = select(
      parsePrometheusText(KUBELET_METRICS),
      'kubelet_pleg_relist_duration_seconds_bucket',
    );
    // rank 5148 of 5200 lies in (0.05, 0.1]: 0.05 + 0.05 * (5148-5120)/70 = 0.07
    const p99 = histogramQuantile(0.99, buckets);
    expect(p99?.value).toBeCloseTo(0.07, 9);
    expect(p99?.count).toBe(5200);
    expect(p99?.aboveLastBucket).toBe(false);
  });

  // PromQL's bucketQuantile returns NaN for fewer than two buckets: a lone +Inf bucket says nothing about the
  // distribution. The engine instead answers 0 with aboveLastBucket=true.
  it('has no estimate from a lone +Inf bucket, as PromQL', () => {
    expect(histogramQuantile(0.5, [bucket('+Inf', 42)])).toBeUndefined();
  });
});
