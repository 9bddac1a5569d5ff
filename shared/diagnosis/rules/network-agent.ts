import { alternatives, HEDGES, NOT_THE_NODE, PLANNING, QUESTION, WITHIN_SENTENCE } from './descriptions.ts';
import type { Signature } from './types.ts';

/**
 * Round 29 (r29-words): the network agent restarted before its start finishes, and the node cut off from its
 * network or from the control plane, in the programs' and people's words.
 *
 * The kubelet restarts a container whose liveness (or, since 1.16, startup) probe fails failureThreshold times in a
 * row (kubernetes pkg/kubelet/prober/worker.go doProbe; pkg/kubelet/kuberuntime/kuberuntime_manager.go
 * computePodActions: "Container %s failed liveness probe" / "Container %s failed startup probe", with ", will be
 * restarted" appended when the pod's restart policy restarts it, logged as the "Message for Container of pod"'s
 * containerMessage and recorded as the Killing event's message; 1.10 and later). A container that exits again is
 * held in back-off (kuberuntime_manager.go doBackOff: event BackOff "Back-off restarting failed container %s in pod
 * %s", error "back-off %s restarting failed container=%s pod=%s", "Back-off %s ..." before 1.16). Read for every
 * container this is an application's business; for the node's network agent it is the node's network: an agent
 * whose start (reading every host's records from its datastore, syncing its caches) takes longer than the probe's
 * initialDelaySeconds + periodSeconds × failureThreshold is killed before it programs the node, again at every
 * restart, and the node stays without a working pod network. So only the agents' own containers and pods are read
 * here (the names of their projects' manifests: calico-node and canal's calico-node/kube-flannel, cilium-agent,
 * kube-flannel, aws-node, weave, antrea-agent, kube-router, kube-ovn's cni-server, ovn-kubernetes' ovnkube-node and
 * ovnkube-controller), and the agents' own liveness answers: calico-node's health check (projectcalico/calico
 * node/pkg/health/health.go RunOutput: "calico/node is not ready: Felix is not live: %+v", "... bird is not live",
 * "... bird/confd is not live", the IPv6 twins; v3.x) and cilium-agent's health endpoint (the cilium chart's
 * cilium-agent DaemonSet: startupProbe and livenessProbe httpGet /healthz on the health port, values.yaml healthPort
 * 9879).
 */

/** The network agents' containers, by the names their projects' manifests give them. */
const AGENT_CONTAINER =
  '(?:calico-node|cilium-agent|kube-flannel|aws-node|weave-npc|weave|antrea-agent|kube-router|cni-server|kube-ovn-cni|ovnkube-node|ovnkube-controller)';
/** The network agents' pods: their DaemonSet's name and the DaemonSet controller's five-character suffix. */
const AGENT_POD =
  '(?:calico-node|cilium|rke2-canal|canal|kube-flannel-ds(?:-amd64|-arm64|-arm|-ppc64le|-s390x)?|weave-net|aws-node|antrea-agent|kube-ovn-cni|ovnkube-node|kube-router)-[a-z0-9]{5}';
/** A quote as klog's structured output or a JSON-escaped journal shows it. */
const Q = '\\\\?"?';

const S = WITHIN_SENTENCE;
/** A Chinese or Japanese sentence's character. */
const ZS = '[^。！？；\\n]';
const UNLESS = alternatives({ en: [...HEDGES.en, ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh }, [QUESTION]);

/** The network agent as people name it (its project, its DaemonSet, or what it is). */
const AGENT_WORDS =
  "(?:calico-node|[Cc]alico|cilium-agent|[Cc]ilium|kube-flannel|[Ff]lanneld?|aws-node|weave-net|[Ww]eave|[Cc]anal|antrea-agent|[Aa]ntrea|kube-ovn-cni|kube-ovn|ovnkube-node|kube-router|(?:[Nn]etwork|CNI|cni) (?:agent|plugin(?:'s agent)?|daemon ?set|DaemonSet|pod)s?|网络插件|網路插件|網絡插件|CNI ?插件|cni ?插件|网络组件|ネットワークプラグイン)";
/** One of these is in every match of AGENT_WORDS (compared ignoring ASCII case). */
const AGENT_LITERALS = [
  'calico',
  'cilium',
  'flannel',
  'aws-node',
  'weave',
  'canal',
  'antrea',
  'kube-ovn',
  'ovnkube',
  'kube-router',
  'network agent',
  'network plugin',
  'network daemon',
  'network pod',
  'cni agent',
  'cni plugin',
  'cni daemon',
  'cni pod',
  '插件',
  '网络组件',
  'ネットワークプラグイン',
];
/** Restarted, crashed, killed: what happens to it. */
const RESTARTS =
  '(?:restart(?:s|ed|ing)?|crash(?:es|ed|ing)?(?:-?loop(?:s|ing)?)?|(?:gets?|got|is|was|are|were|being) (?:killed|restarted|terminated|OOM-?killed)|dies|died|exit(?:s|ed)?)';
/** Soon after it starts, or before its start is done. */
const SOON_AFTER_START =
  '(?:(?:shortly|soon|right|just|immediately|only (?:a few )?(?:seconds|minutes)|(?:a few |several |some )?seconds|(?:a |one |a few |several )?minutes?|[0-9]+ ?(?:s|secs?|seconds?|m|mins?|minutes?)) after (?:it |each |every )?(?:start(?:s|ed|ing)?|launch(?:es|ed|ing)?|boot(?:s|ed|ing)?|com(?:es|ing) up|came up)|before (?:it |its start(?:-?up)? )?(?:finish(?:es|ed)?|complet(?:es|ed)|(?:is|was|gets?|got|becomes?|became) (?:ready|done|up))|(?:in|during) (?:its |the )?start-?up)';
/** Its liveness or startup probe, by the kubelet. */
const PROBE = '(?:[Ll]iveness|[Ss]tartup|[Hh]ealth) ?(?:[Pp]robes?|[Cc]hecks?)';

/** Something out of band that still answers when the network does not (a console, a BMC, a hypervisor's screen). */
const CONSOLE =
  '(?:(?:[Ss]erial|VM|[Vv]irtual|VNC|vnc|[Ww]eb|[Hh]ypervisor|[Rr]emote|[Oo]ut-of-band|KVM|IPMI|BMC|[Ii]nstance|[Ll]ocal|[Pp]hysical) [Cc]onsole|[Cc]onsole|VNC|vnc|noVNC|IPMI|iDRAC|iLO|BMC|KVM|[Oo]ut-of-band)';
/** The host's own network said broken. */
const NETWORK_BROKEN =
  "(?:(?:[Tt]he |[Ii]ts |[Tt]he node's |[Tt]he host's |[Tt]he server's |[Tt]he machine's )?(?:[Nn]etwork(?:ing)?(?: stack| connection| connectivity)?|NIC|[Nn]etwork (?:card|interface)|eth0|ens[0-9]+|[Cc]onnectivity)(?: (?:was|is|were|are|had been|has been|got|went|seemed|looked|appeared))? (?:completely |totally |entirely )?(?:broken|damaged|down|dead|gone|not working|stopped working|messed up|corrupted|disconnected|unreachable|lost)|(?:had|has) no (?:network|IP|IP address|address|route|default route)|(?:could|can)(?:n[o'’]t| not) (?:ping|reach) (?:anything|the gateway|the outside|any host|other (?:nodes|hosts)))";
const ZH_CONSOLE = '(?:控制台|VNC|vnc|IPMI|带外|帶外|串口|远程控制卡|遠程控制卡|BMC|KVM|管理口)';
const ZH_NETWORK_BROKEN =
  '(?:网络|網絡|網路|网卡|網卡)(?:已经|已經|完全|都)? ?(?:坏了|壞了|断了|斷了|不通|挂了|掛了|故障|不可用|有问题|有問題|损坏|損壞|没了|沒了|异常|異常|down|DOWN)';

/** The kubelet's Lease and status updates, as people name them. */
const UPDATES =
  '(?:(?:[Nn]ode )?[Ll]ease(?: (?:and|&|/) (?:[Nn]ode )?[Ss]tatus)?(?: updates?| renewals?)?|(?:[Nn]ode )?[Ss]tatus (?:updates?|reports?)|NodeStatus(?: updates?)?|(?:[Nn]ode |kubelet )?[Hh]eartbeats?)';
const UPDATES_STOPPED =
  '(?:stopped(?: (?:being )?(?:renewed|updated|posted|arriving|coming))?|ceased|halted|(?:were|was|got) (?:interrupted|cut off|not (?:renewed|updated|posted))|no longer (?:renewed|updated|posted|arrived|came|come|arrive))';
const ZH_UPDATES = '(?:Lease|lease|租约|租約|心跳|状态更新|狀態更新|状态上报|狀態上報|NodeStatus)';
const ZH_STOPPED =
  '(?:中断|中斷|停止|停了|不再更新|没有更新|沒有更新|断了|斷了|停更|发不出去|發不出去|发送失败|發送失敗|上报失败|上報失敗|报不上去|報不上去)';

/** The network plugin said not ready or not initialised. */
const CNI_WORDS = '(?:CNI|cni|[Nn]etwork plugin|[Pp]od network|CNI plugin|cni plugin)';
/** Every node of a cluster (not one). */
const ALL_NODES =
  '(?:[Aa]ll|[Ee]very|[Bb]oth)(?: (?:the|of the|my|our|of my|of our))? (?:nodes?|workers?|worker nodes?|machines?)';
const NEVER_READY =
  '(?:stay(?:s|ed)?|remain(?:s|ed)?|are|were|still|got stuck|stuck) (?:in )?(?:the )?`?(?:NotReady|not ready|Not Ready)`?|never (?:became|turned|got|went) `?[Rr]eady`?';
/** The cluster just built: provisioning, installing, creating, bootstrapping it, or its tool done. */
const JUST_BUILT =
  '(?:[Aa]fter|[Oo]nce|[Ww]hen)[^\\n]{0,20}(?:provision(?:ing|ed)?|install(?:ing|ed)?|deploy(?:ing|ed)?|creat(?:ing|ed)|set(?:ting)? up|bootstrap(?:ping|ped)?|spinning up|spun up) (?:the |a |our |my |this |new |a new )?(?:cluster|[Kk]ubernetes|k8s|K8s|nodes)|(?:[Cc]luster|nodes) (?:was |were |is |are |got |had been )?(?:just )?(?:provisioned|installed|created|deployed|bootstrapped|set up)|kubeadm init|[Ff]reshly (?:provisioned|installed|created|deployed|built)|(?:[Nn]ew|[Ff]resh|[Bb]rand[- ]new) cluster|[Tt]erraform (?:finish(?:es|ed)?|completed?|appl(?:y|ied)|ran)|(?:[Pp]rovisioning|[Ii]nstallation) (?:finish(?:es|ed)?|completed?|succeeded|reported success|was successful)';
const ZH_ALL_NODES_NEVER_READY =
  '(?:所有|全部)(?:的)?(?:节点|節點|node)[^。\\n]{0,12}(?:都|一直|始终|始終|仍然|还是|還是)?[^。\\n]{0,4}(?:NotReady|not ready|未就绪|未就緒)';
const ZH_JUST_BUILT =
  '(?:新(?:建|搭建|部署|安装|安裝|创建|創建)的集群|(?:集群|集羣)(?:刚|剛)(?:部署|安装|安裝|创建|創建|搭建)|(?:部署|安装|安裝|创建|創建|搭建|初始化)(?:完成|完毕|完畢|成功|好)(?:之?后|之?後|以后|以後)?)';

export const NETWORK_AGENT_RULES: readonly Signature[] = [
  {
    // The kubelet killing the network agent on its failed liveness or startup probe, or holding it in back-off.
    fact: 'cni.agent_restart_loop',
    pattern: [
      `Container ${Q}${AGENT_CONTAINER}${Q} failed (?:liveness|startup) probe`,
      `restarting failed container[= ]${Q}${AGENT_CONTAINER}${Q}(?: in pod |,? ?pod=)`,
      `pod/${AGENT_POD}[ \\t]+(?:Back-off restarting failed container|(?:Liveness|Startup) probe failed)`,
      `SyncLoop \\(probe\\)${Q} probe=${Q}(?:liveness|startup)${Q} status=${Q}unhealthy${Q} pod=${Q}[a-z0-9-]{1,63}/${AGENT_POD}`,
      `(?:Liveness|Startup) probe failed: (?:Get )?${Q}https?://(?:127\\.0\\.0\\.1|localhost|\\[::1\\]):9879/healthz`,
      'calico/node is not ready: (?:Felix|felix|bird|bird6|BIRD|BIRD6|bird/confd|bird6/confd) is not live',
      `(?:Liveness|Startup) probe failed: [^\\n]{0,200}failed to connect service(?: at)? ${Q}[^"\\n]{0,40}:50051`,
    ].join('|'),
    literals: [
      'failed liveness probe',
      'failed startup probe',
      'restarting failed container',
      // Not "SyncLoop (probe)": the kubelet writes it for every probe result, healthy or not (most lines of a busy
      // node's journal); only an unhealthy one is the agent's.
      'unhealthy',
      'Liveness probe failed',
      'Startup probe failed',
      ':9879/healthz',
      'is not live',
      'failed to connect service',
    ],
    source:
      'kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions ("Container %s failed liveness probe" / "Container %s failed startup probe" + ", will be restarted", the klog containerMessage and the Killing event, 1.10 and later; startup probes 1.16 and later) and doBackOff (event BackOff "Back-off restarting failed container %s in pod %s"; error "back-off %s restarting failed container=%s pod=%s", capitalised before 1.16), pkg/kubelet/kubelet.go handleProbeSync ("SyncLoop (probe)" probe="liveness"/"startup" status="unhealthy" pod=NAMESPACE/NAME, 1.21 and later), pkg/kubelet/prober/prober.go recordContainerEvent (event Unhealthy "%s probe failed: %s", as `kubectl get events` prints it after pod/NAME), for the network agents\' containers and pods (the projects\' manifests: calico-node, canal, cilium-agent, kube-flannel, aws-node, weave, antrea-agent, kube-router, kube-ovn\'s cni-server, ovnkube-node); the agents\' own liveness answers: projectcalico/calico node/pkg/health/health.go RunOutput ("calico/node is not ready: Felix is not live: %+v", "bird is not live", "bird/confd is not live", v3.x) and cilium\'s chart (cilium-agent startupProbe/livenessProbe httpGet /healthz on healthPort 9879) and aws-node\'s (the aws-vpc-cni chart\'s livenessProbe exec /app/grpc-health-probe -addr=:50051, ipamd\'s gRPC port; grpc-ecosystem/grpc-health-probe main.go "timeout: failed to connect service %q within %v", "error: failed to connect service at %q: %+v")',
    mechanism:
      "the kubelet kills and restarts the node's network agent because its liveness or startup probe fails (an agent whose start, reading its datastore or syncing its caches, outlasts the probe's allowance is killed before it finishes), or holds it in back-off: the agent never stays up long enough to program the node's network",
  },
  {
    // People's words: the agent restarting, crashing or killed shortly after it starts, or by its probe.
    fact: 'cni.agent_restart_loop',
    pattern: [
      `${AGENT_WORDS}(?: pods?| containers?| agents?| process)?${S}{0,50}${RESTARTS}${S}{0,40}${SOON_AFTER_START}`,
      `${AGENT_WORDS}(?: pods?| containers?| agents?| process)?${S}{0,60}(?:killed|restarted|terminated) by (?:its |the |a |their )?(?:kubelet's )?${PROBE}`,
      `${PROBE}${S}{0,40}(?:kills?|killed|killing|restarts?|restarted|restarting|terminat(?:es|ed|ing))${S}{0,12}(?:the )?${AGENT_WORDS}`,
      `${AGENT_WORDS}${ZS}{0,20}(?:启动|啟動)(?:后|後|之后|之後|以后|以後)(?:不久|没多久|沒多久|很快|马上|馬上|几秒|幾秒|数秒|數秒|几十秒|一会儿?|[0-9]+ ?(?:秒|分钟|分鐘))${ZS}{0,12}(?:重启|重啟|crash|崩溃|崩潰|退出|被杀|被殺|被 ?kill|挂掉|掛掉|挂了|掛了)`,
      `${AGENT_WORDS}${ZS}{0,30}被${ZS}{0,10}(?:liveness|存活|存活性|健康检查|健康檢查)${ZS}{0,8}(?:杀掉|杀死|殺掉|殺死|kill|重启|重啟)`,
      `${AGENT_WORDS}${ZS}{0,20}起動(?:後|して)(?:すぐ|数秒|間もなく|まもなく)${ZS}{0,12}(?:再起動|クラッシュ|落ち|終了)`,
    ].join('|'),
    literals: AGENT_LITERALS,
    unlessSaid: UNLESS,
    observation: true,
    prose: true,
    source:
      'observation: the network agent (calico-node, cilium-agent, flannel, aws-node, weave-net, antrea, kube-ovn, ovnkube-node) restarting, crashing or killed shortly after each start or by its liveness probe: kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions restarts a container whose liveness (startup) probe failed failureThreshold times; an agent whose start outlasts initialDelaySeconds + periodSeconds × failureThreshold is killed before it finishes, at every restart',
    mechanism:
      "the agent never finishes its start (killed by its probe, or crashing in it), so the node's network is never programmed: the CNI stays not ready there",
  },
  {
    // The host's network found broken from something that still answers when the network does not.
    fact: 'network.disrupted',
    pattern: [
      `${CONSOLE}${S}{0,80}${NETWORK_BROKEN}`,
      `${NETWORK_BROKEN}${S}{0,80}(?:through|via|from|using|over|on|in|at) (?:the |a |its |an )?${CONSOLE}`,
      `${ZH_CONSOLE}${ZS}{0,30}${ZH_NETWORK_BROKEN}`,
      `${ZH_NETWORK_BROKEN}${ZS}{0,30}${ZH_CONSOLE}`,
    ].join('|'),
    literals: [
      'console',
      'vnc',
      'ipmi',
      'idrac',
      'ilo',
      'bmc',
      'kvm',
      'out-of-band',
      '控制台',
      '带外',
      '帶外',
      '串口',
      '远程控制卡',
      '遠程控制卡',
      '管理口',
    ],
    unless:
      '[Pp]od network|CNI|cni|[Pp]lugin|插件|[Cc]alico|[Ff]lannel|[Cc]ilium|[Ww]eave|NetworkPluginNotReady|容器网络|容器網絡|[Bb]rowser|[Ll]aptop|VPN|vpn',
    unlessSaid: UNLESS,
    observation: true,
    prose: true,
    specific:
      'the host answers on its own console while its network is broken: the node is cut off by its own network (its interfaces, routes or packet filter), not stalled, since a starved or hung host does not answer on its console either',
    source:
      "observation: a person logged in out of band (a serial or VNC console, a hypervisor's or cloud's console, IPMI/iDRAC/iLO) and found the node's own network broken: the host runs, but its interfaces, addresses, routes or packet-filter rules (iptables-save, nft list ruleset) cut it off; the kubelet's Lease and status updates cannot reach the API server",
    mechanism:
      "the node's own network is down while the host runs: the kubelet cannot reach the API server, its Lease and status updates stop, and the node goes NotReady (SSH lost with it)",
  },
  {
    // The kubelet's Lease and status updates said stopped.
    fact: 'kubelet.lease_expired',
    pattern: [
      `${UPDATES}${S}{0,40}${UPDATES_STOPPED}`,
      `${ZH_UPDATES}${ZS}{0,20}${ZH_STOPPED}`,
      `(?:Lease|リース|ハートビート|ステータス更新)${ZS}{0,20}(?:止ま|停止|途絶)`,
    ].join('|'),
    literals: [
      'lease',
      'status update',
      'status report',
      'nodestatus',
      'heartbeat',
      '租约',
      '租約',
      '心跳',
      '状态更新',
      '狀態更新',
      '状态上报',
      '狀態上報',
      'リース',
      'ハートビート',
      'ステータス更新',
    ],
    unless:
      'DHCP|dhcp|etcd lease|[Ll]eader (?:election|lease)|[Ll]eases? (?:of|for|by) (?:the )?(?:controller|scheduler|leader)',
    unlessSaid: UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: the node's Lease renewals and status updates said stopped (kubernetes docs 'Node Heartbeats': the kubelet renews its Lease in kube-node-lease every 10 s and posts NodeStatus on change or every 5 min; pkg/controller/nodelifecycle marks the node NotReady/Unknown when neither arrives within node-monitor-grace-period)",
    mechanism:
      "the kubelet's Lease renewals and status updates no longer land: it is not running, cannot reach the API server, or the API server (or its datastore) does not answer its writes; the node controller marks the node NotReady",
  },
  {
    // The network plugin said not ready or not initialised, in words.
    fact: 'cni.not_ready',
    pattern: [
      `${CNI_WORDS}(?: (?:is|was|are|were|stays?|stayed|remains?|remained|still|being))* not (?:ready|initiali[sz]ed|up|running)`,
      '(?:CNI|cni|网络插件|網路插件|網絡插件) ?(?:插件)? ?(?:还|還|一直|仍然|都)?(?:未就绪|未就緒|没有就绪|沒有就緒|没就绪|沒就緒|不就绪|不就緒|未初始化|没有初始化|沒有初始化|not ready|NotReady)',
    ].join('|'),
    literals: [
      'not ready',
      'not initiali',
      'not up',
      'not running',
      'notready',
      '未就绪',
      '未就緒',
      '没有就绪',
      '沒有就緒',
      '没就绪',
      '沒就緒',
      '不就绪',
      '不就緒',
      '未初始化',
      '没有初始化',
      '沒有初始化',
    ],
    unless:
      'NetworkPluginNotReady|cni plugin not initialized|cni config uninitialized|networkReady=|NetworkReady=',
    unlessSaid: UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: the network plugin said not ready or not initialised (the runtime's NetworkReady condition false: the kubelet's Ready condition 'container runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:... cni plugin not initialized', pkg/kubelet/nodestatus setters.go ReadyCondition)",
    mechanism:
      'the runtime reports its network not ready (no CNI configuration it can load): the kubelet keeps the node NotReady and no pod gets a network',
  },
  {
    // Every node of a cluster just built NotReady: nothing each needs for its first Ready came up (the pod network
    // add-on first: kubeadm's docs, "Installing a Pod network add-on": nodes stay NotReady until one is installed).
    fact: 'node.never_ready',
    pattern: [
      `(?:${JUST_BUILT})[^\\n]{0,80}${ALL_NODES}${S}{0,20}(?:${NEVER_READY})`,
      `${ALL_NODES}${S}{0,20}(?:${NEVER_READY})[^\\n]{0,60}(?:${JUST_BUILT})`,
      `${ZH_JUST_BUILT}[^\\n]{0,40}${ZH_ALL_NODES_NEVER_READY}`,
      `${ZH_ALL_NODES_NEVER_READY}[^\\n]{0,40}${ZH_JUST_BUILT}`,
    ].join('|'),
    literals: [
      'notready',
      'not ready',
      'never became',
      'never turned',
      'never got',
      'never went',
      '未就绪',
      '未就緒',
    ],
    unless:
      'came back|recovered|恢复|恢復|again|又|after (?:a |the )?(?:reboot|restart|upgrade|update|outage)',
    unlessSaid: UNLESS,
    observation: true,
    prose: true,
    source:
      'observation: every node of a cluster just provisioned, installed or created NotReady from the start (kubeadm docs, "Creating a cluster with kubeadm", Installing a Pod network add-on: the nodes stay NotReady and CoreDNS Pending until a network add-on is deployed; the kubelet\'s Ready condition waits on the runtime\'s NetworkReady)',
    mechanism:
      'something every node needs for its first Ready never came up, and on a cluster just built that is first the pod network add-on: no CNI configuration, so each kubelet reports NetworkReady=false',
  },
];
