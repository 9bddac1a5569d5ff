import {
  acknowledgedMessage,
  changeMessage,
  commandsMessage,
  diagnosisMessage,
  foldedMessage,
  reopenMessage,
  resolutionMessage,
  rootMessage,
  statusMessage,
  stormMessage,
} from '../../shared/chat/blocks.ts';
import type { ChatMessage, ChatPort } from '../../shared/chat/port.ts';
import { otherRuntime } from '../../shared/diagnosis/commands.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { detectRuntime } from '../../shared/diagnosis/extract/versions.ts';
import {
  addFolded,
  addSignals,
  allResolved,
  anyAlertFiring,
  diagnosisFingerprint,
  firing,
} from '../../shared/incidents/episode.ts';
import { mergeEvidence } from '../../shared/incidents/evidence.ts';
import { downstreamLine, isDownstream } from '../../shared/incidents/fanout.ts';
import { type Incident, type IncidentStore, stormKey } from '../../shared/incidents/model.ts';
import { analyseStorm, recentlyOpened, type StormPolicy } from '../../shared/incidents/storm.ts';
import type { Diagnosis } from '../../shared/schemas/diagnosis.ts';
import type { ChatReply, Job } from '../../shared/schemas/job.ts';
import type { IncidentGroup, IncidentHandler } from './handler.ts';
import type { LiveEvidence } from './live.ts';

export interface ThreadPolicy {
  channel: string;
  /** A re-fire within this long after resolution reopens the same thread. */
  reopenWindowMs: number;
  storm: StormPolicy;
  /** Storm roots are edited at most this often; edits in between are deferred, not lost. */
  stormEditIntervalMs: number;
  /** `https://acme.slack.com/archives`: turns thread references into links (optional). */
  archiveUrl?: string;
}

export interface ThreadDeps {
  store: IncidentStore;
  chat: ChatPort;
  policy: ThreadPolicy;
  /** Reads the node live (Kubernetes API) when an incident opens or someone asks; skipped during storms. */
  live?: LiveEvidence;
  now?: () => Date;
  log?: (message: string) => void;
}

type Chat = Extract<Job, { kind: 'chat' }>;

/**
 * Incidents as chat threads: one thread per node incident episode, the root edited in place, replies only for
 * news; many nodes at once become one cluster thread; downstream alerts fold into their node's thread. State
 * is saved after every chat call, so a retried job never repeats a post that already went out.
 */
export class IncidentThreads implements IncidentHandler {
  readonly #store: IncidentStore;
  readonly #chat: ChatPort;
  readonly #policy: ThreadPolicy;
  readonly #now: () => Date;
  readonly #log: (message: string) => void;
  readonly #live: LiveEvidence | undefined;

  constructor(deps: ThreadDeps) {
    this.#live = deps.live;
    this.#store = deps.store;
    this.#chat = deps.chat;
    this.#policy = deps.policy;
    this.#now = deps.now ?? (() => new Date());
    this.#log = deps.log ?? (() => {});
  }

  async handle(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const chats = jobs.filter((j): j is Chat => j.kind === 'chat');
    const signals = jobs.filter((j) => j.kind !== 'chat');
    const health = signals.filter((j) => !isDownstream(j));
    const downstream = signals.filter(isDownstream);
    if (health.length > 0 && node) await this.#onSignals(cluster, node, health);
    if (downstream.length > 0 || (health.length > 0 && !node)) {
      await this.#fold(cluster, node, [...downstream, ...(node ? [] : health)]);
    }
    for (const chat of chats) await this.#onChat(chat);
  }

  /**
   * Many nodes of one cluster arriving in one batch is a storm from the first moment: the cluster thread is
   * opened before any node's, so a burst of a thousand alerts never starts with a handful of node threads.
   */
  async prepare(groups: readonly IncidentGroup[]): Promise<void> {
    const byCluster = new Map<string, string[]>();
    for (const g of groups) {
      const health = g.jobs.filter((j) => j.kind !== 'chat' && !isDownstream(j));
      if (g.node && health.length > 0 && firing(health))
        byCluster.set(g.cluster, [...(byCluster.get(g.cluster) ?? []), g.node]);
    }
    for (const [cluster, nodes] of byCluster) {
      if (nodes.length < this.#policy.storm.threshold) continue;
      if ((await this.#store.get(stormKey(cluster)))?.state === 'open') continue;
      const open = await this.#store.open(cluster);
      const fresh = nodes.filter((n) => !open.some((i) => i.kind === 'node' && i.node === n));
      const recent = recentlyOpened(open, this.#now(), this.#policy.storm);
      if (fresh.length + recent.length >= this.#policy.storm.threshold)
        await this.#openStorm(cluster, recent, fresh);
    }
  }

  async idle(): Promise<void> {
    for (const incident of await this.#store.open()) {
      if (incident.kind === 'cluster' && incident.stale) await this.#editStorm(incident, true);
    }
  }

  // ---- state ---------------------------------------------------------------------------------------------

  async #save(incident: Incident, changes: Partial<Incident>): Promise<Incident> {
    const next = {
      ...incident,
      ...changes,
      updatedAt: this.#now().toISOString(),
      version: incident.version + 1,
    };
    await this.#store.put(next);
    return next;
  }

  #fresh(cluster: string, node: string, kind: Incident['kind']): Incident {
    const now = this.#now().toISOString();
    return {
      key: kind === 'cluster' ? stormKey(cluster) : `${cluster}/${node}`,
      cluster,
      node,
      kind,
      state: 'open',
      episode: 1,
      openedAt: now,
      updatedAt: now,
      repeats: 0,
      signals: [],
      folded: [],
      nodes: [],
      stale: false,
      version: 0,
    };
  }

  /** A new episode of an incident key: the same record with the next episode number, or a fresh record. */
  #episode(previous: Incident | undefined, cluster: string, node: string, kind: Incident['kind']): Incident {
    if (!previous) return this.#fresh(cluster, node, kind);
    const openedAt = this.#now().toISOString();
    return {
      ...previous,
      state: 'open',
      episode: previous.episode + 1,
      resolvedAt: undefined,
      thread: undefined,
      openedAt,
    };
  }

  #diagnose(incident: Incident): Diagnosis {
    return diagnose(mergeEvidence(incident.cluster, incident.node, incident.signals));
  }

  /** The signals plus what the cluster says about the node right now (when it can be asked). */
  async #withLive(cluster: string, node: string, signals: readonly Job[]): Promise<Job[]> {
    const live = await this.#live?.collect(cluster, node);
    return live ? [...signals, live] : [...signals];
  }

  #posted(d: Diagnosis): Incident['posted'] {
    return { verdict: d.verdict, confidence: d.confidence, fingerprint: diagnosisFingerprint(d) };
  }

  async #post(message: ChatMessage, threadTs?: string) {
    return this.#chat.post(this.#policy.channel, message, threadTs);
  }

  // ---- node signals --------------------------------------------------------------------------------------

  async #onSignals(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const key = `${cluster}/${node}`;
    const existing = await this.#store.get(key);
    const now = this.#now();
    if (!existing || existing.state === 'resolved') {
      if (!firing(jobs)) {
        this.#log(`resolution for ${key} without an open incident: nothing to close`);
        return;
      }
      const reopen =
        existing?.thread !== undefined &&
        now.getTime() - Date.parse(existing.resolvedAt ?? existing.updatedAt) <= this.#policy.reopenWindowMs;
      if (existing && reopen) return this.#reopen(existing, jobs);
      return this.#open(cluster, node, jobs, existing);
    }
    const incident = await this.#save(existing, { signals: addSignals(existing, jobs) });
    const d = this.#diagnose(incident);
    if (allResolved(jobs) && !anyAlertFiring(incident.signals)) return this.#resolve(incident, d);
    if (incident.storm) {
      await this.#save(incident, { posted: this.#posted(d), ready: d.observed.ready });
      return;
    }
    await this.#update(incident, d);
  }

  async #open(
    cluster: string,
    node: string,
    jobs: readonly Job[],
    previous: Incident | undefined,
  ): Promise<void> {
    const start = {
      ...this.#episode(previous, cluster, node, 'node'),
      openedAt: this.#now().toISOString(),
      signals: [...jobs],
      repeats: 0,
      folded: [],
      acknowledged: undefined,
    };
    const storm = await this.#stormFor(cluster, node);
    if (storm) {
      // Storm members are not read one by one: a thousand nodes at once is a cluster question.
      const d = this.#diagnose(start);
      const member = await this.#save(start, {
        storm: storm.key,
        posted: this.#posted(d),
        ready: d.observed.ready,
      });
      await this.#joinStorm(storm, member);
      return;
    }
    const withLive = { ...start, signals: await this.#withLive(cluster, node, jobs) };
    const d = this.#diagnose(withLive);
    const incident = await this.#save(withLive, { posted: this.#posted(d), ready: d.observed.ready });
    await this.#startThread(incident, d);
  }

  /**
   * Posts the root and the reasoning reply, saving the thread in between. An incident saved as open but
   * without a thread (the post failed) gets its thread here on the job's next delivery.
   */
  async #startThread(incident: Incident, d: Diagnosis): Promise<void> {
    const root = await this.#post(rootMessage(incident, d, this.#now()));
    await this.#save(incident, {
      thread: { channel: root.channel, ts: root.ts },
      editedAt: this.#now().toISOString(),
    });
    await this.#post(diagnosisMessage(d), root.ts);
  }

  async #reopen(previous: Incident, jobs: readonly Job[]): Promise<void> {
    const thread = previous.thread;
    let incident = await this.#save(previous, {
      state: 'open',
      episode: previous.episode + 1,
      resolvedAt: undefined,
      openedAt: this.#now().toISOString(),
      signals: addSignals(previous, await this.#withLive(previous.cluster, previous.node, jobs)),
      repeats: 0,
    });
    const d = this.#diagnose(incident);
    incident = await this.#save(incident, { posted: this.#posted(d), ready: d.observed.ready });
    if (!thread) return this.#startThread(incident, d);
    await this.#chat.update(thread.channel, thread.ts, rootMessage(incident, d, this.#now()));
    await this.#post(reopenMessage(incident, d), thread.ts);
  }

  /** New evidence on an open incident: a reply only when the diagnosis changed, else a counter in the root. */
  async #update(incident: Incident, d: Diagnosis): Promise<void> {
    const thread = incident.thread;
    const changed = incident.posted?.fingerprint !== diagnosisFingerprint(d);
    const previous = incident.posted
      ? `${incident.posted.verdict} ${Math.round(incident.posted.confidence * 100)}%`
      : 'none';
    const next = await this.#save(
      incident,
      changed
        ? { posted: this.#posted(d), ready: d.observed.ready, repeats: 0 }
        : { repeats: incident.repeats + 1 },
    );
    if (!thread) return this.#startThread(next, d);
    await this.#chat.update(thread.channel, thread.ts, rootMessage(next, d, this.#now()));
    if (changed) await this.#post(changeMessage(d, previous), thread.ts);
  }

  async #resolve(incident: Incident, d: Diagnosis): Promise<void> {
    const resolved = await this.#save(incident, { state: 'resolved', resolvedAt: this.#now().toISOString() });
    if (resolved.thread) {
      await this.#post(resolutionMessage(resolved), resolved.thread.ts);
      await this.#chat.update(
        resolved.thread.channel,
        resolved.thread.ts,
        rootMessage(resolved, d, this.#now()),
      );
    }
    if (resolved.storm) await this.#leaveStorm(resolved);
  }

  // ---- storms --------------------------------------------------------------------------------------------

  /** The open storm this node joins, opening one when this node tips the cluster over the threshold. */
  async #stormFor(cluster: string, node: string): Promise<Incident | undefined> {
    const current = await this.#store.get(stormKey(cluster));
    if (current?.state === 'open') return current;
    const open = await this.#store.open(cluster);
    const recent = recentlyOpened(open, this.#now(), this.#policy.storm).filter((i) => i.node !== node);
    if (recent.length + 1 < this.#policy.storm.threshold) return undefined;
    return this.#openStorm(cluster, recent);
  }

  /**
   * Opens (or re-opens) the cluster incident with the node incidents already open as its first members, and the
   * nodes of the batch at hand (`arriving`, which join as they are handled), so the root counts them at once.
   */
  async #openStorm(
    cluster: string,
    recent: readonly Incident[],
    arriving: readonly string[] = [],
  ): Promise<Incident> {
    const base = this.#episode(await this.#store.get(stormKey(cluster)), cluster, '', 'cluster');
    const nodes = [...new Set([...recent.map((i) => i.node), ...arriving])];
    const storm = await this.#save(base, { nodes, stale: false });
    for (const member of recent) await this.#save(member, { storm: storm.key });
    return this.#startStormThread(storm, recent);
  }

  /** Posts the storm root and saves its thread (also on a later delivery, if the first post failed). */
  async #startStormThread(storm: Incident, members: readonly Incident[]): Promise<Incident> {
    const root = await this.#post(this.#stormMessage(storm, members));
    return this.#save(storm, {
      thread: { channel: root.channel, ts: root.ts },
      editedAt: this.#now().toISOString(),
      stale: false,
    });
  }

  async #joinStorm(storm: Incident, member: Incident): Promise<void> {
    let current = (await this.#store.get(storm.key)) ?? storm;
    // A member joining is news for the root (its finding counts in the reading), even when the batch that
    // opened the storm already listed its node: the root is due an edit either way.
    const nodes = current.nodes.includes(member.node) ? current.nodes : [...current.nodes, member.node];
    if (nodes !== current.nodes || !current.stale)
      current = await this.#save(current, { nodes, stale: true });
    if (!current.thread) {
      const members = (await this.#store.open(current.cluster)).filter((i) => i.storm === current.key);
      await this.#startStormThread(current, members);
      return;
    }
    await this.#editStorm(current, false);
  }

  async #leaveStorm(member: Incident): Promise<void> {
    const storm = member.storm ? await this.#store.get(member.storm) : undefined;
    if (storm?.state !== 'open') return;
    const members = (await this.#store.open(storm.cluster)).filter(
      (i) => i.storm === storm.key && i.kind === 'node',
    );
    if (members.length > 0) return;
    const resolved = await this.#save(storm, {
      state: 'resolved',
      resolvedAt: this.#now().toISOString(),
      stale: true,
    });
    await this.#editStorm(resolved, true);
    if (resolved.thread) await this.#post(resolutionMessage(resolved), resolved.thread.ts);
  }

  /** Edits the storm root, at most every stormEditIntervalMs unless forced; a skipped edit stays `stale`. */
  async #editStorm(storm: Incident, force: boolean): Promise<void> {
    const thread = storm.thread;
    if (!thread) return;
    const sinceEdit = this.#now().getTime() - Date.parse(storm.editedAt ?? storm.openedAt);
    if (!force && sinceEdit < this.#policy.stormEditIntervalMs) return;
    const members = (await this.#store.open(storm.cluster)).filter((i) => i.storm === storm.key);
    await this.#chat.update(thread.channel, thread.ts, this.#stormMessage(storm, members));
    await this.#save(storm, { stale: false, editedAt: this.#now().toISOString() });
  }

  #stormMessage(storm: Incident, members: readonly Incident[]): ChatMessage {
    const threads = new Map<string, string>();
    for (const m of members) {
      if (!m.thread) continue;
      const { archiveUrl } = this.#policy;
      threads.set(
        m.node,
        archiveUrl
          ? `<${archiveUrl}/${m.thread.channel}/p${m.thread.ts.replace('.', '')}|thread>`
          : `own thread since ${m.openedAt.slice(11, 16)}Z`,
      );
    }
    return stormMessage(
      storm,
      analyseStorm(members),
      this.#policy.storm.windowMs / 1000,
      this.#now(),
      threads,
    );
  }

  // ---- downstream alerts ---------------------------------------------------------------------------------

  /** Folds downstream alerts into their node's open incident, else the cluster's storm or sole open incident. */
  async #fold(cluster: string, node: string, jobs: readonly Job[]): Promise<void> {
    const open = await this.#store.open(cluster);
    const target =
      (node ? open.find((i) => i.kind === 'node' && i.node === node) : undefined) ??
      open.find((i) => i.kind === 'cluster') ??
      (open.filter((i) => i.kind === 'node').length === 1 ? open.find((i) => i.kind === 'node') : undefined);
    const lines = jobs.map(downstreamLine);
    if (!target) {
      this.#log(
        `${lines.length} downstream alert(s) in ${cluster} with no open node incident to join: ${lines.join('; ')}`,
      );
      return;
    }
    const host = target.storm ? ((await this.#store.get(target.storm)) ?? target) : target;
    const next = await this.#save(host, { folded: addFolded(host, lines) });
    if (next.thread) await this.#post(foldedMessage(lines), next.thread.ts);
  }

  // ---- people --------------------------------------------------------------------------------------------

  async #answer(reply: ChatReply, message: ChatMessage, threadTs?: string): Promise<void> {
    const ts = threadTs ?? reply.threadTs;
    if (ts) await this.#chat.post(reply.channel, message, ts);
    else if (reply.responseUrl) await this.#chat.respond(reply.responseUrl, message, false);
    else await this.#chat.post(reply.channel, message);
  }

  async #onChat(job: Chat): Promise<void> {
    const { request, reply } = job;
    if (request.action === 'status') {
      const message = statusMessage(await this.#store.open(), this.#now());
      if (reply.responseUrl) await this.#chat.respond(reply.responseUrl, message, true);
      else await this.#chat.post(reply.channel, message);
      return;
    }
    if (request.action === 'diagnose-text') {
      const d = diagnoseText(request.text, { name: 'pasted' });
      await this.#answer(
        reply,
        diagnosisMessage(d, 'Diagnosis of the pasted log (offline, no cluster access):'),
      );
      return;
    }
    const incident = await this.#store.get(`${job.cluster}/${job.node}`);
    if (!incident) {
      const signals = await this.#withLive(job.cluster, job.node, []);
      const d = diagnose(mergeEvidence(job.cluster, job.node, signals));
      const intro = `No open incident for ${job.node} in ${job.cluster}. What the cluster says now:`;
      await this.#answer(reply, diagnosisMessage(d, intro));
      return;
    }
    if (incident.kind === 'cluster') {
      // A storm has no per-node commands: answering means showing its current state.
      await this.#editStorm(incident, true);
      return;
    }
    const thread = incident.thread?.ts;
    const evidence = mergeEvidence(incident.cluster, incident.node, incident.signals);
    if (request.action === 'other-runtime') {
      const other = otherRuntime(detectRuntime(evidence));
      await this.#answer(reply, commandsMessage(diagnose(evidence, { runtime: other }), other), thread);
      return;
    }
    if (request.action === 'acknowledge') {
      if (incident.acknowledged) return;
      const d = diagnose(evidence);
      const acked = await this.#save(incident, {
        acknowledged: { user: reply.user, at: this.#now().toISOString() },
      });
      if (acked.thread)
        await this.#chat.update(acked.thread.channel, acked.thread.ts, rootMessage(acked, d, this.#now()));
      await this.#answer(reply, acknowledgedMessage(reply.user), thread);
      return;
    }
    // diagnose-node and rediagnose: read the node again, then the current diagnosis in the incident's thread.
    const live = await this.#withLive(incident.cluster, incident.node, []);
    const refreshed = { ...incident, signals: addSignals(incident, live) };
    const current = this.#diagnose(refreshed);
    const next = await this.#save(refreshed, {
      posted: this.#posted(current),
      ready: current.observed.ready,
    });
    if (next.thread)
      await this.#chat.update(next.thread.channel, next.thread.ts, rootMessage(next, current, this.#now()));
    await this.#answer(
      reply,
      diagnosisMessage(current, 'Re-diagnosed on request of the on-call engineer.'),
      thread,
    );
  }
}
