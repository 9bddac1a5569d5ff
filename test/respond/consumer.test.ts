import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/config.ts';
import { receiveBatch } from '../../functions/respond/consumer.ts';
import { EmbeddedQueue, openStateDb } from '../../shared/queue/embedded.ts';
import { bundleJob } from '../support/payloads.ts';

let dir: string;
let db: ReturnType<typeof openStateDb>;
let queue: EmbeddedQueue;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-consumer-'));
  db = openStateDb(dir);
  queue = new EmbeddedQueue({ db });
});
afterEach(async () => {
  await queue.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const nodes = (batch: { deliveries: Array<{ job: { node?: string } }> }) =>
  batch.deliveries.map((d) => d.job.node);
const later = (ms: number, run: () => Promise<void>) =>
  new Promise<void>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));

describe('receiveBatch', () => {
  it('gathers the jobs that arrive within the window after the first into one batch', async () => {
    await queue.enqueue([bundleJob('a')]);
    const arriving = later(30, async () => {
      await queue.enqueue([bundleJob('b')]);
      await queue.enqueue([bundleJob('c')]);
    });
    const batch = await receiveBatch(queue, { batchSize: 10, waitMs: 1000, batchWindowMs: 500 });
    await arriving;
    expect(nodes(batch)).toEqual(['a', 'b', 'c']);
  });

  it('with no window, takes only what is there when the first job arrives', async () => {
    await queue.enqueue([bundleJob('a')]);
    const arriving = later(30, () => queue.enqueue([bundleJob('b')]));
    expect(nodes(await receiveBatch(queue, { batchSize: 10, waitMs: 1000, batchWindowMs: 0 }))).toEqual([
      'a',
    ]);
    await arriving;
    expect(nodes(await receiveBatch(queue, { batchSize: 10, waitMs: 1000, batchWindowMs: 0 }))).toEqual([
      'b',
    ]);
  });

  it('stops waiting as soon as the batch is full', async () => {
    for (const n of ['a', 'b', 'c']) await queue.enqueue([bundleJob(n)]);
    // A window far longer than the test's own timeout: only a full batch lets this return.
    const batch = await receiveBatch(queue, { batchSize: 3, waitMs: 1000, batchWindowMs: 600_000 });
    expect(nodes(batch)).toEqual(['a', 'b', 'c']);
  });

  it('returns an empty batch after the wait when nothing comes', async () => {
    expect(await receiveBatch(queue, { batchSize: 10, waitMs: 20, batchWindowMs: 500 })).toEqual({
      deliveries: [],
      poison: [],
    });
  });
});

describe('RESPOND_BATCH_WINDOW_MS', () => {
  it('defaults to 100 ms and must end well within the visibility timeout', () => {
    expect(loadConfig({}).RESPOND_BATCH_WINDOW_MS).toBe(100);
    expect(loadConfig({ RESPOND_BATCH_WINDOW_MS: '0' }).RESPOND_BATCH_WINDOW_MS).toBe(0);
    expect(() => loadConfig({ RESPOND_BATCH_WINDOW_MS: '30000', RESPOND_VISIBILITY_SECONDS: '60' })).toThrow(
      new ConfigError(
        'invalid configuration:\n  RESPOND_BATCH_WINDOW_MS: must be less than half of RESPOND_VISIBILITY_SECONDS',
      ),
    );
    expect(() => loadConfig({ RESPOND_BATCH_WINDOW_MS: '-1' })).toThrow(/RESPOND_BATCH_WINDOW_MS/);
  });
});
