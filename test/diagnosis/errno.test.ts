import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ERRNO_TABLE, errnoMeaning, STRERROR } from '../../shared/diagnosis/errno.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { FACT_MEANINGS } from '../../shared/diagnosis/facts.ts';

/** Debian's manpages-dev installs the Linux man pages the table cites (scripts/ensure-test-tools.sh). */
function manPage(page: string): string {
  const m = /^(.+)\((\d)\)$/.exec(page);
  const path = `/usr/share/man/man${m?.[2]}/${m?.[1]}.${m?.[2]}.gz`;
  const text = gunzipSync(readFileSync(path)).toString('utf8');
  // A page that is another's alias (`.so man2/inotify_init.2`) has its text there.
  const alias = /^\.so (\S+)/m.exec(text);
  return alias ? gunzipSync(readFileSync(`/usr/share/man/${alias[1]}.gz`)).toString('utf8') : text;
}

/** The ERRORS section's entries for one errno, as plain text (roff requests and comments removed). */
function errorsEntry(page: string, errno: string): string {
  const section = /^\.SH ERRORS\n([\s\S]*?)^\.SH /m.exec(manPage(page))?.[1] ?? '';
  return section
    .split(/^\.TP\n/m)
    .filter((item) => new RegExp(`^\\.BR? ${errno}\\b`).test(item))
    .join(' ')
    .replace(/^\.\\".*$/gm, '')
    .replace(/^\.[A-Z]{1,2}\s?/gm, '')
    .replace(/\\-/g, '-')
    .replace(/\\\[bu\]/g, '')
    .replace(/\s+/g, ' ');
}

describe('the errno table', () => {
  const havePages = existsSync('/usr/share/man/man2/inotify_init.2.gz');

  it.each(ERRNO_TABLE.map((row) => [`${row.call} ${row.errno}`, row]))(
    '%s says what its man page says',
    (_name, row) => {
      expect(FACT_MEANINGS[row.fact]).toBeDefined();
      expect(row.source.url).toBe(
        `https://man7.org/linux/man-pages/man${row.source.page.slice(-2, -1)}/${row.source.page.replace(/\((\d)\)$/, '.$1')}.html`,
      );
      expect(row.meaning.length).toBeGreaterThan(20);
      expect(row.source.errors.length).toBeGreaterThan(20);
      if (!havePages) return;
      const entry = errorsEntry(row.source.page, row.errno);
      expect(entry, `${row.source.page} ERRORS lists ${row.errno}`).not.toBe('');
      for (const term of row.terms) expect(entry, `${row.source.page} ${row.errno}`).toContain(term);
    },
  );

  // glibc's strerror (through Python, which prints it as is; Node's messages are libuv's own, e.g. "file table
  // overflow" for ENFILE); Go's syscall.Errno prints the same texts in lower case.
  const python = existsSync('/usr/bin/python3');
  it.skipIf(!python)('prints each errno as the C library does', () => {
    const names = Object.keys(STRERROR);
    const script = `import errno, os\nfor n in ${JSON.stringify(names)}: print(os.strerror(getattr(errno, n)).lower())`;
    const printed = execFileSync('python3', ['-c', script], { encoding: 'utf8' }).trim().split('\n');
    expect(printed).toEqual(Object.values(STRERROR));
  });

  it('reads an errno by its call, named or printed', () => {
    expect(errnoMeaning('inotify_init1', 'too many open files')?.fact).toBe('fd.inotify');
    expect(errnoMeaning('inotify_add_watch', 'ENOSPC')?.limit).toBe('fs.inotify.max_user_watches');
    expect(errnoMeaning('write', 'no space left on device')?.fact).toBe('disk.pressure');
    expect(errnoMeaning('accept4', 'EMFILE')?.fact).toBe('fd.emfile');
    expect(errnoMeaning('accept4', 'Too many open files in system')?.fact).toBe('fd.file_max');
    expect(errnoMeaning('clone', 'resource temporarily unavailable')?.fact).toBe('pid.pressure');
    expect(errnoMeaning('dial', 'connection refused')?.fact).toBe('runtime.unreachable');
    expect(errnoMeaning('mkdir', 'cannot allocate memory', '/sys/fs/cgroup/memory/kubepods/pod1')?.fact).toBe(
      'mem.memcg_ids_exhausted',
    );
    expect(errnoMeaning('mkdir', 'ENOMEM', '/var/lib/kubelet/pods/x')).toBeUndefined();
    expect(errnoMeaning('write', 'EMFILE')).toBeUndefined();
    expect(errnoMeaning('frobnicate', 'EMFILE')).toBeUndefined();
  });

  it('has one row per call and errno', () => {
    const keys = ERRNO_TABLE.map((r) => `${r.call} ${r.errno} ${r.under ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the rules read the table', () => {
  /** A node daemon's Go error naming the call, as containerd logs one (calls without a path take none). */
  function daemonLine(call: string, text: string): string {
    const operand = /^(?:inotify_init1?|pipe2?|eventfd2?|epoll_create1?|timerfd_create|pthread_create)$/.test(
      call,
    )
      ? ''
      : ' /var/lib/containerd/io.containerd.runtime.v2.task/k8s.io/abc/rootfs';
    return `Nov 02 13:41:43 worker-1 containerd[880]: time="2026-11-02T13:41:43Z" level=error msg="operation failed" error="${call}${operand}: ${text}"`;
  }

  const rows = ERRNO_TABLE.filter((row) => row.call !== 'connect');
  it.each(rows.map((row) => [`${row.call} ${row.errno} → ${row.fact}`, row]))('%s', (_name, row) => {
    // A row kept for one program's execution (round 27) reads Go's fork/exec of that program: runc's here.
    if (row.program) {
      const exec = daemonLine('fork/exec /usr/bin/runc', STRERROR[row.errno]).replace(
        ' /var/lib/containerd/io.containerd.runtime.v2.task/k8s.io/abc/rootfs',
        '',
      );
      expect(extractFacts({ logs: { other: exec } }).ids()).toContain(row.fact);
      return;
    }
    const line = daemonLine(row.call, STRERROR[row.errno]).replace(
      '/var/lib/containerd/io.containerd.runtime.v2.task/k8s.io/abc/rootfs',
      row.under ? `${row.under}/kubepods/pod1` : '$&',
    );
    expect(extractFacts({ logs: { other: line } }).ids()).toContain(row.fact);
  });

  it('reads ENFILE as the kernel file table, not the daemon’s own limit', () => {
    const ids = extractFacts({
      logs: { other: daemonLine('accept4', 'too many open files in system') },
    }).ids();
    expect(ids).toContain('fd.file_max');
    expect(ids).not.toContain('fd.emfile');
  });

  it('reads ENOSPC on a cgroup file as no full disk, and an application’s errors as its own', () => {
    const cgroup = daemonLine('mkdir', 'no space left on device').replace(
      '/var/lib/containerd/io.containerd.runtime.v2.task/k8s.io/abc/rootfs',
      '/sys/fs/cgroup/memory/kubepods/pod1',
    );
    expect(extractFacts({ logs: { other: cgroup } }).ids()).not.toContain('disk.pressure');
    const app = 'Nov 02 13:41:43 worker-1 myapp[77]: fork/exec /bin/sh: resource temporarily unavailable';
    expect(extractFacts({ logs: { other: app } }).ids()).not.toContain('pid.pressure');
  });
});
