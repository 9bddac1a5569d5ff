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

# shellcheck source-path=SCRIPTDIR source=lib.sh
case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac

PROBE_TIMEOUT=${PROBE_TIMEOUT:-5}

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

settings 'PROC_ROOT RUNTIME CONTAINERD_SOCKET DOCKER_SOCKET' "$@"
need_timeout
enter_host_ns "$@"

pick_runtime
if [ "$RUNTIME" = containerd ]; then
  crictl_bounded pods -q
  judge 'crictl pods'
  list_containers
  judge 'crictl ps'
  finish 0 "containerd answered crictl pods and ps within ${PROBE_TIMEOUT}s"
fi
list_containers
judge 'docker ps'
finish 0 "dockerd answered docker ps within ${PROBE_TIMEOUT}s"
