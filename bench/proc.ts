import { readFileSync } from 'node:fs';

/** A /proc/PID[/task/TID]/stat line: the command name, and the CPU time (user + system) used so far, in µs. */
export function readStat(path: string): { name: string; cpuMicros: number } {
  const stat = readFileSync(path, 'utf8');
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms.
  return { name, cpuMicros: (Number(fields[11]) + Number(fields[12])) * 10_000 };
}
