import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { registerHealthRoutes } from '../../functions/ingest/health.ts';
import { handleBatch } from '../../functions/respond/consumer.ts';
import { DownstreamStatus } from '../../functions/respond/downstream.ts';
import { respond } from '../../functions/respond/respond.ts';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { EmbeddedQueue, openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import { journalDir } from '../../shared/queue/journal.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { SqliteUnavailable } from '../../shared/sqlite/unavailable.ts';
import { incident } from '../support/incidents.ts';
import { recordingLogger } from '../support/log.ts';
import { canMountTmpfs, mountTmpfs, TMPFS_SKIP_REASON, type Tmpfs } from '../support/tmpfs.ts';

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

const VISIBILITY_MS = 10_000;
let clock = 1_000_000;
let disk: Tmpfs | undefined;
const opened: Array<{ db: ReturnType<typeof openStateDb>; queue: EmbeddedQueue }> = [];

/** The queue on the tmpfs, on the test's clock. */
function open(dir: string) {
  const db = openStateDb(dir);
  const queue = new EmbeddedQueue({
    db,
    expand: expandWebhook,
    visibilityMs: VISIBILITY_MS,
    now: () => clock,
  });
  opened.push({ db, queue });
  return { db, queue };
}

afterEach(async () => {
  for (const { db, queue } of opened.splice(0)) {
    await queue.close();
    if (db.isOpen) db.close();
  }
  disk?.unmount();
  disk = undefined;
});

const nodesOf = (got: Awaited<ReturnType<EmbeddedQueue['receive']>>) => got.deliveries.map((d) => d.job.node);

describe.skipIf(!canMountTmpfs)(`the embedded queue on a full disk (tmpfs; ${TMPFS_SKIP_REASON})`, () => {
  it('refuses what it cannot store, says so in /readyz, piles up nothing, and keeps only what it accepted', async () => {
    disk = mountTmpfs('4m');
    const { db, queue } = open(disk.dir);
    const app = new Hono();
    registerHealthRoutes(app, queue);
    await queue.enqueue([job('before')]);
    disk.fill();

    let refused = 0;
    for (let i = 0; i < 50; i++) {
      await queue.enqueue([job(`during-${i}`, 20_000)]).catch(() => {
        refused++;
      });
    }
    expect(refused).toBe(50);
    const unready = await app.request('/readyz');
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({
      error: 'queue unavailable',
      issues: [{ path: 'queue', message: 'cannot store jobs: ENOSPC: no space left on device' }],
    });
    expect((await app.request('/readyz')).status).toBe(503);
    // No segment per failed attempt or per readiness check.
    expect(readdirSync(journalDir(disk.dir)).filter((f) => f.endsWith('.log')).length).toBeLessThanOrEqual(1);

    disk.unfill();
    expect((await app.request('/readyz')).status).toBe(200);
    await queue.enqueue([job('after')]);

    const received = await queue.receive(100, 0);
    expect(nodesOf(received)).toEqual(['before', 'after']); // nothing refused is delivered, nothing twice
    const outcomes = await respond(received.deliveries, {
      handler: { handle: async () => {} },
      processed: new SqliteProcessedStore(db),
    });
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'done']);
  });

  it('never writes a segment the reader has moved past: a readiness check, then a failed append, then room', async () => {
    disk = mountTmpfs('4m');
    const { queue } = open(disk.dir);
    const app = new Hono();
    registerHealthRoutes(app, queue);
    await queue.enqueue([job('a')]);
    const first = await queue.receive(10, 0);
    await queue.ack(first.deliveries.map((d) => d.receipt));

    // The disk fills: a group is refused. Room comes back for a moment: readiness passes, the responder takes in
    // the journal. It fills again before the next group, which is refused too.
    disk.fill();
    await expect(queue.enqueue([job('refused-1', 20_000)])).rejects.toThrow(/ENOSPC/);
    disk.unfill();
    expect((await app.request('/readyz')).status).toBe(200);
    expect(nodesOf(await queue.receive(10, 0))).toEqual([]);
    disk.fill();
    await expect(queue.enqueue([job('refused-2', 20_000)])).rejects.toThrow(/ENOSPC/);
    disk.unfill();

    // Accepted now: delivered now, and again after a restart (not acknowledged).
    await queue.enqueue([job('b')]);
    expect(nodesOf(await queue.receive(10, 0))).toEqual(['b']);
    clock += VISIBILITY_MS;
    await queue.close();
    const again = open(disk.dir);
    expect(nodesOf(await again.queue.receive(10, 0))).toEqual(['b']);
  });

  it('acknowledging, retrying and dead-lettering on a full disk fail with the disk’s error; the jobs come back', async () => {
    disk = mountTmpfs('4m');
    const { queue } = open(disk.dir);
    for (const node of ['a', 'b', 'c']) await queue.enqueue([job(node)]);
    const got = await queue.receive(10, 0);
    expect(nodesOf(got)).toEqual(['a', 'b', 'c']);
    const [a, b, c] = got.deliveries.map((d) => d.receipt) as [string, string, string];

    disk.fill();
    // SQLite rolls the transaction back by itself: the error says why, not "cannot rollback".
    await expect(queue.ack([a])).rejects.toThrow('database or disk is full');
    await expect(queue.retry(b, 0, 'failed')).rejects.toThrow('database or disk is full');
    await expect(queue.reject(c, 'unreadable')).rejects.toThrow('database or disk is full');
    await expect(queue.receive(10, 0)).resolves.toEqual({ deliveries: [], poison: [] });
    disk.unfill();

    // Each still claimed, delivered again once its visibility ends: none acknowledged, retried or dead-lettered.
    clock += VISIBILITY_MS;
    const back = await queue.receive(10, 0);
    expect(nodesOf(back)).toEqual(['a', 'b', 'c']);
    expect(back.deliveries.map((d) => d.attempts)).toEqual([2, 2, 2]);
    await queue.ack(back.deliveries.map((d) => d.receipt));
    expect(await queue.stats()).toMatchObject({ queued: 0, deadLetters: 0 });
  });

  it('claiming on a full disk fails whole, and the next receive with room delivers', async () => {
    disk = mountTmpfs('4m');
    const { queue } = open(disk.dir);
    for (const node of ['a', 'b']) await queue.enqueue([job(node)]);
    expect((await queue.stats()).queued).toBe(2); // taken in from the journal
    disk.fill();
    await expect(queue.receive(10, 0)).rejects.toThrow('database or disk is full');
    disk.unfill();
    expect(nodesOf(await queue.receive(10, 0))).toEqual(['a', 'b']);
  });

  it('opens on a full disk, unready saying why; ready by itself once there is room, and nothing is lost', async () => {
    disk = mountTmpfs('4m');
    const before = open(disk.dir);
    for (const node of ['in-db-1', 'in-db-2']) await before.queue.enqueue([job(node)]);
    expect((await before.queue.stats()).queued).toBe(2);
    await before.queue.enqueue([job('in-journal')]);
    // Killed with the disk full: the database (its WAL) and the journal stay as they were.
    disk.fill();
    await before.queue.close(); // its database stays open, as a killed process leaves it

    const { queue } = open(disk.dir);
    expect(await queue.ready()).toEqual({
      ready: false,
      reason: 'cannot store jobs: ENOSPC: no space left on device',
    });
    await expect(queue.enqueue([job('refused')])).rejects.toThrow(/ENOSPC/);
    disk.unfill();
    expect(await queue.ready()).toEqual({ ready: true });
    await queue.enqueue([job('after')]);
    const nodes: string[] = [];
    for (let round = 0; round < 3 && nodes.length < 4; round++) {
      const got = await queue.receive(10, 0);
      nodes.push(...nodesOf(got));
      await queue.ack(got.deliveries.map((d) => d.receipt));
    }
    expect(nodes.sort()).toEqual(['after', 'in-db-1', 'in-db-2', 'in-journal']);
  });

  it('the responder’s own writes on a full disk are a fault of the disk: the job waits, spending no attempt', async () => {
    disk = mountTmpfs('4m');
    const { db, queue } = open(disk.dir);
    await queue.enqueue([job('node-1')]);
    const got = await queue.receive(10, 0);
    const store = new SqliteIncidentStore(db);
    disk.fill();
    await expect(store.put(incident('prod/node-0'))).rejects.toBeInstanceOf(SqliteUnavailable);
    const { log, lines } = recordingLogger();
    const downstream = new DownstreamStatus(log, () => clock);
    const outcomes: string[] = [];
    await handleBatch(
      queue,
      got,
      {
        handler: {
          handle: async (cluster, node) => store.put(incident(`${cluster}/${node}`)),
        },
        processed: new SqliteProcessedStore(db),
      },
      { visibilityMs: VISIBILITY_MS, downstream, log, backoffMs: () => 0 },
    ).catch((error: unknown) => outcomes.push((error as Error).message));
    expect(downstream.faults()).toMatchObject([
      { transport: 'sqlite', fault: 'unavailable', code: 'SQLITE_FULL' },
    ]);
    expect(lines.map((l) => l.message).join('\n')).toMatch(/sqlite is unavailable \(SQLITE_FULL\)/);
    disk.unfill();
    clock += VISIBILITY_MS;
    const back = await queue.receive(10, 0);
    expect(back.deliveries.map((d) => d.attempts)).toEqual([2]);
    expect(outcomes).toEqual(['database or disk is full']); // the uncounted retry could not be written either
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
