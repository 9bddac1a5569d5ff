import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type Content, type Failure, isRecord, parseContent, safeJson, stringOr } from './slack-content.ts';
import {
  createSocketModeFake,
  type SocketModeFake,
  type SocketModeFakeOptions,
} from './slack-socket-mode-fake.ts';

/**
 * A loopback fake of the Slack Web API (chat.postMessage, chat.update) and of slash-command response_urls, for
 * the real @slack/web-api WebClient to talk to (slackApiUrl `http://127.0.0.1:PORT/api/`). It enforces what Slack
 * enforces: bearer token, known channel, thread_ts of an existing top-level message, ts of an existing message,
 * Block Kit limits, text-or-blocks, one chat.postMessage per second per channel (HTTP 429 + Retry-After), and at
 * most 5 uses of a response_url within 30 minutes. Files go as files.uploadV2 sends them: files.getUploadURLExternal
 * (filename and a positive whole length, else invalid_arguments) hands out an upload URL and a file id; the bytes
 * are posted there once (a second post, or an unknown URL, is HTTP 404); files.completeUploadExternal (known
 * channel, an existing top-level thread_ts, files as a JSON array) shares only files whose bytes arrived and match
 * the length announced (else file_not_found / file_upload_size_mismatch, and nothing is shared), once each. With `socketMode`, it is also Slack's Socket Mode side:
 * apps.connections.open and the WebSocket it hands out (test/support/slack-socket-mode-fake.ts).
 */

export interface SlackFakeOptions {
  token: string;
  /** Channel ids the bot is in. */
  channels: string[];
  /** Channel ids that exist but the bot was never invited to (→ not_in_channel). */
  notInChannel?: string[];
  /** Minimum gap between two accepted chat.postMessage calls to one channel; Slack: about 1000 ms. */
  postIntervalMs?: number;
  /** Retry-After (seconds) sent with a 429; default 1. */
  retryAfterSeconds?: number;
  /** Clock (ms) for the rate limit and response_url expiry; default Date.now. */
  now?: () => number;
  /** Serve Socket Mode for this app-level token (apps.connections.open and its WebSocket). */
  socketMode?: SocketModeFakeOptions;
  /** User groups (S…) and their members, for usergroups.users.list (an unknown group: no_such_subteam). */
  userGroups?: Record<string, string[]>;
}

export interface SlackFakeCall {
  method: string;
  channel?: string;
  thread_ts?: string;
  ts?: string;
  text?: string;
  blocks?: unknown;
  /** HTTP status answered. */
  status: number;
  /** Slack's error code when the answer was not ok. */
  error?: string;
  contentType: string;
  /** Fake clock time the call arrived. */
  at: number;
}

/** A file shared by files.completeUploadExternal, as the fake keeps it. */
export interface SlackFakeFile {
  id: string;
  channel: string;
  thread_ts?: string;
  filename: string;
  title?: string;
  initial_comment?: string;
  content: Buffer;
}

export interface SlackFakeMessage {
  channel: string;
  ts: string;
  text: string;
  blocks: unknown[];
  thread_ts?: string;
  edited: boolean;
}

export interface SlackFake {
  /** slackApiUrl for WebClient / SlackChat. */
  apiUrl: string;
  /** Every call, in arrival order. */
  calls: SlackFakeCall[];
  /** On: every request (Web API and response_url) answers HTTP 503, as Slack's edge does during an outage. */
  outage(on: boolean): void;
  /** Top-level messages of a channel, oldest first. */
  messages(channel: string): SlackFakeMessage[];
  /** Replies in the thread under `threadTs`, oldest first. */
  replies(channel: string, threadTs: string): SlackFakeMessage[];
  /** Files shared into the thread under `threadTs` (or the channel without it), oldest first. */
  files(channel: string, threadTs?: string): SlackFakeFile[];
  /** A fresh response_url (as a slash command or button payload would carry). */
  responseUrl(): string;
  /** JSON bodies accepted at a response_url. */
  responses(url: string): unknown[];
  /** Slack's Socket Mode side; only with the `socketMode` option (else it throws). */
  socketMode(): SocketModeFake;
  close(): Promise<void>;
}

const RESPONSE_URL_USES = 5;
const RESPONSE_URL_TTL_MS = 30 * 60 * 1000;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

interface Answer {
  status: number;
  /** JSON, or plain text when a string (the edge's own pages: 503, 404). */
  body: unknown;
  headers?: Record<string, string>;
}

export async function startSlackFake(options: SlackFakeOptions): Promise<SlackFake> {
  const now = options.now ?? Date.now;
  const postIntervalMs = options.postIntervalMs ?? 1000;
  const retryAfter = options.retryAfterSeconds ?? 1;
  const channels = new Set(options.channels);
  const notInChannel = new Set(options.notInChannel ?? []);
  const messages = new Map<string, SlackFakeMessage[]>();
  const lastPost = new Map<string, number>();
  const responseUrls = new Map<string, { created: number; bodies: unknown[] }>();
  const calls: SlackFakeCall[] = [];
  /** Uploads handed out by files.getUploadURLExternal, by file id; `content` once posted. */
  type Upload = { filename: string; length: number; content?: Buffer; completed: boolean; url: string };
  const uploads = new Map<string, Upload>();
  const shared: SlackFakeFile[] = [];
  let fileSeq = 0;
  let down = false;
  let seq = 0;
  let responseSeq = 0;
  let base = '';

  const nextTs = (): string => {
    seq += 1;
    const micros = seq * 100;
    return `${1_795_288_000 + Math.floor(micros / 1_000_000)}.${String(micros % 1_000_000).padStart(6, '0')}`;
  };
  const find = (channel: string, ts: string): SlackFakeMessage | undefined =>
    messages.get(channel)?.find((m) => m.ts === ts);

  type ApiResult = { status: number; body: unknown; headers?: Record<string, string>; failure?: Failure };

  const fail = (failure: Failure): ApiResult => ({
    status: 200,
    failure,
    body: {
      ok: false,
      error: failure.error,
      ...(failure.detail
        ? {
            response_metadata: {
              messages: [`[ERROR] ${failure.detail} [json-pointer:${failure.pointer ?? ''}]`],
            },
          }
        : {}),
    },
  });

  /** Auth and method checks, in Slack's order. */
  function authorise(method: string, auth: string | undefined): Failure | undefined {
    if (auth === undefined) return { error: 'not_authed' };
    // An app-level token is for apps.connections.open, not for chat.* or files.*.
    if (options.socketMode && auth === `Bearer ${options.socketMode.appToken}`)
      return { error: 'not_allowed_token_type' };
    if (auth !== `Bearer ${options.token}`) return { error: 'invalid_auth' };
    if (!METHODS.has(method)) return { error: 'unknown_method' };
    return undefined;
  }

  /** Auth, method and channel checks, in Slack's order; the channel when they pass. */
  function admit(
    method: string,
    auth: string | undefined,
    args: Record<string, unknown>,
    field = 'channel',
  ): string | Failure {
    const refused = authorise(method, auth);
    if (refused) return refused;
    const channel = args[field];
    if (typeof channel !== 'string' || channel === '') return { error: 'channel_not_found' };
    if (notInChannel.has(channel)) return { error: 'not_in_channel' };
    if (!channels.has(channel)) return { error: 'channel_not_found' };
    return channel;
  }

  function getUploadURL(auth: string | undefined, args: Record<string, unknown>): ApiResult {
    const refused = authorise('files.getUploadURLExternal', auth);
    if (refused) return fail(refused);
    const length = Number(args.length);
    if (typeof args.filename !== 'string' || args.filename === '' || !Number.isInteger(length) || length < 1)
      return fail({ error: 'invalid_arguments' });
    fileSeq += 1;
    const id = `F0PLEG${String(fileSeq).padStart(5, '0')}`;
    const url = `${base}/upload/v1/${id}x${Math.random().toString(36).slice(2, 10)}`;
    uploads.set(id, { filename: args.filename, length, completed: false, url });
    return { status: 200, body: { ok: true, upload_url: url, file_id: id } };
  }

  /** The files a completeUploadExternal names, each with its upload, or why they cannot be shared. */
  function uploadsNamed(raw: unknown): Array<{ f: Record<string, unknown>; upload: Upload }> | Failure {
    const files = typeof raw === 'string' ? safeJson(raw) : raw;
    if (!Array.isArray(files) || files.length === 0) return { error: 'invalid_arguments' };
    const entries: Array<{ f: Record<string, unknown>; upload: Upload }> = [];
    for (const f of files) {
      if (!isRecord(f) || typeof f.id !== 'string') return { error: 'invalid_arguments' };
      const upload = uploads.get(f.id);
      if (!upload || upload.completed || upload.content === undefined) return { error: 'file_not_found' };
      if (upload.content.length !== upload.length) return { error: 'file_upload_size_mismatch' };
      entries.push({ f, upload });
    }
    return entries;
  }

  /** A top-level message's ts as thread_ts (undefined: none), or thread_not_found. */
  function threadOf(channel: string, raw: unknown): string | undefined | Failure {
    if (raw === undefined || raw === '') return undefined;
    const parent = typeof raw === 'string' ? find(channel, raw) : undefined;
    if (!parent || parent.thread_ts !== undefined) return { error: 'thread_not_found' };
    return parent.ts;
  }

  function completeUpload(auth: string | undefined, args: Record<string, unknown>): ApiResult {
    const channel = admit('files.completeUploadExternal', auth, args, 'channel_id');
    if (typeof channel !== 'string') return fail(channel);
    const threadTs = threadOf(channel, args.thread_ts);
    if (typeof threadTs === 'object') return fail(threadTs);
    const entries = uploadsNamed(args.files);
    if (!Array.isArray(entries)) return fail(entries);
    const comment = stringOr(args.initial_comment);
    for (const { f, upload } of entries) {
      if (!upload?.content) continue;
      upload.completed = true;
      shared.push({
        id: String(f.id),
        channel,
        ...(typeof threadTs === 'string' ? { thread_ts: threadTs } : {}),
        filename: upload.filename,
        ...(typeof f.title === 'string' ? { title: f.title } : {}),
        ...(comment ? { initial_comment: comment } : {}),
        content: upload.content,
      });
    }
    return {
      status: 200,
      body: { ok: true, files: entries.map(({ f }) => ({ id: f.id, title: f.title ?? null })) },
    };
  }

  /** The bytes of an upload, posted to the URL files.getUploadURLExternal handed out (raw or multipart). */
  async function handleUpload(path: string, req: IncomingMessage, at: number): Promise<Answer> {
    const upload = [...uploads.entries()].find(([, u]) => new URL(u.url).pathname === path);
    const bytes = await readBytes(req);
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    let status = 200;
    if (!upload || upload[1].content !== undefined || bytes === undefined) status = 404;
    else if (contentType.startsWith('multipart/form-data')) {
      const form = await new Response(new Uint8Array(bytes), {
        headers: { 'content-type': req.headers['content-type'] ?? '' },
      }).formData();
      const part = [...form.values()].find((v): v is File => typeof v !== 'string');
      if (part) upload[1].content = Buffer.from(await part.arrayBuffer());
      else status = 400;
    } else upload[1].content = bytes;
    calls.push({ method: 'upload', status, contentType, at });
    return status === 200
      ? { status, body: `OK - ${upload?.[1].content?.length ?? 0}` }
      : { status, body: status === 404 ? 'Not Found' : 'Bad Request' };
  }

  function apiCall(method: string, auth: string | undefined, args: Record<string, unknown>): ApiResult {
    if (method === 'usergroups.users.list' && auth === `Bearer ${options.token}`) {
      const users = options.userGroups?.[String(args.usergroup)];
      return users
        ? { status: 200, headers: {}, body: { ok: true, users } }
        : fail({ error: 'no_such_subteam' });
    }
    if (method === 'files.getUploadURLExternal') return getUploadURL(auth, args);
    if (method === 'files.completeUploadExternal') return completeUpload(auth, args);
    const channel = admit(method, auth, args);
    if (typeof channel !== 'string') return fail(channel);
    if (method === 'chat.postMessage') {
      const last = lastPost.get(channel);
      if (last !== undefined && now() - last < postIntervalMs) {
        return {
          status: 429,
          headers: { 'Retry-After': String(retryAfter) },
          body: { ok: false, error: 'ratelimited' },
          failure: { error: 'ratelimited' },
        };
      }
    }
    const content = parseContent(args);
    if ('error' in content) return fail(content);
    return method === 'chat.update' ? update(channel, args, content) : postMessage(channel, args, content);
  }

  function update(channel: string, args: Record<string, unknown>, content: Content): ApiResult {
    const target = typeof args.ts === 'string' ? find(channel, args.ts) : undefined;
    if (!target) return fail({ error: 'message_not_found' });
    target.text = content.text;
    target.blocks = content.blocks;
    target.edited = true;
    return {
      status: 200,
      body: { ok: true, channel, ts: target.ts, text: content.text, message: wire(target) },
    };
  }

  function postMessage(channel: string, args: Record<string, unknown>, content: Content): ApiResult {
    const threadTs = args.thread_ts === '' ? undefined : args.thread_ts;
    if (threadTs !== undefined) {
      const parent = typeof threadTs === 'string' ? find(channel, threadTs) : undefined;
      // Only a top-level message starts a thread: a reply's ts is not a thread_ts.
      if (!parent || parent.thread_ts !== undefined) return fail({ error: 'thread_not_found' });
    }
    lastPost.set(channel, now());
    const message: SlackFakeMessage = {
      channel,
      ts: nextTs(),
      ...content,
      edited: false,
      ...(typeof threadTs === 'string' ? { thread_ts: threadTs } : {}),
    };
    const list = messages.get(channel) ?? [];
    list.push(message);
    messages.set(channel, list);
    return { status: 200, body: { ok: true, channel, ts: message.ts, message: wire(message) } };
  }

  function responseCall(id: string, contentType: string, raw: string): { status: number; body: unknown } {
    const refuse = (status: number, error: string) => ({ status, body: { ok: false, error } });
    const entry = responseUrls.get(id);
    if (!entry) return refuse(404, 'no_service');
    if (now() - entry.created > RESPONSE_URL_TTL_MS) return refuse(404, 'expired_url');
    if (entry.bodies.length >= RESPONSE_URL_USES) return refuse(404, 'used_url');
    const payload = contentType.startsWith('application/json') ? safeJson(raw) : undefined;
    if (!isRecord(payload)) return refuse(400, 'invalid_payload');
    const content = parseContent(payload);
    if ('error' in content) return refuse(400, content.error);
    const type = payload.response_type;
    if (type !== undefined && type !== 'ephemeral' && type !== 'in_channel')
      return refuse(400, 'invalid_payload');
    entry.bodies.push(payload);
    return { status: 200, body: { ok: true } };
  }

  function handleResponseUrl(id: string, contentType: string, raw: string, at: number): Answer {
    const result = responseCall(id, contentType, raw);
    const body = safeJson(raw);
    const error = (result.body as { error?: unknown }).error;
    calls.push({
      method: 'response_url',
      status: result.status,
      ...(typeof error === 'string' ? { error } : {}),
      ...(isRecord(body) ? { text: stringOr(body.text), blocks: body.blocks } : {}),
      contentType,
      at,
    });
    return result;
  }

  function handleApi(
    method: string,
    req: IncomingMessage,
    contentType: string,
    raw: string,
    at: number,
  ): Answer {
    if (method === 'apps.connections.open' && socket) {
      const answer = socket.open(req.headers.authorization, req.method ?? '');
      const error = answer.body.error;
      calls.push({
        method,
        status: answer.status,
        ...(typeof error === 'string' ? { error } : {}),
        contentType,
        at,
      });
      return answer;
    }
    const args = parseArgs(contentType, raw);
    if (!args) {
      calls.push({ method, status: 200, error: 'invalid_json', contentType, at });
      return { status: 200, body: { ok: false, error: 'invalid_json' } };
    }
    const result = apiCall(method, req.headers.authorization, args);
    const blocks = typeof args.blocks === 'string' ? safeJson(args.blocks) : args.blocks;
    const answeredTs = (result.body as { ts?: unknown }).ts;
    const ts = typeof answeredTs === 'string' ? answeredTs : stringOr(args.ts);
    calls.push({
      method,
      ...pick({ channel: args.channel, thread_ts: args.thread_ts, ts, text: args.text }),
      ...(blocks === undefined ? {} : { blocks }),
      status: result.status,
      ...(result.failure ? { error: result.failure.error } : {}),
      contentType,
      at,
    });
    return result;
  }

  async function handle(req: IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/upload/v1/') && req.method === 'POST' && !down)
      return handleUpload(url.pathname, req, now());
    const contentType = (req.headers['content-type'] ?? '').toLowerCase();
    const raw = await readBody(req);
    const at = now();
    const api = /^\/api\/([A-Za-z.]+)$/.exec(url.pathname)?.[1];
    const responseId = /^\/response\/([A-Za-z0-9]+)$/.exec(url.pathname)?.[1];
    const method = api ?? (responseId ? 'response_url' : url.pathname);
    if (raw === undefined) {
      calls.push({ method, status: 413, contentType, at });
      return { status: 413, body: { ok: false, error: 'request_too_large' } };
    }
    if (down) {
      calls.push({ method, status: 503, error: 'service_unavailable', contentType, at });
      return { status: 503, body: 'Service Unavailable' };
    }
    if ((req.method !== 'POST' && api !== 'apps.connections.open') || (!api && !responseId)) {
      calls.push({ method, status: 404, contentType, at });
      return { status: 404, body: 'Not Found' };
    }
    return responseId
      ? handleResponseUrl(responseId, contentType, raw, at)
      : handleApi(method, req, contentType, raw, at);
  }

  function send(res: ServerResponse, { status, body, headers }: Answer): void {
    const text = typeof body === 'string';
    res.writeHead(status, {
      'Content-Type': text ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      ...headers,
    });
    res.end(text ? body : JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    handle(req).then(
      (answer) => send(res, answer),
      (error: unknown) => send(res, { status: 500, body: String(error) }),
    );
  });
  const socket = options.socketMode ? createSocketModeFake(() => base, options.socketMode) : undefined;
  if (socket) server.on('upgrade', socket.upgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    apiUrl: `${base}/api/`,
    calls,
    outage(on) {
      down = on;
    },
    files: (channel, threadTs) => shared.filter((f) => f.channel === channel && f.thread_ts === threadTs),
    messages: (channel) => (messages.get(channel) ?? []).filter((m) => m.thread_ts === undefined),
    replies: (channel, threadTs) => (messages.get(channel) ?? []).filter((m) => m.thread_ts === threadTs),
    responseUrl() {
      responseSeq += 1;
      const id = `R${responseSeq}x${Math.random().toString(36).slice(2, 10)}`;
      responseUrls.set(id, { created: now(), bodies: [] });
      return `${base}/response/${id}`;
    },
    responses(url) {
      const id = new URL(url).pathname.split('/').pop() ?? '';
      return responseUrls.get(id)?.bodies ?? [];
    },
    socketMode() {
      if (!socket) throw new Error('the Slack fake was started without socketMode');
      return socket;
    },
    async close() {
      await socket?.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

/** The message as Slack echoes it back. */
function wire(m: SlackFakeMessage): Record<string, unknown> {
  return {
    type: 'message',
    user: 'U0PLEGBOT',
    bot_id: 'B0PLEGBOT',
    ts: m.ts,
    text: m.text,
    blocks: m.blocks,
    ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}),
    ...(m.edited ? { edited: { user: 'U0PLEGBOT', ts: m.ts } } : {}),
  };
}

function parseArgs(contentType: string, raw: string): Record<string, unknown> | undefined {
  if (contentType.startsWith('application/json')) {
    const parsed = safeJson(raw);
    return isRecord(parsed) ? parsed : undefined;
  }
  // Slack reads anything else as a form (web-api sends x-www-form-urlencoded with nested values JSON-stringified).
  return Object.fromEntries(new URLSearchParams(raw));
}

const METHODS = new Set([
  'chat.postMessage',
  'chat.update',
  'files.getUploadURLExternal',
  'files.completeUploadExternal',
]);

async function readBytes(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The string-valued entries of `values`. */
function pick(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
