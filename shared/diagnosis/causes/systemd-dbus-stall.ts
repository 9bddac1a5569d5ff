import { change, cordonAndDrain, outOfService, read, uncordon } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import { RUNC_STACKS } from './runc-stacks.ts';
import type { CauseModule } from './types.ts';

export const systemdDbusStall: CauseModule = {
  id: 'systemd_dbus_stall',
  title: 'systemd / D-Bus not answering',
  explains: ['runtime_down', 'zombie_shim_hang'],
  // A daemon whose goroutines pile up in the D-Bus library runs out of what the pile holds (Go's thread limit, its
  // memory) and dies: the kubelet's Go fatal is then the D-Bus stall's consequence, not a kubelet bug of its own.
  explainsWhen: [{ cause: 'kubelet_defect', fact: 'systemd.dbus_blocked' }],
  support: [
    { fact: 'systemd.dbus_timeout', weight: 3.5 },
    { fact: 'systemd.cmd_hang', weight: 3 },
    { fact: 'systemd.busy', weight: 2.5 },
    { fact: 'systemd.scope_pileup', weight: 1.5 },
    { fact: 'systemd.known_defect', weight: 1.5 },
    { fact: 'systemd.mountinfo_churn', weight: 1 },
    // The table itself counted at tens of thousands (extract/commands.ts mountTableSize): what PID 1 re-parses on
    // every mount change; a lead that systemd.busy or a bus timeout beside it confirms.
    { fact: 'mount.table_large', weight: 1.5 },
    { fact: 'systemd.dbus_full_queue', weight: 3.5 },
    { fact: 'systemd.crashed', weight: 3.5 },
    { fact: 'systemd.dbus_disconnected', weight: 3 },
    // A goroutine dump's pile in godbus's delivery or call paths: the bus's other end not draining or not answering.
    { fact: 'systemd.dbus_blocked', weight: 3 },
    { fact: 'systemd.reexecuted', weight: 1 },
    { fact: 'systemd.scope_failed', weight: 2 },
    { fact: 'systemd.unit_exists', weight: 1 },
    { fact: 'runtime.shim_start_failed', weight: 0.5 },
  ],
  against: competingDefects('systemd_dbus_stall'),
  summary: () =>
    'systemd (PID 1) is not answering D-Bus: runc cannot create or remove container scopes, so container operations and relist hang.',
  chain: ({ facts }) => [
    'With the systemd cgroup driver, runc asks systemd over D-Bus to create a scope unit for every container start and exec, and to remove it afterwards.',
    facts.has('systemd.busy') || facts.has('systemd.mountinfo_churn') || facts.has('mount.table_large')
      ? 'systemd is saturated (single-threaded, re-parsing mount tables or handling a flood of scope units) and stops answering in time.'
      : 'systemd stops replying on D-Bus (org.freedesktop.systemd1 gives no reply) while the bus itself still works.',
    'runc blocks waiting for systemd, containerd/dockerd calls block on runc, and relist blocks on the runtime.',
    'Root cause: systemd/D-Bus; `systemctl daemon-reexec` restores it, a systemd upgrade keeps it from recurring.',
  ],
  commands: ({ node }) => [
    read(
      'node',
      'timeout 5 busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.DBus.Peer Ping',
      'does PID 1 answer D-Bus at all',
    ),
    read(
      'node',
      'timeout 10 systemctl list-units --type=scope --no-legend | wc -l',
      'how many scope units exist',
    ),
    read('node', 'top -b -n 1 -p 1', 'CPU use of systemd (PID 1)'),
    read('node', 'systemctl --version | head -n 1', 'systemd version (old releases have known D-Bus stalls)'),
    change(
      'node',
      'timeout 60 systemctl daemon-reexec',
      're-execute systemd; services keep running. If it times out, PID 1 itself is blocked (cat /proc/1/stack): reboot',
    ),
    ...cordonAndDrain(node),
    ...outOfService(node),
    change(
      'node',
      'systemctl reboot --force',
      'if systemd stays unresponsive (a normal reboot asks the unresponsive systemd), or after upgrading it',
    ),
    uncordon(node),
  ],
  probes: [
    // Round 22: runc's create or init stage that never exits waits in the kernel or on systemd's answer to the cgroup
    // driver: its kernel stack says which, and the service manager's release whether a known D-Bus defect is there.
    {
      what: "runc processes that never exit: their kernel stacks and the service manager's release",
      fills: ['commandOutputs', 'host'],
      how: () => RUNC_STACKS,
    },
    {
      what: 'whether systemd answers D-Bus',
      fills: ['commandOutputs', 'host'],
      how: () =>
        'timeout 5 busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.DBus.Peer Ping',
    },
  ],
};
