import type { Signature } from './types.ts';

/** How a CNI call that ran out of time ends, in the caller's error. */
const TIMED_OUT = '(?:timeout|timed out|deadline exceeded|DeadlineExceeded)';

/** Messages CNI plugins write, and the container runtimes and dockershim when a CNI call they made fails. */
export const CNI_RULES: readonly Signature[] = [
  // The callers: containerd's CRI plugin, dockershim/cri-dockerd and libcni.
  {
    fact: 'cni.teardown_failed',
    pattern: 'failed to destroy network for sandbox',
    literals: ['failed to destroy network for sandbox'],
    source:
      'containerd internal/cri/server/sandbox_stop.go (*criService).stopPodSandbox ("failed to destroy network for sandbox %q: %w"; pkg/cri/server before 2.0)',
    mechanism:
      'CNI DEL for the sandbox failed, so StopPodSandbox fails and the kubelet retries it while holding the pod’s sandbox',
  },
  {
    fact: 'cni.teardown_failed',
    pattern: '[Nn]etworkPlugin [a-z-]+ failed to teardown pod',
    literals: ['failed to teardown pod'],
    source:
      'cri-dockerd network/plugins.go (*PluginManager).TearDownPod ("networkPlugin %s failed to teardown pod %q network: %v"; kubernetes pkg/kubelet/dockershim/network/plugins.go before 1.24)',
    mechanism:
      'dockershim could not tear down a pod network through CNI DEL, so the sandbox cannot be stopped',
  },
  {
    fact: 'cni.teardown_failed',
    pattern: 'plugin type=\\\\?"[^"\\\\]+\\\\?"[^\\n]{0,60} failed \\(delete\\)',
    literals: ['failed (delete)'],
    source:
      'containernetworking/cni libcni/api.go (*CNIConfig).DelNetworkList ("plugin %s failed (delete): %w")',
    mechanism: 'the CNI plugin returned an error for DEL: the sandbox network cannot be released',
  },
  {
    fact: 'cni.hang',
    pattern: `(?:failed to (?:destroy|setup|set up) network for sandbox|[Nn]etworkPlugin [a-z-]+ failed to (?:teardown|set up) pod|plugin type=\\\\?"[^"\\\\]+\\\\?"[^\\n]{0,60} failed \\((?:add|delete)\\))[^\\n]{0,400}${TIMED_OUT}`,
    literals: [
      'failed to destroy network for sandbox',
      'failed to set up network for sandbox',
      'failed to set up pod',
      'failed to setup network for sandbox',
      'failed to teardown pod',
      'plugin type="',
      'plugin type=\\"',
    ],
    source:
      'containerd internal/cri/server sandbox_run.go/sandbox_stop.go, cri-dockerd network/plugins.go and libcni api.go, wrapping a CNI plugin exec or datastore timeout',
    mechanism:
      'a CNI ADD/DEL did not finish in time (the plugin or the datastore it calls hangs), holding the sandbox operation behind it',
  },
  {
    fact: 'cni.error',
    pattern:
      'failed to (?:setup|set up) network for sandbox|[Nn]etworkPlugin [a-z-]+ failed to set up pod|plugin type=\\\\?"[^"\\\\]+\\\\?"[^\\n]{0,60} failed \\(add\\)',
    literals: [
      'failed (add)',
      'failed to set up network for sandbox',
      'failed to set up pod',
      'failed to setup network for sandbox',
    ],
    source:
      'containerd internal/cri/server/sandbox_run.go (*criService).RunPodSandbox ("failed to setup network for sandbox %q"), cri-dockerd network/plugins.go SetUpPod, libcni api.go (*CNIConfig).AddNetworkList ("plugin %s failed (add)")',
    mechanism: 'CNI ADD for a new sandbox failed: the pod stays ContainerCreating',
  },
  {
    fact: 'cni.not_ready',
    pattern:
      'NetworkPluginNotReady|cni config uninitialized|network plugin is not ready|runtime network not ready|cni plugin not initialized',
    literals: [
      'cni config uninitialized',
      'cni plugin not initialized',
      'network plugin is not ready',
      'NetworkPluginNotReady',
      'runtime network not ready',
    ],
    source:
      'kubernetes pkg/kubelet/kubelet.go updateRuntimeUp ("runtime network not ready", NetworkPluginNotReady) and containerd internal/cri/server/status.go with containerd/go-cni ErrCNINotInitialized ("cni plugin not initialized")',
    mechanism:
      'the runtime finds no usable CNI configuration: the network plugin has not installed itself on this node',
  },

  // Calico.
  {
    fact: 'cni.hang',
    pattern: `error getting ClusterInformation[^\\n]{0,200}${TIMED_OUT}`,
    literals: ['error getting ClusterInformation'],
    source: 'calico cni-plugin/pkg/plugin/plugin.go cmdAdd/cmdDel ("error getting ClusterInformation: %v")',
    mechanism:
      'the calico CNI plugin waits on the API server/etcd for its cluster configuration until the call times out',
  },
  {
    fact: 'cni.datastore_error',
    pattern: 'error getting ClusterInformation',
    literals: ['error getting ClusterInformation'],
    source: 'calico cni-plugin/pkg/plugin/plugin.go cmdAdd/cmdDel ("error getting ClusterInformation: %v")',
    mechanism:
      'the calico CNI plugin cannot read its datastore (API server unreachable, token expired or RBAC), so every ADD and DEL fails',
  },
  {
    fact: 'cni.ip_exhausted',
    pattern: 'failed to request IPv[46] addresses',
    literals: ['failed to request IPv4 addresses', 'failed to request IPv6 addresses'],
    source:
      'calico cni-plugin/pkg/ipamplugin/ipam_plugin.go cmdAdd ("failed to request IPv4 addresses: %w", a partial-fulfilment IPAM error)',
    mechanism: 'calico IPAM could not allocate an address: the IP pool or the node’s blocks are used up',
  },
  {
    fact: 'cni.error',
    pattern: 'Failed to grab IPAM lock',
    literals: ['Failed to grab IPAM lock'],
    source:
      'calico cni-plugin/pkg/ipamplugin/ipam_plugin.go acquireIPAMLockBestEffort ("Failed to grab IPAM lock, may contend for datastore updates")',
    mechanism: 'calico IPAM could not take its host-wide file lock and proceeds to contend on the datastore',
  },
  {
    fact: 'cni.agent_down',
    pattern: 'calico/node is not ready',
    literals: ['calico/node is not ready'],
    source: 'calico node/pkg/health/health.go RunOutput ("calico/node is not ready: %s is not live/ready")',
    mechanism: 'calico-node on this node fails its own health check (Felix or BIRD not live/ready)',
  },

  // Cilium.
  {
    fact: 'cni.agent_down',
    pattern: 'unable to connect to Cilium daemon',
    literals: ['unable to connect to Cilium daemon'],
    source: 'cilium plugins/cilium-cni/cmd/cmd.go (*Cmd).Add/Del ("unable to connect to Cilium daemon: %s")',
    mechanism:
      'the cilium CNI plugin cannot reach cilium-agent on its socket: the agent on this node is down or restarting',
  },

  {
    fact: 'cni.hang',
    pattern: `[Uu]nable to create endpoint: [^\\n]{0,300}(?:deadline exceeded|Client\\.Timeout exceeded|timed out)`,
    literals: ['unable to create endpoint:'],
    source:
      'cilium plugins/cilium-cni/cmd/cmd.go cmdAdd and the chaining plugins ("Unable to create endpoint: %s" / "unable to create endpoint: %s")',
    mechanism:
      'cilium-agent did not finish creating the pod endpoint (policy and BPF regeneration) before the CNI call timed out',
  },

  // Flannel.
  {
    fact: 'cni.agent_down',
    pattern:
      "failed to load flannel 'subnet\\.env' file|open /run/flannel/subnet\\.env: no such file or directory",
    literals: [
      "failed to load flannel 'subnet.env' file",
      'open /run/flannel/subnet.env: no such file or directory',
    ],
    source: 'flannel-io/cni-plugin flannel.go cmdAdd ("failed to load flannel \'subnet.env\' file: %w")',
    mechanism:
      'flanneld has not written its subnet lease on this node: the flannel daemon is not running or not ready',
  },

  // AWS VPC CNI.
  {
    fact: 'cni.ip_exhausted',
    pattern: 'failed to assign an IP address to container|InsufficientCidrBlocks',
    literals: ['failed to assign an IP address to container', 'InsufficientCidrBlocks'],
    source:
      'aws/amazon-vpc-cni-k8s cmd/routed-eni-cni-plugin/cni.go add ("add cmd: failed to assign an IP address to container") and pkg/ipamd/ipamd.go (EC2 error InsufficientCidrBlocks)',
    mechanism:
      'ipamd has no free secondary IP or prefix for the pod (ENI/IP limit of the instance or subnet exhausted)',
  },
  {
    fact: 'cni.agent_down',
    pattern:
      'failed to connect to backend server|127\\.0\\.0\\.1:50051[^\\n]{0,60}connection refused|aws-node/ipamd\\.sock[^\\n]{0,60}(?:connection refused|no such file)',
    literals: ['failed to connect to backend server', '127.0.0.1:50051', 'aws-node/ipamd.sock'],
    source:
      'aws/amazon-vpc-cni-k8s cmd/routed-eni-cni-plugin/cni.go add ("add cmd: failed to connect to backend server"; ipamd gRPC on 127.0.0.1:50051 before the unix socket)',
    mechanism:
      'the VPC CNI plugin cannot reach ipamd (aws-node) on this node: aws-node is down or restarting',
  },

  // Multus.
  {
    fact: 'cni.agent_down',
    pattern:
      'have you checked that your default network is ready|PollImmediate error waiting for ReadinessIndicatorFile',
    literals: [
      'have you checked that your default network is ready',
      'PollImmediate error waiting for ReadinessIndicatorFile',
    ],
    source:
      'multus-cni pkg/multus/multus.go CmdAdd/CmdDel ("have you checked that your default network is ready? still waiting for readinessindicatorfile @ %v")',
    mechanism:
      "multus waits for the default network's readiness file: the primary CNI agent on this node is not ready",
  },
  {
    fact: 'cni.error',
    pattern: 'error adding container to network \\\\?"',
    literals: ['error adding container to network "', 'error adding container to network \\"'],
    source:
      'multus-cni pkg/multus/multus.go CmdAdd ("error adding container to network %q: %v", Multus-prefixed)',
    mechanism: 'a delegate CNI plugin under multus failed ADD for the pod',
  },
  {
    fact: 'cni.teardown_failed',
    pattern: 'error in getting result from DelNetwork',
    literals: ['error in getting result from DelNetwork'],
    source: 'multus-cni pkg/multus/multus.go confDel ("error in getting result from DelNetwork: %v")',
    mechanism: 'a delegate CNI plugin under multus failed DEL: the sandbox network cannot be released',
  },
];
