import { change, type RuntimeTools, read } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { FactId, FactSet } from '../facts.ts';
import type { CauseModule } from './types.ts';

/** The summary each defect fact gives, the most specific first: the first fact present decides. */
const SUMMARY_BY_FACT: readonly (readonly [FactId, string])[] = [
  [
    'clock.set_back',
    "The node's clock was set back, and the kubelet stops posting status for as long as the clock moved: its API client's rate limiter waits on the wall clock (client-go's token bucket on juju/ratelimit, kubernetes #54130), and the node controller ignores Lease renewals stamped earlier than the last one it saw (#113081). The node is Ready again once its clock passes the time it was moved from; keep the node's time synchronised (chrony or systemd-timesyncd slewing, not stepping it back).",
  ],
  [
    'kubelet.cgroup_unit_exists',
    "The kubelet's own cgroup manager fails on its kubepods slices: systemd answers that a slice the kubelet creates already exists, and the runc libcontainer the kubelet vendors takes that for a failure (a regression of kubelet 1.21.2-1.21.4 and 1.22.0-1.22.1, or slices left behind by an earlier install), so the kubelet exits at start or pods never get their cgroups. systemd is answering, not stalling.",
  ],
  [
    'kubelet.kernel_defaults',
    "The kubelet is set to protect kernel defaults (protectKernelDefaults / --protect-kernel-defaults) and the node image does not set the kernel tunables it requires, so it refuses to start at every restart instead of setting them: the kubelet's configuration against the image, not the network.",
  ],
  [
    'kubelet.manager_state',
    "The kubelet's CPU or memory manager cannot restore the checkpoint it wrote itself (its policy changed without draining the node, the file is corrupt, or it names containers the runtime no longer has), so the kubelet exits at every start until the checkpoint is deleted.",
  ],
  [
    'kubelet.container_map',
    "The kubelet's container manager exits at every start while building its map of the runtime's containers: one container's sandbox is no longer listed by the runtime, and kubelets before 1.24 treat that as fatal. Removing the orphan container lets it start.",
  ],
  [
    'kubelet.plugin_walk',
    "The kubelet exits at every start in its plugin watcher: kubelets 1.12 to 1.14 walk the old plugin directory (/var/lib/kubelet/plugins) with a watch on every directory, into the volumes mounted under it, and make the first directory they cannot watch fatal (with ENOSPC, the inotify watch limit, not the disk). A known kubelet defect: unmount the volume or raise fs.inotify.max_user_watches to start it; 1.15 logs the walk's failure and carries on.",
  ],
  [
    'kubelet.capacity_stale',
    "The node's capacity that the kubelet posts differs from the machine's own memory or CPU count: the kubelet reads the machine's description once when it starts (NewMainKubelet caches cAdvisor's machine info) and never again, so memory or CPUs hot-added or removed since leave capacity, allocatable and the eviction thresholds computed from them at the old figures. Restarting the kubelet makes it read the machine again.",
  ],
  [
    'kubelet.api_behind_own_pod',
    "The kubelet reaches the API server through an address on this node, served by a pod it must start itself (a node-local API proxy such as kubespray's nginx-proxy or haproxy, or the API server's static pod), and it fails every pod's sandbox in its own configuration step (the resolver file it is configured with cannot be read): the proxy never starts, so registration and status are refused. The kubelet's configuration, not the API server or the network.",
  ],
  [
    'kubelet.sandbox_config_failed',
    "The kubelet fails pods' sandboxes in its own configuration step, before the runtime or the network plugin is called (the resolver file it is configured with cannot be read, or a pod's runtime handler is not configured on this node): no such pod can start.",
  ],
  [
    'runtime.sandbox_image_failed',
    "Every new pod's sandbox fails because the runtime cannot obtain the sandbox (pause) image the node is configured with (its registry unreachable or refusing, the tag absent, the image collected on an air-gapped node): the node's configuration, not the network plugin or a hung runtime. Running pods are untouched; mirror the image or point the sandbox image at a registry the node reaches.",
  ],
  [
    'kubelet.qos_root_missing',
    "The kubelet's container manager exits at every start because the root of its QoS cgroups (kubepods) is missing when it checks for it: a known kubelet race with systemd's handling of the kubepods slice (cgroup v2 with the systemd driver, a daemon-reload, or leaked cgroup mounts), not the runtime or the network.",
  ],
  [
    'kubelet.cadvisor_cgroup_path',
    "cAdvisor inside the kubelet watches a cgroup path this node's cgroup layout does not have, so the kubelet exits at start: a kubelet/cAdvisor defect, not descriptor exhaustion.",
  ],
  [
    'kubelet.status_patch_conflict',
    'The API server answers the kubelet\'s node status patch with a conflict, every retry: the kubelet reaches the server, but its status never lands, so the node controller keeps the node Unknown. Releases whose API server checked a patch\'s retry for a "meaningful conflict" against a stale cached node (to 1.10; kubernetes #58002, fixed by #63146 in 1.11 and its 1.10 and 1.9 backports) never get past it; restarting the kubelet makes it patch from a fresh read.',
  ],
  [
    'kubelet.status_patch_refused',
    "The API server answers the kubelet's node status patch and refuses what it carries (an invalid field, or a status over the request or etcd size limit): the kubelet reaches the server, and the status it sends will not be taken until what it reports (addresses, labels, images, volumes) changes.",
  ],
  [
    'kubelet.cloud_lookup_failed',
    "The kubelet's status update (or its registration) fails in its own call to the cloud provider, not on the way to the API server: releases with an in-tree cloud provider ask the provider for the node's addresses (and, at registration, its instance) before they post, so an unavailable or throttling cloud API, or one that finds no instance by the node's name, stops the node's status while the API server is reachable. The kubelet's dependence on the cloud API, changed upstream (the addresses cached from 1.12, the external cloud provider's node manager later).",
  ],
  [
    'kubelet.create_no_retry',
    "The kubelet failed to create itself at start because its runtime did not answer yet (Docker's socket refused or missing as the image manager or the version check first dialled it, or Docker answering that its engine was shutting down), and this kubelet release (before 1.0) only logs that failure: the process stays alive with its health server and no kubelet, never retries, and the node stays down after the runtime is back until the kubelet is restarted. The kubelet's start-up order and missing retry (kubernetes #5092, #7762; from 1.0 the kubelet exits on it and its service manager restarts it); order the kubelet after the runtime and restart it.",
  ],
  [
    'kubelet.pod_state_stale',
    "After a pod was force-deleted, the node's kubelet kept state for it (its pod workers or its view of the runtime's containers) and stopped acting on new pods: they stay Pending with no kubelet event until the kubelet is restarted, which rebuilds its state from the runtime and the API server. The kubelet's own pod bookkeeping, not the runtime or the scheduler.",
  ],
  [
    'kubelet.pods_not_killed',
    'Pods deleted in the API server are left behind by the kubelet (their containers still running, or held Terminating until the kubelet is restarted): its own handling of pod deletions stopped (its sync loop or pod workers blocked, as in the status channel deadlock under mass deletion, kubernetes #9833/#10182), not the runtime, which a kubelet restart leaves as it was.',
  ],
  [
    'proc.zombie_kubelet',
    "Zombie processes pile up under the kubelet: children it started (probe and volume helpers' commands, du and find for disk usage) exit and the kubelet never waits for them, so only the kubelet can reap them and each holds a PID until it is restarted. The kubelet's own leak, not a container's; restarting the kubelet clears them, and the release notes of later patch releases name such fixes.",
  ],
  [
    'kubelet.panic',
    'The kubelet crashed with a Go panic: a kubelet bug (the first kubelet frame of the trace names the subsystem; the release notes of later patch releases name the fix).',
  ],
  [
    'cgroup.pods_frozen',
    "A pod or QoS slice the kubelet manages is left frozen in the cgroup freezer: every process of its pods is stopped, so probes and exec time out while the runtime and the node answer. The kubelet's vendored libcontainer (systemd driver, cgroup v1) freezes a slice around each change of its properties and did not thaw it.",
  ],
  [
    'kubelet.allocatable_on_root',
    "The kubelet's flags disable per-QoS cgroups yet enforce node allocatable on pods, so it writes the pods' memory limit to the root cgroup, which refuses it, and fails that step of every sync: a flag combination the kubelet does not reject.",
  ],
  [
    'kubelet.stale_conn',
    'The kubelet keeps using a dead connection to the API server (client-go HTTP/2 without health checks) and never reconnects.',
  ],
  [
    'pleg.evented_unhealthy',
    'The Evented PLEG (alpha) reports its event channel full: a kubelet-side defect, not the runtime.',
  ],
  [
    'kubelet.relist_deadlock',
    "The kubelet's PLEG relist is blocked sending an event nobody receives: the kubelet deadlocked itself, the runtime is not involved.",
  ],
];

/** How a pod or QoS slice comes to stay frozen, and what cures it. */
const FROZEN_CHAIN: string[] = [
  "With the systemd cgroup driver on cgroup v1, the kubelet's cgroup manager (libcontainer, vendored) freezes a pod or QoS slice before it sets the slice's unit properties over D-Bus, so that systemd's rewrite of the device rules cannot fail a running process, and thaws it after.",
  "A slice left FROZEN (or stuck FREEZING behind a task in D state) stops every process under it: probes, exec and the pods' own work time out, with nothing in the runtime's logs; a frozen parent reads FROZEN in every child cgroup too.",
  "Root cause: the kubelet's vendored runc (1.0.0 could take a slice frozen through its parent for frozen itself and leave it so; fixed in runc 1.0.1 and 1.0.2, which later kubelet patch releases vendor). Writing THAWED thaws it; a kubelet with the fixed runc keeps it from recurring.",
];

/** The kubelet's start-up refusals and cgroup failures on its own bookkeeping or its own checks, by fact. */
const START_CHAINS: readonly (readonly [FactId, readonly string[]])[] = [
  [
    'kubelet.cgroup_unit_exists',
    [
      "With the systemd cgroup driver the kubelet's cgroup manager creates the kubepods slice, the Burstable and BestEffort slices and one slice per pod as transient systemd units, through the runc libcontainer it vendors; a slice that already exists is meant to count as created.",
      'Here systemd answers that the slice already exists and libcontainer returns that as an error: at start the container manager fails on its QoS slices and the kubelet exits into a restart loop; per pod, the pod never gets its cgroup and stays ContainerCreating. systemd itself answers promptly.',
      "Root cause: the kubelet's vendored libcontainer (runc 1.0.0-rc95 wrapped the error before checking it, kubernetes #102676; fixed by runc 1.0.2 in kubelet 1.21.5 and 1.22.2), or kubepods slices left loaded by an earlier install. Stopping the leftover kubepods slices (or a reboot) clears it; a fixed kubelet keeps it from recurring.",
    ],
  ],
  [
    'kubelet.kernel_defaults',
    [
      'At start the container manager checks the kernel tunables the kubelet relies on (vm.overcommit_memory=1, vm.panic_on_oom=0, kernel.panic=10, kernel.panic_on_oops=1, and the root keyring limits). By default it sets any that differ; with protectKernelDefaults it only checks, and lists each one that differs as an error.',
      'The container manager does not start, the kubelet exits, and systemd restarts it into the same check: nothing posts node status, and a new node never registers.',
      "Root cause: the kubelet's configuration (protectKernelDefaults, a hardening option) on an image that does not set those values: set them in the image or /etc/sysctl.d (the values listed), or turn the option off.",
    ],
  ],
  [
    'kubelet.plugin_walk',
    [
      "At start the kubelet's plugin watcher walks its plugin directory and adds an inotify watch on every directory in it, to find plugin sockets; 1.12 walks /var/lib/kubelet/plugins, and 1.13-1.14 walk it again as the deprecated root beside plugins_registry.",
      "Volume plugins (in-tree and CSI) keep their global mounts under that directory, so the walk descends into every mounted volume's tree: on a large volume it runs out of inotify watches (ENOSPC) or meets a directory it cannot read, and 1.12-1.14 return that as a start failure; the kubelet exits and is restarted into the same walk.",
      "Root cause: the kubelet walking volume mounts in a directory meant for sockets (kubernetes #74669; 1.15's plugin manager, #73891, logs the failure, and 1.17, #84533, stops walking the old root). Unmount the volume or raise fs.inotify.max_user_watches to start it; a later kubelet keeps it from recurring.",
    ],
  ],
  [
    'kubelet.manager_state',
    [
      'At start the CPU and memory managers read back the checkpoint they keep under /var/lib/kubelet (cpu_manager_state, memory_manager_state) and check it against the configured policy and the containers the runtime has.',
      'A checkpoint written under another policy, a corrupt one, or one naming containers the runtime no longer lists fails that check; the kubelet exits and systemd restarts it into the same file.',
      "Root cause: the kubelet's own state out of step with its configuration (the policy was changed without draining) or damaged; drain the node, delete the file the error names, and restart the kubelet.",
    ],
  ],
  [
    'kubelet.container_map',
    [
      "At start the container manager lists the runtime's sandboxes and containers and maps every container to its pod through its sandbox, for the CPU manager's state.",
      'A container whose sandbox is gone from the runtime (the sandbox died or was removed while the container record stayed) makes kubelets 1.18 to 1.23 fail the whole start; the map is rebuilt the same way at every restart, so the kubelet crash-loops.',
      'Root cause: the kubelet treating one orphan container as fatal (kubelet 1.24, #108325, skips it). Remove the orphan container the error names (docker rm / crictl rm), then restart the kubelet.',
    ],
  ],
];

/** A sandbox failing in the kubelet's own configuration step (its resolver file, a runtime handler), and the
 * node-local API proxy that cannot start because of it. */
function sandboxConfigChain(facts: FactSet): string[] | undefined {
  if (!facts.has('kubelet.api_behind_own_pod') && !facts.has('kubelet.sandbox_config_failed'))
    return undefined;
  return [
    "Before it asks the runtime for a sandbox, the kubelet builds the sandbox's configuration itself (generatePodSandboxConfig): the pod's DNS settings come from the resolver file it is configured with (--resolv-conf / resolvConf), read at every pod's creation.",
    facts.has('kubelet.api_behind_own_pod')
      ? "When that file is missing (systemd-resolved's /run/systemd/resolve/resolv.conf on a host without it, a file removed by an image change), every sandbox fails there, static pods included; the kubelet's kubeconfig points at a loopback address served by one of them (a node-local API proxy or the API server), so its registration and status updates are refused and the node never becomes Ready."
      : 'When that file is missing or a runtime handler is not configured, every affected sandbox fails there, before any runtime or CNI work; the runtime and the network plugin are not involved.',
    "Root cause: the kubelet's configuration on this node; point resolvConf at a file that exists (or restore it) and the pods, the proxy among them, start at the next sync.",
  ];
}

/**
 * Finding the container whose sandbox is gone (kubelet.container_map), in the runtime's own listing: the CRI's
 * podSandboxId under containerd and cri-o; dockershim's io.kubernetes.sandbox.id label under docker, whose sandboxes
 * are the containers labelled io.kubernetes.docker.type=podsandbox.
 */
function orphanContainerCommands(tools: RuntimeTools) {
  const [listing, remove] =
    tools.kind === 'docker'
      ? [
          'docker ps -a --filter label=io.kubernetes.docker.type=container --format \'{{.Label "io.kubernetes.sandbox.id"}}\' | sort -u; docker ps -aq --no-trunc --filter label=io.kubernetes.docker.type=podsandbox',
          'docker rm <container whose sandbox is gone>',
        ]
      : [
          'crictl ps -a -o json | grep -o \'"podSandboxId": "[0-9a-f]*"\' | sort -u; crictl pods -q',
          'crictl rm <container whose sandbox is gone>',
        ];
  return [
    read(
      'node',
      listing,
      "the sandboxes containers point at, and the sandboxes the runtime lists: the one missing is the error's",
    ),
    change('node', remove, 'remove the orphan container, then restart the kubelet'),
  ];
}

/** The kubelet's status path failing on what it calls before it posts, or on the server's refusal of its patch. */
function statusPathChain(facts: FactSet): string[] | undefined {
  if (facts.has('kubelet.status_patch_conflict') || facts.has('kubelet.status_patch_refused'))
    return [
      'Every node-status period the kubelet reads its Node, computes the new status and sends it as a strategic-merge patch (PatchNodeStatus), retrying five times before it gives up until the next period.',
      facts.has('kubelet.status_patch_conflict')
        ? 'The API server answers each patch with a conflict: the node changed under the kubelet\'s read (the node controller\'s Unknown conditions), and servers before 1.11 compared the retry against a stale cached node ("there is a meaningful conflict"), so no retry gets through. The conditions inside the logged patch are what the kubelet read, not a report of its own.'
        : 'The API server answers each patch and refuses its content (a field that fails validation, or a status over the request or etcd size limit), so no retry gets through.',
      'Root cause: the kubelet (and the API server release) on the status path, not the network: an API server with the fix (kubernetes #63146, 1.11; #66169 and #66171 for 1.10 and 1.9), or a kubelet restart to patch from a fresh read; for a refused status, what it carries.',
    ];
  if (facts.has('kubelet.cloud_lookup_failed') || facts.has('kubelet.cloud_lookup_warned'))
    return [
      "With an in-tree cloud provider (--cloud-provider=aws, azure, gce, openstack, vsphere), the kubelet asks the provider for the node's addresses on every status update (and for its instance when it registers): the provider's API or the instance metadata service, not the API server.",
      facts.has('kubelet.cloud_lookup_failed')
        ? 'Releases to 1.7 fail the whole status update when that call fails (the API unavailable, throttling with HTTP 429 as clusters grow, timing out, or finding no instance by the node name): after the retries the node controller marks the node Unknown, evicts its pods, and the kubelet may kill pods it no longer counts as its own, while the node and the API server still talk. Releases to 1.10 block the update as long as the call hangs.'
        : "Later releases post the rest of the status and warn; the call failing still means the node's addresses go stale, and a call that hangs before its first answer holds the update.",
      "Root cause: the kubelet's dependence on the cloud API in its status path (kubernetes #43516, #46969; a timeout in 1.11 by #62543, addresses cached by a sync loop from 1.12 by #65226; the external cloud provider's node manager takes it off the kubelet). Check the provider's API and metadata service, the node's instance name against its node name, and the request rate.",
    ];
  return undefined;
}

/** The mechanism of the other defects, by the fact that shows which. */
function defectChain(facts: FactSet): string[] {
  const start = START_CHAINS.find(([fact]) => facts.has(fact));
  if (start) return [...start[1]];
  const sandbox = sandboxConfigChain(facts);
  if (sandbox) return sandbox;
  const statusPath = statusPathChain(facts);
  if (statusPath) return statusPath;
  if (facts.has('clock.set_back'))
    return [
      "The node's wall clock went back (a manual date -s, a time server stepping it, a VM restored from a snapshot).",
      "The kubelet's client computes its rate limiter's wait from the wall clock in the releases that vendored juju/ratelimit, so its status request sleeps for as long as the clock moved; the node controller also ignores Lease renewals whose renewTime (the node's clock) is earlier than the last it saw.",
      "Root cause: the kubelet's and the controller's use of the node's wall clock; the node recovers when its clock passes the time it was moved from, or at once when the kubelet restarts (its client's limiter starts anew).",
    ];
  if (facts.has('kubelet.qos_root_missing'))
    return [
      'At start the container manager creates the kubepods cgroup (the node-allocatable root), then its QoS manager checks that the root exists before it makes the Burstable and BestEffort cgroups under it.',
      'With the systemd driver the root is a transient slice; systemd can remove or not yet show it (a daemon-reload, cpuset handling on cgroup v2, stale cgroup mounts), so the check fails, the kubelet exits and systemd restarts it into the same check.',
      'Root cause: the kubelet\'s cgroup bookkeeping (kubernetes #79046, #95488, #122955; later patch releases fix the cgroup v2 case); a reboot clears it, and --cgroups-per-qos=false with --enforce-node-allocatable="" is the known workaround.',
    ];
  return facts.has('kubelet.cadvisor_cgroup_path')
    ? [
        'At start cAdvisor adds inotify watches on the cgroup v1 controller directories it expects (e.g. cpu,cpuacct); on this layout the path it derives does not exist and inotify_add_watch fails with ENOENT.',
        'The kubelet treats a cAdvisor start failure as fatal and exits; systemd restarts it into the same failure.',
        'Root cause: the kubelet/cAdvisor release does not handle this cgroup mount layout; a release that does (or the layout it expects) fixes it, a restart does not.',
      ]
    : facts.has('kubelet.allocatable_on_root')
      ? [
          'With --cgroups-per-qos=false there is no kubepods cgroup, so the node-allocatable limit for pods goes to the cgroup root; the kernel takes no memory limit on the root cgroup and the write fails with EINVAL.',
          'The kubelet retries every minute (FailedNodeAllocatableEnforcement) and its container manager reports the failure, which on small nodes shows as short NotReady spells when many pods start.',
          'Root cause: the flag combination; turn --cgroups-per-qos back on (the default), or drop pods from --enforce-node-allocatable.',
        ]
      : [
          facts.has('kubelet.stale_conn')
            ? 'After a brief network interruption the kubelet HTTP/2 connection to the API server is dead but not detected; requests keep failing on it ("use of closed network connection", instant watch closes).'
            : facts.has('pleg.evented_unhealthy')
              ? 'With the EventedPLEG feature gate, health fails only when the event channel (capacity 1000) is full.'
              : facts.has('kubelet.relist_deadlock')
                ? 'Relist hands each pod event to the sync loop over a channel; the goroutine dump shows relist parked on that send for minutes, so no relist completes and PLEG reports unhealthy.'
                : 'Other agents on the node (or the kubelet acting on pod deletions) still reach the API server, so the network is fine.',
          'The kubelet does not recover by itself; the node stays NotReady/Unknown until the kubelet is restarted.',
          'Root cause: a kubelet bug; a restart recovers the node, an upgrade to a fixed release prevents recurrence.',
        ];
}

/*
 * Where the kubelet's start-up refusals rank (round 12). A kubelet that exits at start cuts the node off either
 * way; what an engineer fixes is what the refusal names. kubelet_defect takes the refusals on something of the
 * kubelet's own making: its bookkeeping (the cgroups it created, systemd's answer about a kubepods slice it already
 * made, the container map it builds from the runtime, the CPU/memory manager checkpoints it wrote) and the checks it was told to
 * enforce itself (protectKernelDefaults, an opt-in: by default the kubelet sets those tunables, so its refusal is
 * its own configuration against the image). node_unreachable keeps the kubelet dead or unreachable with no reason
 * of its own named, and the refusals on its surroundings by its defaults: swap on the host, a controller the host
 * lacks, a configuration file, flag, kubeconfig or credential it cannot load (kubelet.config_error), a unit step
 * before it ran. Those facts stay there; the new ones carry their own weight here, and kubelet_defect explaining
 * node_unreachable lets the "kubelet dead" summary they come with fall in behind them. One line naming both the
 * refusal and the unit's failure is still one piece of evidence (rank.ts).
 */
export const kubeletDefect: CauseModule = {
  id: 'kubelet_defect',
  title: 'Known kubelet defect',
  explains: ['node_unreachable'],
  // systemd's "already exists" about a kubepods slice the kubelet's cgroup manager failed on is the kubelet's
  // bookkeeping: the systemd fact it also is does not make systemd the cause.
  // The plugin watcher's walk ends on the inotify watch limit it used up itself, descending into volume mounts: the
  // watches exhausted are the kubelet's defect's symptom there, not a leak of the node's.
  explainsWhen: [
    { cause: 'systemd_dbus_stall', fact: 'kubelet.cgroup_unit_exists' },
    { cause: 'fd_exhaustion', fact: 'kubelet.plugin_walk' },
    // Memory pressure computed against a capacity read before memory was hot-added is the stale capacity's.
    { cause: 'resource_starvation', fact: 'kubelet.capacity_stale' },
    // Pods held Terminating that a restart of the kubelet alone clears were the kubelet's, not the runtime's calls.
    { cause: 'runtime_down', fact: 'kubelet.pods_not_killed' },
    // Round 23: a runtime not up at the kubelet's start is passing; the kubelet that never retried keeps the node down.
    { cause: 'runtime_down', fact: 'kubelet.create_no_retry' },
    // Round 22: the PID space filled by zombies whose parent is the kubelet is the kubelet's leak's doing: a count of
    // them by the thousand, or the forks that then fail, are its symptom.
    { cause: 'resource_starvation', fact: 'proc.zombie_kubelet' },
    // Round 27 (r27-storage): the node's memory gone because the kubelet itself consumed it (its own memory growing,
    // the kubelet the subject of eating it): the exhaustion is the kubelet's doing, not workloads starving the node.
    { cause: 'resource_starvation', fact: 'kubelet.memory_leak' },
    { cause: 'resource_starvation', fact: 'kubelet.oom_victim' },
  ],
  support: [
    { fact: 'pleg.evented_unhealthy', weight: 3.5 },
    { fact: 'kubelet.relist_deadlock', weight: 3.5 },
    { fact: 'kubelet.stale_conn', weight: 3 },
    // Decisive, as the relist deadlock is: the kubelet renews its lease (it runs and reaches the API server) while its
    // node status stops arriving, which only its own status path stuck explains. A PLEG slowed by many containers is
    // posted as Ready=False, not left Unknown, so a pod count beside it must not outweigh it.
    { fact: 'kubelet.alive_while_unknown', weight: 3.5 },
    // Its own sync loop logging through the silence, with no failed status update or Lease renewal in its log (a
    // kubelet cut off logs those every few seconds): the status path stuck inside, as in kubernetes #14211 (two loops
    // deadlocked on locks a refactor added, reverted by #14292). Less than the Lease: a log excerpt may miss the lines.
    { fact: 'kubelet.loop_running_while_unknown', weight: 2.5 },
    { fact: 'kubelet.known_defect', weight: 3 },
    // Round 22: the kubelet's status path failing on something it calls before it posts, with the API server
    // reachable: the cloud provider's address or instance lookup (the kubelet's dependence on the cloud API, to 1.7
    // fatal to the update), and the server's refusal of the patch itself (a conflict every retry, an invalid or
    // oversized status). The node cut off stays behind these, its consequence.
    { fact: 'kubelet.cloud_lookup_failed', weight: 3 },
    { fact: 'kubelet.cloud_lookup_warned', weight: 1 },
    { fact: 'kubelet.status_patch_conflict', weight: 3 },
    { fact: 'kubelet.status_patch_refused', weight: 2.5 },
    // Pods deleted yet left running or Terminating by the kubelet, cleared by its restart: its sync of deletions.
    { fact: 'kubelet.pods_not_killed', weight: 2.5 },
    // The status manager's channel full while pods are deleted (1.0-1.1): a hint, the kubelet's own update flood.
    { fact: 'kubelet.status_channel_full', weight: 1.5 },
    // The node's clock set back, said: the kubelet's own status path waits out the jump (client-go's rate limiter on
    // the wall clock, kubernetes #54130) and the node controller ignores Leases stamped earlier (#113081). A
    // description, so it stays a lead; ask for the node's time synchronisation to confirm.
    { fact: 'clock.set_back', weight: 2.5 },
    { fact: 'kubelet.startup_race', weight: 3 },
    // Round 23: the kubelet's creation failing at start in a release that only logs it (before 1.0): the process
    // stays without a kubelet and never retries, whatever the runtime does after (kubernetes #5092, #7762).
    { fact: 'kubelet.create_no_retry', weight: 3 },
    // Round 24: the kubelet's own memory growing without bound; the machine's crash after it is its consequence.
    { fact: 'kubelet.memory_leak', weight: 3 },
    // Round 27 (r27-storage): the EventedPLEG gate on (flags, configuration, the kubelet's gate line, or named as the
    // difference between a run whose node turns Ready and one whose node does not), and the runtime's container-events
    // stream it cannot hold: leads to the gate's defect (defects.ts kubelet-evented-pleg), which its symptom confirms.
    // Round 27: the OOM killer's victim the kubelet itself (its -999 adjustment shields it from anything but its own
    // memory dwarfing the pods').
    { fact: 'kubelet.oom_victim', weight: 3 },
    { fact: 'kubelet.evented_pleg_on', weight: 2.5 },
    { fact: 'pleg.events_unsupported', weight: 1.5 },
    // A pod force-deleted and the node's kubelet then silent on new pods until it is restarted, said: its pod state.
    { fact: 'kubelet.pod_state_stale', weight: 2.5 },
    { fact: 'network.link_up', weight: 1 },
    { fact: 'kubelet.http_blocked', weight: 1 },
    { fact: 'pleg.channel_full', weight: 1 },
    { fact: 'kubelet.cadvisor_cgroup_path', weight: 3.5 },
    // The container manager finding the kubepods root it just created gone: a known kubelet race with systemd's
    // cgroup bookkeeping (kubernetes #79046, #95488, #122955), whatever restarts the kubelet into it.
    { fact: 'kubelet.qos_root_missing', weight: 3.5 },
    // The same bookkeeping's other answer: systemd says the kubepods slice the kubelet creates already exists and the
    // vendored libcontainer fails on it (kubernetes #102676; #43856 on leftover slices).
    { fact: 'kubelet.cgroup_unit_exists', weight: 3.5 },
    // The container manager failing on one of its own cgroups with no errno of the kernel's named: a lead.
    { fact: 'kubelet.cgroup_setup_failed', weight: 1.5 },
    // protectKernelDefaults against an image that does not set the tunables: the kubelet's configuration.
    { fact: 'kubelet.kernel_defaults', weight: 3.5 },
    // An orphan container in the runtime made fatal by the kubelet's own map at start (1.18-1.23).
    { fact: 'kubelet.container_map', weight: 3.5 },
    // The plugin watcher's fatal walk of the old plugin directory into volume mounts at start (1.12-1.14).
    { fact: 'kubelet.plugin_walk', weight: 3.5 },
    // Capacity read once at start against the machine's figures now (memory or CPUs hot-plugged since).
    { fact: 'kubelet.capacity_stale', weight: 3 },
    // The CPU/memory manager's own checkpoint unreadable at start (policy changed, corrupt, stale containers).
    { fact: 'kubelet.manager_state', weight: 3.5 },
    // The kubelet's sync loop skipping every pod because its own eviction manager failed to start: the same line
    // naming the runtime is the runtime's (kubelet.go).
    { fact: 'kubelet.module_start_failed', weight: 3 },
    { fact: 'kubelet.allocatable_on_root', weight: 3 },
    // The kubelet failing every sandbox in its own configuration (its resolver file): no pod starts, which stops
    // the node only when a pod it must start carries the node's API path (a loopback proxy or API server).
    { fact: 'kubelet.api_behind_own_pod', weight: 3.5 },
    { fact: 'kubelet.sandbox_config_failed', weight: 1.5 },
    // The node's sandbox (pause) image unobtainable: the same node-level configuration failure of every new sandbox,
    // met in the runtime's image step instead of the kubelet's own.
    { fact: 'runtime.sandbox_image_failed', weight: 1.5 },
    // Only the kubelet's own cgroup manager (libcontainer's systemd driver, vendored) freezes the kubepods slices.
    { fact: 'cgroup.pods_frozen', weight: 3 },
    // A panic is a kubelet bug whatever triggered it; the frames and the version name which.
    { fact: 'kubelet.panic', weight: 3 },
    { fact: 'kubelet.cert_rotated', weight: 0.5 },
    // Described hung or deadlocked, or its log stopping, with its process alive: a lead, which a goroutine dump
    // confirms or not (the kubelet may be waiting on the runtime instead).
    { fact: 'kubelet.wedged', weight: 2 },
    // The kubelet's children left unreaped (zombies whose parent is the kubelet): nothing but the kubelet reaps them,
    // and their PIDs count against the node's limit until it is restarted.
    { fact: 'proc.zombie_kubelet', weight: 3 },
  ],
  against: [
    // Round 21: the sandbox image lost to the runtime's own upgrade, or never obtainable on an air-gapped node, is
    // the runtime's release, not the node's choice of image (extract/sandbox-image.ts).
    { fact: 'runtime.sandbox_image_unobtainable', weight: 1.5 },
    ...competingDefects('kubelet_defect'),
  ],
  summary: ({ facts }) =>
    SUMMARY_BY_FACT.find(([fact]) => facts.has(fact))?.[1] ??
    'The node itself is reachable, but the kubelet stopped posting status: its status loop is wedged.',
  chain: ({ facts }) => (facts.has('cgroup.pods_frozen') ? FROZEN_CHAIN : defectChain(facts)),
  commands: ({ node, facts, tools }) => [
    read('node', 'kubelet --version', 'kubelet release (compare with the fixed releases)'),
    ...(facts.has('clock.set_back')
      ? [
          read(
            'node',
            "timedatectl; chronyc tracking 2>/dev/null; journalctl -b --no-pager | grep -iE 'time (has been )?(changed|jumped)|clock.*(step|changed)|System clock' | tail -n 20",
            "the node's time synchronisation and when its clock was stepped",
          ),
        ]
      : []),
    read(
      'node',
      "journalctl -u kubelet --since -1h --no-pager | grep -E 'use of closed network connection|watch close|EventedPLEG|Failed to start cAdvisor' | tail -n 20",
      'the defect signature',
    ),
    ...(facts.has('kubelet.allocatable_on_root')
      ? [
          read(
            'node',
            "ps -o args= -C kubelet | tr ' ' '\\n' | grep -E 'cgroups-per-qos|enforce-node-allocatable|cgroup-root'",
            'the flags that send the pods limit to the root cgroup',
          ),
        ]
      : []),
    ...(facts.has('cgroup.pods_frozen')
      ? [
          read(
            'node',
            "grep -r --include=freezer.state -v THAWED /sys/fs/cgroup/freezer/kubepods* 2>/dev/null; grep -rl --include=cgroup.events 'frozen 1' /sys/fs/cgroup/kubepods* 2>/dev/null",
            'which kubepods slices are frozen (cgroup v1, then v2)',
          ),
          change(
            'node',
            'echo THAWED > /sys/fs/cgroup/freezer/kubepods.slice/<frozen slice>/freezer.state',
            'thaw the slice the first command named (cgroup v2: echo 0 > …/cgroup.freeze); its processes resume where they stopped',
          ),
        ]
      : []),
    ...(facts.has('kubelet.cgroup_unit_exists')
      ? [
          read(
            'node',
            "systemctl list-units --all --no-legend 'kubepods*.slice' | head -n 20",
            'the kubepods slices systemd has loaded, and their state',
          ),
          change(
            'node',
            "systemctl stop $(systemctl list-units --all --no-legend --plain 'kubepods*.slice' | awk '{print $1}')",
            'only with the kubelet stopped and the node drained: stop the leftover kubepods slices so the kubelet can create them again (a reboot does the same)',
          ),
        ]
      : []),
    ...(facts.has('kubelet.kernel_defaults')
      ? [
          read(
            'node',
            'sysctl vm.overcommit_memory vm.panic_on_oom kernel.panic kernel.panic_on_oops kernel.keys.root_maxkeys kernel.keys.root_maxbytes',
            'the values the kubelet checks (it wants 1, 0, 10, 1, 1000000, 25000000)',
          ),
          change(
            'node',
            "printf 'vm.overcommit_memory=1\\nvm.panic_on_oom=0\\nkernel.panic=10\\nkernel.panic_on_oops=1\\nkernel.keys.root_maxkeys=1000000\\nkernel.keys.root_maxbytes=25000000\\n' > /etc/sysctl.d/90-kubelet.conf && sysctl --system",
            'set the values the kubelet protects (or bake them into the image), then restart the kubelet',
          ),
        ]
      : []),
    ...(facts.has('kubelet.capacity_stale')
      ? [
          read(
            'node',
            "grep -E 'MemTotal' /proc/meminfo; nproc; kubectl get node \"$(hostname)\" -o jsonpath='{.status.capacity}'",
            "the machine's memory and CPUs now, against the capacity the kubelet read at its start",
          ),
          change('node', 'systemctl restart kubelet', 'restart the kubelet so it reads the machine again'),
        ]
      : []),
    ...(facts.has('kubelet.container_map') ? orphanContainerCommands(tools) : []),
    ...(facts.has('kubelet.plugin_walk')
      ? [
          read(
            'node',
            'findmnt -rn -o TARGET | grep -c ^/var/lib/kubelet/plugins/; sysctl fs.inotify.max_user_watches',
            'volumes mounted under the old plugin directory the watcher walks, and the watch limit it runs into',
          ),
          change(
            'node',
            'sysctl -w fs.inotify.max_user_watches=1048576 && systemctl restart kubelet',
            'lets the walk finish so the kubelet starts (or unmount the volume the error names); a kubelet of 1.15 or later no longer fails its start on it',
          ),
        ]
      : []),
    ...(facts.has('kubelet.manager_state')
      ? [
          read(
            'node',
            'ls -l /var/lib/kubelet/cpu_manager_state /var/lib/kubelet/memory_manager_state; grep -h -E "policyName|policy" /var/lib/kubelet/*_manager_state',
            'the checkpoints and the policy each was written under',
          ),
          change(
            'node',
            'rm /var/lib/kubelet/cpu_manager_state && systemctl restart kubelet',
            'after draining the node: delete the checkpoint the error names (memory_manager_state for the memory manager); the kubelet writes a new one',
          ),
        ]
      : []),
    ...(facts.has('kubelet.cadvisor_cgroup_path')
      ? [read('node', 'grep cgroup /proc/self/mountinfo', 'the cgroup layout cAdvisor has to watch')]
      : []),
    read(
      'cluster',
      `kubectl get lease -n kube-node-lease ${node} -o jsonpath='{.spec.renewTime}'`,
      'is the lease still renewed',
    ),
    change(
      'node',
      'systemctl restart kubelet',
      'restart the kubelet: it reconnects and relists (containers keep running)',
    ),
  ],
  probes: [{ what: 'kubelet logs', fills: ['logs.kubelet'], how: () => 'journalctl -u kubelet --since -1h' }],
};
