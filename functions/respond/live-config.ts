import type { KubeConfig } from '@kubernetes/client-node';
import { kubeConfigFor } from '../../shared/kube/collector.ts';
import { type Config, kubeClusters } from '../config.ts';
import { KubeLiveEvidence, type LiveEvidence } from './live.ts';

/** Live evidence for the clusters the configuration names; none when it names none. */
export function liveEvidenceFrom(config: Config): LiveEvidence | undefined {
  const entries = kubeClusters(config);
  if (entries.length === 0) return undefined;
  const clusters = new Map<string, KubeConfig>(
    entries.map((e) => [e.cluster, kubeConfigFor({ context: e.context, inCluster: e.inCluster })]),
  );
  return new KubeLiveEvidence(clusters, config.KUBE_COLLECT_BUDGET_MS);
}
