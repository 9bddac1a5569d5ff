import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactId, FactSet } from '../facts.ts';
import { MIXIN_ALERTS } from '../rules/monitoring.ts';
import { scanText } from '../scanner.ts';

/**
 * Alert names (kubernetes-mixin, node-exporter mixin, and this project's own rules) that are facts by
 * themselves: these, and the mixins' alerts that are also read by name in a paste (rules/monitoring.ts, with their
 * thresholds). Annotations are scanned like any other text.
 */
const ALERT_FACTS: Record<string, FactId> = {
  ...Object.fromEntries(MIXIN_ALERTS.map((a) => [a.name, a.fact])),
  KubeNodeUnreachable: 'node.status_unknown',
  KubeNodeReadinessFlapping: 'node.flapping',
  KubeletDown: 'kubelet.dead',
  KubeletInstanceUnreachable: 'kubelet.dead',
  PlegRelistSlow: 'pleg.relist_slow',
  PlegRelistStuck: 'pleg.stuck',
  PlegRelistFailing: 'pleg.relist_error',
  KubeletTooManyContainers: 'containers.many',
  ContainerRuntimeFileDescriptorsHigh: 'fd.near_limit',
  KubeletClientCertificateExpiration: 'kubelet.auth_error',
  KubeletClientCertificateRenewalErrors: 'kubelet.cert_rotation_failed',
  KubeletServerCertificateRenewalErrors: 'kubelet.cert_rotation_failed',
  NodeZombieProcesses: 'proc.zombie',
  // This project's rules for the mixin conditions above, under their own names (infra/prometheus).
  PlegNodeUnreachable: 'node.status_unknown',
  PlegNodeReadinessFlapping: 'node.flapping',
  PlegNodeFileDescriptorLimit: 'fd.near_limit',
};

/** CRI calls every relist makes: their errors mean the runtime is failing as a whole, not one container. */
const RELIST_OPERATIONS = new Set(['list_podsandbox', 'list_containers', 'status', 'version']);

/** Alerts whose fact depends on a label. */
function labelledFact(labels: Record<string, string>): FactId | undefined {
  if (labels.alertname !== 'ContainerRuntimeErrorsHigh') return undefined;
  return RELIST_OPERATIONS.has(labels.operation_type ?? '') ? 'runtime.list_timeout' : 'runtime.op_timeout';
}

export function extractAlerts(bundle: EvidenceBundle, facts: FactSet): void {
  (bundle.alerts ?? []).forEach((alert, i) => {
    if (alert.status === 'resolved') return;
    const name = alert.labels.alertname ?? '';
    const fact = ALERT_FACTS[name] ?? labelledFact(alert.labels);
    if (fact) facts.add({ id: fact, source: `alerts[${i}].labels.alertname`, text: name });
    for (const [key, value] of Object.entries(alert.annotations)) {
      scanText(value, `alerts[${i}].annotations.${key}`, 'unknown', facts);
    }
  });
}
