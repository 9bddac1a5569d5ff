import type { V1Pod } from '@kubernetes/client-node';
import { formatDuration } from '../diagnosis/duration.ts';
import { ageSeconds } from './time.ts';

/** One pod worth naming in a summary line. */
export interface PodNote {
  pod: string;
  detail: string;
  /** For ordering: restarts, seconds past grace... */
  weight: number;
}

export interface PodSummary {
  pods: number;
  /** Distinct containers per pod (init, regular and ephemeral; from spec and status), summed. */
  containers: number;
  crashLooping: PodNote[];
  terminating: PodNote[];
  /** Running pods still Ready=False although the node reports Ready. */
  notReady: PodNote[];
  /** `namespace/name` and uid of every pod, to match Events about them. */
  keys: Set<string>;
}

function key(pod: V1Pod): string {
  return `${pod.metadata?.namespace ?? ''}/${pod.metadata?.name ?? ''}`;
}

function containerCount(pod: V1Pod): number {
  const names = new Set<string>();
  const add = (kind: string, list: readonly { name: string }[] | undefined) => {
    for (const c of list ?? []) names.add(`${kind}/${c.name}`);
  };
  add('init', pod.spec?.initContainers);
  add('app', pod.spec?.containers);
  add('ephemeral', pod.spec?.ephemeralContainers);
  add('init', pod.status?.initContainerStatuses);
  add('app', pod.status?.containerStatuses);
  add('ephemeral', pod.status?.ephemeralContainerStatuses);
  return names.size;
}

function crashLoopNote(pod: V1Pod): PodNote | undefined {
  const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
  const looping = statuses.filter((s) => s.state?.waiting?.reason === 'CrashLoopBackOff');
  if (looping.length === 0) return undefined;
  const restarts = Math.max(...looping.map((s) => s.restartCount));
  return {
    pod: key(pod),
    detail: `${looping.map((s) => s.name).join(', ')}, ${restarts} restarts`,
    weight: restarts,
  };
}

/**
 * The API server sets deletionTimestamp to the deletion time plus the grace period: past it, the kubelet should
 * have killed the containers and removed the pod.
 */
function terminatingNote(pod: V1Pod, now: Date): PodNote | undefined {
  const past = ageSeconds(pod.metadata?.deletionTimestamp, now);
  if (past === undefined || past <= 0) return undefined;
  const grace = pod.metadata?.deletionGracePeriodSeconds;
  return {
    pod: key(pod),
    detail: `${formatDuration(past)} past its deletion deadline${grace !== undefined ? `, grace ${grace}s` : ''}`,
    weight: past,
  };
}

/**
 * A running pod still Ready=False. Crash-looping and terminating pods are not Ready for their own reasons; the
 * others should have become Ready again once the kubelet resynced their status.
 */
function notReadyNote(pod: V1Pod, now: Date): PodNote | undefined {
  if (pod.status?.phase !== 'Running' || pod.metadata?.deletionTimestamp) return undefined;
  const ready = pod.status.conditions?.find((c) => c.type === 'Ready');
  if (ready?.status !== 'False') return undefined;
  const since = ageSeconds(ready.lastTransitionTime, now);
  return {
    pod: key(pod),
    detail: since !== undefined ? `Ready=False for ${formatDuration(Math.max(0, since))}` : 'Ready=False',
    weight: since ?? 0,
  };
}

/** Counts pods and containers, and finds the ones in CrashLoopBackOff, stuck Terminating, or still not Ready. */
export function summarisePods(pods: readonly V1Pod[], now: Date, nodeReady: boolean): PodSummary {
  const summary: PodSummary = {
    pods: pods.length,
    containers: 0,
    crashLooping: [],
    terminating: [],
    notReady: [],
    keys: new Set(),
  };
  for (const pod of pods) {
    summary.containers += containerCount(pod);
    summary.keys.add(key(pod));
    if (pod.metadata?.uid) summary.keys.add(pod.metadata.uid);
    const looping = crashLoopNote(pod);
    if (looping) summary.crashLooping.push(looping);
    const terminating = terminatingNote(pod, now);
    if (terminating) summary.terminating.push(terminating);
    const notReady = nodeReady && !looping ? notReadyNote(pod, now) : undefined;
    if (notReady) summary.notReady.push(notReady);
  }
  return summary;
}

const NAMED = 5;

function names(notes: readonly PodNote[]): string {
  const top = [...notes].sort((a, b) => b.weight - a.weight).slice(0, NAMED);
  const more = notes.length > top.length ? `, and ${notes.length - top.length} more` : '';
  return `${top.map((n) => `${n.pod} (${n.detail})`).join('; ')}${more}`;
}

/**
 * The pod findings in plain words, one line each. The phrasings are the ones the engine's observation signatures
 * read: "pods ... repeatedly restarting" (pods.churn) and "pods stuck Terminating" (runtime.pods_stuck). When the
 * kubelet is not reporting at all (Ready=Unknown, lease not renewed), pods cannot finish terminating whatever the
 * runtime does, so that line is worded as the consequence it is, not as a hang.
 */
export function podLines(summary: PodSummary, node: string, kubeletReporting = true): string[] {
  const lines = [
    `${summary.pods} pods with ${summary.containers} containers are bound to node ${node} (API server, spec and status)`,
  ];
  if (summary.crashLooping.length > 0) {
    lines.push(
      `${summary.crashLooping.length} pods have containers repeatedly restarting in CrashLoopBackOff: ${names(summary.crashLooping)}`,
    );
  }
  if (summary.terminating.length > 0) {
    lines.push(
      kubeletReporting
        ? `${summary.terminating.length} pods stuck Terminating past their grace period: ${names(summary.terminating)}`
        : `${summary.terminating.length} pods are past their deletion deadline, which the kubelet cannot act on while it is not reporting: ${names(summary.terminating)}`,
    );
  }
  if (summary.notReady.length > 0) {
    lines.push(
      `${summary.notReady.length} running pods are still Ready=False although node ${node} reports Ready again: ${names(summary.notReady)}`,
    );
  }
  return lines;
}
