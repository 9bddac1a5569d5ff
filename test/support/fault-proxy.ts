import { createServer, request, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * How the proxy answers while a fault is on: `refuse` stops listening (connections are refused), `reset` drops
 * each connection, `http500` answers 500, `ratelimit` answers 429 with Retry-After, `invalid_auth` answers as the
 * Slack Web API does for a revoked token. `none` forwards to the target.
 */
export type Fault = 'none' | 'refuse' | 'reset' | 'http500' | 'ratelimit' | 'invalid_auth';

export interface FaultProxy {
  /** The proxy's base URL, with the target's path prefix (e.g. `http://127.0.0.1:PORT/api/`). */
  url: string;
  set(fault: Fault, retryAfterSeconds?: number): Promise<void>;
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
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    if (fault === 'reset') {
      counts.faulted++;
      req.socket.destroy();
      return;
    }
    if (fault === 'http500' || fault === 'ratelimit' || fault === 'invalid_auth') {
      counts.faulted++;
      req.resume();
      if (fault === 'http500')
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal Server Error');
      else if (fault === 'ratelimit')
        res
          .writeHead(429, { 'Retry-After': String(retryAfter), 'Content-Type': 'application/json' })
          .end('{"ok":false,"error":"ratelimited"}');
      else
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":false,"error":"invalid_auth"}');
      return;
    }
    counts.forwarded++;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
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
