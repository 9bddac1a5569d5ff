import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';

/** The facts a line of a person's notes gives. */
function read(line: string): FactSet {
  const facts = new FactSet();
  scanText(line, 'logs.other:1', 'unknown', facts);
  return facts;
}

const words = (text: string) => diagnose({ logs: { other: text } } as never);

/**
 * Round 27 (r27-words): the pairings a subject × state matrix found missing (the API server hung, the node's network
 * down or hung, the node dead, its CPU exhausted, systemd restarting, the disk hung, "停止工作", the kubelet 阻塞),
 * each from its words' definitions, and their near misses: a program on the node, a cluster down, a person's restart,
 * a state denied.
 */
const HITS: ReadonlyArray<readonly [string, string]> = [
  ['apiserver.down', 'The API server hangs.'],
  ['apiserver.down', 'kube-apiserver froze for ten minutes.'],
  ['apiserver.down', 'apiserver 卡住了'],
  ['network.disrupted', 'The node network went down at 10:02.'],
  ['network.disrupted', 'The network interface died.'],
  ['network.disrupted', 'The network hung.'],
  ['network.disrupted', '网卡卡住了'],
  ['node.unresponsive', 'The node died.'],
  ['node.unresponsive', 'The worker nodes went down one after the other.'],
  ['node.unresponsive', '节点宕机'],
  ['cpu.saturated', 'The CPU ran out.'],
  ['cpu.saturated', 'All cores were exhausted.'],
  ['systemd.reexecuted', 'systemd restarts every few minutes.'],
  ['systemd.reexecuted', 'systemd keeps restarting.'],
  ['io.saturated', 'The disk hung.'],
  ['io.saturated', 'The root filesystem froze.'],
  ['io.saturated', '磁盘卡住了'],
  ['runtime.service_failed', 'dockerd停止工作'],
  ['runtime.service_failed', 'containerd 停止运行了'],
  ['kubelet.dead', 'kubelet 停止工作'],
  ['kubelet.wedged', 'kubelet阻塞了'],
  ['kubelet.dead', 'The kubelet restarted by itself.'],
  ['kubelet.dead', 'The kubelet was restarted by systemd over and over.'],
  ['kubelet.dead', 'kubelet自己重启了'],
  ['runtime.service_failed', 'Dockerd restarts unexpectedly.'],
  ['systemd.reexecuted', 'After we upgraded systemd, the node went NotReady.'],
  ['systemd.reexecuted', 'The systemd package was updated and then all nodes were NotReady.'],
  ['systemd.reexecuted', '升级 systemd 后节点 NotReady'],
];

const MISSES: ReadonlyArray<readonly [string, string]> = [
  // A restart a person made, a change, a webhook's or a request's hang.
  ['apiserver.down', 'We restarted the apiserver after changing its flags.'],
  ['apiserver.down', 'Requests to the API server hang when the admission webhook times out.'],
  ['apiserver.down', 'The API server did not hang.'],
  // A network policy, the network plugin, a docker network.
  ['network.disrupted', 'The network policy stopped working after the upgrade.'],
  ['network.disrupted', 'The network plugin died on the new node.'],
  // A program on the node, a program named after nodes, a cluster down, a planned drain, the nodes said fine.
  ['node.unresponsive', 'aws-node on that node crashed with a panic.'],
  ['node.unresponsive', 'kube-ovn-cni running on the new node crashes.'],
  [
    'node.unresponsive',
    'Our staging cluster went down because someone deleted the namespace, nodes were fine.',
  ],
  ['node.unresponsive', 'The node was shut down for maintenance after we drained it.'],
  ['node.unresponsive', 'The node did not crash.'],
  // A pod's CPU limit.
  ['cpu.saturated', "The pod's CPU limit was exhausted."],
  // A unit systemd restarts, a person's restart of a unit.
  ['systemd.reexecuted', 'The kubelet was restarted by systemd over and over.'],
  ['systemd.reexecuted', 'kubelet 被 systemd 反复重启'],
  ['systemd.reexecuted', 'systemd-resolved keeps restarting.'],
  // A person's restart; systemd's cgroup driver or one of its daemons upgraded; a plan.
  ['kubelet.dead', 'We restarted the kubelet by itself, without the runtime.'],
  ['systemd.reexecuted', 'We upgraded systemd-resolved and the nodes went NotReady.'],
  ['systemd.reexecuted', 'We switched the kubelet to the systemd cgroup driver and the nodes went NotReady.'],
  ['systemd.reexecuted', 'We plan to upgrade systemd next week; will the nodes go NotReady?'],
  // A network filesystem or a mount hung: the storage stall's own pairing.
  ['io.saturated', 'The NFS disk hung.'],
  ['io.saturated', 'The disk did not hang.'],
  // A state's place denied.
  ['proc.dstate', 'Containerd is not in D state.'],
  ['proc.dstate', 'containerd不在 D 状态'],
];

describe('round 27: pairings the subject × state matrix found missing', () => {
  it.each(HITS)('%s ← %s', (fact, line) => {
    expect(read(line).ids()).toContain(fact);
  });

  it.each(MISSES)('not %s ← %s', (fact, line) => {
    expect(read(line).ids()).not.toContain(fact);
  });

  it('a description alone stays below the confident verdict', () => {
    for (const line of ['The node died.', 'The API server hangs.', 'The CPU ran out.', 'The disk hung.']) {
      expect(words(line).confidence, line).toBeLessThan(0.7);
    }
  });
});
