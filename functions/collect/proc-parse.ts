/**
 * Readers of /proc texts, pure: each takes what the kernel prints and returns numbers, so they are tested on
 * captured files (test/collect/proc-parse.test.ts) and the probe that reads /proc stays a thin loop.
 */

export interface StatLine {
  pid: number;
  comm: string;
  state: string;
  ppid: number;
}

/** `/proc/PID/stat`: `pid (comm) S ppid ...`; comm may hold spaces and parentheses, so split at the last `)`. */
export function parseStat(text: string): StatLine | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const [state = '', ppid = ''] = text
    .slice(close + 2)
    .trim()
    .split(' ');
  const pid = Number(text.slice(0, open).trim());
  if (!Number.isInteger(pid) || !state) return undefined;
  return { pid, comm: text.slice(open + 1, close), state, ppid: Number(ppid) };
}

/** The soft `Max open files` of `/proc/PID/limits`; null when unlimited, undefined when the line is missing. */
export function parseMaxOpenFiles(text: string): number | null | undefined {
  const m = /^Max open files\s+(\d+|unlimited)\s+/m.exec(text);
  if (!m?.[1]) return undefined;
  return m[1] === 'unlimited' ? null : Number(m[1]);
}

/** The effective uid of `/proc/PID/status` (`Uid: real effective saved fs`): inotify limits count per user. */
export function parseEffectiveUid(text: string): number | undefined {
  const m = /^Uid:\s+\d+\s+(\d+)/m.exec(text);
  return m?.[1] ? Number(m[1]) : undefined;
}

/** Watches of one inotify instance: one `inotify wd:` line each in `/proc/PID/fdinfo/FD`. */
export function countInotifyWatches(fdinfo: string): number {
  return fdinfo.match(/^inotify wd:/gm)?.length ?? 0;
}

export interface PsiReading {
  some: { avg10: number; avg60: number; avg300: number };
  full?: { avg10: number; avg60: number; avg300: number };
}

/** `/proc/pressure/{cpu,memory,io}`: `some avg10=0.00 avg60=0.00 avg300=0.00 total=0` and a `full` line. */
export function parsePsi(text: string): PsiReading | undefined {
  const line = (kind: string) => {
    const m = new RegExp(`^${kind} avg10=([\\d.]+) avg60=([\\d.]+) avg300=([\\d.]+)`, 'm').exec(text);
    return m ? { avg10: Number(m[1]), avg60: Number(m[2]), avg300: Number(m[3]) } : undefined;
  };
  const some = line('some');
  if (!some) return undefined;
  const full = line('full');
  return full ? { some, full } : { some };
}

/** `/proc/sys/fs/file-nr`: allocated, free (always 0 since 2.6), maximum. */
export function parseFileNr(text: string): { allocated: number; max: number } | undefined {
  const [allocated, , max] = text.trim().split(/\s+/).map(Number);
  return allocated !== undefined && max !== undefined && Number.isFinite(allocated) && Number.isFinite(max)
    ? { allocated, max }
    : undefined;
}

/** `/proc/loadavg`: the 1, 5 and 15 minute averages. */
export function parseLoadavg(text: string): { one: number; five: number; fifteen: number } | undefined {
  const [one, five, fifteen] = text.trim().split(/\s+/).map(Number);
  return one !== undefined && five !== undefined && fifteen !== undefined && Number.isFinite(one)
    ? { one, five, fifteen }
    : undefined;
}

/** `/proc/meminfo`: MemTotal and MemAvailable in kB. */
export function parseMeminfo(text: string): { totalKiB: number; availableKiB: number } | undefined {
  const total = /^MemTotal:\s+(\d+) kB/m.exec(text)?.[1];
  const available = /^MemAvailable:\s+(\d+) kB/m.exec(text)?.[1];
  return total && available ? { totalKiB: Number(total), availableKiB: Number(available) } : undefined;
}

/** `/etc/os-release`: PRETTY_NAME, as the kubelet reports osImage. */
export function parseOsRelease(text: string): string | undefined {
  const m = /^PRETTY_NAME=(?:"([^"]*)"|(\S+))/m.exec(text);
  return m?.[1] ?? m?.[2];
}

/**
 * What a process is to the node, from its comm (15 characters at most: `containerd-shim` for every shim) and
 * its command line. Undefined for processes that are none of the node's daemons.
 */
export function roleOf(comm: string, cmdline: string): string | undefined {
  if (comm === 'dockerd' || comm === 'containerd' || comm === 'crio' || comm === 'kubelet') return comm;
  if (comm === 'cri-dockerd') return comm;
  if (comm.startsWith('containerd-shim') || /^\S*containerd-shim/.test(cmdline)) return 'containerd-shim';
  if (comm === 'conmon') return 'conmon';
  return undefined;
}

/** Processes the collector reads descriptors of: the daemons first, shims (there may be hundreds) after. */
export function isShim(role: string): boolean {
  return role === 'containerd-shim' || role === 'conmon';
}
