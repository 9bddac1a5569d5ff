import type { V1Pod } from '@kubernetes/client-node';
import { formatDuration } from '../diagnosis/duration.ts';
import type { PodNote, PodSummary } from '../schemas/bundle.ts';
import { ageSeconds } from './time.ts';

/** The summary a bundle carries, and the keys the collector matches Events against. */
export interface SummarisedPods extends PodSummary {
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
export function summarisePods(pods: readonly V1Pod[], now: Date, nodeReady: boolean): SummarisedPods {
  const summary: SummarisedPods = {
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
