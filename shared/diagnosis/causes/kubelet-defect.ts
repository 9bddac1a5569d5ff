import { change, read } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { FactId } from '../facts.ts';
import type { CauseModule } from './types.ts';

/** The summary each defect fact gives, the most specific first: the first fact present decides. */
const SUMMARY_BY_FACT: readonly (readonly [FactId, string])[] = [
  [
    'kubelet.cadvisor_cgroup_path',
    "cAdvisor inside the kubelet watches a cgroup path this node's cgroup layout does not have, so the kubelet exits at start: a kubelet/cAdvisor defect, not descriptor exhaustion.",
  ],
  [
    'kubelet.panic',
    'The kubelet crashed with a Go panic: a kubelet bug (the first kubelet frame of the trace names the subsystem; the release notes of later patch releases name the fix).',
  ],
  [
    'kubelet.allocatable_on_root',
    "The kubelet's flags disable per-QoS cgroups yet enforce node allocatable on pods, so it writes the pods' memory limit to the root cgroup, which refuses it, and fails that step of every sync: a flag combination the kubelet does not reject.",
  ],
  [
    'kubelet.stale_conn',
    'The kubelet keeps using a dead connection to the API server (client-go HTTP/2 without health checks) and never reconnects.',
  ],
  [
    'pleg.evented_unhealthy',
    'The Evented PLEG (alpha) reports its event channel full: a kubelet-side defect, not the runtime.',
  ],
  [
    'kubelet.relist_deadlock',
    "The kubelet's PLEG relist is blocked sending an event nobody receives: the kubelet deadlocked itself, the runtime is not involved.",
  ],
];

export const kubeletDefect: CauseModule = {
  id: 'kubelet_defect',
  title: 'Known kubelet defect',
  explains: ['node_unreachable'],
  support: [
    { fact: 'pleg.evented_unhealthy', weight: 3.5 },
    { fact: 'kubelet.relist_deadlock', weight: 3.5 },
    { fact: 'kubelet.stale_conn', weight: 3 },
    { fact: 'kubelet.alive_while_unknown', weight: 3 },
    { fact: 'kubelet.known_defect', weight: 3 },
    { fact: 'kubelet.startup_race', weight: 3 },
    { fact: 'network.link_up', weight: 1 },
    { fact: 'kubelet.http_blocked', weight: 1 },
    { fact: 'pleg.channel_full', weight: 1 },
    { fact: 'kubelet.cadvisor_cgroup_path', weight: 3.5 },
    { fact: 'kubelet.allocatable_on_root', weight: 3 },
    // A panic is a kubelet bug whatever triggered it; the frames and the version name which.
    { fact: 'kubelet.panic', weight: 3 },
    { fact: 'kubelet.cert_rotated', weight: 0.5 },
    // Described hung or deadlocked, or its log stopping, with its process alive: a lead, which a goroutine dump
    // confirms or not (the kubelet may be waiting on the runtime instead).
    { fact: 'kubelet.wedged', weight: 2 },
  ],
  against: competingDefects('kubelet_defect'),
  summary: ({ facts }) =>
    SUMMARY_BY_FACT.find(([fact]) => facts.has(fact))?.[1] ??
    'The node itself is reachable, but the kubelet stopped posting status: its status loop is wedged.',
  chain: ({ facts }) =>
    facts.has('kubelet.cadvisor_cgroup_path')
      ? [
          'At start cAdvisor adds inotify watches on the cgroup v1 controller directories it expects (e.g. cpu,cpuacct); on this layout the path it derives does not exist and inotify_add_watch fails with ENOENT.',
          'The kubelet treats a cAdvisor start failure as fatal and exits; systemd restarts it into the same failure.',
          'Root cause: the kubelet/cAdvisor release does not handle this cgroup mount layout; a release that does (or the layout it expects) fixes it, a restart does not.',
        ]
      : facts.has('kubelet.allocatable_on_root')
        ? [
            'With --cgroups-per-qos=false there is no kubepods cgroup, so the node-allocatable limit for pods goes to the cgroup root; the kernel takes no memory limit on the root cgroup and the write fails with EINVAL.',
            'The kubelet retries every minute (FailedNodeAllocatableEnforcement) and its container manager reports the failure, which on small nodes shows as short NotReady spells when many pods start.',
            'Root cause: the flag combination; turn --cgroups-per-qos back on (the default), or drop pods from --enforce-node-allocatable.',
          ]
        : [
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
  commands: ({ node, facts }) => [
    read('node', 'kubelet --version', 'kubelet release (compare with the fixed releases)'),
    read(
      'node',
      "journalctl -u kubelet --since -1h --no-pager | grep -E 'use of closed network connection|watch close|EventedPLEG|Failed to start cAdvisor' | tail -n 20",
      'the defect signature',
    ),
    ...(facts.has('kubelet.allocatable_on_root')
      ? [
          read(
            'node',
            "ps -o args= -C kubelet | tr ' ' '\\n' | grep -E 'cgroups-per-qos|enforce-node-allocatable|cgroup-root'",
            'the flags that send the pods limit to the root cgroup',
          ),
        ]
      : []),
    ...(facts.has('kubelet.cadvisor_cgroup_path')
      ? [read('node', 'grep cgroup /proc/self/mountinfo', 'the cgroup layout cAdvisor has to watch')]
      : []),
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
