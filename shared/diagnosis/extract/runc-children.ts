import type { FactSet } from '../facts.ts';

/**
 * runc's children seen from outside, by other tools: lsof, /proc/PID/fd, ps's WCHAN, /proc/PID/stack and wchan.
 *
 * runc create starts the container's init, which sets the container up and then waits, before exec'ing the
 * container's command, until `runc start` opens the container's exec fifo (libcontainer/standard_init_linux.go:
 * init reopens the O_PATH descriptor it inherited write-only, and fs/pipe.c fifo_open sleeps in wait_for_partner
 * until a reader comes). Containerd's CRI service and dockerd create the task and start it within one call
 * (containerd internal/cri/server/container_start.go, pkg/cri/server before 2.0: NewTask, then Start; from 1.7 the
 * NRI plugins' StartContainer hook runs between the two), so an init holding its fifo is a start in progress for
 * milliseconds; several at once in one snapshot are starts never issued (a shim, the runtime or a hook not
 * returning between create and start).
 */

/** Distinct containers whose inits hold their fifos at once: no single start in progress. */
const PILEUP = 3;

/**
 * `runc:[2:I 48211 root 3r FIFO 0,24 0t0 1093 /run/containerd/runc/k8s.io/<id>/exec.fifo` (lsof, any COMMAND
 * width): the NAME is the row's last field.
 */
const LSOF_ROW = /^\s*(\S+)\s+(\d+)\s.*\s\d+[rwu]?\s+FIFO\s.*\s(\/\S+)\s*$/;
/** The container's directory under a runtime's runc root (containerd's shims, runc's default, older dockerd). */
const STATE_DIR =
  /^(?:\/var)?\/run\/(?:k3s\/)?(?:containerd\/runc\/[^/\s]+|runc|docker\/runtime-runc\/[^/\s]+)\/([^/\s]+)/;
/**
 * The container a fifo's path names: the directory holding exec.fifo, or, the NAME cut short, the directory under
 * a runc root (the only fifo runc makes there is exec.fifo: libcontainer's one mkfifo, createExecFifo).
 */
function fifoContainer(name: string): string | undefined {
  return /\/([^/\s]+)\/exec\.fifo$/.exec(name)?.[1] ?? STATE_DIR.exec(name)?.[1];
}
/** `l-wx------ 1 root root 64 Nov 23 10:01 3 -> /run/runc/<id>/exec.fifo`, or `/proc/48211/fd/3 -> …`. */
const FD_LINK = /(?:\/proc\/(\d+)\/fd\/\d+|\s\d+) -> (\/\S*\/([^/\s]+)\/exec\.fifo)/;
/** runc's init by its comm (cut by lsof to 9 characters) or its argv. */
const RUNC_INIT = /runc:\[2:I|runc(?:\.amd64)? init\b/;
/** Where a task waiting to open a fifo sleeps (fs/pipe.c): pipe_wait before 5.9, wait_for_partner after. */
const FIFO_WAIT = /\b(?:wait_for_partner|fifo_open|pipe_wait)\b/;
/** The open itself in a stack: fifo_open is only on the path of a fifo's open. */
const FIFO_OPEN_FRAME = /\b(?:fifo_open|wait_for_partner)\+0x/;

interface Text {
  /** The command that printed it, when there is one. */
  command?: string;
  text: string;
  source: string;
}

interface Holder {
  pid?: string;
  id?: string;
  line: string;
  source: string;
}

/**
 * One line of a listing, if it shows runc's init holding or waiting on its exec fifo: an lsof FIFO row, a
 * descriptor link, or a process listing's init row asleep in the fifo's open. Every init's PID it names goes into
 * `runcPids`, so a later stack or wchan of that PID can be known as an init's.
 */
function holderOfLine(
  raw: string,
  commandPid: string | undefined,
  source: string,
  runcPids: Set<string>,
): Holder | undefined {
  const lsof = raw.includes('FIFO') ? LSOF_ROW.exec(raw) : null;
  const id = lsof ? fifoContainer(lsof[3] ?? '') : undefined;
  if (lsof && id) {
    // Only runc's init keeps the fifo open, whatever lsof's COMMAND column shows.
    runcPids.add(lsof[2] ?? '');
    return { pid: lsof[2], id, line: raw.trim(), source };
  }
  if (raw.includes('exec.fifo')) {
    const link = FD_LINK.exec(raw);
    const pid = link?.[1] ?? commandPid;
    if (pid) runcPids.add(pid);
    return link ? { pid, id: link[3], line: raw.trim(), source } : undefined;
  }
  // A process listing's row of runc's init: its PID is the row's first number.
  if (!RUNC_INIT.test(raw)) return undefined;
  const pid = /(?:^|\s)(\d+)\s/.exec(raw)?.[1];
  if (pid) runcPids.add(pid);
  return pid && FIFO_WAIT.test(raw) ? { pid, line: raw.trim(), source } : undefined;
}

function holdersIn({ command, text, source }: Text, runcPids: Set<string>): Holder[] {
  // A log is long and seldom holds a listing: read its lines only when one could be there.
  if (!command && !/exec\.fifo|\sFIFO\s/.test(text) && !(RUNC_INIT.test(text) && FIFO_WAIT.test(text)))
    return [];
  const commandPid = command ? /\/proc\/(\d+)\/fd\b/.exec(command)?.[1] : undefined;
  return text.split('\n').flatMap((raw) => holderOfLine(raw, commandPid, source, runcPids) ?? []);
}

/**
 * `cat /proc/PID/stack` or `cat /proc/PID/wchan` of a task asleep opening a fifo, when the task is runc's init:
 * known as such from another listing of the bundle, or named by the command itself.
 */
function stackHolder({ command, text, source }: Text, runcPids: Set<string>): Holder | undefined {
  const m = command ? /\/proc\/(\d+|\$\([^)]*\)|`[^`]*`)\/(stack|wchan)\b/.exec(command) : undefined;
  if (!command || !m) return undefined;
  const pid = /^\d+$/.test(m[1] ?? '') ? m[1] : undefined;
  const isInit = (pid !== undefined && runcPids.has(pid)) || /runc/.test(m[1] ?? '');
  const waits = m[2] === 'stack' ? FIFO_OPEN_FRAME.test(text) : FIFO_WAIT.test(text);
  if (!isInit || !waits) return undefined;
  const frame =
    text
      .split('\n')
      .find((l) => FIFO_WAIT.test(l))
      ?.trim() ?? text.trim();
  return { pid, line: `${command} → ${frame}`, source };
}

/** Distinct containers among the holders: by container ID, else by PID (a PID seen with an ID counts as it). */
function distinct(holders: readonly Holder[]): number {
  const idOfPid = new Map(holders.flatMap((h) => (h.pid && h.id ? [[h.pid, h.id] as const] : [])));
  return new Set(holders.map((h) => h.id ?? (h.pid ? (idOfPid.get(h.pid) ?? `pid ${h.pid}`) : h.line))).size;
}

/**
 * Inits holding their exec fifos across a bundle's command outputs and logs (one snapshot's listings, pasted or
 * run): a stack or wchan of an init asleep in the fifo's open is one more (the line rules read lsof rows and
 * descriptor links wherever they are); PILEUP or more distinct containers is the pile-up.
 */
export function runcChildren(texts: readonly Text[], facts: FactSet): void {
  const runcPids = new Set<string>();
  const holders = texts.flatMap((t) => holdersIn(t, runcPids));
  for (const t of texts) {
    const h = stackHolder(t, runcPids);
    if (!h) continue;
    holders.push(h);
    facts.add({ id: 'runc.init_fifo_wait', source: h.source, text: h.line });
  }
  const n = distinct(holders);
  const first = holders[0];
  if (n < PILEUP || !first) return;
  facts.add({
    id: 'runc.init_fifo_pileup',
    source: first.source,
    text: `${n} containers' runc inits wait on their exec fifos, e.g. ${first.line}`,
    value: n,
  });
}
