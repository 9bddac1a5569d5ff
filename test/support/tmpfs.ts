import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real small file system that fills up: a tmpfs mounted on a fresh directory. Mounting needs root: CI runs as
 * root; elsewhere `canMountTmpfs` is false and the suites that need it say they skipped.
 */
export const canMountTmpfs: boolean = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'pleg-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

export const TMPFS_SKIP_REASON = 'needs root to mount a tmpfs (CI runs as root)';

export interface Tmpfs {
  dir: string;
  /** Grows (or shrinks) the mount in place: `64m`. */
  resize(size: string): void;
  /** Writes filler files under `dir/filler-*` until a write fails: the file system is then full. */
  fill(): void;
  /** Removes what `fill` wrote. */
  unfill(): void;
  unmount(): void;
}

/** Mounts a tmpfs of `size` (`3m`) on a new directory under the system's temporary directory. */
export function mountTmpfs(size: string): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'pleg-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  let fillers = 0;
  return {
    dir,
    resize(to) {
      execFileSync('mount', ['-o', `remount,size=${to}`, dir], { stdio: 'ignore' });
    },
    fill() {
      // Big writes first, then single pages: the last free page goes too.
      for (const bytes of [64 * 1024, 4096]) {
        for (;;) {
          try {
            writeFileSync(join(dir, `filler-${fillers++}`), Buffer.alloc(bytes));
          } catch {
            break;
          }
        }
      }
    },
    unfill() {
      for (let i = 0; i < fillers; i++) rmSync(join(dir, `filler-${i}`), { force: true });
      fillers = 0;
    },
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
