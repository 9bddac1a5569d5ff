import type { Diagnosis } from '../../schemas/diagnosis.ts';
import type { ChatReply } from '../../schemas/job.ts';
import { formatSilenceDuration, incidentMatchers } from '../../silences/model.ts';
import { activeSilence, touch } from '../episode.ts';
import type { Effect, Incident, Thread } from '../model.ts';
import type { ThreadPolicy } from '../policy.ts';
import { answer, type ChatAction, type Decision, NOTHING } from './actions.ts';
import type { MessageIntent, NoSilence } from './intents.ts';

/** A person asked to silence the incident's alerts for `seconds`. */
export function silenceRequest(
  reply: ChatReply,
  incident: Incident,
  d: Diagnosis,
  seconds: number,
  policy: ThreadPolicy,
  now: Date,
): Decision {
  if (!policy.silences) return noSilence(reply, incident, { why: 'not-configured' });
  const action = silenceAction(incident, d, reply.user, seconds, now);
  if ('why' in action) return noSilence(reply, incident, action);
  return { next: [touch(incident, {}, now)], actions: [action], settled: [] };
}

/** A person asked to expire the incident's running silence. */
export function expireSilence(reply: ChatReply, incident: Incident, now: Date): Decision {
  const silence = activeSilence(incident, now);
  if (!silence) return noSilence(reply, incident, { why: 'none-running' });
  if (incident.pending.some((e) => e.kind === 'expire-silence' && e.silenceId === silence.id)) return NOTHING;
  return {
    next: [touch(incident, {}, now)],
    actions: [{ kind: 'expire-silence', key: incident.key, silenceId: silence.id, by: reply.user }],
    settled: [],
  };
}

/** An answer in the incident's thread saying why no silence was made. */
function noSilence(reply: ChatReply, incident: Incident, reason: NoSilence): Decision {
  return { ...NOTHING, actions: [answer(reply, { kind: 'no-silence', reason }, incident.thread?.ts)] };
}

type SilenceAction = Extract<ChatAction, { kind: 'silence' }>;

/**
 * The silence a person asked for, or why there is none: the incident's own alerts (shared/silences/model.ts),
 * from now for `seconds`, created by the Slack user, its comment naming the incident and its cause. One silence
 * at a time: a silence still running or still being created is not doubled by a second click or a redelivery.
 */
export function silenceAction(
  incident: Incident,
  d: Diagnosis,
  user: string,
  seconds: number,
  now: Date,
): SilenceAction | NoSilence {
  const running = activeSilence(incident, now);
  if (running) return { why: 'already-silenced', silence: running };
  if (incident.pending.some((e) => e.kind === 'silence')) return { why: 'being-created' };
  const matchers = incidentMatchers(incident);
  if (!matchers) return { why: 'no-alert' };
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
export function decideSilenceOutcome(s: SilenceOutcomeSituation, now: Date): Decision {
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
          message: { kind: 'silence-failed', what, reason: outcome.reason, retried: true },
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
          message: { kind: 'silence-failed', what, reason: outcome.reason, retried: false },
        },
      ],
      settled: [],
    };
  }
  const done = { ...incident, pending: rest };
  const announce = (next: Incident, message: MessageIntent): Decision => ({
    next: [next],
    actions: [
      {
        kind: 'edit-root',
        key: next.key,
        thread: incident.thread,
        message: { kind: 'root', incident: next, diagnosis: s.diagnosis },
      },
      { kind: 'reply', key: next.key, about: 'silence', thread: incident.thread, message },
    ],
    settled: [],
  });
  if (effect.kind === 'expire-silence')
    return announce(touch(done, { silence: undefined }, now), {
      kind: 'silence-expired',
      silenceId: effect.silenceId,
      by: effect.by,
    });
  if (outcome.kind !== 'created') throw new Error(`a silence effect cannot end as ${outcome.kind}`);
  const silence = { id: outcome.id, endsAt: effect.silence.endsAt, by: effect.silence.createdBy };
  const next = touch(done, { silence }, now);
  return announce(next, { kind: 'silenced', incident: next, silence, diagnosis: s.diagnosis });
}
