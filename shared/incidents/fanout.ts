import type { Job } from '../schemas/job.ts';

/**
 * Alerts a NotReady node causes downstream: its pods stop being ready, its DaemonSet pods stop rolling out,
 * its scrape targets disappear. They belong in the node's incident as one line each, not in threads of their
 * own (kubernetes-mixin, node-exporter and Prometheus self-monitoring names).
 */
const DOWNSTREAM_ALERTS = new Set([
  'KubePodNotReady',
  'KubePodCrashLooping',
  'KubeContainerWaiting',
  'KubeDaemonSetRolloutStuck',
  'KubeDaemonSetNotScheduled',
  'KubeDaemonSetMisScheduled',
  'KubeDeploymentReplicasMismatch',
  'KubeDeploymentRolloutStuck',
  'KubeStatefulSetReplicasMismatch',
  'KubeJobFailed',
  'KubeJobNotCompleted',
  'TargetDown',
  'KubeletInstanceUnreachable',
  'NodeExporterDown',
]);

export function isDownstream(job: Job): boolean {
  return job.kind === 'alert' && DOWNSTREAM_ALERTS.has(job.alert.labels.alertname ?? '');
}

/** `KubePodNotReady shop/web-1 (firing)`: the one line a downstream alert gets in the node's thread. */
export function downstreamLine(job: Job): string {
  if (job.kind !== 'alert') return job.kind;
  const l = job.alert.labels;
  const target = [
    l.namespace,
    l.pod ?? l.daemonset ?? l.deployment ?? l.statefulset ?? l.job_name ?? l.job ?? l.instance,
  ]
    .filter(Boolean)
    .join('/');
  return `${l.alertname ?? 'alert'}${target ? ` ${target}` : ''} (${job.alert.status ?? 'firing'})`;
}
