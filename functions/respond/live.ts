import type { KubeConfig } from '@kubernetes/client-node';
import { isNodeName } from '../../shared/diagnosis/commands.ts';
import { collectNodeEvidence } from '../../shared/kube/collector.ts';
import type { Job } from '../../shared/schemas/job.ts';

/** Live evidence about a node, from wherever the responder can read it (the Kubernetes API, SSM on EC2). */
export interface LiveEvidence {
  /** Bundle jobs with what could be collected (gaps listed inside); none for clusters it cannot reach. */
  collect(cluster: string, node: string): Promise<Job[]>;
}

/** Reads nodes of the clusters it has a KubeConfig for (cluster name → kubeconfig context or service account). */
export class KubeLiveEvidence implements LiveEvidence {
  readonly #clusters: ReadonlyMap<string, KubeConfig>;
  readonly #budgetMs: number;
  readonly #now: () => Date;

  constructor(
    clusters: ReadonlyMap<string, KubeConfig>,
    budgetMs: number,
    now: () => Date = () => new Date(),
  ) {
    this.#clusters = clusters;
    this.#budgetMs = budgetMs;
    this.#now = now;
  }

  async collect(cluster: string, node: string): Promise<Job[]> {
    const kc = this.#clusters.get(cluster);
    if (!kc || !isNodeName(node)) return [];
    const { bundle } = await collectNodeEvidence(kc, cluster, node, {
      budgetMs: this.#budgetMs,
      now: this.#now,
    });
    const at = this.#now().toISOString();
    return [
      {
        kind: 'bundle',
        dedupKey: `live:${cluster}/${node}:${at}`,
        cluster,
        node,
        receivedAt: at,
        bundle,
      },
    ];
  }
}
