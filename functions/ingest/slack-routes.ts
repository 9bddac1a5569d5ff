import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { BLOCK_KIT_LIMITS } from '../../shared/chat/block-kit.ts';
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
  renderUnknownSubcommand,
  renderUsage,
} from '../../shared/chat/commands.ts';
import type { ChatMessage } from '../../shared/chat/port.ts';
import { isNodeName } from '../../shared/diagnosis/commands.ts';
import { inspectJson } from '../../shared/intake/json-guard.ts';
import type { ProcessedStore, Queue } from '../../shared/queue/port.ts';
import { formatPath, MAX_ISSUES_SHOWN, type SchemaIssue } from '../../shared/schemas/bundle.ts';
import {
  type ChatReply,
  type ChatRequest,
  ChatRequestSchema,
  hashedKey,
  INCIDENT_REF,
  type Job,
} from '../../shared/schemas/job.ts';
import { parseSilenceDuration } from '../../shared/silences/model.ts';
import { type Logger, silentLogger } from '../log/port.ts';
import { BODY_READ_TIMEOUT_MS, contentRefusal, readBody } from './body.ts';
import type { CounterName, IngestCounters } from './counters.ts';
import { postOnly, Refusal, refusalResponse } from './refusal.ts';
import { precheckSlackHeaders, SLACK_MAX_SKEW_SECONDS, verifySlackSignature } from './slack-signature.ts';

export const SLACK_COMMANDS_PATH = '/v1/slack/commands';
export const SLACK_INTERACTIONS_PATH = '/v1/slack/interactions';

/** Slack's bodies are small: a slash command with a pasted log fits easily. */
export const SLACK_MAX_BODY_BYTES = 64 * 1024;
/** Slack gives up after 3 s: an enqueue that has not finished by then is reported as failed. */
export const SLACK_ENQUEUE_BUDGET_MS = 2500;
/** ChatRequest's `diagnose-text` limit: longer pastes keep their end (the newest lines). */
export const MAX_PASTED_CHARS = 40_000;

export interface SlackRouteDeps {
  queue: Queue;
  /** The Slack app's signing secret. Never logged. */
  signingSecret: string;
  /** Cluster for requests that name none. */
  defaultCluster: string;
  now?: () => Date;
  counters?: Pick<IngestCounters, 'add'>;
  /** Reports what failed inside (queue down); never given request bodies or secrets. */
  log?: Logger;
  /** Defaults to {@link SLACK_MAX_BODY_BYTES}. */
  maxBodyBytes?: number;
  /** Defaults to {@link SLACK_ENQUEUE_BUDGET_MS}. */
  enqueueBudgetMs?: number;
  /** Defaults to {@link BODY_READ_TIMEOUT_MS}: a body not received by then is answered 408. */
  bodyTimeoutMs?: number;
  /**
   * Where the signatures of requests already accepted are kept, so a replay within the signature window is
   * refused even after a restart: the Node host passes the SQLite processed store of DATA_DIR. Without it (the
   * Worker and the Lambda function URL) only this instance's memory remembers them; a replay that reaches
   * another instance is queued again and the responder's processed store (DynamoDB) drops the repeated job.
   */
  replay?: ProcessedStore;
}

type Route = 'slack_commands' | 'slack_interactions';

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
type SlashCommand = z.infer<typeof SlashCommandSchema>;

const BUTTON_ACTIONS = {
  rediagnose: 'rediagnose',
  other_runtime: 'other-runtime',
  acknowledge: 'acknowledge',
  silence: 'silence',
  expire_silence: 'expire-silence',
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
  if (action !== 'silence') return { request: { action }, target: value };
  const [target = '', duration = '', ...extra] = value.split(' ');
  const seconds = parseSilenceDuration(duration);
  const request = { action, seconds: seconds ?? 0 };
  return seconds !== undefined && extra.length === 0 && ChatRequestSchema.safeParse(request).success
    ? { request, target }
    : undefined;
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Jobs                                                                                                       */

/**
 * A chat job. Its dedup key hashes what makes the request unique (trigger id, button, action time): Slack's ids
 * have no documented maximum length, and a hashed key always fits the job schema.
 */
async function chatJob(
  unique: readonly string[],
  where: IncidentTarget,
  request: ChatRequest,
  reply: ChatReply,
  receivedAt: string,
): Promise<Job> {
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

type Interaction = Job[] | Refusal | 'ignored';

const invalidPayload = (error: z.ZodError) =>
  new Refusal(400, 'invalid payload', issuesOf(error, ['payload']));

/** Root-message buttons: one job per known button, about the incident named by its value. */
async function blockActionJobs(payload: unknown, receivedAt: string): Promise<Interaction> {
  const ids = ActionIdsSchema.safeParse(payload);
  if (!ids.success) return invalidPayload(ids.error);
  if (!ids.data.actions.some((a) => isButtonAction(a.action_id))) return 'ignored';
  const p = BlockActionsSchema.safeParse(payload);
  if (!p.success) return invalidPayload(p.error);
  const { data } = p;
  // Buttons sit on the incident's root message (or in its thread): answers go to that thread.
  const reply = replyTo(
    data.channel.id,
    data.user.id,
    data.response_url,
    data.message.thread_ts ?? data.message.ts,
  );
  const jobs: Job[] = [];
  for (const [i, action] of data.actions.entries()) {
    if (!isButtonAction(action.action_id)) continue;
    const chosen = buttonRequest(action.action_id, action.value ?? action.selected_option?.value);
    const incident = chosen && parseIncidentValue(chosen.target);
    if (!chosen || !incident) {
      return new Refusal(400, 'invalid payload', [
        {
          path: formatPath(['payload', 'actions', i, 'value']),
          message:
            action.action_id === 'silence'
              ? 'expected an incident reference and a duration: "incident:<32 hex> 2h"'
              : 'expected an incident reference "incident:<32 hex>" or an incident key "cluster/node"',
        },
      ]);
    }
    const unique = data.trigger_id
      ? ['trigger', data.trigger_id]
      : ['click', data.user.id, action.action_ts ?? data.message.ts];
    jobs.push(await chatJob([...unique, action.action_id], incident, chosen.request, reply, receivedAt));
  }
  return jobs;
}

/** The "Diagnose this log" message shortcut: the message's text, answered in its thread. */
async function messageActionJobs(
  payload: unknown,
  defaultCluster: string,
  receivedAt: string,
): Promise<Interaction> {
  const callback = z.object({ callback_id: z.string() }).safeParse(payload);
  if (!callback.success) return invalidPayload(callback.error);
  if (callback.data.callback_id !== DIAGNOSE_LOG_CALLBACK) return 'ignored';
  const p = MessageActionSchema.safeParse(payload);
  if (!p.success) return invalidPayload(p.error);
  const { data } = p;
  const log = normalisePastedLog(decodeSlackEntities(data.message.text ?? ''));
  // A message with no text (only files or attachments) has nothing to diagnose.
  if (!log.text) return 'ignored';
  const reply = replyTo(
    data.channel.id,
    data.user.id,
    data.response_url,
    data.message.thread_ts ?? data.message.ts,
  );
  const where = { cluster: defaultCluster, node: '' };
  const request: ChatRequest = { action: 'diagnose-text', text: log.text };
  return [await chatJob(['trigger', data.trigger_id], where, request, reply, receivedAt)];
}

async function interactionJobs(
  type: string,
  payload: unknown,
  defaultCluster: string,
  receivedAt: string,
): Promise<Interaction> {
  if (type === 'block_actions') return blockActionJobs(payload, receivedAt);
  if (type === 'message_action') return messageActionJobs(payload, defaultCluster, receivedAt);
  return 'ignored';
}

/* ---------------------------------------------------------------------------------------------------------- */
/* Transport                                                                                                  */

/** Remembers recent dedup keys, so a request Slack (or anyone holding a valid signature) repeats is queued once. */
class RecentKeys {
  readonly #expiry = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #max: number;

  constructor(ttlMs: number, max: number) {
    this.#ttlMs = ttlMs;
    this.#max = max;
  }

  /** True when the key was not seen within the TTL; it is then held until released or expired. */
  claim(key: string, nowMs: number): boolean {
    for (const [k, expires] of this.#expiry) {
      if (expires > nowMs && this.#expiry.size < this.#max) break;
      this.#expiry.delete(k);
    }
    const expires = this.#expiry.get(key);
    if (expires !== undefined && expires > nowMs) return false;
    this.#expiry.delete(key);
    this.#expiry.set(key, nowMs + this.#ttlMs);
    return true;
  }

  release(key: string): void {
    this.#expiry.delete(key);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    if (timer !== undefined) clearTimeout(timer);
  });
}

/** A request whose signature checked out: its form, and whether that signature was accepted before. */
interface Signed {
  form: URLSearchParams;
  replay: boolean;
}

/** The replay record's key of a verified request: its signature, unique per timestamp and body. */
const replayKey = (signature: string) => `slack-signature:${signature.trim().slice(0, 80)}`;

const ephemeral = (m: ChatMessage) => ({
  response_type: 'ephemeral' as const,
  text: m.text,
  blocks: m.blocks,
});

/**
 * Adds Slack's two endpoints to an app: `POST /v1/slack/commands` (the `/pleg` slash command) and
 * `POST /v1/slack/interactions` (buttons and the "Diagnose this log" message shortcut). Each request is checked
 * (content type, size, Slack's v0 signature over the raw body) before anything parses it, then answered within
 * Slack's 3 s: only the queue is touched, nothing is diagnosed inline. Web-standard Request/Response only.
 */
export function registerSlackRoutes(app: Hono, deps: SlackRouteDeps): void {
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? silentLogger;
  const maxBytes = deps.maxBodyBytes ?? SLACK_MAX_BODY_BYTES;
  const budgetMs = deps.enqueueBudgetMs ?? SLACK_ENQUEUE_BUDGET_MS;
  const bodyTimeoutMs = deps.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS;
  const count = (name: CounterName, labels: Record<string, string>, n = 1) =>
    deps.counters?.add(name, labels, n);
  // Twice the signature window: a repeat older than that fails the timestamp check anyway.
  const windowMs = 2 * SLACK_MAX_SKEW_SECONDS * 1000;
  const recent = new RecentKeys(windowMs, 10_000);
  const signatures = new RecentKeys(windowMs, 10_000);

  /** True when this signature was accepted before: in this process, or (with `replay`) before a restart. */
  const replayed = async (signature: string): Promise<boolean> => {
    const key = replayKey(signature);
    if (!signatures.claim(key, now().getTime())) return true;
    if (!deps.replay) return false;
    if ((await deps.replay.seen([key])).size > 0) return true;
    await deps.replay.mark([key]);
    return false;
  };

  const refuse = (c: Context, route: Route, r: Refusal) => {
    count('pleg_slack_requests_total', { route, outcome: r.outcome });
    return refusalResponse(c, r);
  };

  const unsigned = (reason: string) =>
    new Refusal(401, 'invalid signature', [], { outcome: `unauthorised_${reason.replaceAll(' ', '_')}` });

  /**
   * Content type and encoding, the signature headers and their timestamp (all before a byte of the body is
   * read), then the body within its size and time limits and the signature over it: the form (and whether its
   * signature was accepted before: a replay, answered as a duplicate), a response already decided (ssl_check),
   * or a refusal.
   */
  const intake = async (c: Context, route: Route): Promise<Signed | Refusal | Response> => {
    const refused = contentRefusal(
      c,
      /^application\/x-www-form-urlencoded\b/i,
      'application/x-www-form-urlencoded',
    );
    if (refused) return refused;
    const headers = {
      secret: deps.signingSecret,
      timestamp: c.req.header('x-slack-request-timestamp'),
      signature: c.req.header('x-slack-signature'),
      nowSeconds: now().getTime() / 1000,
    };
    const early = precheckSlackHeaders(headers);
    if (early) return unsigned(early.reason);
    const body = await readBody(c, maxBytes, 'bytes', bodyTimeoutMs);
    if (body instanceof Refusal) return body;
    const verdict = await verifySlackSignature({ ...headers, rawBody: body });
    if (!verdict.ok) return unsigned(verdict.reason);
    const form = new URLSearchParams(new TextDecoder().decode(body));
    if (form.get('ssl_check') === '1') {
      count('pleg_slack_requests_total', { route, outcome: 'ssl_check' });
      return c.body(null, 200);
    }
    return { form, replay: await replayed(headers.signature ?? '') };
  };

  /**
   * Queues jobs not seen recently; 'duplicate' when all were (or the request is a replay), 'failed' when the
   * queue refused or was too slow.
   */
  const enqueue = async (
    route: Route,
    jobs: Job[],
    replay: boolean,
  ): Promise<'queued' | 'duplicate' | 'failed'> => {
    if (replay) return 'duplicate';
    const at = now().getTime();
    const fresh = jobs.filter((job) => recent.claim(job.dedupKey, at));
    if (fresh.length === 0) return 'duplicate';
    try {
      await withTimeout(deps.queue.enqueue(fresh), budgetMs);
    } catch (error) {
      for (const job of fresh) recent.release(job.dedupKey);
      log.error(`slack enqueue failed for ${route}: ${(error as Error).message}`, {
        route,
        dedupKeys: fresh.map((job) => job.dedupKey),
      });
      return 'failed';
    }
    for (const job of fresh) {
      count('pleg_slack_jobs_queued_total', {
        route,
        action: job.kind === 'chat' ? job.request.action : job.kind,
      });
    }
    return 'queued';
  };

  /* /pleg … */
  const onCommand = async (c: Context, cmd: SlashCommand, replay: boolean): Promise<Response> => {
    const route = 'slack_commands';
    const plan = planSlashCommand(cmd.text, cmd.command, deps.defaultCluster);
    if (plan.kind === 'answer') {
      count('pleg_slack_requests_total', { route, outcome: plan.outcome });
      return c.json(ephemeral(plan.message), 200);
    }
    const job = await chatJob(
      ['trigger', cmd.trigger_id],
      plan,
      plan.request,
      replyTo(cmd.channel_id, cmd.user_id, cmd.response_url),
      now().toISOString(),
    );
    const result = await enqueue(route, [job], replay);
    const outcome =
      result === 'failed' ? 'queue_unavailable' : result === 'duplicate' ? 'duplicate' : 'accepted';
    count('pleg_slack_requests_total', { route, outcome });
    // Slack shows a non-200 as "failed with the error http_service_error": say it in words instead.
    return c.json(ephemeral(result === 'failed' ? renderNotQueued() : plan.message), 200);
  };

  app.post(SLACK_COMMANDS_PATH, async (c) => {
    const route = 'slack_commands';
    const signed = await intake(c, route);
    if (signed instanceof Refusal) return refuse(c, route, signed);
    if (signed instanceof Response) return signed;
    const parsed = SlashCommandSchema.safeParse(Object.fromEntries(signed.form));
    if (!parsed.success) return refuse(c, route, new Refusal(400, 'invalid payload', issuesOf(parsed.error)));
    return onCommand(c, parsed.data, signed.replay);
  });

  app.post(SLACK_INTERACTIONS_PATH, async (c) => {
    const route = 'slack_interactions';
    const signed = await intake(c, route);
    if (signed instanceof Refusal) return refuse(c, route, signed);
    if (signed instanceof Response) return signed;
    const text = signed.form.get('payload');
    if (text === null) {
      return refuse(c, route, new Refusal(400, 'invalid payload', [{ path: 'payload', message: 'missing' }]));
    }
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (error) {
      return refuse(
        c,
        route,
        new Refusal(400, 'invalid JSON', [
          { path: 'payload', message: (error as Error).message.slice(0, 200) },
        ]),
      );
    }
    const shape = inspectJson(payload, ['payload']);
    if (shape) return refuse(c, route, new Refusal(400, 'invalid payload', [shape]));
    const envelope = InteractionEnvelope.safeParse(payload);
    if (!envelope.success) {
      return refuse(c, route, new Refusal(400, 'invalid payload', issuesOf(envelope.error, ['payload'])));
    }
    const jobs = await interactionJobs(envelope.data.type, payload, deps.defaultCluster, now().toISOString());
    if (jobs instanceof Refusal) return refuse(c, route, jobs);
    if (jobs === 'ignored') {
      count('pleg_slack_requests_total', { route, outcome: 'ignored' });
      return c.body(null, 200);
    }
    const result = await enqueue(route, jobs, signed.replay);
    if (result === 'failed') {
      // A button's only feedback channel: Slack marks the click as failed.
      return refuse(
        c,
        route,
        new Refusal(503, 'queue unavailable, retry later', [], { outcome: 'queue_unavailable' }),
      );
    }
    count('pleg_slack_requests_total', { route, outcome: result === 'duplicate' ? 'duplicate' : 'accepted' });
    return c.body(null, 200);
  });

  postOnly(app, [SLACK_COMMANDS_PATH, SLACK_INTERACTIONS_PATH]);
}
