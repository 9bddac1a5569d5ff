import type { Signature } from './types.ts';

/** Where containerd's own lines come from: its journal, or the shim's when the shim logs through it. */
const CONTAINERD: Signature['from'] = ['containerd', 'shim'];

/** The CRI calls containerd's instrumented service logs as `<Call> for "<id>" failed`. */
const CRI_CALL =
  '(?:RunPodSandbox|StopPodSandbox|RemovePodSandbox|PodSandboxStatus|CreateContainer|StartContainer|StopContainer|RemoveContainer|ContainerStatus|ExecSync|ListContainers|ListPodSandbox)';

/** Messages containerd (its CRI plugin, shim manager and snapshotters) writes. */
export const CONTAINERD_RULES: readonly Signature[] = [
  {
    // Round 20: containerd's overlay snapshotter preparing an active snapshot stats its parent's directory under its
    // root (plugins/snapshots/overlay/overlay.go createSnapshot, "failed to stat parent: %w"): its metadata records a
    // parent that is not on disk, so every snapshot on that parent (the sandbox image's, for every sandbox) fails.
    // The snapshotter that refuses its root for want of d_type cannot make any snapshot.
    fact: 'runtime.storage_layer_missing',
    literals: ['failed to stat parent', 'does not support d_type'],
    pattern:
      'failed to stat parent: [^\\n]{0,300}no such file or directory|does not support d_type\\. If the backing filesystem is xfs',
    from: ['containerd', 'kubelet', 'app', 'unknown'],
    source:
      'containerd snapshots/overlay/overlay.go (*snapshotter).createSnapshot ("failed to stat parent: %w", 1.x; plugins/snapshots/overlay 2.x) and NewSnapshotter ("%s does not support d_type. If the backing filesystem is xfs, please reformat with ftype=1 to enable d_type support")',
    mechanism:
      "containerd's overlay snapshotter cannot prepare a snapshot: the parent its metadata records is missing under its root, or its root's filesystem lacks d_type, so no sandbox or container can be made on its layers",
  },
  {
    // The metadata plugin opens containerd's bolt database (io.containerd.metadata.v1.bolt/meta.db); every
    // service that holds containers, images or leases, the CRI plugin with them, loads on it. A file another
    // containerd holds locked waits forever (the open timeout is 0 unless configured), which 1.6+ says every 10 s.
    fact: 'runtime.start_failed',
    pattern:
      'failed to load plugin[^\\n]{0,600}io\\.containerd\\.metadata\\.v1\\.bolt|waiting for response from boltdb open',
    literals: ['failed to load plugin', 'waiting for response from boltdb open'],
    from: CONTAINERD,
    source:
      'containerd services/server/server.go New ("failed to load plugin %s" with the plugin\'s error; cmd/containerd/server in 2.x, "failed to load plugin" with id=) and the metadata plugin\'s bolt.Open with timeout.bolt.open ("waiting for response from boltdb open", 1.6 and later)',
    mechanism:
      'containerd could not open its metadata database (corrupt after a crash, or locked by another containerd): the services that hold containers and the CRI plugin do not load, so the kubelet has no runtime',
  },
  {
    // containerd 0.2 (the containerd docker 1.11-17.06 runs under libcontainerd, state in
    // /var/run/docker/libcontainerd/containerd; /run/containerd run alone) restores every container from its state
    // directory at start: state.json, then each process's directory (init, and one per exec) with process.json, the
    // pid file and the exit and control FIFOs. Up to 0.2.8 any error there ends restore and containerd exits
    // (logrus.Fatal, through dockerd's output when docker runs it), so libcontainerd restarts it into the same error:
    // a file half-written or missing when the daemon or the node died. 0.2.9 logs the failure, removes the
    // directory and carries on (the warning is unless'd: it recovered).
    fact: 'runtime.state_corrupt',
    pattern:
      '(?:libcontainerd/containerd|/run/containerd)/[0-9a-f]{64}/(?:state\\.json|[^ /"]+/(?:process\\.json|pid|exit|control)): ',
    literals: ['libcontainerd/containerd/', '/run/containerd/'],
    unless: 'removing state directory',
    from: ['containerd', 'dockerd'],
    source:
      'containerd v0.2.0-v0.2.8 supervisor/supervisor.go (*Supervisor).restore returning the error of runtime/container.go Load (state.json), readProcessState (process.json) and runtime/process.go loadProcess (pid, exit, control), ended by containerd/main.go logrus.Fatal; moby libcontainerd/remote_unix.go runs it with its output and restarts it (docker 1.11-17.06)',
    mechanism:
      "containerd cannot read a container's state files at start (left missing or half-written by a crash): it exits in restore every time it is started, so dockerd has no containerd and nothing answers the kubelet",
  },
  {
    // The CRI plugin rebuilds its sandbox and container stores from containerd's metadata before it serves; a
    // list that fails or a name two stored objects claim ends recover, and the plugin's Run is fatal for containerd.
    fact: 'runtime.state_corrupt',
    pattern: 'failed to recover state: ',
    literals: ['failed to recover state: '],
    from: CONTAINERD,
    source:
      'containerd CRI (*criService).recover wrapped by (*criService).Run ("failed to recover state: %v"; vendor/github.com/containerd/cri pkg/server/service.go in 1.1-1.4, pkg/cri/server and sbserver in 1.5-1.7, internal/cri/server/service.go in 2.x), made fatal by cri.go ("Failed to run CRI service")',
    mechanism:
      "containerd's CRI plugin cannot rebuild its sandboxes and containers from the stored metadata (a listing that fails, a name two stored objects claim): containerd exits at start, and the kubelet has no runtime",
  },
  {
    // The metadata plugin opens meta.db and runs the schema migrations a newer release brings (metadata/migrations.go:
    // addChildLinks, migrateIngests, a no-op to v1.3, migrateSandboxes to v1.4 in 2.0) before anything else uses it.
    // A migration that fails returns from Init and the metadata plugin does not load: the plugins that need it (the
    // CRI among them) fail with it; one that panics (a bucket not as the migration expects) kills containerd, its
    // goroutine trace naming the migration's function. Either way the runtime does not come up after the upgrade.
    fact: 'runtime.state_corrupt',
    pattern:
      'failed to migrate to [a-z0-9]+\\.[0-9]+|/metadata\\.(?:migrateSandboxes|migrateIngests|addChildLinks)(?:\\.func[0-9]+)*\\(',
    literals: [
      'failed to migrate to',
      'metadata.migrateSandboxes',
      'metadata.migrateIngests',
      'metadata.addChildLinks',
    ],
    from: [...CONTAINERD, 'unknown'],
    source:
      'containerd metadata/db.go (*DB).Init ("failed to migrate to %s.%d", errors.Wrapf to 1.4, fmt.Errorf with %w from 1.5; core/metadata/db.go in 2.x) running metadata/migrations.go (addChildLinks to v1.1, migrateIngests to v1.2, noOpMigration to v1.3, migrateSandboxes to v1.4 from 2.0, 4cfeb7b1), called by plugins/metadata/plugin.go InitFn (services/server in 1.x); a panic inside one shows the function in the Go traceback',
    mechanism:
      "containerd cannot migrate its metadata database (meta.db) to this release's schema after an upgrade: the metadata plugin fails or containerd panics at start, so no CRI is served until the database is repaired or the runtime's state is moved aside",
  },
  {
    // Per object, recover logs and goes on: the object is left out of the CRI's stores, containerd serves.
    fact: 'runtime.restore_dropped',
    pattern:
      'Failed to load (?:sandbox|container) \\\\?"[0-9a-f]{12}|failed to recover sandbox state|containerd: failed to load container,removing state directory',
    literals: [
      'Failed to load sandbox',
      'Failed to load container',
      'failed to recover sandbox state',
      'containerd: failed to load container,removing state directory',
    ],
    from: CONTAINERD,
    source:
      'containerd CRI (*criService).recover ("Failed to load sandbox %q", "Failed to load container %q" from loadSandbox/loadContainer: metadata extension missing or unreadable; 1.1 and later), internal/cri/server/restart.go ("failed to recover sandbox state" from the sandbox controller, 1.7 sbserver and 2.x); containerd v0.2.9 supervisor.go restore ("containerd: failed to load container,removing state directory.")',
    mechanism:
      'containerd, restarting, could not load one sandbox or container from its stored state and carried on without it',
  },
  {
    fact: 'runtime.op_timeout',
    pattern: `${CRI_CALL} (?:for|within sandbox|with filter)[^\\n]{0,300} failed[^\\n]{0,400}(?:context deadline exceeded|DeadlineExceeded)`,
    literals: ['context deadline exceeded', 'DeadlineExceeded'],
    from: CONTAINERD,
    source:
      'containerd internal/cri/instrument/instrumented_service.go (instrumentedService).<Call> (pkg/cri/server/instrumented_service.go before 2.0): `<Call> for %q failed`',
    mechanism:
      'a CRI call ran past the deadline its caller set: containerd is blocked inside the call (shim, runc, CNI or a lock)',
  },
  {
    fact: 'runtime.exit_event_failed',
    pattern:
      '[Ff]ailed to handle (?:backOff )?event [^\\n]{0,800} for [0-9a-f]{12}|failed to handle (?:container |sandbox )?(?:TaskExit|sandbox exit) event',
    literals: [
      'failed to handle backOff event',
      'failed to handle container sandbox exit event',
      'failed to handle container TaskExit event',
      'failed to handle event',
      'failed to handle sandbox exit event',
      'failed to handle sandbox sandbox exit event',
      'failed to handle sandbox TaskExit event',
      'failed to handle TaskExit event',
    ],
    from: CONTAINERD,
    source:
      'containerd internal/cri/server/events/events.go (*EventMonitor).Start ("Failed to handle event %+v for %s", "Failed to handle backOff event %+v for %s"); internal/cri/server/events.go handleEvent ("failed to handle container TaskExit event")',
    mechanism:
      "containerd could not finish handling a container's exit (deleting the task through its shim timed out or failed) and keeps retrying with backoff, so the container stays half-dead",
  },
  {
    fact: 'runtime.shim_disconnected',
    pattern: 'msg="(?:cleaning up after shim disconnected|shim disconnected)"',
    literals: ['msg="cleaning up after shim disconnected"', 'msg="shim disconnected"'],
    from: CONTAINERD,
    source:
      'containerd core/runtime/v2/shim_manager.go and shim_load.go (onClose callback: "shim disconnected"), core/runtime/v2/shim.go cleanupAfterDeadShim ("cleaning up after shim disconnected"); runtime/v2/manager.go in 1.4–1.7',
    mechanism:
      "the ttrpc connection from containerd to a container's shim closed: the shim exited or was killed, and containerd cleans up the task it served",
  },
  {
    fact: 'runtime.shim_disconnected',
    pattern: 'ttrpc: closed',
    literals: ['ttrpc: closed'],
    from: ['containerd', 'shim', 'dockerd', 'kubelet'],
    source:
      'containerd/ttrpc errors.go ErrClosed, returned by (*Client).Call when the shim connection is gone',
    mechanism:
      'a call to a container shim failed because its ttrpc connection was already closed (the shim died mid-call)',
  },
  {
    fact: 'runtime.shim_cleanup_failed',
    pattern: 'msg="(?:failed to clean up after shim disconnected|failed to delete shim)',
    literals: ['msg="failed to clean up after shim disconnected', 'msg="failed to delete shim'],
    from: CONTAINERD,
    source:
      'containerd core/runtime/v2/shim.go cleanupAfterDeadShim ("failed to clean up after shim disconnected") and (*shim).Delete ("failed to delete shim")',
    mechanism:
      "containerd could not remove a shim's bundle or task after it died: a mount or process of the container is still pinned",
  },
  {
    fact: 'runtime.shim_start_failed',
    pattern:
      'failed to (?:start shim|create shim task|create shim)[^\\n]{0,300}(?:context deadline exceeded|DeadlineExceeded|ttrpc: closed|timed out|timeout|: EOF)',
    literals: ['failed to create shim', 'failed to start shim'],
    from: ['containerd', 'shim', 'kubelet', 'dockerd'],
    source:
      'containerd core/runtime/v2/task_manager.go (*TaskManager).Create ("failed to start shim: %w", "failed to create shim task: %w", 2.0 on; the same in runtime/v2/manager.go 1.6–1.7); runtime/v2/manager.go (*TaskManager).Create errors.Wrap "failed to create shim" in 1.5 only (1.3–1.4 have neither)',
    mechanism:
      'containerd timed out launching a container shim or creating the task through it (runc create, or the cgroup/scope setup under it, hung)',
  },
  {
    // The shim binary's `start` command failed: containerd runs it with CombinedOutput and returns "<output>: <exit
    // error>", which startShim wraps "start failed: %w" and TaskManager.Create "failed to start shim: %w" (1.6 on);
    // in 1.5 the CRI plugin's own "failed to create containerd task: %w" wraps it directly. The shim never came up,
    // so no container or sandbox can be created through it, whatever the output says.
    fact: 'runtime.shim_start_failed',
    pattern: '(?:failed to start shim|failed to create containerd task): start failed: ',
    literals: ['failed to start shim: start failed:', 'failed to create containerd task: start failed:'],
    from: ['containerd', 'shim', 'kubelet', 'dockerd'],
    source:
      'containerd core/runtime/v2/shim_manager.go (*ShimManager).startShim ("start failed: %w"; runtime/v2/manager.go in 1.5–1.7) under task_manager.go (*TaskManager).Create ("failed to start shim: %w", 1.6 on) or, in 1.5, the CRI plugin\'s errors.Wrap "failed to create containerd task" (pkg/cri/server/container_start.go and sandbox_run.go)',
    mechanism:
      "containerd could not launch the container's shim (its start command exited with an error): the sandbox or container cannot be created",
  },
  {
    // Round 19: the metadata store validates every container it is asked to create; one whose runtime has no name is
    // refused (InvalidArgument). The CRI plugin fills the name from the runtime its configuration gives the sandbox's
    // handler: the default runtime's `runtime_type` left empty (a configuration a distribution shipped) yields an
    // empty name, so every sandbox is refused. The CRI's own look-up of a handler with no entry refuses the sandbox
    // earlier; with the handler empty ("") that is the default runtime, every pod's.
    fact: 'runtime.handler_unset',
    pattern: 'container\\.Runtime\\.Name must be set|no runtime for \\\\{0,3}"\\\\{0,3}" is configured',
    literals: ['container.Runtime.Name must be set', 'no runtime for'],
    from: ['containerd', 'kubelet', 'unknown'],
    source:
      'containerd metadata/containers.go validateContainer ("container.Runtime.Name must be set", errors.Wrapf with ErrInvalidArgument in 1.0-1.4, fmt.Errorf %w from 1.5; core/metadata/containers.go in 2.x), called by (*containerStore).Create under the CRI\'s RunPodSandbox ("failed to create containerd container: %w"); CRI (*criService).getSandboxRuntime ("no runtime for %q is configured", vendor/github.com/containerd/cri pkg/server/sandbox_run.go in 1.3-1.4, pkg/cri/server and sbserver in 1.5-1.7, internal/cri/config/config.go in 2.x)',
    mechanism:
      "containerd's configuration leaves the runtime it would run sandboxes with unnamed (the default runtime's type empty, or its name with no entry): every sandbox is refused before anything runs, so no pod starts, the network plugin's agent included, and the network stays not ready after it",
  },
  {
    // Round 19: k3s and rke2 run containerd as a child process and relay how it ended: up to k3s 1.23 main-line
    // releases `fmt.Fprintf(os.Stderr, "containerd: %s\\n", err)` then os.Exit(1); later releases
    // logrus.Errorf("containerd exited: %s") and exit, or restart it. err is os/exec's ExitError ("exit status N",
    // "signal: killed"): status 2 is a Go program's exit on a panic or fatal runtime error. The agent then exits
    // with status 1 and systemd reports its unit failed: the runtime's death, not the kubelet's.
    fact: 'runtime.start_failed',
    pattern: 'containerd(?: exited)?: (?:exit status [1-9][0-9]*|signal: [a-z]+)',
    literals: ['containerd: exit status', 'containerd: signal:', 'containerd exited: '],
    source:
      'k3s-io/k3s pkg/agent/containerd/containerd.go Run (`fmt.Fprintf(os.Stderr, "containerd: %s\\n", err); os.Exit(1)` when cmd.Run returns, to about v1.23; logrus.Errorf("containerd exited: %s", err) then os.Exit(1) later, restarted in a loop in the newest); rke2 runs the same agent; the error is Go os/exec ExitError ("exit status %d", "signal: %v")',
    mechanism:
      "the containerd that k3s or rke2 runs as a child exited (status 2: a Go panic or fatal error, as on a corrupt metadata database), and the agent exits with it: the runtime is down first and the unit's failure is its consequence",
  },
  {
    fact: 'runtime.name_reserved',
    pattern: 'failed to reserve (?:container|sandbox) name',
    literals: ['failed to reserve container name', 'failed to reserve sandbox name'],
    from: ['containerd', 'kubelet'],
    source:
      'containerd internal/cri/server/container_create.go CreateContainer and sandbox_run.go RunPodSandbox ("failed to reserve container name %q"), with internal/registrar/registrar.go ("name %q is reserved for %q")',
    mechanism:
      'the kubelet retried a create after its deadline while containerd is still working on the first request with the same name: the first create is hung',
  },
  {
    // Round 26 (r26-sandbox): the registrar's own refusal, which the CRI wraps ("failed to reserve sandbox name %q:
    // name %q is reserved for %q") and which the kubelet's event may carry alone. Its names are restored from the
    // runtime's store at start (internal/cri/server/restart.go recover reserves every sandbox and container it
    // loads), so a sandbox kept from before a reboot holds its name against every new one.
    fact: 'runtime.name_reserved',
    pattern: '(?:[Nn]ame|key) (?:\\\\{0,3}"[^"\\\\\\n]{1,300}\\\\{0,3}" )?is reserved for ',
    literals: ['is reserved for '],
    unless: 'reserved for (?:future|internal|system|use)',
    from: ['containerd', 'kubelet', 'unknown'],
    source:
      'containerd pkg/registrar/registrar.go (*Registrar).Reserve ("name %q is reserved for %q", "key %q is reserved for %q"; vendored github.com/containerd/cri pkg/registrar in 1.1-1.4, pkg/registrar 1.5-1.7, internal/registrar 2.x), wrapped by the CRI RunPodSandbox / CreateContainer ("failed to reserve sandbox name %q: %w") and filled at start by the CRI recover (pkg/cri/server/restart.go, internal/cri/server/restart.go: "failed to reserve sandbox name %q")',
    mechanism:
      "the runtime's CRI refuses a sandbox or container name it already holds reserved for another id: a create of the same name still in flight, or one kept in its store (restored at start) from before a restart or reboot",
  },
  {
    // Round 26 (r26-sandbox): the network namespace made for a sandbox before the network plugin runs. pkg/netns
    // NewNetNS unshares CLONE_NEWNET in a locked thread and bind-mounts it; the kernel's refusal comes back as
    // unshare(2)'s errno: ENOSPC a namespace count limit (/proc/sys/user/max_net_namespaces), ENOMEM the kernel memory
    // the namespace needs. Leaked namespaces (the plugin's teardown never removing them) pile up to either.
    fact: 'ns.create_refused',
    pattern:
      '(?:failed to create network namespace|failed to setup netns|failed to create namespace)[^\\n]{0,400}?[:：] ?(?:[Cc]annot allocate memory|[Nn]o space left on device)',
    literals: ['failed to create network namespace', 'failed to setup netns', 'failed to create namespace'],
    from: ['containerd', 'kubelet', 'unknown'],
    source:
      'containerd pkg/netns/netns_linux.go newNS ("failed to create namespace: %w" from unix.Unshare(unix.CLONE_NEWNET), 1.3-2.x; internal/cri/netns 1.5-1.6), the CRI RunPodSandbox ("failed to create network namespace for sandbox %q: %w", pkg/cri/server/sandbox_run.go 1.5-1.7, internal/cri/server/sandbox_run.go 2.x; "failed to setup netns" from the sbserver/podsandbox controller 1.7); unshare(2) ERRORS: ENOSPC a namespace count limit, ENOMEM memory for the namespace',
    mechanism:
      "the kernel refused the sandbox's new network namespace (ENOSPC: a namespace count limit; ENOMEM: what a namespace needs): namespaces pile up, most often those the network plugin's teardown left behind, and no new pod gets a sandbox",
  },
  {
    fact: 'runtime.device_busy',
    pattern: '(?:unmount|unlinkat|remove|rmdir|cleanup rootfs|delete)[^\\n]{0,200}device or resource busy',
    literals: ['device or resource busy'],
    from: CONTAINERD,
    source:
      'containerd core/mount/mount_linux.go UnmountAll/unmount and the snapshotters (plugins/snapshots/overlay Remove): EBUSY ("device or resource busy") from umount2/rmdir',
    mechanism:
      "a container's rootfs mount cannot be removed because a process (often one in another mount namespace) still holds it",
  },
  {
    fact: 'runtime.restarted',
    pattern: 'containerd successfully booted in',
    // docker-managed containerd logs through dockerd's journal.
    literals: ['containerd successfully booted in'],
    from: ['containerd', 'dockerd'],
    strict: true,
    source: 'containerd cmd/containerd/command/main.go App action ("containerd successfully booted in %fs")',
    mechanism:
      'containerd (re)started; on a running node this follows a crash, an OOM kill or a manual restart',
  },
  {
    // Listing tasks asks every task's shim for its state; a shim that does not answer in time fails that task's
    // entry (id=) while the others list. The same id again and again is one shim that stopped answering.
    fact: 'runtime.shim_hang',
    literals: ['converting task to protobuf'],
    pattern:
      'converting task to protobuf[^\\n]{0,400}(?:context canceled|context deadline exceeded|DeadlineExceeded|ttrpc: closed)',
    from: ['containerd'],
    strict: true,
    source:
      'containerd services/tasks/local.go addTasks ("converting task to protobuf"), from getProcessState calling the shim\'s State over ttrpc',
    mechanism:
      "one task's shim does not answer its State call: every call about that container waits, and the task list with it",
  },
  {
    // A container created but never started: StartContainer's task Start goes through the container's shim to
    // `runc start`, and a deadline there (the kubelet's CRI timeout, or the shim's ttrpc call) is that one shim
    // or its runc not answering; containerd's other calls are not in this path.
    fact: 'runtime.shim_hang',
    literals: ['failed to start containerd task'],
    pattern:
      'failed to start containerd task [^\\n]{0,200}(?:context deadline exceeded|DeadlineExceeded|context canceled)',
    source:
      'containerd CRI plugin container_start.go (*criService).StartContainer ("failed to start containerd task %q: %w" around task.Start; vendor/github.com/containerd/cri/pkg/server in 1.4, pkg/cri/server 1.5-1.7, pkg/cri/sbserver 1.7, internal/cri/server 2.0-2.1), the task service calling the shim\'s Start over ttrpc',
    mechanism:
      "a created container's start did not return in time: its shim (or the `runc start` under it) is not answering, so the container stays Created and every call about it waits",
  },
  {
    // Round 18: ExecSync (and the streaming Exec) creates the exec process through the container's shim, then starts
    // it there (task.Exec, process.Start: ttrpc calls to the shim). A deadline or a closed connection in either is the
    // shim not answering for that container, while the daemon answers the rest. The exec's own timeout (the probe's
    // command running longer than its timeoutSeconds: "timeout %v exceeded") is the command's, not the shim's.
    fact: 'runtime.shim_hang',
    literals: [
      'failed to exec in container: failed to create exec',
      'failed to exec in container: failed to start exec',
    ],
    pattern:
      'failed to exec in container: failed to (?:create|start) exec [^\\n]{0,200}(?:context deadline exceeded|DeadlineExceeded|ttrpc: closed)',
    from: ['containerd', 'kubelet', 'app', 'unknown'],
    source:
      'containerd CRI plugin container_execsync.go (*criService).ExecSync ("failed to exec in container: %w") over execInternal ("failed to create exec %q: %w" around task.Exec, "failed to start exec %q: %w" around process.Start; errors.Wrapf in vendor/github.com/containerd/cri pkg/server 1.2-1.4 and pkg/cri/server 1.5-1.6, fmt.Errorf in pkg/cri/server and sbserver 1.7, internal/cri/server 2.x), relayed by the kubelet as a probe\'s error ("probe errored: %v")',
    mechanism:
      'creating or starting an exec in one container did not return from its shim before the deadline: the shim serving that container is not answering, so every exec, probe and stop on it waits while the runtime answers the rest',
  },
  {
    // After a container's exit event containerd deletes its task through the shim; a delete that runs out of time
    // leaves the shim behind (logged at debug level in some releases, hence no level in the pattern).
    fact: 'runtime.shim_cleanup_failed',
    literals: ['failed to delete task'],
    pattern: 'failed to delete task[^\\n]{0,200}(?:context deadline exceeded|DeadlineExceeded)',
    from: ['containerd', 'unknown'],
    source:
      'containerd internal/cri/server/events.go handleContainerExit / core/runtime/v2 TaskManager.Delete ("failed to delete task: %w") with the shim call\'s deadline',
    mechanism:
      'the shim did not answer the task delete after the container exited: it stays behind, and shims accumulate under churn',
  },
  {
    // The CRI plugin's StopContainer signals the stop signal, waits out the grace period, then sends SIGKILL and
    // waits again for the task's exit event to mark the container stopped. This is the second wait failing: the
    // kill went out and no exit came back (the process survives SIGKILL in D state, or the shim never delivers the
    // exit). The error wraps waitContainerStop's own ("wait container %q: context deadline exceeded" from 1.3,
    // "wait container %q stop timeout" after a fixed minute in 1.1-1.2; 1.1 says "... to stop"). The wait for the stop signal alone timing
    // out is routine and has its own rule (runtime.force_kill).
    fact: 'runtime.kill_failed',
    literals: ['an error occurs during waiting for container'],
    pattern: '[Aa]n error occurs during waiting for container [^\\n]{0,160}(?:to be killed|to stop)',
    from: ['containerd', 'kubelet', 'unknown'],
    source:
      'containerd CRI plugin container_stop.go (*criService).stopContainer after task.Kill(SIGKILL) and waitContainerStop (the returned "an error occurs during waiting for container %q to stop" in 1.1; logrus "An error occurs during waiting for container %q to be killed", then the returned "... init process to be killed" after a second kill, in 1.2; both in vendor/github.com/containerd/cri pkg/server; the returned error "an error occurs during waiting for container %q to be killed: %w" in 1.3-1.4 (vendor/github.com/containerd/cri), pkg/cri/server 1.5-1.7, pkg/cri/sbserver 1.7, internal/cri/server 2.0 and later), relayed to the kubelet as the StopContainer or StopPodSandbox error',
    mechanism:
      "containerd sent SIGKILL and the container's exit never arrived: the process is unkillable or its shim does not report the exit, so the container stays listed as running with nothing that will end it",
  },
  {
    // In 1.2 the CRI plugin logged the wait for the stop signal running out before it sent SIGKILL: the
    // graceful escalation every container that ignores SIGTERM goes through.
    fact: 'runtime.force_kill',
    literals: ['An error occurs during waiting for container'],
    pattern: 'An error occurs during waiting for container [^\\n]{0,160}to be stopped',
    from: ['containerd', 'unknown'],
    source:
      'containerd CRI plugin vendor/github.com/containerd/cri pkg/server/container_stop.go (*criService).stopContainer (logrus "An error occurs during waiting for container %q to be stopped" before the SIGKILL, containerd 1.2)',
    mechanism:
      'a container ignored its stop signal for the whole grace period and containerd escalates to SIGKILL',
  },
  {
    fact: 'runtime.panic',
    pattern: '(?:panic|fatal error): ',
    literals: ['fatal error:', 'panic:'],
    from: ['containerd', 'dockerd', 'crio', 'shim'],
    strict: true,
    // The Go runtime writes a crash raw to stderr; a log entry that mentions a panic (recovered, or quoted in a
    // message) is not one.
    unless: 'level=|msg=|[Rr]ecover',
    source:
      'Go runtime runtime/panic.go printpanics ("panic: ") and throw ("fatal error: "), printed on stderr of containerd, dockerd, cri-o or a shim',
    mechanism: 'the runtime daemon crashed with an unrecovered Go panic or a fatal runtime error',
  },
  // Round 16: containerd's own start-up refusals. The configuration is read before any plugin loads
  // (cmd/containerd/command main → LoadConfig); an error there ends the process ("containerd: <err>" on stderr), and
  // systemd restarts it into the same file. The CRI plugin's own configuration is validated when the plugin loads:
  // a rejected one leaves containerd serving without CRI, which the kubelet sees as no runtime.
  {
    fact: 'runtime.start_failed',
    pattern:
      'failed to unmarshal TOML|Failure unmarshaling TOML|expected containerd config version equal to or less than|invalid (?:disabled|required) plugin URI|invalid plugin key URI',
    literals: [
      'failed to unmarshal TOML',
      'Failure unmarshaling TOML',
      'expected containerd config version equal to or less than',
      'plugin URI',
      'invalid plugin key URI',
    ],
    from: ['containerd', 'unknown'],
    source:
      'containerd services/server/config/config.go (1.5-1.7) and cmd/containerd/server/config/config.go (2.x): loadConfigFile ("failed to unmarshal TOML: %w" 1.5 and later; 2.x logs "Failure unmarshaling TOML" with the row and column and returns "failed to unmarshal TOML at row %d column %d: %w"), ValidateV2/ValidateVersion ("invalid disabled plugin URI %q expect io.containerd.x.vx" from 1.3, "invalid required plugin URI", "invalid plugin key URI" in 1.5-1.7; "expected containerd config version equal to or less than `%d`, got `%d`" from 2.0, a file written for a newer release), returned by LoadConfig to cmd/containerd/command/main.go, which exits',
    mechanism:
      'containerd cannot read its own config.toml (a syntax error after an edit, a key or version this release does not know): it exits at start, systemd restarts it into the same file, and the kubelet has no runtime',
  },
  {
    // Round 18: the process's own last words. main() prints whatever ended App.Run — a configuration it cannot
    // decode (a value of the wrong type as well as a syntax error), a plugin or the server failing to start, a
    // socket it cannot listen on — as one bare stderr line, "containerd: <err>", and exits 1. Every other line
    // containerd writes goes through logrus (time=… level=… msg=…), which the veto excludes, as it does any text
    // before "containerd: " (the exit line starts the message; "get image from containerd: …" is dockerd's own error
    // about a call it made, io.containerd and github.com/containerd/containerd are other names).
    fact: 'runtime.start_failed',
    pattern: 'containerd: [^ \\n]',
    unless: '.containerd: |level=[a-z]+ |msg=',
    literals: ['containerd: '],
    from: ['containerd', 'dockerd'],
    strict: true,
    source:
      'containerd cmd/containerd/main.go main (v1.0.0-v2.x: `fmt.Fprintf(os.Stderr, "containerd: %s\\n", err); os.Exit(1)` when command.App().Run returns an error); dockerd relays the stderr of the containerd it supervises (1.11 on) into its own log',
    mechanism:
      'containerd returned an error from its start (configuration, plugin, socket) and exited with status 1: systemd restarts it into the same error, and until it starts nothing answers CRI calls',
  },
  {
    fact: 'runtime.start_failed',
    pattern:
      'failed to load plugin[^\\n]{0,600}io\\.containerd\\.(?:grpc\\.v1\\.cri|cri\\.v1\\.[a-z]+)|invalid plugin config: ',
    literals: ['failed to load plugin', 'invalid plugin config:'],
    from: ['containerd', 'unknown'],
    // The CRI plugin failing on a kernel limit (inotify instances, descriptors) is that limit's: the fd rules read it.
    unless: 'too many open files|inotify|fsnotify|no space left on device',
    source:
      'containerd services/server/server.go New ("failed to load plugin %s" at warning level, 1.x; 2.x cmd/containerd/server/server.go "failed to load plugin" with id= and type=), for the CRI plugin (io.containerd.grpc.v1.cri in 1.x; io.containerd.cri.v1.runtime and io.containerd.cri.v1.images in 2.x) whose init validates its configuration: pkg/cri/cri.go initCRIService ("invalid plugin config: %w" from 1.5, errors.Wrap before 1.6) with pkg/cri/config ValidatePluginConfig ("`default_runtime_name` is empty", "no corresponding runtime configured in `containerd.runtimes` for `containerd` `default_runtime_name = %q"); 2.x plugins/cri/runtime/plugin.go initCRIRuntime ("invalid plugin config: %w")',
    mechanism:
      "containerd started without its CRI plugin (its configuration rejected, a default runtime with no entry): containerd itself runs, but nothing answers the kubelet's CRI calls",
  },
  {
    // The shim's binary is looked up by the runtime's name (io.containerd.runc.v2 → containerd-shim-runc-v2) in
    // PATH and beside containerd; the runtime's own binary (runc, crun) is exec'd by the shim through go-runc, by its
    // configured BinaryName or from PATH. Either missing fails every sandbox's and container's create.
    fact: 'runtime.binary_missing',
    pattern:
      'runtime \\\\?"[^"\\\\ ]+\\\\?" binary not installed|exec: \\\\?"(?:runc|crun|runsc|youki|kata-runtime|nvidia-container-runtime)\\\\?": executable file not found in|fork/exec [^ :"]*/(?:runc|crun|runsc|youki|kata-runtime|nvidia-container-runtime|containerd-shim[a-z0-9-]*): no such file or directory|invalid custom binary path: (?:l?stat|open) ',
    literals: [
      'binary not installed',
      'executable file not found in',
      'fork/exec',
      'invalid custom binary path:',
    ],
    from: ['containerd', 'shim', 'kubelet', 'dockerd', 'unknown'],
    source:
      'containerd runtime/v2/shim/util.go Command (1.2-1.5: "runtime %q binary not installed %q"), runtime/v2/manager.go resolveRuntimePath (1.6-1.7; a runtime_path or runtime_type given as an absolute path is stat\'d first: "invalid custom binary path: %w", the stat\'s "stat <path>: no such file or directory", logged by shim_load.go loadShims as "failed to resolve runtime path" at restart and returned as "failed to start shim: failed to resolve runtime path: %w" at create; core/runtime/v2/shim_manager.go and shim_load.go in 2.0-2.2, the load\'s error under "failed to load shim %s") and core/runtime/v2/shim_manager.go (2.x: "runtime %q binary not installed %q: %w" wrapping os.ErrNotExist, under "failed to resolve runtime path"); go-runc runc.go (*Runc).command via os/exec ("exec: %q: executable file not found in $PATH" when the binary is looked up in PATH, "fork/exec %s: no such file or directory" for a configured BinaryName), relayed as "OCI runtime create failed" by the shim, dockerd and the kubelet',
    mechanism:
      'the low-level runtime (runc, crun) or the containerd shim the configuration names is not installed where the runtime looks (removed by an OS image or package update, or a path set wrong): every sandbox and container create fails',
  },
  {
    // Round 21 (r21-runtime-words). containerd 2.0 moved the sandbox image from the CRI plugin's sandbox_image to
    // [plugins."io.containerd.cri.v1.images".pinned_images] sandbox; a version-2 file is migrated
    // (plugins/cri/images/plugin.go migrateConfig), but a version-3 file that keeps the old key has it decoded
    // strictly and dropped with a warning, so the runtime runs its own default (registry.k8s.io/pause:3.10 in 2.0
    // and 2.1, 3.10.1 in 2.2), whatever the node's file names.
    fact: 'runtime.sandbox_image_ignored',
    literals: ['Ignoring unknown key in TOML'],
    pattern:
      'Ignoring unknown key in TOML[^\\n]{0,400}sandbox_image|sandbox_image[^\\n]{0,300}Ignoring unknown key in TOML',
    from: ['containerd', 'unknown'],
    source:
      'containerd cmd/containerd/server/config/config.go (*Config).Decode (logrus "Ignoring unknown key in TOML for plugin" with key= and plugin=, and "Ignoring unknown key in TOML" with file=, row=, column= for the file itself; 2.0 and later, strict decoding) meeting sandbox_image, whose place 2.0 moved to the images plugin\'s pinned_images sandbox (internal/cri/config/config.go PinnedImages, "Migrated from: (PluginConfig).SandboxImage")',
    mechanism:
      'containerd 2.x ignores the sandbox_image its configuration names (the key moved to pinned_images in 2.0) and makes sandboxes from its own default pause image: one the node may not hold or reach',
  },
];
