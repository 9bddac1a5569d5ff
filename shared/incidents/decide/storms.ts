import { age, newEpisode, touch } from '../episode.ts';
import type { Incident, IncidentSummary } from '../model.ts';
import type { StormPolicy, ThreadPolicy } from '../policy.ts';
import { type Decision, NOTHING } from './actions.ts';

/** When the storm window before `now` began. */
export function windowStart(now: Date, policy: StormPolicy): Date {
  return new Date(now.getTime() - policy.windowMs);
}

/** The node incidents of a cluster opened within the window before `now` (the storm's members so far). */
export function recentlyOpened(open: readonly Incident[], now: Date, policy: StormPolicy): Incident[] {
  const since = windowStart(now, policy).getTime();
  return open.filter((i) => i.kind === 'node' && Date.parse(i.openedAt) >= since);
}

/** Whether a storm root may be edited now: storm roots are edited at most every `stormEditIntervalMs`. */
export function stormRootDue(storm: Incident, policy: ThreadPolicy, now: Date): boolean {
  return !storm.thread || age(storm.editedAt ?? storm.openedAt, now) >= policy.stormEditIntervalMs;
}

export const membersOf = (storm: Incident, open: readonly IncidentSummary[]) =>
  open.filter((i) => i.storm === storm.key);

/** Replaces (or adds) records by key: the members as they will be once this decision is saved. */
export function overlay(open: readonly IncidentSummary[], records: readonly Incident[]): IncidentSummary[] {
  const byKey = new Map(open.map((i) => [i.key, i]));
  for (const r of records) byKey.set(r.key, r);
  return [...byKey.values()].filter((i) => i.state === 'open');
}

/** Edits a storm root now if the interval allows, else leaves it stale for a later edit (or the idle pass). */
export function editStorm(
  storm: Incident,
  members: readonly IncidentSummary[],
  policy: ThreadPolicy,
  now: Date,
  force: boolean,
): Pick<Decision, 'actions' | 'settled'> {
  if (!storm.thread || (!force && !stormRootDue(storm, policy, now))) return { actions: [], settled: [] };
  return {
    actions: [
      {
        kind: 'edit-root',
        key: storm.key,
        thread: storm.thread,
        message: { kind: 'storm-root', storm, members },
      },
    ],
    settled: [touch(storm, { stale: false, editedAt: now.toISOString() }, now)],
  };
}

/**
 * Opens (or re-opens) the cluster incident with `recent` (node incidents already open) as its members and the
 * `arriving` nodes counted at once, and posts its root.
 */
export function openStorm(
  cluster: string,
  previous: Incident | undefined,
  recent: readonly Incident[],
  arriving: readonly string[],
  policy: ThreadPolicy,
  now: Date,
  joining: readonly Incident[] = [],
): Decision {
  const base = newEpisode(previous, cluster, '', 'cluster', now);
  const storm = touch(
    base,
    { nodes: [...new Set([...recent.map((i) => i.node), ...arriving])], editedAt: now.toISOString() },
    now,
  );
  const members = recent.map((m) => touch(m, { storm: storm.key }, now));
  return {
    next: [storm, ...members, ...joining],
    actions: [
      {
        kind: 'open-thread',
        key: storm.key,
        channel: policy.channel,
        root: { kind: 'storm-root', storm, members: [...members, ...joining] },
      },
    ],
    settled: [],
  };
}

/**
 * A batch's firing nodes of one cluster, with the cluster's storm record and open node incidents: those opened
 * within the storm window, and those of the batch's nodes.
 */
export interface BurstSituation {
  cluster: string;
  nodes: readonly string[];
  storm?: Incident;
  open: readonly Incident[];
}

/** Whether a batch is big enough to be a storm before anything is read (the common case reads nothing). */
export function mayBeStorm(nodes: readonly string[], policy: ThreadPolicy): boolean {
  return nodes.length >= policy.storm.threshold;
}

/**
 * Many nodes of one cluster arriving in one batch is a storm from the first moment: the cluster thread is
 * opened before any node's, so a burst of a thousand alerts never starts with a handful of node threads.
 */
export function decideBurst(s: BurstSituation, policy: ThreadPolicy, now: Date): Decision {
  if (!mayBeStorm(s.nodes, policy) || s.storm?.state === 'open') return NOTHING;
  const fresh = s.nodes.filter((n) => !s.open.some((i) => i.kind === 'node' && i.node === n));
  const recent = recentlyOpened(s.open, now, policy.storm);
  if (fresh.length + recent.length < policy.storm.threshold) return NOTHING;
  return openStorm(s.cluster, s.storm, recent, fresh, policy, now);
}

/** When the queue is idle: storm roots whose edit was deferred get it now (`members`: the storms' members). */
export function decideIdle(
  storms: readonly Incident[],
  members: readonly IncidentSummary[],
  policy: ThreadPolicy,
  now: Date,
): Decision {
  const stale = storms.filter((i) => i.kind === 'cluster' && i.stale);
  const edits = stale.map((storm) => editStorm(storm, membersOf(storm, members), policy, now, true));
  return { next: [], actions: edits.flatMap((e) => e.actions), settled: edits.flatMap((e) => e.settled) };
}
