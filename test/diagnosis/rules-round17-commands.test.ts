import { describe, expect, it } from 'vitest';
import { ids, journal, top } from '../support/node-lines.ts';

// Round 17's command-output families read from the programs' sources (docs/accuracy.md, "What round 17 teaches"):
// process listings read by state and binary path (runc's inits by the dozens); the runtimes' container start
// timeouts below them, counted across distinct containers; the mount table's size beside top's table by command;
// strace output whose last call on a path never returns. Listings are written from procps'
// column layouts and runc's process names, not from any incident.

const PS_HEADER = 'USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND';
const psRow = (pid: number, stat: string, cpu: string, command: string) =>
  `root     ${pid}  ${cpu}  0.0 1235704 10912 ?      ${stat}   13:02   0:00 ${command}`;
const TOP_HEAD = [
  'top - 13:41:43 up 12 days,  3:02,  1 user,  load average: 3.10, 2.95, 2.80',
  'Tasks: 412 total,   1 running, 411 sleeping,   0 stopped,   0 zombie',
  '%Cpu(s):  8.1 us,  4.0 sy,  0.0 ni, 86.9 id,  0.8 wa,  0.0 hi,  0.2 si,  0.0 st',
  '',
  '    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
];
const topRow = (pid: number, s: string, cpu: string, command: string) =>
  `  ${pid} root      20   0 1235704  10912   6212 ${s}  ${cpu}   0.0   0:00.01 ${command}`;

describe("runc's inits in a process listing, by state and binary path", () => {
  it('ps aux: dozens of `/usr/bin/runc init` in D state are the starts stuck below the runtime', () => {
    const rows = Array.from({ length: 40 }, (_, i) => psRow(48200 + i, 'D', '0.0', '/usr/bin/runc init'));
    const bundle = { commandOutputs: { 'ps aux': [PS_HEADER, ...rows].join('\n') } };
    expect(ids(bundle)).toContain('runc.init_pileup');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it("top -b: runc's stage names, each spinning at a full CPU", () => {
    const rows = Array.from({ length: 12 }, (_, i) => topRow(61000 + i, 'R', '99.7', 'runc:[2:INIT]'));
    const bundle = { commandOutputs: { 'top -b -n 1': [...TOP_HEAD, ...rows].join('\n') } };
    expect(ids(bundle)).toContain('runc.init_pileup');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('near miss: a few inits mid-start, idle inits, and a runc that is not an init', () => {
    const few = Array.from({ length: 3 }, (_, i) => psRow(48200 + i, 'D', '0.0', 'runc init'));
    const sleeping = Array.from({ length: 30 }, (_, i) => psRow(49200 + i, 'S', '0.0', 'runc init'));
    const other = Array.from({ length: 30 }, (_, i) =>
      psRow(50200 + i, 'D', '0.0', 'runc --root /run/runc list'),
    );
    const app = Array.from({ length: 30 }, (_, i) =>
      psRow(51200 + i, 'D', '0.0', 'myrunc init --config /etc/app'),
    );
    for (const listing of [few, sleeping, other, app])
      expect(ids({ commandOutputs: { 'ps aux': [PS_HEADER, ...listing].join('\n') } })).not.toContain(
        'runc.init_pileup',
      );
  });

  it('near miss: a healthy top with the runtime and the kubelet at ordinary CPU', () => {
    const bundle = {
      commandOutputs: {
        'top -b -n 1': [
          ...TOP_HEAD,
          topRow(1893, 'S', '6.3', 'kubelet'),
          topRow(812, 'S', '2.0', 'containerd'),
          topRow(1, 'S', '0.3', 'systemd'),
        ].join('\n'),
      },
    };
    const found = ids(bundle);
    expect(found).not.toContain('runc.init_pileup');
    expect(found).not.toContain('cpu.saturated');
    expect(found).not.toContain('io.saturated');
  });
});

const hex = (n: number) => `${n.toString(16).padStart(4, '0')}`.repeat(16);
const containerd = (text: string) =>
  journal('containerd[812]', `time="2026-11-02T13:41:43.111882000Z" level=error msg="${text}"`);
const createTimedOut = (n: number) =>
  containerd(
    `CreateContainer within sandbox \\"${hex(n)}\\" for &ContainerMetadata{Name:app-${n},Attempt:0,} failed" error="failed to create containerd task: failed to create shim task: context deadline exceeded: unknown`,
  );

describe("the runtimes' container starts timing out below them, across containers", () => {
  it("containerd's shim task timing out for three distinct containers is the runtime's path, not one container", () => {
    const bundle = { logs: { containerd: [1, 2, 3].map(createTimedOut).join('\n') } };
    const found = ids(bundle);
    expect(found).toContain('runtime.shim_start_failed');
    expect(found).toContain('runtime.start_timeouts_spread');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("the containerd 0.2 start timeout relayed by dockerd, for three containers' starts", () => {
    const dockerd = (n: number) =>
      journal(
        'dockerd[1021]',
        `time="2026-11-02T13:41:43.111882000Z" level=error msg="Handler for POST /v1.26/containers/${hex(n).slice(0, 12)}/start returned error: containerd: container did not start before the specified timeout"`,
      );
    const bundle = { logs: { dockerd: [4, 5, 6].map(dockerd).join('\n') } };
    expect(ids(bundle)).toContain('runtime.start_timeouts_spread');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('near miss: one slow start, the same container timing out again, and starts that failed for another reason', () => {
    expect(ids({ logs: { containerd: createTimedOut(1) } })).not.toContain('runtime.start_timeouts_spread');
    const again = [1, 1, 1]
      .map((n, i) => createTimedOut(n).replace('13:41:43', `13:4${i + 1}:43`))
      .join('\n');
    expect(ids({ logs: { containerd: again } })).not.toContain('runtime.start_timeouts_spread');
    const refused = [1, 2, 3]
      .map((n) =>
        containerd(
          `CreateContainer within sandbox \\"${hex(n)}\\" failed" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: \\"/app\\": permission denied: unknown`,
        ),
      )
      .join('\n');
    expect(ids({ logs: { containerd: refused } })).not.toContain('runtime.start_timeouts_spread');
  });
});

describe("the mount table's size, with top's table read by command", () => {
  const busyTop = [
    'top - 13:41:43 up 41 days,  3:02,  1 user,  load average: 6.10, 5.95, 5.80',
    'Tasks: 412 total,   2 running, 410 sleeping,   0 stopped,   0 zombie',
    '%Cpu(s): 12.1 us, 38.0 sy,  0.0 ni, 49.1 id,  0.4 wa,  0.0 hi,  0.4 si,  0.0 st',
    '',
    '    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
    '      1 root      20   0  243780 181232   9104 R 100.0   1.1   9132:41 systemd',
    '   1893 root      20   0 3254120 141032  71212 S   6.3   0.9  812:10.11 kubelet',
  ].join('\n');

  it('tens of thousands of mounts with PID 1 at a full CPU: systemd re-parsing a leaked table', () => {
    for (const command of [
      'wc -l /proc/mounts',
      'cat /proc/self/mountinfo | wc -l',
      'mount | wc -l',
      'findmnt | wc -l',
    ]) {
      const bundle = {
        commandOutputs: {
          [command]: command.startsWith('wc') ? '41234 /proc/mounts' : '41234',
          'top -b -n 1': busyTop,
        },
      };
      const found = ids(bundle);
      expect(found).toContain('mount.table_large');
      expect(found).toContain('systemd.busy');
      expect(top(bundle)?.id).toBe('systemd_dbus_stall');
    }
  });

  it("near miss: a busy node's ordinary mount count, and a count of one kind of mount", () => {
    expect(ids({ commandOutputs: { 'wc -l /proc/mounts': '1843 /proc/mounts' } })).not.toContain(
      'mount.table_large',
    );
    expect(ids({ commandOutputs: { 'mount | grep overlay | wc -l': '41234' } })).not.toContain(
      'mount.table_large',
    );
    expect(ids({ commandOutputs: { 'wc -l /var/log/syslog': '41234 /var/log/syslog' } })).not.toContain(
      'mount.table_large',
    );
  });
});

describe('strace of a node daemon whose last call never returns', () => {
  const nfs = '/var/lib/kubelet/pods/5f2c/volumes/kubernetes.io~nfs/data';
  const hung = [
    'strace: Process 1893 attached',
    'futex(0x7f6c1c0, FUTEX_WAKE_PRIVATE, 1) = 1',
    `statfs("${nfs}", ^Cstrace: Process 1893 detached`,
    ' <detached ...>',
  ].join('\n');

  it("the kubelet's statfs on a volume path, the PID looked up with pidof or known from a listing", () => {
    const outputs: Record<string, string>[] = [
      { 'strace -p $(pidof kubelet)': hung },
      { 'strace -f -p 1893': hung, 'pidof kubelet': '1893' },
    ];
    for (const commandOutputs of outputs) {
      const bundle = { commandOutputs };
      expect(ids(bundle)).toContain('proc.dstate_storage');
      expect(top(bundle)?.id).toBe('zombie_shim_hang');
    }
  });

  it('with -f: the open of a container shim thread left unfinished', () => {
    const out = [
      '[pid  4242] epoll_pwait(4, [], 128, 0, NULL, 0) = 0',
      '[pid  4243] openat(AT_FDCWD, "/run/containerd/io.containerd.runtime.v2.task/k8s.io/abc/rootfs/data/x", O_RDONLY|O_CLOEXEC <unfinished ...>',
    ].join('\n');
    expect(ids({ commandOutputs: { 'strace -f -p `pidof containerd-shim-runc-v2`': out } })).toContain(
      'proc.dstate_storage',
    );
  });

  it("near miss: a Go daemon parked in futex, a call that returned, an application's trace, a fifo's open", () => {
    const parked =
      'strace: Process 1893 attached\nfutex(0x5a1e2c8, FUTEX_WAIT_PRIVATE, 0, NULL <detached ...>';
    const returned = `statfs("${nfs}", {f_type=NFS_SUPER_MAGIC, f_bsize=1048576}) = 0`;
    const fifo =
      'openat(AT_FDCWD, "/run/containerd/runc/k8s.io/abc/exec.fifo", O_WRONLY|O_CLOEXEC <detached ...>';
    const cases: Record<string, string>[] = [
      { 'strace -p $(pidof kubelet)': parked },
      { 'strace -p $(pidof kubelet)': returned },
      { 'strace -p 7001': hung },
      { 'strace -p $(pidof java)': hung },
      { 'strace -p $(pidof runc)': fifo },
    ];
    for (const outputs of cases)
      expect(ids({ commandOutputs: outputs })).not.toContain('proc.dstate_storage');
  });
});
