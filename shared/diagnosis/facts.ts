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
  'runtime.pods_stuck_node_lost':
    'pods are described stuck on a node the control plane has lost, and nothing says the runtime hangs',
  'runtime.one_object_failing':
    'every stop or teardown failure names the same sandbox or container, and nothing node-wide fails',
  'runtime.answers': 'the runtime answers runtime-wide commands',
  'runtime.service_failed': 'the runtime service exited or is restarting',
  'runtime.pods_stuck': 'pods are stuck creating or terminating: runtime create/stop calls do not complete',
  'runtime.known_defect':
    'this runtime release has a known defect that hangs container operations, and the hang shows',
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
  'kernel.hung_task_daemon':
    "the kernel reports the runtime's daemon itself (dockerd, containerd, crio) blocked in uninterruptible sleep for minutes",
  'kernel.watchdog_panic':
    "the kernel's hung-task or soft-lockup watchdog panicked the host (kernel.hung_task_panic / softlockup_panic set)",
  'kernel.soft_lockup_netrx':
    "a CPU is stuck in the kernel's network receive path (a soft lockup on a NAPI polling thread or ksoftirqd): the node's packet processing stalls and it answers nothing on the network",
  'kernel.soft_lockup_agent':
    "a soft lockup names a kernel-instrumenting security agent's own process on the stuck CPU (its module or eBPF probes)",
  'proc.zombie_shim': 'a zombie or unkillable process sits under a containerd-shim',
  'proc.shim_leftover':
    'container shims outlive their containers: more shims than the containers they serve, reparented to PID 1, or left over after the containers are gone',
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
  'pods.unbounded':
    'pods run without resource requests or limits: the scheduler places more than the node can hold',
  'node.status_unknown': "the node controller stopped receiving the kubelet's status (Ready=Unknown)",
  'node.flapping': 'the node keeps flipping between Ready and NotReady',
  'kubelet.dead': 'the kubelet process exits or cannot start',
  'kubelet.swap': 'the kubelet refuses to start because swap is on',
  'kubelet.api_error': 'the kubelet cannot reach the API server to post status or renew its lease',
  'kubelet.auth_error': "the API server rejects the kubelet's credentials",
  'agent.node_password_rejected':
    "a k3s or rke2 server refuses an agent's node password (the per-node secret NODE.node-password.k3s|rke2 holds another machine's hash): the agent gets no kubelet certificate and the node is never admitted",
  'kernel.sysctl_missing':
    'a sysctl a node program needs at start does not exist: the kernel module behind it is not loaded',
  'kubelet.volumes_not_mounted': "the kubelet cannot attach or mount a pod's volumes and skips starting it",
  'kubelet.stale_conn':
    'the kubelet keeps using a dead API-server connection (closed connection, instant watch closes)',
  'kubelet.api_conn_lost':
    "the kubelet's connection to the API server went silent and was dropped (its HTTP/2 health check, or the kernel after minutes of retransmissions): the path under it was lost, e.g. by a failover",
  'kubelet.api_timeout':
    "the kubelet's status or Lease updates timed out with no answer (not refused, not reset): the shape of a request sent on a silent connection",
  'kubelet.pinned_conn_release':
    "this kubelet's release has no HTTP/2 health check: a connection to the API server that goes silent is kept until the kernel drops it (~15 min)",
  'datastore.watch_failed':
    "the datastore behind the API server (kine over SQL in k3s/rke2, dqlite, or etcd) cannot serve a watch: the watches above it, the kubelet's pod source among them, get no events while the node stays Ready",
  'datastore.watch_compacted':
    'a watch asked the datastore for revisions it has compacted away: its client must relist (routine once; repeated, watchers fall behind)',
  'datastore.locked':
    "the SQL datastore under the API server (kine over SQLite, dqlite) answers 'database is locked': its reads, writes and watches fail or stall",
  'kubelet.pods_ignored':
    'people describe a node that stays Ready while its kubelet never acts on pods bound to it or deleted (Pending or Terminating with no event from the kubelet)',
  'controlplane.watch_lost':
    "the controller manager's own watch of Nodes or Leases lost its connection: the node lifecycle controller judged nodes on renewals it no longer received",
  'node.controller_not_ready':
    "the node lifecycle controller recorded the node going NotReady (the control plane's view; it names no cause)",
  'kubelet.http_blocked':
    'a kubelet goroutine is blocked for minutes in an HTTP round trip to the API server',
  'kubelet.lease_expired':
    'the kubelet stopped renewing its node Lease: it is not running or cannot reach the API server',
  'kubelet.alive_while_unknown':
    'the node is Unknown yet agents on it (or the kubelet itself) still talk to the API server',
  'kubelet.known_defect': 'this kubelet release has a known defect whose symptom is present',
  'kubelet.cloud_lookup_failed':
    "the kubelet's node status update or registration failed in its own call to the cloud provider (the node's addresses or instance: the provider's API or metadata service unavailable, throttling, timing out, or finding no instance by the node's name), not in reaching the API server",
  'kubelet.cloud_lookup_warned':
    "the kubelet's lookup of the node's addresses in the cloud provider failed and it posted the rest of its status without them: the provider's API or metadata service is failing the kubelet",
  'kubelet.create_no_retry':
    'the kubelet failed to create itself at start (its runtime refusing or shutting down, an image manager that could not reach it) and, in the releases that only log it, stays running without a kubelet: no retry, no exit, until it is restarted',
  'kubelet.pod_state_stale':
    "the node's kubelet is described as holding stale state for a pod that was force-deleted: new pods on the node stay Pending without the kubelet acting on them until the kubelet is restarted",
  'kubelet.status_patch_conflict':
    "the API server answered the kubelet's node status patch with a conflict (the node object changed under it, a meaningful conflict): the kubelet reaches the server, and its update is refused",
  'kubelet.status_patch_refused':
    "the API server answered the kubelet's node status patch and refused it as invalid or too large: the kubelet reaches the server, what it sends is refused",
  'kubelet.status_channel_full':
    "the kubelet's status manager dropped pods' termination notices because its channel to the API server was full: more pod status updates queued than it sends, as when many pods are deleted at once",
  'kubelet.pods_not_killed':
    "pods deleted from the API server are described left behind by the kubelet (their containers still running, or held Terminating until the kubelet is restarted): the kubelet's own sync of pod deletions stopped, not the runtime",
  'network.link_down': 'a network link on the node went down',
  'network.wireless_link':
    "the node's link is said to be wireless (Wi-Fi, a wlan interface): its route to the API server depends on the link daemon and the association",
  'network.link_up': 'the network link came back',
  'network.disrupted': "the node's network was restarted or cut",
  'apiserver.down': 'an API server (or its load balancer) was down',
  'apiserver.proxy_failed':
    "the node-local proxy or balancer the kubelet reaches the API server through has no server left (its list of control-plane endpoints empty, every upstream down) or exited on it: the kubelet's requests end on its own node",
  'edge.cloud_link_lost':
    "the edge agent's link to the cloud side is lost (KubeEdge's edgehub cannot connect or cloudcore dropped the node's channel, OpenYurt's yurthub finds the cloud's API servers unhealthy): the edge node's Lease and status do not reach the control plane",
  'clock.set_back':
    "the node's wall clock was set back or jumped into the past: the kubelet's status requests wait out the jump (client rate limiter on the wall clock) and Lease renewals stamped earlier than the last are ignored, for as long as the clock moved",
  'apiserver.failover':
    "nodes are described NotReady for minutes around a failover of the API server's path (one master, the holder of its virtual IP, a load-balanced replica or the balancer itself failed or moved): their kubelets' long-lived connections stayed on the dead end until dropped or the kubelet restarted",
  'mem.oom': 'the kernel ran out of memory or the kubelet reports memory pressure',
  'mem.exhausted': "the node's memory was reported exhausted",
  'mem.reclaim':
    "the kernel's memory reclaim is described taking the node: kswapd or kcompactd busy on the CPU, direct reclaim, page-cache thrashing or a swap (zram) storm; memory is short and allocations wait on reclaim",
  'network.conntrack_full':
    "the kernel's connection-tracking table (or the instance's allowance) is full: new connections are dropped, the kubelet's to the API server among them",
  'mem.system_slice_limit':
    "the slice host services run in (system.slice, or the runtime's own slice) is at its memory limit: system-reserved enforcement or a drop-in caps it",
  'runtime.not_enabled': 'the runtime service is not enabled: nothing starts it at boot',
  'mem.cgroup_oom': 'a container hit its own memory limit (not node memory exhaustion)',
  'mem.memcg_ids_exhausted':
    "the memory controller's cgroup IDs (65535) are used up by removed cgroups the kernel still holds: mkdir of a pod or container cgroup fails with ENOMEM while memory is free",
  'cpu.saturated': 'CPU is saturated',
  'io.saturated': 'disk I/O is saturated',
  'io.normal': 'disk I/O was checked and is normal',
  'resources.normal': "the node's CPU and memory were checked and described as normal",
  'disk.pressure': 'the node is out of disk space or reports disk pressure',
  'pid.pressure': 'the node ran out of PIDs/threads',
  'cni.hang': 'CNI add/delete calls time out',
  'cni.error': 'CNI add/delete calls fail',
  'cni.slow': 'CNI calls are reported slow on this cluster',
  'cni.not_ready': 'the network plugin is not ready',
  'cni.config_invalid': 'a CNI configuration file is present but the loader rejects it',
  'cni.binary_missing':
    "the runtime cannot find a network plugin's binary in the CNI bin directories it is configured with: the plugin is installed in another directory, or not on this node",
  'cni.config_ignored':
    "a CNI configuration file is described present in the node's configuration directory while the network stays not ready (pods get no interface): what is there is not loaded or not accepted",
  'cni.config_not_reloaded':
    "the runtime's watch of the CNI configuration directory failed: new configuration is not loaded",
  'node.never_ready': 'the node has not been Ready since it joined (or since it was rebuilt)',
  // Runtime, systemd/D-Bus and CNI mechanisms named by the programs' own messages (rules/containerd.ts, crio.ts,
  // dockerd.ts, runc.ts, systemd.ts, cni.ts).
  'runtime.shim_hang': "a container's shim stops answering: every call about that container hangs",
  'runtime.shim_disconnected':
    "the runtime lost its connection to a container's shim/monitor (shim or conmon died or stopped answering)",
  'runtime.shim_cleanup_failed': 'the runtime could not delete a dead shim or clean up after it',
  'runtime.shim_start_failed': 'the runtime could not start a shim or create a task through it',
  'runtime.sandbox_name_stale':
    "the runtime refuses a pod's sandbox because its own store already holds a sandbox of that name: state restored from before a restart or reboot that nothing will remove, so that pod's sandbox is refused on every retry",
  // Round 20 (r20-runtime-storage): the runtime's storage layer (containers/storage under CRI-O and podman, containerd's
  // snapshotters) unable to create, find or mount a sandbox's or container's layer.
  'runtime.storage_layer_missing':
    "the runtime's storage cannot create, find or mount a sandbox's or container's layer (a layer its store records missing under the driver's directory, a driver name that is an alias of another, the runtime's and the storage library's configurations disagreeing): no sandbox can be made on the node",
  'runtime.handler_unset':
    'the runtime refuses every sandbox or container because the runtime it would run them with has no name or type in its configuration (the default runtime left unset, or named but not configured)',
  'runtime.compute_system_timeout':
    "on Windows, one container's compute system (its silo or utility VM) did not complete a start, shutdown or terminate the Host Compute Service asked of it in time: that container is wedged below its shim, while the service answers for the others",
  'runtime.host_compute_failed':
    "Windows' Host Compute Service (vmcompute) or Host Network Service, below the runtime and its network plugin, does not answer or is not running: every container, sandbox and endpoint call waits on it or fails, the runtime's layer down beneath the network",
  'runtime.handler_missing':
    "the runtime has no usable entry for the runtime handler a pod's RuntimeClass names (its configuration lists none, or it dropped one whose binary is missing): it answers, but refuses every sandbox or container of that class, every pod's when that handler is the node's default",
  'runtime.db_open_failed':
    "the runtime's embedded database cannot open or write its file (Docker's SQLite graph database, a bolt file): a full disk or inode table where the runtime keeps its state, most often",
  'runtime.name_reserved':
    'a create request was retried while the first one for the same container/sandbox name is still in flight',
  'runtime.exit_event_failed':
    "the runtime could not process a container's exit event (it is retried with backoff)",
  'runtime.kill_failed': 'the runtime could not kill a container: it survives SIGKILL',
  'runtime.stdio_broken': "the daemon's copy of a container's stdio stream broke",
  'runtime.restart_limit': 'systemd gave up restarting the runtime service (start limit hit): it stays down',
  'runtime.oom_killed': 'the kernel OOM killer killed the runtime service',
  'runtime.service_stopped': 'the runtime service stopped (deactivated)',
  'runtime.restarted': 'the runtime daemon started up (a restart when the node was already running)',
  'runtime.status_timeout':
    "the runtime's CRI Status call times out (its handler waits on the network plugin's status)",
  'runtime.not_accepting':
    "connecting to the runtime's socket fails with EAGAIN: its backlog is full, the daemon stopped accepting",
  'kubelet.restart_cures':
    'restarting only the kubelet brought the node back: what kept it NotReady was inside the kubelet',
  'kubelet.startup_race':
    'the kubelet posted node status moments after it started, before its first runtime Status call: one short NotReady per restart',
  'runtime.recovered':
    'the runtime is described as back and answering after an exit: that outage ended by itself',
  'runtime.list_abandoned':
    'the runtime finished a container list after its caller had given up (broken pipe writing the answer): the list is slow, not absent',
  'runtime.cri_version':
    'the runtime does not serve the CRI API version the kubelet speaks (gRPC Unimplemented: unknown service)',
  'runtime.start_failed':
    'the runtime daemon exits on a fatal error (a logged fatal, or its start failing) before or while it serves its socket, or cannot get past its start-up (its state on disk does not load)',
  'runtime.panic': 'the runtime daemon crashed with a Go panic or fatal error',
  'runtime.version_behind':
    "every NotReady node's container runtime is a major release behind the one every Ready node runs (kubectl get nodes -o wide): the odd node's runtime is the lead",
  'runtime.crash_fills_disk':
    "the runtime daemon's crash tracebacks in its log beside a full disk: a daemon that crashes and restarts writes a dump of its goroutines each time, and those logs fill the disk, so the full disk is the crash's consequence",
  'runtime.network_device_missing':
    "the runtime daemon cannot start because a network device it is told to use is not there (a bridge another component was to create: the kubelet's cbr0, the network layer's): the network layer's consequence when its agent has not come up",
  'kubelet.exits_on_runtime':
    "the kubelet (or the node process that runs it) exits at start because its runtime's socket does not answer its version check",
  'runtime.blocks_kubelet':
    'the kubelet fails to start while the runtime it requires fails to start too: the kubelet waits on the runtime',
  'runc.init_stuck': "a container's runc init stage is still alive in a process listing: its start stalled",
  'runc.init_stuck_daemon_blocked':
    "runc's init stage is alive while the runtime's own runtime-wide calls (list, Status, ps/info) time out: the stalled starts have blocked the daemon itself",
  'runc.freeze_failed':
    "runc could not freeze a container's cgroup (a task in it does not reach the frozen state)",
  'kubelet.allocatable_on_root':
    'the kubelet enforces node allocatable on the root cgroup, which takes no limit: per-QoS cgroups off with enforce-node-allocatable=pods',
  'mem.oom_report':
    "the kernel's OOM report began (its header or the allocator's path to the killer): global or in a memory cgroup, which the rest of the report says",
  'kubelet.panic': 'the kubelet crashed with a Go panic (fatal, or recovered by its crash handler)',
  'kubelet.not_registered':
    'the API server has no Node object for this kubelet: its registration failed or went to another API server',
  'kubelet.no_api_server':
    'the kubelet runs with no API server client (none defined, or none it could build): it never registers the node and sends no node status',
  'kubelet.loop_running_while_unknown':
    "the kubelet's own sync loop keeps logging while the node controller hears no status from it, and the kubelet logs no failure to post one: its status path is stuck inside the process",
  'node.windows':
    'the node runs Windows: its kubelet logs to a file and the Service Control Manager, not to a journal',
  'node.unresponsive': 'the whole node stopped answering (SSH, metrics, logs) for a while',
  'node.cut_off':
    'the node was described unreachable, cut off from the others (the path to it, not its stall)',
  'node.overloaded':
    'nodes went NotReady or stopped answering under heavy load (a load or stress test, a traffic spike)',
  'node.wedged':
    'the host is described wedged in its kernel: soft lockups, CPUs pegged that never come down, back only after a hard reset',
  'node.pods_running_while_lost':
    'the node is NotReady or Unknown while its pods still show Running: no kubelet reports anything, the machine itself may be gone',
  'kubelet.wedged':
    'the kubelet is described alive but wedged: hung or deadlocked, or its log stopping while the node runs on',
  'runtime.restore_dropped':
    'the runtime, restarting, could not load one sandbox or container from its stored state and carried on without it',
  'runtime.state_corrupt':
    "the runtime's on-disk state (layer or image store, metadata database) is described corrupt: it fails at start or serves broken state",
  'fd.growing':
    "open descriptors are described growing steadily: a leak toward the daemon's or the kernel's limit",
  'cpu.throttled':
    "the node's CPUs are held below what it needs: a burstable instance out of CPU credits runs at its baseline share",
  'cpu.relieved_by_moving_load':
    'the node healed only once its CPU- or memory-heavy workloads were moved, descheduled or evicted: removing the load is the test of starvation',
  'probes.restart_storm':
    "many pods' liveness probes failed together and their containers restarted at once: probes time out on a CPU-starved node, and the restarts spend more CPU",
  'workload.intensive':
    'workloads on the node are described CPU- or memory-intensive: they compete with the kubelet and the runtime',
  'node.vm_stopped':
    "the node's virtual machine was found stopped, powered off or deallocated by its hypervisor or cloud: no kubelet runs on it",
  'node.rebooting':
    'the node crashes or reboots by itself (a kernel panic, a reboot loop): each time the kubelet goes with it',
  'kubelet.killed':
    'the kubelet was killed by SIGKILL (signal 9, exit status 137): the OOM killer, or a supervisor that gave up waiting for it',
  'kubelet.stopped': 'systemd reports the kubelet service stopped (deactivated) rather than crashed',
  'kubelet.restarted':
    'systemd started the kubelet: at boot, or again after it exited or was restarted (one start alone is no failure)',
  'resources.no_pods_to_evict':
    "the kubelet's eviction thresholds are met and no pod is running to evict: what holds the resource is outside pods (system daemons, images, logs), so eviction cannot relieve it",
  'systemd.dbus_full_queue': "the D-Bus daemon rejects messages because the receiver's queue is full",
  'systemd.dbus_disconnected': 'clients lost or cannot open their connection to the system D-Bus',
  'systemd.reexecuted': 'PID 1 re-executed itself, cutting every client connected to it',
  'systemd.scope_failed': 'systemd failed to create or start a transient scope/unit for a container',
  'systemd.unit_exists': 'a transient unit could not be created because a unit of that name still exists',
  'systemd.crashed': 'systemd (PID 1) crashed and froze execution',
  'systemd.journal_suppressed':
    'journald dropped messages from a unit that logged faster than its rate limit',
  'cni.teardown_failed': 'CNI DEL (network teardown of a sandbox) fails, so the sandbox cannot be stopped',
  'cni.datastore_error': 'the CNI plugin cannot read its datastore (the API server or etcd)',
  'cni.agent_down':
    "the node's CNI agent (calico-node, cilium-agent, flanneld, ipamd, multus' default network) is not ready",
  'cni.ip_exhausted': 'the CNI IPAM has no address left to give a new pod',
  'pod.sandbox_recreate_loop':
    "the kubelet reports pods' sandboxes changed and to be killed and re-created hundreds of times: killing the old sandbox (its network teardown first) keeps failing, so every sync starts over",
  'cni.agent_not_placed':
    "the network plugin's node-side DaemonSet is not run on every node (typically not on the control plane, whose taint it does not tolerate or whose role its selector leaves out): those nodes get no CNI configuration and stay NotReady while the others turn Ready",
  'cni.switch_db_locked':
    "the network plugin's Open vSwitch cannot open or start its database (conf.db's lock held by another process, ovsdb-server not running): the plugin's node side waits for OVS and never becomes ready",
  'cni.config_dir_empty':
    "a listing of the node's CNI configuration directory shows no configuration file in it (empty, absent, or only a stray non-configuration file)",
  'cni.installer_waiting':
    "the network plugin's installer or agent is still waiting at start-up on something it needs before it writes the CNI configuration",
  // Round 24 (r24-cni): the network plugin by absence, its machinery beyond ADD/DEL, and Windows' host network.
  'cni.agent_absent':
    "a full listing of the cluster's pods (every namespace) holds no pod of any network plugin's node agent, or the distribution's chart and addon listings that deploy the plugin are empty, while nodes are NotReady: the network plugin was never deployed",
  'cni.host_tool_missing':
    "a host tool the pod network's status or set-up executes (nsenter, ip, iptables, conntrack, ipset) is missing on the node: the kubelet's network status hook or the plugin fails for every pod",
  'cni.sandbox_no_ip':
    "the kubelet finds a pod's sandbox without an IP address and kills it to start a new one: the network set-up or status gave the sandbox no address",
  'cni.install_busy':
    "the network plugin's installer cannot overwrite a plugin binary in the CNI bin directory because that binary is executing (ETXTBSY): the installer fails, so the plugin is not installed or updated",
  'cni.plugin_running':
    'a process listing shows a CNI plugin binary (from a CNI bin directory) executing: a CNI call in progress, which normally returns within seconds',
  'cni.host_network_hang':
    "a call into Windows' Host Network Service (HNS/HCN) about an endpoint or network times out or does not return: the network plugin's datapath on the host (its endpoints, its switch extension) holds every pod's network set-up and teardown",
  'cni.embedded_exit':
    'the network plugin embedded in the agent that runs the kubelet (k3s, rke2) stopped, and the agent exited with it',
  // Round 28 (r28-network): a node without a pod range (rules/pod-range.ts).
  'cni.node_cidr_missing':
    "the node has no usable pod range: its spec.podCIDR is absent or invalid (the controller manager allocated none, its cluster CIDR exhausted), or the CNI configuration the agent wrote holds none, so the network plugin that takes the node's range cannot start or give a pod an address",
  // Round 29 (r29-words): the network agent restarted before its start finishes (rules/network-agent.ts,
  // extract/agent-start.ts).
  'cni.agent_restart_loop':
    "the node's network agent (calico-node, cilium-agent, flannel, aws-node, weave, antrea, kube-ovn, ovn-kubernetes) is restarted again and again: the kubelet kills it on its failed liveness or startup probe, or holds it in back-off after it exits, so it never stays up long enough to program the node's network",
  'cni.agent_start_cut':
    "the network agent's own log ends inside its start-up (still reading its datastore or waiting for its caches) with no exit line of its own and no line of its start finishing: the process was stopped from outside, as the kubelet does when its liveness probe fails before the start is over",
  'shim.known_defect': 'this containerd/Docker release has a known shim hang, and a container is wedged',
  'systemd.known_defect':
    'this runc release has a known hang waiting for systemd over D-Bus, and D-Bus calls stall',
  'fd.known_defect': 'this runtime release has a known descriptor leak, and descriptors are exhausted',
  'config.heartbeat_vs_grace':
    "the kubelet's heartbeat interval leaves less than two heartbeats per node-monitor grace period: one late renewal marks the node NotReady",
  'config.cgroup_driver_mismatch':
    'the kubelet and the container runtime are configured with different cgroup drivers',
  'config.no_reserved':
    'the kubelet reserves nothing for system daemons (no kube-reserved/system-reserved) on a node showing starvation',
  // Kubelet, kernel and node-problem-detector facts (rules/kubelet.ts, rules/kernel.ts, rules/npd.ts).
  'runtime.list_too_large':
    "a runtime list response is larger than the kubelet's gRPC message limit: too many containers for one call",
  'runtime.overlay_corrupt': "the runtime's overlay2 storage holds a corrupt layer link",
  'kubelet.config_error':
    'the kubelet exits at start on its own configuration (a config file or flag it cannot load or rejects, a cgroup driver mismatch)',
  'kubelet.qos_root_missing':
    "the kubelet's container manager exits at start because the root of its QoS cgroups (kubepods) it had just made is not there: the kubelet's own cgroup bookkeeping racing systemd",
  'kubelet.cgroup_setup_failed':
    "the kubelet's container manager could not create or update one of its own cgroups (a QoS slice at start, a pod's slice before its sandbox)",
  'kubelet.cgroup_unit_exists':
    "the kubelet's vendored cgroup manager (libcontainer, systemd driver) failed on systemd's answer that a kubepods slice it creates already exists: the kubelet's own cgroup bookkeeping, not systemd stalling",
  'kubelet.kernel_defaults':
    'the kubelet refuses to start: it is set to protect kernel defaults (protectKernelDefaults) and kernel tunables differ from the values it requires',
  'kubelet.posts_own_refusal':
    "the kubelet itself posted Ready=False with its container manager's refusal to start: it is running and reaching the API server",
  'kubelet.module_start_failed':
    "the kubelet's own eviction manager failed to start and its sync loop skips every pod for it",
  'kubelet.manager_state':
    "the kubelet's CPU or memory manager cannot restore its own checkpoint at start (a policy changed without draining, a corrupt file, containers the runtime no longer has): the kubelet exits until it is deleted",
  'kubelet.container_map':
    "the kubelet's container manager exits at start building its map of the runtime's containers: a container whose sandbox the runtime no longer lists",
  'kubelet.capacity_stale':
    "the node's capacity, as the kubelet posts it, differs from the machine's memory or CPUs: the kubelet read the machine once at start and the machine changed since (hot-added or removed memory or CPUs)",
  'kubelet.plugin_walk':
    "the kubelet exits at start because its plugin watcher's walk of a plugin directory failed on a directory it could not watch (kubelets 1.12-1.14 walk the old /var/lib/kubelet/plugins, volume plugins' mounts included, and make any failure fatal)",
  'kubelet.cgroup_controller_missing':
    "the kubelet's container manager needs a cgroup controller the host does not mount (a kernel built without it, or it disabled): the kubelet cannot run on this host as configured",
  'kubelet.cadvisor_cgroup_path':
    'cAdvisor cannot watch a cgroup path this cgroup layout does not have (a kubelet/cAdvisor defect, not descriptor exhaustion)',
  'kubelet.node_identity':
    "the API server's node authorizer rejects the kubelet: its credentials name a different node",
  'kubelet.heartbeat_failed':
    "the kubelet's node status or lease update failed (the line gives no network cause)",
  'kubelet.cert_rotation_failed': 'the kubelet cannot obtain a new client certificate from the API server',
  'kubelet.sandbox_config_failed':
    "a pod's sandbox fails in the node's own sandbox configuration, before any runtime or CNI work: the resolver file the kubelet is configured with cannot be opened or parsed, or the pod's runtime handler is not one the node's runtime is configured with",
  'runtime.sandbox_image_failed':
    "the runtime cannot pull, find or read the sandbox (pause) image the node is configured with (containerd's sandbox_image, the kubelet's pod-infra image, CRI-O's pause_image), so every new pod's sandbox fails before any container or network work",
  'kubelet.api_via_loopback':
    'the kubelet reaches the API server on a loopback address (127.0.0.1, localhost, ::1) that refuses it: a proxy or API server on this node serves its API path (a static pod, or the agent of k3s or rke2)',
  'kubelet.api_behind_own_pod':
    "the kubelet's API path runs through a loopback address this node serves, and the kubelet fails its own sandbox configuration: the pod that would serve it (a node-local API proxy or the API server) cannot start",
  'kubelet.cert_rotated': 'the kubelet rotated its client certificate and closed its API-server connections',
  'kubelet.credentials_changed':
    "what decides whether the API server accepts the nodes changed: its authorization (a mode switched, RBAC enabled, a webhook added) or the nodes' identity (their instance role replaced, the identity map edited)",
  'kubelet.image_gc_removed':
    "the kubelet's image garbage collection removed images no running container uses, to free the image filesystem (any image the runtime does not report pinned, the sandbox image too)",
  'disk.image_gc_failed': 'image garbage collection cannot free the disk space the kubelet needs',
  'disk.pod_limit':
    "a pod was evicted for writing past its own ephemeral-storage or emptyDir limit: the pod's limit, not the node's disk",
  'kernel.storage_stall':
    'tasks sleep uninterruptibly in storage code (NFS, XFS, ext4/jbd2, overlay, ceph, fuse) or the NFS server stopped answering',
  'kernel.fs_sync_stall':
    "a task is hung in a file system's flush (sync_filesystem, sync_inodes_sb, wb_wait_for_completion, a file system's sync_fs): writeback to the disk under it does not finish, the storage is slow",
  'storage.remote_lost':
    "the kernel's client of a network storage lost its server (libceph's monitors or OSDs, an iSCSI connection, a multipath device's last path): I/O to that storage waits until the server answers again",
  'storage.load_is_stall':
    'the load and I/O wait said high are tasks asleep in storage code (Linux counts tasks in D state in the load average, and time waiting on I/O that never completes as iowait): a stall, not demand',
  'disk.io_error': 'the kernel reports I/O or filesystem errors on a block device',
  'fs.readonly': 'a filesystem was remounted read-only or shut down after errors',
  'fs.corrupt':
    "the kernel reports errors in a filesystem's own structures (ext4 errors, XFS corruption or metadata I/O errors, an aborted journal): what the runtime keeps there may no longer load",
  'network.iface_lost':
    "a physical or virtual machine's own network interface went away or stopped passing traffic: its driver unregistered it, or reset it after its transmit queue or device stopped answering",
  'network.netdev_leak':
    'a network device cannot be unregistered (reference leak): network namespace teardown, and CNI DEL with it, blocks',
  'kernel.soft_lockup': 'a CPU is stuck in the kernel (soft lockup or RCU stall)',
  'kernel.oops': 'the kernel hit a BUG/oops; the faulting task died holding whatever it held',
  'pid.cgroup_limit': "the pids controller rejected a fork: a cgroup's PID limit is reached",
  'pid.runtime_unit_limit':
    "the container runtime's systemd unit (docker.service, containerd.service, crio.service) reached its task limit (TasksMax): the daemon, its shims and runc cannot fork or start threads",
  'pid.runtime_unit_forks':
    "forks and thread creations fail with EAGAIN while the runtime's unit is at its task limit: the failures are the unit's",
  'pid.pressure_widespread':
    "several programs, a node daemon among them, fail to fork or start threads at once: the limit they meet is shared (the node's or a unit's), not one application's",
  'pid.pod_limit':
    "a pod's or container's own PID limit (the kubelet's podPidsLimit, a container's pids.max) is reached: forks fail inside that pod only",
  'runtime.daemon_lock_pileup':
    "the runtime daemon's request threads pile up on one container's lock, held by a start or kill of that container that never returns (its runc or containerd call): the daemon answers nothing that touches that container, the kubelet's relist among them",
  'nodes.workers_cut_off':
    "every worker NotReady while every control-plane node stays Ready: the workers' shared path to the API server (its load balancer, the node-local proxies) is cut, while the API server answers the control-plane kubelets that reach it locally",
  // Round 27 (r27-asks): the same split read from program output (a node listing, the node controller's events).
  'nodes.workers_lost_listed':
    "a node listing or the node controller's events show every worker NotReady at once (two or more, not newly joined) while every control-plane node stays Ready: the workers were lost together (their shared path to the API server, or the machines themselves stopped), not each one's own fault",
  'nodes.all_not_ready':
    'the node controller saw every node NotReady at once: the common path to the control plane failed (or there is one worker)',
  // Facts only a paste's structure shows: goroutine dumps, kernel stacks, systemctl status blocks.
  'kubelet.relist_deadlock':
    "the PLEG relist goroutine has been blocked for minutes sending on a channel nobody drains: the kubelet's own relist deadlock",
  'runtime.call_blocked': 'a goroutine has waited minutes for a container runtime (CRI/gRPC) call to return',
  'runtime.shim_blocked': 'a runtime goroutine has waited minutes for a container shim to answer (ttrpc)',
  'kubelet.fatal_behind_runtime':
    'the kubelet died of a Go resource fatal (its thread limit, out of memory) with its goroutines piled up in CRI calls the runtime does not answer',
  'runc.init_fifo_wait':
    "a container's runc init holds its exec fifo, waiting to exec until a start that has not come (created, never started)",
  'runtime.start_timeouts_spread':
    'container creates or starts time out in the shim or runc for three or more distinct containers: the path below the runtime fails every start, so the runtime cannot run containers',
  'mount.table_large':
    "the node's mount table holds tens of thousands of mounts (a count of /proc/mounts, mountinfo, mount or findmnt): mounts leaked, and systemd re-parses all of them on every change",
  'runc.init_pileup':
    'a process listing shows many runc inits at once in uninterruptible sleep or each at a full CPU: every container start stalls in the same step below the runtime',
  'runc.init_fifo_pileup':
    "several containers' runc inits wait on their exec fifos at once: creates complete and the starts after them are never issued",
  'systemd.dbus_blocked':
    "a node daemon's goroutines pile up parked for minutes in the D-Bus library (signal deliveries nobody drains, calls to systemd or logind with no reply)",
  'proc.dstate_storage':
    'a process is blocked in the kernel inside a storage subsystem (filesystem, NFS, Ceph, FUSE, block I/O)',
  'proc.frozen':
    'a process sits in the cgroup freezer (__refrigerator): its cgroup was frozen and not thawed',
  'cgroup.pods_frozen':
    "a pod or QoS slice of the kubelet's (kubepods) is FROZEN or FREEZING in the cgroup freezer: every process in its pods is stopped, so probes and exec time out; only the kubelet's own cgroup manager freezes those slices",
  'kubelet.unit_failed': 'systemd reports the kubelet unit failed or stopped, and is not restarting it',
  'kubelet.start_step_failed':
    "a step of the kubelet's unit failed before or instead of the kubelet itself (a pre-start command, the binary missing, one of systemd's set-up steps, a start condition): the line names the step",
  'kubelet.dead_with_runtime':
    'the kubelet exits or restarts in a loop while the runtime is stopped or failing, and no line gives the kubelet a reason of its own',
  'kubelet.stopped_with_dependency':
    "systemd stopped the kubelet because a unit it is bound to (the runtime's, in most installs) went inactive: nothing starts the kubelet again when that unit does",
  'kubelet.dependency_failed':
    "systemd did not start the kubelet because a unit it requires failed to start (the runtime's unit, in most installs)",
  'etcd.unavailable':
    "the control plane's datastore cannot serve writes (etcd without a leader, its requests timing out, unhealthy, or read-only past its space quota): the API server fails every write, the kubelets' Lease and status among them",
  // Round 29 (r29-controlplane): the datastore itself exiting (not merely slow or refusing), and a controller that
  // relays nodes' status to the API server cut off from it.
  'etcd.fatal_exit':
    "the control plane's datastore (etcd) exits on a fatal error or restarts in a loop (its peer or client port already bound by another process, its data directory, WAL or snapshot unreadable or corrupt, a member already bootstrapped): with no datastore the API server answers nothing, and every kubelet's Lease and status write fails",
  'relay.apiserver_unreachable':
    "a controller that relays nodes' status to the API server on their behalf (KubeEdge cloudcore's edgecontroller, OpenYurt's yurthub, a virtual-kubelet provider) cannot reach the API server (its name unresolved, its address timing out or refused): the status of the nodes it relays never arrives, though their own link to it may be up",
  'etcd.starved':
    "etcd cannot serve while the disk it writes to is saturated or too slow for it: the datastore's outage follows from the node's I/O starvation",
  'etcd.slow_disk':
    "etcd (or kine, k3s's SQL datastore) warns that its disk holds it up (slow WAL fdatasync, applies, requests or SQL that took too long, heartbeats sent late): the node's disk latency starves what shares it",
  'runtime.unit_failed':
    'systemd reports the container runtime unit failed or stopped, and is not restarting it',
  'runtime.binary_missing':
    'the runtime cannot find the low-level runtime (runc, crun) or the shim its configuration names: the binary is not installed where it looks, so no sandbox or container can be created',
  // Round 27 (r27-asks): the binary is there, the kernel refuses to execute it (execve(2)'s EACCES, EPERM, ENOEXEC,
  // ETXTBSY, through Go's "fork/exec <path>: <errno>"), or a security module's audit line denies it.
  'runtime.binary_refused':
    "the low-level runtime (runc, crun) or the shim is on the node but the kernel refuses to execute it: not executable or on a noexec mount, denied by a security module or a security agent's fanotify verdict, replaced by a file of another format, or being written while executed: no sandbox or container can be created",
  'runc.rootfs_cgroup_failed':
    "runc cannot mount the host's cgroup v1 hierarchies into a container (a cgroup mount it does not understand): every container start on the node fails in the same rootfs step, though the daemon answers",
  // Round 16 (proc16): the kernel's allocation-failure reports and the runtimes' init relays, device statistics,
  // process listings read by parent, descriptor counts by process.
  'mem.fragmented':
    "the kernel could not find free contiguous memory of the size asked for (a page-allocation failure above order 0, the buddy free lists empty at the higher orders, a slab cache it could not create or grow): memory is fragmented or short, so what needs contiguous pages (a new network namespace, a container's start) fails even while free memory is shown",
  'runc.init_ns_failed':
    "the low-level runtime's init (runc's nsexec stages) failed at its namespace or clone step, relayed only as an exit status: the container never started; the kernel's log says why",
  'mem.workload_fills_node':
    "the pods' memory, as stated (a count times what each uses), adds up to about the node's whole memory: the kubelet, the runtime and the kernel are left next to nothing",
  // Round 28 (r28-words): words of people, read from the grammar (rules/descriptions.ts, rules/observations.ts).
  'node.hostname_changed':
    "the machine's hostname is said to have changed (at boot, by cloud-init, by DHCP, by hand): the kubelet takes its node name from the hostname unless --hostname-override says otherwise, while its client certificate names the old node (system:node:<old>), so the Node authorizer and NodeRestriction refuse its node, Lease and status writes and the node it was stays NotReady",
  'node.watchdog_reset':
    "a watchdog outside the workload (a hardware or hypervisor watchdog timer, watchdog(8) on /dev/watchdog) is said to have reset the machine: it fires when the program that keeps it alive is not scheduled in time, or on watchdog(8)'s own load and memory tests, so the host was starved or stuck before it",
  'etcd.member_slow':
    "one member of the control plane's datastore (etcd, or a single-binary distribution's kine/dqlite) is said to be slow or lagging: the API servers that use it answer the kubelets' Lease and status writes late or not at all, and the nodes behind them go NotReady",
  'node.watchdog_reboots':
    'a monitor or watchdog program is said to reboot the node on its own check: the reboots are its doing, not the host crashing by itself, and prove no cause on the node',
  'proc.zombie_unreaped':
    "zombie processes pile up under parents that are neither the kubelet nor a shim (a container's own processes, a shell or application as a container's PID 1, a job runner): each holds a PID until its parent reaps it, so the PID space fills",
  'pid.many_processes':
    "thousands of processes (or zombies) of one command counted on the node: a leak that fills the PID space (pid_max, a pids cgroup's limit)",
  'proc.zombie_kubelet':
    "zombie processes whose parent is the kubelet: children it started (probes' and helpers' commands) and never reaped, the kubelet's own leak",
  'fd.daemon_top_holder':
    'a node daemon (the runtime or the kubelet) holds the most open descriptors on the node, tens of thousands: the holder of a descriptor leak toward its own or the kernel-wide limit',
  'proc.shims_predate_daemon':
    'containerd shims started before the runtime daemon now running: survivors of its previous run, which it must reconnect to as it restores its containers',
  // Round 18 (r18-runtime): the runtime's answers about one container against its processes, and sandboxes that
  // fail on the sandbox image itself.
  'runtime.exec_process_gone':
    "the runtime refused an exec or probe in a container because it found the container's process gone (CRI-O's check of the container's PID), while the kubelet, which probes only containers the runtime reports running, still counts it running",
  'runtime.running_without_process':
    "the runtime keeps reporting a container running whose process it finds gone, again and again: the exit was never recorded (its monitor gone without writing it, or the runtime's stop path stuck on the container)",
  'runtime.stop_blocked':
    "a goroutine of CRI-O has waited minutes inside one container's stop path (its stop lock, the kill loop's channel, or the kill loop itself): that container's stop never finishes",
  // Round 28 (r28-runtime): the runtime refusing to delete what its client stopped.
  'runtime.task_delete_refused':
    "the runtime refuses to delete a container because it still holds its task (or the container) as running, or a removal of it already under way: its record and its client's (the kubelet, a service supervisor such as Talos's machined or k3s, dockerd) disagree, the runtime's state lost or its stop path stuck",
  'runtime.no_sandbox':
    "sandbox creation fails on the sandbox (pause) image again and again, across sandboxes: the runtime can create no pod on the node, the network plugin's own among them",
  // Round 21 (r21-runtime-words): a runtime's status or list call waiting on one container's stop, told in words and
  // timing; the sandbox image a runtime-only upgrade or an air-gapped node leaves unobtainable.
  'runtime.waits_on_stop':
    "the runtime's status or list call for one container waits on the lock that container's stop holds (CRI-O's opLock, taken by ContainerStatus before 1.15.4, in 1.16 and 1.17.0-1.17.1; dockerd's container lock, taken by its listing before 17.07): a goroutine dump parked there for minutes, or the node described NotReady (or the listing hanging) for as long as one container's termination grace period, Ready again when the stop ends",
  'runtime.upgraded':
    "the container runtime, or the distribution that bundles it (k3s, rke2), is described upgraded or updated on the node: a new release of the runtime alone, whose defaults (its sandbox image, its configuration's layout) may have changed",
  'node.airgapped':
    'the node is described air-gapped or offline (no route to public registries): an image it does not already hold, the sandbox image among them, cannot be pulled',
  'runtime.sandbox_image_ignored':
    "containerd 2.x warns that it ignores the sandbox_image key of its configuration (moved to the images plugin's pinned_images sandbox in 2.0): it makes sandboxes from its own default pause image, not the one the node's file names",
  'runtime.sandbox_image_unobtainable':
    "sandbox creation fails on the sandbox (pause) image after the runtime alone was upgraded, or on an air-gapped node: the runtime's release names or resolves a sandbox image the node does not hold (a new default tag, a configuration key that moved, a short name no longer resolved), so it can make no sandbox: the runtime's, not the kubelet's configuration",
  // Round 29 (r29-runtime): a memory-backed filesystem full under the runtime's state and exec path (rules/runtime.ts).
  'fs.tmpfs_full':
    "a memory-backed filesystem (tmpfs: /run, /dev/shm, the temporary directory the runtime writes each exec's process file to) is full: every exec into a container and every exec probe fails with ENOSPC, and what fills it is held in the node's memory, not on its disk",
  // Round 29 (r29-runtime): the kubelet's embedded cAdvisor redialing containerd (rules/runtime.ts).
  'kubelet.containerd_redial':
    "the kubelet's embedded cAdvisor fails to dial containerd's socket (containerd's dialer's \"dial unix:///…\" under grpc-go's \"Error while dialing\" in the kubelet's own log): containerd was down or restarting, and this client keeps redialing it",
  // Round 29 (r29-runtime): the sandbox image failing beside the network plugin not ready (extract/sandbox-image.ts).
  'runtime.sandbox_image_before_network':
    "sandbox creation fails on the sandbox (pause) image while the network plugin is not ready: every pod's sandbox, the network plugin's own agent and the host-network control-plane pods included, is made from that image before any network work, so no plugin can start to make the network ready: the network not ready follows from the sandbox image, not the other way",
  'runc.init_enomem':
    "the low-level runtime's init failed with ENOMEM while it cloned its stages or made the container's namespaces: the kernel could not allocate what a new namespace needs",
  // Round 18: runc commands and shims spinning by the handful in top's table (extract/commands.ts).
  'proc.runtime_spinning':
    'a process listing (top, ps) shows runc commands or container shims by the handful, each at half a CPU or more: the work below the runtime is looping, so every call the runtime makes through them crawls',
  'kubelet.restarts_with_panics':
    "the kubelet is described restarting (or dead) beside a kernel described panicking, and no program's line says the kubelet died: each panic takes the host down and the kubelet starts again with it, so what to ask is why the machine fails (its provider's events, its disks), not why the kubelet stops",
  'runtime.killed':
    "the runtime daemon was killed by SIGKILL (exit status 137 = 128 + 9): by the kernel's OOM killer (its unit's memory limit or the node's memory) or by systemd's final kill after a stop timed out",
  'pod.system_killed':
    "a node's system pod (kube-proxy, the network plugin's agent, node-local DNS, a CSI node plugin) was killed by SIGKILL (exit code 137): its memory limit or the node's memory, or a forced stop",
  'mem.cache_emptied':
    'the page cache is described emptied or dropped, without the words of reclaim, thrashing or a figure: reclaim empties it when memory is short, but so do a restart, drop_caches or a large file deleted: a lead to memory, not a finding',
  // Round 24 (r24-words-counting): people's words.
  'fd.suspected':
    'someone suspects, hedged, that open files or descriptors ran out ("I suspect too many open files", "可能是打开文件数太多"): a lead to the limits, weighed below a plain statement',
  'kubelet.memory_leak':
    "the kubelet's own memory is described growing without bound (its resident set, a leak): a defect in the kubelet's own bookkeeping; what the machine does at the end (the OOM killer, a crash) is its consequence",
  'kubelet.api_retry_loop':
    "the nodes' connection attempts to the API server are described failing in a loop (their logs filling the disks): the kubelets cannot reach, or are refused by, the API server; an expired certificate is the usual reason when every node fails at once",
  'runtime.upgrade_left_nodes_down':
    "the runtime is described upgraded on the nodes, the nodes lost (NotReady, unavailable, unreachable) right after: where the node's components, the kubelet among them, run as the runtime's containers, the new release did not start them again",
  'runtime.stopped_by_upgrade':
    "a package upgrade of the runtime or of the daemon under it (containerd, containerd.io, runc; by unattended-upgrades, yum-cron, dnf-automatic) is described taking the runtime down: the package's scripts stop the daemon and nothing starts it again",
  // Round 26 (r26-sandbox): the runtime's and the kernel's side of creating a sandbox.
  'runtime.names_held_over_reboot':
    "the runtime refuses sandboxes whose names it still holds reserved, beside a reboot of the node: the runtime's own store kept sandboxes from before the shutdown (restored at its start) and refuses every pod that ran there, so the reboot is the occasion and the runtime's state the cause",
  'ns.create_refused':
    "the kernel refused a new namespace at a sandbox's creation (unshare or clone with CLONE_NEWNET and the others returning ENOSPC, a namespace count limit in /proc/sys/user, or ENOMEM, the kernel memory a new network namespace needs; a netlink socket it cannot bind): namespaces pile up, most often network namespaces the network plugin's teardown leaves behind, until no new sandbox gets one; not the node's memory nor its disk",
  'net.neigh_overflow':
    "the kernel's neighbour table (ARP for IPv4, NDISC for IPv6) is full: it cannot add an entry for another address, so traffic to neighbours it cannot resolve is dropped (gc_thresh3 too low for the hosts a flat segment or a large cluster puts beside the node)",
  'cni.neigh_overflow':
    "the kernel's neighbour table overflows on a node where a network plugin runs (its agent named, or failing to start): the plugin's layer cannot resolve the addresses it must reach, so its agent fails and the network stays not ready",
  'runtime.state_kept':
    "the runtime's kept state is described refusing the pods: its state on disk wiped or reset as the remedy, or pods that never start after every (hard) reboot: what the runtime restores at start (sandboxes and their names) is what refuses them",
  'runc.join_ns_missing':
    "the low-level runtime cannot join a namespace the container's configuration names (the path /proc/PID/ns/... of the sandbox's process gone, or setns refusing it): the create fails; on every container, the runtime's own binaries or state are broken (another engine's package replacing runc or the shim, a sandbox process gone)",
  // Round 27 (r27-storage): a volume relabelled at each container's start; the kubelet's Evented PLEG gate.
  'storage.xattr_slow':
    "a network filesystem's metadata server holds extended-attribute writes (setxattr, the SELinux label's security.selinux) as slow requests waiting on its locks: a runtime relabelling every file of a volume at each container's start waits on each one, and those containers' creation with it, while the runtime answers for the rest",
  'storage.server_slow':
    "a network storage's servers report requests blocked past their complaint time (Ceph's MDS_SLOW_REQUEST and MDS_SLOW_METADATA_IO, its OSDs' slow requests): the volumes they serve answer slowly, and the containers' creation and status calls that touch them wait: a hint of the storage path, which a relabel or hung tasks corroborate",
  'runtime.volume_relabel':
    "the runtime relabels a volume for SELinux inside a container's create call (recursively: one extended-attribute write per file), its relabel failing or described walking every file: the create holds for as long as the walk, so on a volume of very many files or a network filesystem those containers' start is held in the storage path",
  'storage.volume_walk_slow':
    "containers on a volume of very many files are described taking minutes each to start: a walk of every file at each start (the runtime's SELinux relabel, the kubelet's fsGroup ownership change) holds their creation in the storage path while the node's other containers run",
  'kubelet.oom_victim':
    "the kernel's OOM killer chose the kubelet itself as its victim: with oom_score_adj -999 it is picked only when its own memory dwarfs every pod's, so the memory that ran out is the kubelet's own (a leak, an unbounded buffer), not the workloads'",
  'pleg.events_unsupported':
    "the kubelet's Evented PLEG cannot hold the runtime's container-events stream (GetContainerEvents unimplemented before containerd 1.7 and CRI-O 1.26, the stream failing) and falls back to relisting: the gate is on against a runtime that does not serve it",
  'kubelet.evented_pleg_on':
    "the kubelet's EventedPLEG feature gate is on (its flags, its configuration file, its feature-gate log line), or is named as what separates a node that turns Ready from one that does not: the event-driven relist, alpha from 1.26, whose beta attempt was reverted",
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
  /** A person's description of what they saw, not a program's own message or a measured value. */
  observation?: boolean;
  /**
   * A description whose sentence says the problem was fixed or resolved ("after we fixed it", "已修复"): still heard,
   * but a repaired problem does not corroborate the present one (rank.ts).
   */
  resolved?: boolean;
  /** A description whose words name the mechanism outright (Signature.specific): it weighs more than another. */
  specific?: boolean;
  /** The known defect (defects.ts id) this fact reports. */
  defect?: string;
}

interface FactEntry {
  examples: Fact[];
  count: number;
  max: number | undefined;
  /** Whether any occurrence came from a program's own message or a measurement, not only from people. */
  attested: boolean;
  /** Whether any occurrence is not said to be fixed or resolved already. */
  current: boolean;
  /** Whether any description of it names the mechanism outright (Fact.specific). */
  specific: boolean;
}

export const EXAMPLES_PER_FACT = 3;

/** What a FactSet holds, as plain data (it crosses threads: a worker scanning one range of a file). */
export interface FactSnapshot {
  entries: Array<[FactId, FactEntry]>;
  discounted: Fact[];
}

/**
 * Collects facts with bounded memory: a log of a million identical lines yields one fact with a count and
 * the first few distinct examples, so a 1 GB journal needs no more memory than a 1 kB one.
 */
export class FactSet {
  readonly #entries = new Map<FactId, FactEntry>();
  readonly #discounted: Fact[] = [];

  add(fact: Fact): void {
    const entry = this.#entries.get(fact.id);
    const attested = fact.observation !== true;
    const current = fact.resolved !== true;
    // A mechanism named outright in a sentence about a repair is heard as any description is, not more.
    const specific = fact.specific === true && current;
    if (!entry) {
      this.#entries.set(fact.id, {
        examples: [fact],
        count: 1,
        max: fact.value,
        attested,
        current,
        specific,
      });
      return;
    }
    entry.count += 1;
    entry.attested ||= attested;
    entry.current ||= current;
    entry.specific ||= specific;
    if (fact.value !== undefined && (entry.max === undefined || fact.value > entry.max))
      entry.max = fact.value;
    const known = entry.examples.some((e) => e.text === fact.text);
    if (!known && entry.examples.length < EXAMPLES_PER_FACT) entry.examples.push(fact);
  }

  /**
   * Adds what another set recorded from text that comes after this set's: the result is what one set would
   * have recorded from both texts in order. Exact because each set keeps the first examples of every fact:
   * when this one still has room for k more, the other's first three distinct ones hold the k it would take.
   * `times` counts the text as written that many times (a Kubernetes event's `count`).
   */
  absorb(later: FactSnapshot, times = 1): void {
    for (const [id, other] of later.entries) {
      const entry = this.#entries.get(id);
      if (!entry) {
        this.#entries.set(id, { ...other, count: other.count * times, examples: [...other.examples] });
        continue;
      }
      entry.count += other.count * times;
      entry.attested ||= other.attested;
      entry.current ||= other.current;
      entry.specific ||= other.specific;
      if (other.max !== undefined && (entry.max === undefined || other.max > entry.max))
        entry.max = other.max;
      for (const fact of other.examples) {
        const known = entry.examples.some((e) => e.text === fact.text);
        if (!known && entry.examples.length < EXAMPLES_PER_FACT) entry.examples.push(fact);
      }
    }
    for (const fact of later.discounted) this.discount(fact);
  }

  snapshot(): FactSnapshot {
    return { entries: [...this.#entries], discounted: [...this.#discounted] };
  }

  /** Records a line that looks alarming but was deliberately not counted (e.g. an app's own EMFILE). */
  discount(fact: Fact): void {
    if (this.#discounted.length < EXAMPLES_PER_FACT * 2) this.#discounted.push(fact);
  }

  has(id: FactId): boolean {
    return this.#entries.has(id);
  }

  /** Whether any of `ids` was read. */
  hasAny(ids: readonly FactId[]): boolean {
    return ids.some((id) => this.#entries.has(id));
  }

  count(id: FactId): number {
    return this.#entries.get(id)?.count ?? 0;
  }

  examples(id: FactId): readonly Fact[] {
    return this.#entries.get(id)?.examples ?? [];
  }

  /** True when the fact rests only on people's descriptions: it weighs less than a program's own message. */
  onlyObserved(id: FactId): boolean {
    const entry = this.#entries.get(id);
    return entry !== undefined && !entry.attested;
  }

  /** True when some description of the fact names its mechanism outright (a limit, a process state, a count). */
  namedOutright(id: FactId): boolean {
    return this.#entries.get(id)?.specific === true;
  }

  /** True when every occurrence of the fact is a description of a problem said to be fixed or resolved already. */
  onlyResolved(id: FactId): boolean {
    const entry = this.#entries.get(id);
    return entry !== undefined && !entry.current;
  }

  /** The largest value any occurrence of this fact carried (not only the kept examples). */
  max(id: FactId): number | undefined {
    return this.#entries.get(id)?.max;
  }

  ids(): FactId[] {
    return [...this.#entries.keys()];
  }

  /**
   * Takes a fact back when what it was read from turns out to be about something else (a client of a runtime the
   * kubelet does not use): its examples are kept as discounted lines, shown but not counted.
   */
  withdraw(id: FactId): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    for (const fact of entry.examples) this.discount(fact);
  }

  get discounted(): readonly Fact[] {
    return this.#discounted;
  }
}
