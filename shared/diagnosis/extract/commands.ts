import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { Component } from '../components.ts';
import type { FactSet } from '../facts.ts';
import { goroutineFacts } from '../paste/goroutines.ts';
import { kernelStackFacts, sleepingTraceFacts } from '../paste/kernel-stack.ts';
import { readUnitStatus, statusBlocksIn, type UnitStatus } from '../paste/systemctl-status.ts';
import { scanText } from '../scanner.ts';
import { agentDescribeFacts, agentStartCutFacts } from './agent-start.ts';
import { clockStatusFacts } from './clock.ts';
import { recordContainerCount } from './counts.ts';
import { bundleLogs } from './logs.ts';
import { memoryFigureFacts, vmstatSwapFacts } from './memory-figures.ts';
import { cniAgentLogFacts, podTableFacts } from './pod-table.ts';
import { bundleRuns, type Run, runAndLogTexts } from './run.ts';
import { runcChildren } from './runc-children.ts';
import { CONTAINER_THRESHOLDS } from './thresholds.ts';

// `sudo timeout 10 docker ps`: the wrappers people put in front of a command.
const WRAPPERS = /^(?:(?:sudo|timeout(?:\s+-\S+)*\s+\S+|env)\s+)*/;
const RUNTIME_CLI = /^(docker|crictl|ctr|nerdctl|podman)\s+(?:-{1,2}\S+\s+)*(?:container\s+)?(\S+)/;
const CONTAINER_SCOPED = new Set([
  'inspect',
  'kill',
  'rm',
  'stop',
  'logs',
  'exec',
  'top',
  'wait',
  'restart',
  'start',
]);
const SYSTEMD_CLI = /^(?:systemctl|busctl|dbus-send|gdbus)\b/;
/** What a command that never returned looks like once someone gave up on it, or said so beside its output. */
const HUNG_OUTPUT =
  /^\s*(?:\^C|Terminated)\s*$|timed out|[Tt]imeout|deadline exceeded|context canceled|Cannot connect to|Is the docker daemon running|connection refused|NoReply|Did not receive a reply|no response|\((?:hung|hangs|stuck)\)|\b(?:hung|hangs|never returns?)\b/m;

function strip(command: string): string {
  return command.trim().replace(WRAPPERS, '');
}

function firstInteger(text: string): number | undefined {
  const m = /(?:^|\s)(\d+)(?:\s|$)/.exec(text);
  return m ? Number(m[1]) : undefined;
}

function lastInteger(text: string): number | undefined {
  const all = [...text.matchAll(/\d+/g)];
  const last = all.at(-1);
  return last ? Number(last[0]) : undefined;
}

/** Runtime CLI calls: a hang about one container is not the same as a daemon that stopped answering. */
function runtimeCommand(run: Run, facts: FactSet): void {
  const m = RUNTIME_CLI.exec(strip(run.command));
  if (!m) return;
  const scoped = CONTAINER_SCOPED.has(m[2] ?? '');
  const hung = HUNG_OUTPUT.test(run.output);
  const text = `${run.command} → ${run.output.trim().split('\n')[0]?.slice(0, 160) ?? ''}`;
  if (hung)
    facts.add({ id: scoped ? 'runtime.container_cmd_hang' : 'runtime.cmd_hang', source: run.source, text });
  else if (run.output.trim()) facts.add({ id: 'runtime.answers', source: run.source, text });
}

/** A node daemon's unit as `systemctl status` shows it: dead, crash-looping, not enabled; a host slice's memory. */
function unitState(status: UnitStatus, command: string, run: Run, facts: FactSet): void {
  hostSlice(status, run, facts);
  const unit =
    /\b(docker|containerd|crio|cri-docker|kubelet|k3s-agent|k3s|rke2-server|rke2-agent|daemon-kubelite|edgecore)(?:\.service)?\b/.exec(
      `${command} ${status.unit ?? ''}`,
    )?.[1];
  if (!unit) return;
  // The agents that embed the kubelet: their unit's process is the kubelet's.
  const kubelet = !/^(?:docker|containerd|crio|cri-docker)$/.test(unit);
  if (status.stopped || status.restarting) {
    facts.add({
      id: kubelet ? 'kubelet.dead' : 'runtime.service_failed',
      source: run.source,
      text: status.text,
    });
  }
  // Stopped for good (failed, dead, start limit hit): nothing will bring it back without someone.
  if (status.stopped) {
    facts.add({
      id: kubelet ? 'kubelet.unit_failed' : 'runtime.unit_failed',
      source: run.source,
      text: status.text,
    });
  }
  // Why it is not running, when the block says: a step of the unit's start failed before the kubelet ran. The same
  // text as the facts above: one status block is one piece of evidence, however many facts it gives.
  if (kubelet && status.failedStep && (status.stopped || status.restarting)) {
    facts.add({ id: 'kubelet.start_step_failed', source: run.source, text: status.text });
  }
  if (!kubelet && status.enablement === 'disabled' && status.stopped) {
    facts.add({
      id: 'runtime.not_enabled',
      source: run.source,
      text: `${status.unit ?? unit}: disabled, ${status.active}`,
    });
  }
}

function systemdCommand(run: Run, facts: FactSet): void {
  const command = strip(run.command);
  if (!SYSTEMD_CLI.test(command)) return;
  if (HUNG_OUTPUT.test(run.output) || /Failed to (?:connect to bus|get D-Bus connection)/.test(run.output)) {
    facts.add({
      id: 'systemd.cmd_hang',
      source: run.source,
      text: `${run.command} → ${run.output.trim().slice(0, 160)}`,
    });
  }
  const status = readUnitStatus(run.output);
  if (status) unitState(status, command, run, facts);
  if (/--type[= ]scope/.test(command) && /wc -l/.test(command)) {
    const n = firstInteger(run.output);
    if (n !== undefined && n >= 1000) {
      facts.add({ id: 'systemd.scope_pileup', source: run.source, text: run.output.trim(), value: n });
    }
  }
}

/**
 * Round 21 (r21-runtime-words): `systemctl show UNIT -p NRestarts` (systemd 235 and later; src/core/dbus-service.c
 * exposes service.c's n_restarts, counted up at each automatic restart and reset only when the unit is started by
 * hand): a node daemon's unit restarted by systemd more than three times since it was last started by someone keeps
 * exiting (the threshold the EKS node monitoring agent's RepeatedRestart uses, systemd.ts). Read per unit named.
 */
const NRESTARTS = /^NRestarts=(\d+)\s*$/m;
const REPEATED_RESTARTS = 3;
function unitRestartCount(run: Run, facts: FactSet): void {
  const command = strip(run.command);
  if (!/^systemctl\b.*\bshow\b/.test(command)) return;
  const units = [
    ...command.matchAll(
      /\b(docker|containerd|crio|cri-docker|kubelet|k3s-agent|k3s|rke2-server|rke2-agent)(?:\.service)?\b/g,
    ),
  ];
  // One unit only: with several, the output's properties do not say which is which.
  if (units.length !== 1) return;
  const unit = units[0]?.[1] ?? '';
  const n = Number(NRESTARTS.exec(run.output)?.[1] ?? Number.NaN);
  if (!(n > REPEATED_RESTARTS)) return;
  const kubelet = !/^(?:docker|containerd|crio|cri-docker)$/.test(unit);
  facts.add({
    id: kubelet ? 'kubelet.dead' : 'runtime.service_failed',
    source: run.source,
    text: `${run.command} → NRestarts=${n}`,
    value: n,
  });
}

/** The slices host daemons run in; kubepods.slice is the pods' own, whose limit is node allocatable. */
const HOST_SLICE = /^(?:system|runtime|podruntime)\.slice$/;
/** At the limit, give or take what the kernel reclaims on its way there. */
const AT_LIMIT = 0.95;

/** A host slice at its memory limit: the kubelet's system-reserved enforcement, or a drop-in, caps it. */
function hostSlice(status: UnitStatus, run: Run, facts: FactSet): void {
  if (!status.unit || !HOST_SLICE.test(status.unit) || !status.memory) return;
  const { used, max } = status.memory;
  if (used / max < AT_LIMIT) return;
  facts.add({ id: 'mem.system_slice_limit', source: run.source, text: status.text, value: used / max });
}

/** Long-running `journalctl -f` / `tail -f` children each hold an inotify instance until the limit (128) is hit. */
function inotifyFollowers(run: Run, facts: FactSet): void {
  const followers = run.output.split('\n').filter((l) => /(?:journalctl\b.*\s-\w*f\b|tail -f)/.test(l));
  if (followers.length >= 5) {
    facts.add({
      id: 'fd.inotify_leak',
      source: run.source,
      text: `${followers.length} follower processes, e.g. ${followers[0]?.trim() ?? ''}`,
      value: followers.length,
    });
  }
}

function limits(run: Run, facts: FactSet): void {
  const command = strip(run.command);
  const value = lastInteger(run.output);
  if (value === undefined) return;
  const text = `${run.command} → ${run.output.trim()}`;
  if (/max_user_watches/.test(command) && value <= 8192) {
    facts.add({ id: 'fd.limit_low', source: run.source, text, value });
  }
  if (/max_user_instances/.test(command) && value <= 128) {
    facts.add({ id: 'fd.limit_low', source: run.source, text, value });
  }
  if (/file-nr/.test(command)) {
    const [allocated, , max] = run.output.trim().split(/\s+/).map(Number);
    if (allocated !== undefined && max && allocated / max >= 0.9) {
      facts.add({ id: 'fd.near_limit', source: run.source, text, value: allocated / max });
    }
  }
}

interface DescriptorReading {
  run: Run;
  daemon: string | undefined;
  value: number;
}

const DAEMON = /\b(dockerd|docker|containerd|crio|kubelet)\b/;
/** A unit's open-files limit as `systemctl show` prints it (the hard limit). */
const UNIT_NOFILE = /LimitNOFILE=(\d+|infinity)/;
/** A running process's soft limit, as /proc/PID/limits and prlimit print it. */
const PROC_NOFILE = /Max open files\s+(\d+|unlimited)/;
const PRLIMIT_NOFILE = /NOFILE\s+max number of open files\s+(\d+|unlimited)/;
const LIMIT = new RegExp(
  [UNIT_NOFILE.source, PROC_NOFILE.source, PRLIMIT_NOFILE.source, '^\\s*(\\d+)\\s*$'].join('|'),
  'm',
);

/** The daemon's own name for one people call by its client's ("docker" runs dockerd). */
function daemonName(name: string): string {
  return name.replace(/^docker$/, 'dockerd');
}

function daemonOf(command: string): string | undefined {
  const name = DAEMON.exec(command)?.[1];
  return name === undefined ? undefined : daemonName(name);
}

// `ls /proc/1234/fd | wc -l`, `ls /proc/$(pidof dockerd)/fd | wc -l`, `lsof -p 1234 | wc -l`
const FD_COUNT = /\/proc\/(?:\d+|self|\$\(pidof [\w-]+\)|`pidof [\w-]+`)\/fd\b.*wc -l|lsof\b.*wc -l/;

/** Descriptor counts: how many descriptors one daemon holds. */
function descriptorCounts(runs: readonly Run[]): DescriptorReading[] {
  return runs.flatMap((run) => {
    const command = strip(run.command);
    if (!FD_COUNT.test(command)) return [];
    const value = firstInteger(run.output);
    return value === undefined ? [] : [{ run, daemon: daemonOf(command), value }];
  });
}

/** `systemctl show -p LimitNOFILE`, `/proc/PID/limits`, `prlimit`, `ulimit -n`: the soft limit (infinity if unlimited). */
function descriptorLimits(runs: readonly Run[]): DescriptorReading[] {
  return runs.flatMap((run) => {
    const command = strip(run.command);
    if (!/LimitNOFILE|\/limits\b|ulimit -n|^prlimit\b/.test(command)) return [];
    const m = LIMIT.exec(run.output);
    const value = nofileValue(m?.[1] ?? m?.[2] ?? m?.[3] ?? m?.[4]);
    return value === undefined ? [] : [{ run, daemon: daemonOf(command), value }];
  });
}

/**
 * The commands that print an open-files limit: the shell's (`ulimit -n`, `-Sn`, `-Hn`, `-a`), a unit's
 * (`systemctl show -p LimitNOFILE <unit>`, or `--property=`), a running process's (`cat` or `grep` of
 * /proc/PID/limits, `prlimit -n -p PID`). Their output is read here with its owner, not scanned line by line: a
 * limits table says nothing until one knows whose it is.
 */
const NOFILE_COMMAND =
  /^ulimit\s+-(?:[SH]?n|[SH]?a)\b|^systemctl\s+show\b[^|]*(?:LimitNOFILE|\s-p\s*LimitNOFILE)|^systemctl\s+show\b.*\|\s*grep\s+[^|]*NOFILE|\/proc\/(?:\d+|self|\$\([^)]*\)|`[^`]*`)\/limits\b|^prlimit\b/;

/** The node's own daemons, by the names people give them in a command: the runtimes, the kubelet, the agents that embed it. */
const NODE_DAEMON =
  /\b(dockerd|docker|containerd|cri-dockerd|crio|kubelet|k3s|k3s-agent|rke2-server|rke2-agent|kubelite|edgecore)\b/;

/**
 * At or below this a node daemon's open-files limit is low. The runtimes' own units shipped LimitNOFILE=1048576
 * (moby contrib/init/systemd/docker.service 1.13-20.10, containerd's containerd.service 1.1-1.5) and then
 * infinity (docker 23.0-24.0, containerd 1.6-1.7); docker 25.0 and containerd 2.0 dropped the line for systemd's
 * default (soft 1024, hard 524288 since v240), which Go 1.19 and later daemons raise their soft limit to. A runtime
 * or kubelet held to a few thousand descriptors (the kernel's own hard default, 4096, or less) runs out with a few
 * hundred containers: every container costs it FIFOs, sockets and log files.
 */
const LOW_NOFILE = 4096;

/** The kernel's and systemd's default soft limit: what every login shell prints, whatever its hard limit allows. */
const DEFAULT_SOFT_NOFILE = 1024;

function nofileValue(raw: string | undefined): number | undefined {
  if (!raw) return undefined;
  return /^\d+$/.test(raw) ? Number(raw) : Number.POSITIVE_INFINITY;
}

interface NofileReading {
  value: number;
  /** The daemon the limit is of; undefined for the shell's own. */
  owner: string | undefined;
  shown: string;
}

/** One run's open-files limit with its owner, or nothing when the command is not one or names no node daemon. */
function nofileReading(run: Run): NofileReading | undefined {
  const command = strip(run.command);
  if (!NOFILE_COMMAND.test(command)) return undefined;
  const out = run.output;
  if (/^ulimit\b/.test(command)) {
    // `ulimit -n` and `-Sn` print the soft limit, `-Hn` the hard, `-a` a table with "open files (-n) N". The
    // default soft 1024 says nothing: the shell's hard limit stands behind it, and a Go daemon started from it raises
    // its soft limit to that. Any other number was set (bash's `ulimit -n N` sets soft and hard alike) and is
    // what everything started by hand from that shell inherits.
    const hard = /-H[an]\b/.test(command);
    const raw = /-[SH]?a\b/.test(command)
      ? /open files\s+\(-n\)\s+(\d+|unlimited)/.exec(out)?.[1]
      : /^\s*(\d+|unlimited)\s*$/m.exec(out)?.[1];
    const value = nofileValue(raw);
    if (value === undefined || (!hard && value === DEFAULT_SOFT_NOFILE)) return undefined;
    return { value, owner: undefined, shown: `${run.command} → ${raw}` };
  }
  const owner = NODE_DAEMON.exec(command)?.[1];
  // An application's own limits (nginx, a JVM, a database), or a bare PID nothing ties to a node daemon.
  if (!owner) return undefined;
  // systemctl show: LimitNOFILE= is the hard limit, which Go daemons raise their soft limit to.
  const unit = UNIT_NOFILE.exec(out);
  // /proc/PID/limits and prlimit: the running process's soft limit, already raised if it raised it.
  const table = PROC_NOFILE.exec(out) ?? PRLIMIT_NOFILE.exec(out);
  const raw = unit?.[1] ?? table?.[1];
  const value = nofileValue(raw);
  if (value === undefined) return undefined;
  const line = (unit ?? table)?.[0] ?? '';
  return {
    value,
    owner: daemonName(owner),
    shown: `${run.command} → ${line.replace(/\s+/g, ' ')}`,
  };
}

/**
 * A node daemon's open-files limit, or the shell's it was started from, at a few thousand or less: far below what
 * the runtimes' units ship. A hint alone (nothing says it was reached); beside EMFILE it is why.
 */
function descriptorLimitLow(runs: readonly Run[], facts: FactSet): void {
  for (const run of runs) {
    const reading = nofileReading(run);
    if (!reading || reading.value > LOW_NOFILE) continue;
    const whose = reading.owner
      ? `${reading.owner}'s open-files limit`
      : "the shell's open-files limit (inherited by what is started from it)";
    facts.add({
      id: 'fd.limit_low',
      source: run.source,
      text: `${reading.shown}: ${whose} is ${reading.value}`,
      value: reading.value,
    });
  }
}

/** Pairs each descriptor count with the limit of the same daemon and reports how close to it it is. */
function descriptorUse(runs: readonly Run[], facts: FactSet): void {
  const limits = descriptorLimits(runs);
  for (const u of descriptorCounts(runs)) {
    const limit = limits.find((l) => l.daemon === u.daemon) ?? (limits.length === 1 ? limits[0] : undefined);
    if (!limit || !Number.isFinite(limit.value) || limit.value <= 0) continue;
    const ratio = u.value / limit.value;
    const text = `${u.run.command} → ${u.value} of ${limit.value} (${Math.round(ratio * 100)}% of the limit from ${limit.run.command})`;
    if (ratio >= 0.9) facts.add({ id: 'fd.near_limit', source: u.run.source, text, value: ratio });
    else if (ratio <= 0.5) facts.add({ id: 'fd.within_limit', source: u.run.source, text, value: ratio });
  }
}

/**
 * Descriptors one process holds past which it is leaking whatever its limit (a runtime daemon or the kubelet holds
 * hundreds to a few thousand; the kernel's file table, fs.file-max, defaults to about 10% of memory in 1 KiB units):
 * counted exactly, from /proc/PID/fd.
 */
const DAEMON_FDS_HIGH = 20000;
/**
 * The same in a per-process tally of lsof's rows, which repeat a process's descriptors for each of its threads on
 * lsof 4.90+ (the TID column; a Go daemon runs dozens): a busy node's daemons reach tens of thousands there.
 */
const DAEMON_LSOF_ROWS_HIGH = 100000;
/** lsof's COMMAND column is 9 characters by default (+c to widen): containerd shows as "container". */
const LSOF_DAEMON = /^(?:dockerd|containerd?|containerd-shim\S*|kubelet|crio)$/;

/** One tally row: `uniq -c`'s count and what it counted (lsof's COMMAND or PID column). */
const TALLY_ROW = /^\s*(\d+)\s+(\S+)\s*$/;

/**
 * The holder of a descriptor leak, from a per-process count: a tally of lsof's rows by COMMAND or PID (`lsof | awk
 * '{print $2}' | sort | uniq -c | sort -n`), or one process's /proc/PID/fd counted (`ls /proc/$(pidof dockerd)/fd |
 * wc -l`). A node daemon at the top of the tally, or counted alone, past the thresholds above holds the descriptors
 * the node runs out of: fd_exhaustion with its holder, not an application's.
 */
function descriptorHolders(runs: readonly Run[], pids: DaemonPids, facts: FactSet): void {
  const holder = (key: string) =>
    /^\d+$/.test(key) ? pids.get(key) : LSOF_DAEMON.test(key) ? key : undefined;
  for (const run of runs) {
    const command = strip(run.command);
    if (/\blsof\b/.test(command) && /uniq -c/.test(command)) lsofTally(run, holder, facts);
    else if (/\/proc\/(?:\d+|\$\(pidof [\w-]+\)|`pidof [\w-]+`)\/fd\b.*wc -l/.test(command)) {
      const pid = /\/proc\/(\d+)\/fd/.exec(command)?.[1];
      const name = daemonOf(command) ?? (pid ? holder(pid) : undefined);
      const value = firstInteger(run.output);
      if (name && value !== undefined && value >= DAEMON_FDS_HIGH)
        facts.add({
          id: 'fd.daemon_top_holder',
          source: run.source,
          text: `${name} holds ${value} open descriptors (${run.command})`,
          value,
        });
    }
  }
}

/** A tally of lsof's rows by COMMAND or PID (descriptorHolders): its largest row, when a node daemon's. */
function lsofTally(run: Run, holder: (key: string) => string | undefined, facts: FactSet): void {
  const rows = run.output
    .split('\n')
    .map((l) => TALLY_ROW.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ count: Number(m[1]), key: m[2] ?? '' }))
    .sort((a, b) => b.count - a.count);
  const first = rows[0];
  const name = first ? holder(first.key) : undefined;
  if (first && name && first.count >= DAEMON_LSOF_ROWS_HIGH)
    facts.add({
      id: 'fd.daemon_top_holder',
      source: run.source,
      text: `${name} (${first.key}) holds the most: ${first.count} lsof rows, of ${rows.length} processes tallied`,
      value: first.count,
    });
}

/** inotify(7): fs.inotify.max_user_instances defaults to 128, per real user ID; node daemons all run as root. */
const DEFAULT_MAX_USER_INSTANCES = 128;

/** A listing of inotify instances: by /proc's descriptor links, by lsof, or by the inotify-info tool. */
const INOTIFY_LISTING = /anon_inode:?\[?inotify|lsof\b.*inotify|\/proc\/\*\/fd.*inotify|inotify-info/;
/anon_inode:?\[?inotify|lsof\b.*inotify|\/proc\/\*\/fd[^|]*\|[^|]*(?:\|[^|]*)*inotify|inotify-info/;

interface Holder {
  command: string;
  pid: string;
  instances: number;
}

/**
 * One process's share of the instances, from a line of any of the listings' forms:
 * - `uniq -c` over PIDs, optionally through `ps -o '%p %U %c …'`: `  46 3276111 root containerd-shim …` (count, PID,
 *   user, command) or `  46 3276111` (count, PID);
 * - inotify-info: `  39697 0 containerd-shim-runc-v2 12 6` (PID, UID, command, watches, instances);
 * - lsof: `containerd 880 root 12u a_inode 0,14 0 9 inotify`, one line per instance;
 * - the links themselves: `/proc/880/fd/12`, one line per instance.
 */
function holderOf(line: string, inotifyInfo: boolean): Holder | undefined {
  if (inotifyInfo) {
    const m = /^\s*(\d+)\s+\d+\s+(\S+)\s+[\d,]+\s+([\d,]+)\s*$/.exec(line);
    return m
      ? { pid: m[1] ?? '', command: m[2] ?? '', instances: Number((m[3] ?? '').replace(/,/g, '')) }
      : undefined;
  }
  const counted = /^\s*(\d+)(?:\s+(\d+))?(?:\s+\S+\s+(\S+))?/.exec(line);
  if (counted) return { instances: Number(counted[1]), pid: counted[2] ?? '', command: counted[3] ?? '' };
  const lsof = /^(\S+)\s+(\d+)\s[^\n]*inotify/.exec(line);
  if (lsof) return { command: lsof[1] ?? '', pid: lsof[2] ?? '', instances: 1 };
  const link = /\/proc\/(\d+)\/fd\/\d+/.exec(line);
  return link ? { command: '', pid: link[1] ?? '', instances: 1 } : undefined;
}

/** The listing's holders, one per process (lsof and the raw links list each instance on its own line). */
function holders(output: string, inotifyInfo: boolean): Holder[] {
  const byProcess = new Map<string, Holder>();
  for (const [i, line] of output.split('\n').entries()) {
    if (/^find: /.test(line)) continue;
    const h = holderOf(line, inotifyInfo);
    if (!h || !Number.isFinite(h.instances)) continue;
    const key = h.pid || `line ${i}`;
    const seen = byProcess.get(key);
    if (seen) seen.instances += h.instances;
    else byProcess.set(key, { ...h });
  }
  return [...byProcess.values()];
}

/** `containerd-shim (PID 3276111) holds 46; containerd-shim processes hold 118 in all` */
function holderText(list: readonly Holder[]): string {
  const top = [...list].sort((a, b) => b.instances - a.instances)[0];
  if (!top) return '';
  const name = top.command || 'one process';
  const pid = top.pid ? ` (PID ${top.pid})` : '';
  const sameName = top.command ? list.filter((h) => h.command === top.command) : [top];
  const all = sameName.reduce((a, h) => a + h.instances, 0);
  const family =
    sameName.length > 1 ? `; ${sameName.length} ${top.command} processes hold ${all} in all` : '';
  return `: ${name}${pid} holds the most, ${top.instances}${family}`;
}

/**
 * `find /proc/PID/fd -lname anon_inode:inotify` over every PID, counted (`wc -l`) or per process (`uniq -c`), lsof's
 * inotify lines, or inotify-info's table: every root daemon's instances draw on one per-user limit (inotify(7):
 * fs.inotify.max_user_instances, per real user ID), so their sum is what meets it; within a tenth of the limit
 * the next inotify_init1 of a watcher (cAdvisor's, a shim's cgroup v2 event monitor, `tail -f`) is refused. The
 * fact names the process holding the most, and how many its namesakes hold: one containerd shim per container, each
 * with its own cgroup v2 event watcher, is what climbs with the pod count.
 */
function inotifyInstances(runs: readonly Run[], facts: FactSet): void {
  const limitRun = runs.find((r) => /max_user_instances/.test(r.command));
  const limit = (limitRun && lastInteger(limitRun.output)) || DEFAULT_MAX_USER_INSTANCES;
  for (const run of runs) {
    if (!INOTIFY_LISTING.test(run.command)) continue;
    const inotifyInfo = /inotify-info/.test(run.command);
    const list = holders(run.output, inotifyInfo);
    const total = list.reduce((a, h) => a + h.instances, 0);
    if (!list.length || total < limit * 0.9) continue;
    facts.add({
      id: 'fd.inotify',
      source: run.source,
      text: `${run.command} → ${total} inotify instances (limit ${limit}${limitRun ? '' : ', the default'})${holderText(list)}`,
      value: total,
    });
  }
}

/** mm/memcontrol.c MEM_CGROUP_ID_MAX: memory cgroup IDs fit an unsigned short. */
const MEMCG_ID_MAX = 65535;

/**
 * /proc/cgroups (kernel/cgroup/cgroup-v1.c proc_cgroupstats_show: subsystem, hierarchy, num_cgroups, enabled) counts
 * every cgroup the kernel still holds, removed ones whose pages are still charged included: the memory row near
 * 65535 is the ID space used up, whatever `find` counts in the tree.
 */
function memcgIds(run: Run, facts: FactSet): void {
  const row = /^memory\s+\d+\s+(\d+)\s+1\s*$/m.exec(run.output);
  const count = Number(row?.[1]);
  if (!row || count < MEMCG_ID_MAX * 0.9) return;
  facts.add({
    id: 'mem.memcg_ids_exhausted',
    source: run.source,
    text: `${run.command} → ${count} memory cgroups held by the kernel (IDs end at ${MEMCG_ID_MAX})`,
    value: count,
  });
}

interface PsRow {
  pid: string;
  ppid: string;
  stat: string;
  /** The kernel function the task sleeps in (`ps -o wchan`), when the listing has the column. */
  wchan: string;
  /** top's and `ps aux`'s %CPU, when the listing has the column. */
  cpu?: number;
  command: string;
}

/**
 * Reads `ps` output whose header names PID, PPID and STAT/S columns, with the command last; `top -b` prints its
 * summary lines before the header.
 */
function parsePs(output: string): PsRow[] {
  const all = output.split('\n').filter((l) => l.trim());
  const lines = all.slice(
    Math.max(
      0,
      all.findIndex((l) => /(?:^|\s)PID\s/.test(l)),
    ),
  );
  const header = lines[0]?.trim().split(/\s+/) ?? [];
  const col = (names: string[]) => header.findIndex((h) => names.includes(h.toUpperCase()));
  const pid = col(['PID']);
  const ppid = col(['PPID']);
  const stat = col(['STAT', 'S']);
  const wchan = col(['WCHAN']);
  const cpu = col(['%CPU']);
  if (pid < 0 || (stat < 0 && ppid < 0)) return [];
  return lines.slice(1).map((line) => {
    const cells = line.trim().split(/\s+/);
    const command = cells.slice(header.length - 1).join(' ');
    return {
      pid: cells[pid] ?? '',
      ppid: ppid >= 0 ? (cells[ppid] ?? '') : '',
      // `ps -ef` has no state column: a zombie shows as `[name] <defunct>`.
      stat: stat >= 0 ? (cells[stat] ?? '') : /<defunct>/.test(command) ? 'Z' : '',
      // `-` when the task runs; ps prints the function's name, or its address without symbols.
      wchan: wchan >= 0 && wchan < header.length - 1 ? (cells[wchan] ?? '') : '',
      cpu: cpu >= 0 && cpu < header.length - 1 ? Number((cells[cpu] ?? '').replace(',', '.')) : undefined,
      command,
    };
  });
}

/** Each run's rows, parsed once for the several readers of one listing (states, daemons' PIDs, zombies, shims). */
const psRowsByRun = new WeakMap<Run, PsRow[]>();

function psRows(run: Run): PsRow[] {
  let rows = psRowsByRun.get(run);
  if (!rows) {
    rows = parsePs(run.output);
    psRowsByRun.set(run, rows);
  }
  return rows;
}

/**
 * ext4's journal thread (jbd2/<device>, linux fs/jbd2/journal.c kjournald2) and the writeback workers (flush-<maj>:<min>
 * before 3.10's per-bdi workqueue, kworker/…+flush after, mm/backing-dev.c): the kernel's own writers to the disk.
 */
const DISK_WRITER = /(?:^|[\s[/])(?:jbd2\/|flush-\d|kworker\/\S*\+flush)/;
/** The node daemons whose threads wait on the disk when it is saturated (their logs, state and images live there). */
const DISK_BOUND_DAEMON = /(?:^|[\s/])(?:kubelet|dockerd|containerd|crio|etcd)(?:\s|$)/;

/**
 * A listing that catches the kernel's disk writers and a node daemon in D state at once: the daemon waits on the
 * same disk the journal or writeback is stuck behind, which is the disk saturated, not one task's bug. The journal
 * thread alone is in D for the moment of every commit and proves nothing.
 */
function diskBoundDaemons(rows: readonly PsRow[], run: Run, facts: FactSet): void {
  const blocked = rows.filter((r) => r.stat.startsWith('D'));
  const writer = blocked.find((r) => DISK_WRITER.test(r.command));
  const daemon = blocked.find((r) => DISK_BOUND_DAEMON.test(r.command));
  if (writer && daemon)
    facts.add({
      id: 'io.saturated',
      source: run.source,
      text: `${daemon.pid} D ${daemon.command} with ${writer.pid} D ${writer.command}`,
      value: blocked.length,
    });
}

/** One zombie of a listing, read by its parent: a shim's is a container's; the kubelet's, zombieParents'. */
function zombieRow(row: PsRow, parent: PsRow | undefined, run: Run, facts: FactSet): void {
  if (parent && daemonOfCommand(parent.command) === 'kubelet') return;
  const text = `${row.pid} ${row.stat} ${row.command}`;
  const underShim = parent?.command.includes('shim') ?? false;
  const detail = parent ? `${text} (parent ${parent.pid} ${parent.command})` : text;
  facts.add({ id: underShim ? 'proc.zombie_shim' : 'proc.zombie', source: run.source, text: detail });
}

/**
 * runc's init by its process name or its arguments: nsexec.c names its stages with prctl(PR_SET_NAME)
 * ("runc:[0:PARENT]", "runc:[1:CHILD]", "runc:[2:INIT]"), which top and `ps -o comm` show; `ps aux`
 * and `ps -ef` show its argv, the runtime binary re-executed with the `init` command (main.go's initCommand):
 * `runc init`, `/usr/bin/runc init`, `/usr/local/bin/runc.amd64 init` as the binary was installed.
 */
const RUNC_INIT_ROW =
  /^[\s|\\_`-]*(?:runc:\[[012]:(?:PARENT|CHILD|INIT)\]|(?:\S*\/)?runc(?:\.amd64)?\s+init(?:\s|$))/;
/** Inits stuck at once (in D or spinning) that are no one container's start but the path under the runtime. */
const INIT_PILEUP = 10;
/** top's %CPU for one task on one CPU: an init that spins there is looping in its set-up, not starting. */
const INIT_SPINNING = 90;

/**
 * A listing (ps, top -b) with many runc inits in uninterruptible sleep, or each at a full CPU: every container start
 * on the node stalls in the same step below the runtime (a cgroup or mount operation in the kernel, the service
 * manager's bus for the systemd driver), so the runtime's creates pile up behind them. One or two are a start in
 * progress or one wedged container (runc.init_stuck, from the line rule).
 */
function runcInitPileup(rows: readonly PsRow[], run: Run, facts: FactSet): void {
  const stuck = rows.filter(
    (r) =>
      RUNC_INIT_ROW.test(r.command) &&
      (r.stat.startsWith('D') || (r.cpu !== undefined && r.cpu >= INIT_SPINNING)),
  );
  const first = stuck[0];
  if (new Set(stuck.map((r) => r.pid)).size < INIT_PILEUP || !first) return;
  const how = stuck.every((r) => r.stat.startsWith('D')) ? 'in D state' : 'in D state or at a full CPU';
  facts.add({
    id: 'runc.init_pileup',
    source: run.source,
    text: `${stuck.length} runc inits ${how}, e.g. ${first.pid} ${first.stat} ${first.command}`,
    value: stuck.length,
  });
}

/**
 * The low-level runtime and the shims by their process names: top(1)'s COMMAND is the task's comm (proc(5)
 * /proc/PID/comm, 15 characters: containerd-shim-runc-v2 shows as "containerd-shim"), `ps aux` shows argv. runc's
 * init stages rename themselves (RUNC_INIT_ROW, counted by runcInitPileup).
 */
const RUNTIME_HELPER_ROW =
  /^[\s|\\_`-]*(?:\S*\/)?(?:runc(?:\.amd64)?|crun|containerd-shim\S*|conmon)(?:\s|$)/;
/** Helpers caught at once, each at SPINNING_HELPER % of a CPU or more, that make a loop rather than work. */
const HELPERS_SPINNING = 5;
/**
 * A shim idles (it waits on its container and its pipes), and a runc command returns in milliseconds: one caught at
 * half a CPU in a single snapshot is busy, several at once a loop below the runtime.
 */
const SPINNING_HELPER = 50;

/**
 * A listing (top -b, ps aux) with runc commands or shims by the handful each at half a CPU or more (procps top(1)
 * "%CPU -- CPU Usage: the task's share of the elapsed CPU time since the last screen update"): the work under the
 * runtime is looping (runc re-reading a huge mount table or cgroup tree on every call, an exec storm through the
 * shims, a shim spinning on a closed pipe), so every call the runtime makes through them crawls. Inits are
 * runcInitPileup's.
 */
function runtimeHelpersSpinning(rows: readonly PsRow[], run: Run, facts: FactSet): void {
  if (facts.has('runc.init_pileup')) return;
  const busy = rows.filter(
    (r) =>
      RUNTIME_HELPER_ROW.test(r.command) &&
      !RUNC_INIT_ROW.test(r.command) &&
      r.cpu !== undefined &&
      r.cpu >= SPINNING_HELPER,
  );
  const first = busy[0];
  if (new Set(busy.map((r) => r.pid)).size < HELPERS_SPINNING || !first) return;
  facts.add({
    id: 'proc.runtime_spinning',
    source: run.source,
    text: `${busy.length} runtime helpers at ${SPINNING_HELPER}% of a CPU or more, e.g. ${first.pid} ${first.cpu}% ${first.command}`,
    value: busy.length,
  });
}

function processStates(run: Run, facts: FactSet): void {
  const rows = psRows(run);
  const byPid = new Map(rows.map((r) => [r.pid, r]));
  diskBoundDaemons(rows, run, facts);
  runcInitPileup(rows, run, facts);
  runtimeHelpersSpinning(rows, run, facts);
  for (const row of rows) {
    const text = `${row.pid} ${row.stat} ${row.command}`;
    if (row.stat.startsWith('Z')) zombieRow(row, byPid.get(row.ppid), run, facts);
    else if (row.stat.startsWith('D')) {
      const parent = byPid.get(row.ppid);
      const detail = parent ? `${text} (parent ${parent.pid} ${parent.command})` : text;
      facts.add({ id: 'proc.dstate', source: run.source, text: detail });
      // The function it sleeps in says which subsystem holds it, as a stuck process's wchan does in the collector's
      // readings (extract/host.ts): an NFS wait, the cgroup freezer, block I/O.
      if (/^[a-z_][\w.]*$/.test(row.wchan)) kernelStackFacts(`[<0>] ${row.wchan}`, run.source, facts);
    }
  }
}

/** The node daemon a process listing's command names, by its executable's base name (its first word). */
function daemonOfCommand(command: string): string | undefined {
  const exe = command
    .trim()
    .split(/\s+/)[0]
    ?.replace(/^\[|\]$/g, '');
  const name = exe?.slice(exe.lastIndexOf('/') + 1);
  return name && ['kubelet', 'dockerd', 'containerd', 'crio'].includes(name) ? name : undefined;
}

/** Zombies whose parent is the kubelet at which its leak, not a child caught between exit and wait, is the read. */
const KUBELET_ZOMBIES_MIN = 3;

/** Node daemons by PID, as the evidence names them (daemonPids): read once per bundle, used by every reader. */
type DaemonPids = ReadonlyMap<string, string>;

/** One command's output's daemon PIDs (daemonPids). */
function runDaemonPids(run: Run, pids: Map<string, string>): void {
  for (const row of psRows(run)) {
    const daemon = daemonOfCommand(row.command);
    if (daemon && /^\d+$/.test(row.pid)) pids.set(row.pid, daemon);
  }
  // `ps -p PID` and other listings without a state or parent column: PID first, the command last.
  if (/^ps\b/.test(strip(run.command)))
    for (const m of run.output.matchAll(/^\s*(\d+)\s.*?(?:^|[\s/])(kubelet|dockerd|containerd|crio)\s*$/gm))
      if (m[1] && m[2]) pids.set(m[1], m[2]);
  const asked = /^(?:pidof|pgrep(?:\s+-x)?)\s+(kubelet|dockerd|containerd|crio)\s*$/.exec(strip(run.command));
  if (asked?.[1]) for (const pid of run.output.match(/\d+/g) ?? []) pids.set(pid, asked[1]);
  for (const m of run.output.matchAll(/Main PID: (\d+) \((kubelet|dockerd|containerd|crio)\)/g))
    if (m[1] && m[2]) pids.set(m[1], m[2]);
}

/** A number said to be a daemon's process, in one sentence: "PID 16414, the parent of …, is the kubelet process". */
const SAID_PID_IS =
  /\b(\d{2,7})\b[^.\n。;；]{0,80}?(?:\bis|\bwas|是|为|為) ?(?:the |its )?(kubelet|dockerd|containerd|crio)\b/g;
/** A daemon's PID said with the daemon first: "the kubelet's PID is 812", "kubelet pid: 812", "kubelet进程号 812". */
const SAID_DAEMON_PID =
  /\b(kubelet|dockerd|containerd|crio)(?:'s| process'?s?)? ?(?:PID|pid|进程号|进程 ?ID)(?: is|:|=|为|是)? ?(\d{2,7})\b/g;

/**
 * The PIDs the evidence names for node daemons: rows of any process listing (ps, top), `pidof`/`pgrep` answers, a
 * unit's "Main PID: N (name)" (systemctl status), and journald's "name[PID]:" tag on the daemons' own log lines.
 */
function daemonPids(runs: readonly Run[], bundle: EvidenceBundle): DaemonPids {
  const pids = new Map<string, string>();
  for (const run of runs) runDaemonPids(run, pids);
  for (const { text } of bundleLogs(bundle)) {
    const head = text.slice(0, 1 << 20);
    for (const m of head.matchAll(/ (kubelet|dockerd|containerd|crio)\[(\d+)\]: /g))
      if (m[1] && m[2]) pids.set(m[2], m[1]);
    // A PID a person names as a daemon's, beside the listing: "PID 16414 … is the kubelet", "kubelet's PID is 812".
    for (const m of head.matchAll(SAID_PID_IS)) if (m[1] && m[2]) pids.set(m[1], m[2]);
    for (const m of head.matchAll(SAID_DAEMON_PID)) if (m[1] && m[2]) pids.set(m[2], m[1]);
  }
  return pids;
}

/**
 * `strace -p PID` (with -f, -tt, -T and the like, also bundled before it as getopt allows: `-fp PID`), the PID given
 * or looked up with pidof.
 */
const STRACE_PID = /^strace\b.*\s-[A-Za-z]*p\s*(?:(\d+)|\$\(pidof ([\w-]+)\)|`pidof ([\w-]+)`)/;
/** The node daemons and their runtime helpers whose hung call is the node's, not an application's. */
const STRACE_DAEMON = /^(?:kubelet|dockerd|containerd|containerd-shim\S*|crio|conmon|runc)$/;
/** One call as strace prints it, a thread's prefix first under -f: name(arguments … */
const STRACE_CALL = /^(?:\[pid\s+\d+\]\s*)?(?:[\d:.]+\s+)?([a-z_][a-z0-9_]*)\((.*)$/;
/** The calls that act on a path named in their first string argument (openat's after its dirfd). */
const PATH_CALLS = new Set([
  'open',
  'openat',
  'openat2',
  'stat',
  'lstat',
  'newfstatat',
  'statx',
  'statfs',
  'access',
  'faccessat',
  'faccessat2',
  'readlink',
  'readlinkat',
  'chdir',
  'umount2',
]);
/** Paths whose open blocks by design (a FIFO's partner, a terminal, a device) or that are the kernel's own files. */
const BLOCKING_BY_DESIGN = /^\/(?:dev|proc|sys)\/|fifo"|\.sock"/;

/** A call's end printed apart from its start (strace src/syscall.c print_syscall_resume: "<... %s resumed>"). */
const STRACE_RESUMED = /^(?:\[pid\s+(\d+)\]\s*)?(?:[\d:.]+\s+)?<\.\.\. ([a-z_][a-z0-9_]*) resumed>/;

/**
 * strace(1) prints a call's arguments when it enters and "= result" when it returns (src/syscall.c
 * syscall_entering_trace and syscall_exiting_trace). With -f, another thread's line cutting in ends the first with
 * " <unfinished ...>" (src/strace.c printleader) and its end comes later as "<... NAME resumed>" (src/syscall.c
 * print_syscall_resume); detaching on Ctrl-C ends a call in progress with " <detached ...>" (src/strace.c droptcb).
 * Checked against strace/strace at 3e4d70a (2026-08). A trace whose last call on a path
 * never printed its result has the traced daemon asleep in that filesystem's code: an NFS or FUSE server not
 * answering, a disk stuck, or a file-access agent holding the open. A Go daemon parked in futex or epoll_pwait is
 * idle, not hung; an application's trace is the application's.
 */
function straceHungPath(runs: readonly Run[], pids: DaemonPids, facts: FactSet): void {
  for (const run of runs) {
    const m = STRACE_PID.exec(strip(run.command));
    const daemon = m?.[2] ?? m?.[3] ?? (m?.[1] ? pids.get(m[1]) : undefined);
    if (!daemon || !STRACE_DAEMON.test(daemon)) continue;
    const lines = run.output.split('\n').map((l) => l.trim());
    const at = lines.findLastIndex((l) => STRACE_CALL.test(l));
    const last = lines[at];
    const call = last ? STRACE_CALL.exec(last) : undefined;
    if (!last || !call?.[1] || /\)\s+=\s/.test(last) || !PATH_CALLS.has(call[1])) continue;
    // Its end printed later, after another thread's line: the call returned.
    const thread = /^\[pid\s+(\d+)\]/.exec(last)?.[1];
    const resumed = lines.slice(at + 1).some((l) => {
      const r = STRACE_RESUMED.exec(l);
      return r !== null && r[2] === call[1] && r[1] === thread;
    });
    if (resumed) continue;
    const path = /"(\/[^"]*)"/.exec(call[2] ?? '')?.[1];
    if (!path || BLOCKING_BY_DESIGN.test(`${path}"`)) continue;
    facts.add({
      id: 'proc.dstate_storage',
      source: run.source,
      text: `${run.command} (${daemon}): ${call[1]}("${path}") never returned`,
    });
  }
}

/** kill(2) with signal 0 as strace prints it, returning 0 (the process exists): `kill(13737, SIG_0) = 0`. */
const PROBE_KILL = /^(?:\[pid\s+\d+\]\s*)?(?:[\d:.]+\s+)?kill\((\d+),\s*(?:SIG_0|0)\)\s*=\s*0\b/;
/** Probes of one PID in a trace past which the poll has gone on far longer than a shim takes to exit. */
const SHIM_EXIT_POLLS = 5;

/**
 * containerd's shim v1 client, after signalling a shim to stop, polls `kill(pid, 0)` every 10 ms until it fails with
 * ESRCH (runtime/v1/shim/client/client.go (*Client).waitForExit, linux/shim/client in 1.0-1.1, runtime/v1 in
 * 1.2-1.7; the shim may have been reparented, so it cannot waitpid): a trace of containerd answering 0 again and
 * again for one PID is a teardown waiting on a shim that does not die, or on a PID the kernel has given to another
 * process since. Each waiter holds its goroutine (and the task's delete) until its context ends, if it has one.
 */
function straceShimExitWait(runs: readonly Run[], pids: DaemonPids, facts: FactSet): void {
  for (const run of runs) {
    const m = STRACE_PID.exec(strip(run.command));
    const daemon = m?.[2] ?? m?.[3] ?? (m?.[1] ? pids.get(m[1]) : undefined);
    if (daemon !== 'containerd') continue;
    const polls = new Map<string, number>();
    for (const line of run.output.split('\n')) {
      const target = PROBE_KILL.exec(line.trim())?.[1];
      if (target) polls.set(target, (polls.get(target) ?? 0) + 1);
    }
    const [pid, count] = [...polls].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
    if (count < SHIM_EXIT_POLLS) continue;
    facts.add({
      id: 'runtime.shim_cleanup_failed',
      source: run.source,
      text: `${run.command} (containerd): kill(${pid}, SIG_0) = 0 polled ${count} times — waiting for a shim that does not exit`,
      value: count,
    });
  }
}

/** `ps -ef` (also -aef, -Af, -eF) with its header filtered away (`ps -ef | grep defunct`): UID PID PPID … CMD. */
const PS_EF = /^ps\s+-(ef|fe|aef|Af|eF|efw*|ewf)(?:\s|$)/;

/** A listing's zombies: by its header, or, for `ps -ef` piped through grep, by that format's fixed first columns. */
function zombieRowsOf(run: Run): PsRow[] {
  const rows = psRows(run);
  if (rows.length > 0) return rows.filter((r) => r.stat.startsWith('Z'));
  if (!PS_EF.test(strip(run.command))) return [];
  return run.output
    .split('\n')
    .filter((l) => l.includes('<defunct>'))
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => /^\d+$/.test(c[1] ?? '') && /^\d+$/.test(c[2] ?? ''))
    .map((c) => ({ pid: c[1] ?? '', ppid: c[2] ?? '', stat: 'Z', wchan: '', command: c.slice(7).join(' ') }));
}

/**
 * Zombies read by their parent, across every listing and whatever else names the parent's PID: a zombie is its
 * parent's to reap (wait(2)), so many under the kubelet are children the kubelet started (probes' and volume
 * helpers' commands, du and find for disk usage, mount) and never waited for — the kubelet's own leak, which only
 * restarting it clears (kubernetes issues name such leaks; none here is tied to a release). A zombie under a shim
 * stays a container's (processStates).
 */
function zombieParents(runs: readonly Run[], pids: DaemonPids, facts: FactSet): void {
  const zombies = runs.flatMap((run) =>
    zombieRowsOf(run)
      .filter((r) => /^\d+$/.test(r.ppid))
      .map((r) => ({ ...r, source: run.source })),
  );
  if (zombies.length < KUBELET_ZOMBIES_MIN) return;
  unreapedZombies(runs, zombies, pids, facts);
  const underKubelet = zombies.filter((z) => pids.get(z.ppid) === 'kubelet');
  const unique = new Set(underKubelet.map((z) => z.pid));
  const first = underKubelet[0];
  if (!first || unique.size < KUBELET_ZOMBIES_MIN) return;
  facts.add({
    id: 'proc.zombie_kubelet',
    source: first.source,
    text: `${unique.size} zombies whose parent ${first.ppid} is the kubelet (${first.pid} ${first.stat} ${first.command})`,
    value: unique.size,
  });
}

/** Zombies under one parent that is neither the kubelet nor a shim, from which that parent's not reaping is the read. */
const UNREAPED_UNDER_ONE = 3;
/** Zombies across parents that are neither the kubelet nor a shim, caught at once: children left unreaped, not a moment. */
const UNREAPED_ACROSS = 10;

/**
 * Zombies whose parents are neither the kubelet (zombieParents) nor a container shim (processStates): children of a
 * container's own processes (an exec probe's script, the HTTP client it runs), of a shell or an application run as a
 * container's PID 1 that does not reap, of a job runner. A zombie holds its PID until its parent waits for it
 * (wait(2), proc(5) state Z); a parent that never does keeps one more with every child it starts, so the node's or the
 * namespace's PIDs (kernel.pid_max, a pids cgroup's pids.max) run out while nothing shows in CPU or memory. A child
 * caught between its exit and its parent's wait is a moment: several under one parent, or many at once, are not.
 */
function unreapedZombies(
  runs: readonly Run[],
  zombies: readonly (PsRow & { source: string })[],
  pids: DaemonPids,
  facts: FactSet,
): void {
  const commands = new Map<string, string>();
  for (const run of runs) for (const row of psRows(run)) commands.set(row.pid, row.command);
  // The host's init (systemd, /sbin/init) reaps what is reparented to it; zombies it keeps are its own trouble.
  const unreaped = zombies.filter(
    (z) =>
      pids.get(z.ppid) === undefined &&
      !/shim|^\S*(?:systemd|\/init)(?:\s|$)/.test(commands.get(z.ppid) ?? ''),
  );
  const byParent = new Map<string, Set<string>>();
  for (const z of unreaped) byParent.set(z.ppid, (byParent.get(z.ppid) ?? new Set()).add(z.pid));
  const unique = new Set(unreaped.map((z) => z.pid));
  const [ppid, most] = [...byParent].sort((a, b) => b[1].size - a[1].size)[0] ?? ['', new Set<string>()];
  if (most.size < UNREAPED_UNDER_ONE && unique.size < UNREAPED_ACROSS) return;
  const first = unreaped.find((z) => z.ppid === ppid) ?? unreaped[0];
  if (!first) return;
  facts.add({
    id: 'proc.zombie_unreaped',
    source: first.source,
    text: `${unique.size} zombies under ${byParent.size} parent(s) that are neither the kubelet nor a shim, ${most.size} under ${ppid} (${first.pid} ${first.stat} ${first.command})`,
    value: unique.size,
  });
}

/**
 * Zombies counted by parent: a listing of zombies' PPIDs folded by `uniq -c` (`ps -eo ppid,stat | awk '$2 ~ /Z/ {print
 * $1}' | sort | uniq -c`, `ps -ef | grep defunct | awk '{print $3}' | sort | uniq -c`), each line a count and a PPID.
 * The count says how many children that parent has not reaped; whose parent it is says whose leak.
 */
const ZOMBIES_BY_PARENT = /^(?=.*\bps\b)(?=.*(?:defunct|[/'"]Z|\bZ\b|stat))(?=.*\buniq\s+-c\b)/;
const COUNT_AND_PARENT = /^\s*(\d+)\s+(\d+)\s*$/;

function zombieCountsByParent(runs: readonly Run[], pids: DaemonPids, facts: FactSet): void {
  for (const run of runs) {
    if (!ZOMBIES_BY_PARENT.test(strip(run.command))) continue;
    const rows = run.output
      .split('\n')
      .map((l) => COUNT_AND_PARENT.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ count: Number(m[1]), ppid: m[2] ?? '' }))
      .sort((a, b) => b.count - a.count);
    const top = rows[0];
    if (!top) continue;
    const text = `${run.command}: ${top.count} zombies under ${top.ppid}`;
    const daemon = pids.get(top.ppid);
    if (daemon === 'kubelet' && top.count >= KUBELET_ZOMBIES_MIN)
      facts.add({ id: 'proc.zombie_kubelet', source: run.source, text, value: top.count });
    else if (daemon === undefined && top.ppid !== '1' && top.count >= UNREAPED_UNDER_ONE)
      facts.add({ id: 'proc.zombie_unreaped', source: run.source, text, value: top.count });
    const total = rows.reduce((n, r) => n + r.count, 0);
    if (total >= ONE_COMMAND_MANY)
      facts.add({
        id: 'pid.many_processes',
        source: run.source,
        text: `${run.command}: ${total} zombies`,
        value: total,
      });
  }
}

/**
 * Round 22: a runtime's container listing (`docker ps -a`, `nerdctl ps -a`, `crictl ps -a`) whose node-local API
 * server proxy (kubespray's and RKE's nginx-proxy, haproxy, MicroK8s' apiserver-proxy) is in the runtime's dead or
 * exited state (docker's STATUS "Dead" and "Exited (N) …", CRI's STATE "Exited") with no instance of it running: the
 * kubelet's path to the API servers ends on its own node. A container's Dead status is docker's container state
 * ("dead": its removal failed), not a process in D state.
 */
const CONTAINER_LISTING = /^(?:(?:docker|nerdctl|podman)\s+(?:container\s+)?(?:ps|ls)|crictl\s+ps)\b/;
const API_PROXY_NAME = /(?:^|[\s_/])(nginx-proxy|apiserver-proxy|haproxy)(?:[\s_]|$)/;
const NOT_RUNNING = /\s(?:Dead|Exited(?: \(\d+\))?)(?:\s|$)/;
const RUNNING = /\s(?:Up \S|Running)(?:\s|$)/;

function apiProxyNotRunning(run: Run, facts: FactSet): void {
  if (!CONTAINER_LISTING.test(strip(run.command))) return;
  const rows = run.output.split('\n').filter((l) => API_PROXY_NAME.test(l));
  const dead = rows.find((l) => NOT_RUNNING.test(l));
  if (!dead || rows.some((l) => RUNNING.test(l))) return;
  facts.add({ id: 'apiserver.proxy_failed', source: run.source, text: dead.trim().replace(/\s{2,}/g, '  ') });
}

/**
 * One command's processes counted in a process listing (`ps aux | grep curl -c`, `ps -ef | grep defunct | wc -l`,
 * `pgrep -c NAME`): the command names what the count is of, the output is the number.
 */
const ONE_COMMAND_COUNT =
  /^(?:ps\b[^|]*\|\s*(?:grep|egrep|fgrep)\b(?=[^|]*(?:\s-[a-zA-Z]*c\b|\s--count\b))[^|]*|ps\b[^|]*\|\s*(?:grep|egrep|fgrep)\b[^|]*(?:\|\s*grep\b[^|]*)*\|\s*wc\s+-l|pgrep\s+(?:-\S+\s+)*-c\b[^|]*|pgrep\b[^|]*\|\s*wc\s+-l)\s*$/;
/**
 * Processes of one command by the thousand: a node runs a few hundred processes, a couple of thousand when busy; five
 * thousand of one command is a leak, a seventh of the default pid_max (PID_MAX_DEFAULT 32768, include/linux/threads.h).
 */
const ONE_COMMAND_MANY = 5000;

/** A count of one command's processes (or of zombies) that a leak, not a workload, makes. */
function oneCommandCount(run: Run, facts: FactSet): void {
  const command = strip(run.command);
  if (!ONE_COMMAND_COUNT.test(command)) return;
  const lines = run.output.split('\n').filter((l) => l.trim());
  if (lines.length !== 1) return;
  const n = firstInteger(lines[0] ?? '');
  if (n === undefined || n < ONE_COMMAND_MANY) return;
  facts.add({ id: 'pid.many_processes', source: run.source, text: `${run.command} → ${n}`, value: n });
}

/**
 * containerd's shims by the name they run under: the legacy v1 shim (`containerd-shim`, io.containerd.runtime.v1.linux;
 * `docker-containerd-shim` in Docker 17.x-18.06's bundle) and the runc v2 shims (`containerd-shim-runc-v1`,
 * `containerd-shim-runc-v2`).
 */
const SHIM_COMMAND = /^[\s|\\_]*(?:\S*\/)?(?:docker-)?containerd-shim(?:-runc-v[12])?(?:\s|$)/;
/**
 * Without a count of the node's containers, more shims than any node runs containers for: one shim per container
 * (v1, Docker) or per pod (runc v2 under the CRI groups a pod's containers by io.kubernetes.cri.sandbox-id in
 * cmd/containerd-shim-runc-v2/manager Start), and the kubelet's maxPods (110 by default, 250 at most on AKS, 737 on
 * EKS's largest instances) times a few containers each stays below a thousand.
 */
const SHIMS_BEYOND_ANY_NODE = 1000;
/** With a count: shims beyond the containers (and pods) they could serve, this many at least and as many again. */
const LEFTOVER_MIN = 20;

/** The containers (and pods) running on the node, as the paste counts them. */
function runningObjects(
  runs: readonly Run[],
  bundle: EvidenceBundle,
): { count: number; text: string } | undefined {
  const { containers, pods } = bundle.counts ?? {};
  if (containers !== undefined)
    return {
      count: containers + (pods ?? 0),
      text: `counts: containers=${containers}${pods !== undefined ? ` pods=${pods}` : ''}`,
    };
  let count = 0;
  const said: string[] = [];
  for (const run of runs) {
    const command = strip(run.command);
    // `docker ps`, `crictl ps`, `nerdctl ps` list running containers (with -a, exited ones too: not a count of what
    // runs); `crictl pods` the sandboxes, each with its shim under the runc v2 shim's grouping; `ctr tasks ls` tasks.
    const list = /^(?:docker|crictl|nerdctl)\s+(?:ps|pods)\b|^ctr\b.*\btasks?\s+(?:ls|list)\b/.test(command);
    if (!list || /\s-a\b|--all\b|--state\s+(?:exited|NotReady)/.test(command)) continue;
    const counted = /\|\s*wc\s+-l/.test(command) ? firstInteger(run.output) : undefined;
    const rows =
      counted ??
      run.output
        .split('\n')
        .filter((l) => /^\s*[0-9a-f]{12,64}(?:\s|$)/.test(l) && !/\s(?:STOPPED|NotReady)\s/.test(l)).length;
    if (!rows) continue;
    count += rows;
    said.push(`${run.command} → ${rows}`);
  }
  return said.length ? { count, text: said.join('; ') } : undefined;
}

/**
 * Shims that outlive their containers, counted in a process listing: more containerd shims than the node's containers
 * (and pods) could use, or, without a count of those, more than any node runs. Being reparented to PID 1 is no sign on
 * its own: a runc v2 shim is started by a `shim start` process that exits at once (cmd/containerd-shim-runc-v2/manager
 * Start), so every v2 shim has PID 1 (or a subreaper) as its parent; a v1 shim is containerd's child (runtime/v1/shim/client
 * WithStart) and is reparented to PID 1 whenever containerd restarts, which reconnects to it. The count against the
 * containers is what tells a leak (containerd #7496, #9309: shims left after their task's delete failed or was cut short).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * When a listed process started, as a number that orders processes (larger is later), from the start column a
 * listing has (procps ps(1) STANDARD FORMAT SPECIFIERS): `lstart` ("STARTED", "Mon Nov  2 13:41:43 2026"), `etimes`
 * ("ELAPSED", seconds) or `etime` ("ELAPSED", [[dd-]hh:]mm:ss), or `ps -ef`'s STIME ("13:41" today, "Nov02" this
 * year, "2025" before), which orders by day only across days.
 */
function startOrder(header: readonly string[], cells: readonly string[]): number | undefined {
  const at = (name: string) => header.indexOf(name);
  if (at('STARTED') >= 0) {
    const t = Date.parse(cells.slice(at('STARTED'), at('STARTED') + 5).join(' '));
    return Number.isFinite(t) ? t / 1000 : undefined;
  }
  const elapsed = cells[at('ELAPSED')];
  if (at('ELAPSED') >= 0 && elapsed) {
    const m = /^(?:(\d+)-)?(?:(\d+):)?(\d+):(\d+)$/.exec(elapsed);
    const seconds = m
      ? Number(m[1] ?? 0) * 86400 + Number(m[2] ?? 0) * 3600 + Number(m[3]) * 60 + Number(m[4])
      : Number(elapsed);
    return Number.isFinite(seconds) ? -seconds : undefined;
  }
  const stime = cells[at('STIME')];
  if (at('STIME') < 0 || !stime) return undefined;
  const clock = /^(\d\d):(\d\d)$/.exec(stime);
  if (clock) return 400 * 86400 + Number(clock[1]) * 3600 + Number(clock[2]) * 60;
  const day = /^([A-Z][a-z]{2})(\d\d)$/.exec(stime);
  if (day && MONTHS.includes(day[1] ?? ''))
    return (MONTHS.indexOf(day[1] ?? '') * 31 + Number(day[2])) * 86400;
  return /^\d{4}$/.test(stime) ? -1e9 + Number(stime) : undefined;
}

/**
 * containerd's shims that started before the daemon now running: they served the daemon's previous run, and this
 * one must reconnect to each of them at start (containerd runtime/v2 (*ShimManager) loadExistingTasks, dockerd's
 * libcontainerd restore through containerd). That is how a restart works, so alone it is no fault; beside a daemon
 * that does not answer it is where its restore waits (a shim that no longer answers its socket).
 */
function shimsBeforeDaemon(runs: readonly Run[], facts: FactSet): void {
  for (const run of runs) {
    const lines = run.output.split('\n').filter((l) => l.trim());
    const headerAt = lines.findIndex((l) => /(?:^|\s)PID\s/.test(l));
    const header = lines[headerAt]?.trim().split(/\s+/);
    if (!header || !['STARTED', 'ELAPSED', 'STIME'].some((c) => header.includes(c))) continue;
    const rows = lines.slice(headerAt + 1).map((l) => {
      const cells = l.trim().split(/\s+/);
      const width = header.includes('STARTED') ? header.length + 4 : header.length;
      return { line: l.trim(), command: cells.slice(width - 1).join(' '), start: startOrder(header, cells) };
    });
    const daemon = rows.find((r) => ['containerd', 'dockerd'].includes(daemonOfCommand(r.command) ?? ''));
    if (daemon?.start === undefined) continue;
    const older = rows.filter(
      (r) => SHIM_COMMAND.test(r.command) && r.start !== undefined && r.start < (daemon.start ?? 0),
    );
    const first = older[0];
    if (!first) continue;
    facts.add({
      id: 'proc.shims_predate_daemon',
      source: run.source,
      text: `${older.length} containerd shims started before ${daemon.line} (the first: ${first.line})`,
      value: older.length,
    });
  }
}

function shimLeftovers(runs: readonly Run[], bundle: EvidenceBundle, facts: FactSet): void {
  let shims = 0;
  let orphans = 0;
  let listing: Run | undefined;
  for (const run of runs) {
    const rows = psRows(run).filter((r) => SHIM_COMMAND.test(r.command));
    if (rows.length > shims) {
      shims = rows.length;
      orphans = rows.filter((r) => r.ppid === '1').length;
      listing = run;
    }
  }
  // `pgrep -c containerd-shim`, `ps -ef | grep -c containerd-shim`, `pgrep containerd-shim | wc -l`.
  for (const run of runs) {
    const command = strip(run.command);
    if (!/containerd-shim/.test(command) || !/pgrep\s+-c|grep\s+-c|\|\s*wc\s+-l/.test(command)) continue;
    const n = firstInteger(run.output);
    if (n !== undefined && n > shims && !/\n\s*\S/.test(run.output.trim())) {
      shims = n;
      orphans = 0;
      listing = run;
    }
  }
  if (!listing || shims === 0) return;
  const running = runningObjects(runs, bundle);
  const leftover = running
    ? shims - running.count >= Math.max(LEFTOVER_MIN, running.count)
    : shims >= SHIMS_BEYOND_ANY_NODE;
  if (!leftover) return;
  const parent = orphans ? `, ${orphans} of them reparented to PID 1` : '';
  const against = running ? ` against ${running.count} containers and pods running (${running.text})` : '';
  facts.add({
    id: 'proc.shim_leftover',
    source: listing.source,
    text: `${listing.command} → ${shims} containerd shim processes${parent}${against}`,
    value: shims,
  });
}

function containerCount(run: Run, facts: FactSet): void {
  const command = strip(run.command);
  if (
    !/(?:find\s+\/var\/lib\/(?:docker|containerd)|(?:docker|crictl|nerdctl)\s+ps\s+-a|ctr\b.*containers?\s+(?:ls|list)).*\|\s*wc\s+-l/.test(
      command,
    )
  )
    return;
  const n = firstInteger(run.output);
  if (n === undefined) return;
  const text = `${run.command} → ${run.output.trim()}`;
  if (/exited|status=exited|--state\s+exited/.test(command)) {
    if (n >= CONTAINER_THRESHOLDS.exited)
      facts.add({ id: 'containers.exited_many', source: run.source, text, value: n });
  } else {
    recordContainerCount(facts, n, run.source, text);
  }
}

/** Without a core count, a 1-minute load this high saturates any node a kubelet runs on. */
const SATURATED_LOAD = 64;
/** Runnable tasks per core at which the kubelet and runtime wait for CPU. */
const SATURATED_LOAD_PER_CORE = 4;

/**
 * The share of CPU time in the kernel at which node daemons wait for it (top(1) "sy: time running kernel
 * processes", vmstat(8) "sy: Time spent running kernel code"): reclaim, lock contention, interrupts.
 */
const SATURATED_SYSTEM = 50;
/** The share of CPU time waiting for I/O at which the disk holds everything up (top(1) "wa", vmstat(8) "wa"). */
const SATURATED_IOWAIT = 50;
/** Processes vmstat counts blocked on I/O (its "b" column) that, with BLOCKED_IOWAIT, say the disk is behind. */
const BLOCKED_ON_IO = 10;
const BLOCKED_IOWAIT = 20;
/** The share of one CPU a reclaim thread takes (top's %CPU) that says memory is short (mm/vmscan.c kswapd). */
const RECLAIM_BUSY = 50;

/**
 * vmstat(8)'s CPU columns (us, sy, id, wa), from its header row and the rows under it. The first row gives
 * averages since boot; the last of the others is what the node was doing when it ran.
 */
function vmstatShares(output: string): { sy: number; wa: number; b: number; row: string } | undefined {
  const lines = output.split('\n');
  const at = lines.findIndex((l) => /^\s*r\s+b\s.*\bus\s+sy\s+id\s+wa\b/.test(l));
  const header = lines[at]?.trim().split(/\s+/);
  if (!header) return undefined;
  const rows = lines.slice(at + 1).filter((l) => /^\s*\d+(?:\s+\d+)+\s*$/.test(l));
  const row = rows.length > 1 ? rows[rows.length - 1] : rows[0];
  const cells = row?.trim().split(/\s+/);
  if (!row || !cells || cells.length !== header.length) return undefined;
  return {
    sy: Number(cells[header.indexOf('sy')]),
    wa: Number(cells[header.indexOf('wa')]),
    b: Number(cells[header.indexOf('b')]),
    row: row.trim(),
  };
}

/** `uptime`, `top`, `free`, `vmstat`: saturation numbers. */
function saturation(run: Run, facts: FactSet, cores: number | undefined): void {
  const load = /load average:\s*([\d.]+)/.exec(run.output);
  const threshold = cores ? cores * SATURATED_LOAD_PER_CORE : SATURATED_LOAD;
  if (load && Number(load[1]) >= threshold) {
    facts.add({ id: 'cpu.saturated', source: run.source, text: load[0], value: Number(load[1]) });
  }
  // procps-ng top(1) since 3.3: "%Cpu(s):  5.1 us, 88.3 sy, ... 2.0 wa"; procps 3.2's top: "Cpu(s):  5.1%us, 88.3%sy, ...".
  const cpu = /%?Cpu\(s\):\s*([\d.]+)\s*%?\s*us,\s*([\d.]+)\s*%?\s*sy,.*?([\d.]+)\s*%?\s*wa/.exec(run.output);
  if (cpu) {
    if (Number(cpu[3]) >= SATURATED_IOWAIT)
      facts.add({ id: 'io.saturated', source: run.source, text: cpu[0], value: Number(cpu[3]) });
    if (Number(cpu[1]) + Number(cpu[2]) >= 95 || Number(cpu[2]) >= SATURATED_SYSTEM) {
      facts.add({
        id: 'cpu.saturated',
        source: run.source,
        text: cpu[0],
        value: Number(cpu[1]) + Number(cpu[2]),
      });
    }
  }
  // free(1), top(1), /proc/meminfo and vmstat -s in every form (extract/memory-figures.ts, round 23).
  memoryFigureFacts(run.output, run.command, run.source, facts);
  vmstatSwapFacts(run.output, run.command, run.source, facts);
  vmstatSaturation(run, facts);
  iostatSaturation(run, facts);
  busyThreads(run, facts);
}

/**
 * A device busy this much of the interval (iostat(1) "%util: Percentage of elapsed time during which I/O requests
 * were issued to the device") is saturated for a disk that serves one request at a time; a parallel device (SSD,
 * RAID, a cloud volume) can show it and still keep up, so the wait must be long too.
 */
const SATURATED_UTIL = 90;
/**
 * Milliseconds an average request waits and is served (iostat(1) "await", "r_await", "w_await"; "d_await" and
 * "f_await" from sysstat 12.1.2 and 12.2.0): a tenth of a second per request is far past any working disk.
 */
const SATURATED_AWAIT_MS = 100;
/** The await columns iostat -x prints, by sysstat release (its header names them). */
const AWAIT_COLUMNS = ['await', 'r_await', 'w_await', 'd_await', 'f_await'];

/** One number as iostat prints it: a decimal point or, in a locale that writes one, a decimal comma. */
function iostatNumber(cell: string | undefined): number {
  return Number((cell ?? '').replace(',', '.'));
}

/** One row of iostat -x's device table under its header: the device's fact when it is saturated. */
function iostatDevice(
  header: readonly string[],
  cells: readonly string[],
  line: string,
  run: Run,
  facts: FactSet,
) {
  const util = iostatNumber(cells[header.indexOf('%util')]);
  const awaits = AWAIT_COLUMNS.map((c) => header.indexOf(c))
    .filter((i) => i >= 0)
    .map((i) => iostatNumber(cells[i]))
    .filter((n) => Number.isFinite(n));
  const wait = Math.max(0, ...awaits);
  if (util < SATURATED_UTIL || wait < SATURATED_AWAIT_MS) return;
  const device = header[0]?.startsWith('Device') ? cells[0] : cells.at(-1);
  facts.add({
    id: 'io.saturated',
    source: run.source,
    text: `${device}: %util ${util}, await ${wait} ms (${line.trim()})`,
    value: util,
  });
}

/** The header of iostat's device table, in every release's form: "Device:", "Device", or the name last (--pretty). */
function iostatHeader(cells: readonly string[]): boolean {
  return (
    (cells[0] === 'Device:' || cells[0] === 'Device' || cells.at(-1) === 'Device') && cells.includes('%util')
  );
}

/**
 * iostat -x's extended device table and its avg-cpu block (sysstat iostat.c: write_disk_stat_header and
 * write_plain_cpu_stat in 12.x, write_ext_stat / write_cpu_stat before): columns read by the header's names, since
 * they moved between releases — "Device:" with rrqm/s … avgqu-sz await r_await w_await svctm %util to 11.5,
 * "Device" with r/s w/s … aqu-sz %util from 11.6, read and write groups and then d/s … f/s f_await from 12.x, the
 * device's name last with --pretty. A device at SATURATED_UTIL or more whose requests wait SATURATED_AWAIT_MS or
 * more, or the CPUs' I/O-wait share at SATURATED_IOWAIT (as top's and vmstat's), is the disk holding everything up.
 * Every report is read (the first one averages since boot, so it rarely crosses either).
 */
function iostatSaturation(run: Run, facts: FactSet): void {
  let header: string[] | undefined;
  let cpuHeader: string[] | undefined;
  for (const line of run.output.split('\n')) {
    const cells = line.trim().split(/\s+/);
    if (cpuHeader) {
      const iowait = iostatNumber(cells[cpuHeader.indexOf('%iowait')]);
      if (cells.length === cpuHeader.length && iowait >= SATURATED_IOWAIT)
        facts.add({
          id: 'io.saturated',
          source: run.source,
          text: `avg-cpu %iowait ${iowait}`,
          value: iowait,
        });
      cpuHeader = undefined;
    } else if (cells[0] === 'avg-cpu:' && cells.includes('%iowait')) {
      cpuHeader = cells.slice(1);
      header = undefined;
    } else if (iostatHeader(cells)) header = cells;
    else if (!line.trim()) header = undefined;
    else if (header && cells.length === header.length) iostatDevice(header, cells, line, run, facts);
  }
}

/** vmstat(8)'s system and I/O-wait shares, at the thresholds top's line is read with. */
function vmstatSaturation(run: Run, facts: FactSet): void {
  const vmstat = vmstatShares(run.output);
  if (vmstat && vmstat.sy >= SATURATED_SYSTEM)
    facts.add({ id: 'cpu.saturated', source: run.source, text: vmstat.row, value: vmstat.sy });
  if (vmstat && vmstat.wa >= SATURATED_IOWAIT)
    facts.add({ id: 'io.saturated', source: run.source, text: vmstat.row, value: vmstat.wa });
  // vmstat(8) "b: The number of processes blocked waiting for I/O to complete": a queue of them with the CPUs
  // waiting on I/O a good part of the time is the disk behind, though the share stays under SATURATED_IOWAIT
  // (idle CPUs on a many-core node dilute it).
  else if (vmstat && vmstat.b >= BLOCKED_ON_IO && vmstat.wa >= BLOCKED_IOWAIT)
    facts.add({ id: 'io.saturated', source: run.source, text: vmstat.row, value: vmstat.wa });
}

/** Rows of top's task list (%CPU, %MEM and TIME+ before the command) of PID 1 and of the reclaim threads. */
function busyThreads(run: Run, facts: FactSet): void {
  for (const line of run.output.split('\n')) {
    const top = /^\s*1\s+\S+\s+.*?\s([\d.]+)\s+[\d.]+\s+[\d:.]+\s+systemd\b/.exec(line);
    if (top && Number(top[1]) >= 50)
      facts.add({ id: 'systemd.busy', source: run.source, text: line.trim(), value: Number(top[1]) });
    // The system bus's daemon (dbus-daemon(1), or dbus-broker with its launcher, which top's 15-column COMMAND cuts
    // to "dbus-broker-lau") at half a CPU or more: every call to PID 1 crosses it, so it is PID 1's stall too.
    const bus = /\s([\d.]+)\s+[\d.]+\s+[\d:.]+\s+(?:dbus-daemon|dbus-broker(?:-lau\S*)?)\s*$/.exec(line);
    if (bus && Number(bus[1]) >= 50)
      facts.add({ id: 'systemd.busy', source: run.source, text: line.trim(), value: Number(bus[1]) });
    const reclaim = /\s([\d.]+)\s+[\d.]+\s+[\d:.]+\s+\[?(?:kswapd|kcompactd)\d*\]?\s*$/.exec(line);
    if (reclaim && Number(reclaim[1]) >= RECLAIM_BUSY)
      facts.add({ id: 'mem.reclaim', source: run.source, text: line.trim(), value: Number(reclaim[1]) });
  }
}

/**
 * A count of the mount table: one line per mount in /proc/PID/mounts and /proc/PID/mountinfo (proc(5)), in `mount`'s
 * and `findmnt`'s listings (util-linux, one row per mount; findmnt's header adds one), piped to `wc -l`.
 */
const MOUNT_COUNT =
  /^(?:wc -l\s+\/proc\/(?:self\/|\d+\/)?(?:mounts|mountinfo)|cat\s+\/proc\/(?:self\/|\d+\/)?(?:mounts|mountinfo)\s*\|\s*wc -l|mount\s*\|\s*wc -l|findmnt(?:\s+-\S+)*\s*\|\s*wc -l)\s*$/;
/**
 * Mounts past which the table is leaking rather than serving pods: a node at its pod limit holds a few thousand
 * (each pod's overlay root, shm, service-account token and volume tmpfs), tens of thousands are mounts never undone.
 */
const MOUNTS_LEAKED = 10000;

/**
 * The mount table grown to tens of thousands: systemd re-reads all of /proc/self/mountinfo on every mount change
 * (src/core/mount.c mount_dispatch_io into mount_load_proc_self_mountinfo, through libmount) and synthesises a
 * .mount unit for each line, so PID 1 spends its single thread parsing and stops answering its bus in time; runc
 * reads mountinfo again in each container's set-up (moby/sys/mountinfo, libcontainer rootfs_linux.go).
 */
function mountTableSize(run: Run, facts: FactSet): void {
  if (!MOUNT_COUNT.test(strip(run.command))) return;
  const n = firstInteger(run.output);
  if (n !== undefined && n >= MOUNTS_LEAKED)
    facts.add({ id: 'mount.table_large', source: run.source, text: `${run.command} → ${n}`, value: n });
}

/**
 * `cat` of a kubepods slice's freezer file, whose output is the state alone: the path is in the command. A
 * container's own cgroup is not read (it reads FROZEN when its pod is; `docker pause` freezes it on purpose).
 */
const FREEZER_FILE = /kubepods[^\s:]*\/(freezer\.state|cgroup\.freeze|cgroup\.events)\b/;
const CONTAINER_CGROUP = /\.scope\/|\/[0-9a-f]{64}\//;
const FROZEN_OUTPUT: Record<string, RegExp> = {
  'freezer.state': /^\s*(?:FROZEN|FREEZING)\s*$/m,
  'cgroup.freeze': /^\s*1\s*$/m,
  'cgroup.events': /^\s*frozen 1\s*$/m,
};

/**
 * `grep -R "" DIR` / `grep . FILES` over many cgroup files at once: grep prints each line after its file's name and
 * a colon (GNU grep's -H, its default for more than one file and with -r), so such a dump names each file beside its
 * state.
 */
const GREP_FREEZER_LINE = /^(\S*kubepods\S*\/(freezer\.state|cgroup\.freeze|cgroup\.events)):(.*)$/;

/** A kubepods slice (not a container's own cgroup) whose freezer file reads frozen, from a grep dump's lines. */
function podsFrozenInDump(run: Run, facts: FactSet): boolean {
  if (!/^grep\s/.test(strip(run.command))) return false;
  for (const line of run.output.split('\n')) {
    const m = GREP_FREEZER_LINE.exec(line.trim());
    const [path, file, state] = [m?.[1] ?? '', m?.[2] ?? '', m?.[3] ?? ''];
    if (!m || CONTAINER_CGROUP.test(`${path}/`) || !FROZEN_OUTPUT[file]?.test(state)) continue;
    facts.add({ id: 'cgroup.pods_frozen', source: run.source, text: `${run.command} → ${line.trim()}` });
    return true;
  }
  return false;
}

function podsFrozen(run: Run, facts: FactSet): void {
  if (podsFrozenInDump(run, facts)) return;
  const command = strip(run.command);
  if (!/^(?:cat|head|tail|less|more)\s/.test(command) || CONTAINER_CGROUP.test(command)) return;
  const file = FREEZER_FILE.exec(command)?.[1];
  const state = file ? FROZEN_OUTPUT[file]?.exec(run.output)?.[0] : undefined;
  if (state)
    facts.add({ id: 'cgroup.pods_frozen', source: run.source, text: `${run.command} → ${state.trim()}` });
}

/**
 * runc's bind mount of its own binary, as a mount tracer prints the call (bcc/libbpf-tools mountsnoop's CALL column,
 * strace): `mount("/proc/self/exe", "<state dir>/runc.XXXXXX", "", MS_BIND, "")`.
 */
const RUNC_SELF_BIND = /mount\("\/proc\/self\/exe",\s*"([^"]*\/runc\.[A-Za-z0-9]{6})"/g;
/** Distinct runc invocations in one trace: more than one is runc's calls coming and going while it was traced. */
const RUNC_SELF_BINDS_MIN = 2;

/**
 * Every runc invocation from v1.0.0-rc7 to v1.1.14 (libcontainer/nsenter/cloned_binary.c try_bindfd, its guard
 * against CVE-2019-5736) bind-mounts /proc/self/exe over a temporary file in its state directory, remounts it
 * read-only and detaches it: three mount-table changes per call, and each makes systemd re-read the whole of
 * /proc/self/mountinfo (src/core/mount.c mount_dispatch_io). A trace with such mounts from several invocations shows
 * the churn: every exec probe, `runc state` and container operation adds its three, and PID 1 re-parses a table that
 * grows with the node's containers each time.
 */
function runcSelfBinds(run: Run, facts: FactSet): void {
  const targets = new Set([...run.output.matchAll(RUNC_SELF_BIND)].map((m) => m[1]));
  if (targets.size < RUNC_SELF_BINDS_MIN) return;
  facts.add({
    id: 'systemd.mountinfo_churn',
    source: run.source,
    text: `${run.command} → ${targets.size} runc invocations bind-mounting /proc/self/exe (e.g. ${[...targets][0]})`,
    value: targets.size,
  });
}

/** `ls` of the CNI configuration directory (the loaders' default, /etc/cni/net.d), with or without -l/-a. */
const CNI_CONF_LS = /^ls(?:\s+-\w+)*\s+\/etc\/cni\/net\.d\/?\s*$/;
/** What a listing prints that is no configuration: the total line, . and .., and hidden or stray files. */
const NOT_A_CONFIG = /^\s*$|^total \d+\s*$|(?:^|\s)\.\.?\s*$|(?:^|\s)\.[^\s/]+\s*$/;
/** A file the loaders take (libcni's ConfFiles: .conf, .conflist, .json). */
const CONFIG_FILE = /[^\s/]\.(?:conf|conflist|json)(?:\s|$)/;

/**
 * The directory listed empty (or absent, or holding only files the loaders skip): no network configuration was
 * ever written, which is what the runtimes' loaders report as "no network config found in /etc/cni/net.d".
 */
function cniConfigDir(run: Run, facts: FactSet): void {
  if (!CNI_CONF_LS.test(strip(run.command))) return;
  const lines = run.output.split('\n');
  const absent = /No such file or directory/.test(run.output);
  const configs = lines.filter((l) => !NOT_A_CONFIG.test(l) && CONFIG_FILE.test(l));
  const other = lines.filter((l) => !NOT_A_CONFIG.test(l) && !CONFIG_FILE.test(l));
  // A listing that failed for another reason (permission, a hung mount) says nothing of the directory.
  if (configs.length > 0 || (!absent && /Permission denied|cannot access|cannot open/.test(run.output)))
    return;
  if (!absent && other.some((l) => /^\s*ls:/.test(l))) return;
  const shown = run.output.trim() || '(nothing)';
  facts.add({
    id: 'cni.config_dir_empty',
    source: run.source,
    text: `${run.command} → ${shown.slice(0, 160)}`,
  });
}

/**
 * A SysV or upstart service's status or start (`service docker status`, `/etc/init.d/docker start`): the init
 * script relays the daemon's own stderr (and upstart its job's output) with no journal identifier, so such a line is
 * the daemon's (initscripts' daemon() and the runtimes' own scripts run it in the foreground of the call).
 */
const SERVICE_SCRIPT = /^(?:service\s+|\/etc\/init\.d\/)(\S+)\s+(?:status|start|restart)\b/;

/** Which program's messages a command prints (for attributing its lines). */
function outputComponent(command: string): Component {
  const c = strip(command);
  const unit = /journalctl\b.*-u\s+(\S+)/.exec(c)?.[1] ?? SERVICE_SCRIPT.exec(c)?.[1];
  if (unit)
    return unit.startsWith('kubelet')
      ? 'kubelet'
      : unit.startsWith('docker')
        ? 'dockerd'
        : unit.startsWith('containerd')
          ? 'containerd'
          : unit.startsWith('crio')
            ? 'crio'
            : 'unknown';
  if (/^dmesg|journalctl\b.*\s-k\b/.test(c)) return 'kernel';
  if (/^docker\b/.test(c)) return 'dockerd';
  if (SYSTEMD_CLI.test(c)) return 'systemd';
  if (/kubelet/.test(c)) return 'kubelet';
  return 'unknown';
}

/** Goroutine dumps and kernel stacks pasted as a command's output (the paste reader shares these readers). */
function dumps(run: Run, facts: FactSet): void {
  goroutineFacts(run.output, run.source, facts);
  kernelStackFacts(run.output, run.source, facts);
  sleepingTraceFacts(run.output, run.source, facts);
}

const PARSERS: ReadonlyArray<(run: Run, facts: FactSet) => void> = [
  runcSelfBinds,
  runtimeCommand,
  systemdCommand,
  unitRestartCount,
  inotifyFollowers,
  memcgIds,
  limits,
  processStates,
  containerCount,
  podsFrozen,
  mountTableSize,
  oneCommandCount,
  apiProxyNotRunning,
  cniConfigDir,
  dumps,
];

function coreCount(runs: readonly Run[]): number | undefined {
  const run = runs.find((r) => /^(?:nproc|grep -c \^?processor \/proc\/cpuinfo)\s*$/.test(strip(r.command)));
  return run ? firstInteger(run.output) : undefined;
}

/**
 * Windows' `sc query NAME` (and `sc queryex`) prints one block per service: `SERVICE_NAME: docker` on one line and,
 * a few lines below, `STATE : 1  STOPPED` with no name on it, then `WIN32_EXIT_CODE : N  (0x…)`. The state is the
 * SERVICE_STATUS dwCurrentState of winsvc.h (1 STOPPED, 2 START_PENDING, 3 STOP_PENDING, 4 RUNNING …) and the exit
 * code its dwWin32ExitCode (0 for a stop someone asked for; 1067 ERROR_PROCESS_ABORTED for a process that died,
 * 1066 ERROR_SERVICE_SPECIFIC_ERROR with the service's own code). Read per block, so that the STATE line counts only
 * for the service the block names: the Windows node's runtime (docker, containerd) and its kubelet.
 */
const SC_SERVICE = /^\s*SERVICE_NAME:\s*(\S+)\s*$/;
const SC_STATE = /^\s*STATE\s*:\s*(\d+)\s+([A-Z_]+)/;
const SC_EXIT = /^\s*WIN32_EXIT_CODE\s*:\s*(\d+)/;
const SC_RUNTIME = /^(?:docker|dockerd|com\.docker\.service|containerd)$/i;
const SC_KUBELET = /^kubelet$/i;

interface ScBlock {
  service: string;
  state: string;
  exit: number;
  text: string;
}

function scQueryBlocks(text: string): ScBlock[] {
  // Most logs hold no sc output: a journal of hundreds of megabytes is not split into lines for nothing.
  if (!text.includes('SERVICE_NAME:')) return [];
  const blocks: ScBlock[] = [];
  let current: { service: string; lines: string[]; state?: string; exit?: number } | undefined;
  const close = () => {
    if (current?.state)
      blocks.push({
        service: current.service,
        state: current.state,
        exit: current.exit ?? 0,
        text: current.lines.join(' ').replace(/\s+/g, ' ').trim(),
      });
  };
  for (const line of text.split('\n')) {
    const name = SC_SERVICE.exec(line)?.[1];
    if (name) {
      close();
      current = { service: name, lines: [line] };
      continue;
    }
    if (!current) continue;
    const state = SC_STATE.exec(line);
    if (state) {
      current.state = state[2];
      current.lines.push(line);
    }
    const exit = SC_EXIT.exec(line)?.[1];
    if (exit !== undefined) {
      current.exit = Number(exit);
      current.lines.push(line);
    }
  }
  close();
  return blocks;
}

/** A stopped runtime or kubelet service in `sc query` blocks: stopped on request (exit 0), or died (any other code). */
function scQueryStates(text: string, source: string, facts: FactSet): void {
  for (const block of scQueryBlocks(text)) {
    if (block.state !== 'STOPPED') continue;
    const runtime = SC_RUNTIME.test(block.service);
    if (!runtime && !SC_KUBELET.test(block.service)) continue;
    const died = block.exit !== 0;
    const id = runtime
      ? died
        ? 'runtime.service_failed'
        : 'runtime.service_stopped'
      : died
        ? 'kubelet.dead'
        : 'kubelet.stopped';
    facts.add({ id, source, text: block.text });
  }
}

/**
 * `systemctl status` blocks pasted into a log field rather than given as a command's output: read whole, as the
 * command's output would be (the lines themselves are scanned with the log).
 */
function statusBlocksInLogs(bundle: EvidenceBundle, facts: FactSet): void {
  for (const { source, text } of bundleLogs(bundle)) {
    for (const block of statusBlocksIn(text)) {
      const status = readUnitStatus(block.output);
      const command = `systemctl status ${block.unit}`;
      if (status)
        unitState(status, command, { command, output: block.output, source: `logs.${source}` }, facts);
    }
  }
}

export function extractCommandOutputs(bundle: EvidenceBundle, facts: FactSet): void {
  statusBlocksInLogs(bundle, facts);
  const runs = bundleRuns(bundle);
  for (const { source, text } of bundleLogs(bundle)) {
    scQueryStates(text, `logs.${source}`, facts);
    // A memory tool's output pasted among the logs (round 23).
    memoryFigureFacts(text, '', `logs.${source}`, facts);
  }
  for (const run of runs) scQueryStates(run.output, run.source, facts);
  const cores = coreCount(runs);
  for (const run of runs) {
    for (const parse of PARSERS) parse(run, facts);
    saturation(run, facts, cores);
    // A limits table is read with its owner (descriptorLimitLow), not line by line.
    if (!NOFILE_COMMAND.test(strip(run.command)))
      scanText(run.output, run.source, outputComponent(run.command), facts);
  }
  descriptorUse(runs, facts);
  descriptorLimitLow(runs, facts);
  inotifyInstances(runs, facts);
  runcChildren(runAndLogTexts(runs, bundle), facts);
  shimLeftovers(runs, bundle, facts);
  podTableFacts(runs, bundle, facts);
  cniAgentLogFacts(runs, bundle, facts);
  agentStartCutFacts(runs, bundle, facts);
  agentDescribeFacts(runs, facts);
  const pids = daemonPids(runs, bundle);
  zombieParents(runs, pids, facts);
  zombieCountsByParent(runs, pids, facts);
  descriptorHolders(runs, pids, facts);
  shimsBeforeDaemon(runs, facts);
  straceHungPath(runs, pids, facts);
  straceShimExitWait(runs, pids, facts);
  clockStatusFacts(runs, bundle, facts);
}
