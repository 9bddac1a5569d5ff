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
    // In a process listing (ps, top, a /proc walk): runc's own stages are alive only for the milliseconds a container
    // start takes, so one listed at all has stalled.
    fact: 'runc.init_stuck',
    pattern: '[0-9][^\\n]{0,200}(?:runc:\\[[012]:(?:PARENT|CHILD|INIT)\\]|runc(?:\\.amd64)? init)',
    literals: ['runc:[0:PARENT]', 'runc:[1:CHILD]', 'runc:[2:INIT]', 'runc init', 'runc.amd64 init'],
    source:
      'runc libcontainer/nsenter/nsexec.c (the stages name themselves "runc:[0:PARENT]", "runc:[1:CHILD]", "runc:[2:INIT]" with prctl(PR_SET_NAME)) and init.go (the container\'s first process runs as `runc init` until it execs the container\'s command)',
    mechanism:
      "a container's runc init stage is still alive: it is stuck before exec'ing the container (a deadlock in its set-up, a cgroup or seccomp step that never returns), and the runtime call that started it waits with it",
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
    pattern: 'unable to freeze',
    literals: ['unable to freeze'],
    source:
      'runc libcontainer/cgroups/fs/freezer.go (*FreezerGroup).Set ("unable to freeze"; opencontainers/cgroups fs/freezer.go from runc 1.2)',
    mechanism:
      'the cgroup v1 freezer never reached FROZEN: a task in the container sits in uninterruptible sleep (D state) and cannot be frozen',
  },
];
