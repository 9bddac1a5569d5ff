import type { Signature } from './types.ts';

/** Messages cri-o (and conmon, its per-container monitor) writes. */
export const CRIO_RULES: readonly Signature[] = [
  {
    fact: 'runtime.force_kill',
    pattern: 'Stopping container [^ ]+ with stop signal[^\\n]{0,40} timed out',
    literals: ['Stopping container'],
    from: ['crio'],
    source:
      'cri-o internal/oci/runtime_oci.go (*runtimeOCI).StopLoopForContainer ("Stopping container %s with stop signal(%s) timed out. Killing..."; StopContainer "... with stop signal timed out: %v" before 1.26)',
    mechanism:
      'a container ignored its stop signal for the whole grace period and cri-o escalates to SIGKILL',
  },
  {
    fact: 'runtime.kill_failed',
    pattern: 'Killing container [^ ]+ failed: ',
    literals: ['Killing container'],
    from: ['crio'],
    source:
      'cri-o internal/oci/runtime_oci.go (*runtimeOCI).StopLoopForContainer ("Killing container %v failed: %v")',
    mechanism: 'cri-o could not SIGKILL a container through runc: the process or its cgroup is stuck',
  },
  {
    fact: 'runtime.shim_disconnected',
    pattern: 'Conmon for container [^ ]+ is stopped, although the container is running',
    literals: ['is stopped, although the container is running'],
    from: ['crio'],
    source:
      'cri-o internal/oci/runtime_oci.go (*runtimeOCI).ProbeMonitor ("Conmon for container %s is stopped, although the container is running")',
    mechanism:
      "a container's conmon (cri-o's per-container shim) died while the container runs: nobody reaps it or reports its exit",
  },
  {
    // Round 18: CRI-O's ExecSync and Exec first check the container's init PID (Container.Living → pid(): the PID in
    // its state, signal 0, the start time it saved, a zombie or dead process state): a PID gone answers NotFound
    // "container is not created or running: checking if PID of %s is running failed: container process not found".
    // The kubelet probes only containers the runtime reports running, so the probe's error is CRI-O's own state
    // (running) against its own process check (gone): once, an exit not yet processed; again and again, an exit never
    // recorded (extract/runtime-divergence.ts).
    fact: 'runtime.exec_process_gone',
    pattern: 'checking if PID of [0-9a-f]{12,64} is running failed: container process not found',
    literals: ['is running failed: container process not found'],
    from: ['crio', 'kubelet', 'app', 'unknown'],
    source:
      'cri-o internal/oci/container.go (*Container).Living ("checking if PID of %s is running failed: %w", 1.19 on) with pid() returning ErrNotFound ("container process not found": no such PID, the state\'s Pid zeroed, or the process a zombie from 1.30), under server/container_execsync.go (*Server).ExecSync and container_exec.go Exec ("container is not created or running: %v", codes.NotFound, 1.20 on)',
    mechanism:
      "CRI-O answers an exec or probe in a container it reports running that the container's process is gone: its monitor (conmon) did not report the exit, or the exit is not yet processed",
  },
  {
    // Round 19: RunPodSandbox looks the sandbox's name up in the server's own store (restored from disk at start)
    // before it reserves it; a sandbox of that name found there refuses the create. The kubelet asks again with the
    // same name (attempt 0) on every sync, so a stale entry refuses that pod for good. CRI-O 1.11.1 restored the
    // sandboxes of before a reboot from an extra copy of config.json it no longer made, so after a reboot every pod's
    // name was held (reverted in 1.11.2, cri-o PR 1745).
    fact: 'runtime.sandbox_name_stale',
    pattern: 'pod sandbox with name \\\\{0,3}"[^"\\\\\\n]{1,253}\\\\{0,3}" already exists',
    literals: ['pod sandbox with name'],
    source:
      'cri-o server/sandbox_run.go (*Server).RunPodSandbox ("pod sandbox with name %q already exists" when s.GetPodSandboxWithName finds it, 1.0-1.19; server/sandbox_run_linux.go runPodSandbox since), with lib/container_server.go LoadSandbox restoring the store at start (1.11.1 reads a config.json copy it stopped writing; reverted in 1.11.2, cri-o/cri-o PR 1745)',
    mechanism:
      "CRI-O's store already holds a sandbox of the name the kubelet asks for (state from before a restart or reboot that it restored but cannot use): that pod's sandbox is refused on every retry, so after a reboot no pod starts and the network plugin's own pod cannot either",
  },
  {
    // Round 22 (r22-below-runtime): at start CRI-O checks every runtime handler's binary (ValidateRuntimePath: the
    // configured runtime_path stat'd, or the handler's name looked up in PATH). The default handler failing is fatal
    // (runtime.start_failed); any other is logged and deleted from the list, so CRI-O answers while every pod of that
    // RuntimeClass is refused ("failed to find runtime handler"). An installer's cleanup (kata-deploy, a GPU or gVisor
    // installer) that removes its binaries and restarts CRI-O leaves exactly this.
    fact: 'runtime.binary_missing',
    pattern:
      'is being ignored due to: [^\\n]{0,160}?(?:invalid runtime_path for runtime|not found in \\$PATH)',
    literals: ['is being ignored due to:'],
    from: ['crio', 'unknown'],
    source:
      'cri-o pkg/config/config.go (*RuntimeConfig).Validate over (*RuntimeHandler).Validate/ValidateRuntimePath ("invalid runtime_path for runtime \'%s\': %q" to 1.29, ": %w" from 1.30; "%q not found in $PATH: %w" for a handler without a path): logrus.Warnf("\'%s is being ignored due to: %q", name, err) 1.21-1.29, "Runtime handler %q is being ignored due to: %v" from 1.30, the handler then deleted from c.Runtimes; internal/oci/oci.go ValidateRuntimeHandler refuses its pods later',
    mechanism:
      "a runtime handler's binary (a RuntimeClass's shim or runtime) is missing when CRI-O starts, so CRI-O drops that handler: it runs and answers, but every pod of that class is refused a sandbox",
  },
  {
    // Round 19: CRI-O resolves a sandbox's runtime handler (the pod's RuntimeClass, or its default_runtime) against
    // the runtimes its configuration lists before it creates anything. An empty handler, or a handler whose entry has
    // no runtime path, refuses the sandbox: for the default runtime that is every pod's. A RuntimeClass naming a
    // handler that is not listed ("failed to find runtime handler") is that class's pods only, not read here.
    fact: 'runtime.handler_unset',
    pattern: 'empty runtime path for runtime handler|empty runtime handler',
    literals: ['empty runtime path for runtime handler', 'empty runtime handler'],
    source:
      'cri-o internal/oci/oci.go (*Runtime).ValidateRuntimeHandler ("empty runtime handler", "empty runtime path for runtime handler %s", 1.16 on), called from server/sandbox_run_linux.go runPodSandbox with the pod\'s handler or the configured default_runtime',
    mechanism:
      "CRI-O's configuration leaves the runtime it would run the sandbox with unnamed or without a path (the default runtime's entry incomplete): the sandbox is refused before anything runs, every pod's when it is the default runtime, the network plugin's agent included",
  },
  {
    // Round 20: containers/storage making a sandbox's or container's layer (store.go CreateContainer → CreateLayer →
    // layers.go (*layerStore).create → the graph driver's CreateReadWrite/Create). The overlay driver stats its parent
    // layer's directory under its own home (drivers/overlay/overlay.go create: system.Stat(d.dir(parent)), whose
    // PathError says "Stat"); the driver's home is <graphroot>/<driver name> (drivers/driver.go GetDriver/New), and
    // "overlay2" is registered as a second name of the overlay driver (MustRegister("overlay2", Init)) with its own
    // home: a store whose layers were made under one name and a runtime that opens it under the other (CRI-O's
    // storage_driver against storage.conf's driver) finds no parent directory (ENOENT), and an image whose top layer
    // the layer store does not hold is ErrLayerUnknown ("layer not known"). Every sandbox is made from the pause
    // image's layers, so every sandbox fails alike.
    fact: 'runtime.storage_layer_missing',
    literals: ['creating read-write layer', 'creating read-only layer', 'layer not known'],
    pattern:
      'creating read-(?:write|only) layer(?: with ID \\\\{0,3}"[0-9a-f]{12,64}\\\\{0,3}")?: [^\\n]{0,300}(?:no such file or directory|layer not known|unknown layer)|(?:[Ff]ailed to create (?:pod sandbox|container)|creating pod sandbox with name|createPodSandbox|createContainer|RunPodSandbox|CreateContainer)[^\\n]{0,400}[^f] layer not known',
    from: ['crio', 'kubelet', 'app', 'unknown'],
    source:
      'containers/storage layers.go (*layerStore).create ("error creating read-write layer with ID %q" by errors.Wrapf to v1.2x, "creating read-write layer with ID %q: %w" / "creating read-only layer with ID %q: %w" after) around drivers/overlay/overlay.go (*Driver).create (system.Stat of the parent layer\'s directory, pkg/system/stat_unix.go PathError Op "Stat"), drivers/driver.go GetDriver (home = root joined with the driver\'s name; overlay registered as "overlay" and "overlay2"), errors.go / types/errors.go ErrLayerUnknown ("layer not known", store.go CreateLayer, every release); relayed by cri-o internal/storage/runtime.go createContainerOrPodSandbox ("Failed to create pod sandbox %s(%s): %v", "Failed to create container %s(%s): %v") and server/sandbox_run_linux.go runPodSandbox ("error creating pod sandbox with name %q: %v" to 1.20, "creating pod sandbox with name %q: %w" after)',
    mechanism:
      "the runtime's storage cannot create a sandbox's or container's read-write layer: a layer its store records is missing under the driver's directory (its state and its driver disagree: a driver name that is an alias of another, the runtime's and the storage library's configurations naming different ones), so no sandbox can be made on the node",
  },
  {
    // containers/storage graph driver names: the overlay driver's mount of a container's layers failing (its lower
    // directories, an option the kernel refuses), for every container made from them.
    fact: 'runtime.storage_layer_missing',
    literals: ['creating overlay mount to', 'graph driver name changed from'],
    pattern:
      '(?:error )?creating overlay mount to [^ ,:]+(?:, mount_data=[^\\n]{0,600})?: [^\\n]{0,200}(?:no such file or directory|invalid argument|not a directory|stale file handle)|graph driver name changed from \\\\{0,3}"[a-z0-9]+\\\\{0,3}" to \\\\{0,3}"[a-z0-9]+\\\\{0,3}" during reload',
    from: ['crio', 'kubelet', 'app', 'unknown'],
    source:
      'containers/storage drivers/overlay/overlay.go (*Driver).get ("error creating overlay mount to %s: %v" to v1.2x, "creating overlay mount to %s, mount_data=%q: %w" after) and store.go (*store).startUsingGraphDriver ("graph driver name changed from %q to %q during reload", the driver name not an idempotent alias)',
    mechanism:
      "the runtime's storage cannot mount a container's layers (a lower layer missing, an option the kernel refuses) or finds its driver's name changed under it: no container made from those layers can start",
  },
  {
    fact: 'runtime.name_reserved',
    pattern: 'error reserving (?:pod|ctr) name',
    literals: ['error reserving ctr name', 'error reserving pod name'],
    from: ['crio', 'kubelet'],
    source:
      'cri-o internal/lib/container_server.go (*ContainerServer).ReservePodName / ReserveContainerName ("error reserving pod name %s for id %s")',
    mechanism:
      'the kubelet retried a create after its deadline while cri-o is still working on the first request with the same name: the first create is hung',
  },
  {
    // CRI-O's restore at start loads each sandbox and container from containers/storage and its state on disk; one
    // that fails (its storage or state gone) is logged, deleted and skipped: CRI-O serves without it.
    fact: 'runtime.restore_dropped',
    pattern:
      '[Cc]ould not restore (?:sandbox [0-9a-f]{12}|container [0-9a-f]{12})|[Cc]ould not read containers and sandboxes',
    literals: [
      'could not restore sandbox',
      'could not restore container',
      'could not read containers and sandboxes',
    ],
    from: ['crio'],
    source:
      'cri-o server/server.go (*Server).restore ("could not restore sandbox %s container %s", "could not restore container %s" to 1.23; "Could not restore sandbox %s", "Could not restore container %s", "Could not read containers and sandboxes" from 1.24), the errors from internal/lib/container_server.go LoadSandbox/LoadContainer',
    mechanism:
      'CRI-O, restarting, could not load a sandbox or container from its storage and deleted it from its state instead',
  },
  {
    fact: 'runtime.restarted',
    pattern: 'Checking storage directory [^ ]+ for errors because of unclean shutdown',
    literals: ['for errors because of unclean shutdown'],
    from: ['crio'],
    strict: true,
    source:
      'cri-o internal/lib/container_server.go New ("Checking storage directory %s for errors because of unclean shutdown")',
    mechanism: 'cri-o started after it (or the node) went down without a clean shutdown',
  },
  {
    // Round 16: CRI-O loads its configuration (crio.conf and the crio.conf.d drop-ins), then validates it before it
    // serves: the runtime handlers' binaries must exist (runtime_path, or the handler's name in PATH). An error ends
    // the process at start (logrus Fatal, or the CLI's error exit); the same words on a SIGHUP reload are logged
    // ("Unable to reload configuration") and CRI-O keeps running.
    fact: 'runtime.start_failed',
    pattern:
      'validating (?:runtime|root) config: |invalid runtime_path for runtime|error loading server config: |unable to decode configuration ',
    literals: [
      'validating runtime config:',
      'validating root config:',
      'invalid runtime_path for runtime',
      'error loading server config:',
      'unable to decode configuration',
    ],
    from: ['crio', 'unknown'],
    // A handler other than the default failing its path check is logged and dropped, and CRI-O runs on (below).
    unless: 'Unable to reload configuration|is being ignored due to',
    source:
      'cri-o pkg/config/config.go (*Config).Validate ("validating root config: %w", "validating runtime config: %w"; errors.Wrap before 1.27) over (*RuntimeConfig).Validate ("runtime validation: %w") and (*RuntimeHandler).ValidateRuntimePath ("invalid runtime_path for runtime \'%s\': %q" to 1.29, ": %w" from 1.30; "%q not found in $PATH" for a handler without a path), (*Config).UpdateFromFile ("unable to decode configuration %v: %v"), internal/criocli/criocli.go GetConfigFromContext ("error loading server config: %v"), 1.18 to current; cmd/crio/main.go exits on the error',
    mechanism:
      'CRI-O refuses its configuration at start (a file that does not parse, a runtime handler whose binary is missing after an update): it exits, systemd restarts it into the same error, and nothing answers the kubelet',
  },
  {
    // Round 24 (r24-runtime-io): CRI-O's own check of the pod's cgroup parent against its cgroup_manager, before runc
    // is called: a systemd manager given a cgroupfs path, or a cgroupfs manager given a "….slice". Every sandbox
    // create on the node fails with it until the kubelet's cgroupDriver and cgroup_manager agree.
    fact: 'config.cgroup_driver_mismatch',
    pattern:
      'configured with (?:systemd|cgroupfs) cgroup manager, but (?:did not receive slice|received systemd slice) as parent|invalid systemd cgroup path format',
    literals: ['cgroup manager, but', 'invalid systemd cgroup path format'],
    from: ['crio', 'kubelet', 'unknown'],
    source:
      'cri-o server/sandbox_run.go (v1.11) and sandbox_run_linux.go (v1.12-1.19) RunPodSandbox, internal/config/cgmgr systemd.go/systemd_linux.go (*SystemdManager).SandboxCgroupPath ("cri-o configured with systemd cgroup manager, but did not receive slice as parent: %s") and cgroupfs.go/cgroupfs_linux.go (*CgroupfsManager).SandboxCgroupPath ("cri-o configured with cgroupfs cgroup manager, but received systemd slice as parent: %s") from v1.20; systemd_linux.go ("invalid systemd cgroup path format: %s (expected slice:prefix:containerID)")',
    mechanism:
      "CRI-O's cgroup_manager and the kubelet's cgroup driver disagree (the pod's cgroup parent has the other driver's form): no pod sandbox can be created on the node",
  },
  {
    // Round 26 (r26-sandbox): CRI-O makes a sandbox's namespaces with pinns (1.17+), which unshares them
    // (CLONE_NEWNET among them) and bind-mounts each under its namespaces_dir; pexit prints the step and strerror.
    // The Go side relays the output ("failed to pin namespaces %v: %s %w"). ENOSPC there is a namespace count limit,
    // ENOMEM the kernel memory a new namespace needs (unshare(2) ERRORS), not the node's disk or memory.
    fact: 'ns.create_refused',
    pattern:
      '(?:Failed to unshare namespaces|failed to pin namespaces?)[^\\n]{0,400}?(?:[Cc]annot allocate memory|[Nn]o space left on device)',
    literals: ['Failed to unshare namespaces', 'failed to pin namespace'],
    from: ['crio', 'kubelet', 'unknown'],
    source:
      'cri-o pinns/src/pinns.c main (pexit("Failed to unshare namespaces"): "[pinns:e]: %s: %s" with strerror(errno), 1.17+), internal/config/nsmgr/nsmgr_linux.go (*NamespaceManager).NewPodNamespaces ("failed to pin namespaces %v: %s %w", 1.20+; internal/lib/sandbox/namespaces_linux.go pinNamespaces "failed to pin namespaces %v: %s %v" 1.17-1.19); unshare(2) ERRORS ENOSPC, ENOMEM',
    mechanism:
      "CRI-O's pinns could not make a sandbox's namespaces: the kernel refused a new one (a namespace count limit, or what a network namespace needs), as when leaked network namespaces pile up",
  },
  // Round 27 (r27-asks): conmon forks and execv()s the runtime (runc, crun) for each create; when the execv fails its
  // child exits 127 and conmon reports the create failed with that status (the shell's "cannot execute" code), with no
  // output of the runtime's, since it never ran.
  {
    fact: 'runtime.binary_refused',
    pattern: 'Failed to create container: exit status 127',
    literals: ['Failed to create container: exit status 127'],
    from: ['crio', 'kubelet', 'unknown'],
    source:
      'containers/conmon src/conmon.c main (child: execv(runtime_argv[0]) then exit(127); parent: nexitf("Failed to create container: exit status %d", get_exit_status(runtime_status)), 2.0 on), relayed by cri-o internal/oci/runtime_oci.go (*runtimeOCI).CreateContainer ("container create failed: %s")',
    mechanism:
      'conmon could not execute the low-level runtime (its child exited 127 after a failed execv: the binary missing, not executable or refused): no container can be created',
  },
];
