import type { Diagnosis } from '../schemas/diagnosis.ts';
import type { Job } from '../schemas/job.ts';
import type { IncidentSilence } from '../schemas/silence.ts';
import { type Incident, stormKey } from './model.ts';

/** Signals kept per incident: enough for the merged evidence, bounded so one noisy node cannot grow forever. */
const MAX_SIGNALS = 50;
const MAX_FOLDED = 200;

/** Keeps the newest signals, one per dedup key (a redelivered or repeated signal replaces its older copy). */
export function addSignals(incident: Incident, jobs: readonly Job[]): Job[] {
  const byKey = new Map(incident.signals.map((j) => [j.dedupKey, j]));
  for (const job of jobs) {
    byKey.delete(job.dedupKey);
    byKey.set(job.dedupKey, job);
  }
  return [...byKey.values()].slice(-MAX_SIGNALS);
}

export function addFolded(incident: Incident, lines: readonly string[]): string[] {
  return [...incident.folded, ...lines].slice(-MAX_FOLDED);
}

/**
 * What a diagnosis tells people, reduced to what would make a new post worth it: the verdict, the confidence
 * in 10-point bands, and the cited evidence. Same fingerprint, nothing new to say.
 */
export function diagnosisFingerprint(d: Diagnosis): string {
  const top = d.causes[0];
  const cited = (top?.evidence ?? []).map((e) => `${e.source}|${e.text}`).sort();
  const band = Math.round((top?.confidence ?? 0) * 10);
  let hash = 2166136261;
  for (const ch of `${d.verdict}|${band}|${cited.join('\n')}`) {
    hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  }
  return `${d.verdict}:${band}:${hash.toString(16)}`;
}

/** Firing signals open (or keep open) an incident; an incident whose alerts all resolved is over. */
export function firing(jobs: readonly Job[]): boolean {
  return jobs.some((j) => j.kind !== 'alert' || j.alert.status !== 'resolved');
}

/** A batch that only resolves alerts (and brings nothing else) ends the incident. */
export function allResolved(jobs: readonly Job[]): boolean {
  return jobs.length > 0 && jobs.every((j) => j.kind === 'alert' && j.alert.status === 'resolved');
}

/**
 * Whether an alert is still firing for the incident once `jobs` are applied: the latest status per alert
 * fingerprint, across everything the incident has seen.
 */
export function anyAlertFiring(signals: readonly Job[]): boolean {
  const latest = new Map<string, string>();
  for (const j of signals) {
    if (j.kind !== 'alert') continue;
    const id = j.alert.fingerprint ?? j.dedupKey.split(':')[1] ?? j.dedupKey;
    latest.set(id, j.alert.status ?? 'firing');
  }
  return [...latest.values()].some((s) => s === 'firing');
}

/**
 * Whether the node actually went NotReady in this episode, or only raised an early warning (a slow relist, a
 * descriptor alarm) while still Ready: the headline should not cry NotReady before the node is.
 */
export function wentNotReady(incident: Incident): boolean {
  if (incident.ready === 'False' || incident.ready === 'Unknown') return true;
  return incident.signals.some((j) => {
    if (j.kind === 'alert') return /NotReady|Unreachable|KubeletDown/.test(j.alert.labels.alertname ?? '');
    if (j.kind === 'event') return j.event.reason === 'NodeNotReady';
    if (j.kind === 'bundle')
      return j.bundle.conditions?.some((c) => c.type === 'Ready' && c.status !== 'True') ?? false;
    return false;
  });
}

/** How long ago `from` was (infinitely long when it never happened). */
export function age(from: string | undefined, now: Date): number {
  return from === undefined ? Number.POSITIVE_INFINITY : now.getTime() - Date.parse(from);
}

/** What a diagnosis told people, recorded on the incident to recognise "nothing new" later. */
export function posted(d: Diagnosis): Pick<Incident, 'posted' | 'ready'> {
  return {
    posted: { verdict: d.verdict, confidence: d.confidence, fingerprint: diagnosisFingerprint(d) },
    ready: d.observed.ready,
  };
}

function fresh(cluster: string, node: string, kind: Incident['kind'], now: Date): Incident {
  const at = now.toISOString();
  return {
    key: kind === 'cluster' ? stormKey(cluster) : `${cluster}/${node}`,
    cluster,
    node,
    kind,
    state: 'open',
    episode: 1,
    openedAt: at,
    updatedAt: at,
    repeats: 0,
    signals: [],
    folded: [],
    nodes: [],
    stale: false,
    pending: [],
    effects: 0,
    remediations: [],
    version: 0,
  };
}

/** A new episode of an incident key: the same record with the next episode number, or a fresh record. */
export function newEpisode(
  previous: Incident | undefined,
  cluster: string,
  node: string,
  kind: Incident['kind'],
  now: Date,
): Incident {
  if (!previous) return fresh(cluster, node, kind, now);
  const at = now.toISOString();
  return {
    ...previous,
    state: 'open',
    episode: previous.episode + 1,
    resolvedAt: undefined,
    thread: undefined,
    openedAt: at,
    updatedAt: at,
    repeats: 0,
    folded: [],
    acknowledged: undefined,
    storm: undefined,
    nodes: [],
    stale: false,
  };
}

/** The incident with `changes`, updated now. */
export const touch = (incident: Incident, changes: Partial<Incident>, now: Date): Incident => ({
  ...incident,
  ...changes,
  updatedAt: now.toISOString(),
});

/** The incident's silence while it lasts (an expired one is no longer shown or offered for expiry). */
export function activeSilence(incident: Incident, now: Date): IncidentSilence | undefined {
  const s = incident.silence;
  return s && Date.parse(s.endsAt) > now.getTime() ? s : undefined;
}
