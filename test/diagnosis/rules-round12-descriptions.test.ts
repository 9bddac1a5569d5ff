import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { FACT_MEANINGS, type FactId } from '../../shared/diagnosis/facts.ts';
import { STATES } from '../../shared/diagnosis/rules/descriptions.ts';
import { ids, top } from '../support/node-lines.ts';
import { said } from '../support/sentences.ts';

// Round 12 (docs/accuracy.md, "Round 11", class 3): people's descriptions of four mechanisms, each form made from the
// term's own definition (proc(5), top(1), vmstat(8); the kernel's mm/vmscan.c and admin-guide/mm; keepalived and
// HAProxy; the Go runtime's fatal errors; libcni's configuration directory), with the near misses that must not read.

const reads = (line: string, fact: FactId) => expect(ids(said(line)), line).toContain(fact);
const readsNot = (line: string, fact: FactId) => expect(ids(said(line)), line).not.toContain(fact);
/** The first cause of a description alone: right, and never confident (observations only stay below 0.7). */
const ranksFirst = (line: string, cause: string) => {
  const first = top(said(line));
  expect(first?.id, line).toBe(cause);
  expect(first?.confidence ?? 0, line).toBeLessThan(0.7);
};

describe('kernel memory reclaim eating the node (resource_starvation)', () => {
  it('a reclaim thread named as the CPU consumer: busy, spinning, at a share, soaring', () => {
    for (const line of [
      'kswapd0 is the top CPU consumer on the node',
      'top shows kswapd0 at 99% CPU',
      'kswapd0 99.3% in top, pods stuck in ContainerCreating',
      'kswapd CPU usage skyrocketing before the node went NotReady',
      'kswapd0 cpu usage skyrockets until the machine becomes unresponsive',
      'kcompactd0 spinning on all cores',
      'kswapd1 was hogging a full core for an hour',
      'the kswapd0 process is busy all the time',
      'kswapd0 and kcompactd0 eating all the CPU',
      '节点上 kswapd 占满 CPU',
      'kswapd0 进程 CPU 飙升',
    ])
      reads(line, 'mem.reclaim');
  });

  it('reclaim as work: direct reclaim, page-cache thrashing, swap and zram storms, in English and Chinese', () => {
    for (const line of [
      'the kernel is in direct reclaim constantly',
      'processes stuck in direct reclaim',
      'page cache thrashing on the node',
      'zram swap thrashing for minutes',
      'a swap storm on the worker',
      'heavy swapping on the box',
      '频繁 swap，节点卡住',
      '内存回收频繁',
      '频繁的内存回收',
      '内存回收导致节点卡死',
      'the worker was thrashing in direct reclaim',
      'lots of time spent in direct reclaim',
      '内存回收占用大量 CPU',
      'memory reclaim stalled every allocation on the node',
      'direct reclaim caused the kubelet to miss its heartbeats',
    ])
      reads(line, 'mem.reclaim');
    for (const line of [
      'we raised min_free_kbytes so memory reclaim causes fewer stalls',
      'to avoid direct reclaim stalling pods, reserve memory for the system',
      '内存回收没有导致问题',
    ])
      readsNot(line, 'mem.reclaim');
  });

  it('system CPU and I/O wait given as shares of 40 % or more, in words and in top/vmstat field names', () => {
    for (const line of [
      'system CPU was 80% on the node',
      'sys CPU at 95 %',
      'top showed sy 80%, us 5%',
      'CPU: us 3%, sy: 72',
      'high system CPU on every worker',
      '系统 CPU 高',
      '系统CPU 很高',
    ])
      reads(line, 'cpu.saturated');
    for (const line of [
      'iowait 60 % during the incident',
      'top: wa: 45',
      'vmstat shows wa 55%',
      'I/O wait at 70% for ten minutes',
      'CPU iowait at 85 percent',
      'iowait 很高',
    ])
      reads(line, 'io.saturated');
  });

  it("top's summary line and task list, pasted: the shares and the reclaim thread's %CPU read from their columns", () => {
    const pasted = [
      'top - 10:01:02 up 3 days,  2:03,  1 user,  load average: 35.10, 30.20, 25.00',
      '%Cpu(s):  3.1 us, 85.2 sy,  0.0 ni,  1.0 id, 10.5 wa,  0.0 hi,  0.2 si,  0.0 st',
      '    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
      '     98 root      20   0       0      0      0 R  99.7   0.0  51:12.33 kswapd0',
    ].join('\n');
    const found = ids({ commandOutputs: { top: pasted } });
    expect(found).toContain('cpu.saturated');
    expect(found).toContain('mem.reclaim');
    // 10.5 wa is below the threshold; the old procps format (before 3.3) reads the same.
    expect(found).not.toContain('io.saturated');
    expect(ids({ commandOutputs: { top: 'Cpu(s):  2.3%us, 12.0%sy,  0.0%ni, 20.1%id, 65.3%wa' } })).toContain(
      'io.saturated',
    );
  });

  it("vmstat's CPU columns under its header: the last row (the first is the average since boot)", () => {
    const header = [
      'procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----',
      ' r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st',
    ];
    const calm = ' 2  0      0 101200  10240 204800    0    0    12    30  300  500  5  3 91  1  0';
    const reclaiming = ' 9  6 102400  10240   1024  20480  500  800  9000  4000 3000 5000  5 72  3 20  0';
    const waiting = ' 3 12      0 301200  10240 204800    0    0 90000 40000 3000 5000  5 10 20 65  0';
    const facts = (...rows: string[]) =>
      ids({ commandOutputs: { 'vmstat 1 5': [...header, ...rows].join('\n') } });
    expect(facts(calm, reclaiming)).toContain('cpu.saturated');
    expect(facts(calm, reclaiming)).not.toContain('io.saturated');
    expect(facts(calm, waiting)).toContain('io.saturated');
    // Busy since boot, calm now: the average is not what the node is doing.
    expect(facts(reclaiming, calm)).toEqual([]);
  });

  it('near misses: a reclaim thread fine or idle, small shares, swap turned off, shares inside other numbers', () => {
    for (const line of [
      'kswapd0 is fine',
      'kswapd0 was idle the whole time',
      'checked kswapd0: normal',
      'we may see kswapd0 at 100% if memory runs low',
    ])
      readsNot(line, 'mem.reclaim');
    for (const line of [
      'swap is disabled on all nodes, as the kubelet requires',
      'we ran swapoff -a and restarted the kubelet',
      'no thrashing, swap heavy usage is not an issue here because swap disabled',
    ])
      readsNot(line, 'mem.reclaim');
    for (const line of [
      'system CPU was 8% and normal',
      'the CPU was 45% busy overall',
      'sy 3.0%, us 80%',
      'the syslog was 90% full of kubelet lines',
    ])
      readsNot(line, 'cpu.saturated');
    for (const line of ['iowait 0.45%', 'iowait 5%', 'the CPU was 45% and the disk fine', 'wa 10.5'])
      readsNot(line, 'io.saturated');
    expect(
      ids({
        commandOutputs: { top: '%Cpu(s):  2.0 us,  1.0 sy,  0.0 ni, 96.9 id,  0.0 wa,  0.0 hi,  0.0 si' },
      }),
    ).toEqual([]);
  });

  it('end to end: resource starvation first, below the confident bar', () => {
    ranksFirst(
      'kswapd0 is the top CPU consumer and pods are stuck in ContainerCreating',
      'resource_starvation',
    );
    ranksFirst('system CPU was 80% and iowait 60% when the node went NotReady', 'resource_starvation');
    ranksFirst('zram swap thrashing, the node stopped answering', 'resource_starvation');
  });
});

describe('nodes pinned to a failed API server after a failover (node_unreachable)', () => {
  it('the failover fact has a meaning of its own, beside the API server described down', () => {
    expect(FACT_MEANINGS['apiserver.failover']).toMatch(/failover/);
    expect(FACT_MEANINGS['apiserver.failover']).not.toBe(FACT_MEANINGS['apiserver.down']);
  });

  it('NotReady around a VIP moving, keepalived or haproxy stopping, one master or replica failing', () => {
    for (const line of [
      'after the keepalived VIP moved to master-2, nodes went NotReady for 15 minutes and recovered by themselves',
      'the VIP drifted to another master and nodes went NotReady for several minutes',
      'nodes went NotReady for about ten minutes after the virtual IP failed over',
      'one of the three API server replicas failed and some nodes went NotReady for minutes',
      'haproxy stopped on master-1, and a third of the workers were NotReady for 12 minutes',
      'one master went down, and half the nodes were NotReady until we restarted the kubelet',
      'VIP 漂移后，部分节点 NotReady 几分钟后自动恢复',
      '一台 master 宕机后部分节点 NotReady，重启 kubelet 后恢复',
    ])
      reads(line, 'apiserver.failover');
  });

  it('nodes attached to, connected through or pinned to the failed server', () => {
    for (const line of [
      'nodes attached to master-1 went NotReady',
      'the workers connected to that master stayed NotReady for 10 minutes',
      'kubelets pinned to the failed API server were NotReady until restarted',
      '挂在这台 master 上的节点 NotReady',
      '连接到故障的 apiserver 的节点都 NotReady 了',
    ])
      reads(line, 'apiserver.failover');
  });

  it('near misses: a drill with no NotReady, a failover of something else, the API server down alone', () => {
    for (const line of [
      'we did a planned failover drill of the VIP, no nodes went NotReady',
      'the VIP moved to master-2 during the drill and every node stayed Ready',
      'the database failover made the app NotReady for a minute',
      'the api server was down',
      'the node is NotReady',
      'VIP 漂移演练，没有节点NotReady',
    ])
      readsNot(line, 'apiserver.failover');
  });

  it('the API server down alone stays below the verdict; with the failover form the two reach it', () => {
    const alone = diagnose(said('the api server was down'));
    expect(alone.causes[0]?.id).toBe('node_unreachable');
    expect(alone.causes[0]?.confidence ?? 0).toBeLessThanOrEqual(0.5);
    const both = said(
      'one master went down, and the nodes connected to it were NotReady for ten minutes and recovered by themselves',
    );
    expect(ids(both)).toEqual(expect.arrayContaining(['apiserver.down', 'apiserver.failover']));
    ranksFirst(
      'one master went down, and the nodes connected to it were NotReady for ten minutes and recovered by themselves',
      'node_unreachable',
    );
    expect(top(both)?.confidence ?? 0).toBeGreaterThan(0.5);
    ranksFirst('keepalived stopped on master-1 and the nodes went NotReady for minutes', 'node_unreachable');
  });
});

describe("the Go runtime's fatal words said of the kubelet, and its restart as a trigger (kubelet_defect)", () => {
  it("the Go runtime's fatal errors said of the kubelet read as its crash, the fact its own log gives", () => {
    for (const line of [
      'the kubelet crashed with thread exhaustion',
      'kubelet died: runtime: program exceeds 10000-thread limit',
      'the kubelet exceeded the 10000-thread limit and exited',
      'kubelet keeps dying with runtime: out of memory',
      'the kubelet hit concurrent map writes and crashed',
      'thread exhaustion in kubelet on the pre-release build',
    ])
      reads(line, 'kubelet.panic');
    for (const word of STATES.goFatal.en) reads(`the kubelet died of ${word}`, 'kubelet.panic');
  });

  it('near misses: the same words said of nothing, denied, or the kernel out of memory', () => {
    for (const line of [
      'no thread exhaustion in the kubelet this time',
      'the kubelet was OOM killed',
      'the node ran out of memory and the kubelet was slow',
      'containerd exceeded its thread limit',
    ])
      readsNot(line, 'kubelet.panic');
  });

  it('NotReady during or right after every kubelet restart, briefly: the start-up order', () => {
    for (const line of [
      'the node goes NotReady briefly during every kubelet restart',
      'nodes flip NotReady for ~30s right after each kubelet restart',
      'every time we restart the kubelet the node shows NotReady for a few seconds',
      'NotReady for 20 seconds whenever the kubelet is restarted',
      '每次重启 kubelet，节点都会短暂 NotReady',
      'kubelet 重启时节点会 NotReady 一小会',
      'kubelet 每次重启，节点都会 NotReady 十几秒',
    ])
      reads(line, 'kubelet.startup_race');
  });

  it('near misses: a restart that fixed it, a NotReady it did not clear, a crash loop', () => {
    for (const line of [
      'the kubelet restart fixed it',
      'the node stayed NotReady until we restarted the kubelet',
      'after a kubelet restart the node was still NotReady',
      'NotReady because the kubelet keeps restarting in a crash loop',
      '重启 kubelet 后恢复',
      'once we restarted the kubelet, the node was no longer NotReady',
    ])
      readsNot(line, 'kubelet.startup_race');
  });

  it('end to end: the kubelet defect first, below the confident bar', () => {
    ranksFirst('the kubelet crashed with thread exhaustion', 'kubelet_defect');
    ranksFirst('kubelet died: runtime: program exceeds 10000-thread limit', 'kubelet_defect');
    ranksFirst('nodes flip NotReady for ~30s right after each kubelet restart', 'kubelet_defect');
  });
});

describe("a network plugin's configuration present but not picked up (cni_hang)", () => {
  it('the file there, the network not ready or pods without an interface, in English and Chinese', () => {
    for (const line of [
      'the CNI config file exists in /etc/cni/net.d but the network is not ready',
      'the conflist is there yet pods get no interface',
      '/etc/cni/net.d/10-calico.conflist is present but the node still says network plugin not ready',
      'the CNI config is in /etc/cni/net.d, but the veth interfaces are never created',
      'pods get no network interface even though the CNI config exists',
      '/etc/cni/net.d 下有配置文件，但是网络插件一直未就绪',
      'CNI配置文件存在，但节点还是 NotReady',
    ])
      reads(line, 'cni.config_ignored');
  });

  it('near misses: the configuration missing (its own fact), empty, or present with the network fine', () => {
    for (const line of [
      'no CNI config in /etc/cni/net.d, network not ready',
      'the CNI config file is missing from /etc/cni/net.d so the network is not ready',
      'network not ready: no networks found in /etc/cni/net.d',
      '/etc/cni/net.d 为空，网络插件未就绪',
      'the CNI config exists in /etc/cni/net.d and pods got their addresses',
      'we may need to check whether the CNI config exists but is ignored',
    ])
      readsNot(line, 'cni.config_ignored');
  });

  it('end to end: the network plugin first, below the confident bar', () => {
    ranksFirst('the CNI config file exists in /etc/cni/net.d but the network is not ready', 'cni_hang');
    ranksFirst('/etc/cni/net.d 下有配置文件，但是网络插件一直未就绪', 'cni_hang');
  });
});

describe('round 12: shares said of what they are not', () => {
  it('a burst balance or a clock is no CPU or I/O share; swap said off is no swap storm', () => {
    for (const line of ['EBS burst balance 45%', 'the EBS burst balance was high all day'])
      readsNot(line, 'io.saturated');
    readsNot('the system time was 90 seconds off', 'cpu.saturated');
    readsNot('swap was off, and the kubelet constantly restarted', 'mem.reclaim');
    readsNot('swap关闭后，大量pod重启', 'mem.reclaim');
  });
});
