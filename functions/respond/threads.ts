import { incidentRef } from '../../shared/chat/incident-ref.ts';
import type { ChatPort, PostedMessage } from '../../shared/chat/port.ts';
import { otherRuntime } from '../../shared/diagnosis/commands.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { detectRuntime } from '../../shared/diagnosis/extract/versions.ts';
import { faultOf } from '../../shared/faults.ts';
import {
  type ChatAction,
  type Decision,
  decideBurst,
  decideFold,
  decideIdle,
  decideRequest,
  decideSignals,
  decideSilenceOutcome,
  episodeSignals,
  mayBeStorm,
  type NodeSituation,
  needsOpenIncidents,
  type RequestSituation,
  recordEffects,
  route,
  type SilenceOutcome,
  wantsLiveEvidence,
} from '../../shared/incidents/decide.ts';
import { addSignals, firing } from '../../shared/incidents/episode.ts';
import { mergeEvidence } from '../../shared/incidents/evidence.ts';
import { isDownstream } from '../../shared/incidents/fanout.ts';
import {
  type Effect,
  type Incident,
  type IncidentStore,
  stormKey,
  type Thread,
} from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import type { ProcessedStore } from '../../shared/queue/port.ts';
import type { Diagnosis } from '../../shared/schemas/diagnosis.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { type SilencePort, SilenceRefused } from '../../shared/silences/port.ts';
import { type Logger, silentLogger } from '../log/port.ts';
import type { IncidentGroup, IncidentHandler } from './handler.ts';
import type { LiveEvidence } from './live.ts';
import type { RespondMetrics } from './metrics.ts';

export interface ThreadDeps {
  store: IncidentStore;
  /** Slack, or the console: the same port, the same incident lifecycle. */
  chat: ChatPort;
  policy: ThreadPolicy;
  /** Reads the node live (Kubernetes API) when an incident opens or someone asks; skipped during storms. */
  live?: LiveEvidence;
  now?: () => Date;
  log?: Logger;
  /** Counts diagnoses by verdict and times ingest → diagnosis → chat. */
  metrics?: RespondMetrics;
  /** Alertmanager, when ALERTMANAGER_URL is set: silence effects go there. */
  silences?: SilencePort;
  /**
   * Where answers to a person's request are recorded as sent (`<job dedup key>#answer:<n>`): a request whose job is
   * delivered again after its answer went out (a later step failed, the process died) is not answered twice.
   * The same store that records processed jobs; without it answers are at least once.
   */
  answered?: ProcessedStore;
}

type Chat = Extract<Job, { kind: 'chat' }>;

function diagnoseSignals(cluster: string, node: string, signals: readonly Job[]): Diagnosis {
  return diagnose(mergeEvidence(cluster, node, signals));
}

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
 * The respond pipeline, one incident's jobs at a time:
 *
 *   correlate (the incident, its storm, the cluster's open incidents) → collect (live evidence) →
 *   diagnose (the pure engine) → decide (pure: shared/incidents/decide.ts) → record → notify (the ChatPort)
 *
 * The chat calls a decision makes on an incident are saved on it first, as pending effects (its outbox), and each
 * is marked done right after it succeeds (a root with its thread ts). Whatever a failed or killed delivery left
 * pending is completed, in order, before anything new is decided for the incident, so a redelivery completes
 * what is missing and repeats nothing known to have gone out. The one unknowable case is a post that Slack took
 * when the process died before marking it done (Slack has no idempotency key for chat.postMessage): it is posted
 * again. Posts are at-least-once: a reply said twice is noise, a root without its diagnosis is an incident
 * nobody can act on.
 */
export class IncidentThreads implements IncidentHandler {
  readonly #store: IncidentStore;
  readonly #chat: ChatPort;
  readonly #policy: ThreadPolicy;
  readonly #now: () => Date;
  readonly #log: Logger;
  readonly #live: LiveEvidence | undefined;
  readonly #metrics: RespondMetrics | undefined;
  readonly #silences: SilencePort | undefined;
  readonly #answered: ProcessedStore | undefined;

  constructor(deps: ThreadDeps) {
    this.#answered = deps.answered;
    this.#silences = deps.silences;
    this.#live = deps.live;
    this.#metrics = deps.metrics;
    this.#store = deps.store;
    this.#chat = deps.chat;
    this.#policy = deps.policy;
    this.#now = deps.now ?? (() => new Date());
    this.#log = deps.log ?? silentLogger;
  }

  async handle(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    await this.#completeOwed(node ? [`${cluster}/${node}`, stormKey(cluster)] : [stormKey(cluster)]);
    const chats = jobs.filter((j): j is Chat => j.kind === 'chat');
    const signals = jobs.filter((j) => j.kind !== 'chat');
    const health = signals.filter((j) => !isDownstream(j));
    const downstream = signals.filter(isDownstream);
    if (health.length > 0 && node) await this.#onSignals(cluster, node, health);
    if (downstream.length > 0 || (health.length > 0 && !node)) {
      await this.#onDownstream(cluster, node, [...downstream, ...(node ? [] : health)]);
    }
    for (const chat of chats) await this.#onRequest(chat);
  }

  async prepare(groups: readonly IncidentGroup[]): Promise<void> {
    const byCluster = new Map<string, string[]>();
    for (const g of groups) {
      const health = g.jobs.filter((j) => j.kind !== 'chat' && !isDownstream(j));
      if (g.node && health.length > 0 && firing(health))
        byCluster.set(g.cluster, [...(byCluster.get(g.cluster) ?? []), g.node]);
    }
    for (const [cluster, nodes] of byCluster) {
      if (!mayBeStorm(nodes, this.#policy)) continue;
      await this.#completeOwed([stormKey(cluster)]);
      const storm = await this.#store.get(stormKey(cluster));
      if (storm?.state === 'open') continue;
      const open = await this.#store.open(cluster);
      await this.#carryOut(decideBurst({ cluster, nodes, storm, open }, this.#policy, this.#now()));
    }
  }

  /**
   * Stale storm roots get their deferred edit. Owed effects are not chased here: they belong to a job that failed,
   * which the queue delivers again on its backoff (a Slack outage is not hammered from the idle loop).
   */
  async idle(): Promise<void> {
    await this.#carryOut(decideIdle(await this.#store.open(), this.#policy, this.#now()));
  }

  // ---- the pipelines -------------------------------------------------------------------------------------

  async #onSignals(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const now = this.#now();
    const situation = await this.#correlate(cluster, node, jobs, now);
    const r = route(situation, this.#policy, now);
    const live = wantsLiveEvidence(r) ? await this.#collect(cluster, node) : undefined;
    const signals = episodeSignals(situation, r, live);
    const diagnosis = diagnoseSignals(cluster, node, signals);
    const diagnosedAt = this.#diagnosed(diagnosis, jobs);
    const decision = decideSignals(situation, r, signals, diagnosis, this.#policy, now);
    await this.#carryOut(decision);
    this.#notified(decision, diagnosedAt);
  }

  async #onDownstream(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const open = await this.#store.open(cluster);
    await this.#carryOut(decideFold({ cluster, node, jobs, open }, this.#now()));
  }

  async #onRequest(job: Chat): Promise<void> {
    const situation = await this.#understand(job);
    const diagnosedAt = 'diagnosis' in situation ? this.#diagnosed(situation.diagnosis, [job]) : undefined;
    const decision = decideRequest(situation, this.#policy, this.#now());
    await this.#carryOut(decision, job.dedupKey);
    if (diagnosedAt !== undefined) this.#notified(decision, diagnosedAt);
  }

  // ---- metrics -------------------------------------------------------------------------------------------

  /** Counts a diagnosis and times it from ingest's receipt of its oldest job; returns when it was made. */
  #diagnosed(diagnosis: Diagnosis, jobs: readonly Job[]): number {
    const received = Math.min(...jobs.map((j) => Date.parse(j.receivedAt)));
    this.#metrics?.diagnosed(diagnosis.verdict, Math.max(0, (this.#now().getTime() - received) / 1000));
    return performance.now();
  }

  /** Times the chat calls a diagnosis led to, when it led to any. */
  #notified(decision: Decision, diagnosedAt: number): void {
    if (decision.actions.length > 0) this.#metrics?.notified((performance.now() - diagnosedAt) / 1000);
  }

  // ---- stages --------------------------------------------------------------------------------------------

  /** What is known about the node's incident; the cluster's open incidents only when deciding needs them. */
  async #correlate(cluster: string, node: string, jobs: readonly Job[], now: Date): Promise<NodeSituation> {
    const [incident, storm] = await Promise.all([
      this.#store.get(`${cluster}/${node}`),
      this.#store.get(stormKey(cluster)),
    ]);
    const known: NodeSituation = { cluster, node, jobs, incident, storm };
    if (!needsOpenIncidents(known, this.#policy, now)) return known;
    return { ...known, open: await this.#store.open(cluster) };
  }

  async #collect(cluster: string, node: string): Promise<Job | undefined> {
    return this.#live?.collect(cluster, node);
  }

  /** A person's request: correlate, collect and diagnose for what was asked. */
  async #understand(job: Chat): Promise<RequestSituation> {
    const { request, reply } = job;
    if (request.action === 'status') return { action: 'status', reply, open: await this.#store.open() };
    if (request.action === 'diagnose-text') {
      return { action: 'diagnose-text', reply, diagnosis: diagnoseText(request.text, { name: 'pasted' }) };
    }
    const { cluster, node } = job;
    // A button names its incident by a short reference (a slash command by cluster and node).
    const ref = job.incidentRef;
    const found = ref
      ? (await this.#store.open()).find((i) => incidentRef(i.key) === ref)
      : await this.#store.get(`${cluster}/${node}`);
    // A button's job names its incident only by reference: what an earlier delivery left owed (a silence that met
    // an Alertmanager outage) is completed here, before the request is decided on the incident as it then is.
    if (found && found.pending.length > 0) await this.#completeOwed([found.key]);
    const incident = found && found.pending.length > 0 ? await this.#store.get(found.key) : found;
    if (!incident && ref) return { action: 'gone', reply };
    if (!incident) {
      const live = await this.#collect(cluster, node);
      const diagnosis = diagnoseSignals(cluster, node, live ? [live] : []);
      return { action: 'no-incident', reply, cluster, node, diagnosis };
    }
    if (incident.kind === 'cluster')
      return { action: 'storm', reply, storm: incident, open: await this.#store.open(incident.cluster) };
    const evidence = mergeEvidence(incident.cluster, incident.node, incident.signals);
    if (request.action === 'other-runtime') {
      const runtime = otherRuntime(detectRuntime(evidence));
      return {
        action: 'other-runtime',
        reply,
        incident,
        runtime,
        diagnosis: diagnose(evidence, { runtime }),
      };
    }
    if (request.action === 'acknowledge')
      return { action: 'acknowledge', reply, incident, diagnosis: diagnose(evidence) };
    if (request.action === 'silence')
      return { action: 'silence', reply, incident, diagnosis: diagnose(evidence), seconds: request.seconds };
    if (request.action === 'expire-silence')
      return { action: 'expire-silence', reply, incident, diagnosis: diagnose(evidence) };
    // diagnose-node and rediagnose: read the node again, then the current diagnosis in the incident's thread.
    const live = await this.#collect(incident.cluster, incident.node);
    const signals = addSignals(incident, live ? [live] : []);
    return {
      action: 'rediagnose',
      reply,
      incident,
      signals,
      diagnosis: diagnoseSignals(incident.cluster, incident.node, signals),
    };
  }

  /** What earlier deliveries left pending on these incidents, completed before anything new is decided. */
  async #completeOwed(keys: readonly string[]): Promise<void> {
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
  async #carryOut(decided: Decision, request?: string): Promise<void> {
    if (decided.note) this.#log.info(decided.note);
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
  async #answerOnce(action: ChatAction, key: string): Promise<void> {
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
    const decision = recordEffects(
      decideSilenceOutcome(
        { incident: { ...record, thread }, effect, outcome, diagnosis },
        this.#policy,
        this.#now(),
      ),
    );
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

  /** One effect; the incident's thread afterwards (a root's post records it). */
  async #perform(
    incident: Incident,
    effect: Exclude<Effect, { kind: 'silence' | 'expire-silence' }>,
  ): Promise<Thread | undefined> {
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
    if (effect.kind === 'edit') await this.#chat.update(thread.channel, thread.ts, effect.message);
    else await this.#chat.post(thread.channel, effect.message, thread.ts);
    return thread;
  }

  /** What recordEffects left to send as it is: answers to people, and storm-root edits their `stale` flag keeps. */
  async #notify(action: ChatAction): Promise<void> {
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
