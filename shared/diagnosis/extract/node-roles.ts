import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { normaliseEvent } from '../../schemas/kube-event.ts';
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

/**
 * kubectl's node AGE (apimachinery pkg/util/duration HumanDuration: "45s", "3m5s", "19h", "2d3h", "45d", "2y"), in
 * seconds; undefined when the cell is not one.
 */
function ageSeconds(age: string | undefined): number | undefined {
  const m = /^(?:([0-9]+)y)?(?:([0-9]+)d)?(?:([0-9]+)h)?(?:([0-9]+)m)?(?:([0-9]+)s)?$/.exec(age ?? '');
  if (!m || !age) return undefined;
  const [y, d, h, min, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number];
  return (((y * 365 + d) * 24 + h) * 60 + min) * 60 + s;
}

/** A node created within the last hour: its NotReady is its joining's (no network plugin yet), not a loss. */
const JOINED_RECENTLY_S = 3600;
const newlyJoined = (age: string | undefined) =>
  (ageSeconds(age) ?? Number.POSITIVE_INFINITY) < JOINED_RECENTLY_S;

/** How many workers must be NotReady together for the split to be the workers' (round 27). */
const WORKERS_AT_ONCE = 2;

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
      // Round 27 (r27-asks): the other split. Every worker NotReady and every control-plane node Ready: the
      // control-plane kubelets reach the API server on their own host, the workers through a shared path (the API
      // server's balancer, node-local proxies) or on machines that are all gone at once (their hypervisor, their
      // power): the workers are cut off, not each one's node-local fault. Two workers at least: one worker NotReady is
      // one node's story.
      const planeUp = plane.length > 0 && plane.every((r) => r.ready);
      const othersDown =
        others.length >= WORKERS_AT_ONCE && others.every((r) => !r.ready && !newlyJoined(r.cells.get('AGE')));
      if (planeUp && othersDown)
        facts.add({
          id: 'nodes.workers_lost_listed',
          source,
          text: `kubectl get nodes → every worker NotReady (${others.map((r) => r.name).join(', ')}), control plane Ready (${plane.map((r) => r.name).join(', ')})`,
        });
    }
  }
  return { nodeCount, anyNotReady };
}

/** Each listed node's role: true for the control plane. */
function listedRoles(sources: readonly { text: string }[]): Map<string, boolean> {
  const roles = new Map<string, boolean>();
  for (const { text } of sources)
    for (const rows of nodeTablesIn(text)) for (const r of rows) roles.set(r.name, isControlPlane(r));
  return roles;
}

/** A control-plane node's usual names, for events whose node no table lists with its roles. */
const CONTROL_PLANE_NAME = /(?:^|[-_.])(?:master|control-?plane|cp|controller)(?:[-_.0-9]|$)/;
/** NodeNotReady events of several nodes this close together are one fault (the node controller's monitor period is 5 s). */
const AT_ONCE_MS = 60_000;

/** One NodeNotReady the node controller recorded: the node, when (ms, comparable within one kind), and where read. */
interface Sighting {
  name: string;
  at: number;
  kind: 'events' | 'controller log' | 'events table';
}

/**
 * The node controller's log of the same (pkg/controller/util/node/controller_utils.go RecordNodeStatusChange:
 * klog "Recording status change %s event message for node %s" to 1.22, structured "Recording status change event
 * message for node" status="NodeNotReady" node="…" after; client-go tools/record event.go's "Event occurred"
 * object="…" kind="Node" reason="NodeNotReady"), timed by klog's header (Lmmdd hh:mm:ss).
 */
const CONTROLLER_LOG_NOT_READY = [
  /Recording status change NodeNotReady event message for node (\S+)/,
  /"Recording status change event message for node" status="NodeNotReady" node="([^"]+)"/,
  /"Event occurred" object="([^"]+)"[^\n]*kind="Node"[^\n]*reason="NodeNotReady"/,
];
const KLOG_TIME = /\b[IWE]([0-9]{2})([0-9]{2}) ([0-9]{2}):([0-9]{2}):([0-9]{2})/;
/** kubectl get events' rows (NAMESPACE optional, LAST SEEN, TYPE, REASON, OBJECT): a Node's NodeNotReady. */
const EVENTS_ROW = /^\s*(?:[a-z0-9-]+\s+)?([0-9][0-9smhdy]*|<unknown>)\s+Normal\s+NodeNotReady\s+node\/(\S+)/;

function textSightings(sources: readonly { text: string }[]): Sighting[] {
  const out: Sighting[] = [];
  for (const { text } of sources) {
    if (!text.includes('NodeNotReady')) continue;
    for (const line of text.split('\n')) {
      if (!line.includes('NodeNotReady')) continue;
      const row = EVENTS_ROW.exec(line);
      const age = ageSeconds(row?.[1]);
      if (row?.[2] && age !== undefined) {
        out.push({ name: row[2], at: -age * 1000, kind: 'events table' });
        continue;
      }
      const name = CONTROLLER_LOG_NOT_READY.map((p) => p.exec(line)?.[1]).find((n) => n !== undefined);
      const t = KLOG_TIME.exec(line);
      if (name && t) {
        const [mo, d, h, mi, se] = t.slice(1).map(Number) as [number, number, number, number, number];
        out.push({ name, at: Date.UTC(2000, mo - 1, d, h, mi, se), kind: 'controller log' });
      }
    }
  }
  return out;
}

function eventSightings(bundle: EvidenceBundle): Sighting[] {
  return (bundle.events ?? []).flatMap((raw) => {
    const e = normaliseEvent(raw);
    const at = Date.parse(e.lastSeen ?? '');
    if (e.kind !== 'Node' || e.reason !== 'NodeNotReady' || !e.name || !Number.isFinite(at)) return [];
    return [{ name: e.name, at, kind: 'events' as const }];
  });
}

/** The workers of one kind of sighting that turned NotReady within a minute of the first. */
function together(sightings: readonly Sighting[]): string[] {
  const first = new Map<string, number>();
  for (const s of sightings) first.set(s.name, Math.min(first.get(s.name) ?? s.at, s.at));
  const sorted = [...first.entries()].sort((a, b) => a[1] - b[1]);
  const start = sorted[0]?.[1] ?? 0;
  return sorted.filter(([, at]) => at - start <= AT_ONCE_MS).map(([name]) => name);
}

/**
 * Round 27 (r27-asks): the node controller's NodeNotReady events (pkg/controller/nodelifecycle
 * node_lifecycle_controller.go tryUpdateNodeHealth → controllerutil.RecordNodeStatusChange(…, "NodeNotReady"),
 * pkg/controller/util/node/controller_utils.go: reason NodeNotReady, "Node %s status is now: %s") for two workers or
 * more within a minute, none for a control-plane node: the workers lost together, the control plane's kubelets still
 * posting. Read from the bundle's events, the controller's log and `kubectl get events` tables; roles come from a
 * node table when one lists them, else from the nodes' names.
 */
function workersAtOnce(bundle: EvidenceBundle, sources: readonly { text: string }[], facts: FactSet): void {
  const roles = listedRoles(sources);
  const sightings = [...eventSightings(bundle), ...textSightings(sources)];
  const plane = (name: string) => roles.get(name) ?? CONTROL_PLANE_NAME.test(name);
  if (sightings.some((s) => plane(s.name))) return;
  for (const kind of ['events', 'controller log', 'events table'] as const) {
    const workers = together(sightings.filter((s) => s.kind === kind));
    if (workers.length < WORKERS_AT_ONCE) continue;
    facts.add({
      id: 'nodes.workers_lost_listed',
      source: kind,
      text: `NodeNotReady for ${workers.length} workers within a minute (${workers.join(', ')}), none for the control plane (${kind})`,
    });
    return;
  }
}

export function extractNodeRoles(bundle: EvidenceBundle, facts: FactSet): void {
  // A table can stand in a command output or among the logs.
  const sources = runAndLogTexts(bundleRuns(bundle), bundle);
  workersAtOnce(bundle, sources, facts);
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
