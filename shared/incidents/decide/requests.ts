import type { Diagnosis, RuntimeKind } from '../../schemas/diagnosis.ts';
import type { ChatReply, Job } from '../../schemas/job.ts';
import { posted, touch } from '../episode.ts';
import type { Incident, IncidentSummary } from '../model.ts';
import type { ThreadPolicy } from '../policy.ts';
import { answer, type ChatAction, type Decision, NOTHING } from './actions.ts';
import type { MessageIntent } from './intents.ts';
import { expireSilence, silenceAction, silenceRequest } from './silences.ts';
import { editStorm, membersOf } from './storms.ts';

/** A person's request with what the correlate and diagnose stages found for it. */
export type RequestSituation =
  | { action: 'status'; reply: ChatReply; open: readonly (Incident | IncidentSummary)[] }
  | { action: 'diagnose-text'; reply: ChatReply; diagnosis: Diagnosis }
  /** No incident recorded for the node: what the cluster says about it now. */
  | { action: 'no-incident'; reply: ChatReply; cluster: string; node: string; diagnosis: Diagnosis }
  /** A button of an incident that is no longer open: its thread already says how it ended. */
  | { action: 'gone'; reply: ChatReply }
  | { action: 'storm'; reply: ChatReply; storm: Incident; members: readonly IncidentSummary[] }
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

/** People in the thread: status, pasted logs, acknowledge, the other runtime's commands, re-diagnose. */
export function decideRequest(s: RequestSituation, policy: ThreadPolicy, now: Date): Decision {
  const { reply } = s;
  switch (s.action) {
    case 'status': {
      const message: MessageIntent = { kind: 'status', open: s.open };
      const action: ChatAction = reply.responseUrl
        ? { kind: 'answer', channel: reply.channel, responseUrl: reply.responseUrl, ephemeral: true, message }
        : { kind: 'answer', channel: reply.channel, ephemeral: false, message };
      return { ...NOTHING, actions: [action] };
    }
    case 'diagnose-text':
      return {
        ...NOTHING,
        actions: [answer(reply, { kind: 'pasted-diagnosis', diagnosis: s.diagnosis })],
      };
    case 'no-incident': {
      const { cluster, node, diagnosis } = s;
      return { ...NOTHING, actions: [answer(reply, { kind: 'node-now', cluster, node, diagnosis })] };
    }
    case 'gone':
      return { ...NOTHING, actions: [answer(reply, { kind: 'no-longer-open' })] };
    case 'storm':
      // A storm has no per-node commands: answering means showing its current state.
      return { next: [], ...editStorm(s.storm, membersOf(s.storm, s.members), policy, now, true) };
    case 'other-runtime':
      return {
        ...NOTHING,
        actions: [
          answer(
            reply,
            { kind: 'commands', diagnosis: s.diagnosis, runtime: s.runtime },
            s.incident.thread?.ts,
          ),
        ],
      };
    case 'acknowledge':
      return acknowledge(s, policy, now);
    case 'silence':
      return silenceRequest(reply, s.incident, s.diagnosis, s.seconds, policy, now);
    case 'expire-silence':
      return expireSilence(reply, s.incident, now);
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
                  message: { kind: 'root', incident: next, diagnosis: s.diagnosis } as const,
                },
              ]
            : []),
          answer(reply, { kind: 'rediagnosis', incident: next, diagnosis: s.diagnosis }, next.thread?.ts),
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
  const silence = planned && !('why' in planned) && acked.thread ? planned : undefined;
  const said: MessageIntent = { kind: 'acknowledged', user: reply.user };
  return {
    next: [acked],
    actions: [
      ...(acked.thread
        ? [
            {
              kind: 'edit-root' as const,
              key: acked.key,
              thread: acked.thread,
              message: { kind: 'root', incident: acked, diagnosis: s.diagnosis } as const,
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
