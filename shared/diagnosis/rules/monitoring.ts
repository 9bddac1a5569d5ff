import type { FactId } from '../facts.ts';
import type { Signature } from './types.ts';

/**
 * Alert names of kubernetes-mixin and node-exporter's node-mixin written in a paste (an Alertmanager notification
 * copied into a chat, a ticket's "alerts firing" list) rather than sent as a structured alert: the same fact as
 * extract/alerts.ts gives the structured alert of that name. A rule file's own definition (`alert: Name`) and a
 * resolved notification are not a firing alert.
 */
interface MixinAlert {
  name: string;
  fact: FactId;
  /** The mixin file and the condition (threshold) under which the alert fires. */
  source: string;
  mechanism: string;
}

/** Also the structured alerts' facts of these names (extract/alerts.ts): one table for both. */
export const MIXIN_ALERTS: readonly MixinAlert[] = [
  {
    name: 'NodeFileDescriptorLimit',
    fact: 'fd.near_limit',
    source:
      'prometheus/node_exporter docs/node-mixin/alerts/alerts.libsonnet NodeFileDescriptorLimit (node_filefd_allocated * 100 / node_filefd_maximum > 70 warning, > 90 critical, for 15m; node-mixin 1.x)',
    mechanism:
      'the kernel-wide file table (fs.file-max) is more than 70 % allocated: new opens approach EMFILE/ENFILE',
  },
  {
    name: 'KubeletTooManyPods',
    fact: 'pods.many',
    source:
      'kubernetes-monitoring/kubernetes-mixin alerts/kubelet.libsonnet KubeletTooManyPods (running pods over 95 % of the node\'s pod capacity, kubelet_running_pods against kube_node_status_capacity{resource="pods"}, for 15m)',
    mechanism: 'the node runs nearly as many pods as its capacity allows: every relist inspects them all',
  },
  {
    name: 'KubeletPlegDurationHigh',
    fact: 'pleg.relist_slow',
    source:
      'kubernetes-monitoring/kubernetes-mixin alerts/kubelet.libsonnet KubeletPlegDurationHigh (node_quantile:kubelet_pleg_relist_duration_seconds:histogram_quantile{quantile="0.99"} >= 10, for 5m)',
    mechanism:
      'the 99th percentile of the PLEG relist takes 10 s or more: the 3-minute health budget is being eaten',
  },
  {
    name: 'NodeFilesystemAlmostOutOfSpace',
    fact: 'disk.pressure',
    source:
      'prometheus/node_exporter docs/node-mixin/alerts/alerts.libsonnet NodeFilesystemAlmostOutOfSpace (node_filesystem_avail_bytes under 5 % warning, 3 % critical of node_filesystem_size_bytes, for 30m)',
    mechanism:
      'a filesystem of the node has under 5 % of its space free: the runtime and kubelet writes start failing',
  },
  {
    name: 'NodeFilesystemAlmostOutOfFiles',
    fact: 'disk.pressure',
    source:
      'prometheus/node_exporter docs/node-mixin/alerts/alerts.libsonnet NodeFilesystemAlmostOutOfFiles (node_filesystem_files_free under 5 % warning, 3 % critical of node_filesystem_files, for 1h)',
    mechanism: 'a filesystem of the node has under 5 % of its inodes free: file creation fails with ENOSPC',
  },
  {
    name: 'NodeMemoryHighUtilization',
    fact: 'mem.oom',
    source:
      'prometheus/node_exporter docs/node-mixin/alerts/alerts.libsonnet NodeMemoryHighUtilization (100 - node_memory_MemAvailable_bytes * 100 / node_memory_MemTotal_bytes > 90, for 15m)',
    mechanism:
      "more than 90 % of the node's memory is in use: the kubelet evicts and the kernel reclaims or OOM-kills",
  },
  {
    name: 'NodeDiskIOSaturation',
    fact: 'io.saturated',
    source:
      'prometheus/node_exporter docs/node-mixin/alerts/alerts.libsonnet NodeDiskIOSaturation (rate(node_disk_io_time_weighted_seconds_total[5m]) > 10: an average queue of ten I/Os, for 30m)',
    mechanism:
      'a disk of the node has a deep queue of outstanding I/O for half an hour: every runtime read and write waits',
  },
  {
    name: 'NodeSystemSaturation',
    fact: 'cpu.saturated',
    source:
      'prometheus/node_exporter docs/node-mixin/alerts/alerts.libsonnet NodeSystemSaturation (node_load1 per CPU > 2, for 15m)',
    mechanism:
      'the load average is more than twice the CPU count: runnable or D-state tasks queue on every CPU',
  },
];

/** A rule file's definition of the alert, or a notification that it resolved. */
const NOT_FIRING = 'alert: |RESOLVED|[Rr]esolved';

export const MONITORING_RULES: readonly Signature[] = MIXIN_ALERTS.map((a) => ({
  fact: a.fact,
  pattern: a.name,
  literals: [a.name],
  unless: NOT_FIRING,
  source: a.source,
  mechanism: a.mechanism,
}));
