import type { Signature } from './types.ts';

/**
 * Round 28 (r28-network): a node without a pod range. The kube-controller-manager's node IPAM
 * (--allocate-node-cidrs) gives each Node a spec.podCIDR carved from --cluster-cidr at --node-cidr-mask-size; the
 * network plugins that take a node's range from it (flannel's kube subnet manager, k3s's and rke2's embedded
 * flannel, kube-router, Calico's host-local IPAM with "usePodCidr", cilium in the kubernetes IPAM mode) cannot start
 * or cannot give a pod an address until it is there: no CNI configuration is written (or the one written has no
 * range host-local takes) and the node stays NotReady with the network plugin not ready. The controller manager's
 * side says why none came: its range is exhausted (more nodes than --cluster-cidr holds at that mask size).
 *
 * Waits (a line or two is every first start, before the controller manager has written the range) are leads
 * (cni.installer_waiting); the plugins' and the allocator's errors are the fact.
 */
export const POD_RANGE_RULES: readonly Signature[] = [
  {
    // flanneld's kube subnet manager reads the range from the Node; main.go logs the lease error and exits.
    fact: 'cni.node_cidr_missing',
    pattern:
      'pod cidr not assigned|specified in the flannel net config doesn.t contain|missing IPv[46] address on n\\.Spec\\.PodCIDRs|failed to acquire lease: invalid CIDR address',
    literals: [
      'pod cidr not assigned',
      'specified in the flannel net config doesn',
      'address on n.Spec.PodCIDRs',
      'failed to acquire lease: invalid CIDR address',
    ],
    source:
      'flannel-io/flannel subnet/kube/kube.go (*kubeSubnetManager).AcquireLease (v0.10-v0.14; pkg/subnet/kube/kube.go from v0.15 to v0.28): "node %q pod cidr not assigned" when spec.podCIDR is empty, net.ParseCIDR\'s "invalid CIDR address: %s" for a malformed one, "subnet %q specified in the flannel net config doesn\'t contain %q PodCIDR of the %q node" (and its IPv6 form) when the Node\'s range is outside the flannel network, "missing IPv4 address on n.Spec.PodCIDRs" (and IPv6) for dual stack; each wrapped by the backends\' "failed to acquire lease: %v" and main.go\'s "Error registering network: %s" before the exit',
    mechanism:
      "flanneld cannot take this node's subnet because the Node has no usable spec.podCIDR (none allocated, malformed, or outside the flannel network): it exits without writing subnet.env, so no CNI configuration works and the network plugin stays not ready",
  },
  {
    // kube-router reads the Node's range when its routing controller starts and exits (klog.Fatalf) without it.
    fact: 'cni.node_cidr_missing',
    pattern: '[Ff]ailed to get pod CIDRs? (?:from node spec|details? from Node\\.spec)',
    literals: ['to get pod CIDR'],
    source:
      'cloudnativelabs/kube-router pkg/controllers/routing/network_routes_controller.go NewNetworkRoutingController (klog.Fatalf "Failed to get pod CIDR from node spec. kube-router relies on kube-controller-manager to allocate pod CIDR for the node or an annotation `kube-router.io/pod-cidr`. Error: %v", its returned "failed to get pod CIDR details from Node.spec: %v") and setupHandlers (the dual-stack "Failed to get pod CIDRs from node spec. ..." and "failed to get pod CIDRs detail from Node.spec: %v", 1.x/2.x); glog "Failed to get pod CIDR from node spec: %s" in the 0.x Run',
    mechanism:
      "kube-router finds no pod range on the Node (the controller manager allocates none, or no kube-router.io/pod-cidr annotation) and exits: no routes or CNI configuration for this node's pods, the network plugin stays not ready",
  },
  {
    // Calico's CNI plugin with host-local IPAM and "subnet": "usePodCidr" (Canal, Calico with flannel or host-local).
    fact: 'cni.node_cidr_missing',
    pattern:
      'no podCidr for node|usePodCidr(?:IPv6)? found but there is no IPv[46] CIDR configured|Failed to (?:ipv6 )?getPodCidrs|invalid CIDR address: usePodCidr',
    literals: [
      'no podCidr for node',
      'found but there is no IPv',
      'getPodCidrs',
      'invalid CIDR address: usePodCidr',
    ],
    source:
      'projectcalico/calico cni-plugin/pkg/k8s/k8s.go getPodCidrs ("no podCidr for node %s" when spec.podCIDRs is empty; projectcalico/cni-plugin before the v3.21 monorepo), cni-plugin/internal/pkg/utils/utils.go replaceHostLocalIPAMPodCIDR (logger.Errorf "Failed to getPodCidrs" / "Failed to ipv6 getPodCidrs", "usePodCidr found but there is no IPv4 CIDR configured", "usePodCidrIPv6 found but there is no IPv6 CIDR configured", v3.21-v3.30); host-local given the placeholder unreplaced: net.ParseCIDR "invalid CIDR address: usePodCidr"',
    mechanism:
      "Calico's CNI plugin is configured to hand the Node's pod range to host-local IPAM and the Node has none: every pod's network set-up fails on this node",
  },
  {
    // cilium-agent in the kubernetes IPAM mode, or told to require the Node's range (--k8s-require-ipv4-pod-cidr).
    fact: 'cni.node_cidr_missing',
    pattern: 'required IPv[46] PodCIDR not available|IPv[46] allocation CIDR is not configured',
    literals: ['PodCIDR not available', 'allocation CIDR is not configured'],
    source:
      'cilium pkg/k8s/init.go retrieveNodeInformation ("required IPv4 PodCIDR not available", "required IPv6 PodCIDR not available", v1.9-v1.14; daemon/k8s/init.go from v1.15 to v1.19), logged under "Waiting for k8s node information"; pkg/node/address.go ValidatePostInit ("IPv4 allocation CIDR is not configured. Please specify --%s", and IPv6) when the agent gives up waiting',
    mechanism:
      "cilium-agent waits for the Node's pod range (the kubernetes IPAM mode takes it from spec.podCIDRs) and has none: it does not become ready, writes no CNI configuration, and the node stays NotReady",
  },
  {
    // The wait itself, logged while the range is not there: a lead (a line or two at every first start is normal).
    fact: 'cni.installer_waiting',
    pattern: 'Waiting for node [^\\n]{1,253}? CIDR not assigned yet|Waiting for k8s node information',
    literals: ['CIDR not assigned yet', 'Waiting for k8s node information'],
    source:
      'k3s-io/k3s pkg/agent/flannel/setup.go Run (logrus.Info "Waiting for node " + nodeName + " CIDR not assigned yet", k3s 1.19 on, rke2 embeds it; catalogue bc57b5bb249a); cilium pkg/k8s/init.go waitForNodeInformation (log.WithError(err).Warning("Waiting for k8s node information"), daemon/k8s/init.go from v1.15, slog Warn from v1.18)',
    mechanism:
      "the network plugin's agent waits for the Node's pod range before it configures the network: while it waits no CNI configuration is written, and for minutes it means the controller manager has allocated none",
  },
  {
    // The kube-controller-manager's node IPAM: the range allocator cannot give the Node a range.
    fact: 'cni.node_cidr_missing',
    pattern:
      'no remaining CIDRs left to allocate|CIDRNotAvailable|CIDRAssignmentFailed|failed to allocate cidr(?: from cluster cidr|: )',
    literals: [
      'no remaining CIDRs left',
      'CIDRNotAvailable',
      'CIDRAssignmentFailed',
      'failed to allocate cidr',
    ],
    source:
      'kubernetes pkg/controller/nodeipam/ipam/cidrset/cidr_set.go ErrCIDRRangeNoCIDRsRemaining ("CIDR allocation failed; there are no remaining CIDRs left to allocate in the accepted range", 1.10 on; errCIDRRangeNoCIDRsRemaining in pkg/controller/node/ipam before), pkg/controller/nodeipam/ipam/range_allocator.go (*rangeAllocator).AllocateOrOccupyCIDR ("failed to allocate cidr from cluster cidr at idx:%v: %v" 1.16 on, "failed to allocate cidr: %v" before) with the event RecordNodeStatusChange(..., "CIDRNotAvailable") ("Node %s status is now: CIDRNotAvailable"), updateCIDRsAllocation ("CIDRAssignmentFailed"); logged by controller_utils.go as "Error while processing Node Add/Delete"',
    mechanism:
      "the controller manager's range allocator has no pod range left for a new Node (its --cluster-cidr holds fewer ranges of --node-cidr-mask-size than there are nodes) or cannot write it: those nodes get no spec.podCIDR and their network plugin never becomes ready",
  },
  {
    // host-local IPAM given a configuration without a usable range (the agent wrote it from an empty Node range).
    fact: 'cni.node_cidr_missing',
    pattern:
      'no IP ranges specified|Network [^ \\n]{1,50} too small to allocate from|Network has host bits set',
    literals: ['no IP ranges specified', 'too small to allocate from', 'Network has host bits set'],
    source:
      'containernetworking/plugins plugins/ipam/host-local/backend/allocator/config.go LoadIPAMConfig ("no IP ranges specified", v0.7 on), range.go (*Range).Canonicalize ("Network %s too small to allocate from", "Network has host bits set. For a subnet mask of length %d the network address is %s", v0.7/v0.8 on)',
    mechanism:
      "host-local IPAM finds no range it can allocate from in the CNI configuration (the range the agent wrote from the Node's pod range is empty or malformed): every pod's network set-up on the node fails",
  },
];
