import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoIncidentStore } from '../../shared/incidents/dynamodb-store.ts';
import type { IncidentStore } from '../../shared/incidents/model.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import { createTable } from '../support/dynalite.ts';
import { type DynamoFake, fakeClient, startDynamoFake } from '../support/dynamodb-fake.ts';
import { incident } from '../support/incidents.ts';
import { bundleJob } from '../support/payloads.ts';

const dir = mkdtempSync(join(tmpdir(), 'pleg-store-queries-'));
let fake: DynamoFake;
let client: DynamoDBClient;
beforeAll(async () => {
  // Scan pages of 3 items: the queries page through the table as they would through DynamoDB's 1 MB pages.
  fake = await startDynamoFake({ scan: { pageItems: 3 } });
  client = fakeClient(fake, 1);
});
afterAll(async () => {
  client.destroy();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (minute: number) => `2026-11-21T03:${String(minute).padStart(2, '0')}:00.000Z`;
const signals = (node: string) => [bundleJob(node)];

/** A storm in prod (three members, one of them resolved), a node outside it, and other clusters' incidents. */
async function fill(store: IncidentStore): Promise<void> {
  await store.put(incident('prod/*', { openedAt: at(5), nodes: ['a', 'b', 'c', 'd'] }));
  await store.put(incident('prod/a', { openedAt: at(1), storm: 'prod/*', signals: signals('a') }));
  await store.put(incident('prod/b', { openedAt: at(5), storm: 'prod/*', signals: signals('b') }));
  await store.put(incident('prod/c', { openedAt: at(6), storm: 'prod/*', state: 'resolved' }));
  await store.put(incident('prod/d', { openedAt: at(7), storm: 'prod/*', signals: signals('d') }));
  await store.put(incident('prod/e', { openedAt: at(8), signals: signals('e') }));
  await store.put(incident('edge/*', { openedAt: at(2), nodes: ['f'] }));
  await store.put(incident('edge/f', { openedAt: at(2), storm: 'edge/*' }));
  await store.put(incident('lab/*', { openedAt: at(3), state: 'resolved' }));
}

const stores: Array<[string, () => Promise<IncidentStore>]> = [
  ['SQLite', async () => new SqliteIncidentStore(openStateDb(mkdtempSync(join(dir, 'db-'))))],
  ['DynamoDB', async () => new DynamoIncidentStore({ client, table: await createTable(client, 'state') })],
];

describe.each(stores)('%s incident store queries', (_, make) => {
  it('nodes: the open node incidents of one cluster opened since a time, whole, oldest first, at most a limit', async () => {
    const store = await make();
    await fill(store);
    const recent = await store.nodes('prod', { since: at(5) });
    expect(recent.map((i) => i.key)).toEqual(['prod/b', 'prod/d', 'prod/e']);
    expect(recent[0]?.signals).toEqual(signals('b'));
    expect((await store.nodes('prod', {})).map((i) => i.key)).toEqual([
      'prod/a',
      'prod/b',
      'prod/d',
      'prod/e',
    ]);
    expect(await store.nodes('prod', { limit: 2 })).toHaveLength(2);
    expect(await store.nodes('nowhere', {})).toEqual([]);
  });

  it("members: the open members of a cluster's storm, summarised, at most a limit", async () => {
    const store = await make();
    await fill(store);
    const members = await store.members('prod');
    expect(members.map((i) => i.key)).toEqual(['prod/a', 'prod/b', 'prod/d']);
    expect(members[0]).toMatchObject({ node: 'a', storm: 'prod/*', openedAt: at(1), state: 'open' });
    for (const m of members) expect(Object.keys(m)).not.toContain('signals');
    expect(await store.members('prod', 2)).toHaveLength(2);
    expect((await store.members('edge')).map((i) => i.key)).toEqual(['edge/f']);
    expect(await store.members('lab')).toEqual([]);
  });

  it("open: every open incident (or one cluster's), summarised, oldest first", async () => {
    const store = await make();
    await fill(store);
    const open = await store.open();
    expect(open.map((i) => i.key)).toEqual([
      'prod/a',
      'edge/*',
      'edge/f',
      'prod/*',
      'prod/b',
      'prod/d',
      'prod/e',
    ]);
    for (const i of open) expect(Object.keys(i)).not.toContain('signals');
    expect((await store.open('edge')).map((i) => i.key)).toEqual(['edge/*', 'edge/f']);
  });

  it('storms: the open cluster incidents, whole', async () => {
    const store = await make();
    await fill(store);
    const storms = await store.storms();
    expect(storms.map((i) => i.key)).toEqual(['edge/*', 'prod/*']);
    expect(storms[1]?.nodes).toEqual(['a', 'b', 'c', 'd']);
  });

  it('follows an incident through its writes: resolved, it leaves the queries; joining a storm, it is a member', async () => {
    const store = await make();
    await fill(store);
    const e = await store.get('prod/e');
    if (!e) throw new Error('prod/e was not stored');
    await store.put({ ...e, storm: 'prod/*', version: e.version + 1 });
    expect((await store.members('prod')).map((i) => i.key)).toContain('prod/e');
    await store.put({ ...e, storm: 'prod/*', state: 'resolved', version: e.version + 2 });
    expect((await store.members('prod')).map((i) => i.key)).not.toContain('prod/e');
    expect((await store.nodes('prod', {})).map((i) => i.key)).not.toContain('prod/e');
  });
});

it('gives a SQLite file written before the query columns existed its columns, filled from the bodies', async () => {
  const path = mkdtempSync(join(dir, 'old-'));
  const before = new SqliteIncidentStore(openStateDb(path));
  await fill(before);
  // The table as the previous version created it: no kind, storm, opened_at or summary.
  const db = new DatabaseSync(join(path, 'state.db'));
  db.exec(`
    CREATE TABLE old AS SELECT key, cluster, state, version, body FROM incidents;
    DROP TABLE incidents;
    ALTER TABLE old RENAME TO incidents;
    CREATE INDEX incidents_open ON incidents (state, cluster);`);
  db.close();
  const after = new SqliteIncidentStore(openStateDb(path));
  expect((await after.members('prod')).map((i) => i.key)).toEqual(['prod/a', 'prod/b', 'prod/d']);
  expect((await after.nodes('prod', { since: at(5) })).map((i) => i.key)).toEqual([
    'prod/b',
    'prod/d',
    'prod/e',
  ]);
  expect((await after.storms()).map((i) => i.key)).toEqual(['edge/*', 'prod/*']);
});
