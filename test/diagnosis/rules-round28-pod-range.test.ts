import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

/**
 * Round 28 (r28-network): a node without a pod range (rules/pod-range.ts). Lines built from the format strings of
 * flannel's kube subnet manager, kube-router, Calico's CNI plugin with host-local's "usePodCidr", cilium-agent,
 * k3s's embedded flannel, host-local IPAM and the kube-controller-manager's range allocator; near misses that look
 * alike but are not the mechanism.
 */

const other = (text: string) => ({ logs: { other: text } });
const TS = 'time="2026-11-27T10:01:02.123456789Z"';

const NOT_READY = klog(
  'E',
  'kubelet.go:2373',
  '"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"',
);

const HITS: readonly string[] = [
  // flannel, klog, every backend's wrapping and main.go's
  'E1127 10:01:02.102897       1 main.go:330] Error registering network: failed to acquire lease: node "worker-3" pod cidr not assigned',
  'E1127 10:01:02.102897       1 main.go:384] Error registering network: failed to acquire lease: subnet "10.244.0.0/16" specified in the flannel net config doesn\'t contain "10.42.3.0/24" PodCIDR of the "worker-3" node',
  'E1127 10:01:02.102897       1 main.go:384] Error registering network: failed to acquire lease: subnet "fd00:10:244::/56" specified in the flannel net config doesn\'t contain "fd00:42::/64" IPv6 PodCIDR of the "worker-3" node',
  'E1127 10:01:02.102897       1 main.go:384] Error registering network: failed to acquire lease: missing IPv6 address on n.Spec.PodCIDRs',
  'E1127 10:01:02.102897       1 main.go:384] Error registering network: failed to acquire lease: invalid CIDR address: 10.244.3.0',
  // kube-router, klog Fatalf (1.x/2.x) and glog (0.x)
  'F1127 10:01:02.123456       1 network_routes_controller.go:1178] Failed to get pod CIDR from node spec. kube-router relies on kube-controller-manager to allocate pod CIDR for the node or an annotation `kube-router.io/pod-cidr`. Error: node.Spec.PodCIDR not set for node: worker-3',
  'F1127 10:01:02.123456       1 network_routes_controller.go:1003] Failed to get pod CIDRs from node spec. kube-router relies on kube-controller-manager toallocate pod CIDRs for the node or an annotation `kube-router.io/pod-cidrs`. Error: node.Spec.PodCIDRs empty for node: worker-3',
  'E1127 10:01:02.123456       1 network_routes_controller.go:87] Failed to get pod CIDR from node spec: Failed to get pod CIDR allocated for the node due to: nodes "worker-3" not found',
  // Calico's CNI plugin handing the Node's range to host-local
  `${TS} level=error msg="Failed to getPodCidrs" ContainerID="0a1b2c3d" Namespace="default" Pod="web-0"`,
  'plugin type="calico" failed (add): no podCidr for node worker-3',
  'plugin type="calico" failed (add): usePodCidr found but there is no IPv4 CIDR configured',
  'failed to setup network for sandbox "0a1b": plugin type="host-local" failed (add): invalid CIDR address: usePodCidr',
  // cilium-agent
  'level=warning msg="Waiting for k8s node information" error="required IPv4 PodCIDR not available" subsys=k8s',
  'time=2026-11-27T10:01:02Z level=warn source=/go/src/github.com/cilium/cilium/daemon/k8s/init.go:49 msg="Waiting for k8s node information" module=agent error="required IPv6 PodCIDR not available"',
  'level=fatal msg="postinit failed" error="IPv4 allocation CIDR is not configured. Please specify --ipv4-range" subsys=daemon',
  // kube-controller-manager's range allocator, klog text and structured, and its event
  'E1127 10:01:02.123456       1 controller_utils.go:282] Error while processing Node Add/Delete: failed to allocate cidr: CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range',
  'E1127 10:01:02.123456       1 controller_utils.go:260] "Error while processing Node Add/Delete" err="failed to allocate cidr from cluster cidr at idx:0: CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range"',
  'I1127 10:01:02.123456       1 event.go:294] "Event occurred" object="worker-3" kind="Node" apiVersion="v1" type="Normal" reason="CIDRNotAvailable" message="Node worker-3 status is now: CIDRNotAvailable"',
  '  Normal  CIDRNotAvailable  3m (x41 over 25m)  cidrAllocator  Node worker-3 status is now: CIDRNotAvailable',
  // host-local given no usable range
  'plugin type="bridge" failed (add): no IP ranges specified',
  'failed to setup network for sandbox "0a1b": plugin type="host-local" failed (add): invalid range set 0: Network 10.244.3.0/31 too small to allocate from',
  'plugin type="host-local" failed (add): invalid range set 0: Network has host bits set. For a subnet mask of length 16 the network address is 10.244.0.0',
];

const MISSES: readonly string[] = [
  // flannel's normal lease taken, its log of the node's range, a timeout patching the node
  'I1127 10:01:02.102897       1 kube.go:561] Creating the node lease for IPv4. This is the n.Spec.PodCIDRs: [10.244.3.0/24]',
  'E1127 10:01:02.102897       1 main.go:384] Error registering network: failed to acquire lease: timeout contacting kube-api, failed to patch node "worker-3"',
  // Calico passing the range as it should
  `${TS} level=info msg="Calico CNI passing podCidr to host-local IPAM: 10.244.3.0/24"`,
  // cilium retrieving its node, an unrelated allocation
  'level=info msg="Retrieved node information from kubernetes node" nodeName=worker-3 subsys=k8s',
  'level=info msg="Received own node information from API server" ipAddr.ipv4=10.0.0.3 v4Prefix=10.244.3.0/24',
  // the allocator starting, a node given its range, host-local out of addresses (another fact)
  'I1127 10:01:02.123456       1 range_allocator.go:177] "Starting range CIDR allocator"',
  'I1127 10:01:02.123456       1 range_allocator.go:380] "Set node PodCIDR" node="worker-3" podCIDRs=["10.244.3.0/24"]',
  'plugin type="host-local" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.3.1-10.244.3.254',
  // a CIDR said in another program's words
  'ip: invalid CIDR address 10.0.0.300/24',
];

describe("a node without a pod range, in every program's words", () => {
  it('each line yields the fact', () => {
    for (const line of HITS) expect(ids(other(line)), line).toContain('cni.node_cidr_missing');
  });

  it('near misses do not', () => {
    for (const line of MISSES) expect(ids(other(line)), line).not.toContain('cni.node_cidr_missing');
  });

  it("the waits are leads: k3s's embedded flannel and cilium's node wait", () => {
    for (const line of [
      `${TS} level=info msg="Waiting for node worker-3 CIDR not assigned yet"`,
      'level=warning msg="Waiting for k8s node information" error="unable to retrieve k8s node information: nodes \\"worker-3\\" not found" subsys=k8s',
    ]) {
      const facts = ids({ logs: { 'k3s-agent': line } });
      expect(facts, line).toContain('cni.installer_waiting');
      expect(facts, line).not.toContain('cni.node_cidr_missing');
    }
    expect(
      ids(other(`${TS} level=info msg="Waiting for node worker-3: nodes \\"worker-3\\" not found"`)),
    ).not.toContain('cni.installer_waiting');
  });

  it("reaches the network plugin with the node's NotReady, and asks for the ranges", () => {
    const first = top({
      logs: {
        kubelet: NOT_READY,
        flanneld:
          'E1127 10:01:02.102897       1 main.go:330] Error registering network: failed to acquire lease: node "worker-3" pod cidr not assigned',
        'kube-controller-manager': journal(
          'kube-controller-manager[811]',
          'E1127 10:01:02.123456     811 controller_utils.go:260] "Error while processing Node Add/Delete" err="failed to allocate cidr from cluster cidr at idx:0: CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range"',
        ),
      },
    });
    expect(first?.id).toBe('cni_hang');
    expect(JSON.stringify(first)).toMatch(/node-cidr-mask-size/);
  });
});
