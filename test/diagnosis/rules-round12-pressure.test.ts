import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 12's pressure and restore classes (docs/accuracy.md, classes 1 and 3): the kubelet's eviction manager read
// by the condition or resource it names, the pressure conditions and the runtime's storage growth in people's words,
// and a runtime whose on-disk state does not load at start. Lines are written from the programs' format strings,
// not from any incident.

const NOT_READY = klog(
  'E',
  'kubelet.go:2855',
  '"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"',
);

describe("the kubelet's eviction manager, read whole", () => {
  it('a pod rejected at admission for DiskPressure, as kubectl describe shows it: resource_starvation', () => {
    const paste = [
      'Status:           Failed',
      'Reason:          Evicted',
      'Message:          Pod was rejected: The node had condition: [DiskPressure]. ',
      'Events:',
      '  Warning  Evicted    12s   kubelet  The node had condition: [DiskPressure]. ',
    ].join('\n');
    const bundle = { logs: { other: paste } };
    expect(ids(bundle)).toContain('disk.pressure');
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it("the kubelet's own admission line, both forms, names each condition in the slice", () => {
    const old = klog(
      'W',
      'eviction_manager.go:173',
      'Failed to admit pod web-5d9c7b6f4-xk2p9_default(0e1f2a3b) - node has conditions: [MemoryPressure DiskPressure]',
    );
    const structured = klog(
      'I',
      'eviction_manager.go:170',
      '"Failed to admit pod to node" pod="default/web-5d9c7b6f4-xk2p9" nodeCondition=[PIDPressure]',
    );
    expect(ids({ logs: { kubelet: old } })).toEqual(expect.arrayContaining(['mem.oom', 'disk.pressure']));
    expect(ids({ logs: { kubelet: structured } })).toContain('pid.pressure');
    expect(top({ logs: { kubelet: old } })?.id).toBe('resource_starvation');
  });

  it('the low-on-resource form by each resource, and the containers over their request', () => {
    expect(ids({ logs: { other: 'Message: The node was low on resource: inodes. ' } })).toContain(
      'disk.pressure',
    );
    expect(ids({ logs: { other: 'Message: The node was low on resource: pids. ' } })).toContain(
      'pid.pressure',
    );
    expect(ids({ logs: { other: 'Message: The node was low on resource: [DiskPressure].' } })).toContain(
      'disk.pressure',
    );
    const request =
      'Container worker was using 7340032Ki, request is 2Gi, has larger consumption of memory. ';
    expect(ids({ logs: { other: request } })).toContain('mem.oom');
  });

  it("the scheduler's pressure taints and the kubelet's status event, pasted", () => {
    const paste = [
      'Warning  FailedScheduling  2m  default-scheduler  0/4 nodes are available: 4 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling.',
      'Normal  NodeHasDiskPressure  5m  kubelet  Node worker-1 status is now: NodeHasDiskPressure',
    ].join('\n');
    const bundle = { logs: { other: paste } };
    expect(ids(bundle)).toContain('disk.pressure');
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it('red herring: a condition dump with every pressure False and a DaemonSet pod tolerating the taints', () => {
    const paste = [
      'Conditions:',
      '  Type             Status  LastHeartbeatTime                 Reason                       Message',
      '  MemoryPressure   False   Mon, 23 Nov 2026 10:01:02 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available',
      '  DiskPressure     False   Mon, 23 Nov 2026 10:01:02 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure',
      '  PIDPressure      False   Mon, 23 Nov 2026 10:01:02 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available',
      'Tolerations:     node.kubernetes.io/disk-pressure:NoSchedule op=Exists',
      '                 node.kubernetes.io/memory-pressure:NoSchedule op=Exists',
      '                 node.kubernetes.io/pid-pressure:NoSchedule op=Exists',
    ].join('\n');
    const found = ids({ logs: { other: paste } });
    for (const fact of ['disk.pressure', 'mem.oom', 'pid.pressure'] as const)
      expect(found).not.toContain(fact);
    const conditions = [
      {
        type: 'DiskPressure',
        status: 'False',
        reason: 'KubeletHasNoDiskPressure',
        message: 'kubelet has no disk pressure',
      },
    ];
    expect(ids({ conditions })).not.toContain('disk.pressure');
  });

  it("red herring: one pod evicted for its own ephemeral-storage limit is the pod's, not the node's disk", () => {
    const paste = [
      'Status:       Failed',
      'Reason:       Evicted',
      'Message:      Pod ephemeral local storage usage exceeds the total limit of containers 2Gi. ',
      '  Warning  Evicted  3m  kubelet  Container app exceeded its local ephemeral storage limit "2Gi". ',
    ].join('\n');
    const bundle = { logs: { other: paste } };
    const found = ids(bundle);
    expect(found).toContain('disk.pod_limit');
    expect(found).not.toContain('disk.pressure');
    expect(top(bundle)?.id ?? 'unknown').not.toBe('resource_starvation');
  });

  it('a network plugin down is not read as pressure', () => {
    expect(ids({ logs: { kubelet: NOT_READY } })).not.toContain('disk.pressure');
  });
});
