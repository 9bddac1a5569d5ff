#!/bin/sh
# systemd-responding.sh: node-problem-detector custom plugin for the SystemdUnresponsive condition
# (problem reason SystemdNotResponding, OK reason SystemdResponding).
#
# With the systemd cgroup driver the kubelet and the runtime create every pod's slice and every container's
# scope through systemd over D-Bus; when PID 1 or dbus-daemon stops answering, sandbox creation and PLEG stall.
# This probe makes one cheap, bounded round trip:
#   busctl --system --timeout=T call org.freedesktop.systemd1 /org/freedesktop/systemd1 \
#          org.freedesktop.DBus.Peer Ping
# and, when busctl is missing or cannot tell (e.g. no bus socket in the NPD container), the fallback
#   systemctl --no-pager show --property=Version        (as root, over systemd's private socket)
# Each call runs under coreutils timeout -k 1 PROBE_TIMEOUT: at most 2 x (PROBE_TIMEOUT + 1) seconds,
# 12 s with the default 5, under NPD's 15 s rule timeout.
#
# Exit status (NPD custom plugin contract) and why:
#   0 OK       systemd answered.
#   1 PROBLEM  the call did not return within PROBE_TIMEOUT (our timeout, or the bus's own "Connection timed
#              out"/NoReply), or the bus socket refused the connection (dbus-daemon or systemd gone). The
#              bounded call is the check itself, so its timeout is the problem we report, not an unknown.
#   2 UNKNOWN  neither busctl nor systemctl can be run, or both failed in a way that says nothing about
#              systemd: bus socket missing (not mounted into the NPD pod), permission or access denied, or
#              any other error.
# stdout is one line of at most 80 characters, e.g. "systemd did not answer a D-Bus Ping within 5s".
#
# Settings (environment, or KEY=VALUE arguments, which win):
#   PROBE_TIMEOUT  5 (seconds per call)
#   HOST_NS        0 | 1: run in the host's mount namespace (nsenter -t 1 -m), so the host's busctl and bus
#                  socket are used; needs hostPID and a privileged NPD container.
set -eu

# shellcheck source-path=SCRIPTDIR source=lib.sh
case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac

PROBE_TIMEOUT=${PROBE_TIMEOUT:-5}

# judge WHAT: a verdict for the last bounded call, or (returning) UNKNOWN_TEXT when it says nothing.
judge() {
  case $RC in
    0) finish 0 "systemd answered $1 within ${PROBE_TIMEOUT}s" ;;
    124 | 137) finish 1 "systemd did not answer $1 within ${PROBE_TIMEOUT}s" ;;
    125 | 126 | 127)
      UNKNOWN_TEXT="$1 could not be run (status $RC)"
      return 0
      ;;
  esac
  case $OUT in
    *'onnection timed out'* | *'imed out'* | *NoReply* | *'Did not receive a reply'*)
      finish 1 "systemd did not answer $1 within ${PROBE_TIMEOUT}s"
      ;;
    *'onnection refused'*) finish 1 "$1: bus connection refused (dbus-daemon or systemd down?)" ;;
  esac
  UNKNOWN_TEXT="$1 failed ($RC): $(last_line "$OUT")"
}

settings '' "$@"
need_timeout
enter_host_ns "$@"

UNKNOWN_TEXT='neither busctl nor systemctl found'
if command -v busctl >/dev/null 2>&1; then
  bounded busctl --system --timeout="$PROBE_TIMEOUT" call \
    org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.DBus.Peer Ping
  judge 'a D-Bus Ping'
fi
if command -v systemctl >/dev/null 2>&1; then
  bounded systemctl --no-pager show --property=Version
  judge 'systemctl show'
fi
finish 2 "$UNKNOWN_TEXT"
