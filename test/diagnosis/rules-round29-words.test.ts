import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { NETWORK_AGENT_RULES } from '../../shared/diagnosis/rules/network-agent.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { type Bundle, ids, journal } from '../support/node-lines.ts';

// Round 29 (r29-words): the network agent restarted before its start finishes, in the kubelet's and the agents' own
// output and in people's words; the node's network found broken from its console; its Lease and status updates said
// stopped; the CNI said not ready on a cluster just built (rules/network-agent.ts, extract/agent-start.ts). Lines are
// built from the format strings (kuberuntime_manager.go computePodActions and doBackOff, prober.go's Unhealthy event,
// calico's health.go, cilium's chart), sentences from the states' definitions, never from a case.

const said = (line: string): Bundle => ({ logs: { other: line } });
const kubelet = (text: string): Bundle => ({ logs: { kubelet: journal('kubelet[1234]', text) } });
const event = (text: string): Bundle => ({
  commandOutputs: { 'kubectl -n kube-system describe pod x': text },
});

const PROGRAM_HITS = [
  kubelet(
    'I1102 13:41:40.000001    1234 kubelet.go:2528] "SyncLoop (probe)" probe="liveness" status="unhealthy" pod="calico-system/calico-node-x7k2p"',
  ),
  kubelet(
    'I1102 13:41:43.123456    1234 kuberuntime_manager.go:1034] "Message for Container of pod" containerName="calico-node" containerStatusID={Type:containerd ID:4f1a} pod="kube-system/calico-node-x7k2p" containerMessage="Container calico-node failed liveness probe, will be restarted"',
  ),
  kubelet(
    'I0312 10:01:02.000000    1234 kuberuntime_manager.go:513] Container "cilium-agent" ({"docker" "0123abcd"}) of pod cilium-4jx8z_kube-system(8d1e): Container cilium-agent failed liveness probe, will be restarted',
  ),
  kubelet(
    'I1102 13:41:43.123456    1234 kuberuntime_manager.go:1034] "Message for Container of pod" containerName="cilium-agent" containerStatusID={Type:containerd ID:4f1a} pod="kube-system/cilium-4jx8z" containerMessage="Container cilium-agent failed startup probe, will be restarted"',
  ),
  kubelet(
    'E1102 13:41:43.123456    1234 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"calico-node\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=calico-node pod=calico-node-x7k2p_kube-system(8f1c2d3e)\\"" pod="kube-system/calico-node-x7k2p"',
  ),
  kubelet(
    'E0312 10:01:02.000000    1234 pod_workers.go:186] Error syncing pod 8f1c (kube-flannel-ds-amd64-abcde_kube-system(8f1c)), skipping: failed to "StartContainer" for "kube-flannel" with CrashLoopBackOff: "Back-off 2m40s restarting failed container=kube-flannel pod=kube-flannel-ds-amd64-abcde_kube-system(8f1c)"',
  ),
  event(
    '  Normal   Killing    2m (x3 over 6m)    kubelet  Container calico-node failed liveness probe, will be restarted',
  ),
  event(
    '  Normal   Killing    4m (x2 over 9m)    kubelet  Container weave failed liveness probe, will be restarted',
  ),
  event(
    '  Warning  BackOff    1m (x25 over 9m)   kubelet  Back-off restarting failed container aws-node in pod aws-node-9xq2w_kube-system(3b9c)',
  ),
  event(
    '  Warning  Unhealthy  3m (x4 over 4m)    kubelet  Startup probe failed: Get "http://127.0.0.1:9879/healthz": dial tcp 127.0.0.1:9879: connect: connection refused',
  ),
  event(
    '  Warning  Unhealthy  2m (x6 over 5m)    kubelet  Liveness probe failed: calico/node is not ready: Felix is not live: Get "http://localhost:9099/liveness": dial tcp [::1]:9099: connect: connection refused',
  ),
  event(
    '  Warning  Unhealthy  2m    kubelet  Liveness probe failed: calico/node is not ready: bird/confd is not live: exit status 1',
  ),
  event(
    '  Warning  Unhealthy  3m (x5 over 5m)    kubelet  Liveness probe failed: {"level":"info","ts":"2026-10-31T07:50:01.004Z","caller":"/root/sdk/go1.22/src/runtime/proc.go:271","msg":"timeout: failed to connect service \\":50051\\" within 5s"}',
  ),
  event(
    '  Warning  Unhealthy  3m    kubelet  Liveness probe failed: timeout: failed to connect service ":50051" within 5s',
  ),
  {
    commandOutputs: {
      'kubectl get events -n kube-system':
        '12m   Warning   Unhealthy   pod/cilium-7hx2k   Liveness probe failed: Get "http://127.0.0.1:9879/healthz": context deadline exceeded (Client.Timeout exceeded while awaiting headers)\n11m   Warning   BackOff   pod/antrea-agent-2kd8q   Back-off restarting failed container',
    },
  },
] as const;

const PROGRAM_MISSES = [
  kubelet(
    'I1102 13:41:40.000001    1234 kubelet.go:2528] "SyncLoop (probe)" probe="liveness" status="unhealthy" pod="default/web-6d4cf56db6-abcde"',
  ),
  kubelet(
    'I1102 13:41:40.000001    1234 kubelet.go:2528] "SyncLoop (probe)" probe="readiness" status="" pod="kube-system/calico-node-x7k2p"',
  ),
  // An application's probe kill and back-off, the plugin's controllers (Deployments, not the node's agent), readiness.
  event(
    '  Normal   Killing    2m (x3 over 6m)    kubelet  Container nginx failed liveness probe, will be restarted',
  ),
  event(
    '  Warning  BackOff    1m (x25 over 9m)   kubelet  Back-off restarting failed container app in pod web-6d4cf56db6-abcde_default(3b9c)',
  ),
  event(
    '  Normal   Killing    2m    kubelet  Container calico-kube-controllers failed liveness probe, will be restarted',
  ),
  {
    commandOutputs: {
      'kubectl get events -n kube-system':
        '12m   Warning   Unhealthy   pod/cilium-operator-6d8f7c9b5-x2k4p   Liveness probe failed: Get "http://127.0.0.1:9234/healthz": context deadline exceeded',
    },
  },
  event(
    '  Warning  Unhealthy  2m    kubelet  Readiness probe failed: calico/node is not ready: BIRD is not ready: Error querying BIRD: unable to connect to BIRDv4 socket',
  ),
  event(
    '  Warning  Unhealthy  2m    kubelet  Liveness probe failed: Get "http://10.0.0.7:8080/healthz": EOF',
  ),
  event(
    '  Warning  Unhealthy  3m    kubelet  Readiness probe failed: timeout: failed to connect service ":50051" within 5s',
  ),
  event(
    '  Warning  Unhealthy  3m    kubelet  Liveness probe failed: timeout: failed to connect service ":9090" within 1s',
  ),
] as const;

const HITS = [
  ['cni.agent_restart_loop', 'calico-node keeps restarting shortly after it starts on the new node.'],
  [
    'cni.agent_restart_loop',
    'The cilium agent pod gets killed by its liveness probe before it finishes starting.',
  ],
  ['cni.agent_restart_loop', 'The liveness probe kills aws-node before ipamd is up.'],
  ['cni.agent_restart_loop', 'Our flannel pods crash a few seconds after starting, over and over.'],
  ['cni.agent_restart_loop', 'The network agent is restarted during its startup every time.'],
  ['cni.agent_restart_loop', '新节点上的 calico-node 启动后不久就被重启。'],
  ['cni.agent_restart_loop', 'cilium 被 liveness 探针杀掉了'],
  ['cni.agent_restart_loop', '网络插件启动后几秒就crash退出'],
  ['cni.agent_restart_loop', 'calico-nodeが起動後すぐに再起動を繰り返す'],
  ['network.disrupted', "I logged in through the VNC console and found the node's network was broken."],
  ['network.disrupted', 'From the serial console, the node had no default route.'],
  ['network.disrupted', 'The network was completely down, as we saw over IPMI.'],
  ['network.disrupted', '通过控制台登录发现节点网络坏了，ssh 连不上。'],
  ['network.disrupted', '用 IPMI 登录后发现网卡 down 了'],
  ['kubelet.lease_expired', "The node's lease and status updates stopped while CPU and memory were fine."],
  ['kubelet.lease_expired', 'Heartbeats from the kubelet stopped arriving at 02:10.'],
  ['kubelet.lease_expired', '节点的 Lease 和状态更新都停止了'],
  ['kubelet.lease_expired', '节点心跳中断了'],
  ['kubelet.lease_expired', 'ノードのLease更新が止まった'],
  ['kubelet.lease_expired', 'kubelet 的心跳发不出去'],
  ['cni.not_ready', 'The CNI is not ready on the new node.'],
  ['cni.not_ready', 'The network plugin was still not initialized after an hour.'],
  ['cni.not_ready', 'CNI 插件一直未就绪'],
  ['cni.not_ready', '网络插件没有就绪'],
  ['node.never_ready', 'After provisioning the cluster, all nodes stay NotReady.'],
  ['node.never_ready', 'Every worker node remained NotReady on the freshly installed cluster.'],
  ['node.never_ready', 'Terraform completed without error but all the nodes are not ready.'],
  ['node.never_ready', '新搭建的集群所有节点都是 NotReady'],
] as const;

const MISSES = [
  // A person restarting the agent, a single restart after something else, a question, a hedge, an application.
  ['cni.agent_restart_loop', 'We restarted calico-node after the upgrade.'],
  ['cni.agent_restart_loop', 'calico-node restarted once after the kernel upgrade and has been fine since.'],
  ['cni.agent_restart_loop', 'Does calico-node restart shortly after it starts?'],
  ['cni.agent_restart_loop', 'We should check whether calico-node is killed by its liveness probe.'],
  ['cni.agent_restart_loop', 'The nginx pod restarts shortly after it starts.'],
  // The pod network, a network said fine, another machine, a console with nothing broken.
  ['network.disrupted', 'The console showed the pod network was broken after the CNI upgrade.'],
  ['network.disrupted', 'The network was fine when I logged in through the console.'],
  ['network.disrupted', 'The network stopped working on my laptop console.'],
  ['network.disrupted', 'The AWS console showed the instance running.'],
  // Another lease, a question, a lease renewed again.
  ['kubelet.lease_expired', 'The DHCP lease renewal stopped working.'],
  ['kubelet.lease_expired', 'Did the lease updates stop?'],
  ['kubelet.lease_expired', 'The leader election lease stopped being renewed by the controller.'],
  ['kubelet.lease_expired', 'Lease updates resumed after the restart.'],
  // A hedge, the kubelet's own line (its rule reads it), the plugin said ready.
  ['cni.not_ready', 'Check whether the CNI is not ready.'],
  ['cni.not_ready', 'The CNI was ready, but pods still failed.'],
  // Nodes NotReady after something else, a question, one node.
  ['node.never_ready', 'After the upgrade, all nodes went NotReady.'],
  ['node.never_ready', 'After installing the new kernel, all nodes stay NotReady.'],
  ['node.never_ready', 'Do all nodes stay NotReady after provisioning the cluster?'],
  ['node.never_ready', '所有节点升级后都 NotReady'],
] as const;

describe("the network agent restarted before its start finishes, in the kubelet's and the agents' output", () => {
  it.each(PROGRAM_HITS.map((b, i) => [i, b] as const))('hit %i', (_i, bundle) => {
    expect(ids(bundle)).toContain('cni.agent_restart_loop');
  });

  it.each(PROGRAM_MISSES.map((b, i) => [i, b] as const))('miss %i', (_i, bundle) => {
    expect(ids(bundle)).not.toContain('cni.agent_restart_loop');
  });

  it('an agent killed at start is the CNI not ready, with the agent described and its previous log asked for', () => {
    const d = diagnose({
      ...PROGRAM_HITS[0],
      commandOutputs: {
        'kubectl get nodes':
          'NAME       STATUS     ROLES    AGE   VERSION\nworker-1   NotReady   <none>   3m    v1.29.4',
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
    expect(d.missing.some((m) => m.how.includes('--previous'))).toBe(true);
  });
});

describe("the kubelet's events in a description of the agent's pod (extract/agent-start.ts)", () => {
  const events = (cmd: string, line: string) => ({ commandOutputs: { [cmd]: `Events:\n${line}` } });
  it('reads a liveness or startup probe failing, a Killing or a BackOff of the agent pod described', () => {
    for (const line of [
      '  Warning  Unhealthy  2m (x9 over 6m)  kubelet  Liveness probe failed: Get "http://127.0.0.1:6784/status": dial tcp 127.0.0.1:6784: connect: connection refused',
      '  Warning  BackOff    1m (x12 over 8m) kubelet  Back-off restarting failed container',
    ])
      expect(ids(events('kubectl -n kube-system describe pod weave-net-7xk2p', line))).toContain(
        'cni.agent_restart_loop',
      );
  });
  it("leaves a readiness probe, and an application's pod described", () => {
    expect(
      ids(
        events(
          'kubectl -n kube-system describe pod weave-net-7xk2p',
          '  Warning  Unhealthy  2m  kubelet  Readiness probe failed: HTTP probe failed with statuscode: 503',
        ),
      ),
    ).not.toContain('cni.agent_restart_loop');
    expect(
      ids(
        events(
          'kubectl describe pod web-6d4cf56db6-abcde',
          '  Warning  Unhealthy  2m (x9 over 6m)  kubelet  Liveness probe failed: Get "http://10.0.0.7:8080/healthz": EOF',
        ),
      ),
    ).not.toContain('cni.agent_restart_loop');
  });
});

describe("an agent's own log ending inside its start (extract/agent-start.ts)", () => {
  const calicoStart = [
    'time="2026-10-31T07:47:16Z" level=info msg="Early log level set to debug"',
    'time="2026-10-31T07:47:16Z" level=info msg="Checking datastore connection"',
    'time="2026-10-31T07:47:16Z" level=info msg="Datastore connection verified"',
    'time="2026-10-31T07:47:17Z" level=info msg="Node IPv4 changed, will check for conflicts"',
    'time="2026-10-31T07:47:17Z" level=debug msg="Processing List request" list-interface="Node"',
  ];
  it('reads a calico-node log cut mid-start, as a bundle log or a kubectl logs output', () => {
    expect(ids({ logs: { 'calico-node': calicoStart.join('\n') } })).toContain('cni.agent_start_cut');
    expect(
      ids({ commandOutputs: { 'kubectl -n kube-system logs calico-node-x7k2p': calicoStart.join('\n') } }),
    ).toContain('cni.agent_start_cut');
  });
  it("reads felix still syncing its datastore after calico-node's start-up", () => {
    const log = [
      ...calicoStart,
      'time="2026-10-31T07:47:30Z" level=info msg="Calico started successfully"',
      '2026-10-31 07:47:31.100 [INFO][60] felix/daemon.go 568: Starting the datastore Syncer',
    ];
    expect(ids({ logs: { 'calico-node': log.join('\n') } })).toContain('cni.agent_start_cut');
    const synced = [
      ...log,
      '2026-10-31 07:47:59.000 [INFO][60] felix/daemon.go 1453: Datastore now in sync.',
    ];
    expect(ids({ logs: { 'calico-node': synced.join('\n') } })).not.toContain('cni.agent_start_cut');
  });
  it("reads cilium-agent's wait for its caches with no end", () => {
    const log = [
      'level=info msg="Waiting until all Cilium CRDs are available" subsys=k8s',
      'level=info msg="Still waiting for Cilium Operator to register CRDs" subsys=k8s',
    ].join('\n');
    expect(ids({ commandOutputs: { 'kubectl -n kube-system logs cilium-4jx8z': log } })).toContain(
      'cni.agent_start_cut',
    );
  });
  it('leaves a start that finished, an exit of its own, and any other log', () => {
    const done = [...calicoStart, 'time="2026-10-31T07:47:30Z" level=info msg="Calico started successfully"'];
    const exited = [...calicoStart, 'time="2026-10-31T07:47:30Z" level=warning msg="Terminating"'];
    expect(ids({ logs: { 'calico-node': done.join('\n') } })).not.toContain('cni.agent_start_cut');
    expect(ids({ logs: { 'calico-node': exited.join('\n') } })).not.toContain('cni.agent_start_cut');
    expect(ids({ logs: { other: calicoStart.join('\n') } })).not.toContain('cni.agent_start_cut');
    expect(
      ids({ logs: { 'cilium-agent': 'level=info msg="Daemon initialization completed" bootstrapTime=9s' } }),
    ).not.toContain('cni.agent_start_cut');
  });
});

describe("the agent's restarts, the node's network from its console, its updates stopped, a cluster just built: in people's words", () => {
  it.each(HITS)('%s ← %s', (fact, line) => {
    expect(ids(said(line))).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(MISSES)('not %s ← %s', (fact, line) => {
    expect(ids(said(line))).not.toContain(fact);
  });

  it('every rule is exercised by a line built from its source or definition', () => {
    const lines = [
      ...HITS.map(([, line]) => line),
      ...PROGRAM_HITS.flatMap((b: Bundle) => [
        ...Object.values(b.logs ?? {}),
        ...Object.values(b.commandOutputs ?? {}),
      ]),
    ];
    const untested = NETWORK_AGENT_RULES.filter(
      (rule) => !lines.some((line) => new RegExp(rule.pattern).test(String(line))),
    );
    expect(untested.map((r) => r.fact)).toEqual([]);
  });

  it('asks from the console for the packet filter, routes and links of a node said cut off from its network', () => {
    const d = diagnose(said("I logged in through the VNC console and found the node's network was broken."));
    const ask = d.missing.find((m) => m.how.includes('iptables-save'));
    expect(ask?.how).toContain('nft list ruleset');
    expect(ask?.how).toContain('ip -br link');
  });

  it("asks for the API server's and the datastore's latency when a healthy node's updates stop", () => {
    const d = diagnose(
      said("The node's lease and status updates stopped, but its CPU, memory and network were fine."),
    );
    expect(d.missing.some((m) => m.how.includes('apiserver_request_duration_seconds'))).toBe(true);
  });
});
