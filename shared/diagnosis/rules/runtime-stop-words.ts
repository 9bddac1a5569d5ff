import { alternatives, HEDGES, NOT_THE_NODE, PLANNING, QUESTION, WITHIN_SENTENCE } from './descriptions.ts';
import { HANG, type Signature } from './types.ts';

/**
 * Round 21 (r21-runtime-words): people's words for two runtime mechanisms that programs seldom print.
 *
 * 1. A runtime's status or list call waiting on one container's stop, told by its timing: the node NotReady (the
 *    kubelet's relist stalled) for as long as one container's termination grace period, Ready again when that stop
 *    ends; or the runtime's listing hanging while a container is being stopped. The programs' locks:
 *    - CRI-O internal/oci/runtime_oci.go (*runtimeOCI).StopContainer takes the container's opLock and holds it while
 *      it waits the whole timeout (the grace period) for the process to exit; server/container_status.go
 *      ContainerStatus read the state with c.State(), which takes the same opLock (a read lock), so the relist's
 *      status call for that container waited out the grace period. Fixed by e265ad0ce6 ("server/ContainerStatus:
 *      don't lock for c.State()", c.StateNoLock()), in v1.15.4, v1.17.2 and v1.18.0; no 1.16 tag carries it.
 *    - dockerd (moby) daemon/list.go reduceContainers took each container's lock (container.Lock()) to build
 *      `docker ps` until v17.07.0-ce, which reads a snapshot of the in-memory view (daemon.containersReplica); its
 *      daemon/kill.go killWithSignal holds the container's lock around containerd's Signal, and daemon/inspect.go
 *      takes it too: one container's kill that does not return holds every listing.
 *    - containerd's CRI plugin (pkg/cri/server container_stop.go stopContainer, container_status.go) has no such
 *      lock: the stop waits on the container's Stopped channel and the status reads its store (Status.Get), so a
 *      containerd node's list hangs on one container only through its shim (the shim rules' mechanism).
 *    Either way it is the per-container layer that holds the node (zombie_shim_hang), not a runtime that is down.
 *
 * 2. The runtime upgraded on its own (or the distribution that bundles it, k3s or rke2), and a node that is
 *    air-gapped: the two readings that make a sandbox image the node no longer has the runtime's doing rather than
 *    the node's configuration (extract/sandbox-image.ts joins them with the sandbox's own failure). The defaults by
 *    release: containerd's sandbox_image k8s.gcr.io/pause:3.1 (1.3), 3.2 (1.4), 3.5 (1.5), 3.6 (1.6),
 *    registry.k8s.io/pause:3.8 (1.7), 3.10 (2.0, 2.1), 3.10.1 (2.2), the key moved in 2.0 to
 *    [plugins."io.containerd.cri.v1.images".pinned_images] sandbox (plugins/cri/images/plugin.go migrateConfig carries
 *    a version-2 file's sandbox_image over; a version-3 file keeps only the new key); CRI-O's pause_image
 *    k8s.gcr.io/pause:3.2 (1.20), registry.k8s.io/pause:3.6 (1.24-1.27), 3.9 (1.28-1.30), 3.10 (1.31-1.33), 3.10.1
 *    (1.34). A new default tag is an image an air-gapped node has never pulled.
 *
 * 3. Round 27 (r27-words): the runtime upgraded on nodes, and the nodes lost right after the upgrade step (NotReady,
 *    unavailable, unreachable, down). Where the node's own components run as the runtime's containers (RKE1's
 *    `kubelet`, `kube-proxy` and `nginx-proxy` containers under dockerd; kubeadm-in-docker, k3d and kind nodes; Talos'
 *    and Bottlerocket's host containers), the kubelet lives only as long as the runtime starts it again: moby
 *    daemon/daemon.go (*Daemon).restore restarts at the daemon's start only the containers whose restart policy says
 *    so (cfg.AutoRestart && c.ShouldRestart() && c.HasBeenStartedBefore, daemon/container/container.go ShouldRestart;
 *    "failed to start container" when it cannot), and a new release that does not (a state it cannot restore, a
 *    policy it reads otherwise) leaves the node with no kubelet although the upgrade's own steps succeeded. The
 *    upgrade stated as the step just before the loss is the runtime's, not the path to the node.
 *
 * The sentences in the tests are written from these forms, never from an incident's. Read only in prose, weighed
 * below the programs like every description.
 */

const S = WITHIN_SENTENCE;

/** What every description here leaves out: questions, hedges, another host, plans. */
const COMMON_UNLESS = alternatives({ en: [...HEDGES.en, ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh }, [
  QUESTION,
]);

/** The node's readiness lost, or the relist's health that decides it. */
const NOT_READY = '(?:NotReady|Not Ready|not ready|not-ready|PLEG)';
/**
 * A pod's or container's termination grace period (the pod's terminationGracePeriodSeconds, kubectl's --grace-period,
 * the stop timeout a runtime waits), not the node controller's node-monitor-grace-period nor the kubelet's own
 * shutdown or eviction grace periods, which are named otherwise.
 */
const GRACE =
  "(?:[Tt]erminat[a-z]*[ -]?[Gg]race[ -]?[Pp]eriod(?:[ -]?[Ss]econds)?|--grace-period|[Gg]race period of (?:the |a |that |its )?(?:pod|container)s?|(?:pod|container)(?:'s|’s|s') (?:termination )?grace periods?|优雅终止|優雅終止|优雅退出|優雅退出|终止宽限期|終止寬限期)";
/** The stretch of NotReady set against the grace period: its reason, or how long it lasts. */
const FOR_AS_LONG =
  '(?:due to|because of|caused by|during|while|until|till|for as long as|as long as|for the (?:whole|entire|full)|throughout|whenever|直到|持续到|持續到|期间|期間)';
/** The grace period long: the premise of the NotReady that follows it. */
const LONGER = '(?:longer|greater|more|higher|over|above|exceeds?|exceeding|large|long|长|長|超过|超過)';
/** Ready again, said of the node. */
const READY_AGAIN =
  '(?:back to Ready|back to ready|Ready again|ready again|returns? to Ready|returned to Ready|becomes? Ready|became Ready|恢复 ?Ready|恢復 ?Ready)';
/** The moment its stop ends. */
const WHEN = '(?:when|once|after|as soon as|只要|之后|之後|后|後)';
/** Someone stopping, killing or removing a container (or its pod ending). */
const STOPPING =
  '(?:stop(?:s|ping|ped)?|kill(?:s|ing|ed)?|terminat(?:e|es|ing|ed)|remov(?:e|es|ing|ed)|delet(?:e|es|ing|ed)|停止|删除|刪除|杀|殺)';
/** The runtime's listing commands. */
const LIST = '(?:docker|crictl|nerdctl|podman) ps';

/** The runtimes by the names people use, or a distribution that bundles containerd. */
const RUNTIME_NAME =
  '(?:[Cc]ontainerd(?:\\.io)?|CRI-O|cri-o|[Cc]rio|[Dd]ocker(?: [Ee]ngine| CE|-ce|\\.io)?|[Mm]oby|[Kk]3[Ss]|[Rr][Kk][Ee]2|(?:the |our |its )?container runtime)';
/** Raised to a new release: the verb's forms and its noun. */
const UPGRADE_VERB = '(?:[Uu]pgrad(?:e|ed|es|ing)|[Uu]pdat(?:e|ed|es|ing)|[Bb]ump(?:ed|ing)?)';
/** The runtime's own objects and files: what is updated in them is no new release of it. */
const ITS_FILES =
  "(?:[Cc]ontainerd|[Dd]ocker|CRI-O|cri-o|crio|[Kk]3[Ss]|[Rr][Kk][Ee]2)(?:'s|’s)? (?:images?|config|configuration|config\\.toml|registr|mirrors?|daemon\\.json|settings|tokens?|certs?|certificates?|compose|files?|sockets?|containers?|plugins?|snapshotter|data)|docker-compose|[Dd]ockerfile|docker image|docker pull|[Cc]ontainerd-shim|[Dd]ocker-machine|[Dd]ocker [Hh]ub|[Dd]ocker [Dd]esktop";

/** Nodes (or the cluster) said lost: NotReady, unavailable, unreachable, down, gone. */
const NODES = '(?:[Nn]odes?|[Ww]orkers?|[Hh]osts?|[Mm]achines?|[Cc]luster)';
const LOST =
  '(?:NotReady|Not ?Ready|not[- ]ready|[Uu]navailable|unreachable|offline|(?:went|go|goes|were|was|are|is) down|disconnected|(?:were|was|got|are) lost|not (?:available|reachable|responding)|stopped (?:working|responding))';
const NODES_LOST = `${NODES}${S}{0,40}${LOST}`;
/** The runtime raised to a new release, said as a step: its verb before the name, or the name's passive. */
const RUNTIME_UPGRADED = `(?:${UPGRADE_VERB}(?: the| our| its| their| all| both)? ${RUNTIME_NAME}|${RUNTIME_NAME}${S}{0,30} (?:was|were|got|has been|had been|have been) (?:successfully |just )?(?:upgraded|updated|bumped)|(?:the |an? |our )?${RUNTIME_NAME} (?:upgrade|update|version upgrade|version bump))`;
/** The moment after, or the loss put down to the step. */
const AFTER = '(?:after|following|since|once|right after|shortly after|as soon as|when)';
/** Chinese: the runtime upgraded, then the nodes lost. */
const ZH_RUNTIME = '(?:[Dd]ocker|[Cc]ontainerd|CRI-O|cri-o|crio|容器运行时|容器運行時)';
const ZH_UPGRADED = `(?:(?:升级|升級|更新)(?:了|完)?${S}{0,6}${ZH_RUNTIME}|${ZH_RUNTIME}${S}{0,20}(?:升级|升級|更新))`;
const ZH_NODES_LOST =
  '(?:节点|節點|集群|集群|机器|機器|worker)[^\\n。]{0,12}(?:NotReady|not ready|不可用|不可达|不可達|失联|失聯|掉线|掉線|宕|挂了|掛了|离线|離線|下线|下線|不在线|不在線)';

export const RUNTIME_STOP_WORD_RULES: readonly Signature[] = [
  {
    // The NotReady stretch put down to, or timed by, one pod's termination grace period.
    fact: 'runtime.waits_on_stop',
    pattern: `${NOT_READY}${S}{0,80}${FOR_AS_LONG}${S}{0,80}${GRACE}|${GRACE}${S}{0,40}${LONGER}${S}{0,100}${NOT_READY}|${READY_AGAIN}${S}{0,80}${WHEN}${S}{0,80}${GRACE}`,
    literals: [
      'gracePeriod',
      'grace period',
      'grace-period',
      'grace_period',
      '优雅终止',
      '優雅終止',
      '优雅退出',
      '優雅退出',
      '宽限期',
      '寬限期',
    ],
    unless: `${COMMON_UNLESS}|node-monitor-grace-period|nodeMonitorGracePeriod|shutdownGracePeriod|shutdown-grace-period|eviction-soft-grace-period|evictionSoftGracePeriod|eviction-max-pod-grace-period|evictionMaxPodGracePeriod`,
    observation: true,
    prose: true,
    specific:
      "a NotReady that lasts exactly one container's termination grace period is one stop holding the lock the relist's status call waits on",
    source:
      "observation: cri-o internal/oci/runtime_oci.go (*runtimeOCI).StopContainer holding the container's opLock for the whole stop timeout while server/container_status.go ContainerStatus's c.State() waits on it (before e265ad0ce6: to v1.15.3, every 1.16 tag, v1.17.0-v1.17.1; fixed v1.15.4, v1.17.2, v1.18.0), as people time the node's NotReady by a pod's terminationGracePeriodSeconds",
    mechanism:
      "the runtime's status call for one container waits on the lock that container's stop holds for its whole grace period: the kubelet's relist stalls on it and the node is NotReady until the stop ends",
  },
  {
    // The listing hanging while a container is being stopped, killed or removed (either order).
    fact: 'runtime.waits_on_stop',
    pattern: `${LIST}${S}{0,40}${HANG}${S}{0,60}(?:while|when|whenever|as long as|until|during|时|時|的时候|的時候)${S}{0,60}${STOPPING}|(?:[Ww]hile|[Ww]hen|[Ww]henever|[Dd]uring)${S}{0,40}${STOPPING}${S}{0,60}${LIST}${S}{0,40}${HANG}|${STOPPING}${S}{0,20}容器${S}{0,30}${LIST}${S}{0,20}(?:卡住|卡死|hang|无响应|無響應|没有响应|沒有響應)`,
    literals: ['docker ps', 'crictl ps', 'nerdctl ps', 'podman ps'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    specific:
      "a listing that hangs while one container is being stopped is the list waiting on that container's lock, held by its stop or kill",
    source:
      "observation: moby daemon/list.go reduceContainers taking each container's lock (container.Lock()) to build `docker ps` until v17.07.0-ce (then a snapshot of daemon.containersReplica), while daemon/kill.go killWithSignal holds it around containerd's Signal; cri-o's ContainerStatus waiting on the opLock its StopContainer holds (to v1.17.1); as people tell a listing that hangs while a container stops",
    mechanism:
      "the runtime's listing waits on one container's lock, which that container's stop or kill holds: it returns only when the stop does, and the kubelet's relist with it",
  },
  {
    // The runtime raised to a new release on its own, or the distribution that bundles it.
    fact: 'runtime.upgraded',
    pattern: `${UPGRADE_VERB}(?: the| our| its| their| all| both)? ${RUNTIME_NAME}|${RUNTIME_NAME}${S}{0,20} (?:was|were|got|has been|had been|have been|is|are) (?:just )?(?:upgraded|updated|bumped)|(?:[Aa]fter|[Ss]ince|[Ff]ollowing|[Dd]uring) (?:the |an? |our )?${RUNTIME_NAME} (?:upgrade|update|package upgrade|package update|version upgrade|version bump)|(?:apk|apt|apt-get|yum|dnf|zypper|brew)(?: -[A-Za-z]+)? (?:upgrade|update|dist-upgrade|up)(?: -[A-Za-z]+)* ${RUNTIME_NAME}|(?:升级|升級|更新)了?${S}{0,6}${RUNTIME_NAME}|${RUNTIME_NAME}${S}{0,10}(?:升级|升級)`,
    literals: ['upgrad', 'updat', 'bump', '升级', '升級', '更新'],
    unless: `${COMMON_UNLESS}|${ITS_FILES}`,
    observation: true,
    prose: true,
    source:
      'observation: the runtime or the distribution that bundles it (k3s and rke2 ship their containerd) upgraded on the node, its defaults changing by release: containerd internal/cri/config (pkg/cri/config before 2.0) DefaultSandboxImage / SandboxImage pause:3.1 (1.3) to 3.10.1 (2.2), the key moved to pinned_images in 2.0 (plugins/cri/images/plugin.go migrateConfig); cri-o pkg/config DefaultPauseImage pause:3.2 (1.20) to 3.10.1 (1.34)',
    mechanism:
      'the runtime on the node is a new release: what its defaults name (the sandbox image, the configuration keys it reads) may have changed under an unchanged node configuration',
  },
  {
    // The node without a route to public registries.
    fact: 'node.airgapped',
    pattern:
      '[Aa]ir[- ]?gapped|[Aa]irgap(?:ped)?(?: install| environment| cluster| nodes?)?|[Oo]ffline (?:install(?:ation)?|environment|cluster|nodes?|network|deployment|mode)|(?:no|without) (?:internet|outbound internet|external network|public network) (?:access|connectivity|connection)|离线(?:环境|安装|部署|集群|节点)|離線(?:環境|安裝|部署|集群|節點)|内网环境|內網環境|(?:无法|不能|没法)访问外网|(?:无法|不能|沒法)訪問外網|没有外网|沒有外網',
    literals: [
      'air-gap',
      'air gap',
      'airgap',
      'offline',
      'internet',
      'external network',
      'public network',
      '离线',
      '離線',
      '内网',
      '內網',
      '外网',
      '外網',
    ],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: a node said to be air-gapped or offline, with no route to public registries: containerd's ensureImageExists and cri-o's pull of pause_image can only find images already in the node's store",
    mechanism:
      'the node reaches no public registry: an image it does not already hold, the sandbox image a new runtime release defaults to among them, cannot be pulled',
  },
  {
    // Round 27: the runtime upgraded as a step, then the nodes lost (either order of telling).
    fact: 'runtime.upgrade_left_nodes_down',
    pattern: [
      `${RUNTIME_UPGRADED}${S}{0,160}${NODES_LOST}`,
      `${RUNTIME_UPGRADED}[^\\n]{0,40}[.;] ?[^\\n]{0,80}${NODES_LOST}`,
      `${NODES_LOST}${S}{0,60}${AFTER}${S}{0,30}(?:${UPGRADE_VERB}|(?:we|I|they) (?:upgraded|updated)|the upgrade of|upgrading)${S}{0,20}${RUNTIME_NAME}`,
      `${NODES_LOST}${S}{0,60}${AFTER} (?:the |an? |our )?${RUNTIME_NAME} (?:upgrade|update)`,
      `${ZH_UPGRADED}[^\\n]{0,30}(?:后|後|之后|之後|以后|以後|完成|成功)[^\\n]{0,30}${ZH_NODES_LOST}`,
    ].join('|'),
    literals: ['upgrad', 'updat', 'bump', '升级', '升級', '更新'],
    unless: `${COMMON_UNLESS}|${ITS_FILES}|kubeadm upgrade|[Uu]pgrad(?:e|ed|ing) (?:the )?(?:cluster|[Kk]ubernetes|k8s|control plane|kubelet|kernel|OS)|(?:cluster|[Kk]ubernetes|k8s|kubelet|kernel|OS) upgrade|升级(?:了)?(?:集群|k8s|kubernetes|kubelet|内核)|(?:[Ii]f|[Ww]hen|[Bb]efore) (?:we|I|you|they) (?:upgrade|update)[^\\n]{0,80}(?:will|would)|(?:[Ww]ill|[Ww]ould) (?:the |all |our )?(?:nodes?|cluster|workers?)`,
    observation: true,
    prose: true,
    specific:
      "the runtime's upgrade stated as the step just before the nodes were lost: the node's components, run as the runtime's containers, were not started again by the new release",
    source:
      'observation: a runtime upgraded on nodes whose kubelet runs as one of its containers (RKE1 under dockerd, kubeadm-in-docker, k3d/kind, Talos and Bottlerocket host containers): moby daemon/daemon.go (*Daemon).restore restarts at start only containers with cfg.AutoRestart && c.ShouldRestart() && c.HasBeenStartedBefore (daemon/container/container.go ShouldRestart, "failed to start container" otherwise), so a release that does not restore them leaves the node without its kubelet',
    mechanism:
      "the runtime came back from its upgrade without starting the node's component containers again (the kubelet among them): no kubelet posts the node's status until they are started by hand or the runtime restores them",
  },
];
