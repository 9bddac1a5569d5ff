import { GLUED } from './service-managers.ts';
import type { Signature } from './types.ts';

/** The systemd units of the container runtimes, as `<unit>.service: ` prefixes systemd puts on unit messages. */
const RUNTIME_UNIT = '(?:docker|containerd|crio|cri-o|cri-docker)\\.service: ';

/**
 * The units that run the kubelet: its own, and those of the agents that embed it (the k3s and rke2 server and agent,
 * MicroK8s' kubelite as its snap names the unit, KubeEdge's edgecore).
 */
const KUBELET_UNIT =
  '(?:kubelet|k3s|k3s-agent|rke2-server|rke2-agent|snap\\.microk8s\\.daemon-kubelite|edgecore)\\.service: ';
const KUBELET_UNIT_LITERALS = (rest: string): string[] =>
  [
    'kubelet.service: ',
    'k3s.service: ',
    'k3s-agent.service: ',
    'rke2-server.service: ',
    'rke2-agent.service: ',
    'daemon-kubelite.service: ',
    'edgecore.service: ',
  ].map((unit) => `${unit}${rest}`);
/** How systemd names the kubelet's unit in job messages: its Description, or the unit's name. */
const KUBELET_DESCRIPTION =
  '(?:[Kk]ubelet|Kubernetes Node Agent|Lightweight Kubernetes|Rancher Kubernetes Engine|[Kk]ubelite|edgecore)';
/** The kubelet's unit and the embedding agents' units, as a name without the `: ` systemd adds from v233. */
const KUBELET_UNIT_NAME =
  '(?:kubelet|k3s|k3s-agent|rke2-server|rke2-agent|snap\\.microk8s\\.daemon-kubelite|edgecore)\\.service';

/** Messages systemd (PID 1, systemd-run, systemctl, journald) and the D-Bus daemon write. */
export const SYSTEMD_RULES: readonly Signature[] = [
  // Unit lifecycle of the runtime services. systemd logs a successful exit at debug level only, so these are
  // failures (or, for the deactivation lines, a stop).
  {
    fact: 'runtime.service_failed',
    pattern: `${RUNTIME_UNIT}Main process exited, code=(?:exited|killed|dumped), status=`,
    literals: [
      'containerd.service: Main process exited, code=dumped, status=',
      'containerd.service: Main process exited, code=exited, status=',
      'containerd.service: Main process exited, code=killed, status=',
      'cri-o.service: Main process exited, code=dumped, status=',
      'cri-o.service: Main process exited, code=exited, status=',
      'cri-o.service: Main process exited, code=killed, status=',
      'crio.service: Main process exited, code=dumped, status=',
      'crio.service: Main process exited, code=exited, status=',
      'crio.service: Main process exited, code=killed, status=',
      'docker.service: Main process exited, code=dumped, status=',
      'docker.service: Main process exited, code=exited, status=',
      'docker.service: Main process exited, code=killed, status=',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/service.c service_sigchld_event ("Main process exited, code=%s, status=%i/%s", notice level only when the exit is not clean)',
    mechanism: "the runtime daemon's main process exited with an error or was killed by a signal",
  },
  {
    // systemctl status, wherever it is pasted (a log field reads it line by line, not as the status block).
    fact: 'runtime.service_failed',
    pattern:
      'Process: [0-9]+ ExecStart=(?:/usr)?(?:/local)?/s?bin/(?:dockerd|containerd|crio|cri-dockerd)[^\\n]{0,400}\\(code=(?:exited|killed|dumped), status=[1-9]',
    literals: ['ExecStart=/usr/bin/', 'ExecStart=/usr/local/bin/', 'ExecStart=/bin/', 'ExecStart=/usr/sbin/'],
    source:
      'systemd src/systemctl/systemctl-show.c print_status_info ("Process: %u %s=%s (code=%s, status=%i/%s)", one line per exited ExecStart of the unit)',
    mechanism:
      "the runtime daemon's start command exited with an error (or a signal): its unit is failing or restarting in a loop",
  },
  {
    fact: 'runtime.service_failed',
    pattern: `${RUNTIME_UNIT}Failed with result '(?:exit-code|signal|core-dump|watchdog|timeout|protocol|resources)'`,
    literals: [
      "containerd.service: Failed with result 'core-dump'",
      "containerd.service: Failed with result 'exit-code'",
      "containerd.service: Failed with result 'protocol'",
      "containerd.service: Failed with result 'resources'",
      "containerd.service: Failed with result 'signal'",
      "containerd.service: Failed with result 'timeout'",
      "containerd.service: Failed with result 'watchdog'",
      "cri-o.service: Failed with result 'core-dump'",
      "cri-o.service: Failed with result 'exit-code'",
      "cri-o.service: Failed with result 'protocol'",
      "cri-o.service: Failed with result 'resources'",
      "cri-o.service: Failed with result 'signal'",
      "cri-o.service: Failed with result 'timeout'",
      "cri-o.service: Failed with result 'watchdog'",
      "crio.service: Failed with result 'core-dump'",
      "crio.service: Failed with result 'exit-code'",
      "crio.service: Failed with result 'protocol'",
      "crio.service: Failed with result 'resources'",
      "crio.service: Failed with result 'signal'",
      "crio.service: Failed with result 'timeout'",
      "crio.service: Failed with result 'watchdog'",
      "docker.service: Failed with result 'core-dump'",
      "docker.service: Failed with result 'exit-code'",
      "docker.service: Failed with result 'protocol'",
      "docker.service: Failed with result 'resources'",
      "docker.service: Failed with result 'signal'",
      "docker.service: Failed with result 'timeout'",
      "docker.service: Failed with result 'watchdog'",
    ],
    from: ['systemd', 'unknown'],
    source: 'systemd src/core/unit.c unit_log_failure ("Failed with result \'%s\'.")',
    mechanism: 'systemd marked the runtime service failed (crash, watchdog, or start/stop timeout)',
  },
  {
    fact: 'runtime.oom_killed',
    pattern: `${RUNTIME_UNIT}(?:Failed with result 'oom-kill'|A process of this unit has been killed by the OOM killer)`,
    literals: [
      'containerd.service: A process of this unit has been killed by the OOM killer',
      "containerd.service: Failed with result 'oom-kill'",
      'cri-o.service: A process of this unit has been killed by the OOM killer',
      "cri-o.service: Failed with result 'oom-kill'",
      'crio.service: A process of this unit has been killed by the OOM killer',
      "crio.service: Failed with result 'oom-kill'",
      'docker.service: A process of this unit has been killed by the OOM killer',
      "docker.service: Failed with result 'oom-kill'",
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_log_failure ("Failed with result \'oom-kill\'.") and unit_check_oom ("A process of this unit has been killed by the OOM killer.")',
    mechanism: 'the kernel OOM killer killed a process of the runtime service: the node ran out of memory',
  },
  {
    fact: 'runtime.restart_limit',
    pattern: `${RUNTIME_UNIT}(?:Start request repeated too quickly|Failed with result 'start-limit-hit')`,
    literals: [
      "containerd.service: Failed with result 'start-limit-hit'",
      'containerd.service: Start request repeated too quickly',
      "cri-o.service: Failed with result 'start-limit-hit'",
      'cri-o.service: Start request repeated too quickly',
      "crio.service: Failed with result 'start-limit-hit'",
      'crio.service: Start request repeated too quickly',
      "docker.service: Failed with result 'start-limit-hit'",
      'docker.service: Start request repeated too quickly',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_test_start_limit ("Start request repeated too quickly.") and unit_log_failure ("Failed with result \'start-limit-hit\'.")',
    mechanism:
      'the runtime crashed StartLimitBurst times within StartLimitIntervalSec: systemd stops restarting it and it stays down',
  },
  {
    fact: 'runtime.service_failed',
    pattern: `${RUNTIME_UNIT}Scheduled restart job, restart counter is at [0-9]+`,
    literals: [
      'containerd.service: Scheduled restart job, restart counter is at',
      'cri-o.service: Scheduled restart job, restart counter is at',
      'crio.service: Scheduled restart job, restart counter is at',
      'docker.service: Scheduled restart job, restart counter is at',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/service.c service_enter_restart ("Scheduled restart job, restart counter is at %u.")',
    mechanism: 'the runtime service exited and systemd is restarting it (Restart=)',
  },
  {
    fact: 'runtime.service_stopped',
    pattern: `${RUNTIME_UNIT}(?:Deactivated successfully|Succeeded\\.|Consumed [^\\n]{1,80} CPU time)`,
    literals: ['.service: Deactivated successfully', '.service: Succeeded.', '.service: Consumed'],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_notify/unit_log_success ("Deactivated successfully.", "Succeeded." before v249) and unit_log_resources ("Consumed %s CPU time.")',
    mechanism: 'the runtime service stopped; unless a start follows, nothing serves CRI calls',
  },
  {
    fact: 'kubelet.stopped',
    pattern: 'kubelet\\.service: (?:Deactivated successfully|Succeeded\\.|Consumed [^\\n]{1,80} CPU time)',
    literals: [
      'kubelet.service: Deactivated successfully',
      'kubelet.service: Succeeded.',
      'kubelet.service: Consumed',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_log_success ("Deactivated successfully.", "Succeeded." before v249) and unit_log_resources ("Consumed %s CPU time.")',
    mechanism: 'the kubelet service stopped; unless a start follows, nobody posts node status',
  },
  {
    // systemd.service(5): with Restart=on-failure (and on-abnormal) a death by SIGHUP, SIGINT, SIGTERM or SIGPIPE
    // counts as a clean exit (service.c service_sigchld_event, is_clean_exit): the unit is not restarted.
    fact: 'kubelet.unit_failed',
    pattern: 'kubelet\\.service: Main process exited, code=killed, status=(?:1/HUP|2/INT|13/PIPE|15/TERM)',
    literals: [
      'kubelet.service: Main process exited, code=killed, status=1/HUP',
      'kubelet.service: Main process exited, code=killed, status=13/PIPE',
      'kubelet.service: Main process exited, code=killed, status=15/TERM',
      'kubelet.service: Main process exited, code=killed, status=2/INT',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/service.c service_sigchld_event with is_clean_exit (SIGHUP/SIGINT/SIGTERM/SIGPIPE are clean for Restart=on-failure)',
    mechanism:
      'the kubelet died of a signal systemd counts as a clean exit: under Restart=on-failure it is not restarted',
  },
  {
    fact: 'kubelet.stopped',
    pattern: 'Stopped [^\\n]{0,40}(?:[Kk]ubelet|Kubernetes Node Agent)',
    literals: ['Stopped'],
    from: ['systemd', 'unknown'],
    source: 'systemd src/core/job.c job_emit_done_message ("Stopped %s." with the unit\'s Description)',
    mechanism: 'systemd stopped the kubelet service; unless a start follows, nobody posts node status',
  },
  {
    // BindsTo= (and Requires= with the dependency gone, from v215's propagation of stops through the bound unit):
    // systemd stops the kubelet itself when the unit it is bound to goes inactive, with this one line naming both.
    // A later start of that unit does not start the kubelet again (a start is not propagated to the units bound to
    // it): the kubelet stays stopped while the runtime is back.
    fact: 'kubelet.stopped_with_dependency',
    pattern: `${KUBELET_UNIT}Unit is bound to inactive unit [^ \\n]{1,120}\\. Stopping, too|Unit ${KUBELET_UNIT_NAME} is bound to inactive unit [^ \\n]{1,120}\\. Stopping, too`,
    literals: ['is bound to inactive unit'],
    // Another unit whose name ends in the kubelet's (my-kubelet.service).
    unless: `${GLUED}${KUBELET_UNIT}Unit is bound`,
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_check_binds_to ("Unit is bound to inactive unit %s. Stopping, too." with the "%s: " unit prefix of log_unit_info from v233; "Unit %s is bound to inactive unit %s. Stopping, too." before it), which enqueues the stop job',
    mechanism:
      "systemd stopped the kubelet because a unit it is bound to (BindsTo=, in most installs the runtime's) went inactive; starting that unit again does not start the kubelet, which stays stopped until someone starts it",
  },
  {
    fact: 'runtime.service_stopped',
    pattern: `${RUNTIME_UNIT}Unit is bound to inactive unit [^ \\n]{1,120}\\. Stopping, too|Unit (?:docker|containerd|crio|cri-o|cri-docker)\\.service is bound to inactive unit [^ \\n]{1,120}\\. Stopping, too`,
    literals: ['is bound to inactive unit'],
    unless: `${GLUED}${RUNTIME_UNIT}Unit is bound`,
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_check_binds_to ("Unit is bound to inactive unit %s. Stopping, too.", unit-prefixed from v233; "Unit %s is bound to inactive unit %s. Stopping, too." before)',
    mechanism:
      'systemd stopped the runtime because a unit it is bound to (an overlay-network daemon, a mount, a device) went inactive: nothing serves CRI calls until it is started again',
  },
  {
    fact: 'kubelet.dead',
    pattern: "kubelet\\.service: (?:Scheduled restart job|Failed with result 'start-limit-hit')",
    literals: [
      "kubelet.service: Failed with result 'start-limit-hit'",
      'kubelet.service: Scheduled restart job',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/service.c service_enter_restart ("Scheduled restart job, restart counter is at %u.") and src/core/unit.c unit_log_failure',
    mechanism: 'the kubelet exited and systemd is restarting it, or has given up restarting it',
  },

  // Why the kubelet's unit did not start: the step that failed before (or instead of) the kubelet itself.
  {
    fact: 'kubelet.start_step_failed',
    pattern: `${KUBELET_UNIT}Failed at step [A-Z_]+ spawning `,
    literals: KUBELET_UNIT_LITERALS('Failed at step'),
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/execute.c exec_child/exec_spawn ("Failed at step %s spawning %s: %m" with the step of exit_status_to_string: EXEC, CHDIR, NAMESPACE, USER, CGROUP...; src/core/exec-invoke.c and executor.c from v255), every release',
    mechanism:
      "systemd failed one of its own set-up steps for the kubelet's unit (EXEC: the binary missing or not executable; NAMESPACE, USER, CHDIR...): the kubelet never ran",
  },
  {
    fact: 'kubelet.start_step_failed',
    pattern: `${KUBELET_UNIT}[Cc]ontrol process exited, code=(?:exited|killed|dumped),? status=`,
    unless: 'status=0/SUCCESS',
    literals: KUBELET_UNIT_LITERALS('Control process exited'),
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/service.c service_sigchld_event ("Control process exited, code=%s, status=%i/%s" from v236, "code=%s status=%i" before; notice level only when it failed): the control process is an ExecCondition=/ExecStartPre=/ExecStartPost= command',
    mechanism:
      "a command the kubelet's unit runs around the kubelet (ExecStartPre=: swapoff, modprobe, sysctl, mkdir, a bootstrap script) failed, so systemd never started the kubelet",
  },
  {
    fact: 'kubelet.start_step_failed',
    pattern: `${KUBELET_UNIT}[Mm]ain process exited, code=exited, status=2[0-4][0-9]/[A-Z_]+`,
    literals: KUBELET_UNIT_LITERALS('Main process exited, code=exited, status=2'),
    from: ['systemd', 'unknown'],
    source:
      "systemd src/core/service.c service_sigchld_event with src/basic/exit-status.c exit_status_to_string (200 and up are systemd's own step failures: 200/CHDIR, 203/EXEC, 217/USER, 219/CGROUP, 226/NAMESPACE...)",
    mechanism:
      "the kubelet's main process ended in one of systemd's own set-up steps (203/EXEC: the binary is missing or not executable), before the kubelet ran",
  },
  {
    fact: 'kubelet.dependency_failed',
    pattern: `Dependency failed for [^\\n]{0,60}${KUBELET_DESCRIPTION}|${KUBELET_UNIT}Job [^ ]+/start failed with result 'dependency'`,
    literals: ['Dependency failed for', "/start failed with result 'dependency'"],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/job.c job_emit_done_message ("Dependency failed for %s." with the unit\'s Description) and job_log_done_status ("Job %s/%s failed with result \'dependency\'."), every release',
    mechanism:
      "systemd did not start the kubelet because a unit it requires (Requires=, BindsTo=: the runtime's unit in most installs) failed: the requirement's own failure is the cause",
  },
  {
    fact: 'kubelet.start_step_failed',
    pattern: `Condition check resulted in [^\\n]{0,60}${KUBELET_DESCRIPTION}[^\\n]{0,60} being skipped`,
    literals: ['Condition check resulted in'],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_test_condition / job_emit_done_message ("Condition check resulted in %s being skipped.", from v244): a Condition*= of the unit was not met',
    mechanism:
      "a start condition of the kubelet's unit (ConditionPathExists= of a config or kubeconfig, for instance) was not met: systemd skipped the start without an error",
  },
  {
    // systemd before v233 (CentOS/RHEL 7's v219 among them) words a unit's failure without the "unit: " prefix.
    fact: 'kubelet.dead',
    pattern: `Unit ${KUBELET_UNIT_NAME} entered failed state|${KUBELET_UNIT_NAME}: Unit entered failed state|${KUBELET_UNIT_NAME} failed\\.|${KUBELET_UNIT_NAME} start request repeated too quickly|${KUBELET_UNIT_NAME} holdoff time over, scheduling restart|Failed to start [^\\n]{0,60}${KUBELET_DESCRIPTION}`,
    literals: [
      'entered failed state',
      '.service failed.',
      'start request repeated too quickly',
      'holdoff time over, scheduling restart',
      'Failed to start',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/unit.c unit_notify ("Unit %s entered failed state." to v229, "Unit entered failed state." to v232), service.c service_enter_dead/service_dispatch_timer ("%s failed.", "%s holdoff time over, scheduling restart." before v233), unit.c unit_start_limit_test ("%s start request repeated too quickly, refusing to start." before v233) and job.c job_emit_done_message ("Failed to start %s." with the Description), for the kubelet\'s unit and the agents that embed it',
    mechanism:
      'the kubelet (or the agent that runs it) failed to start or exited with an error: systemd restarts it, or has given up',
  },
  {
    // The agents that embed the kubelet: their unit's main process is the kubelet's process.
    fact: 'kubelet.dead',
    pattern:
      "(?:k3s|k3s-agent|rke2-server|rke2-agent|snap\\.microk8s\\.daemon-kubelite|edgecore)\\.service: (?:[Mm]ain process exited, code=(?:exited|dumped), status=[1-9]|Failed with result '(?:exit-code|core-dump|signal|timeout|start-limit-hit)'|Start request repeated too quickly|Scheduled restart job, restart counter is at)",
    literals: [
      'k3s.service: ',
      'k3s-agent.service: ',
      'rke2-server.service: ',
      'rke2-agent.service: ',
      'daemon-kubelite.service: ',
      'edgecore.service: ',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/service.c service_sigchld_event, service_enter_restart and src/core/unit.c unit_log_failure, for the units of k3s-io/k3s (k3s.service, k3s-agent.service: the kubelet runs in the k3s process, pkg/daemons/agent), rancher/rke2 (rke2-server, rke2-agent), MicroK8s (snap.microk8s.daemon-kubelite: kubelite runs the kubelet) and KubeEdge (edgecore.service: edged is the kubelet)',
    mechanism:
      'the process that embeds the kubelet (k3s, rke2, kubelite, edgecore) exited and systemd is restarting it, or gave up: the kubelet went with it',
  },

  // Transient units: systemd creating the scopes that container processes are placed in.
  {
    fact: 'systemd.dbus_timeout',
    pattern:
      'Failed to start transient (?:scope|service|timer) unit: [^\\n]{0,120}(?:timed out|Timeout|NoReply)',
    literals: [
      'Failed to start transient scope unit:',
      'Failed to start transient service unit:',
      'Failed to start transient timer unit:',
    ],
    source:
      'systemd src/run/run.c start_transient_scope/start_transient_service ("Failed to start transient scope unit: %s")',
    mechanism:
      'systemd-run could not get systemd to create a transient unit in time: PID 1 is not answering D-Bus',
  },
  {
    fact: 'systemd.scope_failed',
    pattern: 'Failed to start transient (?:scope|service|timer) unit: ',
    literals: [
      'Failed to start transient scope unit:',
      'Failed to start transient service unit:',
      'Failed to start transient timer unit:',
    ],
    unless: 'timed out|Timeout|NoReply',
    source:
      'systemd src/run/run.c start_transient_scope/start_transient_service ("Failed to start transient scope unit: %s")',
    mechanism:
      'systemd refused to create a transient unit (e.g. a leftover unit of the same name, or limits)',
  },
  {
    // A container's scope whose start or stop job systemd did not finish in time: PID 1 is overloaded or stuck.
    fact: 'systemd.scope_failed',
    literals: ['.scope: Job'],
    pattern: '\\.scope: Job [^ ]+ timed out',
    from: ['systemd', 'unknown'],
    source: 'systemd src/core/job.c job_dispatch_timer / job_timeout ("%s: Job %s/%s timed out.")',
    mechanism:
      "systemd did not finish a container scope's start or stop job in time: runc (systemd cgroup driver) waits on it",
  },
  {
    // The runtime's unit would not stop within TimeoutStopSec (its own shutdown hung), so systemd kills it.
    fact: 'runtime.service_failed',
    literals: ["State 'stop-sigterm' timed out", 'Stopping timed out'],
    pattern:
      "(?:docker|containerd|crio|cri-o|cri-docker)\\.service: (?:State 'stop-sigterm' timed out|Stopping timed out)\\. Killing",
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/service.c service_dispatch_timer ("State \'stop-sigterm\' timed out. Killing." since v233; "Stopping timed out. Killing." before)',
    mechanism:
      'the runtime daemon did not stop within TimeoutStopSec: its shutdown hung, and systemd killed it',
  },
  {
    // A container's scope (runc and crun's systemd cgroup driver name them <prefix>-<id>.scope) whose processes
    // outlived SIGTERM for TimeoutStopSec while systemd stopped it: it sends SIGKILL next, and "Still around after
    // SIGKILL. Ignoring." follows if they survive that too.
    fact: 'runtime.force_kill',
    literals: ['.scope: Stopping timed out. Killing'],
    pattern:
      '(?:cri-containerd|docker|crio|crio-conmon|libpod|libpod-conmon)-[0-9a-f]{12,64}\\.scope: Stopping timed out\\. Killing',
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/scope.c scope_dispatch_timer ("Stopping timed out. Killing." in SCOPE_STOP_SIGTERM, v239 and later)',
    mechanism:
      "a container's processes ignored SIGTERM for the scope's whole stop timeout and systemd kills them with SIGKILL",
  },
  {
    // job.c's done message for a failed start job, with the unit as StatusUnitFormat= names it: its Description
    // (the default), or "<unit> - <description>" (combined), or the unit name.
    fact: 'runtime.service_failed',
    literals: [
      'Failed to start containerd',
      'Failed to start docker',
      'Failed to start crio',
      'Failed to start cri-docker',
      'Failed to start cri-o',
      'Failed to start Container Runtime Interface for OCI',
      'Failed to start CRI Interface for Docker',
    ],
    // Ends at the message's full stop: systemctl's own "Failed to start containerd.service: <D-Bus error>" is the
    // request failing (its rules above), not the unit.
    pattern:
      'Failed to start (?:(?:containerd|docker|crio|cri-o|cri-docker)\\.service(?: - [^\\n]{1,80})?|containerd container runtime|Docker Application Container Engine|Container Runtime Interface for OCI \\(CRI-O\\)|CRI Interface for Docker Application Container Engine)\\.',
    // No `from`: relayed (the EKS agent's ServiceFailedToStart event) the line is attributed to the unit it names.
    source:
      'systemd src/core/job.c job_emit_done_message (JOB_FAILED "Failed to start %s.", the unit by unit_status_string); the Description= lines of containerd.service, docker.service, crio.service and cri-docker.service',
    mechanism:
      "systemd's start job for the runtime failed (its ExecStart exited, timed out or a dependency failed): nothing serves CRI calls",
  },
  {
    fact: 'kubelet.dead',
    literals: ['Failed to start kubelet', 'Failed to start Kubernetes Kubelet'],
    pattern:
      'Failed to start (?:kubelet\\.service(?: - [^\\n]{1,80})?|kubelet: The Kubernetes Node Agent|Kubernetes [Kk]ubelet[^\\n.]{0,20})\\.',
    source:
      'systemd src/core/job.c job_emit_done_message (JOB_FAILED "Failed to start %s."), with the kubelet unit\'s Description= ("kubelet: The Kubernetes Node Agent" in the Kubernetes packages, "Kubernetes Kubelet" on EKS AMIs)',
    mechanism:
      "systemd's start job for the kubelet failed: the kubelet is not running, and nothing posts node status",
  },

  // The EKS node monitoring agent (monitors/runtime/monitor.go) relays systemd's own unit state as event reasons:
  // ServiceFailedToStart carries the "Failed to start …" line above; <Unit>RepeatedRestart is raised when a service's
  // NRestarts grows past 3, the reason built by fmt.Sprintf("%sRepeatedRestart", the unit title-cased without
  // ".service"), the message "Systemd unit %q has restarted (NRestarts %d -> %d)".
  {
    fact: 'runtime.service_failed',
    literals: [
      'ContainerdRepeatedRestart',
      'DockerRepeatedRestart',
      'CrioRepeatedRestart',
      'Cri-DockerRepeatedRestart',
      'Systemd unit "containerd.service" has restarted',
      'Systemd unit "docker.service" has restarted',
      'Systemd unit "crio.service" has restarted',
      'Systemd unit "cri-docker.service" has restarted',
      'Systemd unit \\"containerd.service\\" has restarted',
      'Systemd unit \\"docker.service\\" has restarted',
      'Systemd unit \\"crio.service\\" has restarted',
      'Systemd unit \\"cri-docker.service\\" has restarted',
    ],
    pattern:
      '(?:Containerd|Docker|Crio|Cri-Docker)RepeatedRestart|Systemd unit \\\\?"(?:containerd|docker|crio|cri-docker)\\.service\\\\?" has restarted',
    source:
      'eks-node-monitoring-agent monitors/runtime/monitor.go handleSystemdServices (reasons.RepeatedRestart, template "%sRepeatedRestart" in pkg/reasons/reasons.yaml, v1.6.0 and later)',
    mechanism:
      "the runtime's service has been restarted by systemd more than three times (its NRestarts keeps growing): it keeps crashing",
  },
  {
    fact: 'kubelet.dead',
    literals: [
      'KubeletRepeatedRestart',
      'Systemd unit "kubelet.service" has restarted',
      'Systemd unit \\"kubelet.service\\" has restarted',
    ],
    pattern: 'KubeletRepeatedRestart|Systemd unit \\\\?"kubelet\\.service\\\\?" has restarted',
    source:
      'eks-node-monitoring-agent monitors/runtime/monitor.go handleSystemdServices (reasons.RepeatedRestart for kubelet.service, v1.6.0 and later)',
    mechanism:
      'the kubelet has been restarted by systemd more than three times: it keeps exiting, and each time node status stops',
  },
  {
    fact: 'systemd.unit_exists',
    pattern: 'Unit [^ ]+\\.(?:scope|service|slice) already exists|org\\.freedesktop\\.systemd1\\.UnitExists',
    literals: [
      '.scope already exists',
      '.service already exists',
      '.slice already exists',
      'org.freedesktop.systemd1.UnitExists',
    ],
    source:
      'systemd src/core/dbus-manager.c transient_unit_from_message ("Unit %s already exists.", BUS_ERROR_UNIT_EXISTS)',
    mechanism:
      'a transient scope could not be created because a unit of that name is still loaded: an earlier scope was never cleaned up',
  },

  // D-Bus: the bus systemd is reached through.
  {
    fact: 'systemd.dbus_timeout',
    pattern: 'org\\.freedesktop\\.DBus\\.Error\\.(?:NoReply|TimedOut)',
    literals: ['org.freedesktop.DBus.Error.NoReply', 'org.freedesktop.DBus.Error.TimedOut'],
    source:
      'D-Bus error names set by dbus-daemon bus/connection.c bus_pending_reply_send_no_reply (NoReply) and bus/activation.c (TimedOut), and by sd-bus on a method-call timeout',
    mechanism: 'a method call to systemd over D-Bus got no reply within the timeout: PID 1 is busy or stuck',
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern: 'Did not receive a reply|did not receive a reply \\(timeout by message bus\\)',
    literals: ['Did not receive a reply'],
    source:
      'libdbus dbus/dbus-pending-call.c reply timeout ("Did not receive a reply. Possible causes include: ...") and dbus-daemon bus/connection.c bus_pending_reply_send_no_reply ("Message did not receive a reply (timeout by message bus)")',
    mechanism: 'a D-Bus method call (typically to systemd) got no reply within the timeout',
  },
  {
    fact: 'systemd.dbus_full_queue',
    pattern:
      'Rejected: destination has a full message queue|org\\.freedesktop\\.DBus\\.Error\\.LimitsExceeded',
    literals: ['org.freedesktop.DBus.Error.LimitsExceeded', 'Rejected: destination has a full message queue'],
    source:
      'dbus-daemon bus/bus.c bus_context_check_security_policy (complain_about_message, DBUS_ERROR_LIMITS_EXCEEDED: "Rejected: destination has a full message queue")',
    mechanism:
      'the bus drops messages to a receiver that stopped reading them (usually systemd, or a client flooded with unit signals): its outgoing queue hit max_outgoing_bytes',
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern:
      "Activation of org\\.freedesktop\\.systemd1 timed out|Failed to activate service 'org\\.freedesktop\\.systemd1': timed out",
    literals: [
      'Activation of org.freedesktop.systemd1 timed out',
      "Failed to activate service 'org.freedesktop.systemd1': timed out",
    ],
    source:
      'dbus-daemon bus/activation.c pending_activation_timed_out ("Activation of %s timed out"; "Failed to activate service \'%s\': timed out" in newer releases)',
    mechanism: 'the bus could not reach systemd (PID 1) at all within the activation timeout',
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern: 'Failed to (?:connect to bus|get D-Bus connection): Connection timed out',
    literals: [
      'Failed to connect to bus: Connection timed out',
      'Failed to get D-Bus connection: Connection timed out',
    ],
    source:
      'systemd systemctl via src/shared/bus-util.c bus_log_connect_error ("Failed to connect to bus: %m"; systemctl.c "Failed to get D-Bus connection: %m" in old releases)',
    mechanism:
      'systemctl could not even connect to systemd within the timeout: PID 1 is not servicing its sockets',
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern:
      'Failed to (?:start|stop|restart|reload|try-restart|reload-or-restart) [^ ]+\\.(?:service|socket|scope|slice|target|mount): Connection timed out',
    literals: [
      '.mount: Connection timed out',
      '.scope: Connection timed out',
      '.service: Connection timed out',
      '.slice: Connection timed out',
      '.socket: Connection timed out',
      '.target: Connection timed out',
    ],
    source:
      'systemd src/systemctl/systemctl-start-unit.c start_unit_one ("Failed to %s %s: %s" with the D-Bus error of the job request)',
    mechanism: 'systemctl sent a start/stop job to systemd and got no answer within the D-Bus timeout',
  },
  {
    fact: 'systemd.dbus_disconnected',
    pattern:
      'Failed to (?:connect to bus|get D-Bus connection): (?:Connection refused|No such file or directory|Transport endpoint is not connected)',
    literals: [
      'Failed to connect to bus: Connection refused',
      'Failed to connect to bus: No such file or directory',
      'Failed to connect to bus: Transport endpoint is not connected',
      'Failed to get D-Bus connection: Connection refused',
      'Failed to get D-Bus connection: No such file or directory',
      'Failed to get D-Bus connection: Transport endpoint is not connected',
    ],
    source:
      'systemd systemctl via src/shared/bus-util.c bus_log_connect_error ("Failed to connect to bus: %m"; "Failed to get D-Bus connection: %m" in old releases)',
    mechanism: 'the system bus socket is gone or refuses connections: dbus-daemon is down or restarting',
  },

  {
    fact: 'systemd.dbus_disconnected',
    pattern:
      'Warning! D-Bus connection terminated|Failed to wait for response: (?:Connection reset by peer|Transport endpoint is not connected|Broken pipe)',
    literals: ['Warning! D-Bus connection terminated', 'Failed to wait for response: '],
    source:
      'systemd src/shared/bus-wait-for-jobs.c match_disconnected ("Warning! D-Bus connection terminated.") and bus_wait_for_jobs ("Failed to wait for response: %m"), in systemctl waiting for its job',
    mechanism:
      "systemctl's connection to PID 1 was cut while it waited for a start/stop job (PID 1 re-executing itself, or the bus going away): the job's outcome is unknown to its caller",
  },
  // The same lost bus under every verb systemctl and busctl print their D-Bus call's failure with: sd-bus answers
  // ENOTCONN for a call on a connection whose other end went away (bus_socket_read_message's ECONNRESET closes it,
  // later calls get ENOTCONN), and systemctl prints bus_error_message(error, r) after its verb. FUSE's stale mounts
  // print the same errno after path operations (stat, open, list directory), never after these verbs.
  {
    fact: 'systemd.dbus_disconnected',
    pattern:
      '(?:Failed to (?:get (?:properties|unit|load state|ID|default target)|list (?:units|jobs|unit files|dependencies|machines)|retrieve unit state|show|(?:re)?load daemon|reexecute daemon|issue method call|execute operation|reset failed state|set unit properties|cancel job|(?:start|stop|restart|reload|try-restart|reload-or-restart|try-reload-or-restart|isolate|kill|enable|disable|reenable|mask|unmask|preset|link|revert|freeze|thaw|clean))(?: [^:\\n]{1,160})?|Call failed): Transport endpoint is not connected',
    literals: [': Transport endpoint is not connected'],
    source:
      'systemd src/systemctl (systemctl.c through v245, split into systemctl-*.c from v246): systemctl-show.c show_one ("Failed to get properties: %s"), systemctl-util.c get_unit_list / get_state_one_unit ("Failed to list units: %s", "Failed to retrieve unit state: %s"), systemctl-start-unit.c start_unit_one ("Failed to %s %s: %s" with the verb; "Failed to start %s: %s" before v233), systemctl-list-jobs.c ("Failed to list jobs: %s"), systemctl-daemon-reload.c ("Failed to reload daemon: %s"), systemctl-reset-failed.c, systemctl-kill.c, systemctl-enable.c ("Failed to execute operation: %s" through v2xx), the old monolith\'s "Failed to issue method call: %s"; src/busctl/busctl.c call ("Call failed: %s"); each with bus_error_message(error, r), strerror(ENOTCONN) once sd-bus (src/libsystemd/sd-bus/sd-bus.c bus_enter_closing, sd_bus_call) has lost its connection',
    mechanism:
      "systemctl or busctl lost its bus connection to the service manager mid-call (PID 1's private socket or the system bus closed on it): every query and job request to systemd fails, so units cannot be started, stopped or even inspected",
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern: 'Failed to wait for response: Connection timed out',
    literals: ['Failed to wait for response: Connection timed out'],
    source:
      'systemd src/shared/bus-wait-for-jobs.c bus_wait_for_jobs ("Failed to wait for response: %m"), in systemctl waiting for its job',
    mechanism: 'systemctl queued a job and PID 1 never reported it done within the D-Bus timeout',
  },
  {
    fact: 'systemd.reexecuted',
    pattern: 'Reexecuting\\.|[Rr]eexecuting requested from client PID',
    literals: ['Reexecuting'],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/main.c invoke_main_loop (log_notice "Reexecuting.") and src/core/dbus-manager.c method_reexecute (log_caller "Reexecuting")',
    mechanism:
      "PID 1 re-executed itself (systemctl daemon-reexec, or a systemd package upgrade): every client's bus connection to it is cut, and jobs in flight lose their callers",
  },

  // PID 1 itself.
  {
    fact: 'systemd.crashed',
    pattern:
      'Caught <[A-Z]+>, (?:cannot fork for core dump|dumped core as pid|not dumping core)|Freezing execution',
    literals: [
      '>, cannot fork for core dump',
      '>, dumped core as pid',
      '>, not dumping core',
      'Freezing execution',
    ],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/main.c crash() and freeze_or_exit_or_reboot ("Caught <%s>, dumped core as pid %i.", "Freezing execution."; src/core/crash-handler.c from v255)',
    mechanism:
      'PID 1 crashed and froze: it no longer answers D-Bus, starts units or reaps children until reboot',
  },
  {
    // log_unit_error_errno prefixes the unit: "kubelet.service: Failed to fork: Resource temporarily unavailable".
    // fork(2) EAGAIN is a thread/PID cap (errno table); PID 1 has CAP_SYS_RESOURCE, so not RLIMIT_NPROC: the node's
    // pid_max or threads-max, or init.scope's pids.max.
    fact: 'pid.pressure',
    pattern: 'Failed to (?:fork|spawn executor)[^\\n]{0,60}: Resource temporarily unavailable',
    literals: [': Resource temporarily unavailable'],
    from: ['systemd'],
    strict: true,
    source:
      'systemd src/core/execute.c exec_spawn ("Failed to fork: %m", v239–v254; "Failed to spawn executor: %m" from v255)',
    mechanism: "PID 1 cannot fork a unit's process: the node's PID or thread limit is exhausted",
  },
  {
    // ENOMEM from fork(2) is the kernel failing to allocate the child's structures (errno table: fork ENOMEM).
    fact: 'mem.exhausted',
    pattern: 'Failed to (?:fork|spawn executor)[^\\n]{0,60}: Cannot allocate memory',
    literals: [': Cannot allocate memory'],
    from: ['systemd'],
    strict: true,
    source:
      'systemd src/core/execute.c exec_spawn ("Failed to fork: %m", v239–v254; "Failed to spawn executor: %m" from v255)',
    mechanism: "PID 1 cannot fork a unit's process for want of kernel memory: the node's memory is exhausted",
  },
  {
    fact: 'systemd.mountinfo_churn',
    pattern: 'Failed to reread /proc/self/mountinfo',
    literals: ['Failed to reread /proc/self/mountinfo'],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/core/mount.c mount_dispatch_io (mount_fd_event in old releases): "Failed to reread /proc/self/mountinfo: %s"',
    mechanism:
      'PID 1 re-reads the whole mount table on every mount change and that re-read failed: mount churn from containers is reaching systemd',
  },
  {
    fact: 'systemd.journal_suppressed',
    pattern: 'Suppressed [0-9]+ messages from ',
    literals: ['messages from'],
    from: ['systemd', 'unknown'],
    source:
      'systemd src/journal/journald-server.c dispatch_message ("Suppressed %u messages from %s", RateLimitBurst hit; journald-manager.c in newer releases)',
    mechanism:
      'a unit logged faster than journald allows and lines were dropped: an error storm is going on and the evidence has gaps',
  },
];
