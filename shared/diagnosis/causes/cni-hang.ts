import { change, read } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { FactId, FactSet } from '../facts.ts';
import type { CauseModule } from './types.ts';

/** Facts of CNI calls that run and hang, as opposed to a plugin that never became ready. */
const CALLS_HANG: readonly FactId[] = [
  'cni.hang',
  'cni.slow',
  'cni.teardown_failed',
  'pod.sandbox_recreate_loop',
  'runtime.status_timeout',
  'network.netdev_leak',
  'cni.host_network_hang',
];

function notReadyOnly(facts: FactSet): boolean {
  return !facts.hasAny(CALLS_HANG);
}

/** Facts that say on their own why the network is not ready, first match wins, with the chain's sentence. */
const NOT_READY_REASONS: readonly (readonly [FactId, string])[] = [
  [
    'cni.agent_restart_loop',
    "The kubelet restarts a container whose liveness (or startup) probe fails failureThreshold times, and holds one that exits again in back-off. The network agent's start (reading every host's and endpoint's records from its datastore, syncing its caches) must finish within the probe's allowance (initialDelaySeconds + periodSeconds × failureThreshold): an agent that needs longer, on a large or distant datastore or a slow node, is killed before it programs the node, again at every restart, so the node's network is never ready. Its last log lines end mid-start with no exit of its own; the pod's last state says it was killed (exit 137 or 143).",
  ],
  [
    'cni.install_busy',
    "The plugin's installer copies its binaries into the CNI bin directory at every start; one of them is executing (a call the runtime started, which waits on the plugin's daemon), and Linux refuses to open a running executable for writing (ETXTBSY). The installer fails, so the daemon the running call waits for never starts: the copy must go through a temporary file and a rename.",
  ],
  [
    'cni.host_tool_missing',
    "The pod IP lookup behind the network status hook executes host tools (nsenter, then ip inside the pod's network namespace; iptables and conntrack for the plugin's rules): one is missing on the node (a package removed), so the hook fails for every pod, no sandbox reports an address and the kubelet re-creates them.",
  ],
  [
    'cni.agent_absent',
    "No pod of any network plugin's node agent is listed in the whole cluster (or the distribution's charts that deploy it are not there): the plugin was never deployed, so no node gets a CNI configuration and every node stays NotReady.",
  ],
  [
    'cni.agent_not_placed',
    "The plugin's node agent is a DaemonSet, placed only on nodes whose taints it tolerates and whose labels its selector matches. The control plane carries kubeadm's NoSchedule taint (node-role.kubernetes.io/control-plane, master before 1.24): an agent without that toleration, or one set up for workers only, is not run there; a DaemonSet selecting one operating system (kubernetes.io/os) is not run on the other's nodes. No CNI configuration is written on those nodes and only they stay NotReady.",
  ],
  [
    'cni.node_cidr_missing',
    "The plugin takes this node's pod range from the Node's spec.podCIDR, which the controller manager allocates from its --cluster-cidr at --node-cidr-mask-size (with --allocate-node-cidrs): the Node has none it can use (never allocated, the cluster range exhausted by more nodes than it holds at that mask size, or outside the plugin's network), so the agent exits or waits and writes no usable CNI configuration.",
  ],
  [
    'cni.switch_db_locked',
    "The plugin's node side runs on Open vSwitch: its database server (ovsdb-server) must open conf.db, taking the database's lock file first. Another process holds that lock (one left from an earlier start) or the server is not serving its socket, so ovs-vswitchd and the plugin's node agent wait for the switch and never write the CNI configuration.",
  ],
];

/** Why the network is not ready, by the fact that says which: the sentence of the chain between condition and cause. */
function notReadyReason(facts: FactSet): string {
  const said = NOT_READY_REASONS.find(([fact]) => facts.has(fact));
  if (said) return said[1];
  return facts.has('cni.binary_missing')
    ? "The configuration names a plugin type; libcni looks for a binary of that name in the runtime's CNI bin directories (containerd's bin_dir, cri-o's plugin_dirs) and finds none there. The network plugin's installer copies its binaries to the directory it was told (most use /opt/cni/bin), while a distribution's runtime package may search only its own (/usr/libexec/cni on Fedora and RHEL, k3s's data directory)."
    : facts.has('cni.config_invalid')
      ? 'A configuration file is there, but the loader (libcni) rejects it: a missing type, a plugin list under a .conf name, or a cniVersion this release does not take.'
      : facts.has('cni.config_dir_empty')
        ? "The configuration directory the runtime reads (/etc/cni/net.d) is empty: the network plugin's agent writes its file there when its installer finishes, and it has not (its pod not running, or its start-up still waiting on something it needs)."
        : facts.has('cni.config_not_reloaded')
          ? "The runtime's watch of the configuration directory failed, so a configuration written after it started is never loaded."
          : facts.has('cni.config_ignored')
            ? "A configuration file is in the directory, yet the runtime has not loaded it: written after the runtime's watch stopped working, rewritten under it by an installer, or under a name, version or plugin type it does not take. What the runtime logs about the directory (and `crictl info`'s network status) says which."
            : "The network plugin's agent (a DaemonSet pod) writes the configuration when it starts on the node; it has not (not scheduled, crashing, or not tolerating the not-ready taint).";
}

export const cniHang: CauseModule = {
  id: 'cni_hang',
  title: 'CNI calls hanging inside sandbox status/teardown',
  explains: ['runtime_down'],
  // A single binary that runs flannel and the kubelet exits when its flannel does: the kubelet is down because of it.
  explainsWhen: [
    { cause: 'node_unreachable', fact: 'cni.embedded_exit' },
    // Round 26 (r26-sandbox): the neighbour table overflowing under a network plugin is the plugin's layer failing.
    { cause: 'node_unreachable', fact: 'cni.neigh_overflow' },
  ],
  support: [
    { fact: 'cni.hang', weight: 3.5 },
    { fact: 'runtime.status_timeout', weight: 2 },
    { fact: 'cni.slow', weight: 2.5 },
    { fact: 'cni.error', weight: 1.5 },
    // The agent's own failure, before the not-ready condition it causes: at equal weight the mechanism named is the
    // first listed, and the agent's line says why the plugin is not ready (a cloud permission, its datastore).
    { fact: 'cni.agent_down', weight: 2 },
    // The Ready condition's own reason when the runtime reports NetworkReady=false: by construction why the node is
    // NotReady, and with nothing else beside it the first answer (a runtime error beside it wins: runtime_down).
    { fact: 'cni.not_ready', weight: 2 },
    { fact: 'cni.config_invalid', weight: 3 },
    // The plugin's binary not in the directories the runtime searches (the line lists them): every sandbox fails its
    // network set-up, the configuration itself sound.
    { fact: 'cni.binary_missing', weight: 3 },
    { fact: 'cni.config_not_reloaded', weight: 2.5 },
    // A configuration file said to be in the directory while the network stays not ready: the runtime or the kubelet
    // does not load what is there (a file rewritten under it, a name or version it does not take).
    { fact: 'cni.config_ignored', weight: 2.5 },
    { fact: 'node.never_ready', weight: 1 },
    { fact: 'cni.teardown_failed', weight: 2.5 },
    // Round 20: the kubelet's SandboxChanged counted in hundreds: the kill of each old sandbox fails on every sync,
    // its network teardown first (a lead; with the teardown error beside it, the chain is whole).
    { fact: 'pod.sandbox_recreate_loop', weight: 1 },
    // Round 20: the plugin's Open vSwitch unable to open its database (its lock held, its server not serving): the
    // plugin's node side waits on the switch, as an agent down does.
    { fact: 'cni.switch_db_locked', weight: 2.5 },
    // Round 20: the plugin's agent not placed on some nodes (the control plane NotReady alone after the plugin is
    // installed, or its DaemonSet's DESIRED below the nodes listed): a lead, the Ready condition's message and the
    // node's /etc/cni/net.d complete it.
    { fact: 'cni.agent_not_placed', weight: 2 },
    { fact: 'cni.datastore_error', weight: 2 },
    { fact: 'cni.embedded_exit', weight: 3 },
    // Round 28 (r28-network): the node without a usable pod range (spec.podCIDR absent or invalid, the controller
    // manager's cluster CIDR exhausted, the written range empty): the plugin that takes the node's range cannot start.
    { fact: 'cni.node_cidr_missing', weight: 3 },
    // The directory the runtime's loader reads, listed empty: the configuration was never written (the agent's
    // installer did not run or has not finished), the same state as the loader's "no network config found".
    { fact: 'cni.config_dir_empty', weight: 2.5 },
    // The installer or agent still waiting on a prerequisite: why the configuration is not there yet (a lead).
    { fact: 'cni.installer_waiting', weight: 1.5 },
    // The runtime exiting at start on a bridge device the network layer (or the kubelet from its subnet) was to make:
    // a consequence of the network layer, weighed below the runtime's own reading of it until the agent's failure
    // is there too (then cni_hang explains runtime_down).
    { fact: 'runtime.network_device_missing', weight: 1.5 },
    { fact: 'cni.ip_exhausted', weight: 0.5 },
    // Round 24 (r24-cni). The network plugin by absence: a full pod listing without any plugin's node agent, or the
    // distribution's chart listings empty, while nodes are NotReady (a lead: the plugin never deployed).
    { fact: 'cni.agent_absent', weight: 2 },
    // The pod IP lookup's host tool missing (nsenter, ip, iptables): the network status hook fails for every pod.
    { fact: 'cni.host_tool_missing', weight: 2.5 },
    // A sandbox re-created for want of an IP: the network layer gave it none (a lead, with the hook's error the chain).
    { fact: 'cni.sandbox_no_ip', weight: 1.5 },
    // The installer unable to overwrite a running plugin binary (ETXTBSY): the plugin not installed, its daemon not
    // started; a plugin binary seen executing is the call that holds it (a lead).
    { fact: 'cni.install_busy', weight: 2.5 },
    { fact: 'cni.plugin_running', weight: 1 },
    // The Windows host's network service not answering about endpoints or networks: the plugin's datapath there.
    { fact: 'cni.host_network_hang', weight: 3 },
    { fact: 'network.netdev_leak', weight: 3 },
    // Round 26 (r26-sandbox): the kernel refusing a sandbox's new namespace (unshare's ENOSPC or ENOMEM, a netlink
    // socket it cannot bind): namespaces piled up, the network plugin's teardown leaving them behind.
    { fact: 'ns.create_refused', weight: 2.5 },
    // The neighbour table overflowing where a network plugin runs (extract/derived.ts neighOverflowUnderPlugin).
    { fact: 'cni.neigh_overflow', weight: 3 },
    // Round 29 (r29-words): the kubelet killing the network agent on its failed liveness or startup probe, or holding
    // it in back-off (only the agents' own containers and pods: an application's probe kill is its own business), and
    // the agent's log ending inside its start with no exit of its own (a lead: a log taken mid-start looks the same).
    { fact: 'cni.agent_restart_loop', weight: 2.5 },
    { fact: 'cni.agent_start_cut', weight: 1.5 },
  ],
  // A runtime that is dead, refuses the kubelet's API or cannot start reports its network not ready too: the
  // network is not the fault then.
  against: [
    { fact: 'runtime.unreachable', weight: 1 },
    { fact: 'runtime.start_failed', weight: 1 },
    { fact: 'runtime.cri_version', weight: 1 },
    { fact: 'runtime.unit_failed', weight: 1 },
    // Round 19: the runtime refusing every sandbox for its own reasons (no runtime name in its configuration, a name
    // its store already holds): the network plugin's own pod cannot start either, so the network not ready follows.
    { fact: 'runtime.handler_unset', weight: 1 },
    { fact: 'runtime.sandbox_name_stale', weight: 1 },
    { fact: 'runtime.names_held_over_reboot', weight: 1 },
    // Round 22: on Windows a plugin stuck in a call to the host's compute or network service waits on the layer below
    // the runtime (its hang is that service's), not on the network.
    { fact: 'runtime.host_compute_failed', weight: 2 },
    ...competingDefects('cni_hang'),
  ],
  summary: ({ facts }) =>
    notReadyOnly(facts)
      ? facts.has('cni.binary_missing')
        ? "The runtime cannot find the network plugin's binary in the CNI bin directories it is configured with (the error lists them): the plugin was installed into another directory (/opt/cni/bin against a distribution package's /usr/libexec/cni, or k3s's own bin directory), so every new pod's sandbox fails its network set-up and pods stay ContainerCreating."
        : facts.has('cni.config_invalid')
          ? 'The runtime rejects the CNI configuration it finds, so it reports the network not ready and the kubelet keeps the node NotReady.'
          : facts.has('cni.node_cidr_missing')
            ? "The node has no usable pod range (spec.podCIDR empty or invalid, or the controller manager has none left to allocate): the network plugin that takes the node's range does not start or cannot give a pod an address, so the kubelet keeps the node NotReady."
            : 'The network plugin is not ready on this node (no CNI configuration the runtime can load, or its agent is not running), so the kubelet keeps the node NotReady.'
      : 'CNI add/delete calls are slow or hang; sandbox teardown holds the pod lock that relist needs for the sandbox status, so relist waits on the network plugin.',
  chain: ({ facts }) =>
    notReadyOnly(facts)
      ? [
          "The kubelet asks the runtime for its status; the runtime's NetworkReady condition is false until it has loaded a CNI configuration, and the kubelet reports NotReady with NetworkPluginNotReady.",
          notReadyReason(facts),
          'Root cause: the network plugin on this node, not the kubelet or the container runtime.',
        ]
      : [
          'Relist asks for each changed sandbox status, which includes its network status; teardown (StopPodSandbox → CNI DEL) holds the same per-pod lock.',
          'When the CNI plugin (or the datastore it calls) is slow or hangs, teardown holds the lock for minutes and relist blocks behind it.',
          'Root cause: the network plugin, not the container runtime.',
        ],
  commands: ({ node, facts }) => [
    ...(facts.has('cni.binary_missing')
      ? [
          read(
            'node',
            "ls -l /opt/cni/bin /usr/libexec/cni 2>&1; grep -rhE 'bin_dirs?|plugin_dirs' /etc/containerd/config.toml /etc/crio/crio.conf /etc/crio/crio.conf.d 2>/dev/null",
            "where the plugin binaries are, and the directories the runtime searches (the error's path list)",
          ),
          change(
            'node',
            "edit the runtime's bin directory (containerd bin_dir / cri-o plugin_dirs) to include the directory holding the binaries, then restart the runtime",
            "or install the plugin's binaries into the directory the runtime searches; running pods keep their network",
          ),
        ]
      : []),
    ...(facts.has('cni.node_cidr_missing')
      ? [
          read(
            'cluster',
            "kubectl get nodes -o custom-columns=NAME:.metadata.name,PODCIDR:.spec.podCIDR,PODCIDRS:.spec.podCIDRs; kubectl -n kube-system get pods -l component=kube-controller-manager -o yaml | grep -E 'allocate-node-cidrs|cluster-cidr|node-cidr-mask-size'",
            "each node's pod range (empty on the affected nodes) and the controller manager's cluster CIDR and per-node mask size: the number of ranges it can give against the number of nodes",
          ),
        ]
      : []),
    ...(facts.hasAny(['cni.agent_restart_loop', 'cni.agent_start_cut'])
      ? [
          read(
            'cluster',
            'kubectl -n kube-system describe pod <cni-agent-pod-on-this-node>; kubectl -n kube-system logs <cni-agent-pod-on-this-node> --previous --tail=100',
            "the agent's probe failures and the probes' timings (initialDelaySeconds, periodSeconds, failureThreshold), its last state (exit 137 or 143: killed), and where its previous start stood when it was killed",
          ),
          change(
            'cluster',
            "give the agent's start the time it needs: a startupProbe (or a longer liveness initialDelaySeconds and failureThreshold) on the agent's DaemonSet",
            'the agent then finishes its start and programs the node; the probe still restarts an agent that hangs later',
          ),
        ]
      : []),
    ...(facts.has('cni.agent_not_placed')
      ? [
          read(
            'cluster',
            `kubectl get daemonsets -A -o wide; kubectl get node ${node} -o jsonpath='{.spec.taints}'`,
            "the network plugin's DaemonSet (DESIRED against the nodes) and the taints of this node its pods must tolerate",
          ),
        ]
      : []),
    ...(facts.has('cni.neigh_overflow')
      ? [
          read(
            'node',
            'sysctl net.ipv4.neigh.default.gc_thresh1 net.ipv4.neigh.default.gc_thresh2 net.ipv4.neigh.default.gc_thresh3; ip neigh | wc -l; ip -6 neigh | wc -l',
            "the neighbour table's limits against the entries it holds: at gc_thresh3 the kernel refuses new ones",
          ),
        ]
      : []),
    ...(facts.has('ns.create_refused')
      ? [
          read(
            'node',
            'ls /var/run/netns /var/run/crio/ns 2>/dev/null | wc -l; lsns -t net | wc -l; sysctl user.max_net_namespaces',
            "network namespaces the node holds (pinned and live) against the pods it runs, and the kernel's limit: thousands more than pods is the plugin's teardown leaking them",
          ),
        ]
      : []),
    ...(facts.has('cni.switch_db_locked')
      ? [
          read(
            'node',
            'ls -la /etc/openvswitch/ /var/run/openvswitch/; pgrep -a ovsdb-server; pgrep -a ovs-vswitchd',
            "the switch's database, its lock file (.conf.db.~lock~) and the processes that may hold it (one left from an earlier start)",
          ),
        ]
      : []),
    read(
      'node',
      "journalctl -u kubelet --since -1h --no-pager | grep -Ei 'cni|network for sandbox|TearDown' | tail -n 50",
      'which CNI calls fail or time out',
    ),
    read('node', 'ls -l /etc/cni/net.d/', 'configured CNI plugins'),
    read(
      'cluster',
      `kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=${node}`,
      'CNI agent pods on this node and their state',
    ),
    change(
      'cluster',
      'kubectl delete pod -n kube-system <cni-agent-pod-on-this-node>',
      "restart the node's CNI agent (name from the listing above)",
    ),
  ],
  probes: [
    { what: 'kubelet CNI errors', fills: ['logs.kubelet'], how: () => 'journalctl -u kubelet | grep -i cni' },
  ],
};
