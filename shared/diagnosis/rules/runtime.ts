import { NODE_DAEMONS } from '../components.ts';
import {
  INITSCRIPTS,
  initscriptsDead,
  initscriptsStopped,
  MICROK8S,
  MICROK8S_RUNTIME,
  microk8sInspectDown,
  OPENRC,
  openrcDown,
  openrcStopped,
  RUNTIME_SERVICE_NAMES as RT,
  SNAPD,
  snapServiceInactive,
  supervisorctlRow,
  supervisordExited,
  supervisordGaveUp,
  systemctlFailedRow,
  TALOS_RUNTIME,
  talosServiceEnded,
  talosServicesRow,
  UPSTART,
  upstartDied,
  upstartGaveUp,
  upstartStopped,
} from './service-managers.ts';
import { RUNTIMES, type Signature } from './types.ts';
import { SCM_EVENTS, scmServiceFailure } from './windows-scm.ts';

/** The CRI calls the kubelet's remote runtime client logs when they fail. */
const CRI_CALL =
  '(?:RunPodSandbox|StopPodSandbox|RemovePodSandbox|PodSandboxStatus|CreateContainer|StartContainer|StopContainer|RemoveContainer|ContainerStatus|ExecSync|UpdateContainerResources)';

/**
 * What the runtime's clients (the kubelet's CRI client, dockershim/cri-dockerd, crictl) write about a runtime
 * that does not answer, and descriptor exhaustion in any node daemon. The runtimes' own messages are in
 * containerd.ts, crio.ts, dockerd.ts and runc.ts.
 */
export const RUNTIME_RULES: readonly Signature[] = [
  {
    // Every runtime logs through logrus (dockerd, cri-o) or its wrapper (containerd): a fatal-level entry is the last
    // thing the daemon writes before it exits (containerd's CRI plugin is the exception: containerd stays up
    // without CRI, which the kubelet sees as the same thing). dockerd prints the error that ends its start on
    // stderr, without a level.
    fact: 'runtime.start_failed',
    literals: ['level=fatal', 'failed to start daemon', 'Error starting daemon', 'failed to load TOML'],
    pattern:
      'level=fatal msg=|failed to start daemon|Error starting daemon|containerd: failed to load TOML|failed to load TOML from',
    // A bridge device the daemon is told to use and does not find is the network layer's (runtime.network_device_missing).
    unless:
      'bridge device with non default name [^ \\n]{1,40} must be created manually|Error creating default \\\\?"bridge\\\\?" network: [^\\n]{0,200}(?:no such device|Link not found)',
    from: ['dockerd', 'containerd', 'crio'],
    strict: true,
    source:
      'logrus Fatal (level=fatal) in moby cmd/dockerd, containerd cmd/containerd/command and pkg/cri, cri-o cmd/crio and server; containerd cmd/containerd/command main ("containerd: %s" on exit) with services/server/config LoadConfig ("failed to load TOML from %s"); moby cmd/dockerd/daemon.go (*DaemonCli).start ("failed to start daemon: %v", "Error starting daemon: %v" before 20.10)',
    mechanism:
      'the runtime daemon hit a fatal error (storage driver, configuration, socket, plugin) and exited: until it starts, nothing answers CRI calls',
  },
  {
    fact: 'runtime.unreachable',
    pattern:
      'dial unix [^ ]*(?:containerd|docker|dockershim|crio|cri-dockerd)\\.sock: connect: (?:connection refused|no such file or directory)',
    literals: [
      'containerd.sock: connect: connection refused',
      'containerd.sock: connect: no such file or directory',
      'cri-dockerd.sock: connect: connection refused',
      'cri-dockerd.sock: connect: no such file or directory',
      'crio.sock: connect: connection refused',
      'crio.sock: connect: no such file or directory',
      'docker.sock: connect: connection refused',
      'docker.sock: connect: no such file or directory',
      'dockershim.sock: connect: connection refused',
      'dockershim.sock: connect: no such file or directory',
    ],
    from: [...NODE_DAEMONS],
    source:
      'Go net (*Dialer).DialContext error ("dial unix %s: connect: connection refused"), as the kubelet CRI client (pkg/kubelet/cri/remote) and crictl report it',
    mechanism: "nothing listens on the runtime's socket: the runtime daemon is down or restarting",
  },
  {
    // Round 24 (r24-runtime-io): a client of the runtime that cannot make its client at all (containerd's Go client
    // dialing the socket with a deadline, cadvisor's containerd factory, an agent wrapping containerd.New, crictl's
    // connection): the runtime is not answering on its socket, as its clients see it. Whether that runtime is the
    // kubelet's is decided against the bundle's own statement of it (extract/derived.ts clientsOfAnotherRuntime).
    // The API-server client libraries' wordings ("controller-runtime client", "kubernetes client") are not this.
    fact: 'runtime.unreachable',
    pattern:
      '(?:[Ff]ailed|[Uu]nable|[Ee]rror) (?:to create|creating) (?:a |the )?containerd client[^\\n]{0,240}(?:code = Unavailable|connection error|connection refused|no such file or directory|context deadline exceeded|cannot unix dial|failed to dial)|containerd: cannot unix dial containerd api service|failed to dial \\\\?"[^"\\n]{0,200}containerd\\.sock\\\\?": context deadline exceeded|make sure you are running as root and the runtime has been started',
    literals: [
      'to create containerd client',
      'to create a containerd client',
      'to create the containerd client',
      'creating containerd client',
      'creating a containerd client',
      'creating the containerd client',
      'cannot unix dial containerd api service',
      'containerd.sock\\": context deadline exceeded',
      'containerd.sock": context deadline exceeded',
      'running as root and the runtime has been started',
    ],
    source:
      'containerd client/client.go New ("failed to dial %q: %w" with its dial timeout, errors.Wrapf before 1.5, client.go at the root until 1.7); google/cadvisor container/containerd client.go Client ("containerd: cannot unix dial containerd api service: %v") and factory.go Register ("unable to create containerd client: %v"), run inside the kubelet; agents wrapping containerd.New ("failed to create containerd client: %w"); cri-tools cmd/crictl main.go getConnection / util.go getRuntimeClientConnection ("failed to connect, make sure you are running as root and the runtime has been started: %v", v1.11-v1.25)',
    mechanism:
      "a client of the runtime could not make its connection: nothing answers on the runtime's socket (down, restarting, or not the one the client expects)",
  },
  {
    fact: 'runtime.unreachable',
    pattern: 'error reading server preface',
    literals: ['error reading server preface'],
    from: [...NODE_DAEMONS],
    source:
      'grpc-go internal/transport/http2_client.go (*http2Client).reader ("error reading server preface: %v"), in the kubelet CRI client',
    mechanism:
      'the runtime socket accepted a connection and closed it at once: the daemon is exiting or overloaded',
  },
  {
    fact: 'runtime.op_timeout',
    pattern: `${CRI_CALL}[^\\n]{0,200} from runtime service failed[^\\n]{0,200}(?:DeadlineExceeded|context deadline exceeded)`,
    literals: ['from runtime service failed'],
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes pkg/kubelet/cri/remote/remote_runtime.go (*remoteRuntimeService).<Call> ("StopPodSandbox from runtime service failed"; pkg/kubelet/remote before 1.20)',
    mechanism:
      "a CRI call on one sandbox or container did not return within the kubelet's runtime-request-timeout (2 min): the runtime is blocked inside it",
  },
  {
    fact: 'runtime.op_timeout',
    pattern:
      'failed to \\\\?"(?:KillPodSandbox|KillContainer|CreatePodSandbox|StartContainer)\\\\?" for [^\\n]{0,200} with [A-Za-z]+Error: [^\\n]{0,300}(?:DeadlineExceeded|context deadline exceeded)',
    literals: [
      'failed to "CreatePodSandbox" for',
      'failed to "CreatePodSandbox\\" for',
      'failed to "KillContainer" for',
      'failed to "KillContainer\\" for',
      'failed to "KillPodSandbox" for',
      'failed to "KillPodSandbox\\" for',
      'failed to "StartContainer" for',
      'failed to "StartContainer\\" for',
      'failed to \\"CreatePodSandbox" for',
      'failed to \\"CreatePodSandbox\\" for',
      'failed to \\"KillContainer" for',
      'failed to \\"KillContainer\\" for',
      'failed to \\"KillPodSandbox" for',
      'failed to \\"KillPodSandbox\\" for',
      'failed to \\"StartContainer" for',
      'failed to \\"StartContainer\\" for',
    ],
    source:
      'kubernetes pkg/kubelet/container/sync_result.go (*PodSyncResult).Error ("failed to %q for %q with %v: %q"), in the kubelet\'s pod sync errors and FailedKillPod/FailedSync events',
    mechanism:
      'killing or creating a pod sandbox or container timed out in the runtime: the call is blocked below the kubelet',
  },
  {
    fact: 'runtime.op_timeout',
    pattern: 'operation timeout: context deadline exceeded',
    literals: ['operation timeout: context deadline exceeded'],
    from: ['kubelet', 'dockerd', 'unknown'],
    source:
      'cri-dockerd libdocker/kube_docker_client.go operationTimeout.Error ("operation timeout: %v"; kubernetes pkg/kubelet/dockershim/libdocker before 1.24)',
    mechanism:
      'a Docker API call made by dockershim/cri-dockerd did not return within its timeout: dockerd is blocked',
  },
  {
    // Round 18: the kubelet's prober writes "%s probe errored: %v" (event Unhealthy, and klog "Probe errored") when
    // running the probe itself failed, with the runtime's error; the container's own answer is "probe failed: %s".
    // For an exec probe that error is the ExecSync call's: dockershim's and cri-dockerd's Docker exec calls past their
    // request timeout ("operation timeout: %v"), or the kubelet's own deadline on ExecSync (the probe's timeout plus
    // the runtime request timeout) before 1.20 rewrote it as a command timeout. The container answers nothing: the
    // runtime's exec into it does not return.
    fact: 'runtime.container_cmd_hang',
    pattern:
      '[Pp]robe errored[:"][^\\n]{0,300}(?:operation timeout: context deadline exceeded|code = DeadlineExceeded desc = context deadline exceeded)',
    literals: ['probe errored'],
    from: ['kubelet', 'app', 'unknown'],
    source:
      'kubernetes pkg/kubelet/prober/prober.go (*prober).probe ("%s probe errored: %v" event, klog "Probe errored") relaying the exec probe\'s runtime error: cri-dockerd libdocker/kube_docker_client.go operationTimeout ("operation timeout: %v" from CreateExec/StartExec/InspectExec; pkg/kubelet/dockershim/libdocker before 1.24) or the CRI client\'s ExecSync deadline (pkg/kubelet/remote remote_runtime.go ExecSync, timeout plus runtime-request-timeout; a DeadlineExceeded there is ErrCommandTimedOut from 1.20)',
    mechanism:
      "an exec probe into one container did not come back from the runtime within its deadline: the runtime's exec into that container (its shim, or the process it must enter) is not answering",
  },
  // Round 18: a sandbox's own image step. A sandbox is made from the sandbox image alone (containerd's RunPodSandbox
  // ensures it, then creates the sandbox container with a snapshot of it; CRI-O's CreatePodSandbox resolves or pulls
  // pause_image), so an image error inside a sandbox's creation is the pause image's, for every new pod.
  {
    fact: 'runtime.sandbox_image_failed',
    literals: [
      'Failed to create pod sandbox',
      'RunPodSandbox',
      'CreatePodSandbox',
      'failed to start sandbox',
      'creating pod sandbox with name',
    ],
    pattern:
      '(?:[Ff]ailed to create pod sandbox|RunPodSandbox|CreatePodSandbox|failed to start sandbox)[^\\n]{0,400}failed to create containerd container: (?:error unpacking image|failed to prepare extraction snapshot)|(?:error )?creating pod sandbox with name [^\\n]{0,200}(?:initializing source|reading manifest|pinging container registry|unauthorized|authentication required|requested access to the resource is denied|manifest unknown)',
    source:
      'containerd CRI plugin sandbox_run.go (*criService).RunPodSandbox ("failed to create containerd container: %w" around NewContainer with WithNewSnapshot of the sandbox image, whose opts/container.go unpack says "error unpacking image: %w" and core/unpack/unpacker.go "failed to prepare extraction snapshot %q: %w"; pkg/cri/server 1.5-1.7, podsandbox/sandbox_run.go (*Controller).Start 1.7 sbserver and 2.x, under "failed to start sandbox %q: %w"), relayed by the kubelet ("Failed to create pod sandbox: %v", "RunPodSandbox from runtime service failed", failed to "CreatePodSandbox"); cri-o server/sandbox_run_linux.go runPodSandbox ("error creating pod sandbox with name %q: %v" to 1.20, "creating pod sandbox with name %q: %w" after) around internal/storage/runtime.go CreatePodSandbox, which pulls pause_image with containers/image ("initializing source %s", "reading manifest %s in %s", "pinging container registry %s")',
    mechanism:
      "the runtime cannot unpack or pull the sandbox (pause) image while creating a sandbox (a registry refusing it without credentials, a snapshotter fetching its layers): that sandbox fails before any network or container work, and so does every new pod's",
  },
  {
    // containerd's ensureImageExists, called for the sandbox image alone, wraps the CRI plugin's own PullImage error
    // directly: "failed to pull image %q: failed to pull and unpack image %q: ...". A workload image's pull is the
    // kubelet's, whose error carries the gRPC status between ("Failed to pull image %q: rpc error: ...").
    fact: 'runtime.sandbox_image_failed',
    literals: ['": failed to pull and unpack image'],
    pattern: 'failed to pull image \\\\?"[^"\\\\ ]+\\\\?": failed to pull and unpack image',
    source:
      'containerd CRI plugin helpers.go (*criService).ensureImageExists ("failed to pull image %q: %w" around its own PullImage, whose error is "failed to pull and unpack image %q: %w"; vendor/github.com/containerd/cri pkg/server to 1.4, pkg/cri/server 1.5-1.7, internal/cri/server/podsandbox/sandbox_run.go 2.x), called by RunPodSandbox for the configured sandbox image only',
    mechanism:
      "the runtime could not pull the sandbox (pause) image it is configured with: that sandbox fails before any network or container work, and so does every new pod's until the image can be had",
  },
  {
    fact: 'fd.emfile',
    pattern: '[Tt]oo many open files|EMFILE',
    literals: ['EMFILE', 'too many open files'],
    from: [...NODE_DAEMONS],
    strict: true,
    discountAs: 'fd.app_emfile',
    // ENFILE's text begins with EMFILE's: the kernel's file table (fs.file-max), not this daemon's own limit.
    unless: 'inotify|http: Accept error|open files in system',
    source:
      'EMFILE errno text ("too many open files", Go syscall.EMFILE / strerror) in errors written by the kubelet, dockerd, containerd, cri-o or their shims',
    mechanism:
      'the daemon is at its open-file limit (LimitNOFILE): every new socket, file or pipe it needs fails',
  },
  {
    fact: 'fd.inotify',
    pattern:
      'inotify_init1?: [Tt]oo many open files|inotify resources exhausted|inotify[^\\n]{0,200}[Nn]o space left on device|fsnotify watcher: [Tt]oo many open files|[Ff]ailed to create inotify|inotify instance limit|inotify watch limit',
    literals: [
      'failed to create inotify',
      'fsnotify watcher: too many open files',
      'inotify instance limit',
      'inotify resources exhausted',
      'inotify watch limit',
      'inotify_init: too many open files',
      'inotify_init1: too many open files',
      'no space left on device',
    ],
    source:
      'inotify_init1(2) EMFILE / inotify_add_watch(2) ENOSPC as reported by cAdvisor (kubelet), fsnotify users (containerd, dockerd), and tail -f ("inotify resources exhausted", GNU coreutils tail.c)',
    mechanism:
      'fs.inotify.max_user_instances or max_user_watches is used up: the kubelet cannot watch cgroups and followers cannot start',
  },
  {
    // A watch that could not be added ends in ENOSPC only at the watch limit: inotify_add_watch(2) returns ENOSPC when
    // the user's fs.inotify.max_user_watches is used up, and fsnotify's Add returns that errno as is. The programs
    // wrap it in their own words, none naming inotify: the kubelet's plugin watcher walking its plugin directories
    // (into the volumes mounted under them, one watch per directory), its log follower for kubectl logs -f,
    // containerd's and Cilium's watch of the CNI configuration directory.
    fact: 'fd.inotify',
    pattern: '[Ff]ailed to watch [^\\n]{1,300}[Nn]o space left on device',
    literals: ['no space left on device'],
    // The reflector's "Failed to watch *v1.Node" is an API watch, not a file's.
    unless: '[Ff]ailed to watch (?:\\*[A-Za-z0-9_]+\\.|<unspecified>)',
    source:
      'fsnotify (*Watcher).Add returning inotify_add_watch(2)\'s ENOSPC ("no space left on device"; inotify(7): /proc/sys/fs/inotify/max_user_watches), wrapped by kubernetes pkg/kubelet/pluginmanager/pluginwatcher/plugin_watcher.go traversePluginDir ("failed to watch %s, err: %v", 1.12 on; fatal through kubelet.go "failed to start Plugin Watcher. err: %v" to 1.15, structured "Failed to traverse plugin socket path" since), pkg/kubelet/kuberuntime/logs/logs.go ReadLogs ("failed to watch file %q: %v", kubectl logs -f), containerd pkg/cri cni_conf_syncer.go newCNINetConfSyncer ("failed to watch cni conf dir %s: %w", 1.5 on) and cilium daemon/cmd/cni ("Failed to watch CNI configuration directory %s: %v")',
    mechanism:
      "a program could not add an inotify watch: the user's inotify watches (fs.inotify.max_user_watches) are used up, not the disk; the kubelet's plugin watcher exits at start on it, followers and configuration watchers stop seeing changes",
  },
  {
    fact: 'fd.inotify',
    pattern: 'Failed to allocate directory watch: [Tt]oo many open files',
    literals: ['Failed to allocate directory watch'],
    source:
      'systemd src/tty-ask-password-agent/tty-ask-password-agent.c (inotify_init1 failing: "Failed to allocate directory watch: %m"), the password agent systemctl start, restart and daemon-reload spawn; EMFILE from inotify_init1(2) at fs.inotify.max_user_instances (128 by default)',
    mechanism:
      "systemctl's password agent could not get an inotify instance: the user's inotify instances (fs.inotify.max_user_instances) are used up, the limit the kubelet's cAdvisor and every fsnotify user on the node draw from",
  },
  {
    fact: 'runtime.op_timeout',
    pattern: 'level=error msg="[^"]{0,160}" error="[^"]{0,200}(?:context deadline exceeded|DeadlineExceeded)',
    literals: ['context deadline exceeded', 'DeadlineExceeded'],
    from: RUNTIMES,
    source:
      'logrus error entries of the runtime daemons, log.G(ctx).WithError(err).Error(...) in containerd, dockerd and cri-o: `msg="..." error="context deadline exceeded"`',
    mechanism: 'an operation inside the runtime daemon did not finish before its context deadline',
  },
  {
    // connect(2) on a unix stream socket answers EAGAIN when the listener's backlog is full (unix(7)): the socket
    // exists and a process holds it, but it has stopped calling accept — hung, or out of descriptors (EMFILE on
    // accept leaves connections queued). ECONNREFUSED would mean nobody listens, ENOENT that there is no socket.
    fact: 'runtime.not_accepting',
    pattern:
      '(?:docker|containerd|crio|cri-dockerd|dockershim)[^ \\n]*\\.sock[^\\n]{0,40}connect: resource temporarily unavailable',
    literals: ['connect: resource temporarily unavailable'],
    source:
      'unix(7) and connect(2): EAGAIN for a unix stream socket whose listen backlog is full (Go net.Dial, "dial unix")',
    mechanism: "the runtime's socket queue is full: the daemon has stopped accepting connections",
  },
  // Windows nodes: the Service Control Manager's System-log events for the runtime's service.
  {
    fact: 'runtime.service_failed',
    ...scmServiceFailure('(?:Docker Engine|[Dd]ocker|containerd)'),
    source: `${SCM_EVENTS} for the docker ("Docker Engine") and containerd services`,
    mechanism:
      "on a Windows node the runtime's service does not start or does not stay up: the kubelet has no runtime to talk to",
  },
  // The runtime's state as other service managers and distributions' tools print it (service-managers.ts): only
  // the runtime's own names count, never another program's row in the same table.
  {
    fact: 'runtime.service_failed',
    ...supervisordExited(RT),
    mechanism:
      'supervisord saw the runtime daemon it runs die on its own (an exit status not in its exitcodes, status 2 that supervisor 3.x expects by default, or a signal): the runtime is down until supervisord respawns it',
  },
  {
    fact: 'runtime.restart_limit',
    ...supervisordGaveUp(RT),
    mechanism:
      'the runtime daemon kept dying within startsecs until supervisord spent its startretries: it is left in FATAL and nothing restarts it',
  },
  {
    fact: 'runtime.restart_limit',
    ...supervisorctlRow(RT, ['FATAL']),
    mechanism: 'supervisorctl shows the runtime in FATAL: supervisord gave up starting it and it stays down',
  },
  {
    fact: 'runtime.service_failed',
    ...supervisorctlRow(RT, ['BACKOFF', 'EXITED']),
    mechanism:
      'supervisorctl shows the runtime exited, or dying at start and waiting to be retried: nothing answers CRI calls meanwhile',
  },
  {
    fact: 'runtime.service_stopped',
    ...supervisorctlRow(RT, ['STOPPED']),
    mechanism: 'supervisorctl shows the runtime stopped: unless it is started, nothing serves CRI calls',
  },
  {
    fact: 'runtime.service_failed',
    ...initscriptsDead(RT),
    source: `${INITSCRIPTS} ("%s dead but pid file exists", "%s dead but subsys locked"), printed by \`service docker status\` on RHEL/CentOS 6 and SysV scripts sourcing it`,
    mechanism:
      'the runtime daemon is gone although its pid file or subsys lock says it was started: it died rather than being stopped',
  },
  {
    fact: 'runtime.service_stopped',
    ...initscriptsStopped(RT),
    mechanism:
      'the init script finds no runtime daemon at all: unless it is started, nothing serves CRI calls',
  },
  {
    fact: 'runtime.service_failed',
    ...openrcDown(RT),
    source: `${OPENRC} src/rc-status/rc-status.c print_service ("crashed" for a started service whose daemon is gone, "failed") and src/openrc-run/openrc-run.c ("ERROR: %s failed to start")`,
    mechanism:
      "OpenRC (Alpine's init) marks the runtime's service crashed or failed: its daemon died or did not start",
  },
  {
    fact: 'runtime.service_stopped',
    ...openrcStopped(RT),
    mechanism: "OpenRC lists the runtime's service stopped: unless it is started, nothing serves CRI calls",
  },
  {
    fact: 'runtime.service_failed',
    ...microk8sInspectDown(MICROK8S_RUNTIME),
    source: `${MICROK8S} ("FAIL:  Service %s is not running" for snap.microk8s.daemon-containerd, or microk8s.daemon-containerd under strict confinement)`,
    mechanism: "microk8s inspect finds the snap's containerd not running: the kubelet it runs has no runtime",
  },
  {
    fact: 'runtime.service_stopped',
    ...snapServiceInactive(MICROK8S_RUNTIME),
    source: `${SNAPD} for microk8s.daemon-containerd`,
    mechanism: "snap lists MicroK8s' containerd inactive: unless it is started, nothing serves CRI calls",
  },
  {
    fact: 'runtime.service_failed',
    ...upstartDied(RT),
    source: `${UPSTART} init/job_process.c job_process_handler ("%s %s process (%d) terminated with status %d", "killed by %s signal") and job_process_terminated ("%s %s process ended, respawning")`,
    mechanism:
      "upstart's init saw the runtime's main process die (Ubuntu 14.04's docker job): it is down until respawned",
  },
  {
    fact: 'runtime.restart_limit',
    ...upstartGaveUp(RT),
    mechanism: 'upstart stopped respawning the runtime after it died too often: it stays down',
  },
  {
    fact: 'runtime.service_stopped',
    ...upstartStopped(RT),
    mechanism:
      "upstart's status shows the runtime's job stopped: unless it is started, nothing serves CRI calls",
  },
  // Round 27 (r27-words): Talos' machined and `talosctl services`, and systemd's `systemctl --failed` table.
  {
    fact: 'runtime.unit_failed',
    ...talosServiceEnded(TALOS_RUNTIME),
    mechanism:
      "Talos' machined logged the runtime's service ended (Failed, or Finished) and does not run it again until the machine restarts it: nothing serves CRI calls",
  },
  {
    fact: 'runtime.unit_failed',
    ...talosServicesRow(TALOS_RUNTIME),
    mechanism:
      "`talosctl services` lists the runtime's service Finished or Failed: it is not running and machined does not restart it, so nothing serves CRI calls",
  },
  {
    fact: 'runtime.unit_failed',
    ...systemctlFailedRow(RT),
    mechanism:
      "`systemctl --failed` lists the runtime's unit failed: systemd gave up restarting it (or it has no Restart=), so nothing serves CRI calls",
  },
  // The docker CLI on Windows (Docker Desktop, Windows nodes): the named pipe has no daemon behind it.
  {
    fact: 'runtime.unreachable',
    pattern: '[Tt]his error may indicate that the docker daemon is not running',
    literals: ['may indicate that the docker daemon is not running'],
    source:
      'moby client/request.go (*Client).doRequest (a failed connection to the named pipe wrapped as "This error may indicate that the docker daemon is not running." to 20.10, "this error may indicate that the docker daemon is not running: %w" from 23.0) inside errConnectionFailed ("error during connect: ...")',
    mechanism: "the docker CLI cannot open dockerd's named pipe: dockerd is not running",
  },
  // ctr, containerd's own CLI, when nothing answers on containerd's socket.
  {
    fact: 'runtime.unreachable',
    pattern: 'ctr: failed to dial \\\\?"[^"\\n]{0,200}containerd\\.sock',
    literals: ['ctr: failed to dial'],
    source:
      'containerd client.go New ("failed to dial %q: %w" around the blocking gRPC dial of its address), printed by cmd/ctr as "ctr: %v" (1.x and 2.x; k3s and rke2 ship it as `k3s ctr`)',
    mechanism:
      "ctr cannot connect to containerd's socket within its timeout: containerd is down or not accepting",
  },
  // Round 29 (r29-runtime): grpc-go's dial error to a runtime's socket whatever reason follows, or none (a line cut
  // after the socket's path). The transport writes "transport: Error while dialing %v" (v1.7-v1.54; "transport: %v"
  // before, "transport: Error while dialing: %v" from v1.55) inside "connection error: desc = %q", and the channel
  // logs "grpc: addrConn.createTransport failed to connect to %v. Err :%v. Reconnecting..." around it; the dial
  // error is Go's "dial unix PATH: ..." (the kubelet's CRI client, crictl) or containerd's dialer's "dial unix://PATH:
  // timeout" (containerd's client library: the kubelet's embedded cAdvisor, dockerd, ctr), which loops while the
  // socket is absent until its deadline. Either way the client cannot reach the runtime through its socket.
  {
    fact: 'runtime.unreachable',
    literals: ['Error while dialing'],
    pattern:
      'Error while dialing:? dial unix(?::/{2,3}| )[^ \\n"\\\\]{0,200}(?:containerd|crio|docker|dockershim|cri-dockerd)\\.sock',
    from: [...NODE_DAEMONS],
    source:
      'grpc-go internal/transport/http2_client.go newHTTP2Client ("transport: Error while dialing %v", transport/http2_client.go from v1.7, "transport: Error while dialing: %v" from v1.55) under ConnectionError ("connection error: desc = %q") and clientconn.go (*addrConn).createTransport ("grpc: addrConn.createTransport failed to connect to %v. Err :%v. Reconnecting...", v1.2x; "... Err: %v" v1.40 on); the dial error from Go net ("dial unix %s: ...", the kubelet\'s CRI client pkg/kubelet/cri/remote and crictl) or containerd pkg/dialer timeoutDialer ("dial %s: timeout" with the unix:// address, looping while the socket is absent; google/cadvisor container/containerd client.go in the kubelet, moby libcontainerd, ctr)',
    mechanism:
      "a gRPC client of the runtime (the kubelet's CRI client or its cAdvisor, dockerd, crictl) cannot open a connection on the runtime's socket: the runtime is down, restarting or not listening there, or the client keeps failing to redial it",
  },
  {
    // The CRI calls besides the listings and status ones kubelet.ts reads, and the image service's, failing with
    // gRPC's Unavailable: the client's connection to the runtime's socket is down.
    fact: 'runtime.unreachable',
    // Not "from runtime service failed": the kubelet writes it for every failed call (NotFound is routine).
    literals: ['code = Unavailable'],
    pattern: `(?:${CRI_CALL}|ImageFsInfo|ListImages|ImageStatus|PullImage|RemoveImage)[^\\n]{0,80} from (?:runtime|image) service failed[^\\n]{0,200}code = Unavailable`,
    from: ['kubelet', 'unknown'],
    source:
      'kubernetes cri-client remote_runtime.go and remote_image.go (pkg/kubelet/cri/remote before 1.26, staging/src/k8s.io/cri-client from 1.31): "%s from runtime service failed" / "%s from image service failed" (klog text to 1.20, structured with err= after) around every CRI call, with grpc-go\'s status "rpc error: code = Unavailable desc = ..." (codes.Unavailable: the transport is down, connection refused or closing)',
    mechanism:
      "a CRI call to the runtime or its image service failed because the gRPC connection to the runtime's socket is down (refused, absent, or closed under the call)",
  },
  {
    // crictl from v1.26 (its default endpoints tried in turn: dockershim.sock first, so that one alone is a client
    // not configured, not a runtime down).
    fact: 'runtime.unreachable',
    literals: ['running as root and the endpoint has been started'],
    pattern:
      "connect endpoint '?[^ \\n']{0,200}(?:containerd|crio|cri-dockerd)\\.sock'?, make sure you are running as root and the endpoint has been started",
    source:
      'cri-tools cmd/crictl main.go / util.go getConnection ("connect endpoint \'%s\', make sure you are running as root and the endpoint has been started: %w" around a blocking grpc.Dial, v1.26 on; "...the runtime has been started" before)',
    mechanism:
      "crictl cannot connect to the runtime's socket within its timeout: the runtime is down or not listening there",
  },
  // Round 29 (r29-runtime): containerd's dialer's own form ("dial unix:///PATH: ..."), in the kubelet's log: the
  // kubelet's CRI client dials "dial unix PATH", so this is its embedded cAdvisor's containerd client redialing
  // (the symptom of the kubelets whose cAdvisor retried with no backoff, defects.ts kubelet-cadvisor-redial-flood).
  {
    fact: 'kubelet.containerd_redial',
    literals: ['Error while dialing'],
    pattern: 'Error while dialing:? dial unix:///[^ \\n"\\\\]{0,200}containerd\\.sock',
    from: ['kubelet'],
    source:
      'google/cadvisor container/containerd client.go Client (grpc.DialContext with containerd pkg/dialer ContextDialer and dialer.DialAddress\'s unix:// address; its timeoutDialer writes "dial %s: timeout"), run inside the kubelet\'s cAdvisor, under grpc-go\'s "transport: Error while dialing %v"',
    mechanism:
      "the kubelet's embedded cAdvisor cannot redial containerd's socket: containerd was down or restarting, and this client keeps redialing it",
  },
  // Round 29 (r29-runtime): ENOSPC on the memory-backed filesystems the runtimes keep their state and exec files in.
  // /run (and /var/run, its link) and /dev/shm are tmpfs (systemd's file-hierarchy(7): "/run/ A tmpfs file system
  // for system packages to place runtime data"; hier(7)), where containerd's shims keep their bundles and FIFOs
  // (/run/containerd), runc its state (/run/runc), CRI-O its exec files (/run/crio); an exec writes its process spec to
  // a temporary file first (containerd's go-runc Exec: os.CreateTemp($XDG_RUNTIME_DIR, "runc-process"), /tmp when it
  // is unset; CRI-O's prepareProcessExec: os.CreateTemp("", "exec-process-")). On tmpfs(5) what is written is held in
  // the node's memory up to the mount's size, and a full one fails every write with ENOSPC: every exec (every exec
  // probe) fails, and the space is memory, not the node's disk.
  {
    fact: 'fs.tmpfs_full',
    literals: ['no space left on device'],
    pattern:
      '(?:write|open|openat|mkdir|mkdirat|mkfifo|mknod|rename|symlink|link) (?:(?:/var)?/run/|/dev/shm/)[^ \\n:"\\\\]{0,200}: [Nn]o space left on device',
    from: [...NODE_DAEMONS, 'unknown'],
    source:
      'write(2)/open(2)/mkdir(2)/mknod(2) ERRORS, ENOSPC ("no space left on device" as Go\'s os.PathError prints it, "write %s: %v"), on tmpfs(5) mounts: systemd file-hierarchy(7) /run, hier(7) /dev/shm; the paths the runtimes write there: containerd go-runc runc.go (*Runc).Exec (os.CreateTemp(os.Getenv("XDG_RUNTIME_DIR"), "runc-process"), relayed as "OCI runtime exec failed: %s" by cmd/containerd-shim-runc-v2/process/exec.go, pkg/process before 2.0, runtime/v1/linux/proc to 1.2), cri-o internal/oci/runtime_oci.go prepareProcessExec (os.CreateTemp("", "exec-process-")), runc libcontainer state under its /run/runc root, containerd\'s shim bundles and FIFOs under /run/containerd',
    mechanism:
      "a memory-backed filesystem the runtime writes its state and exec files to (/run, /dev/shm, the exec's temporary directory) is full: every exec into a container, every exec probe, fails with ENOSPC, and what fills it is held in the node's memory",
  },
  {
    // The same for the runtime's own files, read in an exec probe's result too: the kubelet quotes a probe's output
    // as the container's (components.ts isRelayedOutput), but an exec that failed before the container ran anything
    // ("OCI runtime exec failed: ...", "command error: ...") is the runtime's own error about its own files.
    fact: 'fs.tmpfs_full',
    literals: ['no space left on device'],
    pattern:
      '(?:write|open|openat|mkdir|mkdirat|mkfifo|mknod|rename) (?:[^ \\n:"\\\\]{0,200}/(?:runc-process|exec-process-)|(?:/var)?/run/(?:containerd|runc|crio|docker|k3s)/)[^ \\n:"\\\\]{0,200}: [Nn]o space left on device',
    from: [...NODE_DAEMONS, 'unknown', 'app'],
    source:
      'containerd go-runc runc.go (*Runc).Exec (os.CreateTemp(os.Getenv("XDG_RUNTIME_DIR"), "runc-process")) relayed as "OCI runtime exec failed: %s" (cmd/containerd-shim-runc-v2/process/exec.go runtimeError) into the exec probe\'s result; cri-o internal/oci/runtime_oci.go prepareProcessExec (os.CreateTemp("", "exec-process-")) under ExecSyncError; the state roots of containerd (/run/containerd), runc (/run/runc), CRI-O (/run/crio) and dockerd (/run/docker) on tmpfs (systemd file-hierarchy(7) /run); ENOSPC per write(2)/open(2) ERRORS',
    mechanism:
      "the runtime cannot write an exec's process file or its own state on the memory-backed filesystem it keeps them on: every exec probe fails with ENOSPC while it is full",
  },
  // k3s and rke2 run containerd as their own child and exit when it does.
  {
    fact: 'runtime.service_failed',
    pattern: 'containerd exited: ',
    literals: ['containerd exited: '],
    source:
      'k3s-io/k3s pkg/agent/containerd/containerd.go Run (logrus.Errorf("containerd exited: %s", err), then os.Exit(1); rke2 runs the same agent code)',
    mechanism:
      'the containerd that k3s or rke2 runs as its child exited with an error, and the agent exited after it: the runtime, and the kubelet the agent runs, are down until the service restarts',
  },
  // The runtime handler a pod's RuntimeClass names, absent from the runtime's configuration: refused before any
  // container or network work, as the kubelet's own sandbox configuration is.
  // Round 22 (r22-below-runtime): read as the runtime unable to run that class (runtime_down), no longer as the
  // kubelet's own sandbox configuration: the handler is the runtime's configuration, and an installer's cleanup
  // that removes its entry (or its binary, which CRI-O then drops) and restarts the runtime leaves exactly this.
  {
    fact: 'runtime.handler_missing',
    literals: ['no runtime for "', 'no runtime for \\"', 'failed to find runtime handler'],
    pattern:
      'no runtime for \\\\?"[^"\\\\]{1,100}\\\\?" is configured|failed to find runtime handler (?:[^ \\n]{1,100} from runtime list|\\\\?"[^"\\\\]{1,100}\\\\?")',
    source:
      'containerd CRI plugin sandbox_run.go (*criService).RunPodSandbox → getSandboxRuntime ("no runtime for %q is configured", wrapped as "failed to get sandbox runtime: %w"; vendor/github.com/containerd/cri to 1.4, pkg/cri/server and sbserver 1.5-1.7, internal/cri/config in 2.x); containerd 2.1+ internal/cri/server/container_create.go ("failed to find runtime handler %q", the sandbox\'s handler gone from the configuration after the sandbox was made); cri-o internal/oci/oci.go (*Runtime).ValidateRuntimeHandler ("failed to find runtime handler %s from runtime list %v", 1.14 on)',
    mechanism:
      "a pod's RuntimeClass names a handler this node's runtime is not configured with (containerd's runtimes table, CRI-O's runtimes list): its sandbox is refused before anything runs, for every pod of that class on the node",
  },
  // The sandbox (pause) image, pulled or looked up by the runtime before each sandbox: when it cannot be had, every
  // new pod fails there, whatever the network plugin and the workloads' own images.
  {
    fact: 'runtime.sandbox_image_failed',
    literals: ['failed to get sandbox image', 'failed to inspect sandbox image', 'unable to run pause image'],
    pattern: 'failed to get sandbox image|failed to inspect sandbox image|unable to run pause image',
    source:
      'containerd CRI plugin sandbox_run.go (*criService).RunPodSandbox ("failed to get sandbox image %q: %w" around ensureImageExists of the configured sandbox_image; vendor/github.com/containerd/cri/pkg/server to 1.4, pkg/cri/server 1.5-1.7, pkg/cri/sbserver/podsandbox 1.7 and internal/cri/server/podsandbox (*Controller).Start 2.0-2.1); kubernetes pkg/kubelet/dockershim/helpers.go ensureSandboxImageExists ("failed to inspect sandbox image %q: %v", catalogued at 1.19, dockershim gone in 1.24; cri-dockerd core/sandbox_helpers.go v0.2-v0.4); cri-o internal/lib/sandbox/infra.go PauseCommand ("unable to run pause image %q: %w", catalogued at v1.32, not at v1.30), each with the pull or lookup error after it',
    mechanism:
      "the runtime cannot obtain the sandbox (pause) image it is configured with (its registry unreachable or refusing, the tag absent, the image removed by garbage collection on an air-gapped node): every new pod's sandbox fails before any container or network work, while running pods carry on",
  },
  // Round 29 (r29-runtime): the sandbox image's own step in the wordings that do not say "sandbox image". A sandbox is
  // made from the sandbox image alone, so an image step failing inside a sandbox's creation is that image's: containerd
  // 2.x's pause-image check (no "sandbox image" wrapper), dockershim's and cri-dockerd's pull of it, and the kubelets
  // before 1.6 that ran the sandbox as a Docker container named "POD" through their image puller. The pattern stops at
  // the image's name: a line cut short after it (a pager, a terminal) is still the sandbox image's step failing.
  {
    fact: 'runtime.sandbox_image_failed',
    literals: [
      'desc = failed pulling image',
      'desc = failed to pull image',
      'desc = failed to get image',
      'for "POD" with',
      'for \\"POD\\" with',
      'creating pod sandbox with name',
    ],
    pattern:
      '(?:[Ff]ailed to create (?:pod )?sandbox|RunPodSandbox|[Cc]reatePodSandbox)[^\\n]{0,400}desc = (?:failed pulling image|failed to (?:pull|get) image) \\\\?"|failed to \\\\?"StartContainer\\\\?" for \\\\?"POD\\\\?" with (?:ErrImagePull|ImagePullBackOff)|creating pod sandbox with name [^\\n]{0,200}(?:copying system image from manifest list|[Ee]rror reading blob|reading blob sha256|pinging docker registry)',
    source:
      'containerd internal/cri/server/sandbox_run.go (*criService).ensurePauseImageExists ("failed to get image %q: %w" when the local lookup fails, "failed to pull image %q: %w" around the images service\'s PullImage; internal/cri/server/podsandbox/sandbox_run.go in 2.0-2.2, called by RunPodSandbox for the pinned sandbox image, the error returned unwrapped); cri-dockerd core/sandbox_helpers.go ensureSandboxImageExists ("failed pulling image %q: %v", v0.2 on; kubernetes pkg/kubelet/dockershim/helpers.go 1.6-1.23), called by RunPodSandbox as its step 1; each relayed by the kubelet\'s "Failed to create pod sandbox: %v" (its event), "RunPodSandbox from runtime service failed" (remote_runtime.go), "CreatePodSandbox for pod %q failed" and "Failed to create sandbox for pod" (kuberuntime_sandbox.go, klog text and structured) and "createPodSandbox for pod %q failed" (kuberuntime_manager.go) under the gRPC status ("rpc error: code = Unknown desc = ..."); kubernetes pkg/kubelet/container/sync_result.go PodSyncResult.Error ("failed to %q for %q with %v: %q") for the pod infra container "POD" (pkg/kubelet/dockertools docker_manager.go createPodInfraContainer through the image puller, ErrImagePull or ImagePullBackOff, 1.2-1.5); cri-o server/sandbox_run_linux.go runPodSandbox ("creating pod sandbox with name %q: %w") over the pause_image pull\'s containers/image errors past the manifest (copy.go "copying system image from manifest list: %w", a layer\'s "reading blob %s: %w") and its older registry ping ("pinging docker registry returned")',
    mechanism:
      "the runtime (or, before 1.6, the kubelet's own Docker path) cannot get or pull the sandbox (pause) image while creating a pod's sandbox: that sandbox fails before any network or container work, and so does every new pod's until the image can be had",
  },
  // Round 28 (r28-runtime): the runtime refusing to delete what its client believes stopped. containerd's client
  // library checks for a task before it deletes a container, and for a stopped status before it deletes a task or an
  // exec'd process; dockerd refuses to remove a container its state holds running, or one whose removal has not
  // ended. The client (the CRI plugin for the kubelet, a service supervisor running the kubelet as a container,
  // dockerd over containerd) deleting it took it for stopped: the runtime's record and its client's disagree.
  {
    fact: 'runtime.task_delete_refused',
    literals: [
      'cannot delete running task',
      'must be stopped before deletion',
      'Stop the container before attempting removal',
      'stop the container before removing',
      'removal of container',
    ],
    pattern:
      'cannot delete running task [^\\n:]{1,200}: failed precondition|(?:task|process) must be stopped before deletion: [a-z]+|You cannot remove a (?:running|restarting|paused) container [0-9a-f]{12,64}\\. (?:Unpause and then s|S)top the container before attempting removal|cannot remove container \\\\?"[^"\\\\\\n]{1,200}\\\\?": container is (?:running|restarting|paused)[^\\n]{0,40}stop the container before removing|removal of container [^ \\n]{1,200} is already in progress',
    source:
      'containerd client container.go (*container).Delete ("cannot delete running task %v: %w" with errdefs.ErrFailedPrecondition, "failed precondition", when loadTask finds the task; container.go to 1.7, client/container.go 2.x), task.go (*task).Delete ("task must be stopped before deletion: %s: %w") and process.go (*process).Delete ("current process state: %s, process must be stopped before deletion: %w"); moby daemon/delete.go (*Daemon).cleanupContainer ("You cannot remove a %s container %s. %s", "Stop the container before attempting removal or force remove", 1.13-24.0; "cannot remove container %q: container is %s: stop the container before removing or force remove", 25.0 on, 2b583c0923) and ContainerRm ("removal of container %s is already in progress", errdefs.Conflict)',
    mechanism:
      "the runtime still holds as running a task or container that its client stopped and now deletes (or an earlier removal of it never ended): the runtime lost track of the process's exit, or its stop path is stuck, and whatever the client would start in its place (a restarted kubelet, a pod's new container) cannot be created under that name",
  },
];
