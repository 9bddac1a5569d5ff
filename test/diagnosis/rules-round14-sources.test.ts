import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 14's families read from the programs' sources (docs/accuracy.md, "What round 13 teaches" and round 12's
// leftovers): the sandbox (pause) image the runtime cannot obtain, cilium-agent's local API not answering, shims
// stuck behind an unmount or sync that does not finish, and the kubelet's graceful-shutdown inhibitor (which the
// kubelet treats as non-critical). Lines are written from the programs' format strings, not from any incident.

const CID = '3f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const TS = 'time="2026-11-02T13:41:43.111882Z"';

describe('the sandbox (pause) image the runtime cannot obtain', () => {
  it("containerd's CRI plugin failing every sandbox on its sandbox_image is the node's configuration", () => {
    const logs = [
      journal(
        'containerd[812]',
        `${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:coredns-5d78c9869d-x2x7q,Uid:1,Namespace:kube-system,Attempt:0,} failed, error" error="failed to get sandbox image \\"registry.k8s.io/pause:3.9\\": failed to pull image \\"registry.k8s.io/pause:3.9\\": failed to pull and unpack image \\"registry.k8s.io/pause:3.9\\": failed to resolve reference \\"registry.k8s.io/pause:3.9\\": failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": dial tcp 34.96.108.209:443: i/o timeout"`,
      ),
      klog(
        'E',
        'remote_runtime.go:193',
        '"RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to get sandbox image \\"registry.k8s.io/pause:3.9\\": failed to pull image \\"registry.k8s.io/pause:3.9\\": failed to resolve reference \\"registry.k8s.io/pause:3.9\\": dial tcp 34.96.108.209:443: i/o timeout"',
      ),
    ].join('\n');
    const found = ids({ logs: { node: logs } });
    expect(found).toContain('runtime.sandbox_image_failed');
    // The registry's timeout is the image pull's, not a CNI call's nor a runtime call's.
    expect(found).not.toContain('cni.hang');
    expect(found).not.toContain('runtime.op_timeout');
    expect(top({ logs: { node: logs } })?.id).toBe('kubelet_defect');
  });

  it("the kubelet's dockershim (and cri-dockerd) inspecting the pod-infra image, the old k8s.gcr.io name", () => {
    const line = klog(
      'E',
      'kuberuntime_sandbox.go:68',
      'CreatePodSandbox for pod "web-0_default(1)" failed: rpc error: code = Unknown desc = failed to inspect sandbox image "k8s.gcr.io/pause:3.2": Error response from daemon: Get https://k8s.gcr.io/v2/: net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('runtime.sandbox_image_failed');
    expect(top({ logs: { kubelet: line } })?.id).toBe('kubelet_defect');
  });

  it("CRI-O's pause image it cannot read", () => {
    const line = journal(
      'crio[912]',
      `${TS} level=error msg="createPodSandbox: unable to run pause image \\"registry.k8s.io/pause:3.10\\": image not known"`,
    );
    expect(ids({ logs: { node: line } })).toContain('runtime.sandbox_image_failed');
  });

  it('red herrings: a workload image pull, the pause image merely named, its config validated', () => {
    for (const line of [
      klog(
        'E',
        'kuberuntime_image.go:53',
        '"Failed to pull image" err="rpc error: code = NotFound desc = failed to pull and unpack image \\"docker.io/library/nginx:1.99\\": not found" image="nginx:1.99"',
      ),
      journal('containerd[812]', `${TS} level=info msg="PullImage \\"registry.k8s.io/pause:3.9\\""`),
      journal(
        'containerd[812]',
        `${TS} level=info msg="ImageCreate event name:\\"registry.k8s.io/pause:3.9\\" labels:{key:\\"io.cri-containerd.pinned\\" value:\\"pinned\\"}"`,
      ),
      'sandbox_image = "registry.k8s.io/pause:3.9"',
    ]) {
      expect(ids({ logs: { node: line } }), line).not.toContain('runtime.sandbox_image_failed');
    }
  });
});

describe("cilium-agent's local API", () => {
  it('the API client timing out is the CNI agent down (cni_hang)', () => {
    const text = [
      '$ kubectl -n kube-system exec cilium-x7k2p -- cilium status',
      'Error: Cilium API client timeout exceeded',
      'command terminated with exit code 1',
    ].join('\n');
    expect(ids({ logs: { node: text } })).toContain('cni.agent_down');
    expect(top({ logs: { node: text } })?.id).toBe('cni_hang');
  });

  it('nobody listening on its socket', () => {
    const text = [
      'Error: Unable to reach agent: Get "http://localhost/v1/healthz": dial unix /var/run/cilium/cilium.sock: connect: no such file or directory',
      'Is the agent running?',
    ].join('\n');
    expect(ids({ logs: { node: text } })).toContain('cni.agent_down');
    expect(top({ logs: { node: text } })?.id).toBe('cni_hang');
  });

  it("the kubelet's probe of cilium-agent failing is the CNI agent down", () => {
    const logs = [
      klog(
        'I',
        'prober.go:107',
        '"Probe failed" probeType="Readiness" pod="kube-system/cilium-x7k2p" podUID="0b6f3c1e" containerName="cilium-agent" probeResult="failure" output="Get \\"http://127.0.0.1:9879/healthz\\": dial tcp 127.0.0.1:9879: connect: connection refused"',
      ),
      klog(
        'E',
        'pod_workers.go:1298',
        '"Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"web-0_default(1)\\" with CreatePodSandboxError: \\"Failed to create sandbox for pod \\\\\\"web-0_default(1)\\\\\\": rpc error: code = Unknown desc = failed to setup network for sandbox \\\\\\"3f2a\\\\\\": plugin type=\\\\\\"cilium-cni\\\\\\" failed (add): unable to connect to Cilium daemon: failed to create cilium agent client after 30.000000 seconds timeout\\"" pod="default/web-0"',
      ),
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('cni.agent_down');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('cni_hang');
  });

  it("red herrings: an ordinary pod's probe, the cilium operator's (not the node agent), a probe that succeeded", () => {
    for (const line of [
      klog(
        'I',
        'prober.go:107',
        '"Probe failed" probeType="Readiness" pod="default/web-0" podUID="1" containerName="web" probeResult="failure" output="HTTP probe failed with statuscode: 503"',
      ),
      klog(
        'I',
        'prober.go:107',
        '"Probe failed" probeType="Liveness" pod="kube-system/cilium-operator-6d8b9c7f5-abcde" podUID="2" containerName="cilium-operator" probeResult="failure" output="context deadline exceeded"',
      ),
      klog(
        'I',
        'kubelet.go:2475',
        '"SyncLoop (probe)" probe="readiness" status="ready" pod="kube-system/cilium-x7k2p"',
      ),
    ]) {
      expect(ids({ logs: { kubelet: line } }), line).not.toContain('cni.agent_down');
    }
  });

  it('red herrings: a healthy status, the socket path in a successful call, another API client timing out', () => {
    for (const line of [
      'Cilium:                  Ok   1.15.6 (v1.15.6-a09e05e6)',
      'Cilium health daemon:    Ok',
      'level=info msg="Serving cilium API at unix:///var/run/cilium/cilium.sock" subsys=daemon',
      'Error: Hubble API client timeout exceeded',
      'error in cilium-health: cilium-health daemon unreachable',
      'Cilium Failure Modes and Recovery (docs.cilium.io)',
    ]) {
      expect(ids({ logs: { node: line } }), line).not.toContain('cni.agent_down');
    }
  });
});

describe('shims behind an unmount or sync that does not finish', () => {
  it('umount(8) hung in an XFS log force (5.14+ frame names) is stalled storage, on the per-container side', () => {
    const logs = [
      journal('kernel', 'INFO: task umount:4312 blocked for more than 120 seconds.'),
      journal('kernel', '      Not tainted 5.15.0-1051-aws #56-Ubuntu'),
      journal('kernel', 'Call Trace:'),
      journal('kernel', ' <TASK>'),
      journal('kernel', ' xlog_cil_force_seq+0x1c1/0x230 [xfs]'),
      journal('kernel', ' xfs_log_force_seq+0x8e/0x170 [xfs]'),
      journal('kernel', ' xfs_fs_sync_fs+0x4b/0x90 [xfs]'),
      journal('kernel', ' sync_filesystem+0x71/0x90'),
      journal('kernel', ' generic_shutdown_super+0x22/0x110'),
      journal(
        'containerd[812]',
        `${TS} level=error msg="failed to delete task" error="failed to unmount rootfs: unmount /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID}/rootfs: device or resource busy"`,
      ),
    ].join('\n');
    const found = ids({ logs: { node: logs } });
    expect(found).toContain('kernel.storage_stall');
    expect(found).toContain('runtime.device_busy');
    expect(top({ logs: { node: logs } })?.id).toBe('zombie_shim_hang');
  });

  it('sync(1) reported hung reads as stalled storage', () => {
    const line = journal('kernel', 'INFO: task sync:20031 blocked for more than 241 seconds.');
    expect(ids({ logs: { node: line } })).toContain('kernel.storage_stall');
  });

  it('red herrings: other tasks hung, an rsync, the word umount in a unit name', () => {
    for (const line of [
      journal('kernel', 'INFO: task rsync:7781 blocked for more than 120 seconds.'),
      journal('kernel', 'INFO: task java:1201 blocked for more than 120 seconds.'),
      journal('systemd[1]', 'Stopped target Unmount All Filesystems (umount.target).'),
      journal('kernel', 'XFS (nvme1n1): Unmounting Filesystem'),
    ]) {
      expect(ids({ logs: { node: line } }), line).not.toContain('kernel.storage_stall');
    }
  });
});

describe('a container created but never started', () => {
  it("StartContainer's task start running out of time is that container's shim: zombie_shim_hang", () => {
    const logs = [
      journal(
        'containerd[812]',
        `${TS} level=error msg="StartContainer for \\"${CID}\\" failed" error="failed to start containerd task \\"${CID}\\": context deadline exceeded: unknown"`,
      ),
      klog(
        'E',
        'remote_runtime.go:343',
        `"StartContainer from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" containerID="${CID}"`,
      ),
    ].join('\n');
    const found = ids({ logs: { node: logs } });
    expect(found).toContain('runtime.shim_hang');
    expect(top({ logs: { node: logs } })?.id).toBe('zombie_shim_hang');
  });

  it("red herrings: the start failing on the container's own command, or a successful start", () => {
    for (const line of [
      journal(
        'containerd[812]',
        `${TS} level=error msg="StartContainer for \\"${CID}\\" failed" error="failed to start containerd task \\"${CID}\\": OCI runtime start failed: exec: \\"/app/run\\": stat /app/run: no such file or directory: unknown"`,
      ),
      journal(
        'containerd[812]',
        `${TS} level=info msg="StartContainer for \\"${CID}\\" returns successfully"`,
      ),
    ]) {
      expect(ids({ logs: { node: line } }), line).not.toContain('runtime.shim_hang');
    }
  });
});

describe("the kubelet's graceful-shutdown inhibitor (non-critical in kubelet.go: logged, the kubelet carries on)", () => {
  it('its start failing on logind or D-Bus points at no cause', () => {
    for (const line of [
      klog(
        'E',
        'kubelet.go:1550',
        '"Failed to start node shutdown manager" err="node shutdown manager was unable to update logind InhibitDelayMaxSec to 30s (ShutdownGracePeriod), current value of InhibitDelayMaxSec (5s) is less than requested ShutdownGracePeriod"',
      ),
      klog(
        'E',
        'kubelet.go:1550',
        '"Failed to start node shutdown manager" err="dial unix /var/run/dbus/system_bus_socket: connect: no such file or directory"',
      ),
      klog(
        'E',
        'nodeshutdown_manager_linux.go:196',
        '"Unable to watch the node for shutdown events" err="dial unix /var/run/dbus/system_bus_socket: connect: connection refused"',
      ),
      klog(
        'E',
        'kubelet.go:1431',
        'Failed to start node shutdown manager: unable to override inhibit delay by shutdown manager: open /etc/systemd/logind.conf.d/99-kubelet.conf: read-only file system',
      ),
    ]) {
      expect(ids({ logs: { kubelet: line } }), line).toEqual([]);
      expect(top({ logs: { kubelet: line } }), line).toBeUndefined();
    }
  });
});
