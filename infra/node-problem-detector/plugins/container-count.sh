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

# shellcheck source-path=SCRIPTDIR source=lib.sh
case $0 in */*) . "${0%/*}/lib.sh" ;; *) . ./lib.sh ;; esac

CONTAINER_THRESHOLD=${CONTAINER_THRESHOLD:-500}
PROBE_TIMEOUT=${PROBE_TIMEOUT:-10}

settings 'PROC_ROOT RUNTIME CONTAINERD_SOCKET DOCKER_SOCKET CONTAINER_THRESHOLD' "$@"
need_positive CONTAINER_THRESHOLD "$CONTAINER_THRESHOLD"
need_timeout
enter_host_ns "$@"

pick_runtime
list_containers
need_answer "$LISTED" containers

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
