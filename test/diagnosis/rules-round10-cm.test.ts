import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 10's classes 1 and 4 (docs/accuracy.md): the kubelet's container manager at start-up, sorted by what each
// error blames, and the network plugin's configuration layer (an empty configuration directory, the installer's
// waits). Lines are written from the programs' format strings, not from any incident.

const restartLoop = [
  journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
  journal('systemd[1]', "kubelet.service: Failed with result 'exit-code'."),
];

describe("the kubelet's container manager at start-up", () => {
  it("the QoS root gone after the kubelet made it is the kubelet's own bookkeeping: kubelet_defect", () => {
    const logs = [
      journal('systemd[1]', 'Created slice libcontainer container kubepods.slice.'),
      klog(
        'E',
        'kubelet.go:1559',
        '"Failed to start ContainerManager" err="failed to initialize top level QOS containers: root container [kubepods] doesn\'t exist"',
      ),
      ...restartLoop,
    ].join('\n');
    expect(ids({ logs: { kubelet: logs } })).toContain('kubelet.qos_root_missing');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('kubelet_defect');
  });

  it('a cgroup controller the host does not mount is the host, read as the kubelet unable to run', () => {
    const logs = [
      klog(
        'F',
        'kubelet.go:1380',
        'Failed to start ContainerManager failed to initialize top level QOS containers: failed to update top level Burstable QOS cgroup : failed to set supported cgroup subsystems for cgroup [kubepods burstable]: failed to find subsystem mount for required subsystem: pids',
      ),
      ...restartLoop,
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('kubelet.cgroup_controller_missing');
    expect(found).not.toContain('kubelet.qos_root_missing');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('node_unreachable');
  });

  it('a --cgroup-root that does not exist is the configuration', () => {
    const line = klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: invalid configuration: cgroup-root [\\"kubelet\\"] doesn\'t exist"',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.config_error');
    expect(top({ logs: { kubelet: line } })?.id).toBe('node_unreachable');
  });

  it('near misses: a container or pod cgroup named, the docker-in-container reminder, optional subsystems', () => {
    for (const line of [
      // A container's own root, not the container manager's QoS root.
      "Error: failed to create containerd task: root container [nginx] doesn't exist on this host, retry",
      klog(
        'E',
        'container_manager_linux.go:477',
        '"Unable to ensure the docker processes run in the desired containers" err="errors moving \\"dockerd\\" pid: failed to apply oom score -999 to PID 1201"',
      ),
      klog(
        'I',
        'cgroup_manager_linux.go:294',
        'Unable to find subsystem mount for optional subsystem: hugetlb',
      ),
    ]) {
      const found = ids({ logs: { kubelet: line } });
      expect(found, line).not.toContain('kubelet.qos_root_missing');
      expect(found, line).not.toContain('kubelet.cgroup_controller_missing');
      expect(found, line).not.toContain('kubelet.config_error');
    }
  });
});

describe('the CNI configuration directory listed', () => {
  const notReady = klog(
    'E',
    'kubelet.go:2373',
    '"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"',
  );

  it('an empty listing (total 0) of /etc/cni/net.d is the configuration never written: cni_hang', () => {
    const d = diagnoseText(
      [
        '[root@ip-10-0-1-23 ~]# ls -la /etc/cni/net.d/',
        'total 0',
        'drwxr-xr-x. 2 root root  6 Nov 23 10:00 .',
        'drwxr-xr-x. 4 root root 31 Nov 23 10:00 ..',
        '[root@ip-10-0-1-23 ~]# ',
      ].join('\n'),
    );
    expect(d.causes[0]?.id).toBe('cni_hang');
  });

  it('an empty listing with the kubelet network-not-ready line and the installer waiting gives a firm answer', () => {
    const bundle = {
      logs: {
        kubelet: notReady,
        other:
          '{"level":"info","ts":"2026-11-23T10:01:02.123Z","caller":"entrypoint.sh","msg":"Retrying waiting for IPAM-D"}',
      },
      commandOutputs: { 'ls /etc/cni/net.d': '' },
    };
    const found = ids(bundle);
    expect(found).toContain('cni.config_dir_empty');
    expect(found).toContain('cni.installer_waiting');
    expect(top(bundle)?.id).toBe('cni_hang');
  });

  it('a directory that does not exist reads as empty; one holding a configuration does not', () => {
    expect(
      ids({
        commandOutputs: {
          'ls /etc/cni/net.d': "ls: cannot access '/etc/cni/net.d': No such file or directory",
        },
      }),
    ).toContain('cni.config_dir_empty');
    for (const output of [
      '10-calico.conflist  calico-kubeconfig',
      'total 8\n-rw-r--r-- 1 root root 292 Nov 23 10:00 10-aws.conflist',
      '05-cilium.conf',
    ])
      expect(ids({ commandOutputs: { 'ls -l /etc/cni/net.d': output } }), output).not.toContain(
        'cni.config_dir_empty',
      );
    // Another directory listed empty is not the CNI configuration.
    expect(ids({ commandOutputs: { 'ls /etc/kubernetes/manifests': '' } })).not.toContain(
      'cni.config_dir_empty',
    );
    expect(ids({ commandOutputs: { 'ls /opt/cni/bin': 'total 0' } })).not.toContain('cni.config_dir_empty');
  });

  it("the entrypoint's other steps are no wait", () => {
    for (const msg of [
      'Checking for IPAM connectivity ... ',
      'Copying config file ... ',
      'Successfully copied CNI plugin binary and config file.',
    ])
      expect(
        ids({
          logs: {
            other: `{"level":"info","ts":"2026-11-23T10:01:02.123Z","caller":"entrypoint.sh","msg":"${msg}"}`,
          },
        }),
      ).not.toContain('cni.installer_waiting');
  });

  it("Kube-OVN's 500 for an address its controller never allocated is the plugin's control plane; its gateway check is not", () => {
    const lines = (reason: string) =>
      klog(
        'E',
        'remote_runtime.go:176',
        `"RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"4f2a9c1e\\": plugin type=\\"kube-ovn\\" failed (add): RPC failed; request ip return 500 ${reason}"`,
      );
    const allocated = lines(
      'no address allocated to pod default/web-0 provider ovn, please see kube-ovn-controller logs to find errors',
    );
    expect(ids({ logs: { kubelet: allocated } })).toContain('cni.datastore_error');
    expect(top({ logs: { kubelet: allocated } })?.id).toBe('cni_hang');
    const gateway = lines('configure nic failed 10.16.0.15 network not ready after 200 ping 10.16.0.1');
    expect(ids({ logs: { kubelet: gateway } })).not.toContain('cni.datastore_error');
  });

  it("CRI-O's loader finding a network is no fault", () => {
    for (const line of [
      journal(
        'crio[912]',
        'time="2026-11-23 10:01:02.123456789Z" level=info msg="Found CNI network crio (type=bridge) at /etc/cni/net.d/100-crio-bridge.conflist"',
      ),
      journal(
        'crio[912]',
        'time="2026-11-23 10:01:02.123456789Z" level=info msg="Updated default CNI network name to crio"',
      ),
    ]) {
      const found = ids({ logs: { crio: line } });
      expect(found, line).not.toContain('cni.not_ready');
      expect(found, line).not.toContain('cni.config_invalid');
    }
  });
});
