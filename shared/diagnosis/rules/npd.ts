import type { FactId } from '../facts.ts';
import type { Signature } from './types.ts';

/**
 * What node-problem-detector (kubernetes/node-problem-detector, `config/*.json`) reports, and the fact each
 * problem is. NPD writes permanent problems as node conditions (type = the condition, reason = the problem) and
 * temporary ones as events (reason = the problem, message = the log lines that matched). The kernel lines behind
 * most of them are also rules of their own (rules/kernel.ts); this table covers a bundle that holds only NPD's
 * condition or event.
 */
export interface NpdProblem {
  /** The condition type (for `condition`) or the event reason (for `event`), exactly as NPD writes it. */
  name: string;
  kind: 'condition' | 'event';
  fact: FactId;
  /** The NPD config file (and rule) that reports it. */
  source: string;
  /** What is happening on the node when NPD reports it. */
  mechanism: string;
}

export const NPD_PROBLEMS: readonly NpdProblem[] = [
  // Conditions: True while the problem lasts.
  {
    name: 'KernelDeadlock',
    kind: 'condition',
    fact: 'kernel.hung_task_runtime',
    source:
      'config/kernel-monitor.json (permanent rule DockerHung: "task docker:N blocked for more than N seconds")',
    mechanism: 'a runtime task is stuck in the kernel in D state',
  },
  {
    name: 'ReadonlyFilesystem',
    kind: 'condition',
    fact: 'fs.readonly',
    source: 'config/readonly-monitor.json (FilesystemIsReadOnly: "Remounting filesystem read-only")',
    mechanism: 'a filesystem was remounted read-only after errors',
  },
  {
    name: 'XfsShutdown',
    kind: 'condition',
    fact: 'fs.readonly',
    source: 'config/kernel-monitor.json (XfsHasShutdown: "XFS … Shutting down filesystem")',
    mechanism: 'XFS shut a filesystem down after corruption or a log I/O error',
  },
  {
    name: 'CorruptDockerOverlay2',
    kind: 'condition',
    fact: 'runtime.overlay_corrupt',
    source:
      'config/docker-monitor.json and docker-monitor-counter.json (dockerd "readlink /var/lib/docker/overlay2…")',
    mechanism:
      "dockerd's overlay2 layer links are corrupt: containers using them cannot be created or removed",
  },
  {
    name: 'FrequentKubeletRestart',
    kind: 'condition',
    fact: 'kubelet.dead',
    source: 'config/systemd-monitor-counter.json (log-counter: 5 kubelet starts within 20 min)',
    mechanism: 'the kubelet keeps exiting and systemd keeps restarting it',
  },
  {
    name: 'FrequentDockerRestart',
    kind: 'condition',
    fact: 'runtime.service_failed',
    source: 'config/systemd-monitor-counter.json (log-counter: 5 docker starts within 20 min)',
    mechanism: 'dockerd keeps exiting and systemd keeps restarting it',
  },
  {
    name: 'FrequentContainerdRestart',
    kind: 'condition',
    fact: 'runtime.service_failed',
    source: 'config/systemd-monitor-counter.json (log-counter: 5 containerd starts within 20 min)',
    mechanism: 'containerd keeps exiting and systemd keeps restarting it',
  },
  {
    name: 'FrequentUnregisterNetDevice',
    kind: 'condition',
    fact: 'network.netdev_leak',
    source:
      'config/kernel-monitor-counter.json (log-counter on "unregister_netdevice: waiting for … to become free")',
    mechanism: 'network devices keep failing to unregister: namespace teardown is blocked',
  },
  {
    name: 'KubeletUnhealthy',
    kind: 'condition',
    fact: 'kubelet.dead',
    source: 'config/health-checker-kubelet.json (health-checker --component=kubelet: /healthz fails)',
    mechanism: "the kubelet's health endpoint does not answer",
  },
  {
    name: 'ContainerRuntimeUnhealthy',
    kind: 'condition',
    fact: 'runtime.down',
    source:
      'config/health-checker-containerd.json and health-checker-docker.json (crictl pods / docker ps fail)',
    mechanism: 'the runtime does not answer a list call within the health checker timeout',
  },
  {
    name: 'DiskBadBlock',
    kind: 'condition',
    fact: 'disk.io_error',
    source:
      'config/disk-log-message-filelog.json (100+ "Currently unreadable"/"Offline uncorrectable" sectors)',
    mechanism: 'the disk reports unreadable sectors',
  },
  {
    name: 'CperHardwareErrorFatal',
    kind: 'condition',
    fact: 'node.rebooting',
    source:
      'config/kernel-monitor.json (permanent rule CperHardwareErrorFatal: "[Hardware Error]: event severity: fatal", v1.34 and later)',
    mechanism:
      'the platform reported a fatal hardware error: the kernel panics on it (GHES), or it is the record of the crash that ended the previous boot (BERT)',
  },
  // Events: one per occurrence. OOMKilling is deliberately absent: its pattern ("Killed process N (…)
  // total-vm:…") matches a container hitting its own limit as well as node memory running out, so the event
  // message is scanned instead and the kernel rules tell the two apart.
  {
    name: 'TaskHung',
    kind: 'event',
    fact: 'kernel.hung_task',
    source: 'config/kernel-monitor.json (TaskHung: "task X:N blocked for more than N seconds.")',
    mechanism: 'a task slept uninterruptibly past hung_task_timeout_secs',
  },
  {
    name: 'DockerHung',
    kind: 'event',
    fact: 'kernel.hung_task_runtime',
    source: 'config/kernel-monitor.json (DockerHung: "task docker:N blocked for more than N seconds.")',
    mechanism: 'a dockerd task slept uninterruptibly past hung_task_timeout_secs',
  },
  {
    name: 'AUFSUmountHung',
    kind: 'event',
    fact: 'kernel.storage_stall',
    source: 'config/kernel-monitor.json before 2020 (AUFSUmountHung: "task umount.aufs:N blocked …")',
    mechanism: 'unmounting an aufs container layer hangs in the kernel',
  },
  {
    name: 'UnregisterNetDevice',
    kind: 'event',
    fact: 'network.netdev_leak',
    source:
      'config/kernel-monitor.json (UnregisterNetDevice: "unregister_netdevice: waiting for … to become free")',
    mechanism: 'a network device cannot be unregistered: namespace teardown is blocked',
  },
  {
    name: 'KernelOops',
    kind: 'event',
    fact: 'kernel.oops',
    source: 'config/kernel-monitor.json (KernelOops: NULL pointer dereference, divide error)',
    mechanism: 'the kernel faulted in a task',
  },
  {
    name: 'Ext4Error',
    kind: 'event',
    fact: 'disk.io_error',
    source: 'config/kernel-monitor.json (Ext4Error: "EXT4-fs error …")',
    mechanism: 'ext4 found corruption or an I/O failure',
  },
  {
    name: 'IOError',
    kind: 'event',
    fact: 'disk.io_error',
    source: 'config/kernel-monitor.json (IOError: "Buffer I/O error …")',
    mechanism: 'a filesystem buffer could not be read or written',
  },
  {
    name: 'FilesystemIsReadOnly',
    kind: 'event',
    fact: 'fs.readonly',
    source: 'config/readonly-monitor.json (the ReadonlyFilesystem condition turning True)',
    mechanism: 'a filesystem was remounted read-only',
  },
  {
    name: 'XfsHasShutdown',
    kind: 'event',
    fact: 'fs.readonly',
    source: 'config/kernel-monitor.json (the XfsShutdown condition turning True)',
    mechanism: 'XFS shut a filesystem down',
  },
  {
    name: 'CorruptDockerOverlay2',
    kind: 'event',
    fact: 'runtime.overlay_corrupt',
    source: 'config/docker-monitor.json (the CorruptDockerOverlay2 condition turning True)',
    mechanism: "dockerd's overlay2 layer links are corrupt",
  },
  {
    name: 'ContainerdUnhealthy',
    kind: 'event',
    fact: 'runtime.down',
    source: 'config/health-checker-containerd.json (reason of ContainerRuntimeUnhealthy)',
    mechanism: 'containerd does not answer the health checker',
  },
  {
    name: 'DockerUnhealthy',
    kind: 'event',
    fact: 'runtime.down',
    source: 'config/health-checker-docker.json (reason of ContainerRuntimeUnhealthy)',
    mechanism: 'dockerd does not answer the health checker',
  },
  {
    name: 'KubeletUnhealthy',
    kind: 'event',
    fact: 'kubelet.dead',
    source: 'config/health-checker-kubelet.json (reason of KubeletUnhealthy)',
    mechanism: "the kubelet's health endpoint does not answer",
  },
  {
    name: 'FrequentKubeletRestart',
    kind: 'event',
    fact: 'kubelet.dead',
    source: 'config/systemd-monitor-counter.json (the FrequentKubeletRestart condition turning True)',
    mechanism: 'the kubelet keeps restarting',
  },
  {
    name: 'FrequentDockerRestart',
    kind: 'event',
    fact: 'runtime.service_failed',
    source: 'config/systemd-monitor-counter.json (the FrequentDockerRestart condition turning True)',
    mechanism: 'dockerd keeps restarting',
  },
  {
    name: 'CperHardwareErrorFatal',
    kind: 'event',
    fact: 'node.rebooting',
    source: 'config/kernel-monitor.json (the CperHardwareErrorFatal condition turning True)',
    mechanism: 'a fatal hardware error was reported: the host panicked on it, or had before this boot',
  },
  {
    name: 'VMcore',
    kind: 'event',
    fact: 'node.rebooting',
    source:
      'config/abrt-adaptor.json (VMcore: abrt\'s "System encountered a fatal error in …", its notice of a kdump vmcore)',
    mechanism: 'abrt found the dump of a kernel crash: the kernel panicked and the node rebooted',
  },
  {
    name: 'Kerneloops',
    kind: 'event',
    fact: 'kernel.oops',
    source:
      'config/abrt-adaptor.json in v0.8.10 (Kerneloops: abrt\'s "System encountered a non-fatal error in …"; KernelOops from v0.8.11)',
    mechanism: 'abrt caught a kernel oops: a task faulted in the kernel and died holding what it held',
  },
  {
    name: 'ConntrackFull',
    kind: 'event',
    fact: 'network.conntrack_full',
    source:
      'config/network-problem-monitor.json (ConntrackFull: plugin/network_problem.sh, nf_conntrack_count over 90% of nf_conntrack_max)',
    mechanism:
      "the connection-tracking table is over 90% used: at 100% the kernel drops new connections, the kubelet's among them",
  },
  {
    name: 'KubeletStart',
    kind: 'event',
    fact: 'kubelet.restarted',
    source:
      'config/systemd-monitor.json (KubeletStart: systemd\'s "Started Kubernetes kubelet." and its unit-name forms)',
    mechanism:
      'systemd started the kubelet, at boot or after it exited; FrequentKubeletRestart counts these, and five in 20 minutes is the kubelet dying',
  },
  {
    name: 'ContainerdStart',
    kind: 'event',
    fact: 'runtime.restarted',
    source:
      'config/systemd-monitor.json (ContainerdStart: systemd\'s "Starting containerd container runtime..." and its unit-name forms)',
    mechanism: 'systemd started containerd, at boot or after it exited',
  },
  {
    name: 'DockerStart',
    kind: 'event',
    fact: 'runtime.restarted',
    source:
      'config/systemd-monitor.json (DockerStart: systemd\'s "Starting Docker Application Container Engine..." and its unit-name forms)',
    mechanism: 'systemd started dockerd, at boot or after it exited',
  },
  {
    name: 'FrequentContainerdRestart',
    kind: 'event',
    fact: 'runtime.service_failed',
    source: 'config/systemd-monitor-counter.json (the FrequentContainerdRestart condition turning True)',
    mechanism: 'containerd keeps restarting',
  },
];

/**
 * The rules of this project's own node-problem-detector probes (infra/node-problem-detector/
 * pleg-responder-probes.json, checked against this table by test/diagnosis/probes.test.ts): a permanent rule sets
 * `condition` True with `reason` (NPD also emits an event with that reason), a temporary one only emits the event.
 */
export interface ProbeRule {
  /** The condition a permanent rule sets; absent for a temporary rule. */
  condition?: string;
  /** The problem reason, on the condition and on the event. */
  reason: string;
  fact: FactId;
  /** The plugin script that runs the check. */
  script: string;
}

export const PROBE_RULES: readonly ProbeRule[] = [
  {
    condition: 'ContainerRuntimeUnresponsive',
    reason: 'RuntimeNotResponding',
    fact: 'runtime.cmd_hang',
    script: 'runtime-responding.sh',
  },
  {
    condition: 'RuntimeFileDescriptorPressure',
    reason: 'RuntimeFdNearLimit',
    fact: 'fd.near_limit',
    script: 'fd-pressure.sh',
  },
  {
    condition: 'ShimProcessesStuck',
    reason: 'ZombieUnderShim',
    fact: 'proc.zombie_shim',
    script: 'shim-stuck.sh',
  },
  { reason: 'DStateUnderShim', fact: 'proc.zombie_shim', script: 'shim-stuck.sh' },
  {
    condition: 'SystemdUnresponsive',
    reason: 'SystemdNotResponding',
    fact: 'systemd.cmd_hang',
    script: 'systemd-responding.sh',
  },
  { reason: 'ScopeUnitPileup', fact: 'systemd.scope_pileup', script: 'scope-pileup.sh' },
  {
    condition: 'TooManyContainers',
    reason: 'ContainerCountHigh',
    fact: 'containers.many',
    script: 'container-count.sh',
  },
];

function factsOf(kind: NpdProblem['kind']): Record<string, FactId> {
  return Object.fromEntries(NPD_PROBLEMS.filter((p) => p.kind === kind).map((p) => [p.name, p.fact]));
}

/** Condition type → fact, when the condition is True: NPD's own conditions and our probes'. */
export const NPD_CONDITION_FACTS: Readonly<Record<string, FactId>> = {
  ...factsOf('condition'),
  ...Object.fromEntries(PROBE_RULES.flatMap((r) => (r.condition ? [[r.condition, r.fact]] : []))),
};

/** Event reason → fact: NPD's own problem events and our probes'. */
export const NPD_EVENT_FACTS: Readonly<Record<string, FactId>> = {
  ...factsOf('event'),
  ...Object.fromEntries(PROBE_RULES.map((r) => [r.reason, r.fact])),
};

/**
 * Daemon log lines node-problem-detector ships patterns for that no program-specific rule file covers (its
 * kernel patterns are in rules/kernel.ts, cited there).
 */
export const NPD_RULES: readonly Signature[] = [
  {
    fact: 'runtime.overlay_corrupt',
    pattern: 'returned error: readlink /var/lib/docker/overlay2[^ ]*: invalid argument',
    literals: ['returned error: readlink /var/lib/docker/overlay2'],
    from: ['dockerd', 'unknown'],
    source:
      'node-problem-detector config/docker-monitor.json (CorruptDockerOverlay2), matching moby daemon/graphdriver/overlay2 errors',
    mechanism: "a layer's link file under /var/lib/docker/overlay2 is missing or corrupt",
  },
];
