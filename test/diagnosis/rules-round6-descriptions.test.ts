import { describe, expect, it } from 'vitest';
import { STATES, SUBJECTS } from '../../shared/diagnosis/rules/descriptions.ts';
import { ids, top } from '../support/node-lines.ts';

// Round 6's miss classes (docs/accuracy.md), in the grammar of how people put what they saw: sentences are built
// from the grammar's own terms, not from any incident.

const said = (line: string) => ({ logs: { other: line } });

describe('a host that crashes or reboots by itself', () => {
  it('every crash or reboot word, said of the node, is the node gone from the control plane', () => {
    const { rebooting, restarting } = STATES;
    for (const state of [...rebooting.en, ...restarting.en])
      for (const node of ['the node', 'The worker nodes', 'the host']) {
        const line = `${node} ${state} every few hours since the upgrade`;
        expect(ids(said(line)), line).toContain('node.rebooting');
        expect(top(said(line))?.id, line).toBe('node_unreachable');
      }
    for (const state of [...rebooting.zh, ...restarting.zh])
      for (const node of SUBJECTS.node.zh) {
        const line = `${node}${state}，之后一直NotReady`;
        expect(ids(said(line)), line).toContain('node.rebooting');
      }
  });

  it("another program's crash on the node is not the node's", () => {
    for (const line of [
      'kube-proxy crashed on the node twice',
      'the pods on the node keep restarting',
      'node-exporter crashed on all workers',
      '节点上的kubelet反复重启',
      '节点上的容器不断重启',
      'the node did not reboot, it was the kubelet that crashed',
      '节点没有自动重启',
    ])
      expect(ids(said(line)), line).not.toContain('node.rebooting');
  });

  it('a hedge is a hypothesis', () => {
    expect(ids(said('a kernel panic may have rebooted the node'))).not.toContain('node.rebooting');
    expect(ids(said('节点可能宕机了'))).not.toContain('node.rebooting');
  });
});

describe('a node that stops answering, in more words', () => {
  it('not responsive, unreachable, lost contact', () => {
    for (const state of [
      'not responsive',
      'non-responsive',
      'was unreachable',
      'could not be reached',
      'lost contact',
    ]) {
      const line = `the node ${state} for ten minutes`;
      expect(ids(said(line)), line).toContain('node.unresponsive');
    }
    expect(ids(said('we lost contact with the node'))).toContain('node.unresponsive');
    expect(ids(said('节点失联了'))).toContain('node.unresponsive');
  });

  it("something unreachable from the node is the node's view of it, and the taint is the controller's word", () => {
    expect(ids(said('the registry was unreachable from the node'))).not.toContain('node.unresponsive');
    expect(ids(said('the node has the node.kubernetes.io/unreachable taint'))).not.toContain(
      'node.unresponsive',
    );
  });
});

describe('a control-plane server taken down', () => {
  it('stopped, shut down or taken offline, as a host or a service, in either order and in Chinese', () => {
    for (const line of [
      'we shut down one of the master nodes and the other nodes went NotReady',
      'after stopping rke2-server on the first server, the agents went NotReady',
      'the k3s server was taken offline for maintenance',
      'The control-plane node was powered off at 10:02',
      '停掉了一台master之后，其他节点NotReady',
      '主节点关机后所有节点NotReady',
    ]) {
      expect(ids(said(line)), line).toContain('apiserver.down');
      expect(top(said(line))?.id, line).toBe('node_unreachable');
    }
  });

  it("a program on the server, an agent, or a node the control plane saw stop, is not the server's outage", () => {
    for (const line of [
      "the master node's kubelet stopped",
      'the control plane saw node-3 stopped posting status',
      'the k3s agent on worker-2 stopped',
      'the node was unreachable from the control plane',
      'master节点上的容器停止了',
    ])
      expect(ids(said(line)), line).not.toContain('apiserver.down');
  });

  it('a hedge or a denial is not an outage', () => {
    expect(ids(said('the master node may have gone down'))).not.toContain('apiserver.down');
    expect(ids(said('the control plane was never stopped'))).not.toContain('apiserver.down');
  });
});

describe('heavy load fired at the cluster', () => {
  it('a load or stress test, a benchmark or a traffic spike, then nodes that give way, is starvation', () => {
    for (const load of SUBJECTS.load.en)
      for (const state of ['went NotReady', 'became unresponsive', 'were not responsive']) {
        const line = `During the ${load} three nodes ${state} and never came back.`;
        expect(ids(said(line)), line).toContain('node.overloaded');
        expect(top(said(line))?.id, line).toBe('resource_starvation');
      }
    for (const load of SUBJECTS.load.zh) {
      const line = `${load}期间节点NotReady`;
      expect(ids(said(line)), line).toContain('node.overloaded');
    }
  });

  it('with its memory or CPU, the load is memory exhausted or CPU saturated', () => {
    expect(ids(said('the load test used too much memory'))).toContain('mem.exhausted');
    expect(ids(said('the stress test pegged the CPUs'))).toContain('cpu.saturated');
    expect(ids(said('压测时内存暴涨'))).toContain('mem.exhausted');
  });

  it('a hedge or a node that held is not the load taking the node down', () => {
    for (const line of [
      'a load test could cause nodes to go NotReady',
      'the load test did not make any node NotReady',
      'during the stress test every node stayed Ready',
      '压测期间节点都正常',
    ])
      expect(ids(said(line)), line).not.toContain('node.overloaded');
  });
});

describe('a daemon in uninterruptible sleep, in words', () => {
  it('the runtime in D state is a hang below it; the kubelet in D state is a process blocked in the kernel', () => {
    for (const runtime of ['dockerd', 'containerd', 'crio'])
      for (const state of STATES.dState.en) {
        const line = `${runtime} was ${state} and only a forced reboot cleared it`;
        expect(ids(said(line)), line).toContain('kernel.hung_task_runtime');
        expect(top(said(line))?.id, line).toBe('zombie_shim_hang');
      }
    expect(ids(said('dockerd 进程处于D状态'))).toContain('kernel.hung_task_runtime');
    expect(ids(said('the kubelet process is in uninterruptible sleep'))).toContain('proc.dstate');
  });

  it("the watchdog's hard lockup and a denial are not a task asleep", () => {
    expect(ids(said('containerd hit a hard lockup on CPU 3'))).not.toContain('kernel.hung_task_runtime');
    expect(ids(said('dockerd was not in D state'))).not.toContain('kernel.hung_task_runtime');
  });
});

describe('a one-letter state keeps its case', () => {
  it('"D state" is not the end of "a stopped state" or "a bugged state"', () => {
    for (const line of [
      'containerd gets into a stopped state',
      'the runtime ended up in a bugged state',
      'the process stays in a failed state',
    ]) {
      const facts = ids(said(line));
      expect(facts, line).not.toContain('kernel.hung_task_runtime');
      expect(facts, line).not.toContain('proc.dstate');
    }
    expect(ids(said('the process stays in D state'))).toContain('proc.dstate');
  });
});

describe('PLEG in a sentence, and resources found normal', () => {
  it('PLEG said to time out or be unhealthy, in Chinese and English, is the PLEG line', () => {
    for (const state of [...STATES.hangs.zh, ...STATES.unhealthy.zh])
      expect(ids(said(`节点上PLEG${state}`)), state).toContain('pleg.unhealthy');
    expect(ids(said('kubelet 日志显示 pleg 超时'))).toContain('pleg.unhealthy');
    expect(ids(said('PLEG was unhealthy for ten minutes'))).toContain('pleg.unhealthy');
    expect(ids(said('PLEG 可能超时'))).not.toContain('pleg.unhealthy');
  });

  it('CPU and memory described as normal count against starvation', () => {
    for (const line of [
      'CPU and memory looked normal the whole time',
      'resources were fine',
      'CPU和内存正常',
      '资源使用没有异常',
    ])
      expect(ids(said(line)), line).toContain('resources.normal');
    const load = 'During the load test the nodes went NotReady.';
    const starved = top(said(load));
    expect(starved?.id).toBe('resource_starvation');
    const checked = top(said(`${load}\nCPU and memory looked normal the whole time.`));
    expect(checked?.id === 'resource_starvation' ? checked.confidence : 0).toBeLessThan(
      starved?.confidence ?? 0,
    );
  });

  it('back to normal, abnormal, and the kubelet’s condition events are not a check found normal', () => {
    for (const line of [
      'memory usage returned to normal after the reboot',
      'memory usage was abnormal',
      'CPU和内存使用率不正常',
      'Normal  NodeHasSufficientMemory  5m  kubelet  Node worker-1 status is now: NodeHasSufficientMemory',
    ])
      expect(ids(said(line)), line).not.toContain('resources.normal');
  });
});

describe('a command and a state, bound within one sentence and one subject', () => {
  it('systemctl or busctl said to hang is systemd not answering', () => {
    for (const line of [
      'systemctl hangs',
      'systemctl status containerd hangs for minutes',
      'systemctl restart kubelet.service timed out',
      'Running systemctl status never returns',
      'systemctl daemon-reload 卡住',
      'busctl call to PID 1 is stuck',
      'we tried again and systemctl status docker hung',
    ])
      expect(ids(said(line)), line).toContain('systemd.cmd_hang');
  });

  it('a command a person ran or suggests, or a state said of another subject, is not systemd hanging', () => {
    for (const line of [
      'If you do systemctl restart kubelet the pods are stuck in Terminating',
      'after running systemctl restart kubelet they were stuck',
      'we ran systemctl restart docker and the pods stayed stuck',
      'You can run systemctl restart kubelet when a node is stuck',
      'Try systemctl restart containerd if a container hangs',
      'restart with systemctl restart kubelet whenever the relist is stuck',
      'systemctl restart kubelet. Pods were stuck afterwards',
      'systemctl restart kubelet, and it was stuck again within minutes',
    ])
      expect(ids(said(line)), line).not.toContain('systemd.cmd_hang');
  });

  it('docker ps and a per-container command: the state within the sentence, another subject for docker ps', () => {
    expect(ids(said('docker ps hangs forever'))).toContain('runtime.cmd_hang');
    expect(ids(said('crictl ps on the node never returns'))).toContain('runtime.cmd_hang');
    // crictl is the command's name only (the grammar's runtime subject is the daemon, and reads its own sentences).
    expect(ids(said('we checked crictl ps, the pods were stuck'))).not.toContain('runtime.cmd_hang');
    expect(ids(said('crictl ps worked. The pods hung later'))).not.toContain('runtime.cmd_hang');
    expect(ids(said('docker inspect on that container hangs'))).toContain('runtime.container_cmd_hang');
    expect(ids(said('docker stop returned at once. Then the app hung'))).not.toContain(
      'runtime.container_cmd_hang',
    );
  });
});
