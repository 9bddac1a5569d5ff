# shellcheck shell=sh
# lib.sh: what the pleg-responder probes in this folder share. Not a probe and not run by itself: every probe
# sources it from its own folder,
#   case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac
# so it is installed next to them (the README's ConfigMap takes the whole folder). Like the probes it uses
# shell builtins only, plus coreutils timeout and cat and, with HOST_NS=1, nsenter.
#
# Sourcing it sets the defaults of the settings its functions read (a probe takes from them the ones it
# accepts) and the EXIT trap that makes any exit without a verdict UNKNOWN (2), never PROBLEM. A probe then,
# in this order:
#   settings 'NAME...' "$@"        takes its KEY=VALUE arguments (they win over the environment), checks
#                                  PROBE_TIMEOUT
#   need_positive, need_timeout    checks its own settings and tools
#   enter_host_ns "$@"             with HOST_NS=1, runs again in the host's mount namespace
# does its check, and ends with finish STATUS MESSAGE.

PROC_ROOT=${PROC_ROOT:-/proc}
RUNTIME=${RUNTIME:-auto}
CONTAINERD_SOCKET=${CONTAINERD_SOCKET:-/run/containerd/containerd.sock}
DOCKER_SOCKET=${DOCKER_SOCKET:-/var/run/docker.sock}
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

# need_positive NAME VALUE [UNIT]: UNKNOWN unless VALUE, the setting NAME, is a whole number above 0.
need_positive() {
  if ! is_count "$2" || [ "$2" -eq 0 ]; then
    finish 2 "$1 must be a positive number${3:+ of $3}, not '$2'"
  fi
}

# settings 'NAME...' ARG...: every ARG must be NAME=VALUE for one of the probe's settings NAME (or PROBE_TIMEOUT
# or HOST_NS, which every probe has), and sets it, winning over the environment; any other ARG is UNKNOWN.
# Then checks PROBE_TIMEOUT.
settings() {
  s_names="$1 PROBE_TIMEOUT HOST_NS"
  shift
  for s_arg do
    s_known=''
    for s_name in $s_names; do
      case $s_arg in "$s_name"=*) s_known=$s_name ;; esac
    done
    [ -n "$s_known" ] || finish 2 "unknown argument: $s_arg"
    eval "$s_known=\${s_arg#*=}"
  done
  need_positive PROBE_TIMEOUT "$PROBE_TIMEOUT" seconds
}

need_timeout() {
  command -v timeout >/dev/null 2>&1 || finish 2 "timeout (coreutils) not found"
}

# enter_host_ns ARG...: with HOST_NS=1, runs the probe again with its arguments in the host's mount namespace
# (nsenter -t 1 -m), where the host's tools and sockets are; UNKNOWN when that namespace cannot be entered.
# Only once: the run there has PLEG_PROBE_IN_HOST_NS=1.
enter_host_ns() {
  if [ "$HOST_NS" != 1 ] || [ "${PLEG_PROBE_IN_HOST_NS:-0}" = 1 ]; then return 0; fi
  need_timeout
  command -v nsenter >/dev/null 2>&1 || finish 2 "HOST_NS=1 but nsenter not found"
  if ! timeout -k 1 "$PROBE_TIMEOUT" nsenter -t 1 -m -- true </dev/null >/dev/null 2>&1; then
    finish 2 "cannot enter the host mount namespace (hostPID, privileged?)"
  fi
  PLEG_PROBE_IN_HOST_NS=1
  export PLEG_PROBE_IN_HOST_NS
  exec nsenter -t 1 -m -- /bin/sh -c "$(probe_text)" "$0" "$@"
}

# probe_text: the probe's own text, with this library in place of the line that sources it. The host's mount
# namespace has neither file (the ConfigMap is mounted into NPD's), so the text itself goes there.
probe_text() {
  case $0 in */*) p_lib=${0%/*}/lib.sh ;; *) p_lib=./lib.sh ;; esac
  while IFS= read -r p_line || [ -n "$p_line" ]; do
    # shellcheck disable=SC2016 # the line as it stands in the probe, not expanded
    case $p_line in
      'case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac') printf '%s\n' "$(cat -- "$p_lib")" ;;
      *) printf '%s\n' "$p_line" ;;
    esac
  done <"$0"
}

# bounded CMD...: runs CMD under coreutils timeout; sets OUT (stdout and stderr) and RC.
# shellcheck disable=SC2034 # OUT and RC are for the caller
bounded() {
  RC=0
  OUT=$(timeout -k 1 "$PROBE_TIMEOUT" "$@" 2>&1 </dev/null) || RC=$?
}

# need_answer WHAT THINGS: UNKNOWN unless the last bounded call, WHAT, answered. For the probes that count
# THINGS: without an answer there is no count, and a hang is the finding of the probe that owns it.
need_answer() {
  case $RC in
    0) ;;
    124 | 137) finish 2 "$1 gave no answer in ${PROBE_TIMEOUT}s: $2 not counted" ;;
    *) finish 2 "$1 failed ($RC): $(last_line "$OUT")" ;;
  esac
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

# pick_runtime: settles RUNTIME (auto: docker when a host dockerd runs and the docker CLI exists, else
# containerd when crictl and CONTAINERD_SOCKET exist, else docker when the docker CLI and DOCKER_SOCKET exist)
# and checks its client and socket; UNKNOWN when there is none.
pick_runtime() {
  case $RUNTIME in
    containerd | docker) ;;
    auto) detect_runtime ;;
    *) finish 2 "RUNTIME must be auto, containerd or docker, not '$RUNTIME'" ;;
  esac
  if [ "$RUNTIME" = containerd ]; then
    command -v crictl >/dev/null 2>&1 || finish 2 "crictl not found"
    [ -e "$CONTAINERD_SOCKET" ] || finish 2 "containerd socket $CONTAINERD_SOCKET not found"
  else
    command -v docker >/dev/null 2>&1 || finish 2 "docker CLI not found"
    [ -e "$DOCKER_SOCKET" ] || finish 2 "docker socket $DOCKER_SOCKET not found"
  fi
}

detect_runtime() {
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

# crictl_bounded ARG...: bounded crictl ARG... on CONTAINERD_SOCKET, with crictl's own deadline as well.
crictl_bounded() {
  c_endpoint="unix://$CONTAINERD_SOCKET"
  bounded crictl --runtime-endpoint "$c_endpoint" --image-endpoint "$c_endpoint" --timeout "${PROBE_TIMEOUT}s" "$@"
}

# list_containers: the bounded "crictl ps -a -q" or "docker ps -a -q" for RUNTIME (every container in every
# state, as each PLEG relist lists them); sets LISTED to the call's name, and OUT and RC.
# shellcheck disable=SC2034 # LISTED is for the caller
list_containers() {
  if [ "$RUNTIME" = containerd ]; then
    LISTED='crictl ps'
    crictl_bounded ps -a -q
  else
    LISTED='docker ps'
    bounded docker -H "unix://$DOCKER_SOCKET" ps -a -q
  fi
}
