import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '..', '..', 'functions', 'node', 'server.ts');
const dir = mkdtempSync(join(tmpdir(), 'pleg-datadir-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the real server and returns how it ended: it must stop at once, with one line. */
function start(dataDir: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [SERVER], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: r.status, stderr: r.stderr };
}

function expectOneLine(stderr: string, dataDir: string, why: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`DATA_DIR ${dataDir} cannot hold the queue and incident state`);
  expect(lines[0]).toMatch(why);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
}

/** A read-only file system needs root to mount (CI runs as root). */
function readOnlyMount(path: string): boolean {
  try {
    mkdirSync(path, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('an unusable DATA_DIR', () => {
  it('stops the server with one line and exit 2 when DATA_DIR is under a file', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a directory');
    const r = start(join(file, 'data'), { INGEST_TOKEN: 'token-0123456789abcdef' });
    expect(r.status).toBe(2);
    expectOneLine(r.stderr, join(file, 'data'), /ENOTDIR/);
  });

  // procfs answers ENOENT to mkdir: Node's recursive mkdir retried that forever at full CPU (the timeout of
  // `start` would end it with status null).
  it.skipIf(process.platform !== 'linux')(
    'stops the server with one line and exit 2 when DATA_DIR cannot be created (under /proc)',
    () => {
      const envs: Record<string, string>[] = [{ INGEST_TOKEN: 'token-0123456789abcdef' }, {}];
      for (const env of envs) {
        const r = start('/proc/pleg-responder/data', env);
        expect(r.status).toBe(2);
        expectOneLine(r.stderr, '/proc/pleg-responder/data', /ENOENT/);
      }
    },
  );

  const ro = join(dir, 'read-only');
  it.skipIf(process.getuid?.() !== 0 || !readOnlyMount(ro))(
    'stops the server with one line and exit 2 on a read-only file system, with or without a token',
    () => {
      try {
        const envs: Record<string, string>[] = [{ INGEST_TOKEN: 'token-0123456789abcdef' }, {}];
        for (const env of envs) {
          const r = start(ro, env);
          expect(r.status).toBe(2);
          expectOneLine(r.stderr, ro, /EROFS|unable to open database file/);
        }
      } finally {
        execFileSync('umount', [ro]);
      }
    },
  );
});
