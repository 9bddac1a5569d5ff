import type { Job } from '../../schemas/job.ts';
import { addFolded, touch } from '../episode.ts';
import type { Incident } from '../model.ts';
import { type Decision, NOTHING } from './actions.ts';

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

/**
 * What the correlate stage knows when downstream alerts arrive: the open incidents they may fold into (the
 * node's, the cluster's storm, and two of the cluster's node incidents: whether one is the only one).
 */
export interface FoldSituation {
  cluster: string;
  node: string;
  jobs: readonly Job[];
  open: readonly Incident[];
}

/** Folds downstream alerts into their node's open incident, else the cluster's storm or sole open incident. */
export function decideFold(s: FoldSituation, now: Date): Decision {
  const nodes = s.open.filter((i) => i.kind === 'node');
  const target =
    (s.node ? nodes.find((i) => i.node === s.node) : undefined) ??
    s.open.find((i) => i.kind === 'cluster') ??
    (nodes.length === 1 ? nodes[0] : undefined);
  const lines = s.jobs.map(downstreamLine);
  if (!target)
    return {
      ...NOTHING,
      note: `${lines.length} downstream alert(s) in ${s.cluster} with no open node incident to join: ${lines.join('; ')}`,
    };
  const host = (target.storm && s.open.find((i) => i.key === target.storm)) || target;
  const next = touch(host, { folded: addFolded(host, lines) }, now);
  return {
    next: [next],
    actions: next.thread
      ? [
          {
            kind: 'reply',
            key: next.key,
            about: 'fold',
            thread: next.thread,
            message: { kind: 'folded', lines },
          },
        ]
      : [],
    settled: [],
  };
}
