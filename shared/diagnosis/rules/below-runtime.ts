import { alternatives, HEDGES, NOT_THE_NODE, PLANNING, QUESTION, WITHIN_SENTENCE } from './descriptions.ts';
import type { Signature } from './types.ts';
import { SCM_EVENTS, scmServiceFailure } from './windows-scm.ts';

/**
 * Round 22 (r22-below-runtime): the layers below the runtime on a Windows node, and the node's wireless link.
 *
 * Every container, sandbox and network endpoint on Windows is made by the host's services, not by the runtime: the
 * Host Compute Service (vmcompute.exe, the "Hyper-V Host Compute Service"; vmcompute.dll's Hcs* calls) makes and
 * runs the compute systems, the Host Network Service (hns, called through vmcompute.dll's HNSCall and computenetwork's
 * Hcn* calls) their endpoints. containerd's runhcs shim, dockerd's libcontainerd and the Windows CNI plugins (win-bridge,
 * win-overlay, azure-vnet, flannel's and Calico's, all through github.com/Microsoft/hcsshim) wait on those calls; when
 * the service stops answering, everything above waits with it: the plugin the runtime shells out to, the runtime's
 * pod status, the kubelet's relist (PLEG), which is why a network plugin stuck there is the runtime's layer hung, below
 * the network, not the plugin's own fault.
 *
 * hcsshim's words (microsoft/hcsshim):
 * - internal/hcs/errors.go: ErrTimeout "hcsshim: timeout waiting for notification" (errors.go at the root to v0.7,
 *   the same text since), returned when the service's completion notification for a start, shutdown or terminate does
 *   not come within hcsshim's timeout; ErrUnexpectedProcessAbort "lost communication with compute service" when the
 *   service's side of a process went away.
 * - The service's own HRESULTs come back through Windows' FormatMessage: HCS_E_CONNECTION_TIMEOUT (0x80370109) "The
 *   operation timed out because a response was not received from the virtual machine or container.", wrapped by
 *   hcsshim's SystemError/ProcessError ("<op> <id>: <err>", ops hcsshim::ComputeSystem::* to v0.8, hcs::System::*
 *   after) and by the old hcserror for HNS ("hnsCall failed in Win32: <err> (0x<code>)", internal/hcserror to v0.8);
 *   hcn/hcnglobals.go and internal/hns hnsCall "HNS failed with error : %s" for a failure the service reports.
 * - The Service Control Manager's events for vmcompute and hns ({@link SCM_EVENTS}).
 */

const S = WITHIN_SENTENCE;
const SCM = scmServiceFailure('(?:Hyper-V Host Compute Service|Host Network Service|vmcompute|hns)');

/**
 * What every description here leaves out: questions, hedges, another host, plans. A call into these services is
 * known from a goroutine, thread or process dump, where "appears to be stuck in F" is how people report the frame
 * they saw: the impression words (seems to, appears to) are kept, the suppositions (may, might, could, if) are not.
 */
const IMPRESSION = new Set(['seems to', 'seemed to', 'appears to', 'appeared to']);
const COMMON_UNLESS = alternatives(
  { en: [...HEDGES.en.filter((w) => !IMPRESSION.has(w)), ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh },
  [QUESTION],
);

/** The host's compute and network services by the names people and stacks give them. */
const HOST_SERVICE =
  '(?:HCS|[Hh]ost [Cc]ompute [Ss]ervice|vmcompute(?:\\.dll|\\.exe)?|Hcs[A-Z][A-Za-z]+|hcsshim)';
/**
 * Round 24: the Host Network Service and its objects (its endpoints, HNSEndpoint in PowerShell's HNS module), read
 * apart: a call there that does not return is the network plugin's datapath on the host (cni.host_network_hang).
 */
const HOST_NETWORK =
  '(?:HNS(?: ?[Ee]ndpoints?| ?[Nn]etworks?)?|[Hh]ost [Nn]etwork [Ss]ervice|hnsCall|HNSCall|Hcn[A-Z][A-Za-z]+|hcn[A-Z][A-Za-z]+)';
/** A call into them that does not come back. */
const NO_ANSWER =
  "(?:hangs?|hung|stuck|blocked|blocks|never returns?|never returned|never comes back|does ?n[o'’]t (?:return|respond|answer)|did ?n[o'’]t (?:return|respond|answer)|not (?:responding|answering|returning)|stops? (?:responding|answering)|stopped (?:responding|answering)|unresponsive|waiting (?:on|for) (?:a |an |the |its )?(?:response|reply|answer|return)|times? out|timed out|卡住|卡死|无响应|没有响应|不返回|没有返回)";

/** The node-local proxies in front of the API server, by the names their installers give them. */
const LOCAL_PROXY =
  '(?:nginx-proxy|nginx_proxy|haproxy(?: static pod| pod|-[a-z0-9.-]+)?|HAProxy|apiserver-proxy|[Aa]piserver proxy|API server proxy|[Aa]pi server proxy|(?:agent|client|local|node-local) load balancer|(?:node-)?local (?:API )?proxy|local API (?:server )?proxy)';
/** Gone in the runtime's or people's words: a container's dead or exited state, a crash, a start that fails. */
const PROXY_GONE =
  "(?:in (?:a |the )?(?:DEAD|[Dd]ead|EXITED|[Ee]xited) state|(?:are|is|were|was|went|all|became|got|stay(?:s|ed)?|remain(?:s|ed)?)(?: all)? (?:dead|DEAD|exited|Exited|down|crashed|crash-?looping|not running|stopped|gone)|[Dd]ied|crash(?:ed|es|ing)|CrashLoopBackOff|(?:can ?not|can't|cannot|could not|couldn't|unable to|won't|will not|fail(?:s|ed)? to) (?:be )?(?:re)?start(?:ed)?|[Cc]annot (?:be )?(?:re)?start(?:ed)?|[Cc]annot restart or replace)";
/** Every one of a role's nodes. */
const EVERY = '(?:[Aa]ll|[Ee]very|[Ee]ach)(?: of)?(?: the| our| existing| of the)*(?: existing)? ';
const WORKERS = '(?:worker|agent|non-master|non-control-plane)(?: nodes?|s)?';
const NOT_READY = '(?:NotReady|Not Ready|not ready|not-ready)';
const CONTROL_PLANE =
  '(?:[Aa]ll|[Ee]very|[Tt]he|[Oo]ur)(?: the)? (?:master|control[- ]plane|server|controlplane)(?: nodes?|s)?';
const STILL_READY =
  '(?:still (?:working and |up and |healthy and )?Ready|remain(?:s|ed)? Ready|stay(?:s|ed)? Ready|(?:are|were|is|was)(?: all)? Ready|still (?:healthy|working|fine))';

/** runc's processes by the names a listing shows them. */
const RUNC_PROCESS =
  '(?:[Rr]un[Cc](?: init| create| start|:\\[[0-9]:[A-Z]+\\])? (?:process(?:es)?|commands?|invocations?)|[Rr]un[Cc] init)';
const NEVER_EXITS =
  "(?:(?:is|are|were|was) still (?:running|there|alive|executing|around|present)|still (?:running|alive|executing)|never (?:exit(?:s|ed)?|finish(?:es|ed)?|returns?|returned|complete[sd]?|go(?:es)? away)|do(?:es)? ?n[o'’]t exit|did ?n[o'’]t exit|not exiting|(?:hang|hangs|hung|linger(?:s|ed|ing)?|stay(?:s|ed)?|remain(?:s|ed)?) (?:around|forever|for (?:hours|minutes|days)))";
const RUNC_PROCESS_ZH = '[Rr]un[Cc] ?(?:init |create )?进程';
const NEVER_EXITS_ZH =
  '(?:还在执行|还在运行|仍在运行|仍在执行|一直在运行|一直存在|没有退出|没退出|不退出|未退出|无法退出|卡住)';
/** The runtime daemon or one of its containers, whose lock the daemon's threads wait on. */
const LOCK_HOLDER =
  "(?:[Dd]ocker ?[Dd]aemon|dockerd|[Cc]ontainerd|CRI-O|crio|ContainerInspect[A-Za-z]*|containerInspect|getInspectData|[Cc]ontainer(?:'s|’s)? (?:mutex|lock)|容器的?(?:锁|互斥锁|mutex))";
const WAITS_ON_LOCK = [
  `(?:goroutines?|threads?|stacks?|requests?|calls?|handlers?)${S}{0,60}(?:wait(?:s|ing)?|block(?:s|ed)?|stuck|parked|queued)${S}{0,60}(?: (?:mutex|Mutex|lock)|sync\\.Mutex|sync\\.\\(\\*Mutex\\)\\.Lock)`,
  'sync\\.\\(\\*Mutex\\)\\.Lock',
  '等待的?是?(?:一个|这个|同一个|同一把)? ?(?:mutex|锁|互斥锁)',
  '等在(?:这个|同一个|一个)? ?(?:mutex|锁|互斥锁)',
  '(?:线程|调用栈|goroutine)[^\\n]{0,20}(?:都在)?等待?(?:这个|同一个|一个)? ?(?:mutex|锁|互斥锁)',
]
  .map((p) => `(?:${p})`)
  .join('|');

/** Runtime-class installers, by their DaemonSets' and projects' names. */
const INSTALLER =
  '(?:kata-deploy|[Kk]ata deploy|nvidia-container-toolkit|NVIDIA [Cc]ontainer [Tt]oolkit|container-toolkit|gpu-operator|GPU [Oo]perator|gvisor-(?:installer|deploy)|runsc-installer|sysbox-deploy|sysbox-(?:installer|k8s))';
/** Every pod of a runtime class, by the class's usual names. */
const EVERY_CLASS_POD =
  '(?:[Aa]ll|[Ee]very|[Ee]ach)(?: of)?(?: the| our)? (?:[Kk]ata(?:-[a-z0-9]+)?|gVisor|gvisor|runsc|[Nn]vidia|NVIDIA|GPU|sysbox|sandboxed|confidential)(?: runtime)? (?:pods?|containers?|workloads?|VMs?)';
const DIE =
  '(?:crash(?:es|ed|ing)?|restart(?:s|ed|ing)?|die[sd]?|dying|killed|get killed|got killed|terminated|fail(?:s|ed)?|went down|go down)';
/** The node's image, by the names clouds and distributions give it. */
const NODE_IMAGE =
  '(?:(?:node|machine|OS|VM|base|host) image|AMI|GCI|COS image|Container-Optimized OS|Bottlerocket|Flatcar)';
/** The runtimes by the names people use. */
const RUNTIME = '(?:[Dd]ocker(?: [Ee]ngine|-ce)?|[Cc]ontainerd|CRI-O|cri-o|runc)';

export const BELOW_RUNTIME_RULES: readonly Signature[] = [
  {
    // The service itself: its side of a process gone, or a call into the Host Network Service that times out (HNS
    // serves every endpoint on the host, so its timeout is not one container's).
    fact: 'runtime.host_compute_failed',
    // And the Service Control Manager's events for the two services (vmcompute, "Hyper-V Host Compute Service"; hns,
    // "Host Network Service"): failed, hung at start or stopped.
    // Round 24: the Host Network Service's call timing out is the network plugin's datapath on the host
    // (cni.host_network_hang, rules/cni-machinery.ts), no longer read here.
    pattern: `lost communication with compute service|${SCM.pattern}`,
    literals: ['lost communication with compute service', ...SCM.literals],
    source: `microsoft/hcsshim internal/hcs/errors.go (ErrUnexpectedProcessAbort "lost communication with compute service"; errors.go at the root before v0.8); the old internal/hcserror wrapping of a failed HNSCall ("hnsCall failed in Win32: %s (0x%x)", to v0.8) and hcn/hcnglobals.go, internal/hns hnsCall ("HNS failed with error : %s") around a timeout, the service's HCS_E_CONNECTION_TIMEOUT (0x80370109) or Win32 ERROR_TIMEOUT text; relayed by the Windows CNI plugins (win-bridge, win-overlay, azure-vnet, flannel's and Calico's), dockerd's libnetwork (Windows) and kube-proxy's winkernel; ${SCM_EVENTS} for vmcompute and hns`,
    mechanism:
      "Windows' Host Compute Service lost a process it ran, or the Host Network Service did not answer a call about an endpoint or network in time: the network plugin and the runtime's pod status wait on it, so the kubelet's relist stalls on the layer below the runtime",
  },
  {
    // One compute system (a container, or a pod's utility VM) not completing what the service asked of it: hcsshim's
    // wait for the completion notification, or the service's own timeout on its connection to that system. The
    // service still answers for the others: that container is wedged below its shim, not the node's runtime.
    fact: 'runtime.compute_system_timeout',
    pattern:
      'The operation timed out because a response was not received from the virtual machine or container|hcsshim: timeout waiting for notification',
    literals: [
      'a response was not received from the virtual machine',
      'hcsshim: timeout waiting for notification',
    ],
    unless: 'hnsCall failed in Win32|HNS failed with error',
    source:
      'microsoft/hcsshim internal/hcs/errors.go ErrTimeout ("hcsshim: timeout waiting for notification", errors.go at the root before v0.8; internal/hcs/waithelper.go waitForNotification when the system\'s start, shutdown or terminate does not complete within the timeout) and the service\'s HCS_E_CONNECTION_TIMEOUT (0x80370109, FormatMessage "The operation timed out because a response was not received from the virtual machine or container."), wrapped as "<op> <id>: <err>" by SystemError/ProcessError (hcsshim::ComputeSystem::* to v0.8, hcs::System::* since); relayed by dockerd\'s libcontainerd ("container %s encountered an error during %s"), containerd\'s runhcs shim and the kubelet',
    mechanism:
      "one container's compute system (its silo or utility VM) did not complete a start, shutdown or terminate the Host Compute Service asked of it: every call about that container waits or fails, while the service answers for the others",
  },
  {
    fact: 'runtime.host_compute_failed',
    pattern: `${HOST_SERVICE}${S}{0,100}${NO_ANSWER}|${NO_ANSWER}${S}{0,100}${HOST_SERVICE}`,
    literals: ['hcs', 'vmcompute', 'host compute service'],
    // A sentence about the network service's call is the network plugin's datapath (the rule after this one).
    unless: `${COMMON_UNLESS}|${HOST_NETWORK}${S}{0,100}${NO_ANSWER}|${NO_ANSWER}${S}{0,100}${HOST_NETWORK}`,
    observation: true,
    prose: true,
    specific: 'a call into the host compute or network service that does not return',
    source:
      "observation: a call into Windows' Host Compute Service (vmcompute.dll's Hcs* functions, hcsshim) or Host Network Service (HNSCall, Hcn* functions) that does not come back, as hcsshim's callers (containerd's runhcs shim, dockerd, the Windows CNI plugins) wait on it",
    mechanism:
      "the host's compute or network service stopped answering: the plugin or shim that called it waits, and with it the runtime's pod status and the kubelet's relist, the runtime's layer hung below the network",
  },
  {
    // Round 24: the same words about the Host Network Service or its endpoints: the service serves the network
    // plugin's endpoints and switch ports, and what blocks it is the plugin's datapath on the host (its endpoints,
    // its vSwitch extension), the network plugin's layer; the runtime's pod status waits on it.
    fact: 'cni.host_network_hang',
    pattern: `${HOST_NETWORK}${S}{0,100}${NO_ANSWER}|${NO_ANSWER}${S}{0,100}${HOST_NETWORK}`,
    literals: ['HNS', 'host network service', 'hcn'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    specific: 'a call into the host network service that does not return',
    source:
      "observation: a call into Windows' Host Network Service (hnsCall, hcsshim's hcn* functions; PowerShell's HNS module Remove-HnsEndpoint, Get-HnsEndpoint) that does not come back, as the Windows CNI plugins (win-bridge, win-overlay, azure-vnet, Calico's, flannel's, Antrea's agent) and kube-proxy's winkernel wait on it (microsoft/hcsshim internal/hns, hcn)",
    mechanism:
      "the host's network service stopped answering calls about endpoints or networks: the network plugin's datapath on the host holds it, and every pod's network set-up and teardown, and the runtime's pod status with them, wait",
  },
  // The node's link wireless (a home or edge cluster's nodes on Wi-Fi): the link daemon (wpa_supplicant, iwd, or
  // NetworkManager driving them) keeps the only route to the API server up; when it stops or the association drops,
  // the node is cut off. wpa_supplicant src/common/wpa_ctrl.h WPA_EVENT_DISCONNECTED "CTRL-EVENT-DISCONNECTED "
  // ("Disconnected, data connection is not available", logged by wpa_msg with the interface's name before it) and
  // WPA_EVENT_TERMINATING "CTRL-EVENT-TERMINATING " (the daemon exiting); NetworkManager src/core/devices/nm-device.c
  // _set_state_full ("device (%s): state change: %s -> %s (reason '%s') [%d %d %d]", sys-iface-state added in 1.10),
  // for a wireless interface (wlan0, or the predictable wlp2s0 / wlx<mac> names, systemd's net_id "wl" prefix).
  {
    fact: 'network.link_down',
    pattern:
      'wl[a-z0-9]{1,16}: CTRL-EVENT-(?:DISCONNECTED|TERMINATING)|device \\(wl[a-z0-9]{1,16}\\): state change: [a-z-]+ -> (?:disconnected|unavailable|failed)',
    literals: ['CTRL-EVENT-DISCONNECTED', 'CTRL-EVENT-TERMINATING', 'state change:'],
    unless: "reason '(?:user-requested|sleeping|removed|now-unmanaged|unmanaged)'",
    source:
      'wpa_supplicant src/common/wpa_ctrl.h WPA_EVENT_DISCONNECTED ("CTRL-EVENT-DISCONNECTED bssid=%s reason=%d", events.c wpa_supplicant_event_disassoc_finish) and WPA_EVENT_TERMINATING, logged by wpa_msg as "<ifname>: <event>"; NetworkManager nm-device.c _set_state_full ("device (%s): state change: %s -> %s (reason \'%s\')", NM 0.9 on) for a wireless interface (systemd udev net_id\'s "wl" prefix, or the kernel\'s wlan<N>)',
    mechanism:
      "the node's wireless link dropped (its association lost, or the link daemon gone): on a node whose only route out is Wi-Fi, the kubelet loses the API server and the node goes Unknown",
  },
  {
    // A node's link said to be wireless: context, not a failure; it makes the link the first thing to check when the
    // node is said to be out of reach.
    fact: 'network.wireless_link',
    pattern: [
      `(?:[Ww]i-?[Ff]i|WIFI|[Ww]ifi|WLAN|wlan[0-9]?|[Ww]ireless|無線(?:LAN)?|无线(?:网络|网卡)?)${S}{0,40}(?:接続|繋|つな|连接|連接|connect(?:s|ed)?|join(?:s|ed)?|link(?:s|ed)?|only|uplink)`,
      `(?:[Nn]odes?|ノード|节点|節點|[Hh]osts?|ホスト)${S}{0,60}(?:over|via|on|by|through|使用|经|經)(?: the| a| its| their)? (?:[Ww]i-?[Ff]i|[Ww]ifi|WLAN|[Ww]ireless)`,
    ].join('|'),
    literals: ['wi-fi', 'wifi', 'wlan', 'wireless', '無線', '无线'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: a node joined to its network over a wireless link (a wlan/wifi interface driven by wpa_supplicant or iwd, NetworkManager's wifi device): its route to the API server depends on the link daemon and the association",
    mechanism:
      "the node's only route out is a wireless link: if its link daemon does not come up (after a reboot or an update) or the association drops, the node is cut off",
  },
  // The node-local API proxy each worker's kubelet reaches the API server through (kubespray's and RKE's nginx-proxy,
  // kubespray's haproxy static pod, MicroK8s' apiserver-proxy, the k3s/rke2 agent's client load balancer): dead,
  // exited or unable to start is the kubelet's only path to the API server gone, whatever its own health. The runtime's
  // words for a container's state ("dead", "exited", docker's State.Status) are how people say it.
  {
    fact: 'apiserver.proxy_failed',
    pattern: [`${LOCAL_PROXY}${S}{0,80}${PROXY_GONE}`, `${PROXY_GONE}${S}{0,40}${LOCAL_PROXY}`].join('|'),
    literals: [
      'nginx-proxy',
      'nginx_proxy',
      'haproxy',
      'apiserver-proxy',
      'apiserver proxy',
      'api server proxy',
      'load balancer',
      'local proxy',
      'api proxy',
    ],
    unless: `${COMMON_UNLESS}|(?:[Ii]ngress|ingress-nginx|[Ss]ervice [Mm]esh|[Ee]nvoy|[Ii]stio)`,
    observation: true,
    prose: true,
    source:
      "observation: the node-local API server proxy (kubespray's nginx-proxy or haproxy static pod, RKE's nginx-proxy container, MicroK8s' apiserver-proxy, the k3s/rke2 agent's client load balancer on 127.0.0.1:6443/6444) said dead, exited, crashed or unable to start, in the runtime's words for a container's state",
    mechanism:
      "the proxy each kubelet reaches the API server through is gone: the kubelet's status and lease requests end on its own node, so the node goes NotReady while the API server itself answers",
  },
  // Every worker NotReady while every control-plane node stays Ready: the control-plane kubelets reach the API server on
  // their own hosts, the workers through a shared path (the API server's load balancer, the node-local proxies): that
  // path is what failed, not the API server, and not each worker on its own.
  {
    fact: 'nodes.workers_cut_off',
    pattern: [
      `${EVERY}${WORKERS}[^\\n]{0,80}${NOT_READY}[^\\n]{0,200}${CONTROL_PLANE}[^\\n]{0,80}${STILL_READY}`,
      `${CONTROL_PLANE}[^\\n]{0,80}${STILL_READY}[^\\n]{0,200}${EVERY}${WORKERS}[^\\n]{0,80}${NOT_READY}`,
    ].join('|'),
    literals: ['NotReady', 'Not Ready', 'not-ready'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: the node controller's view split by role (kubectl get nodes: every worker NotReady, every control-plane node Ready); the control-plane kubelets reach the API server on their own host (kubeadm's kubelet.conf names the local endpoint on them), the workers through the shared load balancer or node-local proxies",
    mechanism:
      "every worker's kubelet lost the shared path to the API server (its load balancer, the node-local proxies) while the control-plane kubelets, which reach it locally, still post: the path is cut, not the API server",
  },
  // The low-level runtime's processes that never exit. runc create (and its init stage, runc init) exits once the
  // container's process is started (runc's create/start split; the shim's go-runc Create returns with it), so a runc
  // process still in the process table minutes later is a start that did not finish: waiting in the kernel, or on
  // systemd's answer to the cgroup driver's StartTransientUnit. What to ask: its kernel stack (cat /proc/PID/stack)
  // and the service manager's release.
  {
    fact: 'runc.init_stuck',
    pattern: [
      `${RUNC_PROCESS}${S}{0,60}${NEVER_EXITS}`,
      `(?:lingering|leftover|left-over|stuck|hung|hanging|orphaned?|zombie-free) ${RUNC_PROCESS}`,
      `${RUNC_PROCESS_ZH}${S}{0,20}${NEVER_EXITS_ZH}`,
      `(?:正在运行|正在執行|还在运行|仍在运行|一直在运行|卡住)的 ?${RUNC_PROCESS_ZH}`,
    ].join('|'),
    literals: ['runc'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: runc's create or init stage still in the process list (opencontainers/runc: `runc create` returns once the container's init is set up and waits at the exec fifo, the shim's go-runc Create returning with it; `runc init` execs the user's process on `runc start`), said not to exit",
    mechanism:
      "a container's start did not finish: runc waits in the kernel or on systemd's answer to the cgroup driver's call, and the runtime's create for that container (and whatever waits on its lock) waits with it",
  },
  // The runtime daemon's own request threads piled up on one container's lock (moby daemon/inspect.go
  // ContainerInspectCurrent takes ctr.Lock(), v1.13-v26, containerInspect from v28; the lock held by a start or kill
  // of that container waiting on containerd and runc): every call that touches that container, the kubelet's relist
  // among them, waits on the daemon, which answers nothing more for it.
  {
    fact: 'runtime.daemon_lock_pileup',
    pattern: [
      `${LOCK_HOLDER}${S}{0,200}(?:${WAITS_ON_LOCK})`,
      `(?:${WAITS_ON_LOCK})${S}{0,200}${LOCK_HOLDER}`,
    ].join('|'),
    literals: ['mutex', 'lock', '等待', '等在'],
    unless: `${COMMON_UNLESS}|[Kk]ubelet|kubelet's|etcd|apiserver`,
    observation: true,
    prose: true,
    source:
      "observation: a goroutine or thread dump of the runtime daemon (dockerd's SIGUSR1 dump in /var/run/docker, containerd's SIGUSR1 to its log) whose request goroutines wait on one container's mutex: moby daemon/inspect.go (*Daemon).ContainerInspectCurrent (ctr.Lock(), v1.13-v26; containerInspect from v28) and daemon/list.go, the lock held by a start (daemon/start.go containerStart) or a kill waiting on containerd's task and runc",
    mechanism:
      "the runtime daemon's request threads pile up on one container's lock held by a start or kill that never returns: the daemon answers nothing that touches that container, and the kubelet's relist, which inspects every container, waits with them",
  },
  // A runtime class's installer (kata-deploy, the NVIDIA container toolkit's or GPU operator's, a gVisor or sysbox
  // installer DaemonSet) writes its shim and runtime binaries and a runtime entry into the node's runtime configuration,
  // and on its pod's exit (kata-deploy's cleanup, the toolkit's uninstall) removes them and restarts the runtime. The
  // runtime then cannot resolve the class's shim (containerd's "invalid custom binary path", CRI-O's handler dropped)
  // and every pod of that class dies whenever the installer's pods restart or roll out.
  {
    fact: 'runtime.handler_missing',
    pattern: [
      `${INSTALLER}${S}{0,160}${EVERY_CLASS_POD}${S}{0,60}${DIE}`,
      `${EVERY_CLASS_POD}${S}{0,60}${DIE}${S}{0,160}${INSTALLER}`,
      `${INSTALLER}${S}{0,60}(?:cleanup|clean-up|clean up|uninstall(?:s|ed)?|remov(?:es|ed|ing))${S}{0,60}(?:shim|binar(?:y|ies)|artifacts|runtime class|RuntimeClass|handler|config(?:uration)? (?:drop-in|entry|snippet))`,
    ].join('|'),
    literals: [
      'kata-deploy',
      'kata deploy',
      'container-toolkit',
      'container toolkit',
      'gpu-operator',
      'gpu operator',
      'gvisor',
      'runsc',
      'sysbox',
      'kata',
    ],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: a runtime class's installer DaemonSet (kata-containers tools/packaging/kata-deploy, whose cleanup on the pod's exit removes /opt/kata and its containerd or CRI-O drop-in and restarts the runtime; the NVIDIA container toolkit's and GPU operator's, gVisor's and sysbox's installers) said to take that class's pods down when its own pods restart or roll out",
    mechanism:
      "the installer's cleanup removed the runtime class's shim and its runtime entry and restarted the runtime: the runtime can no longer run that class, so every pod of it dies and cannot be made again until the installer writes them back",
  },
  // The runtime upgraded by the node image (a new machine image, AMI, COS/GCI or Bottlerocket release shipping a newer
  // docker or containerd): the runtime on the node is a new release though nobody upgraded it on its own.
  {
    fact: 'runtime.upgraded',
    pattern: [
      `${NODE_IMAGE}${S}{0,60}(?:ships?|shipped|comes with|came with|brings?|brought|bump(?:s|ed)|upgrade[sd]?|update[sd]?|moved to|switch(?:es|ed)? to|includes?|included)${S}{0,30}(?:a )?(?:newer |new )?${RUNTIME}`,
      `${RUNTIME}${S}{0,40}(?:was|were|got|had been|has been) (?:upgraded|updated|bumped)${S}{0,30}(?:in|with|by) (?:the |a |our )?(?:new )?${NODE_IMAGE}`,
    ].join('|'),
    literals: [
      'node image',
      'machine image',
      'OS image',
      'VM image',
      'base image',
      'host image',
      'AMI',
      'GCI',
      'COS image',
      'Container-Optimized OS',
      'Bottlerocket',
      'Flatcar',
    ],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: the node image (a cloud machine image, GKE's COS/GCI, EKS's AMI, Bottlerocket or Flatcar releases) carrying a newer runtime release than the one before, so the runtime changed with the image",
    mechanism:
      'the runtime on the node is a new release that came with the node image: its start-up, defaults or API may differ from what the kubelet and the node configuration expect',
  },
];
