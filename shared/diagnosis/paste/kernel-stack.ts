import type { FactId, FactSet } from '../facts.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';

/**
 * `/proc/PID/stack` of a stuck process: one kernel frame a line, innermost first, as `[<0>] func+0x61/0xe0 [module]`
 * (addresses are hidden as `<0>` without CAP_SYSLOG; older kernels print them). The frames say which subsystem
 * the process sleeps in: a filesystem or network storage that does not answer, the cgroup freezer, exit.
 */
const FRAME = /^\s*\[<(?:0|[0-9a-f]{8,16})>\] ([\w.$]+)(?:\+0x[0-9a-f]+\/0x[0-9a-f]+)?(?: \[(\w+)\])?\s*$/;
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

/** The subsystem a stack sleeps in, with the frame line that shows it. */
export function stackSubsystem(lines: readonly string[]): { subsystem: Subsystem; line: string } | undefined {
  const frames = lines.flatMap((line) => {
    const m = FRAME.exec(line);
    return m ? [{ key: `${m[1]}${m[2] ? ` [${m[2]}]` : ''}`, line: line.trim() }] : [];
  });
  for (const subsystem of SUBSYSTEMS) {
    const frame = frames.find((f) => subsystem.frame.test(f.key));
    if (frame) return { subsystem, line: frame.line };
  }
  return undefined;
}

function addStackFact(lines: readonly string[], source: string, facts: FactSet): void {
  const found = stackSubsystem(lines);
  if (!found) return;
  facts.add({
    id: found.subsystem.fact,
    source,
    text: `kernel stack in ${found.subsystem.name}: ${found.line}`,
  });
}

/** Kernel stack facts from a whole text (a bundle's command output). */
export function kernelStackFacts(text: string, source: string, facts: FactSet): void {
  const lines = text.split('\n').filter((l) => FRAME.test(l));
  if (lines.length > 0) addStackFact(lines.slice(0, MAX_FRAMES), source, facts);
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
    if (!FRAME.test(line)) return false;
    if (this.#lines.length < MAX_FRAMES) this.#lines.push(line);
    return true;
  }

  close(evidence: PasteEvidence, cite: (line: number) => string): void {
    addStackFact(this.#lines, cite(this.#at), evidence.facts);
  }
}

export const openKernelStack: Opener = (line, at) =>
  line.startsWith('[<') && FRAME.test(line) ? new KernelStack(line, at) : undefined;
