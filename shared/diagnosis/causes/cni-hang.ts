import { change, read } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { CauseModule } from './types.ts';

export const cniHang: CauseModule = {
  id: 'cni_hang',
  title: 'CNI calls hanging inside sandbox status/teardown',
  explains: ['runtime_down'],
  support: [
    { fact: 'cni.hang', weight: 3.5 },
    { fact: 'runtime.status_timeout', weight: 2 },
    { fact: 'cni.slow', weight: 2.5 },
    { fact: 'cni.error', weight: 1.5 },
    { fact: 'cni.not_ready', weight: 1 },
    { fact: 'cni.teardown_failed', weight: 2.5 },
    { fact: 'cni.datastore_error', weight: 2 },
    { fact: 'cni.agent_down', weight: 1.5 },
    { fact: 'cni.ip_exhausted', weight: 0.5 },
    { fact: 'network.netdev_leak', weight: 3 },
  ],
  against: competingDefects('cni_hang'),
  summary: () =>
    'CNI add/delete calls are slow or hang; sandbox teardown holds the pod lock that relist needs for the sandbox status, so relist waits on the network plugin.',
  chain: () => [
    'Relist asks for each changed sandbox status, which includes its network status; teardown (StopPodSandbox → CNI DEL) holds the same per-pod lock.',
    'When the CNI plugin (or the datastore it calls) is slow or hangs, teardown holds the lock for minutes and relist blocks behind it.',
    'Root cause: the network plugin, not the container runtime.',
  ],
  commands: ({ node }) => [
    read(
      'node',
      "journalctl -u kubelet --since -1h --no-pager | grep -Ei 'cni|network for sandbox|TearDown' | tail -n 50",
      'which CNI calls fail or time out',
    ),
    read('node', 'ls -l /etc/cni/net.d/', 'configured CNI plugins'),
    read(
      'cluster',
      `kubectl get pods -n kube-system -o wide --field-selector spec.nodeName=${node}`,
      'CNI agent pods on this node and their state',
    ),
    change(
      'cluster',
      'kubectl delete pod -n kube-system <cni-agent-pod-on-this-node>',
      "restart the node's CNI agent (name from the listing above)",
    ),
  ],
  probes: [
    { what: 'kubelet CNI errors', fills: ['logs.kubelet'], how: () => 'journalctl -u kubelet | grep -i cni' },
  ],
};
