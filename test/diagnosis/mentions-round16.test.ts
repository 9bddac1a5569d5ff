import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { DESCRIPTION_RULES } from '../../shared/diagnosis/rules/descriptions.ts';
import { MENTION_RULES } from '../../shared/diagnosis/rules/mentions.ts';

// Round 16 (docs/accuracy.md, "Description probes" and "What round 15 teaches"): a description that names its
// mechanism outright (a process state, a limit reached, a figure over a threshold, one call that does not return)
// weighs more than a vague state of a thing, so one such sentence is an answer below the confident bar, where a
// vague one stays a question. Sentences are written from the states' definitions (ps(1) STAT codes, uptime(1),
// inotify(7), errno(3)), never from a case.

const said = (text: string) => diagnose({ logs: { other: text } } as never);
const factsOf = (text: string) => extractFacts({ logs: { other: text } } as never);

describe('descriptions that name their mechanism outright', () => {
  it('every specific rule is a description and says why', () => {
    const specific = [...MENTION_RULES, ...DESCRIPTION_RULES].filter((r) => r.specific !== undefined);
    expect(specific.length).toBeGreaterThan(30);
    for (const r of specific) {
      expect(r.observation, r.fact).toBe(true);
      expect(r.specific?.length ?? 0, r.fact).toBeGreaterThan(20);
    }
  });

  const ANSWERED: readonly (readonly [string, string])[] = [
    ['Load average was 180 on a 16 core box and everything was crawling.', 'resource_starvation'],
    ['负载 200 多，机器只有 32 核。', 'resource_starvation'],
    ['A few tasks were stuck in D state on the NFS mount.', 'zombie_shim_hang'],
    ['dmesg 里有 blocked for more than 120 seconds，都是 runc。', 'zombie_shim_hang'],
    ['runc init sat in uninterruptible sleep for an hour.', 'zombie_shim_hang'],
  ];
  it.each(ANSWERED)('%s → %s, below the confident bar', (text, cause) => {
    const d = said(text);
    expect(d.verdict).toBe(cause);
    expect(d.confidence).toBeGreaterThanOrEqual(0.5);
    expect(d.confidence).toBeLessThan(0.7);
  });

  const VAGUE: readonly (readonly [string, string])[] = [
    ['CPU was 100% on all cores, the kubelet got starved.', 'cpu.saturated'],
    ['The node lost its network and went Unknown.', 'network.disrupted'],
    ['cilium-agent had been not-ready for 10 minutes on the node.', 'cni.agent_down'],
    ['containerd was dead on the worker, systemctl status showed it failed.', 'runtime.service_failed'],
  ];
  // A vague state ties with "none of these" (2 x 0.75 = 1.5): rank.ts names it as the lead at 0.5, never above,
  // where a description naming its mechanism outright (above) clears the tie.
  it.each(VAGUE)('a vague state is a lead at 0.5, no more: %s', (text, fact) => {
    const facts = factsOf(text);
    expect(facts.has(fact as never)).toBe(true);
    expect(facts.namedOutright(fact as never)).toBe(false);
    expect(said(text).confidence).toBeCloseTo(0.5, 2);
  });

  it('a mechanism named in a sentence about a repair is not weighed more', () => {
    const facts = factsOf('The D state processes on the NFS mount were fixed by remounting it last month.');
    if (facts.has('proc.dstate')) expect(facts.namedOutright('proc.dstate')).toBe(false);
  });

  it('a description alone never reaches the confident bar', () => {
    for (const text of [
      'The OOM killer killed containerd and the kubelet twice.',
      'dockerd hit too many open files and stopped accepting connections.',
      'systemctl hangs on every command and D-Bus calls time out.',
    ])
      expect(said(text).confidence, text).toBeLessThan(0.7);
  });
});

describe('red herrings about process states stay silent', () => {
  const SILENT = [
    'I checked ps and there were no processes in D state at all.',
    'We looked for D-state processes but found none.',
    'There were zero tasks in uninterruptible sleep during the incident.',
    "ps aux showed nothing in D state, so it wasn't a hung mount.",
    'None of the processes were in D state.',
    "dmesg was clean, no 'blocked for more than 120 seconds' messages.",
    'If you see processes in D state, check your NFS mounts first.',
    'Are there any processes stuck in D state on the node?',
    'Next time we will check for D-state processes before rebooting.',
    'We ruled out D state processes; the kubelet was just misconfigured.',
    'ps 里没有 D 状态的进程。',
    '检查了一下，没有发现 D 状态进程，应该不是存储问题。',
    'dmesg 里没有 blocked for more than 120 seconds 的日志。',
    '节点上有没有 D 状态的进程？',
    '排查后排除了 D 状态进程的可能。',
    '没有任何进程处于不可中断状态。',
    'D状態のプロセスはありませんでした。',
    'We found no zombie processes under the shims.',
    'None of the processes were zombies.',
    '没有任何僵尸进程。',
    'ゾンビプロセスはありませんでした。',
    'No load average over 5 the whole week?',
  ];
  it.each(SILENT)('%s', (text) => {
    const d = said(text);
    expect(d.verdict).toBe('unknown');
  });
});

describe('weak families in words (round 15 teaches), English, Chinese and Japanese', () => {
  // systemd/D-Bus not answering (systemctl(1), org.freedesktop.systemd1(5), dbus-daemon(1)); many pods or containers
  // on one node (KubeletConfiguration maxPods, docker ps -a); the API server out of reach at the control plane's end
  // (a VIP's 6443, /livez with its etcd check); one container's inspect hanging while listings answer; the kubelet
  // panicking at every start; a load average far above the cores (uptime(1)).
  const FAMILIES: readonly (readonly [string, string])[] = [
    ['systemctl hangs on every command, even systemctl status kubelet never returns.', 'systemd_dbus_stall'],
    ['systemctl status just sat there for minutes and never printed anything.', 'systemd_dbus_stall'],
    [
      'Every systemctl command fails with "Failed to get properties: Connection timed out".',
      'systemd_dbus_stall',
    ],
    [
      'systemctl restart docker said Failed to restart docker.service: Connection timed out.',
      'systemd_dbus_stall',
    ],
    [
      'The runtime could not create scopes for new containers; systemd never created the transient scope units.',
      'systemd_dbus_stall',
    ],
    ['dbus-daemon was at 100% CPU on the node.', 'systemd_dbus_stall'],
    ['dbus-daemon is pegging a core and systemd calls time out.', 'systemd_dbus_stall'],
    ['systemd was stuck and not answering anything.', 'systemd_dbus_stall'],
    ['systemd 卡死了，systemctl 命令都没有反应。', 'systemd_dbus_stall'],
    ['systemctl 无响应，执行 systemctl status 一直卡住。', 'systemd_dbus_stall'],
    ['执行 systemctl 报 Connection timed out。', 'systemd_dbus_stall'],
    ['dbus-daemon 占用 CPU 100%。', 'systemd_dbus_stall'],
    ['systemctlが応答しなくなり、すべてのコマンドがタイムアウトしました。', 'systemd_dbus_stall'],
    ['dbus-daemonのCPU使用率が100%に張り付いていました。', 'systemd_dbus_stall'],
    ['The node had 300 pods on it.', 'container_count'],
    ['We run about 250 pods per node after raising max-pods.', 'container_count'],
    ['There were 5000 exited containers on the node that were never garbage collected.', 'container_count'],
    ['docker ps -a showed 12000 dead containers.', 'container_count'],
    ['节点上容器数量过多，有上万个。', 'container_count'],
    ['这个节点 Pod 太多了，有 300 多个。', 'container_count'],
    ['Exited 状态的容器堆积了几千个。', 'container_count'],
    ['ノード上のコンテナ数が多すぎて、数千個残っていました。', 'container_count'],
    ['Podが多すぎる状態で、1ノードに300個以上ありました。', 'container_count'],
    ['The API server VIP on port 6443 was timing out from all the nodes.', 'node_unreachable'],
    ['The load balancer in front of the apiservers stopped answering on 6443.', 'node_unreachable'],
    ['Two of the three masters were down, so the nodes could not reach the API server.', 'node_unreachable'],
    [
      'kube-apiserver kept restarting because its liveness probe failed on the etcd check.',
      'node_unreachable',
    ],
    [
      'The apiserver was restarted hundreds of times by its liveness probe; healthz reported etcd failed.',
      'node_unreachable',
    ],
    ['VIP 的 6443 端口从节点上访问超时，三台 master 有两台状态异常。', 'node_unreachable'],
    ['apiserver 一直重启，liveness 探针检查 etcd 失败。', 'node_unreachable'],
    ['master 节点异常，apiserver 连不上。', 'node_unreachable'],
    [
      'kube-apiserverがetcdのヘルスチェックに失敗してliveness probeで何百回も再起動していました。',
      'node_unreachable',
    ],
    ['VIPの6443ポートにノードから接続できず、タイムアウトしていました。', 'node_unreachable'],
    ['docker ps works fine but docker inspect on one container hangs forever.', 'zombie_shim_hang'],
    [
      'crictl ps returns normally, but crictl inspect of that one container never comes back.',
      'zombie_shim_hang',
    ],
    ['docker ps 正常，但是 docker inspect 某个容器一直卡住。', 'zombie_shim_hang'],
    ['列出容器都正常，只有 inspect 其中一个容器时卡死。', 'zombie_shim_hang'],
    ['docker psは普通に返ってくるが、特定のコンテナのdocker inspectだけが固まる。', 'zombie_shim_hang'],
    ['The kubelet panics on every start and systemd restarts it every few seconds.', 'kubelet_defect'],
    ['kubelet keeps panicking at startup and restarting every 5 seconds.', 'kubelet_defect'],
    ['kubelet 每次启动都 panic，几秒钟就被 systemd 重启一次。', 'kubelet_defect'],
    ['kubeletが起動のたびにpanicして、数秒ごとに再起動を繰り返しています。', 'kubelet_defect'],
    ['The load average was 120 on an 8-core node.', 'resource_starvation'],
    ['Load was 64 on a 4 vCPU instance.', 'resource_starvation'],
    ['load average 远高于 CPU 核数，达到 100 以上。', 'resource_starvation'],
    ['负载 80，只有 8 核。', 'resource_starvation'],
    ['ロードアベレージが150まで上がっていました（16コア）。', 'resource_starvation'],
  ];
  it.each(FAMILIES)('%s → %s', (text, cause) => {
    const d = said(text);
    expect(d.verdict).toBe(cause);
    expect(d.confidence).toBeLessThan(0.7);
  });

  // Denied, asked, supposed, planned, repaired, or about something else: no answer.
  const RED_HERRINGS: readonly string[] = [
    'systemctl never hung for us, it answered instantly.',
    'If systemctl hangs, check whether PID 1 is stuck.',
    'Does systemctl hang on your nodes too?',
    'We will add a timeout in case systemctl hangs during the upgrade.',
    'We never saw "Failed to get properties: Connection timed out" on these nodes.',
    'Is "Failed to list units: Connection timed out" a known systemd bug?',
    'The systemctl Connection timed out errors were fixed after upgrading systemd last year.',
    'On my laptop systemctl hangs when the VPN is up, unrelated to the cluster.',
    'systemd 没有卡死，systemctl 一直正常。',
    'systemctl 无响应的问题已经修复了。',
    'systemctl 会不会卡住？',
    'systemctlはタイムアウトしませんでした。',
    'Scopes were created normally; no transient unit failures.',
    "If scopes can't be created, check systemd's D-Bus connection.",
    'Scope units were never created because we use the cgroupfs driver.',
    'scope 创建失败的问题已经修复了。',
    'dbus-daemon was not at 100% CPU, it was idle.',
    'Is dbus-daemon pegging a core on your nodes?',
    'dbus-daemon 的 CPU 没有打满。',
    'dbus-daemonのCPUは100%に張り付いていませんでした。',
    'The node never had more than 80 pods.',
    'We plan to run 300 pods per node next quarter.',
    'Should we raise max-pods to 250?',
    'We deleted 500 pods from the namespace.',
    'The cluster has 300 pods across 20 nodes.',
    '节点上只有 30 个 Pod，不多。',
    '我们计划每个节点跑 300 个 Pod。',
    'Pod は 300 個ありますが、クラスタ全体の数です。',
    'Pod 太多了吗？每个节点 300 个？',
    'There were only 40 containers on the node, nothing piling up.',
    'Exited containers were garbage collected normally.',
    '容器数量正常，没有堆积。',
    'The API server VIP never timed out during the test.',
    'Is the apiserver load balancer timing out on 6443?',
    'If the VIP on port 6443 times out, the nodes go NotReady.',
    'The apiserver was restarted once during the upgrade.',
    'We restarted the apiserver after changing its flags.',
    'The apiserver liveness probe never failed.',
    "Our app's liveness probe failed on its database check.",
    'apiserver 没有重启，liveness 探针一直正常。',
    'apiserver 的 liveness 探针失败的问题已经修复了。',
    'VIP 的 6443 端口访问正常，没有超时。',
    'kube-apiserverは再起動していませんでした。',
    'docker inspect never hung, every container answered.',
    'If docker inspect hangs on one container, look at its shim.',
    'Does crictl inspect hang for you on that container?',
    'docker inspect 没有卡住，都正常返回。',
    'docker inspectが固まることはありませんでした。',
    'The kubelet did not panic; it exited cleanly when we stopped it.',
    'Could the kubelet panic at startup on 1.28?',
    'kubelet 没有 panic，是我们手动停的。',
    'kubeletはpanicしていません。',
    'Load average was 3 on a 16 core box.',
    'The load average never went above 10.',
    'If the load average goes above 100, the kubelet will fall behind.',
    'Was the load average over 100 on that node?',
    '负载一直正常，只有 2 左右。',
    '负载 100 的问题是上个月的，已经解决了。',
    'ロードアベレージは1前後で問題ありませんでした。',
    'The load average on my laptop hit 120 while compiling, unrelated.',
  ];
  it.each(RED_HERRINGS)('%s', (text) => {
    expect(said(text).verdict).toBe('unknown');
  });
});

describe('a description of a problem said repaired is a lead, not an answer', () => {
  const REPAIRED = [
    "Last year we had a cgroup driver mismatch, but it's all systemd now and working.",
    'The D-state tasks from the NFS outage last month were fixed by a kernel upgrade.',
    'systemctl hung last week but it was fixed by daemon-reexec.',
    'inotify watches were exhausted once, we fixed it by raising max_user_watches.',
    'containerd 的 fd 泄漏已经修复了。',
  ];
  it.each(REPAIRED)('%s', (text) => {
    expect(said(text).verdict).toBe('unknown');
  });

  it('a repaired description still ranks its cause as a lead', () => {
    const d = said('The D-state tasks from the NFS outage last month were fixed by a kernel upgrade.');
    expect(d.causes.map((c) => c.id)).toContain('zombie_shim_hang');
  });
});

describe('another environment, a question, advice or a plan about the new forms: no answer', () => {
  const ELSEWHERE = [
    'In our CI environment systemctl hangs sometimes, but production nodes are fine.',
    'On my laptop dbus-daemon was at 100% CPU after suspend.',
    'The apiserver in the staging cluster kept getting killed by its liveness probe, production was fine.',
    'Our test VM had 300 pods on it during the benchmark, not the production nodes.',
    '在测试环境里 systemctl 会卡住，生产节点没问题。',
    '我的笔记本上 dbus-daemon CPU 100%，和集群无关。',
    '開発環境のノートPCでsystemctlがタイムアウトしましたが、本番とは無関係です。',
    'Can the load average reach 200 on a 16 core box?',
    'Should I worry if docker inspect on one container hangs?',
    'What does "Failed to get properties: Connection timed out" mean?',
    'Please check whether the kubelet panics at every start.',
    'Check if the apiserver liveness probe fails on the etcd check.',
    'We plan to run 300 pods per node next year.',
  ];
  it.each(ELSEWHERE)('%s', (text) => {
    expect(said(text).verdict).toBe('unknown');
  });
});

describe("the API server's hosts said down (a vague state: a lead, not an answer alone)", () => {
  it.each([
    'Two of the three masters showed abnormal status and the nodes lost the API server.',
    '三台 master 有两台状态异常，节点都 NotReady 了。',
  ])('%s', (text) => {
    const d = said(text);
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(factsOf(text).has('apiserver.down')).toBe(true);
  });
  it('with the address timing out it is an answer', () => {
    expect(said('VIP 的 6443 端口从节点上访问超时，三台 master 有两台状态异常。').verdict).toBe(
      'node_unreachable',
    );
    expect(
      said('The liveness probe of kube-apiserver killed it over 300 times because etcd was slow.').verdict,
    ).toBe('node_unreachable');
  });
  it.each([
    'The masters were fine, only the worker went NotReady.',
    'master 节点都正常。',
    'マスターノードは正常でした。',
    'If the masters go down, the nodes lose the API server.',
    'Were the masters down?',
    'The masters were upgraded one at a time and stayed Ready.',
    "Two masters were down during last month's drill.",
  ])('red herring: %s', (text) => {
    expect(factsOf(text).has('apiserver.down')).toBe(false);
  });
});
