import type { FactId } from './facts.ts';

/**
 * What an errno means depends on the call that returned it: ENOSPC from inotify_add_watch is the inotify watch
 * limit, from write a full disk; EMFILE from inotify_init1 is (usually) the per-user inotify instance limit,
 * from accept4 the process's RLIMIT_NOFILE. This table reads an errno by its call, with the Linux man page that
 * defines it (the ERRORS section, paraphrased in `source.errors`) and the fact it supports. rules/errno.ts turns
 * it into detection rules.
 */
export interface ErrnoRow {
  /** The system call (or libc call) as its man page names it. */
  call: string;
  errno: Errno;
  /**
   * A path the call acted on, when the pair means something else there: mkdir's ENOMEM under the memory
   * controller's hierarchy is its ID space used up, not memory. A row with `under` reads only calls on that path.
   */
  under?: string;
  /**
   * Round 27: the program the call executes, when the pair means something only of it (a pattern of the executable's
   * base name): execve's EACCES on the low-level runtime's binary is the runtime refused, on a container's entrypoint
   * the image's. A row with `program` reads only calls on that program.
   */
  program?: string;
  /** Round 27: the rule file that already reads this pair in its own words: the table does not make a second rule. */
  readBy?: string;
  /** What it means on a node, in words: which limit or resource ran out. */
  meaning: string;
  /** The setting that sets the limit, when one does. */
  limit?: string;
  fact: FactId;
  source: {
    /** man7.org page name, e.g. `inotify_init(2)`. */
    page: string;
    url: string;
    /** The ERRORS entry for this errno, in our words. */
    errors: string;
  };
  /**
   * Words the man page's own ERRORS entry for this errno uses (checked against the installed page by
   * test/diagnosis/errno.test.ts), so a row cannot drift from what the page says.
   */
  terms: readonly string[];
}

/** The errnos the table reads, with the text glibc's strerror (and Go's syscall.Errno) prints for each. */
export const STRERROR = {
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in system',
  ENOSPC: 'no space left on device',
  EAGAIN: 'resource temporarily unavailable',
  ENOMEM: 'cannot allocate memory',
  ETIMEDOUT: 'connection timed out',
  ECONNREFUSED: 'connection refused',
  ENOENT: 'no such file or directory',
  EBUSY: 'device or resource busy',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOEXEC: 'exec format error',
  ETXTBSY: 'text file busy',
} as const;
export type Errno = keyof typeof STRERROR;

const man = (name: string, section = 2) => ({
  page: `${name}(${section})`,
  url: `https://man7.org/linux/man-pages/man${section}/${name}.${section}.html`,
});

/**
 * The low-level runtimes and shims a runtime executes (their base names: docker 17.06-18.06 shipped docker-runc and
 * docker-containerd-shim), and runc's own re-execution paths.
 */
export const RUNTIME_BINARIES =
  '(?:(?:docker-|sysbox-)?runc|crun|docker-containerd-shim|runsc|youki|kata-runtime|nvidia-container-runtime|containerd-shim[a-z0-9-]*|conmon|proc/self/exe|proc/self/fd/[0-9]+)';

/** execve(2) of a runtime's binary (round 27): the row's fact is the runtime's, whoever relays the error. */
function runtimeExec(
  errno: Errno,
  row: { meaning: string; errors: string; terms: readonly string[]; fact?: FactId; readBy?: string },
): ErrnoRow {
  return {
    call: 'execve',
    errno,
    program: RUNTIME_BINARIES,
    meaning: row.meaning,
    fact: row.fact ?? 'runtime.binary_refused',
    source: { ...man('execve'), errors: row.errors },
    terms: row.terms,
    ...(row.readBy ? { readBy: row.readBy } : {}),
  };
}

const PER_PROCESS_FDS = 'the process has as many descriptors open as RLIMIT_NOFILE allows';

/** EMFILE from a call that makes a descriptor: the calling process reached its RLIMIT_NOFILE. */
function processDescriptors(call: string, extra: Partial<ErrnoRow> = {}): ErrnoRow {
  return {
    call,
    errno: 'EMFILE',
    meaning: PER_PROCESS_FDS,
    limit: 'RLIMIT_NOFILE (LimitNOFILE= for a systemd service)',
    fact: 'fd.emfile',
    source: { ...man(call), errors: 'the process reached its own cap on open descriptors' },
    terms: ['per-process limit', 'open file descriptors'],
    ...extra,
  };
}

/** ENFILE from a call that makes a descriptor: the kernel-wide file table (fs.file-max) is full. */
function fileTable(call: string): ErrnoRow {
  return {
    call,
    errno: 'ENFILE',
    meaning: 'the kernel-wide file table is full (fs.file-max)',
    limit: 'fs.file-max',
    fact: 'fd.file_max',
    source: { ...man(call), errors: 'the whole system reached its cap on open files' },
    terms: ['system-wide limit', 'open files'],
  };
}

export const ERRNO_TABLE: readonly ErrnoRow[] = [
  processDescriptors('open', {
    source: { ...man('open'), errors: 'the process reached its own cap on open descriptors (RLIMIT_NOFILE)' },
    terms: ['per-process limit', 'open file descriptors', 'RLIMIT_NOFILE'],
  }),
  processDescriptors('accept', {
    meaning: `${PER_PROCESS_FDS}: the daemon cannot take new connections (its API socket stops answering)`,
  }),
  processDescriptors('socket'),
  processDescriptors('pipe'),
  processDescriptors('eventfd'),
  processDescriptors('timerfd_create'),
  fileTable('inotify_init'),
  fileTable('open'),
  fileTable('accept'),
  fileTable('socket'),
  {
    call: 'inotify_init',
    errno: 'EMFILE',
    meaning:
      "the user's inotify instances are used up (fs.inotify.max_user_instances, 128 by default); less often the process's own descriptor limit",
    limit: 'fs.inotify.max_user_instances',
    fact: 'fd.inotify',
    source: {
      ...man('inotify_init'),
      errors:
        'either the per-user cap on inotify instances was hit, or the per-process cap on open descriptors was',
    },
    terms: ['user limit', 'inotify instances', 'per-process limit', 'open file descriptors'],
  },
  {
    call: 'inotify_add_watch',
    errno: 'ENOSPC',
    meaning:
      "the user's inotify watches are used up (fs.inotify.max_user_watches); not a full disk, whatever the message says",
    limit: 'fs.inotify.max_user_watches',
    fact: 'fd.inotify',
    source: {
      ...man('inotify_add_watch'),
      errors: "the user's cap on inotify watches was hit, or the kernel could not allocate what it needed",
    },
    terms: ['user limit', 'inotify watches'],
  },
  {
    call: 'open',
    errno: 'ENOSPC',
    meaning: 'the filesystem has no room for the file being created (space or inodes)',
    fact: 'disk.pressure',
    source: { ...man('open'), errors: 'a file was to be created and its device has no room left for it' },
    terms: ['no room', 'device'],
  },
  {
    call: 'epoll_create',
    errno: 'EMFILE',
    meaning: `${PER_PROCESS_FDS} (or, on old kernels, the per-user epoll instance cap)`,
    limit: 'RLIMIT_NOFILE',
    fact: 'fd.emfile',
    source: {
      ...man('epoll_create'),
      errors:
        'the per-user epoll instance cap was hit, or the process reached its own cap on open descriptors',
    },
    terms: ['per-user limit', 'epoll instances', 'per-process limit', 'open file descriptors'],
  },
  {
    call: 'fork',
    errno: 'EAGAIN',
    meaning:
      'no process or thread can be made: RLIMIT_NPROC of the user, kernel.threads-max, kernel.pid_max, or the pids.max of the cgroup',
    limit: 'RLIMIT_NPROC, kernel.threads-max, kernel.pid_max, cgroup pids.max',
    fact: 'pid.pressure',
    source: {
      ...man('fork'),
      errors:
        'a cap on threads was met: the RLIMIT_NPROC soft limit, threads-max, pid_max, or the pids controller’s pids.max',
    },
    terms: ['RLIMIT_NPROC', 'threads-max', 'pid_max', 'pids.max'],
  },
  {
    call: 'clone',
    errno: 'EAGAIN',
    meaning:
      'as for fork: the process, thread or PID limits are reached (Go: "failed to create new OS thread")',
    limit: 'RLIMIT_NPROC, kernel.threads-max, kernel.pid_max, cgroup pids.max',
    fact: 'pid.pressure',
    source: { ...man('clone'), errors: 'too many processes already run; the fork(2) page lists the limits' },
    terms: ['Too many processes'],
  },
  {
    call: 'pthread_create',
    errno: 'EAGAIN',
    meaning: 'a thread cannot be made: RLIMIT_NPROC, kernel.threads-max or the pids limit',
    limit: 'RLIMIT_NPROC, kernel.threads-max, cgroup pids.max',
    fact: 'pid.pressure',
    source: {
      ...man('pthread_create', 3),
      errors: 'resources for another thread were missing, or a thread cap was met',
    },
    terms: ['RLIMIT_NPROC', 'threads-max'],
  },
  {
    call: 'fork',
    errno: 'ENOMEM',
    meaning: 'the kernel could not allocate what a new process needs: memory is exhausted',
    fact: 'mem.exhausted',
    source: {
      ...man('fork'),
      errors: 'the kernel structures for the child could not be allocated; memory is tight',
    },
    terms: ['memory is tight'],
  },
  {
    // mm/memcontrol.c: every memory cgroup takes an ID from mem_cgroup_idr, capped at MEM_CGROUP_ID_MAX (65535, an
    // unsigned short), and keeps it until its last reference is gone, which for a removed ("offline", "zombie")
    // cgroup is its last charged page cache or kernel-memory page. mem_cgroup_alloc (4.6+, 73f576c04b94) returns
    // NULL when idr_alloc finds no free ID and mem_cgroup_css_alloc turns that into ENOMEM; on 3.10 (RHEL/CentOS 7)
    // kmem accounting, on for every container by runc's kmem limit, leaves removed cgroups pinned by slab pages.
    call: 'mkdir',
    errno: 'ENOMEM',
    under: '/sys/fs/cgroup/memory',
    meaning:
      "the memory controller's cgroup IDs (65535) are used up by removed cgroups the kernel still holds, not memory: no new pod or container cgroup can be made",
    fact: 'mem.memcg_ids_exhausted',
    source: {
      ...man('mkdir'),
      errors:
        'the kernel could not allocate what the new directory needs; on the memory controller that includes its per-cgroup ID',
    },
    terms: ['Insufficient kernel memory'],
  },
  {
    // The same exhaustion on the kernels before mem_cgroup_alloc took the ID itself (4.6), whose allocator answered
    // ENOSPC: 3.10-3.14 kernel/cgroup.c get_new_cssid (the memory controller's css_id, idr_get_new_above failing or
    // the ID above CSS_ID_MAX, 65535: "error = -ENOSPC"), which RHEL/CentOS 7's 3.10 keeps; 3.15-4.5
    // mm/memcontrol.c mem_cgroup_css_online ("if (css->id > MEM_CGROUP_ID_MAX) return -ENOSPC;"). A mkdir in the
    // cgroup filesystem writes no block: its ENOSPC is the ID space, not a disk.
    call: 'mkdir',
    errno: 'ENOSPC',
    under: '/sys/fs/cgroup/memory',
    meaning:
      "the memory controller's cgroup IDs (65535) are used up by removed cgroups the kernel still holds (kernels before 4.6 answer ENOSPC), not a full disk: no new pod or container cgroup can be made until they are freed or the node reboots",
    fact: 'mem.memcg_ids_exhausted',
    source: {
      ...man('mkdir'),
      errors:
        "the device that would hold the new directory has no room; for the memory controller's hierarchy that device is its ID space (kernel/cgroup.c get_new_cssid to 3.14, mm/memcontrol.c mem_cgroup_css_online 3.15-4.5)",
    },
    terms: ['no room for the new directory'],
  },
  {
    // Writing a memory cgroup's kmem limit turns its kernel-memory accounting on (runc to 1.0-rc92 writes 1 then -1 to
    // memory.kmem.limit_in_bytes of every container: "failed to write %v to %v: %v"), which takes a kmem cache ID:
    // mm/memcontrol.c memcg_update_cache_sizes (3.10, RHEL/CentOS 7) and memcg_alloc_cache_id (3.19-4.x) ask
    // ida_simple_get for one below MEMCG_CACHES_MAX_SIZE (65535) and return its -ENOSPC. The removed cgroups whose
    // slab pages keep them alive hold those IDs: the same leak as mkdir's.
    call: 'write',
    errno: 'ENOSPC',
    under: '/sys/fs/cgroup/memory',
    meaning:
      "the memory controller's cgroup IDs (its kernel-memory cache IDs, 65535) are used up by removed cgroups the kernel still holds, not a full disk: no new container's cgroup can be set up",
    fact: 'mem.memcg_ids_exhausted',
    source: {
      ...man('write'),
      errors:
        "the device that holds the file has no room for the data; for a memory cgroup's kmem limit that room is the kernel-memory cache ID space (mm/memcontrol.c memcg_update_cache_sizes, memcg_alloc_cache_id)",
    },
    terms: ['no room for the data'],
  },
  {
    call: 'write',
    errno: 'ENOSPC',
    meaning: 'the filesystem being written is full',
    fact: 'disk.pressure',
    source: { ...man('write'), errors: 'the device that holds the file has no room for the data' },
    terms: ['no room for the data'],
  },
  {
    call: 'mkdir',
    errno: 'ENOSPC',
    meaning: 'the filesystem has no room for a new directory (space or inodes)',
    fact: 'disk.pressure',
    source: {
      ...man('mkdir'),
      errors: 'the device that would hold the new directory has no room, or a quota is used up',
    },
    terms: ['no room for the new directory'],
  },
  {
    call: 'connect',
    errno: 'ETIMEDOUT',
    meaning:
      'nothing answered the connection attempt in time: the peer (the API server, its load balancer) is unreachable or overloaded',
    fact: 'kubelet.api_error',
    source: { ...man('connect'), errors: 'the connection attempt timed out; the server may be too busy' },
    terms: ['Timeout while attempting connection'],
  },
  {
    call: 'connect',
    errno: 'ECONNREFUSED',
    meaning:
      'nobody listens at the address: on a unix socket (containerd.sock, dockershim.sock) the runtime is not running; on TCP the server is down',
    fact: 'runtime.unreachable',
    source: {
      ...man('connect'),
      errors: 'a stream-socket connect found nobody listening at the remote address',
    },
    terms: ['no one listening'],
  },
  // Round 26 (r26-sandbox): unshare(2) and clone(2) with CLONE_NEW* flags make namespaces; the kernel refuses one
  // with ENOSPC when a count limit in /proc/sys/user (max_net_namespaces and the others, 4.9+) or a nesting depth
  // is reached, and with ENOMEM when it cannot allocate what the new namespace needs. Neither is the node's disk, and
  // ENOMEM is the namespace's allocation: leaked namespaces (a network plugin's teardown leaving them) pile up to both.
  {
    call: 'unshare',
    errno: 'ENOSPC',
    meaning:
      'a namespace count limit is reached (/proc/sys/user/max_*_namespaces, or the nesting depth): namespaces pile up on the node, not a full disk',
    limit: 'user.max_net_namespaces and the other /proc/sys/user limits',
    fact: 'ns.create_refused',
    source: {
      ...man('unshare'),
      errors:
        'creating the namespace would exceed the limit in the corresponding /proc/sys/user file, or the nesting depth of PID or user namespaces',
    },
    terms: ['/proc/sys/user'],
  },
  {
    call: 'unshare',
    errno: 'ENOMEM',
    meaning:
      "the kernel could not allocate what the new namespace needs: with namespaces piling up (a network namespace each sandbox), the namespaces' own cost, not the node's free memory",
    fact: 'ns.create_refused',
    source: {
      ...man('unshare'),
      errors: "memory could not be allocated to copy the parts of the caller's context being unshared",
    },
    terms: ['Cannot allocate sufficient memory'],
  },
  // execve(2) opens the program and its interpreter: ENFILE there is the kernel's file table full, whoever execs
  // (runc's init executing the container's process: "exec user process caused: too many open files in system" in
  // runc's standard_init_linux.go to 1.0, "exec <path>: …" from os.PathError in libcontainer/system/linux.go Exec
  // from 1.1, printed by the init to the container's output).
  fileTable('execve'),
  // Round 27 (r27-asks): execve(2) of the low-level runtime's or the shim's own binary (the shim's go-runc running
  // runc or crun, containerd and CRI-O running the shim and conmon, runc re-executing itself as `runc init` from
  // /proc/self/exe or its sealed clone /proc/self/fd/N): Go's os.StartProcess reports it as "fork/exec <path>: <errno>"
  // (syscall/exec_unix.go forkExec, the child's execve errno read back through the pipe), relayed up as "OCI runtime
  // create failed" and "failed to start shim". Each errno says how the binary came to be refused.
  runtimeExec('EACCES', {
    meaning:
      "the kernel refuses to execute the low-level runtime's binary: its execute bits are gone, it lies on a noexec mount, or a security module (SELinux, AppArmor) denies its execution",
    errors:
      'execute permission is denied for the file, it is not a regular file, a directory of its path is not searchable, or its filesystem is mounted noexec',
    terms: ['Execute permission is denied', 'noexec'],
  }),
  runtimeExec('EPERM', {
    meaning:
      "the kernel refuses the low-level runtime's execution by policy: a security agent's fanotify verdict (FAN_DENY on its open-for-exec event answers EPERM, fanotify(7)), a security module's hook, or a set-user-ID binary on a nosuid mount",
    errors:
      'the filesystem is mounted nosuid with a set-user-ID binary, the process is traced, or a capability-dumb program would not get its capabilities; a security module or fanotify permission agent denying the exec answers the same',
    terms: ['nosuid', 'set-user-ID'],
  }),
  runtimeExec('ENOEXEC', {
    meaning:
      "the low-level runtime's binary is not an executable the kernel can run: replaced by a file of another format (a script without its interpreter line, a truncated or half-written copy, another architecture's build)",
    errors:
      'the executable is not in a recognized format, is for the wrong architecture, or has another format error',
    terms: ['not in a recognized format', 'wrong'],
  }),
  runtimeExec('ETXTBSY', {
    meaning:
      "the low-level runtime's binary is open for writing while it is executed: something is replacing it in place (a package update, an agent rewriting it), and each execution during the write fails",
    errors: 'the specified executable was open for writing by one or more processes',
    terms: ['open for writing'],
  }),
  runtimeExec('ENOENT', {
    meaning:
      "the low-level runtime's binary is not at the path the runtime executes: removed, renamed or never installed there",
    errors: 'the file pathname, or a script or ELF interpreter it names, does not exist',
    terms: ['does not exist'],
    fact: 'runtime.binary_missing',
    readBy: 'rules/containerd.ts (runtime.binary_missing, its fork/exec alternative)',
  }),
];

/** Calls whose errors are their family's: inotify_init1 is inotify_init's, accept4 is accept's. */
const ALIASES: Record<string, string> = {
  inotify_init1: 'inotify_init',
  accept4: 'accept',
  pipe2: 'pipe',
  epoll_create1: 'epoll_create',
  openat: 'open',
  openat2: 'open',
  creat: 'open',
  vfork: 'fork',
  clone3: 'clone',
  mkdirat: 'mkdir',
  pwrite: 'write',
  pwrite64: 'write',
  writev: 'write',
  eventfd2: 'eventfd',
  dial: 'connect',
};

const BY_TEXT = new Map<string, Errno>(
  Object.entries(STRERROR).map(([errno, text]) => [text, errno as Errno]),
);

/**
 * What an errno returned by a call means: `errno` is the name (`EMFILE`) or the text strerror prints for it
 * (`too many open files`, any case); `call` is the call's name as a message gives it (`inotify_init1`, `accept4`,
 * `dial`); `path`, when the message gives the path the call acted on, selects a row kept for that path. Undefined when
 * the table does not read that pair.
 */
export function errnoMeaning(call: string, errno: string, path?: string): ErrnoRow | undefined {
  const name = call.trim().toLowerCase();
  const family = ALIASES[name] ?? name;
  const upper = errno.trim().toUpperCase();
  const key = upper in STRERROR ? (upper as Errno) : BY_TEXT.get(errno.trim().toLowerCase());
  if (!key) return undefined;
  const rows = ERRNO_TABLE.filter(
    (row) =>
      row.call === family &&
      row.errno === key &&
      (row.program === undefined || (path !== undefined && new RegExp(`(?:^|/)${row.program}$`).test(path))),
  );
  return (
    rows.find((row) => row.under !== undefined && path?.startsWith(row.under)) ??
    rows.find((row) => row.under === undefined)
  );
}
