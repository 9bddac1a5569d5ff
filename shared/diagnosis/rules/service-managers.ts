import type { Signature } from './types.ts';

/**
 * Service managers other than systemd, and the health tools distributions ship, print a daemon's state in their own
 * words. The rules built here read those words for two sets of services only — the container runtime's and the
 * kubelet's (with the agents that embed it) — so that another service's line in the same table never fires.
 *
 * Sources (each read at the tagged release range given):
 * - Supervisor/supervisor supervisor/process.py Subprocess.finish ("exited: %s (%s; not expected)", "stopped: %s (%s)")
 *   and Subprocess.transition ("gave up: %s entered FATAL state, too many start retries too quickly"), with
 *   options.py decode_wait_status ("exit status %s", "terminated by %s"); supervisorctl.py status rows
 *   (`%(namespec)-Ns%(state)-10s%(desc)s`, states from states.py ProcessStates), 3.0–4.3.0.
 * - fedora-sysv/initscripts etc/rc.d/init.d/functions status() ("%s dead but pid file exists", "%s dead but subsys
 *   locked", "%s is stopped"), the `service NAME status` of RHEL/CentOS 5–6 and SysV scripts sourcing it to 10.x.
 * - OpenRC/openrc src/rc-status/rc-status.c print_service (" crashed ", "failed", " stopped " inside
 *   libeinfo's "[ %s ]" bracket, so "[  crashed  ]", "[ failed ]", "[  stopped  ]") and src/openrc-run/openrc-run.c ("ERROR: %s failed to start"), 0.9–0.63 (Alpine's init).
 * - upstart (ubports/upstart mirror, 0.6–1.13) init/job_process.c job_process_handler ("%s %s process (%d) terminated
 *   with status %d", "... killed by %s signal") and job_process_terminated ("%s respawning too fast, stopped", "%s %s
 *   process ended, respawning"), logged by init to syslog; util/initctl.c job_status (`status NAME`: "NAME goal/state",
 *   ", process N" while one runs).
 * - canonical/microk8s scripts/inspect.sh check_service ("FAIL:  Service %s is not running", snap.microk8s.daemon-* classic and microk8s.daemon-* strict; since 2018, v1.12) and
 *   canonical/snapd's `snap services` table (cmd/snap/cmd_services.go fmtServiceStatus).
 * - siderolabs/talos (round 27; v0.1–v1.13): machined's service runner logs every state change as
 *   internal/app/machined/pkg/system/service_runner.go (*ServiceRunner).UpdateState `service[%s](%s): %s` (id, state,
 *   message; seen in `talosctl dmesg` and the console as "[talos] service[kubelet](Failed): ..."), the states of
 *   pkg/system/events/events.go ServiceState (Initialized, Starting, Preparing, Waiting, Running, Stopping, Finished,
 *   Failed, Skipped); system.go (*singleton).Start ends a run in Finished ("Service finished successfully") or Failed
 *   (the error, first letter capitalised), after which nothing runs it again until the machine restarts it; and
 *   cmd/talosctl/cmd/talos/service.go serviceList prints `talosctl services` through a tabwriter padded by 3
 *   ("NODE\tSERVICE\tSTATE\tHEALTH\tLAST CHANGE\tLAST EVENT", health "?", "OK" or "Fail", "%s ago"). Talos'
 *   runtime services are `cri` (the CRI containerd) and `containerd` (the system one).
 * - systemd src/systemctl/systemctl-list-units.c output_units_list: the `systemctl list-units` / `systemctl --failed`
 *   table (UNIT LOAD ACTIVE SUB DESCRIPTION, a failed unit's row led by "●"), the columns as wide as their longest
 *   cell, so "loaded failed failed" in a listing of failed units; what Flatcar's and Bottlerocket's
 *   `systemctl --failed` print.
 */
export const SUPERVISOR = 'Supervisor/supervisor 3.0–4.3.0';
export const INITSCRIPTS = 'fedora-sysv/initscripts etc/rc.d/init.d/functions status()';
export const OPENRC = 'OpenRC/openrc 0.9–0.63';
export const UPSTART = 'upstart 0.6–1.13 (ubports/upstart mirror)';
export const MICROK8S = 'canonical/microk8s scripts/inspect.sh check_service';
export const SNAPD =
  'canonical/snapd cmd/snap/cmd_services.go (*svcStatus).Execute and fmtServiceStatus (`snap services`: Service, Startup enabled|disabled, Current active|inactive, Notes; read at 2.6x)';

/** The runtime's service and program names, as a process name, init script or OpenRC service carries them. */
export const RUNTIME_SERVICE_NAMES =
  '(?:docker|dockerd|docker-engine|containerd|crio|cri-o|cri-docker|cri-dockerd)';
/** The kubelet's, and those of the agents that run it in their own process (k3s, rke2, MicroK8s' kubelite). */
export const KUBELET_SERVICE_NAMES = '(?:kubelet|k3s|k3s-agent|k3s-server|rke2-server|rke2-agent|kubelite)';
/** Talos' services for the runtime: the CRI containerd and the system containerd (machined's service ids). */
export const TALOS_RUNTIME = '(?:cri|containerd)';
export const TALOS = 'siderolabs/talos v0.1–v1.13';

/** MicroK8s' snap apps for each: the runtime's, and the kubelet's (kubelite from 1.21, kubelet before). */
export const MICROK8S_RUNTIME = 'containerd';
export const MICROK8S_KUBELET = '(?:kubelite|kubelet)';

type Pattern = Pick<Signature, 'pattern' | 'literals' | 'unless'>;

/**
 * Another service's name that ends in one of ours ("my-docker", "xcontainerd"): a name character glued before the
 * name. Patterns take no anchors (the scanner's prefilter), so each builder vetoes its own format with the name so
 * glued, as its `unless`. A hyphen glues unless it ends "cri-", so cri-docker and cri-dockerd (the runtime's own
 * names) stay ours while my-docker does not.
 */
export const GLUED = '(?:[A-Za-z0-9_.@]|[^i\\n]-|[^r\\n]i-|[^c\\n]ri-)';
/** A builder's format with the service name in it, and the same format vetoed when the name is another's tail. */
function named(prefix: string, names: string, rest: string): Pick<Signature, 'pattern' | 'unless'> {
  return { pattern: `${prefix}${names}${rest}`, unless: `${GLUED}${names}${rest}` };
}
/** A pattern with the manager's own format string as its source: the same whichever daemon's name it reads. */
type CitedPattern = Pattern & Pick<Signature, 'source'>;

/**
 * supervisord's log: a program that died on its own (a non-zero or unlisted exit status, or a signal nobody sent
 * through supervisorctl). "stopped: NAME (...)" is a stop someone asked for, and "; expected)" an exit code the
 * program's exitcodes list; neither is read, except status 2: supervisor 3.x listed it by default (exitcodes=0,2),
 * and it is how a Go daemon's panic or fatal error ends, so "exit status 2; expected" is a death the default hid.
 */
export function supervisordExited(names: string): CitedPattern {
  return {
    ...named(
      'exited: (?:[A-Za-z0-9_.-]{1,40}:)?',
      names,
      ' \\((?:(?:exit status [0-9]+|terminated by SIG[A-Z0-9]+)[^\\n]{0,20}; not expected|exit status 2; expected)\\)',
    ),
    literals: ['; not expected)', 'exit status 2; expected)'],
    source: `${SUPERVISOR} supervisor/process.py Subprocess.finish ("exited: %s (%s; not expected)", the wait status from options.py decode_wait_status); "exit status 2; expected" under supervisor 3.x, whose default exitcodes was 0,2 (options.py ProcessConfig, changed to 0 in 4.0.0, Supervisor/supervisor#1153): a Go program's panic and fatal exit is status 2, and so is kubernetes' cluster/saltbase/salt/supervisor/docker-checker.sh ("Docker failed!" when \`timeout 10 docker ps\` fails; the salt-installed nodes of kube-up, under [program:docker] with no exitcodes)`,
  };
}

/** supervisord's log: the start retries are spent and the program is left in FATAL (nothing restarts it). */
export function supervisordGaveUp(names: string): CitedPattern {
  return {
    ...named('gave up: (?:[A-Za-z0-9_.-]{1,40}:)?', names, ' entered FATAL state'),
    literals: ['entered FATAL state'],
    source: `${SUPERVISOR} supervisor/process.py Subprocess.transition ("gave up: %s entered FATAL state, too many start retries too quickly")`,
  };
}

/** `supervisorctl status`: the program's row in one of `states` (its name padded, then the state, then the detail). */
export function supervisorctlRow(names: string, states: readonly string[]): CitedPattern {
  return {
    ...named('', names, ` +(?:${states.join('|')}) +[^ \\n]`),
    literals: [...states],
    source: `${SUPERVISOR} supervisor/supervisorctl.py status (the row's state column, ${states.join('/')} of ProcessStates in states.py)`,
  };
}

/** RHEL's functions status(): the daemon is gone although its pid file, or its subsys lock, says it should run. */
export function initscriptsDead(names: string): Pattern {
  return {
    ...named('', names, ' dead but (?:pid file exists|subsys locked)'),
    literals: ['dead but pid file exists', 'dead but subsys locked'],
  };
}

/** RHEL's functions status(): neither a process, nor a pid file, nor a lock. */
export function initscriptsStopped(names: string): CitedPattern {
  return {
    ...named('', names, ' is stopped'),
    literals: ['is stopped'],
    source: `${INITSCRIPTS} ("%s is stopped": no process, pid file or lock)`,
  };
}

/**
 * OpenRC: `rc-status` rows for a started service whose daemon is gone (crashed) or whose start failed, and
 * openrc-run's refusal after a failed start.
 */
export function openrcDown(names: string): Pattern {
  return {
    pattern: `${names} +\\[ {1,2}(?:crashed|failed) {1,2}\\]|ERROR: ${names} failed to start`,
    unless: `${GLUED}${names}(?: +\\[ {1,2}(?:crashed|failed) {1,2}\\]| failed to start)`,
    literals: ['crashed', 'failed ]', 'failed to start'],
  };
}

/** OpenRC's `rc-status` row for a stopped service. */
export function openrcStopped(names: string): CitedPattern {
  return {
    ...named('', names, ' +\\[ {1,2}stopped {1,2}\\]'),
    literals: ['stopped'],
    source: `${OPENRC} src/rc-status/rc-status.c print_service (" stopped ")`,
  };
}

/** `microk8s inspect`: the snap's daemon is not running. */
export function microk8sInspectDown(app: string): Pattern {
  return {
    pattern: `Service (?:snap\\.)?microk8s\\.daemon-${app} is not running`,
    literals: ['microk8s.daemon-'],
  };
}

/** `snap services`: the snap's daemon is inactive (Startup enabled or disabled). */
export function snapServiceInactive(app: string): Pattern {
  return {
    pattern: `microk8s\\.daemon-${app} +(?:enabled|disabled) +inactive`,
    literals: ['microk8s.daemon-'],
  };
}

/**
 * upstart's init, in syslog: the job's main process died (a non-zero status, or a crash signal; TERM, INT, HUP and
 * KILL also end a stop someone asked for, and a KILL of the kubelet has its own rule) or is being respawned.
 */
export function upstartDied(names: string): Pattern {
  return {
    ...named(
      '',
      names,
      ' main process (?:\\([0-9]+\\) (?:terminated with status [0-9]+|killed by (?:SEGV|ABRT|BUS|ILL|FPE|SYS|TRAP|QUIT) signal)|ended, respawning)',
    ),
    literals: ['main process (', 'main process ended, respawning'],
  };
}

/** upstart's init: the job died too often in a short time and is no longer respawned. */
export function upstartGaveUp(names: string): CitedPattern {
  return {
    ...named('', names, ' respawning too fast, stopped'),
    literals: ['respawning too fast, stopped'],
    source: `${UPSTART} init/job_process.c job_process_terminated ("%s respawning too fast, stopped")`,
  };
}

/** `status NAME` / `initctl status NAME` under upstart: the job's goal is stop and nothing runs. */
export function upstartStopped(names: string): CitedPattern {
  return {
    ...named('', names, ' stop/waiting'),
    literals: ['stop/waiting'],
    source: `${UPSTART} util/initctl.c job_status ("%s %s/%s" with goal stop, state waiting)`,
  };
}

/**
 * Talos' machined, logging a service's run ended and not restarted: `service[kubelet](Failed): ...` or
 * `service[kubelet](Finished): Service finished successfully` (in `talosctl dmesg`, `talosctl logs machined`, the
 * console). Waiting, Preparing and Stopping are steps of a start or a stop that is still going, and are not read.
 */
export function talosServiceEnded(names: string): CitedPattern {
  return {
    ...named('service\\[', names, '\\]\\((?:Failed|Finished)\\): '),
    literals: ['](Failed): ', '](Finished): '],
    source: `${TALOS} internal/app/machined/pkg/system/service_runner.go (*ServiceRunner).UpdateState ("service[%s](%s): %s"), with system.go (*singleton).Start's last states Finished ("Service finished successfully") and Failed (the run's error)`,
  };
}

/**
 * `talosctl services`: the service's row in Finished or Failed (tabwriter, padded by at least 3 spaces), its health
 * and the time of its last change after it. Rows of other services in the same table are not read.
 */
export function talosServicesRow(names: string): CitedPattern {
  return {
    ...named('', names, ' {3,}(?:Finished|Failed) {3,}(?:\\?|OK|Fail) {3,}[^\\n]{1,24} ago   '),
    // The time column, padded by the tabwriter before the last event: in every row ("Failed" is too common a word).
    literals: [' ago   '],
    source: `${TALOS} cmd/talosctl/cmd/talos/service.go serviceList (tabwriter padding 3; "NODE\\tSERVICE\\tSTATE\\tHEALTH\\tLAST CHANGE\\tLAST EVENT", "%s ago"), states from pkg/system/events/events.go ServiceState.String`,
  };
}

/**
 * `systemctl list-units` / `systemctl --failed`: the unit's row failed (LOAD loaded, ACTIVE failed, SUB failed), as
 * Flatcar, Bottlerocket and every systemd distribution print it.
 */
export function systemctlFailedRow(names: string): CitedPattern {
  return {
    ...named('', names, '\\.service +loaded +failed +failed'),
    literals: ['.service '],
    source:
      'systemd src/systemctl/systemctl-list-units.c output_units_list (the UNIT LOAD ACTIVE SUB DESCRIPTION table of `systemctl list-units` and `systemctl --failed`, a failed unit "loaded failed failed", led by "●")',
  };
}
