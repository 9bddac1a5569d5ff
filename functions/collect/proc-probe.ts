/**
 * The /proc reader of `pleg-responder collect`, run as a child process (built to dist/proc-probe.js) so that it
 * can be killed: reading /proc/PID/cmdline waits for the process's memory-map lock, and a process wedged in the
 * kernel can hold that lock forever, which no timer inside one process can interrupt. It prints one JSON record a
 * line as it goes (see ProcRecord), so what it read before a hang still reaches the bundle, and says which file
 * it was reading (`at`) before each read that can block.
 *
 *   node proc-probe.js PROC_DIR SETTLE_MS MAX_SHIMS
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { cpus } from 'node:os';
import type { HostProcess, StuckProcess } from '../../shared/schemas/host.ts';
import {
  countInotifyWatches,
  isShim,
  parseEffectiveUid,
  parseFileNr,
  parseLoadavg,
  parseMaxOpenFiles,
  parseMeminfo,
  parsePsi,
  parseStat,
  roleOf,
  type StatLine,
} from './proc-parse.ts';

export type ProcRecord =
  | ({ type: 'process' } & HostProcess)
  | { type: 'processesOmitted'; count: number }
  | ({ type: 'stuck' } & StuckProcess)
  | { type: 'inotify'; uid: number; instances: number; watches: number; topPid: number }
  | { type: 'system'; name: string; value: unknown }
  | { type: 'denied'; what: string; count: number; example: string }
  | { type: 'at'; path: string }
  | { type: 'done' };

/** Command lines are cut to this; the kubelet's keeps more, its flags are evidence. */
const CMDLINE_CHARS = 300;
const KUBELET_CMDLINE_CHARS = 4000;

const emit = (record: ProcRecord) => process.stdout.write(`${JSON.stringify(record)}\n`);

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

/** Read after saying where: the bundle then names the file if this is where the probe hung. */
function cmdline(proc: string, pid: number, chars = CMDLINE_CHARS): string | undefined {
  const path = `${proc}/${pid}/cmdline`;
  emit({ type: 'at', path });
  return read(path)?.replaceAll('\0', ' ').trim().slice(0, chars) || undefined;
}

interface Descriptors {
  open: number;
  inotifyInstances: number;
  inotifyWatches: number;
}

/** Counts a process's descriptors and its inotify instances and watches; throws EACCES without ptrace rights. */
function descriptors(proc: string, pid: number): Descriptors {
  const dir = `${proc}/${pid}/fd`;
  const fds = readdirSync(dir);
  let inotifyInstances = 0;
  let inotifyWatches = 0;
  for (const fd of fds) {
    let target: string;
    try {
      target = readlinkSync(`${dir}/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    if (target !== 'anon_inode:inotify') continue;
    inotifyInstances += 1;
    inotifyWatches += countInotifyWatches(read(`${proc}/${pid}/fdinfo/${fd}`) ?? '');
  }
  return { open: fds.length, inotifyInstances, inotifyWatches };
}

function system(proc: string): void {
  const readings: Array<[string, unknown]> = [
    ['fileHandles', parseFileNr(read(`${proc}/sys/fs/file-nr`) ?? '')],
    [
      'inotifyLimits',
      (() => {
        const instances = Number(read(`${proc}/sys/fs/inotify/max_user_instances`)?.trim() ?? Number.NaN);
        const watches = Number(read(`${proc}/sys/fs/inotify/max_user_watches`)?.trim() ?? Number.NaN);
        return Number.isFinite(instances) && Number.isFinite(watches)
          ? { maxUserInstances: instances, maxUserWatches: watches }
          : undefined;
      })(),
    ],
    [
      'pressure',
      Object.fromEntries(
        ['cpu', 'memory', 'io'].flatMap((k) => {
          const psi = parsePsi(read(`${proc}/pressure/${k}`) ?? '');
          return psi ? [[k, psi]] : [];
        }),
      ),
    ],
    [
      'load',
      (() => {
        const load = parseLoadavg(read(`${proc}/loadavg`) ?? '');
        return load ? { ...load, cores: cpus().length } : undefined;
      })(),
    ],
    ['memory', parseMeminfo(read(`${proc}/meminfo`) ?? '')],
    ['kernelVersion', read(`${proc}/sys/kernel/osrelease`)?.trim()],
  ];
  for (const [name, value] of readings) {
    if (value !== undefined && !(typeof value === 'object' && value && Object.keys(value).length === 0))
      emit({ type: 'system', name, value });
  }
}

function stats(proc: string): Map<number, StatLine> {
  const all = new Map<number, StatLine>();
  for (const name of readdirSync(proc)) {
    if (!/^\d+$/.test(name)) continue;
    const stat = parseStat(read(`${proc}/${name}/stat`) ?? '');
    if (stat) all.set(stat.pid, stat);
  }
  return all;
}

interface Denied {
  count: number;
  example: string;
}

/** The node's daemons with their descriptors; shims beyond `maxShims` are counted, not listed. */
function daemons(proc: string, all: Map<number, StatLine>, maxShims: number, denied: Denied): void {
  const found = [...all.values()].flatMap((s) => {
    const role = roleOf(s.comm, '');
    return role ? [{ stat: s, role }] : [];
  });
  const shims = found.filter((f) => isShim(f.role));
  const listed = [...found.filter((f) => !isShim(f.role)), ...shims.slice(0, maxShims)];
  if (shims.length > maxShims) emit({ type: 'processesOmitted', count: shims.length - maxShims });
  for (const { stat, role } of listed) {
    const record: HostProcess = {
      pid: stat.pid,
      role,
      comm: stat.comm,
      cmdline: cmdline(proc, stat.pid, role === 'kubelet' ? KUBELET_CMDLINE_CHARS : CMDLINE_CHARS),
    };
    const limit = parseMaxOpenFiles(read(`${proc}/${stat.pid}/limits`) ?? '');
    if (limit !== undefined) record.maxOpenFiles = limit;
    try {
      const d = descriptors(proc, stat.pid);
      Object.assign(record, {
        openFiles: d.open,
        inotifyInstances: d.inotifyInstances,
        inotifyWatches: d.inotifyWatches,
      });
    } catch (error) {
      record.unreadable = `${proc}/${stat.pid}/fd: ${errorCode(error)}`;
      denied.count += 1;
      denied.example ||= record.unreadable;
    }
    emit({ type: 'process', ...record });
  }
}

/** inotify instances and watches per user: the limits (fs.inotify.max_user_*) are per user, not per process. */
function inotifyByUser(proc: string, all: Map<number, StatLine>, denied: Denied): void {
  const users = new Map<number, { instances: number; watches: number; topPid: number; top: number }>();
  for (const pid of all.keys()) {
    let d: Descriptors;
    try {
      d = descriptors(proc, pid);
    } catch (error) {
      if (errorCode(error) === 'EACCES') {
        denied.count += 1;
        denied.example ||= `${proc}/${pid}/fd: EACCES`;
      }
      continue;
    }
    if (d.inotifyInstances === 0) continue;
    const uid = parseEffectiveUid(read(`${proc}/${pid}/status`) ?? '') ?? 0;
    const user = users.get(uid) ?? { instances: 0, watches: 0, topPid: pid, top: 0 };
    user.instances += d.inotifyInstances;
    user.watches += d.inotifyWatches;
    if (d.inotifyInstances > user.top) Object.assign(user, { top: d.inotifyInstances, topPid: pid });
    users.set(uid, user);
  }
  for (const [uid, u] of users)
    emit({ type: 'inotify', uid, instances: u.instances, watches: u.watches, topPid: u.topPid });
}

/** Processes still in D or Z state `settleMs` after first seen so: a moment of disk wait is not a hang. */
function stuck(proc: string, first: Map<number, StatLine>, seenAt: number, settleMs: number): void {
  const candidates = [...first.values()].filter((s) => s.state === 'D' || s.state === 'Z');
  const wait = seenAt + settleMs - Date.now();
  if (candidates.length > 0 && wait > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
  for (const before of candidates) {
    const now = parseStat(read(`${proc}/${before.pid}/stat`) ?? '');
    if (!now || now.state !== before.state) continue;
    const parent = parseStat(read(`${proc}/${now.ppid}/stat`) ?? '');
    const wchan = read(`${proc}/${now.pid}/wchan`)?.trim();
    // A zombie has no memory map: its cmdline is empty, and reading it cannot block.
    const record: StuckProcess = {
      pid: now.pid,
      state: now.state as 'D' | 'Z',
      comm: now.comm,
      cmdline: now.state === 'Z' ? undefined : cmdline(proc, now.pid),
      wchan: wchan && wchan !== '0' ? wchan : undefined,
      stack: now.state === 'D' ? read(`${proc}/${now.pid}/stack`)?.trim() || undefined : undefined,
      seenForMs: Date.now() - seenAt,
      parent: parent ? { pid: parent.pid, comm: parent.comm, cmdline: cmdline(proc, parent.pid) } : undefined,
    };
    emit({ type: 'stuck', ...record });
  }
}

function main([proc = '/proc', settle = '1000', maxShims = '50']: string[]): void {
  system(proc);
  const seenAt = Date.now();
  const all = stats(proc);
  const denied: Denied = { count: 0, example: '' };
  daemons(proc, all, Number(maxShims), denied);
  inotifyByUser(proc, all, denied);
  stuck(proc, all, seenAt, Number(settle));
  if (denied.count > 0) emit({ type: 'denied', what: 'descriptor tables', ...denied });
  emit({ type: 'done' });
}

if (import.meta.main) main(process.argv.slice(2));
