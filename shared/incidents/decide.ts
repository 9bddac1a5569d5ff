import {
  acknowledgedMessage,
  activeSilence,
  changeMessage,
  commandsMessage,
  diagnosisMessage,
  foldedMessage,
  noLongerOpenMessage,
  reopenMessage,
  resolutionMessage,
  rootMessage,
  silencedMessage,
  silenceExpiredMessage,
  silenceFailedMessage,
  silenceNotPossibleMessage,
  statusMessage,
  stormMessage,
} from '../chat/blocks.ts';
import { incidentLinks } from '../chat/links.ts';
import type { ChatMessage } from '../chat/port.ts';
import type { Diagnosis, RuntimeKind } from '../schemas/diagnosis.ts';
import type { ChatReply, Job } from '../schemas/job.ts';
import type { SilenceRequest } from '../schemas/silence.ts';
import { formatSilenceDuration, incidentMatchers } from '../silences/model.ts';
import {
  addFolded,
  addSignals,
  allResolved,
  anyAlertFiring,
  diagnosisFingerprint,
  firing,
} from './episode.ts';
import { downstreamLine } from './fanout.ts';
import { type Effect, type Incident, stormKey, type Thread } from './model.ts';
import type { ThreadPolicy } from './policy.ts';
import { analyseStorm, recentlyOpened } from './storm.ts';

/**
 * The responder's decisions as a pure function: what is known about an incident (its stored record, its storm,
 * the cluster's open incidents), the batch's signals, the diagnosis, the policy and the time in, the chat
 * actions and the next incident records out. No I/O and no clock: the pipeline (functions/respond/threads.ts)
 * does the reading, the sending and the saving.
 */

/** What a reply in an incident's thread is about. */
export type ReplyAbout = 'change' | 'fold' | 'resolution' | 'reopen' | 'silence';

export type ChatAction =
  /** Posts the incident's root (its thread ts is recorded at once), then the reasoning under it. */
  | { kind: 'open-thread'; key: string; channel: string; root: ChatMessage; reply?: ChatMessage }
  | { kind: 'edit-root'; key: string; thread: Thread; message: ChatMessage }
  | { kind: 'reply'; key: string; about: ReplyAbout; thread: Thread; message: ChatMessage }
  /** An answer to a person: in a thread (threadTs), through a response_url, or in the channel. */
  | {
      kind: 'answer';
      channel: string;
      threadTs?: string;
      responseUrl?: string;
      ephemeral: boolean;
      message: ChatMessage;
    }
  /** Creates an Alertmanager silence for the incident's alerts (an effect in its outbox, like a post). */
  | { kind: 'silence'; key: string; silence: SilenceRequest }
  | { kind: 'expire-silence'; key: string; silenceId: string; by: string };

export interface Decision {
  /**
   * Saved before anything is said, so a retried job never says it twice; once `recordEffects` ran, with the
   * actions on them as pending effects, so a retried job also says what is still missing.
   */
  next: Incident[];
  /** What to say, in order. No action: nothing new. */
  actions: ChatAction[];
  /** Saved once every action went out (a storm root no longer stale): losing it only repeats an edit. */
  settled: Incident[];
  /** Why nothing happened, for the log. */
  note?: string;
}

/** The effects an action has on the outbox of the incident it is about (answers are about no incident). */
function effectsOf(action: ChatAction, id: () => string): Effect[] {
  switch (action.kind) {
    case 'open-thread': {
      const root: Effect = { id: id(), kind: 'root', channel: action.channel, message: action.root };
      return action.reply ? [root, { id: id(), kind: 'reply', message: action.reply }] : [root];
    }
    case 'edit-root':
      return [{ id: id(), kind: 'edit', message: action.message }];
    case 'reply':
      return [{ id: id(), kind: 'reply', message: action.message }];
    case 'silence':
      return [{ id: id(), kind: 'silence', silence: action.silence, reported: false }];
    case 'expire-silence':
      return [
        { id: id(), kind: 'expire-silence', silenceId: action.silenceId, by: action.by, reported: false },
      ];
    case 'answer':
      return [];
  }
}

/**
 * Moves a decision's actions on the incidents it saves before speaking into those incidents' outboxes: pending
 * effects after the ones already there, numbered `<episode>:<seq>` in order. An edit replaces the whole root,
 * so an edit still pending is dropped when a later one joins it. The actions left are the ones on no record
 * saved first: answers to people, and storm-root edits whose record is saved only after (its `stale` flag keeps
 * them owed until then, and the idle pass sends them).
 */
export function recordEffects(decision: Decision): Decision {
  const records = new Map(decision.next.map((r) => [r.key, r]));
  const recorded = (a: ChatAction) => a.kind !== 'answer' && records.has(a.key);
  const next = decision.next.map((record) => {
    let seq = record.effects;
    const id = () => `${record.episode}:${++seq}`;
    const planned = decision.actions
      .filter((a) => a.kind !== 'answer' && a.key === record.key)
      .flatMap((a) => effectsOf(a, id));
    if (planned.length === 0) return record;
    const all = [...record.pending, ...planned];
    const lastEdit = all.findLastIndex((e) => e.kind === 'edit');
    return {
      ...record,
      pending: all.filter((e, i) => e.kind !== 'edit' || i === lastEdit),
      effects: record.effects + planned.length,
    };
  });
  return { ...decision, next, actions: decision.actions.filter((a) => !recorded(a)) };
}

const NOTHING: Decision = { next: [], actions: [], settled: [] };

/** What the correlate stage knows about one node's incident when its health signals arrive. */
export interface NodeSituation {
  cluster: string;
  node: string;
  /** The batch's health signals for the node (downstream alerts and chat requests apart). */
  jobs: readonly Job[];
  incident?: Incident;
  /** The cluster's storm record (`cluster/*`), open or not. */
  storm?: Incident;
  /** The cluster's open incidents, when `needsOpenIncidents` asked for them. */
  open?: readonly Incident[];
}

/** How a batch of health signals meets the node's incident. */
export type Route = 'nothing-to-close' | 'open' | 'reopen' | 'join-storm' | 'update' | 'resolve';

function age(from: string | undefined, now: Date): number {
  return from === undefined ? Number.POSITIVE_INFINITY : now.getTime() - Date.parse(from);
}

function within(s: NodeSituation, policy: ThreadPolicy, now: Date): boolean {
  const previous = s.incident;
  return (
    previous?.thread !== undefined &&
    age(previous.resolvedAt ?? previous.updatedAt, now) <= policy.reopenWindowMs
  );
}

/** Whether this node tips its cluster into a storm (the other nodes opened within the window, plus this one). */
function tipsStorm(s: NodeSituation, policy: ThreadPolicy, now: Date): boolean {
  const recent = recentlyOpened(s.open ?? [], now, policy.storm).filter((i) => i.node !== s.node);
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

function stormRootDue(storm: Incident, policy: ThreadPolicy, now: Date): boolean {
  return !storm.thread || age(storm.editedAt ?? storm.openedAt, now) >= policy.stormEditIntervalMs;
}

/**
 * Whether deciding needs the cluster's open incidents: to see whether a new incident tips a storm, to render a
 * storm root that is due an edit, or to see whether a resolving member was the storm's last.
 */
export function needsOpenIncidents(s: NodeSituation, policy: ThreadPolicy, now: Date): boolean {
  const existing = s.incident;
  if (!existing || existing.state === 'resolved') {
    if (!firing(s.jobs) || within(s, policy, now)) return false;
    return s.storm?.state !== 'open' || stormRootDue(s.storm, policy, now);
  }
  return existing.storm !== undefined && allResolved(s.jobs);
}

/** Live evidence is read when an incident opens or reopens on its own; storm members are a cluster question. */
export function wantsLiveEvidence(r: Route): boolean {
  return r === 'open' || r === 'reopen';
}

/** The incident's signals once this batch (and the live reading, if any) joins them: what gets diagnosed. */
export function episodeSignals(s: NodeSituation, r: Route, live: Job | undefined): Job[] {
  const arriving = live ? [...s.jobs, live] : [...s.jobs];
  if (r === 'open' || r === 'join-storm' || !s.incident) return arriving;
  return addSignals(s.incident, arriving);
}

function posted(d: Diagnosis): Pick<Incident, 'posted' | 'ready'> {
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

const touch = (incident: Incident, changes: Partial<Incident>, now: Date): Incident => ({
  ...incident,
  ...changes,
  updatedAt: now.toISOString(),
});

/** The storm root: the members' findings, and where members that had a thread of their own can be read. */
export function stormRoot(
  storm: Incident,
  members: readonly Incident[],
  policy: ThreadPolicy,
  now: Date,
): ChatMessage {
  const threads = new Map<string, string>();
  for (const m of members) {
    if (!m.thread) continue;
    threads.set(
      m.node,
      policy.archiveUrl
        ? `<${policy.archiveUrl}/${m.thread.channel}/p${m.thread.ts.replace('.', '')}|thread>`
        : `own thread since ${m.openedAt.slice(11, 16)}Z`,
    );
  }
  return stormMessage(storm, analyseStorm(members), policy.storm.windowMs / 1000, now, threads);
}

const membersOf = (storm: Incident, open: readonly Incident[]) => open.filter((i) => i.storm === storm.key);

/** Replaces (or adds) records by key: the members as they will be once this decision is saved. */
function overlay(open: readonly Incident[], records: readonly Incident[]): Incident[] {
  const byKey = new Map(open.map((i) => [i.key, i]));
  for (const r of records) byKey.set(r.key, r);
  return [...byKey.values()].filter((i) => i.state === 'open');
}

/** Edits a storm root now if the interval allows, else leaves it stale for a later edit (or the idle pass). */
function editStorm(
  storm: Incident,
  members: readonly Incident[],
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
        message: stormRoot(storm, members, policy, now),
      },
    ],
    settled: [touch(storm, { stale: false, editedAt: now.toISOString() }, now)],
  };
}

/**
 * Opens (or re-opens) the cluster incident with `recent` (node incidents already open) as its members and the
 * `arriving` nodes counted at once, and posts its root.
 */
function openStorm(
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
        root: stormRoot(storm, [...members, ...joining], policy, now),
      },
    ],
    settled: [],
  };
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
      const root = rootMessage(incident, d, now, policy);
      return {
        next: [{ ...incident, editedAt: now.toISOString() }],
        actions: [
          {
            kind: 'open-thread',
            key,
            channel: policy.channel,
            root,
            reply: diagnosisMessage(d, undefined, incidentLinks(incident, d, policy.links)),
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
          { kind: 'edit-root', key, thread: previous.thread, message: rootMessage(incident, d, now, policy) },
          {
            kind: 'reply',
            key,
            about: 'reopen',
            thread: previous.thread,
            message: reopenMessage(incident, d, incidentLinks(incident, d, policy.links)),
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
  const open = s.open ?? [];
  const member = touch(
    newEpisode(s.incident, s.cluster, s.node, 'node', now),
    { signals, storm: stormKey(s.cluster), ...posted(d) },
    now,
  );
  const storm = s.storm?.state === 'open' ? s.storm : undefined;
  if (!storm) {
    const recent = recentlyOpened(open, now, policy.storm).filter((i) => i.node !== s.node);
    return openStorm(s.cluster, s.storm, recent, [s.node], policy, now, [member]);
  }
  // A member joining is news for the root (its finding counts in the reading), even when the batch that opened
  // the storm already listed its node: the root is due an edit either way.
  const marked = touch(
    storm,
    { nodes: storm.nodes.includes(s.node) ? storm.nodes : [...storm.nodes, s.node], stale: true },
    now,
  );
  const members = membersOf(marked, overlay(open, [member]));
  if (!marked.thread) {
    const posting = touch(marked, { stale: false, editedAt: now.toISOString() }, now);
    return {
      next: [member, posting],
      actions: [
        {
          kind: 'open-thread',
          key: marked.key,
          channel: policy.channel,
          root: stormRoot(posting, members, policy, now),
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
  const before = incident.posted
    ? `${incident.posted.verdict} ${Math.round(incident.posted.confidence * 100)}%`
    : 'none';
  const next = touch(
    incident,
    changed ? { signals, ...posted(d), repeats: 0 } : { signals, repeats: incident.repeats + 1 },
    now,
  );
  const root = rootMessage(next, d, now, policy);
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
          reply: diagnosisMessage(d, undefined, incidentLinks(next, d, policy.links)),
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
              message: changeMessage(d, before, incidentLinks(next, d, policy.links)),
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
          message: resolutionMessage(resolved),
        },
        {
          kind: 'edit-root',
          key: resolved.key,
          thread: resolved.thread,
          message: rootMessage(resolved, d, now, policy),
        },
      ]
    : [];
  const storm = s.storm;
  const others = storm
    ? membersOf(storm, s.open ?? []).filter((i) => i.kind === 'node' && i.key !== resolved.key)
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
              message: resolutionMessage(over),
            },
          ]
        : []),
    ],
    settled: edit.settled,
  };
}

/** What the correlate stage knows when downstream alerts arrive: the cluster's open incidents. */
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
      ? [{ kind: 'reply', key: next.key, about: 'fold', thread: next.thread, message: foldedMessage(lines) }]
      : [],
    settled: [],
  };
}

/** A batch's firing nodes of one cluster, with the cluster's storm record and open incidents. */
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

/** When the queue is idle: storm roots whose edit was deferred get it now. */
export function decideIdle(open: readonly Incident[], policy: ThreadPolicy, now: Date): Decision {
  const stale = open.filter((i) => i.kind === 'cluster' && i.stale);
  const edits = stale.map((storm) => editStorm(storm, membersOf(storm, open), policy, now, true));
  return { next: [], actions: edits.flatMap((e) => e.actions), settled: edits.flatMap((e) => e.settled) };
}

/** A person's request with what the correlate and diagnose stages found for it. */
export type RequestSituation =
  | { action: 'status'; reply: ChatReply; open: readonly Incident[] }
  | { action: 'diagnose-text'; reply: ChatReply; diagnosis: Diagnosis }
  /** No incident recorded for the node: what the cluster says about it now. */
  | { action: 'no-incident'; reply: ChatReply; cluster: string; node: string; diagnosis: Diagnosis }
  /** A button of an incident that is no longer open: its thread already says how it ended. */
  | { action: 'gone'; reply: ChatReply }
  | { action: 'storm'; reply: ChatReply; storm: Incident; open: readonly Incident[] }
  | {
      action: 'other-runtime';
      reply: ChatReply;
      incident: Incident;
      diagnosis: Diagnosis;
      runtime: RuntimeKind;
    }
  | { action: 'acknowledge'; reply: ChatReply; incident: Incident; diagnosis: Diagnosis }
  | { action: 'silence'; reply: ChatReply; incident: Incident; diagnosis: Diagnosis; seconds: number }
  | { action: 'expire-silence'; reply: ChatReply; incident: Incident; diagnosis: Diagnosis }
  | { action: 'rediagnose'; reply: ChatReply; incident: Incident; signals: Job[]; diagnosis: Diagnosis };

function answer(reply: ChatReply, message: ChatMessage, threadTs?: string): ChatAction {
  const ts = threadTs ?? reply.threadTs;
  return {
    kind: 'answer',
    channel: reply.channel,
    ...(ts ? { threadTs: ts } : reply.responseUrl ? { responseUrl: reply.responseUrl } : {}),
    ephemeral: false,
    message,
  };
}

/** People in the thread: status, pasted logs, acknowledge, the other runtime's commands, re-diagnose. */
export function decideRequest(s: RequestSituation, policy: ThreadPolicy, now: Date): Decision {
  const { reply } = s;
  switch (s.action) {
    case 'status': {
      const message = statusMessage(s.open, now);
      const action: ChatAction = reply.responseUrl
        ? { kind: 'answer', channel: reply.channel, responseUrl: reply.responseUrl, ephemeral: true, message }
        : { kind: 'answer', channel: reply.channel, ephemeral: false, message };
      return { ...NOTHING, actions: [action] };
    }
    case 'diagnose-text':
      return {
        ...NOTHING,
        actions: [
          answer(
            reply,
            diagnosisMessage(s.diagnosis, 'Diagnosis of the pasted log (offline, no cluster access):'),
          ),
        ],
      };
    case 'no-incident': {
      const intro = `No open incident for ${s.node} in ${s.cluster}. What the cluster says now:`;
      return { ...NOTHING, actions: [answer(reply, diagnosisMessage(s.diagnosis, intro))] };
    }
    case 'gone':
      return { ...NOTHING, actions: [answer(reply, noLongerOpenMessage())] };
    case 'storm':
      // A storm has no per-node commands: answering means showing its current state.
      return { next: [], ...editStorm(s.storm, membersOf(s.storm, s.open), policy, now, true) };
    case 'other-runtime':
      return {
        ...NOTHING,
        actions: [answer(reply, commandsMessage(s.diagnosis, s.runtime), s.incident.thread?.ts)],
      };
    case 'acknowledge':
      return acknowledge(s, policy, now);
    case 'silence':
      return silenceRequest(s, policy, now);
    case 'expire-silence': {
      const silence = activeSilence(s.incident, now);
      if (!silence) return noSilence(reply, s.incident, 'This incident has no running silence to expire.');
      if (s.incident.pending.some((e) => e.kind === 'expire-silence' && e.silenceId === silence.id))
        return NOTHING;
      return {
        next: [touch(s.incident, {}, now)],
        actions: [{ kind: 'expire-silence', key: s.incident.key, silenceId: silence.id, by: reply.user }],
        settled: [],
      };
    }
    case 'rediagnose': {
      const next = touch(s.incident, { signals: s.signals, ...posted(s.diagnosis) }, now);
      return {
        next: [next],
        actions: [
          ...(next.thread
            ? [
                {
                  kind: 'edit-root' as const,
                  key: next.key,
                  thread: next.thread,
                  message: rootMessage(next, s.diagnosis, now, policy),
                },
              ]
            : []),
          answer(
            reply,
            diagnosisMessage(
              s.diagnosis,
              'Re-diagnosed on request of the on-call engineer.',
              incidentLinks(next, s.diagnosis, policy.links),
            ),
            next.thread?.ts,
          ),
        ],
        settled: [],
      };
    }
  }
}

type Situation<A extends RequestSituation['action']> = Extract<RequestSituation, { action: A }>;

/**
 * Who acknowledged, in the root and the thread; with ACK_SILENCES, also a silence for the first duration. The
 * thread's note is then an effect before the silence, so an Alertmanager outage cannot lose it.
 */
function acknowledge(s: Situation<'acknowledge'>, policy: ThreadPolicy, now: Date): Decision {
  const { reply } = s;
  if (s.incident.acknowledged) return NOTHING;
  const acked = touch(s.incident, { acknowledged: { user: reply.user, at: now.toISOString() } }, now);
  const [seconds] = policy.silences?.durationsSeconds ?? [];
  const planned =
    policy.silences?.onAcknowledge && seconds !== undefined
      ? silenceAction(acked, s.diagnosis, reply.user, seconds, now)
      : undefined;
  const silence = typeof planned === 'object' && acked.thread ? planned : undefined;
  const said = acknowledgedMessage(reply.user);
  return {
    next: [acked],
    actions: [
      ...(acked.thread
        ? [
            {
              kind: 'edit-root' as const,
              key: acked.key,
              thread: acked.thread,
              message: rootMessage(acked, s.diagnosis, now, policy),
            },
          ]
        : []),
      silence && acked.thread
        ? { kind: 'reply', key: acked.key, about: 'silence', thread: acked.thread, message: said }
        : answer(reply, said, acked.thread?.ts),
      ...(silence ? [silence] : []),
    ],
    settled: [],
  };
}

function silenceRequest(s: Situation<'silence'>, policy: ThreadPolicy, now: Date): Decision {
  if (!policy.silences)
    return noSilence(s.reply, s.incident, 'Silences are not configured here (ALERTMANAGER_URL is not set).');
  const action = silenceAction(s.incident, s.diagnosis, s.reply.user, s.seconds, now);
  if (typeof action === 'string') return noSilence(s.reply, s.incident, action);
  return { next: [touch(s.incident, {}, now)], actions: [action], settled: [] };
}

/** An answer in the incident's thread saying why no silence was made. */
function noSilence(reply: ChatReply, incident: Incident, reason: string): Decision {
  return { ...NOTHING, actions: [answer(reply, silenceNotPossibleMessage(reason), incident.thread?.ts)] };
}

/**
 * The silence a person asked for, or why there is none: the incident's own alerts (shared/silences/model.ts),
 * from now for `seconds`, created by the Slack user, its comment naming the incident and its cause. One silence
 * at a time: a silence still running or still being created is not doubled by a second click or a redelivery.
 */
function silenceAction(
  incident: Incident,
  d: Diagnosis,
  user: string,
  seconds: number,
  now: Date,
): ChatAction | string {
  const running = activeSilence(incident, now);
  if (running)
    return `Already silenced until ${running.endsAt.slice(0, 16).replace('T', ' ')}Z (silence ${running.id}).`;
  if (incident.pending.some((e) => e.kind === 'silence'))
    return 'A silence for this incident is already being created.';
  const matchers = incidentMatchers(incident);
  if (!matchers) return 'This incident holds no Alertmanager alert: there is nothing to silence.';
  const top = d.causes[0];
  const cause = d.verdict === 'unknown' || !top ? 'cause not yet known' : top.title;
  return {
    kind: 'silence',
    key: incident.key,
    silence: {
      matchers,
      startsAt: now.toISOString(),
      endsAt: new Date(now.getTime() + seconds * 1000).toISOString(),
      createdBy: user,
      comment: `pleg-responder: ${incident.key} (episode ${incident.episode}) — ${cause}; silenced for ${formatSilenceDuration(seconds)} from Slack at ${now.toISOString()}`,
    },
  };
}

/** What Alertmanager made of a silence effect. */
export type SilenceOutcome =
  | { kind: 'created'; id: string }
  | { kind: 'expired' }
  /** A 4xx: this request cannot succeed; Alertmanager's words, bounded. */
  | { kind: 'refused'; reason: string }
  /** Unreachable, 5xx or refused credentials: the effect stays pending and the job waits (a downstream fault). */
  | { kind: 'unavailable'; reason: string };

type SilenceEffect = Extract<Effect, { kind: 'silence' | 'expire-silence' }>;

/** A silence effect carried out: the incident as it was (the effect still first in its outbox) and the outcome. */
export interface SilenceOutcomeSituation {
  incident: Incident & { thread: Thread };
  effect: SilenceEffect;
  outcome: SilenceOutcome;
  diagnosis: Diagnosis;
}

/**
 * What follows a silence effect: created → the id and expiry recorded, the root edited, who/why said in the
 * thread; expired → the same, the other way; refused → said in the thread, the effect done; unavailable → said in
 * the thread once (the effect marked reported, still pending: the job is retried on the fault's backoff).
 */
export function decideSilenceOutcome(s: SilenceOutcomeSituation, policy: ThreadPolicy, now: Date): Decision {
  const { incident, effect, outcome } = s;
  const rest = incident.pending.filter((e) => e.id !== effect.id);
  const what = effect.kind === 'silence' ? 'silence' : 'expiry';
  if (outcome.kind === 'unavailable') {
    if (effect.reported) return NOTHING;
    const marked = {
      ...incident,
      pending: incident.pending.map((e) => (e.id === effect.id ? { ...e, reported: true } : e)),
    };
    return {
      next: [marked],
      actions: [
        {
          kind: 'answer',
          channel: incident.thread.channel,
          threadTs: incident.thread.ts,
          ephemeral: false,
          message: silenceFailedMessage(what, outcome.reason, true),
        },
      ],
      settled: [],
    };
  }
  if (outcome.kind === 'refused') {
    return {
      next: [touch({ ...incident, pending: rest }, {}, now)],
      actions: [
        {
          kind: 'reply',
          key: incident.key,
          about: 'silence',
          thread: incident.thread,
          message: silenceFailedMessage(what, outcome.reason, false),
        },
      ],
      settled: [],
    };
  }
  const done = { ...incident, pending: rest };
  const announce = (next: Incident, message: ChatMessage): Decision => ({
    next: [next],
    actions: [
      {
        kind: 'edit-root',
        key: next.key,
        thread: incident.thread,
        message: rootMessage(next, s.diagnosis, now, policy),
      },
      { kind: 'reply', key: next.key, about: 'silence', thread: incident.thread, message },
    ],
    settled: [],
  });
  if (effect.kind === 'expire-silence')
    return announce(
      touch(done, { silence: undefined }, now),
      silenceExpiredMessage(effect.silenceId, effect.by),
    );
  if (outcome.kind !== 'created') throw new Error(`a silence effect cannot end as ${outcome.kind}`);
  const silence = { id: outcome.id, endsAt: effect.silence.endsAt, by: effect.silence.createdBy };
  const next = touch(done, { silence }, now);
  return announce(next, silencedMessage(next, silence, s.diagnosis));
}
