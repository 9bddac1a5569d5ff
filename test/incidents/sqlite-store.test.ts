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

it('keeps incidents across reopening the database, with optimistic versions', async () => {
  const db = openStateDb(dir);
  const store = new SqliteIncidentStore(db);
  await store.put(incident('prod/a'));
  await store.put(incident('edge/b'));
  await expect(store.put(incident('prod/a'))).rejects.toBeInstanceOf(IncidentConflict);
  await store.put({ ...incident('prod/a', { version: 2 }), thread: { channel: 'C1', ts: '1.1' } });
  await expect(store.put(incident('prod/a', { version: 2 }))).rejects.toBeInstanceOf(IncidentConflict);
  await store.put({ ...incident('edge/b', { version: 2 }), state: 'resolved' });
  db.close();

  const again = new SqliteIncidentStore(openStateDb(dir));
  expect((await again.get('prod/a'))?.thread).toEqual({ channel: 'C1', ts: '1.1' });
  expect((await again.open()).map((i) => i.key)).toEqual(['prod/a']);
  expect(await again.open('edge')).toEqual([]);
  expect(await again.get('nope/x')).toBeUndefined();
});
