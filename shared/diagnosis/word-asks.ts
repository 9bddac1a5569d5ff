import type { Missing } from '../schemas/diagnosis.ts';
import type { bundleTexts } from './extract/versions.ts';
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

const has = (facts: FactSet, ids: readonly FactId[]) => ids.some((id) => facts.has(id));

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

/** `texts`: the bundle's texts (bundleTexts), read once for every ask. */
export function wordAsks(texts: ReturnType<typeof bundleTexts>, facts: FactSet): Missing[] {
  const any = (p: RegExp) => texts.some((t) => p.test(t.text));
  const asks: Missing[] = [];
  if (facts.has('apiserver.down') && !has(facts, DATASTORE_FACTS))
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
  return asks;
}
