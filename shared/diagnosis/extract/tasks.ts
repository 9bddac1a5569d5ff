import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactId, FactSet } from '../facts.ts';
import { POD_CGROUP, RUNTIME_UNIT } from '../rules/kernel.ts';
import { bundleRuns, runAndLogTexts } from './run.ts';

/**
 * systemd's task accounting per unit, as systemctl prints it: `systemctl status` shows `Tasks: N (limit: M)` under
 * the unit's header line (src/systemctl/systemctl.c print_status_info from v227, systemctl-show.c from v247; the
 * limit only when one is set), and `systemctl show` prints `TasksCurrent=N` and `TasksMax=M` (with `Id=` when asked).
 * A unit whose count has reached its limit cannot fork or start threads: whose unit it is says whose problem it
 * is. The container runtime's unit holds the daemon, every shim and (by driver and release) container processes, so
 * its limit (DefaultTasksMax=512 from v228, later 15% of the lower of pid_max and threads-max, unless the unit sets TasksMax=) is
 * reached by the containers it runs; the kubelet's unit at its limit is the kubelet starved of threads.
 */

/** A unit's name where systemctl names it: status's header (● name.service - …), show's Id=/Names=. */
const UNIT_HEADER = /^\s*(?:[●○×*↻]\s*)?([\w@.:-]+\.service)(?:\s+-\s|\s*$)/;
const UNIT_PROPERTY = /^\s*(?:Id|Names)=([\w@.:-]+\.service)\b/;
/** A systemctl command line (a prompt, or the key of commandOutputs): the unit is its last argument. */
const SYSTEMCTL = /systemctl\s+(?:--no-pager\s+|-l\s+)*(?:status|show)\s+(.*)/;

function unitOfCommand(line: string): string | undefined {
  const args = SYSTEMCTL.exec(line)?.[1]?.split(/\s+/) ?? [];
  let unit: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-p' || arg === '--property' || arg === '-n' || arg === '--lines') i++;
    else if (/^[\w@.:-]+$/.test(arg) && !arg.startsWith('-')) unit = arg;
    else if (/^[|;&]/.test(arg)) break;
  }
  return unit;
}

const TASKS_LINE = /^\s*Tasks:\s+(\d+)\s+\(limit:\s+(\d+)\)/;
const TASKS_CURRENT = /^\s*TasksCurrent=(\d+)\s*$/;
const TASKS_MAX = /^\s*TasksMax=(\d+)\s*$/;

const RUNTIME_UNITS = new Set([
  'docker.service',
  'containerd.service',
  'crio.service',
  'cri-o.service',
  'k3s.service',
  'k3s-agent.service',
  'rke2-server.service',
  'rke2-agent.service',
  'snap.microk8s.daemon-containerd.service',
  'snap.microk8s.daemon-kubelite.service',
]);
const KUBELET_UNITS = new Set(['kubelet.service']);

/** At the limit: every further fork in the unit fails. A few below it, forks fail in bursts already. */
const AT_LIMIT = 0.98;

function unitName(name: string): string {
  return name.endsWith('.service') ? name : `${name}.service`;
}

function factOf(unit: string): FactId | undefined {
  if (RUNTIME_UNITS.has(unit)) return 'pid.runtime_unit_limit';
  if (KUBELET_UNITS.has(unit)) return 'pid.pressure';
  return undefined;
}

function read(text: string, source: string, command: string | undefined, facts: FactSet): void {
  let unit = command ? unitOfCommand(command) : undefined;
  let current: number | undefined;
  let max: number | undefined;
  const report = (count: number, limit: number, line: string) => {
    if (!unit || limit <= 0 || count < limit * AT_LIMIT) return;
    const name = unitName(unit);
    const id = factOf(name);
    if (id) facts.add({ id, source, text: `${name}: ${line.trim()}`, value: count / limit });
  };
  for (const line of text.split('\n')) {
    const named = UNIT_HEADER.exec(line)?.[1] ?? UNIT_PROPERTY.exec(line)?.[1] ?? unitOfCommand(line);
    if (named) {
      unit = named;
      current = undefined;
      max = undefined;
      continue;
    }
    const tasks = TASKS_LINE.exec(line);
    if (tasks) {
      report(Number(tasks[1]), Number(tasks[2]), line);
      continue;
    }
    const c = TASKS_CURRENT.exec(line)?.[1];
    if (c !== undefined) current = Number(c);
    const m = TASKS_MAX.exec(line)?.[1];
    if (m !== undefined) max = Number(m);
    if ((c !== undefined || m !== undefined) && current !== undefined && max !== undefined) {
      report(current, max, `TasksCurrent=${current} TasksMax=${max}`);
      current = undefined;
      max = undefined;
    }
  }
}

/**
 * The node's own limits on threads: kernel.pid_max (PIDs are handed to threads too) and kernel.threads-max, as sysctl
 * prints them (`kernel.pid_max = 32768`) or as the /proc/sys file's value under its `cat`.
 */
const PID_MAX = /kernel[./]pid_max\s*=\s*(\d+)/;
const THREADS_MAX = /kernel[./]threads-max\s*=\s*(\d+)/;
const CAT_LIMIT = /cat\s+\/proc\/sys\/kernel\/(pid_max|threads-max)\s*$/;
/**
 * How many threads the node runs: /proc/loadavg's fourth field is runnable/total scheduling entities (every thread
 * of every process; fs/proc/loadavg.c, nr_threads), and `ps -eLf | wc -l` / `ps -eT | wc -l` count them by listing.
 */
const LOADAVG = /^\s*\d+\.\d+\s+\d+\.\d+\s+\d+\.\d+\s+\d+\/(\d+)\s+\d+\s*$/;
const THREAD_COUNT_COMMAND = /ps\s+(?:-[a-zA-Z]*[LT][a-zA-Z]*|[a-zA-Z]*[LT][a-zA-Z]*)\b[^|\n]*\|\s*wc\s+-l/;

interface Reading {
  value: number;
  source: string;
  text: string;
}

type Pending = 'limit' | 'count' | undefined;

/** What a command (a prompt line, or the key of commandOutputs) prints next: a limit, a thread count, or neither. */
function pendingOf(command: string): Pending {
  if (CAT_LIMIT.test(command)) return 'limit';
  if (THREAD_COUNT_COMMAND.test(command)) return 'count';
  return undefined;
}

/** The node's thread limits and thread counts in one text. */
function threadReadings(text: string, source: string, command: string | undefined) {
  const limits: Reading[] = [];
  const counts: Reading[] = [];
  let pending = command ? pendingOf(command) : undefined;
  let prompt = command ?? '';
  for (const line of text.split('\n')) {
    const limit = PID_MAX.exec(line)?.[1] ?? THREADS_MAX.exec(line)?.[1];
    if (limit) limits.push({ value: Number(limit), source, text: line.trim() });
    const total = LOADAVG.exec(line)?.[1];
    if (total) counts.push({ value: Number(total), source, text: `/proc/loadavg: ${line.trim()}` });
    const bare = /^\s*(\d+)\s*$/.exec(line)?.[1];
    if (bare && pending) {
      (pending === 'limit' ? limits : counts).push({
        value: Number(bare),
        source,
        text: `${prompt} → ${bare}`,
      });
      pending = undefined;
    }
    const next = pendingOf(line);
    if (next) {
      pending = next;
      prompt = line.trim();
    }
  }
  return { limits, counts };
}

/** The node's thread count at (95% of) the lower of its pid_max and threads-max: the node is out of PIDs. */
function nodeThreads(
  texts: ReadonlyArray<{ text: string; source: string; command?: string }>,
  facts: FactSet,
): void {
  const readings = texts.map((t) => threadReadings(t.text, t.source, t.command));
  const limits = readings.flatMap((r) => r.limits).filter((l) => l.value > 0);
  if (!limits.length) return;
  const limit = limits.reduce((a, b) => (b.value < a.value ? b : a));
  for (const count of readings.flatMap((r) => r.counts)) {
    if (count.value < limit.value * 0.95) continue;
    facts.add({
      id: 'pid.pressure',
      source: count.source,
      text: `${count.text} (of ${limit.text})`,
      value: count.value / limit.value,
    });
  }
}

/**
 * The pids controller's own files (Documentation/admin-guide/cgroup-v2.rst, "PID" section): pids.max, pids.current
 * and pids.events, whose "max N" counts the forks refused at this cgroup's limit. Read as `cat` prints them under the
 * command, or as `grep . DIR/pids.*` prints them (path:value).
 */
const PIDS_FILE_COMMAND = /cat\s+(\/sys\/fs\/cgroup\/\S*?)\/?pids\.(current|max|events)\s*$/;
const PIDS_FILE_LINE = /(\/sys\/fs\/cgroup\/\S*?)\/pids\.(current|max|events):(.*)$/;
const RUNTIME_UNIT_PATH = new RegExp(`/${RUNTIME_UNIT}(?:/|$)`);
const POD_PATH = new RegExp(POD_CGROUP);

interface PidsDir {
  current?: number;
  max?: number;
  refused?: number;
  source: string;
  lines: string[];
}

function pidsValue(dir: PidsDir, file: string, value: string, line: string): void {
  const v = value.trim();
  if (file === 'current' && /^\d+$/.test(v)) dir.current = Number(v);
  else if (file === 'max' && /^\d+$/.test(v)) dir.max = Number(v);
  else if (file === 'events' && /^max \d+$/.test(v)) dir.refused = Number(v.slice(4));
  else return;
  dir.lines.push(line.trim());
}

function pidsDirs(
  text: string,
  source: string,
  command: string | undefined,
  dirs: Map<string, PidsDir>,
): void {
  const dirOf = (path: string) => {
    const found = dirs.get(path) ?? { source, lines: [] };
    dirs.set(path, found);
    return found;
  };
  let pending = command ? PIDS_FILE_COMMAND.exec(command) : null;
  for (const line of text.split('\n')) {
    const inline = PIDS_FILE_LINE.exec(line);
    if (inline?.[1] && inline[2]) {
      pidsValue(dirOf(inline[1]), inline[2], inline[3] ?? '', line);
      continue;
    }
    const next = PIDS_FILE_COMMAND.exec(line);
    if (next) {
      pending = next;
      continue;
    }
    if (pending?.[1] && pending[2] && line.trim()) {
      pidsValue(dirOf(pending[1]), pending[2], line, `${pending[0].trim()} → ${line.trim()}`);
      if (pending[2] !== 'events' || /^max /.test(line.trim())) pending = null;
    }
  }
}

/** Whose the cgroup is: the runtime's unit, one pod or container, or another (kubepods, a slice). */
function pidsFactOf(path: string): FactId {
  if (RUNTIME_UNIT_PATH.test(path)) return 'pid.runtime_unit_limit';
  if (POD_PATH.test(path)) return 'pid.pod_limit';
  return 'pid.cgroup_limit';
}

/** A cgroup whose forks were refused at its pids.max, or whose count has reached it. */
function pidsLimits(
  texts: ReadonlyArray<{ text: string; source: string; command?: string }>,
  facts: FactSet,
): void {
  const dirs = new Map<string, PidsDir>();
  for (const t of texts)
    if (/pids\.(?:current|max|events)/.test(`${t.command ?? ''}\n${t.text}`))
      pidsDirs(t.text, t.source, t.command, dirs);
  for (const [path, dir] of dirs) {
    const atLimit =
      dir.current !== undefined && dir.max !== undefined && dir.max > 0 && dir.current >= dir.max * AT_LIMIT;
    if (!atLimit && !(dir.refused && dir.refused > 0)) continue;
    facts.add({ id: pidsFactOf(path), source: dir.source, text: `${path}: ${dir.lines.join('; ')}` });
  }
}

/**
 * Reads task counts against their limits wherever they were pasted (logs and command outputs): systemd's per unit,
 * the pids controller's per cgroup, and the node's threads against pid_max and threads-max.
 */
export function extractTaskLimits(bundle: EvidenceBundle, facts: FactSet): void {
  const texts = runAndLogTexts(bundleRuns(bundle), bundle);
  for (const t of texts) if (/Tasks/.test(t.text)) read(t.text, t.source, t.command, facts);
  pidsLimits(texts, facts);
  if (texts.some((t) => /pid_max|threads-max/.test(`${t.command ?? ''}\n${t.text}`)))
    nodeThreads(texts, facts);
}
