import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { IncidentConflict } from '../../shared/incidents/model.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import { incident } from '../support/incidents.ts';

const dir = mkdtempSync(join(tmpdir(), 'pleg-incidents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps incidents and their pending effects across reopening the database, with optimistic versions', async () => {
  const db = openStateDb(dir);
  const store = new SqliteIncidentStore(db);
  await store.put(incident('prod/a'));
  await store.put(incident('edge/b'));
  await expect(store.put(incident('prod/a'))).rejects.toBeInstanceOf(IncidentConflict);
  const owed = [
    {
      id: '1:1',
      kind: 'root' as const,
      channel: 'C1',
      message: { text: 'root', blocks: [{ type: 'divider' as const }] },
    },
    { id: '1:2', kind: 'reply' as const, message: { text: 'why', blocks: [] } },
  ];
  await store.put({ ...incident('prod/a', { version: 2 }), pending: owed, effects: 2 });
  await store.put({
    ...incident('prod/a', { version: 3 }),
    thread: { channel: 'C1', ts: '1.1' },
    pending: owed.slice(1),
    effects: 2,
  });
  await expect(store.put(incident('prod/a', { version: 3 }))).rejects.toBeInstanceOf(IncidentConflict);
  await store.put({ ...incident('edge/b', { version: 2 }), state: 'resolved' });
  db.close();

  const again = new SqliteIncidentStore(openStateDb(dir));
  expect((await again.get('prod/a'))?.thread).toEqual({ channel: 'C1', ts: '1.1' });
  // The reply still owed after the root survives the restart, with its id.
  expect((await again.get('prod/a'))?.pending).toEqual(owed.slice(1));
  expect((await again.open()).map((i) => i.key)).toEqual(['prod/a']);
  expect(await again.open('edge')).toEqual([]);
  expect(await again.get('nope/x')).toBeUndefined();
});

it('deletes a resolved incident once its TTL after resolution is past, never an open one', async () => {
  const db = openStateDb(mkdtempSync(join(dir, 'ttl-')));
  const DAY = 24 * 60 * 60 * 1000;
  let now = Date.parse('2026-11-01T00:00:00Z');
  const store = new SqliteIncidentStore(db, () => now, 30 * 24 * 60 * 60);
  const resolvedAt = new Date(now).toISOString();
  await store.put({ ...incident('prod/gone'), state: 'resolved', resolvedAt });
  await store.put(incident('prod/open')); // opened the same day, still open
  now += 29 * DAY;
  await store.put(incident('prod/other'));
  expect(await store.get('prod/gone')).toBeDefined(); // a re-fire now would still reopen its thread
  now += 2 * DAY;
  await store.put(incident('prod/later'));
  expect(await store.get('prod/gone')).toBeUndefined();
  expect(await store.get('prod/open')).toBeDefined();
  expect((await store.open()).map((i) => i.key).sort()).toEqual(['prod/later', 'prod/open', 'prod/other']);
  db.close();
});
