import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A memory cgroup of its own for a process the benchmark starts, as a pod's memory limit would be: the child's
 * memory is charged to it, and the kernel's OOM killer acts on it at the limit. Created as a child of this
 * process's own memory cgroup (so any limit above still applies), v2 or v1, whichever controls memory here; where
 * neither can be written, under systemd-run (a transient scope with MemoryMax). `start` wraps a command so that
 * it runs in the cgroup from its first instruction.
 */
export interface MemoryCgroup {
  /** How the limit is enforced, for the report: `cgroup v1 /sys/fs/cgroup/memory/...`. */
  describe: string;
  /** The command line that runs `argv` inside the cgroup. */
  wrap(argv: readonly string[]): string[];
  /** Bytes charged now (process memory and its page cache). */
  usage(): number;
  /** Bytes charged minus inactive file pages: what the kubelet calls the working set. */
  workingSet(): number;
  /** Times the limit was reached and the kernel's OOM killer killed a process in the cgroup. */
  oomKills(): number;
  remove(): void;
}

/** Why no cgroup could be made: the benchmark then runs without a limit and says so. */
export interface NoCgroup {
  unavailable: string;
}

const ROOT = '/sys/fs/cgroup';

function read(file: string): string {
  return readFileSync(file, 'utf8');
}

function stat(file: string, key: string): number {
  return Number(new RegExp(`^${key} (\\d+)$`, 'm').exec(read(file))?.[1] ?? 0);
}

/** This process's cgroup path for the v1 `memory` controller, or for v2 (`0::`), from /proc/self/cgroup. */
function ownPath(controller: 'memory' | 'unified'): string | undefined {
  for (const line of read('/proc/self/cgroup').split('\n')) {
    const [, controllers, path] = line.split(':');
    if (controller === 'unified' ? line.startsWith('0::') : controllers?.split(',').includes('memory'))
      return path;
  }
  return undefined;
}

/** `sh -c` that moves itself into `procs` and then becomes the command. */
function wrapper(procs: string): (argv: readonly string[]) => string[] {
  return (argv) => ['sh', '-c', 'echo $$ > "$0" && exec "$@"', procs, ...argv];
}

function v2(limitBytes: number, name: string): MemoryCgroup | string {
  const own = ownPath('unified');
  const mount = existsSync(join(ROOT, 'cgroup.controllers')) ? ROOT : join(ROOT, 'unified');
  if (own === undefined || !existsSync(join(mount, 'cgroup.controllers'))) return 'no cgroup v2 hierarchy';
  if (
    !read(join(mount, own, 'cgroup.controllers'))
      .split(/\s/)
      .includes('memory')
  )
    return 'cgroup v2 has no memory controller here (it is bound to v1)';
  const parent = join(mount, own);
  // A cgroup that holds processes cannot hand memory to children (v2's "no internal processes" rule) unless it
  // is the root: enabling it fails then, and v1 or systemd-run is tried instead.
  writeFileSync(join(parent, 'cgroup.subtree_control'), '+memory');
  const dir = join(parent, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'memory.max'), String(limitBytes));
  if (existsSync(join(dir, 'memory.swap.max'))) writeFileSync(join(dir, 'memory.swap.max'), '0');
  return v2At(dir, `cgroup v2 ${dir}`, wrapper(join(dir, 'cgroup.procs')), () => rmdirSync(dir));
}

function v2At(
  dir: string,
  describe: string,
  wrap: (argv: readonly string[]) => string[],
  remove: () => void,
): MemoryCgroup {
  const current = () => Number(read(join(dir, 'memory.current')));
  return {
    describe,
    wrap,
    usage: current,
    workingSet: () => current() - stat(join(dir, 'memory.stat'), 'inactive_file'),
    oomKills: () => stat(join(dir, 'memory.events'), 'oom_kill'),
    remove,
  };
}

function v1(limitBytes: number, name: string): MemoryCgroup | string {
  const own = ownPath('memory');
  const mount = join(ROOT, 'memory');
  if (own === undefined || !existsSync(join(mount, 'memory.limit_in_bytes')))
    return 'no cgroup v1 memory hierarchy';
  const dir = join(mount, own, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'memory.limit_in_bytes'), String(limitBytes));
  // No swap either, as in a pod (where the node has swap at all).
  if (existsSync(join(dir, 'memory.memsw.limit_in_bytes')))
    writeFileSync(join(dir, 'memory.memsw.limit_in_bytes'), String(limitBytes));
  const usage = () => Number(read(join(dir, 'memory.usage_in_bytes')));
  return {
    describe: `cgroup v1 ${dir}`,
    wrap: wrapper(join(dir, 'cgroup.procs')),
    usage,
    workingSet: () => usage() - stat(join(dir, 'memory.stat'), 'total_inactive_file'),
    oomKills: () => stat(join(dir, 'memory.oom_control'), 'oom_kill'),
    remove: () => rmdirSync(dir),
  };
}

/** A transient systemd scope with MemoryMax (cgroup v2 under systemd); its directory is found once it runs. */
function systemdRun(limitBytes: number, name: string): MemoryCgroup | string {
  const probe = spawnSync('systemctl', ['is-system-running'], { encoding: 'utf8' });
  const state = probe.stdout?.trim();
  if (probe.error || !['running', 'degraded'].includes(state ?? ''))
    return `systemd-run unusable (systemd is ${state || 'absent'})`;
  const unit = `${name}.scope`;
  const dir = join(ROOT, 'system.slice', unit);
  return v2At(
    dir,
    `systemd-run --scope -p MemoryMax=${limitBytes} (${dir})`,
    (argv) => [
      'systemd-run',
      '--quiet',
      '--scope',
      `--unit=${unit}`,
      `-p`,
      `MemoryMax=${limitBytes}`,
      '-p',
      'MemorySwapMax=0',
      ...argv,
    ],
    () => undefined,
  );
}

/** A memory cgroup limited to `limitBytes`, or why none could be made (each way tried, in order). */
export function memoryCgroup(limitBytes: number, name: string): MemoryCgroup | NoCgroup {
  const reasons: string[] = [];
  for (const make of [v2, v1, systemdRun]) {
    try {
      const made = make(limitBytes, name);
      if (typeof made !== 'string') return made;
      reasons.push(made);
    } catch (error) {
      reasons.push(`${make.name}: ${(error as Error).message}`);
    }
  }
  return { unavailable: reasons.join('; ') };
}
