import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerHealthRoutes } from '../../functions/ingest/health.ts';
import { respond } from '../../functions/respond/respond.ts';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { EmbeddedQueue, openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import { journalDir } from '../../shared/queue/journal.ts';
import type { Job } from '../../shared/schemas/job.ts';

/** A real full disk: a small tmpfs, which needs root (CI runs as root; elsewhere the suite says it skipped). */
function mountTmpfs(dir: string, size: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const root = mkdtempSync(join(tmpdir(), 'pleg-diskfull-'));
const canMount = process.getuid?.() === 0 && mountTmpfs(root, '4m');
if (canMount) execFileSync('umount', [root]);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(root, 'data-'));
  mountTmpfs(dir, '4m');
});
afterEach(() => {
  execFileSync('umount', [dir], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true });
});

let seq = 0;
function job(node: string, padding = 0): Job {
  seq += 1;
  return {
    kind: 'bundle',
    dedupKey: `bundle:${node}:${seq}`,
    cluster: 'prod',
    node,
    receivedAt: '2026-11-21T03:00:00.000Z',
    bundle: { node, logs: { other: 'x'.repeat(padding) } },
  };
}

/** Fills the file system until a write fails, leaving `leave` bytes' worth of room at most. */
function fill(path: string): void {
  const chunk = Buffer.alloc(64 * 1024);
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(path, `filler-${i}`), chunk);
    } catch {
      return;
    }
  }
}

describe.skipIf(!canMount)('embedded queue on a full disk (tmpfs)', () => {
  it('refuses what it cannot store, says so in /readyz, piles up nothing, and keeps only what it accepted', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    const app = new Hono();
    registerHealthRoutes(app, queue);
    await queue.enqueue([job('before')]);
    const filler = mkdtempSync(join(dir, 'filler-'));
    fill(filler);

    let refused = 0;
    for (let i = 0; i < 50; i++) {
      await queue.enqueue([job(`during-${i}`, 20_000)]).catch(() => {
        refused++;
      });
    }
    expect(refused).toBe(50);
    expect((await app.request('/readyz')).status).toBe(503);
    expect((await app.request('/readyz')).status).toBe(503);
    // No segment per failed attempt or per readiness check.
    expect(readdirSync(journalDir(dir)).filter((f) => f.endsWith('.log')).length).toBeLessThanOrEqual(1);

    rmSync(filler, { recursive: true, force: true });
    expect((await app.request('/readyz')).status).toBe(200);
    await queue.enqueue([job('after')]);

    const received = await queue.receive(100, 0);
    const nodes = received.deliveries.map((d) => d.job.node);
    expect(nodes).toEqual(['before', 'after']); // nothing refused is delivered, nothing twice
    const outcomes = await respond(received.deliveries, {
      handler: { handle: async () => {} },
      processed: new SqliteProcessedStore(db),
    });
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'done']);
    await queue.close();
    db.close();
  });
});

describe('respond', () => {
  it('handles a job delivered twice in one batch once', async () => {
    const d = mkdtempSync(join(tmpdir(), 'pleg-dup-'));
    const db = openStateDb(d);
    const handled: string[] = [];
    const twice = job('node-d');
    const outcomes = await respond(
      [
        { job: twice, receipt: 'r1', attempts: 1 },
        { job: twice, receipt: 'r2', attempts: 1 },
      ],
      {
        handler: { handle: async (_c, node, jobs) => void handled.push(`${node}:${jobs.length}`) },
        processed: new SqliteProcessedStore(db),
      },
    );
    expect(handled).toEqual(['node-d:1']);
    expect(outcomes.map((o) => [o.receipt, o.status])).toEqual([
      ['r2', 'duplicate'],
      ['r1', 'done'],
    ]);
    db.close();
    rmSync(d, { recursive: true, force: true });
  });
});
