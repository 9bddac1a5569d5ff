import { NODE_DAEMONS } from '../components.ts';
import type { Signature } from './types.ts';

/** Task names (comm, at most 15 characters) of the container runtime stack and the kubelet. */
const RUNTIME_TASK = '(?:dockerd?|containerd|containerd-shim|docker-containerd|runc|conmon|crio|kubelet)';

/**
 * Kernel functions in which a task sleeps waiting on storage, as they appear as frames (`name+0xOFF/0xLEN`) in
 * the call trace that follows a hung-task report: the generic block/page-cache waits, NFS/SUNRPC, XFS log and
 * buffer locks, ext4's jbd2 journal, ceph and fuse requests. Round 21: the waits on a buffer or a page under
 * writeback (fs/buffer.c __wait_on_buffer → out_of_line_wait_on_bit; mm/page-writeback.c folio_wait_writeback,
 * wait_on_page_writeback before 5.16), blk-mq's queue entry and freeze (block/blk-core.c blk_queue_enter,
 * block/blk-mq.c blk_mq_freeze_queue_wait), writeback throttling (block/blk-rq-qos.c rq_qos_wait, wbt_wait before
 * 5.0), a synchronous bio (block/bio.c submit_bio_wait), XFS's buffer I/O and AIL push (fs/xfs/xfs_buf.c
 * xfs_buf_iowait, xfs_trans_ail.c xfs_ail_push_all_sync), ceph's wait on its MDS request split out in 5.x
 * (fs/ceph/mds_client.c ceph_mdsc_wait_request) and on its capabilities (fs/ceph/caps.c ceph_get_caps).
 */
const STORAGE_WAIT_FRAME =
  '(?:io_schedule|bit_wait_io|wait_on_page_bit|folio_wait_bit_common|blk_mq_get_tag|rpc_wait_bit_killable|nfs_wait_bit_killable|nfs4_wait_clnt_recover|xfs_log_force(?:_lsn|_seq)?|xlog_wait|xlog_cil_force_(?:lsn|seq)|xfs_buf_lock|jbd2_log_wait_commit|wait_transaction_locked|start_this_handle|ceph_mdsc_do_request|ceph_mdsc_wait_request|ceph_osdc_wait_request|ceph_get_caps|request_wait_answer|__wait_on_buffer|out_of_line_wait_on_bit|folio_wait_writeback|wait_on_page_writeback|blk_mq_freeze_queue_wait|blk_queue_enter|rq_qos_wait|wbt_wait|submit_bio_wait|xfs_buf_iowait|xfs_ail_push_all_sync)\\+0x[0-9a-f]+/0x[0-9a-f]+';

/** Between a call and strerror's words: ": " as programs print it, also without its space or in full-width form. */
const SEP = '[:：] ?';

/** EAGAIN's strerror text, in glibc's capitalisation or Go's lower case. */
const EAGAIN_WORDS = '[Rr]esource [Tt]emporarily [Uu]navailable';
/** ENOSPC as glibc's strerror and Go's syscall.Errno print it. */
const ENOSPC_WORDS = '[Nn]o space left on device';

/**
 * The systemd units a container runtime's processes run in: the daemon's own (docker, containerd, CRI-O) and the
 * single-binary distributions' units, whose embedded containerd keeps its shims in the unit's cgroup.
 */
/** The network's receive polling threads by comm: threaded NAPI pollers and ksoftirqd. */
const NETRX_COMM = '(?:napi/[^ \\]\\n]{1,10}|ksoftirqd/[0-9]+)';
/** A soft lockup on the network's receive polling: its taint on the CPU line, or the watchdog's own line. */
const TAINT_NETRX = `CPU: [0-9]+ (?:UID: [0-9]+ )?PID: [0-9]+ Comm: ${NETRX_COMM} Tainted: [A-Z ]{0,30}L|BUG: soft lockup - CPU#[0-9]+ stuck for [0-9]+s! \\[${NETRX_COMM}:[0-9]+\\]`;

export const RUNTIME_UNIT =
  '(?:docker|containerd|crio|cri-o|k3s|k3s-agent|rke2-server|rke2-agent|snap\\.microk8s\\.daemon-containerd|snap\\.microk8s\\.daemon-kubelite)\\.service';

/**
 * A pod's or one container's cgroup, as the kubelet (cgroupfs: kubepods/<qos>/pod<uid>; systemd:
 * kubepods-<qos>-pod<uid>.slice) and the runtimes (docker-<id>.scope, /docker/<id>, cri-containerd-<id>.scope,
 * crio-<id>.scope, libpod-<id>.scope) name them.
 */
export const POD_CGROUP =
  '(?:kubepods[^ \\n]*pod[0-9a-f]|docker-[0-9a-f]{12}|/docker/[0-9a-f]{12}|cri-containerd-[0-9a-f]{12}|crio-[0-9a-f]{12}|libpod-[0-9a-f]{12})';

/**
 * Messages the Linux kernel writes (dmesg / journald's kernel transport), and kernel limits as user space
 * reports them (errno text printed by the caller). node-problem-detector's kernel-monitor.json watches many of
 * the same lines; its reason is named where it does.
 */
/** Interfaces of pods and network plugins, not the node's own: veth pairs, bridges, overlays and tunnels. */
const VIRTUAL_IFACES =
  'NETDEV WATCHDOG: (?:veth|cali|cni|flannel|docker|br-|vxlan|tunl|lxc|cilium|weave|kube-|virbr|tap|tun|genev|nodelocal)';

export const KERNEL_RULES: readonly Signature[] = [
  // --- Hung tasks (kernel/hung_task.c) ---
  {
    fact: 'kernel.hung_task_runtime',
    pattern: `INFO: task ${RUNTIME_TASK}[^\\n]{0,16}:[0-9]+ blocked for more than`,
    literals: ['blocked for more than'],
    source: 'linux kernel/hung_task.c check_hung_task (NPD kernel-monitor.json: DockerHung → KernelDeadlock)',
    mechanism:
      'a runtime or kubelet thread has slept uninterruptibly (D state) past hung_task_timeout_secs: it holds the runtime up',
  },
  {
    // The runtime's daemons themselves (not a shim or a container's process) asleep in D state: the comm is the
    // daemon's own (Go threads inherit it), `dockerd`, `containerd` or `crio`. A shim's comm is `containerd-shim`
    // (or `containerd-shim-runc-v2` cut to TASK_COMM_LEN-1, 15, as `containerd-shim`), which the colon right after
    // the name excludes. Docker 17's bundled `docker-containerd` and its `docker-containerd-shim` both cut to
    // `docker-containe`, so that name says neither and is left to the rules around. The
    // daemon blocked in the kernel answers nothing: every CRI call queues behind it, which is the runtime down,
    // not one container wedged below it (round 19).
    fact: 'kernel.hung_task_daemon',
    pattern: 'INFO: task (?:dockerd|containerd|crio):[0-9]+ blocked for more than',
    literals: ['blocked for more than'],
    // No `from`, as the rule above: node-problem-detector relays the line in its TaskHung event's message.
    source:
      'linux kernel/hung_task.c check_hung_task ("INFO: task %s:%d blocked for more than %ld seconds.", t->comm and t->pid, every release since 2.6.30), the comm cut to TASK_COMM_LEN-1 (include/linux/sched.h TASK_COMM_LEN 16)',
    mechanism:
      "the runtime daemon's own thread has slept uninterruptibly in the kernel past hung_task_timeout_secs: the daemon stops answering its API, so the kubelet's every runtime call times out",
  },
  {
    // The hung-task and soft-lockup watchdogs' own panics: with kernel.hung_task_panic=1 (CONFIG_BOOTPARAM_HUNG_TASK_PANIC,
    // or a distribution's sysctl default) one task blocked past the timeout panics the kernel, and with
    // kernel.softlockup_panic=1 one soft lockup does. With panic_timeout set the host reboots. The blocked task named
    // above is the trigger; the outage is the host going down (each time, the kubelet goes with it).
    fact: 'kernel.watchdog_panic',
    pattern: 'Kernel panic - not syncing: (?:hung_task: blocked tasks|softlockup: hung tasks)',
    literals: ['hung_task: blocked tasks', 'softlockup: hung tasks'],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/hung_task.c check_hung_uninterruptible_tasks (panic("hung_task: blocked tasks") when hung_task_call_panic; in check_hung_task itself before 4.x) under sysctl kernel.hung_task_panic, every release since 2.6.30; kernel/watchdog.c watchdog_timer_fn (panic("softlockup: hung tasks") under kernel.softlockup_panic, since 2.6.x); the "Kernel panic - not syncing: %s" prefix from kernel/panic.c panic',
    mechanism:
      "the kernel's watchdog panicked the host because a task stayed blocked (or a CPU stuck) past its timeout: the host goes down and, with panic_timeout, reboots, taking the kubelet with it each time",
  },
  {
    // The per-task line sched_show_task prints under a hung-task report or a sysrq-w dump, also when the header
    // line was lost: `task:dockerd state:D stack:0 pid:1203 ppid:1 flags:0x00000000` (5.10 and later).
    fact: 'proc.dstate',
    pattern: 'task:[^ ]{1,15} +state:D +stack:',
    literals: ['state:D'],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/sched/core.c sched_show_task ("task:%-15.15s state:%c"), printed by hung_task.c and sysrq-w',
    mechanism:
      'the task sleeps uninterruptibly (D state): no signal ends it until the kernel call it waits in returns',
  },
  {
    // The same line before 5.10 (commit "sched/debug: Fix the alignment of the show-state debug output"): comm
    // padded to 15, the state letter, on 3.x kernels the saved PC, then free stack, pid, ppid and flags —
    // `dockerd         D    0  1203      1 0x00000000`, or `… D ffff88003fc13000     0  1203 …` on 3.x.
    fact: 'proc.dstate',
    pattern: '[^ ]{1,15} +D +(?:[0-9a-f]{8,16} +)?[0-9]+ +[0-9]+ +[0-9]+ 0x[0-9a-f]{8}',
    literals: [' 0x'],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/sched/core.c sched_show_task ("%-15.15s %c", then "%5lu %5d %6d 0x%08lx"), before 5.10',
    mechanism:
      'the task sleeps uninterruptibly (D state): no signal ends it until the kernel call it waits in returns',
  },
  {
    fact: 'kernel.hung_task',
    pattern: 'INFO: task [^\\n]{1,32}:[0-9]+ blocked for more than [0-9]+ seconds',
    literals: ['blocked for more than'],
    source: 'linux kernel/hung_task.c check_hung_task (NPD kernel-monitor.json: TaskHung)',
    mechanism: 'a task has slept uninterruptibly (D state) past hung_task_timeout_secs (120s by default)',
  },
  {
    // The rest of the same report, when its header was not kept: the hint every report has carried since 2.6.x,
    // the blocker a 6.16+ kernel names (CONFIG_DETECT_HUNG_TASK_BLOCKER), and the notice once the warnings
    // (kernel.hung_task_warnings, 10 by default) are spent. None names the task.
    fact: 'kernel.hung_task',
    pattern:
      'hung_task_timeout_secs" disables this message|INFO: task [^\\n]{1,40}:[0-9]+ (?:<(?:reader|writer)> )?(?:is )?blocked on an? (?:mutex|semaphore|rw-semaphore)|Future hung task reports are suppressed',
    literals: [
      'hung_task_timeout_secs" disables this message',
      'blocked on a mutex',
      'blocked on a semaphore',
      'blocked on an rw-semaphore',
      'Future hung task reports are suppressed',
    ],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/hung_task.c check_hung_task / hung_task_info (\'"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.\' in every release; debug_show_blocker\'s "INFO: task %s:%d is blocked on a mutex likely owned by task %s:%d." and its semaphore and rw-semaphore forms from 6.16; "Future hung task reports are suppressed, see sysctl kernel.hung_task_warnings")',
    mechanism:
      'the hung-task detector is reporting a task asleep in D state past hung_task_timeout_secs; the line that named the task is not here',
  },
  {
    fact: 'kernel.storage_stall',
    pattern: STORAGE_WAIT_FRAME,
    literals: [
      'bit_wait_io+0x',
      'blk_mq_get_tag+0x',
      'ceph_mdsc_do_request+0x',
      'ceph_osdc_wait_request+0x',
      'ceph_mdsc_wait_request+0x',
      'ceph_get_caps+0x',
      '__wait_on_buffer+0x',
      'out_of_line_wait_on_bit+0x',
      'folio_wait_writeback+0x',
      'wait_on_page_writeback+0x',
      'blk_mq_freeze_queue_wait+0x',
      'blk_queue_enter+0x',
      'rq_qos_wait+0x',
      'wbt_wait+0x',
      'submit_bio_wait+0x',
      'xfs_buf_iowait+0x',
      'xfs_ail_push_all_sync+0x',
      'folio_wait_bit_common+0x',
      'io_schedule+0x',
      'jbd2_log_wait_commit+0x',
      'nfs_wait_bit_killable+0x',
      'nfs4_wait_clnt_recover+0x',
      'request_wait_answer+0x',
      'rpc_wait_bit_killable+0x',
      'start_this_handle+0x',
      'wait_on_page_bit+0x',
      'wait_transaction_locked+0x',
      'xfs_buf_lock+0x',
      'xfs_log_force_lsn+0x',
      'xfs_log_force_seq+0x',
      'xfs_log_force+0x',
      'xlog_cil_force_lsn+0x',
      'xlog_cil_force_seq+0x',
      'xlog_wait+0x',
    ],
    from: ['kernel', 'unknown'],
    source:
      'linux call-trace frames (block/, mm/filemap.c, net/sunrpc/sched.c, fs/nfs, fs/xfs, fs/jbd2, fs/ceph, fs/fuse) printed by kernel/hung_task.c; fs/xfs/xfs_log.c xfs_log_force_lsn and xfs_log_cil.c xlog_cil_force_lsn are xfs_log_force_seq / xlog_cil_force_seq since the CIL sequence rework (5.14)',
    mechanism:
      'the blocked task waits on storage: a slow or dead disk, NFS server, XFS/ext4 journal, ceph or fuse',
  },
  {
    fact: 'kernel.storage_stall',
    pattern:
      'INFO: task (?:umount\\.aufs|jbd2/[^:\\n]{1,16}|xfsaild/[^:\\n]{1,16}):[0-9]+ blocked for more than',
    literals: ['blocked for more than'],
    source: 'linux kernel/hung_task.c check_hung_task (NPD kernel-monitor.json: AUFSUmountHung, before 2020)',
    mechanism:
      'a filesystem thread itself (journal, AIL or an aufs unmount) is blocked: every writer behind it waits',
  },
  {
    // umount(8) and sync(1) block only in the filesystem's flush (sync_filesystem, the journal's or the log's
    // force), so either one reported hung is writeback that does not finish: a container's rootfs unmount or a
    // runtime's sync behind it waits as long.
    fact: 'kernel.storage_stall',
    pattern: 'INFO: task (?:umount|sync):[0-9]+ blocked for more than',
    literals: ['blocked for more than'],
    source:
      'linux kernel/hung_task.c check_hung_task ("INFO: task %s:%d blocked for more than %ld seconds.", the comm being umount(8) or sync(1)), which wait in fs/super.c generic_shutdown_super → sync_filesystem and fs/sync.c ksys_sync on the filesystems\' flush',
    mechanism:
      "an unmount or a sync has waited past the hung-task timeout for a filesystem's flush to finish: writeback on that disk is stalled, and a container's rootfs unmount or a runtime's sync waits behind it",
  },
  {
    // Round 23: the frames of a file system's flush as a hung task's call trace prints them. sync(2) and syncfs(2),
    // an unmount's generic_shutdown_super and an overlay's own sync all end in sync_filesystem (fs/sync.c), which
    // writes the dirty inodes back and waits for them (fs/fs-writeback.c sync_inodes_sb → wb_wait_for_completion,
    // wait_sb_inodes), then calls the file system's ->sync_fs (ext4_sync_fs, xfs_fs_sync_fs, btrfs_sync_fs; an
    // overlay's ovl_sync_fs takes the upper file system's s_umount for reading and syncs it); sync(2) walks every
    // superblock under its s_umount read lock (fs/super.c iterate_supers; super_lock from 6.6). A task asleep in one
    // of these frames past the hung-task timeout waits on writeback to its disk: the storage under it is slow or
    // saturated, whatever the task is (a runtime's daemon unmounting a container's overlay, sync, a journal commit).
    // Frames only a flush reaches; a bare rwsem wait is every lock's and is not one of them.
    fact: 'kernel.fs_sync_stall',
    pattern:
      '(?:sync_filesystem|sync_fs_one_sb|sync_inodes_one_sb|sync_inodes_sb|wb_wait_for_completion|wait_sb_inodes|writeback_inodes_sb(?:_nr)?|iterate_supers(?:_type)?|ovl_sync_fs|ext4_sync_fs|xfs_fs_sync_fs|btrfs_sync_fs|sys_sync(?:fs)?)\\+0x[0-9a-f]+/0x[0-9a-f]+',
    literals: [
      'sync_filesystem+0x',
      'sync_fs_one_sb+0x',
      'sync_inodes_one_sb+0x',
      'sync_inodes_sb+0x',
      'wb_wait_for_completion+0x',
      'wait_sb_inodes+0x',
      'writeback_inodes_sb',
      'iterate_supers',
      'ovl_sync_fs+0x',
      'ext4_sync_fs+0x',
      'xfs_fs_sync_fs+0x',
      'btrfs_sync_fs+0x',
      'sys_sync+0x',
      'sys_syncfs+0x',
    ],
    from: ['kernel', 'unknown'],
    source:
      'linux fs/sync.c sync_filesystem (since 2.6.30; __sync_filesystem folded into it in 5.17), sync_fs_one_sb, sync_inodes_one_sb, ksys_sync (4.17+, sys_sync before) and syncfs; fs/fs-writeback.c sync_inodes_sb, wb_wait_for_completion (4.2+), wait_sb_inodes, writeback_inodes_sb_nr; fs/super.c iterate_supers (down_read(&sb->s_umount); super_lock from 6.6) and generic_shutdown_super → sync_filesystem; fs/overlayfs/super.c ovl_sync_fs (4.x+), fs/ext4/super.c ext4_sync_fs, fs/xfs/xfs_super.c xfs_fs_sync_fs, fs/btrfs/super.c btrfs_sync_fs; frames printed by kernel/hung_task.c check_hung_task → sched_show_task',
    mechanism:
      "a task waits in a file system's flush (sync, syncfs, an unmount's or an overlay's sync, writeback of a superblock's inodes) past the hung-task timeout: writeback to the disk under it does not keep up, so the disk is slow or saturated and everything that syncs or unmounts on it waits",
  },
  {
    fact: 'kernel.storage_stall',
    pattern: 'XFS: [^\\n]{0,40}possible memory allocation deadlock',
    literals: ['possible memory allocation deadlock'],
    from: ['kernel', 'unknown'],
    source: 'linux fs/xfs/kmem.c kmem_alloc (fs/xfs/xfs_buf.c and kmem_zalloc callers in newer kernels)',
    mechanism:
      'an XFS allocation keeps failing and retrying inside a transaction: every task touching that filesystem waits',
  },
  {
    fact: 'kernel.storage_stall',
    pattern: ': server [^ ]+ not responding, (?:still trying|timed out)',
    literals: ['not responding, still trying', 'not responding, timed out'],
    from: ['kernel', 'unknown'],
    source:
      'linux net/sunrpc/clnt.c rpc_check_timeout ("%s: server %s not responding, still trying" on hard mounts, "…, timed out" on soft ones; the prefix is the RPC program: nfs, lockd)',
    mechanism:
      'an NFS server stopped answering: on hard mounts every process touching it sleeps in D state, on soft ones each call waits out its retries',
  },

  // Round 21: the network storage's clients losing their servers, as the kernel writes it. Each is a connection the
  // client retries on its own (a monitor or OSD restarting, a path failing over writes the same line once); said
  // again and again, or beside tasks hung in storage code, I/O to that storage waits until its server answers: a
  // hint, which the hung tasks corroborate.
  {
    // libceph's monitor client: its session to the current monitor lost, it hunts among the others (pr_info
    // "mon%d %s session lost, hunting for new mon"; the address is "(1)10.0.0.1:6789" with its messenger type from
    // 5.x, and later kernels add the cluster's fsid and the client's id in parentheses after "mon%d" or at the end).
    fact: 'storage.remote_lost',
    pattern: 'mon[0-9]+[^\\n]{0,120} session lost, hunting for new mon',
    literals: ['session lost, hunting for new mon'],
    from: ['kernel', 'unknown'],
    source:
      'linux net/ceph/mon_client.c reopen_session (pr_info("mon%d %s session lost, hunting for new mon\\n"), every release since 2.6.34; the fsid and client id added to it in 6.x), printed with the "libceph: " prefix (pr_fmt)',
    mechanism:
      "the kernel's Ceph client lost its monitor and hunts for another: with the monitors gone it cannot renew its maps or authenticate, and I/O to the RBD and CephFS volumes it serves waits",
  },
  {
    // libceph's messenger faulting a connection to a monitor or an OSD: con_fault's pr_warn("%s%lld %s %s\n") of the
    // peer's entity, its address and con->error_msg ("socket closed", "socket error on read/write", "connect error",
    // and from 5.11's msgr2 split "(con state %s)" after it).
    fact: 'storage.remote_lost',
    pattern:
      'libceph: (?:mon|osd|mds)[0-9]+ [^\\n]{0,80}(?:socket closed|socket error on (?:read|write)|connect error|connection reset|read error|write error)',
    literals: ['libceph: mon', 'libceph: osd', 'libceph: mds'],
    from: ['kernel', 'unknown'],
    source:
      'linux net/ceph/messenger.c con_fault (pr_warn("%s%lld %s %s\\n", ENTITY_NAME(con->peer_name), ceph_pr_addr(&con->peer_addr), con->error_msg), every release since 2.6.34; the error_msg strings "socket closed", "socket error on read", "socket error on write", "connect error" from messenger.c and, since 5.11, messenger_v1.c/messenger_v2.c, with " (con state %s)" appended since 5.11)',
    mechanism:
      "the kernel's Ceph client lost its connection to a monitor or an OSD: requests to that server wait until it is reconnected, and with the cluster's monitors or OSDs gone every RBD or CephFS I/O waits",
  },
  {
    // libceph's OSD client timing a request out (only with the osd_request_timeout mount option; otherwise it waits
    // without end), or an OSD marked down in the map it received.
    fact: 'storage.remote_lost',
    pattern: 'libceph: (?:tid [0-9]+ on osd[0-9]+ timeout|osd[0-9]+ down)',
    literals: ['libceph: tid', 'libceph: osd'],
    from: ['kernel', 'unknown'],
    source:
      'linux net/ceph/osd_client.c handle_timeout (pr_err_ratelimited("tid %llu on osd%d timeout\\n"), since 4.8 with osd_request_timeout) and net/ceph/osdmap.c osdmap_apply_incremental (pr_info("osd%d down\\n"))',
    mechanism:
      "the kernel's Ceph client has an OSD request that got no answer in its timeout, or an OSD the map marks down: I/O to the objects that OSD serves waits for the cluster to recover",
  },
  {
    // The iSCSI transport's connection error event (iscsi_conn_error_event) and the session's recovery timeout
    // (session_recovery_timedout, after replacement_timeout, 120 s by default in open-iscsi); libiscsi's nop-out
    // ping timing out (iscsi_check_transport_timeouts). All print with the "connection%d:%d: " or "session%d: " prefix
    // of iscsi_cls_conn_printk / iscsi_cls_session_printk.
    fact: 'storage.remote_lost',
    pattern:
      'connection[0-9]+:[0-9]+: (?:detected conn error \\([0-9]+\\)|ping timeout of [0-9]+ secs expired)|session[0-9]+: session recovery timed out after [0-9]+ secs',
    literals: ['detected conn error', 'ping timeout of', 'session recovery timed out after'],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/scsi/scsi_transport_iscsi.c iscsi_conn_error_event ("detected conn error (%d)") and session_recovery_timedout ("session recovery timed out after %d secs"), drivers/scsi/libiscsi.c iscsi_check_transport_timeouts ("ping timeout of %d secs expired, recv timeout %d, …"), every release since 2.6.2x',
    mechanism:
      "the node's iSCSI connection to its target failed: I/O to that LUN is queued while the session recovers, and fails once the recovery timeout passes",
  },
  {
    // multipathd's count of a map's usable paths after one failed (libmultipath structs_vec.c
    // update_queue_mode_del_path, condlog "%s: remaining active paths: %d"): 0 is the LUN with no path at all (one
    // path failing with others left, dm-mpath's "Failing path", is a failover, not read).
    // With queue_if_no_path (no_path_retry queue) every I/O to it waits; the kernel's dm-multipath says the
    // same from its side when it fails its queued I/O after the timeout.
    fact: 'storage.remote_lost',
    pattern: ': remaining active paths: 0|queue_if_no_path timeout on [^\\n]{1,40}, failing queued IO',
    literals: ['remaining active paths: 0', 'queue_if_no_path timeout on'],
    source:
      'linux drivers/md/dm-mpath.c queue_if_no_path_timeout_work (DMWARN("queue_if_no_path timeout on %s, failing queued IO"), since 5.5), and the userspace half of device-mapper multipath, multipath-tools libmultipath/structs_vec.c update_queue_mode_del_path (condlog(2, "%s: remaining active paths: %d"), multipathd/main.c before 0.7)',
    mechanism:
      'a multipath device lost its paths to the storage: with none left, I/O to it queues (queue_if_no_path) and every task touching it waits in D state',
  },

  {
    fact: 'proc.zombie_shim',
    pattern:
      '(?:[Zz]ombie|defunct|state Z )[^\\n]{0,80}(?:containerd-shim|docker-containerd-shim)|(?:containerd-shim|docker-containerd-shim)[^\\n]{0,80}(?:[Zz]ombie|defunct)',
    literals: ['zombie', 'defunct', 'state Z'],
    source: 'procps ps output (state Z, "<defunct>") and /proc/PID/status, with a containerd-shim parent',
    mechanism:
      'a container process exited but its shim never reaped it (or it cannot die): calls about that container hang',
  },

  // --- The cgroup freezer (kernel/cgroup/legacy_freezer.c, kernel/cgroup/freezer.c) ---
  {
    // `grep -r . …/freezer.state` or a loop printing each path with its state. The kubelet owns the kubepods
    // slices down to the pod; a container's own cgroup (a runtime's scope, or the container ID under the pod with
    // the cgroupfs driver) reads FROZEN when any ancestor is frozen too, and is paused by `docker pause`: not read.
    fact: 'cgroup.pods_frozen',
    pattern: 'kubepods[^ \\n:]*/freezer\\.state[:= \\t]+(?:FROZEN|FREEZING)',
    literals: ['freezer.state'],
    unless: '\\.scope/freezer\\.state|/[0-9a-f]{64}/freezer\\.state',
    source:
      'linux kernel/cgroup/legacy_freezer.c freezer_read (cgroup v1 freezer.state: THAWED, FREEZING, FROZEN; kernel/cgroup_freezer.c before 4.5), as grep or a shell loop prints it beside its path',
    mechanism:
      'a pod or QoS slice the kubelet manages sits frozen: every process of its pods is stopped until something writes THAWED',
  },
  {
    fact: 'cgroup.pods_frozen',
    pattern: 'kubepods[^ \\n:]*/cgroup\\.(?:events[:= \\t]+frozen 1|freeze[:= \\t]+1)',
    literals: ['cgroup.events', 'cgroup.freeze'],
    unless: '\\.scope/cgroup\\.|/[0-9a-f]{64}/cgroup\\.',
    source:
      'linux kernel/cgroup/cgroup.c cgroup_events_show ("frozen %d") and cgroup_freeze_show (cgroup v2 cgroup.freeze, 5.2 and later)',
    mechanism:
      'a pod or QoS slice the kubelet manages is frozen (cgroup v2): every process of its pods is stopped until cgroup.freeze is written 0',
  },

  // --- Memory (mm/oom_kill.c) ---
  {
    fact: 'mem.oom',
    pattern: 'Out of memory: Kill(?:ed)? process',
    literals: ['Out of memory: Kill process', 'Out of memory: Killed process'],
    from: ['kernel', 'unknown'],
    source:
      'linux mm/oom_kill.c oom_kill_process / __oom_kill_process ("Kill process … or sacrifice child" before 4.19, "Killed process" since)',
    mechanism: 'the node ran out of memory and the global OOM killer killed a process',
  },
  {
    // Round 27 (r27-storage): the OOM killer's victim is the kubelet itself. The kubelet runs with oom_score_adj -999
    // (pkg/kubelet/qos/policy.go KubeletOOMScoreAdj), which takes 99.9 % of memory off its badness (mm/oom_kill.c
    // oom_badness), while pods carry 2-1000: the kernel picks it only when its own memory dwarfs every pod's.
    fact: 'kubelet.oom_victim',
    pattern:
      '(?:Out of memory|Memory cgroup out of memory): Kill(?:ed)? process [0-9]+ \\(kubelet\\)|oom-kill:[^\\n]{0,300},task=kubelet,pid=',
    literals: ['(kubelet)', 'task=kubelet,'],
    from: ['kernel', 'unknown'],
    source:
      'linux mm/oom_kill.c __oom_kill_process ("%s: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, ..." since 4.19, "Kill process %d (%s) score %u or sacrifice child" before) and dump_oom_summary ("oom-kill:constraint=%s,...,task=%s,pid=%d,uid=%d", 4.19+); the kubelet\'s oom_score_adj -999 from kubernetes pkg/kubelet/qos/policy.go',
    mechanism:
      "the kernel's OOM killer chose the kubelet itself: shielded by oom_score_adj -999, it is picked only when its own memory dwarfs every pod's, so the memory that ran out is the kubelet's own",
  },
  {
    // dump_header's first line and the allocator's path to the killer: every OOM report starts with them. A memcg
    // OOM adds "Memory cgroup out of memory" or a CONSTRAINT_MEMCG summary (their own rule), and its trace runs
    // through mem_cgroup_out_of_memory, not out_of_memory. Which one it is decides in extract/derived.ts.
    fact: 'mem.oom_report',
    literals: ['invoked oom-killer', 'out_of_memory+0x'],
    pattern: ' invoked oom-killer: gfp_mask=|[ \\]]out_of_memory\\+0x',
    from: ['kernel', 'unknown'],
    unless: 'Memory cgroup|mem_cgroup_out_of_memory|CONSTRAINT_MEMCG',
    source:
      'linux mm/oom_kill.c dump_header ("%s invoked oom-killer: gfp_mask=%#x(%pGg), order=%d, oom_score_adj=%hd") and out_of_memory in the call trace',
    mechanism: 'the kernel ran out of memory and started its OOM killer',
  },
  {
    // The accounting lines of an OOM report, pasted without its header or its kill line: dump_header prints the
    // memory cgroup's counters only for a memcg OOM (mem_cgroup_print_oom_meminfo) and the task table for both.
    // Whose limit it was is the cgroup path the report names (the rules below); with none, the derivation in
    // extract/derived.ts reads the report as the node's.
    fact: 'mem.oom_report',
    literals: ['failcnt', 'Tasks state (memory values in pages)'],
    pattern:
      '(?:memory|memory\\+swap|kmem|swap): usage [0-9]+kB, limit [0-9]+kB, failcnt [0-9]+|Tasks state \\(memory values in pages\\)',
    from: ['kernel', 'unknown'],
    source:
      'linux mm/memcontrol.c mem_cgroup_print_oom_meminfo ("memory: usage %llukB, limit %llukB, failcnt %lu", with "memory+swap:" and "kmem:" on cgroup v1 and "swap:" on v2; mem_cgroup_print_oom_info before 4.19) and mm/oom_kill.c dump_tasks ("Tasks state (memory values in pages):", 4.19+), both called from dump_header',
    mechanism:
      "the kernel's OOM report for a memory cgroup at its limit (usage equal to the limit, the failure counter counting refused charges): the OOM killer is choosing a victim in it",
  },
  {
    // The memory cgroup the report is about, by its path: a pod's (or a container's under it) is one workload's limit.
    fact: 'mem.cgroup_oom',
    literals: ['Memory cgroup stats for', 'killed as a result of limit of'],
    pattern: '(?:Memory cgroup stats for|killed as a result of limit of) [^ \\n]*kubepods[^ \\n]*pod[0-9a-f]',
    from: ['kernel', 'unknown'],
    source:
      'linux mm/memcontrol.c mem_cgroup_print_oom_meminfo ("Memory cgroup stats for %s:" with the OOMing memcg\'s path, 4.19+) and mem_cgroup_print_oom_info before 4.19 ("Task in %s killed as a result of limit of %s"), naming a pod\'s cgroup the kubelet created (kubepods/<qos>/pod<uid>, kubepods-<qos>-pod<uid>.slice)',
    mechanism:
      "a pod (or one container of it) reached its own memory limit and the kernel OOM-killed inside it: that workload's limit, not the node's memory",
  },
  {
    // The pods' parent cgroup at its limit: the kubelet sets kubepods' memory.max to node allocatable, so the pods
    // together used all the memory the node gives them (node-wide starvation, as the kubelet's eviction sees it).
    fact: 'mem.oom',
    literals: ['Memory cgroup stats for', 'oom_memcg='],
    pattern:
      '(?:Memory cgroup stats for [^ \\n]*/kubepods(?:\\.slice)?:|oom-kill:constraint=CONSTRAINT_MEMCG[^\\n]{0,300}oom_memcg=[^ ,\\n]*/kubepods(?:\\.slice)?,)',
    from: ['kernel', 'unknown'],
    source:
      'linux mm/memcontrol.c mem_cgroup_print_oom_meminfo ("Memory cgroup stats for %s:") and mm/oom_kill.c dump_oom_summary ("oom-kill:constraint=%s,…,oom_memcg=%s,…", 4.19+), naming the kubelet\'s top-level pods cgroup (kubepods, kubepods.slice), whose limit kubernetes pkg/kubelet/cm/node_container_manager_linux.go enforceNodeAllocatableCgroups sets to node allocatable',
    mechanism:
      "all pods together reached node allocatable memory (the limit the kubelet puts on kubepods): the node's memory for pods is exhausted and the kernel OOM-kills among them",
  },
  {
    fact: 'mem.oom',
    pattern: 'oom-kill:constraint=CONSTRAINT_NONE',
    literals: ['oom-kill:constraint=CONSTRAINT_NONE'],
    from: ['kernel', 'unknown'],
    source: 'linux mm/oom_kill.c dump_oom_summary (4.19+)',
    mechanism: 'an OOM kill with no cgroup or cpuset constraint: node memory was exhausted',
  },
  {
    // A figure someone read off vmstat/top/sar/iostat is the kernel's own accounting, quoted: it weighs like a
    // program's line, not like an impression ("the disk was slow").
    fact: 'io.saturated',
    literals: ['iowait', 'io wait', 'i/o wait', '%wa'],
    pattern:
      '(?:iowait|io ?wait|IO wait|I/O wait|%wa|%iowait)[^\\n]{0,20}(?:[5-9][0-9]|100)(?:\\.[0-9]+)? ?%|(?:[5-9][0-9]|100)(?:\\.[0-9]+)? ?% (?:iowait|io ?wait|IO wait|I/O wait)',
    prose: true,
    source:
      'linux kernel/sched/cputime.c iowait time in /proc/stat, as vmstat/top (%wa) and sar/iostat (%iowait) print it, quoted by a person',
    mechanism:
      'CPUs sit idle with I/O outstanding most of the time: every runtime read and write waits on the disk',
  },
  {
    // The OOM summary names the cgroup whose limit was hit (oom_memcg=): a host slice is not a container.
    fact: 'mem.system_slice_limit',
    literals: ['oom_memcg=/system.slice', 'oom_memcg=/runtime.slice', 'oom_memcg=/podruntime.slice'],
    pattern:
      'oom-kill:constraint=CONSTRAINT_MEMCG[^\\n]{0,300}oom_memcg=/(?:system|runtime|podruntime)\\.slice[,/ ]',
    from: ['kernel', 'unknown'],
    source:
      'linux mm/oom_kill.c dump_oom_summary (4.19+: "oom-kill:constraint=%s,…,oom_memcg=%s,task_memcg=%s,…")',
    mechanism:
      "the memory limit hit is a host slice's (system-reserved enforcement or a drop-in): host services, often the runtime, are OOM-killed while pods are not",
  },
  {
    fact: 'mem.cgroup_oom',
    pattern: 'Memory cgroup out of memory|oom-kill:constraint=CONSTRAINT_MEMCG',
    // A host slice's limit, or the pods' parent at node allocatable, is not one container's.
    unless:
      'oom_memcg=/(?:system|runtime|podruntime)\\.slice[,/ ]|oom_memcg=[^ ,\\n]*/kubepods(?:\\.slice)?,',
    literals: ['Memory cgroup out of memory', 'oom-kill:constraint=CONSTRAINT_MEMCG'],
    from: ['kernel', 'unknown'],
    source: 'linux mm/oom_kill.c oom_kill_process / dump_oom_summary (memcg OOM)',
    mechanism:
      'a container hit its own memory limit and the kernel killed a process in it (not node memory exhaustion)',
  },

  // --- Allocation failures short of the OOM killer (mm/page_alloc.c, mm/slab_common.c, mm/slub.c) ---
  {
    // warn_alloc (4.11+; warn_alloc_failed before, same words): "<comm>: page allocation failure: order:N,
    // mode:0x…(<flags>)", then the stack and show_mem's free lists. An order above 0 is a block of 2^N contiguous
    // pages: when it fails the buddy allocator had no free block that large and compaction could not make one.
    // Atomic (GFP_ATOMIC, GFP_NOWAIT) requests from interrupts and drivers fail without reclaim and are retried by
    // their callers; mode 0x20 is GFP_ATOMIC's value on 3.x kernels, which print no flag names (before 4.6).
    fact: 'mem.fragmented',
    // (its value exactly: the pattern reads a mode of 3 hex digits or more, or 2 that are not "20").
    pattern:
      ': page allocation failure: order:(?:[1-9]|1[0-9]), mode:0x(?:[0-9a-f]{3,}|[013-9a-f][0-9a-f]|2[1-9a-f])',
    literals: ['page allocation failure: order:'],
    unless: 'GFP_ATOMIC|GFP_NOWAIT',
    from: ['kernel', 'unknown'],
    source:
      'linux mm/page_alloc.c warn_alloc ("%s: %pV, mode:%#x(%pGg), nodemask=%*pbl" with "page allocation failure: order:%u", 4.11+; warn_alloc_failed "%s: page allocation failure: order:%d, mode:0x%x" before; the flags\' names from 4.6, c5c990e8a1fe)',
    mechanism:
      'the kernel could not allocate a block of contiguous pages of the order asked for: memory is fragmented (or short), and what needs such a block, like the hash tables of a new network namespace, fails',
  },
  {
    // The same report when the failing task is a runtime's init: runc's stages name themselves runc:[0:PARENT],
    // runc:[1:CHILD], runc:[2:INIT]; before runc 1.0 re-execed itself from /proc/self/exe, its comm was "exe".
    fact: 'runc.init_enomem',
    pattern: '(?:runc:\\[[012]:(?:PARENT|CHILD|INIT)\\]|exe|runc|crun): page allocation failure: order:',
    literals: ['page allocation failure: order:'],
    from: ['kernel', 'unknown'],
    source:
      'linux mm/page_alloc.c warn_alloc / warn_alloc_failed (the task\'s comm first); runc libcontainer/nsenter/nsexec.c (prctl PR_SET_NAME "runc:[1:CHILD]" etc. from 1.0.0-rc5; the re-exec of /proc/self/exe, comm "exe", before), crun src/libcrun/linux.c (clone of the container\'s namespaces)',
    mechanism:
      "the runtime's init asked the kernel for memory while it made the container's namespaces and got none: the container's start fails with it",
  },
  {
    // show_free_areas (show_mem): one line per zone, "Node 0 Normal: 3400*4kB (UME) 1200*8kB (UM) … 0*4096kB =
    // 27352kB", the free blocks of each order (4kB pages: order 0 is 4kB, order 10 is 4096kB), with their migrate
    // types only when the count is not 0 (4.x+). Nothing free from 128kB (order 5) up: any larger request fails.
    fact: 'mem.fragmented',
    pattern:
      '(?:Normal|DMA32): [0-9][^\\n]{0,300} 0\\*128kB 0\\*256kB 0\\*512kB 0\\*1024kB 0\\*2048kB 0\\*4096kB = [0-9]+kB',
    literals: ['0*4096kB = '],
    from: ['kernel', 'unknown'],
    source:
      'linux mm/page_alloc.c show_free_areas ("%lu*%lukB " per order, then "= %lukB"; mm/show_mem.c from 6.6), printed by warn_alloc and the OOM report\'s dump_header',
    mechanism:
      "the buddy allocator's free lists hold nothing from 128kB up in the node's main zone: memory is fragmented, so every allocation of contiguous pages above that size fails",
  },
  {
    // The slab caches a network namespace or a module makes when it starts: mm/slab_common.c warns when creating
    // one fails (kmem_cache_create, kmem_cache_create_usercopy from 4.16, __kmem_cache_create_args from 6.12), and
    // netfilter made one conntrack cache per network namespace ("nf_conntrack_%p") on kernels before 4.9's single
    // cache (RHEL/CentOS 7's 3.10 among them), failing a namespace's creation with "Unable to create nf_conn slab
    // cache". SLUB's own warning is for a slab it could not grow at its page order.
    fact: 'mem.fragmented',
    pattern:
      'kmem_cache_create[a-z_]*\\([^)\\n]{1,80}\\) failed with error -?[0-9]+|Unable to create nf_conn slab cache|SLUB: Unable to allocate memory on node',
    literals: [
      'kmem_cache_create',
      'Unable to create nf_conn slab cache',
      'SLUB: Unable to allocate memory on node',
    ],
    // An atomic request's slab (interrupt context, a driver's receive path) is retried by its caller, as above.
    unless: 'GFP_ATOMIC|GFP_NOWAIT',
    from: ['kernel', 'unknown'],
    source:
      'linux mm/slab_common.c kmem_cache_create / kmem_cache_create_usercopy ("kmem_cache_create(%s) failed with error %d", 3.12+; "%s(%s) failed with error %d" in __kmem_cache_create_args, 6.12+), net/netfilter/nf_conntrack_core.c nf_conntrack_init_net ("Unable to create nf_conn slab cache", per-namespace cache before 4.9), mm/slub.c slab_out_of_memory ("SLUB: Unable to allocate memory on node %d, gfp=%#x(%pGg)")',
    mechanism:
      'the kernel could not allocate the pages for a slab cache (or a new slab of one): a network namespace or a container set-up that needs it fails, memory being too short or too fragmented',
  },

  // --- File and process limits ---
  {
    fact: 'fd.file_max',
    pattern: 'VFS: file-max limit [0-9]+ reached',
    literals: ['VFS: file-max limit'],
    from: ['kernel'],
    source: 'linux fs/file_table.c alloc_empty_file (get_empty_filp before 5.0)',
    mechanism:
      'the system-wide file table (fs.file-max) is full: every open() and socket() fails with ENFILE',
  },
  // The pids controller's one line per cgroup (kernel/cgroup_pids.c from v4.8, kernel/cgroup/pids.c from v4.13;
  // pids_event once the event counters became hierarchical): "cgroup: fork rejected by pids controller in " and the
  // cgroup path of the task whose fork failed, printed the first time a fork in that cgroup fails. The path says whose limit it is: the runtime's
  // systemd unit (its TasksMax, which every shim and, by driver and release, container process under it counts
  // against), one pod's or container's cgroup (podPidsLimit, pids.max), or another cgroup.
  {
    fact: 'pid.runtime_unit_limit',
    pattern: `cgroup: fork rejected by pids controller in [^ \\n]*/${RUNTIME_UNIT}`,
    literals: ['cgroup: fork rejected by pids controller in'],
    from: ['kernel', 'unknown'],
    source:
      "linux kernel/cgroup/pids.c pids_can_fork (from v4.8, commit 135b8b37) / pids_event (later releases): the forking task's cgroup path, once per cgroup; the unit's pids.max is systemd's TasksMax= (src/core/cgroup.c, DefaultTasksMax=512 from v228, later 15% of the kernel's task limit, the lower of pid_max and threads-max: src/basic/procfs-util.c procfs_tasks_get_limit)",
    mechanism:
      "the container runtime's systemd unit reached its TasksMax: the daemon, the shims and runc under it cannot fork or start threads, so containers fail to start and the daemon itself breaks",
  },
  {
    fact: 'pid.pod_limit',
    pattern: `cgroup: fork rejected by pids controller in [^ \\n]*${POD_CGROUP}`,
    literals: ['cgroup: fork rejected by pids controller in'],
    from: ['kernel', 'unknown'],
    source:
      "linux kernel/cgroup/pids.c pids_can_fork (from v4.8) / pids_event (later releases), naming a pod's or container's cgroup (kubepods…pod<uid>, a container's scope); the limit is the kubelet's podPidsLimit (pkg/kubelet/cm pod container manager) or the container's pids.max",
    mechanism:
      "one pod or container reached its own PID limit: its forks fail, the node's other pods and daemons are not affected",
  },
  {
    fact: 'pid.cgroup_limit',
    pattern: 'cgroup: fork rejected by pids controller in',
    unless: `/${RUNTIME_UNIT}|${POD_CGROUP}`,
    literals: ['cgroup: fork rejected by pids controller in'],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/cgroup/pids.c pids_can_fork / pids_event (a cgroup neither a runtime unit nor a pod)',
    mechanism: "a cgroup's pids.max is reached: forks inside it fail with EAGAIN",
  },
  {
    fact: 'pid.pressure',
    // bash prints the call, then strerror's words; pasted through full-width punctuation the colon and its space
    // change, so any of them is read.
    pattern: `fork${SEP}(?:retry${SEP})?${EAGAIN_WORDS}`,
    literals: ['resource temporarily unavailable'],
    unless: 'fork/exec',
    source:
      'bash jobs.c make_child ("fork: retry: %s" while it retries, then "fork: %s" with strerror(EAGAIN)); openssh sshd.c server_accept_loop (error "fork: %.100s"); EAGAIN from fork(2), kernel/fork.c copy_process',
    mechanism:
      'fork(2) fails with EAGAIN: the user or node is out of PIDs/threads (pid_max, threads-max, RLIMIT_NPROC)',
  },
  {
    // dash's forkshell and busybox ash's name no errno: fork failing, most often for want of a PID.
    fact: 'pid.pressure',
    pattern: "sh: [0-9]+: Cannot fork|sh: can't fork",
    literals: ['Cannot fork', "can't fork"],
    source: 'dash src/jobs.c forkshell ("Cannot fork"); busybox shell/ash.c forkshell ("can\'t fork")',
    mechanism: 'a shell could not fork a child: the node, the user or the cgroup is out of PIDs/threads',
  },
  {
    fact: 'pid.pressure',
    pattern: `pthread_create failed${SEP}${EAGAIN_WORDS}|runtime: failed to create new OS thread|fatal error: newosproc|runtime: may need to increase max user processes`,
    literals: [
      'pthread_create failed',
      'runtime: failed to create new OS thread',
      'fatal error: newosproc',
      'runtime: may need to increase max user processes',
    ],
    source:
      'go runtime/cgo/gcc_libinit.c _cgo_try_pthread_create ("runtime/cgo: pthread_create failed: %s", then abort: SIGABRT) and runtime/os_linux.go newosproc ("runtime: failed to create new OS thread (have N already; errno=11)", "may need to increase max user processes (ulimit -u)", throw "newosproc")',
    mechanism:
      'a Go program (the kubelet, dockerd, containerd, a shim, runc) cannot create a thread and aborts: its cgroup, user or the node is out of PIDs/threads',
  },
  {
    // Round 22: the same failures with ENOSPC. From v4.15 (commit 95846ecf9dac, the PID bitmap replaced by an IDR)
    // alloc_pid passed idr_alloc_cyclic's -ENOSPC for a full PID range through copy_process, so fork, clone and
    // pthread_create failed with "No space left on device" when pid_max (or a PID namespace's range) was used up,
    // until alloc_pid mapped it back to -EAGAIN ("retval = (nr == -ENOSPC) ? -EAGAIN : nr", 5.x and the stable
    // kernels it was taken into). Neither a thread nor a plain fork makes a namespace, so the ENOSPC clone(2)
    // documents for namespace limits is not theirs; Go's fork/exec may pass CLONE_NEW* flags and is left out.
    fact: 'pid.pressure',
    pattern: `pthread_create failed${SEP}${ENOSPC_WORDS}|[^/A-Za-z]fork${SEP}(?:retry${SEP})?${ENOSPC_WORDS}|(?:create new OS thread|newosproc)[^\\n]{0,60}errno=28`,
    literals: ['no space left on device', 'errno=28'],
    source:
      'linux kernel/pid.c alloc_pid (v4.15 commit 95846ecf9dac: idr_alloc_cyclic\'s -ENOSPC returned for a full PID range, later mapped to -EAGAIN) through kernel/fork.c copy_process; printed by go runtime/cgo/gcc_libinit.c _cgo_try_pthread_create ("runtime/cgo: pthread_create failed: %s"), runtime/os_linux.go newosproc ("failed to create new OS thread (have N already; errno=28)") and bash jobs.c make_child ("fork: retry: %s", "fork: %s")',
    mechanism:
      'a thread or process could not be created because no PID is left (ENOSPC from alloc_pid on 4.15+ kernels): the node or its PID namespace is out of PIDs, not out of disk',
  },
  {
    // Round 22: other language runtimes' words for a thread or child they could not make: CPython's thread start,
    // Rust's std::thread::spawn (EAGAIN is code 11, WouldBlock), Node's child_process (libuv's error name after the
    // syscall and the file). Each is pthread_create(3) or fork/clone failing, as the Go and JVM lines above.
    fact: 'pid.pressure',
    pattern:
      "can't start new thread|failed to spawn thread[^\\n]{0,40}code: 11|spawn [^\\n ]{1,200} EAGAIN|spawn EAGAIN",
    literals: ["can't start new thread", 'failed to spawn thread', 'EAGAIN'],
    source:
      'cpython Modules/_threadmodule.c thread_PyThread_start_new_thread / do_start_joinable_thread ("can\'t start new thread" when PyThread_start_new_thread fails); rust library/std/src/thread/mod.rs spawn (expect("failed to spawn thread") on the io::Error of pthread_create, Os { code: 11, kind: WouldBlock }); node lib/internal/child_process.js ChildProcess.prototype.spawn via errors.js ErrnoException ("spawn <file> EAGAIN")',
    mechanism:
      'a program could not start a thread or a child (pthread_create or fork failing with EAGAIN): its cgroup, its user or the node is out of PIDs/threads',
  },
  {
    fact: 'pid.pressure',
    pattern: `fork/exec[^\\n]{0,120}${EAGAIN_WORDS}`,
    literals: ['fork/exec'],
    from: [...NODE_DAEMONS],
    source: 'go syscall/exec_linux.go forkExec (EAGAIN from clone(2)), surfaced by a node daemon',
    mechanism:
      'a node daemon cannot start a child process (runc, a CNI plugin, a probe): out of PIDs/threads',
  },
  {
    // The JVM's thread start: "unable to create new native thread" (older HotSpot), "unable to create native thread:
    // possibly out of memory or process/resource limits reached" (os::native_thread_creation_failed_msg in later
    // releases), and the unified-logging warning that names pthread_create's errno.
    fact: 'pid.pressure',
    pattern:
      'OutOfMemoryError: unable to create (?:new )?native thread|Failed to start (?:the native )?thread[^\\n]{0,120}pthread_create failed \\(EAGAIN\\)',
    literals: [
      'unable to create new native thread',
      'unable to create native thread',
      'pthread_create failed (EAGAIN)',
    ],
    source:
      'openjdk src/hotspot/share/prims/jvm.cpp JVM_StartThread (OutOfMemoryError with os::native_thread_creation_failed_msg: OS_NATIVE_THREAD_CREATION_FAILED_MSG in share/runtime/os.hpp, "unable to create native thread: possibly out of memory or process/resource limits reached"; "unable to create new native thread" in older releases) and os/linux/os_linux.cpp os::create_thread ("Failed to start thread ... pthread_create failed (EAGAIN)")',
    mechanism:
      "a JVM's pthread_create failed with EAGAIN (the words say memory, the errno says threads): its cgroup, user or the node is out of PIDs/threads",
  },
  {
    fact: 'disk.pressure',
    pattern: 'no space left on device',
    // inotify_add_watch's ENOSPC is the watch limit; a cgroup file's is cpuset or memcg IDs (rules/errno.ts).
    // A follower's (tail -f, kubectl logs -f, fsnotify) is inotify_add_watch's too.
    // A failed watch (the kubelet's plugin watcher, its log follower, containerd's CNI directory) is fsnotify's Add.
    // A thread's or a fork's is the PID space on 4.15+ kernels (above).
    // Round 29 (r29-runtime): a call's own path on a memory-backed filesystem (/run, /var/run, /dev/shm, an exec's
    // process file) is that tmpfs full, the node's memory (rules/runtime.ts fs.tmpfs_full), not its disk.
    unless:
      'inotify|/sys/fs/cgroup|tail -[fF]|logs -f|logs --follow|fsnotify|[Ff]ailed to watch |pthread_create failed|fork[:：] |(?:^|[\\s"\'])(?:(?:/var)?/run/|/dev/shm/)[^ \\n:"]{0,200}: [Nn]o space left on device|/(?:runc-process|exec-process-)[^ \\n:"]{0,200}: [Nn]o space left on device',
    literals: ['no space left on device'],
    from: [...NODE_DAEMONS],
    source: 'linux ENOSPC ("no space left on device") surfaced by a node daemon writing to its filesystem',
    mechanism: 'a filesystem the kubelet or runtime writes to is full (space or inodes)',
  },

  // --- Filesystems as coreutils' df prints them ---
  {
    // A row at 100 % (blocks, or inodes with -i): the filesystem holding it is full. /boot and snap loop images
    // fill by design and hold nothing a node runs on.
    fact: 'disk.pressure',
    literals: ['100%'],
    pattern: '[0-9] +100% +/',
    // Round 29 (r29-runtime): a tmpfs row is memory, not a disk (rules/observations.ts fs.tmpfs_full).
    unless: '100% +/boot|100% +/snap/|/dev/loop|tmpfs +[0-9]',
    source: 'GNU coreutils src/df.c (Use%/IUse% column, then "Mounted on"), pasted by a person',
    mechanism:
      'a filesystem the node writes to is full (space or inodes): the runtime and kubelet fail their writes',
  },
  {
    // df's row for a tmpfs at 100 %: the same, from the program (GNU coreutils df, Filesystem column "tmpfs").
    fact: 'fs.tmpfs_full',
    // With a paster's Markdown too (table pipes, emphasis around the figure), as round 20's row below reads it.
    pattern: 'tmpfs[ |]+[0-9][^\\n]{0,60}[ |*_`]100%[*_`]{0,3}[ |]+[*_`]{0,2}/',
    literals: ['100%'],
    source:
      'GNU coreutils src/df.c (Filesystem, Size, Used, Avail, Use%, Mounted on; a tmpfs mount\'s source is "tmpfs")',
    mechanism:
      "a memory-backed filesystem is full (df's Use% at 100 for a tmpfs): its contents hold the node's memory, and writes there fail",
  },
  {
    // Round 20: the same row as people paste it into a Markdown issue or chat: the table's cells between pipes, or the
    // full figure emphasised (**100%**, __100%__, `100%`, *100%*). df prints neither; the mark-up is the reader's, so
    // it is read through. The mount point still follows the figure; /boot and snap loop images still fill by design.
    fact: 'disk.pressure',
    literals: ['100%'],
    pattern:
      '[0-9][*_`]{0,2}(?: *\\| *| +)[*_`]{1,3}100%[*_`]{1,3}(?: *\\| *| +)[*_`]{0,2}/|\\| *[0-9]+ *\\| *[*_`]{0,3}100%[*_`]{0,3} *\\| *[*_`]{0,2}/',
    unless: '100%[*_`| ]+/boot|100%[*_`| ]+/snap/|/dev/loop',
    source:
      'GNU coreutils src/df.c (Use%/IUse% column, then "Mounted on"), pasted by a person with Markdown mark-up (table pipes, emphasis around the figure; CommonMark emphasis and GFM tables)',
    mechanism:
      "a filesystem the node writes to is full (space or inodes), as df's row says under the paster's mark-up: the runtime and kubelet fail their writes (a runtime's state tmpfs under /run out of inodes refuses every new container's state directory)",
  },

  // --- Networking ---
  {
    fact: 'network.conntrack_full',
    literals: ['table full, dropping packet'],
    pattern: 'nf_conntrack: (?:nf_conntrack: )?table full, dropping packet',
    from: ['kernel', 'unknown'],
    source:
      'linux net/netfilter/nf_conntrack_core.c early_drop / __nf_conntrack_alloc ("nf_conntrack: table full, dropping packet", net_ratelimited)',
    mechanism:
      'the connection-tracking table (net.netfilter.nf_conntrack_max) is full: the kernel drops packets of new connections',
  },

  // --- Storage errors ---
  {
    fact: 'disk.io_error',
    pattern: '(?:I/O|critical medium|critical target) error, dev [^ ,]+, sector [0-9]+',
    literals: ['critical medium error, dev', 'critical target error, dev', 'I/O error, dev'],
    from: ['kernel', 'unknown'],
    source:
      'linux block/blk-core.c blk_print_req_error (end_request/blk_update_request/print_req_error in older kernels) (NPD: IOError)',
    mechanism: 'a block device failed a request: tasks waiting on it stall or get EIO',
  },
  {
    fact: 'disk.io_error',
    pattern: 'Buffer I/O error on dev',
    literals: ['Buffer I/O error on dev'],
    from: ['kernel', 'unknown'],
    source: 'linux fs/buffer.c buffer_io_error (NPD kernel-monitor.json: IOError)',
    mechanism: 'reading or writing a filesystem buffer failed at the device',
  },
  {
    fact: 'disk.io_error',
    pattern: 'EXT4-fs error \\(device [^)]+\\)',
    literals: ['EXT4-fs error (device'],
    from: ['kernel', 'unknown'],
    source: 'linux fs/ext4/super.c __ext4_error (NPD kernel-monitor.json: Ext4Error)',
    mechanism: 'ext4 found on-disk corruption or an I/O failure; by default it remounts read-only next',
  },
  {
    fact: 'fs.readonly',
    pattern: 'Remounting filesystem read-only',
    literals: ['Remounting filesystem read-only'],
    from: ['kernel', 'unknown'],
    source: 'linux fs/ext4/super.c ext4_handle_error (NPD readonly-monitor.json: ReadonlyFilesystem)',
    mechanism:
      'after an error the filesystem became read-only: the runtime and kubelet can no longer write state',
  },
  {
    fact: 'fs.readonly',
    pattern: 'XFS \\([^)]+\\):[^\\n]{0,200}Shutting down filesystem',
    literals: ['Shutting down filesystem'],
    from: ['kernel', 'unknown'],
    source: 'linux fs/xfs/xfs_fsops.c xfs_do_force_shutdown (NPD kernel-monitor.json: XfsShutdown)',
    mechanism:
      'XFS shut the filesystem down after corruption or a log I/O error: every access fails with EIO',
  },

  {
    // The shutdown call itself, before 5.x printed it (its "Shutting down filesystem" line follows).
    fact: 'fs.readonly',
    pattern: 'xfs_do_force_shutdown\\(0x[0-9a-f]+\\) called from line',
    literals: ['xfs_do_force_shutdown('],
    from: ['kernel', 'unknown'],
    source:
      'linux fs/xfs/xfs_fsops.c xfs_do_force_shutdown ("xfs_do_force_shutdown(0x%x) called from line %d of file %s.  Return address = %pS", before 5.x; folded into the "... detected at %pS (%s:%d).  Shutting down filesystem." line since)',
    mechanism:
      'XFS is shutting the filesystem down after corruption or an I/O error: every access to it fails from here on',
  },
  {
    // The kernel's file-system error family: a trigger for the runtime's state not loading, not a cause by itself
    // (it weighs little alone). ext4's per-error line (also disk.io_error) and its error summary at mount and daily;
    // jbd2 aborting the journal; XFS's verifiers and its metadata I/O failures.
    fact: 'fs.corrupt',
    pattern:
      'EXT4-fs error \\(device [^)]+\\)|EXT4-fs \\([^)]+\\): (?:error count since last fsck|initial error at time|last error at time)|Aborting journal on device|XFS \\([^)]+\\): (?:Corruption detected\\. Unmount and run xfs_repair|Metadata (?:corruption|CRC error) detected at|metadata I/O error|Corruption of on-disk metadata|Internal error XFS_WANT_CORRUPTED)',
    literals: [
      'EXT4-fs error (device',
      'error count since last fsck',
      'initial error at time',
      'last error at time',
      'Aborting journal on device',
      'Corruption detected. Unmount and run xfs_repair',
      'Metadata corruption detected at',
      'Metadata CRC error detected at',
      'metadata I/O error',
      'Corruption of on-disk metadata',
      'Internal error XFS_WANT_CORRUPTED',
    ],
    from: ['kernel', 'unknown'],
    source:
      'linux fs/ext4/super.c __ext4_error / __ext4_error_inode ("EXT4-fs error (device %s): %s:%d: ...") and print_daily_error_info ("error count since last fsck: %u", "initial error at time %u", "last error at time %u"); fs/jbd2/journal.c jbd2_journal_abort ("Aborting journal on device %s."); fs/xfs/xfs_error.c xfs_corruption_error ("Corruption detected. Unmount and run xfs_repair"), xfs_buf_verifier_error ("Metadata %s detected at %pS"), xfs_error_report ("Internal error %s at line %d"); fs/xfs/xfs_buf.c xfs_buf_ioerror_alert ("metadata I/O error ..."); fs/xfs/xfs_fsops.c xfs_do_force_shutdown ("Corruption of on-disk metadata", 5.x and later)',
    mechanism:
      "a filesystem's own structures are damaged or unreadable (often after a crash or a failing disk): files on it, the runtime's layer store and metadata databases among them, may fail to load",
  },

  // --- CPU and kernel faults ---
  {
    fact: 'kernel.soft_lockup',
    pattern: 'BUG: soft lockup - CPU#[0-9]+ stuck for',
    literals: ['BUG: soft lockup - CPU#'],
    from: ['kernel', 'unknown'],
    source: 'linux kernel/watchdog.c watchdog_timer_fn',
    mechanism: 'a CPU ran kernel code without scheduling for over 20s: everything bound to it starves',
  },
  {
    // The task on the stuck CPU (watchdog_timer_fn prints `current`) is a kernel-instrumenting security or
    // observability agent's own process: its syscall (loading or reading its kernel module's or eBPF probes' buffers)
    // is the kernel code that does not schedule. A CPU stuck in the kernel is not CPU demand from workloads
    // (resource starvation); the lockups repeat wherever the agent runs and take the host down. Comms: Falco
    // (`falco`), Sysdig's agent (`sysdig`, `dragent`), CrowdStrike's sensor (`falcon-sensor`), Cilium Tetragon
    // (`tetragon`), Aqua Tracee (`tracee`), Datadog's system-probe (`system-probe`), Microsoft Defender for
    // Endpoint (`wdavdaemon`): each ships a kernel module or eBPF probes by its own documentation.
    fact: 'kernel.soft_lockup_agent',
    pattern:
      'BUG: soft lockup - CPU#[0-9]+ stuck for [0-9]+s! \\[(?:falco|sysdig|dragent|falcon-sensor|tetragon|tracee|system-probe|wdavdaemon)[^\\]\\n:]{0,8}:[0-9]+\\]',
    literals: ['BUG: soft lockup - CPU#'],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/watchdog.c watchdog_timer_fn (pr_emerg "BUG: soft lockup - CPU#%d stuck for %us! [%s:%d]" with current->comm and its pid, 2.6.36 to current; printk KERN_ERR before 3.10); the agents\' kernel parts: falcosecurity/libs driver/ (kmod and modern eBPF), cilium/tetragon bpf/, aquasecurity/tracee pkg/ebpf/c, DataDog/datadog-agent pkg/ebpf',
    mechanism:
      "a CPU has run the security agent's own kernel path (its module or eBPF probes) for over 2*watchdog_thresh seconds without scheduling: the agent's kernel code is looping, and the host hangs or panics wherever it runs",
  },
  {
    // A report printed on a CPU after a soft lockup carries the taint the watchdog set (add_taint TAINT_SOFTLOCKUP,
    // letter L) in dump_stack's "CPU: N PID: N Comm: X Tainted: <flags> <release>" header line, even when the
    // "BUG: soft lockup" line itself is not in the paste. The flags are one column per taint, a space or a letter,
    // before the release (which starts with a digit); 6.13+ also prints "Tainted: [L]=SOFTLOCKUP".
    fact: 'kernel.soft_lockup',
    pattern:
      'CPU: [0-9]+ (?:UID: [0-9]+ )?PID: [0-9]+ Comm: [^\\n]{1,20}? Tainted: [A-Z ]{0,30}L|Tainted: [^\\n]{0,200}\\[L\\]=SOFTLOCKUP',
    literals: ['Tainted:'],
    from: ['kernel', 'unknown'],
    source:
      'linux lib/dump_stack.c dump_stack_print_info ("CPU: %d PID: %d Comm: %.20s %s%s %s %.*s" with print_tainted(), 3.11+; "CPU: %d UID: %u PID: %d …" 6.11+); kernel/panic.c taint_flags (TAINT_SOFTLOCKUP \'L\', 3.19+) and print_tainted / print_tainted_verbose ("[L]=SOFTLOCKUP", 6.13+); kernel/watchdog.c watchdog_timer_fn add_taint(TAINT_SOFTLOCKUP)',
    mechanism:
      'a CPU has been stuck in kernel code without scheduling past the soft-lockup threshold (the taint stays for the life of the boot): everything bound to that CPU starves',
  },
  {
    // The stuck task is the network's receive polling: a threaded NAPI poller (net/core/dev.c napi_kthread_create,
    // "napi/%s-%d" with the device's name and the NAPI id, 5.12+, its comm cut to 15 characters) or ksoftirqd, which
    // runs NET_RX softirqs when they overflow. The host's packets stop being processed: it answers nothing.
    fact: 'kernel.soft_lockup_netrx',
    pattern: `${TAINT_NETRX}`,
    literals: ['Tainted:', 'BUG: soft lockup - CPU#'],
    from: ['kernel', 'unknown'],
    source:
      'linux net/core/dev.c napi_kthread_create (kthread "napi/%s-%d", threaded NAPI, 5.12+) and napi_threaded_poll; kernel/softirq.c (ksoftirqd/%u, net_rx_action run there); kernel/watchdog.c watchdog_timer_fn ("BUG: soft lockup - CPU#%d stuck for %us! [%s:%d]") and lib/dump_stack.c dump_stack_print_info with kernel/panic.c\'s taint L (TAINT_SOFTLOCKUP)',
    mechanism:
      "a CPU is stuck in the network's receive polling (a NAPI poller thread or ksoftirqd): the node's packet processing stalls, so its kubelet reaches no API server and nothing reaches the node",
  },
  {
    fact: 'kernel.soft_lockup',
    pattern: 'Watchdog detected hard LOCKUP on cpu',
    literals: ['Watchdog detected hard LOCKUP on cpu'],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/watchdog.c watchdog_hardlockup_check (kernel/watchdog_hld.c watchdog_overflow_callback before 6.6)',
    mechanism:
      'a CPU stopped taking interrupts for over 10s: the machine is wedged in the kernel (and panics if hardlockup_panic is set)',
  },
  {
    fact: 'node.rebooting',
    pattern: 'Kernel panic - not syncing|Rebooting in [0-9]+ seconds\\.\\.',
    literals: ['Kernel panic - not syncing', 'Rebooting in'],
    from: ['kernel', 'unknown'],
    source:
      'linux kernel/panic.c panic ("Kernel panic - not syncing: %s", its closing "---[ end Kernel panic - not syncing: %s ]---", and "Rebooting in %d seconds.." with panic_timeout), reached from the soft/hard lockup and hung-task watchdogs with their *_panic sysctls, the OOM killer with nothing to kill, or a fatal exception',
    mechanism:
      'the kernel panicked: the host stops (or reboots after panic_timeout) and the kubelet goes with it, so the node is lost until it is back',
  },
  {
    // A CPER record of fatal severity: GHES panics on it at once (ghes_severity maps CPER_SEV_FATAL to
    // GHES_SEV_PANIC, __ghes_panic prints the record at KERN_EMERG, "{N}[Hardware Error]: …", then panics), and the
    // BERT driver prints the record the firmware kept at the next boot. Either way the host went down with it.
    fact: 'node.rebooting',
    pattern: '\\[Hardware Error\\]: event severity: fatal',
    literals: ['[Hardware Error]: event severity: fatal'],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/firmware/efi/cper.c cper_estatus_print ("%sevent severity: %s" with the "[Hardware Error]: " prefix), from drivers/acpi/apei/ghes.c __ghes_panic and bert.c bert_print_all (NPD kernel-monitor.json: CperHardwareErrorFatal)',
    mechanism:
      'the platform reported a fatal hardware error (memory, CPU, PCIe): the kernel panics on it, or it is the record of the crash that ended the previous boot',
  },
  {
    fact: 'kernel.soft_lockup',
    pattern: 'INFO: rcu_[a-z]+ (?:self-)?detected stalls?',
    literals: ['detected stall'],
    from: ['kernel', 'unknown'],
    source: 'linux kernel/rcu/tree_stall.h print_cpu_stall / print_other_cpu_stall',
    mechanism: 'an RCU grace period cannot complete because a CPU does not pass through a quiescent state',
  },
  {
    fact: 'kernel.oops',
    pattern:
      'BUG: unable to handle (?:kernel NULL pointer dereference|page fault for address|kernel paging request)|BUG: kernel NULL pointer dereference, address|kernel BUG at [^ ]+:[0-9]+',
    literals: [
      'BUG: kernel NULL pointer dereference, address',
      'BUG: unable to handle kernel NULL pointer dereference',
      'BUG: unable to handle kernel paging request',
      'BUG: unable to handle page fault for address',
      'kernel BUG at',
    ],
    from: ['kernel', 'unknown'],
    source:
      'linux arch/x86/mm/fault.c show_fault_oops and lib/bug.c report_bug (NPD kernel-monitor.json: KernelOops)',
    mechanism:
      'the kernel faulted in a task; the task is killed holding its locks and others can block behind them',
  },

  // --- Network devices ---
  {
    fact: 'network.netdev_leak',
    pattern: 'unregister_netdevice: waiting for [^ ]+ to become free',
    literals: ['unregister_netdevice: waiting for'],
    from: ['kernel', 'unknown'],
    source: 'linux net/core/dev.c netdev_wait_allrefs (NPD kernel-monitor.json: UnregisterNetDevice)',
    mechanism:
      'a network device still has references: namespace teardown waits for them, and CNI DEL / sandbox removal blocks behind it',
  },
  // The node's own interface going away, by the driver that owns it. The virtual devices of pods and network
  // plugins (veth pairs, bridges, overlays, tunnels) come and go with every pod and say nothing of the node's path
  // to the API server; renames at boot (udev's "renamed from") and an interface not ready as it is first brought up
  // (ADDRCONF "link is not ready") are every boot's and are not read.
  {
    fact: 'network.iface_lost',
    pattern: 'NETDEV WATCHDOG: (?:[^ ]+ \\([^)]*\\)|CPU: [0-9]+): transmit queue [0-9]+ timed out',
    literals: ['NETDEV WATCHDOG: ', 'transmit queue', 'timed out'],
    unless: VIRTUAL_IFACES,
    from: ['kernel', 'unknown'],
    source:
      'linux net/sched/sch_generic.c dev_watchdog ("NETDEV WATCHDOG: %s (%s): transmit queue %u timed out" to 6.6; "… timed out %u ms" in 6.7; netdev_crit "NETDEV WATCHDOG: CPU: %d: transmit queue %u timed out %u ms" from 6.8), then the driver\'s ndo_tx_timeout resets the device',
    mechanism:
      'a transmit queue of the NIC sent nothing for its watchdog period and the driver resets the device: the interface passes no traffic until the reset completes, or at all if it does not',
  },
  {
    fact: 'network.iface_lost',
    pattern: "[^ ]+: unregister '[^']+' usb-[^ ]+",
    literals: ["unregister '", 'usb-'],
    from: ['kernel', 'unknown'],
    source:
      "linux drivers/net/usb/usbnet.c usbnet_disconnect (\"unregister '%s' usb-%s-%s, %s\" before unregister_netdev; usbnet_probe prints \"register '%s' at usb-…\" when it comes back): cdc_ether, r8152's usbnet siblings, ax88179_178a, asix, smsc95xx",
    mechanism:
      "a USB network adapter's driver unregistered its interface (the adapter was disconnected or reset): the interface, its addresses and routes are gone until it registers again",
  },
  {
    fact: 'network.iface_lost',
    pattern:
      'ena [^ ]+(?: [^ ]+)?: (?:Keep alive watchdog timeout|Trigger reset is on|Device reset completed successfully)',
    literals: [
      'ena ',
      'Keep alive watchdog timeout',
      'Trigger reset is on',
      'Device reset completed successfully',
    ],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/net/ethernet/amazon/ena/ena_netdev.c check_for_missing_keep_alive ("Keep alive watchdog timeout."), ena_timer_service ("Trigger reset is on") and ena_restore_device / ena_fw_reset_device ("Device reset completed successfully[, Driver info: %s]")',
    mechanism:
      "the Elastic Network Adapter stopped answering (no keep-alive from the device, or a queue stuck) and the driver reset it: the instance's interface is down for the reset, and for good if the reset fails",
  },
  // Round 25: the drivers' own hang detection and transmit-timeout handlers (ndo_tx_timeout, called by dev_watchdog
  // after the core's line, or the driver's own check of a queue that stopped completing), in every release's wording.
  // The NIC's interface passes no traffic while it hangs and while the driver resets it; a host that stays powered
  // and logging but answers no ping or remote shell. Physical and virtual machines' own NICs only (no veth, bridge
  // or overlay writes these).
  {
    fact: 'network.iface_lost',
    pattern:
      'Detected (?:Hardware|Tx) Unit Hang|tx hang [0-9]+ detected on queue [0-9]+|initiating reset due to tx timeout|tx_timeout recovery level [0-9]+|(?:e1000e|igb|igc|ixgbe) [^ ]+(?: [^ ]+)?: Reset adapter',
    literals: ['Unit Hang', 'tx hang', 'due to tx timeout', 'tx_timeout recovery level', 'Reset adapter'],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/net/ethernet/intel: e1000e/netdev.c e1000_print_hw_hang ("Detected Hardware Unit Hang:") and e1000_reset_task ("Reset adapter unexpectedly"), e1000/e1000_main.c and igb/igb_main.c igb_clean_tx_irq, igc/igc_main.c igc_clean_tx_irq ("Detected Tx Unit Hang"), igb_reset_task / igc_reset_task ("Reset adapter"), ixgbe/ixgbe_main.c ixgbe_clean_tx_irq ("Detected Tx Unit Hang[ (XDP)]", "tx hang %d detected on queue %d, resetting adapter") and ixgbe_tx_timeout_reset ("initiating reset due to tx timeout"; wangxun ngbe/txgbe libwx the same), i40e/i40e_main.c i40e_tx_timeout and ice/ice_main.c ice_tx_timeout ("tx_timeout recovery level %d, hung_queue %d" to 5.5, "..., txqueue %d|%u" after)',
    mechanism:
      "the NIC's driver found a transmit queue that stopped completing (the device no longer takes descriptors) and resets the adapter: the node's interface passes no traffic while it hangs and through the reset, and for good if the hang comes back",
  },
  {
    fact: 'network.iface_lost',
    pattern:
      "TX timeout detected|TX timeout on queue: [0-9]+|[Tt]ransmit timed out, resetting|vmxnet3 [^ ]+ [^ ]+: tx hang|Found a Tx that wasn't completed on time|TX hasn't completed, qid [0-9]+|(?:number of lost tx completions is|Lost TX completions are) above the threshold|Unable to send packet pages [0-9]+ len [0-9]+, ret -?[0-9]+",
    literals: [
      'TX timeout detected',
      'TX timeout on queue',
      'transmit timed out, resetting',
      'tx hang',
      "wasn't completed on time",
      "TX hasn't completed",
      'completions is above the threshold',
      'completions are above the threshold',
      'Unable to send packet pages',
    ],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/net: ethernet/broadcom/bnxt/bnxt.c bnxt_tx_timeout ("TX timeout detected, starting reset task!"), ethernet/mellanox/mlx5/core/en_main.c mlx5e_tx_timeout ("TX timeout detected", to 5.0) and en/reporter_tx.c mlx5e_reporter_tx_timeout ("TX timeout on queue: %d, SQ: 0x%x, ..."), mlx4/en_netdev.c mlx4_en_tx_timeout ("TX timeout on queue: %d, QP: ..."), virtio_net.c virtnet_tx_timeout ("TX timeout on queue: %u, sq: %s, vq: 0x%x, name: %s, %u usecs ago", 5.7 on), broadcom/tg3.c tg3_tx_timeout, b44, sun gem/cassini, amd8111e, cavium thunder nicvf ("transmit timed out, resetting"), vmxnet3/vmxnet3_drv.c vmxnet3_tx_timeout ("tx hang", then vmxnet3_reset_work), amazon/ena/ena_netdev.c check_missing_comp_in_tx_queue ("Found a Tx that wasn\'t completed on time, qid %d, index %d."; "TX hasn\'t completed, qid %d, index %d. ..." from 6.x; "The number of lost tx completions is above the threshold (%d > %d). Reset the device" / "Lost TX completions are above the threshold"), hyperv/netvsc.c netvsc_send_pkt ("Unable to send packet pages %u len %u, ret %d": the VMBus channel refused the send for another reason than a full ring, whose -EAGAIN only stops the queue)',
    mechanism:
      "the NIC's driver (a physical card's, or a virtual machine's own virtio, vmxnet3, ENA or Hyper-V adapter) found its transmit path stuck and resets the device or drops the send: the node's interface passes no traffic while it lasts, so the kubelet's status and Lease never leave the host",
  },
  {
    fact: 'network.link_down',
    pattern: 'NIC Link is Down',
    literals: ['NIC Link is Down'],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/net/ethernet/intel (e1000e, igb, ixgbe, i40e, ice) watchdog tasks; bnxt and vmxnet3 use the same text',
    mechanism: 'the physical NIC lost link',
  },
  {
    fact: 'network.link_down',
    pattern: ': Link is [Dd]own|mlx5_core [^ ]+ [^ ]+: Link down',
    literals: [': Link down', ': Link is down'],
    from: ['kernel'],
    source:
      'linux drivers/net/phy/phy.c phy_print_status and drivers/net/ethernet/broadcom/tg3.c tg3_link_report ("Link is Down"/"Link is down."); mellanox/mlx5/core/en_main.c mlx5e_update_carrier ("Link down")',
    mechanism: 'the physical NIC lost link',
  },
  {
    fact: 'network.link_down',
    pattern: 'link status definitely down for interface',
    literals: ['link status definitely down for interface'],
    from: ['kernel', 'unknown'],
    source: 'linux drivers/net/bonding/bond_main.c bond_miimon_commit',
    mechanism: 'a bond member lost link (the bond fails over, or goes down with its last member)',
  },
  {
    fact: 'network.link_down',
    pattern: ': Lost carrier',
    literals: [': Lost carrier'],
    from: ['network', 'systemd', 'unknown'],
    source: 'systemd src/network/networkd-link.c link_carrier_lost (systemd-networkd, not the kernel)',
    mechanism: 'systemd-networkd saw the interface lose carrier',
  },
  {
    fact: 'network.link_up',
    pattern:
      'NIC Link is Up|link status definitely up for interface|: Link is Up - |mlx5_core [^ ]+ [^ ]+: Link up',
    literals: [': Link is Up -', 'link status definitely up for interface', 'mlx5_core', 'NIC Link is Up'],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/net/ethernet/intel watchdog tasks; drivers/net/bonding/bond_main.c bond_miimon_commit',
    mechanism: 'the NIC (or bond member) regained link',
  },
  {
    fact: 'network.link_up',
    pattern: ': Gained carrier',
    literals: [': Gained carrier'],
    from: ['network', 'systemd', 'unknown'],
    source: 'systemd src/network/networkd-link.c link_carrier_gained (systemd-networkd)',
    mechanism: 'systemd-networkd saw the interface regain carrier',
  },
  {
    // Round 26 (r26-sandbox): neigh_alloc refuses a new neighbour entry when the table holds gc_thresh3 entries (or
    // gc_thresh2 for 5 seconds) and forced garbage collection frees none. 2.6-3.x printed "Neighbour table
    // overflow." (net_ratelimit); 4.x+ net_info_ratelimited("%s: neighbor table overflow!\n", tbl->id) under pr_fmt
    // "neighbour: " ("neighbour: arp_cache: neighbor table overflow!", ndisc_cache for IPv6).
    fact: 'net.neigh_overflow',
    pattern: '[Nn]eighbou?r table overflow',
    literals: ['neighbor table overflow', 'neighbour table overflow'],
    from: ['kernel', 'unknown'],
    source:
      'linux net/core/neighbour.c neigh_alloc ("Neighbour table overflow." with net_ratelimit, 2.6-4.x; net_info_ratelimited("%s: neighbor table overflow!\\n", tbl->id) as "neighbour: arp_cache: …" / "ndisc_cache", 4.x+), limits net.ipv4.neigh.default.gc_thresh1/2/3 (Documentation/networking/ip-sysctl.rst)',
    mechanism:
      "the kernel's neighbour table is full (gc_thresh3): it cannot resolve more addresses, so traffic to new neighbours, and agents that must reach them, fail",
  },
  {
    // Round 26 (r26-sandbox): iproute2 opens an rtnetlink socket for every command and perror()s its bind. A netlink
    // socket's bind inserts it in its protocol's hash table, one across every network namespace, in which each
    // namespace also holds the kernel's own sockets: netlink_insert returns the table's errors (rhashtable's E2BIG when
    // it is at its maximum size, EOVERFLOW, ENOMEM), so namespaces piling up by the thousands refuse one more socket.
    fact: 'ns.create_refused',
    pattern:
      'Cannot bind netlink socket[:：] ?(?:Argument list too long|Cannot allocate memory|Value too large)',
    literals: ['Cannot bind netlink socket'],
    source:
      'linux net/netlink/af_netlink.c netlink_bind / netlink_insert (errors of __netlink_insert passed on, -EBUSY turned to -EOVERFLOW), lib/rhashtable.c (-E2BIG when the table grows above its maximum), read through iproute2 lib/libnetlink.c rtnl_open_byproto (perror("Cannot bind netlink socket"))',
    mechanism:
      'the kernel refused to bind another netlink socket: its netlink table, shared by every network namespace, is full, as when leaked namespaces pile up by the thousands',
  },
  // Round 27 (r27-asks): a security module's own record of refusing the low-level runtime's execution. SELinux's AVC
  // (security/selinux/avc.c avc_audit_pre_callback/avc_audit_post_callback: "avc:  denied  { <perms> } for  pid=N
  // comm=\"…\" name=\"…\" … scontext=… tcontext=… tclass=file permissive=0"): the execute permission on runc or on a
  // file of the runtime's executable type (container-selinux's container_runtime_exec_t), enforced (permissive=0;
  // permissive=1 only logs). AppArmor's audit record (security/apparmor/audit.c audit_pre: apparmor="DENIED"
  // operation="exec" … name="<path>"). fapolicyd, the fanotify-based allow-listing daemon (its FAN_DENY answers the
  // exec with EPERM): its syslog record for deny_syslog/deny_log rules (fapolicyd.conf syslog_format's default
  // "rule,dec,perm,auid,pid,exe,:,path,ftype,trust": "rule=N dec=deny_log perm=execute … : path=<path> …").
  {
    fact: 'runtime.binary_refused',
    pattern: [
      'avc: +denied +\\{(?: [a-z_]+)* execute(?:_no_trans)? (?:[a-z_]+ )*\\}[^\\n]{0,600}(?:name="(?:runc|crun|runsc|youki|conmon|containerd-shim[a-z0-9-]*)"|tcontext=[^ \\n]*:container_runtime_exec_t:)',
      'apparmor="DENIED" operation="exec"[^\\n]{0,300} name="[^"\\n]*/(?:runc|crun|runsc|youki|conmon|containerd-shim[a-z0-9-]*)"',
      'dec=deny[a-z_]* perm=(?:execute|any)[^\\n]{0,300}: path=[^ \\n]*/(?:runc|crun|runsc|youki|conmon|containerd-shim[a-z0-9-]*) ftype=',
    ].join('|'),
    literals: ['avc:', 'apparmor="DENIED"', 'dec=deny'],
    unless: 'permissive=1',
    // No writer required: auditd's own file holds these records without a journal header, and their comm= (the
    // runtime's process, the denied subject) makes the line read as the runtime's.
    source:
      'linux security/selinux/avc.c avc_audit_pre_callback ("avc:  %s  {" with the denied permissions) and avc_audit_post_callback (scontext, tcontext, tclass, "permissive=%u"), with container-selinux\'s container_runtime_exec_t type of runc and the runtimes; security/apparmor/audit.c audit_pre (apparmor="DENIED" operation="exec" … name=); fapolicyd\'s syslog record (fapolicyd.rules(5) decisions deny_syslog/deny_log, fapolicyd.conf(5) syslog_format)',
    mechanism:
      "the security module denied the execution of the low-level runtime's binary (its label or profile no longer allows it, as after a policy change or a binary replaced with another label): every container's create fails",
  },
  {
    // Round 27 (r27-kernel, the catalogue's kernel program): a device-mapper thin pool (LVM thin volumes, the
    // devicemapper storage driver of older Docker and of containers/storage) with no free data blocks stops
    // provisioning: notify_of_pool_mode_change writes DMINFO("%s: switching pool to %s%s mode") with
    // "out-of-data-space" and " (queue IO)" or " (error IO)" (error_if_no_space); with no free metadata blocks
    // check_for_metadata_space writes DMERR("%s", "No free metadata blocks") or "Could not get free metadata blocks"
    // and the pool goes read-only. DM_FMT prefixes "device-mapper: thin: ". Writes to every thin volume wait
    // (queue IO, up to no_space_timeout) or fail.
    fact: 'disk.pressure',
    pattern:
      'device-mapper: thin: [^\\n]{0,80}(?:switching pool to out-of-data-space|(?:No|Could not get) free metadata blocks)',
    literals: ['out-of-data-space', 'free metadata blocks'],
    from: ['kernel', 'unknown'],
    source:
      'linux drivers/md/dm-thin.c notify_of_pool_mode_change (DMINFO "%s: switching pool to %s%s mode", "out-of-data-space" with " (queue IO)"/" (error IO)") and check_for_metadata_space (DMERR "No free metadata blocks", "Could not get free metadata blocks"), 3.x-6.x; include/linux/device-mapper.h DM_FMT ("device-mapper: " DM_MSG_PREFIX ": ")',
    mechanism:
      "a device-mapper thin pool ran out of data or metadata space: writes to every thin volume it backs (the runtime's storage among them, under LVM thin or the devicemapper driver) queue or fail",
  },
];
