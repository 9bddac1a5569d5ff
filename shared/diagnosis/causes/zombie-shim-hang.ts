import { change, cordonAndDrain, read, uncordon } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { FactSet } from '../facts.ts';
import { RUNC_STACKS } from './runc-stacks.ts';
import type { CauseModule } from './types.ts';

/** Evidence of storage that does not answer: tasks hung in storage code, a network storage's server lost. */
function onStorage(facts: FactSet): boolean {
  return (
    facts.has('kernel.storage_stall') ||
    facts.has('storage.remote_lost') ||
    facts.has('proc.dstate_storage') ||
    facts.has('storage.server_slow')
  );
}

/** The shim's pid when the evidence names it (`... (parent 4242 /usr/bin/containerd-shim ...)`). */
function shimPid(facts: FactSet): string | undefined {
  for (const fact of facts.examples('proc.zombie_shim')) {
    const pid = /\(parent (\d+) [^)]*shim/.exec(fact.text)?.[1];
    if (pid) return pid;
  }
  return undefined;
}

export const zombieShimHang: CauseModule = {
  id: 'zombie_shim_hang',
  title: 'Wedged container: zombie/D-state process or hung shim',
  explains: ['runtime_down'],
  support: [
    { fact: 'proc.zombie_shim', weight: 3.5 },
    // Shims that outlive their containers (more of them than containers, left over after the containers are
    // gone): the runtime's delete of a task did not end its shim, the per-container layer's leak.
    { fact: 'proc.shim_leftover', weight: 3 },
    // Round 22: on Windows, one container's compute system not completing its start, shutdown or terminate (hcsshim's
    // notification timeout, the Host Compute Service's connection timeout to that system): that container wedged.
    { fact: 'runtime.compute_system_timeout', weight: 2 },
    // Shims older than the daemon now running: how every restart leaves them, so a lead only, which a daemon that
    // stalls restoring them (not answering beside them) makes the wedged shims' question.
    { fact: 'proc.shims_predate_daemon', weight: 1 },
    // runc's init stage still alive: one container's start never completed (runc create waits for its init to
    // reach the exec fifo; containerd's shim, and dockerd or the CRI behind it, wait on runc create). That is the
    // per-container layer, as the known runc init defects are (defects.ts runc-rc93-init-hang); the daemon is its
    // consequence, weighed to runtime_down only when its own runtime-wide calls time out (see `against`).
    { fact: 'runc.init_stuck', weight: 2.5 },
    { fact: 'proc.frozen', weight: 3 },
    { fact: 'runtime.shim_blocked', weight: 2.5 },
    // runc's inits waiting on their exec fifos: created containers whose start never came. Several at once is the
    // shim's or the runtime's start never issued; one alone may be a start in progress.
    { fact: 'runc.init_fifo_pileup', weight: 3 },
    { fact: 'runc.init_fifo_wait', weight: 1.5 },
    // Many inits at once in D (or each spinning): the starts stall below the runtime in one shared step (a
    // listing's count, extract/commands.ts runcInitPileup), the wedged layer is still under the runtime.
    { fact: 'runc.init_pileup', weight: 3 },
    // runc commands or shims spinning by the handful in top: the layer below the runtime looping (extract/commands.ts).
    { fact: 'proc.runtime_spinning', weight: 2.5 },
    { fact: 'proc.dstate_storage', weight: 2.5 },
    { fact: 'kernel.hung_task_runtime', weight: 3 },
    { fact: 'runtime.shim_mismatch', weight: 3 },
    // The runtime's own exec check finds a container's process gone while it still reports the container running
    // (the kubelet probes only those): once may be an exit not yet processed, again and again is the exit never
    // recorded, its monitor gone or the runtime's stop path stuck on the container (the same shape as a reaped shim
    // still listed).
    { fact: 'runtime.exec_process_gone', weight: 1.5 },
    { fact: 'runtime.running_without_process', weight: 3 },
    // A goroutine dump of CRI-O parked for minutes in one container's stop path: the stop the kubelet retries never
    // finishes (a process surviving SIGKILL, or the stop lock held by a blocked send).
    { fact: 'runtime.stop_blocked', weight: 2.5 },
    // Round 21: the node NotReady for as long as one container's grace period, or the listing hanging while a
    // container stops: the runtime's status or list call waiting on the lock that one container's stop holds.
    { fact: 'runtime.waits_on_stop', weight: 2.5 },
    { fact: 'runtime.selective_hang', weight: 2.5 },
    { fact: 'runtime.container_cmd_hang', weight: 2 },
    { fact: 'proc.dstate', weight: 2 },
    { fact: 'runtime.device_busy', weight: 2 },
    { fact: 'proc.unkillable', weight: 1.5 },
    // The stop signal's grace period running out and the runtime escalating to SIGKILL is routine (a process that
    // ignores SIGTERM): a hint at most. What counts is the exit never arriving after the SIGKILL (runtime.kill_failed).
    { fact: 'runtime.force_kill', weight: 0.5 },
    { fact: 'kernel.hung_task', weight: 1.5 },
    { fact: 'proc.zombie', weight: 1 },
    { fact: 'runtime.op_timeout', weight: 1 },
    // A release with a known per-container hang whose symptom is present: the version names the reason (as the
    // kubelet's known defects do), so it counts like one clear fact of a wedged container.
    { fact: 'shim.known_defect', weight: 2.5 },
    { fact: 'pleg.stuck', weight: 0.5 },
    { fact: 'runtime.kill_failed', weight: 3 },
    { fact: 'runtime.shim_hang', weight: 3 },
    { fact: 'runtime.shim_cleanup_failed', weight: 3 },
    { fact: 'runc.freeze_failed', weight: 2.5 },
    { fact: 'runtime.shim_disconnected', weight: 2 },
    { fact: 'runtime.exit_event_failed', weight: 2 },
    { fact: 'runtime.name_reserved', weight: 1 },
    { fact: 'runtime.stdio_broken', weight: 0.5 },
    { fact: 'kernel.storage_stall', weight: 2.5 },
    // Round 21: the kernel's network-storage client losing its servers (libceph's monitors or OSDs, an iSCSI
    // connection, a multipath device's last path): a hint alone (each is retried), which hung tasks corroborate.
    { fact: 'storage.remote_lost', weight: 1.5 },
    { fact: 'disk.io_error', weight: 1.5 },
    { fact: 'kernel.oops', weight: 1 },
    // Round 27 (r27-storage): the runtime relabelling a volume's every file for SELinux inside the create call, each
    // file's extended-attribute write held by a network filesystem's metadata server: those containers' creation and
    // status calls wait in the storage path while the runtime answers for the node's other containers.
    { fact: 'storage.xattr_slow', weight: 3 },
    { fact: 'runtime.volume_relabel', weight: 2 },
    // The storage cluster's own slow requests (its MDS or OSDs): a hint alone, as the client's lost servers are.
    { fact: 'storage.server_slow', weight: 1.5 },
    // Containers on a volume of very many files said to take minutes each to start: a per-file walk at each start.
    { fact: 'storage.volume_walk_slow', weight: 1.5 },
  ],
  against: [
    // The exception to runc's init stage weighing here: with the daemon's own runtime-wide calls (list, Status,
    // `ps`/`info`) timing out beside it, the stalled starts have blocked the daemon itself, and what the node lost
    // is the runtime (runtime_down, as the known defects' -daemon-blocked entries have it). This takes back the init
    // stage's weight; other evidence of a wedged container still counts.
    { fact: 'runc.init_stuck_daemon_blocked', weight: 2.5 },
    // The hung task is the runtime's daemon itself (dockerd, containerd, crio), not a shim or a container's process:
    // the daemon answers nothing, which is the runtime down; this takes back the hung task's weight here.
    { fact: 'kernel.hung_task_daemon', weight: 3 },
    // The kernel panicked on the hung task (kernel.hung_task_panic): the blocked task was the trigger, the host's
    // crash and reboot the outage (node_unreachable); this takes back the hung task's weight here.
    { fact: 'kernel.watchdog_panic', weight: 3 },
    // Round 22: a Windows shim waiting on the host's compute service waits on the layer below every container, not on
    // its own container: this takes back a hung shim's weight here.
    { fact: 'runtime.host_compute_failed', weight: 2 },
    // Round 22: the zombies are children a container's own processes do not reap, not processes under a shim: they
    // fill the PID space (resource_starvation) and wedge no shim; this takes back the plain zombies' weight here.
    { fact: 'proc.zombie_unreaped', weight: 1 },
    ...competingDefects('zombie_shim_hang'),
  ],
  summary: () =>
    'One container is wedged below the runtime (zombie or uninterruptible process, hung shim): every status call about it blocks, and relist blocks with it.',
  chain: ({ facts }) => {
    if (facts.has('runc.init_fifo_pileup'))
      return [
        "runc create leaves each container's init waiting on the container's exec fifo until runc start opens it; the runtimes create a task and start it within one call, so the wait lasts milliseconds.",
        "Here several containers' inits hold their fifos at once: the creates completed and the starts after them never came, so those containers stay created, their pods never run, and the runtime calls about them wait.",
        'Root cause: the shim or runtime stopped issuing the start after create (a wedged shim, or a runtime call stuck behind it); killing the waiting inits and their shims lets the runtime retry, a reboot clears them all.',
      ];
    const relist =
      'Relist asks the runtime for the status of every changed container; one call that never returns blocks the whole relist.';
    // Round 21: the storage under the node stopped answering (tasks hung in storage code, its network storage's
    // server lost), with nothing of a zombie or a shim of its own: the chain an engineer follows is the storage's.
    const shimSide =
      facts.has('proc.zombie_shim') ||
      facts.has('proc.shim_leftover') ||
      facts.has('runtime.shim_hang') ||
      facts.has('runtime.shim_blocked') ||
      facts.has('runc.init_stuck');
    // Round 27: the runtime's relabel of a volume held by the filesystem's metadata server.
    if (!shimSide && (facts.has('storage.xattr_slow') || facts.has('runtime.volume_relabel')))
      return [
        relist,
        "The runtime relabels a volume for SELinux inside each container's create call (a `:z`/`:Z` bind, or a CRI mount with selinux_relabel): go-selinux's Chcon walks every file of the volume and writes its security.selinux attribute. On a network filesystem each write is a request to its metadata server, which serialises them on its locks; a volume of very many files keeps the create open for minutes, and the kubelet's CreateContainer, StartContainer and that container's status calls time out while the runtime still answers for the node's other containers.",
        "Root cause: the recursive relabel of that volume, held in the storage path; mount the volume with the SELinux context instead (the CSI driver's or the kubelet's -o context= mount, SELinuxMountReadWriteOncePod), label it once and use CRI-O's TrySkipVolumeSELinuxLabel annotation, or turn the relabel off for that volume (the storage operator's setting, a privileged spc_t pod), and check the metadata server's slow requests.",
      ];
    if (!shimSide && onStorage(facts))
      return [
        relist,
        "Tasks sleep uninterruptibly (D state) on a storage that does not answer: a network filesystem or block device whose server, monitors, OSDs or paths are gone, or a journal waiting on such a device. The kubelet's and the runtime's calls that touch it (statfs for volume stats, a container's stop or inspect on its mounts) wait with them, and Linux counts every such task in the load average, so the load climbs with no work behind it.",
        'Root cause: the storage under the node stopped answering; bring its server back (the NFS server, the Ceph monitors and OSDs, the iSCSI target, the multipath paths), or drain the node, force-unmount and reboot it: a task in D state cannot be killed.',
      ];
    if (facts.has('proc.shim_leftover') && !facts.has('proc.zombie_shim'))
      return [
        relist,
        "Container shims outlive their containers: the runtime's task delete did not end them (a delete cut short or retried under I/O pressure; containerd's legacy v1 runtime on 1.6.24 and 1.7.4-1.7.8), and they pile up with their memory and threads as pods churn.",
        'Root cause: the shims left behind; kill those whose container no longer exists, and upgrade containerd or move its runtime to io.containerd.runc.v2.',
      ];
    // Round 21: the status or list call waiting on the lock one container's stop holds, for that stop's grace period.
    if (facts.has('runtime.waits_on_stop') && !facts.has('proc.zombie_shim') && !facts.has('proc.dstate'))
      return [
        relist,
        "The runtime's status or list call for one container waits on that container's lock, which its stop holds for the whole termination grace period (CRI-O's opLock, taken by ContainerStatus before 1.15.4, in 1.16 and 1.17.0-1.17.1; dockerd's container lock, taken by docker ps before 17.07): the relist waits with it, and the node is NotReady until the stop ends.",
        "Root cause: one container's stop holding the lock the runtime's status path takes; upgrade the runtime past the fix (CRI-O 1.17.2 / 1.18.0, Docker 17.07), and meanwhile shorten that pod's terminationGracePeriodSeconds or make its process exit on SIGTERM.",
      ];
    const stuck =
      facts.has('proc.zombie_shim') ||
      facts.has('proc.dstate') ||
      facts.has('proc.dstate_storage') ||
      facts.has('proc.frozen') ||
      facts.has('kernel.hung_task_runtime');
    return [
      relist,
      stuck
        ? 'A container process is stuck (zombie under its containerd-shim, or in uninterruptible sleep in the kernel) and cannot be reaped or killed.'
        : 'The runtime still answers for other containers, but calls about this one container hang: its shim or process is wedged.',
      facts.has('kernel.hung_task_runtime') || facts.has('kernel.hung_task')
        ? 'Root cause: a process blocked in the kernel (hung task); only the kernel releasing it, or a reboot, clears it.'
        : 'Root cause: the wedged container/shim; removing it (or rebooting when the process is unkillable) lets relist complete.',
    ];
  },
  commands: ({ tools, node, facts }) => [
    read(
      'node',
      "ps -eo pid,ppid,stat,wchan:32,etime,cmd | awk 'NR==1 || $3 ~ /^[ZD]/'",
      'zombie (Z) and uninterruptible (D) processes, with their parents',
    ),
    // cri-o's per-container monitor is conmon; docker and containerd both run containerd-shim.
    read(
      'node',
      `ps -ef --forest | grep -B1 -A3 ${tools.kind === 'crio' ? 'conmon' : 'containerd-shim'}`,
      'which shim owns them',
    ),
    read(
      'node',
      `ps -eo ppid,cmd | awk '$2 ~ /${tools.kind === 'crio' ? 'conmon' : 'containerd-shim'}/ {n++; if ($1 == 1) o++} END {print n, "shims,", o+0, "with PPID 1"}'; timeout 10 ${tools.cli} ps -q | wc -l`,
      'shims against the containers running (one shim per container, or per pod with the runc v2 shim under the CRI)',
    ),
    read(
      'node',
      "dmesg -T | grep -A10 'blocked for more than' | tail -n 60",
      'kernel hung-task reports and their stacks',
    ),
    ...(onStorage(facts)
      ? [
          read(
            'node',
            "dmesg -T | grep -E 'libceph|rbd|nfs: server|lockd: server|connection[0-9]+:[0-9]+|session[0-9]+: session recovery|remaining active paths|queue_if_no_path' | tail -n 40",
            "the network storage's client: its servers lost (Ceph monitors and OSDs, NFS, iSCSI) or its paths gone",
          ),
          read(
            'node',
            'awk \'$3 ~ /^(nfs4?|ceph|cifs|glusterfs|fuse)/ || $1 ~ /^\\/dev\\/(rbd|nbd|mapper|dm-)/ {print $1, $2, $3}\' /proc/mounts | while read dev mnt fs; do stat -f "$mnt" >/dev/null 2>&1 & p=$!; sleep 3; if kill -0 $p 2>/dev/null; then echo "HUNG  $fs $mnt ($dev)"; else echo "ok    $fs $mnt"; fi; done',
            'which network or mapped mount no longer answers a statfs within 3 seconds (each check runs in the background: a statfs stuck in D state cannot be killed, so the loop does not wait on it)',
          ),
        ]
      : []),
    read(
      'node',
      `timeout 10 ${tools.cli} ps -a | head -n 50`,
      'the container listed as running or created while its calls hang',
    ),
    ...cordonAndDrain(node),
    change(
      'node',
      `kill -9 ${shimPid(facts) ?? '<shim-pid>'}`,
      'kill the shim of the wedged container so the runtime can clean up (pid from the ps output above)',
    ),
    change(
      'node',
      'systemctl reboot --force',
      'if the process stays in D or Z state: only a reboot clears it (forced: unmounting can hang on the blocked task)',
    ),
    uncordon(node),
  ],
  probes: [
    // Round 22: runc's create or init stage that never exits waits in the kernel or on systemd's answer to the cgroup
    // driver: its kernel stack says which, and the service manager's release whether a known D-Bus defect is there.
    {
      what: "runc processes that never exit: their kernel stacks and the service manager's release",
      fills: ['commandOutputs', 'host'],
      how: () => RUNC_STACKS,
    },
    {
      what: 'zombie or D-state processes under containerd-shim',
      fills: ['commandOutputs', 'host'],
      how: () => "ps -eo pid,ppid,stat,wchan:32,cmd | awk 'NR==1 || $3 ~ /^[ZD]/'",
    },
    {
      what: 'kernel hung-task reports',
      fills: ['logs.kernel'],
      how: () => "dmesg -T | grep -A10 'blocked for more than'",
    },
  ],
};
