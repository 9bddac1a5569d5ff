import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

/**
 * Round 26 (r26-watch): the service manager's client losing its bus under every verb systemctl and busctl print
 * (systemd src/systemctl, src/busctl), and the datastore behind the API server unable to serve watches (k3s-io/kine
 * pkg/logstructured and sqllog, canonical/k8s-dqlite pkg/limited/watch.go, kubernetes apiserver etcd3/watcher.go and
 * cacher/watch_cache.go), with the kubelet that stays Ready but never acts on its pods. Lines built from the programs'
 * format strings, not from any incident.
 */

const ENOTCONN = 'Transport endpoint is not connected';

describe("systemctl's and busctl's calls on a lost bus", () => {
  const verbs = [
    `Failed to get properties: ${ENOTCONN}`,
    `Failed to list units: ${ENOTCONN}`,
    `Failed to list jobs: ${ENOTCONN}`,
    `Failed to retrieve unit state: ${ENOTCONN}`,
    `Failed to start kubelet.service: ${ENOTCONN}`,
    `Failed to stop containerd.service: ${ENOTCONN}`,
    `Failed to restart docker.service: ${ENOTCONN}`,
    `Failed to try-restart crio.service: ${ENOTCONN}`,
    `Failed to reload daemon: ${ENOTCONN}`,
    `Failed to get unit file state for kubelet.service: ${ENOTCONN}`,
    `Failed to get load state of kubelet.service: ${ENOTCONN}`,
    `Failed to reset failed state of unit kubelet.service: ${ENOTCONN}`,
    `Failed to issue method call: ${ENOTCONN}`,
    `Failed to execute operation: ${ENOTCONN}`,
    `Call failed: ${ENOTCONN}`,
  ];
  for (const line of verbs) {
    it(`reads "${line}" as the bus to PID 1 lost`, () => {
      expect(ids({ commandOutputs: { 'systemctl status kubelet': line } })).toContain(
        'systemd.dbus_disconnected',
      );
    });
  }

  it("FUSE's stale mounts print the same errno after path operations: not the bus", () => {
    for (const line of [
      `ls: cannot access '/mnt/s3': ${ENOTCONN}`,
      `Failed to stat /var/lib/kubelet/pods/abc/volumes: ${ENOTCONN}`,
      `Failed to open directory /run/user/1000/gvfs: ${ENOTCONN}`,
      `Failed to list directory /mnt/data: ${ENOTCONN}`,
    ])
      expect(ids({ commandOutputs: { ls: line } })).not.toContain('systemd.dbus_disconnected');
  });

  it('with the journal out of space beside it, the lost bus ranks first, the full disk after it', () => {
    const bundle = {
      logs: {
        other: [
          journal(
            'systemd-journald[674]',
            'Failed to write entry (22 items, 705 bytes), ignoring: No space left on device',
          ),
          journal('systemd-journald[674]', 'Failed to open system journal: No space left on device'),
        ].join('\n'),
      },
      commandOutputs: { 'systemctl restart containerd': `Failed to restart containerd.service: ${ENOTCONN}` },
    };
    const facts = ids(bundle);
    expect(facts).toContain('disk.pressure');
    expect(facts).toContain('systemd.dbus_disconnected');
    expect(top(bundle)?.id).toBe('systemd_dbus_stall');
  });
});

describe('the datastore behind the API server cannot serve watches', () => {
  const k3s = (level: string, msg: string) =>
    journal('k3s[2211]', `time="2026-11-02T13:41:43Z" level=${level} msg="${msg}"`);
  const hits = [
    k3s('error', 'Failed to list /registry/pods/ for revision 184223: database is locked'),
    k3s('error', 'failed to list /registry/pods/ for revision 184223'),
    k3s('error', 'Failed to list latest changes: context deadline exceeded'),
    'time="2026-11-02T13:41:43Z" level=error msg="WATCH Failed to create watcher: failed to get compact revision: context canceled" error="failed to get compact revision: context canceled"',
    'time="2026-11-02T13:41:43Z" level=error msg="fail to get latest events: sql: database is closed"',
    klog('E', 'watcher.go:327', 'watch chan error: etcdserver: no leader'),
    klog(
      'W',
      'reflector.go:547',
      'k8s.io/client-go/informers/factory.go:159: failed to list *v1.Pod: Timeout: Too large resource version: 184300, current: 184223',
    ),
  ];
  for (const line of hits) {
    it(`reads ${line.slice(0, 90)}…`, () => {
      expect(ids({ logs: { other: line } })).toContain('datastore.watch_failed');
    });
  }

  it('compaction is the routine form: a lead of its own, not a failed watch', () => {
    const line = klog(
      'W',
      'watcher.go:327',
      'watch chan error: etcdserver: mvcc: required revision has been compacted',
    );
    const facts = ids({ logs: { other: line } });
    expect(facts).toContain('datastore.watch_compacted');
    expect(facts).not.toContain('datastore.watch_failed');
  });

  it("kine's requests refused on SQLite's busy lock", () => {
    expect(
      ids({ logs: { other: k3s('error', 'error while range on /registry/leases/ : database is locked') } }),
    ).toContain('datastore.locked');
    // Another program's SQLite lock is its own.
    expect(
      ids({ logs: { other: 'apt: E: Could not get lock: database is locked by another process' } }),
    ).not.toContain('datastore.locked');
  });

  it('near misses: a list of revisions, a watch that is fine', () => {
    for (const line of [
      'kubectl rollout history deployment/web --revision=3',
      k3s('info', 'COMPACT compactRev=1000 targetCompactRev=2000 currentRev=3000'),
      k3s('info', 'Slow SQL (started: 2026-11-02 13:41:43) (total time: 1.2s): SELECT 1'),
    ])
      expect(ids({ logs: { other: line } })).not.toContain('datastore.watch_failed');
  });

  it('a Ready node whose kubelet never acts on its pods, beside the failed watch, is the watch cut off', () => {
    const bundle = {
      logs: {
        k3s: k3s('error', 'Failed to list /registry/pods/ for revision 184223: database is locked'),
        other:
          'The node shows Ready but the kubelet never picks up newly scheduled pods; they stay Pending with no events.',
      },
    };
    const facts = ids(bundle);
    expect(facts).toContain('kubelet.pods_ignored');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it('the description alone is a lead, not a verdict (EN and ZH)', () => {
    for (const description of [
      'After the restart the kubelet does not receive new pods bound to the node.',
      'kubelet ignores new pods while the node stays Ready.',
      '重启后节点一直 Ready，但 kubelet 不处理新调度的 Pod。',
    ]) {
      expect(ids({ logs: { other: description } })).toContain('kubelet.pods_ignored');
      expect(top({ logs: { other: description } })?.confidence ?? 0).toBeLessThan(0.7);
    }
    expect(ids({ logs: { other: 'The kubelet picked up the new config after a restart.' } })).not.toContain(
      'kubelet.pods_ignored',
    );
  });
});

describe('round 26 asks', () => {
  const asked = (text: string) => diagnose({ logs: { other: text } }).missing.map((m) => m.what);

  it('nodes NotReady after a Terraform deployment with the DNS pods stuck creating: the Ready message, pod ranges, routes', () => {
    expect(
      asked(
        'We deployed the cluster into our own VPC with Terraform. All nodes are NotReady and the coredns pods are stuck in ContainerCreating.',
      ).some((w) => w.includes("the nodes' pod ranges")),
    ).toBe(true);
    // Without the self-managed network, the question is not this one.
    expect(
      asked('All nodes are NotReady and the coredns pods are stuck in ContainerCreating.').some((w) =>
        w.includes("the nodes' pod ranges"),
      ),
    ).toBe(false);
  });

  it('a heartbeat missed on a node with many containers: the status-update timing and the counts', () => {
    const what = (t: string) => asked(t).some((w) => w.includes('container and image counts'));
    expect(what('One node missed its heartbeat and went NotReady; it runs thousands of containers.')).toBe(
      true,
    );
    expect(
      what(
        'One node missed its heartbeat; it runs thousands of containers. kubelet: Error updating node status, will retry',
      ),
    ).toBe(false);
  });
});
