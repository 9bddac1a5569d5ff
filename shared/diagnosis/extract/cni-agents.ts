/**
 * The node agents of the network plugins, by their DaemonSet's name in each project's own manifest: aws-node
 * (aws/amazon-vpc-cni-k8s config/master/aws-k8s-cni.yaml), calico-node (projectcalico/calico manifests), cilium
 * (cilium/cilium install/kubernetes, the agent's DaemonSet; cilium-operator is a Deployment and cilium-envoy carries
 * another word), canal, kube-flannel-ds (flannel-io/flannel Documentation/kube-flannel.yml), weave-net, antrea-agent,
 * kube-router, kube-ovn-cni. None holds a character a pattern treats specially. Read by pod-table.ts (the agents' pods) and node-roles.ts (their DaemonSets), each of
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
] as const;
