import type { ChatMessage, ChatPort, PostedMessage } from '../../shared/chat/port.ts';
import type { EvidenceArchive } from '../../shared/evidence/archive.ts';
import { faultOf } from '../../shared/faults.ts';
import {
  type ChatAction,
  type Decision,
  decideRemediationOutcome,
  decideSilenceOutcome,
  recordEffects,
  type SilenceOutcome,
} from '../../shared/incidents/decide/index.ts';
import { diagnoseSignals, mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Effect, Incident, IncidentStore, Thread } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { evidenceFile } from '../../shared/messages/evidence.ts';
import { remediationProgressMessage } from '../../shared/messages/remediation.ts';
import { renderDecision } from '../../shared/messages/render.ts';
import type { ProcessedStore } from '../../shared/queue/port.ts';
import type { RemediationReport } from '../../shared/remediation/model.ts';
import type { DrainProgress, RemediationPort } from '../../shared/remediation/port.ts';
import { type SilencePort, SilenceRefused } from '../../shared/silences/port.ts';
import type { Logger } from '../log/port.ts';
import { recordAudit } from './audit.ts';
import type { RespondMetrics } from './metrics.ts';

export interface OutboxDeps {
  store: IncidentStore;
  chat: ChatPort;
  policy: ThreadPolicy;
  now: () => Date;
  log: Logger;
  silences?: SilencePort;
  /** Where answers to people are recorded as sent (see PipelineDeps.answered). */
  answered?: ProcessedStore;
  /** The cluster, for remediate effects (REMEDIATION=dry-run|on). */
  remediation?: RemediationPort;
  /** Where attach effects find the evidence they name, and where a Replace keeps the incident's evidence first. */
  evidence?: EvidenceArchive;
  metrics?: RespondMetrics;
  /** How often a drain's progress is said in the thread, at most. */
  progressIntervalMs?: number;
}

type RemediateEffect = Extract<Effect, { kind: 'remediate' }>;
/** Effects that are chat calls (the others go to Alertmanager or the cluster). */
type ChatEffect = Exclude<Effect, { kind: 'silence' | 'expire-silence' | 'remediate' }>;

/**
 * Saves incident records with the next version of what this decision last saved under the same key (the store
 * refuses anything else). What only the carrying out knows, the thread a root post handed back and the outbox as
 * it empties, is kept from the last save when a record decided earlier is saved again.
 */
class Ledger {
  readonly #store: IncidentStore;
  readonly #saved = new Map<string, Incident>();

  constructor(store: IncidentStore) {
    this.#store = store;
  }

  /** The record as this ledger last saved it. */
  last(key: string): Incident | undefined {
    return this.#saved.get(key);
  }

  async save(incident: Incident): Promise<void> {
    const last = this.#saved.get(incident.key);
    const next = {
      ...incident,
      thread: incident.thread ?? last?.thread,
      version: (last?.version ?? incident.version) + 1,
    };
    await this.#store.put(next);
    this.#saved.set(next.key, next);
  }

  /** Saves a record decided before the chat calls: the thread and outbox are the ones they left. */
  async settle(incident: Incident): Promise<void> {
    const last = this.#saved.get(incident.key);
    await this.save(last ? { ...incident, pending: last.pending, effects: last.effects } : incident);
  }
}

/**
 * The incidents' outboxes: a decision's chat actions on an incident are saved on it first, as pending effects,
 * and each is marked done right after it succeeds (a root with its thread ts). Whatever a failed or killed
 * delivery left pending is completed, in order, before anything new is decided for the incident, so a
 * redelivery completes what is missing and repeats nothing known to have gone out. The one unknowable case is a
 * post that Slack took when the process died before marking it done (Slack has no idempotency key for
 * chat.postMessage): it is posted again. Posts are at-least-once: a reply said twice is noise, a root without its
 * diagnosis is an incident nobody can act on.
 */
export class Outbox {
  readonly #store: IncidentStore;
  readonly #chat: ChatPort;
  readonly #policy: ThreadPolicy;
  readonly #now: () => Date;
  readonly #log: Logger;
  readonly #silences: SilencePort | undefined;
  readonly #answered: ProcessedStore | undefined;
  readonly #remediation: RemediationPort | undefined;
  readonly #evidence: EvidenceArchive | undefined;
  readonly #metrics: RespondMetrics | undefined;
  readonly #progressIntervalMs: number;

  constructor(deps: OutboxDeps) {
    this.#remediation = deps.remediation;
    this.#evidence = deps.evidence;
    this.#metrics = deps.metrics;
    this.#progressIntervalMs = deps.progressIntervalMs ?? 15_000;
    this.#store = deps.store;
    this.#chat = deps.chat;
    this.#policy = deps.policy;
    this.#now = deps.now;
    this.#log = deps.log;
    this.#silences = deps.silences;
    this.#answered = deps.answered;
    this.#evidence = deps.evidence;
  }

  /** What earlier deliveries left pending on these incidents, completed before anything new is decided. */
  async completeOwed(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      const incident = await this.#store.get(key);
      if (incident && incident.pending.length > 0) await this.#complete(incident, new Ledger(this.#store));
    }
  }

  /**
   * Record, then notify: the decision's chat actions on its incidents become their pending effects, saved with
   * them before any is attempted, then carried out; answers to people go out after, and records whose saving
   * waits for the chat calls (a storm root no longer stale) last.
   */
  async carryOut(decided: Decision<ChatMessage>, request?: string): Promise<void> {
    if (decided.note) this.#log.info(decided.note);
    recordAudit(decided.audit, this.#log, this.#metrics);
    const decision = recordEffects(decided);
    const ledger = new Ledger(this.#store);
    for (const incident of decision.next) await ledger.save(incident);
    for (const incident of decision.next) await this.#complete(ledger.last(incident.key) ?? incident, ledger);
    let answers = 0;
    for (const action of decision.actions) {
      if (action.kind === 'answer' && request)
        await this.#answerOnce(action, `${request}#answer:${answers++}`);
      else await this.#notify(action);
    }
    for (const incident of decision.settled) await ledger.settle(incident);
  }

  /**
   * A request's `n`th answer, unless a delivery before this one already sent it (recorded under `key` right after
   * it went out). Only the window between Slack taking it and that record can still repeat it.
   */
  async #answerOnce(action: ChatAction<ChatMessage>, key: string): Promise<void> {
    if (this.#answered && (await this.#answered.seen([key])).has(key)) return;
    await this.#notify(action);
    await this.#answered?.mark([key]);
  }

  /**
   * Carries out an incident's pending effects in order, each marked done (saved) as soon as it succeeded. A silence
   * effect's outcome is decided on (decideSilenceOutcome): what it plans joins the outbox and is carried out here.
   */
  async #complete(incident: Incident, ledger: Ledger): Promise<void> {
    let record = incident;
    for (let effect = record.pending[0]; effect; effect = record.pending[0]) {
      if (effect.kind === 'silence' || effect.kind === 'expire-silence') {
        await this.#silence(record, effect, ledger);
      } else if (effect.kind === 'remediate') {
        await this.#remediate(record, effect, ledger);
      } else {
        const thread = await this.#perform(record, effect);
        const done = effect.id;
        await ledger.save({ ...record, thread, pending: record.pending.filter((e) => e.id !== done) });
      }
      record = ledger.last(record.key) ?? record;
    }
  }

  /**
   * One silence effect against Alertmanager, then what its outcome decides. Alertmanager unavailable: the thread
   * is told once, the effect stays pending and the fault is thrown, so the job waits on the fault's backoff.
   */
  async #silence(
    record: Incident,
    effect: Extract<Effect, { kind: 'silence' | 'expire-silence' }>,
    ledger: Ledger,
  ): Promise<void> {
    const thread = record.thread;
    if (!thread || !this.#silences) {
      this.#log.warn(
        `${record.key}: ${effect.kind} ${effect.id} has no ${thread ? 'Alertmanager' : 'thread'}; dropped`,
        {
          incident: record.key,
        },
      );
      await ledger.save({ ...record, pending: record.pending.filter((e) => e.id !== effect.id) });
      return;
    }
    let outcome: SilenceOutcome;
    let fault: unknown;
    try {
      if (effect.kind === 'silence')
        outcome = { kind: 'created', id: (await this.#silences.create(effect.silence)).id };
      else {
        await this.#silences.expire(effect.silenceId);
        outcome = { kind: 'expired' };
      }
    } catch (error) {
      if (error instanceof SilenceRefused)
        outcome = { kind: 'refused', reason: `Alertmanager answered HTTP ${error.status}: ${error.detail}` };
      else if (faultOf(error)) {
        fault = error;
        outcome = { kind: 'unavailable', reason: (error as Error).message };
      } else throw error;
    }
    const diagnosis = diagnoseSignals(record.cluster, record.node, record.signals);
    const now = this.#now();
    const decided = decideSilenceOutcome(
      { incident: { ...record, thread }, effect, outcome, diagnosis },
      now,
    );
    const decision = recordEffects(renderDecision(decided, this.#policy, now));
    for (const next of decision.next) await ledger.save(next);
    if (fault === undefined) return;
    for (const action of decision.actions) {
      // Best effort: the Alertmanager fault is what the job waits on, whether or not Slack took the notice.
      await this.#notify(action).catch((error: unknown) =>
        this.#log.warn(
          `${record.key}: could not say that Alertmanager is unavailable: ${(error as Error).message}`,
          {
            incident: record.key,
          },
        ),
      );
    }
    throw fault;
  }

  /**
   * One remediate effect against the cluster, then what its report decides (the job's state, the report in the
   * thread, the root edited). A Replace keeps the incident's latest evidence and diagnosis first, and does not
   * touch the node when they could not be kept. The report's calls and outcome are audited; a drain's progress is
   * said in the thread while it runs (best effort: the report is what is owed).
   */
  async #remediate(record: Incident, effect: RemediateEffect, ledger: Ledger): Promise<void> {
    const diagnosis = diagnoseSignals(record.cluster, record.node, record.signals);
    const job = record.remediations.find((j) => j.id === effect.job);
    let report: RemediationReport;
    let evidence: string | undefined;
    if (!this.#remediation) {
      report = { result: 'failed', reason: 'remediation is not configured on this responder', calls: [] };
    } else if (effect.action === 'replace' && !effect.dryRun && !this.#evidence) {
      report = {
        result: 'failed',
        reason: 'no evidence archive here to keep the evidence in first; the node was not touched',
        calls: [],
      };
    } else {
      try {
        if (effect.action === 'replace' && !effect.dryRun && this.#evidence) {
          const latest = record.signals.findLast((j) => j.kind === 'bundle');
          const kept = await this.#evidence.keep(record.key, {
            bundle:
              latest?.kind === 'bundle'
                ? latest.bundle
                : mergeEvidence(record.cluster, record.node, record.signals),
            diagnosis,
            // When the bundle was taken: the same evidence kept again (a redelivered job) is the same record.
            takenAt: latest?.receivedAt ?? this.#now().toISOString(),
            reason: `before replacing ${effect.node} (job ${effect.job}, asked by ${job?.requestedBy ?? 'unknown'})`,
          });
          evidence = kept.id;
          this.#log.info(`remediation replace evidence kept`, { incident: record.key, evidence });
        }
        report = await this.#remediation.carryOut(effect, this.#progress(record));
      } catch (error) {
        report = {
          result: 'failed',
          reason: `${evidence === undefined && effect.action === 'replace' && !effect.dryRun ? 'the evidence could not be kept, the node was not touched: ' : ''}${(error as Error).message}`,
          calls: [],
        };
      }
    }
    const now = this.#now();
    const decided = decideRemediationOutcome({ incident: record, effect, report, diagnosis, evidence }, now);
    recordAudit(decided.audit, this.#log, this.#metrics);
    const decision = recordEffects(renderDecision(decided, this.#policy, now));
    for (const next of decision.next) await ledger.save(next);
  }

  /** Says a drain's progress in the incident's thread, at most every progressIntervalMs; never fails the drain. */
  #progress(record: Incident): (drain: DrainProgress) => void {
    let last = Number.NEGATIVE_INFINITY;
    return (drain) => {
      const thread = record.thread;
      const at = this.#now().getTime();
      if (!thread || at - last < this.#progressIntervalMs) return;
      last = at;
      this.#chat
        .post(thread.channel, remediationProgressMessage(drain), thread.ts)
        .catch((error: unknown) =>
          this.#log.warn(`${record.key}: could not say a drain's progress: ${(error as Error).message}`),
        );
    };
  }

  /** One effect; the incident's thread afterwards (a root's post records it). */
  async #perform(incident: Incident, effect: ChatEffect): Promise<Thread | undefined> {
    const { thread } = incident;
    if (effect.kind === 'root') {
      // A recorded thread is the root's post having gone out: never post it twice.
      if (thread) return thread;
      const root: PostedMessage = await this.#chat.post(effect.channel, effect.message);
      return { channel: root.channel, ts: root.ts };
    }
    if (!thread) {
      // decide plans edits and replies only for an incident with a thread or behind its root; a record changed
      // outside the responder may still lack one, and failing every delivery over it would block the incident.
      this.#log.warn(`${incident.key}: ${effect.kind} ${effect.id} has no thread to go to; dropped`, {
        incident: incident.key,
      });
      return thread;
    }
    if (effect.kind === 'attach') await this.#attach(incident, thread, effect);
    else if (effect.kind === 'edit') await this.#chat.update(thread.channel, thread.ts, effect.message);
    else await this.#chat.post(thread.channel, effect.message, thread.ts);
    return thread;
  }

  /**
   * Archived evidence as a file in the thread. Evidence the archive no longer holds (its retention passed while
   * the effect waited) or a chat that keeps no files drops the effect with a warning: the thread's messages
   * already carry the diagnosis, and failing every delivery over a file would block the incident.
   */
  async #attach(
    incident: Incident,
    thread: Thread,
    effect: Extract<Effect, { kind: 'attach' }>,
  ): Promise<void> {
    const record = await this.#evidence?.get(effect.evidenceId);
    if (!record || !this.#chat.attach) {
      this.#log.warn(
        `${incident.key}: evidence ${effect.evidenceId} not attached (${record ? 'the chat keeps no files' : 'not in the archive'})`,
        { incident: incident.key },
      );
      return;
    }
    await this.#chat.attach(thread.channel, thread.ts, {
      filename: effect.filename,
      title: effect.title,
      comment: effect.comment,
      content: evidenceFile(record),
    });
  }

  /** What recordEffects left to send as it is: answers to people, and storm-root edits their `stale` flag keeps. */
  async #notify(action: ChatAction<ChatMessage>): Promise<void> {
    switch (action.kind) {
      case 'answer':
        if (action.threadTs) await this.#chat.post(action.channel, action.message, action.threadTs);
        else if (action.responseUrl)
          await this.#chat.respond(action.responseUrl, action.message, action.ephemeral);
        else await this.#chat.post(action.channel, action.message);
        return;
      case 'edit-root':
        return this.#chat.update(action.thread.channel, action.thread.ts, action.message);
      default:
        throw new Error(`${action.kind} for ${action.key} was not recorded before it was sent`);
    }
  }
}
