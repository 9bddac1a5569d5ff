import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** The built command, as `npm pack` ships it. */
export const ROOT = join(import.meta.dirname, '..');
export const CLI = join(ROOT, 'dist', 'cli.js');
const GNU_TIME = '/usr/bin/time';

/** Builds dist/ (scripts/build.ts, as `npm run build` does) and returns build.ts's one-line summary. */
export function buildCli(): string {
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr}`);
  return build.stdout.trim();
}

/** Where peak RSS figures come from on this machine. */
export function rssSource(): string {
  return existsSync(GNU_TIME) ? GNU_TIME : 'process.resourceUsage()';
}

export interface NodeRun {
  /** Wall time from spawning the process to its exit. */
  ms: number;
  /** Peak resident set size of the whole process (all its threads). */
  rssBytes: number;
  /** CPU time, user + system, of the whole process (GNU time only; NaN without it). */
  cpuMs: number;
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node ARGS` and measures its peak RSS: GNU time's %M where it is installed, else the process's own
 * maxRSS, written at exit by a module loaded with --import (its few hundred KB count for every run alike).
 * `rssFile` is a scratch path for the latter.
 */
export function runNode(args: readonly string[], rssFile: string): Promise<NodeRun> {
  const timed = existsSync(GNU_TIME);
  const [command, argv] = timed
    ? [GNU_TIME, ['-f', '%M %U %S', process.execPath, ...args]]
    : [process.execPath, ['--import', reportRss(rssFile), ...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (status) => {
      const ms = performance.now() - started;
      let stderr = Buffer.concat(err).toString('utf8');
      let kib: number;
      let cpuMs = Number.NaN;
      if (timed) {
        const lines = stderr.trimEnd().split('\n');
        const [rss, user, sys] = (lines.pop() ?? '').split(' ').map(Number);
        kib = rss ?? Number.NaN;
        cpuMs = ((user ?? Number.NaN) + (sys ?? Number.NaN)) * 1000;
        stderr = lines.join('\n');
      } else {
        kib = Number(readFileSync(rssFile, 'utf8'));
      }
      resolve({
        ms,
        rssBytes: kib * 1024,
        cpuMs,
        status,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr,
      });
    });
  });
}

function reportRss(file: string): string {
  const source = `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS)));`;
  return `data:text/javascript,${encodeURIComponent(source)}`;
}
