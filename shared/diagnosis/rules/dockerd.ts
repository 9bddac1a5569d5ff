import type { Signature } from './types.ts';

/** Messages dockerd (and the docker CLI that talks to it) writes. */
export const DOCKERD_RULES: readonly Signature[] = [
  {
    // What dockerd restores from disk before it serves its API: the graph driver with its layer store, the
    // network controller's bolt store (network/files/local-kv.db), the volume and content metadata databases. Each
    // error ends NewDaemon and so the daemon's start ("failed to start daemon: …"); read here wherever the line
    // is pasted, with or without the fatal's own words.
    fact: 'runtime.start_failed',
    pattern:
      'error initializing graphdriver|Error initializing network controller|error while opening volume store metadata database|error opening bolt db for content metadata store',
    literals: [
      'error initializing graphdriver',
      'Error initializing network controller',
      'error while opening volume store metadata database',
      'error opening bolt db for content metadata store',
    ],
    // A bridge device the daemon is told to use and does not find is the network layer's (runtime.network_device_missing).
    unless:
      'bridge device with non default name [^ \\n]{1,40} must be created manually|Error creating default \\\\?"bridge\\\\?" network: [^\\n]{0,200}(?:no such device|Link not found)',
    from: ['dockerd'],
    source:
      'moby layer/layer_store.go NewStoreFromOptions ("error initializing graphdriver: %v", 1.10 and later), daemon/daemon.go (*Daemon).restore ("Error initializing network controller: %v", wrapping libnetwork\'s "error obtaining controller instance" and its datastore\'s "error while populating kmap"), volume/service/store.go NewStore ("error while opening volume store metadata database", 17.03 and later) and daemon/content.go configureLocalContentStore ("error opening bolt db for content metadata store", 20.10 and later), all returned to cmd/dockerd (*DaemonCli).start',
    mechanism:
      'dockerd could not load its state from /var/lib/docker (a storage driver that will not mount, a corrupt bolt database after a crash or a full disk): it exits at start, and nothing answers the kubelet',
  },
  {
    // dockerd's default bridge network is created at start (initBridgeDriver); a bridge named by --bridge/-b other
    // than docker0 is not created by dockerd but must already exist (the kubelet's cbr0 of --configure-cbr0, a
    // bridge the network layer makes), and a device that vanished answers ENODEV ("no such device") or netlink's
    // "Link not found". The daemon exits with the error: its start waits on whoever makes the device.
    fact: 'runtime.network_device_missing',
    pattern:
      'bridge device with non default name [^ \\n]{1,40} must be created manually|Error creating default \\\\?"bridge\\\\?" network: [^\\n]{0,200}(?:no such device|Link not found)',
    literals: ['must be created manually', 'Error creating default'],
    from: ['dockerd'],
    source:
      'moby/libnetwork drivers/bridge/errors.go NonDefaultBridgeExistError.Error ("bridge device with non default name %s must be created manually", returned by setup_device.go setupDevice when the configured bridge is not docker0 and does not exist; 2015-05 to the library\'s merge into moby), wrapped by moby daemon/daemon_unix.go initBridgeDriver ("Error creating default \\"bridge\\" network: %v") and daemon.go ("Error initializing network controller: %v"), ending cmd/dockerd (*DaemonCli).start; netlink LinkByName\'s "Link not found" and ENODEV ("no such device") for a named device that is not there',
    mechanism:
      "dockerd exits at start because the bridge it is told to use (--bridge, or the options the network layer wrote for it) does not exist: whoever creates it (the kubelet from the overlay's subnet, the network agent) has not, so the runtime's failure is downstream of the network layer",
  },
  {
    // dockerd's restore at start reads each container's config from /var/lib/docker/containers/<id> and asks
    // containerd for it; a container that fails either is logged and skipped, and the daemon serves.
    fact: 'runtime.restore_dropped',
    pattern:
      'Failed to load container [0-9a-f]{12}|Failed to restore (?:container )?[0-9a-f]{12}[0-9a-f]* with containerd|Failed to restore with containerd',
    literals: ['Failed to load container', 'Failed to restore', 'with containerd'],
    from: ['dockerd'],
    source:
      'moby daemon/daemon.go (*Daemon).restore ("Failed to load container %v: %v" from container.FromDisk, 1.11 and later; "Failed to restore with containerd: %q" in 1.11, "Failed to restore %s with containerd: %s" 1.12-17.09, "Failed to restore container %s with containerd: %s" 17.12 and later)',
    mechanism:
      'dockerd, restarting, could not load one container from disk or from containerd and carried on without it',
  },
  {
    fact: 'runtime.unreachable',
    pattern: 'Cannot connect to the Docker daemon',
    literals: ['Cannot connect to the Docker daemon'],
    source:
      'moby client/errors.go ErrorConnectionFailed / connectionFailed.Error ("Cannot connect to the Docker daemon at %s. Is the docker daemon running?"), printed by the docker CLI and dockershim/cri-dockerd callers',
    mechanism: "dockerd's API socket does not accept connections: dockerd is down, restarting or wedged",
  },
  {
    fact: 'fd.emfile',
    pattern: 'http: Accept error: [^\\n]{0,200}too many open files',
    literals: ['http: Accept error:'],
    from: ['dockerd', 'containerd', 'crio', 'kubelet'],
    strict: true,
    discountAs: 'fd.app_emfile',
    source:
      'Go net/http server.go (*Server).Serve ("http: Accept error: %v; retrying in %v"), dockerd API listener on docker.sock',
    mechanism:
      'the daemon is at its open-file limit: accept4() on its API socket fails with EMFILE, so every new client connection is refused',
  },
  {
    fact: 'runtime.op_timeout',
    pattern: 'container did not start before the specified timeout',
    literals: ['container did not start before the specified timeout'],
    from: ['dockerd', 'containerd'],
    source:
      'containerd 0.2.x runtime/runtime.go ErrContainerStartTimeout (the containerd bundled with docker 1.11–17.03), relayed by dockerd libcontainerd',
    mechanism:
      'runc did not finish starting the container within containerd 0.2 start timeout: runc/the shim is stuck',
  },
  {
    fact: 'runtime.force_kill',
    pattern: 'failed to exit within [0-9a-z.]+(?: seconds)? of signal [0-9A-Z]+ - using the force',
    literals: ['failed to exit within'],
    from: ['dockerd'],
    source:
      'moby daemon/stop.go (*Daemon).containerStop ("Container failed to exit within %s of signal %d - using the force"; "Container %v failed to exit within %d seconds of signal %d" before 20.10) and daemon/exec.go',
    mechanism: 'a container ignored its stop signal for the whole grace period and dockerd sends SIGKILL',
  },
  {
    fact: 'runtime.kill_failed',
    pattern: 'failed to exit within [0-9a-z.]+(?: seconds)? of kill - trying direct SIGKILL',
    literals: ['of kill - trying direct SIGKILL'],
    from: ['dockerd'],
    source:
      'moby daemon/kill.go (*Daemon).Kill ("Container failed to exit within %v of kill - trying direct SIGKILL")',
    mechanism:
      'a container did not exit after SIGKILL through containerd: its process is unkillable (D state) or the shim does not report the exit',
  },
  {
    // A stop's kill failed and the container still had not exited two seconds later: containerStop logs the wait's
    // own error (its context running out) before it returns the kill's error ("cannot stop container: ...").
    fact: 'runtime.kill_failed',
    pattern: 'error killing container: (?:context deadline exceeded|context canceled)',
    literals: ['error killing container: context'],
    from: ['dockerd'],
    source:
      'moby daemon/stop.go (*Daemon).containerStop ("error killing container: %v" with the final wait\'s status.Err(), after daemon.Kill fails; 23.0 and later)',
    mechanism:
      "dockerd's SIGKILL through containerd failed and no exit event came within the last wait: the container's process or its shim is stuck",
  },
  {
    // The handler wrote its answer to a connection the client (the kubelet's dockershim, cri-dockerd, docker ps) had
    // closed after its own timeout.
    fact: 'runtime.list_abandoned',
    literals: ['/containers/json returned error'],
    pattern:
      'Handler for GET [^ ]*/containers/json returned error[^\\n]{0,300}(?:broken pipe|connection reset by peer)',
    from: ['dockerd'],
    source:
      'moby daemon/server/server.go makeHTTPHandler ("Handler for %s %s returned error"; api/server/server.go before 25.0) on the containers list route (router/container getContainersJSON)',
    mechanism:
      "dockerd listed the containers, but its caller had already given up: the list takes longer than the caller's timeout",
  },
  {
    fact: 'runtime.op_timeout',
    pattern:
      'Handler for [A-Z]+ [^ ]+ returned error[^\\n]{0,300}(?:context deadline exceeded|DeadlineExceeded|timed out|transport is closing)',
    literals: ['returned error'],
    from: ['dockerd'],
    source:
      'moby daemon/server/server.go makeHTTPHandler ("Handler for %s %s returned error"; api/server/server.go before 25.0)',
    mechanism:
      'a Docker API request failed because dockerd timed out waiting on containerd or the shim below it',
  },
  {
    fact: 'runtime.stdio_broken',
    pattern: 'stream copy error: ',
    literals: ['stream copy error:'],
    from: ['dockerd'],
    unless: 'reading from a closed fifo',
    source:
      'moby container/stream/streams.go (*Config).CopyToPipe ("stream copy error: %v", docker 17.03–20.10)',
    mechanism:
      "copying a container's stdin into its FIFO failed (other than the FIFO closing at a normal exit): the shim side of the stream is gone",
  },
  {
    fact: 'runtime.shim_reaped',
    pattern: 'msg="shim reaped"',
    literals: ['msg="shim reaped"'],
    from: ['dockerd', 'containerd'],
    source:
      'containerd runtime/v1/linux/runtime.go (*Runtime).Create exit handler ("shim reaped", containerd 1.1–1.7 v1 shim, logged through dockerd for docker-managed containerd)',
    mechanism:
      'a v1 containerd-shim process exited and containerd reaped it; the containers it held lose their monitor',
  },
  {
    fact: 'runtime.unreachable',
    pattern:
      'grpc: the connection is unavailable|connection error: desc = "transport: [^"]{0,80}containerd\\.sock',
    literals: ['connection error: desc = "transport:', 'grpc: the connection is unavailable'],
    from: ['dockerd', 'kubelet'],
    source:
      'grpc-go clientconn.go errConnUnavailable ("grpc: the connection is unavailable", grpc-go ≤1.9) and transport dial errors, as dockerd libcontainerd reports its containerd connection',
    mechanism:
      "dockerd's gRPC connection to containerd is down: containerd crashed, restarted or stopped answering",
  },
  {
    fact: 'runtime.device_busy',
    pattern:
      'driver \\\\?"[a-z0-9]+\\\\?" failed to remove root filesystem[^\\n]{0,300}device or resource busy',
    literals: ['" failed to remove root filesystem'],
    from: ['dockerd'],
    source:
      'moby daemon/images/service.go (*ImageService).ReleaseLayer / daemon/delete.go ("driver %q failed to remove root filesystem for %s")',
    mechanism:
      "dockerd cannot unmount a removed container's layer because a process in another mount namespace still holds it",
  },
  {
    fact: 'runtime.restarted',
    pattern: 'msg="(?:Starting up|Daemon has completed initialization|API listen on [^"]+)"',
    literals: ['API listen on', 'Daemon has completed initialization', 'Starting up'],
    from: ['dockerd'],
    strict: true,
    source:
      'moby daemon/command/daemon.go (*DaemonCli).start ("Starting up", "Daemon has completed initialization", "API listen on %s")',
    mechanism: 'dockerd (re)started; on a running node this follows a crash, an OOM kill or a manual restart',
  },
  {
    fact: 'runtime.service_failed',
    pattern: 'containerd did not exit successfully|msg="Processing signal \'(?:terminated|interrupt)\'"',
    literals: [
      'containerd did not exit successfully',
      'msg="Processing signal \'interrupt\'"',
      'msg="Processing signal \'terminated\'"',
    ],
    from: ['dockerd'],
    strict: true,
    source:
      'moby daemon/internal/containerd/server/supervisor/remote_daemon.go (*remote).startContainerd ("containerd did not exit successfully"); daemon/command/trap/trap.go Trap ("Processing signal \'%v\'")',
    mechanism: "dockerd's containerd child died, or dockerd itself is being stopped by a signal",
  },
  {
    // Round 16: dockerd reads daemon.json (merged with its flags) before anything else; an error ends the process,
    // printed raw on stderr by cmd/dockerd's main, and systemd restarts it into the same file. The same words on a
    // SIGHUP reload are logged at error level and the daemon keeps its old configuration: not a start failure.
    fact: 'runtime.start_failed',
    pattern:
      "unable to configure the Docker daemon with file|the following directives are specified both as a flag and in the configuration file|the following directives don.t match any configuration option|specified default runtime '[^']+' does not exist",
    literals: [
      'unable to configure the Docker daemon with file',
      'the following directives are specified both as a flag and in the configuration file',
      'the following directives don',
      'specified default runtime',
    ],
    from: ['dockerd', 'unknown'],
    unless: 'level=error|[Rr]econfiguring the daemon',
    source:
      'moby cmd/dockerd/daemon.go loadDaemonCliConfig (daemon/command/daemon.go from 28.0: "unable to configure the Docker daemon with file %s: %v", 1.12 and later) wrapping daemon/config/config.go MergeDaemonConfigurations / getConflictFreeConfiguration (a file that does not parse, "the following directives are specified both as a flag and in the configuration file: %s" such as hosts with -H fd:// in the unit, "the following directives don\'t match any configuration option: %s" from 17.06); "specified default runtime \'%s\' does not exist" (daemon/config Validate and daemon_unix.go, 17.x to 23.0; daemon/runtime_unix.go setupRuntimes from 24.0); printed by cmd/dockerd main\'s onError before os.Exit(1); the reload path (reloadConfig, "Error reconfiguring the daemon" or logrus.Error) keeps the daemon running',
    mechanism:
      'dockerd refuses its daemon.json at start (a syntax error, an option also given as a flag in its unit, a key this release does not know, a default runtime it has no entry for): it exits, systemd restarts it into the same file, and nothing answers the kubelet',
  },
  {
    // Round 17: at its start dockerd restores each container by asking containerd for its task's status, which
    // containerd gets from the container's shim over ttrpc. A status or delete that runs out of time there is that
    // container's shim not answering (a dead shim is not found, and dockerd marks the container stopped silently).
    fact: 'runtime.shim_hang',
    literals: ['msg="failed to get task status"', 'msg="failed to delete task from containerd"'],
    pattern:
      'msg="failed to (?:get task status|delete task from containerd)"[^\\n]{0,300}(?:context deadline exceeded|DeadlineExceeded)',
    from: ['dockerd'],
    source:
      'moby daemon/daemon.go (*Daemon).restore ("failed to get task status" around the task\'s Status, "failed to delete task from containerd" around Delete of a stopped task; from the libcontainerd refactor 4bafaa00aa, Docker 23.0 and later), libcontainerd/remote/client.go calling containerd\'s task service, which asks the shim over ttrpc',
    mechanism:
      "dockerd, restoring its containers, asks containerd for a task's state and the container's shim does not answer in time: that shim is wedged, and every call about its container waits the same way",
  },
  {
    // Round 19: the runtimes' embedded databases. Docker to 1.9 kept container links in an SQLite graph database
    // (pkg/graphdb, /var/lib/docker/linkgraph.db); SQLite's SQLITE_CANTOPEN reads "unable to open database file",
    // and its journal or temporary file cannot be created on a full file system or one out of inodes. The bolt
    // files (containerd's meta.db, dockerd's local-kv.db and the builder's) fail their writes with ENOSPC.
    fact: 'runtime.db_open_failed',
    literals: ['unable to open database file', 'meta.db', 'local-kv.db', 'linkgraph.db'],
    pattern:
      'unable to open database file|(?:meta|local-kv|linkgraph)\\.db[^\\n]{0,300}no space left on device',
    source:
      'SQLite main.c sqlite3ErrStr (SQLITE_CANTOPEN: "unable to open database file") via mattn/go-sqlite3, used by moby pkg/graphdb conn_sqlite3.go NewSqliteConn (linkgraph.db, docker 0.7-1.9, read for migration to 1.11) and returned as an API error (500) to the kubelet\'s runContainer; etcd-io/bbolt db.go Open/mmap and tx.go Commit returning ENOSPC for containerd metadata (io.containerd.metadata.v1.bolt/meta.db) and libnetwork\'s local-kv.db',
    mechanism:
      "the runtime's embedded database cannot open or write its file: the file system under the runtime's root (/var/lib/docker, /var/lib/containerd) is out of space or inodes, and every call that touches the database fails with a server error",
  },
  {
    // Round 22 (r22-below-runtime): a container asked for with a runtime name dockerd is not configured with (a
    // RuntimeClass's handler passed through cri-dockerd 0.4+, an installer's runtimes entry removed from daemon.json
    // before dockerd restarted): that container, and every one of that runtime, is refused.
    fact: 'runtime.handler_missing',
    literals: ['Unknown runtime specified', 'unknown or invalid runtime name:'],
    pattern:
      'Unknown runtime specified [^ \\n"\\\\]{1,100}|unknown or invalid runtime name: [^ \\n"\\\\]{1,100}',
    from: ['dockerd', 'kubelet', 'unknown'],
    source:
      'moby daemon/daemon_unix.go verifyPlatformContainerSettings ("Unknown runtime specified %s" when hostConfig.Runtime is not in the configured runtimes, 1.12-20.10); daemon/runtime_unix.go (*runtimes).Get ("unknown or invalid runtime name: %s", errdefs.InvalidParameter, 23.0 on), relayed by cri-dockerd 0.4+ (core/container_create.go passes the RuntimeClass handler as HostConfig.Runtime)',
    mechanism:
      'dockerd is asked to run a container with a runtime its configuration does not list (removed from daemon.json, or never added on this node): every container of that runtime class is refused while dockerd itself answers',
  },
  {
    // Round 24 (r24-runtime-io): dockerd on the systemd cgroup driver (native.cgroupdriver=systemd) refusing a
    // container's cgroup parent that is not a slice: the dockershim or cri-dockerd passes the kubelet's cgroupfs
    // parent when the kubelet's driver is cgroupfs, so every sandbox create fails with it.
    fact: 'config.cgroup_driver_mismatch',
    pattern: 'cgroup-parent for systemd cgroup should be a valid slice',
    literals: ['should be a valid slice'],
    from: ['dockerd', 'kubelet', 'unknown'],
    source:
      'moby daemon/daemon_unix.go verifyPlatformContainerSettings and verifyDaemonSettings ("cgroup-parent for systemd cgroup should be a valid slice named as \\"xxx.slice\\"", v1.10 to v28)',
    mechanism:
      "dockerd uses the systemd cgroup driver and was given a cgroupfs-form cgroup parent: the kubelet's and dockerd's cgroup drivers disagree, so no sandbox can be created",
  },
  {
    // Round 26 (r26-sandbox): dockerd reserves a container's name in its name index before it creates it; a name
    // still held (a container of that name left from before a restart, or a create in flight) is refused. The
    // kubelet's dockershim (and cri-dockerd after it) recognises the message and tries to remove the holder.
    fact: 'runtime.name_reserved',
    pattern:
      'Conflict\\. The (?:container )?name \\\\{0,3}"?/?[^"\\n]{1,300}"? is already in use by container',
    literals: ['is already in use by container'],
    from: ['dockerd', 'kubelet', 'unknown'],
    source:
      'moby daemon/names.go reserveName ("Conflict. The name %q is already in use by container %s. You have to remove (or rename) that container to be able to reuse that name." to 17.x; daemon/errors.go nameConflictError "Conflict. The container name %q is already in use by container %q…" 18.x+); kubernetes pkg/kubelet/dockershim helpers.go recoverFromCreationConflictIfNeeded (conflictRE), Mirantis/cri-dockerd core/helpers.go',
    mechanism:
      "dockerd refuses a container name it still holds for another container (kept from before a restart, or a create in flight): the kubelet's sandbox or container of that name is refused until the holder is removed",
  },
  // Round 27 (r27-asks): a runtime configured with a path and arguments is wrapped in a script, and dockerd checks the
  // path with exec.LookPath before each start; LookPath on a path holding "/" stats it and checks its execute bits.
  {
    fact: 'runtime.binary_refused',
    pattern:
      'error while looking up the specified runtime path: exec: \\\\?"[^"\\\\\\n]+\\\\?": (?:permission denied|operation not permitted)',
    literals: ['error while looking up the specified runtime path'],
    from: ['dockerd', 'unknown'],
    source:
      'moby daemon/runtime_unix.go setupRuntimes (PreflightCheck: errors.Wrap(exec.LookPath(path), "error while looking up the specified runtime path"), 23.0 on); Go os/exec lp_unix.go LookPath/findExecutable (a file without execute bits: fs.ErrPermission, printed `exec: "<path>": permission denied`)',
    mechanism:
      'the low-level runtime dockerd is configured to run is on the node but not executable: every container start fails before the runtime runs',
  },
  {
    fact: 'runtime.binary_missing',
    pattern:
      'error while looking up the specified runtime path: exec: \\\\?"[^"\\\\\\n]+\\\\?": (?:stat [^:\\n]+: no such file or directory|executable file not found)',
    literals: ['error while looking up the specified runtime path'],
    from: ['dockerd', 'unknown'],
    source:
      'moby daemon/runtime_unix.go setupRuntimes (PreflightCheck: errors.Wrap(exec.LookPath(path), "error while looking up the specified runtime path"), 23.0 on); Go os/exec lp_unix.go LookPath (a path holding "/" is stat\'d: "stat <path>: no such file or directory")',
    mechanism:
      'the low-level runtime dockerd is configured to run is not at its path: every container start fails before the runtime runs',
  },
];
