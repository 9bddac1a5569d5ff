import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactId, FactSet } from '../facts.ts';
import { scanText } from '../scanner.ts';

/**
 * Alert names (kubernetes-mixin, node-exporter mixin, and this project's own rules) that are facts by
 * themselves. Annotations are scanned like any other text.
 */
const ALERT_FACTS: Record<string, FactId> = {
  KubeNodeUnreachable: 'node.status_unknown',
  KubeNodeReadinessFlapping: 'node.flapping',
  KubeletDown: 'kubelet.dead',
  KubeletInstanceUnreachable: 'kubelet.dead',
  KubeletPlegDurationHigh: 'pleg.relist_slow',
  PlegRelistSlow: 'pleg.relist_slow',
  PlegRelistStuck: 'pleg.stuck',
  KubeletTooManyPods: 'pods.many',
  KubeletTooManyContainers: 'containers.many',
  NodeFileDescriptorLimit: 'fd.near_limit',
  ContainerRuntimeFileDescriptorsHigh: 'fd.near_limit',
  NodeMemoryHighUtilization: 'mem.oom',
  NodeSystemSaturation: 'cpu.saturated',
  NodeFilesystemAlmostOutOfSpace: 'disk.pressure',
  NodeZombieProcesses: 'proc.zombie',
  ContainerRuntimeErrorsHigh: 'runtime.list_timeout',
};

export function extractAlerts(bundle: EvidenceBundle, facts: FactSet): void {
  (bundle.alerts ?? []).forEach((alert, i) => {
    if (alert.status === 'resolved') return;
    const name = alert.labels.alertname ?? '';
    const fact = ALERT_FACTS[name];
    if (fact) facts.add({ id: fact, source: `alerts[${i}].labels.alertname`, text: name });
    for (const [key, value] of Object.entries(alert.annotations)) {
      scanText(value, `alerts[${i}].annotations.${key}`, 'unknown', facts);
    }
  });
}
