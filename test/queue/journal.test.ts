import { appendFileSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { EmbeddedQueue, openStateDb } from '../../shared/queue/embedded.ts';
import { JournalWriter, journalDir, readSegment, segments } from '../../shared/queue/journal.ts';
import { bundleJob } from '../support/payloads.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const row = (n: number, size = 40) => ({ body: `{"n":${n},"pad":"${'x'.repeat(size)}"}`, pending: '0' });
const segmentFile = (segment: number) => join(dir, `${String(segment).padStart(12, '0')}.log`);

describe('journal segments', () => {
  it('reads back what was appended, group after group, whole records only', async () => {
    const writer = new JournalWriter(dir);
    await writer.append([row(1), row(2)]);
    await writer.append([{ body: '{"text":"naïve ✓"}', pending: '0,1,2' }]);
    writer.close();
    expect(segments(dir)).toEqual([1]);
    const read = readSegment(dir, 1, 0, 1 << 20);
    expect(read.rows).toEqual([row(1), row(2), { body: '{"text":"naïve ✓"}', pending: '0,1,2' }]);
    expect(read.toEnd).toBe(true);
    // Reading on from where the last read ended finds nothing new.
    expect(readSegment(dir, 1, read.end, 1 << 20).rows).toEqual([]);
  });

  it('frames groups larger than its buffer, multi-byte text included', async () => {
    const big = (n: number) => ({ body: `{"n":${n},"text":"${'ü✓'.repeat(300_000)}"}`, pending: '0,1' });
    const writer = new JournalWriter(dir);
    await writer.append([big(1), big(2)]); // ~3.6 MB of UTF-8: more than the 1 MiB it starts with
    const many = Array.from({ length: 400 }, (_, i) => row(i, 5000)); // ~2 MB of small rows in one group
    await writer.append(many);
    writer.close();
    expect(readSegment(dir, 1, 0, 16 << 20).rows).toEqual([big(1), big(2), ...many]);
  });

  it('moves on to a new segment past the size limit; a segment it cannot open closes the writer', async () => {
    const writer = new JournalWriter(dir, { segmentBytes: 100 });
    for (let n = 1; n <= 4; n++) await writer.append([row(n, 150)]);
    expect(segments(dir)).toEqual([1, 2, 3, 4]);
    expect([1, 2, 3, 4].flatMap((s) => readSegment(dir, s, 0, 1 << 20).rows)).toEqual(
      [1, 2, 3, 4].map((n) => row(n, 150)),
    );
    writeFileSync(segmentFile(5), ''); // the next segment cannot be created
    await expect(writer.append([row(5, 150)])).rejects.toThrow(/EEXIST/);
    await expect(writer.append([row(6)])).rejects.toThrow('journal writer is closed');
  });

  it('stops before a record cut short or failing its checksum', async () => {
    const writer = new JournalWriter(dir);
    await writer.append([row(1), row(2), row(3)]);
    writer.close();
    const whole = readSegment(dir, 1, 0, 1 << 20);
    const bytes = readFileSync(segmentFile(1));
    truncateSync(segmentFile(1), bytes.length - 5); // the last record is cut short
    expect(readSegment(dir, 1, 0, 1 << 20).rows).toEqual([row(1), row(2)]);
    const flipped = Buffer.from(bytes);
    const secondPayload = readSegment(dir, 1, 0, 1 << 20).end - row(2).body.length; // inside record 2
    flipped[secondPayload] = (flipped[secondPayload] ?? 0) ^ 0xff;
    writeFileSync(segmentFile(1), flipped);
    expect(readSegment(dir, 1, 0, 1 << 20).rows).toEqual([row(1)]);
    expect(whole.rows).toHaveLength(3);
  });

  it('reads a window of whole records at a time, and a record larger than the window alone', async () => {
    const writer = new JournalWriter(dir);
    await writer.append([row(1, 100), row(2, 100), row(3, 5000), row(4, 100)]);
    writer.close();
    const first = readSegment(dir, 1, 0, 300);
    expect(first.rows).toEqual([row(1, 100), row(2, 100)]);
    expect(first.toEnd).toBe(false);
    const big = readSegment(dir, 1, first.end, 300);
    expect(big.rows).toEqual([row(3, 5000)]);
    const rest = readSegment(dir, 1, big.end, 300);
    expect(rest).toMatchObject({ rows: [row(4, 100)], toEnd: true });
  });

  it('numbers a new segment after the one the reader has reached, whatever files are left', async () => {
    // The reader moved on to segment 5, which was then removed empty (a failed append on a full disk): a writer
    // that counted only files would start at 1, and nothing written there would ever be read.
    const writer = new JournalWriter(dir, { after: 5 });
    await writer.append([row(1)]);
    writer.close();
    expect(segments(dir)).toEqual([6]);
    new JournalWriter(dir, { after: 2 }).close();
    expect(segments(dir)).toEqual([6, 7]);
  });

  it('starts every writer on a new segment, never after an earlier tail', async () => {
    new JournalWriter(dir).close();
    const second = new JournalWriter(dir);
    await second.append([row(1)]);
    second.close();
    expect(segments(dir)).toEqual([1, 2]);
  });
});

describe('EmbeddedQueue over its journal', () => {
  const job = (node: string) => bundleJob(node);

  it('takes in every acknowledged enqueue after a crash torn mid-record, and what came after it', async () => {
    const first = openStateDb(dir);
    const q1 = new EmbeddedQueue({ db: first, expand: expandWebhook });
    await q1.enqueue([job('a')]);
    await q1.enqueue([job('b'), job('c')]);
    await q1.close();
    first.close();
    // A crash in the middle of the next append: half a record at the end of that run's segment.
    const [segment] = segments(journalDir(dir));
    appendFileSync(
      join(journalDir(dir), `${String(segment).padStart(12, '0')}.log`),
      Buffer.from([200, 0, 0, 0, 1]),
    );

    const second = openStateDb(dir);
    const q2 = new EmbeddedQueue({ db: second, expand: expandWebhook });
    await q2.enqueue([job('d')]); // the new run's own segment
    const got = await q2.receive(10, 0);
    expect(got.deliveries.map((d) => d.job.node)).toEqual(['a', 'b', 'c', 'd']);
    await q2.ack(got.deliveries.map((d) => d.receipt));
    expect(await q2.stats()).toEqual({ queued: 0, deadLetters: 0, oldestJobAgeSeconds: 0 });
    // Segments whose records are all in the database are deleted; the live one stays.
    expect(segments(journalDir(dir))).toHaveLength(1);
    await q2.close();
    second.close();

    // Taken in exactly once: a third run finds nothing left.
    const third = openStateDb(dir);
    const q3 = new EmbeddedQueue({ db: third, expand: expandWebhook });
    expect((await q3.stats()).queued).toBe(0);
    await q3.close();
    third.close();
  });

  it('takes in a group only once it is synced, and gathers what arrives during a sync into the next group', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    const first = queue.enqueue([job('a')]);
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    await turn(); // the commit has written the group and started its sync, which cannot have been seen to end yet
    const [segment = 0] = segments(journalDir(dir));
    expect(readSegment(journalDir(dir), segment, 0, 1 << 20).rows).toHaveLength(1); // on the file
    expect((await queue.stats()).queued).toBe(0); // but not taken in: its sync may still fail (then: 503)
    const second = queue.enqueue([job('b')]);
    const third = queue.enqueue([job('c')]);
    await turn(); // no second commit while the first sync is under way
    expect(readSegment(journalDir(dir), segment, 0, 1 << 20).rows).toHaveLength(1);
    await Promise.all([first, second, third]);
    // b and c went together once a was synced: one record per enqueue, in order.
    expect(readSegment(journalDir(dir), segment, 0, 1 << 20).rows).toHaveLength(3);
    const got = await queue.receive(10, 0);
    expect(got.deliveries.map((d) => d.job.node)).toEqual(['a', 'b', 'c']);
    await queue.close();
    db.close();
  });

  it('takes a backlog in across several segments, in order', async () => {
    const journal = journalDir(dir);
    for (let s = 0; s < 3; s++) {
      const writer = new JournalWriter(journal);
      await writer.append([0, 1].map((i) => ({ body: JSON.stringify([job(`n${s}${i}`)]), pending: '0' })));
      writer.close();
    }
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    const got = await queue.receive(100, 0);
    expect(got.deliveries.map((d) => d.job.node)).toEqual(['n00', 'n01', 'n10', 'n11', 'n20', 'n21']);
    await queue.close();
    db.close();
  });

  it('an ingest and a responder on one state directory: every record is taken in once, none skipped', async () => {
    const ingestDb = openStateDb(dir);
    const ingest = new EmbeddedQueue({ db: ingestDb, expand: expandWebhook });
    await ingest.enqueue([job('a')]);
    // The responder opens while the ingest's segment is live; it enqueues nothing, so it writes no segment.
    const respondDb = openStateDb(dir);
    const respond = new EmbeddedQueue({ db: respondDb, expand: expandWebhook });
    await ingest.enqueue([job('b')]);
    const first = await respond.receive(10, 0);
    await ingest.enqueue([job('c')]);
    expect((await ingest.stats()).queued).toBe(3); // the ingest side takes records in too, under the same lock
    const second = await respond.receive(10, 0);
    const delivered = [...first.deliveries, ...second.deliveries].map((d) => d.job.node);
    expect(delivered).toEqual(['a', 'b', 'c']);
    expect(segments(journalDir(dir))).toHaveLength(1);
    await respond.close();
    await ingest.close();
    respondDb.close();
    ingestDb.close();
  });

  it('commits the enqueues of one turn as one group; close commits the group still waiting', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    const waiting = [queue.enqueue([job('a')]), queue.enqueue([job('b')]), queue.enqueue([job('c')])];
    await queue.close(); // before the turn ends: the group is committed, not dropped
    await Promise.all(waiting);
    const [segment = 0] = segments(journalDir(dir));
    expect(readSegment(journalDir(dir), segment, 0, 1 << 20).rows).toHaveLength(3);
    db.close();
    const reopened = openStateDb(dir);
    const again = new EmbeddedQueue({ db: reopened, expand: expandWebhook });
    expect((await again.receive(10, 0)).deliveries.map((d) => d.job.node)).toEqual(['a', 'b', 'c']);
    await again.close();
    reopened.close();
  });

  it('rejects a group it cannot store and is unready until the journal opens again; nothing half-stored', async () => {
    const db = openStateDb(dir);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
    writeFileSync(journalDir(dir), 'not a directory'); // the journal cannot be opened
    await expect(queue.enqueue([job('lost')])).rejects.toThrow(/could not store jobs/);
    expect(await queue.ready()).toEqual({
      ready: false,
      reason: 'cannot store jobs: ENOTDIR: not a directory',
    });
    rmSync(journalDir(dir));
    expect(await queue.ready()).toEqual({ ready: true });
    await queue.enqueue([job('kept')]);
    expect((await queue.receive(10, 0)).deliveries.map((d) => d.job.node)).toEqual(['kept']);
    await queue.close();
    db.close();
  });
});
