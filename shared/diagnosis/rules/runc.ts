import type { Signature } from './types.ts';

/**
 * Messages runc writes (relayed by containerd, the shim, cri-o or dockerd, which quote runc's error). runc has no
 * journal of its own on most nodes, so these match wherever the error text surfaces.
 */
export const RUNC_RULES: readonly Signature[] = [
  {
    // runc's own wordings for a start or exec that could not make its processes: the Go side's fork/exec of
    // /proc/self/exe, nsexec's clones of its stages, wrapped by runc and by the shim ("OCI runtime exec failed",
    // "OCI runtime create failed") and quoted again by dockerd, CRI-O and the kubelet, also inside an exec probe's
    // result: the probe's command never ran, so the error is the runtime's, not the application's.
    fact: 'pid.pressure',
    pattern:
      '(?:OCI runtime (?:exec|create|start) failed|runc create failed|unable to start container process|starting container process caused|error starting setns process|starting setns process caused|nsenter: (?:unable to spawn stage-[12]|unable to fork|failed to fork))[^\\n]{0,400}[Rr]esource temporarily unavailable',
    literals: ['resource temporarily unavailable'],
    source:
      'runc libcontainer/container_linux.go ("unable to start container process: %w" from 1.1; "starting container process caused" before), process_linux.go ("error starting setns process: %w"), nsenter/nsexec.c bail ("nsenter: unable to spawn stage-1/-2: %m" from 1.0, "unable to fork: child_func/init_func" in rc93), create.go ("runc create failed"); containerd pkg/process init.go/exec.go runtimeError ("OCI runtime create failed", "OCI runtime exec failed")',
    mechanism:
      "runc could not fork its init or clone its stages (EAGAIN): the runtime's unit, the container's cgroup or the node is out of PIDs/threads, so containers and exec probes fail before their command runs",
  },
  {
    // Round 22: nsexec's clones of its stages (clone_parent: CLONE_PARENT | SIGCHLD, no namespace made) failing with
    // ENOSPC, which kernels from 4.15 returned from alloc_pid for a full PID range (kernel/pid.c; later mapped to
    // EAGAIN): the PID space, as EAGAIN above. unshare's ENOSPC is a namespace count limit and is not read here.
    fact: 'pid.pressure',
    pattern:
      '(?:unable to spawn stage-[12]|unable to fork: (?:child|init)_func)[:：] ?[Nn]o space left on device',
    literals: ['unable to spawn stage-', 'unable to fork: '],
    source:
      'runc libcontainer/nsenter/nsexec.c clone_parent (clone(child_func, …, CLONE_PARENT | SIGCHLD)) and bail ("unable to spawn stage-1/-2: %m" from 1.0, commit 64bb59f5; "unable to fork: child_func/init_func" 2016-2020); linux kernel/pid.c alloc_pid (-ENOSPC from idr_alloc_cyclic, v4.15 commit 95846ecf9dac)',
    mechanism:
      "runc could not clone its init's stages because no PID was left (ENOSPC on 4.15+ kernels): the node or the runtime's PID namespace is out of PIDs, not out of disk",
  },
  {
    // In a process listing (ps, top, a /proc walk): runc's own stages are alive only for the milliseconds a container
    // start takes, so one listed at all has stalled.
    fact: 'runc.init_stuck',
    pattern: '[0-9][^\\n]{0,200}(?:runc:\\[[012]:(?:PARENT|CHILD|INIT)\\]|runc(?:\\.amd64)? init)',
    literals: ['runc:[0:PARENT]', 'runc:[1:CHILD]', 'runc:[2:INIT]', 'runc init', 'runc.amd64 init'],
    // A listing with ps's elapsed-time column (`ps -eo pid,ppid,stat,etime,cmd`: [[dd-]hh:]mm:ss, the minutes always
    // two digits) that shows the stage under three seconds old has caught a start in progress, not a stalled one.
    // CPU time (`ps aux`'s TIME, m:ss; `ps -ef`'s, hh:mm:ss) is no age: a stuck init uses none.
    unless: '\\s00:0[0-2]\\s+(?:runc:\\[|runc(?:\\.amd64)? init)',
    source:
      'runc libcontainer/nsenter/nsexec.c (the stages name themselves "runc:[0:PARENT]", "runc:[1:CHILD]", "runc:[2:INIT]" with prctl(PR_SET_NAME)) and init.go (the container\'s first process runs as `runc init` until it execs the container\'s command)',
    mechanism:
      "a container's runc init stage is still alive: it is stuck before exec'ing the container (a deadlock in its set-up, a cgroup or seccomp step that never returns), and the runtime call that started it waits with it",
  },
  {
    // The exec fifo held, seen from outside: an lsof row (TYPE FIFO, NAME under the runtime's state directory:
    // /run/containerd/runc/<namespace>/<id> for containerd's shims, /run/runc/<id> for runc's and CRI-O's default
    // root, /run/docker/runtime-runc/<namespace>/<id> for older dockerd) or a descriptor link of /proc/PID/fd. Only
    // runc's init keeps it open for longer than a `runc start` reads it: a created container waiting for its start.
    fact: 'runc.init_fifo_wait',
    // The only fifo runc makes (libcontainer's sole mkfifo) is exec.fifo: a FIFO row under a state root is it, also
    // when the NAME column is cut short.
    pattern:
      '(?:[0-9][rwu]?\\s+FIFO\\s[^\\n]{0,160}|[0-9] -> )/[^\\s]*/exec\\.fifo|[0-9][rwu]?\\s+FIFO\\s[^\\n]{0,160}/run/(?:k3s/)?(?:containerd/runc|runc|docker/runtime-runc)/[^\\s/]+',
    literals: ['exec.fifo', 'containerd/runc/', 'run/runc/', 'runtime-runc/'],
    source:
      'runc libcontainer/container_linux.go createExecFifo (mkfifo "exec.fifo" in the container\'s state directory, factory_linux.go execFifoFilename) and includeExecFifo (the fifo opened O_PATH and handed to init as _LIBCONTAINER_FIFOFD), standard_init_linux.go (*linuxStandardInit).Init (init reopens it write-only and blocks until `runc start` opens it to read: "init: about to wait on exec fifo"); state roots: runc main.go --root default /run/runc, containerd runtime/v2/runc (process.RuncRoot /run/containerd/runc plus the namespace)',
    mechanism:
      "a container's runc init holds its exec fifo: the container was created and its init waits, before exec'ing the container's command, for a start that has not come",
  },
  {
    // The same wait by the function it sleeps in: ps's WCHAN beside runc's init (its comm "runc:[2:INIT]", cut to
    // "runc:[2:I" by lsof and narrow columns; its argv "runc init"). fs/pipe.c fifo_open waits in wait_for_partner
    // for a reader; before 5.9 wait_for_partner slept in pipe_wait (the function ps then shows), from 5.9 it
    // schedules itself.
    fact: 'runc.init_fifo_wait',
    pattern:
      '(?:runc:\\[2:I|runc init)[^\\n]{0,200}(?:wait_for_partner|fifo_open|pipe_wait)|(?:wait_for_partner|fifo_open|pipe_wait)[^\\n]{0,200}(?:runc:\\[2:I|runc init)',
    literals: ['wait_for_partner', 'fifo_open', 'pipe_wait'],
    source:
      'linux fs/pipe.c fifo_open / wait_for_partner (pipe_wait until v5.9, "pipe: remove pipe_wait() and fix wakeup race with splice"; the wait inlined from v5.9), read through ps -o wchan; runc libcontainer/nsenter/nsexec.c (prctl PR_SET_NAME "runc:[2:INIT]") and standard_init_linux.go (the exec fifo reopened write-only)',
    mechanism:
      "runc's init sleeps opening its exec fifo for writing: no `runc start` has opened the other end, so the container was created and never started",
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern: 'Timeout waiting for systemd to create [^ ]+\\.(?:scope|slice)',
    literals: ['Timeout waiting for systemd to create'],
    source:
      'runc libcontainer/cgroups/systemd/common.go startUnit ("Timeout waiting for systemd to create " + unitName; opencontainers/cgroups systemd/common.go from runc 1.2)',
    mechanism:
      'runc asked systemd over D-Bus to start the container scope and got no job result within 30 s: systemd is not processing its job queue',
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern: 'Timed out while waiting for (?:systemd to remove [^ ]+|StopUnit\\([^)]+\\) completion signal)',
    literals: ['Timed out while waiting for'],
    source:
      'runc libcontainer/cgroups/systemd/common.go stopUnit ("Timed out while waiting for systemd to remove %s"; "Timed out while waiting for StopUnit(%s) completion signal from dbus" in rc93–1.0)',
    mechanism:
      "runc asked systemd to stop a container's scope and systemd did not finish the job within 30 s",
  },
  {
    // runc rc6 to rc92 waited one second for the job's completion signal, then went on without its scope (a
    // forever-wait before rc6, an error after 30 s from rc93): the next call about the unit races systemd's job.
    fact: 'systemd.dbus_timeout',
    pattern: 'Timed out while waiting for StartTransientUnit\\([^)]+\\) completion signal',
    literals: ['Timed out while waiting for StartTransientUnit('],
    source:
      'runc libcontainer/cgroups/systemd/apply_systemd.go (*Manager).Apply (v1.0.0-rc6 to rc10) and common.go startUnit (rc91, rc92): logrus.Warnf "Timed out while waiting for StartTransientUnit(%s) completion signal from dbus. Continuing..." after one second',
    mechanism:
      "systemd did not finish the job that creates the container's scope within a second: PID 1 is slow to run D-Bus jobs, and runc goes on without the unit",
  },
  {
    // The race that warning opens: runc sets the properties of a unit systemd has not created yet, and systemd
    // answers NoSuchUnit (dbus-manager.c: "Unit %s is not loaded." in v219, "Unit %s not loaded." /
    // dbus-unit.c bus_unit_validate_load_state "Unit %s not found." later); godbus prints the message, a caller
    // that prints the D-Bus error's name prints org.freedesktop.systemd1.NoSuchUnit. Only on the create path: an
    // update (runc update, SetUnitProperties alone) of a container whose scope systemd already collected is not this.
    fact: 'systemd.scope_failed',
    pattern:
      '(?:setting cgroup config for (?:ready|procHooks) process|cgroup configuration)[^\\n]{0,400}(?:Unit [^ "\'\\\\]+\\.(?:scope|slice) (?:not found|is not loaded|not loaded)|org\\.freedesktop\\.systemd1\\.NoSuchUnit)',
    literals: ['setting cgroup config for', 'cgroup configuration'],
    source:
      'runc libcontainer/process_linux.go (*initProcess).start ("applying cgroup configuration for process", "setting cgroup config for procHooks process" before 1.1; "unable to apply cgroup configuration: %w", "error setting cgroup config for procHooks process: %w" from 1.1) wrapping cgroups/systemd v1.go/v2.go Set (SetUnitProperties over D-Bus) and the NoSuchUnit error of systemd src/core/dbus-manager.c method_set_unit_properties / dbus-unit.c bus_unit_validate_load_state',
    mechanism:
      "runc set properties on the container's scope before systemd had created it (its start job still queued in PID 1): the container start fails on a unit that does not exist yet",
  },
  {
    // PID 1's own private socket, which the systemd cgroup driver (go-systemd dbus.New) dials: refused or reset
    // while systemd re-executes or stops accepting; a host without systemd has no socket at all (not read here).
    fact: 'systemd.dbus_disconnected',
    pattern:
      '/run/systemd/private: (?:read: connection reset by peer|connect: (?:connection refused|resource temporarily unavailable))',
    literals: [
      '/run/systemd/private: connect: connection refused',
      '/run/systemd/private: connect: resource temporarily unavailable',
      '/run/systemd/private: read: connection reset by peer',
    ],
    source:
      'go-systemd dbus/dbus.go NewWithContext (dials unix:path=/run/systemd/private as root), surfaced by runc libcontainer/cgroups/systemd/dbus.go (*dbusConnManager).getConnection ("failed to connect to dbus (hint: ...): %w" from 1.0.2; the bare Go net error before) and by the kubelet\'s and containerd\'s cgroup managers',
    mechanism:
      "the systemd cgroup driver could not open or keep its connection to PID 1's private bus socket: systemd is not accepting D-Bus connections (re-executing, or stalled)",
  },
  {
    // crun's sd-bus calls to systemd (StartTransientUnit, SetUnitProperties, StopUnit) use sd-bus's default
    // 25 s timeout: "sd-bus call: Timed out" with newer libsystemd's message, the errno's text with older.
    fact: 'systemd.dbus_timeout',
    pattern: 'sd-bus call: (?:Timed out|Connection timed out)',
    literals: ['sd-bus call: Timed out', 'sd-bus call: Connection timed out'],
    source:
      'crun src/libcrun/cgroup-systemd.c enter_systemd_cgroup_scope / libcrun_update_cgroup_systemd ("sd-bus call: %s" with the sd_bus_error\'s message; src/libcrun/cgroup.c "sd-bus call" before 1.4), the error of systemd src/libsystemd/sd-bus/sd-bus.c sd_bus_call on -ETIMEDOUT',
    mechanism:
      "crun asked systemd over D-Bus to create or change a container scope and got no answer within sd-bus's timeout: PID 1 is not answering",
  },
  {
    fact: 'systemd.dbus_disconnected',
    pattern:
      '(?:sd-bus call|cannot open sd-bus): (?:Connection refused|Connection reset by peer|Transport endpoint is not connected|Broken pipe)',
    literals: ['sd-bus call: ', 'cannot open sd-bus: '],
    source:
      'crun src/libcrun/cgroup-systemd.c open_sd_bus_connection ("cannot open sd-bus") and the "sd-bus call: %s" errors (src/libcrun/cgroup.c before 1.4)',
    mechanism:
      "crun could not reach systemd over the bus, or lost the connection mid-call: PID 1's bus endpoint is gone or restarting",
  },
  {
    // crun waits for systemd's JobRemoved signal of its scope's start job; a result other than done fails the start.
    fact: 'systemd.scope_failed',
    pattern: 'error `creating` systemd unit `[^`]+`: got `[a-z]+`',
    literals: ['error `creating` systemd unit `'],
    source:
      'crun src/libcrun/cgroup-systemd.c systemd_job_removed ("error `%s` systemd unit `%s`: got `%s`" from 1.14; "error %s systemd unit" in src/libcrun/cgroup.c from 0.14, which the runc rule reads)',
    mechanism: "systemd ran the job that creates the container's scope and it did not end in done",
  },
  {
    fact: 'systemd.scope_failed',
    pattern: 'unable to start unit "?[^ "]+"?|error creating systemd unit `[^`]+`: got `[a-z]+`',
    literals: ['error creating systemd unit `', 'unable to start unit'],
    unless: 'Timeout waiting for systemd|[Cc]onnection timed out|NoReply|TimedOut|dbus: connection closed',
    source:
      'runc libcontainer/cgroups/systemd/v2.go (*unifiedManager).Apply / v1.go (*legacyManager).Apply ("unable to start unit %q (properties %+v): %w") and common.go startUnit ("error creating systemd unit `%s`: got `%s`")',
    mechanism:
      'systemd refused or failed the job that creates the container scope, so the container cannot start',
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern: 'unable to start unit [^\\n]{0,400}(?:[Cc]onnection timed out|NoReply|TimedOut)',
    literals: ['unable to start unit'],
    source:
      'runc libcontainer/cgroups/systemd/v2.go (*unifiedManager).Apply ("unable to start unit %q ...: %w") wrapping a D-Bus timeout from StartTransientUnit',
    mechanism: 'runc’s StartTransientUnit call to systemd over D-Bus timed out: PID 1 is not answering',
  },
  {
    fact: 'systemd.dbus_disconnected',
    pattern: 'dbus: connection closed by user',
    literals: ['dbus: connection closed by user'],
    source:
      'godbus/dbus conn.go ErrClosed ("dbus: connection closed by user"), returned to runc/containerd/kubelet cgroup managers using a stale system-bus connection',
    mechanism:
      'the systemd cgroup driver called systemd over a D-Bus connection that had been closed (dbus-daemon restarted or dropped it)',
  },
  {
    fact: 'runc.freeze_failed',
    pattern:
      'unable to freeze|unexpected state [A-Z]+ while freezing|reached waiting for the cgroup to freeze',
    literals: ['unable to freeze', 'while freezing', 'reached waiting for the cgroup to freeze'],
    source:
      'runc libcontainer/cgroups/fs/freezer.go (*FreezerGroup).Set ("unable to freeze", "unexpected state %s while freezing") and fs2/freezer.go waitFrozen ("timeout of %s reached waiting for the cgroup to freeze", 1.1 and later); opencontainers/cgroups from runc 1.2',
    mechanism:
      'the cgroup freezer never reached FROZEN: a task in the container sits in uninterruptible sleep (D state) and cannot be frozen',
  },
  {
    // libcontainer's systemd driver on cgroup v1 freezes a cgroup around SetUnitProperties (freezeBeforeSet, so
    // systemd's device-rule rewrite cannot fail a running process) and thaws it after; a failed thaw leaves it
    // frozen. The kubelet vendors this code for its pod and QoS slices and logs it through logrus in its own journal.
    fact: 'cgroup.pods_frozen',
    pattern: 'thaw container after (?:SetUnitProperties|doFreeze) failed',
    literals: ['thaw container after'],
    from: ['kubelet'],
    strict: true,
    source:
      'runc libcontainer/cgroups/systemd/v1.go (*legacyManager).Set ("thaw container after SetUnitProperties failed: %v" from v1.0.0-rc92, "thaw container after doFreeze failed: %v" from 1.1; opencontainers/cgroups systemd/v1.go), vendored by the kubelet\'s cgroup manager',
    mechanism:
      "the kubelet froze one of its pod or QoS slices to change its unit's properties and could not thaw it: the pods under it stay stopped",
  },
  {
    fact: 'proc.frozen',
    pattern: 'thaw container after (?:SetUnitProperties|doFreeze) failed',
    literals: ['thaw container after'],
    from: ['runc', 'containerd', 'shim', 'dockerd', 'crio'],
    source:
      'runc libcontainer/cgroups/systemd/v1.go (*legacyManager).Set ("thaw container after SetUnitProperties failed: %v" from v1.0.0-rc92, "thaw container after doFreeze failed: %v" from 1.1; opencontainers/cgroups systemd/v1.go)',
    mechanism:
      "runc froze a container's cgroup to change its unit's properties (an update) and could not thaw it: the container's processes stay stopped",
  },
  {
    // nsexec's bail, naming the step and then strerror: "nsenter: unable to unshare namespaces: %m" (rc2-rc4),
    // "nsenter: failed to unshare namespaces" and "unable to fork: child_func/init_func" (rc5-rc93, "nsenter: " in
    // front), "nsexec-1[PID]: failed to unshare remaining namespaces (except cgroupns)" and "unable to spawn
    // stage-1/-2" (1.0-1.1, as runc's forwarded FATAL log), "failed to unshare remaining namespaces" (try_unshare,
    // 1.2+); crun reports the clone of the container's namespaces, or an unshare, with the errno after it. ENOMEM
    // there is the kernel failing to allocate what a new namespace needs (clone(2), unshare(2) ERRORS, ENOMEM).
    fact: 'runc.init_enomem',
    pattern:
      '(?:unable to unshare namespaces|failed to unshare (?:namespaces|remaining namespaces|user namespace|cgroup namespace|network namespace)|unable to spawn stage-[12]|unable to fork|failed to fork|crun[^\\n]{0,300}(?:clone|unshare `?\\(?CLONE_NEW[A-Z]+`?\\)?))[^\\n]{0,80}[:：] ?[Cc]annot allocate memory',
    literals: ['cannot allocate memory'],
    source:
      'runc libcontainer/nsenter/nsexec.c bail ("nsenter: " fmt ": %m" to v1.0.0-rc92, write_log(FATAL, fmt ": %m") from 1.0 as "nsexec-N[PID]: …"; "unable to unshare namespaces" rc2-rc4, "failed to unshare namespaces" rc5-rc93, "failed to unshare remaining namespaces (except cgroupns)" 1.0-1.1, try_unshare "failed to unshare %s" 1.2+, "unable to spawn stage-1/-2" 1.0+); crun src/libcrun/linux.c (crun_make_error (err, errno, "clone"), "unshare `CLONE_NEWNS`"); clone(2)/unshare(2) ERRORS ENOMEM',
    mechanism:
      "the low-level runtime's init could not clone its stages or make the container's namespaces for want of kernel memory: the container's start fails, as every start will while memory stays short or fragmented",
  },
  {
    // The same failure as the runtime relays it when the init's own message is lost: only the stage's exit status.
    // Before rc6 bail exited with a status counting its call sites (__COUNTER__ + 1), so the number names the step;
    // from rc92 every bail exits 1 and its message goes to runc's log.
    fact: 'runc.init_ns_failed',
    pattern:
      '(?:running exec setns process for init|executing setns process|waiting for our first child to exit)(?: caused)?[:\\\\" ]{1,16}exit status [0-9]+',
    literals: ['setns process for init', 'executing setns process', 'waiting for our first child to exit'],
    source:
      'runc libcontainer/process_linux.go (*initProcess).start: newSystemErrorWithCause(err, "running exec setns process for init") rc1-rc5, "waiting for our first child to exit" rc6+ ("error waiting for our first child to exit: %w" 1.1+), (*setnsProcess).start "executing setns process" ("error executing setns process: %w" 1.1+), wrapping exec.Cmd.Wait\'s "exit status N"; nsenter/nsexec.c bail exit(__COUNTER__ + 1) rc2-rc5',
    mechanism:
      "the low-level runtime's init (nsexec's stages) exited with an error while it set up the container's namespaces: the container never started",
  },
  {
    // runc's init failing to exec the container's process, as runc wrote it to 1.0 (libcontainer
    // standard_init_linux.go, newSystemErrorWithCause(err, "exec user process"): `caused "…"` to rc92, `caused: …`
    // in 1.0) and printed to the container's output; 1.1+ writes Go's "exec <path>: …", read by the errno table
    // (execve). ENFILE from execve: the kernel-wide file table is full.
    fact: 'fd.file_max',
    pattern: 'exec user process caused[:]? ?\\\\{0,3}"?[Tt]oo many open files in system',
    literals: ['too many open files in system'],
    source:
      'runc libcontainer/standard_init_linux.go (*linuxStandardInit).Init: newSystemErrorWithCause(err, "exec user process") (rc1-1.0; generic_error.go formats "%s caused %q" before 1.0, "%s caused: %s" in 1.0); execve(2) ERRORS, ENFILE',
    mechanism:
      "the container's init could not exec the container's program because the kernel-wide file table (fs.file-max) is full: every container start on the node fails the same way",
  },
  {
    // Round 18: runc mounts the host's cgroup v1 hierarchies into every container it makes (the OCI spec's
    // /sys/fs/cgroup mount, which Docker and the CRI runtimes always add). For each mount listed in the host's
    // mountinfo it asks which cgroup dir of that hierarchy the container is in; a cgroup mount with no subsystem it
    // recognises (a layout newer than this runc) fails the question, so every container's rootfs set-up fails the
    // same way, however the runtime relays it ("oci runtime error: rootfs_linux.go:…: mounting …", "OCI runtime
    // create failed").
    fact: 'runc.rootfs_cgroup_failed',
    pattern: 'no subsystem for mount',
    literals: ['no subsystem for mount'],
    from: ['runc', 'shim', 'containerd', 'dockerd', 'crio', 'kubelet'],
    source:
      'runc libcontainer/cgroups/utils.go (v0.0.x-v1.0.0-rc91) and v1_utils.go (rc92-v1.2.x) Mount.GetOwnCgroup/GetThisCgroupDir ("no subsystem for mount"), called by libcontainer/rootfs_linux.go mountToRootfs for the "cgroup" device through getCgroupMounts',
    mechanism:
      "runc cannot work out the container's place in one of the host's cgroup v1 mounts while it builds the container's /sys/fs/cgroup: every container start on the node fails in the same rootfs step",
  },
  {
    // Round 24 (r24-runtime-io): the cgroup drivers disagreeing, as runc sees it. Under the systemd driver runc takes
    // the OCI cgroupsPath as "slice:prefix:name" and expands the slice by systemd's naming; a runtime or kubelet on
    // the cgroupfs driver hands it a plain path ("/kubepods/burstable/pod…/…"), which fails the split (containerd
    // up to 1.4 passed the kubelet's parent as is) or the slice check (containerd's CRI takes the path's last element
    // as the slice, "pod….slice" missing, and the kubelet's systemd cgroup manager expands names the same way). Every
    // container create on the node fails with it, the control plane's static pods first: a configuration the node
    // cannot run pods with until the two drivers agree.
    fact: 'config.cgroup_driver_mismatch',
    pattern: 'expected cgroupsPath to be of format|invalid slice name: ?[^ ]',
    literals: ['expected cgroupsPath to be of format', 'invalid slice name'],
    source:
      'runc libcontainer/specconv/spec_linux.go CreateCgroupConfig ("expected cgroupsPath to be of format \\"slice:prefix:name\\" for systemd cgroups" from v1.0.0-rc1, ", got %q instead" appended from rc92, unchanged to 1.5); libcontainer/cgroups/systemd ExpandSlice ("invalid slice name: %s", apply_systemd.go to rc91, common.go rc92-1.2, vendored opencontainers/cgroups systemd/common.go 1.3 on), also vendored by the kubelet (pkg/kubelet/cm cgroup_manager_linux.go); containerd internal/cri podsandbox helpers getCgroupsPath (systemd: path.Base(parent):cri-containerd:id)',
    mechanism:
      "runc on the systemd cgroup driver was given a cgroup path of the cgroupfs form (or the kubelet's systemd driver a non-slice name): the kubelet's and the runtime's cgroup drivers disagree, so no sandbox or container can be created on the node",
  },
  {
    // Round 26 (r26-sandbox): the same nsexec steps as runc.init_enomem, with ENOSPC: unshare(2) and clone(2) answer
    // ENOSPC when a namespace count limit (/proc/sys/user/max_*_namespaces, 4.9+) or the nesting depth is reached:
    // namespaces, not a disk.
    fact: 'ns.create_refused',
    pattern:
      '(?:unable to unshare namespaces|failed to unshare (?:namespaces|remaining namespaces|user namespace|cgroup namespace|network namespace)|crun[^\\n]{0,300}unshare `?\\(?CLONE_NEW[A-Z]+`?\\)?)[^\\n]{0,80}[:：] ?[Nn]o space left on device',
    literals: [
      'unable to unshare namespaces',
      'failed to unshare',
      'unshare `CLONE_NEW',
      'unshare (CLONE_NEW',
    ],
    source:
      'runc libcontainer/nsenter/nsexec.c bail (fmt ": %m"; "unable to unshare namespaces" rc2-rc4, "failed to unshare namespaces" rc5-rc93, "failed to unshare remaining namespaces (except cgroupns)" 1.0-1.1, try_unshare "failed to unshare %s" 1.2+); crun src/libcrun/linux.c ("unshare `CLONE_NEW…`"); unshare(2) ERRORS ENOSPC (since 4.9: the limit in /proc/sys/user)',
    mechanism:
      "the low-level runtime could not make the container's namespaces because a namespace count limit is reached: namespaces pile up on the node (leaked network namespaces most often)",
  },
  {
    // Round 26 (r26-sandbox): a container joins its sandbox's namespaces by path (/proc/PID/ns/net of the pause
    // process, or the runtime's pinned files). runc checks each path with lstat before it starts (orderNamespacePaths)
    // and nsexec opens each and calls setns(2); a path that no longer exists, or a namespace file setns refuses
    // (EINVAL: not a namespace of the type asked), fails the create of every container of that sandbox, of every
    // sandbox when the runtime's own binaries or state are broken.
    fact: 'runc.join_ns_missing',
    pattern:
      'running lstat on namespace path|namespace path: lstat /|failed to open /proc/[0-9]+/ns/[a-z_]+[:：]? ?[^\\n]{0,10}[Nn]o such file or directory|failed to setns(?: to| into|\\(0x[0-9a-f]+\\) into) [^\\n]{0,200}[Ii]nvalid argument|failed to join namespace',
    literals: [
      'running lstat on namespace path',
      'namespace path: lstat /',
      'failed to open /proc/',
      'failed to setns',
      'failed to join namespace',
    ],
    source:
      'runc libcontainer/container_linux.go orderNamespacePaths ("running lstat on namespace path %q" with newSystemErrorWithCausef, rc1-1.0; fmt.Errorf("namespace path: %w") with os.Lstat\'s PathError, 1.1+), libcontainer/nsenter/nsexec.c join_namespaces (bail("failed to open %s", path); bail("failed to setns to %s") rc5-rc93, "failed to setns into %s namespace" 1.0-1.1, write_log(FATAL, "failed to setns(%#x) into %s namespace (with path %s): %s") 1.2+); crun src/libcrun/linux.c join namespaces ("failed to join namespace"); setns(2) ERRORS EINVAL',
    mechanism:
      "the low-level runtime cannot join a namespace the container must share (its path gone, or refused by setns): the container's create fails, every container's when the runtime's binaries or state are broken",
  },
  // Round 27 (r27-asks): runc re-executes itself as `runc init` from a copy of its own binary sealed against the
  // container overwriting it (CVE-2019-5736): a memfd or O_TMPFILE clone. A security agent that refuses that copy's
  // creation or execution (fanotify, an LSM hook on memfd execution) fails every container's start at this step; the
  // fork/exec of the copy itself is the errno table's (errno.ts, execve of /proc/self/fd/N).
  {
    fact: 'runtime.binary_refused',
    pattern: 'unable to create safe /proc/self/exe clone|could not ensure we are a cloned binary',
    literals: ['safe /proc/self/exe clone', 'could not ensure we are a cloned binary'],
    from: ['runc', 'shim', 'containerd', 'crio', 'dockerd', 'kubelet', 'unknown'],
    source:
      'runc libcontainer/nsenter/nsexec.c nsexec (bail("could not ensure we are a cloned binary"), 1.0.0-1.1.x, ensure_cloned_binary in cloned_binary.c) and libcontainer/container_linux.go (*Container).newParentProcess ("unable to create safe /proc/self/exe clone for runc init: %w", 1.2+, exeseal.CloneSelfExe: memfd, then O_TMPFILE, then mktemp)',
    mechanism:
      "runc cannot make or run the sealed copy of its own binary it re-executes as `runc init` (memfd or temporary file refused, as by a security agent blocking memory-backed executables): every container's start fails there",
  },
];
