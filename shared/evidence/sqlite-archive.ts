import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gunzipSync, gzipSync } from 'node:zlib';
import { makeDir } from '../make-dir.ts';
import { onStateDb } from '../sqlite/unavailable.ts';
import {
  type ArchiveBounds,
  DEFAULT_BOUNDS,
  type Evidence,
  type EvidenceArchive,
  type EvidenceRecord,
  EvidenceRecordSchema,
  EvidenceSchema,
  type EvidenceSummary,
  EvidenceSummarySchema,
  evidenceId,
  summaryOf,
} from './archive.ts';

/*
 * One row per record: its summary as JSON (what `list` reads) and the whole record as gzip'd JSON (what `get`
 * reads). Its own file beside the queue's state.db, so a megabyte of journal per bundle never slows the queue's
 * writes and the two are bounded apart.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS evidence (
    id TEXT PRIMARY KEY,
    incident TEXT NOT NULL,
    kept_at TEXT NOT NULL,
    summary TEXT NOT NULL,
    body BLOB NOT NULL,
    stored INTEGER NOT NULL
  );
  CREATE INDEX IF NOT EXISTS evidence_by_incident ON evidence (incident, kept_at);
  CREATE INDEX IF NOT EXISTS evidence_by_age ON evidence (kept_at);`;

export const EVIDENCE_DB = 'evidence.db';

/** Opens (creating) `DATA_DIR/evidence.db`. */
export function openEvidenceDb(dir: string): DatabaseSync {
  makeDir(dir);
  const db = new DatabaseSync(join(dir, EVIDENCE_DB));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  db.exec(SCHEMA);
  return db;
}

/**
 * The embedded archive: SQLite in DATA_DIR, bounded by records per incident, age and total compressed size (the
 * oldest records go first). A full disk is SqliteUnavailable, a downstream fault, as for the incident store.
 */
export class SqliteEvidenceArchive implements EvidenceArchive {
  readonly #db: DatabaseSync;
  readonly #bounds: ArchiveBounds;
  readonly #now: () => Date;

  constructor(db: DatabaseSync, bounds: Partial<ArchiveBounds> = {}, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#db.exec(SCHEMA);
    this.#bounds = { ...DEFAULT_BOUNDS, ...bounds };
    this.#now = now;
  }

  async keep(incidentKey: string, evidence: Evidence): Promise<{ id: string }> {
    const valid = EvidenceSchema.parse(evidence);
    const id = evidenceId(incidentKey, valid);
    const record: EvidenceRecord = { ...valid, id, incidentKey, keptAt: this.#now().toISOString() };
    const json = JSON.stringify(record);
    const body = gzipSync(json);
    onStateDb(() => {
      const db = this.#db;
      db.exec('BEGIN IMMEDIATE');
      try {
        db.prepare(
          'INSERT OR IGNORE INTO evidence (id, incident, kept_at, summary, body, stored) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(
          id,
          incidentKey,
          record.keptAt,
          JSON.stringify(summaryOf(record, Buffer.byteLength(json))),
          body,
          body.length,
        );
        this.#prune(incidentKey);
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      }
    });
    return { id };
  }

  /** Within one transaction: the incident's oldest past `perIncident`, all past retention, the oldest past `maxBytes`. */
  #prune(incidentKey: string): void {
    const { perIncident, retentionDays, maxBytes } = this.#bounds;
    const db = this.#db;
    db.prepare(
      `DELETE FROM evidence WHERE incident = ? AND id NOT IN
         (SELECT id FROM evidence WHERE incident = ? ORDER BY kept_at DESC, id LIMIT ?)`,
    ).run(incidentKey, incidentKey, perIncident);
    const horizon = new Date(this.#now().getTime() - retentionDays * 86_400_000).toISOString();
    db.prepare('DELETE FROM evidence WHERE kept_at < ?').run(horizon);
    let total = Number(
      (db.prepare('SELECT COALESCE(SUM(stored), 0) AS n FROM evidence').get() as { n: number }).n,
    );
    if (total <= maxBytes) return;
    const oldest = db.prepare('SELECT id, stored FROM evidence ORDER BY kept_at, id').iterate() as Iterable<{
      id: string;
      stored: number;
    }>;
    const drop = db.prepare('DELETE FROM evidence WHERE id = ?');
    const doomed: string[] = [];
    for (const row of oldest) {
      if (total <= maxBytes) break;
      doomed.push(row.id);
      total -= row.stored;
    }
    for (const id of doomed) drop.run(id);
  }

  async list(incidentKey: string): Promise<EvidenceSummary[]> {
    const rows = onStateDb(() =>
      this.#db
        .prepare('SELECT summary FROM evidence WHERE incident = ? ORDER BY kept_at DESC, id')
        .all(incidentKey),
    ) as Array<{ summary: string }>;
    return rows.map((r) => EvidenceSummarySchema.parse(JSON.parse(r.summary)));
  }

  async get(id: string): Promise<EvidenceRecord | undefined> {
    const row = onStateDb(() => this.#db.prepare('SELECT body FROM evidence WHERE id = ?').get(id)) as
      | { body: Uint8Array }
      | undefined;
    return row ? EvidenceRecordSchema.parse(JSON.parse(gunzipSync(row.body).toString('utf8'))) : undefined;
  }
}
