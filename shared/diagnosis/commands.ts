import type { Command, RuntimeKind } from '../schemas/diagnosis.ts';

/** DNS-1123 subdomain: what the API server accepts as a node name. */
const NODE_NAME = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*$/;

export function isNodeName(value: string | undefined): value is string {
  return value !== undefined && value.length <= 253 && NODE_NAME.test(value);
}

/** POSIX single-quoting: safe for any string, including quotes and `$(...)`. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The node as a shell argument. Anything that is not a valid node name never reaches a command: the command
 * uses `"$NODE"` instead, for the operator to set.
 */
export function nodeArgument(node: string | undefined): string {
  return isNodeName(node) ? shellQuote(node) : '"$NODE"';
}

/** The runtime-specific names every command template needs. */
export interface RuntimeTools {
  kind: Exclude<RuntimeKind, 'unknown'>;
  /** systemd unit of the daemon. */
  service: string;
  /** Process name for pidof. */
  daemon: string;
  /** CLI that lists and inspects containers. */
  cli: string;
  /** Lists containers, with a timeout so a hung daemon cannot hang the operator's shell. */
  ps: string;
  psAll: string;
  psExited: string;
  removeExited: string;
  /** Makes the daemon write its goroutine stacks (SIGUSR1), and where to find them: before a restart erases why. */
  dumpStacks: string;
  /** What restarting the daemon does to the running containers. */
  restartEffect: string;
}

export const RUNTIME_TOOLS: Record<RuntimeTools['kind'], RuntimeTools> = {
  docker: {
    kind: 'docker',
    service: 'docker',
    daemon: 'dockerd',
    cli: 'docker',
    ps: 'timeout 10 docker ps',
    psAll: 'timeout 30 docker ps -aq | wc -l',
    psExited: 'timeout 30 docker ps -aq --filter status=exited | wc -l',
    removeExited: 'docker container prune --force',
    dumpStacks:
      'kill -USR1 $(pidof dockerd) && journalctl -u docker --since -1min --no-pager | grep -i goroutine',
    restartEffect:
      'running containers stop with dockerd unless "live-restore": true is set in /etc/docker/daemon.json',
  },
  containerd: {
    kind: 'containerd',
    service: 'containerd',
    daemon: 'containerd',
    cli: 'crictl',
    ps: 'timeout 10 crictl ps',
    psAll: 'timeout 30 crictl ps -aq | wc -l',
    psExited: 'timeout 30 crictl ps -aq --state exited | wc -l',
    removeExited: 'crictl ps -aq --state exited | xargs -r crictl rm',
    dumpStacks:
      "kill -USR1 $(pidof containerd) && journalctl -u containerd --since -1min --no-pager | sed -n '/goroutine stack dump/,$p'",
    restartEffect: 'running containers keep running under their containerd-shim; the kubelet reconnects',
  },
  crio: {
    kind: 'crio',
    service: 'crio',
    daemon: 'crio',
    cli: 'crictl',
    ps: 'timeout 10 crictl ps',
    psAll: 'timeout 30 crictl ps -aq | wc -l',
    psExited: 'timeout 30 crictl ps -aq --state exited | wc -l',
    removeExited: 'crictl ps -aq --state exited | xargs -r crictl rm',
    dumpStacks: 'kill -USR1 $(pidof crio) && ls -t /tmp/crio-goroutine-stacks-*.log | head -n 1',
    restartEffect: 'running containers keep running under their conmon; the kubelet reconnects',
  },
};

/** The other runtime's commands, for the "show docker/containerd variant" view. */
export function otherRuntime(kind: RuntimeKind): RuntimeTools['kind'] {
  return kind === 'docker' ? 'containerd' : 'docker';
}

/** Tools for a runtime; an unknown runtime gets the CRI-generic containerd/crictl set. */
export function toolsFor(kind: RuntimeKind): RuntimeTools {
  return RUNTIME_TOOLS[kind === 'unknown' ? 'containerd' : kind];
}

export const read = (where: Command['where'], command: string, purpose: string): Command => ({
  command,
  purpose,
  risk: 'read-only',
  where,
});

export const change = (where: Command['where'], command: string, purpose: string): Command => ({
  command,
  purpose,
  risk: 'disruptive',
  where,
});

/** Taking the node out of scheduling, then emptying it: the safe order before a restart or reboot. */
export function cordonAndDrain(node: string): Command[] {
  return [
    change('cluster', `kubectl cordon ${node}`, 'stop new pods landing on the node'),
    change(
      'cluster',
      `kubectl drain ${node} --ignore-daemonsets --delete-emptydir-data --timeout=300s`,
      "move workloads off before touching the runtime; --delete-emptydir-data deletes the pods' emptyDir data; with a wedged runtime pods stay Terminating until the timeout (add --force only for pods no controller owns)",
    ),
  ];
}

/**
 * When the runtime is wedged, drained pods never finish terminating and StatefulSet pods never move. The
 * out-of-service taint (Kubernetes 1.28+, non-graceful node shutdown) lets the control plane delete them and
 * detach their volumes: safe only once the node's containers are really stopped.
 */
export function outOfService(node: string): Command[] {
  return [
    change(
      'cluster',
      `kubectl taint node ${node} node.kubernetes.io/out-of-service=nodeshutdown:NoExecute`,
      'only once the node is powered off or its containers are stopped: force-deletes its pods so StatefulSets move (two copies would run if it is still up); remove the taint when the node is Ready again',
    ),
  ];
}

export function uncordon(node: string): Command {
  return change('cluster', `kubectl uncordon ${node}`, 'return the node to service once it reports Ready');
}
