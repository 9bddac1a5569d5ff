import { change, read } from '../commands.ts';
import { competingDefects } from '../defects.ts';
import type { CauseModule } from './types.ts';

export const containerCount: CauseModule = {
  id: 'container_count',
  title: 'Too many containers for one relist',
  explains: ['runtime_down'],
  support: [
    { fact: 'containers.many', weight: 3 },
    { fact: 'containers.exited_many', weight: 2.5 },
    { fact: 'pods.many', weight: 2 },
    { fact: 'containers.gc_failed', weight: 1.5 },
    { fact: 'pleg.relist_slow', weight: 1 },
    { fact: 'pods.churn', weight: 0.5 },
    { fact: 'pods.dense', weight: 0.5 },
    { fact: 'pleg.channel_full', weight: 0.5 },
    { fact: 'runtime.list_too_large', weight: 3.5 },
    // The daemon is up and answers, late: the list's cost grows with every container it holds, exited ones too.
    { fact: 'runtime.list_abandoned', weight: 2 },
    // The runtime's unit at its TasksMax: every container adds its shim (and, by driver and release, its own
    // processes and threads) to the unit's cgroup, so the limit is reached by the number of containers it runs.
    { fact: 'pid.runtime_unit_limit', weight: 3.5 },
    { fact: 'pid.runtime_unit_forks', weight: 1.5 },
  ],
  against: [
    { fact: 'containers.few', weight: 2.5 },
    { fact: 'pleg.stuck', weight: 1 },
    ...competingDefects('container_count'),
  ],
  summary: ({ facts }) => {
    if (facts.has('pid.runtime_unit_limit'))
      return "The container runtime's systemd unit reached its task limit (TasksMax): the containers it runs count their shims and threads against it, and now nothing under it can fork.";
    const n = facts.max('containers.many') ?? facts.max('containers.exited_many');
    return `The node holds ${n ? `${n} ` : 'so many '}containers that one relist (list + status of every changed container) takes longer than the threshold.`;
  },
  chain: ({ facts }) =>
    facts.has('pid.runtime_unit_limit')
      ? [
          "systemd counts every process and thread in the runtime's unit cgroup against the unit's TasksMax (DefaultTasksMax unless the unit sets its own).",
          'Each container adds its shim and, by cgroup driver and release, its own processes to that cgroup; with enough containers the count meets the limit.',
          'Then fork and clone fail with EAGAIN for the daemon, the shims and runc: containers and exec probes fail to start, and the daemon breaks.',
          "Root cause: the runtime unit's task limit against the number of containers; raise TasksMax (infinity, as the runtimes' own units set) or run fewer containers.",
        ]
      : [
          'Relist lists every sandbox and container and then inspects each one that changed; the work grows with the container count.',
          facts.has('containers.exited_many') || facts.has('containers.gc_failed')
            ? 'Exited containers are not being garbage-collected, so the list keeps growing and the runtime slows down with it.'
            : 'With hundreds of containers changing at once (pods created and deleted), the inspections add up to minutes.',
          'Root cause: container count on the node, not a broken runtime.',
        ],
  commands: ({ tools, node }) => [
    read('node', tools.psAll, 'all containers, running and exited'),
    read('node', tools.psExited, 'exited containers waiting for garbage collection'),
    read(
      'cluster',
      `kubectl get pods -A --field-selector spec.nodeName=${node} --no-headers | wc -l`,
      'pods scheduled on the node',
    ),
    read(
      'cluster',
      `kubectl get --raw /api/v1/nodes/${node}/proxy/metrics | grep -E '^kubelet_(pleg_relist_duration_seconds_(sum|count)|running_containers)'`,
      'relist duration and container counts from the kubelet',
    ),
    change('node', tools.removeExited, 'remove exited containers now'),
    change('cluster', `kubectl cordon ${node}`, 'stop more pods landing here until the count is down'),
  ],
  probes: [
    { what: 'container count on the node', fills: ['counts', 'metrics'], how: ({ tools }) => tools.psAll },
  ],
};
