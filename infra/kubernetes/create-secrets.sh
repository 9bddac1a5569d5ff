#!/bin/sh
# Creates (or replaces) the two Secrets of an in-cluster set-up, with one new ingest token in both:
#
#   pleg-responder/pleg-responder  INGEST_TOKEN, and the Slack tokens given: what the responder's pod reads
#                                  (envFrom, infra/kubernetes/base/deployment.yaml)
#   monitoring/pleg-responder      ingest-token: what Alertmanager sends as its bearer token, mounted at
#                                  /etc/alertmanager/secrets/pleg-responder/ingest-token (Alertmanager spec.secrets;
#                                  kube-prometheus-stack: alertmanager.alertmanagerSpec.secrets)
#
#   sh infra/kubernetes/create-secrets.sh            # asks for the Slack tokens (Enter skips one)
#
# Nothing secret is typed on a command line or kept in a file: the Slack tokens are read from the terminal without
# echo (or from the environment: SLACK_BOT_TOKEN, SLACK_CHANNEL, SLACK_APP_TOKEN, SLACK_SIGNING_SECRET), the ingest
# token is made here, and each value goes to kubectl through a private temporary directory removed on exit.
# MONITORING_NAMESPACE (default monitoring) names Alertmanager's namespace. Run it again to rotate the token, then
# restart the responder (kubectl -n pleg-responder rollout restart deployment/pleg-responder): Alertmanager reads
# the mounted file again by itself.
set -eu

monitoring="${MONITORING_NAMESPACE:-monitoring}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
chmod 700 "$dir"

# A Slack value from the environment, or asked for on the terminal without echo.
ask() {
  name="$1"
  eval "value=\${$name:-}"
  if [ -z "$value" ] && [ -t 0 ]; then
    printf '%s (Enter to leave it out): ' "$name" >&2
    stty -echo
    IFS= read -r value || value=""
    stty echo
    printf '\n' >&2
  fi
  if [ -n "$value" ]; then
    printf '%s' "$value" >"$dir/$name"
    printf ' --from-file=%s=%s' "$name" "$dir/$name"
  fi
}

# 24 random bytes as 48 hex digits (the responder wants at least 16 characters).
od -An -tx1 -N24 /dev/urandom | tr -d ' \n' >"$dir/INGEST_TOKEN"

slack="$(ask SLACK_BOT_TOKEN)$(ask SLACK_CHANNEL)$(ask SLACK_APP_TOKEN)$(ask SLACK_SIGNING_SECRET)"

# create --dry-run=client | apply: the same command creates the Secret the first time and replaces it later.
# (--validate=false: the object is kubectl's own output; validating it would only need the server's OpenAPI.)
# shellcheck disable=SC2086 # $slack is a list of --from-file options, split on purpose
kubectl create secret generic pleg-responder --namespace pleg-responder \
  --from-file=INGEST_TOKEN="$dir/INGEST_TOKEN" $slack --dry-run=client -o yaml | kubectl apply --validate=false -f -
kubectl create secret generic pleg-responder --namespace "$monitoring" \
  --from-file=ingest-token="$dir/INGEST_TOKEN" --dry-run=client -o yaml | kubectl apply --validate=false -f -
