import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { readPastedEvidence } from '../../shared/diagnosis/paste/reader.ts';
import { RUNTIME_STOP_WORD_RULES } from '../../shared/diagnosis/rules/runtime-stop-words.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';
import { itReadsSentences, said } from '../support/sentences.ts';

// Round 21 (r21-runtime-words): a runtime's status or listing waiting on one container's stop, told by its timing; the
// runtime upgraded alone or a node air-gapped, beside the sandbox image failing; the kubelet's restart loop in its bare
// verb. Sentences written from the programs' mechanisms and the words' forms, not from any incident.

const HITS: ReadonlyArray<readonly [string, string]> = [
  [
    'runtime.waits_on_stop',
    'The worker shows NotReady for as long as the terminationGracePeriodSeconds of one job pod.',
  ],
  ['runtime.waits_on_stop', 'PLEG goes unhealthy during the termination grace period of a deleted pod.'],
  [
    'runtime.waits_on_stop',
    'When a pod has a termination grace period longer than five minutes, the node turns NotReady.',
  ],
  [
    'runtime.waits_on_stop',
    'The node is back to Ready once the pod reaches its terminationGracePeriodSeconds and is killed.',
  ],
  [
    'runtime.waits_on_stop',
    'Every node running that job goes Not Ready until the --grace-period we gave kubectl delete runs out.',
  ],
  ['runtime.waits_on_stop', 'docker ps hangs while a container with a long stop timeout is stopping.'],
  ['runtime.waits_on_stop', 'When killing the stuck container, crictl ps never returns.'],
  ['runtime.waits_on_stop', '停止容器的时候 docker ps 卡住了'],
  ['runtime.waits_on_stop', '删除 pod 后节点 NotReady，直到 terminationGracePeriodSeconds 过去才恢复'],
  ['runtime.upgraded', 'We upgraded containerd to 2.0 on the workers last night.'],
  ['runtime.upgraded', 'After the CRI-O upgrade every new sandbox failed.'],
  ['runtime.upgraded', 'The rke2 packages were upgraded and rke2 was restarted.'],
  ['runtime.upgraded', 'Then yum update containerd.io pulled in a new release.'],
  ['runtime.upgraded', '昨天升级了 containerd 之后 pod 都起不来'],
  ['node.airgapped', 'The cluster is air-gapped and uses a local registry.'],
  ['node.airgapped', 'This is an offline installation on bare metal.'],
  ['node.airgapped', '我们是离线环境，节点无法访问外网'],
  ['kubelet.dead', 'The kubelet on the edge node keep restart since the change.'],
  ['kubelet.dead', 'The kubelet seems fine at first but then the kubelet crash every few minutes.'],
  // Round 27: the runtime upgraded as a step, then the nodes lost, told either way round.
  [
    'runtime.upgrade_left_nodes_down',
    'We upgraded Docker from 20.10 to 24.0 on all nodes; every step succeeded, but the nodes became unavailable afterwards.',
  ],
  [
    'runtime.upgrade_left_nodes_down',
    'Docker was upgraded on the workers. Since then all three nodes are NotReady.',
  ],
  ['runtime.upgrade_left_nodes_down', 'The worker nodes went NotReady right after we upgraded containerd.'],
  ['runtime.upgrade_left_nodes_down', 'Nodes became unreachable following the docker upgrade.'],
  ['runtime.upgrade_left_nodes_down', 'After updating docker-ce the cluster went down.'],
  ['runtime.upgrade_left_nodes_down', '升级 docker 后节点 NotReady'],
  ['runtime.upgrade_left_nodes_down', '把 containerd 升级完成之后，所有节点都不可用了'],
];

const MISSES: ReadonlyArray<readonly [string, string]> = [
  // The node controller's grace period, the kubelet's shutdown or eviction grace periods: not a pod's stop.
  ['runtime.waits_on_stop', 'The node went NotReady after the node-monitor-grace-period of 40s.'],
  ['runtime.waits_on_stop', 'The node is NotReady during shutdown; shutdownGracePeriod is 30s.'],
  ['runtime.waits_on_stop', 'The pod has terminationGracePeriodSeconds of 30 and was deleted.'],
  // A plan or a question, and a listing that hangs with no stop in sight.
  [
    'runtime.waits_on_stop',
    'Should we lower terminationGracePeriodSeconds so the node is not NotReady for so long?',
  ],
  ['runtime.waits_on_stop', 'docker ps hangs on every node since the disk filled.'],
  // Files and images of the runtime's, a plan, another program.
  ['runtime.upgraded', 'We updated the containerd config to use the systemd cgroup driver.'],
  ['runtime.upgraded', 'We updated docker images for the application.'],
  ['runtime.upgraded', 'We plan to upgrade containerd next week.'],
  ['runtime.upgraded', 'We upgraded the kubelet to 1.29 on every node.'],
  ['node.airgapped', 'The node went offline for ten minutes.'],
  // The cluster, Kubernetes or the kernel upgraded; the runtime's files; a plan or a question; nodes fine.
  ['runtime.upgrade_left_nodes_down', 'We upgraded the cluster to 1.29 and then the nodes went NotReady.'],
  ['runtime.upgrade_left_nodes_down', 'After the kernel upgrade and docker restart the nodes were NotReady.'],
  ['runtime.upgrade_left_nodes_down', 'We updated the docker daemon.json and the nodes went NotReady.'],
  ['runtime.upgrade_left_nodes_down', 'If we upgrade containerd, will the nodes become unavailable?'],
  ['runtime.upgrade_left_nodes_down', 'We upgraded containerd on all nodes and they stayed Ready.'],
  ['runtime.upgrade_left_nodes_down', '升级 kubernetes 集群后节点 NotReady'],
  ['kubelet.dead', 'We restart every node after patching the kernel.'],
];

describe("a runtime's status waiting on one container's stop; the runtime upgraded alone; the kubelet's restart loop", () => {
  itReadsSentences(HITS, MISSES, RUNTIME_STOP_WORD_RULES);

  it('an upgrade of the runtime stated just before the nodes were lost ranks the runtime first, not the path', () => {
    for (const line of [
      'After upgrading docker to 24.0 on every node, the nodes became unreachable.',
      'We upgraded Docker on all nodes; the upgrade succeeded but afterwards the nodes became unavailable.',
      '升级 docker 后节点 NotReady',
    ]) {
      const d = diagnose(said(line));
      expect(d.causes[0]?.id).toBe('runtime_down');
      expect(d.confidence).toBeLessThan(0.7);
    }
  });

  it("a NotReady timed by one pod's grace period ranks the wedged container first, below a confident verdict", () => {
    const d = top(
      said(
        'The node goes NotReady and comes back to Ready as soon as the terminationGracePeriodSeconds of the deleted pod runs out.',
      ),
    );
    expect(d?.id).toBe('zombie_shim_hang');
    expect(d?.confidence ?? 0).toBeLessThan(0.7);
  });

  it('on an affected CRI-O the same words name the known defect', () => {
    const facts = ids({
      containerRuntimeVersion: 'cri-o://1.16.3',
      ...said('PLEG is unhealthy for the whole termination grace period of one pod.'),
    });
    expect(facts).toContain('shim.known_defect');
  });

  it("finds a goroutine dump's status or list call parked on one container's lock, not one still within a minute", () => {
    // Frames as Go prints them: cri-o's ContainerStatus through (*Container).State (its opLock's read side), and
    // dockerd's listing through reducePsContainer, each under sync's lock wait.
    const crio = (minutes: number) =>
      [
        `goroutine 7781 [semacquire, ${minutes} minutes]:`,
        'sync.runtime_SemacquireMutex(0xc000a1c0a8, 0x0, 0x0)',
        '	/usr/local/go/src/runtime/sema.go:71 +0x47',
        'sync.(*RWMutex).RLock(...)',
        '	/usr/local/go/src/sync/rwmutex.go:50',
        'github.com/cri-o/cri-o/internal/oci.(*Container).State(0xc000a1c000, 0x0)',
        '	/go/src/github.com/cri-o/cri-o/internal/oci/container.go:302 +0x1c5',
        'github.com/cri-o/cri-o/server.(*Server).ContainerStatus(0xc0003a2010, {0x2a1e7a8, 0xc001f0e0c0}, 0xc000e2c000)',
        '	/go/src/github.com/cri-o/cri-o/server/container_status.go:51 +0x2b4',
      ].join('\n');
    expect(readPastedEvidence(crio(9), 'c').facts.examples('runtime.waits_on_stop')[0]?.value).toBe(9);
    expect(readPastedEvidence(crio(1), 'c').facts.has('runtime.waits_on_stop')).toBe(false);
    const docker = [
      'goroutine 30412 [semacquire, 27 minutes]:',
      'sync.runtime_SemacquireMutex(0xc4203b2a04)',
      '	/usr/local/go/src/runtime/sema.go:62 +0x34',
      'sync.(*Mutex).Lock(0xc4203b2a00)',
      '	/usr/local/go/src/sync/mutex.go:87 +0x9d',
      'github.com/docker/docker/daemon.(*Daemon).reducePsContainer(0xc4201c2000, 0xc4203b2a00, 0xc420e1c0f0, 0x1a2b3c8, 0x0, 0x0, 0x0)',
      '	/root/rpmbuild/BUILD/src/engine/.gopath/src/github.com/docker/docker/daemon/list.go:210 +0x4b',
    ].join('\n');
    expect(readPastedEvidence(docker, 'c').facts.has('runtime.waits_on_stop')).toBe(true);
  });

  const sandboxLine = klog(
    'E',
    'pod_workers.go:1301',
    '"Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"web-0_default\\" with CreatePodSandboxError: \\"Failed to create sandbox for pod: rpc error: code = NotFound desc = failed to get sandbox image \\\\\\"registry.k8s.io/pause:3.10\\\\\\": failed to pull image \\\\\\"registry.k8s.io/pause:3.10\\\\\\": not found\\""',
  );

  it('the sandbox image failing after the runtime alone was upgraded is the runtime, not the node configuration', () => {
    const bundle = {
      logs: { kubelet: sandboxLine, other: 'We upgraded containerd on this node and restarted it.' },
    };
    expect(ids(bundle)).toContain('runtime.sandbox_image_unobtainable');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes.find((c) => c.id === 'kubelet_defect')?.confidence ?? 0).toBeLessThan(
      d.causes[0]?.confidence ?? 0,
    );
  });

  it("containerd 2.x dropping the sandbox_image key is a lead, and with the sandbox's failure the runtime's", () => {
    // logrus as containerd 2.x writes Decode's warning (fields sorted: error, key, plugin), and another key dropped.
    const ignored = journal(
      'containerd[812]',
      'time="2026-11-02T13:41:40.118Z" level=warning msg="Ignoring unknown key in TOML for plugin" error="strict mode: fields in the document are missing in the target struct" key=sandbox_image plugin=io.containerd.cri.v1.images',
    );
    const other = journal(
      'containerd[812]',
      'time="2026-11-02T13:41:40.118Z" level=warning msg="Ignoring unknown key in TOML for plugin" error="strict mode: fields in the document are missing in the target struct" key="systemd_cgroup" plugin=io.containerd.cri.v1.runtime',
    );
    expect(ids({ logs: { containerd: ignored } })).toContain('runtime.sandbox_image_ignored');
    expect(ids({ logs: { containerd: other } })).not.toContain('runtime.sandbox_image_ignored');
    expect(ids({ logs: { containerd: ignored, kubelet: sandboxLine } })).toContain(
      'runtime.sandbox_image_unobtainable',
    );
  });

  it('on an air-gapped node too; alone, the line is still read both ways', () => {
    expect(ids({ logs: { kubelet: sandboxLine, other: 'The cluster is air-gapped.' } })).toContain(
      'runtime.sandbox_image_unobtainable',
    );
    expect(ids({ logs: { kubelet: sandboxLine } })).not.toContain('runtime.sandbox_image_unobtainable');
  });

  it("reads systemd's restart counter: a unit restarted more than three times keeps exiting", () => {
    const show = (command: string, n: number) => ({
      commandOutputs: { [command]: `NRestarts=${n}\nResult=exit-code\nExecMainStatus=1\n` },
    });
    expect(ids(show('systemctl show kubelet -p NRestarts -p Result -p ExecMainStatus', 57))).toContain(
      'kubelet.dead',
    );
    expect(ids(show('systemctl show containerd -p NRestarts', 9))).toContain('runtime.service_failed');
    // Three or fewer restarts is a unit that came back; two units at once do not say whose counter it is.
    expect(ids(show('systemctl show kubelet -p NRestarts', 2))).not.toContain('kubelet.dead');
    expect(ids(show('systemctl show kubelet containerd -p NRestarts', 40))).not.toContain('kubelet.dead');
  });

  it('a kubelet described restarting asks for its restart counter and its last lines before each exit', () => {
    const d = top(said('The kubelet on the node keep restart every few minutes.'));
    expect(d?.id).toBe('node_unreachable');
    const commands = (d?.commands ?? []).map((c) => c.command).join('\n');
    expect(commands).toContain('NRestarts');
    expect(commands).toContain('Main process exited');
  });
});
