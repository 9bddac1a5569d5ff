#!/bin/sh
# fd-pressure.sh: node-problem-detector custom plugin for the RuntimeFileDescriptorPressure condition
# (problem reason RuntimeFdNearLimit, OK reason RuntimeFdOk).
#
# For each runtime daemon on the host (comm exactly "containerd" or "dockerd", found through
# $PROC_ROOT/*/stat; processes with a containerd-shim among their ancestors run inside containers, e.g.
# docker-in-docker or kind, and are skipped) counts the entries of $PROC_ROOT/PID/fd and compares them with
# the soft "Max open files" limit in $PROC_ROOT/PID/limits (LimitNOFILE of its systemd unit). A daemon at its
# limit fails every accept/open with EMFILE: shims, CRI calls and PLEG relists fail with it.
# Only shell builtins read /proc (no cmdline, environ or maps, which block on a process stuck holding its mm
# lock), so there is no external call to bound; the work is one stat read per process plus one directory glob
# per daemon, well under a second on a node with thousands of processes.
#
# Exit status (NPD custom plugin contract) and why:
#   0 OK       every daemon found is below FD_RATIO_PERCENT of its soft limit, or has no limit ("unlimited").
#   1 PROBLEM  some daemon holds >= FD_RATIO_PERCENT of its soft limit (the worst one is reported), even if
#              another daemon could not be read.
#   2 UNKNOWN  no containerd/dockerd process is visible (runtime down, which ContainerRuntimeUnresponsive
#              reports, or NPD does not see the host's processes), a limits file or fd directory cannot be
#              read (not root), or a setting is invalid. No timeout is involved, so none can mean a problem.
# stdout is one line of at most 80 characters, e.g. "containerd holds 65500/65536 fds (99%)".
#
# Settings (environment, or KEY=VALUE arguments, which win):
#   PROC_ROOT         /proc (the host's /proc: hostPID, or the host's /proc mounted e.g. at /host/proc)
#   RUNTIME           auto (default: containerd and dockerd) | containerd | docker (dockerd only)
#   FD_RATIO_PERCENT  90
#   PROBE_TIMEOUT     5 (only bounds entering the host namespace)
#   HOST_NS           0 | 1: run in the host's mount namespace (nsenter -t 1 -m); needs hostPID, privileged.
set -eu

# shellcheck source-path=SCRIPTDIR source=lib.sh
case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac

FD_RATIO_PERCENT=${FD_RATIO_PERCENT:-90}
PROBE_TIMEOUT=${PROBE_TIMEOUT:-5}

# soft_limit PID: sets SOFT to the soft "Max open files" of PID (a number or "unlimited").
soft_limit() {
  SOFT=''
  [ -r "$PROC_ROOT/$1/limits" ] && [ -f "$PROC_ROOT/$1/limits" ] || return 1
  while IFS= read -r l_line || [ -n "$l_line" ]; do
    case $l_line in
      'Max open files '*)
        l_rest=${l_line#Max open files}
        l_rest=${l_rest#"${l_rest%%[! ]*}"}
        SOFT=${l_rest%% *}
        break
        ;;
    esac
  done 2>/dev/null <"$PROC_ROOT/$1/limits"
  [ "$SOFT" = unlimited ] || is_count "$SOFT"
}

# count_fds PID: sets FDS to the number of entries in $PROC_ROOT/PID/fd.
count_fds() {
  c_dir="$PROC_ROOT/$1/fd"
  [ -d "$c_dir" ] && [ -r "$c_dir" ] && [ -x "$c_dir" ] || return 1
  set -- "$c_dir"/*
  if [ "$#" -eq 1 ] && [ ! -e "$1" ] && [ ! -L "$1" ]; then
    FDS=0
  else
    FDS=$#
  fi
}

settings 'PROC_ROOT RUNTIME FD_RATIO_PERCENT' "$@"
if ! is_count "$FD_RATIO_PERCENT" || [ "$FD_RATIO_PERCENT" -eq 0 ] || [ "$FD_RATIO_PERCENT" -gt 100 ]; then
  finish 2 "FD_RATIO_PERCENT must be 1-100, not '$FD_RATIO_PERCENT'"
fi
case $RUNTIME in
  auto) NAMES='containerd dockerd' ;;
  containerd) NAMES=containerd ;;
  docker) NAMES=dockerd ;;
  *) finish 2 "RUNTIME must be auto, containerd or docker, not '$RUNTIME'" ;;
esac
enter_host_ns "$@"

# shellcheck disable=SC2086 # NAMES is a list of words
find_daemons $NAMES
if [ -z "$DAEMONS" ]; then
  case $RUNTIME in auto) finish 2 "no containerd or dockerd process in $PROC_ROOT" ;; esac
  finish 2 "no $NAMES process in $PROC_ROOT"
fi

worst=-1
worst_text=''
unreadable=''
for daemon in $DAEMONS; do
  pid=${daemon%%:*}
  name=${daemon#*:}
  if ! soft_limit "$pid"; then
    unreadable="cannot read Max open files of $name (pid $pid)"
    continue
  fi
  if ! count_fds "$pid"; then
    unreadable="cannot list the fds of $name (pid $pid): not root?"
    continue
  fi
  if [ "$SOFT" = unlimited ]; then
    pct=0
    text="$name holds $FDS fds (no limit)"
  elif [ "$SOFT" -eq 0 ]; then
    pct=100
    text="$name holds $FDS fds with a limit of 0"
  else
    pct=$((FDS * 100 / SOFT))
    text="$name holds $FDS/$SOFT fds ($pct%)"
  fi
  if [ "$pct" -gt "$worst" ]; then
    worst=$pct
    worst_text=$text
  fi
done

if [ "$worst" -ge "$FD_RATIO_PERCENT" ]; then finish 1 "$worst_text"; fi
if [ -n "$unreadable" ]; then finish 2 "$unreadable"; fi
finish 0 "$worst_text"
