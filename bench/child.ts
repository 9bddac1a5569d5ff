import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readStat } from './proc.ts';

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
      const { name, cpuMicros } = readStat(join(tasks, tid, 'stat'));
      const group = name === 'MainThread' ? 'main' : 'other';
      used.set(group, (used.get(group) ?? 0) + cpuMicros);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return used;
}
