import type { ChatPort } from '../../shared/chat/port.ts';
import { otherRuntime } from '../../shared/diagnosis/commands.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { detectRuntime } from '../../shared/diagnosis/extract/versions.ts';
import { type EvidenceArchive, takenOnNode } from '../../shared/evidence/archive.ts';
import {
  type AttachedEvidence,
  type Decision,
  decideBurst,
  decideFold,
  decideIdle,
  decideRequest,
  decideSignals,
  episodeSignals,
  isDownstream,
  mayBeStorm,
  type NodeSituation,
  needsOpenIncidents,
  type RequestSituation,
  route,
  wantsLiveEvidence,
  withEvidence,
} from '../../shared/incidents/decide/index.ts';
import { addSignals, firing } from '../../shared/incidents/episode.ts';
import { diagnoseSignals, mergeEvidence } from '../../shared/incidents/evidence.ts';
import { incidentRef } from '../../shared/incidents/incident-ref.ts';
import { type IncidentStore, stormKey } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { attachmentFor } from '../../shared/messages/evidence.ts';
import { renderDecision } from '../../shared/messages/render.ts';
import type { ProcessedStore } from '../../shared/queue/port.ts';
import type { Diagnosis } from '../../shared/schemas/diagnosis.ts';
import type { Job } from '../../shared/schemas/job.ts';
import type { SilencePort } from '../../shared/silences/port.ts';
import { type Logger, silentLogger } from '../log/port.ts';
import type { IncidentGroup, IncidentHandler } from './handler.ts';
import type { LiveEvidence } from './live.ts';
import type { RespondMetrics } from './metrics.ts';
import { Outbox } from './outbox.ts';

export interface PipelineDeps {
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
  /**
   * Where bundles taken on the node (agent, `collect --post`, SSM) are kept with the diagnosis they led to, to be
   * attached to the thread as files; without it they only join the incident's signals.
   */
  evidence?: EvidenceArchive;
}

type Chat = Extract<Job, { kind: 'chat' }>;

/**
 * The respond pipeline, one incident's jobs at a time:
 *
 *   correlate (the incident, its storm, the cluster's open incidents) → collect (live evidence) →
 *   diagnose (the pure engine) → decide (pure: shared/incidents/decide/) → render (pure: shared/messages/) →
 *   record → notify (the outbox)
 *
 * What earlier deliveries left owed on an incident is completed first (outbox.ts), so each decision is made on
 * the incident as it is. The stages that gather (correlate, collect, understand a request) are here; deciding and
 * rendering are pure and elsewhere; recording and notifying are the outbox's.
 */
export class RespondPipeline implements IncidentHandler {
  readonly #store: IncidentStore;
  readonly #policy: ThreadPolicy;
  readonly #now: () => Date;
  readonly #live: LiveEvidence | undefined;
  readonly #metrics: RespondMetrics | undefined;
  readonly #outbox: Outbox;
  readonly #evidence: EvidenceArchive | undefined;
  readonly #log: Logger;

  constructor(deps: PipelineDeps) {
    this.#evidence = deps.evidence;
    this.#log = deps.log ?? silentLogger;
    this.#live = deps.live;
    this.#metrics = deps.metrics;
    this.#store = deps.store;
    this.#policy = deps.policy;
    this.#now = deps.now ?? (() => new Date());
    this.#outbox = new Outbox({
      store: deps.store,
      chat: deps.chat,
      policy: deps.policy,
      now: this.#now,
      log: deps.log ?? silentLogger,
      silences: deps.silences,
      answered: deps.answered,
      evidence: deps.evidence,
    });
  }

  async handle(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    await this.#outbox.completeOwed(node ? [`${cluster}/${node}`, stormKey(cluster)] : [stormKey(cluster)]);
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
      await this.#outbox.completeOwed([stormKey(cluster)]);
      const storm = await this.#store.get(stormKey(cluster));
      if (storm?.state === 'open') continue;
      const open = await this.#store.open(cluster);
      const now = this.#now();
      await this.#carryOut(decideBurst({ cluster, nodes, storm, open }, this.#policy, now), now);
    }
  }

  /**
   * Stale storm roots get their deferred edit. Owed effects are not chased here: they belong to a job that failed,
   * which the queue delivers again on its backoff (a Slack outage is not hammered from the idle loop).
   */
  async idle(): Promise<void> {
    const open = await this.#store.open();
    const now = this.#now();
    await this.#carryOut(decideIdle(open, this.#policy, now), now);
  }

  // ---- the pipelines -------------------------------------------------------------------------------------

  async #onSignals(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const now = this.#now();
    const situation = await this.#correlate(cluster, node, jobs, now);
    const r = route(situation, this.#policy, now);
    const live = wantsLiveEvidence(r) ? await this.#collect(cluster, node) : [];
    const signals = episodeSignals(situation, r, live);
    const diagnosis = diagnoseSignals(cluster, node, signals);
    const diagnosedAt = this.#diagnosed(diagnosis, jobs);
    const kept = await this.#keep(`${cluster}/${node}`, [...jobs, ...live], diagnosis);
    const decision = withEvidence(
      decideSignals(situation, r, signals, diagnosis, this.#policy, now),
      `${cluster}/${node}`,
      kept,
    );
    await this.#carryOut(decision, now);
    this.#notified(decision, diagnosedAt);
  }

  async #onDownstream(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const open = await this.#store.open(cluster);
    const now = this.#now();
    await this.#carryOut(decideFold({ cluster, node, jobs, open }, now), now);
  }

  async #onRequest(job: Chat): Promise<void> {
    const situation = await this.#understand(job);
    const diagnosedAt = 'diagnosis' in situation ? this.#diagnosed(situation.diagnosis, [job]) : undefined;
    const now = this.#now();
    const decision = decideRequest(situation, this.#policy, now);
    await this.#carryOut(decision, now, job.dedupKey);
    if (diagnosedAt !== undefined) this.#notified(decision, diagnosedAt);
  }

  /** Render, then record and notify: the decision's messages as of `now`, when it was decided, into the outbox. */
  async #carryOut(decision: Decision, now: Date, request?: string): Promise<void> {
    await this.#outbox.carryOut(renderDecision(decision, this.#policy, now), request);
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

  /**
   * Keeps every bundle of the batch that was taken on the node, with the diagnosis it led to; returns how the
   * thread shows each. An archive that fails is logged, not thrown: the thread, with the diagnosis in it, matters
   * more than the file, and the bundle is still among the incident's signals.
   */
  async #keep(key: string, jobs: readonly Job[], diagnosis: Diagnosis): Promise<AttachedEvidence[]> {
    const archive = this.#evidence;
    if (!archive) return [];
    const kept: AttachedEvidence[] = [];
    for (const job of jobs) {
      if (job.kind !== 'bundle' || !takenOnNode(job.bundle)) continue;
      const evidence = { bundle: job.bundle, diagnosis, takenAt: takenAt(job), reason: takenFor(job) };
      try {
        const { id } = await archive.keep(key, evidence);
        kept.push(attachmentFor({ id, incidentKey: key, ...evidence }));
      } catch (error) {
        this.#log.error(`${key}: could not keep the node's evidence: ${(error as Error).message}`, {
          incident: key,
          dedupKey: job.dedupKey,
        });
      }
    }
    return kept;
  }

  async #collect(cluster: string, node: string): Promise<Job[]> {
    return (await this.#live?.collect(cluster, node)) ?? [];
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
    if (found && found.pending.length > 0) await this.#outbox.completeOwed([found.key]);
    const incident = found && found.pending.length > 0 ? await this.#store.get(found.key) : found;
    if (!incident && ref) return { action: 'gone', reply };
    if (!incident) {
      const live = await this.#collect(cluster, node);
      const diagnosis = diagnoseSignals(cluster, node, live);
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
    const signals = addSignals(incident, live);
    return {
      action: 'rediagnose',
      reply,
      incident,
      signals,
      diagnosis: diagnoseSignals(incident.cluster, incident.node, signals),
    };
  }
}

type BundleJob = Extract<Job, { kind: 'bundle' }>;

/** When the bundle was taken: the collector's own time, else when ingest received it. */
function takenAt(job: BundleJob): string {
  const at = Date.parse(job.bundle.host?.collectedAt ?? '');
  return Number.isFinite(at) ? new Date(at).toISOString() : job.receivedAt;
}

/** Why it was taken, in words: the agent's trigger and its reasons, else who collected it. */
function takenFor(job: BundleJob): string {
  const trigger = (job.bundle as { trigger?: { by?: unknown; reasons?: unknown } }).trigger;
  const by = typeof trigger?.by === 'string' ? trigger.by : undefined;
  const reasons = Array.isArray(trigger?.reasons) ? trigger.reasons.filter((r) => typeof r === 'string') : [];
  const said = by
    ? `${by}${reasons.length ? `: ${reasons.join('; ')}` : ''}`
    : `posted by ${job.bundle.host?.collector ?? 'a collector'}`;
  return said.slice(0, 1000);
}
