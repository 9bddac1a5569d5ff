import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, top } from '../support/node-lines.ts';

// Round 17: kubernetes-mixin and node-mixin alert names written in a paste (a notification copied into a ticket),
// read as the structured alert of that name is (extract/alerts.ts). Thresholds are the mixins' own rule files.

const paste = (text: string) => ({ description: 'nodes went NotReady overnight', logs: { paste: text } });

describe('mixin alerts named in a paste', () => {
  it('a copied Alertmanager notification for NodeFileDescriptorLimit is the file table near its limit', () => {
    const bundle = paste(
      '[FIRING:1] NodeFileDescriptorLimit (10.0.1.23:9100 node-exporter warning)\nsummary: Kernel is predicted to exhaust file descriptors limit soon.',
    );
    expect(ids(bundle)).toContain('fd.near_limit');
  });

  it('KubeletPlegDurationHigh, KubeletTooManyPods, NodeDiskIOSaturation and NodeSystemSaturation each give their fact', () => {
    const bundle = paste(
      [
        '[FIRING:1] KubeletPlegDurationHigh node=ip-10-0-1-23',
        '[FIRING:1] KubeletTooManyPods node=ip-10-0-1-23',
        '[FIRING:1] NodeDiskIOSaturation device=nvme1n1',
        '[FIRING:1] NodeSystemSaturation instance=10.0.1.23:9100',
      ].join('\n'),
    );
    const found = ids(bundle);
    expect(found).toContain('pleg.relist_slow');
    expect(found).toContain('pods.many');
    expect(found).toContain('io.saturated');
    expect(found).toContain('cpu.saturated');
  });

  it('near miss: the rule file defining the alert, and a resolved notification, are not a firing alert', () => {
    const bundle = paste(
      [
        '    - alert: NodeFileDescriptorLimit',
        '[RESOLVED] NodeDiskIOSaturation device=nvme1n1',
        'NodeSystemSaturation resolved at 04:12',
      ].join('\n'),
    );
    const found = ids(bundle);
    expect(found).not.toContain('fd.near_limit');
    expect(found).not.toContain('io.saturated');
    expect(found).not.toContain('cpu.saturated');
  });
});

describe("the node exporter's file-table gauges against node-mixin's NodeFileDescriptorLimit threshold (70 %)", () => {
  const filefd = (allocated: string, maximum: string) =>
    [
      '# HELP node_filefd_allocated File descriptor statistics: allocated.',
      '# TYPE node_filefd_allocated gauge',
      `node_filefd_allocated ${allocated}`,
      '# HELP node_filefd_maximum File descriptor statistics: maximum.',
      '# TYPE node_filefd_maximum gauge',
      `node_filefd_maximum ${maximum}`,
    ].join('\n');

  it('pasted from curl: 1.55 million allocated of 1.6 million is the file table near its limit', () => {
    const bundle = {
      commandOutputs: { 'curl -s localhost:9100/metrics | grep filefd': filefd('1.552e+06', '1.6e+06') },
    };
    expect(ids(bundle)).toContain('fd.near_limit');
  });

  it("in the bundle's metrics text too", () => {
    expect(ids({ metrics: filefd('9.2e+06', '9.223372036854776e+06') })).toContain('fd.near_limit');
  });

  it('near miss: half the table, one gauge alone, and an unlimited maximum are not near the limit', () => {
    expect(ids({ commandOutputs: { 'curl node:9100/metrics': filefd('800000', '1.6e+06') } })).not.toContain(
      'fd.near_limit',
    );
    expect(
      ids({ commandOutputs: { 'curl node:9100/metrics': 'node_filefd_allocated 1.552e+06' } }),
    ).not.toContain('fd.near_limit');
    expect(ids({ commandOutputs: { 'curl node:9100/metrics': filefd('1.552e+06', '+Inf') } })).not.toContain(
      'fd.near_limit',
    );
  });

  it('a structured NodeDiskIOSaturation alert is disk I/O saturated', () => {
    const bundle = {
      alerts: [
        {
          status: 'firing' as const,
          labels: { alertname: 'NodeDiskIOSaturation', device: 'nvme1n1', instance: '10.0.1.23:9100' },
          annotations: {},
        },
      ],
    };
    expect(ids(bundle)).toContain('io.saturated');
  });
});

describe("the node's capacity against the machine's memory and CPUs (kubelet reads the machine once at start)", () => {
  const describeNode = (memory: string, cpu: string) =>
    [
      'Name:               worker-3',
      'Roles:              <none>',
      'Conditions:',
      '  Type             Status  LastHeartbeatTime                 Reason                       Message',
      '  MemoryPressure   True    Fri, 27 Nov 2026 04:10:02 +0000   KubeletHasInsufficientMemory kubelet has insufficient memory available',
      'Capacity:',
      `  cpu:                ${cpu}`,
      '  ephemeral-storage:  102350828Ki',
      `  memory:             ${memory}`,
      '  pods:               110',
      'Allocatable:',
      `  cpu:                ${cpu}`,
      `  memory:             ${memory}`,
    ].join('\n');
  const free = (totalMi: number) =>
    [
      '               total        used        free      shared  buff/cache   available',
      `Mem:           ${totalMi}       12011       40212         312       13320       51640`,
      'Swap:              0           0           0',
    ].join('\n');
  const LSCPU = [
    'Architecture:            x86_64',
    'CPU(s):                  8',
    'On-line CPU(s) list:     0-7',
  ].join('\n');

  it('memory hot-added: capacity 16 GiB while free -m shows 64 GiB is the kubelet defect, with a restart', () => {
    const bundle = {
      commandOutputs: {
        'kubectl describe node worker-3': describeNode('16389012Ki', '8'),
        'free -m': free(64314),
      },
    };
    expect(ids(bundle)).toContain('kubelet.capacity_stale');
    const cause = top(bundle);
    expect(cause?.id).toBe('kubelet_defect');
    expect(JSON.stringify(diagnose(bundle))).toContain('systemctl restart kubelet');
  });

  it("CPUs hot-added: capacity 4 against lscpu's 8, and /proc/meminfo read in kB", () => {
    const bundle = {
      commandOutputs: {
        'kubectl describe node worker-3': describeNode('16389012Ki', '4'),
        lscpu: LSCPU,
        'cat /proc/meminfo': 'MemTotal:       16389012 kB\nMemFree:         8201232 kB',
      },
    };
    expect(ids(bundle)).toContain('kubelet.capacity_stale');
  });

  it("reads the machine's memory in top's summary and in a /proc/meminfo that gives MemTotal alone", () => {
    const described = describeNode('16389012Ki', '8');
    const topSummary =
      'MiB Mem :  64314.0 total,  40212.0 free,  12011.0 used,  13320.0 buff/cache\nMiB Swap:      0.0 total,      0.0 free,      0.0 used.  51640.0 avail Mem';
    expect(
      ids({ commandOutputs: { 'kubectl describe node worker-3': described, 'top -b -n 1': topSummary } }),
    ).toContain('kubelet.capacity_stale');
    const meminfo = 'MemTotal:       65856512 kB';
    expect(ids({ commandOutputs: { 'kubectl describe node worker-3': described, meminfo } })).toContain(
      'kubelet.capacity_stale',
    );
  });

  it('near miss: the same machine (free in KiB and -h), a describe without the machine, and a machine without a describe', () => {
    const same = {
      commandOutputs: {
        'kubectl describe node worker-3': describeNode('65856512Ki', '8'),
        free: free(65856512),
        lscpu: LSCPU,
      },
    };
    expect(ids(same)).not.toContain('kubelet.capacity_stale');
    const human = {
      commandOutputs: {
        'kubectl describe node worker-3': describeNode('65856512Ki', '8'),
        'free -h': [
          '               total        used        free      shared  buff/cache   available',
          'Mem:            62Gi        11Gi        39Gi       312Mi        13Gi        50Gi',
        ].join('\n'),
      },
    };
    expect(ids(human)).not.toContain('kubelet.capacity_stale');
    expect(
      ids({ commandOutputs: { 'kubectl describe node worker-3': describeNode('16389012Ki', '4') } }),
    ).not.toContain('kubelet.capacity_stale');
    expect(ids({ commandOutputs: { 'free -m': free(64314), lscpu: LSCPU } })).not.toContain(
      'kubelet.capacity_stale',
    );
  });
});

// Family 3 was already read by extract/commands.ts (runningObjects / proc.shim_leftover); these pin it end to end.
describe("shim processes counted against the runtime's tasks (existing proc.shim_leftover, pinned)", () => {
  const HDR = 'USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND';
  const id = (i: number) => (i + 4096).toString(16).padStart(64, 'a');
  const shims = (n: number) =>
    [
      HDR,
      ...Array.from(
        { length: n },
        (_, i) =>
          `root     ${40000 + i}  0.0  0.1 722300 11212 ?        Sl   Nov02   0:41 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id ${id(i)} -address /run/containerd/containerd.sock`,
      ),
    ].join('\n');
  const tasks = (n: number) =>
    [
      'TASK                                                                PID      STATUS',
      ...Array.from({ length: n }, (_, i) => `${id(i)}    ${50000 + i}    RUNNING`),
    ].join('\n');

  it('300 shims in ps against 30 tasks in `ctr -n k8s.io tasks ls` are leaked shims', () => {
    const bundle = {
      commandOutputs: { 'ps aux | grep containerd-shim': shims(300), 'ctr -n k8s.io tasks ls': tasks(30) },
    };
    expect(ids(bundle)).toContain('proc.shim_leftover');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('300 shims against `crictl ps -q | wc -l` at 31', () => {
    const bundle = {
      commandOutputs: { 'ps aux | grep containerd-shim': shims(300), 'crictl ps -q | wc -l': '31' },
    };
    expect(ids(bundle)).toContain('proc.shim_leftover');
  });

  it('near miss: as many shims as tasks', () => {
    const bundle = {
      commandOutputs: { 'ps aux | grep containerd-shim': shims(30), 'ctr -n k8s.io tasks ls': tasks(30) },
    };
    expect(ids(bundle)).not.toContain('proc.shim_leftover');
  });
});
