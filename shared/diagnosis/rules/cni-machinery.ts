import type { Signature } from './types.ts';

/**
 * Round 24 (r24-cni): the network plugin's machinery beyond ADD and DEL, and Windows' host network.
 *
 * - The network STATUS path: the runtime's NetworkReady condition, which the kubelet turns into the node's
 *   NetworkPluginNotReady; containerd (internal/cri/server/status.go, pkg/cri/server/status.go before 2.0) and cri-o
 *   (server/runtime_status.go) both word it "Network plugin returns error: %v", whatever go-cni's Status or cri-o's
 *   CNI manager returned (no configuration loaded, or, for a cniVersion 1.1.0 list, the plugins' own STATUS verb
 *   through libcni GetStatusNetworkList); cri-o's CNI manager also logs "CNI plugin unhealthy beyond grace period".
 * - The pod IP lookup behind the dockershim's and cri-dockerd's status hook: getOnePodIP execs `nsenter
 *   --net=<netns> -F -- ip -o -4 addr show dev eth0 scope global`, nsenter found with exec.LookPath at the plugin's
 *   init. A host without ip (or nsenter) fails the hook for every pod; its sandbox gets no IP and the kubelet starts
 *   a new one on every sync.
 * - The plugin's installer unable to overwrite a binary that is executing (ETXTBSY), and a process listing showing a
 *   plugin binary executing: a CNI call in progress.
 * - Windows' Host Network Service: hcsshim's HNS and HCN calls failing on a timeout or not returning.
 */

/** The host tools the pod network's status and set-up exec (dockershim, cri-dockerd, kubenet, the CNI plugins, kube-proxy). */
const NET_TOOL = '(?:nsenter|ip|ip6?tables(?:-save|-restore|-legacy|-nft)?|conntrack|ipset|ebtables|ethtool)';

/** A CNI bin directory: /opt/cni/bin (also under an installer's /host mount), a distribution's /usr/libexec/cni. */
const CNI_BIN_DIR = '/(?:[^\\s\'"‘’:]{0,80}/)?(?:cni/bin|libexec/cni)/';

/** The host's network service and its calls, as hcsshim names them. */
const HNS_CALL =
  '(?:hnsCall|hcn(?:Create|Delete|Modify|Open|Close|Query|Enumerate)(?:Endpoints?|Networks?|Namespaces?|LoadBalancers?|Routes?)(?:Properties)?)';

export const CNI_MACHINERY_RULES: readonly Signature[] = [
  // Round 25 (r25-words): the network plugin's DaemonSet (or kube-proxy's) refused its pods at admission: the
  // controller's FailedCreate event carries the API server's refusal. With none of its pods created, the node has no
  // plugin agent, and the runtime reports the network not ready there (new machines first: old pods stay).
  {
    fact: 'cni.agent_down',
    pattern:
      '(?:daemonset/|ds/|DaemonSet |daemonset )?(?:calico-node|cilium|aws-node|kube-flannel|weave-net|antrea-agent|kube-router|canal|kube-ovn-cni|kube-proxy)[^\\n]{0,200}Error creating: (?:Internal error occurred: )?(?:admission webhook "[^"\\n]+" denied the request|failed calling webhook "|admission webhook "[^"\\n]+" does not support)',
    literals: ['Error creating: '],
    source:
      'kubernetes pkg/controller/controller_utils.go RealPodControl.CreatePods (event FailedCreate "Error creating: %v", recorded on the DaemonSet by pkg/controller/daemon syncNodes) over staging/src/k8s.io/apiserver/pkg/admission/plugin/webhook/errors/statuserror.go ToStatusErr ("admission webhook %q denied the request: %s", "... denied the request without explanation") and webhook/errors.go ErrCallingWebhook ("failed calling webhook %q: %v", a webhook with failurePolicy Fail that does not answer, as "Internal error occurred: ..."), since admission webhooks went beta in 1.9',
    mechanism:
      "an admission webhook (a policy engine such as Kyverno or Gatekeeper, whose namespaceSelector no longer exempts kube-system, or which is down with failurePolicy Fail) refuses the network plugin's pods: the DaemonSet creates none on new nodes, which stay without a pod network",
  },
  {
    // The runtime's NetworkReady condition, false, with whatever the CNI layer returned: the kubelet's node
    // condition message carries it as "container runtime network not ready: NetworkReady=false
    // reason:NetworkPluginNotReady message:Network plugin returns error: …".
    fact: 'cni.not_ready',
    pattern: '[Nn]etwork plugin returns error: |CNI plugin unhealthy beyond grace period',
    literals: ['plugin returns error', 'CNI plugin unhealthy'],
    source:
      'containerd internal/cri/server/status.go Status (pkg/cri/server/status.go and pkg/server/status.go before 2.0; "Network plugin returns error: %v" from go-cni Status: ErrCNINotInitialized, or a plugin\'s STATUS error through libcni GetStatusNetworkList for cniVersion 1.1.0 lists, containernetworking/cni v1.2+); cri-o server/runtime_status.go Status ("Network plugin returns error: %v" from CNIPluginReadyOrError) and internal/config/cnimgr/cnimgr.go ("CNI plugin unhealthy beyond grace period (%v): %v")',
    mechanism:
      "the runtime's network status is false: no CNI configuration it can use, or the plugin's STATUS verb says it cannot serve ADD, so the kubelet reports the node NotReady with NetworkPluginNotReady",
  },
  {
    // The pod IP lookup's exec failing for want of the tool itself: util-linux nsenter's exec of ip, or Go's
    // exec.LookPath / fork/exec of the tool. Another cause of the same hook's failure (no network namespace for a
    // terminated container, no eth0 in a sandbox) is not a missing tool.
    fact: 'cni.host_tool_missing',
    pattern: `nsenter: failed to execute [^\\s:]{1,80}: No such file or directory|exec: \\\\?"${NET_TOOL}\\\\?": executable file not found in \\$PATH|fork/exec [^\\s:"]{0,80}/${NET_TOOL}: no such file or directory`,
    literals: ['nsenter: failed to execute', 'executable file not found', 'fork/exec'],
    source:
      'util-linux sys-utils/nsenter.c main (execvp of the command, then errexec "failed to execute %s" from 2.32, err(EXIT_FAILURE, "failed to execute %s") before; glibc strerror ENOENT); Go os/exec LookPath ("exec: %q: executable file not found in $PATH") and os.StartProcess ("fork/exec %s: no such file or directory"); kubernetes pkg/kubelet/dockershim/network/plugins.go getOnePodIP (nsenter --net=<netns> -F -- ip -o addr show, "Unexpected command output %s\\n with error: %v", 1.6-1.23; cri-dockerd network/plugins.go since, "unexpected command output %s with error: %v"), dockershim/network/cni/cni_others.go platformInit (LookPath("nsenter")), hairpin.go (nsenter, ethtool); k8s.io/utils/iptables and kube-proxy (iptables, ip6tables, iptables-save/-restore, conntrack, ipset)',
    mechanism:
      "a host tool the pod network's status or set-up executes is missing on the node (nsenter, ip, iptables, conntrack, ipset): the kubelet's network status hook fails for every pod, so no sandbox reports an IP and the kubelet re-creates them, the pods crash-looping without addresses",
  },
  {
    // kuberuntime's podSandboxChanged: a ready sandbox of a pod not on the host network with an empty IP is killed
    // and a new one started. Its siblings ("has changed", "No sandbox for pod can be found", "No ready sandbox")
    // are other reasons and not read here.
    fact: 'cni.sandbox_no_ip',
    pattern:
      'Sandbox for pod (?:\\\\?"[^"\\n]{1,300}\\\\?" )?has no IP address\\. {1,2}Need to start a new one',
    literals: ['has no IP address'],
    source:
      'kubernetes pkg/kubelet/kuberuntime/kuberuntime_manager.go podSandboxChanged (glog/klog V(2) "Sandbox for pod %q has no IP address.  Need to start a new one" 1.6-1.20, InfoS "Sandbox for pod has no IP address. Need to start a new one" pod=… from 1.21, logger.V(2).Info since 1.30)',
    mechanism:
      "the kubelet finds a pod's ready sandbox without an IP (its network set-up or status gave it none) and kills it to start a new one: every sync of the pod repeats it while the network layer gives no address",
  },
  {
    // ETXTBSY from open(O_WRONLY|O_TRUNC) on a file being executed: coreutils cp's "cannot create regular file",
    // Go's os.PathError "open <path>: text file busy" (a Go installer's copy), both on a CNI bin directory.
    fact: 'cni.install_busy',
    pattern: `(?:cannot create regular file|cannot open|open|failed to copy|copy)[^\\n]{0,80}${CNI_BIN_DIR}[^\\s'"‘’:]{1,80}['"‘’]?[:：] ?[Tt]ext file busy`,
    literals: ['text file busy'],
    source:
      'open(2) ERRORS, ETXTBSY: the pathname refers to an executable image which is currently being executed and write access was requested (https://man7.org/linux/man-pages/man2/open.2.html); glibc/Go strerror "Text file busy"/"text file busy"; coreutils src/copy.c copy_reg ("cannot create regular file %s"); the network plugins\' installers copy their binaries into the host\'s CNI bin directory at every start (k8snetworkplumbingwg/multus-cni deployments/multus-daemonset*.yml, initContainer install-multus-binary copying multus-shim to /host/opt/cni/bin with cp before v4.0.0, pkg/cmdutils CopyFileAtomic\'s temporary file and rename since)',
    mechanism:
      "the network plugin's installer cannot overwrite a plugin binary in the CNI bin directory because a process is executing that binary (a CNI call the runtime started that has not returned): the installer fails and the plugin's daemon never starts",
  },
  {
    // A CNI plugin binary as a process's command (ps -ef's TTY then TIME, ps aux's TTY STAT START TIME) or as its
    // program text in lsof (FD txt). Plugins are executed for one call and exit.
    fact: 'cni.plugin_running',
    pattern: `\\s(?:\\?|pts/\\d+|tty\\d*)\\s+(?:\\d+-)?\\d\\d:\\d\\d:\\d\\d\\s+${CNI_BIN_DIR}[\\w.-]+|\\s(?:\\?|pts/\\d+|tty\\d*)\\s+[RSDTtWXZIsl<NL+]{1,6}\\s+\\S+\\s+\\d+:\\d\\d\\s+${CNI_BIN_DIR}[\\w.-]+|\\stxt\\s+REG\\s+\\S+\\s+\\d+\\s+\\d+\\s+${CNI_BIN_DIR}[\\w.-]+`,
    literals: ['cni/bin/', 'libexec/cni/'],
    source:
      'procps ps (-f columns UID PID PPID C STIME TTY TIME CMD; u columns USER PID %CPU %MEM VSZ RSS TTY STAT START TIME COMMAND, "?" for no terminal); lsof FD "txt" (program text: the file being executed); the CNI specification (SPEC.md "Execution protocol": the runtime executes the plugin binary for each verb and reads its result when it exits), containernetworking/cni pkg/invoke/raw_exec.go ExecPlugin',
    mechanism:
      'a CNI plugin binary is executing on the node: a CNI call (ADD, DEL, CHECK, STATUS) the runtime started and that has not yet returned',
  },
  {
    // hcsshim's errors for a call into the Host Network Service that ran out of time: the HcsError of a failed
    // hnsCall or hcn* call ("<call> failed in Win32: <err> (0x<code>)") and the service's own failure
    // ("HNS failed with error : <err>"), the error a timeout's text.
    fact: 'cni.host_network_hang',
    pattern: `(?:${HNS_CALL} ?failed in Win32|[Hh][Nn][Ss] failed with error ?): [^\\n]{0,120}?(?:timed out|timeout period expired|deadline exceeded)`,
    literals: ['failed in Win32', 'HNS failed with error'],
    source:
      'microsoft/hcsshim internal/hcserror/hcserror.go HcsError.Error ("%s failed in Win32: %s (0x%x)"), internal/hns/hnsfuncs.go hnsCallRawResponse (title "hnsCall ", v0.8+; internal/hcserror before), hnsCall ("hns failed with error : %s"), hcn/hcnglobals.go ("HNS failed with error : %s"), hcn/hcnerrors.go checkForErrors (titles hcnCreateEndpoint, hcnDeleteEndpoint, hcnModifyEndpoint, hcnOpenNetwork, hcnQueryNetworkProperties, …, v0.8+); the Win32 texts of ERROR_TIMEOUT ("This operation returned because the timeout period expired.") and WAIT_TIMEOUT ("The wait operation timed out."); relayed by the Windows CNI plugins (win-bridge, win-overlay, azure-vnet, Calico\'s, flannel\'s, Antrea\'s agent) and kube-proxy\'s winkernel',
    mechanism:
      "a call into Windows' Host Network Service about an endpoint or network timed out: the network plugin's datapath on the host (the endpoints and switch port it set up, its vSwitch extension) holds the service, and every pod's network set-up and teardown waits on it",
  },
];
