import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { openEvidenceDb, SqliteEvidenceArchive } from '../../shared/evidence/sqlite-archive.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';

const MAIN = join(import.meta.dirname, '..', '..', 'functions', 'cli', 'main.ts');
const dir = mkdtempSync(join(tmpdir(), 'pleg-incidents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dir, EVIDENCE_BUCKET: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let id = '';
beforeAll(async () => {
  const bundle = EvidenceBundleSchema.parse({
    ...JSON.parse(
      readFileSync(join(import.meta.dirname, '../../infra/samples/bundle-fd-exhaustion.json'), 'utf8'),
    ),
    host: { collector: 'pleg-responder 0.1.0', collectedAt: '2026-11-21T03:15:00.000Z' },
  });
  const archive = new SqliteEvidenceArchive(openEvidenceDb(dir));
  ({ id } = await archive.keep('prod-eu1/worker-7.eu1.internal', {
    bundle,
    diagnosis: diagnose(bundle),
    takenAt: '2026-11-21T03:15:00.000Z',
    reason: 'pleg-responder agent: PLEG last seen 412 s ago',
  }));
});

describe('pleg-responder incidents show', () => {
  it('by incident key: the kept evidence listed, the newest whole with its diagnosis', () => {
    const r = cli(['incidents', 'show', 'prod-eu1/worker-7.eu1.internal']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('incident prod-eu1/worker-7.eu1.internal: 1 piece(s) of evidence kept');
    expect(r.stdout).toContain(id);
    expect(r.stdout).toContain('fd_exhaustion');
    expect(r.stdout).toContain('PLEG last seen 412 s ago');
    expect(r.stdout).toMatch(/logs: .*dockerd/);
  });

  it('by evidence id, as JSON: the record with its whole bundle', () => {
    const r = cli(['incidents', 'show', id, '-o', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.shown.id).toBe(id);
    expect(out.shown.diagnosis.verdict).toBe('fd_exhaustion');
    expect(out.shown.bundle.logs.dockerd).toContain('too many open files');
  });

  it('says what is missing in one line', () => {
    expect(cli(['incidents', 'show', 'ev-00000000000000000000000000000000'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('not in the archive'),
    });
    expect(cli(['incidents', 'show', 'worker-7'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('expected an evidence id'),
    });
    expect(cli(['incidents', 'show', 'prod/none']).stdout).toContain('0 piece(s) of evidence kept');
    const empty = mkdtempSync(join(tmpdir(), 'pleg-incidents-empty-'));
    const r = spawnSync(process.execPath, [MAIN, 'incidents', 'show', 'prod/x', '--data-dir', empty], {
      encoding: 'utf8',
    });
    rmSync(empty, { recursive: true, force: true });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no evidence archive');
  });
});
