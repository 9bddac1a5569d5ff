import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, top } from '../support/node-lines.ts';

// Round 17's lessons left over (docs/accuracy.md, "What round 17 teaches"), built from the programs' sources and the
// words' definitions: kubelets restarting beside kernels panicking as a question (kernel/panic.c, the provider's
// events); exit status 137 (128 + SIGKILL, signal(7)) of a runtime daemon or a node's system pod as a forced kill;
// every pod's sandbox taking minutes at the runtime as the runtime's path, not one wedged shim; top's batch table
// read by command (procps top(1) %CPU and COMMAND); the page cache said emptied as a lead, thrashing as reclaim; the
// API server's etcd dials apart from calico's and cilium's etcd clients; strace's resumed calls (src/syscall.c).

const said = (text: string) => diagnose({ logs: { other: text } } as never);
const saidIds = (text: string) => ids({ logs: { other: text } });

describe('kubelets restarting in a loop beside kernels panicking stay a question', () => {
  const LOOPS = [
    'The kubelet keeps restarting in a loop and we see kernel panics on the node every few minutes.',
    'The kubelet is crash-looping. The console shows a kernel panic on every boot.',
    'kubelet 反复重启，节点上出现内核 panic。',
  ];
  it.each(LOOPS)('%s', (text) => {
    const d = said(text);
    expect(saidIds(text)).toContain('kubelet.restarts_with_panics');
    // No confident answer: the host's crashes (node.rebooting, read from the same words) may lead, below 0.6.
    expect(d.confidence).toBeLessThan(0.6);
    // The question recurring.ts raises leads the missing evidence: the provider's events and the volume's allowance.
    expect(d.missing[0]?.what).toMatch(/cloud provider's events/);
  });

  it('near miss: a restart loop without a panic, a panic denied, and the kernel logging its own panic', () => {
    expect(saidIds('The kubelet keeps restarting in a loop.')).not.toContain('kubelet.restarts_with_panics');
    expect(saidIds('The kubelet keeps restarting in a loop; there was no kernel panic.')).not.toContain(
      'kubelet.restarts_with_panics',
    );
    expect(saidIds('kubelet 一直重启，没有内核 panic')).not.toContain('kubelet.restarts_with_panics');
    // A program's own line that the host crashed is evidence of its own, not people's words.
    const kernel = {
      logs: {
        kernel: 'Nov 02 13:41:43 worker-1 kernel: Kernel panic - not syncing: Fatal exception',
        other: 'The kubelet keeps restarting in a loop.',
      },
    };
    expect(ids(kernel)).not.toContain('kubelet.restarts_with_panics');
  });
});

describe('exit status 137 (128 + SIGKILL) of a runtime daemon or a node system pod is a forced kill', () => {
  const KILLED: readonly (readonly [string, string])[] = [
    [
      'At 03:12 the containerd daemon exited with exit code 137 and the node went NotReady.',
      'runtime.killed',
    ],
    ['dockerd exited with code 137', 'runtime.killed'],
    ['containerd 退出码137', 'runtime.killed'],
    [
      'kube-proxy pod on the node: Last State: Terminated, Reason: Error, Exit Code: 137',
      'pod.system_killed',
    ],
    ['calico-node was killed by SIGKILL at 02:10', 'pod.system_killed'],
  ];
  it.each(KILLED)('%s', (text, fact) => {
    const found = saidIds(text);
    expect(found).toContain(fact);
    // A kill is not a daemon that exited on its own: the plain exit fact is not read beside it.
    expect(found).not.toContain('runtime.service_failed');
    const d = said(text);
    expect(d.verdict).toBe('unknown');
    expect(d.causes.map((c) => c.id)).toContain('resource_starvation');
  });

  it("near miss: an app container's 137 after kubectl delete, a container the runtime ran, a system pod deleted", () => {
    for (const text of [
      'Our app container exited with code 137 after we ran kubectl delete pod',
      'the docker container exited with code 137',
      'We ran kubectl delete on kube-proxy and it exited with code 137',
    ]) {
      const found = saidIds(text);
      expect(found, text).not.toContain('runtime.killed');
      expect(found, text).not.toContain('pod.system_killed');
    }
    // A daemon that exited, without the kill's status, stays the service failing.
    expect(saidIds('dockerd exited and restarted')).toContain('runtime.service_failed');
  });
});

describe("every pod's sandbox taking minutes at the runtime is the runtime's path, not one wedged shim", () => {
  const SLOW = [
    'Sandbox creation takes 3-4 minutes at containerd for every pod',
    'RunPodSandbox is taking minutes for every pod',
    "Every new pod's sandbox takes several minutes to create",
    'RunPodSandbox hits DeadlineExceeded for dozens of pods',
    'The runtime takes several minutes to create each sandbox.',
    '创建 sandbox 要好几分钟，所有 pod 都卡在 ContainerCreating',
  ];
  it.each(SLOW)('%s', (text) => {
    expect(saidIds(text)).toContain('runtime.start_timeouts_spread');
    const d = said(text);
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes[0]?.id).not.toBe('zombie_shim_hang');
  });

  it('with the disk named slow beside it, the disk leads', () => {
    const d = said(
      'The runtime takes minutes to create each sandbox; the data disk under /var/lib/containerd is slow, iowait at 90%',
    );
    expect(d.causes[0]?.id).toBe('resource_starvation');
  });

  it('near miss: one pod, and a sandbox that takes seconds', () => {
    for (const text of [
      'RunPodSandbox hangs for one pod',
      'Sandbox creation took minutes for that one pod only',
      'Sandbox creation takes a few seconds for every pod',
    ])
      expect(saidIds(text), text).not.toContain('runtime.start_timeouts_spread');
  });
});

describe("top's batch output read by command (procps top(1) %CPU, COMMAND and the %Cpu(s) fields)", () => {
  const head = (sy: string, id: string, old = false) => [
    'top - 10:01:02 up 3 days,  2:03,  1 user,  load average: 3.10, 2.95, 2.80',
    'Tasks: 812 total,  30 running, 780 sleeping,   0 stopped,   0 zombie',
    old
      ? `Cpu(s):  5.1%us, ${sy}%sy,  0.0%ni, ${id}%id,  2.0%wa,  0.0%hi,  0.4%si,  0.0%st`
      : `%Cpu(s):  5.1 us, ${sy} sy,  0.0 ni, ${id} id,  2.0 wa,  0.0 hi,  0.4 si,  0.0 st`,
    'MiB Mem :  15731.2 total,   2210.4 free,  10820.9 used,   2699.9 buff/cache',
    '',
    '    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
  ];
  const row = (pid: number, cpu: string, command: string, s = 'R') =>
    `  ${pid} root      20   0  712345  12345   6789 ${s}  ${cpu}   0.1   0:10.12 ${command}`;
  const topOf = (lines: string[]) => ({ commandOutputs: { 'top -b -n1': lines.join('\n') } });

  it('container shims by the handful each spinning: the layer below the runtime looping', () => {
    const rows = Array.from({ length: 8 }, (_, i) => row(3000 + i, '95.0', 'containerd-shim'));
    const bundle = topOf([...head(' 8.3', '84.2'), ...rows]);
    expect(ids(bundle)).toContain('proc.runtime_spinning');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('runc commands by the handful each at a full CPU, with the kernel share of CPU high', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(4000 + i, '99.0', 'runc'));
    const found = ids(topOf([...head('88.3', ' 4.2'), ...rows]));
    expect(found).toContain('proc.runtime_spinning');
    expect(found).toContain('cpu.saturated');
  });

  it("kswapd0 at a full CPU is reclaim; procps 3.2's %sy field is read as procps-ng's", () => {
    expect(ids(topOf([...head(' 8.3', '84.2'), row(98, '100.0', 'kswapd0')]))).toContain('mem.reclaim');
    expect(ids(topOf([...head('88.3', ' 4.2', true), row(1234, '3.0', 'kubelet', 'S')]))).toContain(
      'cpu.saturated',
    );
  });

  it('near miss: a shim or two busy, idle shims by the dozen, an application at a full CPU, runc inits', () => {
    const cases = [
      [row(3000, '95.0', 'containerd-shim'), row(3001, '60.0', 'containerd-shim')],
      Array.from({ length: 30 }, (_, i) => row(3000 + i, '0.0', 'containerd-shim', 'S')),
      Array.from({ length: 8 }, (_, i) => row(5000 + i, '99.0', 'java')),
    ];
    for (const rows of cases)
      expect(ids(topOf([...head(' 8.3', '84.2'), ...rows]))).not.toContain('proc.runtime_spinning');
    // runc's inits at a full CPU are runc.init_pileup's, not counted twice.
    const inits = Array.from({ length: 12 }, (_, i) => row(6000 + i, '99.7', 'runc:[2:INIT]'));
    const found = ids(topOf([...head(' 8.3', '84.2'), ...inits]));
    expect(found).toContain('runc.init_pileup');
    expect(found).not.toContain('proc.runtime_spinning');
  });
});

describe('the page cache said emptied is a lead; said to thrash, it is reclaim', () => {
  it.each([
    'The page cache was emptied and the node went NotReady.',
    'page cache got dropped',
    'buff/cache went to zero',
    '页缓存被清空了',
    'ページキャッシュが空になり',
  ])('%s', (text) => {
    expect(saidIds(text)).toContain('mem.cache_emptied');
    expect(saidIds(text)).not.toContain('mem.reclaim');
    const d = said(text);
    expect(d.verdict).toBe('unknown');
    expect(d.causes[0]?.id).toBe('resource_starvation');
  });

  it('thrashing, or kswapd on the CPU beside it, is reclaim and reaches a verdict', () => {
    for (const text of [
      'No swap, memory at 98%, and the kernel evicted and re-read the same binaries: page cache thrashing.',
      'The page cache was emptied and kswapd0 sat at 100% CPU',
    ]) {
      expect(saidIds(text), text).toContain('mem.reclaim');
      expect(said(text).verdict, text).toBe('resource_starvation');
    }
  });

  it('near miss: the page cache dropped by hand', () => {
    for (const text of [
      'we dropped the page cache with echo 3 > /proc/sys/vm/drop_caches',
      '手动执行 drop_caches 之后 page cache 被清空了。',
    ]) {
      expect(saidIds(text), text).not.toContain('mem.cache_emptied');
      expect(saidIds(text), text).not.toContain('mem.reclaim');
    }
  });
});

describe("the API server's etcd dials, not the network plugins' own etcd clients", () => {
  const APISERVER =
    'W1102 13:41:43.111882       1 logging.go:59] [core] [Channel #3 SubChannel #4] grpc: addrConn.createTransport failed to connect to {Addr: "127.0.0.1:2379", ServerName: "127.0.0.1", }. Err: connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:2379: connect: connection refused"';
  it('the API server (klog) still reads as the API server down', () => {
    expect(ids({ logs: { other: APISERVER } })).toContain('apiserver.down');
  });

  it("near miss: calico-node's logrus infix, cilium's subsys field, grpc-go's default logger", () => {
    const lines = [
      // projectcalico/calico lib/logrusr/formatter.go: "2006-01-02 15:04:05.000 [LEVEL][pid] file line: msg".
      '2026-11-20 10:00:00.123 [WARNING][58] felix/etcdv3.go 120: grpc: addrConn.createTransport failed to connect to {https://10.0.0.5:2379 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial tcp 10.0.0.5:2379: connect: connection refused". Reconnecting...',
      // cilium pkg/logging/logfields LogSubsys = "subsys", logrus text and JSON.
      'level=warning msg="[core] [Channel #1 SubChannel #2] grpc: addrConn.createTransport failed to connect to {Addr: \\"10.0.0.5:2379\\", ServerName: \\"10.0.0.5\\", }. Err: connection refused" subsys=klog',
      '{"level":"warning","msg":"grpc: addrConn.createTransport failed to connect to {Addr: \\"10.0.0.5:2379\\", }. Err: connection refused","subsys":"kvstore"}',
      // grpc-go grpclog/internal/loggerv2.go loggerT.output with log.LstdFlags, GRPC_GO_LOG_SEVERITY_LEVEL=warning.
      '2026/11/20 10:00:01 WARNING: [core] [Channel #1 SubChannel #2] grpc: addrConn.createTransport failed to connect to {Addr: "10.0.0.5:2379", ServerName: "10.0.0.5", }. Err: connection error: desc = "transport: Error while dialing: dial tcp 10.0.0.5:2379: connect: connection refused"',
    ];
    for (const line of lines) expect(ids({ logs: { other: line } }), line).not.toContain('apiserver.down');
  });
});

describe("strace's resumed calls (src/syscall.c print_syscall_resume)", () => {
  it("a path call cut by another thread's line and resumed later returned: no hang", () => {
    const out = [
      '[pid  4242] epoll_pwait(4, [], 128, 0, NULL, 0) = 0',
      '[pid  4243] openat(AT_FDCWD, "/var/lib/kubelet/pods/abc/volumes/data", O_RDONLY|O_CLOEXEC <unfinished ...>',
      '[pid  4243] <... openat resumed>) = 12',
    ].join('\n');
    expect(ids({ commandOutputs: { 'strace -f -p $(pidof kubelet)': out } })).not.toContain(
      'proc.dstate_storage',
    );
  });

  it("another thread's resumed call does not end the unfinished one", () => {
    const out = [
      '[pid  4243] openat(AT_FDCWD, "/var/lib/kubelet/pods/abc/volumes/data", O_RDONLY|O_CLOEXEC <unfinished ...>',
      '[pid  4242] <... openat resumed>) = 12',
    ].join('\n');
    expect(ids({ commandOutputs: { 'strace -f -p $(pidof kubelet)': out } })).toContain(
      'proc.dstate_storage',
    );
  });
});
