#!/bin/sh
# shim-stuck.sh: node-problem-detector custom plugin for processes stuck under containerd-shim.
#   MODE=zombie  permanent rule, condition ShimProcessesStuck, problem reason ZombieUnderShim
#                (OK reason ShimProcessesOk): a child of a shim that stays a zombie means the shim no longer
#                reaps, so the container never reports "exited" and the kubelet's relist waits on it.
#   MODE=dstate  temporary rule, event reason DStateUnderShim: a child of a shim that stays in uninterruptible
#                sleep (D) cannot be killed, so StopContainer/StopPodSandbox hang. Reported as an event, like
#                NPD's own TaskHung: NPD keeps one reason per condition rule, and two permanent rules on one
#                condition would flip it between True and False on every run.
#   MODE=any     (default, for a person running it by hand) both.
#
# Walks $PROC_ROOT/*/stat with shell builtins only: the state and ppid fields are parsed after the last ')'
# because comm may contain spaces and parentheses. Parents are recognised by comm "containerd-shim*" (the
# kernel cuts "containerd-shim-runc-v2" to 15 characters, "containerd-shim"). /proc/PID/cmdline is never
# read: reading it takes the process's mm lock and blocks on exactly the D-state processes we look for.
# A zombie or D-state child can be a moment's state, so candidates are read again after STUCK_SECONDS and
# only those still in the same state under the same parent count. Run time: STUCK_SECONDS plus two reads of
# /proc, about 3 s with the defaults.
#
# Exit status (NPD custom plugin contract) and why:
#   0 OK       no child of a shim stays in the looked-for state, or no shim runs while the host's kubelet,
#              containerd or dockerd is visible (a node without containers).
#   1 PROBLEM  at least one child of a containerd-shim stayed a zombie (or in D state) for STUCK_SECONDS.
#   2 UNKNOWN  $PROC_ROOT has no readable stat file, or neither a shim nor kubelet/containerd/dockerd is
#              visible (NPD is not looking at the host's PID namespace), or a setting is invalid.
#              No external command can time out here, so no timeout can mean a problem.
# stdout is one line of at most 80 characters, e.g. "2 zombie (parent 4100 containerd-shim): 4242 (nginx) 4243 (sh)"
# (the first stuck process's shim is named; several shims can be involved).
#
# Settings (environment, or KEY=VALUE arguments, which win; e.g. NPD rule "args": ["MODE=zombie"]):
#   MODE           any | zombie | dstate
#   PROC_ROOT      /proc (the host's /proc: hostPID, or the host's /proc mounted e.g. at /host/proc)
#   STUCK_SECONDS  3 (0 = a single look)
#   PROBE_TIMEOUT  5 (only bounds entering the host namespace)
#   HOST_NS        0 | 1: run in the host's mount namespace (nsenter -t 1 -m); needs hostPID, privileged.
set -eu

# shellcheck source-path=SCRIPTDIR source=lib.sh
case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac

MODE=${MODE:-any}
STUCK_SECONDS=${STUCK_SECONDS:-3}
PROBE_TIMEOUT=${PROBE_TIMEOUT:-5}

settings 'PROC_ROOT MODE STUCK_SECONDS' "$@"
is_count "$STUCK_SECONDS" || finish 2 "STUCK_SECONDS must be a number of seconds, not '$STUCK_SECONDS'"
case $MODE in
  zombie) STATES=Z looked='Z state' ;;
  dstate) STATES=D looked='D state' ;;
  any) STATES=ZD looked='Z or D state' ;;
  *) finish 2 "MODE must be zombie, dstate or any, not '$MODE'" ;;
esac
enter_host_ns "$@"

# One pass over every process: the shims, whether the host's daemons are visible, and the candidates
# (" PID:PPID:STATE" words for processes in a looked-for state).
seen=0
shims=' '
nshims=0
host_daemons=0
candidates=''
for stat in "$PROC_ROOT"/[0-9]*/stat; do
  pid=${stat%/stat}
  pid=${pid##*/}
  read_stat "$pid" || continue
  seen=$((seen + 1))
  case $S_COMM in
    containerd-shim*)
      shims="$shims$pid "
      nshims=$((nshims + 1))
      ;;
    kubelet | containerd | dockerd) host_daemons=1 ;;
  esac
  case $STATES in *"$S_STATE"*) candidates="$candidates $pid:$S_PPID:$S_STATE" ;; esac
done

[ "$seen" -gt 0 ] || finish 2 "cannot read any $PROC_ROOT/*/stat"
if [ "$nshims" -eq 0 ]; then
  [ "$host_daemons" = 1 ] || finish 2 "not the host's processes? no kubelet, containerd or shim in $PROC_ROOT"
  finish 0 "no containerd-shim running"
fi

# Keep the candidates whose parent is a shim.
under=''
for c in $candidates; do
  ppid=${c#*:}
  ppid=${ppid%%:*}
  case $shims in *" $ppid "*) under="$under $c" ;; esac
done
[ -n "$under" ] || finish 0 "$nshims containerd-shim, no child in $looked"

# Look again: only what stays counts.
if [ "$STUCK_SECONDS" -gt 0 ]; then sleep "$STUCK_SECONDS"; fi
zombies=0
dstate=0
list=''
shim=''
for c in $under; do
  pid=${c%%:*}
  rest=${c#*:}
  ppid=${rest%%:*}
  state=${rest#*:}
  read_stat "$pid" || continue
  if [ "$S_STATE" != "$state" ] || [ "$S_PPID" != "$ppid" ]; then continue; fi
  if [ "$state" = Z ]; then zombies=$((zombies + 1)); else dstate=$((dstate + 1)); fi
  list="$list $pid ($S_COMM)"
  [ -n "$shim" ] || shim=$ppid
done

# "(parent PID containerd-shim)" is how the responder finds the shim to name in its commands.
case $MODE in
  zombie) [ "$zombies" -eq 0 ] || finish 1 "$zombies zombie (parent $shim containerd-shim):$list" ;;
  dstate) [ "$dstate" -eq 0 ] || finish 1 "$dstate in D state ${STUCK_SECONDS}s+ (parent $shim containerd-shim):$list" ;;
  any)
    if [ "$zombies" -gt 0 ] || [ "$dstate" -gt 0 ]; then
      finish 1 "$zombies zombie, $dstate D-state (parent $shim containerd-shim):$list"
    fi
    ;;
esac
finish 0 "$nshims containerd-shim, no child stays in $looked ${STUCK_SECONDS}s"
