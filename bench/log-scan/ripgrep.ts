import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** The ripgrep to compare against: Debian's package, installed on first use when missing. */
export interface Ripgrep {
  path: string;
  version: string;
}

function locate(): Ripgrep | undefined {
  const r = spawnSync('rg', ['--version'], { encoding: 'utf8' });
  if (r.status !== 0 || r.error) return undefined;
  const which = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' });
  return { path: which.stdout.trim() || 'rg', version: (r.stdout.split('\n')[0] ?? '').trim() };
}

function apt(args: string[], log: (line: string) => void): boolean {
  log(`  $ apt-get ${args.join(' ')}`);
  const r = spawnSync('apt-get', args, {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 180_000,
  });
  if (r.error) {
    log(`    ${r.error.message}`);
    return false;
  }
  if (r.status !== 0) {
    const tail = `${r.stderr}`.trim().split('\n').slice(-2).join(' | ');
    log(`    exit ${r.status}${tail ? `: ${tail}` : ''}`);
    return false;
  }
  return true;
}

/**
 * Finds `rg`, or installs Debian's `ripgrep` (`apt-get install`, then `apt-get update` and again if the package
 * lists are stale). Returns undefined, with the reason logged, when that is impossible (no root, no apt, no
 * network): the caller skips the comparison rather than failing.
 */
export function ensureRipgrep(log: (line: string) => void): Ripgrep | undefined {
  const found = locate();
  if (found) return found;
  log('rg not found: installing Debian ripgrep');
  const install = ['install', '-y', '--no-install-recommends', 'ripgrep'];
  if (!apt(install, log) && !(apt(['update'], log) && apt(install, log))) return undefined;
  return locate();
}

export interface RipgrepRun {
  elapsedMs: number;
  /** Stopped at the time cap before it finished: `elapsedMs` is the cap, a lower bound of its time. */
  stopped: boolean;
  /** Matching lines (`rg --count`). */
  lines: number;
  /** CPU time, user + system (through GNU time where it is installed; NaN without it). */
  cpuMs: number;
  /** Peak RSS (likewise). */
  rssBytes: number;
}

const GNU_TIME = '/usr/bin/time';

/**
 * `rg --count -f PATTERNS FILE`: every line that matches any pattern, counted once, which is the work the
 * engine does before classifying (find each matching line). Config files and mmap heuristics are left to rg's
 * defaults except for `--no-config`, so a user's ripgreprc cannot change the comparison.
 */
export function runRipgrep(
  rg: Ripgrep,
  patternsFile: string,
  file: string,
  capMs = Number.POSITIVE_INFINITY,
): Promise<RipgrepRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // The rule base's alternations compile past ripgrep's default 100 MB regex limit (from ~740 patterns): the
    // baseline is ripgrep with room to run the same patterns, not ripgrep refusing them.
    const args = [
      '--no-config',
      '--count',
      '--regex-size-limit',
      '2G',
      '--dfa-size-limit',
      '2G',
      '-f',
      patternsFile,
      file,
    ];
    const timed = existsSync(GNU_TIME);
    const [command, argv] = timed ? [GNU_TIME, ['-f', '%M %U %S', rg.path, ...args]] : [rg.path, args];
    // Its own process group, so that stopping it stops rg under GNU time too (rg holds the pipes open).
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    // Some pattern sets take rg's regex engine off its fast paths (bounded gaps, long alternations): past the cap
    // the run is stopped and reported as at least that slow, so the comparison still ends.
    let stopped = false;
    const cap = Number.isFinite(capMs)
      ? setTimeout(() => {
          stopped = true;
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        }, capMs)
      : undefined;
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(cap);
      const elapsedMs = performance.now() - started;
      if (stopped) {
        resolve({ elapsedMs, stopped, lines: Number.NaN, cpuMs: Number.NaN, rssBytes: Number.NaN });
        return;
      }
      // Exit 1 means "no match": a count of zero, still a valid run.
      if (code !== 0 && code !== 1) {
        reject(new Error(`rg exited ${code}: ${err.trim()}`));
        return;
      }
      const [rss, user, sys] = timed ? (err.trimEnd().split('\n').pop() ?? '').split(' ').map(Number) : [];
      resolve({
        elapsedMs,
        stopped,
        lines: Number(out.trim() || '0'),
        cpuMs: ((user ?? Number.NaN) + (sys ?? Number.NaN)) * 1000,
        rssBytes: (rss ?? Number.NaN) * 1024,
      });
    });
  });
}
