import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { GET_DAEMONSETS_HEADER, type ListedNode, nodeTablesIn, tablesUnder } from '../paste/table.ts';
import { CNI_NODE_AGENTS } from './cni-agents.ts';
import { bundleRuns, runAndLogTexts } from './run.ts';

/**
 * Round 20: a network plugin whose node side runs on every node but the control plane. Its agent is a DaemonSet, and
 * the DaemonSet controller places a pod only on nodes whose taints it tolerates and whose labels its nodeSelector
 * matches (kubernetes pkg/controller/daemon/daemon_controller.go NodeShouldRunDaemonPod, through the scheduler's
 * taint-toleration and node-affinity predicates). kubeadm taints its control-plane nodes NoSchedule
 * (node-role.kubernetes.io/control-plane since 1.24, node-role.kubernetes.io/master before: cmd/kubeadm/app/constants
 * ControlPlaneTaint, OldControlPlaneTaint), so an agent without that toleration (or one whose selector names workers)
 * is not run there: no CNI configuration is written on the control plane, its runtime reports NetworkReady=false,
 * and only the control plane stays NotReady while the workers, whose agents run, turn Ready.
 *
 * Program output read here:
 * - `kubectl get nodes` (pkg/printers/internalversion/printers.go nodeColumnDefinitions: NAME, STATUS, ROLES, AGE,
 *   VERSION; ROLES from the node-role.kubernetes.io/<role> labels, "<none>" without one; STATUS "NotReady" or
 *   "NotReady,SchedulingDisabled"): every control-plane row NotReady and every other row Ready.
 * - `kubectl get daemonsets` (daemonSetColumnDefinitions: NAME, DESIRED, CURRENT, READY, UP-TO-DATE, AVAILABLE, NODE
 *   SELECTOR, AGE) of a network plugin's agent, DESIRED below the number of nodes the node table lists: the
 *   controller did not place the agent on every node.
 */
/** The control plane's role labels (kubeadm's control-plane and master; OpenShift's master). */
const CONTROL_PLANE_ROLE = /(?:^|,)(?:control-plane|master)(?:,|$)/;
/**
 * The network plugins' node-side DaemonSets (cni-agents.ts; flannel's per-architecture DaemonSets before 0.12 are left
 * out, each placed by design on its own architecture's nodes only), with the Open vSwitch based ones: openshift-sdn's
 * sdn and ovs, ovn-kubernetes' ovnkube-node, kube-ovn's ovs-ovn.
 */
const CNI_DAEMONSET = new RegExp(`^(?:${[...CNI_NODE_AGENTS, 'ovs-ovn', 'sdn', 'ovs'].join('|')})$`);

const isControlPlane = (r: ListedNode) => CONTROL_PLANE_ROLE.test(r.cells.get('ROLES') ?? '');

/** Node tables in which every control-plane row is NotReady and every other Ready; the nodes listed, and whether any is NotReady. */
function nodeTables(
  sources: readonly { source: string; text: string }[],
  facts: FactSet,
): { nodeCount: number; anyNotReady: boolean } {
  let nodeCount = 0;
  let anyNotReady = false;
  for (const { source, text } of sources) {
    for (const rows of nodeTablesIn(text)) {
      nodeCount = Math.max(nodeCount, rows.length);
      if (rows.some((r) => !r.ready)) anyNotReady = true;
      const plane = rows.filter(isControlPlane);
      const others = rows.filter((r) => !isControlPlane(r));
      const planeDown = plane.length > 0 && plane.every((r) => !r.ready);
      const othersUp = others.length > 0 && others.every((r) => r.ready);
      if (planeDown && othersUp)
        facts.add({
          id: 'cni.agent_not_placed',
          source,
          text: `kubectl get nodes → control plane NotReady (${plane.map((r) => r.name).join(', ')}), ${others.length} other node(s) Ready`,
        });
    }
  }
  return { nodeCount, anyNotReady };
}

export function extractNodeRoles(bundle: EvidenceBundle, facts: FactSet): void {
  // A table can stand in a command output or among the logs.
  const sources = runAndLogTexts(bundleRuns(bundle), bundle);
  const { nodeCount, anyNotReady } = nodeTables(sources, facts);
  // A DaemonSet placed on fewer nodes than the cluster has is by design unless a node it misses is NotReady.
  if (nodeCount === 0 || !anyNotReady) return;
  for (const { source, text } of sources) {
    for (const table of tablesUnder(text, GET_DAEMONSETS_HEADER)) {
      for (const row of table) {
        const name = row.get('NAME') ?? '';
        const desired = Number(row.get('DESIRED'));
        if (!CNI_DAEMONSET.test(name) || !Number.isInteger(desired) || desired >= nodeCount) continue;
        facts.add({
          id: 'cni.agent_not_placed',
          source,
          text: `kubectl get daemonsets → ${name} DESIRED ${desired} of ${nodeCount} nodes listed: the agent is not placed on every node`,
        });
      }
    }
  }
}
