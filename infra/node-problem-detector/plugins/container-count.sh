#!/bin/sh
# container-count.sh: node-problem-detector custom plugin for the TooManyContainers condition
# (problem reason ContainerCountHigh, OK reason ContainerCountOk).
#
# Counts the containers the runtime holds in every state, which is what each PLEG relist walks:
#   containerd: crictl ps -a -q     docker: docker ps -a -q
# One call under coreutils timeout -k 1 PROBE_TIMEOUT (crictl also gets --timeout): at most PROBE_TIMEOUT + 1
# seconds, 11 s with the default 10. Exited containers count: the relist inspects them too, and thousands of
# them (a crash-looping pod, container GC not keeping up) slow it past the PLEG threshold. Only output lines
# that are container IDs (hexadecimal) are counted, so warnings on stderr do not inflate the number.
#
# Exit status (NPD custom plugin contract) and why:
#   0 OK       fewer than CONTAINER_THRESHOLD containers.
#   1 PROBLEM  CONTAINER_THRESHOLD or more containers.
#   2 UNKNOWN  no runtime found, the client is missing, or the call failed or did not answer within
#              PROBE_TIMEOUT. A hang is UNKNOWN here, not a problem: the runtime not answering is
#              ContainerRuntimeUnresponsive's finding, and this condition needs a count we do not have.
# stdout is one line of at most 80 characters, e.g. "2400 containers on the node (all states), threshold 500".
#
# Settings (environment, or KEY=VALUE arguments, which win):
#   CONTAINER_THRESHOLD  500
#   RUNTIME              auto (default) | containerd | docker. auto picks docker when a host dockerd process
#                        runs and the docker CLI exists, else containerd when crictl and CONTAINERD_SOCKET exist,
#                        else docker when the docker CLI and DOCKER_SOCKET exist.
#   CONTAINERD_SOCKET    /run/containerd/containerd.sock
#   DOCKER_SOCKET        /var/run/docker.sock
#   PROBE_TIMEOUT        10 (seconds)
#   PROC_ROOT            /proc (only used to look for a host dockerd process)
#   HOST_NS              0 | 1: run in the host's mount namespace (nsenter -t 1 -m); needs hostPID, privileged.
set -eu

PROC_ROOT=${PROC_ROOT:-/proc}
RUNTIME=${RUNTIME:-auto}
CONTAINERD_SOCKET=${CONTAINERD_SOCKET:-/run/containerd/containerd.sock}
DOCKER_SOCKET=${DOCKER_SOCKET:-/var/run/docker.sock}
CONTAINER_THRESHOLD=${CONTAINER_THRESHOLD:-500}
PROBE_TIMEOUT=${PROBE_TIMEOUT:-10}
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
    CONTAINER_THRESHOLD=*) CONTAINER_THRESHOLD=${arg#*=} ;;
    PROBE_TIMEOUT=*) PROBE_TIMEOUT=${arg#*=} ;;
    HOST_NS=*) HOST_NS=${arg#*=} ;;
    *) finish 2 "unknown argument: $arg" ;;
  esac
done
if ! is_count "$PROBE_TIMEOUT" || [ "$PROBE_TIMEOUT" -eq 0 ]; then
  finish 2 "PROBE_TIMEOUT must be a positive number of seconds, not '$PROBE_TIMEOUT'"
fi
if ! is_count "$CONTAINER_THRESHOLD" || [ "$CONTAINER_THRESHOLD" -eq 0 ]; then
  finish 2 "CONTAINER_THRESHOLD must be a positive number, not '$CONTAINER_THRESHOLD'"
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

detect_runtime
case $RUNTIME in
  containerd)
    command -v crictl >/dev/null 2>&1 || finish 2 "crictl not found"
    [ -e "$CONTAINERD_SOCKET" ] || finish 2 "containerd socket $CONTAINERD_SOCKET not found"
    endpoint="unix://$CONTAINERD_SOCKET"
    what='crictl ps'
    bounded crictl --runtime-endpoint "$endpoint" --image-endpoint "$endpoint" --timeout "${PROBE_TIMEOUT}s" ps -a -q
    ;;
  docker)
    command -v docker >/dev/null 2>&1 || finish 2 "docker CLI not found"
    [ -e "$DOCKER_SOCKET" ] || finish 2 "docker socket $DOCKER_SOCKET not found"
    what='docker ps'
    bounded docker -H "unix://$DOCKER_SOCKET" ps -a -q
    ;;
esac
case $RC in
  0) ;;
  124 | 137) finish 2 "$what gave no answer in ${PROBE_TIMEOUT}s: containers not counted" ;;
  *) finish 2 "$what failed ($RC): $(last_line "$OUT")" ;;
esac

count=0
while IFS= read -r line; do
  case $line in '' | *[!0-9a-f]*) ;; *) count=$((count + 1)) ;; esac
done <<EOF
$OUT
EOF

if [ "$count" -ge "$CONTAINER_THRESHOLD" ]; then
  finish 1 "$count containers on the node (all states), threshold $CONTAINER_THRESHOLD"
fi
finish 0 "$count containers on the node (all states), threshold $CONTAINER_THRESHOLD"
