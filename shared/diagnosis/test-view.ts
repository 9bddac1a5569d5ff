import type { EvidenceBundle } from '../schemas/bundle.ts';
import type { Missing } from '../schemas/diagnosis.ts';
import { isNodeName } from './commands.ts';
import { bundleTexts } from './extract/versions.ts';
import { GET_PODS_HEADER, nodeTablesIn, tablesUnder } from './paste/table.ts';

/**
 * Round 20: bundles that are only an end-to-end test's view of the cluster. A suite's output says that pods did not
 * run in time, or shows a node's pods Pending, or many nodes NotReady at once; none of that is a mechanism on a node,
 * so it yields no fact and no verdict. What it does say is where to look, and that is asked for here (questions,
 * never causes).
 *
 * The test's words, from its sources:
 * - kubernetes test/e2e/framework/pod/wait.go WaitForPodsRunningReady ("%d / %d pods in namespace %q are NOT in
 *   RUNNING and READY state in %v"; "Error waiting for all pods to be running and ready" before 1.25; "expected %d pod
 *   replicas in namespace %q, %d are Running and Ready." before that, with LogPodStates' table of POD, NODE, PHASE,
 *   GRACE, CONDITIONS), the early framework's test/e2e/util.go waitForPodCondition ("gave up waiting for pod '%s' to
 *   be '%s' after %v") and its callers ("failed to wait for pods running: %v"),
 *   WaitForPodCondition ("Waiting up to %v for pod %q in namespace %q to be %q", then the pod's Phase="Pending"),
 *   WaitTimeoutForPodRunningInNamespace ("timed out waiting for the condition" from k8s.io/apimachinery
 *   pkg/util/wait ErrWaitTimeout, "context deadline exceeded" since its context form), gomega's Eventually
 *   ("Timed out after %.3fs."), test/e2e/framework/node/wait.go ("Condition Ready of node %s is false instead of true";
 *   "Timed out waiting for nodes to be ready" / "Not all nodes are ready" in the suite's set-up).
 * - `kubectl get pods -o wide` (printers.go podColumnDefinitions: NAME, READY, STATUS, RESTARTS, AGE, IP, NODE).
 * - `kubectl get nodes` (nodeColumnDefinitions: NAME, STATUS, ROLES, AGE, VERSION).
 */
const POD_WAIT_TIMEOUT: readonly RegExp[] = [
  /\d+ \/ \d+ pods in namespace \S+ are NOT in RUNNING and READY state/,
  /expected \d+ pod replicas in namespace \S+, \d+ are Running and Ready/,
  /gave up waiting for pod \S+ to be \S+ after /,
  /failed to wait for pods? (?:running|to be running)/,
  /[Ee]rror waiting for all pods to be running and ready/,
  /Waiting up to \S+ for pod \S+ in namespace \S+ to be /,
  /Timed out after \d+(?:\.\d+)?s\.?[^\n]{0,200}(?:[Pp]od|[Rr]unning|[Rr]eady)|(?:[Pp]od|[Rr]unning|[Rr]eady)[^\n]{0,200}Timed out after \d+(?:\.\d+)?s/,
  /(?:[Pp]ods?|[Rr]unning)[^\n]{0,200}timed out waiting for the condition|timed out waiting for the condition[^\n]{0,200}(?:[Pp]ods?|[Rr]unning)/,
  /Condition Ready of node \S+ is (?:false|unknown) instead of true/,
  /(?:Timed out waiting for nodes to be ready|Not all nodes are ready)/,
];
/** A test suite's own marks (ginkgo's failure summary and spec markers, the e2e framework's steps). */
const SUITE_MARK =
  /test\/e2e\/|\be2e[- ]|\[Fail\]|Summarizing \d+ Failures?|• Failure|\[FAILED\]|\bSTEP: |\[It\] |--- FAIL: |e2e\.test|ginkgo|\[sig-[a-z-]+\]/;

/** A pod not running yet: Pending, its containers being created, its init containers not done. */
const NOT_STARTED = /^(?:Pending|ContainerCreating|PodInitializing|Init:\d+\/\d+)$/;

/** The framework's LogPodStates rows ("INFO: POD  NODE  PHASE  GRACE  CONDITIONS"), each pod's node and phase. */
const POD_STATE_ROW = /INFO: (\S+)\s+(\S+)\s+(Pending|Running|Succeeded|Failed|Unknown)\b/g;

/**
 * The node most not-started pods are on, when it holds two or more of them and at least half of all: in a
 * `kubectl get pods -o wide` table or the framework's pod-state listing.
 */
function pendingNode(texts: readonly string[]): string | undefined {
  const candidates: string[][] = [];
  for (const text of texts) {
    for (const rows of tablesUnder(text, GET_PODS_HEADER))
      candidates.push(
        rows
          .filter((r) => NOT_STARTED.test(r.get('STATUS') ?? ''))
          .map((r) => r.get('NODE') ?? '')
          .filter((n) => n !== '' && n !== '<none>'),
      );
    if (/INFO: POD\s+NODE\s+PHASE\b/.test(text))
      candidates.push(
        [...text.matchAll(POD_STATE_ROW)]
          .filter((m) => m[3] === 'Pending' && m[1] !== 'POD')
          .map((m) => m[2] ?? ''),
      );
  }
  for (const nodes of candidates) {
    const counts = new Map<string, number>();
    for (const n of nodes) counts.set(n, (counts.get(n) ?? 0) + 1);
    const [first, second] = [...counts].sort((a, b) => b[1] - a[1]);
    // The one node with the most, two or more and at least half of them (a tie names no node).
    if (first && first[1] >= 2 && first[1] * 2 >= nodes.length && first[1] > (second?.[1] ?? 0))
      return first[0];
  }
  return undefined;
}

/** A node table in which at least three nodes and at least half of them are NotReady. */
function manyNotReady(texts: readonly string[]): { notReady: number; total: number } | undefined {
  for (const text of texts)
    for (const listed of nodeTablesIn(text)) {
      const notReady = listed.filter((r) => !r.ready).length;
      if (notReady >= 3 && notReady * 2 >= listed.length) return { notReady, total: listed.length };
    }
  return undefined;
}

/** Many nodes said NotReady at once, in words: "40 of 100 nodes NotReady", "half of the nodes never became Ready". */
const MANY_IN_WORDS: readonly RegExp[] = [
  /\b\d{2,5} NotReady (?:nodes|ones)\b/,
  /\b(?:half|most|a (?:large|big) (?:share|part|fraction|number)|many|dozens|hundreds|all) of (?:the |our )?(?:\d{1,5} )?nodes[^\n.]{0,60}(?:NotReady|[Nn]ot ?[Rr]eady|never (?:became|come|came)[^\n.]{0,10}[Rr]eady)/,
  /(?:一半|大部分|大量|很多|多数|所有)(?:的)?(?:节点|節點|node)[^\n。]{0,20}(?:NotReady|[Nn]ot ?[Rr]eady|不 ?[Rr]eady)/,
];

/** "N of M nodes NotReady", "only R/M nodes became ready": counted, many when ten or more, or three and half. */
const COUNTED_NOT_READY =
  /\b(\d{1,5}) (?:of|out of) (?:the )?(\d{1,5}) nodes?[^\n.]{0,60}(?:NotReady|[Nn]ot ?[Rr]eady|never (?:became|come|came)[^\n.]{0,10}[Rr]eady)/g;
const COUNTED_READY =
  /\bonly (\d{1,5}) ?(?:\/|of|out of) ?(\d{1,5}) (?:of )?(?:the )?nodes?[^\n.]{0,30}[Rr]eady/g;
const many = (notReady: number, total: number) =>
  notReady <= total && (notReady >= 10 || (notReady >= 3 && notReady * 2 >= total));

function manyInWords(text: string): boolean {
  if (MANY_IN_WORDS.some((p) => p.test(text))) return true;
  for (const m of text.matchAll(COUNTED_NOT_READY)) if (many(Number(m[1]), Number(m[2]))) return true;
  for (const m of text.matchAll(COUNTED_READY))
    if (many(Number(m[2]) - Number(m[1]), Number(m[2]))) return true;
  return false;
}

export function testViewProbes(bundle: EvidenceBundle): Missing[] {
  const texts = bundleTexts(bundle).map((t) => t.text);
  const out: Missing[] = [];
  const suite = texts.some((t) => SUITE_MARK.test(t));
  const waited = texts.some((t) => POD_WAIT_TIMEOUT.some((p) => p.test(t)));
  if (waited || (suite && pendingNode(texts) !== undefined))
    out.push({
      what: "the nodes' Ready conditions (status, reason and message) during the failing run, and the kubelet's log of any node not Ready then",
      why: "a test that waited for pods to run and timed out says the pods did not start, not why: the nodes' Ready conditions at that time say whether a node's runtime, network plugin or kubelet was down (the condition's message names which), and a suite's artifacts usually keep them",
      how: 'kubectl get nodes -o wide; kubectl get nodes -o jsonpath=\'{range .items[*]}{.metadata.name}{"\\t"}{range .status.conditions[?(@.type=="Ready")]}{.status} {.reason}: {.message}{end}{"\\n"}{end}\'; kubectl get events -A --field-selector involvedObject.kind=Node',
    });
  // The node's name comes from pasted text: named only when it is a node name, and never put in a command.
  const node = pendingNode(texts);
  if (node !== undefined && isNodeName(node))
    out.push({
      what: `the supervisor's and the container runtime's logs of ${node}, where the pods stay Pending`,
      why: "pods Pending on one node and running elsewhere point at that node: its runtime not starting in time and killed by its supervisor (systemd's start timeout, a restart loop), or the kubelet unable to reach it; the units' logs on that node say which",
      how: 'systemctl status kubelet containerd crio docker --no-pager; journalctl -u kubelet -u containerd -u crio -u docker --since -2h --no-pager | tail -n 200; journalctl -b --no-pager | grep -E "Start operation timed out|Failed with result|Scheduled restart job" | tail -n 40',
    });
  if (manyNotReady(texts) !== undefined || texts.some(manyInWords))
    out.push({
      what: "the control plane's datastore (etcd) and API server during the outage: their health, restarts, and whether they were killed for memory",
      why: "a large share of the nodes NotReady at once points above the nodes: each kubelet's status reaches the control plane through the API server and its datastore, and an etcd that is crash-looping, out of memory or out of quota (or an API server that cannot reach it) leaves every node's status unrecorded at once",
      how: "kubectl get --raw='/readyz?verbose'; kubectl -n kube-system get pods -l component=etcd -o wide; kubectl -n kube-system logs -l component=etcd --tail=100; kubectl -n kube-system logs -l component=kube-apiserver --tail=100; journalctl -k | grep -iE 'out of memory|oom-kill' | grep -i etcd",
    });
  return out;
}
