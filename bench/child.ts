import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A server process on this Node, once it says where it listens (the Node host's "listening on http://…" line). */
export async function startChild(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let seen = '';
  const url = await new Promise<string>((resolve, reject) => {
    const look = (d: Buffer) => {
      seen += d;
      const m = /listening on (http:\/\/[\d.:]+)/.exec(seen);
      if (m?.[1]) resolve(m[1]);
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', look);
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${seen}`)));
  });
  return { child, url };
}

/** SIGTERM, and its exit. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time (µs) each thread of a process has used so far, by thread name; empty where /proc is missing. */
export function threadCpu(pid: number | undefined): Map<string, number> {
  const used = new Map<string, number>();
  const tasks = `/proc/${pid}/task`;
  if (pid === undefined || !existsSync(tasks)) return used;
  for (const tid of readdirSync(tasks)) {
    try {
      const stat = readFileSync(join(tasks, tid, 'stat'), 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms.
      const us = (Number(fields[11]) + Number(fields[12])) * 10_000;
      const group = name === 'MainThread' ? 'main' : 'other';
      used.set(group, (used.get(group) ?? 0) + us);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return used;
}
