/**
 * The node agents of the network plugins, by their DaemonSet's name in each project's own manifest: aws-node
 * (aws/amazon-vpc-cni-k8s config/master/aws-k8s-cni.yaml), calico-node (projectcalico/calico manifests), cilium
 * (cilium/cilium install/kubernetes, the agent's DaemonSet; cilium-operator is a Deployment and cilium-envoy carries
 * another word), canal, kube-flannel-ds (flannel-io/flannel Documentation/kube-flannel.yml), weave-net, antrea-agent,
 * kube-router, kube-ovn-cni; round 24 adds multus' kube-multus-ds (k8snetworkplumbingwg/multus-cni
 * deployments/multus-daemonset.yml and -thick.yml), kind's kindnet (kubernetes-sigs/kind's kindnetd manifest),
 * ovn-kubernetes' ovnkube-node and rke2's rke2-canal (rancher/rke2 charts/chart_versions.yaml, the rke2-canal chart's
 * DaemonSet named for its release). k3s runs flannel inside its own agent: no pod. None holds a character a pattern
 * treats specially. Read by pod-table.ts (the agents' pods) and node-roles.ts (their DaemonSets), each of
 * which adds the names that fit its own reading.
 */
export const CNI_NODE_AGENTS = [
  'aws-node',
  'calico-node',
  'cilium',
  'canal',
  'kube-flannel-ds',
  'weave-net',
  'antrea-agent',
  'kube-router',
  'kube-ovn-cni',
  'kube-multus-ds',
  'kindnet',
  'ovnkube-node',
  'rke2-canal',
] as const;
