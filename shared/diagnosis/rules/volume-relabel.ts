import { alternatives, NOT_THE_NODE, PLANNING, QUESTION } from './descriptions.ts';
import type { Signature } from './types.ts';

/**
 * Round 27 (r27-storage): a volume relabelled for SELinux at each container's start, and the storage path that holds
 * those containers' creation.
 *
 * The runtimes relabel a mount whose CRI Mount asks for it (`selinux_relabel`, which the kubelet sets for volumes that
 * support SELinux relabelling) or whose bind carries `:z`/`:Z`, inside the create call:
 * - containerd's CRI plugin, WithMounts (pkg/cri/opts/spec_linux.go to 1.7, internal/cri/opts/spec_linux_opts.go from
 *   2.0): `label.Relabel(src, mountLabel, false)`, its error `relabel %q with %q failed: %w` (ENOTSUP ignored);
 * - CRI-O's addOCIBindMounts (server/container_create_linux.go) through securityLabel (server/label_linux.go):
 *   `relabel failed %s: %w`, skipped only with the TrySkipVolumeSELinuxLabel annotation when the volume's top level
 *   already carries the label ("Skipping relabel for %s, as TrySkipVolumeSELinuxLabel is true ...");
 * - moby's MountPoint.Setup (volume/mounts/mounts.go, daemon/volume/mounts from 27.x): `error setting label on mount
 *   source '%s'`; podman's `relabel failed %q`.
 * All call go-selinux's label.Relabel (go-selinux/label/label_linux.go), which calls selinux.Chcon(path, label, true):
 * rchcon walks every file of the tree (pwalkdir) and sets each one's security.selinux extended attribute with
 * lsetxattr (lSetFileLabel, `lsetxattr(label=%s) <path>: <errno>` since v1.10, `lsetxattr <path>: <errno>` before);
 * it refuses system paths ("SELinux relabeling of %s is not allowed", "relabeling content in %s is not allowed"
 * before v1.9). Only a tree whose top already has the label is walked in its fast mode (a read per file), so each new
 * MCS label (`:Z`, a pod's own categories) writes every file again. On a network filesystem each of those writes is a
 * request to its metadata server; a volume of very many files keeps the create call open for minutes: the kubelet's
 * CreateContainer/StartContainer and that container's status calls time out ("context deadline exceeded") while the
 * runtime answers for the node's other containers. That is the containers held in the storage path
 * (zombie_shim_hang), not the runtime down.
 *
 * The metadata server's side: Ceph's OpTracker (src/common/TrackedOp.cc, OpTracker::check_ops_in_flight /
 * with_slow_ops_in_flight) warns of each op past mds_op_complaint_time (30 s) as `slow request %f seconds old,
 * received at %s: %s currently %s`, the op described by MClientRequest::print as `client_request(client.N:T setxattr
 * #0x<ino> security.selinux ...)` and its state by the Locker's mark_event ("failed to xlock, waiting", "failed to
 * wrlock, waiting", "acquired locks"), summed up as `N slow requests, M included below; oldest blocked for > S secs`.
 * The kernel client's session to an MDS that stops answering is `ceph: mds%d hung` (fs/ceph/mds_client.c
 * delayed_work / check_session_state). NFS's "server ... not responding, still trying" is read in kernel.ts.
 */

/** What a plain statement leaves out here: another host, plans. */
const NOT_HERE = alternatives({ en: [...NOT_THE_NODE, ...PLANNING], zh: [] });

/** The relabel's verb and noun forms, either spelling of its gerund. */
const RELABEL = '(?:[Rr]elabel(?:s|ed|led|ing|ling)?|re-label(?:s|ed|led|ing|ling)?)';
/** Every file of a tree: recursive, all the files, each file. */
const EVERY_FILE =
  '(?:[Rr]ecursive(?:ly)?|every (?:single )?file|all (?:the |of the )?files|each file|the whole (?:volume|tree|directory|filesystem|file ?system)|the entire (?:volume|tree|directory|filesystem|file ?system))';
/** Many: a count of thousands and above, or its words. */
const MANY =
  '(?:[Tt]housands of|[Hh]undreds of|[Mm]illions of|[Ll]ots of|[Mm]any|a (?:flood|storm|huge number|large number) of|[0-9][0-9,.]*[kKmM]?)';

/** Any character of the line: the volume's size and the containers' start are often said in two sentences. */
const L = '[^\\n]';
/** A volume holding very many files. */
const MANY_FILES =
  '(?:[0-9][0-9,.]*[kKmM]?|[Tt]housands of|[Mm]illions of|[Hh]undreds of thousands of|(?:[Vv]ery )?[Mm]any|[Ll]ots of|a (?:huge|large) number of) (?:small )?files';
/** Containers taking minutes each to start. */
const MINUTES_TO_START =
  '(?:takes?|took|taking)[^\\n.;]{0,20}(?:[0-9~]+(?:-[0-9]+)? ?(?:minutes|mins?)|minutes)[^\\n.;]{0,40}(?:to start|per (?:container|pod)|for (?:each|every) (?:container|pod)|to come up|to become ready)|(?:minutes|[0-9]+ ?mins?) (?:per|for each|for every) (?:container|pod)';

export const VOLUME_RELABEL_RULES: readonly Signature[] = [
  {
    // A metadata server's slow request that writes an extended attribute: Ceph's MDS op tracker, and the kernel
    // client's in-flight request list (debugfs ceph/*/mdsc: "<tid>\tmds<N>\t<op>\t#<ino> ...", fs/ceph/debugfs.c
    // mdsc_show, which prints ceph_mds_op_name's "setxattr").
    fact: 'storage.xattr_slow',
    pattern:
      'slow request [0-9.]+ seconds old, received at [^\\n]{1,80}: client_request\\([^\\n]{0,80} setxattr |[0-9]+\\s+mds[0-9]+\\s+setxattr\\s',
    literals: ['setxattr'],
    source:
      'ceph src/common/TrackedOp.cc OpTracker::check_ops_in_flight ("slow request " << age << " seconds old, received at " << initiated << ": " << desc << " currently " << state, every release since 0.56; the summary "N slow requests, M included below; oldest blocked for > S secs"), the MDS op described by messages/MClientRequest.h print ("client_request(client.N:T setxattr #0x<ino> <xattr name> ...)") and src/mds/Locker.cc mark_event ("failed to xlock, waiting"); linux fs/ceph/debugfs.c mdsc_show (the in-flight requests, op by ceph_mds_op_name)',
    mechanism:
      "a network filesystem's metadata server holds extended-attribute writes past its complaint time, each waiting on a lock: a runtime that relabels every file of a volume for SELinux at each container's start (go-selinux rchcon, one lsetxattr per file) waits on every one, and that container's create with it",
  },
  {
    // The storage cluster's own health: a metadata server's requests or its metadata I/O blocked past its complaint
    // time (MDS_SLOW_REQUEST, MDS_SLOW_METADATA_IO), the monitors' slow ops of the OSDs (REQUEST_SLOW, SLOW_OPS from
    // Nautilus), and the op tracker's own summary line on the daemon: every volume it serves waits with them.
    fact: 'storage.server_slow',
    pattern:
      'MDSs? reports? slow (?:requests|metadata IOs)|slow (?:requests|metadata IOs|ops?),? (?:are )?blocked > [0-9.]+ secs?|[0-9]+ slow (?:requests|ops), [0-9]+ included below; oldest blocked for|[0-9]+ slow ops, oldest one blocked for',
    literals: [
      'report slow requests',
      'reports slow requests',
      'report slow metadata IOs',
      'reports slow metadata IOs',
      'blocked >',
      'included below; oldest blocked for',
      'slow ops, oldest one blocked for',
    ],
    source:
      'ceph src/mds/Beacon.cc Beacon::notify_health (MDS_SLOW_REQUEST "%d slow requests are blocked > %d secs", MDS_SLOW_METADATA_IO "%d slow metadata IOs are blocked > %d secs"; in mds/MDSRank.cc before Luminous), summed by the monitors as "N MDSs report slow requests"; src/mon/PGMap.cc / OSD health REQUEST_SLOW ("%d slow requests are blocked > %d sec", SLOW_OPS "N slow ops, oldest one blocked for S sec" from Nautilus); src/common/TrackedOp.cc OpTracker ("N slow requests, M included below; oldest blocked for > S secs")',
    mechanism:
      "the network storage's servers hold requests past their complaint time: every metadata operation or I/O of the volumes they serve waits, and with it the containers' creation and status calls that touch those volumes",
  },
  {
    // The kernel's CephFS client marking its session to a metadata server hung (no renewal within the session
    // timeout): every metadata operation on that server waits, the relabel's setxattr calls among them.
    fact: 'storage.remote_lost',
    pattern: 'ceph: mds[0-9]+ hung',
    literals: ['ceph: mds'],
    from: ['kernel', 'unknown'],
    source:
      'linux fs/ceph/mds_client.c delayed_work (pr_info("mds%d hung\\n"), every release since 2.6.34; moved to check_session_state in 5.x), printed with the "ceph: " prefix (pr_fmt)',
    mechanism:
      "the kernel's CephFS client has had no answer from a metadata server within its session timeout and marks the session hung: every metadata operation on that server (lookups, setattr, setxattr) waits for it",
  },
  {
    // The runtimes' relabel of a mount failing in the create call (containerd, CRI-O, moby, podman), and go-selinux's
    // own errors under them.
    fact: 'runtime.volume_relabel',
    pattern:
      'relabel \\\\*"[^\\n]{1,300} with \\\\*"[^\\n]{0,160} failed|relabel failed |error setting label on mount source|(?:SELinux relabeling of|relabeling content in) [^\\n]{1,200} is not allowed|lsetxattr\\(label=',
    literals: ['relabel', 'error setting label on mount source', 'lsetxattr(label='],
    source:
      'containerd pkg/cri/opts/spec_linux.go WithMounts (1.1-1.7; internal/cri/opts/spec_linux_opts.go from 2.0: "relabel %q with %q failed: %w"); cri-o server/label_linux.go securityLabel ("relabel failed %s: %w", called from server/container_create_linux.go addOCIBindMounts); moby volume/mounts/mounts.go MountPoint.Setup ("error setting label on mount source \'%s\'"); podman ("relabel failed %q: %w"); opencontainers/selinux go-selinux/selinux_linux.go chcon ("SELinux relabeling of %s is not allowed"; "relabeling content in %s is not allowed" before v1.9) and lSetFileLabel (os.PathError Op "lsetxattr(label=%s)" since v1.10)',
    mechanism:
      "the runtime relabels a volume for SELinux inside the container's create call (go-selinux Chcon, recursive: one extended-attribute write per file): the create holds for as long as the walk, and fails with it",
  },
  {
    // People's words for the relabel of every file of a volume: a recursive relabel, the runtime relabelling all the
    // files (EN, ZH). The words' own meaning: chcon(1) -R, "recursive", and go-selinux's Chcon(path, label, true).
    fact: 'runtime.volume_relabel',
    pattern: [
      `${EVERY_FILE}[^\\n.;!?。]{0,30}(?:[Ss][Ee][Ll]inux |SELINUX )?${RELABEL}`,
      `${RELABEL}[^\\n.;!?。]{0,40}${EVERY_FILE}`,
      '(?:[Ss][Ee][Ll]inux|SELINUX) (?:label(?:s|ing)? )?(?:re-?label(?:ing|ling|s)?|chcon)',
      'chcon -R',
      '(?:递归|遞歸|遞迴|所有文件|每个文件|每個文件|全部文件)[^\\n。；]{0,20}(?:relabel|重新打标签|重新打標籤|打标签|打標籤|重新标记|重新標記|设置标签|設置標籤|SELinux ?标签|SELinux ?標籤)',
      '(?:SELinux|selinux)[^\\n。；]{0,6}(?:重新打标签|重新打標籤|重新标记|重新標記)',
    ].join('|'),
    literals: ['relabel', 're-label', 'chcon', '标签', '標籤', '标记', '標記'],
    unless: `${NOT_HERE}|${QUESTION}|[Pp]rometheus|relabel_configs|metric_relabel|relabelings|[Ll]abel ?[Ss]elector`,
    observation: true,
    prose: true,
    specific:
      'one named operation, the recursive SELinux relabel that writes every file of a volume (go-selinux Chcon with recurse)',
    source:
      "observation: a volume's every file relabelled for SELinux by the runtime (go-selinux label.Relabel -> Chcon(path, label, true), rchcon walking the tree; chcon(1) -R), as the runtimes do for `:z`/`:Z` binds and CRI mounts with selinux_relabel (containerd WithMounts, CRI-O securityLabel, moby MountPoint.Setup)",
    mechanism:
      "the runtime walks the whole volume at each container's create, one extended-attribute write per file: on a volume of very many files, or a network filesystem, that container's start takes minutes and its calls time out while the runtime answers for the rest",
  },
  {
    // People's words for containers on a volume of very many files taking minutes each to start (EN, ZH): a per-file
    // walk of the volume at each start, the runtime's relabel or the kubelet's ownership change, in the storage path.
    fact: 'storage.volume_walk_slow',
    pattern: [
      `${MANY_FILES}${L}{0,300}(?:${MINUTES_TO_START})`,
      `(?:${MINUTES_TO_START})${L}{0,300}${MANY_FILES}`,
      '(?:[0-9]+万|几十万|几百万|上百万|上万|大量|海量)[^\\n。]{0,10}(?:小)?文件[^\\n]{0,100}(?:启动|创建|拉起)[^\\n。]{0,20}(?:几分钟|[0-9]+ ?分钟|十几分钟|很慢|非常慢)',
    ].join('|'),
    literals: ['files', '文件'],
    unless: `${NOT_HERE}|${QUESTION}|[Ii]mage|[Ll]ayer|[Dd]ownload|[Pp]ull`,
    observation: true,
    prose: true,
    source:
      "observation: containers on a volume of very many files said to take minutes each to start: a walk of every file at each start, the runtimes' SELinux relabel (go-selinux Chcon with recurse, one lsetxattr per file) or the kubelet's fsGroup ownership change (pkg/volume/volume_linux.go SetVolumeOwnership, a chown and chmod per file unless fsGroupChangePolicy is OnRootMismatch)",
    mechanism:
      "each start walks the whole volume, one metadata write per file: the more files (data copied in), the longer those containers' creation is held in the storage path, while the node's other containers run",
  },
  {
    // People's words for a metadata server flooded with extended-attribute writes (EN, ZH).
    fact: 'storage.xattr_slow',
    pattern: [
      `${MANY}[^\\n.;!?。]{0,20}(?:setxattr|set ?xattr|lsetxattr|xattr writes|[Ee]xtended[- ]attribute (?:writes|updates|calls|operations|requests))`,
      '(?:setxattr|lsetxattr|xattr writes|[Ee]xtended[- ]attribute (?:writes|updates|calls|operations|requests))[^\\n.;!?。]{0,60}(?:slow|flood|storm|blocked|block|pile|queue|waiting|hang|hung|time out|timed out|taking)',
      '(?:flooded|flooding|floods|swamped|hammered|overwhelmed) with [^\\n.;!?。]{0,30}(?:setxattr|xattr)',
      '(?:大量|海量|成千上万|成千上萬|上万|上萬)[^\\n。；]{0,10}(?:setxattr|xattr|扩展属性|擴展屬性)',
      '(?:setxattr|xattr|扩展属性|擴展屬性)[^\\n。；]{0,20}(?:慢|阻塞|卡住|排队|排隊|超时|超時)',
    ].join('|'),
    literals: ['setxattr', 'xattr', 'extended attribute', 'extended-attribute', '扩展属性', '擴展屬性'],
    unless: `${NOT_HERE}|${QUESTION}`,
    observation: true,
    prose: true,
    specific:
      "one named call, the extended-attribute write (setxattr), held or flooding a filesystem's metadata server",
    source:
      "observation: a filesystem's metadata server flooded with or holding extended-attribute writes (setxattr(2); Ceph's MDS slow requests, src/common/TrackedOp.cc), as a recursive SELinux relabel (go-selinux rchcon, one lsetxattr per file) sends them",
    mechanism:
      "each file's label is one metadata write the server serialises on its locks: the relabel of a large volume keeps the containers on it starting for minutes while the rest of the node runs",
  },
];
