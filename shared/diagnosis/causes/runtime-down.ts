import { change, cordonAndDrain, outOfService, read, uncordon } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import { type CauseContext, type CauseModule, RUNTIME_LOGS } from './types.ts';

/** The sandbox (pause) image the runtime cannot obtain, as the facts say why (part of the chain's second step). */
function sandboxImageStep(tools: CauseContext['tools'], facts: CauseContext['facts']): string | undefined {
  if (facts.has('runtime.start_failed')) return undefined;
  if (facts.has('runtime.sandbox_image_unobtainable'))
    return `${tools.daemon} answers, but fails every new sandbox on the sandbox (pause) image, which it cannot obtain: ${facts.has('runtime.upgraded') ? "the runtime was upgraded on its own, and its new release names or resolves the sandbox image differently (a new default tag, containerd 2.0's move of sandbox_image to pinned_images, a short name no longer resolved)" : facts.has('runtime.sandbox_image_ignored') ? 'containerd 2.x ignores the sandbox_image key its configuration still names (moved to pinned_images in 2.0) and asks for its own default pause image' : "the node is air-gapped, and the image the runtime asks for (its release's default tag, if nothing pins one) was never loaded on it"}. No pod can start, the network plugin's own included. Compare the image the runtime asks for (containerd config dump, crio status config) with the images the node holds, and pin the sandbox image by its full name to one the node has or reaches.`;
  if (facts.has('runtime.no_sandbox'))
    return `${tools.daemon} answers, but every new sandbox fails on the sandbox (pause) image itself (its registry unreachable from the node, its pull refused by the registry, or its unpack by the snapshotter fetching layers the registry will not serve without credentials): no pod can start on the node, the network plugin's own included, so the network never becomes ready either. Check the image the runtime is configured with (containerd's sandbox_image or pinned sandbox image, CRI-O's pause_image, the kubelet's pod-infra image) and the snapshotter that unpacks it, against the machine image's runtime release.`;
  if (facts.has('runtime.sandbox_image_before_network'))
    return `${tools.daemon} answers, but every new sandbox fails on the sandbox (pause) image, which it cannot get or pull (its reason in the runtime's error, the line cut short where it is not): every pod runs in a sandbox made from that image before any network work, the network plugin's own agent and a first control plane's static pods (on the host's network, needing no plugin) included, so the network plugin never starts and the network not ready follows. Check the image the runtime is configured with (containerd's sandbox_image or pinned sandbox image, CRI-O's pause_image, the kubelet's pod-infra image), whether the node reaches its registry (a mirror, a proxy, a firewall), and pull it by hand (crictl pull) to see the full reason.`;
  return undefined;
}

/** Why the daemon does not answer, as the facts say it (the chain's second step). */
function whyNotAnswering(tools: CauseContext['tools'], facts: CauseContext['facts']): string {
  const sandboxImage = sandboxImageStep(tools, facts);
  if (sandboxImage) return sandboxImage;
  if (facts.has('runtime.handler_unset'))
    return `${tools.daemon} answers, but refuses every sandbox because the runtime it would run them with has no name in its configuration (the default runtime's type left empty, or a default runtime name with no entry under its runtimes): no pod can start on the node, the network plugin's own included, so the network never becomes ready either. Compare the runtime's configuration (containerd's config.toml, default_runtime_name and runtime_type) with the one its release ships, and set the type (io.containerd.runc.v2).`;
  if (facts.has('runtime.host_compute_failed'))
    return `On Windows every container, sandbox and endpoint is made by the host's Host Compute Service (vmcompute) and Host Network Service, which ${tools.daemon}'s shim and the network plugin call through hcsshim: one of them stopped answering or is not running, so the plugin and the shim wait on it, and the runtime's pod status with them. The network plugin's hang is this layer's, not the network's. Check the services (Get-Service vmcompute, hns; the System log's Service Control Manager events) and the hcsshim calls in a goroutine dump; restarting the services, or the node, clears it.`;
  if (facts.has('runtime.daemon_lock_pileup'))
    return `${tools.daemon}'s request threads are piled up on one container's lock, held by a start or kill of that container that never returns (its containerd call, and runc below it): every call that touches that container waits, and the kubelet's relist, which inspects every container, waits with them. Find the holder in the daemon's goroutine dump (the start or kill of that container) and the runc process under it that does not exit (its kernel stack, /proc/PID/stack).`;
  if (facts.has('runtime.binary_missing') || facts.has('runtime.handler_missing'))
    return `${tools.daemon} answers, but cannot run the runtime a pod's RuntimeClass (or its default) names: the shim or low-level runtime binary its configuration points at is not where it looks (its stat or PATH lookup failing), or the handler has no entry at all. Every sandbox of that class fails, every pod's when it is the default. An installer's cleanup (kata-deploy, a GPU or gVisor runtime installer) that removes its binaries and configuration and restarts the runtime, or an OS image or package update, leaves exactly this: compare the configured paths (containerd config dump, crio status config) with the files on the node, and the installer's release and its pods' restarts with the time the failures began.`;
  if (facts.has('runtime.binary_refused'))
    return `${tools.daemon} answers, but the kernel refuses to execute the low-level runtime (runc, crun) or its shim: the binary is there, yet not executable (its mode, a noexec mount), denied by a security module or a security agent (an SELinux or AppArmor denial, a fanotify verdict: EACCES or EPERM), replaced by a file of another format (ENOEXEC) or being rewritten while executed (ETXTBSY). Every sandbox and container create fails while the node's running containers go on. Security products that replace the runtime's binary to apply their policy, and packages of another engine, leave exactly this: the binary's modification time, its owning package and its label, against the time the failures began and the agent's log.`;
  if (facts.has('runc.join_ns_missing'))
    return `${tools.daemon} answers, but the low-level runtime under it fails every container's create because it cannot join a namespace the container must share (the sandbox's /proc/PID/ns path gone, or setns refusing it): no container starts, or each exits at once. When it fails for every pod, compare the versions of the runtime and the low-level runtime (containerd --version, runc --version) and the package that installed each binary (rpm -qf or dpkg -S on $(command -v runc) and the shim): another container engine's package may have replaced them with builds that do not match.`;
  if (facts.has('runtime.names_held_over_reboot'))
    return `${tools.daemon} answers, but refuses the kubelet's sandboxes because it still holds their names reserved for sandboxes from before the reboot, restored from its own store at its start: every pod that ran on the node is refused on each retry, stateful ones included, and the network plugin's pod with them. Stop the runtime, remove its stale sandbox state (or drain and restart the node's runtime before a reboot), and start it again.`;
  if (facts.has('runtime.sandbox_name_stale'))
    return `${tools.daemon} answers, but refuses the kubelet's sandboxes because its own store already holds sandboxes of those names, restored from before a restart or reboot: the kubelet asks again with the same names and is refused every time. Check the runtime's release for a fix of its restore (CRI-O 1.11.1 after a reboot, fixed in 1.11.2); stopping the runtime and removing its stale sandbox state, or upgrading, lets the pods start.`;
  if (facts.has('runtime.db_open_failed'))
    return `${tools.daemon} answers, but its embedded database cannot open or write its file, and every call that touches it fails with a server error: most often the file system under the runtime's root is out of space or inodes (df and df -i on it).`;
  return daemonState(tools, facts);
}

/** What the daemon itself is doing (its CRI version, its start, its unit, its socket). */
function daemonState(tools: CauseContext['tools'], facts: CauseContext['facts']): string {
  return facts.has('runtime.cri_version')
    ? `${tools.daemon} answers, but only the older CRI API (v1alpha2); crictl falls back to it and looks healthy while the kubelet's v1 calls fail. Upgrade the runtime (containerd 1.6+, a cri-o matching the kubelet's minor) or keep the kubelet below 1.26.`
    : facts.has('runtime.start_failed') && facts.has('fs.corrupt')
      ? `${tools.daemon} exits during start-up: the kernel reports file-system errors, and the state it loads from disk (layer store, metadata databases) is on that filesystem; its journal's last lines before the exit name the file.`
      : facts.has('runtime.start_failed')
        ? `${tools.daemon} exits during start-up on a fatal error (storage driver, configuration, a leftover pid file, its state on disk): its journal's last lines before the exit say which.`
        : facts.has('runtime.not_enabled')
          ? `${tools.service} is disabled: after a reboot nothing starts it. \`systemctl enable --now ${tools.service}\`.`
          : facts.has('runtime.unreachable') || facts.has('runtime.service_failed')
            ? `${tools.daemon} is not accepting connections on its socket (down, restarting, or crashed).`
            : `${tools.daemon} is up but its CRI calls time out (a deadlock inside the daemon or in runc/the shims below it).`;
}

export const runtimeDown: CauseModule = {
  id: 'runtime_down',
  title: 'Container runtime down or not answering',
  explains: [],
  // The kubelet's unit requires the runtime: a kubelet that cannot start beside a runtime that cannot start is
  // that runtime's consequence (runtime.blocks_kubelet), not a second outage.
  // Kubelet goroutines piled up in CRI calls the runtime never answers hold the kubelet's threads and memory: the
  // kubelet's Go fatal (its thread limit) is then the runtime's consequence, not a kubelet bug of its own.
  explainsWhen: [
    { cause: 'node_unreachable', fact: 'runtime.blocks_kubelet' },
    { cause: 'kubelet_defect', fact: 'kubelet.fatal_behind_runtime' },
    // Round 22: on Windows the network plugin and the shim call the host's compute and network services; those not
    // answering hang the plugin and the shim above them, the runtime's layer, not the network's or one container's.
    { cause: 'cni_hang', fact: 'runtime.host_compute_failed' },
    { cause: 'zombie_shim_hang', fact: 'runtime.host_compute_failed' },
    // Round 24: a full disk beside the daemon's crash dumps in its log is the crash's consequence (its restarts write a
    // dump each time), not the reason the daemon is down (extract/derived.ts runtimeCrashFillsDisk).
    { cause: 'resource_starvation', fact: 'runtime.crash_fills_disk' },
    // Round 26 (r26-sandbox): a reboot after which the runtime still holds the names of the sandboxes from before it:
    // the reboot is the occasion, the runtime's store the cause; the plugin's pods are refused with the rest.
    { cause: 'node_unreachable', fact: 'runtime.names_held_over_reboot' },
    { cause: 'cni_hang', fact: 'runtime.names_held_over_reboot' },
    // Round 29 (r29-runtime): every sandbox failing on the sandbox image while the network plugin is not ready: the
    // plugin's own pods cannot start, so the network not ready is the image's consequence (at a cluster's first
    // creation the control plane's pods use the host's network and need no plugin, only the image); the kubelet
    // defect's reading of the same sandbox line (the node's image configuration) is this one's too.
    { cause: 'cni_hang', fact: 'runtime.sandbox_image_before_network' },
    { cause: 'kubelet_defect', fact: 'runtime.sandbox_image_before_network' },
  ],
  support: [
    { fact: 'runtime.unreachable', weight: 3 },
    // The kernel reports the daemon itself blocked in D state for minutes (kernel/hung_task.c): it answers no call.
    { fact: 'kernel.hung_task_daemon', weight: 3 },
    { fact: 'runtime.blocks_kubelet', weight: 2 },
    { fact: 'runtime.not_accepting', weight: 2.5 },
    { fact: 'runtime.status_timeout', weight: 1.5 },
    { fact: 'runtime.unit_failed', weight: 3 },
    { fact: 'runtime.call_blocked', weight: 2.5 },
    { fact: 'runtime.down', weight: 2.5 },
    { fact: 'runtime.status_never', weight: 2.5 },
    { fact: 'runtime.cmd_hang', weight: 2.5 },
    { fact: 'runtime.list_timeout', weight: 2.5 },
    { fact: 'runtime.service_failed', weight: 2 },
    // Round 24: a package upgrade (the runtime's or its dependency's) described taking the runtime down.
    { fact: 'runtime.stopped_by_upgrade', weight: 3 },
    // Round 27: the runtime's upgrade stated as the step just before the nodes were lost (its component containers,
    // the kubelet among them, not started again).
    { fact: 'runtime.upgrade_left_nodes_down', weight: 3 },
    { fact: 'pleg.relist_error', weight: 2 },
    { fact: 'runtime.op_timeout', weight: 2 },
    { fact: 'runtime.pods_stuck', weight: 2 },
    // runc init stalled: the create call behind it never returns. Alone that is one container's start (weighed to
    // zombie_shim_hang first); it is the daemon's only when the daemon's own runtime-wide calls time out beside it
    // (runc.init_stuck_daemon_blocked, derived in extract/derived.ts).
    { fact: 'runc.init_stuck', weight: 1 },
    { fact: 'runc.init_stuck_daemon_blocked', weight: 2 },
    // Dozens of inits stuck at once: the runtime can start no container, though the layer below it holds them.
    { fact: 'runc.init_pileup', weight: 1.5 },
    { fact: 'proc.runtime_spinning', weight: 1.5 },
    { fact: 'runtime.container_cmd_hang', weight: 1 },
    { fact: 'runtime.shim_blocked', weight: 1 },
    { fact: 'pleg.stuck', weight: 1 },
    { fact: 'runtime.known_defect', weight: 1 },
    { fact: 'runtime.restart_limit', weight: 3 },
    { fact: 'runtime.panic', weight: 2.5 },
    // Round 24: the NotReady nodes' runtime a major release behind the Ready nodes' (extract/runtime-skew.ts): a lead
    // that names the odd node's runtime, never an answer alone.
    { fact: 'runtime.version_behind', weight: 1 },
    { fact: 'runtime.start_failed', weight: 3 },
    // A fatal start on a bridge device that another component makes: the runtime is down, and whoever makes the
    // device (cni_hang, which explains it when its agent's own failure is there) is why.
    { fact: 'runtime.network_device_missing', weight: 2.5 },
    { fact: 'runtime.cri_version', weight: 3.5 },
    // Alone it says little (socket activation, a supervisor); with the runtime stopped it explains a NotReady that
    // began at a reboot and never cleared.
    { fact: 'runtime.not_enabled', weight: 1.5 },
    // The kubelet's unit requires the runtime's (EKS, and installs that add Requires=): its dependency failing is
    // the runtime failing to start, seen from the kubelet's side.
    { fact: 'kubelet.dependency_failed', weight: 2 },
    { fact: 'kubelet.dead_with_runtime', weight: 2 },
    { fact: 'runtime.service_stopped', weight: 1.5 },
    // The kubelet stopped by systemd because the unit it is bound to went inactive: in most installs the runtime's.
    { fact: 'kubelet.stopped_with_dependency', weight: 1 },
    { fact: 'runtime.shim_start_failed', weight: 1.5 },
    // The same timeouts for three or more distinct containers (extract/derived.ts startTimeoutsSpread): no one
    // container's wedge, the runtime's path below it fails every start.
    { fact: 'runtime.start_timeouts_spread', weight: 2.5 },
    { fact: 'runtime.oom_killed', weight: 1.5 },
    // Killed by SIGKILL (137) and restarted by systemd: down for the gap, as a service that exited (2), less.
    { fact: 'runtime.killed', weight: 1.5 },
    { fact: 'runtime.name_reserved', weight: 1 },
    // Round 19: a sandbox of the name already in the runtime's store (state restored from before a reboot): that
    // pod's sandbox refused on every retry, every pod's after a reboot.
    { fact: 'runtime.sandbox_name_stale', weight: 2.5 },
    // Round 26 (r26-sandbox): names still reserved in the runtime beside a reboot (extract/derived.ts
    // namesHeldOverReboot): its store kept sandboxes from before the shutdown.
    { fact: 'runtime.names_held_over_reboot', weight: 3 },
    // Round 26: the low-level runtime unable to join a sandbox's namespaces, create after create.
    { fact: 'runc.join_ns_missing', weight: 3 },
    // Round 26: the same kept state in words (wiped as the remedy, pods failing after every hard reboot).
    { fact: 'runtime.state_kept', weight: 1.5 },
    // The runtime it would run sandboxes with unnamed in its configuration: every sandbox refused.
    { fact: 'runtime.handler_unset', weight: 3 },
    // Round 22: the handler a RuntimeClass names gone from the runtime's configuration (or dropped for a missing
    // binary): the runtime answers and runs no pod of that class.
    { fact: 'runtime.handler_missing', weight: 2 },
    // Round 22: Windows' Host Compute or Host Network Service not answering (hcsshim's timeouts, the SCM's events).
    { fact: 'runtime.host_compute_failed', weight: 2.5 },
    // Round 22: the daemon's request threads piled on one container's lock (a goroutine or thread dump): it hangs.
    { fact: 'runtime.daemon_lock_pileup', weight: 2.5 },
    // Its database unopenable: a full disk behind it, most often (resource_starvation's); the runtime fails calls.
    { fact: 'runtime.db_open_failed', weight: 1 },
    { fact: 'runtime.exit_event_failed', weight: 1 },
    { fact: 'runtime.restarted', weight: 0.5 },
    { fact: 'fs.readonly', weight: 1.5 },
    // A trigger, not a cause: corruption where the runtime keeps its state explains a start that fails, and says
    // nothing on its own about the runtime.
    { fact: 'fs.corrupt', weight: 1 },
    { fact: 'runtime.overlay_corrupt', weight: 1.5 },
    // A daemon whose stores do not load at start (dockerd's layer store, containerd's metadata database).
    { fact: 'runtime.state_corrupt', weight: 2.5 },
    // The low-level runtime or the shim the configuration names is not installed (an OS image update removed it,
    // a path typed wrong): the daemon may answer, but it creates nothing.
    { fact: 'runtime.binary_missing', weight: 3 },
    // Round 27 (r27-asks): the binary there but its execution refused (execve's EACCES, EPERM, ENOEXEC, ETXTBSY; a
    // security module's denial): every create fails as when it is missing.
    { fact: 'runtime.binary_refused', weight: 3 },
    // runc failing the cgroup step of every container's rootfs set-up: the daemon answers, and creates nothing.
    { fact: 'runc.rootfs_cgroup_failed', weight: 2.5 },
    // Every sandbox failing on the sandbox (pause) image itself, again and again: the runtime cannot create any pod
    // (the network plugin's included), whatever the network and the workloads' images. One failure is a lead only
    // (a registry's blip); the node's configuration of that image is what to fix.
    { fact: 'runtime.no_sandbox', weight: 2.5 },
    // Round 28 (r28-runtime): the runtime refusing to delete a task it holds running that its client stopped (a
    // supervisor restarting the kubelet, the kubelet replacing a container): the runtime's record lost.
    { fact: 'runtime.task_delete_refused', weight: 2.5 },
    { fact: 'runtime.sandbox_image_failed', weight: 1 },
    // Round 29 (r29-runtime): the sandbox image failing beside the network plugin not ready (extract/sandbox-image.ts):
    // no pod can start, the plugin's own included; the network not ready beside it is its consequence.
    { fact: 'runtime.sandbox_image_before_network', weight: 2 },
    // Round 21: the sandbox image failing after the runtime alone was upgraded, or on an air-gapped node: the
    // runtime's release names or resolves an image the node does not hold (extract/sandbox-image.ts).
    { fact: 'runtime.sandbox_image_unobtainable', weight: 2.5 },
    // containerd 2.x dropping the sandbox_image key (moved to pinned_images): a lead, the sandbox's own failure decides.
    { fact: 'runtime.sandbox_image_ignored', weight: 1 },
    // Round 20: the runtime's storage library or snapshotter failing to create, find or mount a layer as it makes a
    // sandbox or container (containers/storage, containerd's snapshotters): the daemon answers, and creates nothing.
    { fact: 'runtime.storage_layer_missing', weight: 2.5 },
  ],
  against: [
    { fact: 'runtime.answers', weight: 1.5 },
    { fact: 'runtime.list_abandoned', weight: 1 },
    { fact: 'runtime.selective_hang', weight: 1 },
    // One pod's teardown retried (garbage collection on one sandbox) is not the runtime failing the node.
    { fact: 'runtime.one_object_failing', weight: 1.5 },
    // Pods left Terminating by a node that is gone wait for its kubelet, not for the runtime.
    { fact: 'runtime.pods_stuck_node_lost', weight: 2 },
    // A crash that recovered within seconds is not what keeps the node NotReady now.
    { fact: 'runtime.recovered', weight: 1.5 },
    // The placeholder of a kubelet that has just started is its own ordering, not a runtime that does not answer.
    { fact: 'kubelet.startup_race', weight: 2 },
    // Round 23: the daemon's hung task waits in a file system's flush (a sync or unmount of its overlay): the disk
    // under it is what does not answer, the daemon blocked on it; this takes back part of the hung daemon's weight.
    { fact: 'kernel.fs_sync_stall', weight: 1.5 },
    // Round 27 (r27-storage): the containers' creation held by the runtime's relabel of their volume (a metadata
    // server holding its extended-attribute writes, the relabel failing or described): their calls time out, the
    // runtime answers for the rest; this takes back the per-container timeouts' weight here.
    { fact: 'storage.xattr_slow', weight: 2.5 },
    { fact: 'runtime.volume_relabel', weight: 1.5 },
    { fact: 'storage.volume_walk_slow', weight: 1 },
    ...competingDefects('runtime_down'),
  ],
  summary: ({ tools, facts }) =>
    facts.has('runtime.cri_version')
      ? `${tools.daemon} does not serve the CRI API version this kubelet speaks (v1 only from 1.26): every CRI call is refused as unimplemented, so the node cannot become Ready.`
      : facts.has('kubelet.exits_on_runtime') && facts.has('runtime.blocks_kubelet')
        ? `${tools.daemon} did not answer the kubelet's version check at start (down, or not yet up at boot), so the kubelet exited: no pod runs and no status is posted until the runtime answers and the kubelet is started again.`
        : facts.has('runtime.start_failed') ||
            facts.has('runtime.not_enabled') ||
            facts.has('runtime.network_device_missing')
          ? `${tools.daemon} is not running (it fails at start, or nothing starts it at boot), so no CRI call is answered and the node cannot become Ready.`
          : facts.has('runtime.sandbox_image_unobtainable')
            ? `${tools.daemon} answers but can make no sandbox: the sandbox (pause) image it asks for is one the node does not hold or reach (after the runtime's own upgrade, or on an air-gapped node), so no pod starts on the node.`
            : facts.has('runtime.no_sandbox') || facts.has('runtime.sandbox_image_before_network')
              ? `${tools.daemon} answers but can make no sandbox: it cannot get or pull the sandbox (pause) image it is configured with, so no pod starts on the node, the network plugin's own included.`
              : `${tools.daemon} is not completing CRI calls, so the kubelet's relist cannot finish and the node is frozen.`,
  chain: ({ tools, facts }) => [
    `Every relist asks the runtime for all sandboxes and containers (ListPodSandbox, ListContainers); while ${tools.daemon} does not answer, no relist completes.`,
    whyNotAnswering(tools, facts),
    facts.has('runtime.blocks_kubelet')
      ? 'The kubelet fails to start with it: its unit waits on the runtime, and a kubelet exits at start when its CRI endpoint does not answer. Bring the runtime back first; the kubelet follows.'
      : facts.has('runtime.known_defect')
        ? 'The runtime build on this node has a known defect that hangs container operations.'
        : 'Root cause: the runtime daemon itself; its own log says why it stopped answering.',
  ],
  commands: ({ tools, node, facts }) => [
    read('cluster', `kubectl describe node ${node}`, 'Ready message, runtime version, recent events'),
    ...(facts.has('runtime.no_sandbox') ||
    facts.has('runtime.sandbox_image_unobtainable') ||
    facts.has('runtime.sandbox_image_before_network')
      ? [
          read(
            'node',
            tools.kind === 'crio'
              ? 'crio status config 2>/dev/null | grep -E "pause_image|pause_image_auth_file"; crio --version'
              : "containerd config dump 2>/dev/null | grep -E 'sandbox_image|sandbox =|snapshotter'; containerd --version",
            'the sandbox (pause) image the runtime is configured with, the snapshotter that unpacks it, and the runtime release the machine image ships',
          ),
          ...(facts.has('runtime.sandbox_image_unobtainable')
            ? [
                read(
                  'node',
                  'crictl images | grep -i pause',
                  'the pause images the node holds: compare their names and tags with the one the runtime asks for',
                ),
              ]
            : []),
        ]
      : []),
    read(
      'node',
      `systemctl status ${tools.service} --no-pager`,
      'is the daemon running, restarting, or failed',
    ),
    // Round 22: a runtime that came new with the node image, or a start-up log with nothing after it: what it says
    // since its start, and whether it answers now.
    // Round 27: after an upgrade, the node's component containers (the kubelet's among them) and their restart policy.
    ...(facts.has('runtime.upgrade_left_nodes_down')
      ? [
          read(
            'node',
            "docker ps -a --filter name=kubelet --filter name=kube-proxy --filter name=nginx-proxy --format '{{.Names}} {{.Status}}'; docker inspect -f '{{.Name}} {{.State.Status}} {{.HostConfig.RestartPolicy.Name}}' kubelet kube-proxy",
            "the node's component containers after the upgrade: whether the kubelet's container exited and was not started again, and its restart policy",
          ),
        ]
      : []),
    ...(facts.has('runtime.upgraded')
      ? [
          read(
            'node',
            `journalctl -u ${tools.service} -b --no-pager | tail -n 300; ${tools.ps} >/dev/null && echo answers`,
            "the runtime's log since this boot, after its start-up lines, and whether it answers now (a release new with the node image)",
          ),
        ]
      : []),
    read(
      'node',
      `journalctl -u ${tools.service} --since -1h --no-pager | tail -n 200`,
      "the runtime's own errors",
    ),
    read('node', tools.ps, 'does the runtime answer at all (a timeout here confirms the hang)'),
    // Round 27 (r27-asks): the low-level runtime's binary refused or missing: where it came from.
    ...(facts.has('runtime.binary_refused') || facts.has('runtime.binary_missing')
      ? [
          read(
            'node',
            `for b in $(command -v runc crun ${tools.kind === 'crio' ? 'conmon' : 'containerd-shim-runc-v2'} 2>/dev/null); do stat -c '%n %a %U %y %s' $b; ls -Z $b 2>/dev/null; rpm -qf $b 2>/dev/null || dpkg -S $b 2>/dev/null; done; findmnt -T $(command -v runc || echo /usr/bin/runc) -o TARGET,OPTIONS`,
            "the low-level runtime's binary: its mode, owner, modification time and size, its security label, the package that owns it and its mount's options (noexec): a time that matches the failures' start names what replaced it",
          ),
          read(
            'node',
            "journalctl -k --since -1d --no-pager | grep -E 'avc: +denied|apparmor=\"DENIED\"' | grep -E 'runc|crun|conmon|shim|container_runtime_exec_t' | tail -n 20; ausearch -m AVC -ts today 2>/dev/null | tail -n 20",
            "a security module's denials of the runtime's execution",
          ),
        ]
      : []),
    read(
      'node',
      `journalctl -u kubelet --since -30min --no-pager | grep -E 'PLEG|runtime' | tail -n 50`,
      'which CRI calls fail',
    ),
    read('node', tools.dumpStacks, 'keep the goroutine dump before a restart erases why the daemon hung'),
    ...cordonAndDrain(node),
    ...outOfService(node),
    change('node', `systemctl restart ${tools.service}`, `restart the runtime: ${tools.restartEffect}`),
    change('node', 'systemctl restart kubelet', 'let the kubelet reconnect and relist from scratch'),
    uncordon(node),
  ],
  probes: [
    {
      what: 'container runtime logs',
      fills: RUNTIME_LOGS,
      how: ({ tools }) => `journalctl -u ${tools.service} --since -1h`,
    },
    { what: 'whether the runtime answers', fills: ['commandOutputs', 'host'], how: ({ tools }) => tools.ps },
  ],
};
