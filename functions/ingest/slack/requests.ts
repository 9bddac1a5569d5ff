import { z } from 'zod';
import { BLOCK_KIT_LIMITS } from '../../../shared/chat/block-kit.ts';
import type { ChatMessage } from '../../../shared/chat/port.ts';
import { isNodeName } from '../../../shared/diagnosis/commands.ts';
import { inspectJson } from '../../../shared/intake/json-guard.ts';
import {
  commandName,
  renderCollectingStatus,
  renderDiagnosingNode,
  renderDiagnosingText,
  renderExplain,
  renderInvalidCluster,
  renderInvalidNode,
  renderMissingDiagnoseTarget,
  renderNotQueued,
  renderRemediationAsked,
  renderUnknownSubcommand,
  renderUsage,
} from '../../../shared/messages/slash-replies.ts';
import type { ProcessedStore, Queue } from '../../../shared/queue/port.ts';
import type { RemediationAction } from '../../../shared/remediation/model.ts';
import { formatPath, MAX_ISSUES_SHOWN, type SchemaIssue } from '../../../shared/schemas/bundle.ts';
import {
  type ChatReply,
  type ChatRequest,
  ChatRequestSchema,
  hashedKey,
  INCIDENT_REF,
  type Job,
} from '../../../shared/schemas/job.ts';
import { parseSilenceDuration } from '../../../shared/silences/model.ts';
import { type Logger, silentLogger } from '../../log/port.ts';
import { RepeatedFailure } from '../../log/repeat.ts';
import type { IngestMetrics } from '../counters.ts';
import { Refusal } from '../refusal.ts';
import { RecentKeys } from './recent-keys.ts';

/*
 * What a Slack request means, whatever carried it: the slash command `/pleg` and the interactions (buttons, the
 * "Diagnose this log" shortcut) are parsed, validated, answered and queued here, once. The transports are thin:
 * HTTP (slack-routes.ts: signature, body, form) and Socket Mode (slack-socket-mode.ts: the envelope, the ack).
 */

/** Slack gives up after 3 s: an enqueue that has not finished by then is reported as failed. */
export const SLACK_ENQUEUE_BUDGET_MS = 2500;
/** ChatRequest's `diagnose-text` limit: longer pastes keep their end (the newest lines). */
export const MAX_PASTED_CHARS = 40_000;

/** The request counters' `route` label: the HTTP path's name, also for a request that came over Socket Mode. */
export type SlackRoute = 'slack_commands' | 'slack_interactions';

/** The first issues (as many as an ingest error reply lists), under `prefix`. */
const issuesOf = (error: z.ZodError, prefix: PropertyKey[] = []): SchemaIssue[] =>
  error.issues
    .slice(0, MAX_ISSUES_SHOWN)
    .map((i) => ({ path: formatPath([...prefix, ...i.path]), message: i.message }));

/* ---------------------------------------------------------------------------------------------------------- */
/* Payloads                                                                                                   */

const id = z.string().min(1).max(64);
const triggerId = z.string().min(1).max(200);
const responseUrl = z.url({ protocol: /^https?$/ }).max(3000);

/** The fields of a slash command that matter here (bolt-js `SlashCommand`); the rest is ignored. */
const SlashCommandSchema = z.object({
  command: z.string().max(64).optional(),
  text: z.string().default(''),
  user_id: id,
  channel_id: id,
  trigger_id: triggerId,
  response_url: responseUrl.optional(),
});

const BUTTON_ACTIONS = {
  rediagnose: 'rediagnose',
  other_runtime: 'other-runtime',
  acknowledge: 'acknowledge',
  silence: 'silence',
  expire_silence: 'expire-silence',
  remediate_cordon: 'remediate',
  remediate_drain: 'remediate',
  remediate_replace: 'remediate',
  remediate_uncordon: 'remediate',
  remediation_approve: 'approve-remediation',
} as const satisfies Record<string, ChatRequest['action']>;
type ButtonActionId = keyof typeof BUTTON_ACTIONS;
const isButtonAction = (actionId: string): actionId is ButtonActionId =>
  Object.hasOwn(BUTTON_ACTIONS, actionId);

/** The message shortcut "Diagnose this log". */
export const DIAGNOSE_LOG_CALLBACK = 'diagnose_log';

const InteractionEnvelope = z.object({ type: z.string() });
const ActionIdsSchema = z.object({
  actions: z
    .array(z.object({ action_id: z.string() }))
    .min(1)
    .max(25),
});

const MessageSchema = z.object({
  ts: id,
  thread_ts: id.optional(),
  text: z.string().optional(),
});

const BlockActionsSchema = z.object({
  type: z.literal('block_actions'),
  user: z.object({ id }),
  channel: z.object({ id }),
  message: MessageSchema,
  trigger_id: triggerId.optional(),
  response_url: responseUrl.optional(),
  actions: z
    .array(
      z.object({
        action_id: z.string().max(BLOCK_KIT_LIMITS.actionId),
        action_ts: z.string().max(64).optional(),
        value: z.string().max(BLOCK_KIT_LIMITS.buttonValue).optional(),
        /** A menu's choice (the silence durations): its value as the button's would be. */
        selected_option: z.object({ value: z.string().max(BLOCK_KIT_LIMITS.optionValue) }).optional(),
      }),
    )
    .min(1)
    .max(BLOCK_KIT_LIMITS.actionsElements),
});

const MessageActionSchema = z.object({
  type: z.literal('message_action'),
  callback_id: z.string().max(255),
  trigger_id: triggerId,
  user: z.object({ id }),
  channel: z.object({ id }),
  message: MessageSchema,
  response_url: responseUrl.optional(),
});

/* ---------------------------------------------------------------------------------------------------------- */
/* Slash command text                                                                                         */

/** Slack escapes `&`, `<` and `>` in what users type; undo it once (so `&amp;lt;` stays `&lt;`). */
export function decodeSlackEntities(text: string): string {
  return text.replace(/&(amp|lt|gt);/g, (_, name: string) =>
    name === 'lt' ? '<' : name === 'gt' ? '>' : '&',
  );
}

/**
 * Pasted log text (entities already decoded) as the engine should see it: ``` fences removed, and at most
 * {@link MAX_PASTED_CHARS} characters, keeping the end (the newest lines) from a line boundary.
 */
export function normalisePastedLog(text: string): { text: string; keptChars?: number } {
  const clean = text.replaceAll('```', '').trim();
  if (clean.length <= MAX_PASTED_CHARS) return { text: clean };
  let tail = clean.slice(-MAX_PASTED_CHARS);
  const newline = tail.indexOf('\n');
  if (newline >= 0 && newline < tail.length - 1) tail = tail.slice(newline + 1);
  return { text: tail, keptChars: tail.length };
}

/** Cluster names typed by people: what cluster labels and kube contexts use. */
const CLUSTER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;

/** What a slash command asks for: an immediate answer, or work for the responder and what to say meanwhile. */
export type SlashPlan =
  | { kind: 'answer'; message: ChatMessage; outcome: string }
  | { kind: 'enqueue'; request: ChatRequest; cluster: string; node: string; message: ChatMessage };

const answer = (message: ChatMessage, outcome: string): SlashPlan => ({ kind: 'answer', message, outcome });

function planDiagnose(rest: string, command: string, defaultCluster: string): SlashPlan {
  const fenced = rest.includes('```');
  const body = rest.replaceAll('```', '').trim();
  if (!body) return answer(renderMissingDiagnoseTarget(command), 'usage_error');
  const words = body.split(/\s+/);
  if (!fenced && !body.includes('\n') && words.length <= 2) {
    const [node = '', cluster] = words;
    if (!isNodeName(node)) return answer(renderInvalidNode(node, command), 'invalid_node');
    if (cluster !== undefined && !CLUSTER_NAME.test(cluster)) {
      return answer(renderInvalidCluster(cluster, command), 'invalid_cluster');
    }
    const inCluster = cluster ?? defaultCluster;
    return {
      kind: 'enqueue',
      request: { action: 'diagnose-node' },
      cluster: inCluster,
      node,
      message: renderDiagnosingNode(node, inCluster),
    };
  }
  const log = normalisePastedLog(rest);
  return {
    kind: 'enqueue',
    request: { action: 'diagnose-text', text: log.text },
    cluster: defaultCluster,
    node: '',
    message: renderDiagnosingText(log.text.split('\n').length, log.keptChars),
  };
}

/** `/pleg drain <node> [cluster] [--override-storm]`: a remediation request, decided by the responder. */
function planRemediation(
  action: RemediationAction,
  rest: string,
  command: string,
  defaultCluster: string,
): SlashPlan {
  const words = rest.trim().split(/\s+/).filter(Boolean);
  const override = words.includes('--override-storm');
  const [node = '', cluster, ...extra] = words.filter((w) => w !== '--override-storm');
  if (!node) return answer(renderMissingDiagnoseTarget(command), 'usage_error');
  if (!isNodeName(node) || extra.length > 0) return answer(renderInvalidNode(node, command), 'invalid_node');
  if (cluster !== undefined && !CLUSTER_NAME.test(cluster))
    return answer(renderInvalidCluster(cluster, command), 'invalid_cluster');
  const inCluster = cluster ?? defaultCluster;
  return {
    kind: 'enqueue',
    request: { action: 'remediate', what: action, override },
    cluster: inCluster,
    node,
    message: renderRemediationAsked(action, node, inCluster),
  };
}

/** Parses `/pleg <subcommand> …` (the `text` field as Slack sends it). Pure. */
export function planSlashCommand(
  rawText: string,
  command: string | undefined,
  defaultCluster: string,
): SlashPlan {
  const name = commandName(command);
  const text = decodeSlackEntities(rawText);
  const match = /^\s*([^\s`]*)([\s\S]*)$/.exec(text);
  const word = match?.[1] ?? '';
  const rest = match?.[2] ?? '';
  if (!text.trim()) return answer(renderUsage(name), 'help');
  switch (word.toLowerCase()) {
    case 'help':
    case '-h':
    case '--help':
    case '?':
      return answer(renderUsage(name), 'help');
    case 'diagnose':
      return planDiagnose(rest, name, defaultCluster);
    case 'status':
      return {
        kind: 'enqueue',
        request: { action: 'status' },
        cluster: defaultCluster,
        node: '',
        message: renderCollectingStatus(),
      };
    case 'explain':
      return answer(renderExplain(rest), 'explain');
    case 'cordon':
    case 'drain':
    case 'replace':
    case 'uncordon':
      return planRemediation(word.toLowerCase() as RemediationAction, rest, name, defaultCluster);
    default:
      return answer(renderUnknownSubcommand(word || text, name), 'unknown_subcommand');
  }
}

/** Which incident a button is about: by reference (`incident:<ref>`), or by key on messages posted before. */
type IncidentTarget = { cluster: string; node: string; incidentRef?: string };

/**
 * The incident named by a button's value. Buttons carry `incident:<32 hex>` (see `INCIDENT_REF`): the responder
 * resolves it against the open incidents. Messages posted before that carry the key itself, `cluster/node`;
 * node names never contain `/`, so the last one splits. A cluster-wide (storm) incident's key is `cluster/*`:
 * the job then carries node `*`, so that `incidentKey(job)` is exactly the key on the button.
 */
function parseIncidentValue(value: string | undefined): IncidentTarget | undefined {
  if (value === undefined) return undefined;
  const ref = INCIDENT_REF.exec(value)?.[1];
  if (ref) return { cluster: '', node: '', incidentRef: ref };
  const at = value.lastIndexOf('/');
  if (at <= 0) return undefined;
  const cluster = value.slice(0, at);
  const node = value.slice(at + 1);
  return node === '' || node === '*' || isNodeName(node) ? { cluster, node } : undefined;
}

/**
 * What a button (or menu choice) asks for and the incident value it names. A silence's value carries its duration
 * after the incident: `incident:<ref> 2h`.
 */
function buttonRequest(
  actionId: ButtonActionId,
  value: string | undefined,
): { request: ChatRequest; target: string } | undefined {
  const action = BUTTON_ACTIONS[actionId];
  if (value === undefined) return undefined;
  if (action === 'remediate' || action === 'approve-remediation') return remediationButton(actionId, value);
  if (action !== 'silence') return { request: { action }, target: value };
  const [target = '', duration = '', ...extra] = value.split(' ');
  const seconds = parseSilenceDuration(duration);
  const request = { action, seconds: seconds ?? 0 };
  return seconds !== undefined && extra.length === 0 && ChatRequestSchema.safeParse(request).success
    ? { request, target }
    : undefined;
}

/**
 * A remediation button: `incident:<ref> <diagnosis fingerprint>` on Cordon/Drain/Replace/Uncordon (the fingerprint
 * the root was drawn for), `incident:<ref> <job id>` on Approve.
 */
function remediationButton(
  actionId: ButtonActionId,
  value: string,
): { request: ChatRequest; target: string } | undefined {
  const [target = '', second = '', ...extra] = value.split(' ');
  if (extra.length > 0 || !second) return undefined;
  const request: ChatRequest =
    actionId === 'remediation_approve'
      ? { action: 'approve-remediation', job: second }
      : {
          action: 'remediate',
          what: actionId.slice('remediate_'.length) as RemediationAction,
          fingerprint: second,
          override: false,
        };
  return ChatRequestSchema.safeParse(request).success ? { request, target } : undefined;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Jobs                                                                                                       */

/**
 * A chat job. Its dedup key hashes what makes the request unique (trigger id, button, action time): Slack's ids
 * have no documented maximum length, and a hashed key always fits the job schema.
 */
function chatJob(
  unique: readonly string[],
  where: IncidentTarget,
  request: ChatRequest,
  reply: ChatReply,
  receivedAt: string,
): Job {
  return {
    kind: 'chat',
    dedupKey: hashedKey('chat', unique),
    cluster: where.cluster,
    node: where.node,
    receivedAt,
    request,
    reply,
    ...(where.incidentRef ? { incidentRef: where.incidentRef } : {}),
  };
}

function replyTo(channel: string, user: string, url: string | undefined, threadTs?: string): ChatReply {
  return { channel, user, ...(threadTs ? { threadTs } : {}), ...(url ? { responseUrl: url } : {}) };
}

/** An interaction on a message (a button, the shortcut): answers go to that message's thread. */
function replyInThreadOf(data: {
  channel: { id: string };
  user: { id: string };
  response_url?: string;
  message: { ts: string; thread_ts?: string };
}): ChatReply {
  return replyTo(data.channel.id, data.user.id, data.response_url, data.message.thread_ts ?? data.message.ts);
}

type Interaction = Job[] | Refusal | 'ignored';

const invalidPayload = (error: z.ZodError) =>
  new Refusal(400, 'invalid payload', issuesOf(error, ['payload']));

/** What a button's value should have held, for its refusal. */
function expectedValue(actionId: string): string {
  if (actionId === 'silence') return 'expected an incident reference and a duration: "incident:<32 hex> 2h"';
  if (actionId.startsWith('remediat'))
    return 'expected an incident reference and a diagnosis fingerprint or job id: "incident:<32 hex> <fingerprint>"';
  return 'expected an incident reference "incident:<32 hex>" or an incident key "cluster/node"';
}

/** Root-message buttons: one job per known button, about the incident named by its value. */
function blockActionJobs(payload: unknown, receivedAt: string): Interaction {
  const ids = ActionIdsSchema.safeParse(payload);
  if (!ids.success) return invalidPayload(ids.error);
  if (!ids.data.actions.some((a) => isButtonAction(a.action_id))) return 'ignored';
  const p = BlockActionsSchema.safeParse(payload);
  if (!p.success) return invalidPayload(p.error);
  const { data } = p;
  // Buttons sit on the incident's root message (or in its thread): answers go to that thread.
  const reply = replyInThreadOf(data);
  const jobs: Job[] = [];
  for (const [i, action] of data.actions.entries()) {
    if (!isButtonAction(action.action_id)) continue;
    const chosen = buttonRequest(action.action_id, action.value ?? action.selected_option?.value);
    const incident = chosen && parseIncidentValue(chosen.target);
    if (!chosen || !incident) {
      return new Refusal(400, 'invalid payload', [
        {
          path: formatPath(['payload', 'actions', i, 'value']),
          message: expectedValue(action.action_id),
        },
      ]);
    }
    const unique = data.trigger_id
      ? ['trigger', data.trigger_id]
      : ['click', data.user.id, action.action_ts ?? data.message.ts];
    jobs.push(chatJob([...unique, action.action_id], incident, chosen.request, reply, receivedAt));
  }
  return jobs;
}

/** The "Diagnose this log" message shortcut: the message's text, answered in its thread. */
function messageActionJobs(payload: unknown, defaultCluster: string, receivedAt: string): Interaction {
  const callback = z.object({ callback_id: z.string() }).safeParse(payload);
  if (!callback.success) return invalidPayload(callback.error);
  if (callback.data.callback_id !== DIAGNOSE_LOG_CALLBACK) return 'ignored';
  const p = MessageActionSchema.safeParse(payload);
  if (!p.success) return invalidPayload(p.error);
  const { data } = p;
  const log = normalisePastedLog(decodeSlackEntities(data.message.text ?? ''));
  // A message with no text (only files or attachments) has nothing to diagnose.
  if (!log.text) return 'ignored';
  const reply = replyInThreadOf(data);
  const where = { cluster: defaultCluster, node: '' };
  const request: ChatRequest = { action: 'diagnose-text', text: log.text };
  return [chatJob(['trigger', data.trigger_id], where, request, reply, receivedAt)];
}

function interactionJobs(
  type: string,
  payload: unknown,
  defaultCluster: string,
  receivedAt: string,
): Interaction {
  if (type === 'block_actions') return blockActionJobs(payload, receivedAt);
  if (type === 'message_action') return messageActionJobs(payload, defaultCluster, receivedAt);
  return 'ignored';
}

/* ---------------------------------------------------------------------------------------------------------- */
/* The handler                                                                                                */

/**
 * How long the dedup keys of queued requests are remembered in memory: longer than Slack's signature window
 * (5 minutes either way) and than its redeliveries of an envelope it got no acknowledgement for.
 */
const RECENT_REQUEST_TTL_MS = 10 * 60 * 1000;

/** A queued request's record in the persistent store, apart from the responder's processed jobs in the same store. */
const queuedRecord = (dedupKey: string) => `slack-queued:${dedupKey}`;

/** A slash command's immediate reply, as Slack takes it: an HTTP response body, or a Socket Mode ack's payload. */
export interface SlackReply {
  response_type: 'ephemeral';
  text: string;
  blocks: ChatMessage['blocks'];
}

/**
 * What to answer a Slack request: the slash command's reply, nothing to say (an interaction queued, ignored or
 * repeated), or a refusal (a 4xx for a payload that cannot be right; a 503 for an interaction the queue could not
 * take). Each transport says it in its own terms.
 */
export type SlackAnswer =
  | { kind: 'reply'; reply: SlackReply }
  | { kind: 'done' }
  | { kind: 'refused'; refusal: Refusal };

const reply = (m: ChatMessage): SlackAnswer => ({
  kind: 'reply',
  reply: { response_type: 'ephemeral', text: m.text, blocks: m.blocks },
});
const DONE: SlackAnswer = { kind: 'done' };

export interface SlackRequestDeps {
  queue: Queue;
  /** Cluster for requests that name none. */
  defaultCluster: string;
  now?: () => Date;
  counters?: Pick<IngestMetrics, 'add'>;
  /** Reports what failed inside (queue down); never given request bodies or secrets. */
  log?: Logger;
  /** Defaults to {@link SLACK_ENQUEUE_BUDGET_MS}. */
  enqueueBudgetMs?: number;
  /**
   * Where the dedup keys of queued requests are kept, so that a request Slack delivers again after a restart (an
   * envelope whose ack was lost with the old process) is not queued twice: the Node host passes the SQLite
   * processed store of DATA_DIR. Without it only this instance's memory remembers them; the responder's processed
   * store still drops a repeated job.
   */
  queued?: ProcessedStore;
}

type EnqueueResult = 'queued' | 'duplicate' | 'failed';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

/**
 * The one handler behind both transports. A request is answered within Slack's 3 s: only the queue is touched,
 * nothing is diagnosed inline. Each job is queued once: its dedup key (from the request's trigger id, which
 * Slack keeps when it delivers a request again) is claimed before the enqueue, so a repeat — a retried HTTP
 * request, a replayed signature, an envelope redelivered over a new connection — finds it taken.
 */
export class SlackRequests {
  readonly #deps: SlackRequestDeps;
  readonly #now: () => Date;
  readonly #log: Logger;
  readonly #recent = new RecentKeys(RECENT_REQUEST_TTL_MS, 10_000);
  /** Failures that repeat with every request while they last (a full disk): a line, then one a minute. */
  readonly #enqueueFailures: RepeatedFailure;
  readonly #recordFailures: RepeatedFailure;
  readonly #lookupFailures: RepeatedFailure;

  constructor(deps: SlackRequestDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.#log = deps.log ?? silentLogger;
    const clock = () => this.#now().getTime();
    this.#enqueueFailures = new RepeatedFailure(this.#log, 'slack enqueue failed', clock);
    this.#recordFailures = new RepeatedFailure(this.#log, 'could not record queued slack requests', clock);
    this.#lookupFailures = new RepeatedFailure(this.#log, 'could not read queued slack requests', clock);
  }

  /**
   * `/pleg …` with the fields Slack sends (the form over HTTP, the envelope's payload over Socket Mode). `replay`:
   * the transport knows this exact request was accepted before (a replayed signature): answered, not queued.
   */
  async command(fields: unknown, replay = false): Promise<SlackAnswer> {
    const route = 'slack_commands';
    const parsed = SlashCommandSchema.safeParse(fields);
    if (!parsed.success)
      return this.refuse(route, new Refusal(400, 'invalid payload', issuesOf(parsed.error)));
    const cmd = parsed.data;
    const plan = planSlashCommand(cmd.text, cmd.command, this.#deps.defaultCluster);
    if (plan.kind === 'answer') {
      this.#count(route, plan.outcome);
      return reply(plan.message);
    }
    const job = chatJob(
      ['trigger', cmd.trigger_id],
      plan,
      plan.request,
      replyTo(cmd.channel_id, cmd.user_id, cmd.response_url),
      this.#now().toISOString(),
    );
    const result = await this.#enqueue(route, [job], replay);
    this.#count(route, result === 'failed' ? 'queue_unavailable' : result === 'queued' ? 'accepted' : result);
    // Slack shows a failed request as "failed with the error …": say it in words instead.
    return reply(result === 'failed' ? renderNotQueued() : plan.message);
  }

  /** A button or the message shortcut: the interaction payload, parsed from JSON (`payload` in Slack's terms). */
  async interaction(payload: unknown, replay = false): Promise<SlackAnswer> {
    const route = 'slack_interactions';
    const shape = inspectJson(payload, ['payload']);
    if (shape) return this.refuse(route, new Refusal(400, 'invalid payload', [shape]));
    const envelope = InteractionEnvelope.safeParse(payload);
    if (!envelope.success) {
      return this.refuse(route, new Refusal(400, 'invalid payload', issuesOf(envelope.error, ['payload'])));
    }
    const jobs = interactionJobs(
      envelope.data.type,
      payload,
      this.#deps.defaultCluster,
      this.#now().toISOString(),
    );
    if (jobs instanceof Refusal) return this.refuse(route, jobs);
    if (jobs === 'ignored') {
      this.#count(route, 'ignored');
      return DONE;
    }
    const result = await this.#enqueue(route, jobs, replay);
    if (result === 'failed') {
      // A button's only feedback: Slack marks the click as failed.
      return this.refuse(
        route,
        new Refusal(503, 'queue unavailable, retry later', [], { outcome: 'queue_unavailable' }),
      );
    }
    this.#count(route, result === 'queued' ? 'accepted' : result);
    return DONE;
  }

  /** A request this handler refuses: counted, and the refusal to answer. */
  refuse(route: SlackRoute, refusal: Refusal): SlackAnswer {
    this.countRefusal(route, refusal);
    return { kind: 'refused', refusal };
  }

  /** A request refused by its transport (a bad signature, a body too large), which answers it itself: counted. */
  countRefusal(route: SlackRoute, refusal: Refusal): void {
    this.#count(route, refusal.outcome);
  }

  /** A request its transport answered itself (Slack's ssl_check): counted, nothing more to say. */
  answeredByTransport(route: SlackRoute, outcome: string): SlackAnswer {
    this.#count(route, outcome);
    return DONE;
  }

  #count(route: SlackRoute, outcome: string): void {
    this.#deps.counters?.add('pleg_slack_requests_total', { route, outcome });
  }

  /** Queues the jobs not queued before; 'duplicate' when all were, 'failed' when the queue refused or was too slow. */
  async #enqueue(route: SlackRoute, jobs: Job[], replay: boolean): Promise<EnqueueResult> {
    if (replay) return 'duplicate';
    const at = this.#now().getTime();
    const fresh = await this.#notQueuedBefore(jobs.filter((job) => this.#recent.claim(job.dedupKey, at)));
    if (fresh.length === 0) return 'duplicate';
    const dedupKeys = fresh.map((job) => job.dedupKey);
    try {
      await withTimeout(
        this.#deps.queue.enqueue(fresh),
        this.#deps.enqueueBudgetMs ?? SLACK_ENQUEUE_BUDGET_MS,
      );
    } catch (error) {
      // Not remembered as queued: Slack's (or the user's) next try goes through.
      for (const key of dedupKeys) this.#recent.release(key);
      this.#enqueueFailures.failed((error as Error).message, { route, dedupKeys });
      return 'failed';
    }
    this.#enqueueFailures.succeeded();
    await this.#deps.queued?.mark(dedupKeys.map(queuedRecord)).then(
      () => this.#recordFailures.succeeded(),
      (error: unknown) => this.#recordFailures.failed((error as Error).message, { dedupKeys }),
    );
    for (const job of fresh) {
      const action = job.kind === 'chat' ? job.request.action : job.kind;
      this.#deps.counters?.add('pleg_slack_jobs_queued_total', { route, action });
    }
    return 'queued';
  }

  /** The jobs the persistent store has no record of (all of them when there is no store, or it cannot answer). */
  async #notQueuedBefore(jobs: Job[]): Promise<Job[]> {
    const store = this.#deps.queued;
    if (!store || jobs.length === 0) return jobs;
    try {
      const seen = await store.seen(jobs.map((job) => queuedRecord(job.dedupKey)));
      this.#lookupFailures.succeeded();
      return jobs.filter((job) => !seen.has(queuedRecord(job.dedupKey)));
    } catch (error) {
      this.#lookupFailures.failed((error as Error).message);
      return jobs;
    }
  }
}
