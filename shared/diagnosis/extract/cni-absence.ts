import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { GET_DAEMONSETS_HEADER, GET_PODS_HEADER, nodeTablesIn, tablesUnder } from '../paste/table.ts';
import { CNI_NODE_AGENTS } from './cni-agents.ts';
import { bundleRuns, runAndLogTexts } from './run.ts';

/**
 * Round 24 (r24-cni): the network plugin known by its absence, from listings that would show it.
 *
 * Every network plugin that runs in the cluster runs a node agent on each node as a DaemonSet pod (cni-agents.ts,
 * and the others' own manifests: multus' kube-multus-ds, kube-ovn's kube-ovn-cni and ovs-ovn, ovn-kubernetes'
 * ovnkube-node, openshift-sdn's sdn and ovs, kind's kindnet, rke2's charts rke2-canal / rke2-calico (calico-node) /
 * rke2-cilium (cilium) / rke2-multus, the Windows DaemonSets calico-node-windows, kube-flannel-ds-windows-amd64,
 * antrea-agent-windows). Until it runs on a node, it writes no CNI configuration there, the runtime reports
 * NetworkReady=false and the kubelet keeps the node NotReady (NetworkPluginNotReady).
 *
 * Read here, only from full listings (a header, and every namespace: the NAMESPACE column kubectl prints with
 * --all-namespaces, or crictl's NAMESPACE column; no pipe or selector narrowing it):
 * - No agent pod at all in a listing that lists other pods, while every node a node listing shows is NotReady (or
 *   the runtime's network is reported not ready): the plugin was never deployed (cni.agent_absent). k3s runs flannel
 *   inside its own agent (pkg/agent/flannel), no pod, so the absence is no fact there.
 * - rke2's and k3s' HelmChart and Addon listings empty ("No resources found"), on rke2, whose network plugin is such
 *   a chart (rke2 pkg/rke2 the bundled charts rke2-canal, rke2-calico, rke2-cilium, deployed by the helm controller from
 *   the server's manifests directory), while no listing shows an agent pod: the bundled plugin was not deployed.
 * - The agent's pods placed on some nodes only (a -o wide listing's NODE column): every NotReady node without one, and
 *   an agent on a Ready node; the plugin is installed, but not for those nodes (a DaemonSet whose nodeSelector names
 *   one operating system, kubernetes.io/os, or one architecture): cni.agent_not_placed.
 *
 * A node younger than the DaemonSet controller needs to place and start its pod is left out: a plugin not yet
 * started on a node being created is not a plugin missing.
 */

/** Plugin words in a pod's name: liberal, so that a listing holding any of a plugin's pods is not read as absence. */
const PLUGIN_WORD = new RegExp(
  `(?:${[
    ...CNI_NODE_AGENTS,
    'calico',
    'flannel',
    'multus',
    'kindnet',
    'ovnkube',
    'ovs-',
    'kube-ovn',
    'sdn-',
    'azure-cni',
    'azure-cns',
    'azure-vnet',
    'netd',
    'contiv',
    'nsx-node-agent',
    'vrouter',
    'romana',
    'kube-proxy-windows',
    'cni',
  ].join('|')})`,
);
/**
 * A Deployment's pod (its ReplicaSet's pod-template-hash, then the pod's suffix, both from apimachinery's
 * util/rand alphabet "bcdfghjklmnpqrstvwxz2456789"): an operator or controller, not the node agent.
 */
const DEPLOYMENT_POD = /-[bcdfghjklmnpqrstvwxz2456789]{6,10}-[bcdfghjklmnpqrstvwxz2456789]{5}$/;
/** A listing narrowed by a pipe or a selector says nothing by what it leaves out. */
const FILTERED =
  /\||\s(?:-l|--selector|--field-selector|--name|--label|--namespace|-n|-q|--quiet)(?:[\s=]|$)/;
/** crictl pods' header (crictl's pods table: POD ID, CREATED, STATE, NAME, NAMESPACE, ATTEMPT, RUNTIME). */
const CRICTL_PODS_HEADER = /^POD ID\s+CREATED\s+STATE\s+NAME\s+NAMESPACE\b/;
/** HelmChart and Addon resources of rke2's and k3s' helm and deploy controllers. */
const CHART_LISTING =
  /\bget\s+(?:helmcharts?|helmchartconfigs?|addons?)(?:\.(?:helm|k3s)\.cattle\.io)?\b.*(?:\s-A\b|--all-namespaces)/;
const NO_RESOURCES = /^No resources found\.?$/m;
/** Minutes a node must have been listed before a missing agent pod is read: the DaemonSet controller places a pod at once. */
const MIN_AGE_MINUTES = 5;

/** kubectl's HumanDuration ("55s", "12m", "3h1m", "2d3h", "4y"), in minutes; undefined if not one. */
export function ageMinutes(age: string | undefined): number | undefined {
  if (!age || !/^(?:\d+[smhdy])+$/.test(age)) return undefined;
  const unit: Record<string, number> = { s: 1 / 60, m: 1, h: 60, d: 1440, y: 525600 };
  let total = 0;
  for (const m of age.matchAll(/(\d+)([smhdy])/g)) total += Number(m[1]) * (unit[m[2] ?? 'm'] ?? 0);
  return total;
}

interface PodListing {
  source: string;
  /** Pod names with their node, when the listing has a NODE column. */
  pods: { name: string; node: string | undefined }[];
}

/** The header regex of the first full pod listing's header in a text: kubectl's with NAMESPACE, or crictl's. */
function fullListingHeader(text: string): RegExp | undefined {
  for (const line of text.split('\n')) {
    const header = line.trim();
    if (GET_PODS_HEADER.test(header) && /^NAMESPACE\s/.test(header)) return GET_PODS_HEADER;
    if (CRICTL_PODS_HEADER.test(header)) return CRICTL_PODS_HEADER;
  }
  return undefined;
}

function fullPodListings(texts: ReturnType<typeof runAndLogTexts>): PodListing[] {
  const listings: PodListing[] = [];
  for (const { command, text, source } of texts) {
    if (command && FILTERED.test(command)) continue;
    const headerRe = fullListingHeader(text);
    if (!headerRe) continue;
    const crictl = headerRe === CRICTL_PODS_HEADER;
    for (const table of tablesUnder(text, headerRe)) {
      const pods = table
        .filter((r) => crictl || r.has('NAMESPACE'))
        .map((r) => ({ name: r.get('NAME') ?? '', node: r.get('NODE') }))
        .filter((p) => p.name !== '');
      if (pods.length > 0) listings.push({ source, pods });
    }
  }
  return listings;
}

interface NodeRow {
  name: string;
  ready: boolean;
  age: number | undefined;
  version: string;
  /** The node's operating system, from -o wide's OS-IMAGE or a kubernetes.io/os label, when the listing shows it. */
  os: 'windows' | 'linux' | undefined;
}

/** The operating-system label the kubelet sets from runtime.GOOS (beta.kubernetes.io/os before 1.14), as a node's label or a selector. */
const OS_LABEL = /(?:^|,)(?:beta\.)?kubernetes\.io\/os=(windows|linux)\b/;

/** A node's operating system: its OS label, or the OS-IMAGE -o wide prints. */
function nodeOs(r: Map<string, string>): NodeRow['os'] {
  const label = OS_LABEL.exec(r.get('LABELS') ?? '')?.[1];
  if (label === 'windows' || label === 'linux') return label;
  const image = r.get('OS-IMAGE');
  if (!image) return undefined;
  return /^Windows\b/.test(image) ? 'windows' : 'linux';
}

function nodeRows(texts: ReturnType<typeof runAndLogTexts>): NodeRow[] {
  const rows = new Map<string, NodeRow>();
  for (const { text } of texts)
    for (const table of nodeTablesIn(text))
      for (const { name, ready, cells } of table)
        rows.set(name, {
          name,
          ready,
          age: ageMinutes(cells.get('AGE')),
          version: cells.get('VERSION') ?? '',
          os: nodeOs(cells),
        });
  return [...rows.values()];
}

const isAgent = (name: string) => PLUGIN_WORD.test(name);
const isNodeAgent = (name: string) => isAgent(name) && !DEPLOYMENT_POD.test(name);
/** Old enough that its agent pod would be listed (an age not printed counts as old enough). */
const settled = (n: NodeRow) => n.age === undefined || n.age >= MIN_AGE_MINUTES;

/** rke2's HelmChart / Addon listings, across all namespaces, that came back empty. */
function emptyChartListings(texts: ReturnType<typeof runAndLogTexts>, facts: FactSet): void {
  for (const { command, text, source } of texts) {
    if (!command || !CHART_LISTING.test(command) || FILTERED.test(command)) continue;
    if (!NO_RESOURCES.test(text.trim())) continue;
    facts.add({
      id: 'cni.agent_absent',
      source,
      text: `${command} → no resources: rke2's bundled charts (its network plugin's among them) were not deployed`,
    });
  }
}

/** The agent's pods on some nodes only: every settled NotReady node without one, and one on a Ready node. */
function agentsOnSomeNodes(listings: readonly PodListing[], nodes: readonly NodeRow[], facts: FactSet): void {
  const notReady = nodes.filter((n) => !n.ready);
  for (const listing of listings) {
    const agentNodes = new Set(listing.pods.flatMap((p) => (isNodeAgent(p.name) && p.node ? [p.node] : [])));
    if (agentNodes.size === 0) continue;
    const missing = notReady.filter((n) => settled(n) && !agentNodes.has(n.name));
    const readyWithAgent = nodes.some((n) => n.ready && agentNodes.has(n.name));
    if (missing.length === 0 || missing.length !== notReady.length || !readyWithAgent) continue;
    facts.add({
      id: 'cni.agent_not_placed',
      source: listing.source,
      text: `the network plugin's node agents run on ${[...agentNodes].join(', ')}; none on the NotReady node(s) ${missing.map((n) => n.name).join(', ')}`,
    });
  }
}

/**
 * The plugin's DaemonSets each selecting one operating system (a NODE SELECTOR of kubernetes.io/os=<os>), none the
 * system of the NotReady nodes, which are all of that other system while a node of the selected one is Ready: the
 * DaemonSet controller places no agent there (NodeShouldRunDaemonPod's node-affinity predicate).
 */
function agentsForOneOs(
  texts: ReturnType<typeof runAndLogTexts>,
  nodes: readonly NodeRow[],
  facts: FactSet,
): void {
  const notReady = nodes.filter((n) => !n.ready && settled(n));
  const downOs = new Set(notReady.map((n) => n.os));
  const [os] = [...downOs];
  if (notReady.length === 0 || downOs.size !== 1 || !os) return;
  if (!nodes.some((n) => n.ready && n.os !== undefined && n.os !== os)) return;
  for (const { text, source } of texts)
    for (const table of tablesUnder(text, GET_DAEMONSETS_HEADER)) {
      const agents = table.filter((r) => isAgent(r.get('NAME') ?? ''));
      const selected = agents.map((r) => OS_LABEL.exec(r.get('NODE SELECTOR') ?? '')?.[1]);
      if (agents.length === 0 || selected.some((sel) => sel === undefined || sel === os)) continue;
      facts.add({
        id: 'cni.agent_not_placed',
        source,
        text: `the network plugin's DaemonSet(s) ${agents.map((r) => `${r.get('NAME')} (${r.get('NODE SELECTOR')})`).join(', ')} select no ${os} node; the NotReady node(s) ${notReady.map((n) => n.name).join(', ')} are ${os}`,
      });
    }
}

export function extractCniAbsence(bundle: EvidenceBundle, facts: FactSet): void {
  const texts = runAndLogTexts(bundleRuns(bundle), bundle);
  const nodes = nodeRows(texts);
  const versions = [bundle.kubeletVersion ?? '', ...nodes.map((n) => n.version)].join(' ');
  // k3s' flannel runs inside the k3s agent: no pod to be absent.
  if (/\+k3s/.test(versions)) return;
  const listings = fullPodListings(texts);
  agentsOnSomeNodes(listings, nodes, facts);
  agentsForOneOs(texts, nodes, facts);
  if (listings.some((l) => l.pods.some((p) => isAgent(p.name)))) return;

  const notReady = nodes.filter((n) => !n.ready);
  const allNotReady = nodes.length > 0 && notReady.length === nodes.length && nodes.every(settled);
  const networkNotReady = facts.has('cni.not_ready') && (nodes.length === 0 || notReady.length > 0);
  if (!allNotReady && !networkNotReady) return;
  // 1. No agent pod anywhere in a full listing that lists other pods.
  const listing = listings[0];
  if (listing)
    facts.add({
      id: 'cni.agent_absent',
      source: listing.source,
      text: `${listing.pods.length} pod(s) listed across all namespaces, none of a network plugin's node agent${allNotReady ? `, every node NotReady (${nodes.length})` : ', the network reported not ready'}`,
    });
  // 2. rke2's bundled charts not deployed.
  if (/rke2/.test(versions)) emptyChartListings(texts, facts);
}
