import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post, TOKEN } from '../support/server.ts';

const SERVER = join(import.meta.dirname, '..', '..', 'functions', 'node', 'server.ts');
const dir = mkdtempSync(join(tmpdir(), 'pleg-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Child {
  process: ChildProcess;
  url: string;
  stdout: () => string;
}

/** The real server as its own process, so it can be killed with SIGKILL. */
async function start(role: string): Promise<Child> {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: '0', INGEST_TOKEN: TOKEN, DATA_DIR: dir, ROLE: role },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (d) => {
      err += d;
      const m = /listening on (http:\/\/[\d.:]+)|responder running/.exec(err);
      if (m) resolve(m[1] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
  return { process: child, url, stdout: () => out };
}

function kill9(child: Child): Promise<void> {
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill('SIGKILL');
  });
}

async function waitUntil(check: () => boolean, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Until the server's /metrics says no job is left in its queue. */
async function waitForEmptyQueue(url: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/^pleg_queue_jobs 0$/m.test(await (await fetch(`${url}/metrics`)).text())) {
    if (Date.now() > deadline) throw new Error('queue not empty in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const nodes = Array.from({ length: 40 }, (_, i) => `node-${i}`);
/**
 * The nodes whose incident thread the console printed. Each node is in a cluster of its own, so each gets its own
 * thread (40 nodes of one cluster at once would rightly be one storm thread).
 */
const incidents = (text: string) => [...text.matchAll(/^# 🔴 (node-\d+) NotReady — /gm)].map((m) => m[1]);

it('jobs acknowledged with 202 survive kill -9 and are processed exactly once after restart', async () => {
  // Ingest only: every accepted job is still in the queue when the process dies.
  const ingest = await start('ingest');
  const statuses = await Promise.all(
    nodes.map((n) =>
      post(
        `${ingest.url}/v1/alertmanager`,
        alertmanagerPayload([
          alert(n, { labels: { alertname: 'KubeNodeNotReady', node: n, cluster: `c-${n}` } }),
        ]),
      ).then((r) => r.status),
    ),
  );
  expect(statuses.every((s) => s === 202)).toBe(true);
  await kill9(ingest);

  const first = await start('all');
  await waitUntil(() => incidents(first.stdout()).length >= nodes.length);
  // Killed once its queue is empty: every job acknowledged, so every chat effect recorded. (A kill between a post
  // and its record would repeat that post by design — posts are at least once — which is not what this checks.)
  await waitForEmptyQueue(first.url);
  await kill9(first);
  expect(incidents(first.stdout()).sort()).toEqual([...nodes].sort());

  // Nothing is delivered twice: a third start finds the queue empty.
  const second = await start('all');
  await new Promise((r) => setTimeout(r, 1500));
  await kill9(second);
  expect(incidents(second.stdout())).toEqual([]);
}, 60_000);
