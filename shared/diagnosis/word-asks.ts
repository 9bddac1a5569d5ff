import type { Missing } from '../schemas/diagnosis.ts';
import type { FactId, FactSet } from './facts.ts';

/**
 * Round 25: what to ask for when a bundle's facts name a link of a chain whose cause sits one step further, in
 * output the bundle does not hold (accuracy.md, round 25's class 9). Each ask stands on facts the engine read and on
 * the absence of the facts that would answer it:
 *
 * - the API server down or coming and going with nothing of its datastore: the datastore's request latencies
 *   (etcd's "apply request took too long" and "slow fdatasync", etcd-io/etcd server/etcdserver/txn/util.go
 *   warnOfExpensiveGenericRequest and server/storage/wal/wal.go; kine's "Slow SQL", dqlite under microk8s), and
 *   `etcdctl endpoint status` (etcdctl/ctlv3/command/ep_command.go: DB size, raft term and index per member);
 * - the network plugin's agent not there on a machine, with nothing of why: the admission webhooks that may refuse
 *   system pods (kubernetes staging/src/k8s.io/apiserver/pkg/admission/plugin/webhook/errors/statuserror.go
 *   ToStatusErr: `admission webhook %q denied the request: %s`; failurePolicy Fail when the webhook is down), the
 *   DaemonSets' FailedCreate events (pkg/controller/daemon/daemon_controller.go), and the system namespace's labels
 *   that a webhook's namespaceSelector exempts;
 * - the kubelet crashing with its trace only linked: the trace itself from the journal (Go's runtime/panic.go
 *   "panic: ", "goroutine N [running]:", "[signal SIGSEGV: segmentation violation");
 * - a node NotReady while a network plugin attaches secondary interfaces (ENI, multus, ipvlan): the host's routes
 *   per table and its policy rules (ip-route(8) `show table all`, ip-rule(8)), and what the host's network manager
 *   does with interfaces it did not create (systemd-networkd's matching .network files, NetworkManager's managed
 *   devices; a DHCP client on a new interface installs a second default route).
 */

/** Facts that already say how the datastore fared. */
const DATASTORE_FACTS: readonly FactId[] = ['etcd.slow_disk', 'etcd.unavailable', 'etcd.starved'];

/** A stack trace of a Go program in the bundle (runtime/panic.go, runtime/traceback.go). */
const GO_TRACE =
  /goroutine [0-9]+ \[|\npanic: |\[signal SIG[A-Z]+|runtime\.gopanic|invalid memory address or nil pointer/;

/** A link to a paste of text (a gist, a pastebin, a file attached to an issue). */
const LINK =
  /https?:\/\/(?:gist\.github(?:usercontent)?\.com|pastebin\.com|paste\.|hastebin|dpaste|github\.com\/[^\s)]+\/files\/|[^\s)]+\.(?:log|txt))/;

/** Secondary interfaces a network plugin attaches to the host (AWS ENIs, multus' extra networks, ipvlan, macvlan). */
const SECONDARY_INTERFACES =
  /\bENIs?\b|secondary (?:network )?interfaces?|secondary NICs?|multus|ipvlan|macvlan|native[- ]routing|ipam(?:Mode)?: ?eni|eni mode|弹性网卡|辅助网卡|辅助网络接口/;

/** Admission's refusals already in the bundle: the question is answered. */
const ADMISSION_REFUSAL = /admission webhook "[^"\n]*" denied the request|failed calling webhook/;

/** `any`: whether any of the bundle's texts holds a pattern (diagnose.ts makes it once for every ask). */
export function wordAsks(any: (pattern: RegExp) => boolean, facts: FactSet): Missing[] {
  const asks: Missing[] = [];
  if (facts.has('apiserver.down') && !facts.hasAny(DATASTORE_FACTS))
    asks.push({
      what: "the datastore's request latencies in the control plane's journal (etcd's, or kine's/dqlite's under a single-binary distribution) and each member's status",
      why: 'the API server is described down or coming and going with nothing of its datastore: an API server whose datastore answers too slowly times out its requests and its own health checks, and the daemon that runs it (kubelite, a k3s or rke2 server, the static pod) exits and restarts in turns; every kubelet loses its status path each time',
      how: "journalctl -u snap.microk8s.daemon-kubelite -u k3s -u rke2-server -u etcd --since -1d --no-pager | grep -E 'apply request took too long|slow fdatasync|took too long|Slow SQL|leader changed|heartbeat' | tail -n 30; crictl logs $(crictl ps -a --name etcd -q | head -n 1) 2>&1 | grep -E 'took too long|slow fdatasync' | tail -n 20; ETCDCTL_API=3 etcdctl endpoint status --cluster -w table",
    });
  if (facts.has('cni.agent_down') && !any(ADMISSION_REFUSAL))
    asks.push({
      what: "why the network plugin's and the other system DaemonSets' pods were not created there: the DaemonSets' FailedCreate events, the admission webhooks that may refuse them, and the system namespace's labels",
      why: "the network plugin's agent is described not there on the machine: a DaemonSet creates its pod on every node unless the API server refuses it, and an admission webhook (a policy engine such as Kyverno or Gatekeeper) whose namespaceSelector no longer exempts kube-system, or whose failurePolicy is Fail while it is down, refuses every system pod on new machines",
      how: 'kubectl get events -A --field-selector reason=FailedCreate | tail -n 20; kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o custom-columns=NAME:.metadata.name,FAILURE:.webhooks[*].failurePolicy,NAMESPACES:.webhooks[*].namespaceSelector; kubectl get namespace kube-system --show-labels; kubectl -n kube-system get daemonsets',
    });
  if (facts.has('kubelet.panic') && any(LINK) && !any(GO_TRACE))
    asks.push({
      what: "the kubelet's stack trace itself (the panic line and the first goroutine), pasted rather than linked",
      why: "the kubelet is described crashing and its trace is only linked: the trace's first kubelet frames name the function that fails, which says whether it is a known defect and in which release it was fixed",
      how: "journalctl -u kubelet --since -1d --no-pager | grep -m1 -A60 -E '^.*(panic: |fatal error: |SIGSEGV)'; kubelet --version",
    });
  if (
    facts.has('node.status_unknown') ||
    facts.has('kubelet.api_error') ||
    facts.has('node.cut_off') ||
    any(/NotReady/)
  )
    if (any(SECONDARY_INTERFACES))
      asks.push({
        what: "the host's routes per table and its policy rules, and how its network manager handles the interfaces the network plugin attached",
        why: "a node NotReady while a network plugin attaches secondary interfaces: when the host's network manager (systemd-networkd, NetworkManager, a DHCP client) configures an interface it did not create, it adds a second default route, and the kubelet's traffic to the API server leaves by the wrong interface while the pods' datapath still works",
        how: 'ip route show table all; ip rule; ip -br addr; networkctl list 2>/dev/null; nmcli device status 2>/dev/null; ls /etc/systemd/network/ /etc/NetworkManager/conf.d/ 2>/dev/null',
      });
  asks.push(
    ...podNetworkAfterDeploymentAsks(any, facts),
    ...slowStatusUpdateAsks(any, facts),
    ...podStartFreezeAsks(any, facts),
    ...datastoreMemberAsks(any, facts),
    ...networkCutOffAsks(any, facts),
    ...agentRestartAsks(any, facts),
    ...healthyNodeUpdatesAsks(any, facts),
  );
  return asks;
}

/** A network the cluster's own code built (Terraform, a self-managed VPC or subnet, its route tables). */
const SELF_MANAGED_NETWORK =
  /[Tt]erraform|\bVPC\b|self[- ]managed (?:network|VPC|subnets?)|route tables?|路由表/;
/** The cluster DNS pods not coming up (their sandbox never created: no pod network on the node yet). */
const DNS_PODS_STUCK =
  /(?:coredns|CoreDNS|kube-dns|DNS pods?)[^\n]{0,80}(?:ContainerCreating|Pending|stuck|not (?:start|ready|running)|一直|卡)/;
/** Many containers or images said of a node (counts in the hundreds or thousands, or said as many). */
const MANY_CONTAINERS =
  /(?:[0-9]{3,}|hundreds of|thousands of|(?:too |so |very )?many|大量|上千|几百)\s*(?:exited |stopped |dead )?(?:containers|images|容器|镜像)/;
/** The kubelet's status-update timing or the counts already in the bundle. */
const STATUS_TIMING =
  /Error updating node status|kubelet_node_status|PLEG is not healthy|relist|crictl (?:ps|images)[^\n]*wc -l/;

/**
 * What to ask for (round 26, r26-watch), one function each:
 *
 * - nodes NotReady right after a deployment into a network the operator built (Terraform, a self-managed VPC),
 *   with the cluster DNS pods stuck creating: the Ready condition's own message (kubernetes pkg/kubelet/nodestatus
 *   setters.go ReadyCondition: "container runtime network not ready: NetworkReady=false ... cni plugin not
 *   initialized" when the network is the reason), the nodes' pod ranges (Node.spec.podCIDR, allocated by the node
 *   IPAM controller from --cluster-cidr) and the network's route table (a self-managed network routes pod ranges
 *   only if its routes or its plugin's overlay do);
 * - one node's heartbeat missed within the grace period while its kubelet holds many containers and images: the
 *   kubelet's status-update timing (pkg/kubelet/kubelet_node_status.go updateNodeStatus "Error updating node
 *   status, will retry"; the PLEG's relist duration, pkg/kubelet/pleg/generic.go) and the counts that lengthen every
 *   relist and image-list call (crictl ps -a, crictl images).
 */
function podNetworkAfterDeploymentAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  const notReady = facts.has('node.status_unknown') || any(/NotReady|not ready|未就绪/);
  if (!notReady || !any(SELF_MANAGED_NETWORK) || !any(DNS_PODS_STUCK)) return [];
  return [
    {
      what: "the Ready condition's message on the NotReady nodes, the nodes' pod ranges, and the network's route table",
      why: "nodes NotReady right after a deployment into a network built by hand or by Terraform, with the DNS pods stuck creating: the Ready condition's message says whether the kubelet waits on the pod network (NetworkReady=false, the CNI plugin not initialised), and pods reach each other across nodes only if the nodes have pod ranges and the network routes them (or the plugin's overlay carries them)",
      how: "kubectl get nodes -o custom-columns=NAME:.metadata.name,READY:.status.conditions[?(@.type==\"Ready\")].message; kubectl get nodes -o jsonpath='{..podCIDR}'; kubectl -n kube-system get pods -o wide | grep -Ei 'dns|cni|calico|flannel|cilium'; ip route; aws ec2 describe-route-tables --filters Name=vpc-id,Values=<vpc-id> 2>/dev/null",
    },
  ];
}

/** The second ask of the note above: a heartbeat missed on a node holding many containers and images. */
function slowStatusUpdateAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  const heartbeat =
    facts.has('node.status_unknown') ||
    facts.has('kubelet.lease_expired') ||
    facts.has('kubelet.heartbeat_failed') ||
    any(/heartbeat|stopped posting node status|NodeStatusUnknown|心跳/);
  if (!heartbeat || !any(MANY_CONTAINERS) || any(STATUS_TIMING)) return [];
  return [
    {
      what: "the kubelet's status-update timing and the node's container and image counts",
      why: "one node missed its heartbeat within the grace period while its kubelet holds many containers and images: every relist and image listing walks them all, and a kubelet whose status update waits on them posts late; its own lines say how late, and the counts say whether the runtime's lists are what holds it",
      how: "journalctl -u kubelet --since -2h --no-pager | grep -E 'Error updating node status|kubelet_node_status|PLEG|relist' | tail -n 30; crictl ps -a | wc -l; crictl images | wc -l; curl -sk https://localhost:10250/metrics 2>/dev/null | grep -E 'kubelet_pleg_relist_duration_seconds_(sum|count)'",
    },
  ];
}

/** Facts that already say how the node's inotify fared (instances or watches used up, leaked, or a low limit). */
const INOTIFY_FACTS: readonly FactId[] = ['fd.inotify', 'fd.inotify_leak', 'fd.limit_low', 'fd.watch_error'];
/** Workers or pods said to freeze or hang as pods or containers start (either order, one sentence). */
const FREEZE_AT_START =
  /(?:freez|froze|frozen|hang|hung|stall|stuck|lock(?:s|ed)? up)[^\n.;]{0,60}(?:(?:pod|container)s?(?:'s|’s)? (?:start|creat|launch)|(?:starting|creating|launching) (?:a |new )?(?:pod|container)s?)|(?:(?:pod|container)s?(?:'s|’s)? (?:start|creat|launch)\w*|(?:starting|creating|launching) (?:a |new )?(?:pod|container)s?)[^\n.;]{0,60}(?:freez|froze|frozen|hang|hung|stall|stuck|lock(?:s|ed)? up)|(?:(?:启动|創建|创建|啟動) ?(?:新的?)?(?:pod|容器)|(?:pod|容器) ?(?:启动|啟動|创建|創建))[^\n。；]{0,30}(?:卡住|卡死|冻结|凍結|假死|hang)/i;
/** The inotify limits or counts already in the bundle: the question is answered. */
const INOTIFY_SHOWN = /max_user_instances|max_user_watches|anon_inode:inotify/;

/** One control-plane member (its etcd, its API server) said to stand behind the nodes that are NotReady. */
const BEHIND_ONE_MEMBER =
  /(?:one|a single|the same|only one|one of the) (?:control[- ]plane (?:node|member|server)|master(?: node)?|etcd (?:member|node)|API server|apiserver)|(?:behind|through|via|connected to|pointing (?:at|to)) (?:that|this|one|the slow|master-?[0-9]+|cp-?[0-9]+)|(?:同一个?|某一?个|其中一个)(?:master|控制节点|控制平面节点|etcd ?成员|etcd ?节点|API ?server|apiserver)/;
/** Per-member datastore figures already in the bundle. */
const MEMBER_FIGURES = /endpoint status|check perf|DB SIZE|RAFT TERM|RAFT INDEX|took too long|slow fdatasync/;

/**
 * Round 28 (r28-words), two asks:
 *
 * - workers said to freeze as pods start, with nothing of inotify: the node's inotify limits and what holds them
 *   (inotify(7): fs.inotify.max_user_instances, 128 by default, and max_user_watches, per user; every instance is an
 *   anon_inode:inotify descriptor in some process's /proc/PID/fd; inotify_init1(2) fails EMFILE past the first,
 *   inotify_add_watch(2) ENOSPC past the second), and the kernel's messages at the freeze (hung tasks, lockups);
 * - nodes NotReady behind one control-plane member, or one datastore member said slow, with nothing of the datastore:
 *   each member's latency and status (etcdctl/ctlv3/command/ep_command.go `endpoint status --cluster`, check.go `check
 *   perf`) and which API server each node's kubelet reaches (its kubeconfig's server; a kubelet stays on the API
 *   server it connected to, so the nodes behind one slow member are the ones NotReady).
 */
function podStartFreezeAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  if (!any(FREEZE_AT_START) || facts.hasAny(INOTIFY_FACTS) || any(INOTIFY_SHOWN)) return [];
  return [
    {
      what: "the node's inotify limits and how many inotify instances are open, and the kernel's messages at the moment of the freeze",
      why: "workers are described freezing as pods start: every container start adds inotify instances and watches (the kubelet's and cAdvisor's cgroup watches, the runtime's, the pods' own), and past fs.inotify.max_user_instances or max_user_watches the next one fails (inotify_init1 EMFILE, inotify_add_watch ENOSPC) and the start stalls; the kernel's log at the freeze says whether tasks were blocked instead",
      how: "sysctl fs.inotify.max_user_instances fs.inotify.max_user_watches; find /proc/*/fd -lname anon_inode:inotify 2>/dev/null | wc -l; find /proc/*/fd -lname anon_inode:inotify 2>/dev/null | cut -d/ -f3 | sort | uniq -c | sort -rn | head; journalctl -k --since -2h --no-pager | grep -Ei 'blocked for more than|soft lockup|hung_task|inotify|too many open files' | tail -n 30",
    },
  ];
}

/** The second ask of the note above: nodes NotReady behind one control-plane or datastore member. */
function datastoreMemberAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  const notReady = facts.has('node.status_unknown') || any(/NotReady|not ready|未就绪|未就緒/);
  const behindOne = facts.has('etcd.member_slow') || (notReady && any(BEHIND_ONE_MEMBER));
  if (!behindOne || facts.hasAny(DATASTORE_FACTS) || any(MEMBER_FIGURES)) return [];
  return [
    {
      what: "each datastore member's latency and status, and which API server each NotReady node's kubelet reaches",
      why: "nodes are described NotReady behind one control-plane member: an API server waits on its datastore member for every write, so a slow or lagging member times out the Lease and status writes of the kubelets connected to that API server, and only their nodes go NotReady; the members' figures say which one, and the kubelets' server says which nodes it serves",
      how: "ETCDCTL_API=3 etcdctl endpoint status --cluster -w table; ETCDCTL_API=3 etcdctl check perf; ETCDCTL_API=3 etcdctl endpoint health --cluster -w table; grep server: /etc/kubernetes/kubelet.conf; ss -tnp | grep kubelet | grep -E ':6443|:443'",
    },
  ];
}

/** The host's packet filter, routes and interfaces already in the bundle: the question is answered. */
const HOST_NETWORK_SHOWN =
  /iptables-save|nft list ruleset|ip (?:-br )?(?:route|link|addr)|^\*filter$|^default via /m;
/** The agent's pod described (its probes, its last state) or its previous container's log already in the bundle. */
const AGENT_POD_SHOWN =
  /Last State:[^\n]*Terminated|--previous|-p (?:calico|cilium|aws-node|kube-flannel|weave|antrea)/;
/** The node itself said healthy: its resources, OS or network fine (EN, ZH, JA). */
const NODE_SAID_HEALTHY =
  /(?:CPU|[Mm]emory|RAM|[Rr]esources?|OS|[Nn]etwork|[Dd]isk|[Ll]oad)[^\n.;]{0,60}(?:were|was|are|is|looked|seemed|all)? ?(?:fine|healthy|normal|OK|ok|good)|(?:CPU|内存|內存|资源|資源|网络|網絡|網路|系统|系統|OS)[^\n。；]{0,20}(?:正常|没有问题|沒有問題|充足|空闲|空閒)|(?:CPU|メモリ|リソース|ネットワーク|OS)[^\n。]{0,20}(?:正常|問題な|余裕)/;
/** Facts that already say how the API server's datastore fared, or that the API server is down. */
const CONTROL_PLANE_FACTS: readonly FactId[] = [...DATASTORE_FACTS, 'etcd.member_slow', 'apiserver.down'];

/**
 * Round 29 (r29-words), three asks:
 *
 * - a node said cut off from its network (network.disrupted: found broken from its console, its network cut or
 *   troubled) with nothing of the host's own network state: from the console, the packet filter's rules and their
 *   count (iptables-save(8), nft(8) `list ruleset`: a rule set that drops everything, or tens of thousands of rules a
 *   program left), the routes (ip-route(8): no default route) and the interfaces' state and addresses (ip-link(8),
 *   ip-address(8) `-br`); and whether the node reaches the API server at all;
 * - the network agent restarted before its start finishes (cni.agent_restart_loop, cni.agent_start_cut) with neither
 *   its pod described nor its previous container's log: `kubectl describe pod` shows the probe failures (events
 *   Unhealthy, Killing "failed liveness probe, will be restarted"), the probe's timings (initialDelaySeconds,
 *   periodSeconds, failureThreshold) and the last state (exit 137 or 143 is a kill, another code the agent's own exit);
 *   `kubectl logs --previous` shows where the killed start stood;
 * - the Lease and status updates said stopped on a node said healthy, with nothing of the control plane: the API
 *   server's request latency and errors and its datastore's (etcd's "apply request took too long" and "slow
 *   fdatasync", etcd-io/etcd server/etcdserver/util.go and server/storage/wal/wal.go; the API server's
 *   apiserver_request_duration_seconds for leases; etcdctl `endpoint status`): a kubelet whose writes time out on the
 *   API server's side stops landing while the node itself is fine.
 */
function networkCutOffAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  if (!facts.has('network.disrupted') || any(HOST_NETWORK_SHOWN)) return [];
  return [
    {
      what: "the host's packet-filter rules, routes and interface state, taken from the console, and whether the node reaches the API server",
      why: 'the node is said cut off from its network: a host that answers on its console but not on its network is cut off by its own network state (a packet-filter rule set that drops its traffic or grew to tens of thousands of rules, a default route gone, an interface down or without its address), and each says which',
      how: 'iptables-save | head -100; iptables-save | wc -l; nft list ruleset | head -100; ip route; ip -br link; ip -br addr; curl -sk -m 5 https://<api-server>:6443/healthz',
    },
  ];
}

function agentRestartAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  if (!facts.hasAny(['cni.agent_restart_loop', 'cni.agent_start_cut']) || any(AGENT_POD_SHOWN)) return [];
  return [
    {
      what: "the network agent's pod described (its probe failures, the probes' timings, its last state) and its previous container's log",
      why: "the node's network agent is restarted before its start finishes: the pod's events say whether the kubelet killed it on its liveness or startup probe (Unhealthy, then Killing \"failed liveness probe, will be restarted\") or it exited on its own, its last state's exit code says which (137 or 143 a kill), the probes' initialDelaySeconds, periodSeconds and failureThreshold say how long a start may take, and the previous container's log says where the killed start stood",
      how: 'kubectl -n kube-system get pods -o wide | grep -Ei "calico|cilium|flannel|aws-node|weave|antrea|kube-ovn|ovnkube"; kubectl -n kube-system describe pod <agent-pod-on-this-node>; kubectl -n kube-system logs <agent-pod-on-this-node> --previous --tail=100',
    },
  ];
}

function healthyNodeUpdatesAsks(any: (p: RegExp) => boolean, facts: FactSet): Missing[] {
  if (!facts.has('kubelet.lease_expired') || !any(NODE_SAID_HEALTHY) || facts.hasAny(CONTROL_PLANE_FACTS))
    return [];
  if (any(MEMBER_FIGURES)) return [];
  return [
    {
      what: "the API server's request latency and errors for the node's Lease and status writes, and its datastore's latency",
      why: "the node's Lease and status updates are said to have stopped while the node itself (its CPU, memory, OS and network) is said healthy: when the node is fine, the writes stop landing on the control plane's side, an API server that times out its requests because its datastore answers slowly (etcd's slow applies and fdatasync), and the node controller marks the node NotReady",
      how: "kubectl get --raw /metrics | grep -E 'apiserver_request_duration_seconds_(sum|count)\\{.*resource=\"(leases|nodes)\"' | head; journalctl -u kube-apiserver -u etcd --since -2h --no-pager | grep -E 'Timeout|timeout|took too long|slow fdatasync' | tail -n 30; crictl logs $(crictl ps -a --name etcd -q | head -n 1) 2>&1 | grep -E 'took too long|slow fdatasync' | tail -n 20; ETCDCTL_API=3 etcdctl endpoint status --cluster -w table",
    },
  ];
}
