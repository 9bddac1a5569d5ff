import { NODE_DAEMONS } from '../components.ts';
import { ERRNO_TABLE, type ErrnoRow, STRERROR } from '../errno.ts';
import type { Signature } from './types.ts';

/**
 * The errno table (errno.ts) read in logs: a node daemon's error that names the call and then the errno's text
 * (Go's `inotify_init1: too many open files`, `fork/exec /usr/bin/runc: resource temporarily unavailable`; glibc's
 * capitalised `Too many open files in system`) is the fact the table gives for that pair, whatever the words
 * suggest alone: ENOSPC from inotify_add_watch is the watch limit, not a full disk; ENFILE is the kernel's file
 * table, not the daemon's own limit.
 *
 * connect(2)'s rows are left to the dial rules (runtime.ts, kubelet.ts): what they mean depends on the address
 * (a unix socket is the runtime, TCP the API server), which the call's name does not say.
 */

/** How the call appears in messages: its own name, its variants, and the Go wrappers that report it. */
const CALL_FORMS: Readonly<Record<string, readonly string[]>> = {
  open: ['open', 'openat'],
  accept: ['accept', 'accept4'],
  socket: ['socket'],
  pipe: ['pipe', 'pipe2'],
  eventfd: ['eventfd', 'eventfd2'],
  timerfd_create: ['timerfd_create'],
  inotify_init: ['inotify_init', 'inotify_init1'],
  inotify_add_watch: ['inotify_add_watch'],
  epoll_create: ['epoll_create', 'epoll_create1'],
  fork: ['fork/exec', 'fork'],
  clone: ['clone', 'clone3'],
  unshare: ['unshare'],
  pthread_create: ['pthread_create'],
  write: ['write', 'pwrite', 'writev'],
  mkdir: ['mkdir', 'mkdirat'],
  // runc's init: "exec user process caused" (to 1.0) and Go's os.PathError "exec /path" (1.1+), after which the
  // errno's text follows; "exec" alone also covers Go's exec.Command errors ("fork/exec" is fork's).
  execve: ['exec user process', 'exec'],
};

/**
 * Paths whose ENOSPC is not a full disk: a cgroup file (cpuset with no CPUs, memcg IDs used up), which the
 * kernel and kubelet rules read for what they are.
 */
const NOT_A_DISK = '/sys/fs/cgroup';
/**
 * Round 29 (r29-runtime): a call's ENOSPC on a memory-backed filesystem (tmpfs(5): /run and its /var/run link, /dev/shm,
 * and the runtimes' exec files in their temporary directory) is that tmpfs full, the node's memory, not its disk
 * (rules/runtime.ts reads it as fs.tmpfs_full). The path must be the call's own, just before the errno.
 */
const MEMORY_BACKED =
  '(?:^|[\\s"\'])(?:(?:/var)?/run/|/dev/shm/)[^ \\n:"]{0,200}[:：] ?[Nn]o space left on device|/(?:runc-process|exec-process-)[^ \\n:"]{0,200}[:：] ?[Nn]o space left on device';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** glibc capitalises the first letter, Go's syscall.Errno does not. */
function errnoText(row: ErrnoRow): string {
  const text = STRERROR[row.errno];
  const first = text.charAt(0);
  return `[${first.toUpperCase()}${first}]${escapeRegex(text.slice(1))}`;
}

function rule(row: ErrnoRow, forms: readonly string[]): Signature {
  const calls = `(?:${forms.map(escapeRegex).join('|')})`;
  // One errno's text can begin another's ("too many open files", "… in system"): the shorter must not read the
  // longer.
  const longer = Object.values(STRERROR).filter(
    (t) => t !== STRERROR[row.errno] && t.startsWith(STRERROR[row.errno]),
  );
  // A row kept for one path (`under`) reads the call on that path only; the call's general row leaves it alone.
  const kept = ERRNO_TABLE.filter(
    (other) => other.call === row.call && other.errno === row.errno && other.under && !row.under,
  ).map((other) => escapeRegex(other.under ?? ''));
  const unless = [
    ...longer.map(escapeRegex),
    ...kept,
    ...(row.fact === 'disk.pressure' ? [escapeRegex(NOT_A_DISK), MEMORY_BACKED] : []),
  ];
  // Go's os.PathError puts the path after the call (`mkdir /sys/fs/cgroup/memory/…: cannot allocate memory`),
  // coreutils quotes it later (`mkdir: cannot create directory '/sys/fs/cgroup/memory/…': Cannot allocate memory`).
  const path = row.under ? `[^\\n]{0,40}${escapeRegex(row.under)}` : '';
  return {
    fact: row.fact,
    // A colon and a space as programs print them; quoted through full-width punctuation the space may go.
    pattern: `${calls}${path}[^\\n]{0,200}[:：] ?${errnoText(row)}`,
    literals: [STRERROR[row.errno], ...(row.under ? [row.under] : [])],
    ...(unless.length ? { unless: unless.join('|') } : {}),
    // By hand (coreutils' mkdir in a shell) as well as by a daemon: the path says whose cgroup tree it is.
    from: row.under ? [...NODE_DAEMONS, 'unknown'] : NODE_DAEMONS,
    source: `${row.source.page} ERRORS, ${row.errno}: ${row.source.errors} (${row.source.url})`,
    mechanism: row.meaning,
  };
}

/**
 * Round 27: the rows kept for one program's execution (errno.ts `program`), one rule per fact with the errnos as
 * alternatives: Go's os.StartProcess reports a failed execve as "fork/exec <path>: <errno text>" (syscall/exec_unix.go
 * forkExec), the path as the caller gave it, so the program's base name ends the path.
 */
function programRules(): Signature[] {
  const rows = ERRNO_TABLE.filter((row) => row.program !== undefined && row.readBy === undefined);
  const byFact = new Map<string, ErrnoRow[]>();
  for (const row of rows)
    byFact.set(`${row.fact} ${row.program}`, [...(byFact.get(`${row.fact} ${row.program}`) ?? []), row]);
  return [...byFact.values()].map((group) => {
    const first = group[0] as ErrnoRow;
    return {
      fact: first.fact,
      pattern: `fork/exec [^ :"\\n]*/${first.program}[:：] ?(?:${group.map(errnoText).join('|')})`,
      literals: ['fork/exec'],
      from: [...NODE_DAEMONS, 'unknown'],
      source: group
        .map((row) => `${row.source.page} ERRORS, ${row.errno}: ${row.source.errors}`)
        .concat([`(${first.source.url}); Go syscall/exec_unix.go forkExec ("fork/exec %s: %v")`])
        .join('; '),
      mechanism: group.map((row) => `${row.errno}: ${row.meaning}`).join('; '),
    };
  });
}

export const ERRNO_RULES: readonly Signature[] = [
  ...ERRNO_TABLE.flatMap((row) => {
    const forms = CALL_FORMS[row.call];
    return forms && row.program === undefined ? [rule(row, forms)] : [];
  }),
  ...programRules(),
];
