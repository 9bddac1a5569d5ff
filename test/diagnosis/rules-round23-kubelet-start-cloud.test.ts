import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, top } from '../support/node-lines.ts';

/**
 * Round 23 (docs/accuracy.md, "Round 23"): the kubelet's creation at start by what the runtime answered (releases
 * before 1.0 log it and stay alive without a kubelet; later ones exit), the in-tree Azure provider's own address
 * lookup lines inside the kubelet's process, and the same mechanisms told in words (the cloud lookup, the dead
 * HTTP/2 connection's error, a force-deleted pod's stale state). Lines are built from the format strings.
 */

const kubelet = (file: string, message: string, level = 'E') =>
  journal('kubelet[4616]', `${level}0305 08:44:41.696593    4616 ${file}] ${message}`);
const logs = (...lines: string[]) => ({ logs: { kubelet: lines.join('\n') } });
const said = (text: string) => ({ logs: { other: text } });

describe("the kubelet's creation failing at start, in the releases that only log it", () => {
  it.each([
    'Failed to create kubelet: API error (500): engine is shutdown',
    'Failed to create kubelet: failed to initialize image manager: failed to start image manager: dial unix /var/run/docker.sock: connection refused',
    'Failed to create kubelet: dial unix /var/run/docker.sock: no such file or directory',
    'Failed to create kubelet: cannot connect to Docker endpoint',
  ])('%s', (message) => {
    const bundle = logs(kubelet('server.go:299', message));
    expect(ids(bundle)).toContain('kubelet.create_no_retry');
    const first = top(bundle);
    expect(first?.id).toBe('kubelet_defect');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });

  it.each([
    // From 1.0 the creation's error is returned and the process exits: the runtime's outage, its restart retries.
    'failed to run Kubelet: failed to create kubelet: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
    '"command failed" err="failed to run Kubelet: failed to create kubelet: get remote runtime typed version failed: rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused\\""',
    // Other components' creation of their own things.
    'Failed to create container manager: cannot connect to the runtime',
  ])('near miss: %s', (message) => {
    expect(ids(logs(kubelet('server.go:233', message, 'F')))).not.toContain('kubelet.create_no_retry');
  });
});

describe("from 1.0 the creation's failure on the runtime exits the kubelet: the runtime's outage", () => {
  it.each([
    // 1.2x: the creation's first CRI Version call (getTypedVersion), wrapped by RunKubelet and run.
    '"command failed" err="failed to run Kubelet: failed to create kubelet: get remote runtime typed version failed: rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused\\""',
    'failed to run Kubelet: failed to create kubelet: get remote runtime typed version failed: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    // grpc-go's older wording, the socket named past the first 160 characters.
    'failed to run Kubelet: failed to create kubelet: rpc error: code = Unavailable desc = all SubConns are in TransientFailure, latest connection error: connection error: desc = "transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: no such file or directory"',
  ])('%s', (message) => {
    const facts = ids(logs(kubelet('server.go:274', message, 'F')));
    expect(facts).toContain('kubelet.exits_on_runtime');
    expect(facts).not.toContain('kubelet.create_no_retry');
  });

  it('a refusal of the API version is not the runtime down', () => {
    const message =
      'failed to run Kubelet: failed to create kubelet: get remote runtime typed version failed: rpc error: code = Unimplemented desc = unknown service runtime.v1alpha2.RuntimeService';
    expect(ids(logs(kubelet('server.go:274', message, 'F')))).not.toContain('kubelet.exits_on_runtime');
  });
});

describe('the known defect of the kubelet that neither retries nor exits', () => {
  const failed = logs(
    kubelet('server.go:299', 'Failed to create kubelet: dial unix /var/run/docker.sock: connection refused'),
  );

  it('is named for releases before 1.0', () => {
    expect(ids({ ...failed, kubeletVersion: 'v0.12.1' })).toContain('kubelet.known_defect');
    expect(top({ ...failed, kubeletVersion: 'v0.12.1' })?.id).toBe('kubelet_defect');
  });

  it('not for a release that exits on it', () => {
    expect(ids({ ...failed, kubeletVersion: 'v1.2.0' })).not.toContain('kubelet.known_defect');
  });
});

describe("the in-tree Azure provider's own address lookup, inside the kubelet", () => {
  it('1.5-1.7: the lookup that fails the status update', () => {
    const bundle = logs(
      kubelet(
        'azure_instances.go:34',
        'error: az.NodeAddresses, az.getIPForMachine(node-7), err=instance not found',
      ),
    );
    expect(ids(bundle)).toContain('kubelet.cloud_lookup_failed');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it.each([
    'GetIPForMachineWithRetry(node-7): backoff failure, will retry,err=instance not found',
    'NodeAddresses(node-7) abort backoff: timed out waiting for the condition',
    '"NodeAddresses abort backoff" nodeName="node-7" error="instance not found"',
  ])('later releases: the lookup retried, %s', (message) => {
    expect(ids(logs(kubelet('azure_backoff.go:100', message)))).toContain('kubelet.cloud_lookup_warned');
  });

  it.each([
    // The load balancer's reconciliation, not the node's addresses.
    'ensure(default/web): lb(kubernetes) - abort backoff',
    // The provider's lines in another program (the controller manager's service controller).
  ])('near miss: %s', (message) => {
    const facts = ids(logs(kubelet('azure_loadbalancer.go:120', message)));
    expect(facts).not.toContain('kubelet.cloud_lookup_failed');
  });

  it('the same line from another program is not the kubelet', () => {
    const bundle = {
      logs: {
        other: journal(
          'kube-controller-manager[900]',
          'E0305 08:44:41.696593     900 azure_instances.go:34] error: az.NodeAddresses, az.getIPForMachine(node-7), err=instance not found',
        ),
      },
    };
    expect(ids(bundle)).not.toContain('kubelet.cloud_lookup_failed');
  });
});

describe("the kubelet's status and Lease written onto a dead connection", () => {
  it.each([
    'Error updating node status, will retry: error getting node "node-7": Get https://10.0.0.1:6443/api/v1/nodes/node-7?timeout=10s: write tcp 10.0.0.5:43210->10.0.0.1:6443: write: broken pipe',
    '"Failed to update lease" err="Put \\"https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-7?timeout=10s\\": write tcp 10.0.0.5:43210->10.0.0.1:6443: write: broken pipe"',
  ])('%s', (message) => {
    const bundle = logs(kubelet('kubelet_node_status.go:402', message));
    expect(ids(bundle)).toContain('kubelet.stale_conn');
    expect(ids({ ...bundle, kubeletVersion: 'v1.17.3' })).toContain('kubelet.known_defect');
    expect(ids({ ...bundle, kubeletVersion: 'v1.21.0' })).not.toContain('kubelet.known_defect');
  });

  it.each([
    // A fresh connection refused: the path to the API server, not a dead connection reused.
    'Error updating node status, will retry: error getting node "node-7": Get https://10.0.0.1:6443/api/v1/nodes/node-7?timeout=10s: dial tcp 10.0.0.1:6443: connect: connection refused',
    // A broken pipe on another of the kubelet's writes (a container's log stream), not its status path.
    'Failed to write log line to container stream: write unix /run/containerd/s/abc: write: broken pipe',
  ])('near miss: %s', (message) => {
    expect(ids(logs(kubelet('kubelet_node_status.go:402', message)))).not.toContain('kubelet.stale_conn');
  });
});

describe('round 23 in words', () => {
  it.each([
    [
      'The kubelets periodically poll the cloud provider API for their node addresses, and when the API went away for the upgrade every node went NotReady.',
      'kubelet.cloud_lookup_failed',
    ],
    [
      'kubelet 会定期通过云平台API获取节点地址，云平台升级期间所有节点 NotReady。',
      'kubelet.cloud_lookup_failed',
    ],
    [
      "When adding a node to the cluster we get a 'use of closed network connection' error and the node fails to join until the kubelet is restarted.",
      'kubelet.stale_conn',
    ],
    [
      'The kubelet started before docker was up and never recovered, although docker ps works now.',
      'kubelet.create_no_retry',
    ],
    [
      'After the controller pod was force-deleted, new pods on the node stayed Pending until the kubelet was restarted.',
      'kubelet.pod_state_stale',
    ],
  ] as const)('%s', (text, fact) => {
    const d = diagnose(said(text) as never);
    expect(ids(said(text))).toContain(fact);
    expect(d.causes[0]?.confidence ?? 0).toBeLessThan(0.7);
  });

  it.each([
    // The cloud's load balancer, not the kubelet's addresses.
    'The cloud API was throttled while the LoadBalancer service waited for its node addresses.',
    // The closed connection of a websocket, not the node's kubelet.
    "The dashboard's websocket shows a closed network connection while the kubelet is fine.",
    // A runtime that came up later and a kubelet that recovered.
    'The kubelet started before docker was up and recovered once docker answered.',
    // A force deletion that a kubelet restart did not help.
    'The pod was force-deleted and restarting the kubelet did not help; pods stay Pending until the kubelet is restarted again.',
  ])('near miss: %s', (text) => {
    const facts = ids(said(text));
    expect(facts).not.toContain('kubelet.cloud_lookup_failed');
    expect(facts).not.toContain('kubelet.stale_conn');
    expect(facts).not.toContain('kubelet.create_no_retry');
    expect(facts).not.toContain('kubelet.pod_state_stale');
  });
});
