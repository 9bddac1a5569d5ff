import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 12's class 4 (docs/accuracy.md): the kubelet's own cgroup and container-manager layer, read as the kubelet
// dead or as systemd's. Lines are written from the programs' format strings (pkg/kubelet/cm, kubelet.go, the runc
// libcontainer systemd manager the kubelet vendors, systemd's dbus-manager.c), not from any incident.

const restartLoop = [
  journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
  journal('systemd[1]', "kubelet.service: Failed with result 'exit-code'."),
  journal('systemd[1]', 'kubelet.service: Scheduled restart job, restart counter is at 14.'),
];

const POD = '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const POD_SLICE = `kubepods-burstable-pod${POD.replaceAll('-', '_')}.slice`;

describe("the kubelet's cgroup manager told a kubepods slice already exists", () => {
  it('at start, on its QoS slices (runc rc95 wording): kubelet_defect, not systemd and not the kubelet dead', () => {
    const logs = [
      klog(
        'E',
        'kubelet.go:1384',
        '"Failed to start ContainerManager" err="failed to initialize top level QOS containers: failed to create top level Burstable QOS cgroup : error while starting unit \\"kubepods-burstable.slice\\" with properties [{Name:Description Value:\\"libcontainer container kubepods-burstable.slice\\"} {Name:Wants Value:[\\"kubepods.slice\\"]} {Name:MemoryAccounting Value:true} {Name:CPUAccounting Value:true} {Name:IOAccounting Value:true} {Name:TasksAccounting Value:true} {Name:DefaultDependencies Value:false}]: Unit kubepods-burstable.slice already exists."',
      ),
      ...restartLoop,
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('kubelet.cgroup_unit_exists');
    expect(found).not.toContain('kubelet.dead_with_runtime');
    const d = diagnose({ logs: { kubelet: logs } });
    expect(d.causes[0]?.id).toBe('kubelet_defect');
    // One line names the refusal: a lead held below the actionable bar, however many rules read it.
    expect(d.causes[0]?.confidence).toBeLessThan(0.7);
    expect(d.causes[0]?.confidence).toBeGreaterThanOrEqual(0.5);
    const systemd = d.causes.find((c) => c.id === 'systemd_dbus_stall');
    expect(systemd?.confidence ?? 0).toBeLessThan(0.2);
  });

  it('per pod, in the pod workers (structured klog): kubelet_defect', () => {
    const line = klog(
      'E',
      'pod_workers.go:951',
      `"Error syncing pod, skipping" err="failed to ensure that the pod: ${POD} cgroups exist and are correctly applied: failed to create container for [kubepods burstable pod${POD}] : unable to start unit \\"${POD_SLICE}\\" (properties [{Name:Description Value:\\"libcontainer container ${POD_SLICE}\\"}]): Unit ${POD_SLICE} already exists." pod="default/api-5f7d9c-x2x7q" podUID=${POD}`,
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.cgroup_unit_exists');
    expect(top({ logs: { kubelet: line } })?.id).toBe('kubelet_defect');
  });

  it('the container manager failing on the kubepods root bare (the root is created before the QoS slices)', () => {
    const line = klog(
      'E',
      'kubelet.go:1384',
      '"Failed to start ContainerManager" err="Unit kubepods.slice already exists."',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.cgroup_unit_exists');
    expect(top({ logs: { kubelet: line } })?.id).toBe('kubelet_defect');
  });

  it('split over two lines (the old "initialise" wrapper, the answer on its own line): tied by the slice name', () => {
    const logs = [
      klog(
        'F',
        'kubelet.go:1296',
        'Failed to start ContainerManager failed to initialise top level QOS containers: failed to create top level BestEffort QOS cgroup : ',
      ),
      'Unit kubepods-besteffort.slice already exists.',
      ...restartLoop,
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('kubelet.cgroup_setup_failed');
    expect(found).toContain('kubelet.cgroup_unit_exists');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('kubelet_defect');
  });

  // Round 24: a release inside the window is a prior, not a second fact: it names the defect, the answer stays a lead.
  it('a kubelet release that vendors the regression names it, held below the bar', () => {
    const line = klog(
      'E',
      'pod_workers.go:190',
      `"Error syncing pod, skipping" err="failed to ensure that the pod: ${POD} cgroups exist and are correctly applied: failed to create container for [kubepods burstable pod${POD}] : Unit ${POD_SLICE} already exists." pod="default/api-0" podUID=${POD}`,
    );
    const inside = diagnose({ kubeletVersion: 'v1.21.3', logs: { kubelet: line } });
    expect(inside.causes[0]?.id).toBe('kubelet_defect');
    expect(inside.causes[0]?.confidence).toBeLessThan(0.7);
    expect(inside.causes[0]?.limits.join(' ')).toMatch(/prior|one line/);
    expect(ids({ kubeletVersion: 'v1.21.3', logs: { kubelet: line } })).toContain('kubelet.known_defect');
    expect(ids({ kubeletVersion: 'v1.21.5', logs: { kubelet: line } })).not.toContain('kubelet.known_defect');
  });

  it("red herring: a container's transient scope that already exists, with no kubelet cgroup error, stays systemd's", () => {
    const line = journal(
      'containerd[912]',
      'time="2026-11-02T13:41:43.111882000Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,Uid:7d1c,Namespace:default,Attempt:0,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: unable to apply cgroup configuration: unable to start unit \\"cri-containerd-4f2a9c1e.scope\\" (properties [{Name:Description Value:\\"libcontainer container 4f2a9c1e\\"}]): Unit cri-containerd-4f2a9c1e.scope already exists.: unknown"',
    );
    const found = ids({ logs: { containerd: line } });
    expect(found).toContain('systemd.unit_exists');
    expect(found).not.toContain('kubelet.cgroup_unit_exists');
    expect(found).not.toContain('kubelet.cgroup_setup_failed');
    expect(top({ logs: { containerd: line } })?.id).not.toBe('kubelet_defect');
  });

  it("near misses: a pod's cgroup failing on the kernel's errno or on D-Bus is not the kubelet's bookkeeping", () => {
    for (const err of [
      'mkdir /sys/fs/cgroup/memory/kubepods/burstable/pod1: cannot allocate memory',
      'dbus: connection closed by user',
    ]) {
      const line = klog(
        'E',
        'pod_workers.go:190',
        `"Error syncing pod, skipping" err="failed to ensure that the pod: ${POD} cgroups exist and are correctly applied: failed to create container for [kubepods burstable pod${POD}] : ${err}"`,
      );
      const found = ids({ logs: { kubelet: line } });
      expect(found, err).not.toContain('kubelet.cgroup_setup_failed');
      expect(found, err).not.toContain('kubelet.cgroup_unit_exists');
    }
  });
});

describe("the kubelet's kernel-defaults check at start", () => {
  const refusal = klog(
    'E',
    'kubelet.go:1431',
    '"Failed to start ContainerManager" err="[invalid kernel flag: vm/overcommit_memory, expected value: 1, actual value: 0, invalid kernel flag: kernel/panic, expected value: 10, actual value: 0, invalid kernel flag: kernel/panic_on_oops, expected value: 1, actual value: 0]"',
  );

  it('protectKernelDefaults against an image that does not set them: kubelet_defect', () => {
    const logs = [refusal, ...restartLoop].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('kubelet.kernel_defaults');
    expect(found).not.toContain('kubelet.config_error');
    const d = diagnose({ logs: { kubelet: logs } });
    expect(d.causes[0]?.id).toBe('kubelet_defect');
    expect(d.causes[0]?.confidence).toBeLessThan(0.7);
  });

  it('the glog form (capitalised, fatal) reads the same', () => {
    const line = klog(
      'F',
      'kubelet.go:1296',
      'Failed to start ContainerManager [Invalid kernel flag: vm/overcommit_memory, expected value: 1, actual value: 0, Invalid kernel flag: kernel/keys/root_maxbytes, expected value: 25000000, actual value: 20000]',
    );
    expect(top({ logs: { kubelet: line } })?.id).toBe('kubelet_defect');
  });

  it('red herrings: the flags in a sysctl dump, and the kubelet setting them by default', () => {
    const dump = [
      'vm.overcommit_memory = 0',
      'vm.panic_on_oom = 0',
      'kernel.panic = 0',
      'kernel.panic_on_oops = 0',
      'kernel.keys.root_maxkeys = 1000000',
    ].join('\n');
    const fromDump = ids({ commandOutputs: { 'sysctl -a': dump }, logs: { other: dump } });
    expect(fromDump).not.toContain('kubelet.kernel_defaults');
    const modifying = klog(
      'I',
      'container_manager_linux.go:419',
      '"Updating kernel flag" flag="vm/overcommit_memory" expectedValue=1 actualValue=0',
    );
    expect(ids({ logs: { kubelet: modifying } })).not.toContain('kubelet.kernel_defaults');
    expect(top({ logs: { kubelet: modifying } })?.id).not.toBe('kubelet_defect');
  });
});

describe("the container manager's map of the runtime's containers at start", () => {
  const mapFailure = klog(
    'F',
    'kubelet.go:1384',
    "Failed to start ContainerManager failed to build map of initial containers from runtime: no PodsandBox found with Id 'd0831a4288e261b5e3a5643f4a36bb2162282262fba671a682159494dfcd6f56'",
  );

  it('an orphan container made fatal by the kubelet: kubelet_defect, a release before 1.24 a prior', () => {
    const logs = [
      mapFailure,
      journal('systemd[1]', 'kubelet.service: main process exited, code=exited, status=255/n/a'),
    ].join('\n');
    expect(ids({ logs: { kubelet: logs } })).toContain('kubelet.container_map');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('kubelet_defect');
    const versioned = diagnose({ kubeletVersion: 'v1.19.3', logs: { kubelet: logs } });
    expect(versioned.causes[0]?.id).toBe('kubelet_defect');
    expect(ids({ kubeletVersion: 'v1.19.3', logs: { kubelet: logs } })).toContain('kubelet.known_defect');
    // Round 24: one symptom (the kubelet's exit is a summary) and the release's window: held at the ceiling.
    expect(versioned.causes[0]?.confidence).toBeLessThan(0.7);
    expect(ids({ kubeletVersion: 'v1.24.0', logs: { kubelet: logs } })).not.toContain('kubelet.known_defect');
  });

  it("the later releases' skip of such a container is no failure", () => {
    const skipped = klog(
      'I',
      'container_manager_linux.go:992',
      '"No PodSandBox found for the container" podSandboxId="d0831a42" containerName="kube-multus" containerId="894f35dc"',
    );
    expect(ids({ logs: { kubelet: skipped } })).not.toContain('kubelet.container_map');
  });

  it("the CPU/memory manager's own checkpoint unreadable at start: kubelet_defect, not the configuration", () => {
    for (const line of [
      klog(
        'E',
        'container_manager_linux.go:329',
        '"Failed to initialize cpu manager" err="could not restore state from checkpoint: configured policy \\"static\\" differs from state checkpoint policy \\"none\\", please drain this node and delete the CPU manager checkpoint file \\"/var/lib/kubelet/cpu_manager_state\\" before restarting Kubelet"',
      ),
      klog(
        'E',
        'kubelet.go:1431',
        '"Failed to start ContainerManager" err="start memory manager error: could not restore state from checkpoint: checkpoint is corrupted, please drain this node and delete the memory manager checkpoint file \\"/var/lib/kubelet/memory_manager_state\\" before restarting Kubelet"',
      ),
      klog(
        'E',
        'cpu_manager.go:230',
        '[cpumanager] could not initialize checkpoint manager: checkpoint is corrupted, please drain node and remove policy state file',
      ),
    ]) {
      const found = ids({ logs: { kubelet: line } });
      expect(found, line).toContain('kubelet.manager_state');
      expect(found, line).not.toContain('kubelet.config_error');
      expect(top({ logs: { kubelet: line } })?.id, line).toBe('kubelet_defect');
    }
  });

  it('the configuration the kubelet cannot load stays node_unreachable (its deployment, by its defaults)', () => {
    const line = klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to load kubelet config file, path: /var/lib/kubelet/config.yaml, error: failed to load Kubelet config file /var/lib/kubelet/config.yaml, error failed to read kubelet config file \\"/var/lib/kubelet/config.yaml\\", error: open /var/lib/kubelet/config.yaml: no such file or directory"',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.config_error');
    expect(top({ logs: { kubelet: line } })?.id).toBe('node_unreachable');
  });

  it('red herring: a kubelet dead with its runtime down, and no reason of its own, stays runtime_down', () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            'E',
            'run.go:74',
            '"command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: no such file or directory\\""',
          ),
          ...restartLoop,
        ].join('\n'),
        containerd: [
          journal('systemd[1]', 'containerd.service: Main process exited, code=exited, status=1/FAILURE'),
          journal('systemd[1]', "containerd.service: Failed with result 'exit-code'."),
          journal('systemd[1]', 'Failed to start containerd container runtime.'),
        ].join('\n'),
      },
    };
    const found = ids(bundle);
    expect(found).not.toContain('kubelet.container_map');
    expect(found).not.toContain('kubelet.cgroup_unit_exists');
    expect(top(bundle)?.id).toBe('runtime_down');
  });
});
