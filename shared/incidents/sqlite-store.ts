import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { onStateDb } from '../sqlite/unavailable.ts';
import {
  type Incident,
  IncidentConflict,
  IncidentSchema,
  type IncidentStore,
  type IncidentSummary,
  IncidentSummarySchema,
  RESOLVED_INCIDENT_TTL_SECONDS,
  stormKey,
  summarise,
} from './model.ts';

/*
 * One row per incident: the whole record as JSON in `body`, and beside it what the queries select on (state,
 * cluster, kind, storm, opened_at) and its `summary` (the record without signals, folded lines and outbox), so
 * that listing a storm's thousand members reads a thousand short summaries, not a thousand bodies of up to 50
 * signals each.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS incidents (
    key TEXT PRIMARY KEY,
    cluster TEXT NOT NULL,
    state TEXT NOT NULL,
    version INTEGER NOT NULL,
    body TEXT NOT NULL,
    kind TEXT,
    storm TEXT,
    opened_at TEXT,
    summary TEXT
  );`;

/** Columns added after the first version, filled from the bodies of the rows already there. */
const ADDED_COLUMNS = ['kind', 'storm', 'opened_at', 'summary'] as const;

const INDEXES = `
  DROP INDEX IF EXISTS incidents_open;
  CREATE INDEX IF NOT EXISTS incidents_by_kind ON incidents (state, kind, cluster, opened_at);
  CREATE INDEX IF NOT EXISTS incidents_by_storm ON incidents (storm, state, opened_at);`;

/** Incidents resolved longer ago than the TTL are deleted at most this often (while saving). */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** No limit: SQLite reads a negative LIMIT as none. */
const ALL = -1;

function statements(db: DatabaseSync) {
  const oldestFirst = 'ORDER BY opened_at, key';
  return {
    get: db.prepare('SELECT body FROM incidents WHERE key = ?'),
    insert: db.prepare(
      'INSERT OR IGNORE INTO incidents (key, cluster, state, version, body, kind, storm, opened_at, summary) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)',
    ),
    update: db.prepare(
      'UPDATE incidents SET state = ?, version = ?, body = ?, kind = ?, storm = ?, opened_at = ?, summary = ? WHERE key = ? AND version = ?',
    ),
    prune: db.prepare(
      "DELETE FROM incidents WHERE state = 'resolved' AND json_extract(body, '$.resolvedAt') < ?",
    ),
    open: db.prepare(`SELECT summary FROM incidents WHERE state = 'open' ${oldestFirst}`),
    openOf: db.prepare(`SELECT summary FROM incidents WHERE state = 'open' AND cluster = ? ${oldestFirst}`),
    nodes: db.prepare(
      `SELECT body FROM incidents WHERE state = 'open' AND kind = 'node' AND cluster = ? AND opened_at >= ? ${oldestFirst} LIMIT ?`,
    ),
    members: db.prepare(
      `SELECT summary FROM incidents WHERE storm = ? AND state = 'open' ${oldestFirst} LIMIT ?`,
    ),
    storms: db.prepare(`SELECT body FROM incidents WHERE state = 'open' AND kind = 'cluster' ${oldestFirst}`),
  };
}

/** The columns of an incident's row, in the order the insert and update statements take them after `body`. */
function columns(incident: Incident): [string, string | null, string, string] {
  return [incident.kind, incident.storm ?? null, incident.openedAt, JSON.stringify(summarise(incident))];
}

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
  readonly #sql: ReturnType<typeof statements>;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(db: DatabaseSync, now: () => number = Date.now, ttlSeconds = RESOLVED_INCIDENT_TTL_SECONDS) {
    this.#db = db;
    this.#now = now;
    this.#ttlMs = ttlSeconds * 1000;
    this.#db.exec(SCHEMA);
    this.#addColumns();
    this.#db.exec(INDEXES);
    this.#sql = statements(db);
  }

  /** A file written before the query columns existed gets them, filled from each row's body, in one transaction. */
  #addColumns(): void {
    const present = new Set(
      (this.#db.prepare('PRAGMA table_info(incidents)').all() as Array<{ name: string }>).map((c) => c.name),
    );
    const missing = ADDED_COLUMNS.filter((c) => !present.has(c));
    if (missing.length === 0) return;
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      for (const column of missing) this.#db.exec(`ALTER TABLE incidents ADD COLUMN ${column} TEXT`);
      const fill = this.#db.prepare(
        'UPDATE incidents SET kind = ?, storm = ?, opened_at = ?, summary = ? WHERE key = ?',
      );
      for (const row of this.#db.prepare('SELECT key, body FROM incidents').iterate() as Iterable<{
        key: string;
        body: string;
      }>)
        fill.run(...columns(IncidentSchema.parse(JSON.parse(row.body))), row.key);
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.isTransaction) this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  /** Deletes the incidents resolved before the TTL; at most once per PRUNE_EVERY_MS. */
  #prune(): void {
    const now = this.#now();
    if (now - this.#prunedAt < PRUNE_EVERY_MS) return;
    this.#prunedAt = now;
    this.#sql.prune.run(new Date(now - this.#ttlMs).toISOString());
  }

  async get(key: string): Promise<Incident | undefined> {
    const row = onStateDb(() => this.#sql.get.get(key)) as { body: string } | undefined;
    return row ? IncidentSchema.parse(JSON.parse(row.body)) : undefined;
  }

  async put(incident: Incident): Promise<void> {
    const valid = IncidentSchema.parse(incident);
    const body = JSON.stringify(valid);
    const result = onStateDb(() =>
      valid.version === 1
        ? this.#sql.insert.run(valid.key, valid.cluster, valid.state, body, ...columns(valid))
        : this.#sql.update.run(
            valid.state,
            valid.version,
            body,
            ...columns(valid),
            valid.key,
            valid.version - 1,
          ),
    );
    if (result.changes !== 1) throw new IncidentConflict(`incident ${incident.key} changed meanwhile`);
    try {
      this.#prune();
    } catch {
      // The incident is saved; pruning is tried again with the next save (it fails on a full disk).
    }
  }

  async open(cluster?: string): Promise<IncidentSummary[]> {
    return summaries(
      onStateDb(() => (cluster === undefined ? this.#sql.open.all() : this.#sql.openOf.all(cluster))),
    );
  }

  async nodes(cluster: string, options: { since?: string; limit?: number }): Promise<Incident[]> {
    return records(onStateDb(() => this.#sql.nodes.all(cluster, options.since ?? '', options.limit ?? ALL)));
  }

  async members(cluster: string, limit = ALL): Promise<IncidentSummary[]> {
    return summaries(onStateDb(() => this.#sql.members.all(stormKey(cluster), limit)));
  }

  async storms(): Promise<Incident[]> {
    return records(onStateDb(() => this.#sql.storms.all()));
  }
}

function records(rows: ReturnType<StatementSync['all']>): Incident[] {
  return (rows as Array<{ body: string }>).map((r) => IncidentSchema.parse(JSON.parse(r.body)));
}

function summaries(rows: ReturnType<StatementSync['all']>): IncidentSummary[] {
  return (rows as Array<{ summary: string }>).map((r) => IncidentSummarySchema.parse(JSON.parse(r.summary)));
}
