import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { type Column, GET_PODS_HEADER, tableColumns, tableRow } from '../paste/table.ts';
import { CNI_NODE_AGENTS } from './cni-agents.ts';
import type { Run } from './run.ts';

/**
 * A network plugin's node agent's pod (cni-agents.ts), with the five-character suffix the DaemonSet controller's name
 * generator adds (apiserver's SimpleNameGenerator); flannel's DaemonSet also by its per-architecture names before
 * flannel 0.12.
 */
const CNI_AGENT_POD = new RegExp(
  `^(?:${CNI_NODE_AGENTS.join('|')}|kube-flannel-ds-(?:amd64|arm64|arm|ppc64le|s390x))-[a-z0-9]{5}$`,
);

/** The node agents' names (their DaemonSets', above), in a command or a log source's name. */
export const CNI_AGENT_NAME =
  '\\b(?:aws-node|calico-node|cilium(?!-operator)|canal|kube-flannel|flanneld|weave-net|antrea-agent|kube-router|kube-ovn-cni)\\b';
/** `kubectl logs` of a network plugin's node agent: by its pod's name, its DaemonSet's, or its k8s-app label. */
export const CNI_AGENT_LOGS = new RegExp(`\\bkubectl\\b.*\\blogs?\\b.*${CNI_AGENT_NAME}`);
/** A bundle log named for the agent (`logs.aws-node`, `logs.calico-node`). */
export const CNI_AGENT_SOURCE = new RegExp(`^${CNI_AGENT_NAME}$`);

/**
 * Go's net dial failing against the API server's ports (443 behind the kubernetes Service, 6443 on the servers) or
 * etcd's client port (Calico's and flannel's etcd datastore): "dial tcp ADDR:PORT: i/o timeout" and the connect(2)
 * errors (net/net.go OpError), as client-go and the etcd client return them inside whatever the agent logs.
 */
const DATASTORE_DIAL =
  /dial tcp \S+:(?:443|6443|2379): (?:i\/o timeout|connect: (?:connection refused|no route to host|network is unreachable))/;

/**
 * The STATUS kubectl prints for a pod whose node the control plane has lost: the node lifecycle controller sets the
 * pod's reason to NodeLost (pkg/util/node/node.go NodeUnreachablePodReason, "the reason on a pod when its state cannot
 * be confirmed as kubelet is unresponsive", through pkg/controller/util/node SetPodTerminationReason), and printPod
 * shows the reason, or "Unknown" once such a pod is being deleted.
 */
const LOST_STATUS = /^(?:NodeLost|Unknown)$/;

/** An agent's container that is not ready, or the pod dying at start. */
const AGENT_FAILING = /^(?:CrashLoopBackOff|Error|Init:(?:Error|CrashLoopBackOff))$/;

interface PodRow {
  name: string;
  ready: string;
  status: string;
  node: string | undefined;
}

function podRows(output: string): PodRow[] {
  const rows: PodRow[] = [];
  let columns: Column[] | undefined;
  for (const line of output.split('\n')) {
    if (GET_PODS_HEADER.test(line)) {
      columns = tableColumns(line);
      continue;
    }
    if (!columns || line.trim() === '') continue;
    const cells = tableRow(line, columns);
    const name = cells?.get('NAME');
    const ready = cells?.get('READY') ?? '';
    if (!cells || !name || !/^\d+\/\d+$/.test(ready)) continue;
    rows.push({ name, ready, status: cells.get('STATUS') ?? '', node: cells.get('NODE') });
  }
  return rows;
}

/** A row about another node than the bundle's (when both are known) says nothing about this one. */
function onThisNode(row: PodRow, node: string | undefined): boolean {
  return !node || !row.node || row.node === node || row.node === '<none>';
}

/**
 * `kubectl get pods` tables among the commands' outputs: a pod the node lifecycle controller marked lost
 * (node.status_unknown: its kubelet stopped reporting), and the network plugin's node agent not ready (a container
 * whose readiness probe fails, READY below its total while Running) or crash-looping (cni.agent_down): the agent's
 * readiness is the plugin's own health check (cilium status, calico's felix and BIRD checks, ipamd's gRPC health).
 */
export function podTableFacts(runs: readonly Run[], bundle: EvidenceBundle, facts: FactSet): void {
  for (const run of runs) {
    for (const row of podRows(run.output)) {
      if (!onThisNode(row, bundle.node)) continue;
      const text = `${run.command} → ${row.name} ${row.ready} ${row.status}${row.node ? ` on ${row.node}` : ''}`;
      if (LOST_STATUS.test(row.status)) {
        facts.add({ id: 'node.status_unknown', source: run.source, text });
        continue;
      }
      if (!CNI_AGENT_POD.test(row.name)) continue;
      const [ready, total] = row.ready.split('/').map(Number);
      const notReady =
        row.status === 'Running' && ready !== undefined && total !== undefined && ready < total;
      if (notReady || AGENT_FAILING.test(row.status))
        facts.add({ id: 'cni.agent_down', source: run.source, text });
    }
  }
}

/**
 * A network plugin's node agent's own log (`kubectl logs aws-node-xxxxx`, `kubectl logs -n kube-system -l
 * k8s-app=cilium`) with its Kubernetes or etcd client failing to connect: ipamd, calico-node, cilium-agent and
 * flanneld (kube-subnet-mgr) read the node's and the pods' network state from the API server (or etcd) before they
 * report ready or write the CNI configuration, so while the dial fails the agent is stuck at start and every pod's
 * network set-up on the node waits (cni.datastore_error). Only a log that ends in the failure says so: one the agent
 * got past is a retry. The same dial failing in kubectl's own stderr, or in any
 * other program's log, is not the plugin's and is not read here.
 */
export function cniAgentLogFacts(runs: readonly Run[], bundle: EvidenceBundle, facts: FactSet): void {
  const logs = Object.entries(bundle.logs ?? {})
    .filter(([name, text]) => CNI_AGENT_SOURCE.test(name) && typeof text === 'string')
    .map(([name, text]) => ({ command: name, output: text ?? '', source: `logs.${name}` }));
  for (const run of [...runs.filter((r) => CNI_AGENT_LOGS.test(r.command)), ...logs]) {
    // The log must end at the failed dial (a `kubectl logs` is the agent's output up to now): a failure the next
    // attempt got past ("Datastore connection verified", ipamd's start going on) is a retry, not where it is stuck.
    const line = run.output
      .split('\n')
      .filter((l) => l.trim() !== '')
      .at(-1);
    if (!line || !DATASTORE_DIAL.test(line)) continue;
    const dial = DATASTORE_DIAL.exec(line)?.[0] ?? '';
    facts.add({
      id: 'cni.datastore_error',
      source: run.source,
      text: `${run.command} → the agent's client cannot connect: ${dial}`,
    });
  }
}
