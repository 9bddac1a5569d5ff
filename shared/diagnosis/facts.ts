/**
 * The fact catalogue: every observation the extractors can make, with what it means in words. Cause modules
 * refer to these ids; the meaning is what a diagnosis prints next to the cited line.
 */
export const FACT_MEANINGS = {
  'pleg.unhealthy': 'the kubelet reports PLEG unhealthy: one relist has not completed within the threshold',
  'pleg.stuck':
    'the last successful relist is so old that a runtime call inside relist is stuck, not merely slow',
  'pleg.relist_error': 'relist fails outright because listing pods from the runtime returns an error',
  'pleg.relist_slow': 'relist is measured or reported to take seconds to minutes',
  'pleg.evented_unhealthy': 'the Evented PLEG event channel filled up (an Evented PLEG defect)',
  'pleg.channel_full': 'the PLEG event channel was full and relist events were discarded',
  'runtime.down': 'the kubelet reports the container runtime down or not ready',
  'runtime.status_pending': 'the kubelet has not had one successful runtime Status call since it started',
  'runtime.status_never': 'the runtime has not answered a Status call for as long as PLEG has been stale',
  'runtime.unreachable': "the runtime's socket refuses connections or does not exist",
  'runtime.list_timeout': 'listing sandboxes/containers from the runtime times out',
  'runtime.op_timeout': 'runtime operations on individual containers/sandboxes time out',
  'runtime.cmd_hang': 'a runtime-wide command (ps/info) hangs or cannot reach the daemon',
  'runtime.container_cmd_hang': 'commands about one container hang',
  'runtime.selective_hang': 'commands about one container hang while the runtime answers others',
  'runtime.answers': 'the runtime answers runtime-wide commands',
  'runtime.service_failed': 'the runtime service exited or is restarting',
  'runtime.pods_stuck': 'pods are stuck creating or terminating: runtime create/stop calls do not complete',
  'runtime.known_defect': 'this runtime build has a known defect that hangs container operations',
  'runtime.shim_reaped': 'the runtime reaped a container shim',
  'runtime.shim_mismatch': 'a container whose shim was already reaped is still listed as running',
  'runtime.force_kill': 'a container ignored SIGTERM and had to be force-killed',
  'runtime.device_busy':
    'removing a container failed with "device or resource busy" (a mount or process is pinned)',
  'fd.emfile': 'a node daemon hit its open-file limit (EMFILE, "too many open files")',
  'fd.inotify': 'inotify instances or watches are exhausted',
  'fd.inotify_leak': 'many long-running "follow" processes each hold an inotify instance',
  'fd.file_max': 'the kernel-wide file table (fs.file-max) is full',
  'fd.near_limit': 'open descriptors are at or near the limit',
  'fd.within_limit': 'open descriptors are well below the limit',
  'fd.limit_low': 'a descriptor or inotify limit is set low for a container host',
  'fd.watch_error': 'cAdvisor cannot process cgroup inotify events',
  'fd.app_emfile': 'an application (not a node daemon) logged "too many open files"',
  'kernel.hung_task': 'the kernel reports a task blocked in uninterruptible sleep for minutes',
  'kernel.hung_task_runtime': 'the kernel reports a runtime/container process blocked for minutes',
  'proc.zombie_shim': 'a zombie or unkillable process sits under a containerd-shim',
  'proc.zombie': 'zombie (defunct) processes are present',
  'proc.dstate': 'processes are in uninterruptible sleep (D state)',
  'proc.unkillable': 'a process survives kill -9',
  'systemd.dbus_timeout': 'systemd/D-Bus calls time out or get no reply',
  'systemd.cmd_hang': 'a systemctl/busctl/D-Bus call to systemd hangs or times out',
  'systemd.busy': 'systemd (PID 1) is pinned at high CPU',
  'systemd.mountinfo_churn': 'mount table churn keeps systemd re-parsing /proc/self/mountinfo',
  'systemd.scope_pileup': 'thousands of transient scope units exist',
  'containers.many': 'the node holds hundreds to thousands of containers',
  'containers.exited_many': 'many exited containers are not being garbage-collected',
  'containers.few': 'the node holds few pods and containers',
  'containers.gc_failed': 'container garbage collection fails',
  'pods.many': 'the node runs an unusually high number of pods',
  'pods.churn': 'pods are created and deleted (or restart) constantly',
  'pods.dense': 'nodes are described as densely packed',
  'node.status_unknown': "the node controller stopped receiving the kubelet's status (Ready=Unknown)",
  'node.flapping': 'the node keeps flipping between Ready and NotReady',
  'kubelet.dead': 'the kubelet process exits or cannot start',
  'kubelet.swap': 'the kubelet refuses to start because swap is on',
  'kubelet.api_error': 'the kubelet cannot reach the API server to post status or renew its lease',
  'kubelet.auth_error': "the API server rejects the kubelet's credentials",
  'kubelet.stale_conn':
    'the kubelet keeps using a dead API-server connection (closed connection, instant watch closes)',
  'kubelet.http_blocked':
    'a kubelet goroutine is blocked for minutes in an HTTP round trip to the API server',
  'kubelet.alive_while_unknown':
    'the node is Unknown yet agents on it (or the kubelet itself) still talk to the API server',
  'kubelet.known_defect': 'this kubelet version has a known relist deadlock',
  'network.link_down': 'a network link on the node went down',
  'network.link_up': 'the network link came back',
  'network.disrupted': "the node's network was restarted or cut",
  'apiserver.down': 'an API server (or its load balancer) was down',
  'mem.oom': 'the kernel ran out of memory or the kubelet reports memory pressure',
  'mem.exhausted': "the node's memory was reported exhausted",
  'mem.cgroup_oom': 'a container hit its own memory limit (not node memory exhaustion)',
  'cpu.saturated': 'CPU is saturated',
  'io.saturated': 'disk I/O is saturated',
  'io.normal': 'disk I/O was checked and is normal',
  'disk.pressure': 'the node is out of disk space or reports disk pressure',
  'pid.pressure': 'the node ran out of PIDs/threads',
  'cni.hang': 'CNI add/delete calls time out',
  'cni.error': 'CNI add/delete calls fail',
  'cni.slow': 'CNI calls are reported slow on this cluster',
  'cni.not_ready': 'the network plugin is not ready',
  // Facts only a paste's structure shows: goroutine dumps, kernel stacks, systemctl status blocks.
  'kubelet.relist_deadlock':
    "the PLEG relist goroutine has been blocked for minutes sending on a channel nobody drains: the kubelet's own relist deadlock",
  'runtime.call_blocked': 'a goroutine has waited minutes for a container runtime (CRI/gRPC) call to return',
  'runtime.shim_blocked': 'a runtime goroutine has waited minutes for a container shim to answer (ttrpc)',
  'proc.dstate_storage':
    'a process is blocked in the kernel inside a storage subsystem (filesystem, NFS, Ceph, FUSE, block I/O)',
  'proc.frozen':
    'a process sits in the cgroup freezer (__refrigerator): its cgroup was frozen and not thawed',
  'kubelet.unit_failed': 'systemd reports the kubelet unit failed or stopped, and is not restarting it',
  'runtime.unit_failed':
    'systemd reports the container runtime unit failed or stopped, and is not restarting it',
} as const;

export type FactId = keyof typeof FACT_MEANINGS;

/** One observation, with the exact line or value it came from. */
export interface Fact {
  id: FactId;
  /** Where the text came from: `logs.kubelet:12`, `conditions[0].message`, `commandOutputs["ps aux"]`, `metrics`. */
  source: string;
  /** The exact source line or value (trimmed of surrounding whitespace). */
  text: string;
  /** A number the fact carries (seconds, counts, ratios), when it has one. */
  value?: number;
}

interface FactEntry {
  examples: Fact[];
  count: number;
  max: number | undefined;
}

const EXAMPLES_PER_FACT = 3;

/**
 * Collects facts with bounded memory: a log of a million identical lines yields one fact with a count and
 * the first few distinct examples, so a 1 GB journal needs no more memory than a 1 kB one.
 */
export class FactSet {
  readonly #entries = new Map<FactId, FactEntry>();
  readonly #discounted: Fact[] = [];

  add(fact: Fact): void {
    const entry = this.#entries.get(fact.id);
    if (!entry) {
      this.#entries.set(fact.id, { examples: [fact], count: 1, max: fact.value });
      return;
    }
    entry.count += 1;
    if (fact.value !== undefined && (entry.max === undefined || fact.value > entry.max))
      entry.max = fact.value;
    const known = entry.examples.some((e) => e.text === fact.text);
    if (!known && entry.examples.length < EXAMPLES_PER_FACT) entry.examples.push(fact);
  }

  /** Records a line that looks alarming but was deliberately not counted (e.g. an app's own EMFILE). */
  discount(fact: Fact): void {
    if (this.#discounted.length < EXAMPLES_PER_FACT * 2) this.#discounted.push(fact);
  }

  has(id: FactId): boolean {
    return this.#entries.has(id);
  }

  count(id: FactId): number {
    return this.#entries.get(id)?.count ?? 0;
  }

  examples(id: FactId): readonly Fact[] {
    return this.#entries.get(id)?.examples ?? [];
  }

  /** The largest value any occurrence of this fact carried (not only the kept examples). */
  max(id: FactId): number | undefined {
    return this.#entries.get(id)?.max;
  }

  ids(): FactId[] {
    return [...this.#entries.keys()];
  }

  get discounted(): readonly Fact[] {
    return this.#discounted;
  }
}
