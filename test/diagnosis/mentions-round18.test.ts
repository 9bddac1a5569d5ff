import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { sentenceAround } from '../../shared/diagnosis/rules/descriptions.ts';
import { ids } from '../support/node-lines.ts';

// Round 18 (docs/accuracy.md class 3, "people's descriptions the engine does not read"), the description side. A
// person's paragraph is one line of many statements: a hedge, a question, a supposition or an advice qualifies its
// own sentence, not its neighbours (Signature.unlessSaid). Sentences written from the mechanisms' definitions.

const bundle = (text: string) => ({ logs: { other: text } });
const said = (text: string) => diagnose(bundle(text) as never);

describe('round 18: a hedge, a question or an advice qualifies its own sentence', () => {
  it.each([
    // Another sentence's hedge does not take back what this one says.
    'It might be a kernel bug. Disk IOPS was maxed out on the node and it went NotReady.',
    'Other providers may see the same. The node was not reachable via SSH and stayed NotReady.',
    '可能是内核的问题。磁盘 IOPS 一直打满，节点 NotReady。',
    // A question elsewhere in the paragraph: the statement before it stands.
    'The kubelet.service is loaded but not running. Why is it not running after the reboot?',
    // An expectation ("should") said in another sentence.
    'The node has high memory pressure from pods without memory limits. The kubelet should have evicted them.',
  ])('%s', (text) => {
    expect(said(text).causes.length).toBeGreaterThan(0);
  });

  it.each([
    // The hedge in the statement's own sentence.
    'Disk IOPS might be maxed out on the node.',
    '磁盘 IOPS 可能打满了。',
    'Maybe the node was not reachable via SSH?',
    'Is the kubelet service loaded but not running?',
    // Advice in its own sentence.
    'You should check whether disk IOPS is maxed out.',
    // A subject that is not the node sets the whole paragraph apart, whatever the sentence.
    'This is on my laptop. Disk IOPS was maxed out.',
  ])('still silent: %s', (text) => {
    expect(said(text).causes).toEqual([]);
  });

  it('a full stop that closes an abbreviation ("e.g. the …") does not end the hedge', () => {
    const line = 'Usual suspects, e.g. the disk IOPS maxed out, were not it.';
    const { from, to } = sentenceAround(line, line.indexOf('disk'), line.indexOf('maxed'));
    // The sentence runs to the mark that closes it (the final full stop).
    expect(line.slice(from, to + 1)).toBe(line);
    expect(said('Usual suspects, e.g. the disk IOPS maxed out.').causes).toEqual([]);
  });

  it('a sentence ends at a full stop before a capital, a semicolon, or the Chinese and Japanese marks', () => {
    const line = 'A might be. B happened; C too。D';
    const at = line.indexOf('B');
    const { from, to } = sentenceAround(line, at, at + 1);
    expect(line.slice(from, to + 1)).toBe(' B happened;');
    const c = line.indexOf('C');
    const second = sentenceAround(line, c, c + 1);
    expect(line.slice(second.from, second.to + 1)).toBe(' C too。');
  });
});

// The terms' own definitions: the Kubernetes QoS classes and resource limits, top(1)/uptime(1) and proc(5) loadavg,
// the kubelet's node-status writer (nodestatus/setters.go VersionInfo), proc(5) file-nr/file-max and node_exporter's
// filefd collector, the kubelet's syncLoop, reboot(2)/kernel panic, docker_images(1).
describe('round 18: things × states the on-call engineer reads at once', () => {
  const READ: readonly (readonly [string, FactId])[] = [
    // A workload's memory or CPU use (the grammar: workload × memoryHungry, workload × highUsage).
    ['When our applications consume too much memory, the nodes lose readiness.', 'mem.exhausted'],
    ['After high memory usage for a pod with Burstable QoS the node goes NotReady.', 'workload.intensive'],
    ['The batch jobs showed high CPU usage on every node of the pool.', 'workload.intensive'],
    ['业务 Pod 内存占用很高，节点随后 NotReady。', 'workload.intensive'],
    ['アプリのPodがメモリを大量に消費していました。', 'workload.intensive'],
    // Pods without limits (QoS BestEffort, limits unset).
    ['The deployment runs stress-ng with no resources set.', 'pods.unbounded'],
    [
      'Nodes flip to NotReady under memory pressure caused by pods with unset memory limits.',
      'pods.unbounded',
    ],
    ['Most of the pods on the node were BestEffort pods.', 'pods.unbounded'],
    ['这些 Pod 都没有设置内存限制。', 'pods.unbounded'],
    ['ワーカーのPodはリソース制限なしで動いていました。', 'pods.unbounded'],
    // The node's CPU said high, the load average spiking.
    ['Worker nodes experience high CPU load from system processes that keeps increasing.', 'cpu.saturated'],
    ['节点 CPU 使用率很高，kubelet 响应变慢。', 'cpu.saturated'],
    ['On an n1-highmem-16 we would see load spike to over 100.', 'cpu.saturated'],
    ['节点负载飙到 120，ssh 都很卡。', 'cpu.saturated'],
    // Load at the service's busiest hours (load × fellOver).
    ['The blog backend returned 502 at peak traffic and the node went NotReady.', 'node.overloaded'],
    ['博客后台在访问高峰多次出现 502，集群中的 node 变为 NotReady。', 'node.overloaded'],
    [
      'After firing heavy load on the cluster, the nodes are going in the Not Ready state.',
      'node.overloaded',
    ],
    // The runtime's version the kubelet could not get.
    ['kubectl get nodes shows the docker version to be unknown: docker://Unknown.', 'runtime.down'],
    ['The CONTAINER-RUNTIME column says containerd://unknown for the NotReady node.', 'runtime.down'],
    // Hosts that crash and come back.
    ['All worker nodes entered a recurring crash and reboot.', 'node.rebooting'],
    ['The VMs were stuck in a boot loop after the kernel update.', 'node.rebooting'],
    // The open-file table.
    ['宿主 fd 利用率超过 80%，登录查看 dockerd 内存使用 26G。', 'fd.near_limit'],
    ['File descriptor usage on the host was at 95%.', 'fd.near_limit'],
    [
      'node_filefd_allocated increased dramatically, and with the max being hit the nodes went NotReady.',
      'fd.file_max',
    ],
    // The kubelet's main loop.
    ["The kubelet's syncLoop was not running, but the kubelet still said it was healthy.", 'kubelet.wedged'],
    // A runtime-wide command that takes minutes; pods kept in a transitional state.
    ['docker images is taking minutes to return anything.', 'runtime.cmd_hang'],
    ["The pods don't get deleted and stay in the Terminating status indefinitely.", 'runtime.pods_stuck'],
    // The node lost, its pods still listed Running; reaching it impossible.
    [
      '节点 NotReady 后不驱逐 pod，kubectl get pods 仍然显示之前的 pod 处于 running 状态。',
      'node.pods_running_while_lost',
    ],
    ['Networking was gone, which made it impossible to log into the worker nodes.', 'node.unresponsive'],
    // A runtime daemon absent from the process table (ps(1)); the kernel's panic with the host rebooting.
    ['Once I got a shell, there was simply no dockerd in ps.', 'runtime.service_failed'],
    ['ps shows no containerd process at all.', 'runtime.service_failed'],
    ['ps 里看不到 dockerd 进程。', 'runtime.service_failed'],
    ['containerdのプロセスがなかった。', 'runtime.service_failed'],
    ['Kernel panic on the node, it rebooted three times tonight.', 'node.rebooting'],
    ['カーネルパニックでノードが再起動した。', 'node.rebooting'],
  ];
  it.each(READ)('%s -> %s', (line, fact) => {
    expect(ids(bundle(line)), line).toContain(fact);
  });

  it('a description alone never reaches a confident verdict', () => {
    for (const [line] of READ) expect(said(line).confidence, line).toBeLessThan(0.7);
  });

  it('vague states stay leads: high CPU, a workload using much memory, a load spike alone reach 0.5 at most', () => {
    for (const line of [
      'Worker nodes experience high CPU load from system processes that keeps increasing.',
      'After high memory usage for a pod with Burstable QoS the node goes NotReady.',
      'On an n1-highmem-16 we would see load spike to over 100.',
    ])
      expect(said(line).confidence, line).toBeLessThanOrEqual(0.5);
  });

  it.each([
    // Denied, asked, advised, about something else.
    'We checked: no high memory usage on any pod.',
    'Should pods run with no memory limits?',
    'You should never run BestEffort pods in production.',
    'A LimitRange enforces memory limits, so no pod runs without limits.',
    "The API server's CPU usage is very high.",
    "The pod's CPU usage is high, at its limit.",
    'The load balancer hit 500 connections.',
    'We ran a load test with 200 users.',
    'We raised fs.file-max to the maximum.',
    'The application uses 85% of its file descriptors.',
    'The container was in a crash loop and reboot after reboot of the pod did not help.',
    'docker images is slow.',
    'The pods stayed in Terminating for a few seconds.',
    'During a traffic surge the cluster autoscaler added nodes but they remained NotReady.',
    'The runtime version is 1.6.20; docker version unknown to me.',
    'We have reboot loop protection enabled on the process supervisor.',
    'We triggered a kernel panic with sysrq on a test VM and it rebooted.',
    'We had a kernel panic on a test VM last year.',
    'There is no containerd in this setup, only docker.',
  ])('silent: %s', (line) => {
    expect(said(line).verdict, line).toBe('unknown');
  });

  it.each([
    "The API server's CPU usage is very high.",
    "The pod's CPU usage is high, at its limit.",
    'The load balancer hit 500 connections.',
    'We raised fs.file-max to the maximum.',
    'The application uses 85% of its file descriptors.',
    'You should never run BestEffort pods in production.',
    'docker images is slow.',
  ])('no fact of its mechanism: %s', (line) => {
    const read = ids(bundle(line));
    for (const fact of [
      'cpu.saturated',
      'fd.near_limit',
      'fd.file_max',
      'pods.unbounded',
      'runtime.cmd_hang',
    ])
      expect(read, line).not.toContain(fact);
  });
});

describe('round 18: a reboot, an upgrade or a reinstall followed by NotReady is a question, not a cause', () => {
  const asks = (text: string) =>
    (said(text).missing ?? []).some((m) =>
      m.what.startsWith("what the kubelet's and the runtime's units did"),
    );
  it.each([
    'After I rebooted the worker node it stays NotReady.',
    'if I reboot worker node then it becomes in "NotReady" status.',
    'When we updated from release 1.51 to 1.52 we got node notReady for a long time.',
    'Once the machine was up again, kubectl reported it as NotReady.',
    'Node-0 was NotReady after restart, while Node-1 worked.',
    'VM 重启后节点一直 NotReady。',
    '升级之后节点一直无法 ready。',
    '再起動した後、ノードが NotReady のままです。',
  ])('%s', (text) => {
    expect(asks(text)).toBe(true);
  });
  it('the question records no fact of its own', () => {
    expect(said('After I rebooted the worker node it stays NotReady.').causes).toEqual([]);
    expect(said('When we upgraded to 1.52 the nodes went notReady.').causes).toEqual([]);
  });
  it.each([
    'The nodes were upgraded last week and work fine.',
    'We rebooted the node and it came back Ready.',
    'The node is NotReady.',
  ])('no question: %s', (text) => {
    expect(asks(text)).toBe(false);
  });

  it('the hour said again on later days, or NotReady every hour, asks what runs then', () => {
    const hour = (text: string) =>
      (said(text).missing ?? []).some((m) => m.what.startsWith('what runs on the node at that hour'));
    expect(
      hour('Nodes went NotReady at 06:00 UTC. The same thing happened again around 06:00 UTC the next day.'),
    ).toBe(true);
    expect(hour('A NodeNotReady state every hour since Monday.')).toBe(true);
    expect(hour('We back up etcd every hour.')).toBe(false);
  });
});
