import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText, readLogs } from '../../shared/diagnosis/diagnose-text.ts';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 8's program-output miss classes (docs/accuracy.md), from the programs that write the messages: lines are
// built from the message templates in runc, crun, systemd, the kernel, moby and containerd, not from any incident.

const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const TS = 'time="2026-11-02T13:41:43.111882000Z"';
const kmsg = (text: string) => journal('kernel', text);

/** The facts a pasted text yields through the paste reader (sections, then the line scanner). */
async function pastedFacts(text: string): Promise<FactId[]> {
  return (await readLogs([{ name: 'pasted', chunks: [text] }])).facts.ids();
}

/** Unrelated lines every node log holds: none of them may change what the mechanism's lines say. */
const NOISE = [
  klog('I', 'kubelet.go:2012', '"SyncLoop (PLEG): event for pod" pod="default/web-0"'),
  journal('systemd[1]', 'Started Session 12 of user core.'),
  journal('containerd[812]', `${TS} level=info msg="loading plugin \\"io.containerd.metadata.v1.bolt\\"..."`),
  kmsg('EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.'),
];

describe("runc's and crun's systemd cgroup driver waiting on PID 1", () => {
  it("runc's one-second wait for the scope's start job, then the unit systemd has not created yet", () => {
    const logs = {
      other: [
        ...NOISE,
        journal(
          'kubelet[1893]',
          'time="2026-11-02T13:41:40Z" level=warning msg="Timed out while waiting for StartTransientUnit(kubepods-burstable-pod0b1c2d3e_4f5a.slice) completion signal from dbus. Continuing..."',
        ),
        journal(
          'dockerd[2211]',
          `${TS} level=error msg="Handler for POST /v1.40/containers/${CID}/start returned error: OCI runtime create failed: container_linux.go:349: starting container process caused \\"process_linux.go:422: setting cgroup config for procHooks process caused \\\\\\"Unit docker-${CID}.scope not found.\\\\\\"\\": unknown"`,
        ),
      ].join('\n'),
    };
    expect(ids({ logs })).toEqual(expect.arrayContaining(['systemd.dbus_timeout', 'systemd.scope_failed']));
    expect(top({ logs })?.id).toBe('systemd_dbus_stall');
  });

  it("the NoSuchUnit race alone, with systemd 219's wording, still points at PID 1", () => {
    const logs = {
      containerd: `${TS} level=error msg="StartContainer for \\"${CID}\\" failed" error="failed to create containerd task: OCI runtime create failed: container_linux.go:370: starting container process caused: process_linux.go:326: applying cgroup configuration for process caused: Unit cri-containerd-${CID}.scope is not loaded.: unknown"`,
    };
    expect(ids({ logs })).toContain('systemd.scope_failed');
    expect(top({ logs })?.id).toBe('systemd_dbus_stall');
  });

  it("crun's sd-bus call timing out, as CRI-O relays it", () => {
    const logs = {
      crio: `${TS} level=info msg="createCtr: container create failed: sd-bus call: Timed out: Connection timed out" id=${CID}`,
    };
    expect(ids({ logs })).toContain('systemd.dbus_timeout');
    expect(top({ logs })?.id).toBe('systemd_dbus_stall');
  });

  it("the driver's connection to PID 1's private socket reset", () => {
    const logs = {
      kubelet: klog(
        'E',
        'kuberuntime_manager.go:815',
        '"CreatePodSandbox for pod failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to apply cgroup configuration: failed to connect to dbus (hint: for rootless containers, maybe you need to install dbus-user-session package, see https://github.com/opencontainers/runc/blob/master/docs/cgroup-v2.md): read unix @->/run/systemd/private: read: connection reset by peer: unknown"',
      ),
    };
    expect(ids({ logs })).toContain('systemd.dbus_disconnected');
    expect(top({ logs })?.id).toBe('systemd_dbus_stall');
  });

  it('red herrings: a person stopping a scope that is gone, a host without systemd, an existing unit', () => {
    for (const line of [
      'Failed to stop docker-4f2a9c1e0b7d.scope: Unit docker-4f2a9c1e0b7d.scope not loaded.',
      'systemctl status cri-containerd-4f2a9c1e0b7d.scope: Unit cri-containerd-4f2a9c1e0b7d.scope could not be found.',
    ])
      expect(ids({ logs: { other: line } }), line).not.toContain('systemd.scope_failed');
    const noSystemd =
      'failed to connect to dbus: dial unix /run/systemd/private: connect: no such file or directory';
    expect(ids({ logs: { other: noSystemd } })).not.toContain('systemd.dbus_disconnected');
    expect(ids({ logs: { other: 'sd-bus call: Unit crio-4f2a.scope already exists.' } })).not.toContain(
      'systemd.dbus_timeout',
    );
  });
});

/** A task's stack under a hung-task report, in the 5.x kernel's format, without the report's header. */
const MUTEX_TRACE = [
  kmsg(' __schedule+0x2e5/0x8c0'),
  kmsg(' schedule+0x46/0xb0'),
  kmsg(' schedule_preempt_disabled+0xa/0x10'),
  kmsg(' __mutex_lock.constprop.0+0x133/0x460'),
  kmsg(' ? kernfs_fop_write_iter+0x11c/0x1b0'),
  kmsg(' mutex_lock+0x30/0x40'),
  kmsg(' do_syscall_64+0x5b/0x1d0'),
  kmsg(' entry_SYSCALL_64_after_hwframe+0x44/0xa9'),
].join('\n');

describe("the kernel's hung-task report without its header", () => {
  it('the hint line and the 6.16+ blocker line are the report, the task not named', () => {
    for (const line of [
      '[156240.161202] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
      '[156240.161300] INFO: task dockerd:1203 is blocked on a mutex likely owned by task containerd:880.',
    ])
      expect(ids({ logs: { kernel: line } }), line).toContain('kernel.hung_task');
  });

  it('a stack asleep in a mutex slow path is a task in D state, in a bundle and in a paste', async () => {
    expect(ids({ logs: { kernel: MUTEX_TRACE } })).toContain('kernel.hung_task');
    expect(await pastedFacts(MUTEX_TRACE)).toContain('kernel.hung_task');
    // Which task, and so which cause, only the header says: no verdict from the stack alone.
    const diagnosis = diagnose({ logs: { kernel: MUTEX_TRACE } });
    expect(diagnosis.verdict).toBe('unknown');
  });

  it('with the runtime reported down, the stack corroborates a wedged container, not a confident answer', () => {
    const logs = {
      kernel: MUTEX_TRACE,
      kubelet: klog(
        'E',
        'kubelet.go:2373',
        '"Skipping pod synchronization" err="[container runtime is down, PLEG is not healthy: pleg was last seen active 3m5.2s ago; threshold is 3m0s]"',
      ),
    };
    const diagnosis = diagnose({ logs });
    expect(diagnosis.confidence).toBeLessThan(0.7);
  });

  it('red herrings: an idle task in epoll, one scheduler frame, an OOM report trace', async () => {
    const idle = [
      kmsg(' __schedule+0x2e5/0x8c0'),
      kmsg(' schedule+0x46/0xb0'),
      kmsg(' schedule_hrtimeout_range_clock+0xa0/0x110'),
      kmsg(' ep_poll+0x3d4/0x4a0'),
      kmsg(' do_epoll_wait+0xb4/0xd0'),
    ].join('\n');
    const lone = [
      ...NOISE,
      kmsg(' schedule+0x29/0x70'),
      kmsg('IPv6: ADDRCONF(NETDEV_UP): eth0: link is not ready'),
    ].join('\n');
    const oom = [
      kmsg('Call Trace:'),
      kmsg(' dump_stack+0x6d/0x8b'),
      kmsg(' dump_header+0x4a/0x1f0'),
      kmsg(' oom_kill_process.cold+0xb/0x10'),
      kmsg(' out_of_memory+0x1cf/0x4c0'),
      kmsg(' mutex_lock+0x30/0x40'),
    ].join('\n');
    for (const text of [idle, lone, oom]) {
      expect(ids({ logs: { kernel: text } }), text).not.toContain('kernel.hung_task');
      expect(await pastedFacts(text), text).not.toContain('kernel.hung_task');
    }
  });
});

describe("the kubelet's pod cgroups left frozen", () => {
  it("a kubepods slice FROZEN, read with cat in a terminal paste, is the kubelet's defect", () => {
    const paste = [
      klog(
        'E',
        'prober.go:117',
        '"Probe errored" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" probeType="Liveness" pod="default/web-0"',
      ),
      '$ cat /sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/freezer.state',
      'FROZEN',
      '$ cat /sys/fs/cgroup/freezer/kubepods.slice/kubepods-besteffort.slice/freezer.state',
      'THAWED',
    ].join('\n');
    const diagnosis = diagnoseText(paste);
    expect(diagnosis.causes[0]?.id).toBe('kubelet_defect');
    expect(diagnosis.causes[0]?.mechanism).toBe('pod cgroups frozen');
  });

  it('the same read from a bundle: grep output, and a cgroup v2 slice', () => {
    const grep = {
      'grep -r FROZEN /sys/fs/cgroup/freezer/kubepods.slice --include=freezer.state':
        '/sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod0b1c2d3e_4f5a.slice/freezer.state:FROZEN',
    };
    expect(ids({ commandOutputs: grep })).toContain('cgroup.pods_frozen');
    expect(top({ commandOutputs: grep })?.id).toBe('kubelet_defect');
    const v2 = {
      'cat /sys/fs/cgroup/kubepods.slice/kubepods-burstable.slice/cgroup.events': 'populated 1\nfrozen 1',
    };
    expect(ids({ commandOutputs: v2 })).toContain('cgroup.pods_frozen');
  });

  it("the kubelet's vendored libcontainer failing to thaw one of its slices", () => {
    const logs = {
      other: journal(
        'kubelet[1893]',
        'time="2026-11-02T13:41:43Z" level=info msg="thaw container after SetUnitProperties failed: write /sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/freezer.state: device or resource busy"',
      ),
    };
    expect(ids({ logs })).toContain('cgroup.pods_frozen');
    expect(top({ logs })?.id).toBe('kubelet_defect');
  });

  it("red herrings: a paused container's own cgroup, a thawed slice, another cgroup file", () => {
    const reads: Record<string, string>[] = [
      {
        [`cat /sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod12.slice/docker-${CID}.scope/freezer.state`]:
          'FROZEN',
      },
      { 'cat /sys/fs/cgroup/freezer/kubepods.slice/freezer.state': 'THAWED' },
      { 'cat /sys/fs/cgroup/kubepods.slice/cgroup.freeze': '0' },
      { 'cat /sys/fs/cgroup/kubepods.slice/memory.max': '1' },
    ];
    for (const commandOutputs of reads)
      expect(ids({ commandOutputs }), JSON.stringify(commandOutputs)).not.toContain('cgroup.pods_frozen');
    // runc thawing a container (not the kubelet's slice) is a wedged container, not the kubelet's defect.
    const runc = journal(
      'runc[4242]',
      'time="2026-11-02T13:41:43Z" level=info msg="thaw container after doFreeze failed: device or resource busy"',
    );
    expect(ids({ logs: { other: runc } })).not.toContain('cgroup.pods_frozen');
    expect(ids({ logs: { other: runc } })).toContain('proc.frozen');
  });
});

describe('a runtime whose state on disk does not load, and the kubelet that waits on it', () => {
  const kubeletFails = [
    klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unavailable desc = connection error"',
    ),
    journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
    journal('systemd[1]', 'kubelet.service: Scheduled restart job, restart counter is at 37.'),
  ];
  const unknown = [
    {
      type: 'Ready',
      status: 'Unknown',
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
    },
  ];

  it('containerd unable to open its metadata database comes before the kubelet that cannot start', () => {
    const runtimeFails = [
      journal(
        'containerd[812]',
        `${TS} level=warning msg="failed to load plugin io.containerd.metadata.v1.bolt" error="invalid database"`,
      ),
    ];
    const both = {
      conditions: unknown,
      logs: { other: [...NOISE, ...runtimeFails, ...kubeletFails].join('\n') },
    };
    expect(ids(both)).toEqual(
      expect.arrayContaining(['runtime.start_failed', 'kubelet.dead', 'runtime.blocks_kubelet']),
    );
    expect(top(both)?.id).toBe('runtime_down');
    // Round 20: the kubelet's own exit names the runtime's socket not answering its version check (kubelet.ts,
    // cri-client validateServiceConnection): alone too, the runtime is down first and the kubelet follows.
    const kubeletOnly = { conditions: unknown, logs: { other: [...NOISE, ...kubeletFails].join('\n') } };
    expect(top(kubeletOnly)?.id).toBe('runtime_down');
  });

  it("dockerd's network store, corrupt after a crash, with the file system's errors as its trigger", () => {
    const logs = {
      kernel: [
        kmsg(
          'EXT4-fs error (device nvme0n1p1): ext4_lookup:1707: inode #1311234: comm dockerd: deleted inode referenced: 1311877',
        ),
        kmsg('EXT4-fs (nvme0n1p1): error count since last fsck: 3'),
      ].join('\n'),
      dockerd:
        "failed to start daemon: Error initializing network controller: error obtaining controller instance: failed to get bridge network configurations from store: error while populating kmap: invalid character '\\x00' looking for beginning of value",
    };
    expect(ids({ logs })).toEqual(expect.arrayContaining(['runtime.start_failed', 'fs.corrupt']));
    const cause = top({ logs });
    expect(cause?.id).toBe('runtime_down');
    expect(cause?.chain.join(' ')).toMatch(/file-system errors/);
  });

  it('red herring: a runtime that crashed and came back leaves the dead kubelet its own outage', () => {
    const logs = {
      other: [
        journal('systemd[1]', 'containerd.service: Main process exited, code=killed, status=11/SEGV'),
        journal('systemd[1]', 'containerd.service: Scheduled restart job, restart counter is at 1.'),
        journal('containerd[9120]', `${TS} level=info msg="containerd successfully booted in 0.052817s"`),
        ...kubeletFails,
      ].join('\n'),
    };
    expect(ids({ logs })).not.toContain('runtime.blocks_kubelet');
  });
});

describe("the kernel's file-system errors", () => {
  it('alone are a trigger, never a confident answer', () => {
    const logs = {
      kernel: [
        kmsg(
          'XFS (dm-0): Metadata corruption detected at xfs_dinode_verify+0xa5/0x730 [xfs], inode 0x4a1 dinode',
        ),
        kmsg('XFS (dm-0): Unmount and run xfs_repair'),
        kmsg('XFS (dm-0): metadata I/O error in "xfs_trans_read_buf_map" at daddr 0x1a40 len 8 error 117'),
      ].join('\n'),
    };
    expect(ids({ logs })).toContain('fs.corrupt');
    const diagnosis = diagnose({ logs });
    expect(diagnosis.verdict).toBe('unknown');
    expect(diagnosis.confidence).toBeLessThan(0.5);
  });

  it('red herrings: mounting, a clean journal recovery', () => {
    for (const line of [
      kmsg('XFS (sdb1): Mounting V5 Filesystem'),
      kmsg('XFS (sdb1): Ending clean mount'),
      kmsg('EXT4-fs (sda1): recovery complete'),
    ])
      expect(ids({ logs: { kernel: line } }), line).not.toContain('fs.corrupt');
  });
});
