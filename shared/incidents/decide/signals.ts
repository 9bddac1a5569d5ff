import type { Diagnosis } from '../../schemas/diagnosis.ts';
import type { Job } from '../../schemas/job.ts';
import {
  addSignals,
  age,
  allResolved,
  anyAlertFiring,
  diagnosisFingerprint,
  firing,
  newEpisode,
  posted,
  touch,
} from '../episode.ts';
import { type Incident, type IncidentSummary, stormKey, type Thread } from '../model.ts';
import type { ThreadPolicy } from '../policy.ts';
import { type ChatAction, type Decision, NOTHING } from './actions.ts';
import type { MessageIntent } from './intents.ts';
import { editStorm, membersOf, openStorm, overlay, recentlyOpened, stormRootDue } from './storms.ts';

/** What the correlate stage knows about one node's incident when its health signals arrive. */
export interface NodeSituation {
  cluster: string;
  node: string;
  /** The batch's health signals for the node (downstream alerts and chat requests apart). */
  jobs: readonly Job[];
  incident?: Incident;
  /** The cluster's storm record (`cluster/*`), open or not. */
  storm?: Incident;
  /** The cluster's node incidents opened within the storm window, when `needsOpenIncidents` asked for them. */
  recent?: readonly Incident[];
  /** The storm's open members (at most the limit asked for), when `needsOpenIncidents` asked for them. */
  members?: readonly IncidentSummary[];
}

/** How a batch of health signals meets the node's incident. */
export type Route = 'nothing-to-close' | 'open' | 'reopen' | 'join-storm' | 'update' | 'resolve';

function within(s: NodeSituation, policy: ThreadPolicy, now: Date): boolean {
  const previous = s.incident;
  return (
    previous?.thread !== undefined &&
    age(previous.resolvedAt ?? previous.updatedAt, now) <= policy.reopenWindowMs
  );
}

/** Whether this node tips its cluster into a storm (the other nodes opened within the window, plus this one). */
function tipsStorm(s: NodeSituation, policy: ThreadPolicy, now: Date): boolean {
  const recent = recentlyOpened(s.recent ?? [], now, policy.storm).filter((i) => i.node !== s.node);
  return recent.length + 1 >= policy.storm.threshold;
}

export function route(s: NodeSituation, policy: ThreadPolicy, now: Date): Route {
  const existing = s.incident;
  if (!existing || existing.state === 'resolved') {
    if (!firing(s.jobs)) return 'nothing-to-close';
    if (within(s, policy, now)) return 'reopen';
    if (s.storm?.state === 'open' || tipsStorm(s, policy, now)) return 'join-storm';
    return 'open';
  }
  if (allResolved(s.jobs) && !anyAlertFiring(addSignals(existing, s.jobs))) return 'resolve';
  return 'update';
}

/** What deciding reads beyond the node's and the storm's records: `recent` or the storm's `members`. */
export type Reading = { read: 'recent' } | { read: 'members'; limit?: number };

/**
 * Whether deciding needs more of the cluster's open incidents, and which: the node incidents opened within the
 * storm window, to see whether a new incident tips a storm; the storm's members, to render a storm root that is
 * due an edit; or two of them, to see whether a resolving member was the storm's last. None of these grows with
 * the cluster's open incidents but the root's rendering, which happens at most once per edit interval and reads
 * summaries.
 */
export function needsOpenIncidents(s: NodeSituation, policy: ThreadPolicy, now: Date): Reading | undefined {
  const existing = s.incident;
  if (!existing || existing.state === 'resolved') {
    if (!firing(s.jobs) || within(s, policy, now)) return undefined;
    if (s.storm?.state !== 'open') return { read: 'recent' };
    return stormRootDue(s.storm, policy, now) ? { read: 'members' } : undefined;
  }
  // This member and, if there is one, another: enough to know whether it was the last.
  return existing.storm !== undefined && allResolved(s.jobs) ? { read: 'members', limit: 2 } : undefined;
}

/** Live evidence is read when an incident opens or reopens on its own; storm members are a cluster question. */
export function wantsLiveEvidence(r: Route): boolean {
  return r === 'open' || r === 'reopen';
}

/** The incident's signals once this batch (and the live readings, if any) joins them: what gets diagnosed. */
export function episodeSignals(s: NodeSituation, r: Route, live: readonly Job[] | undefined): Job[] {
  const arriving = [...s.jobs, ...(live ?? [])];
  if (r === 'open' || r === 'join-storm' || !s.incident) return arriving;
  return addSignals(s.incident, arriving);
}

/** Health signals for one node: open, reopen, join a storm, update (or nothing new), resolve. */
export function decideSignals(
  s: NodeSituation,
  r: Route,
  signals: Job[],
  d: Diagnosis,
  policy: ThreadPolicy,
  now: Date,
): Decision {
  const key = `${s.cluster}/${s.node}`;
  switch (r) {
    case 'nothing-to-close':
      return { ...NOTHING, note: `resolution for ${key} without an open incident: nothing to close` };
    case 'open': {
      const incident = touch(
        newEpisode(s.incident, s.cluster, s.node, 'node', now),
        { signals, ...posted(d) },
        now,
      );
      return {
        next: [{ ...incident, editedAt: now.toISOString() }],
        actions: [
          {
            kind: 'open-thread',
            key,
            channel: policy.channel,
            root: { kind: 'root', incident, diagnosis: d },
            reply: { kind: 'reasoning', incident, diagnosis: d },
          },
        ],
        settled: [],
      };
    }
    case 'reopen': {
      const previous = s.incident as Incident & { thread: Thread };
      const incident = touch(
        previous,
        {
          state: 'open',
          episode: previous.episode + 1,
          resolvedAt: undefined,
          openedAt: now.toISOString(),
          signals,
          repeats: 0,
          ...posted(d),
        },
        now,
      );
      return {
        next: [incident],
        actions: [
          {
            kind: 'edit-root',
            key,
            thread: previous.thread,
            message: { kind: 'root', incident, diagnosis: d },
          },
          {
            kind: 'reply',
            key,
            about: 'reopen',
            thread: previous.thread,
            message: { kind: 'reopen', incident, diagnosis: d },
          },
        ],
        settled: [],
      };
    }
    case 'join-storm':
      return joinStorm(s, signals, d, policy, now);
    case 'update':
      return update(s.incident as Incident, signals, d, policy, now);
    case 'resolve':
      return resolve(s, signals, d, policy, now);
  }
}

/** Storm members are not read one by one: a thousand nodes at once is a cluster question. */
function joinStorm(
  s: NodeSituation,
  signals: Job[],
  d: Diagnosis,
  policy: ThreadPolicy,
  now: Date,
): Decision {
  const member = touch(
    newEpisode(s.incident, s.cluster, s.node, 'node', now),
    { signals, storm: stormKey(s.cluster), ...posted(d) },
    now,
  );
  const storm = s.storm?.state === 'open' ? s.storm : undefined;
  if (!storm) {
    const recent = recentlyOpened(s.recent ?? [], now, policy.storm).filter((i) => i.node !== s.node);
    return openStorm(s.cluster, s.storm, recent, [s.node], policy, now, [member]);
  }
  // A member joining is news for the root (its finding counts in the reading), even when the batch that opened
  // the storm already listed its node: the root is due an edit either way.
  const marked = touch(
    storm,
    { nodes: storm.nodes.includes(s.node) ? storm.nodes : [...storm.nodes, s.node], stale: true },
    now,
  );
  const members = membersOf(marked, overlay(s.members ?? [], [member]));
  if (!marked.thread) {
    const posting = touch(marked, { stale: false, editedAt: now.toISOString() }, now);
    return {
      next: [member, posting],
      actions: [
        {
          kind: 'open-thread',
          key: marked.key,
          channel: policy.channel,
          root: { kind: 'storm-root', storm: posting, members },
        },
      ],
      settled: [],
    };
  }
  return { next: [member, marked], ...editStorm(marked, members, policy, now, false) };
}

/** New evidence on an open incident: a reply only when the diagnosis changed, else a counter in the root. */
function update(incident: Incident, signals: Job[], d: Diagnosis, policy: ThreadPolicy, now: Date): Decision {
  if (incident.storm)
    return { next: [touch(incident, { signals, ...posted(d) }, now)], actions: [], settled: [] };
  const changed = incident.posted?.fingerprint !== diagnosisFingerprint(d);
  const next = touch(
    incident,
    changed ? { signals, ...posted(d), repeats: 0 } : { signals, repeats: incident.repeats + 1 },
    now,
  );
  const root: MessageIntent = { kind: 'root', incident: next, diagnosis: d };
  const thread = incident.thread;
  if (!thread) {
    // Open without a thread or a root owed: a record saved before outboxes existed, whose first post failed.
    return {
      next: [{ ...next, editedAt: now.toISOString() }],
      actions: [
        {
          kind: 'open-thread',
          key: next.key,
          channel: policy.channel,
          root,
          reply: { kind: 'reasoning', incident: next, diagnosis: d },
        },
      ],
      settled: [],
    };
  }
  return {
    next: [next],
    actions: [
      { kind: 'edit-root', key: next.key, thread, message: root },
      ...(changed
        ? [
            {
              kind: 'reply' as const,
              key: next.key,
              about: 'change' as const,
              thread,
              message: { kind: 'change', incident: next, diagnosis: d, before: incident.posted } as const,
            },
          ]
        : []),
    ],
    settled: [],
  };
}

function resolve(s: NodeSituation, signals: Job[], d: Diagnosis, policy: ThreadPolicy, now: Date): Decision {
  const incident = s.incident as Incident;
  const resolved = touch(incident, { signals, state: 'resolved', resolvedAt: now.toISOString() }, now);
  const actions: ChatAction[] = resolved.thread
    ? [
        {
          kind: 'reply',
          key: resolved.key,
          about: 'resolution',
          thread: resolved.thread,
          message: { kind: 'resolution', incident: resolved },
        },
        {
          kind: 'edit-root',
          key: resolved.key,
          thread: resolved.thread,
          message: { kind: 'root', incident: resolved, diagnosis: d },
        },
      ]
    : [];
  const storm = s.storm;
  const others = storm
    ? membersOf(storm, s.members ?? []).filter((i) => i.kind === 'node' && i.key !== resolved.key)
    : [];
  if (storm?.state !== 'open' || resolved.storm !== storm.key || others.length > 0)
    return { next: [resolved], actions, settled: [] };
  // The storm's last member recovered: the cluster incident is over.
  const over = touch(storm, { state: 'resolved', resolvedAt: now.toISOString(), stale: true }, now);
  const edit = editStorm(over, [], policy, now, true);
  return {
    next: [resolved, over],
    actions: [
      ...actions,
      ...edit.actions,
      ...(over.thread
        ? [
            {
              kind: 'reply' as const,
              key: over.key,
              about: 'resolution' as const,
              thread: over.thread,
              message: { kind: 'resolution', incident: over } as const,
            },
          ]
        : []),
    ],
    settled: edit.settled,
  };
}
