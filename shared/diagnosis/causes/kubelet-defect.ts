import { change, read } from '../commands.ts';
import type { CauseModule } from './types.ts';

export const kubeletDefect: CauseModule = {
  id: 'kubelet_defect',
  title: 'Known kubelet defect',
  explains: ['node_unreachable'],
  support: [
    { fact: 'pleg.evented_unhealthy', weight: 3.5 },
    { fact: 'kubelet.relist_deadlock', weight: 3.5 },
    { fact: 'kubelet.stale_conn', weight: 3 },
    { fact: 'kubelet.alive_while_unknown', weight: 3 },
    { fact: 'kubelet.known_defect', weight: 1.5 },
    { fact: 'network.link_up', weight: 1 },
    { fact: 'kubelet.http_blocked', weight: 1 },
    { fact: 'pleg.channel_full', weight: 1 },
  ],
  against: [],
  summary: ({ facts }) =>
    facts.has('kubelet.stale_conn')
      ? 'The kubelet keeps using a dead connection to the API server (client-go HTTP/2 without health checks) and never reconnects.'
      : facts.has('pleg.evented_unhealthy')
        ? 'The Evented PLEG (alpha) reports its event channel full: a kubelet-side defect, not the runtime.'
        : facts.has('kubelet.relist_deadlock')
          ? "The kubelet's PLEG relist is blocked sending an event nobody receives: the kubelet deadlocked itself, the runtime is not involved."
          : 'The node itself is reachable, but the kubelet stopped posting status: its status loop is wedged.',
  chain: ({ facts }) => [
    facts.has('kubelet.stale_conn')
      ? 'After a brief network interruption the kubelet HTTP/2 connection to the API server is dead but not detected; requests keep failing on it ("use of closed network connection", instant watch closes).'
      : facts.has('pleg.evented_unhealthy')
        ? 'With the EventedPLEG feature gate, health fails only when the event channel (capacity 1000) is full.'
        : facts.has('kubelet.relist_deadlock')
          ? 'Relist hands each pod event to the sync loop over a channel; the goroutine dump shows relist parked on that send for minutes, so no relist completes and PLEG reports unhealthy.'
          : 'Other agents on the node (or the kubelet acting on pod deletions) still reach the API server, so the network is fine.',
    'The kubelet does not recover by itself; the node stays NotReady/Unknown until the kubelet is restarted.',
    'Root cause: a kubelet bug; a restart recovers the node, an upgrade to a fixed release prevents recurrence.',
  ],
  commands: ({ node }) => [
    read('node', 'kubelet --version', 'kubelet release (compare with the fixed releases)'),
    read(
      'node',
      "journalctl -u kubelet --since -1h --no-pager | grep -E 'use of closed network connection|watch close|EventedPLEG' | tail -n 20",
      'the defect signature',
    ),
    read(
      'cluster',
      `kubectl get lease -n kube-node-lease ${node} -o jsonpath='{.spec.renewTime}'`,
      'is the lease still renewed',
    ),
    change(
      'node',
      'systemctl restart kubelet',
      'restart the kubelet: it reconnects and relists (containers keep running)',
    ),
  ],
  probes: [{ what: 'kubelet logs', fills: ['logs.kubelet'], how: () => 'journalctl -u kubelet --since -1h' }],
};
