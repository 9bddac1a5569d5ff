import type { EvidenceBundle, PodNote } from '../../schemas/bundle.ts';
import { formatDuration } from '../duration.ts';
import type { FactSet } from '../facts.ts';

/** How many pods a fact's text names; the rest are counted. */
const NAMED = 5;

function named(notes: readonly PodNote[]): string {
  const top = [...notes].sort((a, b) => b.weight - a.weight).slice(0, NAMED);
  const more = notes.length > top.length ? `, and ${notes.length - top.length} more` : '';
  return `${top.map((n) => `${n.pod} (${n.detail})`).join('; ')}${more}`;
}

/**
 * Facts from the live state the collector read as structured data (the node's Lease and the pods bound to it),
 * judged on their fields rather than on sentences. A Lease renewed within its duration while the node controller
 * says Ready=Unknown means the kubelet still reaches the API server but its status loop stopped; a Lease past its
 * duration means the kubelet is not running or cannot reach the API server. Pods past their deletion deadline
 * count as stuck only while the kubelet is reporting: when it is not, nothing can remove them, whatever the runtime
 * does.
 */
export function extractLiveState(bundle: EvidenceBundle, facts: FactSet): void {
  const ready = bundle.conditions?.find((c) => c.type === 'Ready')?.status;
  const lease = bundle.lease;
  if (lease) {
    const age = lease.ageSeconds;
    const renewed = age === undefined ? 'never renewed' : `renewed ${formatDuration(Math.max(0, age))} ago`;
    const text = `Lease ${lease.name} ${renewed} (duration ${lease.leaseDurationSeconds}s), node Ready=${ready ?? 'not reported'}`;
    if (lease.fresh && ready === 'Unknown')
      facts.add({ id: 'kubelet.alive_while_unknown', source: 'lease', text });
    if (!lease.fresh) facts.add({ id: 'kubelet.lease_expired', source: 'lease', text, value: age });
  }
  const pods = bundle.podSummary;
  if (!pods) return;
  const reporting = ready !== 'Unknown' || lease?.fresh === true;
  if (reporting && pods.terminating.length > 0) {
    facts.add({
      id: 'runtime.pods_stuck',
      source: 'podSummary.terminating',
      text: `${pods.terminating.length} pods past their deletion deadline: ${named(pods.terminating)}`,
      value: pods.terminating.length,
    });
  }
  if (pods.crashLooping.length > 0) {
    facts.add({
      id: 'pods.churn',
      source: 'podSummary.crashLooping',
      text: `${pods.crashLooping.length} pods in CrashLoopBackOff: ${named(pods.crashLooping)}`,
      value: pods.crashLooping.length,
    });
  }
}
