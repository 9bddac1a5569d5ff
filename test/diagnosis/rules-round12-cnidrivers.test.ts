import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 12's class 1 (the in-kubelet and ocicni CNI drivers' add failure; the plugins' datastore clients) and class 6
// (a sandbox failing on the kubelet's own resolver file; node-local API proxies behind loopback), docs/accuracy.md.
// Lines are written from the programs' format strings, not from any incident.

const CID = '9a1c3e5f7b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a';
const TS = 'time="2026-11-02T13:41:43.111882000Z"';

describe("the CNI drivers' add and delete failures, by the plugin's error after them", () => {
  it("the kubelet's in-tree driver (glog, to 1.12) waiting on the plugin: cni_hang", () => {
    const logs = [
      klog(
        'E',
        'cni.go:260',
        'Error adding network: error getting ClusterInformation: context deadline exceeded',
      ),
      klog(
        'E',
        'cni.go:227',
        'Error while adding to cni network: error getting ClusterInformation: context deadline exceeded',
      ),
      klog(
        'E',
        'docker_manager.go:2296',
        'Failed to setup network for pod "web-0_default(0b1c2d3e)" using network plugins "cni": error getting ClusterInformation: context deadline exceeded; Skipping pod',
      ),
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('cni.hang');
    expect(found).toContain('cni.error');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('cni_hang');
  });

  it("dockershim's klog form (1.13-1.23) with Calico's datastore refusing it: the plugin's control plane", () => {
    const logs = [
      klog(
        'E',
        'cni.go:364',
        `Error adding kube-system_coredns-5c98db65d4-8x2mn/${CID} to network calico/k8s-pod-network: error getting ClusterInformation: connection is unauthorized: Unauthorized`,
      ),
      klog(
        'E',
        'cni.go:385',
        `Error deleting kube-system_coredns-5c98db65d4-8x2mn/${CID} from network calico/k8s-pod-network: error getting ClusterInformation: connection is unauthorized: Unauthorized`,
      ),
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('cni.datastore_error');
    expect(found).toContain('cni.teardown_failed');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('cni_hang');
  });

  it("ocicni in CRI-O (logrus, v0.1-v0.2) with etcd behind a plain port: the datastore's scheme", () => {
    const logs = [
      journal(
        'crio[912]',
        `${TS} level=error msg="Error adding network: could not initialize etcdv3 client: context deadline exceeded"`,
      ),
      journal(
        'crio[912]',
        `${TS} level=error msg="Error while adding pod to CNI network \\"k8s-pod-network\\": error getting ClusterInformation: Get \\"https://10.96.0.1:443/apis/crd.projectcalico.org/v1/clusterinformations/default\\": http: server gave HTTP response to HTTPS client"`,
      ),
    ].join('\n');
    const found = ids({ logs: { crio: logs } });
    expect(found).toContain('cni.datastore_error');
    expect(found).toContain('cni.hang');
    expect(top({ logs: { crio: logs } })?.id).toBe('cni_hang');
  });

  it('red herring: an add that failed once and succeeded on retry, pods Running, is no hang', () => {
    const logs = [
      klog(
        'E',
        'cni.go:364',
        `Error adding default_web-0/${CID} to network bridge/cbr0: failed to set bridge addr: "cni0" already has an IP address different from 10.244.2.1/24`,
      ),
      klog('I', 'kubelet.go:2103', 'SyncLoop (PLEG): "web-0_default(0b1c2d3e)", event: ContainerStarted'),
    ].join('\n');
    const found = ids({
      logs: { kubelet: logs },
      commandOutputs: {
        'kubectl get pods -o wide':
          'NAME    READY   STATUS    RESTARTS   AGE\nweb-0   1/1     Running   0          5m',
      },
    });
    expect(found).not.toContain('cni.hang');
    expect(found).not.toContain('cni.datastore_error');
    const first = top({ logs: { kubelet: logs } });
    expect(first === undefined || first.confidence < 0.7).toBe(true);
  });
});

describe("the kubelet's own sandbox configuration", () => {
  const resolvMissing = [
    klog(
      'E',
      'dns.go:284',
      '"Could not open resolv conf file." err="open /run/systemd/resolve/resolv.conf: no such file or directory"',
    ),
    klog(
      'E',
      'kuberuntime_sandbox.go:45',
      '"Failed to generate sandbox config for pod" err="open /run/systemd/resolve/resolv.conf: no such file or directory" pod="kube-system/nginx-proxy-node-1"',
    ),
    klog(
      'E',
      'pod_workers.go:1294',
      '"Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"nginx-proxy-node-1_kube-system(0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e)\\" with CreatePodSandboxError: \\"Failed to generate sandbox config for pod \\\\\\"nginx-proxy-node-1_kube-system(0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e)\\\\\\": open /run/systemd/resolve/resolv.conf: no such file or directory\\"" pod="kube-system/nginx-proxy-node-1"',
    ),
  ];
  const loopbackRefused = [
    klog(
      'E',
      'kubelet_node_status.go:96',
      '"Unable to register node with API server" err="Post \\"https://localhost:6443/api/v1/nodes\\": dial tcp 127.0.0.1:6443: connect: connection refused" node="node-1"',
    ),
    klog(
      'E',
      'controller.go:146',
      '"Failed to ensure lease exists, will retry" err="Get \\"https://localhost:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-1?timeout=10s\\": dial tcp 127.0.0.1:6443: connect: connection refused" interval="7s"',
    ),
  ];

  it("the node-local API proxy's static pod failing on the kubelet's resolver file: kubelet_defect", () => {
    const logs = [...loopbackRefused, ...resolvMissing].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('kubelet.api_via_loopback');
    expect(found).toContain('kubelet.sandbox_config_failed');
    expect(found).toContain('kubelet.api_behind_own_pod');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('kubelet_defect');
  });

  it('the 1.19 wordings and the event read the same way', () => {
    const logs = [
      klog(
        'E',
        'kubelet_node_status.go:93',
        'Unable to register node "node-1" with API server: Post "https://127.0.0.1:6443/api/v1/nodes": dial tcp 127.0.0.1:6443: connect: connection refused',
      ),
      klog(
        'E',
        'kuberuntime_sandbox.go:41',
        'GeneratePodSandboxConfig for pod "haproxy-node-1_kube-system(0b1c2d3e)" failed: open /etc/resolv.conf: no such file or directory',
      ),
      klog(
        'E',
        'kuberuntime_manager.go:730',
        'createPodSandbox for pod "haproxy-node-1_kube-system(0b1c2d3e)" failed: open /etc/resolv.conf: no such file or directory',
      ),
    ].join('\n');
    expect(ids({ logs: { kubelet: logs } })).toContain('kubelet.api_behind_own_pod');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('kubelet_defect');
  });

  it('the loopback refusal alone is the API path down: node_unreachable', () => {
    const logs = loopbackRefused.join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).toContain('kubelet.api_via_loopback');
    expect(found).not.toContain('kubelet.api_behind_own_pod');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('node_unreachable');
  });

  it("a loopback refusal beside a sandbox failing in the network plugin is not the kubelet's", () => {
    const logs = [
      ...loopbackRefused,
      klog(
        'E',
        'remote_runtime.go:176',
        `"RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"${CID}\\": plugin type=\\"calico\\" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized"`,
      ),
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).not.toContain('kubelet.sandbox_config_failed');
    expect(found).not.toContain('kubelet.api_behind_own_pod');
    expect(top({ logs: { kubelet: logs } })?.id).not.toBe('kubelet_defect');
  });

  it('red herrings: a remote API server refusing, and the nameserver-limit warning', () => {
    const logs = [
      klog(
        'E',
        'kubelet_node_status.go:96',
        '"Unable to register node with API server" err="Post \\"https://10.0.0.10:6443/api/v1/nodes\\": dial tcp 10.0.0.10:6443: connect: connection refused" node="node-1"',
      ),
      klog(
        'E',
        'dns.go:153',
        '"Nameserver limits exceeded" err="Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.0.0.2 10.0.0.3 10.0.0.4"',
      ),
    ].join('\n');
    const found = ids({ logs: { kubelet: logs } });
    expect(found).not.toContain('kubelet.api_via_loopback');
    expect(found).not.toContain('kubelet.sandbox_config_failed');
    expect(found).not.toContain('kubelet.api_behind_own_pod');
    expect(top({ logs: { kubelet: logs } })?.id).toBe('node_unreachable');
  });

  it('the resolver file missing with nothing depending on it is a lead, not a verdict', () => {
    const logs = resolvMissing.join('\n');
    const first = top({ logs: { kubelet: logs } });
    expect(ids({ logs: { kubelet: logs } })).toContain('kubelet.sandbox_config_failed');
    expect((first?.confidence ?? 0) < 0.7).toBe(true);
  });
});
