#!/bin/sh
# Installs the real programs the test suite runs against, from Debian's packages, when they are missing:
# Prometheus, promtool and Alertmanager (rules tests and the end-to-end test), shellcheck (node probes),
# kubectl (manifest checks), zsh and fish (the CLI's completion scripts), the Linux man pages of section 2
# (manpages-dev: the errno table is checked against their ERRORS sections). A machine that already has them
# (a developer's, a re-used CI machine) is left alone.
set -eu

missing=""
command -v promtool >/dev/null 2>&1 || missing="$missing prometheus"
command -v prometheus >/dev/null 2>&1 || missing="$missing prometheus"
command -v prometheus-alertmanager >/dev/null 2>&1 || missing="$missing prometheus-alertmanager"
command -v shellcheck >/dev/null 2>&1 || missing="$missing shellcheck"
command -v kubectl >/dev/null 2>&1 || missing="$missing kubernetes-client"
command -v zsh >/dev/null 2>&1 || missing="$missing zsh"
command -v fish >/dev/null 2>&1 || missing="$missing fish"
[ -f /usr/share/man/man2/inotify_init.2.gz ] || missing="$missing manpages-dev"
[ -n "$missing" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-test-tools: missing Debian packages:$missing (run as root, or: sudo apt-get install$missing)" >&2
  exit 1
fi
echo "ensure-test-tools: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# policy-rc.d on these machines refuses to start services: the packages install without running daemons.
# shellcheck disable=SC2086 # $missing is a list of package names, split on purpose
apt-get install -y --no-install-recommends $missing >&2 || {
  apt-get update >&2
  # shellcheck disable=SC2086
  apt-get install -y --no-install-recommends $missing >&2
}
