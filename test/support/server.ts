import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../functions/config.ts';
import { type RunningServer, startServer } from '../../functions/node/server.ts';
import type { Notification, Notifier } from '../../shared/chat/notifier.ts';

export const TOKEN = 'test-token-0123456789';

/** Collects notifications and lets a test wait for them. */
export class RecordingNotifier implements Notifier {
  readonly received: Notification[] = [];
  fail: Error | undefined;

  async notify(n: Notification): Promise<void> {
    if (this.fail) throw this.fail;
    this.received.push(n);
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<Notification[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`expected ${count} notifications, got ${this.received.length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.received;
  }
}

export interface TestServer {
  url: string;
  dir: string;
  notifier: RecordingNotifier;
  logs: string[];
  server: RunningServer;
  close(): Promise<void>;
}

/** The real Node host on a loopback port with a fresh data directory. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pleg-test-'));
  const notifier = new RecordingNotifier();
  const logs: string[] = [];
  const config = loadConfig({ PORT: '0', INGEST_TOKEN: TOKEN, DATA_DIR: dir, ...env });
  const server = await startServer(config, { notifier, log: (m) => logs.push(m) });
  return {
    url: `http://127.0.0.1:${server.port}`,
    dir,
    notifier,
    logs,
    server,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
