import { describe, expect, it } from 'vitest';
import type { Component } from '../../shared/diagnosis/components.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type FactId, FactSet } from '../../shared/diagnosis/facts.ts';
import { parseLogLine } from '../../shared/diagnosis/logline.ts';
import { CNI_RULES } from '../../shared/diagnosis/rules/cni.ts';
import { CONTAINERD_RULES } from '../../shared/diagnosis/rules/containerd.ts';
import { CRIO_RULES } from '../../shared/diagnosis/rules/crio.ts';
import { DOCKERD_RULES } from '../../shared/diagnosis/rules/dockerd.ts';
import { MONITORING_RULES } from '../../shared/diagnosis/rules/monitoring.ts';
import { OBSERVATION_RULES } from '../../shared/diagnosis/rules/observations.ts';
import { RUNC_RULES } from '../../shared/diagnosis/rules/runc.ts';
import { RUNTIME_RULES } from '../../shared/diagnosis/rules/runtime.ts';
import { SYSTEMD_RULES } from '../../shared/diagnosis/rules/systemd.ts';
import type { Signature } from '../../shared/diagnosis/rules/types.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import type { CauseId } from '../../shared/schemas/diagnosis.ts';
import { expectLiteralsHeld } from '../support/literals.ts';

/**
 * Lines written from the programs' format strings (journald short form, logrus key=value, klog), each with the
 * fact it must yield; and near misses that look alike but are not the mechanism.
 */
const J = 'Nov 23 10:01:02 node-1';
const TS = 'time="2026-11-23T10:01:02.123456789Z"';
const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';

interface Example {
  line: string;
  fact: FactId;
  origin?: Component;
}

const HITS: readonly Example[] = [
  // Round 27 (r27-asks): the low-level runtime's binary refused execution, by the programs that run it; more forms and
  // near misses in rules-round27-asks.test.ts.
  {
    line: `${J} conmon[4411]: conmon 4f2a9c1e0b7d3a5f8e6c <nwarn>: Failed to create container: exit status 127`,
    fact: 'runtime.binary_refused',
  },
  {
    line: `${J} dockerd[921]: ${TS} level=error msg="Handler for POST /v1.43/containers/${CID}/start returned error: error while looking up the specified runtime path: exec: \\"/opt/runtimes/runc\\": permission denied"`,
    fact: 'runtime.binary_refused',
  },
  {
    line: `${J} dockerd[921]: ${TS} level=error msg="Handler for POST /v1.43/containers/${CID}/start returned error: error while looking up the specified runtime path: exec: \\"/opt/runtimes/runc\\": stat /opt/runtimes/runc: no such file or directory"`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: unable to create safe /proc/self/exe clone for runc init: memfd_create: operation not permitted: unknown"`,
    fact: 'runtime.binary_refused',
  },
  // Round 24 (r24-runtime-io): a client of the runtime unable to make its client: an agent wrapping containerd.New,
  // cadvisor's containerd factory inside the kubelet, containerd's Go client's dial deadline, crictl's connection.
  {
    line: `${J} agent[3301]: ${TS} level=fatal msg="Error: failed to create containerd client: rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused\\""`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: W1123 10:01:02.123456    1234 manager.go:288] Registration of the containerd container factory failed: unable to create containerd client: containerd: cannot unix dial containerd api service: dial unix /run/containerd/containerd.sock: connect: connection refused`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} exporter[811]: ${TS} level=error msg="failed to dial \\"/run/containerd/containerd.sock\\": context deadline exceeded"`,
    fact: 'runtime.unreachable',
  },
  {
    line: 'time="2026-11-23T10:01:02Z" level=fatal msg="failed to connect: failed to connect to unix:///run/containerd/containerd.sock, make sure you are running as root and the runtime has been started: context deadline exceeded"',
    fact: 'runtime.unreachable',
  },
  // Round 24 (r24-runtime-io): the cgroup drivers disagreeing, in runc's check of the path against its driver (the split
  // into slice:prefix:name, both wordings; the slice's expansion), CRI-O's check of the parent against its manager,
  // dockerd's check of a cgroup parent under its systemd driver.
  {
    line: `${J} containerd[700]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:kube-scheduler-cp1,Namespace:kube-system,Attempt:0,} failed, error" error="failed to create containerd task: OCI runtime create failed: expected cgroupsPath to be of format \\"slice:prefix:name\\" for systemd cgroups, got \\"/kubepods/besteffort/pod1f2e/${CID}\\" instead: unknown"`,
    fact: 'config.cgroup_driver_mismatch',
  },
  {
    line: `${J} dockerd[640]: ${TS} level=error msg="Handler for POST /containers/create returned error: OCI runtime create failed: expected cgroupsPath to be of format \\"slice:prefix:name\\" for systemd cgroups"`,
    fact: 'config.cgroup_driver_mismatch',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to apply cgroup configuration: invalid slice name: pod7c1d2e90.slice/${CID}: unknown"`,
    fact: 'config.cgroup_driver_mismatch',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="createCtr: cri-o configured with systemd cgroup manager, but did not receive slice as parent: /kubepods/burstable/pod5e4d"`,
    fact: 'config.cgroup_driver_mismatch',
    origin: 'crio',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_sandbox.go:72] "Failed to create sandbox for pod" err="rpc error: code = Unknown desc = cri-o configured with cgroupfs cgroup manager, but received systemd slice as parent: kubepods-besteffort-pod5e4d.slice"`,
    fact: 'config.cgroup_driver_mismatch',
  },
  {
    line: `${J} dockerd[640]: ${TS} level=error msg="Handler for POST /v1.41/containers/create returned error: cgroup-parent for systemd cgroup should be a valid slice named as \\"xxx.slice\\""`,
    fact: 'config.cgroup_driver_mismatch',
    origin: 'dockerd',
  },
  // Round 22: runc's stage clones failing for want of a PID (ENOSPC on 4.15+ kernels), relayed by containerd.
  {
    line: 'Nov 23 10:01:02 worker-2 containerd[900]: time="2026-11-23T10:01:02Z" level=error msg="RunPodSandbox failed" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: nsexec-0[4410]: unable to spawn stage-1: No space left on device"',
    fact: 'pid.pressure',
  },
  // Round 22: a monitor program said to reboot the node.
  {
    line: 'The node-health-monitor puts the worker into a reboot loop every 15 minutes.',
    fact: 'node.watchdog_reboots',
  },
  // Round 28: a watchdog timer (hardware, hypervisor, watchdog(8) on /dev/watchdog) said to reset the machine.
  { line: "Then the host's watchdog rebooted the machine.", fact: 'node.watchdog_reset' },
  { line: 'The VM was power-cycled by the hypervisor watchdog.', fact: 'node.watchdog_reset' },
  // Round 20: Open vSwitch unable to open its database (ovsdb/log.c, lib/lockfile.c, daemon-unix.c, ovs-vsctl,
  // reconnect.c), ovn-kubernetes' port-binding wait, the in-tree CNI driver's DEL error cut short, SandboxChanged
  // counted in kubectl describe; the control plane NotReady beside the workers Ready, in words.
  {
    line: 'ovsdb-tool: I/O error: /etc/openvswitch/conf.db: failed to lock lockfile (Resource temporarily unavailable)',
    fact: 'cni.switch_db_locked',
  },
  {
    line: '2019-01-01T00:00:00Z|00001|lockfile|WARN|/etc/openvswitch/.conf.db.~lock~: cannot lock file because it is already locked by pid 4182',
    fact: 'cni.switch_db_locked',
  },
  {
    line: 'ovs-vsctl: unix:/var/run/openvswitch/db.sock: database connection failed (No such file or directory)',
    fact: 'cni.switch_db_locked',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:1300] failed to configure pod interface: timed out waiting for OVS port binding (ovn-installed) for 0a:58:0a:80:02:05 [10.128.2.5/23]`,
    fact: 'cni.hang',
  },
  {
    line: `${J} kubelet[5932]: E1123 10:01:02.123456    5932 cni.go:345] Error deleting default_web-7fd/c6283daf1034ddef06ec3538258d8794f297984f660dd17d9bbc4c86a0db6f63 from`,
    fact: 'cni.teardown_failed',
  },
  {
    line: '  Normal   SandboxChanged  112s (x6216 over 34h)  kubelet, node-1  Pod sandbox changed, it will be killed and re-created.',
    fact: 'pod.sandbox_recreate_loop',
  },
  {
    line: 'After we deployed the Cilium network plugin the control plane node is NotReady while the worker nodes are Ready.',
    fact: 'cni.agent_not_placed',
  },
  { line: '部署 calico 后 worker 节点都是 Ready，主节点一直 NotReady', fact: 'cni.agent_not_placed' },
  // Round 19: the runtimes refusing sandboxes for their own reasons (CRI-O's store holding the name; containerd's
  // validation of a container with no runtime name, and its CRI with no runtime for the default handler), as the
  // runtimes log them and as the kubelet relays them.
  {
    line: `${J} kubelet[1503]: E1123 10:01:02.123456    1503 remote_runtime.go:92] RunPodSandbox from runtime service failed: rpc error: code = Unknown desc = pod sandbox with name "k8s_coredns-5c98db65d4-x7k2p_kube-system_0d1e2f3a-4b5c-6d7e-8f90-a1b2c3d4e5f6_0" already exists`,
    fact: 'runtime.sandbox_name_stale',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="pod sandbox with name \\"k8s_web-0_default_1a2b3c4d_0\\" already exists"`,
    fact: 'runtime.sandbox_name_stale',
  },
  {
    line: `${J} kubelet[2210]: E1123 10:01:02.123456    2210 remote_runtime.go:116] "RunPodSandbox from runtime service failed" err="rpc error: code = InvalidArgument desc = failed to create containerd container: create container failed validation: container.Runtime.Name must be set: invalid argument"`,
    fact: 'runtime.handler_unset',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:kube-proxy-abcde,Uid:1a2b,Namespace:kube-system,Attempt:0,} failed, error" error="failed to get sandbox runtime: no runtime for \\"\\" is configured"`,
    fact: 'runtime.handler_unset',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="createPodSandbox failed" error="error creating pod sandbox with name \\"k8s_web-0_default_1a2b_0\\": empty runtime path for runtime handler runc"`,
    fact: 'runtime.handler_unset',
  },
  // k3s and rke2 relaying their child containerd's exit (bare stderr in older releases, logrus in newer).
  {
    line: `${J} k3s[112088]: containerd: exit status 2`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} rke2[4410]: ${TS} level=error msg="containerd exited: signal: killed"`,
    fact: 'runtime.start_failed',
  },
  // The kubelet's CNI loader rejecting a list on validation (1.16 prints the list struct, its bytes as numbers).
  {
    line: `${J} kubelet[5427]: W1123 10:01:02.123456    5427 cni.go:202] Error validating CNI config &{cbr0  false [0x8d20e40 0x8d20e80] [123 10 32 32 34 110 97 109 101 34]}: [plugin flannel does not support config version ""]`,
    fact: 'cni.config_invalid',
  },
  {
    line: `${J} kubelet[991]: W1123 10:01:02.123456     991 cni.go:237] Unable to update cni config: plugin portmap does not support config version "1.0.0"`,
    fact: 'cni.config_invalid',
  },
  // The runtimes' watch on the CNI configuration directory.
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to reload cni configuration after receiving fs change event(\\"/etc/cni/net.d/10-calico.conflist\\": CREATE)" error="cni config load failed: failed to load CNI config list file /etc/cni/net.d/10-calico.conflist: unexpected end of JSON input: failed to load cni config"`,
    fact: 'cni.config_not_reloaded',
  },
  {
    line: `${J} crio[700]: ${TS} level=error msg="CNI monitoring error fsnotify queue overflow"`,
    fact: 'cni.config_not_reloaded',
  },
  // A runtime's embedded database failing to open or write its file.
  {
    line: `${J} kubelet[1187]: E1123 10:01:02.123456    1187 pod_workers.go:183] Error syncing pod 1a2b, skipping: failed to "StartContainer" for "web" with RunContainerError: "runContainer: API error (500): unable to open database file"`,
    fact: 'runtime.db_open_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin io.containerd.metadata.v1.bolt" error="write /var/lib/containerd/io.containerd.metadata.v1.bolt/meta.db: no space left on device"`,
    fact: 'runtime.db_open_failed',
  },
  // Round 18: containerd's main() printing whatever ended its start before exit 1 ("containerd: %s\n"), for a
  // configuration value of the wrong type, a plugin that failed, and as dockerd relays its managed containerd.
  {
    line: `${J} containerd[1288]: containerd: (204, 1): Can't convert 1(int64) to float64`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[1288]: containerd: failed to get listener for main endpoint: listen unix /run/containerd/containerd.sock: bind: address already in use`,
    fact: 'runtime.start_failed',
  },
  {
    line: 'containerd: invalid disabled plugin URI "cri"',
    fact: 'runtime.start_failed',
    origin: 'containerd',
  },
  // Round 18: supervisor 3.x's default exitcodes (0,2) call a Go daemon's panic exit "expected".
  {
    line: '2016-02-09 01:12:50,975 INFO exited: docker (exit status 2; expected)',
    fact: 'runtime.service_failed',
  },
  // Round 18: runc's cgroup v1 mount lookup, as Docker 1.12 relayed it and as the CRI's create error carries it.
  {
    line: 'Error response from daemon: oci runtime error: rootfs_linux.go:53: mounting "/sys/fs/cgroup" to rootfs "/var/lib/docker/aufs/mnt/6c1f" caused "no subsystem for mount"',
    fact: 'runc.rootfs_cgroup_failed',
    origin: 'dockerd',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,} failed, error" error="failed to create containerd task: OCI runtime create failed: container_linux.go:349: starting container process caused \\"process_linux.go:449: container init caused \\\\\\"rootfs_linux.go:58: mounting \\\\\\\\\\\\\\"cgroup\\\\\\\\\\\\\\" to rootfs caused \\\\\\\\\\\\\\"no subsystem for mount\\\\\\\\\\\\\\"\\\\\\"\\": unknown"`,
    fact: 'runc.rootfs_cgroup_failed',
  },
  // Round 18 (r18-runtime): the kubelet's "probe errored" relays the runtime's exec error; CRI-O's exec check finding
  // the process gone; containerd's exec through a shim past its deadline; a sandbox failing on its own image.
  {
    line: '  Warning  Unhealthy  3m (x41 over 5h)  kubelet, node-1  Liveness probe errored: rpc error: code = Unknown desc = operation timeout: context deadline exceeded',
    fact: 'runtime.container_cmd_hang',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 prober.go:117] "Probe errored" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" probeType="Readiness" pod="db/pg-0" containerName="pg"`,
    fact: 'runtime.container_cmd_hang',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="ExecSync for \\"${CID}\\" failed" error="failed to exec in container: failed to start exec \\"9c0ffee1\\": context deadline exceeded"`,
    fact: 'runtime.shim_hang',
  },
  {
    line: 'Readiness probe errored: rpc error: code = Unknown desc = failed to exec in container: failed to create exec "c0ffee12": ttrpc: closed',
    fact: 'runtime.shim_hang',
  },
  {
    line: `Liveness probe errored: rpc error: code = NotFound desc = container is not created or running: checking if PID of ${CID} is running failed: container process not found`,
    fact: 'runtime.exec_process_gone',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:557] "ExecSync cmd from runtime service failed" err="rpc error: code = NotFound desc = container is not created or running: checking if PID of ${CID} is running failed: container process not found" containerID="${CID}"`,
    fact: 'runtime.exec_process_gone',
  },
  // Round 28 (r28-runtime): containerd's client refusing to delete a task it holds running, as a supervisor logs it.
  {
    line: `${J} machined[1122]: error restarting kubelet: cannot delete running task kubelet: failed precondition`,
    fact: 'runtime.task_delete_refused',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:193] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd container: error unpacking image: failed to prepare extraction snapshot \\"extract-100200300-AbCd sha256:5f70bf18\\": unexpected status code: 403 Forbidden"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to start sandbox "${CID}": failed to create containerd container: error unpacking image: failed to prepare extraction snapshot "extract-1-x sha256:5f70bf18": failed to resolve layer: authorization failed: no basic auth credentials`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_sandbox.go:72] "Failed to create sandbox for pod" err="rpc error: code = Unknown desc = failed to get sandbox image \\"registry.k8s.io/pause:3.9\\": failed to pull image \\"registry.k8s.io/pause:3.9\\": failed to pull and unpack image \\"registry.k8s.io/pause:3.9\\": failed to resolve reference \\"registry.k8s.io/pause:3.9\\": unexpected status from HEAD request to https://registry.k8s.io/v2/pause/manifests/3.9: 401 Unauthorized"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: 'error="failed to pull image \\"10.0.0.5:5000/k8s/pause:3.6\\": failed to pull and unpack image \\"10.0.0.5:5000/k8s/pause:3.6\\": failed to resolve reference: 403 Forbidden"',
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: 'Failed to create pod sandbox: rpc error: code = Unknown desc = creating pod sandbox with name "k8s_web-0_default_1a2b_0": initializing source docker://registry.k8s.io/pause:3.9: pinging container registry registry.k8s.io: Get "https://registry.k8s.io/v2/": dial tcp 34.96.108.209:443: i/o timeout',
    fact: 'runtime.sandbox_image_failed',
  },
  // Round 18: a bridge device dockerd is told to use and does not find (libnetwork's NonDefaultBridgeExistError,
  // netlink's ENODEV); flanneld's configuration read before v0.8, and etcd's "Key not found" for its key; the
  // kubelet's flannel handshake waiting for subnet.env (1.2-1.3).
  {
    line: `${J} dockerd[1021]: ${TS} level=fatal msg="Error starting daemon: Error initializing network controller: Error creating default "bridge" network: bridge device with non default name kbr0 must be created manually"`,
    fact: 'runtime.network_device_missing',
  },
  {
    line: `${J} dockerd[1021]: failed to start daemon: Error initializing network controller: Error creating default "bridge" network: no such device`,
    fact: 'runtime.network_device_missing',
  },
  {
    line: 'E1126 10:00:01.102897   03203 network.go:53] Failed to retrieve network config: client: etcd cluster is unavailable or misconfigured',
    fact: 'cni.installer_waiting',
  },
  // Round 18: containerd's metadata database not migrated to the new release's schema at start.
  {
    line: `${J} containerd[880]: ${TS} level=warning msg="failed to load plugin" error="failed to migrate to v1.4: bucket not found" id=io.containerd.metadata.v1.bolt type=io.containerd.metadata.v1`,
    fact: 'runtime.state_corrupt',
  },
  {
    line: '\tgithub.com/containerd/containerd/v2/core/metadata.migrateSandboxes.func1({0x4000a1c0e8, 0x7, 0x7}, 0x4000b3e480)',
    fact: 'runtime.state_corrupt',
  },
  {
    line: 'E1126 10:00:01.102897       1 network.go:102] failed to retrieve network config: 100: Key not found (/coreos.com) [12]',
    fact: 'cni.agent_down',
  },
  {
    line: "E1126 10:00:01.102897       1 main.go:348] Couldn't fetch network config: 100: Key not found (/coreos.com) [7]",
    fact: 'cni.agent_down',
  },
  {
    line: `${J} kubelet[1234]: I1126 10:00:01.102897    1234 kubelet.go:2921] Flannel server handshake failed Waiting for subnet file /var/run/flannel/subnet.env`,
    fact: 'cni.agent_down',
  },
  // Round 17: kubernetes-mixin / node-mixin alerts as Alertmanager's default notification title prints them.
  {
    line: '[FIRING:1] NodeFileDescriptorLimit (10.0.1.23:9100 node-exporter warning)',
    fact: 'fd.near_limit',
  },
  { line: '[FIRING:2] KubeletTooManyPods (ip-10-0-1-23 kubelet warning)', fact: 'pods.many' },
  { line: '[FIRING:1] KubeletPlegDurationHigh (ip-10-0-1-23 0.99 warning)', fact: 'pleg.relist_slow' },
  {
    line: '[FIRING:1] NodeFilesystemAlmostOutOfSpace (/var/lib/containerd nvme1n1 warning)',
    fact: 'disk.pressure',
  },
  { line: '[FIRING:1] NodeFilesystemAlmostOutOfFiles (/ nvme0n1p1 critical)', fact: 'disk.pressure' },
  { line: '[FIRING:1] NodeMemoryHighUtilization (10.0.1.23:9100 warning)', fact: 'mem.oom' },
  { line: '[FIRING:1] NodeDiskIOSaturation (nvme1n1 10.0.1.23:9100 warning)', fact: 'io.saturated' },
  { line: '[FIRING:1] NodeSystemSaturation (10.0.1.23:9100 warning)', fact: 'cpu.saturated' },
  // Round 17: dockerd's restore finding a container's shim silent (moby daemon/daemon.go restore, 23.0+).
  {
    line: `${J} dockerd[1021]: ${TS} level=error msg="failed to get task status" container=${CID} error="context deadline exceeded" paused=false restarting=false running=true`,
    fact: 'runtime.shim_hang',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=error msg="failed to delete task from containerd" container=${CID} error="rpc error: code = DeadlineExceeded desc = context deadline exceeded"`,
    fact: 'runtime.shim_hang',
  },
  // The pressure conditions as Type=Status (kubectl's jsonpath over .status.conditions) and as a table's row.
  { line: 'DiskPressure=True', fact: 'disk.pressure', origin: 'unknown' },
  // Round 29 (r29-runtime): the sandbox (pause) image said not pulled.
  {
    line: 'The pause image could not be pulled from k8s.gcr.io, so no pod started.',
    fact: 'runtime.sandbox_image_failed',
    origin: 'unknown',
  },
  {
    line: 'pause 镜像拉取失败，控制平面 pod 都起不来',
    fact: 'runtime.sandbox_image_failed',
    origin: 'unknown',
  },
  { line: 'pause イメージが pull できない', fact: 'runtime.sandbox_image_failed', origin: 'unknown' },
  // Round 29 (r29-runtime): a tmpfs said full.
  { line: 'The tmpfs on /run was full on that worker.', fact: 'fs.tmpfs_full', origin: 'unknown' },
  { line: '节点 tmpfs 可用率不足5%，当前可用 0%', fact: 'fs.tmpfs_full', origin: 'unknown' },
  { line: 'MemoryPressure=True', fact: 'mem.oom', origin: 'unknown' },
  {
    line: '  PIDPressure      True    Mon, 23 Nov 2026 10:01:02 +0000   KubeletHasInsufficientPID   kubelet has insufficient PID available',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  // Round 26: the Ready condition Unknown as jsonpath prints it and as a person lists it with the others.
  { line: 'Ready=Unknown', fact: 'node.status_unknown', origin: 'unknown' },
  {
    line: 'Ready, MemoryPressure, DiskPressure and PIDPressure are all Unknown.',
    fact: 'node.status_unknown',
    origin: 'unknown',
  },
  // Round 26: people's words for the runtime's kept state, a kubelet's silent pod watch and leaked namespaces.
  {
    line: 'We had to wipe /var/lib/rancher/k3s/agent/containerd before the pods would start again.',
    fact: 'runtime.state_kept',
    origin: 'unknown',
  },
  {
    line: 'After every hard reboot the pods never start and stay in ContainerCreating.',
    fact: 'runtime.state_kept',
    origin: 'unknown',
  },
  {
    line: 'There are too many network namespaces on the node.',
    fact: 'cni.teardown_failed',
    origin: 'unknown',
  },
  // A runtime's restore at start: containerd 0.2 fatal on a state file (through dockerd's output), the CRI plugin's
  // recover, and the per-object failures each runtime logs and carries on from.
  {
    line: `${J} dockerd[1021]: ${TS} level=fatal msg="open /var/run/docker/libcontainerd/containerd/${CID}/9b1c0d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c/process.json: no such file or directory"`,
    fact: 'runtime.state_corrupt',
  },
  {
    line: `${J} docker-containerd[1044]: ${TS} level=fatal msg="open /run/containerd/${CID}/init/pid: no such file or directory"`,
    fact: 'runtime.state_corrupt',
    origin: 'containerd',
  },
  {
    line: `${J} containerd[812]: ${TS} level=fatal msg="Failed to run CRI service" error="failed to recover state: failed to reserve sandbox name \\"web-0_default_0e1f2a3b_1\\": name \\"web-0_default_0e1f2a3b_1\\" is reserved for \\"${CID}\\""`,
    fact: 'runtime.state_corrupt',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="Failed to load sandbox \\"${CID}\\"" error="failed to load sandbox metadata: metadata extension \\"io.cri-containerd.sandbox.metadata\\" not found"`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="Failed to load container \\"${CID}\\"" error="failed to get container extensions: container \\"${CID}\\" in namespace \\"k8s.io\\": not found"`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to recover sandbox state" error="failed to get task: no running task found: not found" sandbox=${CID}`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} docker-containerd[1044]: ${TS} level=warning msg="containerd: failed to load container,removing state directory." error="open /var/run/docker/libcontainerd/containerd/${CID}/state.json: no such file or directory" id=${CID}`,
    fact: 'runtime.restore_dropped',
    origin: 'containerd',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=error msg="Failed to load container ${CID}: invalid character '\\x00' looking for beginning of value"`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=error msg="Failed to restore container ${CID} with containerd: no such file or directory"`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} crio[955]: ${TS} level=warning msg="Could not restore sandbox ${CID}: failed to Statfs \\"/var/run/containers/storage/overlay-containers/${CID}/userdata/shm\\": no such file or directory"`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} crio[955]: ${TS} level=warning msg="could not restore container ${CID}: could not get sandbox with id 1a2b3c4d5e6f, skipping"`,
    fact: 'runtime.restore_dropped',
  },
  // k3s's embedded flannel and containerd exiting, and the agent with them.
  {
    line: `${J} k3s[2210]: ${TS} level=fatal msg="flannel exited: failed to configure interface flannel.1: failed to ensure address of interface flannel.1: link has incompatible addresses. Remove additional addresses and try again."`,
    fact: 'cni.embedded_exit',
  },
  {
    line: `${J} k3s[2210]: ${TS} level=error msg="containerd exited: exit status 2"`,
    fact: 'runtime.service_failed',
  },
  // The kubelet's unit: the step that failed before the kubelet ran (systemd src/core/execute.c, service.c, job.c).
  {
    line: `${J} systemd[1]: kubelet.service: Failed at step EXEC spawning /usr/bin/kubelet: No such file or directory`,
    fact: 'kubelet.start_step_failed',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Control process exited, code=exited, status=1/FAILURE`,
    fact: 'kubelet.start_step_failed',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Main process exited, code=exited, status=226/NAMESPACE`,
    fact: 'kubelet.start_step_failed',
  },
  {
    line: `${J} systemd[1]: Condition check resulted in kubelet: The Kubernetes Node Agent being skipped.`,
    fact: 'kubelet.start_step_failed',
  },
  {
    line: `${J} systemd[1]: Dependency failed for kubelet: The Kubernetes Node Agent.`,
    fact: 'kubelet.dependency_failed',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Job kubelet.service/start failed with result 'dependency'.`,
    fact: 'kubelet.dependency_failed',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Unit is bound to inactive unit docker.service. Stopping, too.`,
    fact: 'kubelet.stopped_with_dependency',
  },
  {
    line: `${J} systemd[1]: Unit kubelet.service is bound to inactive unit containerd.service. Stopping, too.`,
    fact: 'kubelet.stopped_with_dependency',
  },
  {
    line: `${J} systemd[1]: docker.service: Unit is bound to inactive unit flanneld.service. Stopping, too.`,
    fact: 'runtime.service_stopped',
  },
  {
    line: `${J} systemd[1]: k3s.service: Main process exited, code=exited, status=1/FAILURE`,
    fact: 'kubelet.dead',
  },
  // systemd v219 (CentOS 7): the same failures in the older wording
  { line: `${J} systemd[1]: Unit kubelet.service entered failed state.`, fact: 'kubelet.dead' },
  { line: `${J} systemd[1]: kubelet.service holdoff time over, scheduling restart.`, fact: 'kubelet.dead' },
  { line: `${J} systemd[1]: Failed to start Lightweight Kubernetes.`, fact: 'kubelet.dead' },
  {
    line: `${J} systemd[1]: kubelet.service: control process exited, code=exited status=1`,
    fact: 'kubelet.start_step_failed',
  },
  {
    line: `${J} systemd[1]: snap.microk8s.daemon-kubelite.service: Failed with result 'exit-code'.`,
    fact: 'kubelet.dead',
  },
  {
    line: 'We found that docker.service had reached its TasksMax (4915), so new containers failed to start',
    fact: 'pid.runtime_unit_limit',
    origin: 'unknown',
  },
  {
    line: 'After we raised DefaultTasksMax in system.conf, containerd could start shims again',
    fact: 'pid.runtime_unit_limit',
    origin: 'unknown',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="ExecSync for \\"${CID}\\" failed" error="rpc error: code = Unknown desc = failed to exec in container: failed to start exec \\"abc\\": OCI runtime exec failed: exec failed: unable to start container process: error starting setns process: fork/exec /proc/self/exe: resource temporarily unavailable: unknown"`,
    fact: 'pid.pressure',
  },
  {
    line: `${J} dockerd[2211]: ${TS} level=error msg="Handler for POST /v1.41/containers/abc/start returned error: OCI runtime create failed: container_linux.go:380: starting container process caused: process_linux.go:402: getting the final child's pid from pipe caused: nsenter: unable to spawn stage-1: Resource temporarily unavailable: unknown"`,
    fact: 'pid.pressure',
  },
  // runc's init failing to exec the container's process with ENFILE: "exec user process caused" to 1.0, Go's
  // os.PathError "exec <path>: …" from 1.1 (the errno table's execve row).
  {
    line: 'standard_init_linux.go:211: exec user process caused "too many open files in system"',
    fact: 'fd.file_max',
    origin: 'unknown',
  },
  {
    line: 'exec /usr/local/bin/start.sh: too many open files in system',
    fact: 'fd.file_max',
    origin: 'unknown',
  },
  // runc nsexec.c bail and process_linux.go by release: the init's namespace step failing for want of memory, and
  // the relay of its exit status alone.
  {
    line: `${J} dockerd[2211]: ${TS} level=error msg="containerd: start container" error="oci runtime error: container_linux.go:247: starting container process caused \\"process_linux.go:245: running exec setns process for init caused \\\\\\"exit status 6\\\\\\"\\"\\n"`,
    fact: 'runc.init_ns_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox failed" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error waiting for our first child to exit: exit status 1: unknown"`,
    fact: 'runc.init_ns_failed',
  },
  {
    line: `${J} dockerd[2211]: ${TS} level=error msg="Handler for POST /v1.24/containers/abc/start returned error: oci runtime error: container_linux.go:262: starting container process caused \\"process_linux.go:326: nsenter: failed to unshare namespaces: Cannot allocate memory\\""`,
    fact: 'runc.init_enomem',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to create task" error="OCI runtime create failed: runc create failed: unable to start container process: nsexec-1[40211]: failed to unshare remaining namespaces (except cgroupns): Cannot allocate memory: unknown"`,
    fact: 'runc.init_enomem',
  },
  {
    line: `${J} crio[911]: ${TS} level=error msg="Container creation error: crun: clone: Cannot allocate memory"`,
    fact: 'runc.init_enomem',
  },
  {
    line: `${J} dockerd[2211]: failed to start daemon: error initializing graphdriver: driver not supported: overlay2`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=fatal msg="Failed to run CRI service" error="failed to recover state"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="converting task to protobuf" error="context deadline exceeded: unknown" id=${CID}`,
    fact: 'runtime.shim_hang',
  },
  {
    line: `${J} dockerd[2211]: ${TS} level=error msg="Handler for GET /v1.41/containers/json returned error: write unix /var/run/docker.sock->@: write: broken pipe"`,
    fact: 'runtime.list_abandoned',
  },
  { line: 'there are thousands of exited containers on the node', fact: 'containers.exited_many' },
  { line: 'disk IO is saturated on the node', fact: 'io.saturated' },
  // top(1)'s summary line (procps-ng "%Cpu(s)", older procps "Cpu(s)") and a task-list row, pasted.
  {
    line: '%Cpu(s):  3.1 us, 85.2 sy,  0.0 ni,  1.0 id, 10.5 wa,  0.0 hi,  0.2 si,  0.0 st',
    fact: 'cpu.saturated',
  },
  { line: 'Cpu(s):  2.3%us, 12.0%sy,  0.0%ni, 20.1%id, 65.3%wa,  0.0%hi,  0.3%si', fact: 'io.saturated' },
  {
    line: '     98 root      20   0       0      0      0 R  99.7   0.0  51:12.33 kswapd0',
    fact: 'mem.reclaim',
  },
  {
    line: `${J} containerd[812]: ${TS} level=debug msg="failed to delete task" error="failed to delete task: context deadline exceeded: unknown" id=${CID}`,
    fact: 'runtime.shim_cleanup_failed',
  },
  {
    line: `${J} containerd[812]: containerd: failed to load TOML from /etc/containerd/config.toml: (18, 3): cannot convert int to string`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to start shim: start failed: io.containerd.runc.v2: failed to adjust OOM score for shim: set shim OOM score: write /proc/48211/oom_score_adj: permission denied: exit status 1"`,
    fact: 'runtime.shim_start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,Uid:5b0c1c2e,Namespace:default,Attempt:0,} failed, error" error="failed to create containerd task: start failed: containerd-shim-runc-v2: create new shim socket: listen unix /run/containerd/s/9c3e: bind: address already in use: exit status 1"`,
    fact: 'runtime.shim_start_failed',
  },
  {
    line: `${J} systemd[1]: cri-containerd-${CID}.scope: Job cri-containerd-${CID}.scope/stop timed out.`,
    fact: 'systemd.scope_failed',
  },
  {
    line: `${J} systemd[1]: containerd.service: State 'stop-sigterm' timed out. Killing.`,
    fact: 'runtime.service_failed',
  },
  {
    line: `${J} crio[700]: ${TS} level=info msg="No CNI configuration file in /etc/cni/net.d/. Has your network provider started?"`,
    fact: 'cni.not_ready',
  },
  {
    line: `${J} containerd[880]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,Uid:1a2b,Namespace:default,Attempt:0,} failed, error" error="failed to setup network for sandbox \\"0a1b2c3d\\": plugin type=\\"calico\\" failed (add): failed to find plugin \\"calico\\" in path [/usr/libexec/cni]"`,
    fact: 'cni.binary_missing',
  },
  {
    line: `${J} crio[700]: ${TS} level=error msg="Error validating CNI config file /etc/cni/net.d/10-flannel.conflist: [failed to find plugin \\"flannel\\" in path [/opt/cni/bin/]]"`,
    fact: 'cni.binary_missing',
  },
  {
    line: `${J} kubelet[1187]: W1123 10:01:02.123456    1187 cni.go:202] Error loading CNI config file /etc/cni/net.d/10-flannel.conf: no 'type'; perhaps this is a .conflist?`,
    fact: 'cni.config_invalid',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="cni network conf monitor error" error="fsnotify: queue or buffer overflow"`,
    fact: 'cni.config_not_reloaded',
  },
  {
    line: 'Warning  FailedScheduling  pod/aws-node-8s2kq  0/4 nodes are available: 4 node(s) had untolerated taint {node.kubernetes.io/not-ready: }.',
    fact: 'cni.agent_down',
  },
  { line: 'dockerd keeps complaining about too many open files', fact: 'fd.emfile' },
  { line: 'cat /proc/$(pidof dockerd)/limits shows Max open files 1024 4096 files', fact: 'fd.limit_low' },
  {
    line: 'Whenever we restart the kubelet the node goes NotReady for a minute',
    fact: 'kubelet.startup_race',
  },
  { line: 'the nodes stay NotReady until we restart the kubelet', fact: 'kubelet.restart_cures' },
  // Round 22: deleted pods the kubelet leaves behind, in English and Chinese.
  {
    line: 'Some nodes do not kill the containers after the deployment is deleted.',
    fact: 'kubelet.pods_not_killed',
  },
  {
    line: 'The containers are still running on the node even though their pods were deleted.',
    fact: 'kubelet.pods_not_killed',
  },
  { line: 'After restarting the kubelet the pods disappear.', fact: 'kubelet.pods_not_killed' },
  { line: 'The pods stay Terminating until we restart the kubelet.', fact: 'kubelet.pods_not_killed' },
  { line: '重启kubelet之后，这些pod就删除了', fact: 'kubelet.pods_not_killed' },
  { line: 'pod删除后容器仍然运行', fact: 'kubelet.pods_not_killed' },
  { line: 'The containers of the deleted pods are still running.', fact: 'kubelet.pods_not_killed' },
  { line: 'docker ps still shows the containers of the deleted pods', fact: 'kubelet.pods_not_killed' },
  { line: 'pod已经删除了，但是容器还在', fact: 'kubelet.pods_not_killed' },
  { line: 'pod一直处于Terminating状态，只有重启kubelet才会被清理', fact: 'kubelet.pods_not_killed' },
  { line: 'the disk filled up and killed docker.', fact: 'runtime.service_failed' },
  { line: 'memory limits are far above requests on most deployments', fact: 'pods.unbounded' },
  {
    line: 'the pods were deployed without resource requests or limits on t3.small nodes',
    fact: 'pods.unbounded',
  },
  { line: '这些 pod 没有设置资源限制', fact: 'pods.unbounded' },
  {
    line: 'SSH to the node timed out and Session Manager could not connect either',
    fact: 'node.unresponsive',
  },
  { line: 'no ssh, no ping, nothing until the VM was reset', fact: 'node.unresponsive' },
  { line: 'we keep seeing soft lockups on the workers', fact: 'node.wedged' },
  {
    line: 'two nodes NotReady for hours while their pods still show Running',
    fact: 'node.pods_running_while_lost',
  },
  { line: 'the node image sets no system-reserved or kube-reserved', fact: 'config.no_reserved' },
  // Round 14's words: a container running with no process, one that will not die, the managers' checkpoints after a
  // resize, completed pods and a controller's flood, a load balancer's view, the API and SSH both gone, the
  // scheduler's reasons beside nodes going down.
  { line: 'docker ps shows the container Up but its process is gone', fact: 'runtime.shim_mismatch' },
  { line: '容器显示运行但进程不存在', fact: 'runtime.shim_mismatch' },
  { line: 'コンテナは実行中と表示されるがプロセスが存在しない', fact: 'runtime.shim_mismatch' },
  { line: '容器停不掉', fact: 'runtime.kill_failed' },
  { line: 'the container cannot be killed', fact: 'runtime.kill_failed' },
  { line: 'after resizing the VM the kubelet will not start', fact: 'kubelet.manager_state' },
  { line: 'cpu_manager_state does not match after adding CPUs', fact: 'kubelet.manager_state' },
  { line: 'Completed pods are piling up on the node', fact: 'containers.exited_many' },
  { line: 'the job kept creating pods until the node had 5000 of them', fact: 'pods.many' },
  { line: 'the ELB marks all worker nodes unhealthy', fact: 'network.disrupted' },
  { line: 'nodes unreachable over the API and SSH', fact: 'network.disrupted' },
  {
    line: 'Worker nodes stop responding; pods are stuck Pending with Insufficient cpu and Insufficient memory',
    fact: 'node.overloaded',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Main process exited, code=killed, status=13/PIPE`,
    fact: 'kubelet.unit_failed',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Main process exited, code=exited, status=255/EXCEPTION`,
    fact: 'kubelet.dead',
  },
  { line: `${J} systemd[1]: Stopped kubelet: The Kubernetes Node Agent.`, fact: 'kubelet.stopped' },
  {
    line: `${J} kubelet[1187]: E1123 10:01:02.123456    1187 remote_runtime.go:168] "Version from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: resource temporarily unavailable\\""`,
    fact: 'runtime.not_accepting',
  },
  // containerd
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StopPodSandbox for \\"${CID}\\" failed" error="failed to stop container \\"abc\\": wait container \\"abc\\": context deadline exceeded"`,
    fact: 'runtime.op_timeout',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="Failed to handle backOff event &TaskExit{ContainerID:${CID},ID:${CID},Pid:4242,ExitStatus:137,} for ${CID}" error="failed to handle container TaskExit event: failed to stop container: context deadline exceeded: unknown"`,
    fact: 'runtime.exit_event_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to handle container TaskExit event &TaskExit{ContainerID:${CID},Pid:4242,ExitStatus:0,}" error="failed to stop container: context deadline exceeded"`,
    fact: 'runtime.exit_event_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=info msg="shim disconnected" id=${CID} namespace=k8s.io`,
    fact: 'runtime.shim_disconnected',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="cleaning up after shim disconnected" id=${CID} namespace=k8s.io`,
    fact: 'runtime.shim_disconnected',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:432] "ContainerStatus from runtime service failed" err="rpc error: code = Unknown desc = ttrpc: closed: unknown" containerID="${CID}"`,
    fact: 'runtime.shim_disconnected',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to delete shim" error="close wait error: context deadline exceeded" id=${CID}`,
    fact: 'runtime.shim_cleanup_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to clean up after shim disconnected" error="unmount rootfs: device or resource busy" id=${CID}`,
    fact: 'runtime.shim_cleanup_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:319] "CreateContainer in sandbox from runtime service failed" err="rpc error: code = DeadlineExceeded desc = failed to create containerd task: failed to create shim task: context deadline exceeded"`,
    fact: 'runtime.shim_start_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:319] "CreateContainer in sandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to reserve container name \\"web_web-0_default_1234_0\\": name \\"web_web-0_default_1234_0\\" is reserved for \\"${CID}\\""`,
    fact: 'runtime.name_reserved',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to cleanup rootfs mount" error="failed to unmount target /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID}/rootfs: device or resource busy"`,
    fact: 'runtime.device_busy',
  },
  {
    line: `${J} containerd[812]: ${TS} level=info msg="containerd successfully booted in 0.052341s"`,
    fact: 'runtime.restarted',
  },
  {
    line: `${J} containerd[812]: panic: runtime error: invalid memory address or nil pointer dereference`,
    fact: 'runtime.panic',
  },
  { line: `${J} dockerd[1001]: fatal error: concurrent map writes`, fact: 'runtime.panic' },

  // cri-o
  {
    line: `${J} crio[900]: ${TS} level=warning msg="Stopping container ${CID} with stop signal(SIGTERM) timed out. Killing..."`,
    fact: 'runtime.force_kill',
  },
  {
    line: `${J} crio[900]: ${TS} level=warning msg="Stopping container ${CID} with stop signal timed out: timeout reached after 30 seconds waiting for container process to exit"`,
    fact: 'runtime.force_kill',
  },
  {
    line: `${J} crio[900]: ${TS} level=error msg="Killing container ${CID} failed: kill: container not running"`,
    fact: 'runtime.kill_failed',
  },
  {
    line: `${J} crio[900]: ${TS} level=error msg="Conmon for container ${CID} is stopped, although the container is running"`,
    fact: 'runtime.shim_disconnected',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = error reserving pod name k8s_web-0_default_1234_0 for id ${CID}: name is reserved"`,
    fact: 'runtime.name_reserved',
  },
  {
    line: `${J} crio[900]: ${TS} level=warning msg="Checking storage directory /var/lib/containers/storage for errors because of unclean shutdown"`,
    fact: 'runtime.restarted',
  },

  // dockerd and the docker CLI
  {
    line: 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} dockerd[1001]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s`,
    fact: 'fd.emfile',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="Handler for POST /v1.24/containers/${CID}/start returned error: containerd: container did not start before the specified timeout"`,
    fact: 'runtime.op_timeout',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=info msg="Container failed to exit within 10s of signal 15 - using the force" container=${CID}`,
    fact: 'runtime.force_kill',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=info msg="Container ${CID} failed to exit within 10 seconds of signal 15 - using the force"`,
    fact: 'runtime.force_kill',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=warning msg="Container failed to exit within 10s of kill - trying direct SIGKILL" container=${CID} error="context deadline exceeded"`,
    fact: 'runtime.kill_failed',
  },
  // The stop's wait for the exit after SIGKILL running out: dockerd's containerStop (23.0+) and containerd's CRI
  // StopContainer (1.1's "to stop", 1.2's log line and its init-process retry, 1.3+'s returned error).
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="error killing container: context deadline exceeded" container=${CID} error="Cannot kill container: ${CID}: rpc error: code = DeadlineExceeded desc = context deadline exceeded"`,
    fact: 'runtime.kill_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StopContainer for \\"${CID}\\" failed" error="rpc error: code = DeadlineExceeded desc = an error occurs during waiting for container \\"${CID}\\" to be killed: wait container \\"${CID}\\": context deadline exceeded"`,
    fact: 'runtime.kill_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="An error occurs during waiting for container \\"${CID}\\" to be killed" error="wait container \\"${CID}\\" stop timeout"`,
    fact: 'runtime.kill_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StopContainer for \\"${CID}\\" failed" error="an error occurs during waiting for container \\"${CID}\\" to stop: wait container \\"${CID}\\" is cancelled"`,
    fact: 'runtime.kill_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="An error occurs during waiting for container \\"${CID}\\" to be stopped" error="wait container \\"${CID}\\" stop timeout"`,
    fact: 'runtime.force_kill',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="Handler for GET /v1.41/containers/${CID}/json returned error" error="context deadline exceeded"`,
    fact: 'runtime.op_timeout',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="stream copy error: read /proc/self/fd/32: input/output error"`,
    fact: 'runtime.stdio_broken',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=info msg="shim reaped" id=${CID} module="containerd/tasks"`,
    fact: 'runtime.shim_reaped',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="Handler for POST /v1.26/containers/create returned error: grpc: the connection is unavailable"`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="Error removing mounted layer ${CID}: driver \\"overlay2\\" failed to remove root filesystem for ${CID}: remove /var/lib/docker/overlay2/x/merged: device or resource busy"`,
    fact: 'runtime.device_busy',
  },
  { line: `${J} dockerd[1001]: ${TS} level=info msg="Starting up"`, fact: 'runtime.restarted' },
  {
    line: `${J} dockerd[1001]: ${TS} level=info msg="API listen on /run/docker.sock"`,
    fact: 'runtime.restarted',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="containerd did not exit successfully" error="signal: killed" module=libcontainerd`,
    fact: 'runtime.service_failed',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=info msg="Processing signal 'terminated'"`,
    fact: 'runtime.service_failed',
  },

  // runc, as the runtimes relay its errors
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,} failed, error" error="failed to create containerd task: OCI runtime create failed: runc create failed: unable to apply cgroup configuration: Timeout waiting for systemd to create cri-containerd-${CID}.scope: unknown"`,
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to delete task" error="Timed out while waiting for systemd to remove cri-containerd-${CID}.scope"`,
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StartContainer for \\"${CID}\\" failed" error="OCI runtime start failed: unable to start unit \\"cri-containerd-${CID}.scope\\" (properties [...]): error creating systemd unit \`cri-containerd-${CID}.scope\`: got \`failed\`"`,
    fact: 'systemd.scope_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox failed" error="unable to start unit \\"cri-containerd-${CID}.scope\\" (properties [...]): Connection timed out"`,
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:951] "Error syncing pod, skipping" err="failed to create containerd task: unable to start unit \\"cri-containerd-${CID}.scope\\": dbus: connection closed by user"`,
    fact: 'systemd.dbus_disconnected',
  },
  // runc's systemd driver before rc93: a one-second wait for the start job, then the race on the missing unit
  {
    line: `${J} kubelet[1234]: time="2026-11-23T10:01:02Z" level=warning msg="Timed out while waiting for StartTransientUnit(kubepods-burstable-pod0b1c2d3e_4f5a_6b7c_8d9e_0f1a2b3c4d5e.slice) completion signal from dbus. Continuing..."`,
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} dockerd[2211]: ${TS} level=error msg="Handler for POST /v1.40/containers/${CID}/start returned error: OCI runtime create failed: container_linux.go:349: starting container process caused \\"process_linux.go:449: container init caused \\\\"process_linux.go:422: setting cgroup config for procHooks process caused \\\\\\"Unit docker-${CID}.scope not found.\\\\\\"\\\\"\\": unknown"`,
    fact: 'systemd.scope_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StartContainer for \\"${CID}\\" failed" error="failed to create containerd task: OCI runtime create failed: container_linux.go:370: starting container process caused: process_linux.go:326: applying cgroup configuration for process caused: Unit cri-containerd-${CID}.scope is not loaded.: unknown"`,
    fact: 'systemd.scope_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_manager.go:815] "CreatePodSandbox for pod failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to apply cgroup configuration: failed to connect to dbus (hint: for rootless containers, maybe you need to install dbus-user-session package, see https://github.com/opencontainers/runc/blob/master/docs/cgroup-v2.md): read unix @->/run/systemd/private: read: connection reset by peer: unknown"`,
    fact: 'systemd.dbus_disconnected',
  },
  // the freezer: a thaw libcontainer could not do, a freeze that did not complete
  {
    line: `${J} kubelet[1234]: time="2026-11-23T10:01:02Z" level=info msg="thaw container after SetUnitProperties failed: open /sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/freezer.state: no such device"`,
    fact: 'cgroup.pods_frozen',
  },
  {
    line: `${J} runc[4242]: time="2026-11-23T10:01:02Z" level=info msg="thaw container after doFreeze failed: write /sys/fs/cgroup/freezer/kubepods.slice/cri-containerd-${CID}.scope/freezer.state: device or resource busy"`,
    fact: 'proc.frozen',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="UpdateContainerResources for \\"${CID}\\" failed" error="OCI runtime update failed: timeout of 10s reached waiting for the cgroup to freeze: unknown"`,
    fact: 'runc.freeze_failed',
  },
  // state on disk the runtimes restore at start
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin io.containerd.metadata.v1.bolt" error="invalid database"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin" error="checksum error" id=io.containerd.metadata.v1.bolt type=io.containerd.metadata.v1`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="waiting for response from boltdb open" plugin=bolt`,
    fact: 'runtime.start_failed',
  },
  {
    line: "Error starting daemon: Error initializing network controller: error obtaining controller instance: failed to get bridge network configurations from store: error while populating kmap: invalid character '\\x00' looking for beginning of value",
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} dockerd[2211]: failed to start daemon: error while opening volume store metadata database (/var/lib/docker/volumes/metadata.db): timeout`,
    fact: 'runtime.start_failed',
  },
  // crun's sd-bus calls, as CRI-O relays them
  {
    line: `${J} crio[900]: ${TS} level=info msg="createCtr: container create failed: sd-bus call: Timed out: Connection timed out" id=${CID}`,
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} crio[900]: ${TS} level=info msg="createCtr: container create failed: cannot open sd-bus: Connection refused" id=${CID}`,
    fact: 'systemd.dbus_disconnected',
  },
  {
    line: `${J} crio[900]: ${TS} level=info msg="createCtr: container create failed: error \`creating\` systemd unit \`crio-${CID}.scope\`: got \`failed\`" id=${CID}`,
    fact: 'systemd.scope_failed',
  },
  {
    line: '  Process: 4211 ExecStart=/usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock (code=exited, status=1/FAILURE)',
    fact: 'runtime.service_failed',
  },
  {
    line: '{"level":"error","ts":"2026-11-23T10:01:02.123Z","caller":"aws-vpc-cni/main.go:284","msg":"Timed out waiting for IPAM daemon to start"}',
    fact: 'cni.agent_down',
  },
  {
    line: '{"level":"error","ts":"2026-11-23T10:01:02.123Z","caller":"aws-k8s-agent/main.go:32","msg":"Failed to create client: error communicating with apiserver: Get \\"https://10.100.0.1:443/version?timeout=32s\\": dial tcp 10.100.0.1:443: i/o timeout"}',
    fact: 'cni.agent_down',
  },
  {
    line: 'E1123 10:01:02.102897       1 main.go:280] Error registering network: failed to acquire lease: node "worker-1" pod cidr not assigned',
    fact: 'cni.agent_down',
  },
  {
    line: "E1123 10:01:02.102897       1 main.go:228] Failed to create SubnetManager: error retrieving pod spec for 'kube-flannel/kube-flannel-ds-7x2kq': the server does not allow access to the requested resource",
    fact: 'cni.agent_down',
  },
  // The network agents' start-up (rules/catalogue/{aws-vpc-cni,flannel,calico-node}): zap JSON as aws-node writes
  // it, klog as flanneld writes it, calico-node's own header.
  {
    line: '{"level":"error","ts":"2026-11-26T10:00:05.123Z","caller":"aws-k8s-agent/main.go:73","msg":"Initialization failure: ipamd: can not initialize with AWS SDK interface: refreshSGIDs: unable to update the ENI\'s SG: UnauthorizedOperation: You are not authorized to perform this operation.\\n\\tstatus code: 403, request id: 5c1e0f2a"}',
    fact: 'cni.agent_down',
  },
  {
    line: '{"level":"error","ts":"2026-11-26T10:00:05.123Z","caller":"ipamd/ipamd.go:512","msg":"Failed to call ec2:DescribeNetworkInterfaces for [eni-0a1b2c3d4e5f60718]: NoCredentialProviders: no valid providers in chain. Deprecated."}',
    fact: 'cni.agent_down',
  },
  {
    line: '{"level":"error","ts":"2020-06-24T11:33:51.190Z","caller":"aws-k8s-agent/main.go:30","msg":"Initialization failure: ipamd init: failed to retrieve attached ENIs info"}',
    fact: 'cni.agent_down',
  },
  {
    line: '{"level":"error","ts":"2026-11-26T10:00:05.123Z","caller":"k8sapi/k8sutils.go:110","msg":"Unable to reach API Server, Get \\"https://172.20.0.1:443/version?timeout=5s\\": dial tcp 172.20.0.1:443: i/o timeout"}',
    fact: 'cni.installer_waiting',
  },
  {
    line: '2026-11-26 10:00:01.123 [INFO][9] startup/startup.go 451: Hit error connecting to datastore - retry error=Get "https://10.96.0.1:443/api/v1/nodes/foo": dial tcp 10.96.0.1:443: i/o timeout',
    fact: 'cni.installer_waiting',
  },
  {
    line: '{"level":"error","ts":"2026-11-26T10:00:05.123Z","caller":"aws-vpc-cni/main.go:459","msg":"Failed to copy 10-aws.conflist","error":"open /host/etc/cni/net.d/10-aws.conflist: read-only file system"}',
    fact: 'cni.agent_down',
  },
  {
    line: '{"level":"error","ts":"2026-11-26T10:00:05.123Z","caller":"ipamd/ipamd.go:833","msg":"Unable to attach IPs/Prefixes for the ENI, subnet doesn\'t seem to have enough IPs/Prefixes. Consider using new subnet or carve a reserved range using create-subnet-cidr-reservation"}',
    fact: 'cni.ip_exhausted',
  },
  {
    line: 'E1126 10:00:01.102897       1 main.go:303] Failed to find any valid interface to use: failed to get default interface: Unable to find default route',
    fact: 'cni.agent_down',
  },
  {
    line: 'E1126 10:00:01.102897       1 main.go:359] Error registering network: failed to configure interface flannel.1: failed to set up VXLAN device: operation not supported',
    fact: 'cni.agent_down',
  },
  {
    line: "E1126 10:00:01.102897       1 main.go:464] Couldn't fetch network config: open /etc/kube-flannel/net-conf.json: no such file or directory",
    fact: 'cni.installer_waiting',
  },
  {
    line: '2026-11-26 10:00:01.123 [WARNING][9] startup/startup.go 448: Connection to the datastore is unauthorized error=connection is unauthorized: Unauthorized',
    fact: 'cni.agent_down',
  },
  {
    line: '2026-11-26 10:00:01.123 [WARNING][9] startup/startup.go 470: Unable to access datastore to query node configuration',
    fact: 'cni.agent_down',
  },
  {
    line: 'level=error msg="Unable to contact k8s api-server" error="Get \\"https://10.96.0.1:443/api/v1/namespaces/kube-system\\": dial tcp 10.96.0.1:443: i/o timeout" ipAddr="https://10.96.0.1:443" subsys=k8s-client',
    fact: 'cni.agent_down',
  },
  {
    line: 'root     48211  0.0  0.0 1234567 10240 ?       Ssl  10:01   0:00 runc init',
    fact: 'runc.init_stuck',
  },
  { line: '  48213 ?        D      0:00 runc:[2:INIT]', fact: 'runc.init_stuck' },
  // runc's init on its exec fifo, in people's words
  {
    line: 'the runc init processes never exec the container, they are blocked opening the exec.fifo',
    fact: 'runc.init_fifo_wait',
  },
  {
    line: 'containerd had spawned hundreds of `runc init` processes stuck on the execFifo',
    fact: 'runc.init_fifo_pileup',
  },
  // runc's init holding its exec fifo, seen by lsof (COMMAND cut to 9 characters) and in /proc/PID/fd
  {
    line: `runc:[2:I 48211 root    3r     FIFO   0,24      0t0  1093 /run/containerd/runc/k8s.io/${CID}/exec.fifo`,
    fact: 'runc.init_fifo_wait',
  },
  // the NAME column cut short: the only fifo under a runc root is the exec fifo
  {
    line: `runc:[2:I 129677 nobody    5u     FIFO   0,25      0t0     4889 /run/containerd/runc/k8s.io/${CID}/e`,
    fact: 'runc.init_fifo_wait',
  },
  {
    line: `l-wx------ 1 root root 64 Nov 23 10:01 3 -> /run/runc/${CID}/exec.fifo`,
    fact: 'runc.init_fifo_wait',
  },
  // ps's WCHAN of runc's init asleep opening the fifo: before 5.9 (pipe_wait), and after (wait_for_partner)
  { line: '  48211 S    pipe_wait                        runc init', fact: 'runc.init_fifo_wait' },
  { line: '  48211 runc:[2:INIT]   S wait_for_partner', fact: 'runc.init_fifo_wait' },
  // Windows: the Service Control Manager's events for the runtime's service
  {
    line: 'The Docker Engine service failed to start due to the following error: %%1053',
    fact: 'runtime.service_failed',
  },
  {
    line: 'A timeout was reached (30000 milliseconds) while waiting for the containerd service to connect.',
    fact: 'runtime.service_failed',
  },
  {
    line: 'The docker service terminated unexpectedly.  It has done this 3 time(s).',
    fact: 'runtime.service_failed',
  },
  { line: 'The containerd service hung on starting.', fact: 'runtime.service_failed' },
  // systemctl waiting for its job when PID 1 goes away (bus-wait-for-jobs.c), and PID 1 re-executing
  { line: 'Warning! D-Bus connection terminated.', fact: 'systemd.dbus_disconnected' },
  // Round 26: every systemctl/busctl verb over a bus sd-bus has lost (ENOTCONN), and a Ready kubelet said to ignore pods
  {
    line: 'Failed to get properties: Transport endpoint is not connected',
    fact: 'systemd.dbus_disconnected',
  },
  {
    line: 'The node stays Ready but the kubelet does not pick up newly bound pods.',
    fact: 'kubelet.pods_ignored',
    origin: 'unknown',
  },
  { line: 'Failed to wait for response: Connection reset by peer', fact: 'systemd.dbus_disconnected' },
  { line: 'Failed to wait for response: Connection timed out', fact: 'systemd.dbus_timeout' },
  { line: `${J} systemd[1]: Reexecuting.`, fact: 'systemd.reexecuted' },
  {
    line: `${J} systemd[1]: Reexecuting requested from client PID 4242 ('systemctl') (unit session-3.scope)...`,
    fact: 'systemd.reexecuted',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="UpdateContainerResources for \\"${CID}\\" failed" error="OCI runtime update failed: unable to freeze: unknown"`,
    fact: 'runc.freeze_failed',
  },

  // the runtime's clients and descriptor exhaustion
  {
    line: `${J} kubelet[1234]: W1123 10:01:02.123456    1234 clientconn.go:1331] [core] grpc: addrConn.createTransport failed to connect to {unix:///run/containerd/containerd.sock  <nil> 0 <nil>}. Err: connection error: desc = "transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused"`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: W1123 10:01:02.123456    1234 clientconn.go:1331] [core] grpc: addrConn.createTransport failed to connect to {unix:///run/containerd/containerd.sock}. Err: connection error: desc = "error reading server preface: EOF"`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:222] "StopPodSandbox from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" podSandboxID="${CID}"`,
    fact: 'runtime.op_timeout',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:1294] "Error syncing pod, skipping" err="failed to \\"KillPodSandbox\\" for \\"1bb0c8bb-2c1d-4e5f-9a8b-7c6d5e4f3a2b\\" with KillPodSandboxError: \\"rpc error: code = DeadlineExceeded desc = context deadline exceeded\\""`,
    fact: 'runtime.op_timeout',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 docker_sandbox.go:240] failed to stop sandbox: operation timeout: context deadline exceeded`,
    fact: 'runtime.op_timeout',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to open log file" error="open /var/log/pods/x/0.log: too many open files"`,
    fact: 'fd.emfile',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kubelet.go:1431] "Failed to start cAdvisor" err="inotify_init: too many open files"`,
    fact: 'fd.inotify',
  },
  // A watch that could not be added (fsnotify's Add, inotify_add_watch's ENOSPC) and systemctl's agent's inotify_init1.
  {
    line: `${J} kubelet[1234]: F1123 10:01:02.123456    1234 kubelet.go:1384] failed to start Plugin Watcher. err: failed to traverse plugin socket path, err: failed to watch /var/lib/kubelet/plugins/kubernetes.io/csi/pv/pvc-1/globalmount/a, err: no space left on device`,
    fact: 'fd.inotify',
  },
  {
    line: `${J} containerd[812]: ${TS} level=fatal msg="Failed to run CRI service" error="failed to create cni conf monitor for default: failed to watch cni conf dir /etc/cni/net.d: no space left on device"`,
    fact: 'fd.inotify',
  },
  {
    line: `${J} systemctl[4412]: Failed to allocate directory watch: Too many open files`,
    fact: 'fd.inotify',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to delete task" error="context deadline exceeded" id=${CID}`,
    fact: 'runtime.op_timeout',
  },

  // systemd
  {
    line: `${J} systemd[1]: containerd.service: Main process exited, code=killed, status=9/KILL`,
    fact: 'runtime.service_failed',
  },
  {
    line: `${J} systemd[1]: docker.service: Failed with result 'exit-code'.`,
    fact: 'runtime.service_failed',
  },
  { line: `${J} systemd[1]: containerd.service: Failed with result 'oom-kill'.`, fact: 'runtime.oom_killed' },
  {
    line: `${J} systemd[1]: containerd.service: A process of this unit has been killed by the OOM killer.`,
    fact: 'runtime.oom_killed',
  },
  {
    line: `${J} systemd[1]: docker.service: Start request repeated too quickly.`,
    fact: 'runtime.restart_limit',
  },
  {
    line: `${J} systemd[1]: containerd.service: Scheduled restart job, restart counter is at 3.`,
    fact: 'runtime.service_failed',
  },
  { line: `${J} systemd[1]: containerd.service: Deactivated successfully.`, fact: 'runtime.service_stopped' },
  {
    line: `${J} systemd[1]: crio.service: Consumed 2h 3min 4.512s CPU time.`,
    fact: 'runtime.service_stopped',
  },
  { line: `${J} systemd[1]: kubelet.service: Deactivated successfully.`, fact: 'kubelet.stopped' },
  {
    line: `${J} systemd[1]: kubelet.service: Scheduled restart job, restart counter is at 12.`,
    fact: 'kubelet.dead',
  },
  {
    line: `${J} systemd-run[4321]: Failed to start transient scope unit: Connection timed out`,
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} systemd-run[4321]: Failed to start transient scope unit: Access denied`,
    fact: 'systemd.scope_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox failed" error="unable to start unit \\"cri-containerd-${CID}.scope\\": Unit cri-containerd-${CID}.scope already exists."`,
    fact: 'systemd.unit_exists',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 qos_container_manager_linux.go:140] failed to update QOS cgroups: org.freedesktop.DBus.Error.NoReply: Did not receive a reply. Possible causes include: the remote application did not send a reply`,
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} dbus-daemon[700]: [system] Rejected: destination has a full message queue, 0 matched rules; type="method_return", sender=":1.0" (uid=0 pid=1 comm="/sbin/init") interface="(unset)" member="(unset)" error name="(unset)" requested_reply="0" destination=":1.42" (uid=0 pid=1234 comm="/usr/bin/kubelet")`,
    fact: 'systemd.dbus_full_queue',
  },
  {
    line: `${J} dbus-daemon[700]: [system] Failed to activate service 'org.freedesktop.systemd1': timed out (service_start_timeout=25000ms)`,
    fact: 'systemd.dbus_timeout',
  },
  { line: 'Failed to connect to bus: Connection timed out', fact: 'systemd.dbus_timeout' },
  { line: 'Failed to restart containerd.service: Connection timed out', fact: 'systemd.dbus_timeout' },

  { line: 'Failed to get D-Bus connection: Connection refused', fact: 'systemd.dbus_disconnected' },
  {
    line: `${J} systemd[1]: Caught <SEGV>, dumped core as pid 31337.`,
    fact: 'systemd.crashed',
  },
  { line: `${J} systemd[1]: Freezing execution.`, fact: 'systemd.crashed' },
  {
    line: `${J} systemd[1]: kubelet.service: Failed to fork: Resource temporarily unavailable`,
    fact: 'pid.pressure',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Failed to fork: Cannot allocate memory`,
    fact: 'mem.exhausted',
  },
  {
    line: `${J} systemd[1]: cri-containerd-${CID}.scope: Stopping timed out. Killing.`,
    fact: 'runtime.force_kill',
  },
  { line: `${J} systemd[1]: Failed to start containerd container runtime.`, fact: 'runtime.service_failed' },
  {
    line: `${J} systemd[1]: Failed to start docker.service - Docker Application Container Engine.`,
    fact: 'runtime.service_failed',
  },
  { line: `${J} systemd[1]: Failed to start kubelet: The Kubernetes Node Agent.`, fact: 'kubelet.dead' },
  // The EKS node monitoring agent's events: "<reason>: <message>".
  {
    line: 'ContainerdRepeatedRestart: Systemd unit "containerd.service" has restarted (NRestarts 3 -> 5)',
    fact: 'runtime.service_failed',
  },
  {
    line: 'KubeletRepeatedRestart: Systemd unit "kubelet.service" has restarted (NRestarts 4 -> 7)',
    fact: 'kubelet.dead',
  },
  {
    line: 'ServiceFailedToStart: Failed to start Kubernetes Kubelet.',
    fact: 'kubelet.dead',
  },
  {
    line: `${J} systemd[1]: Failed to reread /proc/self/mountinfo: Cannot allocate memory`,
    fact: 'systemd.mountinfo_churn',
  },
  {
    line: `${J} systemd-journald[400]: Suppressed 12345 messages from kubelet.service`,
    fact: 'systemd.journal_suppressed',
  },

  // CNI
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StopPodSandbox for \\"${CID}\\" failed" error="failed to destroy network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (delete): error getting ClusterInformation: connection is unauthorized: Unauthorized"`,
    fact: 'cni.teardown_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:380] Error deleting pod default/web-0 from network; W1123 docker_sandbox.go:394] failed to check network: NetworkPlugin cni failed to teardown pod "web-0_default" network: error getting ClusterInformation: Get "https://10.96.0.1:443/apis/crd.projectcalico.org/v1/clusterinformations/default": dial tcp 10.96.0.1:443: i/o timeout`,
    fact: 'cni.teardown_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:222] "StopPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to destroy network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (delete): error getting ClusterInformation: context deadline exceeded"`,
    fact: 'cni.hang',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:951] "Error syncing pod" err="failed to setup network for sandbox \\"${CID}\\": plugin type=\\"flannel\\" failed (add): failed to load flannel 'subnet.env' file: open /run/flannel/subnet.env: no such file or directory. Check the flannel pod log for this node."`,
    fact: 'cni.error',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:951] "Error syncing pod" err="failed to setup network for sandbox \\"${CID}\\": plugin type=\\"flannel\\" failed (add): failed to load flannel 'subnet.env' file: open /run/flannel/subnet.env: no such file or directory"`,
    fact: 'cni.agent_down',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kubelet.go:2373] "Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"`,
    fact: 'cni.not_ready',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (add): error getting ClusterInformation: Get \\"https://10.96.0.1:443/apis/crd.projectcalico.org/v1/clusterinformations/default\\": dial tcp 10.96.0.1:443: connect: connection refused"`,
    fact: 'cni.datastore_error',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (add): failed to request IPv4 addresses: Assigned 0 out of 1 requested IPv4 addresses"`,
    fact: 'cni.ip_exhausted',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"kube-ovn\\" failed (add): RPC failed; request ip return 500 no address allocated to pod default/web-0 provider ovn, please see kube-ovn-controller logs to find errors"`,
    fact: 'cni.datastore_error',
  },
  {
    line: `{"level":"info","ts":"2026-11-23T10:01:02.123Z","caller":"entrypoint.sh","msg":"Retrying waiting for IPAM-D"}`,
    fact: 'cni.installer_waiting',
  },
  {
    line: `${TS} level=error msg="Timed out waiting for IPAM daemon to start:"`,
    fact: 'cni.installer_waiting',
  },
  {
    line: `2026-11-23 10:01:02.123 [ERROR][4242] ipam/ipam_plugin.go 542: Failed to grab IPAM lock, may contend for datastore updates error=timeout`,
    fact: 'cni.error',
  },
  {
    line: `${J} kubelet[1234]: I1123 10:01:02.123456    1234 prober.go:116] "Probe failed" probeType="Readiness" pod="kube-system/calico-node-x7k2p" output="calico/node is not ready: BIRD is not ready: BGP not established with 10.0.0.12"`,
    fact: 'cni.agent_down',
    origin: 'unknown',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"cilium-cni\\" name=\\"cilium\\" failed (add): unable to connect to Cilium daemon: failed to create cilium agent client after 30.000000 seconds timeout: dial unix /var/run/cilium/cilium.sock: connect: no such file or directory"`,
    fact: 'cni.agent_down',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"aws-cni\\" name=\\"aws-cni\\" failed (add): add cmd: failed to assign an IP address to container"`,
    fact: 'cni.ip_exhausted',
  },
  {
    line: `{"level":"error","ts":"2026-11-23T10:01:02.123Z","caller":"ipamd/ipamd.go:845","msg":"Failed to increase pool size due to not able to allocate ENI AllocENI: error assigning prefixes: InsufficientCidrBlocks: The specified subnet does not have enough free cidr blocks to satisfy the request."}`,
    fact: 'cni.ip_exhausted',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"aws-cni\\" failed (add): add cmd: failed to connect to backend server: connection error: desc = \\"transport: Error while dialing dial tcp 127.0.0.1:50051: connect: connection refused\\""`,
    fact: 'cni.agent_down',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"multus\\" name=\\"multus-cni-network\\" failed (add): Multus: [default/web-0/1234]: have you checked that your default network is ready? still waiting for readinessindicatorfile @ /run/multus/cni/net.d/10-calico.conflist. pollimmediate error: timed out waiting for the condition"`,
    fact: 'cni.agent_down',
  },
  // Round 27 (r27-cilium): the cilium-agent and multus catalogue's rules (their own tests: rules-catalogue-cilium).
  {
    line: `2026-11-23T10:01:02.123456789Z level=fatal msg="Error while creating daemon" error="error while opening/creating BPF maps: unable to create map cilium_lxc: operation not permitted" subsys=daemon`,
    fact: 'cni.agent_down',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"cilium-cni\\" failed (add): unable to allocate IP via local cilium agent: [POST /ipam][502] postIpamFailure  range is full"`,
    fact: 'cni.ip_exhausted',
  },
  {
    line: `2026-11-23T10:01:02Z [error] CmdAdd (shim): CheckAPIReadyNow: Daemon not reachable over socketfile: Get "http://dummy/healthz": dial unix /run/multus/multus.sock: connect: connection refused`,
    fact: 'cni.agent_down',
  },
  {
    line: `2026-11-23T10:01:02Z [error] error getting k8s client: Get "https://10.96.0.1:443/api": dial tcp 10.96.0.1:443: i/o timeout`,
    fact: 'cni.datastore_error',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"multus\\" failed (add): [default/web-0/1234:macvlan-conf]: error adding container to network \\"macvlan-conf\\": failed to allocate for range 0"`,
    fact: 'cni.error',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:222] "StopPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to destroy network for sandbox \\"${CID}\\": plugin type=\\"multus\\" failed (delete): Multus: [default/web-0/1234]: error in getting result from DelNetwork: netplugin failed"`,
    fact: 'cni.teardown_failed',
  },

  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"cilium-cni\\" failed (add): Unable to create endpoint: Put \\"http:///var/run/cilium/cilium.sock/v1/endpoint/cilium-local:0:${CID}\\": context deadline exceeded"`,
    fact: 'cni.hang',
  },

  // The sandbox (pause) image the runtime cannot obtain, in containerd's, dockershim's and CRI-O's words.
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,Uid:1,Namespace:default,Attempt:0,} failed, error" error="failed to get sandbox image \\"registry.k8s.io/pause:3.9\\": failed to pull image \\"registry.k8s.io/pause:3.9\\": failed to resolve reference \\"registry.k8s.io/pause:3.9\\": dial tcp 34.96.108.209:443: i/o timeout"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_sandbox.go:68] CreatePodSandbox for pod "web-0_default(1)" failed: rpc error: code = Unknown desc = failed to inspect sandbox image "k8s.gcr.io/pause:3.2": Error response from daemon: Get https://k8s.gcr.io/v2/: net/http: request canceled while waiting for connection`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="createPodSandbox: unable to run pause image \\"registry.k8s.io/pause:3.10\\": image not known"`,
    fact: 'runtime.sandbox_image_failed',
  },
  // A created container whose start through its shim runs out of time.
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:343] "StartContainer from runtime service failed" err="rpc error: code = DeadlineExceeded desc = failed to start containerd task "${CID}": context deadline exceeded" containerID="${CID}"`,
    fact: 'runtime.shim_hang',
  },
  // The kubelet's prober failing a node CNI agent's container, structured and in the glog form before 1.21.
  {
    line: `${J} kubelet[1234]: I1123 10:01:02.123456    1234 prober.go:107] "Probe failed" probeType="Readiness" pod="kube-system/cilium-x7k2p" podUID="0b6f3c1e-5d2a-4c1b-9e8f-7a6b5c4d3e2f" containerName="cilium-agent" probeResult="failure" output="Get "http://127.0.0.1:9879/healthz": dial tcp 127.0.0.1:9879: connect: connection refused"`,
    fact: 'cni.agent_down',
  },
  {
    line: `${J} kubelet[1234]: I1123 10:01:02.123456    1234 prober.go:116] Liveness probe for "calico-node-8fz2k_kube-system(0b6f3c1e-5d2a-4c1b-9e8f-7a6b5c4d3e2f):calico-node" failed (failure): calico/node is not ready: Felix is not live: Get "http://localhost:9099/liveness": dial tcp [::1]:9099: connect: connection refused`,
    fact: 'cni.agent_down',
  },
  // cilium-agent's local API, as its client reports it: the deadline, and the socket nobody listens on.
  { line: 'Error: Cilium API client timeout exceeded', fact: 'cni.agent_down' },
  {
    line: 'Cilium:                  Failure   Kubernetes: timeout while waiting for initial sync',
    fact: 'cni.agent_down',
  },
  { line: 'error in cilium: Kubernetes: timeout while waiting for initial sync', fact: 'cni.agent_down' },
  {
    line: 'Error: Unable to reach agent: Get "http://localhost/v1/healthz": dial unix /var/run/cilium/cilium.sock: connect: no such file or directory',
    fact: 'cni.agent_down',
  },
  // A RuntimeClass handler the runtime is not configured with, in containerd's and CRI-O's words.
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for \\"kata\\" is configured"`,
    fact: 'runtime.handler_missing',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="createPodSandbox: failed to find runtime handler kata from runtime list map[crun:0xc000 runc:0xc001]"`,
    fact: 'runtime.handler_missing',
  },
  // Round 22: containerd 2.1+'s container create when the sandbox's handler left the configuration, and dockerd asked
  // for a runtime its daemon.json no longer lists (cri-dockerd 0.4+ passes the RuntimeClass handler through).
  {
    line: `${J} containerd[812]: ${TS} level=error msg="CreateContainer within sandbox \\"${CID}\\" for &ContainerMetadata{Name:app,Attempt:0,} failed" error="failed to find runtime handler \\"kata-qemu\\""`,
    fact: 'runtime.handler_missing',
  },
  {
    line: `${J} dockerd[921]: ${TS} level=error msg="Handler for POST /v1.41/containers/create returned error: Unknown runtime specified nvidia"`,
    fact: 'runtime.handler_missing',
  },
  {
    line: `${J} dockerd[921]: ${TS} level=error msg="Handler for POST /v1.45/containers/create returned error: unknown or invalid runtime name: nvidia"`,
    fact: 'runtime.handler_missing',
  },
  // The CNI drivers inside the kubelet (in-tree to 1.10, dockershim to 1.23) and CRI-O (ocicni), the plugin's
  // error after their words.
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:227] Error while adding to cni network: failed to set bridge addr: "cni0" already has an IP address different from 10.244.2.1/24`,
    fact: 'cni.error',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:260] Error adding network: error getting ClusterInformation: context deadline exceeded`,
    fact: 'cni.hang',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:364] Error adding kube-system_coredns-5c98db65d4-8x2mn/${CID} to network calico/k8s-pod-network: error getting ClusterInformation: Get "https://10.96.0.1:443/apis/crd.projectcalico.org/v1/clusterinformations/default": http: server gave HTTP response to HTTPS client`,
    fact: 'cni.datastore_error',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:385] Error deleting default_web-0/${CID} from network calico/k8s-pod-network: could not initialize etcdv3 client: open /etc/calico/certs/cert.crt: no such file or directory`,
    fact: 'cni.teardown_failed',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="Error while adding pod to CNI network \\"k8s-pod-network\\": error getting ClusterInformation: connection is unauthorized: Unauthorized"`,
    fact: 'cni.datastore_error',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="Error while removing pod from CNI network \\"k8s-pod-network\\": netplugin failed with no error message: signal: killed"`,
    fact: 'cni.teardown_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create pod network sandbox k8s_web-0_default_0b1c2d3e_0(${CID}): error adding pod default_web-0 to CNI network \\"k8s-pod-network\\": plugin type=\\"calico\\" failed (add): error getting ClusterInformation: Get \\"https://10.96.0.1:443/apis/crd.projectcalico.org/v1/clusterinformations/default\\": net/http: TLS handshake timeout"`,
    fact: 'cni.hang',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create pod network sandbox k8s_web-0_default_0b1c2d3e_0(${CID}): error adding pod default_web-0 to CNI network \\"k8s-pod-network\\": plugin type=\\"calico\\" failed (add): Calico is currently not ready to process requests"`,
    fact: 'cni.datastore_error',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="error removing pod default_web-0 from CNI network \\"k8s-pod-network\\": plugin type=\\"calico\\" failed (delete): error getting ClusterInformation: context deadline exceeded"`,
    fact: 'cni.hang',
  },

  // people's descriptions
  { line: 'relist takes 4m on this node', fact: 'pleg.relist_slow' },
  { line: 'docker inspect on that container hangs forever', fact: 'runtime.container_cmd_hang' },
  { line: 'docker ps 卡住，没有任何输出', fact: 'runtime.cmd_hang' },
  { line: 'all docker commands hang', fact: 'runtime.cmd_hang' },
  { line: 'docker 命令全部卡住', fact: 'runtime.cmd_hang' },
  { line: 'we could still talk to containerd with crictl', fact: 'runtime.answers' },
  { line: 'pods stuck in ContainerCreating for an hour', fact: 'runtime.pods_stuck' },
  { line: 'Pod 一直卡在 Terminating', fact: 'runtime.pods_stuck' },
  { line: 'kill -9 on the process has no effect', fact: 'proc.unkillable' },
  { line: 'systemd (PID 1) CPU usage stays at 100%', fact: 'systemd.busy' },
  { line: 'top 里名为 scope 的进程 cpu 占用率一直是 100%', fact: 'systemd.busy' },
  { line: 'one containerd-shim is completely unresponsive', fact: 'runtime.shim_hang' },
  { line: 'our nodes are flapping since the upgrade', fact: 'node.flapping' },
  { line: 'the pods together exceed the node memory', fact: 'mem.exhausted' },
  { line: 'a runaway job started a huge number of containers at once', fact: 'containers.many' },
  { line: 'the node runs 400 containers', fact: 'containers.many' },
  { line: '节点上容器太多', fact: 'containers.many' },
  { line: 'the relist is slow on this node', fact: 'pleg.relist_slow' },
  { line: 'systemd re-reads mountinfo, parsing it after every mount', fact: 'systemd.mountinfo_churn' },
  { line: 'we keep creating and deleting pods in a loop', fact: 'pods.churn' },
  { line: 'the nodes are densely packed', fact: 'pods.dense' },
  { line: 'the kubelet still receives the update to delete pods', fact: 'kubelet.alive_while_unknown' },
  { line: 'we restarted the network on the node', fact: 'network.disrupted' },
  { line: 'the API server went down for five minutes', fact: 'apiserver.down' },
  { line: 'a batch job ate all the memory', fact: 'mem.exhausted' },
  { line: '节点内存耗尽', fact: 'mem.exhausted' },
  { line: 'iowait at 95% on the node', fact: 'io.saturated' },
  { line: 'disk IO looks normal', fact: 'io.normal' },
  { line: 'CNI ADD takes a long time on this cluster', fact: 'cni.slow' },
  { line: 'the node keeps flapping between Ready and NotReady', fact: 'node.flapping' },
  { line: 'containerd crashed during the upgrade', fact: 'runtime.service_failed' },
  { line: 'dockerd 进程崩溃了', fact: 'runtime.service_failed' },
  { line: 'containerd exited and was never restarted', fact: 'runtime.service_stopped' },
  { line: 'containerd 进程退出后没有重启', fact: 'runtime.service_stopped' },
  { line: 'the kubelet process exited at 10:02', fact: 'kubelet.dead' },
  { line: 'kubelet 进程退出', fact: 'kubelet.dead' },
  { line: 'kubelet exited and was never restarted', fact: 'kubelet.dead' },
  { line: 'docker ps hangs', fact: 'runtime.cmd_hang' },
  { line: 'containerd 没有重启', fact: 'runtime.service_stopped' },
  { line: 'systemctl hangs', fact: 'systemd.cmd_hang' },
  { line: 'systemctl status hangs', fact: 'systemd.cmd_hang' },
  { line: 'systemctl daemon-reload 卡住', fact: 'systemd.cmd_hang' },
  // Other service managers' and distributions' tools (service-managers.ts): supervisord's log and supervisorctl
  // status rows, RHEL's functions status(), OpenRC's rc-status and openrc-run, microk8s inspect and snap services.
  {
    line: '2026-11-23 10:01:02,123 WARN exited: docker (exit status 1; not expected)',
    fact: 'runtime.service_failed',
  },
  {
    line: '2026-11-23 10:01:02,123 WARN exited: containerd (terminated by SIGSEGV (core dumped); not expected)',
    fact: 'runtime.service_failed',
  },
  {
    line: '2026-11-23 10:01:02,123 INFO gave up: dockerd entered FATAL state, too many start retries too quickly',
    fact: 'runtime.restart_limit',
  },
  {
    line: 'docker                           FATAL     Exited too quickly (process log may have details)',
    fact: 'runtime.restart_limit',
  },
  {
    line: 'containerd                       BACKOFF   Exited too quickly (process log may have details)',
    fact: 'runtime.service_failed',
  },
  { line: 'runtime:dockerd                  EXITED    Nov 23 10:01 AM', fact: 'runtime.service_failed' },
  { line: 'crio                             STOPPED   Nov 23 10:01 AM', fact: 'runtime.service_stopped' },
  { line: 'docker dead but pid file exists', fact: 'runtime.service_failed' },
  { line: 'docker dead but subsys locked', fact: 'runtime.service_failed' },
  { line: 'docker is stopped', fact: 'runtime.service_stopped' },
  {
    line: ' docker                                                            [  crashed  ]',
    fact: 'runtime.service_failed',
  },
  {
    line: ' containerd                                                        [ failed ]',
    fact: 'runtime.service_failed',
  },
  { line: ' * ERROR: docker failed to start', fact: 'runtime.service_failed' },
  {
    line: ' crio                                                              [  stopped  ]',
    fact: 'runtime.service_stopped',
  },
  { line: ' FAIL:  Service snap.microk8s.daemon-containerd is not running', fact: 'runtime.service_failed' },
  { line: ' FAIL:  Service microk8s.daemon-containerd is not running', fact: 'runtime.service_failed' },
  { line: 'microk8s.daemon-containerd            enabled  inactive  -', fact: 'runtime.service_stopped' },
  // upstart's init (syslog) and `status docker`; the docker CLI on Windows; ctr.
  {
    line: 'Nov 23 10:01:02 node-1 init: docker main process (812) terminated with status 1',
    fact: 'runtime.service_failed',
  },
  {
    line: 'Nov 23 10:01:02 node-1 init: docker main process ended, respawning',
    fact: 'runtime.service_failed',
  },
  { line: 'Nov 23 10:01:02 node-1 init: docker respawning too fast, stopped', fact: 'runtime.restart_limit' },
  { line: 'docker stop/waiting', fact: 'runtime.service_stopped' },
  // Round 27: Talos' machined and `talosctl services` (the CRI containerd is the service `cri`), `systemctl --failed`.
  {
    line: '10.5.0.2: kern:    info: [2026-11-23T10:01:02.123456Z]: [talos] service[cri](Failed): Error running Containerd(cri): exit status 1',
    fact: 'runtime.unit_failed',
  },
  {
    line: '[talos] service[containerd](Finished): Service finished successfully',
    fact: 'runtime.unit_failed',
  },
  {
    line: '10.5.0.2     cri          Failed      ?        4m12s ago     Failed to run service',
    fact: 'runtime.unit_failed',
  },
  {
    line: '● containerd.service loaded failed failed containerd container runtime',
    fact: 'runtime.unit_failed',
  },
  {
    line: 'error during connect: this error may indicate that the docker daemon is not running: Get "http://%2F%2F.%2Fpipe%2Fdocker_engine/v1.45/containers/json": open //./pipe/docker_engine: The system cannot find the file specified.',
    fact: 'runtime.unreachable',
  },
  {
    line: 'ctr: failed to dial "/run/containerd/containerd.sock": context deadline exceeded',
    fact: 'runtime.unreachable',
  },
  // Round 16: the runtimes' own start-up refusals (configuration, default runtime) and a missing low-level binary.
  {
    line: `${J} containerd[812]: containerd: failed to load TOML from /etc/containerd/config.toml: failed to unmarshal TOML at row 12 column 3: toml: expected character =`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="Failure unmarshaling TOML" column=3 error="toml: expected character =" file=/etc/containerd/config.toml row=12`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: containerd: failed to load TOML from /etc/containerd/config.toml: expected containerd config version equal to or less than \`3\`, got \`4\``,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: containerd: invalid disabled plugin URI "cri" expect io.containerd.x.vx`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin io.containerd.grpc.v1.cri" error="invalid plugin config: no corresponding runtime configured in \`containerd.runtimes\` for \`containerd\` \`default_runtime_name = \\"nvidia\\""`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin" error="invalid plugin config: \`default_runtime_name\` is empty" id=io.containerd.cri.v1.runtime type=io.containerd.cri.v1`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to start shim: failed to resolve runtime path: runtime \\"io.containerd.runc.v2\\" binary not installed \\"containerd-shim-runc-v2\\": file does not exist: unknown"`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: unable to retrieve OCI runtime error (open /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID}/log.json: no such file or directory): exec: \\"runc\\": executable file not found in $PATH: unknown"`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} dockerd[921]: ${TS} level=error msg="Handler for POST /v1.43/containers/${CID}/start returned error: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: fork/exec /usr/local/sbin/runc: no such file or directory: unknown"`,
    fact: 'runtime.binary_missing',
  },
  // Round 22: a RuntimeClass's shim configured by absolute path (containerd 1.6+ stat()s it first) gone from the node
  // after its installer's cleanup, at containerd's restart (loadShims), at 2.x's load and at a sandbox's create; and
  // CRI-O dropping a handler whose binary is missing at its start (the default handler's is fatal instead).
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to resolve runtime path" error="invalid custom binary path: stat /opt/kata/bin/containerd-shim-kata-qemu-v2: no such file or directory" namespace=k8s.io`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to load shim /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID}" error="failed to resolve runtime path: invalid custom binary path: stat /usr/local/bin/containerd-shim-runsc-v1: no such file or directory"`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to start sandbox \\"${CID}\\": failed to create containerd task: failed to start shim: failed to resolve runtime path: invalid custom binary path: stat /opt/kata/bin/containerd-shim-kata-v2: no such file or directory: not found"`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} crio[912]: ${TS} level=warning msg="'kata is being ignored due to: \\"invalid runtime_path for runtime 'kata': \\\\\\"stat /opt/kata/bin/containerd-shim-kata-v2: no such file or directory\\\\\\"\\""`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} crio[912]: ${TS} level=warning msg="Runtime handler \\"runsc\\" is being ignored due to: \\"runsc\\" not found in $PATH: exec: \\"runsc\\": executable file not found in $PATH"`,
    fact: 'runtime.binary_missing',
  },
  {
    // Round 21: containerd 2.x's strict decoding dropping the sandbox_image key (moved to pinned_images in 2.0).
    line: `${J} containerd[812]: ${TS} level=warning msg="Ignoring unknown key in TOML for plugin" error="strict mode: fields in the document are missing in the target struct" key=sandbox_image plugin=io.containerd.cri.v1.runtime`,
    fact: 'runtime.sandbox_image_ignored',
  },
  {
    line: `${J} dockerd[921]: unable to configure the Docker daemon with file /etc/docker/daemon.json: the following directives are specified both as a flag and in the configuration file: hosts: (from flag: [fd://], from file: [unix:///var/run/docker.sock])`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} dockerd[921]: unable to configure the Docker daemon with file /etc/docker/daemon.json: the following directives don't match any configuration option: storage-opt`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} dockerd[921]: failed to start daemon: specified default runtime 'nvidia' does not exist`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} crio[701]: ${TS} level=fatal msg="validating runtime config: runtime validation: invalid runtime_path for runtime 'runc': stat /usr/bin/runc: no such file or directory"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} crio[701]: error loading server config: unable to decode configuration /etc/crio/crio.conf.d/10-crun.conf: toml: line 3: expected '.' or '=', but got 'x' instead`,
    fact: 'runtime.start_failed',
  },
  // Round 18: the node's operating system, for where its kubelet's log is (a file on Windows, not a journal).
  { line: 'After the upgrade our Windows nodes stopped joining the cluster', fact: 'node.windows' },
  { line: 'the pool runs Windows Server 2022 workers next to the Linux ones', fact: 'node.windows' },
  { line: 'Windows 节点升级后一直没有就绪', fact: 'node.windows' },
  // A node said never to register or join (the kubelet creates its Node: kubelet_node_status.go).
  { line: 'the new node never registered with the API server', fact: 'kubelet.not_registered' },
  {
    line: 'The worker nodes failed to join the cluster after the image change',
    fact: 'kubelet.not_registered',
  },
  { line: '节点一直没有注册到集群，kubectl get node 看不到', fact: 'kubelet.not_registered' },
  { line: '新节点一直加入不了集群', fact: 'kubelet.not_registered' },
  // An instance failing its cloud provider's status or reachability check (EC2: ARP to its interface).
  { line: 'Two instances failed their EC2 status checks and were not accessible', fact: 'network.disrupted' },
  { line: 'the console shows Instance reachability check failed for the node', fact: 'network.disrupted' },
  { line: 'CloudWatch alarm StatusCheckFailed fired for the worker', fact: 'network.disrupted' },
  // Resources said to be ample beside a node that stopped answering: starvation is not what was seen.
  { line: 'The node was unresponsive, though CPU and memory were ample.', fact: 'resources.normal' },
  { line: '节点无响应，但是CPU和内存都很充足', fact: 'resources.normal' },
  // Round 20 (r20-runtime-storage): the runtimes' storage failing to create, find or mount a layer (more in
  // rules-round20-storage.test.ts).
  {
    line: `${J} crio[912]: ${TS} level=error msg="createPodSandbox failed" error="creating pod sandbox with name \\"k8s_web-0_default_1a2b_0\\": creating read-write layer with ID \\"${CID}\\": Stat /var/lib/containers/storage/overlay2/${CID}: no such file or directory"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="error creating overlay mount to /var/lib/containers/storage/overlay/${CID}/merged: no such file or directory"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:kube-proxy-abcde,Uid:1a2b,Namespace:kube-system,Attempt:0,} failed, error" error="failed to create containerd container: failed to stat parent: stat /var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/42/fs: no such file or directory"`,
    fact: 'runtime.storage_layer_missing',
  },
  // Round 26 (r26-sandbox): the runtime's and the kernel's side of creating a sandbox. The registrar's refusal alone
  // and dockerd's name conflict (through cri-dockerd); a sandbox's namespaces refused by the kernel (containerd's netns,
  // CRI-O's pinns, runc's nsexec, the errno table's unshare rows); the low-level runtime unable to join a namespace.
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to reserve sandbox name \\"web-0_default_1234_1\\": name \\"web-0_default_1234_1\\" is reserved for \\"${CID}\\""`,
    fact: 'runtime.name_reserved',
  },
  { line: 'Warning  FailedCreatePodSandBox  name is reserved for 0a1b2c3d', fact: 'runtime.name_reserved' },
  {
    line: `${J} cri-dockerd[1400]: time="2026-11-23T10:01:02Z" level=error msg="Error response from daemon: Conflict. The container name \\"/k8s_POD_web-0_default_1234_0\\" is already in use by container \\"${CID}\\". You have to remove (or rename) that container to be able to reuse that name."`,
    fact: 'runtime.name_reserved',
  },
  {
    line: `${J} dockerd[1001]: Conflict. The name "/k8s_POD_web-0_default_1234_0" is already in use by container ${CID}. You have to remove (or rename) that container to be able to reuse that name.`,
    fact: 'runtime.name_reserved',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,Uid:1a2b,Namespace:default,Attempt:0,} failed, error" error="failed to create network namespace for sandbox \\"${CID}\\": failed to create namespace: no space left on device"`,
    fact: 'ns.create_refused',
  },
  {
    line: `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create network namespace for sandbox "${CID}": failed to setup netns: failed to create namespace: cannot allocate memory`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} crio[900]: ${TS} level=error msg="failed to pin namespaces [ipc uts net]: [pinns:e]: Failed to unshare namespaces: No space left on device\\n exit status 1"`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="nsexec-0[20145]: failed to unshare remaining namespaces (except cgroupns): No space left on device"`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="create failed" error="unshare: no space left on device"`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="sandbox setup failed" error="unshare: cannot allocate memory"`,
    fact: 'ns.create_refused',
  },
  {
    line: `failed to create containerd task: failed to create shim task: OCI runtime create failed: container_linux.go:311: creating new parent process caused "container_linux.go:1572: running lstat on namespace path \\"/proc/4242/ns/ipc\\" caused \\"lstat /proc/4242/ns/ipc: no such file or directory\\"": unknown`,
    fact: 'runc.join_ns_missing',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:319] "StartContainer from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: namespace path: lstat /proc/4242/ns/net: no such file or directory: unknown"`,
    fact: 'runc.join_ns_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="nsexec-1[4321]: failed to open /proc/4242/ns/ipc: No such file or directory"`,
    fact: 'runc.join_ns_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="nsexec-1[4321]: failed to setns(0x8000000) into ipc namespace (with path /proc/4242/ns/ipc): Invalid argument"`,
    fact: 'runc.join_ns_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="nsenter: failed to setns to /proc/4242/ns/net: Invalid argument"`,
    fact: 'runc.join_ns_missing',
  },
  // Round 29 (r29-runtime): the sandbox image's step in the wordings without "sandbox image": containerd 2.x's pause
  // image check, dockershim's and cri-dockerd's pull, the kubelets before 1.6 with their "POD" infra container; lines
  // cut short after the image's name.
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to pull image \\"registry.k8s.io/pause:3.10\\": failed to pull and unpack image \\"registry.k8s.io/pause:3.10\\": failed to resolve reference \\"registry.k8s.io/pause:3.10\\": failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.10\\": dial tcp: lookup registry.k8s.io on 10.0.0.2:53: no such host"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to pull image \\"registry.k8s.io/pause:3.10\\"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_sandbox.go:45] "Failed to create sandbox for pod" err="rpc error: code = Unknown desc = failed to get image \\"registry.k8s.io/pause:3.10\\": context deadline exceeded" pod="kube-system/etcd-cp-1"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: 'Warning  FailedCreatePodSandBox  3m (x41 over 12m)  kubelet  Failed to create pod sandbox: rpc error: code = Unknown desc = failed pulling image "k8s.gcr.io/pause:3.1": Error response from daemon: Get https://k8s.gcr.io/v2/: net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers)',
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_manager.go:662] createPodSandbox for pod "kube-apiserver-cp-1_kube-system(0a1b2c)" failed: rpc error: code = Unknown desc = failed pulling image "10.0.0.5:5000/pause:3.2": Error response from daemon: Get https://10.0.0.5:5000/v2/: dial tcp 10.0.0.5:5000: connect: no route to host`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:184] Error syncing pod 0a1b2c3d-4e5f ("kube-dns-1234_kube-system(0a1b2c3d-4e5f)"), skipping: failed to "StartContainer" for "POD" with ErrImagePull: "image pull failed for gcr.io/google_containers/pause-amd64:3.0, this may be because there are no credentials on this request.  details: (Error response from daemon: Get https://gcr.io/v1/_ping: dial tcp 64.233.189.82:443: i/o timeout)"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = creating pod sandbox with name \\"k8s_web-0_default_1a2b_0\\": copying system image from manifest list: reading blob sha256:61fec91190a0bab34406027bbec43d562218df6e80d22d4735029756f23c7007: fetching blob: dial tcp 10.0.0.5:443: i/o timeout"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:184] Error syncing pod 0a1b2c3d-4e5f ("web-1_default(0a1b2c3d-4e5f)"), skipping: failed to "StartContainer" for "POD" with ImagePullBackOff: "Back-off pulling image \\"gcr.io/google_containers/pause-amd64:3.0\\""`,
    fact: 'runtime.sandbox_image_failed',
  },
  // Round 29 (r29-runtime): grpc-go's dial error to a runtime's socket, whatever follows or cut short; other CRI and
  // image calls failing Unavailable; crictl's endpoint refusal from v1.26; containerd's dialer form in the kubelet.
  {
    line: `${J} kubelet[1234]: W1123 10:01:02.123456    1234 clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {unix:///run/containerd/containerd.sock  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial unix:///run/containerd/containerd.sock: timeout". Reconnecting...`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: W1123 10:01:02.123456    1234 clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {unix:///run/containerd/containerd.sock  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial unix:///run/containerd/containerd.sock: timeout". Reconnecting...`,
    fact: 'kubelet.containerd_redial',
  },
  {
    line: 'Error while dialing dial unix:///run/containerd/containerd.sock',
    fact: 'runtime.unreachable',
    origin: 'kubelet',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:116] "RunPodSandbox from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /var/run/crio/crio.sock: connect: connect`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_image.go:210] "ImageFsInfo from image service failed" err="rpc error: code = Unavailable desc = error reading from server: EOF"`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:394] ExecSync 4f2a9c1e0b7d '/bin/sh -c true' from runtime service failed: rpc error: code = Unavailable desc = transport is closing`,
    fact: 'runtime.unreachable',
  },
  {
    line: 'time="2026-11-23T10:01:02Z" level=fatal msg="validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": connect endpoint \'unix:///run/containerd/containerd.sock\', make sure you are running as root and the endpoint has been started: context deadline exceeded"',
    fact: 'runtime.unreachable',
  },
  // Round 29 (r29-runtime): ENOSPC on the memory-backed filesystems the runtimes keep their state and exec files in.
  {
    line: `${J} containerd[812]: ${TS} level=error msg="ExecSync for \\"${CID}\\" failed" error="failed to exec in container: failed to start exec \\"9b1d\\": OCI runtime exec failed: open /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID}/9b1d.pid: no space left on device: unknown"`,
    fact: 'fs.tmpfs_full',
  },
  {
    line: `${J} kubelet[1234]: I1123 10:01:02.123456    1234 prober.go:107] "Probe failed" probeType="Readiness" pod="default/web-0" podUID=0a1b2c containerName="web" probeResult=failure output="OCI runtime exec failed: write /tmp/runc-process3141592653: no space left on device: unknown"`,
    fact: 'fs.tmpfs_full',
  },
];

const MISSES: readonly Example[] = [
  // Round 24 (r24-runtime-io): the API server's client libraries (controller-runtime, client-go) failing to be made;
  // a containerd client made and an image pull failing on it.
  {
    line: `${J} operator[77]: ${TS} level=error msg="failed to create controller-runtime client" error="Get \\"https://10.96.0.1:443/api\\": dial tcp 10.96.0.1:443: i/o timeout"`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} agent[3301]: ${TS} level=error msg="failed to create containerd client image pull" error="failed to resolve reference \\"docker.io/library/nginx:latest\\": unexpected status code 429"`,
    fact: 'runtime.unreachable',
  },
  // Round 24 (r24-runtime-io): runc's usage text for the flag (no refusal), a systemd slice named correctly in a
  // create that failed for another reason, CRI-O's log of the manager it uses.
  {
    line: '   --systemd-cgroup    enable systemd cgroup support, expects cgroupsPath to be of form "slice:prefix:name" for e.g. "system.slice:runc:434234"',
    fact: 'config.cgroup_driver_mismatch',
  },
  {
    line: `${J} containerd[700]: ${TS} level=error msg="RunPodSandbox failed" error="unable to apply cgroup configuration: unable to start unit \\"cri-containerd-${CID}.scope\\" (properties [{Name:Slice Value:\\"kubepods-besteffort-pod1f2e.slice\\"}]): Connection timed out"`,
    fact: 'config.cgroup_driver_mismatch',
  },
  {
    line: `${J} crio[912]: ${TS} level=info msg="Using cgroup manager: systemd, conmon cgroup: pod"`,
    fact: 'config.cgroup_driver_mismatch',
  },
  // Round 22: a runtime name written as a relative path is a typo in the configuration (refused for its form, not a
  // missing file); CRI-O's handler dropped for its binary's name pattern, not a missing binary; the default handler's
  // missing binary, fatal at CRI-O's start (runtime.start_failed, not this rule); a RuntimeClass object missing in
  // the API (the kubelet's lookup, before any runtime is asked); dockerd's own runtime list at start.
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to resolve runtime path" error="invalid runtime name kata/v2, correct runtime name should be either format like \`io.containerd.runc.v2\` or a full path to the binary"`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} crio[912]: ${TS} level=warning msg="Runtime handler \\"kata\\" is being ignored due to: invalid runtime_path for runtime 'kata': containerd binary naming pattern is not followed"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} crio[912]: ${TS} level=fatal msg="validating runtime config: runtime validation: invalid runtime_path for runtime 'crun': stat /usr/bin/crun: no such file or directory"`,
    fact: 'runtime.binary_missing',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_manager.go:1171] "CreatePodSandbox for pod failed" err="failed to lookup RuntimeClass kata: runtimeclass.node.k8s.io \\"kata\\" not found" pod="default/web-0"`,
    fact: 'runtime.handler_missing',
  },
  {
    line: `${J} dockerd[921]: ${TS} level=info msg="Loading containers: start." runtime=runc`,
    fact: 'runtime.handler_missing',
  },
  // Round 22: an expectation, a suggestion and a restart that did not cure are not the kubelet leaving pods behind.
  {
    line: 'Expected result: all nodes should have no running containers after the pods are deleted',
    fact: 'kubelet.pods_not_killed',
  },
  { line: 'Try restarting the kubelet, the pods should disappear.', fact: 'kubelet.pods_not_killed' },
  {
    line: 'Restarting the kubelet did not help, the pods are still Terminating',
    fact: 'kubelet.pods_not_killed',
  },
  { line: 'The containers keep running after the node reboot.', fact: 'kubelet.pods_not_killed' },
  { line: 'pod一直Terminating，重启kubelet也没用', fact: 'kubelet.pods_not_killed' },
  { line: 'docker ps still shows the containers after the restart', fact: 'kubelet.pods_not_killed' },
  // Round 22: unshare's ENOSPC is a namespace count limit (/proc/sys/user), not the PID space; the kernel's own
  // watchdog rebooting a locked-up host is no monitor program.
  {
    line: 'Nov 23 10:01:02 worker-2 containerd[900]: time="2026-11-23T10:01:02Z" level=error msg="RunPodSandbox failed" error="OCI runtime create failed: runc create failed: unable to start container process: nsexec-1[4411]: failed to unshare remaining namespaces: No space left on device"',
    fact: 'pid.pressure',
  },
  { line: 'The NMI watchdog rebooted the node after a hard lockup.', fact: 'node.watchdog_reboots' },
  // Round 28: a program named after a watchdog, the kernel's lockup detector, a watchdog in a supposition.
  { line: 'Our node-watchdog script rebooted the node.', fact: 'node.watchdog_reset' },
  { line: 'The NMI watchdog rebooted the node after a hard LOCKUP.', fact: 'node.watchdog_reset' },
  { line: 'If the host hangs, the hardware watchdog will reset the machine.', fact: 'node.watchdog_reset' },
  // Round 20: near misses. A controller's connection (not the database's socket), a lock held by another tool, a
  // deletion from a cache with the sandbox ID, SandboxChanged counted a few times, both roles NotReady.
  {
    line: '2019-01-01T00:00:02Z|00005|reconnect|INFO|tcp:10.0.0.1:6653: connection attempt failed (Connection refused)',
    fact: 'cni.switch_db_locked',
  },
  {
    line: 'flock: failed to get lock on /run/xtables.lock: Resource temporarily unavailable',
    fact: 'cni.switch_db_locked',
  },
  {
    line: `${J} kubelet[5932]: E1123 10:01:02.123456    5932 cache.go:80] Error deleting default_web-7fd/c6283daf1034ddef06ec3538258d8794f297984f660dd17d9bbc4c86a0db6f63 from cache: not found`,
    fact: 'cni.teardown_failed',
  },
  {
    line: '  Normal   SandboxChanged  5m (x12 over 1h)  kubelet  Pod sandbox changed, it will be killed and re-created.',
    fact: 'pod.sandbox_recreate_loop',
  },
  {
    line: 'After installing Calico the master is NotReady and the worker nodes are not Ready either.',
    fact: 'cni.agent_not_placed',
  },
  // Round 19: near misses. A container name refused (the kubelet's own retry, name_reserved's), another object that
  // "already exists", a RuntimeClass handler named and not configured (one class's pods, not the default runtime),
  // containerd's own exit line (the round-18 rule's), the kubelet's validation of a list whose plugin is missing, a
  // watcher that started, a database that opened, a full disk on an image layer.
  {
    line: `${J} crio[912]: ${TS} level=error msg="error reserving pod name k8s_web-0_default_1a2b_0 for id 0a1b: name is reserved"`,
    fact: 'runtime.sandbox_name_stale',
  },
  {
    line: `${J} kubelet[1503]: E1123 10:01:02.123456    1503 kubelet.go:1655] Failed creating a mirror pod for "etcd-node-1_kube-system": pods "etcd-node-1" already exists`,
    fact: 'runtime.sandbox_name_stale',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:gpu-job,Uid:1a2b,Namespace:ml,Attempt:0,} failed, error" error="failed to get sandbox runtime: no runtime for \\"nvidia\\" is configured"`,
    fact: 'runtime.handler_unset',
  },
  {
    line: `${J} crio[912]: ${TS} level=error msg="RunPodSandbox failed" error="failed to find runtime handler kata from runtime list map[crun:0xc000 runc:0xc001]"`,
    fact: 'runtime.handler_unset',
  },
  {
    line: `${J} containerd[812]: ${TS} level=info msg="container.Runtime.Name set to io.containerd.runc.v2"`,
    fact: 'runtime.handler_unset',
  },
  {
    line: `${J} k3s[112088]: ${TS} level=info msg="Running containerd -c /var/lib/rancher/k3s/agent/etc/containerd/config.toml"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} dockerd[900]: ${TS} level=info msg="containerd: exit status 0; expected"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} kubelet[1187]: W1123 10:01:02.123456    1187 cni.go:202] Error validating CNI config list /etc/cni/net.d/10-flannel.conflist: [failed to find plugin "flannel" in path [/opt/cni/bin]]`,
    fact: 'cni.config_invalid',
  },
  {
    line: `${J} crio[700]: ${TS} level=info msg="CNI monitoring event \\"/etc/cni/net.d/10-calico.conflist\\": CREATE"`,
    fact: 'cni.config_not_reloaded',
  },
  {
    line: `${J} dockerd[900]: ${TS} level=info msg="opened database file /var/lib/docker/network/files/local-kv.db"`,
    fact: 'runtime.db_open_failed',
  },
  {
    line: `${J} dockerd[900]: ${TS} level=error msg="write /var/lib/docker/overlay2/1a2b/diff/app.log: no space left on device"`,
    fact: 'runtime.db_open_failed',
  },
  // Round 18: containerd's logrus lines that hold "containerd: ", and another name ending in it, are not its exit.
  {
    line: `${J} docker-containerd[1044]: ${TS} level=warning msg="containerd: failed to load container,removing state directory." id=${CID}`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=info msg="loading plugin \\"io.containerd.grpc.v1.cri\\"..." type=io.containerd.grpc.v1`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} kubelet[1893]: github.com/containerd/containerd: unknown revision`,
    fact: 'runtime.start_failed',
  },
  // dockerd's own errors that end in "containerd: " (a call it made to containerd) are not containerd's exit line.
  {
    line: `${J} dockerd[1021]: Error response from daemon: get image from containerd: context deadline exceeded`,
    fact: 'runtime.start_failed',
  },
  // Round 18: an exit status the program itself lists, or a clean exit, is not a death.
  {
    line: '2016-02-09 01:12:50,975 INFO exited: docker (exit status 0; expected)',
    fact: 'runtime.service_failed',
  },
  {
    line: '2016-02-09 01:12:50,975 INFO exited: my-docker (exit status 2; expected)',
    fact: 'runtime.service_failed',
  },
  {
    line: '2016-02-09 01:12:50,975 INFO exited: docker (exit status 12; expected)',
    fact: 'runtime.service_failed',
  },
  // Round 18: the subsystem word alone, or a mount point not found, is not runc's mount lookup.
  { line: 'cgroup: no subsystem mounted for pids', fact: 'runc.rootfs_cgroup_failed' },
  // Round 18 (r18-runtime): the probe's own command running past its timeout, an HTTP probe's timeout and a probe's
  // relayed output are the container's; a PID reused is not a process gone; a workload image's unpack and a
  // container's create inside a sandbox are not the sandbox image.
  {
    line: 'Readiness probe errored: rpc error: code = Unknown desc = failed to exec in container: timeout 1s exceeded: context deadline exceeded',
    fact: 'runtime.shim_hang',
  },
  {
    line: 'Readiness probe errored: rpc error: code = Unknown desc = failed to exec in container: timeout 1s exceeded: context deadline exceeded',
    fact: 'runtime.container_cmd_hang',
  },
  {
    line: '  Warning  Unhealthy  2m  kubelet  Liveness probe failed: Get "http://10.0.0.5:8080/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)',
    fact: 'runtime.container_cmd_hang',
  },
  {
    line: 'Readiness probe failed: upstream said: operation timeout: context deadline exceeded',
    fact: 'runtime.container_cmd_hang',
  },
  {
    line: `Liveness probe errored: rpc error: code = NotFound desc = container is not created or running: checking if PID of ${CID} is running failed: PID 4242 is running but has start time of 1700000000, whereas the saved start time is 1600000000. PID wrap may have occurred`,
    fact: 'runtime.exec_process_gone',
  },
  {
    line: '  Warning  Failed  2m  kubelet  Failed to pull image "registry.example.com/shop/api:1.4": rpc error: code = NotFound desc = failed to pull and unpack image "registry.example.com/shop/api:1.4": not found',
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: 'Failed to pull image "registry.example.com/shop/api:1.4": rpc error: code = Unknown desc = failed to pull and unpack image "registry.example.com/shop/api:1.4": failed to prepare extraction snapshot "extract-1-x sha256:9a": unexpected status code: 403 Forbidden',
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:319] "CreateContainer in sandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd container: error unpacking image: failed to prepare extraction snapshot \\"extract-1-x sha256:9a\\": no space left on device" podSandboxID="${CID}"`,
    fact: 'runtime.sandbox_image_failed',
  },
  // Round 18: the bridge dockerd makes itself conflicting with a network, a bridge present without an address, a
  // bridge-device failure read as the runtime's own start; a store that does not answer, a subnet file found.
  {
    line: `${J} dockerd[1021]: ${TS} level=fatal msg="Error starting daemon: Error initializing network controller: Error creating default "bridge" network: cannot create network 4f2a9c1e0b7d (docker0): conflicts with network 9d2c (br-9d2c): networks have overlapping IPv4"`,
    fact: 'runtime.network_device_missing',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=fatal msg="Error starting daemon: Error initializing network controller: Error creating default "bridge" network: bridge device with non default name kbr0 must have a valid IP address"`,
    fact: 'runtime.network_device_missing',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=fatal msg="Error starting daemon: Error initializing network controller: Error creating default "bridge" network: bridge device with non default name kbr0 must be created manually"`,
    fact: 'runtime.start_failed',
  },
  {
    line: 'E1126 10:00:01.102897   03203 network.go:53] Failed to retrieve network config: client: etcd cluster is unavailable or misconfigured',
    fact: 'cni.agent_down',
  },
  // Round 18: the migration finished (debug), and another program's migrations.
  {
    line: `${J} containerd[880]: ${TS} level=debug msg="finished database migration to v1.4" d=1.2ms`,
    fact: 'runtime.state_corrupt',
  },
  {
    line: `${J} grafana[1201]: logger=migrator t=2026-11-26T10:00:01Z level=error msg="failed to migrate to the latest schema" error="database is locked"`,
    fact: 'runtime.state_corrupt',
  },
  {
    line: "E1126 10:00:01.102897       1 main.go:348] Couldn't fetch network config: 105: Key already exists (/coreos.com/network/config) [7]",
    fact: 'cni.agent_down',
  },
  {
    line: `${J} kubelet[1234]: I1126 10:00:01.102897    1234 flannel_helper.go:94] Found flannel subnet file /var/run/flannel/subnet.env`,
    fact: 'cni.agent_down',
  },
  // Round 17: a rule file's definition of a mixin alert, and its resolved notification, are not the alert firing.
  { line: '  - alert: NodeFileDescriptorLimit', fact: 'fd.near_limit' },
  { line: '[RESOLVED] NodeDiskIOSaturation (nvme1n1 10.0.1.23:9100 warning)', fact: 'io.saturated' },
  // Round 17: a restore that finds the task gone, and the duplicate-exit check's status, are not a silent shim.
  {
    line: `${J} dockerd[1021]: ${TS} level=error msg="failed to get task status" container=${CID} error="no running task found: task ${CID} not found: not found"`,
    fact: 'runtime.shim_hang',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=warning msg="failed to get task status while checking for duplicate exit event" container=${CID} error="context deadline exceeded"`,
    fact: 'runtime.shim_hang',
  },
  // Round 16: a reload that failed leaves the daemon running; the CRI plugin failing on inotify is the fd rules';
  // a plugin other than CRI not loading is routine.
  {
    line: `${J} dockerd[921]: ${TS} level=error msg="Error reconfiguring the daemon: unable to configure the Docker daemon with file /etc/docker/daemon.json: invalid character '}' looking for beginning of object key string"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} dockerd[921]: ${TS} level=error msg="unable to configure the Docker daemon with file /etc/docker/daemon.json: EOF"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} crio[701]: ${TS} level=error msg="Unable to reload configuration: unable to decode configuration /etc/crio/crio.conf: toml: line 3"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin io.containerd.grpc.v1.cri" error="failed to create CRI service: failed to create cni conf monitor for default: failed to create fsnotify watcher: too many open files"`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin io.containerd.snapshotter.v1.devmapper" error="devmapper not configured"`,
    fact: 'runtime.start_failed',
  },
  { line: 'exec: "kubectl": executable file not found in $PATH', fact: 'runtime.binary_missing' },
  // Talos: the runtime's service on its way up, or running; another service ended; systemd: a unit active.
  {
    line: '[talos] service[cri](Waiting): Waiting for volume "EPHEMERAL" to be mounted',
    fact: 'runtime.unit_failed',
  },
  {
    line: '[talos] service[cri](Running): Process Process(["/bin/containerd"]) started',
    fact: 'runtime.unit_failed',
  },
  { line: '[talos] service[udevd](Finished): Service finished successfully', fact: 'runtime.unit_failed' },
  {
    line: '10.5.0.2     cri          Running     OK       4m12s ago     Health check successful',
    fact: 'runtime.unit_failed',
  },
  {
    line: '  containerd.service loaded active running containerd container runtime',
    fact: 'runtime.unit_failed',
  },
  { line: '● my-containerd.service loaded failed failed a wrapper', fact: 'runtime.unit_failed' },
  // upstart: a running job, a stop's TERM, another job.
  { line: 'docker start/running, process 812', fact: 'runtime.service_stopped' },
  {
    line: 'Nov 23 10:01:02 node-1 init: docker main process (812) killed by TERM signal',
    fact: 'runtime.service_failed',
  },
  {
    line: 'Nov 23 10:01:02 node-1 init: tty1 main process (901) terminated with status 1',
    fact: 'runtime.service_failed',
  },
  { line: 'Nov 23 10:01:02 node-1 init: ssh respawning too fast, stopped', fact: 'runtime.restart_limit' },
  // Service managers: an exit supervisord expected, a stop someone asked for, another program's row, a running state.
  {
    line: '2026-11-23 10:01:02,123 INFO exited: docker (exit status 0; expected)',
    fact: 'runtime.service_failed',
  },
  {
    line: '2026-11-23 10:01:02,123 INFO stopped: docker (terminated by SIGTERM)',
    fact: 'runtime.service_failed',
  },
  {
    line: '2026-11-23 10:01:02,123 INFO stopped: docker (terminated by SIGTERM)',
    fact: 'runtime.service_stopped',
  },
  {
    line: '2026-11-23 10:01:02,123 WARN exited: nginx (exit status 1; not expected)',
    fact: 'runtime.service_failed',
  },
  {
    line: '2026-11-23 10:01:02,123 INFO gave up: nginx entered FATAL state, too many start retries too quickly',
    fact: 'runtime.restart_limit',
  },
  {
    line: '2026-11-23 10:01:02,123 INFO success: docker entered RUNNING state, process has stayed up for > than 1 seconds (startsecs)',
    fact: 'runtime.service_failed',
  },
  {
    line: 'docker                           RUNNING   pid 812, uptime 3 days, 1:02:03',
    fact: 'runtime.service_failed',
  },
  {
    line: 'docker                           RUNNING   pid 812, uptime 3 days, 1:02:03',
    fact: 'runtime.service_stopped',
  },
  {
    line: 'nginx                            FATAL     Exited too quickly (process log may have details)',
    fact: 'runtime.restart_limit',
  },
  { line: 'docker (pid  812) is running...', fact: 'runtime.service_stopped' },
  { line: 'sshd dead but pid file exists', fact: 'runtime.service_failed' },
  {
    line: ' docker                                                            [  started  ]',
    fact: 'runtime.service_failed',
  },
  {
    line: ' sshd                                                              [  crashed  ]',
    fact: 'runtime.service_failed',
  },
  { line: '  Service snap.microk8s.daemon-containerd is running', fact: 'runtime.service_failed' },
  {
    line: ' FAIL:  Service snap.microk8s.daemon-cluster-agent is not running',
    fact: 'runtime.service_failed',
  },
  { line: 'microk8s.daemon-containerd            enabled  active    -', fact: 'runtime.service_stopped' },
  { line: 'microk8s.daemon-etcd                  enabled  inactive  -', fact: 'runtime.service_stopped' },
  // The escalation to SIGKILL after the grace period is routine: not a kill that failed. Nor is the shim's
  // "process already finished" (a kill racing a normal exit, answered as not found and ignored by the CRI).
  {
    line: `${J} containerd[812]: ${TS} level=error msg="An error occurs during waiting for container \\"${CID}\\" to be stopped" error="wait container \\"${CID}\\" stop timeout"`,
    fact: 'runtime.kill_failed',
  },
  {
    line: `${J} dockerd[1001]: ${TS} level=info msg="Container failed to exit within 10s of signal 15 - using the force" container=${CID}`,
    fact: 'runtime.kill_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StopContainer for \\"${CID}\\" failed" error="failed to kill container \\"${CID}\\": process already finished: not found"`,
    fact: 'runtime.kill_failed',
  },
  // The drivers' add failure whose error is neither a deadline nor the datastore's; the kubelet building the
  // runtime configuration (one pod's port mappings), not a plugin call.
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:227] Error while adding to cni network: failed to set bridge addr: "cni0" already has an IP address different from 10.244.2.1/24`,
    fact: 'cni.hang',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:227] Error while adding to cni network: failed to set bridge addr: "cni0" already has an IP address different from 10.244.2.1/24`,
    fact: 'cni.datastore_error',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 cni.go:357] Error adding network when building cni runtime conf: could not retrieve port mappings: checkpoint is not found`,
    fact: 'cni.error',
  },
  // The network agents' lines that are not their start-up failing: a step logged and carried on from, the
  // address monitor's retry after start-up, a permission error from an unrelated program, normal chatter.
  {
    line: '{"level":"error","ts":"2026-11-26T10:00:05.123Z","caller":"ipamd/ipamd.go:587","msg":"During ipamd init: failed to retrieve IP rule list netlink: interrupted system call"}',
    fact: 'cni.agent_down',
  },
  {
    line: '{"level":"info","ts":"2026-11-26T10:00:01.000Z","caller":"aws-vpc-cni/main.go:451","msg":"Copying config file... "}',
    fact: 'cni.agent_down',
  },
  {
    line: '{"level":"error","ts":"2026-11-26T10:00:05.123Z","caller":"aws-vpc-cni/main.go:193","msg":"Failed to delete file: /vpc-cni-init-done"}',
    fact: 'cni.agent_down',
  },
  {
    line: '2026-11-26 10:05:01.123 [ERROR][9] startup/startup.go 350: Unable to set node resource configuration, retrying... error=Operation cannot be fulfilled on nodes.crd.projectcalico.org "worker-1": the object has been modified',
    fact: 'cni.agent_down',
  },
  {
    line: 'level=error msg="failed to upload backup" error="AccessDenied: Access Denied\\n\\tstatus code: 403"',
    fact: 'cni.agent_down',
  },
  {
    line: 'I1126 10:00:01.102897       1 main.go:412] Wrote subnet file to /run/flannel/subnet.env',
    fact: 'cni.agent_down',
  },
  // containerd 0.2.9 removed the state directory it could not load and carried on; a restore that succeeded.
  {
    line: `${J} docker-containerd[1044]: ${TS} level=warning msg="containerd: failed to load container,removing state directory." error="open /var/run/docker/libcontainerd/containerd/${CID}/state.json: no such file or directory" id=${CID}`,
    fact: 'runtime.state_corrupt',
    origin: 'containerd',
  },
  {
    line: `${J} containerd[812]: ${TS} level=debug msg="Loaded sandbox {Metadata:{ID:${CID}}}"`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=info msg="Loading containers: done."`,
    fact: 'runtime.restore_dropped',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="Failed to load container status for \\"${CID}\\"" error="failed to load status: no such file or directory"`,
    fact: 'runtime.restore_dropped',
  },
  // containerd 1.x's own paths under /run/containerd are not containerd 0.2's state directory.
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to delete" error="open /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID}/init.pid: no such file or directory"`,
    fact: 'runtime.state_corrupt',
  },
  // the embedded flannel's fatal is the network plugin's, not the kubelet's death
  {
    line: `${J} k3s[2210]: ${TS} level=fatal msg="flannel exited: failed to register flannel network: operation not supported"`,
    fact: 'kubelet.dead',
  },
  // systemd's task limit on an application's unit, not the runtime's.
  {
    line: 'nginx.service reached its TasksMax and stopped accepting connections',
    fact: 'pid.runtime_unit_limit',
    origin: 'unknown',
  },
  // another unit's step, another unit's condition or dependency, a control command that succeeded
  {
    line: `${J} systemd[1]: nginx.service: Failed at step EXEC spawning /usr/sbin/nginx: No such file or directory`,
    fact: 'kubelet.start_step_failed',
  },
  {
    line: `${J} systemd[1]: Condition check resulted in Journal Audit Socket being skipped.`,
    fact: 'kubelet.start_step_failed',
  },
  { line: `${J} systemd[1]: Dependency failed for Remote File Systems.`, fact: 'kubelet.dependency_failed' },
  {
    line: `${J} systemd[1]: opt-data.mount: Unit is bound to inactive unit dev-xvdb.device. Stopping, too.`,
    fact: 'kubelet.stopped_with_dependency',
  },
  {
    line: `${J} systemd[1]: my-kubelet.service: Unit is bound to inactive unit docker.service. Stopping, too.`,
    fact: 'kubelet.stopped_with_dependency',
  },
  {
    line: `${J} systemd[1]: kubelet.service: Control process exited, code=exited, status=0/SUCCESS`,
    fact: 'kubelet.start_step_failed',
  },
  // the kubelet's own exit is the kubelet's failure, not a step of systemd's
  {
    line: `${J} systemd[1]: kubelet.service: Main process exited, code=exited, status=1/FAILURE`,
    fact: 'kubelet.start_step_failed',
  },
  // another unit failing in the older wording, and a job that started
  { line: `${J} systemd[1]: Unit nginx.service entered failed state.`, fact: 'kubelet.dead' },
  { line: `${J} systemd[1]: Started kubelet: The Kubernetes Node Agent.`, fact: 'kubelet.dead' },
  // k3s stopped by a person: SIGTERM is a clean exit
  {
    line: `${J} systemd[1]: k3s.service: Main process exited, code=killed, status=15/TERM`,
    fact: 'kubelet.dead',
  },
  // a container over its own memory limit is not the node's memory exhausted
  { line: 'the pod exceeded its memory limit and was OOMKilled', fact: 'mem.exhausted' },
  // a few pods are not "many containers"
  { line: 'a number of pods restarted', fact: 'containers.many' },
  // a number that counts something else, and an app's own "too many"
  { line: 'we deleted 400 pods from the namespace', fact: 'containers.many' },
  { line: 'about 110 containers were started on the edge node', fact: 'containers.many' },
  { line: 'the app hit too many open files', fact: 'containers.many' },
  // a CRI call that failed fast is not a timeout
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StopPodSandbox for \\"${CID}\\" failed" error="an error occurred when try to find sandbox: not found"`,
    fact: 'runtime.op_timeout',
  },
  // a shim start that failed because of the image is not a shim timeout
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:319] "CreateContainer in sandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: exec: \\"/app\\": stat /app: no such file or directory"`,
    fact: 'runtime.shim_start_failed',
  },
  // an application's panic and EMFILE are not the runtime's
  { line: `${J} myapp[77]: panic: assignment to entry in nil map`, fact: 'runtime.panic' },
  {
    line: `${J} myapp[77]: http: Accept error: accept tcp [::]:8080: accept4: too many open files; retrying in 5ms`,
    fact: 'fd.emfile',
  },
  // the closed FIFO at a normal exit is not a broken stream
  {
    line: `${J} dockerd[1001]: ${TS} level=error msg="stream copy error: reading from a closed fifo"`,
    fact: 'runtime.stdio_broken',
  },
  // a unit other than the runtime's failing to start, or restarting; an application's own stop timing out
  { line: `${J} systemd[1]: Failed to start nvidia-fabricmanager.service.`, fact: 'runtime.service_failed' },
  {
    line: 'Nvidia-PersistencedRepeatedRestart: Systemd unit "nvidia-persistenced.service" has restarted (NRestarts 3 -> 5)',
    fact: 'runtime.service_failed',
  },
  { line: `${J} systemd[1]: nginx.service: Stopping timed out. Killing.`, fact: 'runtime.force_kill' },
  // fork's ENOMEM is memory, not PIDs
  { line: `${J} systemd[1]: kubelet.service: Failed to fork: Cannot allocate memory`, fact: 'pid.pressure' },
  // a start that failed inside the container (runc create), not the shim's own start
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StartContainer for "${CID}" failed" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app": permission denied"`,
    fact: 'runtime.shim_start_failed',
  },
  // a clean stop of an unrelated unit, and a runtime unit that started
  { line: `${J} systemd[1]: nginx.service: Deactivated successfully.`, fact: 'runtime.service_stopped' },
  { line: `${J} systemd[1]: Started containerd container runtime.`, fact: 'runtime.service_failed' },
  { line: `${J} systemd[1]: nginx.service: Failed with result 'oom-kill'.`, fact: 'runtime.oom_killed' },
  // the restart limit is the runtime's only when it is the runtime's unit
  {
    line: `${J} systemd[1]: nginx.service: Start request repeated too quickly.`,
    fact: 'runtime.restart_limit',
  },
  // a scope timeout is not a refused scope, and the reverse
  {
    line: `${J} systemd-run[4321]: Failed to start transient scope unit: Connection timed out`,
    fact: 'systemd.scope_failed',
  },
  {
    line: `${J} systemd-run[4321]: Failed to start transient scope unit: Access denied`,
    fact: 'systemd.dbus_timeout',
  },
  // a successful D-Bus activation, and a journald line that is not a suppression
  {
    line: `${J} dbus-daemon[700]: [system] Successfully activated service 'org.freedesktop.systemd1'`,
    fact: 'systemd.dbus_timeout',
  },
  { line: `${J} systemd-journald[400]: Journal stopped`, fact: 'systemd.journal_suppressed' },
  // CNI ADD failing is not a teardown failure, and a teardown error without a timeout is not a hang
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (add): failed to request IPv4 addresses"`,
    fact: 'cni.teardown_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="StopPodSandbox for \\"${CID}\\" failed" error="failed to destroy network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (delete): connection is unauthorized: Unauthorized"`,
    fact: 'cni.hang',
  },
  // a flannel subnet file that exists is fine
  {
    line: `${J} flanneld[600]: I1123 10:01:02.123456 600 main.go:412] Wrote subnet file to /run/flannel/subnet.env`,
    fact: 'cni.agent_down',
  },
  // a refused job is not a timeout
  {
    line: 'Failed to restart containerd.service: Unit containerd.service not found.',
    fact: 'systemd.dbus_timeout',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"cilium-cni\\" failed (add): Unable to create endpoint: [PUT /endpoint/{id}][429] putEndpointIdTooManyRequests"`,
    fact: 'cni.hang',
  },
  // a person stopping a scope that is gone: no container start waits on it
  {
    line: 'Failed to stop docker-4f2a9c1e0b7d.scope: Unit docker-4f2a9c1e0b7d.scope not loaded.',
    fact: 'systemd.scope_failed',
  },
  // containerd loading a plugin that is not its metadata store, and a freeze asked for and done
  {
    line: `${J} containerd[812]: ${TS} level=info msg="skip loading plugin \\"io.containerd.snapshotter.v1.btrfs\\"..." error="no btrfs on this host" type=io.containerd.snapshotter.v1`,
    fact: 'runtime.start_failed',
  },
  {
    line: `${J} containerd[812]: ${TS} level=info msg="loading plugin \\"io.containerd.metadata.v1.bolt\\"..." type=io.containerd.metadata.v1`,
    fact: 'runtime.start_failed',
  },
  // no systemd on the host at all: the driver's configuration, not PID 1 stalling
  {
    line: 'failed to connect to dbus: dial unix /run/systemd/private: connect: no such file or directory',
    fact: 'systemd.dbus_disconnected',
  },
  { line: 'sd-bus call: Unit crio-4f2a9c1e0b7d.scope already exists.', fact: 'systemd.dbus_timeout' },
  // the exec fifo named in the runtime's errors, and the init exec'd into the container's command
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to start" error="OCI runtime start failed: open /run/containerd/runc/k8s.io/${CID}/exec.fifo: no such file or directory: unknown"`,
    fact: 'runc.init_fifo_wait',
  },
  {
    line: 'nginx   48211 root  cwd    DIR   0,52     4096  1093 /',
    fact: 'runc.init_fifo_wait',
  },
  { line: '  48211 S    ep_poll                          runc init', fact: 'runc.init_fifo_wait' },
  // how runc works, not what it did
  {
    line: 'runc init opens the exec fifo and writes to it once runc start reads',
    fact: 'runc.init_fifo_wait',
  },
  { line: 'we saw many runc init processes, all of them exited normally', fact: 'runc.init_fifo_pileup' },
  // a container's stdio fifo under containerd's CRI state, and runc's own pipes
  {
    line: `containerd 812 root   45u  FIFO   0,25      0t0  4890 /run/containerd/io.containerd.grpc.v1.cri/containers/${CID}/io/2202/${CID}-stdout`,
    fact: 'runc.init_fifo_wait',
  },
  {
    line: 'runc:[2:I 129677 nobody    1w     FIFO   0,13      0t0  2416908 pipe',
    fact: 'runc.init_fifo_wait',
  },
  // a node that did register, a question, another thing failing to join; a pod's probe, the kubelet's own runtime check
  { line: 'the node registered fine and went Ready', fact: 'kubelet.not_registered' },
  { line: 'Did the node fail to register?', fact: 'kubelet.not_registered' },
  { line: 'the etcd member failed to join the cluster', fact: 'kubelet.not_registered' },
  { line: 'the pods failed their readiness checks', fact: 'network.disrupted' },
  { line: 'Container runtime status check may not have completed yet', fact: 'network.disrupted' },
  { line: 'the instances passed their status checks', fact: 'network.disrupted' },
  { line: 'memory was not ample on the node', fact: 'resources.normal' },
  // a Windows workstation or image name is not the node's operating system
  { line: 'I ran kubectl from my Windows laptop', fact: 'node.windows' },
  { line: 'the mcr.microsoft.com/windows/servercore image failed to pull', fact: 'node.windows' },
  // descriptions of other things
  { line: 'docker ps works fine', fact: 'runtime.cmd_hang' },
  { line: 'the kubelet restarted cleanly after the upgrade', fact: 'kubelet.dead' },
  { line: 'systemctl restart containerd fixed it', fact: 'systemd.cmd_hang' },
  // Round 26 (r26-sandbox): near misses. Reserved words that are not a name held (a protocol's "reserved for future
  // use"), a name conflict of another object; a namespace made, removed or refused for permission; an ENOMEM from
  // another call; an open of another /proc file; a namespace path that exists.
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="field 7 is reserved for future use"`,
    fact: 'runtime.name_reserved',
  },
  {
    line: `${J} dockerd[1001]: Error response from daemon: network with name bridge already exists`,
    fact: 'runtime.name_reserved',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to create namespace k8s.io: already exists"`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to remove netns" error="failed to unmount /var/run/netns/cni-1a2b: device or resource busy"`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} crio[900]: ${TS} level=error msg="failed to pin namespaces [net]: [pinns:e]: Failed to unshare namespaces: Operation not permitted"`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="fork/exec /usr/bin/runc: cannot allocate memory"`,
    fact: 'ns.create_refused',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to open /proc/4242/cgroup: no such file or directory"`,
    fact: 'runc.join_ns_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=debug msg="nsexec-1[4321]: setns(0x8000000) into ipc namespace (with path /proc/4242/ns/ipc)"`,
    fact: 'runc.join_ns_missing',
  },
  // Round 29 (r29-runtime): a workload image's pull (the kubelet's PullImage, containerd's "failed to pull and unpack
  // image" under the gRPC status), and a workload container's pull failing for a container other than "POD".
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 log.go:32] "PullImage from image service failed" err="rpc error: code = Unknown desc = failed to pull and unpack image \\"docker.io/library/nginx:1.27\\": failed to resolve reference \\"docker.io/library/nginx:1.27\\": failed to do request: Head \\"https://registry-1.docker.io/v2/library/nginx/manifests/1.27\\": dial tcp: i/o timeout" image="nginx:1.27"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 pod_workers.go:184] Error syncing pod 0a1b2c3d-4e5f ("web-1_default(0a1b2c3d-4e5f)"), skipping: failed to "StartContainer" for "web" with ErrImagePull: "image pull failed for nginx:1.11, this may be because there are no credentials on this request.  details: (Error response from daemon: Get https://registry-1.docker.io/v2/: dial tcp: i/o timeout)"`,
    fact: 'runtime.sandbox_image_failed',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 kuberuntime_manager.go:1256] "Failed to pull image" err="failed to pull image \\"registry.k8s.io/pause:3.10\\": rpc error: code = Unknown desc = failed to pull and unpack image" image="registry.k8s.io/pause:3.10"`,
    fact: 'runtime.sandbox_image_failed',
  },
  // Round 29 (r29-runtime): grpc dial errors to sockets that are not a runtime's (a device plugin's, a CSI driver's),
  // crictl's first default endpoint (dockershim.sock) refused, a CRI call failing for another code, and the kubelet's
  // CRI client's own dial form (no containerd dialer) for the cAdvisor fact.
  {
    line: `${J} kubelet[1234]: W1123 10:01:02.123456    1234 clientconn.go:1331] grpc: addrConn.createTransport failed to connect to {/var/lib/kubelet/device-plugins/nvidia-gpu.sock  <nil> 0 <nil>}. Err: connection error: desc = "transport: Error while dialing dial unix /var/lib/kubelet/device-plugins/nvidia-gpu.sock: connect: connection refused". Reconnecting...`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 csi_attacher.go:310] kubernetes.io/csi: attacher.MountDevice failed: rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /var/lib/kubelet/plugins/ebs.csi.aws.com/csi.sock: connect: no such file or directory"`,
    fact: 'runtime.unreachable',
  },
  {
    line: 'time="2026-11-23T10:01:02Z" level=error msg="connect endpoint \'unix:///var/run/dockershim.sock\', make sure you are running as root and the endpoint has been started: context deadline exceeded"',
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:116] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox"`,
    fact: 'runtime.unreachable',
  },
  {
    line: `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:390] "ListPodSandbox with filter from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused\\""`,
    fact: 'kubelet.containerd_redial',
  },
  {
    line: `${J} dockerd[1021]: ${TS} level=error msg="failed to dial \\"/var/run/docker/containerd/containerd.sock\\": Error while dialing dial unix:///var/run/docker/containerd/containerd.sock: timeout"`,
    fact: 'kubelet.containerd_redial',
  },
  // Round 29 (r29-runtime): ENOSPC on the node's disk, and an application's own /run in its container.
  {
    line: `${J} dockerd[1021]: ${TS} level=error msg="open /var/lib/docker/containers/${CID}/hostconfig.json: no space left on device"`,
    fact: 'fs.tmpfs_full',
  },
  {
    line: `${J} nginx[4321]: open() "/run/nginx.pid" failed: write /run/nginx.pid: no space left on device`,
    fact: 'fs.tmpfs_full',
  },
];

function factsOf(line: string, origin: Component = 'unknown'): FactSet {
  const facts = new FactSet();
  scanText(line, 'logs.test', origin, facts);
  return facts;
}

const OWNED: ReadonlyArray<readonly [string, readonly Signature[]]> = [
  ['containerd', CONTAINERD_RULES],
  ['crio', CRIO_RULES],
  ['dockerd', DOCKERD_RULES],
  ['monitoring', MONITORING_RULES],
  ['runc', RUNC_RULES],
  ['runtime', RUNTIME_RULES],
  ['systemd', SYSTEMD_RULES],
  ['cni', CNI_RULES],
  ['observations', OBSERVATION_RULES],
];

describe('runtime, systemd and CNI rules', () => {
  it.each(HITS.map((e) => [e.fact, e.line, e.origin] as const))('%s ← %s', (fact, line, origin) => {
    expect(factsOf(line, origin).ids()).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(MISSES.map((e) => [e.fact, e.line] as const))('not %s ← %s', (fact, line) => {
    expect(factsOf(line).ids()).not.toContain(fact);
  });

  for (const [file, rules] of OWNED) {
    it(`every rule in rules/${file}.ts names its source and mechanism`, () => {
      for (const rule of rules) {
        expect(rule.source, rule.pattern).toMatch(/\S.{10,}/);
        expect(rule.mechanism, rule.pattern).toMatch(/\S.{10,}/);
        if (file === 'observations') {
          expect(rule.observation, rule.pattern).toBe(true);
          expect(rule.source, rule.pattern).toMatch(/^observation: /);
        } else expect(rule.observation, rule.pattern).toBeUndefined();
      }
    });

    it(`every rule in rules/${file}.ts is exercised by a line written from its program's format`, () => {
      const untested = rules.filter(
        (rule) =>
          !HITS.some(
            (e) =>
              e.fact === rule.fact &&
              new RegExp(rule.pattern).test(parseLogLine(e.line, e.origin ?? 'unknown').message),
          ),
      );
      expect(untested.map((r) => r.pattern)).toEqual([]);
    });

    it(`rules/${file}.ts uses only syntax ripgrep shares with JS (no look-around, no back-references)`, () => {
      for (const rule of rules)
        for (const pattern of [rule.pattern, rule.unless ?? ''])
          expect(pattern, pattern).not.toMatch(/\(\?<?[=!]|\\[1-9]|\\k</);
    });
  }
});

/** A NotReady node whose kubelet reports the generic symptoms every runtime-side mechanism produces. */
const PLEG = 'PLEG is not healthy: pleg was last seen active 3m46.7s ago; threshold is 3m0s';
const SYMPTOMS = [
  `${J} kubelet[1234]: E1123 10:01:02.123456    1234 remote_runtime.go:222] "StopPodSandbox from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" podSandboxID="${CID}"`,
  `${J} kubelet[1234]: E1123 10:01:03.123456    1234 kubelet.go:2040] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m46.7s ago; threshold is 3m0s"`,
];

function incident(logs: Record<string, string[]>) {
  return EvidenceBundleSchema.parse({
    node: 'node-1',
    containerRuntimeVersion: 'containerd://1.6.20',
    conditions: [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message: PLEG }],
    logs: Object.fromEntries(Object.entries(logs).map(([k, lines]) => [k, lines.join('\n')])),
  });
}

describe("a mechanism's own message outranks the symptoms it causes", () => {
  const cases: ReadonlyArray<readonly [CauseId, Record<string, string[]>]> = [
    [
      'fd_exhaustion',
      {
        kubelet: SYMPTOMS,
        dockerd: [
          `${J} dockerd[1001]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s`,
        ],
      },
    ],
    [
      'systemd_dbus_stall',
      {
        kubelet: SYMPTOMS,
        systemd: [
          `${J} dbus-daemon[700]: [system] Rejected: destination has a full message queue, 0 matched rules; type="method_return", sender=":1.0" (uid=0 pid=1 comm="/sbin/init") interface="(unset)" member="(unset)" error name="(unset)" requested_reply="0" destination=":1.42" (uid=0 pid=1234 comm="/usr/bin/kubelet")`,
        ],
      },
    ],
    [
      'zombie_shim_hang',
      {
        kubelet: SYMPTOMS,
        containerd: [
          `${J} containerd[812]: ${TS} level=error msg="failed to delete shim" error="close wait error: context deadline exceeded" id=${CID}`,
          `${J} containerd[812]: ${TS} level=error msg="Failed to handle backOff event &TaskExit{ContainerID:${CID},Pid:4242,ExitStatus:137,} for ${CID}" error="failed to handle container TaskExit event: failed to stop container: context deadline exceeded: unknown"`,
        ],
      },
    ],
    [
      'cni_hang',
      {
        kubelet: SYMPTOMS,
        containerd: [
          `${J} containerd[812]: ${TS} level=error msg="StopPodSandbox for \\"${CID}\\" failed" error="failed to destroy network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (delete): error getting ClusterInformation: connection is unauthorized: Unauthorized"`,
        ],
      },
    ],
    [
      'resource_starvation',
      {
        kubelet: SYMPTOMS,
        systemd: [
          `${J} systemd[1]: containerd.service: A process of this unit has been killed by the OOM killer.`,
          `${J} systemd[1]: containerd.service: Failed with result 'oom-kill'.`,
        ],
      },
    ],
    [
      'runtime_down',
      {
        kubelet: [
          ...SYMPTOMS,
          `${J} kubelet[1234]: W1123 10:01:04.123456    1234 clientconn.go:1331] [core] grpc: addrConn.createTransport failed to connect to {unix:///run/containerd/containerd.sock}. Err: connection error: desc = "transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused"`,
        ],
        systemd: [`${J} systemd[1]: containerd.service: Start request repeated too quickly.`],
      },
    ],
  ];

  it.each(cases)('%s', (cause, logs) => {
    expect(diagnose(incident(logs)).verdict).toBe(cause);
  });

  it('the symptoms alone are not enough for a confident runtime verdict', () => {
    const d = diagnose(incident({ kubelet: SYMPTOMS }));
    expect(d.confidence).toBeLessThan(0.7);
  });
});
