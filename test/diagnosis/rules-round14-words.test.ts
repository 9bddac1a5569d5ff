import { describe, expect, it } from 'vitest';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 14 (docs/accuracy.md, "What round 14 teaches", class 3): people's words for a node cut off by its own
// network configuration, for resource exhaustion (inodes, the kubelet's CPU, a flood of pods, the scheduler's reasons
// beside nodes going down), for a container listed running with no process or that will not die, and for the CPU and
// memory managers' checkpoints rejected after the machine was resized. Probe sentences are written from the states'
// definitions and the programs' behaviour (systemd-networkd's and NetworkManager's lease handling, netplan, df -i and
// the kubelet's inode eviction signals, kubernetes cm/cpumanager and cm/memorymanager policy_static.go
// validateState), never from a case. Each row names the fact (or the first cause) it must yield.

const said = (line: string) => ({ logs: { other: line } });

/** Probe sentences and what each must yield: a fact id, or `cause:<id>` for the first cause. */
const PROBES: readonly (readonly [string, string])[] = [
  ['the node lost its IP address', 'network.disrupted'],
  ['eth0 lost its IP address after a few days', 'network.disrupted'],
  ['the interface lost its IPv4 address', 'network.disrupted'],
  ['the default route disappeared from the node', 'network.disrupted'],
  ['the node lost its default route', 'network.disrupted'],
  ['the DHCP lease expired and was not renewed', 'network.disrupted'],
  ['the node lost its DHCP lease', 'network.disrupted'],
  ['NetworkManager and systemd-networkd are fighting over eth0', 'network.disrupted'],
  [
    "NetworkManager and cloud-init both manage the interface and remove each other's address",
    'network.disrupted',
  ],
  ['the netplan config was deleted', 'network.disrupted'],
  ['the netplan configuration was overwritten and the node lost its address', 'network.disrupted'],
  ['/etc/netplan/50-cloud-init.yaml was deleted', 'network.disrupted'],
  ["can't ssh to the node either", 'node.unresponsive'],
  ['nodes unreachable over the API and SSH', 'network.disrupted'],
  ['the node is unreachable via ssh and kubectl', 'node.unresponsive'],
  ['the load balancer health checks are failing for the nodes', 'network.disrupted'],
  ['the ELB marks all worker nodes unhealthy', 'network.disrupted'],
  ['节点网卡 IP 丢失', 'network.disrupted'],
  ['网卡的 IP 地址没了', 'network.disrupted'],
  ['默认路由丢失', 'network.disrupted'],
  ['DHCP 租约过期', 'network.disrupted'],
  ['NetworkManager 和 systemd-networkd 冲突', 'network.disrupted'],
  ['netplan 配置文件被删除了', 'network.disrupted'],
  ['节点 NotReady 之后 ssh 也连不上', 'node.unresponsive'],
  ['ssh 登不上节点', 'node.unresponsive'],
  ['负载均衡健康检查失败', 'network.disrupted'],
  ['inodes at 100% on /var/lib/containerd', 'disk.pressure'],
  ['the node has no free inodes', 'disk.pressure'],
  ['inode usage is 100% on the root filesystem', 'disk.pressure'],
  ['ran out of inodes on /var/lib/kubelet', 'disk.pressure'],
  ['inode 耗尽', 'disk.pressure'],
  ['/var/lib/docker 的 inode 用满了', 'disk.pressure'],
  ['inode 使用率 100%', 'disk.pressure'],
  ['/dev/sda1      6553600 6553600       0  100% /var/lib/containerd', 'disk.pressure'],
  ['kubelet fails to restart: no space left on device', 'disk.pressure'],
  ['kubelet 重启失败，提示 no space left on device', 'disk.pressure'],
  ['kubelet using 100% CPU', 'cpu.saturated'],
  ['the kubelet is consuming huge CPU', 'cpu.saturated'],
  ['kubelet 占用 CPU 很高', 'cpu.saturated'],
  ['kubelet CPU 占用非常高', 'cpu.saturated'],
  ['a failing cronjob created thousands of pods on the node', 'cause:container_count'],
  ['Completed pods are piling up on the node', 'containers.exited_many'],
  ['the job kept creating pods until the node had 5000 of them', 'pods.many'],
  ['失败的 job 一直创建 pod，节点上有几千个 pod', 'pods.many'],
  ['容器显示运行但进程不存在', 'runtime.shim_mismatch'],
  ['the container shows Up but its process is gone', 'runtime.shim_mismatch'],
  ['docker ps says the container is running but there is no process', 'runtime.shim_mismatch'],
  ['the container is listed as Running but its PID no longer exists', 'runtime.shim_mismatch'],
  ['docker stop hangs forever', 'runtime.container_cmd_hang'],
  ['容器停不掉', 'runtime.kill_failed'],
  ['容器 kill 不掉', 'runtime.kill_failed'],
  ['the container cannot be killed', 'runtime.kill_failed'],
  ['docker kill does nothing, the container stays running', 'runtime.kill_failed'],
  ["after resizing the VM the kubelet won't start", 'kubelet.manager_state'],
  ['cpu_manager_state does not match after adding CPUs', 'kubelet.manager_state'],
  ['the kubelet fails to start after we changed the number of CPUs', 'kubelet.manager_state'],
  [
    'after adding memory to the node kubelet refuses to start because of memory_manager_state',
    'kubelet.manager_state',
  ],
  ['改了 CPU 核数后 kubelet 起不来', 'kubelet.manager_state'],
  ['节点扩容 CPU 和内存之后 kubelet 启动失败', 'kubelet.manager_state'],
  [
    'Worker nodes stop responding; pods are stuck Pending with Insufficient cpu and Insufficient memory',
    'node.overloaded',
  ],
  ['节点 NotReady，pod 一直 Pending，调度报 Insufficient memory', 'node.overloaded'],
  ['the nodes are unreachable via the API and SSH until rebooted from the console', 'network.disrupted'],
];

/** Sentences that must yield no cause: a pod's network, an app's inodes, a planned resize, negations, questions. */
const RED_HERRINGS: readonly string[] = [
  'the pod shows Running but the process in it restarted',
  'Completed pods are cleaned up by the TTL controller',
  "the node's default route points to the wrong gateway",
  'NetworkManager restarted',
  'the netplan config was applied',
  'the pod lost its IP address',
  "the pod's default route is missing inside its network namespace",
  'the calico pod network lost its default route',
  'Did the node lose its default route?',
  'the default route is still there',
  'the default route disappeared but came back a second later',
  'check the DHCP lease',
  'the DHCP lease has not expired',
  "we disabled NetworkManager so it doesn't conflict with systemd-networkd",
  'NetworkManager and systemd-networkd may conflict',
  'Is NetworkManager fighting with netplan?',
  'the netplan config was restored',
  'check the netplan config',
  'the CNI config in /etc/cni/net.d was deleted',
  'check the load balancer',
  'the load balancer health checks are passing',
  'the load balancer health checks for the ingress pods are failing',
  'the load balancer marks the pods unhealthy',
  "the app's PVC is out of inodes",
  'inode usage on the NFS volume of the database is 100%',
  'Are the inodes at 100%?',
  'inode usage is fine',
  '0/3 nodes are available: 3 Insufficient memory. pod is not ready',
  'Warning  FailedScheduling  0/5 nodes are available: 5 Insufficient cpu',
  'pods stuck Pending: Insufficient memory',
  "the kubelet's CPU request is 100m",
  'kubelet CPU usage is normal',
  'Is the kubelet using 100% CPU?',
  'the java process inside the container is gone but the container shows Running',
  'Is the container running with no process?',
  'the container is running and its process is there',
  "the container won't stop restarting",
  'we could stop the container without trouble',
  '容器停不掉吗？',
  'we plan to resize the VM and add more CPUs next week',
  'after resizing the VM the kubelet started fine',
  'resizing the node may make the kubelet fail to start',
  'we deleted the completed pods',
  'Are completed pods piling up?',
  'the job is creating pods normally',
  'the deployment scaled to 3 pods',
];

/** Sentences that yield other facts of their own but must not yield the one named. */
const NOT_THIS: readonly (readonly [string, FactId])[] = [
  ['containerd cannot be stopped with systemctl', 'runtime.kill_failed'],
  ['containerd shows running but there is no process for the shim', 'runtime.shim_mismatch'],
  ["we resized the disk and the kubelet won't start", 'kubelet.manager_state'],
  ['the kubelet cannot start after changing memory limits of the pods', 'kubelet.manager_state'],
  ["kubelet won't start because swap is on", 'kubelet.manager_state'],
  ['after adding CPUs, will the kubelet fail to start?', 'kubelet.manager_state'],
  ['the kubelet fails to start after the upgrade to 1.29', 'kubelet.manager_state'],
  ['Kubelet service was causing CPU 100% while it restarted in a loop', 'cpu.saturated'],
  ['0/5 nodes are available: 5 Insufficient cpu, so the pods are Not Ready', 'node.overloaded'],
  ['the nodes are unreachable from the pod over the API and SSH', 'network.disrupted'],
];

describe('description words (round 14): probe sentences', () => {
  it.each(PROBES)('%s -> %s', (line, want) => {
    if (want.startsWith('cause:')) expect(top(said(line))?.id, line).toBe(want.slice('cause:'.length));
    else expect(ids(said(line)), line).toContain(want as FactId);
  });

  it('a description alone never reaches a confident verdict', () => {
    for (const [line] of PROBES) expect(top(said(line))?.confidence ?? 0, line).toBeLessThan(0.7);
  });
});

describe('description words (round 14): red herrings', () => {
  it.each(RED_HERRINGS)('%s yields no cause', (line) => {
    expect(top(said(line)), line).toBeUndefined();
  });

  it.each(NOT_THIS)('%s does not yield %s', (line, fact) => {
    expect(ids(said(line)), line).not.toContain(fact);
  });
});

describe('end to end: words beside program lines', () => {
  it("the kubelet's own rejection of its CPU manager state after a resize names the known kubelet cause", () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            'E',
            'cpu_manager.go:223',
            '"Policy start error" err="current set of available CPUs \\"0-7\\" doesn\'t match with CPUs in state \\"0-3\\""',
          ),
          journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
        ].join('\n'),
        other: '改了 CPU 核数后 kubelet 起不来',
      },
    };
    expect(ids(bundle)).toContain('kubelet.manager_state');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it("the memory manager's rejection is read from its own message", () => {
    const line = klog(
      'E',
      'kubelet.go:1606',
      '"Failed to start ContainerManager" err="start memory manager error: [memorymanager] the expected machine state is different from the real one"',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.manager_state');
  });

  it("df -i output at 100 % on the runtime's filesystem, with the kubelet failing on no space, is starvation", () => {
    const bundle = {
      commandOutputs: {
        'df -i': [
          'Filesystem      Inodes   IUsed   IFree IUse% Mounted on',
          '/dev/sda1      6553600 6553600       0  100% /var/lib/containerd',
          'tmpfs           485303    1688  483615    1% /run',
        ].join('\n'),
      },
      logs: { other: 'kubelet 重启失败，提示 no space left on device，inode 耗尽' },
    };
    expect(ids(bundle)).toContain('disk.pressure');
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it('a container listed running with no process and a stop that never returns is the shim side', () => {
    const bundle = {
      logs: {
        other: [
          'docker ps shows the container Up but its process is gone',
          'docker stop hangs forever and the container cannot be killed',
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toEqual(expect.arrayContaining(['runtime.shim_mismatch', 'runtime.kill_failed']));
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('an address lost to two network managers, with remote shell gone too, is the node cut off', () => {
    const bundle = {
      logs: {
        other: [
          'NetworkManager and systemd-networkd are fighting over eth0',
          'eth0 lost its IP address after a few days and the nodes are unreachable via the API and SSH',
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('network.disrupted');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });
});
