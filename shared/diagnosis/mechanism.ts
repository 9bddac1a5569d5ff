import type { DefectRef } from '../schemas/diagnosis.ts';
import { DEFECT_BY_ID } from './defects.ts';
import type { FactId, FactSet } from './facts.ts';
import type { Ranked } from './rank.ts';
import { failedStepOf } from './unit-steps.ts';

/**
 * The mechanism a fact names, in the few words an operator uses. The nine cause ids stay the stable verdict;
 * the mechanism says which way the cause is at work on this node.
 */
const MECHANISM_OF_FACT: Partial<Record<FactId, string>> = {
  'kubelet.swap': 'swap enabled',
  'kubelet.start_step_failed': "kubelet unit's start step failed",
  'kubelet.config_error': 'kubelet rejects its configuration',
  'kubelet.cgroup_unit_exists': "kubelet's cgroup manager: slice already exists",
  'kubelet.kernel_defaults': 'kubelet protects kernel defaults the image does not set',
  'kubelet.container_map': "kubelet's container map at start",
  'kubelet.manager_state': 'CPU/memory manager checkpoint',
  'kubelet.capacity_stale': "kubelet's machine capacity read once at start",
  'kubelet.plugin_walk': "kubelet's plugin watcher walking volume mounts at start",
  'kubelet.dependency_failed': "kubelet's required unit failed",
  'kubelet.stopped_with_dependency': 'kubelet stopped with the unit it is bound to',
  'kubelet.dead_with_runtime': 'kubelet exits while the runtime is down',
  'runtime.service_stopped': 'runtime stopped',
  'etcd.slow_disk': 'disk latency (etcd slow disk)',
  'etcd.unavailable': 'control-plane datastore unavailable',
  'etcd.starved': 'datastore starved of disk I/O',
  'storage.remote_lost': 'network storage server lost',
  'kubelet.dead': 'kubelet not running',
  'kubelet.killed': 'kubelet SIGKILLed',
  'kubelet.panic': 'kubelet panic',
  'kubelet.not_registered': 'node not registered',
  'kubelet.no_api_server': 'kubelet has no API server',
  'node.unresponsive': 'node unresponsive',
  'node.cut_off': 'node cut off',
  'node.rebooting': 'node crash or reboot loop',
  'node.wedged': 'host wedged in its kernel',
  'kubelet.wedged': 'kubelet wedged',
  'runtime.state_corrupt': 'runtime state corrupt',
  'runtime.restore_dropped': 'objects dropped at restore',
  'fd.growing': 'descriptor leak',
  'cpu.throttled': 'CPU credits exhausted',
  'node.overloaded': 'node overloaded',
  'network.conntrack_full': 'conntrack table full',
  'runtime.cri_version': 'CRI API version not served',
  'cni.config_invalid': 'CNI configuration rejected',
  'cni.binary_missing': "CNI plugin binary not in the runtime's bin directory",
  'cni.config_not_reloaded': 'CNI configuration not reloaded',
  'cni.config_ignored': 'CNI configuration present, not loaded',
  'runtime.start_failed': 'runtime fails to start',
  'runtime.binary_missing': 'low-level runtime or shim binary missing',
  'runtime.binary_refused': 'low-level runtime or shim binary refused execution',
  'runc.rootfs_cgroup_failed': "runc cannot mount the host's cgroups into containers",
  'runtime.list_abandoned': 'container list slower than its callers wait',
  'mem.system_slice_limit': 'system slice at its memory limit',
  'runtime.not_enabled': 'runtime not enabled at boot',
  'kubelet.allocatable_on_root': 'allocatable enforced on the root cgroup',
  'kubelet.auth_error': 'credentials rejected',
  'agent.node_password_rejected': 'node password rejected',
  'kubelet.stale_conn': 'stale API connection',
  'kubelet.alive_while_unknown': 'status loop wedged',
  'kubelet.loop_running_while_unknown': 'status loop wedged',
  'kubelet.http_blocked': 'API request blocked',
  'kubelet.api_error': 'API server unreachable',
  'apiserver.down': 'API server down',
  'apiserver.proxy_failed': 'node-local API server proxy without upstreams',
  'edge.cloud_link_lost': 'edge link to the cloud lost',
  'clock.set_back': 'node clock set back',
  'apiserver.failover': 'connections pinned to a failed-over API server',
  'network.disrupted': 'network cut',
  'network.link_down': 'link down',
  'network.iface_lost': "node's interface gone",
  'node.status_unknown': 'status not received',
  'config.heartbeat_vs_grace': 'lease renew vs grace period',
  'config.cgroup_driver_mismatch': 'cgroup driver mismatch',
  'runtime.version_behind': "runtime a major release behind the Ready nodes'",
  'runtime.crash_fills_disk': "runtime daemon's crash dumps filling the disk",
  'config.no_reserved': 'no reserved resources',
  'pleg.evented_unhealthy': 'Evented PLEG channel full',
  'mem.oom': 'out of memory',
  'mem.exhausted': 'memory exhausted',
  'mem.reclaim': 'kernel memory reclaim',
  'mem.memcg_ids_exhausted': 'memory cgroup IDs used up',
  'disk.pressure': 'disk full',
  'pid.pressure': 'PID exhaustion',
  'pid.runtime_unit_limit': "runtime unit's task limit",
  'pid.pod_limit': "one pod's PID limit",
  'proc.zombie_unreaped': 'unreaped zombies holding PIDs',
  'mem.workload_fills_node': "pods' memory adds up to the node's",
  'pid.many_processes': "one command's processes by the thousand",
  'disk.pod_limit': "one pod's storage limit",
  'io.saturated': 'disk I/O saturation',
  'cpu.saturated': 'CPU saturation',
  'systemd.dbus_timeout': 'D-Bus calls time out',
  'systemd.dbus_blocked': 'goroutines parked in D-Bus',
  'systemd.cmd_hang': 'systemd not answering',
  'systemd.busy': 'systemd CPU-bound',
  'systemd.scope_pileup': 'scope unit pile-up',
  'systemd.mountinfo_churn': 'mount table churn',
  'fd.emfile': 'open-file limit hit',
  'fd.inotify': 'inotify limits exhausted',
  'fd.inotify_leak': 'inotify instance leak',
  'fd.file_max': 'kernel file table full',
  'fd.near_limit': 'descriptors near limit',
  'proc.zombie_shim': 'zombie under shim',
  'runc.init_fifo_pileup': 'created containers never started',
  'runc.init_pileup': 'runc inits piled up in D state',
  'mount.table_large': 'mount table leaked to tens of thousands',
  'runtime.start_timeouts_spread': 'container starts timing out below the runtime',
  'runc.init_fifo_wait': 'runc init waiting on its exec fifo',
  'proc.shim_leftover': 'shims outliving their containers',
  'kernel.hung_task_runtime': 'container process in D state',
  'kernel.soft_lockup_netrx': 'CPU stuck in network receive polling',
  'runtime.shim_mismatch': 'reaped shim still listed',
  'runtime.selective_hang': 'one container wedged',
  'runtime.running_without_process': 'listed running, process gone',
  'runtime.no_sandbox': 'no sandbox past the pause image',
  'runtime.task_delete_refused': 'runtime refusing to delete a task it holds running',
  'runtime.handler_unset': "runtime's default runtime unnamed in its configuration",
  'runtime.daemon_lock_pileup': "runtime daemon's threads piled on one container's lock",
  'nodes.workers_cut_off': "workers' shared path to the API server cut",
  'nodes.workers_lost_listed': 'every worker lost at once (listed)',
  'network.wireless_link': "node's link wireless",
  'runtime.compute_system_timeout': "one Windows container's compute system not completing",
  'runtime.host_compute_failed': "Windows' host compute service not answering",
  'runtime.handler_missing': "runtime class's handler not in the runtime's configuration",
  'runtime.sandbox_name_stale': 'sandbox names held from before a restart',
  'runtime.names_held_over_reboot': 'sandbox names held in the runtime over a reboot',
  'ns.create_refused': 'kernel refusing new namespaces (leaked network namespaces)',
  'cni.neigh_overflow': 'neighbour table overflowing under the network plugin',
  'net.neigh_overflow': 'neighbour table overflowing',
  'runtime.state_kept': "runtime's kept state refusing pods (in words)",
  'runc.join_ns_missing': "low-level runtime cannot join the sandbox's namespaces",
  'runtime.storage_layer_missing': "runtime's storage cannot make a layer",
  'runtime.db_open_failed': "runtime's database cannot open its file",
  'runtime.stop_blocked': "one container's stop never finishing",
  'runtime.waits_on_stop': "status or listing waiting on one container's stop",
  'runtime.sandbox_image_unobtainable': "sandbox image the runtime's release cannot obtain",
  'runtime.sandbox_image_before_network': 'every sandbox failing on the pause image before the network',
  'fs.tmpfs_full': 'memory-backed filesystem (tmpfs) full',
  'runtime.device_busy': 'mount pinned (device busy)',
  'proc.dstate': 'D-state processes',
  'cgroup.pods_frozen': 'pod cgroups frozen',
  'runtime.unreachable': 'runtime socket down',
  'runtime.service_failed': 'runtime service failed',
  'runtime.down': 'runtime not ready',
  'runtime.status_never': 'runtime Status unanswered',
  'runtime.cmd_hang': 'runtime not answering',
  'runtime.list_timeout': 'list calls time out',
  'pleg.relist_error': 'relist fails',
  'runtime.op_timeout': 'container operations time out',
  'containers.many': 'too many containers',
  'containers.exited_many': 'exited containers not collected',
  'pods.churn': 'pod churn',
  'pods.many': 'too many pods',
  'cni.hang': 'CNI calls hang',
  'cni.slow': 'slow CNI',
  'cni.error': 'CNI calls fail',
  'cni.not_ready': 'network plugin not ready',
  'cni.agent_down': "network plugin's node agent down",
  'cni.agent_absent': 'network plugin never deployed',
  'cni.host_tool_missing': "network status hook's host tool missing",
  'cni.install_busy': "network plugin's installer blocked by its running binary",
  'cni.host_network_hang': 'Windows Host Network Service calls hang',
};

/**
 * The refusal a network agent's start-up line names: the cloud's error code for a permission it lacks, or the
 * credentials it could not find or that were turned away (aws-node's EC2 and IMDS calls, calico-node's datastore).
 */
const AGENT_REFUSALS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /UnauthorizedOperation|AccessDenied|AuthFailure|not authorized to perform/,
    "cloud permission denied to the agent's role",
  ],
  [
    /NoCredentialProviders|no valid providers in chain|no EC2 IMDS role found|failed to refresh cached credentials|InvalidClientTokenId|ExpiredToken/,
    'no valid cloud credentials for the agent',
  ],
  [/Connection to the datastore is unauthorized/, "the agent's datastore credentials refused"],
];

/** The detail a fact's own line gives its mechanism: which step failed, what the kubelet refused. */
const DETAIL_OF_FACT: Partial<Record<FactId, (facts: FactSet) => string | undefined>> = {
  'kubelet.start_step_failed': (facts) =>
    facts
      .examples('kubelet.start_step_failed')
      .map((f) => failedStepOf(f.text))
      .find((step) => step !== undefined),
  'cni.agent_down': (facts) => {
    const texts = facts.examples('cni.agent_down').map((f) => f.text);
    return AGENT_REFUSALS.find(([pattern]) => texts.some((t) => pattern.test(t)))?.[1];
  },
};

export interface Mechanism {
  mechanism?: string;
  defect?: DefectRef;
}

/**
 * The mechanism of one ranked cause: a matched known defect wins (it names the bug, its link and its fix);
 * otherwise the strongest supporting fact that names one.
 */
export function mechanismOf(ranked: Ranked, facts: FactSet): Mechanism {
  const strongest = [...ranked.support].sort((a, b) => b.weight - a.weight);
  for (const { fact } of strongest) {
    const known = facts
      .examples(fact)
      .map((f) => (f.defect ? DEFECT_BY_ID.get(f.defect) : undefined))
      .find((d) => d !== undefined);
    if (known) {
      return {
        mechanism: known.id,
        defect: { id: known.id, mechanism: known.mechanism, fix: known.fix, links: [...known.links] },
      };
    }
  }
  const named = strongest.find((w) => MECHANISM_OF_FACT[w.fact] !== undefined);
  const mechanism = named && MECHANISM_OF_FACT[named.fact];
  if (!named || !mechanism) return {};
  const detail = DETAIL_OF_FACT[named.fact]?.(facts);
  return { mechanism: detail ? `${mechanism}: ${detail}` : mechanism };
}
