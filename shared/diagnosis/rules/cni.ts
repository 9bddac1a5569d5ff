import type { Signature } from './types.ts';

/** How a CNI call that ran out of time ends, in the caller's error. */
const TIMED_OUT = '(?:timeout|timed out|deadline exceeded|DeadlineExceeded)';

/**
 * The CNI drivers' own words for an ADD that failed, the plugin's error after them: the kubelet's in-tree CNI
 * network plugin (pkg/kubelet/network/cni to 1.10, then dockershim's pkg/kubelet/dockershim/network/cni to 1.23,
 * then cri-dockerd) and CRI-O's ocicni (logged by v0.2, returned from v0.3).
 */
const DRIVER_ADD =
  '(?:Error adding network: |[Ee]rror while adding to cni network: |Error adding [^ \\n]{1,300} to network [^ /\\n]{1,60}/[^ :\\n]{1,120}: |Error adding pod [^ \\n]{1,300} to network [^\\n]{1,200}|Error while adding pod to CNI network \\\\?"|error adding pod [^ \\n]{1,300} to CNI network \\\\?")';
const DRIVER_ADD_LITERALS = [
  'Error adding network: ',
  'error while adding to cni network: ',
  ' to network ',
  'Error while adding pod to CNI network',
  ' to CNI network ',
];
/** The same drivers' words for a DEL that failed. */
const DRIVER_DEL =
  '(?:Error deleting network: |Error deleting [^ \\n]{1,300} from network [^ /\\n]{1,60}/[^ :\\n]{1,120}: |Error deleting pod [^ \\n]{1,300} from network [^\\n]{1,200}|Error while removing pod from CNI network \\\\?"|error removing pod [^ \\n]{1,300} from CNI network \\\\?")';
const DRIVER_DEL_LITERALS = [
  'Error deleting network: ',
  ' from network ',
  'Error while removing pod from CNI network',
  ' from CNI network ',
];
/**
 * Every caller's words for a failed CNI call (the drivers above, the runtimes' sandbox forms, libcni's): what comes
 * after them is the plugin's own error.
 */
const CNI_CALL_FAILED = `(?:${DRIVER_ADD}|${DRIVER_DEL}|failed to (?:setup|set up|destroy) network for (?:pod )?sandbox|[Nn]etworkPlugin [a-z-]+ failed to (?:set up|teardown) pod|failed to set up sandbox container|failed to create pod network sandbox|plugin type=\\\\?"[^"\\\\]+\\\\?"[^\\n]{0,60} failed \\((?:add|delete)\\))`;
const CNI_CALL_FAILED_LITERALS = [
  ...DRIVER_ADD_LITERALS,
  ...DRIVER_DEL_LITERALS,
  'network for sandbox',
  'network for pod sandbox',
  'failed to set up pod',
  'failed to teardown pod',
  'failed to set up sandbox container',
  'failed to create pod network sandbox',
  'failed (add)',
  'failed (delete)',
];
/**
 * The plugin's datastore refusing it or not being the server it expects, in the words its clients return:
 * libcalico-go's ErrorConnectionUnauthorized, Go's net/http meeting a plain-HTTP server on an https:// endpoint
 * (the Kubernetes datastore or etcd's gateway), Go's crypto/tls meeting a plain gRPC port (etcd v3 over TLS), the
 * etcd v2 client finding no member, and the etcd v3 client's dial or request deadline.
 */
const DATASTORE_REFUSED =
  '(?:connection is unauthorized|server gave HTTP response to HTTPS client|first record does not look like a TLS handshake|etcd cluster is unavailable or misconfigured|could not initialize etcdv3 client|(?:etcd|etcdv3|:2379)[^\\n]{0,200}(?:context deadline exceeded|DeadlineExceeded))';

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
  // The drivers inside the callers: the kubelet's in-tree CNI network plugin and CRI-O's ocicni.
  {
    fact: 'cni.hang',
    pattern: `(?:${DRIVER_ADD}|${DRIVER_DEL})[^\\n]{0,400}${TIMED_OUT}`,
    literals: [...DRIVER_ADD_LITERALS, ...DRIVER_DEL_LITERALS],
    source:
      'kubernetes pkg/kubelet/network/cni/cni.go (to 1.10) and pkg/kubelet/dockershim/network/cni/cni.go (1.11-1.23) (*cniNetworkPlugin).SetUpPod / addToNetwork / deleteFromNetwork (glog then klog: "Error while adding to cni network: %s", "Error adding network: %v", "Error deleting network: %v" to 1.12; "Error adding %s to network %s/%s: %v", "Error deleting %s from network %s/%s: %v" from 1.13; cri-dockerd network/cni/cni.go "Error adding pod %s/%s to network %s...: %v"); cri-o/ocicni pkg/ocicni/ocicni.go (logrus "Error while adding pod to CNI network %q: %s", "Error while removing pod from CNI network %q: %s", "Error adding network: %v", v0.1-v0.2; the returned "error adding pod %s to CNI network %q: %w", "error removing pod %s from CNI network %q: %w", v0.3-v0.5), each followed by the plugin\'s error ending in a timeout',
    mechanism:
      "the CNI driver's ADD or DEL ran out of time waiting on the plugin (the plugin hangs, or waits on its datastore): the sandbox operation behind it is held for as long",
  },
  {
    fact: 'cni.error',
    pattern: DRIVER_ADD,
    literals: DRIVER_ADD_LITERALS,
    source:
      'kubernetes pkg/kubelet/network/cni/cni.go (to 1.10) and pkg/kubelet/dockershim/network/cni/cni.go (1.11-1.23) (*cniNetworkPlugin).SetUpPod / addToNetwork ("Error while adding to cni network: %s", "Error adding network: %v" to 1.12, "Error adding %s to network %s/%s: %v" from 1.13), cri-dockerd network/cni/cni.go addToNetwork; cri-o/ocicni pkg/ocicni/ocicni.go ("Error while adding pod to CNI network %q: %s", "Error adding network: %v", v0.1-v0.2; "error adding pod %s to CNI network %q: %w", v0.3-v0.5)',
    mechanism:
      "the CNI driver's ADD for a new sandbox failed with the plugin's error after it: the pod stays ContainerCreating and the kubelet retries it",
  },
  {
    fact: 'cni.teardown_failed',
    pattern: DRIVER_DEL,
    literals: DRIVER_DEL_LITERALS,
    source:
      'kubernetes pkg/kubelet/network/cni/cni.go (to 1.10) and pkg/kubelet/dockershim/network/cni/cni.go (1.11-1.23) (*cniNetworkPlugin).deleteFromNetwork ("Error deleting network: %v" to 1.12, "Error deleting %s from network %s/%s: %v" from 1.13), cri-dockerd network/cni/cni.go deleteFromNetwork; cri-o/ocicni pkg/ocicni/ocicni.go ("Error while removing pod from CNI network %q: %s", v0.1-v0.2; "error removing pod %s from CNI network %q: %w", v0.3-v0.5)',
    mechanism:
      "the CNI driver's DEL failed with the plugin's error after it: the sandbox's network cannot be released, so its teardown is retried while the sandbox is held",
  },
  {
    // The plugin's error after any caller's words naming its datastore's answer: the plugin's control plane.
    fact: 'cni.datastore_error',
    pattern: `${CNI_CALL_FAILED}[^\\n]{0,600}${DATASTORE_REFUSED}`,
    literals: CNI_CALL_FAILED_LITERALS,
    source:
      'projectcalico/calico cni-plugin/pkg/plugin/plugin.go cmdAdd/cmdDel (the Calico client\'s errors returned whole) over libcalico-go lib/errors ErrorConnectionUnauthorized ("connection is unauthorized: %v") and lib/backend/etcdv3 ("could not initialize etcdv3 client: %+v", the etcd v3 client\'s dial and request deadlines), Go net/http ("http: server gave HTTP response to HTTPS client") and crypto/tls ("first record does not look like a TLS handshake") for an endpoint whose scheme is not the server\'s, the etcd v2 client ("client: etcd cluster is unavailable or misconfigured"), as the kubelet\'s, ocicni\'s and the runtimes\' CNI failures carry them, v3.10-v3.30',
    mechanism:
      "the CNI plugin's call to its datastore (the API server or etcd) was refused or reached the wrong kind of server (its credentials rejected, http:// against https://, TLS against a plain port) or timed out: every pod's ADD and DEL fails on the plugin's control plane, not on this node's network",
  },
  {
    fact: 'cni.datastore_error',
    pattern:
      'Calico is currently not ready to process requests|error creating calico client: |Error creating/updating endpoint in datastore',
    literals: [
      'Calico is currently not ready to process requests',
      'error creating calico client: ',
      'Error creating/updating endpoint in datastore',
    ],
    source:
      'projectcalico/calico cni-plugin/pkg/plugin/plugin.go cmdAdd/cmdDel ("error creating calico client: %v"; "Calico is currently not ready to process requests" while ClusterInformation says the datastore is not ready, as during a datastore migration) and cni-plugin/pkg/k8s/k8s.go CmdAddK8s ("Error creating/updating endpoint in datastore."), v3.10-v3.30',
    mechanism:
      "the calico CNI plugin cannot use its datastore (no client could be built from its configuration, the datastore is marked not ready, or the endpoint write failed): every pod's ADD fails on the plugin's control plane",
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
  {
    // Each runtime's loader says the configuration directory holds nothing it can use.
    fact: 'cni.not_ready',
    literals: [
      'networks found in',
      'No CNI configuration file in',
      'no network config found in',
      'Missing CNI default network',
      'failed to load cni during init',
      'cni config not initialized',
    ],
    pattern:
      '[Nn]o (?:valid )?networks found in|No CNI configuration file in|no network config found in|[Mm]issing CNI default network|failed to load cni during init|cni config not initialized',
    source:
      'kubernetes pkg/kubelet/dockershim/network/cni/cni.go getDefaultCNINetwork ("no networks found in %s", "no valid networks found in %s"; cri-dockerd since 1.24); cri-o and ocicni pkg/ocicni/ocicni.go ("No CNI configuration file in %s. Has your network provider started?", "Missing CNI default network"); containerd/go-cni ("no network config found in %s") and containerd CRI init ("failed to load cni during init")',
    mechanism:
      'the CNI configuration directory holds no configuration the runtime can load: the network plugin has not written it (its agent is not running) or wrote it elsewhere',
  },
  {
    // libcni's loader, and the callers that wrap its errors: a file is there but is not a configuration it takes.
    fact: 'cni.config_invalid',
    literals: [
      'Error loading CNI config',
      'Error validating CNI config',
      'Error converting CNI config file',
      'error parsing configuration',
      "no 'type'; perhaps this is a .conflist",
      'unable to understand network config',
      'has no networks',
    ],
    pattern:
      "Error loading CNI config (?:list )?file|Error validating CNI config (?:list|file)|Error converting CNI config file|error parsing configuration(?: list)?: |no 'type'; perhaps this is a \\.conflist|unable to understand network config|CNI config list [^ ]+ has no networks",
    // Validation that failed only because a plugin's binary is not in the bin directories: the file is sound, the
    // binary is elsewhere (cni.binary_missing).
    unless: 'failed to find plugin',
    source:
      'containernetworking/cni libcni/conf.go ConfFromBytes / ConfListFromBytes ("error parsing configuration: missing \'type\'", "error parsing configuration list: no \'plugins\' key", invalid cniVersion); kubernetes dockershim cni.go getDefaultCNINetwork ("Error loading CNI config file %s: no \'type\'; perhaps this is a .conflist?", "Error validating CNI config list %s", "CNI config list %s has no networks, skipping")',
    mechanism:
      'a CNI configuration file is present but the loader rejects it (no type, a list under a .conf name, a cniVersion this libcni does not support): the runtime skips it and the network stays not ready',
  },
  {
    // libcni looks each plugin of a configuration up in the runtime's CNI bin directories before it runs or validates
    // it; the error carries the plugin's type and the directory list it searched, so the line itself says where the
    // runtime looked. Wrapped by containerd's CRI ("plugin type=%q failed (add): …" from go-cni, in RunPodSandbox's
    // "failed to setup network for sandbox"), by cri-o (ocicni's "Error validating CNI config file %s: [%v]" at load,
    // its sandbox set-up after), and relayed by the kubelet and the FailedCreatePodSandBox event.
    fact: 'cni.binary_missing',
    literals: ['failed to find plugin'],
    pattern: 'failed to find plugin \\\\{0,3}"[^"\\\\\\n]{1,80}\\\\{0,3}" in path \\[',
    source:
      'containernetworking/cni pkg/invoke/find.go FindInPath ("failed to find plugin %q in path %s", v0.6.0 on, the same in v1.x), called by libcni api.go addNetwork/delNetwork/checkNetwork and validatePlugin (ValidateNetworkList, v0.7 on); the directories are the runtime\'s: containerd\'s CRI bin_dir (pkg/cri/config DefaultConfig NetworkPluginBinDir "/opt/cni/bin"; bin_dirs in 2.x), cri-o\'s [crio.network] plugin_dirs (default "/opt/cni/bin/"; Fedora/RHEL packages add /usr/libexec/cni, where their containernetworking-plugins install), k3s\'s containerd template (bin_dir under its own data directory)',
    mechanism:
      "the runtime cannot find the network plugin's binary in the bin directories it is configured with (the list in the message): the plugin's installer put it in another directory, or not yet on this node, so no sandbox gets a network",
  },
  {
    // Round 19: the kubelet's own CNI loader (dockershim, 1.16-1.23; cri-dockerd since) validates each configuration
    // list it loads with libcni's ValidateNetworkList, which asks every plugin whether it supports the list's
    // cniVersion: a list without the field asks for "" and plugins that support 0.1.0 and later refuse it. 1.16
    // logged the list with %v, a *libcni.NetworkConfigList printed as &{Name CNIVersion DisableCheck [plugins]
    // [file bytes as decimal numbers]}; later releases print its path. The kubelet skips it: the network stays not
    // ready.
    fact: 'cni.config_invalid',
    literals: ['Error validating CNI config &{', 'does not support config version'],
    pattern: 'Error validating CNI config &\\{|plugin [^ \\n]{1,80} does not support config version',
    source:
      'kubernetes pkg/kubelet/dockershim/network/cni/cni.go getDefaultCNINetwork (klog.Warningf("Error validating CNI config %v: %v", confList, err) in 1.16, the *libcni.NetworkConfigList printed with its Bytes as numbers; "Error validating CNI config list %s: %v" with the file name from 1.16.x/1.17), calling containernetworking/cni libcni/api.go (*CNIConfig).ValidateNetworkList and validatePlugin ("plugin %s does not support config version %q", v0.7 on)',
    mechanism:
      "the kubelet's CNI loader rejects the plugin's configuration list on validation (a plugin refuses its cniVersion, empty when the list has none, as lists written for older kubelets did): it skips the file and the network stays not ready until the plugin ships one with the field",
  },
  {
    // Round 19: the runtime's watch on the CNI configuration directory. containerd's syncer reloads through go-cni,
    // whose Load wraps libcni's error as "cni config load failed: %v: failed to load cni config"; the syncer logs
    // it as a reload that failed after a filesystem event. CRI-O's ocicni monitors the directory with fsnotify and
    // logs a watcher error ("CNI monitoring error %v"); after it the directory's changes may not be seen.
    fact: 'cni.config_not_reloaded',
    literals: ['failed to reload cni configuration after receiving fs change event', 'CNI monitoring error'],
    pattern: 'failed to reload cni configuration after receiving fs change event|CNI monitoring error',
    source:
      'containerd pkg/cri/server/cni_conf_syncer.go (*cniNetConfSyncer).syncLoop ("failed to reload cni configuration after receiving fs change event(%s)", 1.4-1.7; internal/cri/server in 2.x) with containerd/go-cni cni.go Load ("cni config load failed: %v: %w", ErrLoad "failed to load cni config"); cri-o/ocicni pkg/ocicni/ocicni.go monitorConfDir ("CNI monitoring error %v", cri-o 1.9 on)',
    mechanism:
      "the runtime's watch on the CNI configuration directory failed to load what changed there (a watcher error, a reload the loader refused): the runtime keeps its last network status and the network stays not ready until the runtime is restarted or the file is rewritten",
  },
  {
    // containerd watches the configuration directory (fsnotify) and reloads on a write; when the watch fails, or
    // the directory is a mount that delivers no events, a configuration written later is never loaded.
    fact: 'cni.config_not_reloaded',
    literals: [
      'cni network conf monitor error',
      'failed to continue sync cni conf change',
      'failed to create cni conf monitor',
      'cni conf dir is removed',
    ],
    pattern:
      'cni network conf monitor error|failed to continue sync cni conf change|failed to create cni conf monitor|cni conf dir is removed, stop watching',
    from: ['containerd', 'unknown'],
    source:
      'containerd internal/cri/server/cni_conf_syncer.go (newCNINetConfSyncer, (*cniNetConfSyncer).syncLoop: "cni network conf monitor error", "failed to continue sync cni conf change", "cni conf dir is removed, stop watching")',
    mechanism:
      "containerd's watch of the CNI configuration directory failed: a configuration written after it never reaches the runtime until containerd restarts",
  },
  {
    // The scheduler's answer for a network plugin's DaemonSet pod on nodes that are not Ready yet: the plugin
    // cannot run where it is needed, and the nodes stay not Ready without it.
    fact: 'cni.agent_down',
    literals: ['untolerated taint', "didn't tolerate"],
    pattern:
      "(?:calico-node|cilium|kube-flannel|flannel|aws-node|weave-net|canal|antrea-agent|kube-router|azure-cni|kube-ovn|ovnkube-node)[^\\n]{0,300}(?:untolerated taint|didn't tolerate)[^\\n]{0,120}node\\.kubernetes\\.io/not-ready",
    source:
      'kubernetes pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go Filter ("node(s) had untolerated taint {%s: %s}", "didn\'t tolerate" before 1.25), on a network plugin DaemonSet\'s pod',
    mechanism:
      "the network plugin's DaemonSet does not tolerate the not-ready taint, so its pods never run on the nodes whose readiness they provide",
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

  // AWS VPC CNI: the aws-node entrypoint writes the CNI configuration only after ipamd answers its health check.
  {
    fact: 'cni.agent_down',
    pattern:
      'Timed out waiting for IPAM daemon to start|Failed to communicate with K8S Server\\. Please check instance security groups or http proxy setting|error communicating with apiserver',
    literals: [
      'Timed out waiting for IPAM daemon to start',
      'Failed to communicate with K8S Server',
      'error communicating with apiserver',
    ],
    source:
      'aws/amazon-vpc-cni-k8s cmd/aws-vpc-cni/main.go _main ("Timed out waiting for IPAM daemon to start"; scripts/entrypoint.sh wait_for_ipam before it) and pkg/k8sapi CreateKubeClient ("Failed to communicate with K8S Server. Please check instance security groups or http proxy setting", "error communicating with apiserver: %v")',
    mechanism:
      "the VPC CNI's ipamd cannot reach the API server (often its Service ClusterIP before kube-proxy's rules exist), so aws-node never writes the CNI configuration and the node's network plugin stays not ready",
  },

  // Cilium.
  {
    fact: 'cni.agent_down',
    pattern: 'Unable to contact k8s api-server',
    literals: ['Unable to contact k8s api-server'],
    source:
      'cilium pkg/k8s/client (waitForConnReady: "Establishing connection to apiserver", then "Unable to contact k8s api-server" when the wait times out), at cilium-agent start',
    mechanism:
      'cilium-agent cannot reach the API server (often its Service ClusterIP before any proxy rules exist) and exits before writing the CNI configuration: the network plugin stays not ready',
  },
  {
    fact: 'cni.agent_down',
    pattern: 'unable to connect to Cilium daemon|unable to retrieve configuration from [Cc]ilium[- ]agent',
    literals: ['unable to connect to Cilium daemon', 'unable to retrieve configuration from'],
    source:
      'cilium plugins/cilium-cni/cmd/cmd.go (*Cmd).Add/Del ("unable to connect to Cilium daemon: %s"), and getConfigFromCiliumAgent (plugins/cilium-cni/cilium-cni.go "unable to retrieve configuration from cilium-agent: %s" v1.12, cmd/cmd.go "unable to retrieve configuration from Cilium agent: %w" v1.15-v1.18; catalogue 32b90e138aaf, 5bfba913fa14)',
    mechanism:
      'the cilium CNI plugin cannot reach cilium-agent on its socket (or the agent does not answer its configuration request): the agent on this node is down or restarting',
  },
  {
    // The kubelet's own prober naming a node CNI agent's container: the agent's health endpoint (cilium-agent's
    // /healthz on 9879, calico-node's felix and bird checks, flannel's and aws-node's) does not answer or says unready.
    fact: 'cni.agent_down',
    pattern:
      '\\\\?"Probe failed\\\\?" probeType=\\\\?"?(?:Readiness|Liveness|Startup)[^\\n]{0,300} containerName=\\\\?"(?:cilium-agent|calico-node|kube-flannel|aws-node|antrea-agent|kube-router)\\\\?"|(?:Readiness|Liveness|Startup) probe for \\\\?"[^"\\n]{1,250}:(?:cilium-agent|calico-node|kube-flannel|aws-node|antrea-agent|kube-router)\\\\?" failed',
    literals: [
      '"Probe failed" probeType=',
      '\\"Probe failed\\" probeType=',
      ' probe for "',
      ' probe for \\"',
    ],
    source:
      'kubernetes pkg/kubelet/prober/prober.go (*prober).probe (glog/klog "%s probe for %q failed (%v): %s" with the pod\'s full name and the container after a colon, to 1.20; structured "Probe failed" with probeType, pod, podUID, containerName, probeResult and output since), the container being a node CNI agent\'s (cilium-agent, calico-node, kube-flannel, aws-node, antrea-agent, kube-router)',
    mechanism:
      "the kubelet's probe of the node's CNI agent fails: the agent is not ready (cilium-agent's /healthz, calico-node's felix or BIRD check, flannel's or the VPC CNI's own), so new pods' network setup on this node fails or waits",
  },
  {
    // `cilium status` printing the agent's own state (tab-aligned) as Failure, or `cilium status --brief` naming
    // the agent itself as the first unhealthy part.
    fact: 'cni.agent_down',
    pattern: 'Cilium:[ \\t]{1,40}Failure|error in cilium: ',
    literals: ['Cilium:', 'error in cilium: '],
    source:
      'cilium pkg/client/client.go FormatStatusResponse ("Cilium:\\t%s   %s" with the agent\'s state, Failure when its status collector reports it) and FormatStatusResponseBrief ("error in %s" with "cilium: %s"; read at main 00c1fdc), printed by `cilium status` / `cilium-dbg status` in the agent\'s pod',
    mechanism:
      "cilium-agent reports its own state as failed: it is not ready to serve the node's endpoints, so new pods' network setup fails or waits",
  },
  {
    // The agent's API client (the cilium CLI inside the agent's pod, cilium-health, the CNI plugin) maps a request
    // deadline to one fixed sentence.
    fact: 'cni.agent_down',
    pattern: 'Cilium API client timeout exceeded',
    literals: ['Cilium API client timeout exceeded'],
    source:
      'cilium pkg/client/client.go Hint (context.DeadlineExceeded rewritten as "Cilium API client timeout exceeded"; read at main 00c1fdc), printed by `cilium status` / `cilium-dbg status` in the agent\'s pod',
    mechanism:
      "cilium-agent's API on its local socket did not answer within the client's deadline: the agent is wedged or still starting, so the node's CNI calls (which use the same API) hang or fail",
  },
  {
    // The same client's dial of the agent's socket (defaults.SockPath), refused or absent; Hint appends "Is the agent
    // running?" on the next line.
    fact: 'cni.agent_down',
    pattern: 'cilium\\.sock: connect: (?:no such file or directory|connection refused)',
    literals: ['cilium.sock: connect: '],
    source:
      'cilium pkg/client/client.go NewRuntime / DefaultSockPath (unix:///var/run/cilium/cilium.sock) and Hint (adds "Is the agent running?" when the error names the socket; read at main 00c1fdc), as the cilium CLI and the cilium-cni plugin report a failed dial',
    mechanism:
      "nothing listens on cilium-agent's local API socket (the socket file absent, or the connection refused): the agent on this node is not running or has not finished starting",
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

  // Round 27 (r27-cilium), from the cilium-agent catalogue (rules/catalogue/cilium-agent.*, v1.12.10-v1.18.6): the
  // agent's own exits at start-up, its datapath (the BPF programs and maps) failing to load, and its IPAM with no
  // address left. logrus (level=fatal msg="..." error="...") to 1.17, slog from 1.18, the wrapped error text in
  // the hive's start failure from 1.15; one rule per mechanism, its messages as an alternation.
  {
    fact: 'cni.agent_down',
    pattern:
      'Error while creating daemon|error while initializing daemon|failed while reinitializing datapath|error while opening/creating BPF maps|Unable to initialize service maps|failed to setup base devices|(?:BPF template (?:compilation|object creation)|alignchecker compile|C and Go structs alignment check) failed|failed to compile (?:bpf_sock\\.c|encryption programs|overlay programs|template program)|Failed to compile XDP program|(?:BPF template directory|BPF check|clang version|kernel version|clang|llc): NOT OK|Failed to launch cilium-health|Cannot (?:mkdir directory for cilium socket|remove existing Cilium sock)|Unable to (?:initialize Kubernetes subsystem|start K8s watchers for Cilium)|Timed out waiting for pre-existing resources to be received; exiting|Unable to find all Cilium CRDs necessary|Unable to synchronize CiliumNode custom resource',
    literals: [
      'Error while creating daemon',
      'error while initializing daemon',
      'failed while reinitializing datapath',
      'error while opening/creating BPF maps',
      'Unable to initialize service maps',
      'failed to setup base devices',
      'BPF template',
      'alignchecker compile failed',
      'C and Go structs alignment check failed',
      'failed to compile ',
      'Failed to compile XDP program',
      ': NOT OK',
      'Failed to launch cilium-health',
      'directory for cilium socket',
      'remove existing Cilium sock',
      'Unable to initialize Kubernetes subsystem',
      'Unable to start K8s watchers for Cilium',
      'pre-existing resources to be received',
      'Unable to find all Cilium CRDs necessary',
      'Unable to synchronize CiliumNode custom resource',
    ],
    source:
      'cilium daemon/cmd/daemon_main.go runDaemon ("Error while creating daemon", "Unable to initialize Kubernetes subsystem" v1.12) and initEnv ("BPF template directory: NOT OK", "Cannot mkdir directory for cilium socket", "Cannot remove existing Cilium sock"), daemon/cmd/daemon.go newDaemon ("error while initializing daemon: %w", "error while opening/creating BPF maps: %w" v1.15-v1.18) and (*Daemon).init ("failed while reinitializing datapath: %w" v1.12-v1.16), daemon/cmd/datapath.go initMaps ("Unable to initialize service maps"), daemon/cmd/health.go initHealth ("Failed to launch cilium-health"), pkg/datapath/loader/base.go Reinitialize ("failed to setup base devices", "failed to compile bpf_sock.c", "alignchecker compile failed", "C and Go structs alignment check failed", "Failed to compile XDP program", "failed to compile encryption programs") and loader.go ("failed to compile overlay programs" v1.15), pkg/datapath/loader/cache.go fetchOrCompile/build ("BPF template compilation failed", "BPF template object creation failed", "failed to compile template program"), pkg/datapath/linux/requirements.go CheckMinRequirements ("kernel version: NOT OK", "clang version: NOT OK", "BPF check: NOT OK", "llc: NOT OK" v1.12-v1.15), pkg/k8s/watchers/watcher.go InitK8sSubsystem ("Timed out waiting for pre-existing resources to be received; exiting", "Unable to start K8s watchers for Cilium"), pkg/k8s/synced/crd.go SyncCRDs ("Unable to find all Cilium CRDs necessary within %v timeout"), pkg/ipam/crd.go newNodeStore ("Unable to synchronize CiliumNode custom resource"); v1.12.10, v1.15.7, v1.16.8, v1.18.6',
    mechanism:
      'cilium-agent cannot start on the node: its datapath (the BPF programs it compiles and loads, the maps it opens, the cilium_host devices) fails to load, the kernel or toolchain it needs is missing, or its Kubernetes caches never sync, so it exits before it serves the CNI plugin and pods on this node get no network',
  },
  {
    fact: 'cni.ip_exhausted',
    pattern:
      'all pod CIDR ranges are exhausted|No more IPs available|(?:postIpamFailure|via local cilium agent)[^\\n]{0,300}range is full',
    literals: [
      'all pod CIDR ranges are exhausted',
      'No more IPs available',
      'postIpamFailure',
      'via local cilium agent',
    ],
    source:
      'cilium pkg/ipam/clusterpool.go (*podCIDRPool).allocateNext ("all pod CIDR ranges are exhausted" v1.12), pkg/ipam/crd.go (*nodeStore).allocateNext ("No more IPs available", ENI/Azure/CRD modes, v1.12-v1.18), pkg/ipam/service/ipallocator ErrFull ("range is full", the cluster-pool range from v1.15) as the CNI plugin reports the agent\'s answer (plugins/cilium-cni "unable to allocate IP via local cilium agent: %s", the API client\'s postIpamFailure)',
    mechanism:
      "cilium-agent's IPAM has no address left in the node's pod CIDRs (or its ENI/Azure pool): every new pod's sandbox fails its network set-up",
  },

  // Flannel.
  {
    fact: 'cni.embedded_exit',
    pattern: 'flannel exited',
    literals: ['flannel exited'],
    source:
      'k3s-io/k3s pkg/agent/flannel/setup.go Run (logrus.Fatalf("flannel exited: %v", err) when the embedded flannel returns; rke2 with its flannel CNI runs the same code)',
    mechanism:
      "the flannel that k3s or rke2 embeds stopped (the error after it says why: an interface's addresses, the subnet lease, the API server), and the whole agent exited with it: the node's network plugin is down and the kubelet with it",
  },
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
  {
    fact: 'cni.agent_down',
    pattern:
      'failed to acquire lease: (?:node "[^"]*" pod cidr not assigned|subnet "[^"]*" specified in the flannel net config doesn.t contain)|Failed to create SubnetManager',
    literals: ['failed to acquire lease:', 'Failed to create SubnetManager'],
    source:
      'flannel-io/flannel pkg/subnet/kube/kube.go (*kubeSubnetManager).AcquireLease ("node %q pod cidr not assigned"; the net config\'s subnet not containing the node\'s PodCIDR), wrapped by main.go ("Error registering network: failed to acquire lease: %v"); main.go newSubnetManager failures ("Failed to create SubnetManager: %v")',
    mechanism:
      "flanneld cannot take this node's subnet (the node has no podCIDR: the controller manager is not allocating node CIDRs, or the flannel network does not contain it) and exits, so it never writes subnet.env and the network plugin stays not ready",
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
  // Round 27 (r27-cilium), from the multus catalogue (rules/catalogue/multus.*, v3.9.3, v4.1.4, v4.2.3): multus
  // on the node unable to serve any pod, by its daemon (thick plugin) or its shim, and its API server client.
  {
    fact: 'cni.agent_down',
    pattern:
      'Daemon not reachable over socketfile|failed to (?:find the primary CNI plugin|(?:read|access) the primary CNI (?:plugin config|configuration) from|load the primary CNI configuration as a multus delegate|read the cluster primary CNI config)|startMultusDaemon failed to load the (?:multus|CNI server) configuration|cannot find (?:valid )?master CNI config in',
    literals: [
      'Daemon not reachable over socketfile',
      'the primary CNI',
      'the cluster primary CNI config',
      'startMultusDaemon failed to load the',
      'master CNI config in',
    ],
    source:
      'multus-cni pkg/server/api/api.go CheckAPIReadyNow ("CheckAPIReadyNow: Daemon not reachable over socketfile: %v", the shim\'s dial of multus-daemon), pkg/server/config/manager.go NewManager/newManager/GenerateConfig/loadPrimaryCNIConfigFromFile/primaryCNIData ("failed to find the primary CNI plugin: %w", "failed to read the primary CNI plugin config from %s", "failed to access the primary CNI configuration from %s: %w", "failed to load the primary CNI configuration as a multus delegate with error \'%w\'", "failed to read the cluster primary CNI config %s: %w"), cmd/multus-daemon/main.go main ("startMultusDaemon failed to load the multus configuration: %v", "... the CNI server configuration: %v" v4.2), cmd/thin_entrypoint/main.go getMasterConfigPath ("cannot find master CNI config in %q: %v", "cannot find valid master CNI config in %q"); v4.1.4, v4.2.3',
    mechanism:
      "multus on the node cannot serve pods: its daemon cannot read the primary (default) network's CNI configuration it delegates to, or exits, or its shim cannot reach the daemon's socket, so every pod's network set-up fails",
  },
  {
    fact: 'cni.datastore_error',
    pattern:
      'error getting k8s client|GetK8sClient: failed to get context for|failed to sync (?:pod|net-attach-def) informer cache|GetDefaultNetworks: failed to get clusterNetwork|attempted to recover it from the K8s API, but failed',
    literals: [
      'error getting k8s client',
      'GetK8sClient: failed to get context for',
      'failed to sync pod informer cache',
      'failed to sync net-attach-def informer cache',
      'GetDefaultNetworks: failed to get clusterNetwork',
      'recover it from the K8s API, but failed',
    ],
    source:
      'multus-cni pkg/server/server.go NewCNIServer ("error getting k8s client: %w") and (*Server).Start ("failed to sync pod informer cache", "failed to sync net-attach-def informer cache") and podUID ("missing pod UID; attempted to recover it from the K8s API, but failed: %v") v4.1.4-v4.2.3, pkg/k8sclient/k8sclient.go GetK8sClient ("GetK8sClient: failed to get context for the kubeconfig %v: %v" v3.9.3) and GetDefaultNetworks ("GetDefaultNetworks: failed to get clusterNetwork %s in namespace %s" v3.9.3-v4.2.3)',
    mechanism:
      "multus cannot read what it needs from the API server (the pod, the cluster network's attachment definition, its informers' caches): it fails every pod's network set-up on the node",
  },
  {
    // The VPC CNI's entrypoint starts ipamd and polls its gRPC health port before it copies the CNI configuration
    // to the host: while it retries, /etc/cni/net.d stays empty; when it gives up, the pod exits and restarts.
    fact: 'cni.installer_waiting',
    literals: ['Retrying waiting for IPAM-D', 'Timed out waiting for IPAM daemon to start'],
    pattern: 'Retrying waiting for IPAM-D|Timed out waiting for IPAM daemon to start',
    source:
      'aws/amazon-vpc-cni-k8s scripts/entrypoint.sh wait_for_ipam (to v1.7) and cmd/aws-vpc-cni/main.go waitForIPAM (v1.8 on): "Checking for IPAM connectivity ... ", "Retrying waiting for IPAM-D", "Timed out waiting for IPAM daemon to start:", before "Copying config file ... "',
    mechanism:
      "aws-node's entrypoint is still waiting for its IPAM daemon to answer, so it has not written the CNI configuration: the node's network stays not ready",
  },
  {
    // Kube-OVN's CNI binary asks its node daemon (kube-ovn-cni) for the pod's address over a local socket; the
    // daemon answers 500 when the controller never wrote the address into the pod's annotations: the plugin's
    // control plane (kube-ovn-controller and the OVN northbound database it drives) is behind, not this node.
    fact: 'cni.datastore_error',
    literals: ['request ip return 500'],
    pattern: 'request ip return 500[^\\n]{0,40}no address allocated to pod',
    source:
      'kubeovn/kube-ovn cmd/cni (pkg/request/cniserver.go: "request ip return %d %s") relaying pkg/daemon/handler.go handleAdd ("no address allocated to pod %s/%s provider %s, please see kube-ovn-controller logs to find errors"), v1.x',
    mechanism:
      "Kube-OVN's node daemon has no address for the pod because its controller has not allocated one (the controller or the OVN northbound database behind it is stuck): every new pod's CNI ADD fails",
  },
  // The network agents' own start-up: each writes the node's CNI configuration (or the subnet file its CNI plugin
  // reads) only once it is up, so a start-up fatal leaves the node's pod network down for as long as it repeats.
  // Mined into rules/catalogue/{aws-vpc-cni,flannel,calico-node}.generated.json.
  {
    // First of the VPC CNI's rules, so a line naming the cloud's refusal is read with this mechanism.
    fact: 'cni.agent_down',
    literals: [
      'UnauthorizedOperation',
      'AccessDenied',
      'AuthFailure',
      'NoCredentialProviders',
      'no valid providers in chain',
      'no EC2 IMDS role found',
      'failed to refresh cached credentials',
      'InvalidClientTokenId',
      'ExpiredToken',
      'not authorized to perform',
    ],
    pattern:
      '(?:Initialization failure|ipamd|IPAMD|awsutils|aws-k8s-agent|aws-node|AWS SDK interface|ec2:[A-Za-z]+|NetworkInterface|ENI |ENIs|eni-[0-9a-f]|[Ii]nstance metadata|IMDS|EC2 control plane|L-IPAMD)[^\\n]{0,600}(?:UnauthorizedOperation|AccessDenied|AuthFailure|NoCredentialProviders|no valid providers in chain|no EC2 IMDS role found|failed to refresh cached credentials|InvalidClientTokenId|ExpiredToken|not authorized to perform)',
    source:
      'aws/amazon-vpc-cni-k8s pkg/awsutils/awsutils.go (New, initWithEC2Metadata, DescribeAllENIs "Failed to call ec2:DescribeNetworkInterfaces for %v: %v", createENI, attachENI) carrying the AWS SDK\'s error codes (aws-sdk-go to v1.19: UnauthorizedOperation, AccessDenied, NoCredentialProviders: no valid providers in chain; aws-sdk-go-v2 in v1.21: "api error UnauthorizedOperation", "failed to refresh cached credentials, no EC2 IMDS role found"), wrapped by pkg/ipamd/ipamd.go New ("ipamd: can not initialize with AWS SDK interface: %v") and cmd/aws-k8s-agent/main.go ("Initialization failure: %v"), v1.12.6, v1.15.5, v1.19.2, v1.21.1',
    mechanism:
      "ipamd's call to EC2 or the instance metadata service was refused for want of a cloud permission or credentials: the IAM role aws-node runs as (the node's instance role, or its IRSA/Pod Identity role) lacks the CNI policy's EC2 actions (ec2:DescribeNetworkInterfaces, CreateNetworkInterface, AssignPrivateIpAddresses...) or no credentials were found; ipamd cannot initialise, aws-node never writes the CNI configuration, and the node's network plugin stays not ready",
  },
  {
    fact: 'cni.agent_down',
    literals: [
      'ipamd: can not initialize with AWS SDK interface',
      'ipamd init: failed to',
      'ipamd: failed to validate configuration',
      'ipamd: failed to listen to gRPC port',
      'ipamd: failed to start server on gPRC port',
      'Failed to listen gRPC port',
      'Failed to start server on gRPC port',
      'Failed to set up gRPC handler',
      'Failed to attach any ENIs for custom networking',
      'No ENIConfig could be found for this node',
      'Failed to get ENI limits from file:vpc_ip_limits or EC2',
      'failed to retrieve region data',
      'Failed to retrieve region data from instance metadata',
      'get instance metadata: failed to',
      'giving up trying to retrieve ENIs from metadata service',
      'failed to retrieve local-ipv4 address in imds metadata',
      'Failed to get primary MAC from IMDS',
      'Failed to check API server connectivity',
      'Failed to wait for IPAM daemon to complete',
      'aws-k8s-agent/main.go',
      'aws-vpc-cni/main.go',
      'aws-vpc-cni-init/main.go',
    ],
    pattern:
      'ipamd: can not initialize with AWS SDK interface|ipamd init: failed to|ipamd: failed to validate configuration|ipamd: failed to (?:listen to|start server on) g[PR]+C port|Failed to (?:listen|start server on) gRPC port|Failed to set up gRPC handler|Failed to attach any ENIs for custom networking|No ENIConfig could be found for this node|Failed to get ENI limits from file:vpc_ip_limits or EC2|instance metadata: failed to retrieve region data|Failed to retrieve region data from instance metadata|get instance metadata: failed to|waitForENIAndIPsAttached: giving up trying to retrieve ENIs from metadata service|failed to retrieve local-ipv4 address in imds metadata|Failed to get primary MAC from IMDS|Failed to check API server connectivity|Failed to wait for IPAM daemon to complete|level\\\\?":\\\\?"(?:error|fatal)\\\\?"[^\\n]{0,80}caller\\\\?":\\\\?"(?:aws-k8s-agent|aws-vpc-cni|aws-vpc-cni-init)/main\\.go',
    // Errors at start-up that it logs and carries on from: restoring the pods' IP rules, removing the init
    // container's marker file, switching iptables to nftables (v1.12); and, since v1.21, which starts ipamd
    // without the API server, the API client and event recorder failing and the background API check.
    unless:
      'During ipamd init: failed to retrieve IP rule list|Failed to delete file: |Failed to enable nftables|Failed to create kube client: |Failed to create event recorder: |for background API check: ',
    source:
      'aws/amazon-vpc-cni-k8s cmd/aws-k8s-agent/main.go _main ("Initialization failure: %v", "Failed to check API server connectivity: %v", "Failed to set up gRPC handler: %v"), pkg/ipamd/ipamd.go New/nodeInit ("ipamd: can not initialize with AWS SDK interface: %v", "ipamd init: failed to retrieve attached ENIs info: %v", "ipamd init: failed to set up host network: %v", "No ENIConfig could be found for this node", "Failed to get ENI limits from file:vpc_ip_limits or EC2 for %v"), pkg/ipamd/rpc_handler.go RunRPCHandler, pkg/awsutils/awsutils.go (instance metadata), cmd/aws-vpc-cni/main.go ("Failed to wait for IPAM daemon to complete", "failed to retrieve local-ipv4 address in imds metadata"); every error the three mains (aws-k8s-agent, aws-vpc-cni, aws-vpc-cni-init) log returns 1 from them, so an error-level line with their caller is the container exiting (but for the few listed under unless), v1.12.6, v1.15.5, v1.19.2, v1.21.1',
    mechanism:
      "the VPC CNI's IPAM daemon (ipamd, in aws-node) failed to start: it could not reach the API server, the instance metadata service or EC2, read its ENIConfig, set up the host network or open its gRPC port, so it exits and aws-node never writes the CNI configuration: the node's network plugin stays not ready",
  },
  {
    fact: 'cni.ip_exhausted',
    literals: ["subnet doesn't seem to have enough IPs/Prefixes", 'InsufficientFreeAddressesInSubnet'],
    pattern: "subnet doesn't seem to have enough IPs/Prefixes|InsufficientFreeAddressesInSubnet",
    source:
      'aws/amazon-vpc-cni-k8s pkg/ipamd/ipamd.go increaseDatastorePool/tryAllocateENI ("Unable to attach IPs/Prefixes for the ENI, subnet doesn\'t seem to have enough IPs/Prefixes. Consider using new subnet or carve a reserved range using create-subnet-cidr-reservation"), and EC2\'s InsufficientFreeAddressesInSubnet from AssignPrivateIpAddresses/CreateNetworkInterface, v1.12.6-v1.19.2',
    mechanism:
      "ipamd cannot add addresses to the node's pool because the VPC subnet has no free address or prefix left: new pods on the node get no IP",
  },
  {
    fact: 'cni.agent_down',
    literals: [
      'Failed to find any valid interface to use',
      'Failed to find interface to use that matches the interfaces and/or regexes provided',
      'Error registering network:',
      'Error fetching backend:',
      'Failed to check br_netfilter',
      'Failed to setup masq rules',
      'Start healthz server error',
      'Lease has been revoked. Shutting down daemon',
      'Failed to write subnet file:',
      "Can't parse flannel flags",
      'Invalid subnet-lease-renew-margin option',
    ],
    pattern:
      "Failed to find any valid interface to use|Failed to find interface to use that matches the interfaces and/or regexes provided|Error registering network: |Error fetching backend: |Failed to check br_netfilter|Failed to setup masq rules|Start healthz server error|Lease has been revoked\\. Shutting down daemon|Failed to write subnet file: |Can't parse flannel flags|Invalid subnet-lease-renew-margin option",
    source:
      'flannel-io/flannel main.go main (each followed by os.Exit(1): "Failed to find any valid interface to use: ", "Failed to find interface to use that matches the interfaces and/or regexes provided", "Error fetching backend: %s", "Error registering network: %s" wrapping the backends\' "failed to acquire lease: %v" and "failed to configure interface %s: %v", "Failed to check br_netfilter: ", "Failed to setup masq rules, %v"; mustRunHealthz "Start healthz server error. %v" then panic) and pkg/subnet/etcd/local_manager.go CompleteLease ("Lease has been revoked. Shutting down daemon."); main.go "Failed to write subnet file: %s" (flanneld runs on without the file its CNI plugin reads) and its flag errors before start ("Can\'t parse flannel flags", "Invalid subnet-lease-renew-margin option, out of acceptable range", each os.Exit(1)), v0.22.3, v0.24.4, v0.26.7',
    mechanism:
      "flanneld exits at start-up: it found no usable interface, could not take its subnet lease or set up its backend device (flannel.1), br_netfilter is not loaded, its masquerade rules failed, or its flags are wrong; it never writes /run/flannel/subnet.env, so the flannel CNI plugin fails every pod and the node's pod network stays down",
  },
  {
    // The agents poll the API server until it answers, logging each failed attempt: one line is a retry that
    // may yet succeed, a run of them with nothing after is the agent stuck before it writes its configuration.
    fact: 'cni.installer_waiting',
    literals: ['Unable to reach API Server', 'Hit error connecting to datastore - retry'],
    pattern: 'Unable to reach API Server[,:] |Hit error connecting to datastore - retry',
    source:
      'aws/amazon-vpc-cni-k8s pkg/k8sapi/k8sutils.go CheckAPIServerConnectivity ("Unable to reach API Server, %v" on each timed-out attempt, polled every 2 s until "Successful communication with the Cluster!"), v1.12.6, v1.15.5, v1.19.2, and CheckAPIServerConnectivityWithTimeout ("Unable to reach API Server: %v"), v1.21.1, after which ipamd starts without it; projectcalico/calico node/pkg/lifecycle/startup/startup.go waitForConnection ("Hit error connecting to datastore - retry", every second until "Datastore connection verified"), v3.26.4, v3.28.2, v3.30.3',
    mechanism:
      "the network agent (ipamd, calico-node) is still waiting at start-up for the API server to answer (often its Service address before kube-proxy's rules exist, or a security group or proxy in the way): it has not written the CNI configuration",
  },
  {
    // flanneld reads its network configuration in a loop, once a second, until it finds it.
    fact: 'cni.installer_waiting',
    literals: ["Couldn't fetch network config:", "Couldn't find network config:"],
    pattern: "Couldn't (?:fetch|find) network config: ",
    source:
      'flannel-io/flannel main.go getConfig ("Couldn\'t fetch network config: %s", or "Couldn\'t find network config: %s" when it reads none, retried every second until the subnet manager returns the configuration), v0.22.3, v0.24.4, v0.26.7',
    mechanism:
      'flanneld is still waiting at start-up for its network configuration (net-conf.json from its ConfigMap, or the etcd key): it has not taken a lease or written subnet.env',
  },
  {
    // Before v0.8 flanneld read its configuration in network/network.go, retrying every second: v0.5.x logged each
    // failed read ("Failed to retrieve network config: "), v0.6 and v0.7 wrapped it ("failed to retrieve network
    // config: ") and logged it from retryInit. The same wait as the later "Couldn't fetch network config".
    fact: 'cni.installer_waiting',
    literals: ['retrieve network config:'],
    pattern: '[Ff]ailed to retrieve network config: ',
    source:
      'flannel-io/flannel network/network.go (*Network).Init (log.Error("Failed to retrieve network config: ", err), retried every second, v0.5.0-v0.5.6) and (*Network).init with wrapError ("failed to %v: %v" with "retrieve network config", logged by retryInit every second, v0.6.0-v0.7.1); main.go getConfig\'s "Couldn\'t fetch network config" from v0.8.0',
    mechanism:
      'flanneld is still waiting at start-up for its network configuration (the etcd key, or its ConfigMap): it has not taken a lease or written subnet.env',
  },
  {
    // etcd's v2 API answers a read of an absent key with error code 100, "Key not found" (go-etcd and client/v2 print
    // "%v: %v (%v) [%v]": code, message, key, index). flanneld's configuration key missing is no wait for a store
    // that is slow: nothing will write it (the store lost its data, or a prefix that does not match).
    fact: 'cni.agent_down',
    literals: ['retrieve network config:', 'fetch network config:', 'find network config:'],
    pattern:
      "(?:[Ff]ailed to retrieve|Couldn't fetch|Couldn't find) network config: [^\\n]{0,200}(?:100: Key not found|Key not found \\()",
    source:
      'flannel-io/flannel network/network.go (*Network).Init and init ("Failed to retrieve network config: ", "failed to retrieve network config: %v", v0.5.0-v0.7.1) and main.go getConfig ("Couldn\'t fetch network config: %s", v0.8.0 and later) with the etcd v2 subnet manager (subnet/etcdv2 GetNetworkConfig, reading <etcd-prefix>/config); etcd error/error.go (EcodeKeyNotFound = 100, "Key not found") as the v2 client prints it ("%v: %v (%v) [%v]")',
    mechanism:
      "flanneld's network configuration key is not in its etcd (the store lost its data or was recreated, or the prefix does not match): it never takes a subnet lease nor writes subnet.env, so nothing that waits on it (the kubelet's pod CIDR, the runtime's bridge, the CNI plugin) comes up",
  },
  {
    // The kubelet's experimental flannel overlay (--experimental-flannel-overlay with --configure-cbr0, 1.2 and
    // 1.3) read its pod CIDR from flanneld's subnet file and only then set up cbr0 for the runtime.
    fact: 'cni.agent_down',
    literals: ['Waiting for subnet file'],
    pattern: 'Waiting for subnet file [^ \\n]{0,80}subnet\\.env',
    source:
      'kubernetes pkg/kubelet/flannel_helper.go (*FlannelHelper).Handshake (fmt.Errorf("Waiting for subnet file %v", f.subnetFile), /var/run/flannel/subnet.env), logged by pkg/kubelet/kubelet.go (*Kubelet).syncNetworkStatus ("Flannel server handshake failed %v"), 1.2-1.3',
    mechanism:
      "flanneld has not written this node's subnet lease (subnet.env): the kubelet waits for it to take the node's pod CIDR and cannot set up the bridge the runtime is to use",
  },
  {
    // The datastore refusing calico-node's credentials ends start-up (utils.Terminate, exit 1).
    fact: 'cni.agent_down',
    literals: ['Connection to the datastore is unauthorized'],
    pattern: 'Connection to the datastore is unauthorized',
    source:
      'projectcalico/calico node/pkg/lifecycle/startup/startup.go waitForConnection ("Connection to the datastore is unauthorized", then Terminate), v3.26.4, v3.28.2, v3.30.3',
    mechanism:
      "calico-node's credentials for its datastore are refused (its service account token is invalid or expired, or its RBAC does not allow it): it exits at start-up and never writes the CNI configuration, so the node's network plugin stays not ready",
  },
  {
    fact: 'cni.agent_down',
    literals: [
      'Unable to access datastore to query node configuration',
      'Failed to read Node from datastore',
      'Unable to ensure datastore is migrated',
      'Unable to set global default configuration',
      'Unable to set node resource configuration',
      'Unable to fetch IP pool list',
      "failed to query kubeadm's config map",
      "failed to query Rancher's cluster state config map",
      'Unable to ensure network for os',
      'No IPv4 or IPv6 addresses configured or detected, required for Calico networking',
      "Couldn't autodetect an IPv",
      'Unable to query host interfaces',
      'Failed to create default IPv',
      'Failed to create in cluster client set',
      'Failed to read service account namespace file',
      'Environment does not contain a valid IPv',
      'Failed to parse autodetected CIDR',
      'Unable to convert blocksize to int',
      'Invalid blocksize',
      "Invalid node selector '",
      'The AS number specified in the environment',
      'Invalid configuration with NO_DEFAULT_POOLS defined',
      'Invalid CIDR specified in CALICO_IPV',
      'Failed to generate an IPv6 default pool',
      'Unrecognized IPIP mode specified in CALICO_IPV4POOL_IPIP',
      'Unrecognized VXLAN mode specified in CALICO_IPV',
      'Unable to remove shutdown timestamp file',
      'is already using the IPv',
    ],
    pattern:
      "Unable to access datastore to query node configuration|Failed to read Node from datastore|Unable to ensure datastore is migrated|Unable to set global default configuration|Unable to set node resource configuration|Unable to fetch IP pool list|failed to query kubeadm's config map|failed to query Rancher's cluster state config map|Unable to ensure network for os|No IPv4 or IPv6 addresses configured or detected, required for Calico networking|Couldn't autodetect an IPv[46] address|Unable to query host interfaces|Failed to create default IPv[46] IP pool|Failed to create in cluster client set|Failed to read service account namespace file|Environment does not contain a valid IPv[46] address|Failed to parse autodetected CIDR|Unable to convert blocksize to int|Invalid blocksize [0-9]+ for version|Invalid node selector '|The AS number specified in the environment|Invalid configuration with NO_DEFAULT_POOLS defined|Invalid CIDR specified in CALICO_IPV[46]POOL_CIDR|Failed to generate an IPv6 default pool|Unrecognized IPIP mode specified in CALICO_IPV4POOL_IPIP|Unrecognized VXLAN mode specified in CALICO_IPV[46]POOL_VXLAN|Unable to remove shutdown timestamp file|Calico node '[^']*' is already using the IPv[46] address",
    // The same words with a retry are the address monitor after start-up, which keeps running.
    unless: 'Unable to set node resource configuration, retrying',
    source:
      'projectcalico/calico node/pkg/lifecycle/startup/startup.go Run, getNode, configureIPsAndSubnets, configureIPPools, createIPPool (each followed by utils.Terminate, exit 1: "Unable to access datastore to query node configuration", "Failed to read Node from datastore", "Unable to set node resource configuration", "Unable to fetch IP pool list", "No IPv4 or IPv6 addresses configured or detected, required for Calico networking", "Couldn\'t autodetect an IPv4 address..."), its configuration checks (an invalid CALICO_IPV4POOL_CIDR, block size, node selector, AS number, IPIP or VXLAN mode; another node already using the detected address), node/pkg/cni/token_watch.go ("Failed to create in cluster client set", "Failed to read service account namespace file", both Fatal), v3.26.4, v3.28.2, v3.30.3',
    mechanism:
      "calico-node's start-up step failed and it exited: it could not read or write its datastore (the API server unreachable or refusing it), found no node address to use (or one another node already holds), or rejected its own configuration: it never writes the CNI configuration, so the node's network plugin stays not ready",
  },

  // Round 20: Open vSwitch, the switch under openshift-sdn, ovn-kubernetes, kube-ovn and antrea. Its database server
  // (ovsdb-server) and its tool (ovsdb-tool) open conf.db through ovsdb/log.c, which takes the database's lock file
  // first (lib/lockfile.c, "<dir>/.<name>.~lock~"): a process left from an earlier start that still holds it makes
  // every later open fail with EAGAIN (lockfile_lock maps EACCES to EAGAIN). Without the database neither
  // ovs-vswitchd nor the plugin's node agent can start, so the plugin never writes its CNI configuration.
  {
    fact: 'cni.switch_db_locked',
    pattern: 'failed to lock lockfile',
    literals: ['failed to lock lockfile'],
    source:
      'openvswitch/ovs ovsdb/log.c ovsdb_log_open (ovsdb_io_error(retval, "%s: failed to lock lockfile", name), since 2009 41709cc, every release to 3.x), printed by ovsdb-tool and ovsdb-server through lib/ovsdb-error.c ovsdb_error_to_string ("I/O error: %s (%s)", the errno\'s text in parentheses)',
    mechanism:
      "Open vSwitch cannot open its database because another process (often one left from an earlier start) holds the database's lock: ovsdb-server does not start, so ovs-vswitchd and the network plugin's node agent wait for it and the plugin never becomes ready",
  },
  {
    fact: 'cni.switch_db_locked',
    pattern:
      '\\.~lock~: (?:cannot lock file because it is already locked by pid [0-9]+|failed to lock file: )',
    literals: ['.~lock~: '],
    source:
      'openvswitch/ovs lib/lockfile.c lockfile_lock (VLOG_WARN "%s: cannot lock file because it is already locked by pid %ld", "%s: failed to lock file: %s"; the lock name from lockfile_name, ".<file>.~lock~" beside the file), every release since 1.0',
    mechanism:
      "another process holds Open vSwitch's database lock file: the database server (or the tool creating the database) cannot open it, so the switch and the network plugin that needs it do not start",
  },
  {
    fact: 'cni.switch_db_locked',
    pattern:
      '(?:ovsdb-server|ovs-vswitchd)\\.pid: already running as pid [0-9]+, aborting|db\\.sock: database connection failed \\((?:No such file or directory|Connection refused)\\)|db\\.sock: connection attempt failed \\((?:No such file or directory|Connection refused)\\)',
    literals: [
      'already running as pid',
      'db.sock: database connection failed',
      'db.sock: connection attempt failed',
    ],
    source:
      'openvswitch/ovs lib/daemon-unix.c check_already_running (VLOG_FATAL "%s: already running as pid %ld, aborting"), utilities/ovs-vsctl.c do_vsctl (ctl_fatal "%s: database connection failed (%s)" with unix:/var/run/openvswitch/db.sock), lib/reconnect.c reconnect_disconnected (VLOG_INFO "%s: %s attempt failed (%s)", the type "connection"), every release since 1.0',
    mechanism:
      "Open vSwitch's database server is not serving its socket (not started, or a leftover instance still holds its pid file): ovs-vsctl and ovs-vswitchd cannot reach the database, so the network plugin's node agent, which configures the switch through it, cannot become ready",
  },
  {
    // ovn-kubernetes' CNI ADD waits for ovn-controller to bind the pod's OVS port (external_ids ovn-installed) and
    // fails when the wait times out: the node's OVS/OVN not programming ports.
    fact: 'cni.hang',
    pattern: 'timed out waiting for OVS port binding',
    literals: ['timed out waiting for OVS port binding'],
    source:
      'ovn-org/ovn-kubernetes go-controller/pkg/cni waitForPodInterface ("%s waiting for OVS port binding (ovn-installed) for %s %v", errDetail "timed out" when the ADD\'s context expires; "canceled while" when the pod went away, not read), returned from the CNI ADD as "failed to configure pod interface: ..."',
    mechanism:
      "the CNI ADD blocks until ovn-controller binds the pod's port on the node's Open vSwitch and gives up at its timeout: the node's OVS/OVN is not programming ports, so every new pod waits and fails",
  },

  // Round 20: the kubelet's in-tree CNI driver's DEL error cut short (a terminal's width or a log shipper's line
  // limit), before the network's name and the plugin's error: the driver's own argument shape (namespace_name/ and
  // the 64-hex sandbox ID) and its verb are the driver's, at the start of the kubelet's message: kubernetes pkg/kubelet/dockershim/network/cni/cni.go deleteFromNetwork ("Error deleting %s_%s/%s from
  // network %s/%s: %v", 1.11 to 1.23; the Windows kubelet uses the same file), cri-dockerd after.
  {
    fact: 'cni.teardown_failed',
    pattern: 'Error deleting [^ _/\\n]{1,63}_[^ /\\n]{1,253}/[0-9a-f]{64} from',
    // Anything after "from" but the network's name is another deletion (a cache, a store).
    unless: '[0-9a-f]{64} from +[^ n\\n]|[0-9a-f]{64} from +n[^e]',
    literals: ['Error deleting '],
    from: ['kubelet'],
    source:
      'kubernetes pkg/kubelet/dockershim/network/cni/cni.go (*cniNetworkPlugin).deleteFromNetwork (klog.Errorf "Error deleting %s_%s/%s from network %s/%s: %v", 1.11-1.23; pkg/kubelet/network/cni before 1.10), cri-dockerd network/cni after 1.24: the line cut after "from" by a terminal or a shipper',
    mechanism:
      "the kubelet's CNI driver failed to delete a pod's sandbox from the network (the plugin's DEL returned an error): the sandbox cannot be stopped, and the kubelet retries it on every sync",
  },
  {
    // The same event as `kubectl describe` prints it, its count in the Age column: three digits or more is a hundred
    // re-creations or more (one per pod after a reboot is the normal case and has no count shown).
    fact: 'pod.sandbox_recreate_loop',
    pattern:
      'SandboxChanged[ \\t]+[^\\n]{0,60}\\(x[1-9][0-9]{2,} over [^)\\n]{1,20}\\)[^\\n]{0,80}[Ss]andbox changed, it will be killed and re-created',
    literals: ['SandboxChanged'],
    source:
      'kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go (*kubeGenericRuntimeManager).SyncPod (recorder.Eventf(pod, v1.EventTypeNormal, events.SandboxChanged, "Pod sandbox changed, it will be killed and re-created."), since 1.6), printed by kubectl describe (staging/src/k8s.io/kubectl/pkg/describe/describe.go DescribeEvents: "%s (x%d over %s)" in the Age column when the count is above 1)',
    mechanism:
      "the kubelet found the pods' sandboxes changed and tried to kill and re-create them hundreds of times: killing the old sandbox (its CNI DEL first) fails on every sync, so no pod comes back",
  },
];
