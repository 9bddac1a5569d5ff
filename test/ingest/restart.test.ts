import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post } from '../support/server.ts';
import { type ServerProcess, startServerProcess, waitForEmptyQueue } from '../support/server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'pleg-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real server as its own process, so it can be killed with SIGKILL. */
const start = (role: string) => startServerProcess({ DATA_DIR: dir, ROLE: role });
const kill9 = async (child: ServerProcess) => void (await child.stop('SIGKILL'));

async function waitUntil(check: () => boolean, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
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
