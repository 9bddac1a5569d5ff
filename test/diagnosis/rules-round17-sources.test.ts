import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 17's families read from the programs' sources (docs/accuracy.md, "What round 17 teaches"): the control
// plane's own logs on a control-plane node. Lines are written from the programs' format strings, not from any
// incident.

const APISERVER_DIAL_OLD =
  'W1102 13:41:43.111882       1 clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {https://127.0.0.1:2379  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial tcp 127.0.0.1:2379: connect: connection refused". Reconnecting...';
const APISERVER_DIAL_NEW =
  'W1102 13:41:43.111882       1 logging.go:59] [core] [Channel #3 SubChannel #4] grpc: addrConn.createTransport failed to connect to {Addr: "127.0.0.1:2379", ServerName: "127.0.0.1", }. Err: connection error: desc = "transport: authentication handshake failed: context deadline exceeded"';
const ETCD_REJECTED =
  '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","caller":"embed/config_logging.go:160","msg":"rejected connection","remote-addr":"127.0.0.1:51022","server-name":"","error":"remote error: tls: bad certificate"}';
const KUBELET_LOOPBACK = klog(
  'E',
  'kubelet_node_status.go:540',
  '"Error updating node status, will retry" err="error getting node \\"cp-1\\": Get \\"https://127.0.0.1:6443/api/v1/nodes/cp-1?timeout=10s\\": dial tcp 127.0.0.1:6443: connect: connection refused"',
);

describe("a control-plane node's API server that cannot reach etcd", () => {
  it("reads the API server's failing dials to etcd, by grpc-go release, as the API server down", () => {
    for (const line of [APISERVER_DIAL_OLD, APISERVER_DIAL_NEW]) {
      expect(ids({ logs: { 'kube-apiserver': line } }), line).toContain('apiserver.down');
    }
  });

  it("reads etcd refusing a loopback client's certificate as the API server cut off from its store", () => {
    expect(ids({ logs: { etcd: ETCD_REJECTED } })).toContain('apiserver.down');
    const capnslog =
      '2026-11-02 13:41:43.111882 I | embed: rejected connection from "127.0.0.1:51022" (error "remote error: tls: bad certificate", ServerName "")';
    expect(ids({ logs: { etcd: capnslog } })).toContain('apiserver.down');
  });

  it('reads the API server exiting at start on its lease storage, by release, as the API server down', () => {
    for (const line of [
      'F1102 13:41:43.111882       1 instance.go:291] Error creating leases: error creating storage factory: context deadline exceeded',
      'F1102 13:41:43.111882       1 master.go:263] Error creating storage factory: context deadline exceeded',
    ]) {
      expect(ids({ logs: { 'kube-apiserver': line } }), line).toContain('apiserver.down');
    }
    const config =
      'F1102 13:41:43.111882       1 instance.go:287] Error creating storage factory config: no storage config for apiServerIPInfo';
    expect(ids({ logs: { 'kube-apiserver': config } })).not.toContain('apiserver.down');
  });

  it('ranks the node cut off from its API server first, with the kubelet refused on the loopback address', () => {
    const bundle = {
      logs: {
        kubelet: [KUBELET_LOOPBACK, KUBELET_LOOPBACK].join('\n'),
        'kube-apiserver': [APISERVER_DIAL_OLD, APISERVER_DIAL_OLD].join('\n'),
        etcd: ETCD_REJECTED,
      },
    };
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it('near misses: a gRPC dial to the runtime socket, etcd rejecting a remote client without a certificate error, an etcd peer port', () => {
    const misses = [
      journal(
        'kubelet[1893]',
        'W1102 13:41:43.111882    1893 clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {/run/containerd/containerd.sock  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused". Reconnecting...',
      ),
      '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","caller":"embed/config_logging.go:160","msg":"rejected connection","remote-addr":"10.0.3.17:40112","server-name":"","error":"EOF"}',
      '{"level":"warn","ts":"2026-11-02T13:41:43.111Z","caller":"embed/config_logging.go:160","msg":"rejected connection","remote-addr":"10.0.3.17:40112","server-name":"","error":"remote error: tls: bad certificate"}',
      'W1102 13:41:43.111882       1 clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {https://10.0.3.18:2380  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial tcp 10.0.3.18:2380: i/o timeout". Reconnecting...',
    ];
    for (const line of misses) {
      expect(ids({ logs: { unknown: line } }), line).not.toContain('apiserver.down');
    }
  });
});

describe("dockerd's restore finding containers' shims silent (Docker 23.0+)", () => {
  const status = (id: string, error: string) =>
    journal(
      'dockerd[1021]',
      `time="2026-11-02T13:41:43.111882000Z" level=error msg="failed to get task status" container=${id} error="${error}" paused=false restarting=false running=true`,
    );
  const A = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
  const B = '9b1c0d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c';

  it('a status call that runs out of time is a wedged shim', () => {
    const bundle = {
      logs: {
        docker: [status(A, 'context deadline exceeded'), status(B, 'context deadline exceeded')].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.shim_hang');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('near miss: a task containerd no longer has is not a silent shim', () => {
    const bundle = { logs: { docker: status(A, `no running task found: task ${A} not found: not found`) } };
    expect(ids(bundle)).not.toContain('runtime.shim_hang');
  });
});
