import type { KubeConfig } from '@kubernetes/client-node';
import { kubeConfigFor } from '../../shared/kube/collector.ts';
import { KubeRemediation } from '../../shared/kube/remediate.ts';
import type { RemediationPort } from '../../shared/remediation/port.ts';
import { type Config, kubeClusters } from '../config.ts';
import { KubeLiveEvidence, type LiveEvidence } from './live.ts';

/** The clusters the configuration names (KUBE_CONTEXTS, KUBE_IN_CLUSTER), each with its KubeConfig. */
function clustersOf(config: Config): Map<string, KubeConfig> {
  return new Map<string, KubeConfig>(
    kubeClusters(config).map((e) => [
      e.cluster,
      kubeConfigFor({ context: e.context, inCluster: e.inCluster }),
    ]),
  );
}

/** Live evidence for the clusters the configuration names; none when it names none. */
export function liveEvidenceFrom(config: Config): LiveEvidence | undefined {
  const clusters = clustersOf(config);
  if (clusters.size === 0) return undefined;
  return new KubeLiveEvidence(clusters, config.KUBE_COLLECT_BUDGET_MS);
}

/**
 * Remediation against the same clusters, with the same identity (the pod's ServiceAccount, or the kubeconfig's
 * user on Lambda); none when REMEDIATION=off or no cluster is named.
 */
export function remediationFrom(config: Config): RemediationPort | undefined {
  if (config.REMEDIATION === 'off') return undefined;
  const clusters = clustersOf(config);
  if (clusters.size === 0) return undefined;
  return new KubeRemediation(clusters, { drainTimeoutMs: config.REMEDIATION_DRAIN_SECONDS * 1000 });
}
