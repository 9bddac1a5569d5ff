import type { ChatMessage } from '../../chat/port.ts';
import type { RemediationAction } from '../../remediation/model.ts';
import type { ChatReply } from '../../schemas/job.ts';
import type { SilenceRequest } from '../../schemas/silence.ts';
import type { Effect, Incident, Thread } from '../model.ts';
import type { MessageIntent } from './intents.ts';

/** What a reply in an incident's thread is about. */
export type ReplyAbout = 'change' | 'fold' | 'resolution' | 'reopen' | 'silence' | 'remediation';

/**
 * What a decision asks for. Its messages are intents (`M` = MessageIntent) as decided, chat messages once
 * rendered (shared/messages/render.ts): rendered actions are what the outbox records and sends.
 */
export type ChatAction<M = MessageIntent> =
  /** Posts the incident's root (its thread ts is recorded at once), then the reasoning under it. */
  | { kind: 'open-thread'; key: string; channel: string; root: M; reply?: M }
  | { kind: 'edit-root'; key: string; thread: Thread; message: M }
  | { kind: 'reply'; key: string; about: ReplyAbout; thread: Thread; message: M }
  /** An answer to a person: in a thread (threadTs), through a response_url, or in the channel. */
  | {
      kind: 'answer';
      channel: string;
      threadTs?: string;
      responseUrl?: string;
      ephemeral: boolean;
      message: M;
    }
  /** Attaches archived evidence to the incident's thread as a file (an effect in its outbox, like a post). */
  | { kind: 'attach'; key: string; evidence: AttachedEvidence }
  /** Creates an Alertmanager silence for the incident's alerts (an effect in its outbox, like a post). */
  | { kind: 'silence'; key: string; silence: SilenceRequest }
  | { kind: 'expire-silence'; key: string; silenceId: string; by: string }
  /** Carries out the incident's remediation job against the cluster (an effect in its outbox, like a post). */
  | {
      kind: 'remediate';
      key: string;
      job: string;
      action: RemediationAction;
      cluster: string;
      node: string;
      dryRun: boolean;
    };

/**
 * One line of the remediation audit: the pipeline logs it (structured) and counts it
 * (`pleg_remediation_actions_total{action,outcome}`); the thread says the same in words.
 */
export interface RemediationAudit {
  action: RemediationAction;
  outcome:
    | 'requested'
    | 'approval_needed'
    | 'approved'
    | 'refused'
    | 'duplicate'
    | 'expired'
    | 'api_call'
    | 'done'
    | 'incomplete'
    | 'failed'
    | 'dry_run';
  cluster: string;
  node: string;
  user?: string;
  job?: string;
  /** The refusal's reasons, an API call, an outcome's reason. */
  detail?: string;
}

/** Evidence the archive kept (its id) and how the thread shows it. */
export interface AttachedEvidence {
  evidenceId: string;
  filename: string;
  title: string;
  comment: string;
}

export interface Decision<M = MessageIntent> {
  /**
   * Saved before anything is said, so a retried job never says it twice; once `recordEffects` ran, with the
   * actions on them as pending effects, so a retried job also says what is still missing.
   */
  next: Incident[];
  /** What to say, in order. No action: nothing new. */
  actions: ChatAction<M>[];
  /** Saved once every action went out (a storm root no longer stale): losing it only repeats an edit. */
  settled: Incident[];
  /** Why nothing happened, for the log. */
  note?: string;
  /** Remediation requests, approvals, refusals and outcomes, for the log and the metric. */
  audit?: RemediationAudit[];
}

/** The effects an action has on the outbox of the incident it is about (answers are about no incident). */
function effectsOf(action: ChatAction<ChatMessage>, id: () => string): Effect[] {
  switch (action.kind) {
    case 'open-thread': {
      const root: Effect = { id: id(), kind: 'root', channel: action.channel, message: action.root };
      return action.reply ? [root, { id: id(), kind: 'reply', message: action.reply }] : [root];
    }
    case 'edit-root':
      return [{ id: id(), kind: 'edit', message: action.message }];
    case 'reply':
      return [{ id: id(), kind: 'reply', message: action.message }];
    case 'attach':
      return [{ id: id(), kind: 'attach', ...action.evidence }];
    case 'silence':
      return [{ id: id(), kind: 'silence', silence: action.silence, reported: false }];
    case 'expire-silence':
      return [
        { id: id(), kind: 'expire-silence', silenceId: action.silenceId, by: action.by, reported: false },
      ];
    case 'remediate': {
      const { kind, job, action: what, cluster, node, dryRun } = action;
      return [{ id: id(), kind, job, action: what, cluster, node, dryRun }];
    }
    case 'answer':
      return [];
  }
}

/**
 * Moves a rendered decision's actions on the incidents it saves before speaking into those incidents' outboxes: pending
 * effects after the ones already there, numbered `<episode>:<seq>` in order. An edit replaces the whole root,
 * so an edit still pending is dropped when a later one joins it. The actions left are the ones on no record
 * saved first: answers to people, and storm-root edits whose record is saved only after (its `stale` flag keeps
 * them owed until then, and the idle pass sends them).
 */
export function recordEffects(decision: Decision<ChatMessage>): Decision<ChatMessage> {
  const records = new Map(decision.next.map((r) => [r.key, r]));
  const recorded = (a: ChatAction<ChatMessage>) => a.kind !== 'answer' && records.has(a.key);
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

export const NOTHING: Decision = { next: [], actions: [], settled: [] };

/** An answer to the person who asked: in the thread they asked in (or `threadTs`), else through the response_url. */
export function answer(reply: ChatReply, message: MessageIntent, threadTs?: string): ChatAction {
  const ts = threadTs ?? reply.threadTs;
  return {
    kind: 'answer',
    channel: reply.channel,
    ...(ts ? { threadTs: ts } : reply.responseUrl ? { responseUrl: reply.responseUrl } : {}),
    ephemeral: false,
    message,
  };
}
