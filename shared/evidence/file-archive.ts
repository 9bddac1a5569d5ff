import { randomUUID } from 'node:crypto';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeDir } from '../make-dir.ts';
import type { Evidence, EvidenceArchive } from './archive.ts';

/**
 * The archive as one JSON file per entry under a directory (DATA_DIR/evidence on Node), written to a temporary
 * name and renamed, so an entry is whole or absent. A stand-in until the evidence archive of issue 21 replaces it
 * behind the same port.
 */
export class FileEvidenceArchive implements Pick<EvidenceArchive, 'keep'> {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  async keep(incidentKey: string, entry: Evidence): Promise<{ id: string }> {
    makeDir(this.#dir);
    const id = `${entry.takenAt.replace(/[:.]/g, '')}-${randomUUID().slice(0, 8)}`;
    const file = join(this.#dir, `${id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify({ id, incidentKey, ...entry }), { mode: 0o600 });
    await rename(`${file}.tmp`, file);
    return { id };
  }
}
