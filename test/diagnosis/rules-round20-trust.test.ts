import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type Bundle, ids, journal, klog } from '../support/node-lines.ts';

// Round 20 (r20-kubelet-trust): the kubelet's trust in the API server and the server's in the kubelet; the kubelet
// exiting at start because its runtime does not answer; soft lockups read from the taint they leave, on the network's
// receive polling; a nested cluster restarted. Lines are built from the programs' format strings (cited in the
// rules), sentences from the states' definitions, never from a case.

const said = (line: string): Bundle => ({ logs: { other: line } });
const kubelet = (...lines: string[]): Bundle => ({ logs: { kubelet: lines.join('\n') } });

describe("the kubelet's trust in the API server and the server's in the kubelet", () => {
  const SERVER = 'https://api-int.cluster.example:6443';
  it('reads a TLS alert refusing the kubelet client certificate on its own calls', () => {
    for (const alert of [
      'bad certificate',
      'unknown certificate authority',
      'expired certificate',
      'certificate required',
    ])
      for (const text of [
        `"Failed to update lease" err="Put \\"${SERVER}/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1?timeout=10s\\": remote error: tls: ${alert}"`,
        `Error updating node status, will retry: error getting node "worker-1": Get "${SERVER}/api/v1/nodes/worker-1?timeout=10s": remote error: tls: ${alert}`,
      ])
        expect(ids(kubelet(klog('E', 'controller.go:145', text))), alert).toContain('kubelet.auth_error');
  });

  it("does not read an image pull's x509 error, the registry's certificate, as the kubelet's trust", () => {
    const registry = 'https://registry.example/v2/app/manifests/1';
    for (const text of [
      `"PullImage from image service failed" err="rpc error: code = Unknown desc = failed to pull and unpack image \\"registry.example/app:1\\": failed to resolve reference: failed to do request: Head \\"${registry}\\": x509: certificate signed by unknown authority" image="registry.example/app:1"`,
      `Failed to pull image "registry.example/app:1": rpc error: code = Unknown desc = Error response from daemon: Get "${registry}": x509: certificate has expired or is not yet valid`,
    ])
      expect(ids(kubelet(klog('E', 'remote_image.go:238', text)))).not.toContain('kubelet.auth_error');
    const own = `"Failed to update lease" err="Put \\"${SERVER}/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1\\": x509: certificate signed by unknown authority"`;
    expect(ids(kubelet(klog('E', 'controller.go:145', own)))).toContain('kubelet.auth_error');
  });

  it("does not read the kubelet's own server refusing or refused by its clients, or another program's alert", () => {
    for (const bundle of [
      kubelet(
        klog(
          'I',
          'log.go:198',
          'http: TLS handshake error from 10.0.0.9:52044: remote error: tls: bad certificate',
        ),
      ),
      kubelet(
        klog(
          'E',
          'server.go:3160',
          'http: TLS handshake error from 10.0.0.9:52044: remote error: tls: unknown certificate authority',
        ),
      ),
      {
        logs: {
          other: journal(
            'etcd[800]',
            'rejected connection from "10.0.0.5:2380" (error "remote error: tls: bad certificate")',
          ),
        },
      },
      kubelet(
        klog('E', 'controller.go:145', '"Failed to update lease" err="remote error: tls: handshake failure"'),
      ),
    ])
      expect(ids(bundle)).not.toContain('kubelet.auth_error');
  });

  it("reads x509 failures on the kubelet's registration, status, Lease and reflector lines, with or without the journal prefix", () => {
    for (const text of [
      `Unable to register node with API server: Post "${SERVER}/api/v1/nodes": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
      `"Unable to register node with API server" err="Post \\"${SERVER}/api/v1/nodes\\": x509: certificate signed by unknown authority (possibly because of \\"crypto/rsa: verification error\\" while trying to verify candidate authority certificate \\"kube-apiserver-lb-signer\\")"`,
      `Failed to watch *v1.Node: failed to list *v1.Node: Get "${SERVER}/api/v1/nodes?limit=500": x509: certificate signed by unknown authority`,
      `"Failed to ensure lease exists, will retry" err="Get \\"https://172.18.0.3:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/kind-control-plane\\": x509: certificate is valid for 10.96.0.1, 172.18.0.2, 127.0.0.1, not 172.18.0.3" interval="7s"`,
    ]) {
      expect(ids(said(text)), text).toContain('kubelet.auth_error');
      expect(ids(kubelet(klog('E', 'kubelet_node_status.go:94', text))), text).toContain(
        'kubelet.auth_error',
      );
    }
  });

  it('does not read x509 failures of other programs or unrelated calls without the kubelet', () => {
    for (const text of [
      'error: failed to list pods: x509: certificate signed by unknown authority',
      'Error updating node status, will retry: error getting node "worker-1": context deadline exceeded',
    ])
      expect(ids(said(text)), text).not.toContain('kubelet.auth_error');
  });

  it('alone, the refused trust reaches node_unreachable', () => {
    const bundle = kubelet(
      klog(
        'E',
        'kubelet_node_status.go:94',
        `Unable to register node with API server: Post "${SERVER}/api/v1/nodes": x509: certificate signed by unknown authority`,
      ),
      klog(
        'E',
        'controller.go:145',
        `"Failed to ensure lease exists, will retry" err="Get \\"${SERVER}/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1\\": remote error: tls: bad certificate" interval="7s"`,
      ),
    );
    expect(diagnose(bundle).causes[0]?.id).toBe('node_unreachable');
  });

  it("reads people's words for the trust broken by a CA's rotation", () => {
    for (const line of [
      'After the CA was rotated last night, all worker nodes went NotReady.',
      'The kubelet does not trust the API server anymore.',
      'Nodes became NotReady after the cluster CA rotation.',
      'the kubelet lacks the new api-int CA in its kubeconfig',
      'kubelet no longer trusts the apiserver certificate after the upgrade',
      'the workers cannot register after the signer was rotated',
      'CA 轮换后节点 NotReady',
    ])
      expect(ids(said(line)), line).toContain('kubelet.auth_error');
  });

  it("does not read a registry's, a webhook's or kubectl's trust, a planned rotation, or a question", () => {
    for (const line of [
      'After the CA was rotated, docker pull from the registry fails with x509 on the nodes.',
      'We plan to rotate the cluster CA next week; will the nodes go NotReady?',
      'Did the CA rotation make the nodes NotReady?',
      'kubectl does not trust the API server certificate from my laptop',
      'The kubelet is running and Ready.',
    ])
      expect(ids(said(line)), line).not.toContain('kubelet.auth_error');
  });
});

describe('the kubelet exiting at start because its runtime does not answer', () => {
  const failed = (err: string) =>
    klog('E', 'run.go:74', `"command failed" err="failed to run Kubelet: ${err}"`);
  it('reads every release form over docker.sock, containerd.sock and crio.sock', () => {
    for (const err of [
      'failed to create kubelet: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
      'unable to determine runtime API version: rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused\\"',
      'validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///var/run/crio/crio.sock\\": rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /var/run/crio/crio.sock: connect: no such file or directory\\"',
      'validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unavailable desc = error reading from server: EOF',
      'failed to create kubelet: rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /var/run/dockershim.sock: connect: connection reset by peer\\"',
    ]) {
      const facts = ids(kubelet(failed(err)));
      expect(facts, err).toContain('runtime.blocks_kubelet');
      expect(facts, err).toContain('runtime.unreachable');
    }
    // A distribution's node process that runs the kubelet: its fatal version check (the error on the next line).
    const wrapper = journal(
      'openshift-node',
      'F1102 13:41:43.198628    3318 node.go:85] ERROR: Unable to check for Docker server version.',
    );
    expect(ids({ logs: { kubelet: wrapper } })).toContain('runtime.blocks_kubelet');
  });

  it("does not read the kubelet's other start failures, an unimplemented CRI version, or crictl", () => {
    for (const line of [
      failed(
        'validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unimplemented desc = unknown service runtime.v1.RuntimeService',
      ),
      failed(
        'unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory',
      ),
      failed(
        'misconfiguration: kubelet cgroup driver: \\"systemd\\" is different from docker cgroup driver: \\"cgroupfs\\"',
      ),
      'time="2024-01-10T10:54:43Z" level=fatal msg="unable to determine runtime API version: rpc error: code = Unavailable desc = connection error"',
    ])
      expect(ids(kubelet(line)), line).not.toContain('runtime.blocks_kubelet');
  });

  it('ranks the runtime above the kubelet exit it causes', () => {
    const bundle = kubelet(
      failed(
        'failed to create kubelet: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
      ),
      journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
    );
    expect(diagnose(bundle).causes[0]?.id).toBe('runtime_down');
  });

  it("reads people's words: the kubelet restarting because the runtime is not running, either order", () => {
    for (const line of [
      'The kubelet keeps restarting because docker is not running.',
      'kubelet restarts itself in a loop since containerd is down',
      'docker is not running, so the kubelet keeps restarting',
      'kubelet fails to start because the container runtime is not up',
    ])
      expect(ids(said(line)), line).toContain('runtime.blocks_kubelet');
    for (const line of [
      'The kubelet keeps restarting; docker is running fine.',
      'Why does the kubelet keep restarting because docker is not running?',
      'the kubelet restarted the docker containers because they were not running',
    ])
      expect(ids(said(line)), line).not.toContain('runtime.blocks_kubelet');
  });
});

describe('soft lockups read from their taint, on the network receive polling', () => {
  const cpu = (comm: string, taint: string) =>
    `[469102.081423] CPU: 1 PID: 3844 Comm: ${comm} Tainted: ${taint} 6.1.150-174.273.amzn2023.x86_64 #1`;
  it('reads the L taint on a NAPI poller or ksoftirqd as the network receive path stuck', () => {
    for (const line of [
      cpu('napi/eth0-8193', 'G             L    '),
      cpu('napi/wg0-3', 'G        W    L    '),
      cpu('ksoftirqd/3', 'G            EL    '),
      '[ 2231.114201] CPU: 5 UID: 0 PID: 40 Comm: ksoftirqd/5 Tainted: G             L      6.12.8 #1',
      '[ 1204.001122] watchdog: BUG: soft lockup - CPU#2 stuck for 23s! [napi/ens5-8195:911]',
      '[ 1204.001122] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [ksoftirqd/0:14]',
    ]) {
      const facts = ids({ logs: { kernel: line } });
      expect(facts, line).toContain('kernel.soft_lockup_netrx');
      expect(facts, line).toContain('kernel.soft_lockup');
    }
  });

  it('reads the L taint on any task as a soft lockup, but not on the network path', () => {
    for (const line of [cpu('kubelet', 'G             L    '), cpu('stress-ng', 'P           O L    ')]) {
      const facts = ids({ logs: { kernel: line } });
      expect(facts, line).toContain('kernel.soft_lockup');
      expect(facts, line).not.toContain('kernel.soft_lockup_netrx');
    }
  });

  it('does not read other taints or an untainted report', () => {
    for (const line of [
      cpu('napi/eth0-8193', 'G        W         '),
      cpu('ksoftirqd/3', 'P           OE     '),
      '[469102.081423] CPU: 1 PID: 3844 Comm: napi/eth0-8193 Not tainted 6.1.150 #1',
    ]) {
      const facts = ids({ logs: { kernel: line } });
      expect(facts, line).not.toContain('kernel.soft_lockup');
      expect(facts, line).not.toContain('kernel.soft_lockup_netrx');
    }
  });

  it('the network receive path stuck is the node cut off, not CPU saturation', () => {
    const bundle = {
      logs: {
        kernel: [
          cpu('napi/wg0-3', 'G             L    '),
          '[469102.163666] RIP: 0010:__napi_poll+0x0/0x160',
          cpu('napi/wg0-3', 'G             L    ').replace('469102.081423', '469158.081423'),
        ].join('\n'),
      },
    };
    expect(diagnose(bundle).causes[0]?.id).toBe('node_unreachable');
  });
});

describe('a nested cluster restarted', () => {
  const ASK = "the kubelet's log inside the node container";
  it("asks for the kubelet's log and kubeconfig server against the containers' current addresses", () => {
    for (const text of [
      'After restarting the containers, the kind-control-plane node stays NotReady.',
      'I ran docker restart kind-control-plane and now the node is NotReady',
      'k3d cluster stop then k3d cluster start: k3d-dev-server-0 NotReady',
      'minikube node NotReady after the laptop was rebooted',
    ]) {
      const d = diagnose(said(text));
      expect(
        d.missing?.map((m) => m.what).some((w) => w.startsWith(ASK)),
        text,
      ).toBe(true);
      expect(d.verdict, text).toBe('unknown');
    }
  });

  it('does not ask without a restart, or outside a nested cluster', () => {
    for (const text of [
      'the kind-control-plane node is NotReady after kind create cluster',
      'After restarting the containers, the node worker-1 stays NotReady.',
    ])
      expect(
        diagnose(said(text))
          .missing?.map((m) => m.what)
          .some((w) => w.startsWith(ASK)) ?? false,
        text,
      ).toBe(false);
  });
});
