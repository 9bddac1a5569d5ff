import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the proxy answers while a fault is on: `refuse` stops listening (connections are refused), `reset` drops
 * each connection, `http500` answers 500, `ratelimit` answers 429 with Retry-After, `invalid_auth` answers as the
 * Slack Web API does for a revoked token. `none` forwards to the target.
 */
export type Fault = 'none' | 'refuse' | 'reset' | 'http500' | 'ratelimit' | 'invalid_auth';

/**
 * A fault aimed at some requests only: `hang` takes the request and never answers (the call stays in flight);
 * `s3_access_denied` answers as S3 does a request its policies refuse (403, AccessDenied).
 */
export interface AimedFault {
  fault: Exclude<Fault, 'none' | 'refuse' | 'reset'> | 'hang' | 's3_access_denied';
  /** Which requests, by path (e.g. `/api/chat.postMessage`), raw body and method. */
  match: (path: string, body: string, method: string) => boolean;
  /** How many matching requests get it (default 1); the rest are forwarded. */
  times?: number;
}

export interface FaultProxy {
  /** The proxy's base URL, with the target's path prefix (e.g. `http://127.0.0.1:PORT/api/`). */
  url: string;
  set(fault: Fault, retryAfterSeconds?: number): Promise<void>;
  /** Aims a fault at the next matching request(s), on top of whatever `set` says for the others. */
  aim(fault: AimedFault): void;
  /** Requests an aimed fault answered or is holding. */
  readonly aimed: Array<{ path: string; body: string; fault: AimedFault['fault'] }>;
  /** Requests answered (or dropped) by a fault, and forwarded. */
  readonly counts: { faulted: number; forwarded: number };
  close(): Promise<void>;
}

/** A loopback HTTP proxy in front of a fake (Slack), injecting one fault at a time. */
export async function startFaultProxy(targetUrl: string): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  let fault: Fault = 'none';
  let retryAfter = 30;
  const counts = { faulted: 0, forwarded: 0 };
  const aims: Array<Required<AimedFault>> = [];
  const aimed: FaultProxy['aimed'] = [];
  const sockets = new Set<Socket>();
  const answer = (res: ServerResponse, f: Exclude<AimedFault['fault'], 'hang'>) => {
    if (f === 's3_access_denied')
      res
        .writeHead(403, { 'Content-Type': 'application/xml', 'x-amz-request-id': 'FAULTPROXY' })
        .end(
          '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message><RequestId>FAULTPROXY</RequestId><HostId>fault-proxy</HostId></Error>',
        );
    else if (f === 'http500')
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
    else if (f === 'ratelimit')
      res
        .writeHead(429, { 'Retry-After': String(retryAfter), 'Content-Type': 'application/json' })
        .end('{"ok":false,"error":"ratelimited"}');
    else
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":false,"error":"invalid_auth"}');
  };
  const forward = (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    counts.forwarded++;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end(body);
  };
  const server: Server = createServer((req, res) => {
    if (fault === 'reset') {
      counts.faulted++;
      req.socket.destroy();
      return;
    }
    if (fault === 'http500' || fault === 'ratelimit' || fault === 'invalid_auth') {
      counts.faulted++;
      req.resume();
      answer(res, fault);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://proxy').pathname;
      const aim = aims.find((a) => a.times > 0 && a.match(path, body.toString(), req.method ?? 'GET'));
      if (!aim) return forward(req, res, body);
      aim.times--;
      counts.faulted++;
      aimed.push({ path, body: body.toString(), fault: aim.fault });
      if (aim.fault !== 'hang') answer(res, aim.fault);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    counts,
    aimed,
    aim(f) {
      aims.push({ times: 1, ...f });
    },
    async set(next, seconds = 30) {
      retryAfter = seconds;
      if (next === 'refuse' && fault !== 'refuse') await stop();
      if (next !== 'refuse' && fault === 'refuse') await listen(port);
      fault = next;
    },
    async close() {
      if (fault !== 'refuse') await stop();
    },
  };
}
