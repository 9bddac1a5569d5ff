import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { TOKEN } from './server.ts';

const SERVER = join(import.meta.dirname, '..', '..', 'functions', 'node', 'server.ts');

export interface ServerProcess {
  process: ChildProcess;
  /** Where ingest listens ('' for ROLE=respond). */
  url: string;
  stdout(): string;
  stderr(): string;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server (functions/node/server.ts) as a process of its own, on a free loopback port with the test token:
 * so it can be killed (SIGKILL), stopped (SIGTERM) and started again on the same DATA_DIR. Rejects, with what the
 * server wrote, if it exits before it listens.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: '0', INGEST_TOKEN: TOKEN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/[\d.:]+)/.exec(err);
      if (m) resolve(m[1] ?? '');
    });
    void exited.then((code) => reject(new Error(`server exited ${code} before it listened: ${err}`)));
  });
  return {
    process: child,
    url,
    stdout: () => out,
    stderr: () => err,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Until the server's /metrics says no job is left in its queue (every accepted job acknowledged or dead-lettered). */
export async function waitForEmptyQueue(url: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/^pleg_queue_jobs 0$/m.test(await (await fetch(`${url}/metrics`)).text())) {
    if (Date.now() > deadline) throw new Error(`queue not empty within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
