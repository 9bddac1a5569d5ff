import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { readPastedEvidence } from '../../shared/diagnosis/paste/reader.ts';
import { BELOW_RUNTIME_RULES } from '../../shared/diagnosis/rules/below-runtime.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';
import { itReadsSentences, said } from '../support/sentences.ts';

// Round 22 (r22-below-runtime): the layers below the runtime. Lines written from hcsshim's errors, the Host Compute
// Service's HRESULT text and the Service Control Manager's events; sentences from the words' forms, not from any
// incident.

const TS = 'time="2026-11-23T10:01:02.123456789Z"';
const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';

const PROGRAM_HITS: ReadonlyArray<readonly [string, string]> = [
  // hcsshim's loss of the service's side of a process; a Windows CNI plugin (win-bridge, win-overlay) through the old
  // hcserror, and HNS's own failure text, on a timeout.
  [
    'runtime.host_compute_failed',
    `${TS} level=warning msg="container exited" error="hcs::Process::Wait ${CID}:1234: lost communication with compute service"`,
  ],
  [
    // Round 24: the Host Network Service's timeout is the network plugin's datapath (rules/cni-machinery.ts).
    'cni.host_network_hang',
    'E1123 10:01:02.123456    4321 cni.go:364] Error adding pod web-0 to network: hnsCall failed in Win32: The operation timed out because a response was not received from the virtual machine or container. (0x80370109)',
  ],
  [
    // Round 24: the Host Network Service's timeout is the network plugin's datapath (rules/cni-machinery.ts).
    'cni.host_network_hang',
    'E1123 10:01:02.123456    4321 cni.go:364] Error deleting endpoint: HNS failed with error : This operation returned because the timeout period expired.',
  ],
  // The Service Control Manager on the two services.
  [
    'runtime.host_compute_failed',
    'The Hyper-V Host Compute Service service terminated unexpectedly.  It has done this 3 time(s).',
  ],
  [
    'runtime.host_compute_failed',
    'A timeout was reached (30000 milliseconds) while waiting for the Host Network Service service to connect.',
  ],
  // One compute system not completing: containerd's runhcs shim and dockerd (Windows) relaying the service's
  // connection timeout through hcsshim's SystemError (new and old op names), and hcsshim's own notification wait.
  [
    'runtime.compute_system_timeout',
    `${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-0,} failed, error" error="failed to create containerd task: hcs::System::Start ${CID}: The operation timed out because a response was not received from the virtual machine or container.: unknown"`,
  ],
  [
    'runtime.compute_system_timeout',
    `${TS} level=error msg="Handler for POST /v1.40/containers/${CID}/start returned error: hcsshim::ComputeSystem::Start ${CID}: The operation timed out because a response was not received from the virtual machine or container."`,
  ],
  [
    'runtime.compute_system_timeout',
    `${TS} level=error msg="failed to shutdown container" error="container ${CID} encountered an error during hcsshim::System::Shutdown: hcsshim: timeout waiting for notification" module=libcontainerd`,
  ],
];

const LINK_HITS: readonly string[] = [
  'Feb 11 09:12:01 bengal wpa_supplicant[612]: wlan0: CTRL-EVENT-DISCONNECTED bssid=aa:bb:cc:dd:ee:ff reason=4 locally_generated=1',
  'Feb 11 09:12:01 bengal wpa_supplicant[612]: wlp2s0: CTRL-EVENT-TERMINATING',
  "Feb 11 09:12:01 bengal NetworkManager[540]: <info>  [1707642721.1234] device (wlp2s0): state change: activated -> unavailable (reason 'supplicant-available', sys-iface-state: 'managed')",
  "Feb 11 09:12:01 bengal NetworkManager[540]: <info>  [1707642721.1234] device (wlan0): state change: activated -> failed (reason 'ssid-not-found') [100 120 53]",
];

const LINK_MISSES: readonly string[] = [
  // A wired interface, a state change asked for by the user or by suspend, a link coming up.
  "Feb 11 09:12:01 bengal NetworkManager[540]: <info>  [1707642721.1234] device (enp3s0): state change: activated -> unavailable (reason 'carrier-changed', sys-iface-state: 'managed')",
  "Feb 11 09:12:01 bengal NetworkManager[540]: <info>  [1707642721.1234] device (wlan0): state change: deactivating -> disconnected (reason 'user-requested', sys-iface-state: 'managed')",
  "Feb 11 09:12:01 bengal NetworkManager[540]: <info>  [1707642721.1234] device (wlan0): state change: ip-check -> secondaries (reason 'none', sys-iface-state: 'managed')",
  'Feb 11 09:12:01 bengal wpa_supplicant[612]: wlan0: CTRL-EVENT-CONNECTED - Connection to aa:bb:cc:dd:ee:ff completed [id=0 id_str=]',
];

const PROGRAM_MISSES: readonly string[] = [
  // An HNS refusal for its own reason (an object that exists), an HCS call that failed for a path, Linux hypervisors.
  'E1123 10:01:02.123456    4321 cni.go:364] Error adding pod web-0 to network: HNS failed with error : The object already exists.',
  `${TS} level=error msg="failed to create container" error="hcs::CreateComputeSystem ${CID}: The system cannot find the path specified."`,
  'virtqemud[812]: operation timed out waiting for a response from the guest agent',
];

const HITS: ReadonlyArray<readonly [string, string]> = [
  [
    'runtime.host_compute_failed',
    'The win-overlay plugin is stuck waiting for a response from HcsModifyComputeSystem in vmcompute.dll.',
  ],
  ['runtime.host_compute_failed', 'The goroutine dump shows every pod status call blocked in hcsshim.'],
  [
    'runtime.host_compute_failed',
    'After the patch the Host Compute Service stopped responding on two workers.',
  ],
  // Round 24: the Host Network Service's hang, in words, is the network plugin's datapath.
  ['cni.host_network_hang', 'HNS hangs whenever a pod is deleted on the Windows nodes.'],
  [
    'runtime.host_compute_failed',
    'vmcompute.exe no longer answers and docker ps never returns on that node.',
  ],
  ['cni.host_network_hang', 'The CNI plugin appears to be stuck in HNSCall.'],
  ['runtime.host_compute_failed', 'Windows 节点上 vmcompute 卡住了，pod 一直起不来'],
  // The node's link said to be wireless.
  ['network.wireless_link', 'All three nodes are connected to the home router over Wi-Fi.'],
  ['network.wireless_link', 'ノードは無線で自宅のネットワークに接続している。'],
  ['network.wireless_link', 'The Raspberry Pi workers join the LAN via wifi only.'],
  ['network.wireless_link', '节点都是通过无线网卡连接的'],
  // The node come to be out of reach, in Japanese verb forms built from the conjugation (plain, past, polite,
  // "came to be").
  ['network.disrupted', '再起動したあと、そのノードに疎通しなくなった。'],
  ['network.disrupted', 'アップデート後にワーカーノードへ繋がらなくなりました。'],
  ['network.disrupted', 'ノードに到達できなくなったので、コンソールから確認した。'],
  ['network.disrupted', '昨日からホストにつながりません。'],
  ['network.disrupted', 'サーバーにSSHできなくなった。'],
  ['network.disrupted', 'そのマシンにpingが通らなくなった。'],
  ['node.unresponsive', 'ノードが応答しなくなりました。'],
  ['node.unresponsive', '再起動後、ホストが応答しなくなった。'],
  // The node-local API proxy gone, in the runtime's words for a container's state; every worker NotReady while every
  // control-plane node stays Ready.
  [
    'apiserver.proxy_failed',
    'On every worker the nginx-proxy container is in Exited state and will not start.',
  ],
  ['apiserver.proxy_failed', 'The haproxy static pod died on all workers after the upgrade.'],
  ['apiserver.proxy_failed', 'The k3s agent load balancer crashed on the agents.'],
  ['apiserver.proxy_failed', 'nginx-proxy cannot be restarted on the worker nodes.'],
  ['nodes.workers_cut_off', 'All worker nodes went NotReady while all master nodes are still Ready.'],
  [
    'nodes.workers_cut_off',
    'The control plane nodes stayed Ready, but every worker turned NotReady within a minute.',
  ], // runc's create or init that never exits; the daemon's request threads piled on one container's lock.
  ['runc.init_stuck', 'A few runc init processes were still running an hour later.'],
  ['runc.init_stuck', 'ps shows lingering runc create processes on the node.'],
  ['runc.init_stuck', '系统中有几个 runC 进程一直没有退出'],
  ['runc.init_stuck', '节点上有正在运行的 runc 进程'],
  ['runtime.daemon_lock_pileup', 'All dockerd goroutines are waiting on the same container mutex.'],
  [
    'runtime.daemon_lock_pileup',
    "In the dockerd stack dump, hundreds of goroutines are blocked in ContainerInspectCurrent on the container's lock.",
  ],
  ['runtime.daemon_lock_pileup', 'docker daemon 的调用栈里，大多数线程都在等待同一个 mutex'], // A runtime class's installer taking that class's pods down; the runtime new with the node image.
  [
    'runtime.handler_missing',
    'Every rollout of kata-deploy makes all kata pods in the cluster crash and restart.',
  ],
  ['runtime.handler_missing', 'All gVisor pods died when the gvisor-installer DaemonSet was restarted.'],
  ['runtime.handler_missing', 'The kata-deploy cleanup removes the shim binaries and restarts containerd.'],
  ['runtime.upgraded', 'The new node image ships docker 1.10 instead of 1.9.'],
  ['runtime.upgraded', 'containerd was upgraded with the new AMI last week.'],
];

const MISSES: ReadonlyArray<readonly [string, string]> = [
  // A supposition, a question, another service's hang, the service named with no hang.
  ['runtime.host_compute_failed', 'The Host Compute Service might hang if the image is too large.'],
  ['runtime.host_compute_failed', 'Does HNS hang when a pod is deleted?'],
  ['runtime.host_compute_failed', 'We restarted the HNS service and recreated the network.'],
  ['runtime.host_compute_failed', 'The hcsshim version is 0.9.10 on every node.'],
  ['runtime.host_compute_failed', 'kube-proxy hangs on the Windows nodes.'],
  // Wireless said of something else, or a plan; another program out of reach, a question, a denial.
  ['network.wireless_link', 'We plan to move the nodes to Wi-Fi next year.'],
  ['network.wireless_link', 'The wireless keyboard stopped working.'],
  ['network.disrupted', 'Podからデータベースに繋がらなくなった。'],
  ['network.disrupted', 'ノードに疎通できないのでしょうか？'],
  ['network.disrupted', 'ノードの疎通は問題ありませんでした。'],
  ['node.unresponsive', 'kubelet が応答しなくなった。'],
  // An ingress's nginx, a proxy restarted by plan, a proxy said fine; one worker only, every node NotReady.
  ['apiserver.proxy_failed', 'The ingress-nginx controller crashed on the workers.'],
  ['apiserver.proxy_failed', 'We will restart the nginx-proxy pods if they stay down.'],
  ['apiserver.proxy_failed', 'nginx-proxy is running on every worker.'],
  ['nodes.workers_cut_off', 'One worker node went NotReady; the master nodes are Ready.'],
  ['nodes.workers_cut_off', 'All nodes went NotReady, masters included.'], // runc said to exit, a plan; a kubelet's goroutines on a lock, a daemon's threads on I/O.
  ['runc.init_stuck', 'runc processes exit as soon as the container is started.'],
  ['runc.init_stuck', 'We upgraded runc on every node.'],
  ['runtime.daemon_lock_pileup', 'The kubelet goroutines are waiting on a mutex in the status manager.'],
  ['runtime.daemon_lock_pileup', 'dockerd threads are blocked on disk I/O.'], // The installer's pods alone, a plan; an image's own tags, the runtime kept as it was.
  ['runtime.handler_missing', 'The kata-deploy pods restarted after the label change.'],
  ['runtime.handler_missing', 'We will roll out kata-deploy so all kata pods may restart.'],
  ['runtime.upgraded', 'The node image was rebuilt with the same containerd release.'],
  ['runtime.upgraded', 'We pulled a new nginx image on every node.'],
];

describe("the layers below the runtime on Windows: the host's compute and network services", () => {
  it.each(PROGRAM_HITS)('%s ← %s', (fact, line) => {
    expect(ids({ logs: { other: line } })).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(PROGRAM_MISSES)('not runtime.host_compute_failed ← %s', (line) => {
    expect(ids({ logs: { other: line } })).not.toContain('runtime.host_compute_failed');
  });

  it("one container's compute system timing out is that container wedged, not the service down", () => {
    const line = `${TS} level=error msg="failed to shutdown container" error="container ${CID} encountered an error during hcsshim::System::Shutdown: hcsshim: timeout waiting for notification" module=libcontainerd`;
    const found = ids({ logs: { dockerd: line } });
    expect(found).toContain('runtime.compute_system_timeout');
    expect(found).not.toContain('runtime.host_compute_failed');
    expect(
      top({ logs: { dockerd: line, other: 'docker rm -f of that container hangs on the Windows node.' } })
        ?.id,
    ).toBe('zombie_shim_hang');
  });

  it.each(LINK_HITS)('network.link_down ← %s', (line) => {
    expect(ids({ logs: { other: line } })).toContain('network.link_down');
    expectLiteralsHeld(line);
  });

  it.each(LINK_MISSES)('not network.link_down ← %s', (line) => {
    expect(ids({ logs: { other: line } })).not.toContain('network.link_down');
  });

  it("the workers' node-local API proxy dead while the control plane is Ready is the workers cut off, not a process in D state", () => {
    const d = top(
      said(
        'Every worker node became NotReady; all master nodes are still working and Ready. The nginx-proxy containers are all in DEAD state.',
      ),
    );
    expect(d?.id).toBe('node_unreachable');
    expect(d?.confidence ?? 0).toBeLessThan(0.7);
    expect(ids(said('The nginx-proxy containers are all in DEAD state.'))).not.toContain('proc.dstate');
  });

  it("finds dockerd's inspects piled on one container's lock in a goroutine dump, not one inspect or a short wait", () => {
    const inspect = (id: number, minutes: number) =>
      [
        `goroutine ${id} [semacquire, ${minutes} minutes]:`,
        'sync.runtime_SemacquireMutex(0xc4203b2a04, 0x0, 0x1)',
        '	/usr/local/go/src/runtime/sema.go:71 +0x47',
        'sync.(*Mutex).lockSlow(0xc4203b2a00)',
        '	/usr/local/go/src/sync/mutex.go:138 +0x105',
        'sync.(*Mutex).Lock(...)',
        '	/usr/local/go/src/sync/mutex.go:81',
        'github.com/docker/docker/daemon.(*Daemon).ContainerInspectCurrent(0xc4201c2000, 0xc420e1c0f0, 0x40, 0x0, 0x0, 0x0, 0x0)',
        '	/go/src/github.com/docker/docker/daemon/inspect.go:40 +0x7a',
        '',
      ].join('\n');
    const pile = [inspect(101, 42), inspect(102, 40), inspect(103, 39)].join('\n');
    expect(readPastedEvidence(pile, 'c').facts.has('runtime.daemon_lock_pileup')).toBe(true);
    expect(readPastedEvidence(inspect(101, 42), 'c').facts.has('runtime.daemon_lock_pileup')).toBe(false);
    const short = [inspect(101, 1), inspect(102, 1), inspect(103, 1)].join('\n');
    expect(readPastedEvidence(short, 'c').facts.has('runtime.daemon_lock_pileup')).toBe(false);
  });

  it("runc processes that never exit ask for their kernel stack and the service manager's release", () => {
    const d = diagnose(said('A few runc init processes were still running an hour later.'));
    expect(d.missing.some((m) => /\/proc\/.*\/stack/.test(m.how) && /systemctl --version/.test(m.how))).toBe(
      true,
    );
  });

  it('a node on Wi-Fi said out of reach after a reboot is the node cut off, below a confident answer', () => {
    const d = top(said('ノードは無線で接続している。再起動したあと、そのノードに疎通しなくなった。'));
    expect(d?.id).toBe('node_unreachable');
    expect(d?.confidence ?? 0).toBeLessThan(0.7);
  });

  itReadsSentences(
    HITS,
    MISSES,
    BELOW_RUNTIME_RULES.filter((rule) => rule.observation),
  );

  it('every program rule is exercised by a line of its format', () => {
    for (const rule of BELOW_RUNTIME_RULES.filter((r) => !r.observation))
      expect(
        [...PROGRAM_HITS, ...LINK_HITS.map((line) => ['network.link_down', line] as const)].some(
          ([fact, line]) => fact === rule.fact && new RegExp(rule.pattern).test(line),
        ),
        rule.pattern,
      ).toBe(true);
  });

  it("a relist stalled behind a plugin waiting on the host's compute service is the runtime's layer, not the network", () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            'E',
            'kubelet.go:1923',
            'skipping pod synchronization - PLEG is not healthy: pleg was last seen active 12m3.5s ago; threshold is 3m0s',
          ),
          klog(
            'E',
            'kuberuntime_manager.go:1000',
            'CreatePodSandbox for pod "web-0_default" failed: rpc error: code = Unknown desc = hcs::System::Wait: lost communication with compute service',
          ),
        ].join('\n'),
        other:
          'The win-bridge plugin is stuck waiting for a response from HcsModifyComputeSystem in vmcompute.dll.',
      },
    };
    expect(ids(bundle)).toContain('runtime.host_compute_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("the service control manager's event alone is a lead, not a confident answer", () => {
    const bundle = {
      logs: {
        other: journal(
          'Service Control Manager',
          'The Hyper-V Host Compute Service service terminated unexpectedly.  It has done this 1 time(s).',
        ),
      },
    };
    expect(top(bundle)?.id).toBe('runtime_down');
    expect(top(bundle)?.confidence ?? 0).toBeLessThan(0.7);
  });

  it('a sentence of the service hanging is heard below the programs', () => {
    expect(ids(said('vmcompute.exe no longer answers and docker ps never returns on that node.'))).toContain(
      'runtime.host_compute_failed',
    );
  });
});
