import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { ids, top } from '../support/node-lines.ts';

/**
 * Round 26 (r26-weighing): weighing people's words. Conditions listed Unknown are the node controller's status, not
 * pressure; a state denied through a verb of appearance is denied; a reboot given its purpose is a planned step.
 * Lines built from the programs' own strings (the node lifecycle controller's reason and message, describe-node's
 * Conditions table) and from the words' definitions, not from incident reports.
 */
const said = (other: string) => ({ logs: { other } });

/** describe-node's Conditions table as kubectl prints it (describe.go describeNode: Type, Status, times, Reason, Message). */
const conditionsTable = (status: 'Unknown' | 'True', reason: string, message: string) =>
  [
    'Conditions:',
    '  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message',
    '  ----             ------    -----------------                 ------------------                ------              -------',
    `  MemoryPressure   ${status}   Mon, 02 Nov 2026 13:41:43 +0000   Mon, 02 Nov 2026 13:42:30 +0000   ${reason}   ${message}`,
    `  DiskPressure     ${status}   Mon, 02 Nov 2026 13:41:43 +0000   Mon, 02 Nov 2026 13:42:30 +0000   ${reason}   ${message}`,
    `  PIDPressure      ${status}   Mon, 02 Nov 2026 13:41:43 +0000   Mon, 02 Nov 2026 13:42:30 +0000   ${reason}   ${message}`,
    '  Ready            Unknown   Mon, 02 Nov 2026 13:41:43 +0000   Mon, 02 Nov 2026 13:42:30 +0000   NodeStatusUnknown   Kubelet stopped posting node status.',
  ].join('\n');

const PRESSURE = ['mem.oom', 'mem.exhausted', 'disk.pressure', 'pid.pressure'];

describe('pressure conditions listed Unknown are no pressure (the node lifecycle controller)', () => {
  it.each([
    'The node shows MemoryPressure, DiskPressure and PIDPressure all Unknown.',
    'Ready, MemoryPressure, DiskPressure and PIDPressure are all Unknown (NodeStatusUnknown, Kubelet stopped posting node status).',
    'Conditions Unknown: MemoryPressure, DiskPressure.',
    'MemoryPressure and DiskPressure went Unknown with reason NodeStatusUnknown.',
    '`describe node` 显示 `Ready`、`MemoryPressure`、`DiskPressure`、`PIDPressure` 均为 `Unknown`。',
    '节点的 MemoryPressure、DiskPressure 状态都是 Unknown，原因是 NodeStatusUnknown',
  ])('no pressure from: %s', (line) => {
    const facts = ids(said(line));
    for (const f of PRESSURE) expect(facts, `${line}: ${f}`).not.toContain(f);
  });

  it.each([
    'Ready=Unknown',
    'The Ready condition is Unknown.',
    'Ready, MemoryPressure, DiskPressure and PIDPressure are all Unknown.',
    '`Ready`、`MemoryPressure`、`DiskPressure` 均为 `Unknown`',
    'All conditions show NodeStatusUnknown.',
  ])('the node controller heard nothing: %s', (line) => {
    expect(ids(said(line))).toContain('node.status_unknown');
  });

  it('a table of conditions Unknown reads the controller, not pressure; a table of pressure True still reads it', () => {
    const unknown = ids(
      said(conditionsTable('Unknown', 'NodeStatusUnknown', 'Kubelet stopped posting node status.')),
    );
    expect(unknown).toContain('node.status_unknown');
    for (const f of PRESSURE) expect(unknown).not.toContain(f);
    const held = ids(
      said(
        conditionsTable('True', 'KubeletHasInsufficientMemory', 'kubelet has insufficient memory available'),
      ),
    );
    expect(held).toContain('mem.oom');
  });

  it('structured conditions all Unknown rank the node cut off, not starvation', () => {
    const condition = (type: string) => ({
      type,
      status: 'Unknown' as const,
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
    });
    const bundle = {
      conditions: ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'].map(condition),
      logs: {
        other:
          'The node went NotReady; MemoryPressure, DiskPressure and PIDPressure are listed Unknown with NodeStatusUnknown.',
      },
    };
    for (const f of PRESSURE) expect(ids(bundle)).not.toContain(f);
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it.each([
    'The node has MemoryPressure.',
    'The node has DiskPressure and pods are being evicted.',
    'The node hit memory pressure and went NotReady with NodeStatusUnknown.',
  ])('near miss, pressure still read: %s', (line) => {
    expect(ids(said(line)).some((f) => PRESSURE.includes(f))).toBe(true);
  });

  it.each(['Ready is True, nothing Unknown', 'the readiness probe returned Unknown'])(
    'near miss, not the controller: %s',
    (line) => {
      expect(ids(said(line))).not.toContain('node.status_unknown');
    },
  );
});

describe('a state denied through a verb of appearance counts against it', () => {
  it.each([
    ["The errors didn't look like OOM or resource exhaustion.", 'mem.oom'],
    ['The errors didn’t look like OOM or resource exhaustion.', 'mem.oom'],
    ['It did not look like memory pressure.', 'mem.exhausted'],
    ['The node does not appear to be out of memory.', 'mem.oom'],
    ["It doesn't seem like the node ran out of file descriptors.", 'fd.emfile'],
    ['Nothing suggests the disk was full.', 'disk.pressure'],
    ['There was no indication of an OOM kill.', 'mem.oom'],
    ['The node looked nothing like it was out of memory.', 'mem.oom'],
    ['看起来不像是内存不足', 'mem.exhausted'],
    ['不像是磁盘满了', 'disk.pressure'],
    ['似乎不是内存耗尽', 'mem.exhausted'],
    ['没有迹象表明内存不足', 'mem.exhausted'],
  ])('%s', (line, fact) => {
    expect(ids(said(line))).not.toContain(fact);
  });

  it.each([
    ['The node looked like it was out of memory.', 'mem.exhausted'],
    ['看起来像是内存不足', 'mem.exhausted'],
    // The appearance verb's complement is the state's subject, not its denial: "didn't appear" is a presence.
    ["Pods didn't appear on the node because the disk was full.", 'disk.pressure'],
    // A denial in another clause or sentence leaves the state said.
    ['The kubelet did not look healthy; memory was exhausted.', 'mem.exhausted'],
  ])('near miss, still affirmed: %s', (line, fact) => {
    expect(ids(said(line))).toContain(fact);
  });
});

describe('a reboot given its purpose is a planned step, not the node crashing', () => {
  it.each([
    '| ~06:00 | All 3 nodes rebooted simultaneously for kernel 5.15.0-105-generic |',
    'All nodes rebooted for a kernel update; every node came back Ready.',
    'The nodes were drained and rebooted to pick up the new kernel.',
    'The node rebooted during the maintenance window.',
    'Worker nodes rebooted as planned for security patches.',
    'kured rebooted the node after unattended-upgrades installed a kernel.',
    '所有节点因内核升级重启',
    '节点按计划重启完成',
  ])('no crash from: %s', (line) => {
    expect(ids(said(line))).not.toContain('node.rebooting');
  });

  it.each([
    'The node rebooted unexpectedly during the maintenance window.',
    'The node rebooted by itself.',
    'The node keeps rebooting.',
    'node-3 rebooted after a kernel panic during the kernel update.',
    'The nodes rebooted after a power loss.',
    '节点突然重启了',
  ])('near miss, an unplanned reboot still read: %s', (line) => {
    expect(ids(said(line))).toContain('node.rebooting');
  });
});

describe("words for mechanisms no program line shows (the runtime's kept state, a kubelet's dead watch, leaked namespaces)", () => {
  it.each([
    // The runtime's state directories, as containerd, dockerd and CRI-O name them, removed to get pods starting.
    ['We had to wipe /var/lib/rancher/k3s/agent/containerd before starting k3s again.', 'runtime.state_kept'],
    ['Removing /var/lib/containerd and /run/containerd got the pods running.', 'runtime.state_kept'],
    ["Cleaning the runtime's state directory cleared it.", 'runtime.state_kept'],
    ['清理 containerd 的状态目录后 Pod 恢复', 'runtime.state_kept'],
    // Pods that never start after each unclean stop.
    [
      'After every hard reboot, pods never start and all StatefulSets get stuck in ContainerCreating.',
      'runtime.state_kept',
    ],
    ['After each power loss the pods would not start until we cleaned up.', 'runtime.state_kept'],
    ['断电后 Pod 一直卡在 ContainerCreating', 'runtime.state_kept'],
    // A kubelet that never acts on pods bound to its node.
    ['The kubelet does not pick up newly bound pods while the node shows Ready.', 'kubelet.pods_ignored'],
    ['The kubelet ignores new pods scheduled to the node.', 'kubelet.pods_ignored'],
    ['Kubelet never receives pod deletions after the restart; the node stays Ready.', 'kubelet.pods_ignored'],
    ['Pods bound to the node stay Pending although it is Ready.', 'kubelet.pods_ignored'],
    ['kubelet 不处理新调度的 Pod', 'kubelet.pods_ignored'],
    // Network namespaces piling up.
    ['Too many network namespaces on the node.', 'cni.teardown_failed'],
    ['/var/run/netns holds thousands of entries: network namespaces are leaking.', 'cni.teardown_failed'],
    ['节点上大量残留的网络命名空间', 'cni.teardown_failed'],
  ])('%s', (line, fact) => {
    expect(ids(said(line))).toContain(fact);
  });

  it.each([
    ['We removed /var/lib/docker to free up disk space.', 'runtime.state_kept'],
    ['You should remove /var/lib/containerd.', 'runtime.state_kept'],
    ['After a reboot, the pods started fine.', 'runtime.state_kept'],
    ['The pods were stuck Pending because of insufficient CPU.', 'kubelet.pods_ignored'],
    ['Newly scheduled pods stay Pending: no node has enough memory.', 'kubelet.pods_ignored'],
    ['The kubelet picks up new pods within seconds.', 'kubelet.pods_ignored'],
    ['ip netns list shows the namespace for the pod.', 'cni.teardown_failed'],
    ['No network namespaces leaked.', 'cni.teardown_failed'],
  ])('near miss: %s', (line, fact) => {
    expect(ids(said(line))).not.toContain(fact);
  });
});

describe('pasted conditions all Unknown (describe-node table, node YAML) read as the node cut off, never pressure', () => {
  const row = (type: string) =>
    `  ${type.padEnd(16)} Unknown   Mon, 02 Nov 2026 13:41:43 +0000   Mon, 02 Nov 2026 13:42:30 +0000   NodeStatusUnknown   Kubelet stopped posting node status.`;
  const table = [
    'Name:               node-7',
    'Roles:              <none>',
    'Taints:             node.kubernetes.io/unreachable:NoSchedule',
    'Conditions:',
    '  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message',
    '  ----             ------    -----------------                 ------------------                ------              -------',
    ...['MemoryPressure', 'DiskPressure', 'PIDPressure', 'Ready'].map(row),
  ].join('\n');
  const yaml = [
    'apiVersion: v1',
    'kind: Node',
    'metadata:',
    '  name: node-7',
    'status:',
    '  conditions:',
    ...['MemoryPressure', 'DiskPressure', 'Ready'].flatMap((type) => [
      '  - lastHeartbeatTime: "2026-11-02T13:41:43Z"',
      '    lastTransitionTime: "2026-11-02T13:42:30Z"',
      '    message: Kubelet stopped posting node status.',
      '    reason: NodeStatusUnknown',
      '    status: Unknown',
      `    type: ${type}`,
    ]),
  ].join('\n');
  it.each([
    ['describe node', table],
    ['node YAML', yaml],
  ])('%s', (_form, text) => {
    const causes = diagnoseText(text).causes.map((c) => c.id);
    expect(causes[0]).toBe('node_unreachable');
    expect(causes).not.toContain('resource_starvation');
  });
});
