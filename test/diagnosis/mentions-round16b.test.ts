import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';

// Round 16b (docs/accuracy.md, "Round 16" and "What round 16 teaches"): people's words read by one filter per
// class (advice, documentation, a case that does not apply, the node set apart as fine, a supposition, a search
// named, a state denied where it is said), and the mechanisms' own words in English, Chinese and Japanese. The
// sentences are written from the mechanisms' definitions and the filters' classes, not copied from a probe set.

const said = (text: string) => diagnose({ logs: { other: text } } as never);
const factsOf = (text: string) => extractFacts({ logs: { other: text } } as never);

describe('red herrings stay silent: one filter per class', () => {
  const SILENT: readonly string[] = [
    // Advice, not an episode.
    '建议把 fs.inotify.max_user_instances 调大一些，以免以后出问题。',
    'We recommend raising fs.inotify.max_user_watches before the next rollout.',
    // Documentation: what is possible, not what happened.
    'The docs say a node can run up to 250 pods with --max-pods on this instance size.',
    // A case that does not apply here.
    'That upstream bug is about D-Bus timeouts with the systemd driver; it does not apply to us, we run cgroupfs.',
    '那个 issue 说的是 dbus 超时，我们用的是 cgroupfs，不适用。',
    // Inside a job, the node set apart as fine.
    "The CI job's docker-in-docker container ran out of disk inside the job; the node itself was fine.",
    'The service inside the pod logged too many open files from its own ulimit; node and kubelet were fine the whole time.',
    '业务进程自己报 too many open files，连接没关，节点和 kubelet 都正常。',
    // A supposition.
    'If containerd hangs again, take a stack dump before restarting it.',
    '如果 docker 再卡住，先抓 goroutine 再重启。',
    // A search named, and its finding denied.
    'No zombies anywhere; I checked ps for both Z and D states.',
    // A pod held creating by its own image or volume.
    "One developer's pod stayed in ContainerCreating because its image tag was wrong and the pull failed.",
    // Resources denied, the concessive form (round 16 class 4).
    'Memory was plentiful and the load was low, so it was not a resource problem.',
    '内存充足、负载不高，排除资源问题。',
    '内存没有打满，负载也不高。',
    "Memory wasn't exhausted and the OOM killer never ran.",
    'メモリ不足ではありませんでした。',
    // Calls said to answer, a configuration said valid.
    'ListContainers never hung; it returned in milliseconds every time.',
    'The CNI config was not malformed; we validated it with cnitool.',
    // A workload crash-looping on a single-binary distribution is the workload's.
    'On k3s one of our app pods keeps crash-looping with CrashLoopBackOff.',
  ];
  it.each(SILENT)('%s', (text) => {
    const d = said(text);
    expect(d.verdict).toBe('unknown');
    expect(d.causes).toEqual([]);
  });
});

describe("the mechanisms' words, read", () => {
  const ANSWERED: readonly (readonly [string, string])[] = [
    ['We run a release with the known PLEG deadlock and the node looks exactly like it.', 'kubelet_defect'],
    ['这个版本的 kubelet 有已知的 PLEG 死锁问题，docker 一切正常。', 'kubelet_defect'],
    [
      'The node was Unknown, yet kube-proxy on it kept talking to the API server the whole time.',
      'kubelet_defect',
    ],
    ['With protectKernelDefaults on, the kubelet refused to start on the new image.', 'kubelet_defect'],
    ['dmesg is full of unregister_netdevice waiting for the veth to become free.', 'cni_hang'],
    ['Pods stay Terminating because the CNI DEL keeps failing for every sandbox.', 'cni_hang'],
    ['pod 一直 Terminating，kubelet 日志里 CNI 删除网络一直失败。', 'cni_hang'],
    ["The kubelet's threads were in D state, stuck on I/O for minutes.", 'resource_starvation'],
    ['kubelet 的线程都处于 D 状态，卡在磁盘 IO 上。', 'resource_starvation'],
    ['After the upgrade k3s keeps crash-looping; systemd restarts it every few seconds.', 'node_unreachable'],
    ['rke2-server 升级后一直重启，起不来。', 'node_unreachable'],
    ['ListPodSandbox from the kubelet never returned for half an hour.', 'runtime_down'],
    [
      'Every kubelet call came back as unknown service for the v1 RuntimeService after the upgrade.',
      'runtime_down',
    ],
    ['cni 配置文件在，但是格式写错了，没被加载。', 'cni_hang'],
    ['The CNI conflist on that node was malformed, so the runtime skipped it.', 'cni_hang'],
  ];
  it.each(ANSWERED)('%s → %s, below the confident bar', (text, cause) => {
    const d = said(text);
    expect(d.verdict).toBe(cause);
    expect(d.confidence).toBeLessThan(0.7);
  });

  it("the kubelet's log quoting another's state is not the kubelet dead", () => {
    const facts = factsOf('kubelet 日志一直刷 runtime is down，containerd.sock 都没了。');
    expect(facts.has('kubelet.dead')).toBe(false);
    expect(facts.has('runtime.unreachable')).toBe(true);
  });

  it('a simile is not a supposition, nor a Japanese ても before しばらく', () => {
    expect(
      factsOf('Connects to docker.sock fail, as if dockerd stopped accepting.').has('runtime.service_failed'),
    ).toBe(true);
    expect(
      factsOf('kubelet が Go の panic で落ち、再起動してもしばらくするとまた落ちる。').has('kubelet.panic'),
    ).toBe(true);
  });

  it("a node's networking gone entirely leads with the node cut off (a vague state: a question)", () => {
    for (const text of [
      'The nodes lost all networking, both public and private interfaces; no ping and no SSH.',
      '节点网络全断了，公网和内网都 ping 不通，ssh 也登不上。',
      'ノードのネットワークが完全に落ちて、ping も SSH も通りませんでした。',
    ]) {
      const d = said(text);
      expect(d.causes[0]?.id, text).toBe('node_unreachable');
      expect(factsOf(text).namedOutright('network.disrupted')).toBe(false);
    }
  });
});

describe('questions, not answers', () => {
  const whatRuns = (text: string) =>
    said(text).missing.some((m) => m.what.startsWith('what runs on the node at that hour'));
  it.each([
    'Every day at 3am the node goes NotReady for about ten minutes.',
    'The nodes went NotReady at the same hour every day for three days.',
    '节点每天凌晨3点左右 NotReady，过一会儿又好了。',
    '毎日同じ時間にノードが NotReady になります。',
  ])('a recurring hour asks what is scheduled then: %s', (text) => {
    expect(whatRuns(text)).toBe(true);
    expect(said(text).verdict).toBe('unknown');
  });
  it.each(['We deploy every day.', 'The node went NotReady at 3am once.', '节点今天凌晨 NotReady 了一次。'])(
    'no recurring hour, no such question: %s',
    (text) => expect(whatRuns(text)).toBe(false),
  );

  it.each([
    'The kind cluster never gets a node: containerd in the node container never starts.',
    'kind 集群一直没有节点，节点容器里的 containerd 起不来。',
    'Our nested cluster in a DinD pod never registers a node.',
  ])("a nested cluster in words asks for the host's inotify limits first: %s", (text) => {
    expect(said(text).missing[0]?.what).toMatch(/inotify/);
  });
  it('the word "kind" in a sentence is no nested cluster', () => {
    expect(said('The kind of error we saw in the kubelet log was odd.').missing[0]?.what ?? '').not.toMatch(
      /inotify/,
    );
  });
});
