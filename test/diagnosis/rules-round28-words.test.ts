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
const asked = (text: string) => words(text).missing.map((m) => m.what);

/**
 * Round 28 (r28-words): people's words for a hostname changed under the kubelet (its certificate still names the old
 * node: NodeRestriction's admitNode and the Node authorizer refuse it), a watchdog timer resetting a starved host, one
 * datastore member slow behind the API servers, and the system bus's restart as a noun; sentences built from the
 * grammar (subject × state) and the words' definitions, with near misses beside each.
 */
const HITS: ReadonlyArray<readonly [string, string]> = [
  ['node.hostname_changed', "The machine's hostname changed after a reboot."],
  ['node.hostname_changed', 'After the reboot the hostname was reset to the cloud default.'],
  ['node.hostname_changed', 'cloud-init reset the hostname at boot.'],
  ['node.hostname_changed', 'The DHCP server handed out a new hostname after the reboot.'],
  ['node.hostname_changed', 'The hostname no longer matches the node name.'],
  ['node.hostname_changed', '重启后主机名变了。'],
  ['node.hostname_changed', 'cloud-init 在开机时改了主机名。'],
  ['node.hostname_changed', 'DHCP 分配了新的主机名。'],
  ['node.watchdog_reset', "Then the host's watchdog rebooted the machine."],
  ['node.watchdog_reset', 'The hardware watchdog reset the server.'],
  ['node.watchdog_reset', 'The node was rebooted by the hypervisor watchdog.'],
  ['node.watchdog_reset', '宿主机的 watchdog 把机器重启了。'],
  ['node.watchdog_reset', '看门狗把节点重启了'],
  ['etcd.member_slow', 'One etcd member was slow.'],
  ['etcd.member_slow', 'The etcd member on cp-2 had high latency.'],
  ['etcd.member_slow', 'The datastore member was lagging behind the leader.'],
  ['etcd.member_slow', '有一个 etcd 成员很慢。'],
  ['systemd.dbus_disconnected', 'After the dbus restart, new pods could not start.'],
  ['systemd.dbus_disconnected', 'A dbus-daemon restart broke pod creation.'],
];

const MISSES: ReadonlyArray<readonly [string, string]> = [
  // A person's act on a template, the pods' own names, a name said not to have changed.
  ['node.hostname_changed', 'We changed the hostname in our runbook template.'],
  ['node.hostname_changed', "The pod's hostname changed after the StatefulSet was recreated."],
  ['node.hostname_changed', 'The hostname did not change after the reboot.'],
  ['node.hostname_changed', 'Check whether the hostname changed.'],
  ['node.hostname_changed', 'Run hostnamectl status to see the hostname.'],
  // A program named after a watchdog (its own rule), the kernel's lockup detectors, a watchdog as a plan.
  ['node.watchdog_reset', 'Our node-watchdog script rebooted the node.'],
  ['node.watchdog_reset', 'The NMI watchdog rebooted the node after a hard LOCKUP.'],
  ['node.watchdog_reset', 'If the host hangs, the hardware watchdog will reset the machine.'],
  // The datastore's tools and backups, a member said to be fine, a past episode.
  ['etcd.member_slow', 'etcdctl was slow to print the table.'],
  ['etcd.member_slow', 'The etcd backup is slow.'],
  ['etcd.member_slow', 'The etcd member was not slow.'],
  ['etcd.member_slow', 'The etcd member on cp-2 was slow last month but it was replaced.'],
  // Restart as a plan, the bus not restarted.
  ['systemd.dbus_disconnected', 'Do not restart dbus on a node.'],
  ['systemd.dbus_disconnected', 'Pods failed to start without a dbus restart.'],
];

describe('round 28 words: hits', () => {
  it.each(HITS)('%s: %s', (fact, line) => {
    expect(read(line).has(fact as never)).toBe(true);
  });
});

describe('round 28 words: near misses', () => {
  it.each(MISSES)('not %s: %s', (fact, line) => {
    expect(read(line).has(fact as never)).toBe(false);
  });
});

describe('round 28 words: the causes they reach', () => {
  it('a hostname changed at boot names the node cut off, held below the confident bar', () => {
    const d = words(
      'The machine hostname changed after a reboot, and since then the node has been NotReady.',
    );
    expect(d.verdict).toBe('node_unreachable');
    expect(d.confidence).toBeLessThan(0.7);
  });

  it("the CPU at its ceiling and the host's watchdog resetting the machine name starvation", () => {
    const d = words("The CPU was pinned at 100% and then the host's watchdog rebooted the machine.");
    expect(d.verdict).toBe('resource_starvation');
    expect(d.confidence).toBeLessThan(0.7);
  });

  it('a watchdog reset alone is a lead, not a verdict', () => {
    expect(words('The hardware watchdog reset the server.').verdict).toBe('unknown');
  });

  it('one slow datastore member with nodes NotReady names the node cut off', () => {
    const d = words('One etcd member was slow and every node behind it went NotReady.');
    expect(d.verdict).toBe('node_unreachable');
    expect(d.confidence).toBeLessThan(0.7);
  });

  it('zombies left by a probe until PIDs run out are starvation, not a stuck shim', () => {
    expect(
      words('Defunct processes left by the liveness probe piled up until the node ran out of PIDs.').verdict,
    ).toBe('resource_starvation');
  });

  it('the bus restarted and pods not starting after it name the D-Bus stall', () => {
    expect(words('After the dbus restart, new pods could not start.').verdict).toBe('systemd_dbus_stall');
  });
});

describe('round 28 asks', () => {
  it('asks for inotify limits and use when workers freeze as pods start', () => {
    const ask = (t: string) => asked(t).some((w) => w.includes('inotify'));
    expect(ask('The workers freeze every time a new pod starts.')).toBe(true);
    expect(ask('Pod creation hangs on the workers.')).toBe(true);
    expect(ask('启动 Pod 时节点卡住了。')).toBe(true);
    expect(ask('The workers freeze every time a new pod starts; max_user_instances is 8192.')).toBe(false);
    expect(ask('The pods start fine.')).toBe(false);
  });

  it("asks for each datastore member's latency when nodes are NotReady behind one control-plane member", () => {
    const ask = (t: string) => asked(t).some((w) => w.includes('datastore member'));
    expect(ask('The nodes connected to one control-plane node went NotReady.')).toBe(true);
    expect(ask('One etcd member was slow.')).toBe(true);
    expect(ask('The nodes went NotReady.')).toBe(false);
    expect(ask('One etcd member was slow; etcdctl endpoint status shows it.')).toBe(false);
  });
});
