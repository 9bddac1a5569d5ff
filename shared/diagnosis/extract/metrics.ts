import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { histogramQuantile, parsePrometheusText, type Sample, select } from '../prometheus.ts';
import { recordContainerCount } from './counts.ts';
import { CONTAINER_THRESHOLDS } from './thresholds.ts';

/** A relist p99 above this many seconds (of a 1 s period, 180 s budget) is reported as slow. */
const SLOW_RELIST_P99_SECONDS = 2.5;
/** CRI list calls the PLEG makes on every relist. */
const RELIST_OPERATIONS = new Set(['list_podsandbox', 'list_containers', 'status', 'version']);

function sum(samples: readonly Sample[]): number {
  return samples.reduce((acc, s) => acc + s.value, 0);
}

function relistLatency(samples: readonly Sample[], facts: FactSet): void {
  const buckets = select(samples, 'kubelet_pleg_relist_duration_seconds_bucket');
  const p99 = histogramQuantile(0.99, buckets);
  const p50 = histogramQuantile(0.5, buckets);
  if (!p99 || !p50 || p99.value < SLOW_RELIST_P99_SECONDS) return;
  const bound = p99.aboveLastBucket ? `> ${p99.value}` : p99.value.toFixed(2);
  facts.add({
    id: 'pleg.relist_slow',
    source: 'metrics',
    text: `kubelet_pleg_relist_duration_seconds p50 ${p50.value.toFixed(2)}s, p99 ${bound}s over ${p99.count} relists`,
    value: p99.value,
  });
}

function containerCounts(samples: readonly Sample[], facts: FactSet): void {
  const all = select(samples, 'kubelet_running_containers');
  if (all.length === 0) return;
  const total = sum(all);
  const exited = sum(all.filter((s) => s.labels.container_state === 'exited'));
  const text = all
    .map((s) => `kubelet_running_containers{container_state="${s.labels.container_state ?? ''}"} ${s.value}`)
    .join(', ');
  recordContainerCount(facts, total, 'metrics', text);
  if (exited >= CONTAINER_THRESHOLDS.exited) {
    facts.add({ id: 'containers.exited_many', source: 'metrics', text, value: exited });
  }
  const pods = sum(select(samples, 'kubelet_running_pods'));
  if (total < CONTAINER_THRESHOLDS.few && pods < CONTAINER_THRESHOLDS.fewPods) {
    facts.add({ id: 'containers.few', source: 'metrics', text, value: total });
  }
}

function runtimeErrors(samples: readonly Sample[], facts: FactSet): void {
  for (const s of select(samples, 'kubelet_runtime_operations_errors_total')) {
    const op = s.labels.operation_type ?? '';
    if (s.value > 0 && RELIST_OPERATIONS.has(op)) {
      facts.add({
        id: 'runtime.list_timeout',
        source: 'metrics',
        text: `kubelet_runtime_operations_errors_total{operation_type="${op}"} ${s.value}`,
        value: s.value,
      });
    }
  }
}

function eventedPleg(samples: readonly Sample[], facts: FactSet): void {
  const discarded = sum(select(samples, 'kubelet_pleg_discard_events'));
  if (discarded > 0) {
    facts.add({
      id: 'pleg.channel_full',
      source: 'metrics',
      text: `kubelet_pleg_discard_events ${discarded}`,
      value: discarded,
    });
  }
}

/**
 * node-mixin's NodeFileDescriptorLimit fires at `node_filefd_allocated * 100 / node_filefd_maximum > 70` (warning;
 * > 90 critical): prometheus/node_exporter docs/node-mixin/alerts/alerts.libsonnet. The two gauges are the first
 * and third fields of /proc/sys/fs/file-nr (node_exporter collector/filefd_linux.go, filefdCollector.Update).
 */
const FILE_TABLE_ALERT_PERCENT = 70;

function fileTable(samples: readonly Sample[], source: string, facts: FactSet): void {
  const allocated = select(samples, 'node_filefd_allocated');
  const maximum = select(samples, 'node_filefd_maximum');
  if (allocated.length !== 1 || maximum.length !== 1) return;
  const used = allocated[0]?.value ?? 0;
  const max = maximum[0]?.value ?? 0;
  if (!(max > 0) || !Number.isFinite(max)) return;
  const percent = (used * 100) / max;
  if (percent <= FILE_TABLE_ALERT_PERCENT) return;
  facts.add({
    id: 'fd.near_limit',
    source,
    text: `node_filefd_allocated ${used} of node_filefd_maximum ${max} (${percent.toFixed(0)} %)`,
    value: percent,
  });
}

/** A node exporter's samples pasted as a command's output or a log (`curl -s localhost:9100/metrics | grep filefd`). */
function pastedNodeMetrics(bundle: EvidenceBundle, facts: FactSet): void {
  const texts: [string, string][] = [
    ...Object.entries(bundle.commandOutputs ?? {}).map(([k, v]): [string, string] => [
      `commandOutputs[${JSON.stringify(k)}]`,
      v ?? '',
    ]),
    ...Object.entries(bundle.logs ?? {}).map(([k, v]): [string, string] => [`logs.${k}`, v ?? '']),
  ];
  for (const [source, text] of texts) {
    if (!text.includes('node_filefd_')) continue;
    fileTable(parsePrometheusText(text), source, facts);
  }
}

/** Kubelet and node exporter `/metrics` text: relist latency, container counts, CRI errors, dropped PLEG events, the file table. */
export function extractMetrics(bundle: EvidenceBundle, facts: FactSet): void {
  pastedNodeMetrics(bundle, facts);
  if (!bundle.metrics) return;
  const samples = parsePrometheusText(bundle.metrics);
  fileTable(samples, 'metrics', facts);
  relistLatency(samples, facts);
  containerCounts(samples, facts);
  runtimeErrors(samples, facts);
  eventedPleg(samples, facts);
}
