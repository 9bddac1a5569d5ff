import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { INTAKE_ROUTES, type IntakeRouteName } from '../../shared/intake/routes.ts';
import { JsonText } from '../../shared/queue/codec.ts';
import {
  EmbeddedQueue,
  openStateDb,
  readDeadLetters,
  SqliteProcessedStore,
} from '../../shared/queue/embedded.ts';
import { JournalWriter, journalDir } from '../../shared/queue/journal.ts';
import type { WebhookJob } from '../../shared/schemas/job.ts';
import { alert, alertmanagerPayload, bundleJob, nodeNotReadyEvent } from '../support/payloads.ts';

let dir: string;
let clock: number;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-embedded-'));
  clock = 1_000_000;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function open(maxAttempts = 3) {
  const db = openStateDb(dir);
  return {
    db,
    queue: new EmbeddedQueue({
      db,
      expand: expandWebhook,
      visibilityMs: 10_000,
      maxAttempts,
      now: () => clock,
    }),
  };
}

const job = (node: string) => bundleJob(node);

/** What ingest does: validate the body, derive its jobs (to count them), and enqueue it as one webhook job. */
async function intake(
  queue: EmbeddedQueue,
  route: IntakeRouteName,
  payload: unknown,
  receivedAt = '2026-11-21T03:00:05.000Z',
) {
  const body = JSON.stringify(payload);
  const { schema, normalise } = INTAKE_ROUTES[route] as (typeof INTAKE_ROUTES)['events'];
  const { jobs } = await normalise(schema.parse(JSON.parse(body)), 'dflt', receivedAt);
  const webhook: WebhookJob = {
    kind: 'webhook',
    route,
    receivedAt,
    defaultCluster: 'dflt',
    payload: new JsonText(body),
  };
  await queue.enqueueWebhook(webhook, jobs.length);
  return jobs;
}

describe('EmbeddedQueue', () => {
  it('delivers in order, hides received jobs for the visibility timeout, and deletes acked ones', async () => {
    const { db, queue } = open();
    await queue.enqueue([job('a')]);
    await queue.enqueue([job('b'), job('c')]);
    // One enqueue is one row, taken whole: asking for 1 job gets the first row, asking for 2 gets the rest.
    const r = await queue.receive(1, 0);
    expect(r.deliveries.map((d) => d.job.node)).toEqual(['a']);
    expect((await queue.receive(2, 0)).deliveries.map((d) => d.job.node)).toEqual(['b', 'c']);
    await queue.ack(r.deliveries.map((d) => d.receipt));
    clock += 10_001;
    const again = await queue.receive(10, 0);
    expect(again.deliveries.map((d) => `${d.job.node}#${d.attempts}`)).toEqual(['b#2', 'c#2']);
    await queue.close();
    db.close();
  });

  it('acknowledges, retries and redelivers the jobs of one enqueue one by one', async () => {
    const { db, queue } = open();
    await queue.enqueue([job('a'), job('b'), job('c')]);
    const first = await queue.receive(10, 0);
    expect(first.deliveries.map((d) => d.job.node)).toEqual(['a', 'b', 'c']);
    const [a, b] = first.deliveries;
    await queue.ack([a?.receipt ?? '']);
    await queue.retry(b?.receipt ?? '', 5000, 'slack down');
    expect((await queue.stats()).queued).toBe(2);
    clock += 10_001; // c's visibility ran out; b's retry delay too
    const again = await queue.receive(10, 0);
    expect(again.deliveries.map((d) => `${d.job.node}#${d.attempts}`).sort()).toEqual(['b#2', 'c#2']);
    await queue.ack(again.deliveries.map((d) => d.receipt));
    await queue.ack([a?.receipt ?? '']); // a stale receipt changes nothing
    expect(await queue.stats()).toEqual({ queued: 0, deadLetters: 0, oldestJobAgeSeconds: 0 });
    await queue.close();
    db.close();
  });

  it('ages the oldest job from when ingest received it, through journal rows, webhooks and retries', async () => {
    clock = Date.parse('2026-11-21T03:00:00.000Z');
    const { db, queue } = open();
    const at = (secondsAgo: number) => new Date(clock - secondsAgo * 1000).toISOString();
    expect((await queue.stats()).oldestJobAgeSeconds).toBe(0);
    await queue.enqueue([{ ...job('a'), receivedAt: at(30) }]);
    await intake(queue, 'alertmanager', alertmanagerPayload([alert('b')]), at(10));
    expect((await queue.stats()).oldestJobAgeSeconds).toBe(30);
    const [a, b] = (await queue.receive(10, 0)).deliveries;
    // a is retried (a row of its own, written after b's) and b acknowledged: a is still the oldest, 30 s + 5 s.
    clock += 5000;
    await queue.retry(a?.receipt ?? '', 1000, 'slack down');
    await queue.ack([b?.receipt ?? '']);
    expect((await queue.stats()).oldestJobAgeSeconds).toBe(35);
    clock += 1000;
    await queue.ack((await queue.receive(10, 0)).deliveries.map((d) => d.receipt));
    expect((await queue.stats()).oldestJobAgeSeconds).toBe(0);
    await queue.close();
    db.close();
  });

  it('dead-letters a job that keeps failing, with the reason', async () => {
    const { db, queue } = open(2);
    await queue.enqueue([job('a')]);
    const first = await queue.receive(1, 0);
    await queue.retry(first.deliveries[0]?.receipt ?? '', 0, 'slack down');
    const second = await queue.receive(1, 0);
    expect(second.deliveries[0]?.attempts).toBe(2);
    await queue.retry(second.deliveries[0]?.receipt ?? '', 0, 'slack still down');
    expect(await queue.stats()).toEqual({ queued: 0, deadLetters: 1, oldestJobAgeSeconds: 0 });
    expect(readDeadLetters(db)).toEqual([
      {
        failedAt: new Date(clock).toISOString(),
        dedupKey: 'bundle:a',
        cluster: 'c',
        node: 'a',
        attempts: 2,
        reason: 'slack still down',
      },
    ]);
    await queue.close();
    db.close();
  });

  it('hands out unreadable rows as poison, and reject moves them to the dead letters at once', async () => {
    const { db, queue } = open();
    db.prepare(`INSERT INTO jobs (body, pending, visible_at) VALUES ('[{"kind":"nope"}]', '0', 0)`).run();
    const r = await queue.receive(10, 0);
    expect(r.deliveries).toHaveLength(0);
    expect(r.poison[0]?.reason).toMatch(/kind/);
    await queue.reject(r.poison[0]?.receipt ?? '', r.poison[0]?.reason ?? '');
    expect(await queue.stats()).toEqual({ queued: 0, deadLetters: 1, oldestJobAgeSeconds: 0 });
    // An unreadable body is listed all the same, without the job fields it does not have.
    expect(readDeadLetters(db)).toEqual([
      { failedAt: new Date(clock).toISOString(), attempts: 1, reason: r.poison[0]?.reason },
    ]);
    await queue.close();
    db.close();
  });

  it('a long poll returns as soon as a job is enqueued', async () => {
    const { db } = open();
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    const started = Date.now();
    const polling = queue.receive(10, 5000);
    setTimeout(() => queue.enqueue([job('late')]), 50);
    expect((await polling).deliveries.map((d) => d.job.node)).toEqual(['late']);
    expect(Date.now() - started).toBeLessThan(4000);
    await queue.close();
    db.close();
  });

  it('makes jobs in flight at a crash visible again on reopen, and remembers processed keys', async () => {
    const first = open();
    await first.queue.enqueue([job('a')]);
    await first.queue.receive(1, 0); // in flight, never acked: the process "dies"
    await new SqliteProcessedStore(first.db).mark(['bundle:z']);
    await first.queue.close();
    first.db.close();
    const second = open();
    expect((await second.queue.receive(1, 0)).deliveries.map((d) => d.job.node)).toEqual(['a']);
    expect(await new SqliteProcessedStore(second.db).seen(['bundle:z', 'bundle:a'])).toEqual(
      new Set(['bundle:z']),
    );
    await second.queue.close();
    second.db.close();
  });

  it('keeps a processed record for its TTL, then counts it absent and deletes it; marking again renews it', async () => {
    const { db, queue } = open();
    let now = Date.parse('2026-11-01T00:00:00Z');
    const DAY = 24 * 60 * 60 * 1000;
    const store = new SqliteProcessedStore(db, () => now);
    const rows = () => (db.prepare('SELECT count(*) AS n FROM processed').get() as { n: number }).n;
    await store.mark(['alert:old', 'alert:renewed']);
    now += 13 * DAY;
    await store.mark(['alert:renewed']);
    expect(await store.seen(['alert:old', 'alert:renewed'])).toEqual(new Set(['alert:old', 'alert:renewed']));
    now += 2 * DAY; // 15 days after the first mark, 2 after the renewal
    expect(await store.seen(['alert:old', 'alert:renewed'])).toEqual(new Set(['alert:renewed']));
    expect(rows()).toBe(2); // absent, not yet deleted: the next mark prunes (at most hourly)
    await store.mark(['alert:new']);
    expect(rows()).toBe(2);
    expect(await store.seen(['alert:old', 'alert:renewed', 'alert:new'])).toEqual(
      new Set(['alert:renewed', 'alert:new']),
    );
    await queue.close();
    db.close();
  });

  describe('rows that keep the webhook body as received', () => {
    it('delivers exactly the jobs ingest derived, for every route, and stores the body not the jobs', async () => {
      const { db, queue } = open();
      const sent = [
        ...(await intake(queue, 'alertmanager', alertmanagerPayload([alert('n1'), alert('n2')]))),
        // The pod event is not about node health: dropped at ingest, and again when the row is read.
        ...(await intake(queue, 'events', [
          nodeNotReadyEvent('n3'),
          { ...nodeNotReadyEvent('x'), involvedObject: { kind: 'Pod', name: 'p' } },
          nodeNotReadyEvent('n4'),
        ])),
        ...(await intake(queue, 'bundles', { node: 'n5', cluster: 'c' })),
      ];
      expect(sent.map((j) => j.node)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
      expect((await queue.stats()).queued).toBe(5); // takes the journal in
      // One webhook job a row, its payload the body as sent (spliced in, not escaped as a string).
      const bodies = db.prepare('SELECT body FROM jobs ORDER BY id').all() as Array<{ body: string }>;
      expect(bodies.map((b) => JSON.parse(b.body).map((j: WebhookJob) => `${j.kind}:${j.route}`))).toEqual([
        ['webhook:alertmanager'],
        ['webhook:events'],
        ['webhook:bundles'],
      ]);
      expect(bodies[2]?.body).toMatch(/,"payload":\{"node":"n5","cluster":"c"\}\}\]$/);
      const r = await queue.receive(10, 0);
      expect(r.poison).toEqual([]);
      expect(r.deliveries.map((d) => d.job)).toEqual(sent);
      await queue.close();
      db.close();
    });

    it('acks, retries and dead-letters their jobs one by one, each retried job as itself', async () => {
      const { db, queue } = open(2);
      const sent = await intake(
        queue,
        'alertmanager',
        alertmanagerPayload([alert('a'), alert('b'), alert('c')]),
      );
      const [a, b, c] = (await queue.receive(10, 0)).deliveries;
      await queue.ack([a?.receipt ?? '']);
      await queue.retry(b?.receipt ?? '', 0, 'slack down');
      await queue.reject(c?.receipt ?? '', 'cannot notify');
      expect(await queue.stats()).toMatchObject({ queued: 1, deadLetters: 1 });
      expect(readDeadLetters(db)).toEqual([
        {
          failedAt: new Date(clock).toISOString(),
          dedupKey: sent[2]?.dedupKey,
          cluster: sent[2]?.cluster,
          node: 'c',
          attempts: 1,
          reason: 'cannot notify',
        },
      ]);
      const again = await queue.receive(10, 0);
      expect(again.deliveries.map((d) => [d.job, d.attempts])).toEqual([[sent[1], 2]]);
      await queue.close();
      db.close();
    });

    it('hands out a row whose body no longer reads as its route as poison, with the reason', async () => {
      const { db, queue } = open();
      const webhook = { kind: 'webhook', route: 'alertmanager', receivedAt: '2026-11-21T03:00:05.000Z' };
      db.prepare('INSERT INTO jobs (body, pending, visible_at) VALUES (?, ?, 0)').run(
        JSON.stringify([{ ...webhook, defaultCluster: 'd', payload: { version: '3' } }]),
        '0,1',
      );
      const r = await queue.receive(10, 0);
      expect(r.deliveries).toEqual([]);
      expect(r.poison.map((p) => p.reason)).toEqual([
        expect.stringMatching(/cannot be read.*version/s),
        expect.anything(),
      ]);
      for (const p of r.poison) await queue.reject(p.receipt, p.reason);
      expect(await queue.stats()).toEqual({ queued: 0, deadLetters: 2, oldestJobAgeSeconds: 0 });
      await queue.close();
      db.close();
    });
  });

  describe('rows of the format before webhook jobs: {"origin":{...},"payload":<body>}', () => {
    const receivedAt = '2026-11-21T03:00:05.000Z';
    const legacyBody = (payload: unknown) =>
      `{"origin":${JSON.stringify({ route: 'alertmanager', receivedAt, defaultCluster: 'dflt' })},"payload":${JSON.stringify(payload)}}`;
    const derived = async (payload: unknown) =>
      (await INTAKE_ROUTES.alertmanager.normalise(JSON.parse(JSON.stringify(payload)), 'dflt', receivedAt))
        .jobs;

    it('delivers the pending jobs of such rows, in the database and in the journal left by the old version', async () => {
      clock = Date.parse(receivedAt) + 60_000;
      const db = openStateDb(dir);
      // A row whose first job was acknowledged before the upgrade, and a record the old run journaled last.
      const stored = alertmanagerPayload([alert('a'), alert('b'), alert('c')]);
      db.prepare('INSERT INTO jobs (body, pending, visible_at) VALUES (?, ?, 0)').run(
        legacyBody(stored),
        '1,2',
      );
      const journaled = alertmanagerPayload([alert('d'), alert('e')]);
      const writer = new JournalWriter(journalDir(dir));
      await writer.append([{ body: legacyBody(journaled), pending: '0,1' }]);
      writer.close();
      const queue = new EmbeddedQueue({ db, expand: expandWebhook, now: () => clock });
      expect(await queue.stats()).toEqual({ queued: 4, deadLetters: 0, oldestJobAgeSeconds: 60 });
      const r = await queue.receive(10, 0);
      expect(r.poison).toEqual([]);
      const [, b, c] = await derived(stored);
      expect(r.deliveries.map((d) => d.job)).toEqual([b, c, ...(await derived(journaled))]);
      // Retried and acknowledged one by one, as before.
      await queue.retry(r.deliveries[0]?.receipt ?? '', 0, 'slack down');
      await queue.ack(r.deliveries.slice(1).map((d) => d.receipt));
      expect((await queue.receive(10, 0)).deliveries.map((d) => [d.job, d.attempts])).toEqual([[b, 2]]);
      await queue.close();
      db.close();
    });

    it('hands out such a row whose body no longer reads as its route as poison, with the reason', async () => {
      const { db, queue } = open();
      db.prepare('INSERT INTO jobs (body, pending, visible_at) VALUES (?, ?, 0)').run(
        legacyBody({ version: '3' }),
        '0',
      );
      const r = await queue.receive(10, 0);
      expect(r.deliveries).toEqual([]);
      expect(r.poison.map((p) => p.reason)).toEqual([expect.stringMatching(/cannot be read.*version/s)]);
      await queue.close();
      db.close();
    });
  });
});
