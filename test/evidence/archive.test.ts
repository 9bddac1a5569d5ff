import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { EVIDENCE_ID, type Evidence, type EvidenceArchive } from '../../shared/evidence/archive.ts';
import { S3EvidenceArchive } from '../../shared/evidence/s3-archive.ts';
import { openEvidenceDb, SqliteEvidenceArchive } from '../../shared/evidence/sqlite-archive.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import { type LocalS3, startLocalS3 } from '../support/s3.ts';

const sample = EvidenceBundleSchema.parse(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../infra/samples/bundle-fd-exhaustion.json'), 'utf8'),
  ),
);

function evidence(i: number, extra: Record<string, unknown> = {}): Evidence {
  const bundle = {
    ...sample,
    host: { collector: 'test', collectedAt: `2026-11-21T03:${String(10 + i).padStart(2, '0')}:00.000Z` },
    ...extra,
  };
  return {
    bundle,
    diagnosis: diagnose(bundle),
    takenAt: `2026-11-21T03:${String(10 + i).padStart(2, '0')}:00.000Z`,
    reason: `agent: round ${i}`,
  };
}

/** A clock one second further on each reading. */
function ticking(start: string): () => Date {
  let t = Date.parse(start);
  return () => {
    t += 1000;
    return new Date(t);
  };
}

/** The same contract for every implementation: what issue 23's "Replace node" and the pipeline rely on. */
function contract(name: string, make: (clock: () => Date) => Promise<EvidenceArchive>) {
  describe(name, () => {
    it('keeps a bundle and its diagnosis, lists it, and gets it back whole', async () => {
      const archive = await make(ticking('2026-11-21T03:20:00Z'));
      const e = evidence(1);
      const { id } = await archive.keep('prod/worker-7', e);
      expect(id).toMatch(EVIDENCE_ID);
      const listed = await archive.list('prod/worker-7');
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({
        id,
        incidentKey: 'prod/worker-7',
        takenAt: e.takenAt,
        reason: 'agent: round 1',
        verdict: 'fd_exhaustion',
      });
      expect(listed[0]?.bytes).toBeGreaterThan(1000);
      const got = await archive.get(id);
      expect(got?.bundle).toEqual(e.bundle);
      expect(got?.diagnosis).toEqual(JSON.parse(JSON.stringify(e.diagnosis)));
      expect(await archive.list('prod/worker-8')).toEqual([]);
      expect(await archive.get('ev-00000000000000000000000000000000')).toBeUndefined();
    });

    it('keeping the same evidence again (a redelivered job) is the same record', async () => {
      const archive = await make(ticking('2026-11-21T03:20:00Z'));
      const a = await archive.keep('prod/worker-7', evidence(1));
      const b = await archive.keep('prod/worker-7', evidence(1));
      expect(b.id).toBe(a.id);
      expect(await archive.list('prod/worker-7')).toHaveLength(1);
    });

    it('keeps at most perIncident records per incident, newest first, the oldest dropped', async () => {
      const archive = await make(ticking('2026-11-21T03:20:00Z'));
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await archive.keep('prod/worker-7', evidence(i))).id);
      await archive.keep('prod/worker-9', evidence(0));
      const listed = await archive.list('prod/worker-7');
      expect(listed.map((s) => s.id)).toEqual(ids.slice(2).reverse());
      expect(await archive.get(ids[0] ?? '')).toBeUndefined();
      expect(await archive.list('prod/worker-9')).toHaveLength(1);
    });

    it('refuses what is not evidence', async () => {
      const archive = await make(() => new Date());
      await expect(archive.keep('prod/worker-7', { ...evidence(1), takenAt: 'yesterday' })).rejects.toThrow();
    });
  });
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

contract('SQLite archive (DATA_DIR/evidence.db)', async (now) => {
  const dir = mkdtempSync(join(tmpdir(), 'pleg-evidence-'));
  dirs.push(dir);
  return new SqliteEvidenceArchive(openEvidenceDb(dir), { perIncident: 3 }, now);
});

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

contract('S3 archive (s3rver through @aws-sdk/client-s3)', async (now) => {
  const bucket = await s3.bucket();
  return new S3EvidenceArchive(s3.client(), { bucket, bounds: { perIncident: 3 }, now });
});

describe('SQLite archive bounds', () => {
  it('drops records past the retention and the oldest past the total size', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pleg-evidence-'));
    dirs.push(dir);
    let t = Date.parse('2026-11-01T00:00:00Z');
    const db = openEvidenceDb(dir);
    const old = new SqliteEvidenceArchive(db, { retentionDays: 30 }, () => new Date(t));
    const first = await old.keep('prod/worker-1', evidence(1));
    t += 31 * 86_400_000;
    await old.keep('prod/worker-2', evidence(2));
    expect(await old.get(first.id)).toBeUndefined();

    // Incompressible bundles of ~40 KB each against a 100 KB bound: the oldest go first.
    const small = new SqliteEvidenceArchive(db, { maxBytes: 100_000 }, ticking(new Date(t).toISOString()));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const noise = randomBytes(30_000).toString('base64');
      ids.push((await small.keep(`prod/big-${i}`, evidence(i, { padding: noise }))).id);
    }
    const present = await Promise.all(ids.map(async (id) => (await small.get(id)) !== undefined));
    expect(present.at(-1)).toBe(true);
    expect(present[0]).toBe(false);
    const stored = db.prepare('SELECT SUM(stored) AS n FROM evidence').get() as { n: number };
    expect(stored.n).toBeLessThanOrEqual(100_000);
  });
});
