import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

/**
 * Round 10's kernel and process-table classes (docs/accuracy.md, "Round 10", classes 1 and 3), read from the
 * programs' sources: the memory controller out of cgroup IDs (mm/memcontrol.c), inotify instances counted per process
 * against the per-user limit (inotify(7)), the node's own interface lost by its driver (net/sched/sch_generic.c,
 * drivers/net/usb/usbnet.c, the ENA driver), and the runtime's and shims' states in the forms the grammar missed.
 */

const kmsg = (text: string) => journal('kernel', text);
const said = (line: string) => ({ logs: { other: line } });

describe('memory cgroup IDs used up: mkdir under the memory controller failing with ENOMEM', () => {
  const podCgroup = klog(
    'E',
    'pod_workers.go:1298',
    '"Error syncing pod, skipping" err="failed to ensure that the pod: 5f1c2a cgroups exist and are correctly applied: failed to create container for [kubepods burstable pod5f1c2a] : mkdir /sys/fs/cgroup/memory/kubepods/burstable/pod5f1c2a: cannot allocate memory" pod="shop/web-7d9f"',
  );
  const runc = journal(
    'containerd[880]',
    'time="2026-11-02T13:41:43.1Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-7d9f,Namespace:shop,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: unable to apply cgroup configuration: mkdir /sys/fs/cgroup/memory/kubepods/burstable/pod5f1c2a/4be1: cannot allocate memory: unknown"',
  );
  const free = [
    '               total        used        free      shared  buff/cache   available',
    'Mem:           62Gi        11Gi        44Gi       1.2Gi       6.9Gi        49Gi',
    'Swap:            0B          0B          0B',
  ].join('\n');

  it('the kubelet and runc relaying it, with memory free, are the ID space and not memory', () => {
    const bundle = { logs: { kubelet: podCgroup, containerd: runc }, commandOutputs: { 'free -h': free } };
    const facts = ids(bundle);
    expect(facts).toContain('mem.memcg_ids_exhausted');
    expect(facts).not.toContain('mem.exhausted');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('resource_starvation');
    expect(d.causes[0]?.summary).toMatch(/cgroup IDs/);
  });

  it('one line is one fact: named, but no confident verdict', () => {
    const first = top({ logs: { kubelet: podCgroup } });
    expect(first?.id).toBe('resource_starvation');
    expect(first?.confidence).toBeLessThan(0.7);
  });

  it("coreutils' mkdir by hand, in the shell's words", () => {
    const bundle = {
      commandOutputs: {
        'mkdir /sys/fs/cgroup/memory/probe':
          "mkdir: cannot create directory '/sys/fs/cgroup/memory/probe': Cannot allocate memory",
      },
    };
    expect(ids(bundle)).toContain('mem.memcg_ids_exhausted');
  });

  it("/proc/cgroups' memory row near the ID limit, whatever the tree holds", () => {
    const cgroups = (n: number) =>
      [
        '#subsys_name\thierarchy\tnum_cgroups\tenabled',
        'cpuset\t7\t41\t1',
        'cpu\t2\t118\t1',
        `memory\t11\t${n}\t1`,
        'pids\t4\t118\t1',
      ].join('\n');
    const bundle = {
      commandOutputs: {
        'cat /proc/cgroups': cgroups(65521),
        'find /sys/fs/cgroup/memory -type d | wc -l': '143',
      },
    };
    expect(ids(bundle)).toContain('mem.memcg_ids_exhausted');
    expect(ids({ commandOutputs: { 'cat /proc/cgroups': cgroups(9120) } })).not.toContain(
      'mem.memcg_ids_exhausted',
    );
  });

  it('near misses: ENOMEM from mkdir elsewhere, ENOMEM from fork, ENOSPC on the same path', () => {
    const elsewhere = journal(
      'containerd[880]',
      'time="2026-11-02T13:41:43Z" level=error msg="failed" error="mkdir /var/lib/containerd/io.containerd.runtime.v2.task/k8s.io/4be1: cannot allocate memory"',
    );
    expect(ids(said(elsewhere))).not.toContain('mem.memcg_ids_exhausted');
    const fork = journal(
      'dockerd[990]',
      'Error response from daemon: fork/exec /usr/bin/runc: cannot allocate memory',
    );
    expect(ids(said(fork))).toContain('mem.exhausted');
    expect(ids(said(fork))).not.toContain('mem.memcg_ids_exhausted');
    // ENOSPC on the same path is the same exhaustion on kernels before 4.6 (rules-round18-below.test.ts); under
    // another controller it is that controller's (cpuset with no CPUs), and no full disk either way.
    const enospc = podCgroup
      .replace('cannot allocate memory', 'no space left on device')
      .replace('/sys/fs/cgroup/memory/', '/sys/fs/cgroup/cpuset/');
    expect(ids(said(enospc))).not.toContain('mem.memcg_ids_exhausted');
    expect(ids(said(enospc))).not.toContain('disk.pressure');
    // An application's own mkdir, not a node daemon's, on a path of its own.
    const app = journal('myapp[77]', 'mkdir /data/cache: cannot allocate memory');
    expect(ids(said(app))).not.toContain('mem.memcg_ids_exhausted');
  });
});

describe('inotify instances counted per process, with the holder named', () => {
  const FIND =
    "find /proc/*/fd -lname anon_inode:inotify | cut -d/ -f3 | xargs -I '{}' -- ps --no-headers -o '%p %U %c' -p '{}' | uniq -c | sort -nr";

  it('shims at the top of the listing, near the default limit: the exhaustion, by whose instances', () => {
    const output = [
      "find: '/proc/81153/fd/40': No such file or directory",
      '     38  3311 root     containerd-shim',
      '     36  4410 root     containerd-shim',
      '     34  5120 root     containerd-shim',
      '      6     1 root     systemd',
      '      4  1893 root     kubelet',
      '      2  1602 polkitd  polkitd',
    ].join('\n');
    const facts = extractFacts({ commandOutputs: { [FIND]: output } });
    expect(facts.ids()).toContain('fd.inotify');
    const text = facts.examples('fd.inotify')[0]?.text ?? '';
    expect(text).toMatch(/containerd-shim \(PID 3311\) holds the most, 38/);
    expect(text).toMatch(/3 containerd-shim processes hold 108/);
    expect(top({ commandOutputs: { [FIND]: output } })?.id).toBe('fd_exhaustion');
  });

  it("lsof's lines, one per instance, counted by process", () => {
    const lines = Array.from(
      { length: 124 },
      (_, i) => `containerd-shim-runc-v2 ${2000 + (i % 4)} root ${10 + i}u a_inode 0,14 0 9 inotify`,
    );
    const facts = extractFacts({ commandOutputs: { 'lsof -n | grep inotify': lines.join('\n') } });
    expect(facts.ids()).toContain('fd.inotify');
    expect(facts.examples('fd.inotify')[0]?.text).toMatch(
      /containerd-shim-runc-v2 \(PID 2000\) holds the most, 31/,
    );
  });

  it("inotify-info's table reads its instances column", () => {
    const output = [
      'INotify Limits:',
      '  max_queued_events    16,384',
      '  max_user_instances   128',
      '  max_user_watches     500,132',
      '       Pid Uid        App                       Watches  Instances',
      '         1 0          systemd                       637          5',
      '      1760 0          kubelet                       364          6',
      ...Array.from(
        { length: 30 },
        (_, i) => `     ${39000 + i} 0          containerd-shim-runc-v2        12          4`,
      ),
    ].join('\n');
    const facts = extractFacts({ commandOutputs: { 'inotify-info': output } });
    expect(facts.ids()).toContain('fd.inotify');
    expect(facts.max('fd.inotify')).toBe(131);
  });

  it('near misses: a listing far below the limit, the limit raised, a raw count that is small', () => {
    const few =
      '      6     1 root     systemd\n      4  1893 root     kubelet\n      3  1631 root     NetworkManager';
    expect(ids({ commandOutputs: { [FIND]: few } })).not.toContain('fd.inotify');
    const many = Array.from({ length: 4 }, (_, i) => `     40  ${3300 + i} root     containerd-shim`).join(
      '\n',
    );
    expect(
      ids({
        commandOutputs: {
          [FIND]: many,
          'sysctl fs.inotify.max_user_instances': 'fs.inotify.max_user_instances = 8192',
        },
      }),
    ).not.toContain('fd.inotify');
    expect(
      ids({ commandOutputs: { 'find /proc/*/fd -lname anon_inode:inotify | wc -l': '37' } }),
    ).not.toContain('fd.inotify');
  });

  it("the kubelet's plugin watcher refused its inotify instance", () => {
    const line = klog(
      'E',
      'kubelet.go:1354',
      'failed to start Plugin Watcher. err: failed to start plugin fsWatcher, err: too many open files',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('fd.inotify');
    expect(top({ logs: { kubelet: line } })?.id).toBe('fd_exhaustion');
  });
});

describe("the node's own interface lost by its driver", () => {
  const status = klog(
    'E',
    'kubelet_node_status.go:540',
    '"Error updating node status, will retry" err="error getting node \\"worker-1\\": Get \\"https://10.0.0.10:6443/api/v1/nodes/worker-1?timeout=10s\\": dial tcp 10.0.0.10:6443: i/o timeout"',
  );

  it("a transmit queue timed out and the ENA reset, with the kubelet's status updates failing: the node cut off", () => {
    const kernel = [
      kmsg('NETDEV WATCHDOG: eth0 (ena): transmit queue 2 timed out'),
      kmsg('ena 0000:00:05.0 eth0: Keep alive watchdog timeout.'),
      kmsg(
        'ena 0000:00:05.0: Device reset completed successfully, Driver info: Elastic Network Adapter (ENA) v2.8.1g',
      ),
    ].join('\n');
    const bundle = { logs: { kernel, kubelet: status } };
    expect(ids(bundle)).toContain('network.iface_lost');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it("a USB adapter's driver unregistering the interface, alone: a lead, not a confident verdict", () => {
    const bundle = {
      logs: {
        kernel: [
          kmsg('usb 2-1: USB disconnect, device number 3'),
          kmsg(
            "cdc_ether 2-1:1.0 enx00e04c680001: unregister 'cdc_ether' usb-0000:00:14.0-1, CDC Ethernet Device",
          ),
        ].join('\n'),
      },
    };
    const first = top(bundle);
    expect(first?.id).toBe('node_unreachable');
    expect(first?.confidence).toBeLessThan(0.7);
  });

  it("near misses: renames at boot, an interface not ready as it comes up, a pod's veth, a namespace's leak", () => {
    const boot = [
      kmsg('ena 0000:00:05.0 ens5: renamed from eth0'),
      kmsg('IPv6: ADDRCONF(NETDEV_UP): ens5: link is not ready'),
      kmsg('IPv6: ADDRCONF(NETDEV_CHANGE): ens5: link becomes ready'),
      kmsg('cni0: port 3(veth9a1c2f3e) entered disabled state'),
      kmsg('NETDEV WATCHDOG: veth9a1c2f3e (veth): transmit queue 0 timed out'),
    ].join('\n');
    expect(ids({ logs: { kernel: boot } })).not.toContain('network.iface_lost');
    const leak = kmsg('unregister_netdevice: waiting for eth0 to become free. Usage count = 1');
    const facts = ids({ logs: { kernel: leak } });
    expect(facts).toContain('network.netdev_leak');
    expect(facts).not.toContain('network.iface_lost');
    expect(top({ logs: { kernel: leak } })?.id).not.toBe('node_unreachable');
  });
});

describe("the runtime's and the shims' states in the forms the grammar missed", () => {
  it('a bare verb before an infinitive, after a singular subject', () => {
    expect(ids(said('After the upgrade containerd fail to start and all pods are pending.'))).toContain(
      'runtime.service_stopped',
    );
    expect(ids(said('On worker-3 docker stop to work after some hours.'))).toContain(
      'runtime.service_failed',
    );
    expect(ids(said('Since Monday crio refuse to respond to crictl.'))).toContain('runtime.cmd_hang');
    expect(top(said('After the upgrade containerd fail to start and all pods are pending.'))?.id).toBe(
      'runtime_down',
    );
  });

  it('a progressive past with a reason clause', () => {
    expect(
      ids(said('docker was failing because /usr/bin/runc was missing after the image update.')),
    ).toContain('runtime.service_stopped');
    expect(ids(said('containerd was hanging due to a stuck mount.'))).toContain('runtime.cmd_hang');
  });

  it('a negated participle, with or without an auxiliary', () => {
    expect(ids(said('docker not responded to any command for ten minutes.'))).toContain('runtime.cmd_hang');
    expect(ids(said('After the update containerd not started again.'))).toContain('runtime.service_stopped');
    const notBack = ids(said('crio is not restarted automatically after the package update.'));
    expect(notBack).toContain('runtime.service_stopped');
    expect(notBack).not.toContain('runtime.recovered');
  });

  it("per-sandbox runtimes' shims are shims", () => {
    expect(ids(said('The runsc sandbox hangs and pods stay Terminating for days.'))).toContain(
      'runtime.shim_hang',
    );
    expect(ids(said('containerd-shim-kata-v2 is stuck; kill never returns.'))).toContain('runtime.shim_hang');
    expect(top(said('The kata-shim processes hang and pods stay Terminating for days.'))?.id).toBe(
      'zombie_shim_hang',
    );
  });

  it("near misses: a person's action, a pod's application, another subject's negation", () => {
    for (const line of [
      'I fail to start the docker service by hand, but it works after a reboot.',
      'We stop to check docker logs every hour.',
      'We fail to respond to alerts about containerd quickly enough.',
    ]) {
      const facts = ids(said(line));
      expect(facts, line).not.toContain('runtime.service_stopped');
      expect(facts, line).not.toContain('runtime.cmd_hang');
      expect(facts, line).not.toContain('runtime.service_failed');
    }
    expect(ids(said('The app in the pod was hanging because the database was down.'))).not.toContain(
      'runtime.cmd_hang',
    );
    expect(ids(said('The pod not started because of image pull errors.'))).not.toContain(
      'runtime.service_stopped',
    );
    expect(ids(said('containerd restarted fine, but the pod not started.'))).not.toContain(
      'runtime.service_stopped',
    );
  });
});
