import type { EvidenceBundle, NodeCondition } from '../../schemas/bundle.ts';
import type { FactId, FactSet } from '../facts.ts';
import { NPD_CONDITION_FACTS } from '../rules/npd.ts';
import { scanText } from '../scanner.ts';

/**
 * Condition types that mean trouble when True: the kubelet's pressure conditions, node-problem-detector's
 * problem conditions (rules/npd.ts, cited to NPD's config files) and the probes this project ships for it.
 */
const PROBLEM_CONDITIONS: Record<string, FactId> = {
  MemoryPressure: 'mem.oom',
  DiskPressure: 'disk.pressure',
  PIDPressure: 'pid.pressure',
  ...NPD_CONDITION_FACTS,
};

/**
 * The taints the node lifecycle controller sets from the pressure conditions (TaintNodesByCondition,
 * staging/src/k8s.io/api/core/v1/well_known_taints.go): a bundle that carries the node's taints without its
 * conditions still says which pressure the kubelet reported.
 */
const PRESSURE_TAINTS: Record<string, FactId> = {
  'node.kubernetes.io/memory-pressure': 'mem.oom',
  'node.kubernetes.io/disk-pressure': 'disk.pressure',
  'node.kubernetes.io/pid-pressure': 'pid.pressure',
};

function time(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}

/**
 * Ready=Unknown means the node controller heard nothing from the kubelet for the grace period. If another
 * condition's heartbeat (written by node-problem-detector on the same node) is newer than that transition,
 * the node can still reach the API server: the kubelet's own status loop is what stopped.
 */
function agentsStillReporting(
  ready: NodeCondition,
  all: readonly NodeCondition[],
): NodeCondition | undefined {
  const wentUnknown = time(ready.lastTransitionTime);
  if (wentUnknown === undefined) return undefined;
  return all.find(
    (c) => c !== ready && c.reason !== 'NodeStatusUnknown' && (time(c.lastHeartbeatTime) ?? 0) > wentUnknown,
  );
}

export function extractConditions(bundle: EvidenceBundle, facts: FactSet): void {
  (bundle.taints ?? []).forEach((t, i) => {
    const pressure = PRESSURE_TAINTS[t.key];
    if (pressure) facts.add({ id: pressure, source: `taints[${i}]`, text: `${t.key}:${t.effect}` });
  });
  const conditions = bundle.conditions ?? [];
  conditions.forEach((c, i) => {
    const where = `conditions[${i}]`;
    if (c.message) scanText(c.message, `${where}.message`, 'kubelet', facts);
    const problem = PROBLEM_CONDITIONS[c.type];
    if (problem && c.status === 'True') {
      facts.add({
        id: problem,
        source: where,
        text: `${c.type}=True ${c.reason ?? ''} ${c.message ?? ''}`.trim(),
      });
    }
    if (c.type !== 'Ready') return;
    // Ready=False with the kubelet's own reason (KubeletNotReady) is a status the kubelet posted: its message, a
    // container manager refusing to start (older kubelets kept running and reported initializeModules' error in the
    // condition, kubelet.go setNodeReadyCondition with runtimeState's init error), says the kubelet exits only when
    // read as a log line. The kubelet here is alive and reaching the API server; the node is not cut off.
    if (
      c.status === 'False' &&
      c.message &&
      (facts.examples('kubelet.dead').some((f) => f.source === `${where}.message`) ||
        facts.examples('kubelet.cgroup_controller_missing').some((f) => f.source === `${where}.message`))
    ) {
      facts.add({
        id: 'kubelet.posts_own_refusal',
        source: `${where}.message`,
        text: `Ready=False ${c.reason ?? ''} ${c.message}`.trim(),
      });
    }
    if (c.status === 'Unknown') {
      facts.add({ id: 'node.status_unknown', source: where, text: `Ready=Unknown ${c.reason ?? ''}`.trim() });
      const witness = agentsStillReporting(c, conditions);
      if (witness) {
        facts.add({
          id: 'kubelet.alive_while_unknown',
          source: `conditions[${conditions.indexOf(witness)}].lastHeartbeatTime`,
          text: `${witness.type} heartbeat ${witness.lastHeartbeatTime} after Ready went Unknown at ${c.lastTransitionTime}`,
        });
      }
    }
  });
}
