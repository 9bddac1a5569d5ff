import { describe, expect, it } from 'vitest';
import { OBSERVATION_RULES } from '../../shared/diagnosis/rules/observations.ts';
import { ids, top } from '../support/node-lines.ts';
import { itReadsSentences } from '../support/sentences.ts';

/**
 * Round 26 (r26-sandbox): the runtime's and the kernel's side of creating a sandbox, read through the chain an
 * engineer follows. Lines built from the programs' format strings (containerd internal/registrar and pkg/netns, moby
 * daemon/names.go, linux net/core/neighbour.c neigh_alloc, runc libcontainer/nsenter/nsexec.c), not from any incident.
 */

const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const reserved = (pod: string) =>
  `Warning FailedCreatePodSandBox pod/${pod} Failed to create pod sandbox: rpc error: code = Unknown desc = failed to reserve sandbox name "${pod}_default_1a2b_0": name "${pod}_default_1a2b_0" is reserved for "${CID}"`;

describe('sandbox names the runtime still holds', () => {
  it('beside a reboot, the runtime keeping its sandboxes from before it: runtime_down over the reboot', () => {
    const bundle = {
      logs: {
        other: [
          'All nodes were rebooted for a kernel update; they came back Ready but pods stay ContainerCreating.',
          reserved('db-0'),
          reserved('web-1'),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.names_held_over_reboot');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('without a reboot, a name held is a create still in flight, not a store kept over a shutdown', () => {
    expect(ids({ logs: { other: reserved('db-0') } })).not.toContain('runtime.names_held_over_reboot');
  });
});

describe("the kernel refusing a sandbox's network namespace", () => {
  it('ENOMEM from the namespace is the network plugin leaking them, not the node out of memory', () => {
    const bundle = {
      logs: {
        containerd: `time="2026-11-23T10:01:02Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,Uid:1a2b,Namespace:default,Attempt:0,} failed, error" error="failed to create network namespace for sandbox \\"${CID}\\": failed to create namespace: cannot allocate memory"`,
      },
    };
    expect(ids(bundle)).toContain('ns.create_refused');
    expect(top(bundle)?.id).toBe('cni_hang');
  });
});

describe("the kernel's neighbour table overflowing", () => {
  it('under a network plugin, its layer failing: cni_hang', () => {
    const bundle = {
      logs: {
        kernel: 'neighbour: arp_cache: neighbor table overflow!',
        other: 'the calico-node pod on the node cannot become ready',
      },
    };
    expect(ids(bundle)).toContain('cni.neigh_overflow');
    expect(top(bundle)?.id).toBe('cni_hang');
  });

  it('with no network plugin named, the node unable to reach its neighbours: node_unreachable', () => {
    const bundle = { logs: { kernel: 'neighbour: arp_cache: neighbor table overflow!' } };
    expect(ids(bundle)).not.toContain('cni.neigh_overflow');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });
});

describe('the low-level runtime unable to join a namespace', () => {
  it("every create failing to join the sandbox's namespaces ranks the runtime", () => {
    const bundle = {
      logs: {
        containerd: `time="2026-11-23T10:01:02Z" level=error msg="nsexec-1[4321]: failed to open /proc/4242/ns/ipc: No such file or directory"`,
      },
    };
    expect(ids(bundle)).toContain('runc.join_ns_missing');
    expect(top(bundle)?.id).toBe('runtime_down');
  });
});

// The runtime's kept state in words: its state wiped as the remedy, pods failing after every hard reboot (EN, ZH).
const KEPT = OBSERVATION_RULES.filter((rule) => rule.fact === 'runtime.state_kept');

const HITS: ReadonlyArray<readonly [string, string]> = [
  ['runtime.state_kept', 'Wiping /var/lib/containerd and starting containerd again let the pods start.'],
  ['runtime.state_kept', "We cleared the runtime's state and the sandboxes were created."],
  ['runtime.state_kept', 'It was fixed after rm -rf /var/lib/docker on the worker.'],
  ['runtime.state_kept', '清理 containerd 的状态数据后 pod 恢复正常。'],
  ['runtime.state_kept', 'After every hard reboot the stateful pods are stuck in ContainerCreating.'],
  ['runtime.state_kept', 'Pods never start again after each unclean restart of the node.'],
  ['runtime.state_kept', '每次异常断电后节点上的 pod 都起不来。'],
];

const MISSES: ReadonlyArray<readonly [string, string]> = [
  // Another object's state, a question, a plan; pods failing after a reboot once, or for the network plugin.
  ['runtime.state_kept', 'We cleared the browser cache and the dashboard loaded.'],
  ['runtime.state_kept', "Should we wipe /var/lib/containerd if the runtime's state is corrupt?"],
  ['runtime.state_kept', 'After the reboot the pods were stuck in ContainerCreating for a minute.'],
  [
    'runtime.state_kept',
    'After every reboot the pods are stuck in ContainerCreating until the CNI config is written.',
  ],
  ['runtime.state_kept', '每次重启后都要等一会儿。'],
];

describe("the runtime's kept state, in words", () => {
  itReadsSentences(HITS, MISSES, KEPT);
});
