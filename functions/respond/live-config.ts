import type { S3Client } from '@aws-sdk/client-s3';
import { SSMClient } from '@aws-sdk/client-ssm';
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeConfigFor } from '../../shared/kube/collector.ts';
import { KubeRemediation } from '../../shared/kube/remediate.ts';
import type { RemediationPort } from '../../shared/remediation/port.ts';
import { type Config, kubeClusters, ssmMaxBytes } from '../config.ts';
import { awsSdkLogger } from '../log/aws-sdk.ts';
import type { Logger } from '../log/port.ts';
import type { SsmCollectOptions } from '../ssm/collect.ts';
import { SsmLiveEvidence } from '../ssm/live.ts';
import type { SsmOutputBucket } from '../ssm/s3-output.ts';
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

/**
 * Live evidence for the clusters the configuration names; none when it names none. With SSM_COLLECT=true, an EC2
 * node (its providerID) is also read on the instance over SSM Run Command.
 */
export function liveEvidenceFrom(config: Config, log?: Logger): LiveEvidence | undefined {
  const clusters = clustersOf(config);
  if (clusters.size === 0) return undefined;
  const kube = new KubeLiveEvidence(clusters, config.KUBE_COLLECT_BUDGET_MS);
  if (config.SSM_COLLECT !== 'true') return kube;
  const ssm = new SSMClient({
    region: config.AWS_REGION,
    ...(config.SSM_ENDPOINT ? { endpoint: config.SSM_ENDPOINT } : {}),
    ...(log ? { logger: awsSdkLogger(log.child({ component: 'aws' })) } : {}),
  });
  return new SsmLiveEvidence(kube, ssm, ssmOptions(config, log));
}

/**
 * SSM_OUTPUT_BUCKET as the collection reads it. The S3 client (and its SDK) is loaded at the first output too
 * large for SSM's inline 24,000 characters, not before: most outputs never need it.
 */
function ssmOutputBucket(config: Config, log?: Logger): SsmOutputBucket | undefined {
  const bucket = config.SSM_OUTPUT_BUCKET;
  if (!bucket) return undefined;
  const endpoint = config.SSM_OUTPUT_S3_ENDPOINT;
  let client: Promise<S3Client> | undefined;
  return {
    bucket,
    prefix: config.SSM_OUTPUT_PREFIX,
    ...(endpoint ? { endpoint } : {}),
    client: () => {
      client ??= import('@aws-sdk/client-s3').then(
        ({ S3Client }) =>
          new S3Client({
            region: config.AWS_REGION,
            // The bucket may be in another region than the responder: S3 says which, and the client follows.
            followRegionRedirects: true,
            ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
            ...(log ? { logger: awsSdkLogger(log.child({ component: 'aws' })) } : {}),
          }),
      );
      return client;
    },
  };
}

export function ssmOptions(config: Config, log?: Logger): SsmCollectOptions {
  const output = ssmOutputBucket(config, log);
  return {
    document: config.SSM_DOCUMENT,
    timeoutMs: config.SSM_TIMEOUT_SECONDS * 1000,
    maxBytes: ssmMaxBytes(config),
    budgetSeconds: 20,
    ...(output ? { output } : {}),
  };
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
