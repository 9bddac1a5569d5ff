import type { DatabaseSync } from 'node:sqlite';
import { onStateDb } from '../sqlite/unavailable.ts';
import {
  type Incident,
  IncidentConflict,
  IncidentSchema,
  type IncidentStore,
  RESOLVED_INCIDENT_TTL_SECONDS,
} from './model.ts';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS incidents (
    key TEXT PRIMARY KEY,
    cluster TEXT NOT NULL,
    state TEXT NOT NULL,
    version INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS incidents_open ON incidents (state, cluster);`;

/** Incidents resolved longer ago than the TTL are deleted at most this often (while saving). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Incidents in the embedded default's SQLite file (and the in-cluster responder's volume): one row per
 * incident, the JSON body validated on the way out, versions checked on the way in. A resolved incident is kept
 * `ttlSeconds` after its resolution (RESOLVED_INCIDENT_TTL_SECONDS), then deleted, as DynamoDB's TTL does for the
 * Lambda: the file does not grow with every incident ever seen. A full disk (or another storage failure) comes out
 * as SqliteUnavailable, a downstream fault: the job waits for the disk instead of spending its attempts.
 */
export class SqliteIncidentStore implements IncidentStore {
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #ttlMs: number;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(db: DatabaseSync, now: () => number = Date.now, ttlSeconds = RESOLVED_INCIDENT_TTL_SECONDS) {
    this.#db = db;
    this.#now = now;
    this.#ttlMs = ttlSeconds * 1000;
    this.#db.exec(SCHEMA);
  }

  /** Deletes the incidents resolved before the TTL; at most once per PRUNE_EVERY_MS. */
  #prune(): void {
    const now = this.#now();
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#db
      .prepare("DELETE FROM incidents WHERE state = 'resolved' AND json_extract(body, '$.resolvedAt') < ?")
      .run(new Date(now - this.#ttlMs).toISOString());
    this.#prunedAt = now;
  }

  async get(key: string): Promise<Incident | undefined> {
    const row = onStateDb(() => this.#db.prepare('SELECT body FROM incidents WHERE key = ?').get(key)) as
      | { body: string }
      | undefined;
    return row ? IncidentSchema.parse(JSON.parse(row.body)) : undefined;
  }

  async put(incident: Incident): Promise<void> {
    const body = JSON.stringify(IncidentSchema.parse(incident));
    const result = onStateDb(() =>
      incident.version === 1
        ? this.#db
            .prepare(
              'INSERT OR IGNORE INTO incidents (key, cluster, state, version, body) VALUES (?, ?, ?, 1, ?)',
            )
            .run(incident.key, incident.cluster, incident.state, body)
        : this.#db
            .prepare('UPDATE incidents SET state = ?, version = ?, body = ? WHERE key = ? AND version = ?')
            .run(incident.state, incident.version, body, incident.key, incident.version - 1),
    );
    if (result.changes !== 1) throw new IncidentConflict(`incident ${incident.key} changed meanwhile`);
    try {
      this.#prune();
    } catch {
      // The incident is saved; pruning is tried again with the next save (it fails on a full disk).
    }
  }

  async open(cluster?: string): Promise<Incident[]> {
    const rows = onStateDb(() =>
      cluster === undefined
        ? this.#db.prepare("SELECT body FROM incidents WHERE state = 'open'").all()
        : this.#db.prepare("SELECT body FROM incidents WHERE state = 'open' AND cluster = ?").all(cluster),
    ) as Array<{ body: string }>;
    return rows.map((r) => IncidentSchema.parse(JSON.parse(r.body)));
  }
}
