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
  decideRemediation,
  decideRequest,
  decideSignals,
  episodeSignals,
  isDownstream,
  mayBeStorm,
  type NodeSituation,
  needsOpenIncidents,
  type RemediationSituation,
  type RequestSituation,
  route,
  wantsLiveEvidence,
  windowStart,
  withEvidence,
} from '../../shared/incidents/decide/index.ts';
import { addSignals, firing } from '../../shared/incidents/episode.ts';
import { diagnoseSignals, mergeEvidence } from '../../shared/incidents/evidence.ts';
import { incidentRef } from '../../shared/incidents/incident-ref.ts';
import { type Incident, type IncidentStore, stormKey } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { attachmentFor } from '../../shared/messages/evidence.ts';
import { STATUS_LISTED } from '../../shared/messages/incidents.ts';
import { renderDecision } from '../../shared/messages/render.ts';
import type { ProcessedStore } from '../../shared/queue/port.ts';
import type { ClusterView, Person, RemediationAction } from '../../shared/remediation/model.ts';
import type { RemediationPort, UserGroups } from '../../shared/remediation/port.ts';
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
  /** The clusters, for remediation (REMEDIATION=dry-run|on): the guards' view, and the calls. */
  remediation?: RemediationPort;
  /** Slack's user groups, for allow lists that name groups. */
  userGroups?: UserGroups;
  /**
   * Where bundles taken on the node (agent, `collect --post`, SSM) are kept with the diagnosis they led to, to be
   * attached to the thread as files (without it they only join the incident's signals), and where a Replace keeps
   * the incident's evidence first.
   */
  evidence?: EvidenceArchive;
  /** How often a drain's progress is said in the thread, at most (default 15 s). */
  progressIntervalMs?: number;
}

type Chat = Extract<Job, { kind: 'chat' }>;
type RemediationChat = Chat & {
  request: Extract<Chat['request'], { action: 'remediate' | 'approve-remediation' }>;
};
const isRemediation = (job: Chat): job is RemediationChat =>
  job.request.action === 'remediate' || job.request.action === 'approve-remediation';

/** Each record once (by key), in the order first seen; absent ones dropped. */
function distinct(records: ReadonlyArray<Incident | undefined>): Incident[] {
  return [...new Map(records.flatMap((r) => (r ? [[r.key, r] as const] : []))).values()];
}

/**
 * The respond pipeline, one incident's jobs at a time:
 *
 *   correlate (the incident, its storm, what of the cluster the decision needs) → collect (live evidence) →
 *   diagnose (the pure engine) → decide (pure: shared/incidents/decide/) → render (pure: shared/messages/) →
 *   record → notify (the outbox)
 *
 * What earlier deliveries left owed on an incident is completed first (outbox.ts), so each decision is made on
 * the incident as it is. The stages that gather (correlate, collect, understand a request) are here; deciding and
 * rendering are pure and elsewhere; recording and notifying are the outbox's.
 *
 * What one job reads from the store does not grow with the cluster's open incidents: whole records of the few a
 * decision may change, and of many only summaries (a storm root's members, `/pleg status`), and those only when
 * the root is due an edit or someone asks (test/respond/bounded-reads.test.ts counts them).
 */
export class RespondPipeline implements IncidentHandler {
  readonly #store: IncidentStore;
  readonly #policy: ThreadPolicy;
  readonly #now: () => Date;
  readonly #live: LiveEvidence | undefined;
  readonly #metrics: RespondMetrics | undefined;
  readonly #outbox: Outbox;
  readonly #remediation: RemediationPort | undefined;
  readonly #userGroups: UserGroups | undefined;
  readonly #evidence: EvidenceArchive | undefined;
  readonly #log: Logger;

  constructor(deps: PipelineDeps) {
    this.#remediation = deps.remediation;
    this.#userGroups = deps.userGroups;
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
      remediation: deps.remediation,
      evidence: deps.evidence,
      metrics: deps.metrics,
      progressIntervalMs: deps.progressIntervalMs,
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
      const now = this.#now();
      const open = await this.#stormCandidates(cluster, nodes, now);
      await this.#carryOut(decideBurst({ cluster, nodes, storm, open }, this.#policy, now), now);
    }
  }

  /**
   * Stale storm roots get their deferred edit. Owed effects are not chased here: they belong to a job that failed,
   * which the queue delivers again on its backoff (a Slack outage is not hammered from the idle loop). Only the
   * stale storms' members are read: this runs every second the queue is idle.
   */
  async idle(): Promise<void> {
    const stale = (await this.#store.storms()).filter((storm) => storm.stale);
    const members = await Promise.all(stale.map((storm) => this.#store.members(storm.cluster)));
    const now = this.#now();
    await this.#carryOut(decideIdle(stale, members.flat(), this.#policy, now), now);
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
    // Where they can fold: the node's incident, the storm, or the cluster's only open node incident (two say).
    const candidates = await Promise.all([
      node ? this.#store.get(`${cluster}/${node}`) : undefined,
      this.#store.get(stormKey(cluster)),
      this.#store.nodes(cluster, { limit: 2 }),
    ]);
    const open = distinct(candidates.flat()).filter((i) => i.state === 'open');
    const now = this.#now();
    await this.#carryOut(decideFold({ cluster, node, jobs, open }, now), now);
  }

  async #onRequest(job: Chat): Promise<void> {
    if (isRemediation(job)) {
      const situation = await this.#understandRemediation(job);
      const now = this.#now();
      await this.#carryOut(decideRemediation(situation, this.#policy, now), now, job.dedupKey);
      return;
    }
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

  /** What is known about the node's incident; more of the cluster's open incidents only when deciding needs them. */
  async #correlate(cluster: string, node: string, jobs: readonly Job[], now: Date): Promise<NodeSituation> {
    const [incident, storm] = await Promise.all([
      this.#store.get(`${cluster}/${node}`),
      this.#store.get(stormKey(cluster)),
    ]);
    const known: NodeSituation = { cluster, node, jobs, incident, storm };
    const needed = needsOpenIncidents(known, this.#policy, now);
    if (needed?.read === 'recent') return { ...known, recent: await this.#stormCandidates(cluster, [], now) };
    if (needed?.read === 'members')
      return { ...known, members: await this.#store.members(cluster, needed.limit) };
    return known;
  }

  /** The incidents a storm opening now would take in: the cluster's opened within its window, and `nodes`' open ones. */
  async #stormCandidates(cluster: string, nodes: readonly string[], now: Date): Promise<Incident[]> {
    const since = windowStart(now, this.#policy.storm).toISOString();
    const [recent, ...others] = await Promise.all([
      this.#store.nodes(cluster, { since }),
      ...nodes.map((n) => this.#store.get(`${cluster}/${n}`)),
    ]);
    return distinct([...(recent ?? []), ...others]).filter((i) => i.state === 'open');
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

  /**
   * A remediation request or approval: the incident (a button names it by reference, a command by cluster and
   * node), what it still owed completed first, the cluster's storm, the person's listed user groups and the
   * cluster's nodes for the guards.
   */
  async #understandRemediation(job: RemediationChat): Promise<RemediationSituation> {
    const { request, reply } = job;
    const ref = job.incidentRef;
    // A button names its incident by reference, which only the open incidents' summaries resolve to a key.
    const key = ref
      ? (await this.#store.open()).find((i) => incidentRef(i.key) === ref)?.key
      : `${job.cluster}/${job.node}`;
    const found = key ? await this.#store.get(key) : undefined;
    if (found && found.pending.length > 0) await this.#outbox.completeOwed([found.key]);
    const incident = found && found.pending.length > 0 ? await this.#store.get(found.key) : found;
    const cluster = incident?.cluster ?? job.cluster;
    const node = incident?.node ?? job.node;
    const what: RemediationAction =
      request.action === 'remediate'
        ? request.what
        : (incident?.remediations.find((j) => j.id === request.job)?.action ?? 'drain');
    const stormRecord = cluster ? await this.#store.get(stormKey(cluster)) : undefined;
    const storm = stormRecord?.state === 'open' ? Math.max(1, stormRecord.nodes.length) : 0;
    const person = await this.#person(reply.user, what);
    const view: ClusterView = !this.#policy.remediation
      ? { unavailable: 'remediation is off' }
      : this.#remediation && cluster
        ? await this.#remediation.view(cluster)
        : {
            unavailable: `no cluster access is configured for ${cluster || 'this cluster'} (KUBE_CONTEXTS, KUBE_IN_CLUSTER)`,
          };
    const common = { reply, request: job.dedupKey, person, storm, view };
    if (request.action === 'approve-remediation')
      return { ...common, action: 'approve', incident, job: request.job, cluster, node };
    return {
      ...common,
      action: 'remediate',
      what,
      cluster,
      node,
      incident,
      ...(request.fingerprint !== undefined ? { shown: request.fingerprint } : {}),
      override: request.override,
    };
  }

  /** The person with the user groups of the action's allow list they belong to (Slack's usergroups.users.list). */
  async #person(user: string, what: RemediationAction): Promise<Person> {
    const listed = (this.#policy.remediation?.allow[what] ?? []).filter((id) => id.startsWith('S'));
    if (listed.length === 0 || !this.#userGroups) return { user, groups: [] };
    const groups: string[] = [];
    for (const group of listed) {
      try {
        if ((await this.#userGroups.members(group)).includes(user)) groups.push(group);
      } catch (error) {
        this.#log.warn(`could not read the members of user group ${group}: ${(error as Error).message}`);
      }
    }
    return { user, groups };
  }

  /** A person's request: correlate, collect and diagnose for what was asked. */
  async #understand(job: Chat): Promise<RequestSituation> {
    const { request, reply } = job;
    if (request.action === 'status') {
      // Every open incident summarised; the listed ones whole, for when their trouble began.
      const open = await this.#store.open();
      const listed = await Promise.all(open.slice(0, STATUS_LISTED).map((i) => this.#store.get(i.key)));
      return { action: 'status', reply, open: open.map((i, n) => listed[n] ?? i) };
    }
    if (request.action === 'diagnose-text') {
      return { action: 'diagnose-text', reply, diagnosis: diagnoseText(request.text, { name: 'pasted' }) };
    }
    const { cluster, node } = job;
    // A button names its incident by a short reference (a slash command by cluster and node).
    const ref = job.incidentRef;
    const key = ref
      ? (await this.#store.open()).find((i) => incidentRef(i.key) === ref)?.key
      : `${cluster}/${node}`;
    const found = key === undefined ? undefined : await this.#store.get(key);
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
      return {
        action: 'storm',
        reply,
        storm: incident,
        members: await this.#store.members(incident.cluster),
      };
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
