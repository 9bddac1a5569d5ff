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

# shellcheck source-path=SCRIPTDIR source=lib.sh
case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac

SCOPE_THRESHOLD=${SCOPE_THRESHOLD:-2000}
PROBE_TIMEOUT=${PROBE_TIMEOUT:-10}

settings SCOPE_THRESHOLD "$@"
need_positive SCOPE_THRESHOLD "$SCOPE_THRESHOLD"
need_timeout
enter_host_ns "$@"

command -v systemctl >/dev/null 2>&1 || finish 2 "systemctl not found"
bounded systemctl list-units --type=scope --no-legend --plain --no-pager
need_answer 'systemctl list-units' scopes

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
