import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { parseContent } from './slack-content.ts';

/**
 * Slack's side of Socket Mode, as a loopback fake the real @slack/socket-mode client connects to. It lives in the
 * Web API fake (test/support/slack-fake.ts: `socketMode` option), because a client reaches both through one
 * SLACK_API_URL. What it enforces, from Slack's Socket Mode documentation and the SDK's protocol handling:
 *
 * - `apps.connections.open` (POST) takes the app-level token in the Authorization header only: none → `not_authed`,
 *   a bot or user token → `not_allowed_token_type`, any other → `invalid_auth`. It answers a single-use URL
 *   `ws://…/link/?ticket=…&app_id=…`; an upgrade without a valid, unused ticket is refused.
 * - A new connection gets `hello` (num_connections, debug_info with approximate_connection_time, connection_info).
 * - Envelopes `{ envelope_id, type, payload, accepts_response_payload, retry_attempt, retry_reason }` go to an
 *   open connection. Each must be acknowledged with `{ envelope_id, payload? }` within 3 s; an envelope without its
 *   ack by then is delivered again (retry_attempt + 1, retry_reason `timeout`) on a connection open then, or on the
 *   next one to say hello, up to 3 times. Late, missing and repeated acks are recorded.
 * - An ack's payload is the response only where `accepts_response_payload` is true (a slash command's reply,
 *   checked as Slack checks a message); a payload elsewhere, a malformed frame or an unknown envelope id is
 *   recorded as a violation.
 * - `disconnect` messages (`refresh_requested`, `warning`, …) ask the client to reconnect; a connection still open
 *   `graceMs` later is closed by Slack. Connections are pinged, as Slack does.
 */

export type EnvelopeType = 'slash_commands' | 'interactive' | 'events_api';
export type DisconnectReason = 'refresh_requested' | 'warning' | 'link_disabled' | 'too_many_websockets';

export interface SocketModeFakeOptions {
  appToken: string;
  appId?: string;
  /** Slack: 3 s. */
  ackTimeoutMs?: number;
  /** Deliveries again of an envelope that got no ack in time; Slack: 3. */
  maxRetries?: number;
  /** How often each connection is pinged (default 5 s). */
  pingIntervalMs?: number;
  /** How long after a `disconnect` message Slack closes a connection the client kept open (default 10 s). */
  graceMs?: number;
}

/** An ack as it reached the fake. */
export interface Ack {
  connection: number;
  /** Milliseconds after its delivery. */
  afterMs: number;
  /** After the ack timeout of the delivery it answers. */
  late: boolean;
  payload?: Record<string, unknown>;
}

export interface Delivery {
  connection: number;
  retryAttempt: number;
  retryReason: string;
  /** No ack within the ack timeout. */
  missed: boolean;
  /** When it was sent (ms since the epoch). */
  sentAt: number;
}

export interface EnvelopeRecord {
  envelopeId: string;
  type: EnvelopeType;
  payload: unknown;
  acceptsResponsePayload: boolean;
  deliveries: Delivery[];
  /** The ack Slack took (the first to arrive and not lost). */
  acked?: Ack;
  /** Acks that came after one was taken. */
  repeatedAcks: Ack[];
  /** Deliveries ran out without an ack. */
  gaveUp: boolean;
}

export interface SendOptions {
  /** Default: true for slash commands, false otherwise. */
  acceptsResponsePayload?: boolean;
  /**
   * The first ack of this envelope is lost with its connection: the network fails as it is sent, so Slack never
   * sees it and the connection ends without a close frame.
   */
  loseAck?: boolean;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface SocketModeFake {
  /** `apps.connections.open`, called through the Web API fake. */
  open(authorization: string | undefined, httpMethod: string): ApiAnswer;
  /** The HTTP server's `upgrade` handler. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Delivers an envelope (now, or when a connection says hello) and returns its record, updated as it goes. */
  send(type: EnvelopeType, payload: unknown, options?: SendOptions): EnvelopeRecord;
  /** Sends `{ type: 'disconnect', reason }` on every open connection. */
  disconnect(reason: DisconnectReason): void;
  /** Ends every connection without a close frame, as a network failure does. */
  drop(): void;
  /** Connections open now. */
  openConnections(): number;
  /** Connections that got their hello, since start. */
  hellos(): number;
  readonly envelopes: EnvelopeRecord[];
  /** What the client did that Slack refuses or ignores. */
  readonly violations: string[];
  close(): Promise<void>;
}

interface Connection {
  id: number;
  ws: WebSocket;
}

/** Tokens Slack would take as bot or user tokens: the wrong type for this method. */
const NOT_APP_TOKEN = /^Bearer xox[bpe]-/;

export function createSocketModeFake(base: () => string, options: SocketModeFakeOptions): SocketModeFake {
  const appId = options.appId ?? 'A0PLEGFAKE';
  const ackTimeoutMs = options.ackTimeoutMs ?? 3000;
  const maxRetries = options.maxRetries ?? 3;
  const graceMs = options.graceMs ?? 10_000;
  const wss = new WebSocketServer({ noServer: true });
  const tickets = new Set<string>();
  const connections: Connection[] = [];
  const envelopes: EnvelopeRecord[] = [];
  const violations: string[] = [];
  /** Envelopes waiting for a connection to be delivered on. */
  const waiting: Array<{ record: EnvelopeRecord; retryAttempt: number; retryReason: string }> = [];
  /** Envelopes whose next ack is lost. */
  const losing = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let nextConnection = 0;
  let hellos = 0;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  };

  /** Ends a connection as a network failure does: no close frame, and no more envelopes sent on it. */
  const cut = (c: Connection) => {
    const at = connections.indexOf(c);
    if (at >= 0) connections.splice(at, 1);
    c.ws.terminate();
  };

  const ping = setInterval(() => {
    for (const c of connections) c.ws.ping();
  }, options.pingIntervalMs ?? 5000);

  function deliver(record: EnvelopeRecord, retryAttempt: number, retryReason: string): void {
    const connection = connections.at(-1);
    if (!connection) {
      waiting.push({ record, retryAttempt, retryReason });
      return;
    }
    const delivery: Delivery = {
      connection: connection.id,
      retryAttempt,
      retryReason,
      missed: false,
      sentAt: Date.now(),
    };
    record.deliveries.push(delivery);
    connection.ws.send(
      JSON.stringify({
        envelope_id: record.envelopeId,
        payload: record.payload,
        type: record.type,
        accepts_response_payload: record.acceptsResponsePayload,
        retry_attempt: retryAttempt,
        retry_reason: retryReason,
      }),
    );
    later(ackTimeoutMs, () => {
      if (record.acked) return;
      delivery.missed = true;
      if (retryAttempt >= maxRetries) record.gaveUp = true;
      else deliver(record, retryAttempt + 1, 'timeout');
    });
  }

  /** Whether an ack's payload is one Slack takes for this envelope; a violation is recorded when not. */
  function acceptable(
    record: EnvelopeRecord,
    payload: unknown,
  ): payload is Record<string, unknown> | undefined {
    if (payload === undefined) return true;
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      violations.push(`${record.envelopeId}: ack payload is not an object`);
      return false;
    }
    const fields = payload as Record<string, unknown>;
    if (Object.keys(fields).length === 0) return true;
    if (!record.acceptsResponsePayload) {
      violations.push(`${record.envelopeId}: ack payload for an envelope that accepts none`);
      return false;
    }
    const content = parseContent(fields);
    const type = fields.response_type;
    if ('error' in content || (type !== undefined && type !== 'ephemeral' && type !== 'in_channel')) {
      violations.push(
        `${record.envelopeId}: ack payload is not a valid response (${JSON.stringify(content)})`,
      );
      return false;
    }
    return true;
  }

  function onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    if (isBinary) {
      violations.push(`connection ${connection.id}: binary frame`);
      return;
    }
    let frame: unknown;
    try {
      frame = JSON.parse(data.toString());
    } catch {
      violations.push(`connection ${connection.id}: frame is not JSON`);
      return;
    }
    const { envelope_id: id, payload } = (frame ?? {}) as { envelope_id?: unknown; payload?: unknown };
    const record = envelopes.find((e) => e.envelopeId === id);
    if (typeof id !== 'string' || !record) {
      violations.push(`connection ${connection.id}: ack for unknown envelope ${JSON.stringify(id)}`);
      return;
    }
    if (losing.delete(id)) {
      cut(connection);
      return;
    }
    const delivery = record.deliveries.findLast((d) => d.connection === connection.id);
    const afterMs = delivery ? Date.now() - delivery.sentAt : Number.POSITIVE_INFINITY;
    if (!acceptable(record, payload)) return;
    const ack: Ack = {
      connection: connection.id,
      afterMs,
      late: afterMs > ackTimeoutMs,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    };
    if (record.acked) record.repeatedAcks.push(ack);
    else record.acked = ack;
  }

  wss.on('connection', (ws: WebSocket) => {
    nextConnection += 1;
    const connection: Connection = { id: nextConnection, ws };
    connections.push(connection);
    ws.on('message', (data, isBinary) => onMessage(connection, data, isBinary));
    ws.on('close', () => {
      const at = connections.indexOf(connection);
      if (at >= 0) connections.splice(at, 1);
    });
    ws.on('error', () => {});
    hellos += 1;
    ws.send(
      JSON.stringify({
        type: 'hello',
        num_connections: connections.length,
        debug_info: { host: 'applink-fake-1', build_number: 1, approximate_connection_time: 18060 },
        connection_info: { app_id: appId },
      }),
    );
    for (const w of waiting.splice(0)) deliver(w.record, w.retryAttempt, w.retryReason);
  });

  return {
    open(authorization, httpMethod) {
      const fail = (error: string): ApiAnswer => ({ status: 200, body: { ok: false, error } });
      if (httpMethod !== 'POST') return fail('insecure_request');
      if (authorization === undefined) return fail('not_authed');
      if (NOT_APP_TOKEN.test(authorization)) return fail('not_allowed_token_type');
      if (authorization !== `Bearer ${options.appToken}`) return fail('invalid_auth');
      const ticket = randomUUID();
      tickets.add(ticket);
      const ws = base().replace(/^http/, 'ws');
      return { status: 200, body: { ok: true, url: `${ws}/link/?ticket=${ticket}&app_id=${appId}` } };
    },

    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const ticket = url.searchParams.get('ticket') ?? '';
      if (url.pathname !== '/link/' || !tickets.delete(ticket)) {
        violations.push(`upgrade without a valid ticket: ${url.pathname}`);
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },

    send(type, payload, sendOptions = {}) {
      const record: EnvelopeRecord = {
        envelopeId: randomUUID(),
        type,
        payload,
        acceptsResponsePayload: sendOptions.acceptsResponsePayload ?? type === 'slash_commands',
        deliveries: [],
        repeatedAcks: [],
        gaveUp: false,
      };
      envelopes.push(record);
      if (sendOptions.loseAck) losing.add(record.envelopeId);
      deliver(record, 0, '');
      return record;
    },

    disconnect(reason) {
      for (const c of [...connections]) {
        c.ws.send(JSON.stringify({ type: 'disconnect', reason, debug_info: { host: 'applink-fake-1' } }));
        later(graceMs, () => cut(c));
      }
    },

    drop() {
      for (const c of [...connections]) cut(c);
    },

    openConnections: () => connections.length,
    hellos: () => hellos,
    envelopes,
    violations,

    async close() {
      clearInterval(ping);
      for (const timer of timers) clearTimeout(timer);
      for (const c of [...connections]) cut(c);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
