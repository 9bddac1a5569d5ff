import { change, read } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { CauseModule } from './types.ts';

export const nodeUnreachable: CauseModule = {
  id: 'node_unreachable',
  title: 'Kubelet lost contact with the API server',
  explains: [],
  support: [
    { fact: 'kubelet.swap', weight: 3.5 },
    { fact: 'kubelet.unit_failed', weight: 3.5 },
    { fact: 'kubelet.dead', weight: 3 },
    { fact: 'kubelet.auth_error', weight: 3 },
    { fact: 'config.cgroup_driver_mismatch', weight: 2.5 },
    { fact: 'config.heartbeat_vs_grace', weight: 2.5 },
    { fact: 'node.status_unknown', weight: 2.5 },
    { fact: 'kubelet.api_error', weight: 2.5 },
    { fact: 'kubelet.lease_expired', weight: 2.5 },
    { fact: 'network.disrupted', weight: 2 },
    { fact: 'apiserver.down', weight: 2 },
    { fact: 'kubelet.http_blocked', weight: 1.5 },
    { fact: 'network.link_down', weight: 1.5 },
    // Established connections keep working; new ones (a reconnect to the API server, a new watch) are dropped.
    { fact: 'network.conntrack_full', weight: 2 },
    { fact: 'kubelet.stale_conn', weight: 1 },
    { fact: 'kubelet.stopped', weight: 1.5 },
    // One start is every boot's, and a restart leaves a gap of seconds: a hint, as the runtime's start is for
    // runtime_down. Repeated starts are kubelet.dead (FrequentKubeletRestart, restart counters).
    { fact: 'kubelet.restarted', weight: 0.5 },
    // A kill is restarted by systemd (Restart=always) or the wrapper: the gap it leaves is short, and why it was
    // killed is the question, so it weighs less here than a kubelet that stays dead.
    { fact: 'kubelet.killed', weight: 1 },
    { fact: 'kubelet.node_identity', weight: 3.5 },
    { fact: 'kubelet.not_registered', weight: 2.5 },
    { fact: 'node.unresponsive', weight: 1 },
    // A host that crashes or reboots takes the kubelet with it every time: from the control plane's side, the node
    // is gone until it is back. Why it crashes (a kernel defect, a watchdog) is on the host, not in Kubernetes.
    { fact: 'node.rebooting', weight: 2.5 },
    // A host wedged in its kernel (soft lockups, CPUs that never come down, back only from a reset) runs no kubelet.
    { fact: 'node.wedged', weight: 2.5 },
    // Pods still Running on a node NotReady for long: nothing on the node reports; whether the machine is up at all
    // is the first question (a hint).
    { fact: 'node.pods_running_while_lost', weight: 1.5 },
    { fact: 'kubelet.config_error', weight: 3.5 },
    // A kubelet (or the kube-proxy it embeds) that cannot set a sysctl whose module is not loaded exits at start.
    { fact: 'kernel.sysctl_missing', weight: 2 },
    { fact: 'kubelet.cert_rotation_failed', weight: 1.5 },
    { fact: 'kubelet.heartbeat_failed', weight: 1.5 },
    { fact: 'nodes.all_not_ready', weight: 1.5 },
  ],
  against: [{ fact: 'kubelet.alive_while_unknown', weight: 2 }, ...competingDefects('node_unreachable')],
  summary: ({ facts }) =>
    facts.has('kubelet.dead') || facts.has('kubelet.swap') || facts.has('kubelet.config_error')
      ? 'The kubelet is not running (it exits at start), so nothing posts node status.'
      : facts.has('kubelet.node_identity')
        ? "The API server refuses the kubelet's updates: its credentials name a different node than the one it updates."
        : 'No status or lease update from the kubelet reached the API server within the grace period: the node was marked Unknown.',
  chain: ({ facts }) => [
    'The kubelet renews its Lease every 10 s and posts status; after the grace period (40 s, 50 s from 1.32) without either, the node controller sets Ready=Unknown and taints the node unreachable.',
    facts.has('kubelet.dead') || facts.has('kubelet.swap') || facts.has('kubelet.config_error')
      ? facts.has('kubelet.swap')
        ? 'The kubelet refuses to start because swap is enabled, and systemd keeps restarting it.'
        : facts.has('kubelet.config_error')
          ? 'The kubelet refuses to start: its configuration disagrees with the node (cgroup driver, CPU/memory manager checkpoint), and systemd keeps restarting it.'
          : 'The kubelet process exits or cannot start, so nobody renews the Lease.'
      : facts.has('kubelet.node_identity')
        ? "The Node authorizer and NodeRestriction let a kubelet touch only its own Node and Lease; the name in its credential (system:node:<name>) no longer matches the node it updates (hostname changed, or another node's certificate)."
        : facts.has('kubelet.auth_error')
          ? 'The API server rejects the kubelet credentials (expired certificate or revoked token).'
          : 'The path from the kubelet to the API server is broken (network, load balancer, or API server down).',
    'Pods on the node keep running but are marked NotReady, and are evicted after the NoExecute toleration (300 s).',
  ],
  commands: ({ node }) => [
    read('cluster', `kubectl get node ${node} -o wide`, 'status and addresses'),
    read(
      'cluster',
      `kubectl get lease -n kube-node-lease ${node} -o jsonpath='{.spec.renewTime}'`,
      'when the kubelet last renewed its lease',
    ),
    read('node', 'systemctl status kubelet --no-pager', 'is the kubelet running'),
    read(
      'node',
      'journalctl -u kubelet --since -30min --no-pager | tail -n 100',
      'why it cannot post status',
    ),
    read('node', 'swapon --show', 'swap prevents the kubelet from starting'),
    change('node', 'swapoff -a', 'only if swap is on: disable it (and remove it from /etc/fstab)'),
    change(
      'node',
      'systemctl restart kubelet',
      'restart the kubelet once the cause is fixed (containers keep running)',
    ),
  ],
  probes: [
    {
      what: 'the Ready condition and the node Lease',
      fills: ['conditions'],
      how: ({ node }) => `kubectl get node ${node} -o jsonpath='{.status.conditions}'`,
    },
    { what: 'kubelet logs', fills: ['logs.kubelet'], how: () => 'journalctl -u kubelet --since -1h' },
  ],
};
