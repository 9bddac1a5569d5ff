import { change, cordonAndDrain, type RuntimeTools, read, uncordon } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { FactSet } from '../facts.ts';
import type { CauseModule } from './types.ts';

/** Where each runtime keeps its state and databases by default (dockerd --data-root, containerd root, CRI-O's storage root). */
const RUNTIME_ROOT: Record<RuntimeTools['kind'], string> = {
  docker: '/var/lib/docker',
  containerd: '/var/lib/containerd',
  crio: '/var/lib/containers',
};

/** The chain's middle link when neither memory nor a kernel resource ran out: the disk, its writeback, CPU or I/O. */
function saturationLink(facts: FactSet): string {
  if (facts.has('fs.tmpfs_full'))
    return "A memory-backed filesystem (tmpfs) is full: the runtime writes its state and each exec's process file there (/run, /dev/shm, its temporary directory), so every exec into a container and every exec probe fails with no space left, and what fills it is held in the node's memory. Find what writes there (du -x on the mount, a program buffering files in /tmp or /run) and the mount's size (df -h -t tmpfs).";
  return facts.has('disk.pressure') || facts.has('runtime.db_open_failed')
    ? 'The disk is full or under pressure: the runtime cannot write state and image/container operations fail.'
    : facts.has('kernel.fs_sync_stall') && !facts.has('etcd.slow_disk')
      ? "A task (the runtime's daemon unmounting a container's overlay, a sync, a journal commit) sleeps in a file system's flush past the hung-task timeout: sync_filesystem writes the dirty data back and waits for the disk, so the disk under it is too slow or saturated for the writeback asked of it, and every sync or unmount on it, the runtime's with them, waits as long. Check the disk's latency and queue (iostat -x: await, aqu-sz, %util) and what writes to it."
      : facts.has('etcd.slow_disk')
        ? "The datastore on this node (etcd, or kine over SQLite in a k3s server) waits on its disk: its fsyncs and applies take longer than it expects, so the API server's requests time out, leases lapse, and a k3s/rke2 server that runs the kubelet in the same process stalls or exits with it. Check the disk's latency (iostat's await for the datastore's device) and what else writes to it."
        : 'CPU or I/O saturation delays every CRI call until relist exceeds its threshold.';
}

export const resourceStarvation: CauseModule = {
  id: 'resource_starvation',
  title: 'Node CPU, memory, disk or PIDs exhausted',
  explains: ['runtime_down', 'node_unreachable', 'zombie_shim_hang'],
  // Round 29 (r29-words): a node out of PIDs fails every exec probe's fork (the runtime's "fork/exec /proc/self/exe:
  // resource temporarily unavailable") and the agent's own threads, so the kubelet kills and restarts the network
  // agent on probes that never ran: the agent's restarts (cni_hang) follow from the exhaustion.
  explainsWhen: [{ cause: 'cni_hang', fact: 'pid.pressure' }],
  support: [
    // Round 26 (r26-sandbox): the kernel refusing a new namespace; its ENOMEM is the namespaces' own cost, a lead to
    // memory below the network plugin's leak (cni_hang).
    { fact: 'ns.create_refused', weight: 1 },
    { fact: 'mem.oom', weight: 3 },
    { fact: 'mem.exhausted', weight: 2.5 },
    // kswapd or kcompactd on the CPU, direct reclaim, thrashing, a swap storm: memory short enough that the kernel
    // spends the node's CPU and I/O getting pages back (Documentation/admin-guide/mm, mm/vmscan.c).
    { fact: 'mem.reclaim', weight: 2.5 },
    // The page cache said emptied, without reclaim's words: a lead to memory (rules/mentions.ts).
    { fact: 'mem.cache_emptied', weight: 1.5 },
    // A kernel resource, not memory: the memory controller's ID space (65535) held by removed cgroups. Nothing the
    // kubelet or the runtime does wrong: their cgroup creation is what meets the limit, as forks meet pid_max.
    { fact: 'mem.memcg_ids_exhausted', weight: 2.5 },
    { fact: 'disk.pressure', weight: 2.5 },
    // Round 29 (r29-runtime): a tmpfs full under the runtime's state and exec path (/run, /dev/shm, the exec's temporary
    // file): the node's memory held by what fills it, every exec and exec probe failing on ENOSPC.
    { fact: 'fs.tmpfs_full', weight: 2.5 },
    // Round 19: a runtime's embedded database that cannot open or write its file (SQLite's SQLITE_CANTOPEN, bolt's
    // ENOSPC): the file system under the runtime's root out of space or inodes, as a library says it.
    { fact: 'runtime.db_open_failed', weight: 2 },
    { fact: 'pid.pressure', weight: 2.5 },
    { fact: 'io.saturated', weight: 2 },
    // Round 23: a hung task's trace in a file system's flush (sync_filesystem, writeback of a superblock's inodes, a
    // file system's sync_fs): writeback to the disk does not keep up, I/O starvation whoever the task is (a runtime's
    // daemon unmounting an overlay waits on the disk, not on itself).
    { fact: 'kernel.fs_sync_stall', weight: 1.5 },
    { fact: 'cpu.saturated', weight: 2 },
    { fact: 'kernel.hung_task', weight: 1 },
    { fact: 'config.no_reserved', weight: 1 },
    { fact: 'pods.unbounded', weight: 1.5 },
    { fact: 'proc.dstate', weight: 0.5 },
    { fact: 'runtime.oom_killed', weight: 3 },
    { fact: 'systemd.journal_suppressed', weight: 0.5 },
    { fact: 'disk.image_gc_failed', weight: 1.5 },
    // A threshold met with nothing to evict names no resource (the "must evict … to reclaim <resource>" line before
    // it does, and weighs for it); it adds that the pressure will last, since pods are not what holds it.
    { fact: 'resources.no_pods_to_evict', weight: 1 },
    { fact: 'kernel.soft_lockup', weight: 1.5 },
    { fact: 'pid.cgroup_limit', weight: 1 },
    { fact: 'pid.pressure_widespread', weight: 1.5 },
    // Round 22: what fills the PID space before forks fail: zombies no parent reaps under a container's own
    // processes (exec probes' scripts and their children, a PID 1 that does not reap, a job runner), and one
    // command's processes counted by the thousand (extract/commands.ts).
    { fact: 'proc.zombie_unreaped', weight: 2 },
    { fact: 'pid.many_processes', weight: 2 },
    // The pods' memory as a person states it, summed against the node's (extract/workload-memory.ts): the workload
    // leaves the node's own daemons no memory.
    { fact: 'mem.workload_fills_node', weight: 2.5 },
    // Nothing sends the kubelet SIGKILL in normal operation: the OOM killer does, or a watchdog once it stopped
    // answering, and both follow starvation more often than not.
    { fact: 'kubelet.killed', weight: 1.5 },
    // The runtime daemon or a node's system pod killed by SIGKILL (137): the OOM killer is the first reading, a forced
    // stop the other, so a lead to memory as the kubelet's own kill is.
    { fact: 'runtime.killed', weight: 1.5 },
    { fact: 'pod.system_killed', weight: 1 },
    // The runtime, sshd and journald share the capped slice: they are reclaimed and OOM-killed while pods are not.
    { fact: 'mem.system_slice_limit', weight: 2.5 },
    // A node that stops answering SSH and its agents' metrics for a while and comes back: thrashing first.
    { fact: 'node.unresponsive', weight: 1.5 },
    // Nodes that give way while heavy load runs on them: the load took what the node's own daemons needed.
    { fact: 'node.overloaded', weight: 2 },
    // A burstable instance out of CPU credits: the hypervisor holds every CPU to its baseline share.
    { fact: 'cpu.throttled', weight: 2.5 },
    // Workloads described as CPU- or memory-intensive: a lead that composes with what the node then did.
    { fact: 'workload.intensive', weight: 1.5 },
    // Round 23: the node healed only once the heavy workloads were taken off it (the test of starvation), and a probe
    // storm: liveness probes failing together on a CPU-short node, each restart spending more of it (rules/load-words.ts).
    { fact: 'cpu.relieved_by_moving_load', weight: 2 },
    { fact: 'probes.restart_storm', weight: 1 },
    // etcd's own slow-disk warnings: disk latency on a node that runs etcd (a k3s/rke2 server, a control-plane
    // node), which starves the API server and kubelet beside it. Supporting evidence: etcd warns on a busy disk too.
    { fact: 'etcd.slow_disk', weight: 1.5 },
    // etcd unable to serve (no leader, timeouts) on a saturated disk: the datastore's outage follows from the I/O.
    { fact: 'etcd.starved', weight: 1.5 },
    // The kernel's allocation failures above order 0, its empty high-order free lists, a slab cache it could not
    // create (mm/page_alloc.c warn_alloc, show_free_areas; mm/slab_common.c): memory short in the size asked for.
    { fact: 'mem.fragmented', weight: 2.5 },
    // The runtime's init failing for want of that memory as it makes a container's namespaces: every start fails.
    { fact: 'runc.init_enomem', weight: 2 },
    // Round 28 (r28-words): a hardware or hypervisor watchdog said to have reset the machine: its keeper was not
    // scheduled in time (or watchdog(8)'s load test fired), a link after the starvation, never the cause alone.
    { fact: 'node.watchdog_reset', weight: 1.5 },
  ],
  against: [
    // Round 21: the load, CPU and I/O wait said high beside tasks hung in storage code or a network storage gone,
    // with no resource shown exhausted: tasks in D state are counted in the load and their waits as iowait
    // (extract/derived.ts loadIsStall), so the words count the stall, not demand; this takes back their weight.
    { fact: 'storage.load_is_stall', weight: 2.5 },
    // A soft lockup naming a security agent's own process: the CPU is stuck in the agent's kernel path, not busy with
    // workloads' demand; this takes back the soft lockup's weight here.
    { fact: 'kernel.soft_lockup_agent', weight: 1.5 },
    // A soft lockup on the network's receive polling: one kernel loop, not workloads' demand.
    { fact: 'kernel.soft_lockup_netrx', weight: 1.5 },
    // Round 23: the kernel panicked on the hung task (kernel.hung_task_panic): the flush that waited was the trigger,
    // the host's crash and reboot the outage (node_unreachable); this takes back the stalled flush's weight here, as
    // zombie_shim_hang takes back the hung task's.
    { fact: 'kernel.watchdog_panic', weight: 2 },
    { fact: 'io.normal', weight: 1 },
    // CPU and memory looked at and found normal: the starvation this cause names is what was checked.
    { fact: 'resources.normal', weight: 1.5 },
    // The fork failures are one pod's: it met its own PID limit (podPidsLimit, a container's pids.max), not the node's.
    { fact: 'pid.pod_limit', weight: 1.5 },
    // An eviction for a pod's own ephemeral-storage or emptyDir limit: enforced whatever the node's disk holds.
    { fact: 'disk.pod_limit', weight: 1 },
    ...competingDefects('resource_starvation'),
  ],
  summary: ({ facts }) =>
    facts.has('mem.memcg_ids_exhausted') && !facts.has('mem.oom') && !facts.has('mem.exhausted')
      ? "The memory controller's cgroup IDs are used up (65535, held by removed cgroups whose pages the kernel still charges): no pod or container cgroup can be created, though memory is free."
      : facts.has('mem.fragmented') && !facts.has('mem.oom') && !facts.has('mem.exhausted')
        ? "The kernel cannot allocate contiguous memory (high-order page allocations and slab caches fail, fragmented free lists): the runtime's init cannot make a new container's namespaces, so containers fail to start though free memory is shown."
        : facts.has('mem.oom') ||
            facts.has('mem.exhausted') ||
            facts.has('mem.reclaim') ||
            facts.has('mem.cache_emptied') ||
            facts.has('mem.workload_fills_node')
          ? 'The node ran out of memory: the kubelet and the runtime are starved or OOM-killed, so relist and status updates stall.'
          : 'The node is saturated (CPU, disk I/O, disk space or PIDs): the kubelet and runtime cannot get the resources to relist in time.',
  chain: ({ facts }) => [
    'The kubelet and the runtime run on the same node as the workloads; without kube-reserved/system-reserved they compete for the same CPU, memory and I/O.',
    facts.has('mem.memcg_ids_exhausted') && !facts.has('mem.oom') && !facts.has('mem.exhausted')
      ? "Each memory cgroup holds an ID from a space of 65535 until its last charged page is freed; removed pod and container cgroups whose page cache or kernel memory (slab) is still charged stay as offline cgroups and keep theirs. Once the space is used up, mkdir under the memory controller fails with ENOMEM: the kubelet cannot create pod cgroups and runc cannot create container cgroups, so pods stay in ContainerCreating while `free` shows memory free. Compare /proc/cgroups' memory count with the cgroups under /sys/fs/cgroup/memory; on 3.10 kernels (RHEL/CentOS 7) kernel-memory accounting leaks them (boot with cgroup.memory=nokmem, or a kernel and runc that do not set a kmem limit), and dropping caches (echo 3 > /proc/sys/vm/drop_caches) frees the page-cache-pinned ones."
      : facts.has('mem.fragmented') && !facts.has('mem.oom') && !facts.has('mem.exhausted')
        ? "Free memory is split into small blocks: a request for 2^order contiguous pages (a new network namespace's hash tables, a per-namespace slab cache) fails when no free block that large is left and compaction cannot make one, and runc's init, which makes the container's namespaces, exits with ENOMEM or an exit status. Read /proc/buddyinfo (free blocks per order) and /proc/pagetypeinfo; compact memory (echo 1 > /proc/sys/vm/compact_memory), raise vm.min_free_kbytes, and look for what pins pages (page cache of huge files, kernel memory of leaked cgroups) or a kernel whose per-namespace caches need large blocks."
        : facts.has('mem.oom') ||
            facts.has('mem.exhausted') ||
            facts.has('mem.reclaim') ||
            facts.has('mem.cache_emptied') ||
            facts.has('mem.workload_fills_node')
          ? 'Memory ran out: the kernel reclaims and OOM-kills, the runtime stalls, and relist and status updates time out.'
          : saturationLink(facts),
    'Root cause: resource exhaustion on the node; reserve resources for system daemons and find the workload that consumed them.',
  ],
  commands: ({ node, facts, tools }) => [
    read(
      'cluster',
      `kubectl describe node ${node} | grep -A10 Conditions`,
      'memory/disk/PID pressure conditions',
    ),
    read('cluster', `kubectl top node ${node}`, 'current CPU and memory use (needs metrics-server)'),
    read('node', 'free -m; uptime', 'memory left and load average'),
    ...(facts.has('etcd.slow_disk')
      ? [read('node', 'iostat -x 5 3', "disk latency (await) and utilisation of the datastore's device")]
      : []),
    ...(facts.has('mem.fragmented')
      ? [
          read(
            'node',
            'cat /proc/buddyinfo; grep -E "MemFree|MemAvailable" /proc/meminfo',
            'free blocks per order in each zone (the right-hand columns are the large blocks a new namespace needs) against the free memory',
          ),
        ]
      : []),
    ...(facts.has('fs.tmpfs_full')
      ? [
          read(
            'node',
            'df -h -t tmpfs; df -i -t tmpfs; du -xsh /tmp /run /dev/shm 2>/dev/null',
            'space and inodes left on the memory-backed filesystems, and what holds them',
          ),
        ]
      : []),
    ...(facts.has('runtime.db_open_failed') || facts.has('disk.pressure')
      ? [
          read(
            'node',
            `df -h ${RUNTIME_ROOT[tools.kind]} /var/lib/kubelet; df -i ${RUNTIME_ROOT[tools.kind]} /var/lib/kubelet`,
            "space and inodes left on the file systems under the runtime's root and the kubelet's",
          ),
        ]
      : []),
    ...((facts.has('io.saturated') || facts.has('kernel.fs_sync_stall')) && !facts.has('etcd.slow_disk')
      ? [read('node', 'iostat -x 5 3', 'which device is at full utilisation and how long its requests wait')]
      : []),
    read('node', 'top -b -n 1 -o %MEM | head -n 20', 'biggest consumers'),
    read('node', "dmesg -T | grep -Ei 'out of memory|oom-kill' | tail -n 20", 'kernel OOM kills'),
    ...(facts.has('mem.memcg_ids_exhausted')
      ? [
          read(
            'node',
            "grep memory /proc/cgroups; find /sys/fs/cgroup/memory -type d | wc -l; uname -r; grep -o 'cgroup.memory=[^ ]*' /proc/cmdline",
            'memory cgroups the kernel counts (offline ones included) against those still in the tree; the kernel and whether kmem accounting is off',
          ),
        ]
      : []),
    read(
      'cluster',
      `kubectl get --raw /api/v1/nodes/${node}/proxy/configz | grep -oE '"(kubeReserved|systemReserved|evictionHard)":\\{[^}]*\\}'`,
      'are resources reserved for the kubelet and system daemons',
    ),
    ...cordonAndDrain(node),
    change(
      'node',
      'systemctl restart kubelet',
      'after setting kubeReserved/systemReserved/evictionHard in the kubelet config',
    ),
    uncordon(node),
  ],
  probes: [
    {
      what: 'memory, load and I/O on the node',
      fills: ['commandOutputs', 'host'],
      how: () => 'free -m; uptime; vmstat 1 5',
    },
    {
      what: 'kernel log (OOM kills, hung tasks)',
      fills: ['logs.kernel'],
      how: () => 'journalctl -k --since -1h',
    },
  ],
};
