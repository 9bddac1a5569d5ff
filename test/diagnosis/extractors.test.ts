import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import type { FactId, FactSet } from '../../shared/diagnosis/facts.ts';
import { type EvidenceBundle, EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';

/** Bundles go through the schema first, as they do in production: a malformed test bundle fails loudly. */
function facts(raw: Record<string, unknown>): FactSet {
  const bundle: EvidenceBundle = EvidenceBundleSchema.parse(raw);
  return extractFacts(bundle);
}

function sources(set: FactSet, id: FactId): string[] {
  return set.examples(id).map((f) => f.source);
}

const NODE = 'ip-10-0-1-23.ec2.internal';
const PLEG_3M46 = 'PLEG is not healthy: pleg was last seen active 3m46.75s ago; threshold is 3m0s';

function ready(status: 'True' | 'False' | 'Unknown', message: string, extra: Record<string, unknown> = {}) {
  const reason = { True: 'KubeletReady', False: 'KubeletNotReady', Unknown: 'NodeStatusUnknown' }[status];
  return { type: 'Ready', status, reason, message, ...extra };
}

function kubelet(klog: string): string {
  return `Nov 02 13:41:43 ip-10-0-1-23 kubelet[8411]: ${klog}`;
}

describe('conditions', () => {
  it('reads the PLEG age from the Ready message', () => {
    const set = facts({ conditions: [ready('False', PLEG_3M46)] });
    expect(set.has('pleg.unhealthy')).toBe(true);
    expect(set.max('pleg.unhealthy')).toBeCloseTo(226.75, 6);
    expect(sources(set, 'pleg.unhealthy')).toEqual(['conditions[0].message']);
    // 3m46s is late, not stuck.
    expect(set.has('pleg.stuck')).toBe(false);
  });

  it('finds the PLEG error inside an aggregated Ready message', () => {
    const set = facts({
      conditions: [
        ready(
          'False',
          `[container runtime is down, PLEG is not healthy: pleg was last seen active 4m2.1s ago; threshold is 3m0s]`,
        ),
      ],
    });
    expect(set.max('pleg.unhealthy')).toBeCloseTo(242.1, 6);
    expect(set.has('runtime.down')).toBe(true);
  });

  it('takes the largest PLEG age seen across sources', () => {
    const set = facts({
      conditions: [ready('False', PLEG_3M46)],
      logs: {
        kubelet: kubelet(
          'I1102 13:49:01.000000    8411 kubelet.go:2101] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 11m5.3s ago; threshold is 3m0s"',
        ),
      },
    });
    expect(set.count('pleg.unhealthy')).toBe(2);
    expect(set.max('pleg.unhealthy')).toBeCloseTo(665.3, 6);
  });

  it('records Ready=Unknown as the node controller losing the kubelet', () => {
    const set = facts({ conditions: [ready('Unknown', 'Kubelet stopped posting node status.')] });
    expect(set.has('node.status_unknown')).toBe(true);
    expect(sources(set, 'node.status_unknown')).toContain('conditions[0]');
    expect(set.has('kubelet.alive_while_unknown')).toBe(false);
  });

  it('notices an agent heartbeat newer than the Unknown transition', () => {
    const set = facts({
      conditions: [
        ready('Unknown', 'Kubelet stopped posting node status.', {
          lastHeartbeatTime: '2024-05-01T10:00:00Z',
          lastTransitionTime: '2024-05-01T10:00:50Z',
        }),
        {
          type: 'KernelDeadlock',
          status: 'False',
          reason: 'KernelHasNoDeadlock',
          message: 'kernel has no deadlock',
          lastHeartbeatTime: '2024-05-01T10:05:00Z',
          lastTransitionTime: '2024-04-01T08:00:00Z',
        },
      ],
    });
    expect(set.has('kubelet.alive_while_unknown')).toBe(true);
    expect(sources(set, 'kubelet.alive_while_unknown')).toEqual(['conditions[1].lastHeartbeatTime']);
  });

  it('turns pressure conditions that are True into starvation facts', () => {
    const set = facts({
      conditions: [
        {
          type: 'MemoryPressure',
          status: 'True',
          reason: 'KubeletHasInsufficientMemory',
          message: 'kubelet has insufficient memory available',
        },
        {
          type: 'DiskPressure',
          status: 'True',
          reason: 'KubeletHasDiskPressure',
          message: 'kubelet has disk pressure',
        },
        {
          type: 'PIDPressure',
          status: 'True',
          reason: 'KubeletHasInsufficientPID',
          message: 'kubelet has insufficient PID available',
        },
      ],
    });
    expect(sources(set, 'mem.oom')).toContain('conditions[0]');
    expect(sources(set, 'disk.pressure')).toContain('conditions[1]');
    expect(sources(set, 'pid.pressure')).toContain('conditions[2]');
  });

  it('ignores pressure conditions that are False', () => {
    const set = facts({
      conditions: [
        ready('True', 'kubelet is posting ready status'),
        {
          type: 'MemoryPressure',
          status: 'False',
          reason: 'KubeletHasSufficientMemory',
          message: 'kubelet has sufficient memory available',
        },
        {
          type: 'DiskPressure',
          status: 'False',
          reason: 'KubeletHasNoDiskPressure',
          message: 'kubelet has no disk pressure',
        },
        {
          type: 'PIDPressure',
          status: 'False',
          reason: 'KubeletHasSufficientPID',
          message: 'kubelet has sufficient PID available',
        },
        {
          type: 'KernelDeadlock',
          status: 'False',
          reason: 'KernelHasNoDeadlock',
          message: 'kernel has no deadlock',
        },
      ],
    });
    expect(set.ids()).toEqual([]);
  });

  it("records node-problem-detector's KernelDeadlock=True as a hung runtime task", () => {
    const set = facts({
      conditions: [
        {
          type: 'KernelDeadlock',
          status: 'True',
          reason: 'DockerHung',
          message: 'kernel: INFO: task docker:20744 blocked for more than 120 seconds.',
        },
      ],
    });
    // The condition itself, and its message (the kernel's own line about a docker task), both say so.
    expect(sources(set, 'kernel.hung_task_runtime')).toEqual(['conditions[0].message', 'conditions[0]']);
  });
});

describe('events', () => {
  const nodeRef = { kind: 'Node', name: NODE, uid: NODE };

  it('counts NodeNotReady/NodeReady transitions (core/v1 count) as flapping', () => {
    const set = facts({
      events: [
        {
          type: 'Normal',
          reason: 'NodeNotReady',
          message: `Node ${NODE} status is now: NodeNotReady`,
          count: 4,
          involvedObject: nodeRef,
          source: { component: 'kubelet', host: NODE },
        },
        {
          type: 'Normal',
          reason: 'NodeReady',
          message: `Node ${NODE} status is now: NodeReady`,
          count: 3,
          involvedObject: nodeRef,
          source: { component: 'kubelet', host: NODE },
        },
      ],
    });
    expect(set.has('node.flapping')).toBe(true);
    expect(set.max('node.flapping')).toBe(4);
  });

  it('reads the events.k8s.io/v1 shape: note, regarding, series.count over deprecatedCount', () => {
    const set = facts({
      events: [
        {
          type: 'Normal',
          reason: 'NodeNotReady',
          note: `Node ${NODE} status is now: NodeNotReady`,
          regarding: { kind: 'Node', name: NODE },
          reportingController: 'node-controller',
          deprecatedCount: 0,
          eventTime: '2024-05-01T09:00:00.000000Z',
          series: { count: 6, lastObservedTime: '2024-05-01T10:00:00.000000Z' },
        },
        {
          type: 'Normal',
          reason: 'NodeReady',
          note: `Node ${NODE} status is now: NodeReady`,
          regarding: { kind: 'Node', name: NODE },
          reportingController: 'kubelet',
          eventTime: '2024-05-01T09:00:30.000000Z',
          series: { count: 5, lastObservedTime: '2024-05-01T10:00:30.000000Z' },
        },
        {
          type: 'Warning',
          reason: 'ContainerGCFailed',
          note: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded',
          regarding: { kind: 'Node', name: NODE },
          reportingController: 'kubelet',
          eventTime: '2024-05-01T09:01:00.000000Z',
        },
      ],
    });
    expect(set.max('node.flapping')).toBe(6);
    expect(set.examples('containers.gc_failed')[0]?.text).toBe(
      'ContainerGCFailed: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    );
  });

  it('does not call two transitions, or pod-level NodeNotReady events, flapping', () => {
    const set = facts({
      events: [
        {
          type: 'Normal',
          reason: 'NodeNotReady',
          message: `Node ${NODE} status is now: NodeNotReady`,
          count: 2,
          involvedObject: nodeRef,
        },
        {
          type: 'Normal',
          reason: 'NodeReady',
          message: `Node ${NODE} status is now: NodeReady`,
          count: 2,
          involvedObject: nodeRef,
        },
        {
          type: 'Warning',
          reason: 'NodeNotReady',
          message: 'Node is not ready',
          count: 40,
          involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-0' },
          source: { component: 'node-controller' },
        },
      ],
    });
    expect(set.has('node.flapping')).toBe(false);
  });

  it('records SystemOOM as node memory exhaustion', () => {
    const set = facts({
      events: [
        {
          type: 'Warning',
          reason: 'SystemOOM',
          message: 'System OOM encountered, victim process: java, pid: 23421',
          count: 1,
          involvedObject: nodeRef,
          source: { component: 'kubelet', host: NODE },
        },
      ],
    });
    expect(sources(set, 'mem.oom')).toEqual(['events[0].reason', 'events[0].message']);
  });

  it('scans event messages: a KillPodSandbox deadline is a runtime operation timeout', () => {
    const set = facts({
      events: [
        {
          type: 'Warning',
          reason: 'FailedKillPod',
          message:
            'error killing pod: failed to "KillPodSandbox" for "1bb0c8bb" with KillPodSandboxError: "rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
          involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-0' },
          source: { component: 'kubelet', host: NODE },
        },
      ],
    });
    expect(sources(set, 'runtime.op_timeout')).toEqual(['events[0].message']);
    // A timeout is not a hang of one container, and it is not cited as one.
    expect(set.has('runtime.container_cmd_hang')).toBe(false);
  });
});

describe('alerts', () => {
  it('maps alert names to facts and ignores resolved alerts entirely', () => {
    const set = facts({
      alerts: [
        {
          status: 'firing',
          labels: { alertname: 'KubeNodeUnreachable', node: NODE, severity: 'warning' },
          annotations: { description: `${NODE} is unreachable and some workloads may be rescheduled.` },
        },
        { status: 'firing', labels: { alertname: 'KubeletTooManyPods', node: NODE }, annotations: {} },
        {
          status: 'resolved',
          labels: { alertname: 'NodeFileDescriptorLimit', instance: '10.0.1.23:9100' },
          annotations: { description: 'dockerd: accept4: too many open files' },
        },
      ],
    });
    expect(set.examples('node.status_unknown')[0]).toMatchObject({
      source: 'alerts[0].labels.alertname',
      text: 'KubeNodeUnreachable',
    });
    expect(set.has('pods.many')).toBe(true);
    expect(set.has('fd.near_limit')).toBe(false);
    expect(set.has('fd.emfile')).toBe(false);
  });

  it('scans annotations like any other text', () => {
    const set = facts({
      alerts: [
        {
          labels: { alertname: 'KubeletPlegUnhealthy', node: NODE },
          annotations: {
            description: 'PLEG is not healthy: pleg was last seen active 20m1.5s ago; threshold is 3m0s',
          },
        },
      ],
    });
    expect(sources(set, 'pleg.unhealthy')).toEqual(['alerts[0].annotations.description']);
    expect(set.max('pleg.unhealthy')).toBeCloseTo(1201.5, 6);
    expect(set.has('pleg.stuck')).toBe(true);
  });

  it('ignores unknown alert names', () => {
    expect(
      facts({
        alerts: [
          {
            labels: { alertname: 'Watchdog' },
            annotations: { summary: 'An alert that should always be firing.' },
          },
        ],
      }).ids(),
    ).toEqual([]);
  });
});

describe('metrics', () => {
  const LES = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];
  function relist(cumulative: number[]): string {
    return [
      '# HELP kubelet_pleg_relist_duration_seconds [ALPHA] Duration in seconds for relisting pods in PLEG.',
      '# TYPE kubelet_pleg_relist_duration_seconds histogram',
      ...LES.map((le, i) => `kubelet_pleg_relist_duration_seconds_bucket{le="${le}"} ${cumulative[i] ?? 0}`),
      `kubelet_pleg_relist_duration_seconds_count ${cumulative.at(-1) ?? 0}`,
    ].join('\n');
  }

  it('reports a slow relist with its p99 in seconds', () => {
    // rank 990 of 1000 lies in (5,10]: 5 + 5 * (990-950)/50 = 9
    const set = facts({ metrics: relist([0, 0, 10, 100, 500, 800, 850, 880, 900, 950, 1000, 1000]) });
    expect(set.max('pleg.relist_slow')).toBeCloseTo(9, 6);
    expect(set.examples('pleg.relist_slow')[0]?.text).toContain('p99 9.00s');
  });

  it('says "above" when the p99 lies in the +Inf bucket', () => {
    const set = facts({ metrics: relist([0, 0, 10, 100, 500, 800, 900, 950, 960, 970, 980, 1000]) });
    expect(set.max('pleg.relist_slow')).toBe(10);
    expect(set.examples('pleg.relist_slow')[0]?.text).toContain('p99 > 10s');
  });

  it('stays silent for a healthy relist histogram', () => {
    const set = facts({
      metrics: relist([0, 100, 900, 990, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]),
    });
    expect(set.has('pleg.relist_slow')).toBe(false);
  });

  it('reads container counts, runtime errors on relist operations, and discarded PLEG events', () => {
    const set = facts({
      metrics: [
        '# TYPE kubelet_running_containers gauge',
        'kubelet_running_containers{container_state="created"} 2',
        'kubelet_running_containers{container_state="exited"} 412',
        'kubelet_running_containers{container_state="running"} 38',
        'kubelet_running_containers{container_state="unknown"} 0',
        'kubelet_running_pods 21',
        '# TYPE kubelet_runtime_operations_errors_total counter',
        'kubelet_runtime_operations_errors_total{operation_type="list_podsandbox"} 57',
        'kubelet_runtime_operations_errors_total{operation_type="list_containers"} 0',
        'kubelet_runtime_operations_errors_total{operation_type="pull_image"} 3',
        'kubelet_pleg_discard_events 12',
      ].join('\n'),
    });
    expect(set.max('containers.exited_many')).toBe(412);
    // Only the relist's own CRI call counts, and only when it has errors.
    expect(set.count('runtime.list_timeout')).toBe(1);
    expect(set.examples('runtime.list_timeout')[0]?.text).toBe(
      'kubelet_runtime_operations_errors_total{operation_type="list_podsandbox"} 57',
    );
    expect(set.max('pleg.channel_full')).toBe(12);
    // 452 containers are neither "many" nor "few".
    expect(set.has('containers.many')).toBe(false);
    expect(set.has('containers.few')).toBe(false);
  });

  it('reports a small node as few containers', () => {
    const set = facts({
      metrics:
        'kubelet_running_containers{container_state="running"} 12\nkubelet_running_containers{container_state="exited"} 3\nkubelet_running_pods 9\n',
    });
    expect(set.max('containers.few')).toBe(15);
    expect(set.has('containers.exited_many')).toBe(false);
  });
});

describe('command outputs', () => {
  it('pairs a descriptor count with the limit: 65530 of 65536 is near the limit', () => {
    const set = facts({
      commandOutputs: {
        'ls /proc/1234/fd | wc -l': '65530\n',
        'systemctl show docker -p LimitNOFILE': 'LimitNOFILE=65536\n',
      },
    });
    expect(set.max('fd.near_limit')).toBeCloseTo(65530 / 65536, 9);
    expect(sources(set, 'fd.near_limit')).toEqual(['commandOutputs["ls /proc/1234/fd | wc -l"]']);
    expect(set.has('fd.within_limit')).toBe(false);
  });

  it('1200 of 1048576 is well within the limit', () => {
    const set = facts({
      commandOutputs: {
        'ls /proc/$(pidof dockerd)/fd | wc -l': '1200\n',
        'systemctl show docker -p LimitNOFILE': 'LimitNOFILE=1048576\n',
      },
    });
    expect(set.max('fd.within_limit')).toBeCloseTo(1200 / 1048576, 9);
    expect(set.has('fd.near_limit')).toBe(false);
  });

  it("reads the soft limit from /proc/PID/limits and matches the daemon's own count", () => {
    const set = facts({
      commandOutputs: {
        'ls /proc/$(pidof containerd)/fd | wc -l': '1019\n',
        "grep 'Max open files' /proc/$(pidof containerd)/limits":
          'Max open files            1024                 524288               files     \n',
        'ls /proc/$(pidof kubelet)/fd | wc -l': '88\n',
        "grep 'Max open files' /proc/$(pidof kubelet)/limits":
          'Max open files            1000000              1000000              files     \n',
      },
    });
    expect(sources(set, 'fd.near_limit')).toEqual([
      'commandOutputs["ls /proc/$(pidof containerd)/fd | wc -l"]',
    ]);
    expect(sources(set, 'fd.within_limit')).toEqual([
      'commandOutputs["ls /proc/$(pidof kubelet)/fd | wc -l"]',
    ]);
  });

  it('finds a zombie under containerd-shim, D-state processes, and plain zombies in ps output', () => {
    const set = facts({
      commandOutputs: {
        'ps -eo pid,ppid,stat,cmd': [
          '    PID    PPID STAT CMD',
          '      1       0 Ss   /usr/lib/systemd/systemd --switched-root --system --deserialize 22',
          '   1203       1 Ssl  /usr/bin/dockerd -H fd:// --containerd=/run/containerd/containerd.sock',
          '   4242       1 Sl   /usr/bin/containerd-shim-runc-v2 -namespace moby -id 3f1c2d9e8a7b -address /run/containerd/containerd.sock',
          '   4260    4242 Zs   [java] <defunct>',
          '   5120    4242 D    /usr/bin/runc --root /var/run/docker/runtime-runc/moby kill 3f1c2d9e8a7b 9',
          '   6001    1203 Z    [sh] <defunct>',
        ].join('\n'),
      },
    });
    const zombie = set.examples('proc.zombie_shim');
    expect(zombie).toHaveLength(1);
    expect(zombie[0]?.text).toContain('4260 Zs [java] <defunct>');
    expect(zombie[0]?.text).toContain('parent 4242 /usr/bin/containerd-shim-runc-v2');
    // A D-state process is cited with its parent too: stuck under a shim is a wedged container.
    expect(set.examples('proc.dstate').map((f) => f.text)).toEqual([
      '5120 D /usr/bin/runc --root /var/run/docker/runtime-runc/moby kill 3f1c2d9e8a7b 9 (parent 4242 /usr/bin/containerd-shim-runc-v2 -namespace moby -id 3f1c2d9e8a7b -address /run/containerd/containerd.sock)',
    ]);
    // The zombie whose parent is dockerd is a zombie, not a wedged shim.
    expect(set.examples('proc.zombie').map((f) => f.text.split(' ')[0])).toEqual(['6001']);
  });

  it('reads a runtime-wide command given up with ^C as the runtime hanging', () => {
    const set = facts({ commandOutputs: { 'timeout 10 docker ps': '^C\n' } });
    expect(set.has('runtime.cmd_hang')).toBe(true);
    expect(set.has('runtime.answers')).toBe(false);
  });

  it('reads crictl giving up with DeadlineExceeded as the runtime hanging', () => {
    const set = facts({
      commandOutputs: {
        'sudo crictl ps':
          'time="2023-11-02T13:41:43Z" level=fatal msg="listing containers: rpc error: code = DeadlineExceeded desc = context deadline exceeded"\n',
      },
    });
    expect(set.has('runtime.cmd_hang')).toBe(true);
  });

  it('tells one hung container from a hung daemon', () => {
    const set = facts({
      commandOutputs: {
        'docker inspect 3f1c2d9e8a7b': '^C\n',
        'docker inspect 9a8b7c6d5e4f':
          '[\n    {\n        "Id": "9a8b7c6d5e4f00112233",\n        "State": {\n            "Status": "running"\n        }\n    }\n]\n',
      },
    });
    expect(set.has('runtime.container_cmd_hang')).toBe(true);
    expect(set.has('runtime.answers')).toBe(true);
    expect(sources(set, 'runtime.selective_hang')).toEqual(['commandOutputs["docker inspect 3f1c2d9e8a7b"]']);
    expect(set.has('runtime.cmd_hang')).toBe(false);
  });

  it('reads an output annotated as hung (a person gave up on it) as the command hanging', () => {
    for (const output of ['... (hung) ...', 'hangs, no output after 10 minutes', '(stuck)']) {
      const set = facts({ commandOutputs: { 'crictl inspect 3f1c2d9e8a7b': output } });
      expect(set.has('runtime.container_cmd_hang'), output).toBe(true);
    }
    // Words that only contain the letters are not an annotation.
    const set = facts({
      commandOutputs: { 'docker ps': 'CONTAINER ID   IMAGE   NAMES\n3f1c2d9e8a7b   hungry/app   k8s_app' },
    });
    expect(set.has('runtime.answers')).toBe(true);
    expect(set.has('runtime.cmd_hang')).toBe(false);
  });

  it('does not call a single hung inspect selective without an answering command', () => {
    const set = facts({ commandOutputs: { 'docker inspect 3f1c2d9e8a7b': '^C\n' } });
    expect(set.has('runtime.container_cmd_hang')).toBe(true);
    expect(set.has('runtime.selective_hang')).toBe(false);
  });

  it('reads a timed-out busctl/systemctl call as systemd hanging', () => {
    const set = facts({
      commandOutputs: {
        'timeout 5 busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.DBus.Peer Ping':
          'Call failed: Connection timed out\n',
        'systemctl status containerd': 'Failed to get properties: Connection timed out\n',
      },
    });
    expect(set.count('systemd.cmd_hang')).toBe(2);
  });

  it('does not read a healthy systemctl as a hang', () => {
    const set = facts({
      commandOutputs: {
        'systemctl status containerd --no-pager':
          '● containerd.service - containerd container runtime\n     Loaded: loaded (/usr/lib/systemd/system/containerd.service; enabled; vendor preset: disabled)\n     Active: active (running) since Thu 2023-11-02 09:12:01 UTC; 4h 29min ago\n',
      },
    });
    expect(set.has('systemd.cmd_hang')).toBe(false);
    expect(set.has('runtime.service_failed')).toBe(false);
  });

  it('flags a low inotify watch limit, not a generous one', () => {
    expect(
      facts({ commandOutputs: { 'cat /proc/sys/fs/inotify/max_user_watches': '8192\n' } }).max(
        'fd.limit_low',
      ),
    ).toBe(8192);
    expect(
      facts({ commandOutputs: { 'cat /proc/sys/fs/inotify/max_user_watches': '524288\n' } }).has(
        'fd.limit_low',
      ),
    ).toBe(false);
  });

  it('counts container directories', () => {
    const set = facts({
      commandOutputs: { 'find /var/lib/docker/containers -maxdepth 1 -type d | wc -l': '40000\n' },
    });
    expect(set.max('containers.many')).toBe(40000);
  });

  it('judges the load average against the core count', () => {
    const uptime = ' 13:45:02 up 41 days,  3:12,  1 user,  load average: 38.12, 35.40, 30.01\n';
    const saturated = facts({ commandOutputs: { uptime, nproc: '4\n' } });
    expect(saturated.max('cpu.saturated')).toBeCloseTo(38.12, 6);
    expect(saturated.examples('cpu.saturated')[0]?.text).toBe('load average: 38.12');
    // The same load on 64 cores is fine.
    expect(facts({ commandOutputs: { uptime, nproc: '64\n' } }).has('cpu.saturated')).toBe(false);
    expect(
      facts({
        commandOutputs: {
          uptime: ' 13:45:02 up 41 days,  3:12,  1 user,  load average: 3.12, 3.40, 3.01\n',
          nproc: '4\n',
        },
      }).has('cpu.saturated'),
    ).toBe(false);
  });
});

describe('counts', () => {
  it('flags many pods and containers', () => {
    const set = facts({ counts: { pods: 250, containers: 900 } });
    expect(set.max('containers.many')).toBe(900);
    expect(set.max('pods.many')).toBe(250);
    expect(set.has('containers.few')).toBe(false);
  });

  it('flags few pods and containers', () => {
    const set = facts({ counts: { pods: 12, containers: 30 } });
    expect(set.has('containers.few')).toBe(true);
    expect(set.has('containers.many')).toBe(false);
  });

  it('says nothing about a node in between', () => {
    expect(facts({ counts: { pods: 100, containers: 300 } }).ids()).toEqual([]);
  });

  it('says nothing without counts', () => {
    expect(facts({ counts: {} }).ids()).toEqual([]);
  });
});

describe('derived facts', () => {
  it('a PLEG age of hours means the relist is stuck', () => {
    const set = facts({
      conditions: [
        ready(
          'False',
          'PLEG is not healthy: pleg was last seen active 2h33m12.704970756s ago; threshold is 3m0s',
        ),
      ],
    });
    expect(set.max('pleg.stuck')).toBeCloseTo(9192.704970756, 6);
  });

  it('"status check may not have completed yet" with a 10-minute PLEG age means the runtime never answered', () => {
    const set = facts({
      conditions: [
        ready(
          'False',
          '[container runtime status check may not have completed yet, PLEG is not healthy: pleg was last seen active 10m3.2s ago; threshold is 3m0s]',
        ),
      ],
    });
    expect(set.has('runtime.status_pending')).toBe(true);
    expect(set.max('runtime.status_never')).toBeCloseTo(603.2, 6);
  });

  it('a kubelet that just started ("has yet to be successful") has not yet waited for the runtime', () => {
    const set = facts({
      conditions: [
        ready(
          'False',
          '[container runtime status check may not have completed yet, PLEG is not healthy: pleg has yet to be successful]',
        ),
      ],
    });
    expect(set.has('runtime.status_pending')).toBe(true);
    expect(set.has('runtime.status_never')).toBe(false);
    expect(set.has('pleg.stuck')).toBe(false);
  });
});

describe('kernel hung tasks', () => {
  const tail =
    '[1234567.891020]       Not tainted 5.4.0-1045-aws #47-Ubuntu\n[1234567.891033] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.\n';

  it('a blocked dockerd is a hung runtime task', () => {
    const set = facts({
      logs: {
        kernel: `[1234567.891011] INFO: task dockerd:1203 blocked for more than 120 seconds.\n${tail}`,
      },
    });
    expect(sources(set, 'kernel.hung_task_runtime')).toEqual(['logs.kernel:1']);
  });

  it('a blocked jbd2 is a hung task, not a runtime one', () => {
    const set = facts({
      logs: {
        kernel: `[1234567.891011] INFO: task jbd2/nvme0n1p1-8:312 blocked for more than 120 seconds.\n${tail}`,
      },
    });
    expect(set.has('kernel.hung_task')).toBe(true);
    expect(set.has('kernel.hung_task_runtime')).toBe(false);
  });

  it('cites the line number of the report in a longer log', () => {
    const set = facts({
      logs: {
        kernel: `[1234500.000001] eth0: renamed from veth3a1b2c\n${tail}[1234567.891011] INFO: task containerd-shim:4242 blocked for more than 120 seconds.\n`,
      },
    });
    expect(sources(set, 'kernel.hung_task_runtime')).toEqual(['logs.kernel:4']);
  });

  // The kernel prints task->comm, which is cut to 15 characters (TASK_COMM_LEN 16): Docker 17.x's
  // docker-containerd-shim and docker-containerd both appear as "docker-containe". The signature only knows
  // the full name, so a hung shim on these nodes counts as a generic hung task.
  it('knows the truncated comm "docker-containe" is a runtime task', () => {
    const set = facts({
      logs: {
        kernel: `[1234567.891011] INFO: task docker-containe:4242 blocked for more than 120 seconds.\n${tail}`,
      },
    });
    expect(set.has('kernel.hung_task_runtime')).toBe(true);
  });
});

describe('CNI', () => {
  it("reads containerd's CNI teardown timeout as a CNI hang", () => {
    const set = facts({
      logs: {
        containerd:
          'Nov 02 13:41:43 app04 containerd[812]: time="2023-11-02T13:41:43.111882Z" level=error msg="StopPodSandbox for \\"77dc0fbb3f9f\\" failed" error="failed to destroy network for sandbox \\"77dc0fbb3f9f\\": plugin type=\\"calico\\" failed (delete): error getting ClusterInformation: Get \\"https://10.96.0.1:443/apis/crd.projectcalico.org/v1/clusterinformations/default\\": context deadline exceeded"',
      },
    });
    expect(set.has('cni.hang')).toBe(true);
  });

  // dockershim (kubelet ≤ 1.23, pkg/kubelet/dockershim/network/plugins.go) and cri-dockerd write
  // `networkPlugin %s failed to teardown pod %q network: %v` with a lower-case n; the signature only has
  // `NetworkPlugin`, so the most common dockershim CNI timeout yields no CNI fact at all.
  it("reads dockershim's lower-case networkPlugin teardown timeout as a CNI hang", () => {
    const set = facts({
      logs: {
        kubelet: kubelet(
          'E1102 13:41:43.111882    8411 remote_runtime.go:128] StopPodSandbox "77dc0fbb3f9f" from runtime service failed: rpc error: code = Unknown desc = networkPlugin cni failed to teardown pod "web-5d4f7b-x2_default" network: netplugin failed with no error message: context deadline exceeded',
        ),
      },
    });
    expect(set.has('cni.hang')).toBe(true);
  });
});

describe('log sources under any name', () => {
  const EMFILE =
    'Nov 24 07:12:40 node-7 containerd[812]: time="2026-11-24T07:12:40Z" level=error msg="failed to start shim" error="open /run/containerd/io.containerd.runtime.v2.task/k8s.io/4f2a9c/log.json: too many open files"';

  it("reads a log whose name is not one of the schema's, each line by its own journal identifier", () => {
    const set = facts({ node: 'node-7', logs: { runtime: EMFILE } });
    expect(sources(set, 'fd.emfile')).toEqual(['logs.runtime']);
  });

  it("takes a daemon's journal identifier as the log's name as that daemon's, and any other name as no one's", () => {
    const bare = 'level=error msg="failed to start shim" error="too many open files"';
    expect(sources(facts({ node: 'node-7', logs: { 'docker-containerd': bare } }), 'fd.emfile')).toEqual([
      'logs.docker-containerd',
    ]);
    // An application's name does not make the runtime's lines in it an application's (its EMFILE would be discounted).
    expect(sources(facts({ node: 'node-7', logs: { 'aws-node': EMFILE } }), 'fd.emfile')).toEqual([
      'logs.aws-node',
    ]);
  });

  it('rejects a log under any name that is not text', () => {
    const parsed = EvidenceBundleSchema.safeParse({ node: 'node-7', logs: { runtime: 42 } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['logs', 'runtime']);
  });
});
