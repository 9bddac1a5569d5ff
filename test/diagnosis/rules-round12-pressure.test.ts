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

  it("the node's own taints in a bundle name its pressure; other taints do not", () => {
    const taints = [
      { key: 'node.kubernetes.io/disk-pressure', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' },
    ];
    expect(ids({ taints })).toContain('disk.pressure');
    expect(ids({ taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] })).not.toContain(
      'disk.pressure',
    );
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

const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const EXEC = '9b1c0d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c';
const TS = 'time="2026-11-02T13:41:43.123456789Z"';

describe("a runtime's on-disk state unreadable at restart", () => {
  it("docker's containerd 0.2 exiting in restore on an exec's missing state file, restarted into it: runtime_down", () => {
    const dockerd = [
      journal('dockerd[1021]', `${TS} level=info msg="libcontainerd: new containerd process, pid: 1044"`),
      journal(
        'dockerd[1021]',
        `${TS} level=fatal msg="open /var/run/docker/libcontainerd/containerd/${CID}/${EXEC}/process.json: no such file or directory"`,
      ),
      journal('dockerd[1021]', `${TS} level=info msg="libcontainerd: new containerd process, pid: 1063"`),
      journal(
        'dockerd[1021]',
        `${TS} level=fatal msg="open /var/run/docker/libcontainerd/containerd/${CID}/${EXEC}/process.json: no such file or directory"`,
      ),
    ].join('\n');
    const kubelet = klog(
      'E',
      'kubelet.go:2106',
      'Container runtime sanity check failed: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
    );
    const bundle = { logs: { dockerd, kubelet } };
    expect(ids(bundle)).toContain('runtime.state_corrupt');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("containerd's CRI plugin unable to rebuild its stores from metadata, fatal at every start: runtime_down", () => {
    const containerd = [
      journal(
        'containerd[812]',
        `${TS} level=fatal msg="Failed to run CRI service" error="failed to recover state: failed to reserve container name \\"app_web-0_default_0e1f2a3b_0\\": name \\"app_web-0_default_0e1f2a3b_0\\" is reserved for \\"${CID}\\""`,
      ),
      journal('systemd[1]', 'containerd.service: Main process exited, code=exited, status=1/FAILURE'),
      journal('systemd[1]', "containerd.service: Failed with result 'exit-code'."),
    ].join('\n');
    const bundle = { logs: { containerd } };
    expect(ids(bundle)).toContain('runtime.state_corrupt');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('red herring: objects dropped at restore, the runtime serving after, name no runtime outage', () => {
    const containerd = [
      journal(
        'containerd[812]',
        `${TS} level=error msg="Failed to load sandbox \\"${CID}\\"" error="failed to load sandbox metadata: metadata extension \\"io.cri-containerd.sandbox.metadata\\" not found"`,
      ),
      journal('containerd[812]', `${TS} level=info msg="containerd successfully booted in 0.102113s"`),
    ].join('\n');
    const crio = journal(
      'crio[955]',
      `${TS} level=warning msg="Could not restore container ${EXEC}: could not get sandbox with id ${CID}, skipping"`,
    );
    for (const bundle of [{ logs: { containerd } }, { logs: { crio } }]) {
      const found = ids(bundle);
      expect(found).toContain('runtime.restore_dropped');
      expect(found).not.toContain('runtime.state_corrupt');
      // The boot itself says the runtime restarted (a lead well below a verdict); the dropped objects add nothing.
      expect(top(bundle)?.confidence ?? 0).toBeLessThan(0.5);
    }
  });

  it('red herring: containerd 0.2.9 removing a state directory it could not load, and carrying on', () => {
    const line = journal(
      'dockerd[1021]',
      `${TS} level=warning msg="containerd: failed to load container,removing state directory." error="open /var/run/docker/libcontainerd/containerd/${CID}/state.json: no such file or directory" id=${CID}`,
    );
    expect(ids({ logs: { dockerd: line } })).not.toContain('runtime.state_corrupt');
  });
});

const said = (line: string) => ({ logs: { other: line } });

describe("the pressure conditions and the runtime's storage growth, in people's words", () => {
  it('the conditions by their names, as nouns and as Type=Status', () => {
    for (const line of [
      'The node has DiskPressure and the kubelet started evicting everything.',
      'DiskPressure on the node since 03:00, new pods rejected',
      'kubectl get node shows DiskPressure=True on worker-3',
      'worker-2 went NotReady with disk pressure on the node',
      '节点出现磁盘压力，pod 全部被驱逐',
      'Disk usage reached the eviction threshold and pods were evicted.',
      '磁盘使用率达到了驱逐阈值',
      'All the pods were evicted because of DiskPressure.',
      'pod 因为磁盘压力被驱逐',
      'the kubelet reported DiskPressure at 02:10',
      'kubelet 上报 DiskPressure',
    ])
      expect(ids(said(line)), line).toContain('disk.pressure');
    // The noun is the grammar's memory pressure of the node (mem.exhausted); Type=Status is the condition (mem.oom).
    expect(ids(said('The node has MemoryPressure right now'))).toContain('mem.exhausted');
    expect(ids(said('MemoryPressure=True on node-4'))).toContain('mem.oom');
    for (const line of ['the nodes have PIDPressure', 'PIDPressure=True'])
      expect(ids(said(line)), line).toContain('pid.pressure');
  });

  it("the runtime's storage growing or filling, and a fill rate", () => {
    for (const line of [
      '/var/lib/containerd keeps growing until the root volume is full',
      'the snapshotter directory was growing 10 GB per hour',
      'overlay2 is filling up fast',
      'container logs kept growing without bound',
      '/var/lib/docker grew by 4GB/h after the upgrade',
      '/var/lib/containerd 持续增长',
      '镜像目录每小时增长10G',
    ])
      expect(ids(said(line)), line).toContain('disk.pressure');
  });

  it('a disk filling at a measured rate, with the condition named, is resource_starvation end to end', () => {
    const bundle = said(
      'The node went NotReady after it reported DiskPressure. The containerd snapshotter directory kept growing at about 10 GB per hour until the eviction threshold was reached.',
    );
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it('near misses: a condition denied or False, a setting, advice, a rate of something else', () => {
    for (const line of [
      'The node has no DiskPressure and memory is fine',
      'DiskPressure=False, MemoryPressure=False, PIDPressure=False',
      'We set the eviction threshold for nodefs to 10%.',
      'To avoid DiskPressure on the node, rotate container logs.',
      'If the node has DiskPressure the kubelet evicts pods.',
      'requests grew to 300 per hour',
      'Pods evicted with no DiskPressure on the node: they hit their own ephemeral-storage limits.',
    ])
      expect(ids(said(line)), line).not.toContain('disk.pressure');
    expect(ids(said('MemoryPressure=False'))).not.toContain('mem.oom');
  });
});
