#!/bin/sh
# scope-pileup.sh: node-problem-detector custom plugin for the temporary event ScopeUnitPileup.
#
# Counts systemd's loaded scope units:
#   systemctl list-units --type=scope --no-legend --plain --no-pager
# under coreutils timeout -k 1 PROBE_TIMEOUT (at most PROBE_TIMEOUT + 1 seconds, 11 s with the default 10).
# Thousands of scopes (leaked container scopes of the systemd cgroup driver, abandoned session scopes) make
# every unit operation of PID 1 slow, and with it sandbox creation and the kubelet's cgroup work. The event
# message splits the count into container scopes (cri-containerd-*, docker-*, crio-*, libpod-*), login
# sessions (session-*) and the rest, which says where the leak is.
#
# Exit status (NPD custom plugin contract) and why:
#   0 OK       fewer than SCOPE_THRESHOLD scope units are loaded.
#   1 PROBLEM  SCOPE_THRESHOLD or more are loaded (NPD emits a ScopeUnitPileup event each run it lasts).
#   2 UNKNOWN  systemctl is missing or failed, or did not answer within PROBE_TIMEOUT. A hang is UNKNOWN here,
#              not a problem: systemd not answering is SystemdUnresponsive's finding, and an event claiming a
#              pile-up needs a count we do not have.
# stdout is one line of at most 80 characters, e.g.
#   "2400 scope units (threshold 2000): 2300 container, 40 session, 60 other".
#
# Settings (environment, or KEY=VALUE arguments, which win):
#   SCOPE_THRESHOLD  2000
#   PROBE_TIMEOUT    10 (seconds)
#   HOST_NS          0 | 1: run in the host's mount namespace (nsenter -t 1 -m); needs hostPID, privileged.
set -eu

SCOPE_THRESHOLD=${SCOPE_THRESHOLD:-2000}
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
    SCOPE_THRESHOLD=*) SCOPE_THRESHOLD=${arg#*=} ;;
    PROBE_TIMEOUT=*) PROBE_TIMEOUT=${arg#*=} ;;
    HOST_NS=*) HOST_NS=${arg#*=} ;;
    *) finish 2 "unknown argument: $arg" ;;
  esac
done
if ! is_count "$PROBE_TIMEOUT" || [ "$PROBE_TIMEOUT" -eq 0 ]; then
  finish 2 "PROBE_TIMEOUT must be a positive number of seconds, not '$PROBE_TIMEOUT'"
fi
if ! is_count "$SCOPE_THRESHOLD" || [ "$SCOPE_THRESHOLD" -eq 0 ]; then
  finish 2 "SCOPE_THRESHOLD must be a positive number, not '$SCOPE_THRESHOLD'"
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

command -v systemctl >/dev/null 2>&1 || finish 2 "systemctl not found"
RC=0
OUT=$(timeout -k 1 "$PROBE_TIMEOUT" systemctl list-units --type=scope --no-legend --plain --no-pager 2>&1 </dev/null) ||
  RC=$?
case $RC in
  0) ;;
  124 | 137) finish 2 "systemctl list-units gave no answer in ${PROBE_TIMEOUT}s: scopes not counted" ;;
  *) finish 2 "systemctl list-units failed ($RC): $(last_line "$OUT")" ;;
esac

total=0
container=0
session=0
while IFS= read -r line; do
  # The unit is the first field; drop leading blanks and the bullet older systemctl print for failed units.
  line=${line#"${line%%[! ]*}"}
  case $line in '● '* | '* '*) line=${line#* } ;; esac
  unit=${line%% *}
  case $unit in *.scope) ;; *) continue ;; esac
  total=$((total + 1))
  case $unit in
    cri-containerd-* | docker-* | crio-* | libpod-*) container=$((container + 1)) ;;
    session-*) session=$((session + 1)) ;;
  esac
done <<EOF
$OUT
EOF

if [ "$total" -ge "$SCOPE_THRESHOLD" ]; then
  finish 1 "$total scope units (threshold $SCOPE_THRESHOLD): $container container, $session session," \
    "$((total - container - session)) other"
fi
finish 0 "$total scope units (threshold $SCOPE_THRESHOLD)"
