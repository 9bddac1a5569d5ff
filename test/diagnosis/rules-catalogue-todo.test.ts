import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type Bundle, ids, journal, klog, top } from '../support/node-lines.ts';

// The catalogue's last `todo` messages (rules/catalogue/), end to end: each line is built from the message's format
// in the program that writes it, with the header that program's log carries; near misses beside each. The point is
// calibration as much as recognition: a single start, eviction or warning must not decide a node's cause.

const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const kernel = (text: string) => journal('kernel', text);
const systemd = (text: string) => journal('systemd[1]', text);

/** A node event as the kubelet, node-problem-detector or the EKS agent records it. */
function nodeEvent(reason: string, message: string, component: string) {
  return {
    type: 'Warning',
    reason,
    message,
    count: 1,
    involvedObject: { kind: 'Node', name: 'worker-1' },
    source: { component, host: 'worker-1' },
  };
}

const verdict = (bundle: Bundle) => diagnose(bundle).verdict;

describe("the kernel's OOM report header (mm/oom_kill.c dump_header)", () => {
  const header = kernel(
    'java invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0',
  );

  it('with no memory-cgroup marker in the report is node memory running out', () => {
    const logs = { kernel: header };
    expect(ids({ logs })).toContain('mem.oom');
    expect(top({ logs })?.id).toBe('resource_starvation');
  });

  it("is a container's own limit when the report goes on in a memory cgroup", () => {
    const logs = {
      kernel: [
        header,
        kernel(
          'Memory cgroup out of memory: Killed process 23145 (java) total-vm:8388608kB, anon-rss:524288kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:2048kB oom_score_adj:0',
        ),
      ].join('\n'),
    };
    expect(ids({ logs })).toContain('mem.cgroup_oom');
    expect(ids({ logs })).not.toContain('mem.oom');
  });
});

describe("the kubelet's eviction manager (pkg/kubelet/eviction/eviction_manager.go synchronize)", () => {
  const mustEvict = (resource: string) =>
    klog(
      'I',
      'eviction_manager.go:353',
      `"Eviction manager: must evict pod(s) to reclaim" resourceName="${resource}"`,
    );
  const nothingToEvict = klog(
    'E',
    'eviction_manager.go:364',
    '"Eviction manager: eviction thresholds have been met, but no pods are active to evict"',
  );

  it('reads the resource to reclaim, inodes included (helpers.go signalToResource)', () => {
    expect(ids({ logs: { kubelet: mustEvict('memory') } })).toContain('mem.oom');
    expect(ids({ logs: { kubelet: mustEvict('inodes') } })).toContain('disk.pressure');
    expect(ids({ logs: { kubelet: mustEvict('pids') } })).toContain('pid.pressure');
    // 1.19's printf form.
    const old = klog('I', 'eviction_manager.go:355', 'eviction manager: must evict pod(s) to reclaim memory');
    expect(ids({ logs: { kubelet: old } })).toContain('mem.oom');
  });

  it('nothing left to evict, alone, names no resource and decides nothing', () => {
    const logs = { kubelet: nothingToEvict };
    expect(ids({ logs })).toContain('resources.no_pods_to_evict');
    expect(verdict({ logs })).toBe('unknown');
    const old = klog(
      'E',
      'eviction_manager.go:366',
      'eviction manager: eviction thresholds have been met, but no pods are active to evict',
    );
    expect(ids({ logs: { kubelet: old } })).toContain('resources.no_pods_to_evict');
  });

  it('after the resource line, it is starvation that eviction cannot relieve', () => {
    const logs = { kubelet: [mustEvict('memory'), nothingToEvict].join('\n') };
    const d = diagnose({ logs });
    expect(d.verdict).toBe('resource_starvation');
    expect(d.causes[0]?.evidence.map((e) => e.text).join('\n')).toContain('no pods are active to evict');
  });

  it('pressure relieved without evicting, or a pod evicted, is not nothing-to-evict', () => {
    for (const line of [
      klog(
        'I',
        'eviction_manager.go:349',
        '"Eviction manager: able to reduce resource pressure without evicting pods." resourceName="memory"',
      ),
      klog(
        'I',
        'eviction_manager.go:387',
        '"Eviction manager: pods ranked for eviction" pods=[default/web-0]',
      ),
    ]) {
      expect(ids({ logs: { kubelet: line } }), line).not.toContain('resources.no_pods_to_evict');
      expect(ids({ logs: { kubelet: line } }), line).not.toContain('mem.oom');
    }
  });

  it("a notifier that cannot be made fails with the errno's own text, which is the kubelet out of descriptors", () => {
    // threshold_notifier_linux.go returns unix.Eventfd's error as it is; "eventfd call failed" is never written.
    const line = klog(
      'I',
      'eviction_manager.go:266',
      '"Eviction manager: failed to update notifier" notifier="allocatable memory threshold notifier" err="too many open files"',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('fd.emfile');
  });
});

describe("the kubelet's SystemOOM event (pkg/kubelet/oom/oom_watcher_linux.go)", () => {
  it('is node memory exhausted; an OOM kill in a container is not', () => {
    const events = [
      nodeEvent('SystemOOM', 'System OOM encountered, victim process: java, pid: 23145', 'kubelet'),
    ];
    expect(ids({ events })).toContain('mem.oom');
    const memcg = [
      nodeEvent(
        'OOMKilling',
        'Memory cgroup out of memory: Killed process 23145 (java) total-vm:8388608kB, anon-rss:524288kB, file-rss:0kB',
        'kernel-monitor',
      ),
    ];
    expect(ids({ events: memcg })).not.toContain('mem.oom');
  });
});

describe("PID 1 failing to fork a unit's process (systemd src/core/execute.c exec_spawn)", () => {
  it('EAGAIN is the PID or thread limit, ENOMEM is memory', () => {
    const eagain = systemd('kubelet.service: Failed to fork: Resource temporarily unavailable');
    expect(ids({ logs: { systemd: eagain } })).toContain('pid.pressure');
    expect(top({ logs: { systemd: eagain } })?.id).toBe('resource_starvation');
    const enomem = systemd('kubelet.service: Failed to fork: Cannot allocate memory');
    expect(ids({ logs: { systemd: enomem } })).toContain('mem.exhausted');
    expect(ids({ logs: { systemd: enomem } })).not.toContain('pid.pressure');
  });

  it('another errno (a seccomp or LSM denial) is neither', () => {
    const line = systemd('kubelet.service: Failed to fork: Operation not permitted');
    expect(ids({ logs: { systemd: line } })).not.toContain('pid.pressure');
    expect(ids({ logs: { systemd: line } })).not.toContain('mem.exhausted');
  });
});

describe('systemd stopping a unit that will not stop (scope.c, service.c dispatch timers)', () => {
  it("a container's scope is a container that ignored SIGTERM: a hint, no verdict", () => {
    const logs = { systemd: systemd(`cri-containerd-${CID}.scope: Stopping timed out. Killing.`) };
    expect(ids({ logs })).toContain('runtime.force_kill');
    expect(ids({ logs })).not.toContain('runtime.service_failed');
    expect(verdict({ logs })).toBe('unknown');
  });

  it("the runtime's own unit is the runtime failing; another service's is neither", () => {
    const runtime = systemd('containerd.service: Stopping timed out. Killing.');
    expect(ids({ logs: { systemd: runtime } })).toContain('runtime.service_failed');
    const other = systemd('nginx.service: Stopping timed out. Killing.');
    expect(ids({ logs: { systemd: other } })).not.toContain('runtime.service_failed');
    expect(ids({ logs: { systemd: other } })).not.toContain('runtime.force_kill');
  });

  it("a container scope's job timing out is the scope failing (job.c job_dispatch_timer)", () => {
    const line = systemd(`cri-containerd-${CID}.scope: Job cri-containerd-${CID}.scope/stop timed out.`);
    expect(ids({ logs: { systemd: line } })).toContain('systemd.scope_failed');
  });
});

describe("containerd's shim manager failing to start a shim (core/runtime/v2 startShim)", () => {
  it('is the shim not starting, whatever its output says', () => {
    const line = klog(
      'E',
      'remote_runtime.go:176',
      '"RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to start shim: start failed: io.containerd.runc.v2: failed to adjust OOM score for shim: set shim OOM score: write /proc/48211/oom_score_adj: permission denied: exit status 1"',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('runtime.shim_start_failed');
  });

  it('a container whose own process cannot start (runc create) is not the shim failing, nor any "start failed"', () => {
    for (const line of [
      klog(
        'E',
        'remote_runtime.go:343',
        '"StartContainer from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: \\"/app\\": permission denied"',
      ),
      journal('myapp[77]', 'worker pool start failed: listen tcp :8080: bind: address already in use'),
    ])
      expect(ids({ logs: { other: line } }), line).not.toContain('runtime.shim_start_failed');
  });

  it("the registrar's reservation reaches the kubelet wrapped: the first create still in flight", () => {
    const line = klog(
      'E',
      'remote_runtime.go:319',
      `"CreateContainer in sandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to reserve container name \\"web_web-0_default_5b0c1c2e-8c1b-4a8e-9d55-0d2c9a3f1e7a_0\\": name \\"web_web-0_default_5b0c1c2e-8c1b-4a8e-9d55-0d2c9a3f1e7a_0\\" is reserved for \\"${CID}\\""`,
    );
    expect(ids({ logs: { kubelet: line } })).toContain('runtime.name_reserved');
  });
});

describe("node-problem-detector's events and conditions", () => {
  const npd = (reason: string, message: string, component = 'systemd-monitor') => ({
    events: [nodeEvent(reason, message, component)],
  });

  it('one kubelet or runtime start is a hint that decides nothing; five in 20 minutes are the kubelet dying', () => {
    const kubelet = npd('KubeletStart', 'Started Kubernetes kubelet.');
    expect(ids(kubelet)).toContain('kubelet.restarted');
    expect(ids(kubelet)).not.toContain('kubelet.dead');
    expect(verdict(kubelet)).toBe('unknown');
    const containerd = npd('ContainerdStart', 'Starting containerd container runtime...');
    expect(ids(containerd)).toContain('runtime.restarted');
    expect(verdict(containerd)).toBe('unknown');
    const frequent = {
      conditions: [
        {
          type: 'FrequentKubeletRestart',
          status: 'True',
          reason: 'FrequentKubeletRestart',
          message: 'Found 5 matching logs, which meets the threshold of 5',
        },
      ],
    };
    expect(top(frequent)?.id).toBe('node_unreachable');
  });

  it('a kernel crash found by abrt, or a fatal hardware error, is the host going down with its kubelet', () => {
    const vmcore = npd(
      'VMcore',
      'System encountered a fatal error in vmcore-20261123-100102',
      'abrt-adaptor',
    );
    expect(ids(vmcore)).toContain('node.rebooting');
    expect(top(vmcore)?.id).toBe('node_unreachable');
    const cper = {
      conditions: [
        {
          type: 'CperHardwareErrorFatal',
          status: 'True',
          reason: 'CperHardwareErrorFatal',
          message: '{1}[Hardware Error]: event severity: fatal',
        },
      ],
    };
    expect(ids(cper)).toContain('node.rebooting');
    expect(top(cper)?.id).toBe('node_unreachable');
    // The same condition False, and a corrected error, are no crash.
    const healthy = {
      conditions: [
        {
          type: 'CperHardwareErrorFatal',
          status: 'False',
          reason: 'CperHardwareHasNoFatalError',
          message: 'UEFI CPER has no fatal error',
        },
      ],
    };
    expect(ids(healthy)).not.toContain('node.rebooting');
    const corrected = npd(
      'CperHardwareErrorCorrected',
      '{2}[Hardware Error]: event severity: corrected',
      'kernel-monitor',
    );
    expect(ids(corrected)).not.toContain('node.rebooting');
  });

  it("abrt's non-fatal kernel error is an oops", () => {
    const oops = npd('Kerneloops', 'System encountered a non-fatal error in oops-20261123', 'abrt-adaptor');
    expect(ids(oops)).toContain('kernel.oops');
  });

  it('a connection-tracking table over 90% is the kubelet losing new connections; DNS trouble is not', () => {
    const full = npd(
      'ConntrackFull',
      'Conntrack table usage over 90%: 235930 out of 262144',
      'network-custom-plugin-monitor',
    );
    expect(ids(full)).toContain('network.conntrack_full');
    expect(top(full)?.id).toBe('node_unreachable');
    const dns = npd('DNSUnreachable', 'DNS is unreachable', 'network-custom-plugin-monitor');
    expect(ids(dns)).not.toContain('network.conntrack_full');
  });

  it('ntp.service not running says nothing about the clock: no credential fault, no verdict', () => {
    const ntp = npd('NTPIsDown', 'ntp.service is not running', 'ntp-custom-plugin-monitor');
    expect(ids(ntp)).not.toContain('kubelet.auth_error');
    expect(verdict(ntp)).toBe('unknown');
  });

  it('a disk with bad blocks (the DiskBadBlock condition) is an I/O error on the node', () => {
    const bad = {
      conditions: [
        {
          type: 'DiskBadBlock',
          status: 'True',
          reason: 'DiskBadBlock',
          message:
            'Nov 23 10:01:02 worker-1 smartd[812]: Device: /dev/sda [SAT], 128 Currently unreadable (pending) sectors',
        },
      ],
    };
    expect(ids(bad)).toContain('disk.io_error');
    const healthy = {
      conditions: [
        { type: 'DiskBadBlock', status: 'False', reason: 'DiskBadBlock', message: 'Disk no bad block' },
      ],
    };
    expect(ids(healthy)).not.toContain('disk.io_error');
  });
});

describe("the EKS node monitoring agent's service reasons (monitors/runtime/monitor.go)", () => {
  // pkg/manager/node_exporter.go: a Warning reason becomes an event whose reason is the condition type and whose
  // message is "<reason>: <message>".
  const eks = (reason: string, message: string) => ({
    events: [nodeEvent('ContainerRuntimeReady', `${reason}: ${message}`, 'eks-node-monitoring-agent')],
  });

  it('the runtime or the kubelet restarting over and over is that service failing', () => {
    const containerd = eks(
      'ContainerdRepeatedRestart',
      'Systemd unit "containerd.service" has restarted (NRestarts 3 -> 5)',
    );
    expect(ids(containerd)).toContain('runtime.service_failed');
    expect(top(containerd)?.id).toBe('runtime_down');
    const kubelet = eks(
      'KubeletRepeatedRestart',
      'Systemd unit "kubelet.service" has restarted (NRestarts 4 -> 6)',
    );
    expect(ids(kubelet)).toContain('kubelet.dead');
    expect(top(kubelet)?.id).toBe('node_unreachable');
  });

  it('a node service that failed to start is read from the systemd line it carries; systemctl failing to ask is not', () => {
    const runtime = eks('ServiceFailedToStart', 'Failed to start containerd container runtime.');
    expect(ids(runtime)).toContain('runtime.service_failed');
    const kubelet = eks('ServiceFailedToStart', 'Failed to start kubelet: The Kubernetes Node Agent.');
    expect(ids(kubelet)).toContain('kubelet.dead');
    const asked = { logs: { other: 'Failed to start containerd.service: Connection timed out' } };
    expect(ids(asked)).toContain('systemd.dbus_timeout');
    expect(ids(asked)).not.toContain('runtime.service_failed');
  });

  it("another unit's restarts or failed start are not the node's services", () => {
    for (const bundle of [
      eks(
        'Nvidia-PersistencedRepeatedRestart',
        'Systemd unit "nvidia-persistenced.service" has restarted (NRestarts 3 -> 5)',
      ),
      eks('ServiceFailedToStart', 'Failed to start nvidia-fabricmanager.service.'),
    ]) {
      expect(ids(bundle)).not.toContain('runtime.service_failed');
      expect(ids(bundle)).not.toContain('kubelet.dead');
      expect(verdict(bundle)).toBe('unknown');
    }
  });
});

describe('messages read as not bearing on the node', () => {
  it("dockerd's keyring quota warning at start is no limit the node hits", () => {
    const line = journal(
      'dockerd[2211]',
      'time="2026-11-23T10:01:02.123456789Z" level=warning msg="unable to modify root key limit, number of containers could be limited by this quota: open /proc/sys/kernel/keys/root_maxkeys: read-only file system"',
    );
    expect(ids({ logs: { dockerd: line } })).not.toContain('fd.limit_low');
    expect(verdict({ logs: { dockerd: line } })).toBe('unknown');
  });

  it("Calico failing to give one pod the address its annotation asks for is that pod's, not the node's", () => {
    const line = journal(
      'kubelet[1893]',
      'E1102 13:41:43.111882    1893 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"abc\\": plugin type=\\"calico\\" failed (add): error getting IP from IPAM: Address already assigned in block"',
    );
    expect(ids({ logs: { kubelet: line } })).not.toContain('cni.ip_exhausted');
    expect(ids({ logs: { kubelet: line } })).not.toContain('cni.datastore_error');
  });
});

describe('the k3s agent and server (catalogue program k3s: rancher/k3s pkg/agent, pkg/daemons/executor)', () => {
  const k3s = (level: string, msg: string) =>
    journal('k3s[1234]', `time="2026-11-02T13:41:43Z" level=${level} msg="${msg}"`);

  it("reads the server's refusal of the agent's node password (config.go getNodeNamedCrt) as an auth error", () => {
    const logs = {
      k3s: k3s(
        'error',
        "Failed to configure agent: Node password rejected, duplicate hostname or contents of '/etc/rancher/node/password' may not match server node-passwd entry, try enabling a unique node name with the --with-node-id flag",
      ),
    };
    expect(ids({ logs })).toContain('kubelet.auth_error');
  });

  it('near miss: a password file the agent could not rewrite is not a refusal', () => {
    const logs = { k3s: k3s('warning', 'Unable to write password file: permission denied') };
    expect(ids({ logs })).not.toContain('kubelet.auth_error');
  });

  it("reads the embedded controller manager's fatal return (embed.go) as the k3s process, kubelet and all, exiting", () => {
    const logs = { k3s: k3s('fatal', 'controller-manager exited: leaderelection lost') };
    expect(ids({ logs })).toContain('kubelet.dead');
  });

  it("near miss: the cloud controller manager's own start line is no exit", () => {
    const logs = { k3s: k3s('info', 'Running cloud-controller-manager --allocate-node-cidrs=false') };
    expect(ids({ logs })).not.toContain('kubelet.dead');
  });

  it('reads a missing cgroup v2 controller (run.go validateCgroupsV2) as the kubelet unable to run on this host', () => {
    const logs = { k3s: k3s('fatal', 'failed to find memory cgroup (v2)') };
    expect(ids({ logs })).toContain('kubelet.cgroup_controller_missing');
  });

  it('near miss: a cgroup v1 host is not a missing v2 controller', () => {
    const logs = {
      k3s: k3s('fatal', 'failed to find cpuset cgroup, you may need to add "cgroup_enable=cpuset"'),
    };
    expect(ids({ logs })).not.toContain('kubelet.cgroup_controller_missing');
  });
});
