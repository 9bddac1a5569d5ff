import { describe, expect, it } from 'vitest';
import { type Bundle, ids, klog, top } from '../support/node-lines.ts';

// The control plane's datastore unable to serve, from etcd's gRPC errors (api/v3rpc/rpctypes/error.go) as the API
// server returns them to the kubelet and logs them; and the same errors on a saturated disk, where they follow from
// the starvation. Lines are built from the format strings cited in rules/kubelet.ts.

const SERVER = 'https://10.0.0.1:6443';
const lease = (error: string) =>
  klog(
    'E',
    'controller.go:187',
    `failed to update lease, error: Put "${SERVER}/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1?timeout=10s": rpc error: code = Unavailable desc = ${error}`,
  );
const status = (error: string) =>
  klog(
    'E',
    'kubelet_node_status.go:460',
    `Error updating node status, will retry: error getting node "worker-1": rpc error: code = Unavailable desc = ${error}`,
  );
const kubelet = (...lines: string[]): Bundle => ({ logs: { kubelet: lines.join('\n') } });

describe("the control plane's datastore unable to serve", () => {
  it('reads each of etcd\'s "cannot serve" answers in the kubelet\'s failed writes', () => {
    for (const error of [
      'etcdserver: no leader',
      'etcdserver: request timed out',
      'etcdserver: request timed out, possibly due to previous leader failure',
      'etcdserver: request timed out, possibly due to connection lost',
      'etcdserver: request timed out, waiting for the applied index took too long',
      'etcdserver: unhealthy cluster',
      'etcdserver: corrupt cluster',
      'etcdserver: mvcc: database space exceeded',
    ])
      expect(ids(kubelet(lease(error))), error).toContain('etcd.unavailable');
  });

  it('leaves out the answers an election or a restart gives once', () => {
    for (const error of [
      'etcdserver: leader changed',
      'etcdserver: server stopped',
      'etcdserver: not leader',
    ])
      expect(ids(kubelet(lease(error))), error).not.toContain('etcd.unavailable');
  });

  it('ranks the node cut off from its API server first', () => {
    const b = kubelet(lease('etcdserver: no leader'), status('etcdserver: no leader'));
    expect(top(b)?.id).toBe('node_unreachable');
  });

  it('on a saturated disk, the datastore outage follows from the starvation', () => {
    const b: Bundle = {
      logs: { kubelet: lease('etcdserver: request timed out, possibly due to previous leader failure') },
      commandOutputs: {
        'iostat -x 1 2': [
          'Device            r/s     w/s     rkB/s     wkB/s   rrqm/s   wrqm/s  %rrqm  %wrqm r_await w_await aqu-sz rareq-sz wareq-sz  svctm  %util',
          'vda              10.00   11.00     60.00  11296.00     0.00     0.00   0.00   0.00 9000.00 11165.73 120.00     6.00  1026.91  47.62 100.00',
        ].join('\n'),
      },
    };
    expect(ids(b)).toContain('etcd.starved');
    expect(top(b)?.id).toBe('resource_starvation');
  });
});
