import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../functions/config.ts';
import { consume, receiveBatch } from '../../functions/respond/consumer.ts';
import { DownstreamStatus } from '../../functions/respond/downstream.ts';
import type { RespondDeps } from '../../functions/respond/respond.ts';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { EmbeddedQueue, openStateDb } from '../../shared/queue/embedded.ts';
import type { Queue } from '../../shared/queue/port.ts';
import { messagesLogger } from '../support/log.ts';
import { bundleJob } from '../support/payloads.ts';

let dir: string;
let db: ReturnType<typeof openStateDb>;
let queue: EmbeddedQueue;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-consumer-'));
  db = openStateDb(dir);
  queue = new EmbeddedQueue({ db, expand: expandWebhook });
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

describe('consume', () => {
  afterEach(() => vi.useRealTimers());

  it('says an unreachable queue once, then once a minute with a count, then that it recovered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let clock = 0;
    let reachable = false;
    // Retried every second: two and a half minutes of "queue unreachable", then the queue answers (empty).
    const flaky = {
      receive: () =>
        reachable
          ? new Promise((resolve) => setTimeout(() => resolve({ deliveries: [], poison: [] }), 1000))
          : Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:4566')),
    } as unknown as Queue;
    const logs: string[] = [];
    const stop = new AbortController();
    const options = {
      batchSize: 10,
      waitMs: 1000,
      batchWindowMs: 0,
      visibilityMs: 60_000,
      downstream: new DownstreamStatus(messagesLogger(logs)),
      log: messagesLogger(logs),
      now: () => clock,
    };
    const deps = { handler: { handle: async () => {} } } as unknown as RespondDeps;
    const running = consume(flaky, deps, options, stop.signal);
    for (let s = 0; s < 150; s++) {
      clock += 1000;
      await vi.advanceTimersByTimeAsync(1000);
    }
    reachable = true;
    for (let s = 0; s < 5; s++) {
      clock += 1000;
      await vi.advanceTimersByTimeAsync(1000);
    }
    stop.abort();
    await vi.advanceTimersByTimeAsync(1000);
    await running;
    expect(logs).toEqual([
      'queue consumer error: connect ECONNREFUSED 127.0.0.1:4566',
      'queue consumer error for 1m: connect ECONNREFUSED 127.0.0.1:4566',
      'queue consumer error for 2m: connect ECONNREFUSED 127.0.0.1:4566',
      expect.stringMatching(/^queue consumer error: recovered after 2m3\ds$/),
    ]);
  });

  it('gives the event loop a turn before each batch: a backlog that needs no network cannot starve ingest', async () => {
    const jobs = 20;
    for (let n = 0; n < jobs; n++) await queue.enqueue([bundleJob(`node-${n}`)]);
    let handled = 0;
    // Nothing here waits for I/O, like a storm member's jobs: every promise the consumer awaits is settled.
    const deps: RespondDeps = {
      handler: { handle: async () => void handled++ },
      processed: { seen: async () => new Set(), mark: async () => {} },
    };
    const log = messagesLogger([]);
    const stop = new AbortController();
    const options = { batchSize: 1, waitMs: 10, batchWindowMs: 0, visibilityMs: 60_000, log };
    const running = consume(queue, deps, { ...options, downstream: new DownstreamStatus(log) }, stop.signal);
    // What the loop runs next, a webhook's request say, runs while the backlog is still being answered.
    const handledAtTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(handled)));
    stop.abort();
    await running;
    expect(handledAtTurn).toBeLessThanOrEqual(1);
  });
});
