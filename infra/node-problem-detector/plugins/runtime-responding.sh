#!/bin/sh
# runtime-responding.sh: node-problem-detector custom plugin for the ContainerRuntimeUnresponsive condition
# (problem reason RuntimeNotResponding, OK reason RuntimeResponding).
#
# Asks the container runtime what the kubelet's PLEG asks it on every relist, with a deadline:
#   containerd: crictl pods -q, then crictl ps -a -q   (ListPodSandbox, ListContainers)
#   docker:     docker ps -a -q
# Each call gets PROBE_TIMEOUT seconds (crictl's own --timeout and coreutils timeout -k 1 around it), so the
# script returns within 2 x (PROBE_TIMEOUT + 1) seconds: 12 s with the default 5, under NPD's 15 s rule timeout.
#
# Exit status (NPD custom plugin contract) and why:
#   0 OK       every call answered in time (an empty list is an answer).
#   1 PROBLEM  a call did not answer within PROBE_TIMEOUT (our timeout fired, or the client reports
#              DeadlineExceeded), or the runtime socket exists but refuses connections (daemon down).
#              A timeout IS the observation this probe exists for, so it is a problem, not an unknown.
#   2 UNKNOWN  no runtime found (RUNTIME=auto and no crictl + containerd socket, no docker), the client or
#              coreutils timeout is missing, permission denied on the socket, the socket is missing (we cannot
#              tell "not running" from "not mounted into the NPD pod"), containerd without its CRI plugin, or
#              any other error the runtime answered with (it did answer; the cause is not ours to guess).
# stdout is one line of at most 80 characters (NPD's default max_output_length); stderr is not used.
#
# Settings (environment, or KEY=VALUE arguments, which win; e.g. NPD rule "args": ["PROBE_TIMEOUT=5"]):
#   RUNTIME            auto (default) | containerd | docker. auto picks docker when a host dockerd process runs
#                      and the docker CLI exists, else containerd when crictl and CONTAINERD_SOCKET exist, else
#                      docker when the docker CLI and DOCKER_SOCKET exist.
#   CONTAINERD_SOCKET  /run/containerd/containerd.sock
#   DOCKER_SOCKET      /var/run/docker.sock
#   PROBE_TIMEOUT      5 (seconds per call)
#   PROC_ROOT          /proc (only used to look for a host dockerd process)
#   HOST_NS            0 | 1: run the whole probe in the host's mount namespace (nsenter -t 1 -m), so it uses
#                      the host's crictl/docker and sockets; needs hostPID and a privileged NPD container.
set -eu

PROC_ROOT=${PROC_ROOT:-/proc}
RUNTIME=${RUNTIME:-auto}
CONTAINERD_SOCKET=${CONTAINERD_SOCKET:-/run/containerd/containerd.sock}
DOCKER_SOCKET=${DOCKER_SOCKET:-/var/run/docker.sock}
PROBE_TIMEOUT=${PROBE_TIMEOUT:-5}
HOST_NS=${HOST_NS:-0}

NL='
'
VERDICT=''
# Any exit that is not a verdict (a bug, an unset variable) must not read as "problem" (status 1).
trap 'if [ -z "$VERDICT" ]; then printf "%s\n" "probe failed unexpectedly"; exit 2; fi' EXIT

# finish STATUS MESSAGE...: prints one line cut to 80 bytes and exits with STATUS.
finish() {
  VERDICT=$1
  shift
  printf '%.80s\n' "$*"
  exit "$VERDICT"
}

is_count() {
  case $1 in '' | *[!0-9]*) return 1 ;; esac
}

# last_line TEXT: the last line of TEXT without a logrus level prefix such as "FATA[0000] ".
last_line() {
  l_line=${1##*"$NL"}
  case $l_line in [A-Z][A-Z][A-Z][A-Z]'['*'] '*) l_line=${l_line#*'] '} ;; esac
  printf '%s' "$l_line"
}

for arg do
  case $arg in
    PROC_ROOT=*) PROC_ROOT=${arg#*=} ;;
    RUNTIME=*) RUNTIME=${arg#*=} ;;
    CONTAINERD_SOCKET=*) CONTAINERD_SOCKET=${arg#*=} ;;
    DOCKER_SOCKET=*) DOCKER_SOCKET=${arg#*=} ;;
    PROBE_TIMEOUT=*) PROBE_TIMEOUT=${arg#*=} ;;
    HOST_NS=*) HOST_NS=${arg#*=} ;;
    *) finish 2 "unknown argument: $arg" ;;
  esac
done
if ! is_count "$PROBE_TIMEOUT" || [ "$PROBE_TIMEOUT" -eq 0 ]; then
  finish 2 "PROBE_TIMEOUT must be a positive number of seconds, not '$PROBE_TIMEOUT'"
fi
command -v timeout >/dev/null 2>&1 || finish 2 "timeout (coreutils) not found"

if [ "$HOST_NS" = 1 ] && [ "${PLEG_PROBE_IN_HOST_NS:-0}" != 1 ]; then
  command -v nsenter >/dev/null 2>&1 || finish 2 "HOST_NS=1 but nsenter not found"
  if ! timeout -k 1 "$PROBE_TIMEOUT" nsenter -t 1 -m -- true </dev/null >/dev/null 2>&1; then
    finish 2 "cannot enter the host mount namespace (hostPID, privileged?)"
  fi
  PLEG_PROBE_IN_HOST_NS=1
  export PLEG_PROBE_IN_HOST_NS
  exec nsenter -t 1 -m -- /bin/sh -c "$(cat -- "$0")" "$0" "$@"
fi

# bounded CMD...: runs CMD under coreutils timeout; sets OUT (stdout and stderr) and RC.
bounded() {
  RC=0
  OUT=$(timeout -k 1 "$PROBE_TIMEOUT" "$@" 2>&1 </dev/null) || RC=$?
}

# read_stat PID: sets S_COMM, S_STATE and S_PPID from $PROC_ROOT/PID/stat. comm may hold spaces and
# parentheses, so the fields are taken after the last ')'. Fails when the process is gone or the line is odd.
read_stat() {
  S_LINE=''
  IFS= read -r S_LINE 2>/dev/null <"$PROC_ROOT/$1/stat" || [ -n "$S_LINE" ] || return 1
  case $S_LINE in *'('*') '*) ;; *) return 1 ;; esac
  S_COMM=${S_LINE#*(}
  S_COMM=${S_COMM%)*}
  S_REST=${S_LINE##*) }
  S_STATE=${S_REST%% *}
  S_REST=${S_REST#* }
  S_PPID=${S_REST%% *}
  case $S_STATE in [A-Za-z]) ;; *) return 1 ;; esac
  is_count "$S_PPID"
}

# under_shim PID: succeeds when PID or one of its ancestors is a containerd-shim (a process in a container).
under_shim() {
  u_pid=$1
  u_depth=0
  while [ "$u_pid" -gt 1 ] && [ "$u_depth" -lt 64 ]; do
    read_stat "$u_pid" || return 1
    case $S_COMM in containerd-shim*) return 0 ;; esac
    u_pid=$S_PPID
    u_depth=$((u_depth + 1))
  done
  return 1
}

# find_daemons NAME...: sets DAEMONS to " PID:NAME" words for host processes (not in containers) so named.
find_daemons() {
  DAEMONS=''
  for f_stat in "$PROC_ROOT"/[0-9]*/stat; do
    f_pid=${f_stat%/stat}
    f_pid=${f_pid##*/}
    read_stat "$f_pid" || continue
    for f_name do
      [ "$S_COMM" = "$f_name" ] || continue
      under_shim "$S_PPID" || DAEMONS="$DAEMONS $f_pid:$f_name"
    done
  done
}

detect_runtime() {
  case $RUNTIME in
    containerd | docker) return 0 ;;
    auto) ;;
    *) finish 2 "RUNTIME must be auto, containerd or docker, not '$RUNTIME'" ;;
  esac
  d_crictl=0
  d_docker=0
  if command -v crictl >/dev/null 2>&1; then d_crictl=1; fi
  if command -v docker >/dev/null 2>&1; then d_docker=1; fi
  find_daemons dockerd
  if [ -n "$DAEMONS" ] && [ "$d_docker" = 1 ]; then
    RUNTIME=docker
  elif [ "$d_crictl" = 1 ] && [ -e "$CONTAINERD_SOCKET" ]; then
    RUNTIME=containerd
  elif [ "$d_docker" = 1 ] && [ -e "$DOCKER_SOCKET" ]; then
    RUNTIME=docker
  else
    finish 2 "no container runtime found (crictl + containerd socket, or docker)"
  fi
}

# judge WHAT: turns the last bounded call into a verdict, or returns when it answered.
judge() {
  case $RC in
    0) return 0 ;;
    124 | 137) finish 1 "$1 did not answer within ${PROBE_TIMEOUT}s" ;;
    125 | 126 | 127) finish 2 "$1 could not be run (status $RC)" ;;
  esac
  case $OUT in
    *DeadlineExceeded* | *'deadline exceeded'*) finish 1 "$1 did not answer within ${PROBE_TIMEOUT}s" ;;
    *'ermission denied'*) finish 2 "$1: permission denied on the $RUNTIME socket" ;;
    *'onnection refused'* | *'Cannot connect to the Docker daemon'*)
      finish 1 "$1: $RUNTIME refused the connection (daemon down?)"
      ;;
    *'unknown service runtime'*) finish 2 "$1: containerd has no CRI plugin (docker node? set RUNTIME=docker)" ;;
  esac
  finish 2 "$1 failed ($RC): $(last_line "$OUT")"
}

detect_runtime
case $RUNTIME in
  containerd)
    command -v crictl >/dev/null 2>&1 || finish 2 "crictl not found"
    [ -e "$CONTAINERD_SOCKET" ] || finish 2 "containerd socket $CONTAINERD_SOCKET not found"
    endpoint="unix://$CONTAINERD_SOCKET"
    bounded crictl --runtime-endpoint "$endpoint" --image-endpoint "$endpoint" --timeout "${PROBE_TIMEOUT}s" pods -q
    judge 'crictl pods'
    bounded crictl --runtime-endpoint "$endpoint" --image-endpoint "$endpoint" --timeout "${PROBE_TIMEOUT}s" ps -a -q
    judge 'crictl ps'
    finish 0 "containerd answered crictl pods and ps within ${PROBE_TIMEOUT}s"
    ;;
  docker)
    command -v docker >/dev/null 2>&1 || finish 2 "docker CLI not found"
    [ -e "$DOCKER_SOCKET" ] || finish 2 "docker socket $DOCKER_SOCKET not found"
    bounded docker -H "unix://$DOCKER_SOCKET" ps -a -q
    judge 'docker ps'
    finish 0 "dockerd answered docker ps within ${PROBE_TIMEOUT}s"
    ;;
esac
