import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import type { IncidentStore } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { ConsoleTranscript } from '../support/chat.ts';
import { incident } from '../support/incidents.ts';
import { alertJob } from '../support/payloads.ts';

/*
 * The cost of one job must not grow with the number of open incidents: what the responder reads from the store
 * for a job (whole records, and summaries) is counted with a small storm and with a storm twenty times larger,
 * and must be the same. The one read that does grow, a storm root drawn from its members, happens at most once
 * per edit interval, and reads summaries only.
 */

const dir = mkdtempSync(join(tmpdir(), 'pleg-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const policy: ThreadPolicy = {
  channel: 'C0INC',
  reopenWindowMs: 3_600_000,
  storm: { threshold: 5, windowMs: 60_000 },
  stormEditIntervalMs: 10_000,
};
const NOW = Date.parse('2026-11-21T03:30:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** The store, counting what it hands out: whole records (with their signals) and summaries, whatever asked. */
function counting(store: IncidentStore): {
  store: IncidentStore;
  read: { records: number; summaries: number };
} {
  const read = { records: 0, summaries: 0 };
  const count = <T extends object>(list: T[]): T[] => {
    for (const item of list) read['signals' in item ? 'records' : 'summaries'] += 1;
    return list;
  };
  return {
    read,
    store: {
      get: async (key) => {
        const found = await store.get(key);
        if (found) count([found]);
        return found;
      },
      put: (i) => store.put(i),
      open: async (cluster) => count(await store.open(cluster)),
      nodes: async (cluster, options) => count(await store.nodes(cluster, options)),
      members: async (cluster, limit) => count(await store.members(cluster, limit)),
      storms: async () => count(await store.storms()),
    },
  };
}

/** An open storm in prod with `size` members (each with its signal), its root edited just now. */
async function storm(size: number): Promise<IncidentStore> {
  const store = new SqliteIncidentStore(openStateDb(mkdtempSync(join(dir, 'db-'))));
  const nodes = Array.from({ length: size }, (_, n) => `node-${n}`);
  const opened = iso(NOW - 20 * 60_000);
  await store.put(
    incident('prod/*', {
      thread: { channel: 'C0INC', ts: '1.0' },
      nodes,
      openedAt: opened,
      editedAt: iso(NOW),
    }),
  );
  for (const node of nodes)
    await store.put(
      incident(`prod/${node}`, { storm: 'prod/*', openedAt: opened, signals: [alertJob(node)] }),
    );
  return store;
}

const resolved = (node: string): Job => {
  const firing = alertJob(node, { dedupKey: `alert:${node}:resolved` });
  return firing.kind === 'alert' ? { ...firing, alert: { ...firing.alert, status: 'resolved' } } : firing;
};

type Step = (pipeline: RespondPipeline) => Promise<void>;
const cases: Array<[string, Step]> = [
  ['a new node joins the open storm', (t) => t.handle('prod', 'node-new', [alertJob('node-new')])],
  [
    'a member repeats its alert',
    (t) => t.handle('prod', 'node-3', [alertJob('node-3', { dedupKey: 'alert:node-3:again' })]),
  ],
  ['a member recovers, not the last', (t) => t.handle('prod', 'node-3', [resolved('node-3')])],
  [
    'a downstream alert folds into the storm',
    (t) => t.handle('prod', 'node-3', [alertJob('node-3', { labels: { alertname: 'KubePodNotReady' } })]),
  ],
  ['the queue is idle, no root owes an edit', (t) => t.idle()],
  [
    'a batch of five nodes of the cluster arrives',
    (t) =>
      t.prepare(
        ['node-1', 'node-2', 'node-3', 'a', 'b'].map((node) => ({
          cluster: 'prod',
          node,
          jobs: [alertJob(node)],
        })),
      ),
  ],
];

async function reads(size: number, step: Step, at = NOW): Promise<{ records: number; summaries: number }> {
  const { store, read } = counting(await storm(size));
  await step(new RespondPipeline({ store, chat: new ConsoleTranscript(), policy, now: () => new Date(at) }));
  return read;
}

describe('what one job reads from the store does not grow with the open incidents', () => {
  it.each(cases)('%s', async (_, step) => {
    const small = await reads(10, step);
    const large = await reads(200, step);
    expect(large).toEqual(small);
    expect(small.records + small.summaries).toBeLessThanOrEqual(10);
  });

  it('a storm root due an edit reads its members, summarised, once per edit interval', async () => {
    const join = (t: RespondPipeline) => t.handle('prod', 'node-new', [alertJob('node-new')]);
    const due = NOW + policy.stormEditIntervalMs;
    const small = await reads(10, join, due);
    const large = await reads(200, join, due);
    expect(large.records).toBe(small.records);
    expect(large.summaries - small.summaries).toBe(190);
  });

  it('/pleg status lists every open incident from summaries, reading whole only the 40 it shows', async () => {
    const status: Job = {
      kind: 'chat',
      dedupKey: 'chat:status',
      cluster: '',
      node: '',
      receivedAt: iso(NOW),
      request: { action: 'status' },
      reply: { channel: 'C0INC', user: 'U0ONCALL' },
    };
    const ask = (t: RespondPipeline) => t.handle('', '', [status]);
    // The storm and its members: 11 and 201 open incidents.
    expect(await reads(10, ask)).toEqual({ records: 11, summaries: 11 });
    expect(await reads(200, ask)).toEqual({ records: 40, summaries: 201 });
  });
});
