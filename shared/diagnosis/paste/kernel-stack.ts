import type { FactId, FactSet } from '../facts.ts';
import { parseLogLine } from '../logline.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';

/**
 * `/proc/PID/stack` of a stuck process: one kernel frame a line, innermost first, as `[<0>] func+0x61/0xe0 [module]`
 * (addresses are hidden as `<0>` without CAP_SYSLOG; older kernels print them). The frames say which subsystem
 * the process sleeps in: a filesystem or network storage that does not answer, the cgroup freezer, exit.
 */
// `[<ffffffff8109d2b5>] schedule+0x29/0x70`; kernels before 4.x print `? ` before a frame they cannot vouch for.
const FRAME =
  /^\s*\[<(?:0|[0-9a-f]{8,16})>\] (?:\? )?([\w.$]+)(?:\+0x[0-9a-f]+\/0x[0-9a-f]+)?(?: \[(\w+)\])?\s*$/;
const MAX_FRAMES = 128;

interface Subsystem {
  name: string;
  fact: FactId;
  /** Matched against `function [module]`. */
  frame: RegExp;
}

/**
 * Checked in this order against every frame: a specific storage stack beats the generic block-layer wait at
 * the top of most I/O stacks (an ext4 journal commit waits in io_schedule too).
 */
const SUBSYSTEMS: readonly Subsystem[] = [
  { name: 'the cgroup freezer (frozen cgroup)', fact: 'proc.frozen', frame: /^__refrigerator\b|^freezer_/ },
  {
    name: 'NFS',
    fact: 'proc.dstate_storage',
    frame: /^nfs4?_|^rpc_wait_bit_killable|^__rpc_execute|^rpc_execute|\[(?:nfs|nfsv4|sunrpc)\]/,
  },
  { name: 'Ceph/RBD', fact: 'proc.dstate_storage', frame: /^ceph_|^rbd_|\[(?:ceph|libceph|rbd)\]/ },
  { name: 'FUSE', fact: 'proc.dstate_storage', frame: /^fuse_|^request_wait_answer|\[fuse\]/ },
  { name: 'XFS', fact: 'proc.dstate_storage', frame: /^_?xfs_|\[xfs\]/ },
  { name: 'ext4/jbd2', fact: 'proc.dstate_storage', frame: /^ext4_|^_*jbd2_|\[(?:ext4|jbd2)\]/ },
  { name: 'btrfs', fact: 'proc.dstate_storage', frame: /^btrfs_|\[btrfs\]/ },
  { name: 'overlayfs', fact: 'proc.dstate_storage', frame: /^ovl_|\[overlay\]/ },
  { name: 'cgroup management', fact: 'proc.dstate', frame: /^cgroup_|^mem_cgroup_|^css_/ },
  {
    // copy_net_ns waits on the global net namespace lock, which cleanup_net holds while a netdevice that cannot
    // be unregistered (netdev_wait_allrefs) keeps it: every new sandbox's network namespace waits behind it.
    name: 'network namespace setup/teardown',
    fact: 'proc.dstate',
    frame: /^copy_net_ns\b|^cleanup_net\b|^netdev_wait_allrefs|^setup_net\b|^rtnl_lock\b/,
  },
  {
    name: 'process exit',
    fact: 'proc.dstate',
    frame: /^do_exit\b|^exit_mm\b|^do_group_exit\b|^zap_pid_ns_processes\b/,
  },
  {
    name: 'block I/O',
    fact: 'proc.dstate_storage',
    frame: /^io_schedule|^blk_|^bit_wait_io|^wait_on_page_bit|^folio_wait|^__lock_page|^submit_bio|^dm_/,
  },
];

/** A frame of a kernel `Call Trace:` (hung-task reports in dmesg): `  ? xfs_buf_lock+0x38/0xf0 [xfs]`. */
const TRACE_FRAME = /^\s*(?:\? )?([\w.$]+)\+0x[0-9a-f]+\/0x[0-9a-f]+(?: \[(\w+)\])?\s*$/;

function frameKey(line: string): string | undefined {
  const m = FRAME.exec(line) ?? TRACE_FRAME.exec(line);
  return m ? `${m[1]}${m[2] ? ` [${m[2]}]` : ''}` : undefined;
}

/** The subsystem a stack sleeps in, with the frame line that shows it. */
export function stackSubsystem(lines: readonly string[]): { subsystem: Subsystem; line: string } | undefined {
  const frames = lines.flatMap((line) => {
    const key = frameKey(line);
    return key ? [{ key, line: line.trim() }] : [];
  });
  for (const subsystem of SUBSYSTEMS) {
    const frame = frames.find((f) => subsystem.frame.test(f.key));
    if (frame) return { subsystem, line: frame.line };
  }
  return undefined;
}

/**
 * Frames of a task put to sleep. The scheduler's own come first in every sleeping task's stack, whatever it waits
 * for; the waits after them sleep uninterruptibly (D state): a mutex's or rw-semaphore's slow path, a semaphore,
 * block I/O, a page lock, an uninterruptible completion. An epoll, select or futex wait (S state, as sysrq-t lists
 * every idle task) has the scheduler's frames and none of these.
 */
const SCHEDULER_FRAME =
  /^(?:__schedule|schedule|schedule_preempt_disabled|schedule_timeout|io_schedule|io_schedule_timeout)$/;
const D_WAIT_FRAME =
  /^(?:__mutex_lock(?:_slowpath|_common)?|mutex_lock(?:_nested)?|rwsem_down_(?:read|write)_(?:slowpath|failed(?:_common)?)|call_rwsem_down_(?:read|write)_failed|down_read|down_write|__down(?:_common)?|down|io_schedule(?:_timeout)?|wait_for_completion|bit_wait_io|__lock_page|wait_on_page_bit(?:_common)?|folio_wait_bit(?:_common)?)$/;
/** The function a frame key names, without the compiler's clone suffixes (`__mutex_lock.constprop.0`, `.cold`). */
const frameFunction = (key: string): string =>
  (key.split(' ')[0] ?? '').replace(/(?:\.(?:isra|constprop|part|cold|llvm)(?:\.\d+)?)+$/, '');

/**
 * The frame that shows a task asleep in D state: at least two sleep-path frames in one stack, one of them an
 * uninterruptible wait. One frame alone, or the scheduler's frames over an interruptible wait, is not.
 */
function uninterruptibleSleep(lines: readonly string[]): string | undefined {
  let sleeping = 0;
  let wait: string | undefined;
  for (const line of lines) {
    const key = frameKey(line);
    if (key === undefined) continue;
    const name = frameFunction(key);
    const d = D_WAIT_FRAME.test(name);
    if (d || SCHEDULER_FRAME.test(name)) sleeping++;
    if (d && wait === undefined) wait = line.trim();
  }
  return sleeping >= 2 ? wait : undefined;
}

/**
 * The subsystem the stack sleeps in; failing that, a stack asleep in D state in a lock or wait no subsystem owns
 * (a mutex, an rw-semaphore) is what the hung-task report prints under its header, which may not have been kept:
 * a blocked task, the task not named.
 */
function addStackFact(lines: readonly string[], source: string, facts: FactSet): void {
  const found = stackSubsystem(lines);
  if (found) {
    facts.add({
      id: found.subsystem.fact,
      source,
      text: `kernel stack in ${found.subsystem.name}: ${found.line}`,
    });
    return;
  }
  const wait = uninterruptibleSleep(lines);
  if (wait)
    facts.add({ id: 'kernel.hung_task', source, text: `kernel stack of a task asleep in D state: ${wait}` });
}

/** Kernel stack facts from a whole text (a bundle's command output). */
export function kernelStackFacts(text: string, source: string, facts: FactSet): void {
  const lines = text.split('\n').filter((l) => FRAME.test(l));
  if (lines.length > 0) addStackFact(lines.slice(0, MAX_FRAMES), source, facts);
}

/**
 * A blocked task's stack in a log read line by line (a bundle's kernel log, dmesg as a command's output): the runs
 * of frames after a `Call Trace:` line, or starting at a scheduler frame when that line was not kept. Rules read
 * each frame on its own (a storage wait is theirs); what only the whole run shows is a task asleep in D state in a
 * lock no subsystem owns, which is what the hung-task report prints under its header.
 */
export function sleepingTraceFacts(text: string, source: string, facts: FactSet): void {
  if (!text.includes('schedule+0x')) return;
  let run: string[] | undefined;
  const close = (): void => {
    if (run && run.length > 0 && !stackSubsystem(run)) {
      const top = run.slice(0, 3).map((f) => frameKey(f) ?? '');
      const wait = top.some((f) => SLEEPING.test(f)) ? uninterruptibleSleep(run) : undefined;
      if (wait)
        facts.add({
          id: 'kernel.hung_task',
          source,
          text: `kernel stack of a task asleep in D state: ${wait}`,
        });
    }
    run = undefined;
  };
  for (const line of text.split('\n')) {
    const message = parseLogLine(line, 'kernel').message;
    if (message === 'Call Trace:') {
      close();
      run = [];
      continue;
    }
    const key = frameKey(message);
    if (key === undefined) {
      if (run && TRACE_OTHER.test(message)) continue;
      close();
      continue;
    }
    if (!run) {
      const name = frameFunction(key);
      if (name !== '__schedule' && name !== 'schedule') continue;
      run = [];
    }
    if (run.length < MAX_FRAMES) run.push(message);
  }
  close();
}

class KernelStack implements Section {
  readonly format = 'kernel-stack';
  readonly #lines: string[];
  readonly #at: number;

  constructor(first: string, at: number) {
    this.#lines = [first];
    this.#at = at;
  }

  take(line: string): boolean {
    const frame = line.startsWith('[<') ? line : parseLogLine(line, 'kernel').message;
    if (!FRAME.test(frame)) return false;
    if (this.#lines.length < MAX_FRAMES) this.#lines.push(frame);
    return true;
  }

  close(evidence: PasteEvidence, cite: (line: number) => string): void {
    addStackFact(this.#lines, cite(this.#at), evidence.facts);
  }
}

/** A stack read from /proc/PID/stack (`[<…>] frame`), or the same frames behind a dmesg or journal prefix. */
export const openKernelStack: Opener = (line, at) => {
  if (!line.includes('[<')) return undefined;
  const frame = line.startsWith('[<') ? line : parseLogLine(line, 'kernel').message;
  return FRAME.test(frame) ? new KernelStack(frame, at) : undefined;
};

/** What else a Call Trace block holds: the task markers and the user-space registers after it. */
const TRACE_OTHER = /^\s*(?:<\/?TASK>|<\/?IRQ>|RIP: |RSP: |R[A-Z0-9]{1,3}: |Code: )/;
/** A task that sleeps: its trace starts in the scheduler (an OOM or warning trace starts in dump_stack). */
const SLEEPING = /^(?:__schedule|schedule|io_schedule)\b/;

/**
 * The `Call Trace:` the kernel prints under a hung-task report (`INFO: task runc:4242 blocked for more than
 * 120 seconds.`), in dmesg or the journal: which subsystem the blocked task waits in.
 */
class CallTrace implements Section {
  readonly format = 'kernel-stack';
  readonly #frames: string[] = [];
  readonly #at: number;

  constructor(at: number, first?: string) {
    this.#at = at;
    if (first !== undefined) this.#frames.push(first);
  }

  take(line: string): boolean {
    const message = parseLogLine(line, 'kernel').message;
    if (TRACE_OTHER.test(message)) return true;
    if (frameKey(message) === undefined) return false;
    if (this.#frames.length < MAX_FRAMES) this.#frames.push(message);
    return true;
  }

  close(evidence: PasteEvidence, cite: (line: number) => string): void {
    const top = this.#frames.slice(0, 3).map((f) => frameKey(f) ?? '');
    if (top.some((f) => SLEEPING.test(f))) addStackFact(this.#frames, cite(this.#at), evidence.facts);
  }
}

export const openCallTrace: Opener = (line, at) =>
  line.includes('Call Trace:') && parseLogLine(line, 'kernel').message === 'Call Trace:'
    ? new CallTrace(at)
    : undefined;

/**
 * The same frames when the `Call Trace:` line (and the report's header above it) were not kept: a run of frames
 * whose first is the scheduler's, as every sleeping task's stack begins.
 */
export const openBareCallTrace: Opener = (line, at) => {
  if (!line.includes('schedule+0x')) return undefined;
  const message = parseLogLine(line, 'kernel').message;
  const key = TRACE_FRAME.exec(message)?.[1];
  return key === '__schedule' || key === 'schedule' ? new CallTrace(at, message) : undefined;
};
