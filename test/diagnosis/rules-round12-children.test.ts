import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { ids, journal, top } from '../support/node-lines.ts';

/**
 * Round 11's class 1 (docs/accuracy.md, "Round 11"): program families seen from outside. Go goroutine dumps read by
 * the package their parked goroutines sit in (Go runtime/traceback.go goroutineheader: `goroutine N [state, M
 * minutes]:`, the minutes printed once a goroutine has waited one), and runc's init children seen through lsof,
 * /proc and ps (runc libcontainer/nsenter/nsexec.c stage names, standard_init_linux.go's exec fifo wait, the
 * kernel's fifo open in fs/pipe.c).
 */

/** One goroutine as the Go runtime prints it: header, then function and file lines, innermost first. */
function goroutine(id: number, state: string, minutes: number, frames: readonly string[]): string {
  const wait = minutes >= 1 ? `, ${minutes} minutes` : '';
  return [
    `goroutine ${id} [${state}${wait}]:`,
    ...frames.flatMap((f, i) => [
      `${f}(0xc000${(i + 10).toString(16)}a0, 0x1)`,
      `\t/workspace/src/${i}.go:${100 + i} +0x${(i + 1) * 16}`,
    ]),
  ].join('\n');
}

const DEFERRED = [
  'runtime.gopark',
  'runtime.selectgo',
  'k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*signalChannelData).deferredDeliver',
];
const DEFERRED_CREATED =
  'created by k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*signalChannelData).deliver in goroutine 211';
const IN_WORKER = [
  'internal/poll.runtime_pollWait',
  'internal/poll.(*pollDesc).wait',
  'net.(*conn).Read',
  'k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*unixTransport).ReadMessage',
  'k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*Conn).inWorker',
];

/** A dump of `n` goroutines parked `minutes` in godbus's deferred signal delivery, beside a healthy reader. */
function dbusDump(n: number, minutes: number): string {
  const parked = Array.from(
    { length: n },
    (_, i) => `${goroutine(5000 + i, 'select', minutes, DEFERRED)}\n${DEFERRED_CREATED}`,
  );
  return [goroutine(211, 'IO wait', 1440, IN_WORKER), ...parked].join('\n\n');
}

const THREADS_FATAL = ['runtime: program exceeds 10000-thread limit', 'fatal error: thread exhaustion', ''];

describe('goroutine dumps: godbus signal delivery and calls as systemd/D-Bus not drained or not answering', () => {
  it('a kubelet crash at the thread limit whose dump is parked in D-Bus delivery: the D-Bus stall, the fatal its consequence', () => {
    const text = [...THREADS_FATAL, dbusDump(40, 38)].join('\n');
    const kubelet = text
      .split('\n')
      .map((l) => journal('kubelet[1893]', l))
      .join('\n');
    const bundle = { logs: { kubelet } };
    const facts = ids(bundle);
    expect(facts).toContain('systemd.dbus_blocked');
    expect(facts).toContain('kubelet.panic');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('systemd_dbus_stall');
    expect(d.causes.map((c) => c.id)).toContain('kubelet_defect');
  });

  it('the same dump as a command output, with godbus calls waiting for systemd', () => {
    const call = [
      'runtime.gopark',
      'runtime.chanrecv1',
      'github.com/godbus/dbus/v5.(*Object).CallWithContext',
      'github.com/coreos/go-systemd/v22/dbus.(*Conn).startJob',
      'github.com/coreos/go-systemd/v22/dbus.(*Conn).StartTransientUnitContext',
    ];
    const dump = Array.from({ length: 12 }, (_, i) => goroutine(700 + i, 'chan receive', 9 + i, call)).join(
      '\n\n',
    );
    const bundle = { commandOutputs: { 'curl -s localhost:10248/debug/pprof/goroutine?debug=2': dump } };
    expect(ids(bundle)).toContain('systemd.dbus_blocked');
    expect(top(bundle)?.id).toBe('systemd_dbus_stall');
  });

  it('red herring: a few deliveries parked for a minute or two are a burst, not a backlog', () => {
    const bundle = {
      commandOutputs: { 'kill -QUIT $(pidof kubelet); journalctl -u kubelet': dbusDump(4, 2) },
    };
    expect(ids(bundle)).not.toContain('systemd.dbus_blocked');
  });

  it('red herring: the connection reader waiting a day, and godbus frames in running goroutines', () => {
    const running = Array.from({ length: 20 }, (_, i) =>
      goroutine(900 + i, 'running', 0, ['github.com/godbus/dbus/v5.(*Object).Call', 'main.poll']),
    );
    const dump = [goroutine(211, 'IO wait', 1440, IN_WORKER), ...running].join('\n\n');
    expect(ids({ commandOutputs: { 'cat /tmp/kubelet-goroutines.txt': dump } })).not.toContain(
      'systemd.dbus_blocked',
    );
    expect(ids({ logs: { kubelet: dump } })).not.toContain('systemd.dbus_blocked');
  });
});

describe('goroutine dumps: CRI calls and HTTP/2 round trips', () => {
  const cri = [
    'runtime.gopark',
    'runtime.selectgo',
    'google.golang.org/grpc/internal/transport.(*Stream).waitOnHeader',
    'google.golang.org/grpc.(*ClientConn).Invoke',
    'k8s.io/cri-api/pkg/apis/runtime/v1.(*runtimeServiceClient).ListContainers',
    'k8s.io/cri-client/pkg.(*remoteRuntimeService).listContainersV1',
  ];
  it('CRI calls parked past the runtime request timeout are the runtime not answering', () => {
    const dump = Array.from({ length: 3 }, (_, i) => goroutine(40 + i, 'select', 14, cri)).join('\n\n');
    const bundle = { commandOutputs: { 'cat kubelet-stacks.txt': dump } };
    expect(ids(bundle)).toContain('runtime.call_blocked');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("the kubelet's thread-limit fatal over CRI calls piled up: the runtime first, the fatal its consequence", () => {
    const dump = Array.from({ length: 30 }, (_, i) => goroutine(4000 + i, 'select', 12 + (i % 5), cri)).join(
      '\n\n',
    );
    const kubelet = [...THREADS_FATAL, dump]
      .join('\n')
      .split('\n')
      .map((l) => journal('kubelet[1893]', l))
      .join('\n');
    const bundle = { logs: { kubelet } };
    expect(ids(bundle)).toContain('kubelet.fatal_behind_runtime');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes.map((c) => c.id)).toContain('kubelet_defect');
  });

  it("a nil-pointer panic beside the same pile stays the kubelet's bug to weigh", () => {
    const dump = goroutine(4000, 'select', 12, cri);
    const kubelet = ['panic: runtime error: invalid memory address or nil pointer dereference', '', dump]
      .join('\n')
      .split('\n')
      .map((l) => journal('kubelet[1893]', l))
      .join('\n');
    expect(ids({ logs: { kubelet } })).not.toContain('kubelet.fatal_behind_runtime');
  });

  it('red herring: CRI calls in flight for a minute or two, within the runtime request timeout', () => {
    const dump = Array.from({ length: 5 }, (_, i) => goroutine(40 + i, 'select', 1 + (i % 2), cri)).join(
      '\n\n',
    );
    expect(ids({ commandOutputs: { 'cat kubelet-stacks.txt': dump } })).not.toContain('runtime.call_blocked');
  });

  it('red herring: an image pull of many minutes has no deadline by design', () => {
    const pull = [
      'runtime.gopark',
      'runtime.selectgo',
      'google.golang.org/grpc.(*ClientConn).Invoke',
      'k8s.io/cri-api/pkg/apis/runtime/v1.(*imageServiceClient).PullImage',
      'k8s.io/cri-client/pkg.(*remoteImageService).pullImageV1',
    ];
    const dump = goroutine(41, 'select', 25, pull);
    expect(ids({ commandOutputs: { 'cat kubelet-stacks.txt': dump } })).not.toContain('runtime.call_blocked');
  });

  it('HTTP/2 round trips to the API server with no headers for minutes: the path to the API server', () => {
    const rt = [
      'runtime.gopark',
      'runtime.selectgo',
      'k8s.io/kubernetes/vendor/golang.org/x/net/http2.(*ClientConn).RoundTrip',
      'k8s.io/kubernetes/vendor/golang.org/x/net/http2.(*Transport).RoundTripOpt',
      'net/http.send',
    ];
    const three = Array.from({ length: 3 }, (_, i) => goroutine(60 + i, 'select', 6, rt)).join('\n\n');
    expect(ids({ commandOutputs: { 'cat kubelet-stacks.txt': three } })).toContain('kubelet.http_blocked');
    const one = goroutine(60, 'select', 6, rt);
    expect(ids({ commandOutputs: { 'cat kubelet-stacks.txt': one } })).not.toContain('kubelet.http_blocked');
  });
});

describe('goroutine dumps in logs cut down to the journal tag', () => {
  it('`kubelet[PID]: ` before every line, the time and host dropped', () => {
    const kubelet = dbusDump(12, 20)
      .split('\n')
      .map((l) => ` kubelet[2767]: ${l}`)
      .join('\n');
    expect(ids({ logs: { kubelet } })).toContain('systemd.dbus_blocked');
  });
});

/** Container IDs as containerd's CRI service names them. */
const cid = (n: number) => `${n}f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1`.slice(0, 64);

const LSOF_HEADER = 'COMMAND     PID USER   FD   TYPE DEVICE SIZE/OFF    NODE NAME';
/** lsof's rows for one init: its cwd and root, the exec fifo (O_PATH, shown read), the log pipe gone. */
function lsofInit(pid: number, id: string): string[] {
  return [
    `runc:[2:I ${pid} root  cwd    DIR  0,214     4096 3540871 /`,
    `runc:[2:I ${pid} root  rtd    DIR  0,214     4096 3540871 /`,
    `runc:[2:I ${pid} root    3r  FIFO   0,24      0t0    1093 /run/containerd/runc/k8s.io/${id}/exec.fifo`,
    `runc:[2:I ${pid} root    4u  unix 0xffff9d2b 0t0 8812345 type=STREAM`,
  ];
}

describe("runc's init children seen from outside: the exec fifo held, created containers never started", () => {
  it('lsof of many inits holding their fifos under the shim: the wedged start, not the runtime', () => {
    const rows = [LSOF_HEADER, ...[1, 2, 3, 4, 5].flatMap((n) => lsofInit(48210 + n, cid(n)))].join('\n');
    const bundle = { commandOutputs: { 'lsof -c runc': rows } };
    const facts = ids(bundle);
    expect(facts).toContain('runc.init_fifo_wait');
    expect(facts).toContain('runc.init_fifo_pileup');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('zombie_shim_hang');
    expect(d.causes[0]?.chain.join(' ')).toMatch(/exec fifo/);
  });

  it('/proc/PID/fd listings per process, and a stack of one init asleep in the fifo open', () => {
    const fd = (id: string) =>
      [
        'total 0',
        'lr-x------ 1 root root 64 Nov 23 10:01 0 -> /dev/null',
        'l-wx------ 1 root root 64 Nov 23 10:01 1 -> pipe:[8812340]',
        `lr-x------ 1 root root 64 Nov 23 10:01 3 -> /run/containerd/runc/k8s.io/${id}/exec.fifo`,
      ].join('\n');
    const stack = [
      '[<0>] wait_for_partner+0x19/0x50',
      '[<0>] fifo_open+0x27b/0x2b0',
      '[<0>] do_dentry_open+0x14c/0x3a0',
      '[<0>] path_openat+0x5a1/0x1620',
      '[<0>] do_filp_open+0xa5/0x130',
      '[<0>] do_sys_openat2+0x246/0x320',
      '[<0>] __x64_sys_openat+0x55/0x90',
      '[<0>] do_syscall_64+0x5b/0xd0',
    ].join('\n');
    const bundle = {
      commandOutputs: {
        'ls -l /proc/48211/fd': fd(cid(1)),
        'ls -l /proc/48307/fd': fd(cid(2)),
        'ls -l /proc/48419/fd': fd(cid(3)),
        'cat /proc/48211/stack': stack,
      },
    };
    const facts = ids(bundle);
    expect(facts).toContain('runc.init_fifo_pileup');
    // The stack is of a process the listings show holding the fifo: runc's init, asleep in the fifo's open.
    const one = { commandOutputs: { 'ls -l /proc/48211/fd': fd(cid(1)), 'cat /proc/48211/stack': stack } };
    const examples = extractFacts(one).examples('runc.init_fifo_wait');
    expect(examples.some((e) => /\/stack → .*wait_for_partner/.test(e.text))).toBe(true);
    // An interruptible wait for a partner is not a task hung in D state.
    expect(facts).not.toContain('kernel.hung_task');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it("ps's WCHAN of the inits, on a kernel before 5.9 (pipe_wait) and after (wait_for_partner)", () => {
    const ps = [
      '    PID    PPID STAT WCHAN                            CMD',
      '   4410       1 Sl   futex_wait_queue_me              /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 6a1f',
      '  48211    4410 S    pipe_wait                        runc init',
      '  48307    4410 S    pipe_wait                        runc init',
      '  48419    4410 S    wait_for_partner                 runc init',
    ].join('\n');
    const bundle = { commandOutputs: { 'ps -eo pid,ppid,stat,wchan:32,cmd': ps } };
    const facts = ids(bundle);
    expect(facts).toContain('runc.init_fifo_wait');
    expect(facts).toContain('runc.init_fifo_pileup');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('pasted into a log: lsof rows in a description of the node', () => {
    const other = [
      'nodes stopped starting pods, lots of runc processes:',
      LSOF_HEADER,
      ...[1, 2, 3].flatMap((n) => lsofInit(50100 + n, cid(n))),
    ].join('\n');
    const facts = ids({ logs: { other } });
    expect(facts).toContain('runc.init_fifo_pileup');
  });

  it("lsof's NAME cut short (a narrow terminal): a FIFO under the runc root is the exec fifo", () => {
    const rows = [1, 2, 3].map(
      (n) =>
        `runc:[2:I 12967${n} nobody    5u     FIFO   0,25      0t0     4889 /run/containerd/runc/k8s.io/${cid(n)}/e`,
    );
    const bundle = { commandOutputs: { 'lsof -c runc -w': [LSOF_HEADER, ...rows].join('\n') } };
    expect(ids(bundle)).toContain('runc.init_fifo_pileup');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('one init on its fifo is a start in progress: a lead, not the hang', () => {
    const bundle = {
      commandOutputs: { 'lsof -p 48211': [LSOF_HEADER, ...lsofInit(48211, cid(1))].join('\n') },
    };
    const facts = ids(bundle);
    expect(facts).toContain('runc.init_fifo_wait');
    expect(facts).not.toContain('runc.init_fifo_pileup');
    expect(top(bundle)?.confidence ?? 0).toBeLessThanOrEqual(0.5);
  });

  it("red herring: lsof of an init that has exec'd (the container's command, no fifo) and a fifo wait that is not runc's", () => {
    const execd = [
      LSOF_HEADER,
      'nginx   48211 root  cwd    DIR  0,214     4096 3540871 /',
      'nginx   48211 root  txt    REG  0,214  1190896 3541002 /usr/sbin/nginx',
      'nginx   48211 root    6u  IPv4 8812399      0t0     TCP *:http (LISTEN)',
      'nginx   48211 root    7u  unix 0xffff9d2b      0t0 8812345 type=STREAM',
    ].join('\n');
    const stack = [
      '[<0>] pipe_wait+0x6f/0xc0',
      '[<0>] wait_for_partner+0x19/0x50',
      '[<0>] fifo_open+0x27b/0x2b0',
    ].join('\n');
    const bundle = { commandOutputs: { 'lsof -p 48211': execd, 'cat /proc/5120/stack': stack } };
    const facts = ids(bundle);
    expect(facts).not.toContain('runc.init_fifo_wait');
    expect(facts).not.toContain('runc.init_fifo_pileup');
  });

  it("red herring: the runtime's error naming the fifo's path is no holder", () => {
    const containerd = [1, 2, 3]
      .map((n) =>
        journal(
          'containerd[812]',
          `time="2026-11-23T10:01:02Z" level=error msg="StartContainer failed" error="OCI runtime start failed: open /run/containerd/runc/k8s.io/${cid(n)}/exec.fifo: no such file or directory: unknown"`,
        ),
      )
      .join('\n');
    const facts = ids({ logs: { containerd } });
    expect(facts).not.toContain('runc.init_fifo_wait');
    expect(facts).not.toContain('runc.init_fifo_pileup');
  });
});

describe('pasted as free text: the listings and dumps read by the paste reader', () => {
  it("lsof's table without its command line: the rows are one listing", () => {
    const text = [
      'pods on this node stay ContainerCreating since the morning',
      LSOF_HEADER,
      ...[1, 2, 3].flatMap((n) => lsofInit(48300 + n, cid(n))),
      'that is all it shows',
    ].join('\n');
    expect(diagnoseText(text).causes[0]?.id).toBe('zombie_shim_hang');
  });

  it("a SIGQUIT dump of the kubelet pasted whole, parked in godbus's delivery", () => {
    const text = ['kubelet stopped posting status, here is its dump:', '', dbusDump(15, 41)].join('\n');
    expect(diagnoseText(text).causes[0]?.id).toBe('systemd_dbus_stall');
  });
});

describe("processes in D state under the shim, by ps's WCHAN", () => {
  const ps = (wchan: string) =>
    [
      '    PID    PPID STAT WCHAN                            CMD',
      '   4410       1 Sl   futex_wait_queue_me              /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 6a1f',
      `  48211    4410 D    ${wchan.padEnd(32)} /usr/bin/python3 /app/worker.py`,
    ].join('\n');

  it('an NFS wait and the cgroup freezer name the subsystem the task sleeps in', () => {
    expect(
      ids({ commandOutputs: { 'ps -eo pid,ppid,stat,wchan:32,cmd': ps('rpc_wait_bit_killable') } }),
    ).toContain('proc.dstate_storage');
    expect(ids({ commandOutputs: { 'ps -eo pid,ppid,stat,wchan:32,cmd': ps('__refrigerator') } })).toContain(
      'proc.frozen',
    );
  });

  it('red herring: a D task whose wchan names no subsystem is only a D task', () => {
    const facts = ids({ commandOutputs: { 'ps -eo pid,ppid,stat,wchan:32,cmd': ps('-') } });
    expect(facts).toContain('proc.dstate');
    expect(facts).not.toContain('proc.dstate_storage');
  });
});
