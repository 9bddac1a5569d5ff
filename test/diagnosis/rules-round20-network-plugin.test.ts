import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

/**
 * Round 20's network plugin set up on every node but one (docs/accuracy.md, "Round 20"): Open vSwitch unable to open
 * its database (ovsdb/log.c, lib/lockfile.c, lib/daemon-unix.c, ovs-vsctl, lib/reconnect.c), the kubelet's CNI DEL
 * error cut short and SandboxChanged counted in hundreds, and the plugin's agent not placed on the control plane (the
 * nodes' and DaemonSets' tables, and in words). Lines built from the format strings.
 */

const other = (text: string) => ({ logs: { other: text } });
const ovs = (text: string) => ({ logs: { openvswitch: text } });
const SANDBOX = 'c6283daf1034ddef06ec3538258d8794f297984f660dd17d9bbc4c86a0db6f63'.replace(/./g, (c, i) =>
  i % 7 === 0 ? 'a' : c,
);

describe("Open vSwitch's database lock and socket", () => {
  it("ovsdb-tool's and ovsdb-server's open failing on the lock, in every errno's text", () => {
    for (const line of [
      'ovsdb-tool: I/O error: /etc/openvswitch/conf.db: failed to lock lockfile (Resource temporarily unavailable)',
      'ovsdb-server: I/O error: /var/lib/openvswitch/conf.db: failed to lock lockfile (Permission denied)',
      '2024-03-01T10:00:00.000Z|00002|ovsdb_server|ERR|I/O error: /etc/ovn/ovnsb_db.db: failed to lock lockfile (Resource temporarily unavailable)',
    ])
      expect(ids(ovs(line))).toContain('cni.switch_db_locked');
  });

  it('lib/lockfile.c naming the holder, and the socket not served', () => {
    for (const line of [
      '2019-01-01T00:00:00Z|00001|lockfile|WARN|/etc/openvswitch/.conf.db.~lock~: cannot lock file because it is already locked by pid 4182',
      '2019-01-01T00:00:00Z|00001|lockfile|WARN|/etc/openvswitch/.conf.db.~lock~: failed to lock file: Resource temporarily unavailable',
      '2019-01-01T00:00:00Z|00001|daemon_unix|EMER|/var/run/openvswitch/ovsdb-server.pid: already running as pid 4182, aborting',
      'ovs-vsctl: unix:/var/run/openvswitch/db.sock: database connection failed (No such file or directory)',
      '2019-01-01T00:00:02Z|00005|reconnect|INFO|unix:/var/run/openvswitch/db.sock: connection attempt failed (Connection refused)',
    ])
      expect(ids(ovs(line))).toContain('cni.switch_db_locked');
  });

  it('ranks the network plugin from the lock, below the bar alone', () => {
    const first = top(
      ovs(
        'Creating empty database /etc/openvswitch/conf.db ovsdb-tool: I/O error: /etc/openvswitch/conf.db: failed to lock lockfile (Resource temporarily unavailable)',
      ),
    );
    expect(first?.id).toBe('cni_hang');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });

  it("near misses: another program's lock, a controller's connection, the socket back, a dpkg lock", () => {
    for (const line of [
      'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4182 (apt)',
      '2019-01-01T00:00:02Z|00005|reconnect|INFO|tcp:10.0.0.1:6653: connection attempt failed (Connection refused)',
      '2019-01-01T00:00:02Z|00006|reconnect|INFO|unix:/var/run/openvswitch/db.sock: connected',
      'flock: failed to get lock on /run/xtables.lock: Resource temporarily unavailable',
      '/var/run/openvswitch/ovsdb-server.pid: pid file is stale',
    ])
      expect(ids(ovs(line))).not.toContain('cni.switch_db_locked');
  });

  it("ovn-kubernetes' ADD waiting for the port binding is a CNI call that hangs", () => {
    const line = klog(
      'E',
      'pod_workers.go:1300',
      'failed to configure pod interface: timed out waiting for OVS port binding (ovn-installed) for 0a:58:0a:80:02:05 [10.128.2.5/23]',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('cni.hang');
    expect(
      ids({ logs: { kubelet: klog('I', 'helper_linux.go:300', 'waiting for OVS port binding for pod x') } }),
    ).not.toContain('cni.hang');
  });
});

describe("the kubelet's CNI DEL error cut short, and SandboxChanged counted in hundreds", () => {
  it('the in-tree driver\'s "Error deleting ns_name/ID from" cut anywhere after "from"', () => {
    for (const tail of ['from', 'from network', 'from network azure', 'from   '])
      expect(
        ids({
          logs: { kubelet: klog('E', 'cni.go:345', `Error deleting default_web-7fd/${SANDBOX} ${tail}`) },
        }),
      ).toContain('cni.teardown_failed');
  });

  it('near misses: another object deleted from a cache or a store, no sandbox ID', () => {
    for (const text of [
      `Error deleting default_web-7fd/${SANDBOX} from cache: not found`,
      'Error deleting default_web-7fd/c6283daf from',
      `Error deleting file /var/lib/kubelet/pods/${SANDBOX} from`,
    ])
      expect(ids({ logs: { kubelet: klog('E', 'x.go:1', text) } })).not.toContain('cni.teardown_failed');
  });

  const sandboxChanged = (count: number) => ({
    events: [
      {
        type: 'Normal',
        reason: 'SandboxChanged',
        message: 'Pod sandbox changed, it will be killed and re-created.',
        count,
      },
    ],
  });

  it('the event counted a hundred times or more, as an event or in kubectl describe', () => {
    expect(ids(sandboxChanged(6216))).toContain('pod.sandbox_recreate_loop');
    expect(
      ids(
        other(
          '  Normal   SandboxChanged  112s (x6216 over 34h)  kubelet, node-1  Pod sandbox changed, it will be killed and re-created.',
        ),
      ),
    ).toContain('pod.sandbox_recreate_loop');
  });

  it('near misses: once per pod after a reboot, a few times, another event counted in hundreds', () => {
    expect(ids(sandboxChanged(1))).not.toContain('pod.sandbox_recreate_loop');
    expect(ids(sandboxChanged(12))).not.toContain('pod.sandbox_recreate_loop');
    // A reboot: a hundred and twenty pods, each re-created once.
    const reboot = Array.from({ length: 120 }, (_, i) => ({
      type: 'Normal',
      reason: 'SandboxChanged',
      message: 'Pod sandbox changed, it will be killed and re-created.',
      count: 1,
      involvedObject: { kind: 'Pod', name: `web-${i}` },
    }));
    expect(ids({ events: reboot })).not.toContain('pod.sandbox_recreate_loop');
    expect(
      ids(
        other(
          '  Normal   SandboxChanged  5m (x12 over 1h)  kubelet  Pod sandbox changed, it will be killed and re-created.',
        ),
      ),
    ).not.toContain('pod.sandbox_recreate_loop');
    expect(
      ids(other('  Warning  BackOff  2m (x6216 over 34h)  kubelet  Back-off restarting failed container')),
    ).not.toContain('pod.sandbox_recreate_loop');
  });

  it('both together name the plugin at the verdict', () => {
    const first = top({
      ...sandboxChanged(3000),
      logs: { kubelet: klog('E', 'cni.go:345', `Error deleting default_web-7fd/${SANDBOX} from`) },
    });
    expect(first?.id).toBe('cni_hang');
    expect(first?.confidence ?? 0).toBeGreaterThanOrEqual(0.5);
  });
});

describe("the plugin's agent not placed on the control plane", () => {
  const nodes = (rows: string) => `NAME       STATUS     ROLES           AGE   VERSION\n${rows}`;

  it('every control-plane row NotReady and every other Ready, in a nodes table', () => {
    const table = nodes(
      [
        'cp-1       NotReady   control-plane   20m   v1.29.1',
        'worker-1   Ready      <none>          15m   v1.29.1',
        'worker-2   Ready      <none>          15m   v1.29.1',
      ].join('\n'),
    );
    expect(ids({ commandOutputs: { 'kubectl get nodes': table } })).toContain('cni.agent_not_placed');
  });

  it("the plugin's DaemonSet placed on fewer nodes than listed, one NotReady", () => {
    const table = nodes(
      [
        'cp-1       NotReady   master   20m   v1.18.2',
        'worker-1   Ready      <none>   15m   v1.18.2',
        'worker-2   NotReady   <none>   15m   v1.18.2',
      ].join('\n'),
    );
    const ds =
      'NAMESPACE     NAME          DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE\nkube-system   calico-node   2         2         2       2            2           kubernetes.io/os=linux   14m';
    expect(ids({ commandOutputs: { 'kubectl get nodes': table, 'kubectl get ds -A': ds } })).toContain(
      'cni.agent_not_placed',
    );
  });

  it('near misses: one master of three NotReady, workers NotReady too, every node Ready, a DaemonSet on all nodes', () => {
    for (const rows of [
      [
        'm-1   NotReady   master   29m   v1.11.0',
        'm-2   Ready   master   29m   v1.11.0',
        'w-1   Ready   worker   24m   v1.11.0',
      ],
      ['m-1   NotReady   master   29m   v1.11.0', 'w-1   NotReady   worker   24m   v1.11.0'],
      ['m-1   Ready   master   29m   v1.11.0', 'w-1   Ready   worker   24m   v1.11.0'],
    ])
      expect(ids({ commandOutputs: { 'kubectl get nodes': nodes(rows.join('\n')) } })).not.toContain(
        'cni.agent_not_placed',
      );
    const ds =
      'NAME          DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE\ncalico-node   2         2         1       2            1           <none>          14m';
    expect(
      ids({
        commandOutputs: {
          'kubectl get nodes': nodes(
            ['m-1   Ready   master   29m   v1.11.0', 'w-1   NotReady   <none>   24m   v1.11.0'].join('\n'),
          ),
          'kubectl get ds': ds,
        },
      }),
    ).not.toContain('cni.agent_not_placed');
  });

  it('in words, English and Chinese, either order', () => {
    for (const text of [
      "After I deployed the Calico plugin, the master node's status was NotReady while the worker nodes are Ready.",
      'after installing flannel the workers became Ready but the control-plane node stays NotReady',
      'Worker nodes are all Ready, only the control plane is not ready since we applied the CNI manifest.',
      '安装网络插件之后，master 节点一直 NotReady，其他节点都是 Ready',
      '部署 calico 后 worker 节点 Ready，主节点不Ready',
    ])
      expect(ids(other(text)), text).toContain('cni.agent_not_placed');
  });

  it('near misses in words: both NotReady, no plugin named, workers not Ready', () => {
    for (const text of [
      'After installing Calico the master is NotReady and the worker nodes are not Ready either.',
      'The master node is NotReady while the worker nodes are Ready after the kernel upgrade.',
      '安装网络插件之后，master 节点和 node 节点都 NotReady',
      journal('kubelet[1]', 'master NotReady; worker nodes Ready; calico'),
    ])
      expect(ids(other(text)), text).not.toContain('cni.agent_not_placed');
  });
});

describe("what to ask for when the bundle is only a test's view", () => {
  const asked = (bundle: Parameters<typeof diagnose>[0]) => diagnose(bundle).missing.map((m) => m.what);
  const READY = "the nodes' Ready conditions";
  const DATASTORE = "the control plane's datastore";

  it("pods not running within a timeout, in the framework's words: the nodes' Ready conditions", () => {
    for (const text of [
      'Feb 10 09:44:28.780: INFO: 3 / 11 pods in namespace "kube-system" are NOT in RUNNING and READY state in 5m0s',
      "failed to wait for pods running: [gave up waiting for pod 'web-1' to be 'running' after 5m0s]",
      'Error waiting for all pods to be running and ready: 2 / 9 pods in namespace "kube-system" are NOT in RUNNING and READY state in 10m0s',
    ])
      expect(
        asked({ logs: { e2e: text } }).some((w) => w.startsWith(READY)),
        text,
      ).toBe(true);
  });

  it("one node's pods Pending: that node's supervisor and runtime logs, named", () => {
    const listing = [
      'INFO: POD            NODE      PHASE    GRACE  CONDITIONS',
      'INFO: dns-1          node-a    Running         []',
      'INFO: metrics-2      node-b    Pending  30s    []',
      'INFO: dashboard-3    node-b    Pending  30s    []',
      'INFO: logging-4      node-c    Pending         []',
    ].join('\n');
    expect(asked({ logs: { e2e: listing } }).some((w) => w.includes('logs of node-b'))).toBe(true);
    const table = [
      'NAMESPACE     NAME        READY   STATUS              RESTARTS   AGE   IP       NODE     NOMINATED NODE   READINESS GATES',
      'kube-system   coredns-1   0/1     ContainerCreating   0          9m    <none>   node-b   <none>           <none>',
      'kube-system   proxy-2     0/1     Pending             0          9m    <none>   node-b   <none>           <none>',
      'kube-system   proxy-3     1/1     Running             0          9m    10.0.0.3 node-a   <none>           <none>',
    ].join('\n');
    expect(
      asked({ commandOutputs: { 'kubectl get pods -A -o wide': table } }).some((w) =>
        w.includes('logs of node-b'),
      ),
    ).toBe(true);
  });

  it("a large share of the nodes NotReady at once: the control plane's datastore and API server", () => {
    const nodes = [
      'NAME     STATUS     ROLES    AGE   VERSION',
      'n-1      NotReady   <none>   9d    v1.28.3',
      'n-2      NotReady   <none>   9d    v1.28.3',
      'n-3      NotReady   <none>   9d    v1.28.3',
      'n-4      Ready      <none>   9d    v1.28.3',
    ].join('\n');
    expect(
      asked({ commandOutputs: { 'kubectl get nodes': nodes } }).some((w) => w.startsWith(DATASTORE)),
    ).toBe(true);
    for (const text of [
      'during validation only 789/1000 nodes became ready within the timeout',
      'we had 210 NotReady nodes at once during the rollout',
      'half of the nodes went NotReady at the same minute',
      '40 of 100 nodes NotReady after the upgrade',
    ])
      expect(
        asked({ logs: { other: text } }).some((w) => w.startsWith(DATASTORE)),
        text,
      ).toBe(true);
  });

  it('these are questions, never a verdict; near misses ask none of them', () => {
    const d = diagnose({
      logs: {
        e2e: 'INFO: 3 / 11 pods in namespace "kube-system" are NOT in RUNNING and READY state in 5m0s',
      },
    });
    expect(d.causes[0]?.confidence ?? 0).toBeLessThan(0.5);
    for (const text of [
      'Ran 12 of 900 Specs in 300 seconds. SUCCESS! -- 12 Passed | 0 Failed',
      'one of the 3 nodes went NotReady',
      '1 of 3 nodes NotReady since this morning',
      'only 2/3 nodes are ready',
      'all 3 nodes are Ready',
    ]) {
      const what = asked({ logs: { other: text } });
      expect(
        what.some((w) => w.startsWith(READY) || w.startsWith(DATASTORE)),
        text,
      ).toBe(false);
    }
    const oneNode = [
      'NAME     STATUS     ROLES    AGE   VERSION',
      'n-1      NotReady   <none>   9d    v1.28.3',
      'n-2      Ready      <none>   9d    v1.28.3',
      'n-3      Ready      <none>   9d    v1.28.3',
    ].join('\n');
    expect(
      asked({ commandOutputs: { 'kubectl get nodes': oneNode } }).some((w) => w.startsWith(DATASTORE)),
    ).toBe(false);
  });
});
