import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { CNI_AGENT_LOGS, CNI_AGENT_NAME, CNI_AGENT_SOURCE } from './pod-table.ts';
import type { Run } from './run.ts';

/**
 * Round 29 (r29-words): a network agent's own log that ends inside its start-up, with no exit of its own.
 *
 * The agents log their start in steps and say when it is over:
 *
 * - calico-node's start-up (projectcalico/calico node/pkg/lifecycle/startup/startup.go Run; node/pkg/startup before
 *   the lifecycle package): "Early log level set to %v" (ConfigureLogging), "Checking datastore connection" /
 *   "Skipping datastore connection test" (waitForConnection), "Node IPv4 changed, will check for conflicts" (then
 *   checkConflictingNodes lists every node of the datastore), and at its end "Calico started successfully" (v3.x;
 *   rc.local's "Calico node started successfully" in v2.x) before felix and BIRD start; every exit on an error goes
 *   through utils.Terminate, which logs "Terminating" (Warn) first (node/pkg/lifecycle/utils/utils.go Terminate);
 *   then felix in the same container (felix/daemon/daemon.go Run: "Waiting for datastore to be initialized (or
 *   migrated)" while the datastore is not ready, "Starting the datastore Syncer" / "Connecting to Typha.", and
 *   "Datastore now in sync." once its first snapshot is read: felix reports itself live and ready only after);
 * - cilium-agent's (cilium/cilium pkg/k8s/watchers/watcher.go "Waiting until all pre-existing resources have been
 *   received" (v1.10: "... related to policy have been received"), pkg/k8s/synced/crd.go "Waiting until all Cilium CRDs
 *   are available" and "Still waiting for Cilium Operator to register CRDs", pkg/loadbalancer/cell/wait.go "Still
 *   waiting for initializers"), ended by daemon/cmd/daemon_main.go's "Daemon initialization completed"; its own exits
 *   are logrus/slog fatal lines.
 *
 * A log that holds a start step, after it neither the end of the start nor an exit of the agent's own, and that
 * ends on a read of the datastore or the caches stopped while the agent was reading them: it was taken mid-start (a
 * lead only), or the process was stopped from outside, as the kubelet stops a container whose liveness probe fails
 * (SIGTERM, then SIGKILL after the grace period: no line of the agent's own). Read only in the agent's own log (`kubectl logs` of its pod, or a bundle log named for it).
 */

/** A step of the agent's start-up. */
const START_STEP =
  /Early log level set to|Checking datastore connection|Skipping datastore connection test|will check for conflicts|Waiting for datastore to be initialized|Starting the datastore Syncer|Connecting to Typha|Waiting until all pre-existing resources|Waiting until all Cilium CRDs are available|Still waiting for Cilium Operator to register CRDs|Still waiting for initializers/;
/**
 * The agent reading its datastore or its caches at that moment: the start's own read steps above, and the datastore
 * clients' debug lines (libcalico-go lib/backend/etcd/etcd.go (*EtcdClient).Get "Get Key: %s", its host metadata
 * listing "Listing all host metadatas" and "Parse host directories.", v1-v2; lib/backend/etcdv3/etcdv3.go "Processing
 * Get request", "Processing List request", "Processing etcdv3 entry", "Processing response from etcdv3"; the
 * Kubernetes backend's resources/customresource.go "Get custom Kubernetes resource" and list_pager.go "List() call
 * completed, convert results"). A log that ends on a retry, an error or anything else is an agent still trying,
 * which its own rules read.
 */
const READING =
  /Get Key: |Get Node key from|Key not found error|Listing all host metadatas|Parse host directories|Processing (?:Get|List) request|Processing etcdv3 (?:entry|event)|Processing response from etcdv3|Get custom Kubernetes resource|List\(\) call completed|will check for conflicts|Waiting for datastore to be initialized|Starting the datastore Syncer|Connecting to Typha|Waiting until all pre-existing resources|Waiting until all Cilium CRDs are available|Still waiting for Cilium Operator to register CRDs|Still waiting for initializers/;
/** The start's end. */
const START_DONE =
  /Calico (?:node )?started successfully|Datastore now in sync|Daemon initialization completed/;
/** The agent's own exit: calico's Terminate, a fatal or panic line. */
const OWN_EXIT =
  /(?:^|[^A-Za-z])Terminating(?:[^A-Za-z]|$)|level=(?:fatal|panic)|"level":"(?:fatal|panic)"|^panic: |[\s\]]F[0-9]{4} |\bFATAL\b|Fatal error/;

export function agentStartCutFacts(runs: readonly Run[], bundle: EvidenceBundle, facts: FactSet): void {
  const logs = Object.entries(bundle.logs ?? {})
    .filter(([name, text]) => CNI_AGENT_SOURCE.test(name) && typeof text === 'string')
    .map(([name, text]) => ({ command: name, output: text ?? '', source: `logs.${name}` }));
  for (const run of [...runs.filter((r) => CNI_AGENT_LOGS.test(r.command)), ...logs]) {
    const lines = run.output.split('\n').filter((l) => l.trim() !== '');
    let lastStep = -1;
    for (let i = lines.length - 1; i >= 0; i--)
      if (START_STEP.test(lines[i] ?? '')) {
        lastStep = i;
        break;
      }
    if (lastStep < 0) continue;
    const after = lines.slice(lastStep);
    if (after.some((l) => START_DONE.test(l) || OWN_EXIT.test(l))) continue;
    if (!READING.test(lines.at(-1) ?? '')) continue;
    const step = START_STEP.exec(lines[lastStep] ?? '')?.[0] ?? '';
    facts.add({
      id: 'cni.agent_start_cut',
      source: run.source,
      text: `${run.command} → the agent's log ends inside its start ("${step}", then ${after.length - 1} more lines), with no end of the start and no exit of its own`,
    });
  }
}

/** `kubectl describe` of a network agent's pod (or of the DaemonSet's pods by its label), by the agent's name. */
const AGENT_DESCRIBE = new RegExp(`\\bkubectl\\b.*\\bdescribe\\b.*${CNI_AGENT_NAME}`);
/**
 * The kubelet's events on the pod that kill or hold it: the Unhealthy event of a liveness or startup probe (prober.go
 * recordContainerEvent "%s probe failed: %s"; a readiness probe restarts nothing), the Killing event of a failed
 * probe, and the BackOff event (kuberuntime_manager.go doBackOff "Back-off restarting failed container", with the
 * container's and the pod's names from 1.26).
 */
const KILLED_OR_HELD =
  /(?:Liveness|Startup) probe failed|failed (?:liveness|startup) probe|Back-off restarting failed container/;

/**
 * `kubectl describe pod` of the network agent's pod: its events are the kubelet's for that pod, so a liveness or
 * startup probe failing, a Killing for a failed probe or a BackOff there is the agent killed or held in back-off
 * (cni.agent_restart_loop), though the event's own line does not name the agent.
 */
export function agentDescribeFacts(runs: readonly Run[], facts: FactSet): void {
  for (const run of runs) {
    if (!AGENT_DESCRIBE.test(run.command)) continue;
    const line = run.output.split('\n').find((l) => KILLED_OR_HELD.test(l));
    if (!line) continue;
    facts.add({ id: 'cni.agent_restart_loop', source: run.source, text: `${run.command} → ${line.trim()}` });
  }
}
