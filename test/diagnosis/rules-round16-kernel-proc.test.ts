import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { ids, journal, top } from '../support/node-lines.ts';

// Round 16's kernel and process families read from the programs' sources (docs/accuracy.md, "What round 16
// teaches"): the kernel's page-allocation failure reports with the runtimes' relays of their init failing at the
// namespace step; disk I/O saturation in device statistics; process listings read by parent; descriptor counts by
// process. Lines are written from the programs' format strings, not from any incident.

const kern = (text: string) => journal('kernel', text);
const dockerd = (text: string) =>
  journal('dockerd[1021]', `time="2026-11-02T13:41:43.111882000Z" level=error msg="${text}"`);

describe("the kernel's page-allocation failure reports, and the runtime's init failing with them", () => {
  // linux 3.10 (warn_alloc_failed, no flag names) with runc rc2-rc5: the per-namespace conntrack slab cache of a new
  // network namespace needs an order-6 block; the stage-1 child is "exe" (the re-exec of /proc/self/exe).
  const report310 = [
    kern('exe: page allocation failure: order:6, mode:0x10c0d0'),
    kern('CPU: 1 PID: 18377 Comm: exe Not tainted 3.10.0-514.el7.x86_64 #1'),
    kern(
      'Node 0 Normal: 152340*4kB (UEM) 45010*8kB (UEM) 2013*16kB (UEM) 21*32kB (UM) 0*64kB 0*128kB 0*256kB 0*512kB 0*1024kB 0*2048kB 0*4096kB = 1001880kB',
    ),
    kern('kmem_cache_create(nf_conntrack_ffff8803f2a8c000) failed with error -12'),
    kern('Unable to create nf_conn slab cache'),
  ].join('\n');
  const relay = dockerd(
    'containerd: start container" error="oci runtime error: container_linux.go:247: starting container process caused \\"process_linux.go:245: running exec setns process for init caused \\\\\\"exit status 6\\\\\\"\\"\\n',
  );

  it('the 3.10 report and the rc-era relay: memory fragmented, the init failing for want of it', () => {
    const bundle = { logs: { kernel: report310, dockerd: relay } };
    const found = ids(bundle);
    expect(found).toContain('mem.fragmented');
    expect(found).toContain('runc.init_ns_failed');
    expect(found).toContain('runc.init_enomem');
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it("a 5.x report for runc 1.1's stage-1 with the init's own ENOMEM relayed by containerd", () => {
    const bundle = {
      logs: {
        kernel: kern(
          'runc:[1:CHILD]: page allocation failure: order:6, mode:0x140dc0(GFP_USER|__GFP_COMP|__GFP_ZERO), nodemask=(null),cpuset=/,mems_allowed=0',
        ),
        containerd: journal(
          'containerd[812]',
          'time="2026-11-02T13:41:43Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,Uid:1,Namespace:default,Attempt:0,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: nsexec-1[40211]: failed to unshare remaining namespaces (except cgroupns): Cannot allocate memory: unknown"',
        ),
      },
    };
    const found = ids(bundle);
    expect(found).toContain('mem.fragmented');
    expect(found).toContain('runc.init_enomem');
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it('near miss: an atomic allocation failure from a driver is retried by its caller, not the node short', () => {
    for (const line of [
      'swapper/0: page allocation failure: order:2, mode:0x20',
      'kworker/u16:3: page allocation failure: order:3, mode:0x480020(GFP_ATOMIC), nodemask=(null)',
      'java: page allocation failure: order:0, mode:0x24201ca(GFP_HIGHUSER_MOVABLE|__GFP_COLD)',
      'SLUB: Unable to allocate memory on node -1, gfp=0xa20(GFP_ATOMIC)',
    ])
      expect(ids({ logs: { kernel: kern(line) } })).not.toContain('mem.fragmented');
  });

  it('near miss: free lists with large blocks left, and an exit status that is not the namespace step', () => {
    const found = ids({
      logs: {
        kernel: kern(
          'Node 0 Normal: 1523*4kB (UME) 4501*8kB (UME) 2013*16kB (UME) 521*32kB (UM) 210*64kB (UM) 88*128kB (UM) 31*256kB (UM) 9*512kB (M) 2*1024kB (M) 1*2048kB (M) 402*4096kB (M) = 1742460kB',
        ),
        dockerd: dockerd(
          'Handler for POST /containers/abc/start returned error: failed to create shim: exit status 1',
        ),
      },
    });
    expect(found).not.toContain('mem.fragmented');
    expect(found).not.toContain('runc.init_ns_failed');
    expect(found).not.toContain('runc.init_enomem');
  });

  it('the relay alone, with no kernel report, is the init failing and nothing more', () => {
    const found = ids({ logs: { dockerd: relay } });
    expect(found).toContain('runc.init_ns_failed');
    expect(found).not.toContain('runc.init_enomem');
  });
});

describe('disk I/O saturation in program output (sysstat iostat -x, vmstat, ps and top)', () => {
  // sysstat 10.x-11.5: "Device:" and avgqu-sz, await, r_await, w_await, svctm, %util.
  const iostat11 = [
    'Linux 3.10.0-957.el7.x86_64 (worker-1) 	11/02/2026 	_x86_64_	(8 CPU)',
    '',
    'Device:         rrqm/s   wrqm/s     r/s     w/s    rkB/s    wkB/s avgrq-sz avgqu-sz   await r_await w_await  svctm  %util',
    'sda               0.00     3.00    8.00   14.00    48.00  9620.00   879.27   121.30 4811.20   31.75 7541.93  45.45 100.00',
    '',
  ].join('\n');
  // sysstat 12.5+: read and write groups, then discard and flush, aqu-sz and %util last; the avg-cpu block first.
  const iostat12 = [
    'avg-cpu:  %user   %nice %system %iowait  %steal   %idle',
    '           3.10    0.00    2.05   61.40    0.00   33.45',
    '',
    'Device            r/s     rkB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wkB/s   wrqm/s  %wrqm w_await wareq-sz     d/s     dkB/s   drqm/s  %drqm d_await dareq-sz     f/s f_await  aqu-sz  %util',
    'nvme0n1         12.00     96.00     0.00   0.00    1.20     8.00  210.00  26880.00     4.00   1.87    0.90   128.00    0.00      0.00     0.00   0.00    0.00     0.00    0.00    0.00    0.21  18.40',
    'xvdb             2.00     16.00     0.00   0.00   40.50     8.00   95.00  12160.00     0.00   0.00 2210.35   128.00    0.00      0.00     0.00   0.00    0.00     0.00    0.00    0.00  210.05  99.80',
    '',
  ].join('\n');

  it('11.x: a device at 100 %util whose writes wait seconds is the disk saturated', () => {
    const bundle = { commandOutputs: { 'iostat -x 2 3': iostat11 } };
    expect(ids(bundle)).toContain('io.saturated');
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it('12.x: columns found by the header (w_await and %util moved), and the avg-cpu %iowait', () => {
    const found = extractFacts({ commandOutputs: { 'iostat -xm 5 2': iostat12 } });
    const texts = found.examples('io.saturated').map((f) => f.text);
    expect(texts.some((t) => t.startsWith('xvdb: %util 99.8, await 2210.35'))).toBe(true);
    expect(texts.some((t) => t.startsWith('nvme0n1'))).toBe(false);
    expect(texts).toContain('avg-cpu %iowait 61.4');
  });

  it('--pretty: the device named last', () => {
    const pretty = [
      '     r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util Device',
      '    4.00  120.00     32.00  15360.00     0.00     2.00   0.00   1.64   12.00  980.00 117.60     8.00   128.00   8.06 100.00 sdb',
    ].join('\n');
    const found = extractFacts({ commandOutputs: { 'iostat -x --pretty 1 2': pretty } });
    expect(found.examples('io.saturated')[0]?.text).toMatch(/^sdb: %util 100, await 980/);
  });

  it('near miss: a healthy iostat, and a fast device busy all the time but answering in a millisecond', () => {
    const healthy = [
      'avg-cpu:  %user   %nice %system %iowait  %steal   %idle',
      '          12.40    0.00    4.10    1.20    0.00   82.30',
      '',
      'Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util',
      'sda              3.00   41.00     24.00   1640.00     0.00     6.00   0.00  12.77    0.67    1.10   0.05     8.00    40.00   0.45   2.00',
      'nvme0n1       4200.00 3100.00  33600.00  49600.00     0.00     0.00   0.00   0.00    0.12    0.40   1.75     8.00    16.00   0.14 100.00',
    ].join('\n');
    const bundle = { commandOutputs: { 'iostat -x 1 2': healthy } };
    expect(ids(bundle)).not.toContain('io.saturated');
  });

  it("vmstat: a queue of processes blocked on I/O (its b column) with a fifth of the CPUs' time waiting", () => {
    const vmstat = [
      'procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----',
      ' r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st',
      ' 1  0      0 812340  20480 9012340    0    0    12    40  210  380  4  1 94  1  0',
      ' 2 14      0 803112  20480 9020112    0    0    80 51200 1320 2210  3  2 68 27  0',
    ].join('\n');
    expect(ids({ commandOutputs: { 'vmstat 1 2': vmstat } })).toContain('io.saturated');
    const calm = vmstat.replace(' 2 14      0', ' 2  1      0');
    expect(ids({ commandOutputs: { 'vmstat 1 2': calm } })).not.toContain('io.saturated');
  });

  it("ps: the kubelet and the runtime in D state with ext4's journal thread is the disk saturated", () => {
    const ps = [
      '  PID  PPID STAT COMMAND',
      '    1     0 Ss   /usr/lib/systemd/systemd --switched-root --system',
      '  512     2 D    [jbd2/sda1-8]',
      '  980     1 Dsl  /usr/bin/dockerd -H fd://',
      ' 1893     1 Dsl  /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml',
      ' 2210     1 Ssl  /usr/bin/containerd',
    ].join('\n');
    const found = ids({ commandOutputs: { 'ps -eo pid,ppid,stat,command': ps } });
    expect(found).toContain('io.saturated');
    expect(found).toContain('proc.dstate');
  });

  it("top's task list: the runtime in D with a writeback worker, and the summary's wa", () => {
    const topOut = [
      'top - 13:41:43 up 30 days,  2:10,  1 user,  load average: 24.10, 22.80, 20.02',
      'Tasks: 310 total,   2 running, 290 sleeping,   0 stopped,   0 zombie',
      '%Cpu(s):  2.1 us,  1.0 sy,  0.0 ni, 41.5 id, 55.2 wa,  0.0 hi,  0.2 si,  0.0 st',
      '',
      '  PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
      '  812 root      20   0 2231444 101232  41200 D   0.7   0.6  31:02.11 containerd',
      '  377 root      20   0       0      0      0 D   0.3   0.0   2:11.40 kworker/u16:2+flush-259:0',
    ].join('\n');
    const found = extractFacts({ commandOutputs: { 'top -b -n 1': topOut } });
    const texts = found.examples('io.saturated').map((f) => f.text);
    expect(texts.some((t) => t.startsWith('812 D containerd with 377 D kworker'))).toBe(true);
  });

  it('near miss: the journal thread alone in D, caught mid-commit', () => {
    const ps = [
      '  PID  PPID STAT COMMAND',
      '  512     2 D    [jbd2/sda1-8]',
      ' 1893     1 Ssl  /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml',
    ].join('\n');
    expect(ids({ commandOutputs: { 'ps -eo pid,ppid,stat,command': ps } })).not.toContain('io.saturated');
  });
});

describe('process listings read by parent: zombies are their parent’s to reap', () => {
  const zombiesOf = (ppid: number, n: number, name = 'du') =>
    Array.from(
      { length: n },
      (_, i) => `root     ${41200 + i} ${ppid}  0 Mar31 ?        00:00:00 [${name}] <defunct>`,
    );

  it('ps -ef with its header: zombies under the kubelet are its own leak, not a wedged container', () => {
    const ps = [
      'UID        PID  PPID  C STIME TTY          TIME CMD',
      'root         1     0  0 Mar01 ?        00:01:10 /usr/lib/systemd/systemd',
      'root      1893     1  4 Mar01 ?        12:01:10 /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml',
      ...zombiesOf(1893, 6),
    ].join('\n');
    const bundle = { commandOutputs: { 'ps -ef': ps } };
    const found = ids(bundle);
    expect(found).toContain('proc.zombie_kubelet');
    expect(found).not.toContain('proc.zombie');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it('ps -ef | grep defunct, the parent named by systemctl status or journald’s tag', () => {
    const zombies = zombiesOf(16414, 5, 'wc').join('\n');
    const status = [
      '● kubelet.service - kubelet: The Kubernetes Node Agent',
      '   Active: active (running) since Mon 2026-11-02 10:01:02 UTC; 4 weeks ago',
      ' Main PID: 16414 (kubelet)',
    ].join('\n');
    const bundle = {
      commandOutputs: { 'ps -ef | grep defunct': zombies, 'systemctl status kubelet': status },
    };
    expect(ids(bundle)).toContain('proc.zombie_kubelet');
    const byTag = {
      commandOutputs: { 'ps -ef | grep defunct': zombies },
      logs: {
        kubelet: journal(
          'kubelet[16414]',
          'I1102 13:41:43.111882   16414 kubelet.go:1850] SyncLoop (housekeeping)',
        ),
      },
    };
    expect(ids(byTag)).toContain('proc.zombie_kubelet');
  });

  it('near miss: zombies under a shim stay a container’s, and an app’s own zombies are not the kubelet’s', () => {
    const ps = [
      '  PID  PPID STAT COMMAND',
      ' 1893     1 Ssl  /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml',
      ' 3301     1 Sl   /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 4f2a9c1e0b7d -address /run/containerd/containerd.sock',
      ' 3320  3301 Ss   /usr/bin/tini -- java -jar app.jar',
      ' 3321  3320 Sl   java -jar app.jar',
      ' 3340  3321 Z    [sh] <defunct>',
      ' 3341  3321 Z    [sh] <defunct>',
      ' 3342  3321 Z    [sh] <defunct>',
      ' 3350  3301 Z    [runc] <defunct>',
    ].join('\n');
    const found = ids({ commandOutputs: { 'ps -eo pid,ppid,stat,command': ps } });
    expect(found).not.toContain('proc.zombie_kubelet');
    expect(found).toContain('proc.zombie_shim');
    expect(found).toContain('proc.zombie');
  });

  it('near miss: one child of the kubelet caught between its exit and the wait', () => {
    const ps = [
      'UID        PID  PPID  C STIME TTY          TIME CMD',
      'root      1893     1  4 Mar01 ?        12:01:10 /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml',
      ...zombiesOf(1893, 1),
    ].join('\n');
    expect(ids({ commandOutputs: { 'ps -ef': ps } })).not.toContain('proc.zombie_kubelet');
  });
});

describe('errnos by the call, and descriptor counts by process', () => {
  it("runc's init failing to exec with ENFILE, beside a tally of lsof's rows with dockerd on top", () => {
    const tally = ['   2701 1964', '   3081 20990', '   8035 704', '  52849 1000', ' 148210 684'].join('\n');
    const bundle = {
      commandOutputs: {
        'docker logs 9f3a':
          'standard_init_linux.go:228: exec user process caused: too many open files in system',
        "lsof 2>/dev/null | awk '{print $2}' | sort | uniq -c | sort -n | tail -n 5": tally,
        'ps -p 684': '  PID TTY          TIME CMD\n  684 ?        00:05:10 dockerd',
      },
    };
    const found = extractFacts(bundle);
    expect(found.has('fd.file_max')).toBe(true);
    expect(found.examples('fd.daemon_top_holder')[0]?.text).toMatch(
      /^dockerd \(684\) holds the most: 148210/,
    );
    expect(top(bundle)?.id).toBe('fd_exhaustion');
  });

  it('runc 1.1+: the exec error as Go prints it, and a daemon counted alone through /proc', () => {
    const bundle = {
      commandOutputs: {
        'kubectl logs web-1 --previous': 'exec /docker-entrypoint.sh: too many open files in system',
        'ls /proc/$(pidof containerd)/fd | wc -l': '61877',
      },
    };
    const found = ids(bundle);
    expect(found).toContain('fd.file_max');
    expect(found).toContain('fd.daemon_top_holder');
    expect(top(bundle)?.id).toBe('fd_exhaustion');
  });

  it('near miss: lsof tallied on a busy but healthy node, its daemons on top by their threads', () => {
    const tally = ['   1204 kubelet', '   9810 java', '  18233 container', '  41022 dockerd'].join('\n');
    const found = ids({
      commandOutputs: {
        "lsof | awk '{print $1}' | sort | uniq -c | sort -n": tally,
        'ls /proc/$(pidof dockerd)/fd | wc -l': '812',
      },
    });
    expect(found).not.toContain('fd.daemon_top_holder');
    expect(found).not.toContain('fd.file_max');
  });

  it("near miss: an application's own descriptor limit at exec is not the kernel's file table", () => {
    const found = ids({ commandOutputs: { 'docker logs 9f3a': 'exec /app/server: too many open files' } });
    expect(found).not.toContain('fd.file_max');
  });
});

describe('containerd shims older than the daemon now running', () => {
  const lstart = [
    '  PID  PPID                  STARTED CMD',
    ' 2210     1 Fri Nov 27 03:58:10 2026 /usr/bin/containerd',
    ' 3301     1 Thu Nov 26 09:12:44 2026 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 4f2a9c1e0b7d -address /run/containerd/containerd.sock',
    ' 3302     1 Thu Nov 26 09:12:45 2026 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 9b1c0d2e3f4a -address /run/containerd/containerd.sock',
    ' 4410     1 Fri Nov 27 04:01:02 2026 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 77aa01bc23de -address /run/containerd/containerd.sock',
  ].join('\n');

  it('ps -eo pid,ppid,lstart,cmd: the shims of the previous run are named, a lead for wedged shims', () => {
    const found = extractFacts({ commandOutputs: { 'ps -eo pid,ppid,lstart,cmd': lstart } });
    expect(found.examples('proc.shims_predate_daemon')[0]?.text).toMatch(
      /^2 containerd shims started before/,
    );
  });

  it('ps -ef STIME and etimes order them too', () => {
    const ef = [
      'UID        PID  PPID  C STIME TTY          TIME CMD',
      'root      2210     1  2 03:58 ?        00:01:10 /usr/bin/containerd',
      'root      3301     1  0 Nov26 ?        00:00:12 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 4f2a9c1e0b7d -address /run/containerd/containerd.sock',
    ].join('\n');
    expect(ids({ commandOutputs: { 'ps -ef': ef } })).toContain('proc.shims_predate_daemon');
    const etimes = [
      '  PID ELAPSED CMD',
      ' 2210    2410 /usr/bin/dockerd -H fd://',
      ' 3301   88120 /usr/bin/containerd-shim -namespace moby -workdir /var/lib/containerd/io.containerd.runtime.v1.linux/moby/4f2a',
    ].join('\n');
    expect(ids({ commandOutputs: { 'ps -eo pid,etimes,cmd': etimes } })).toContain(
      'proc.shims_predate_daemon',
    );
  });

  it('near miss: shims started after the daemon, and a restart alone is no verdict', () => {
    const fresh = lstart.replace(/Thu Nov 26 09:12:4/g, 'Fri Nov 27 04:12:4');
    expect(ids({ commandOutputs: { 'ps -eo pid,ppid,lstart,cmd': fresh } })).not.toContain(
      'proc.shims_predate_daemon',
    );
    const d = top({ commandOutputs: { 'ps -eo pid,ppid,lstart,cmd': lstart } });
    expect(d === undefined || d.confidence < 0.5).toBe(true);
  });
});
