#!/bin/sh
# Installs the real programs the test suite runs against, from Debian's packages, when they are missing:
# Prometheus, promtool and Alertmanager (rules tests and the end-to-end test), shellcheck (node probes),
# kubectl (manifest checks), zsh and fish (the CLI's completion scripts), the Linux man pages of section 2
# (manpages-dev: the errno table is checked against their ERRORS sections). A machine that already has them
# (a developer's, a re-used CI machine) is left alone.
#
# Prometheus and Alertmanager are programs the tests start themselves, on loopback ports of their own, not services
# for this machine: Debian's packages would start them at once and enable them at every boot (listening on :9090 and
# :9093 of a developer's machine). They are installed with starting refused (a policy-rc.d, unless the machine has
# its own) and disabled afterwards.
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
# POLICY_RC_D: only the test of this script points it elsewhere.
policy="${POLICY_RC_D:-/usr/sbin/policy-rc.d}"
if [ ! -e "$policy" ]; then
  # Exit status 101 = "action forbidden" (invoke-rc.d's policy interface): maintainer scripts start nothing.
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  trap 'rm -f "$policy"' EXIT
fi
# shellcheck disable=SC2086 # $missing is a list of package names, split on purpose
apt-get install -y --no-install-recommends $missing >&2 || {
  apt-get update >&2
  # shellcheck disable=SC2086
  apt-get install -y --no-install-recommends $missing >&2
}
for unit in prometheus prometheus-alertmanager; do
  case " $missing " in
    *" $unit "*)
      # Not started at boot either; stopped too where systemd runs and something started it regardless.
      # deb-systemd-helper acts only for the package whose maintainer script runs it (init-system-helpers 1.65.2
      # exits 1 without DPKG_MAINTSCRIPT_PACKAGE): name the package, as its own postinst would.
      if command -v deb-systemd-helper >/dev/null 2>&1; then
        DPKG_MAINTSCRIPT_PACKAGE="$unit" deb-systemd-helper disable "$unit.service" >&2
      fi
      if [ -d /run/systemd/system ]; then systemctl disable --now "$unit.service" >&2; fi
      echo "ensure-test-tools: $unit installed for the tests, not enabled or running as a service" >&2
      ;;
  esac
done
