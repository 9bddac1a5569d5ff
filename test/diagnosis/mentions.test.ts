import { describe, expect, it } from 'vitest';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { holdsLiteral } from '../../shared/diagnosis/rules/literals.ts';
import { MENTION_RULES, MENTIONS } from '../../shared/diagnosis/rules/mentions.ts';
import { ids, top } from '../support/node-lines.ts';

// Mentions (shared/diagnosis/rules/mentions.ts): words that carry a mechanism by themselves, or a thing and its
// state anywhere in one sentence, in English, Chinese and Japanese. The sentences are written from the terms'
// definitions (proc(5), fork(2), inotify(7), ps(1) process states, iostat(1), df(1), systemctl(1), the CNI
// specification, the kubelet's documentation), never from a case or a probe set. Each names the fact it must yield
// (or `cause:<id>` for the first cause); each concept has red herrings in English and Chinese that must stay silent.

const said = (line: string) => ({ logs: { other: line } });

const READ: readonly (readonly [string, string])[] = [
  // The OOM killer, out of memory.
  ['The kernel OOM killer kept killing processes on the node.', 'mem.oom'],
  ['Noticed some OOM on kubelet operations and nodes become not ready.', 'mem.oom'],
  ['dmesg is full of out of memory messages and the node went NotReady', 'cause:resource_starvation'],
  ['节点上频繁触发 OOM，kubelet 的进程也被杀了', 'mem.oom'],
  ['ノードでOOMキラーが何度も動いていました', 'mem.oom'],
  ['the node ran out of memory and everything slowed down', 'mem.exhausted'],
  ['节点内存耗尽，所有进程都很慢', 'mem.exhausted'],
  ['ノードのメモリが枯渇していました', 'mem.exhausted'],
  // PIDs used up.
  ['A pod took up a lot of pids until it ate up the pids on the node.', 'pid.pressure'],
  ['bash said fork: retry: Resource temporarily unavailable on the worker', 'pid.pressure'],
  ["after a while we couldn't fork anything on that host", 'cause:resource_starvation'],
  ['节点上 PID 耗尽，什么进程都起不来', 'pid.pressure'],
  ['ノードのPIDが枯渇して新しいプロセスが作れませんでした', 'pid.pressure'],
  // CPU saturation.
  ['the CPU was pegged at 100% on every core of the worker', 'cpu.saturated'],
  ['load average hit 250 on a 32 core machine', 'cpu.saturated'],
  ['节点 CPU 被打满了，kubelet 响应很慢', 'cpu.saturated'],
  ['ノードのCPU使用率が100%に張り付いていました', 'cpu.saturated'],
  // IO saturation.
  ["When the node's iops is full the node becomes NotReady.", 'io.saturated'],
  ['iowait stayed at 95% for an hour on that worker', 'io.saturated'],
  ['云盘 IOPS 打满，iowait 很高', 'io.saturated'],
  ['ディスクI/Oが上限に張り付いていました', 'io.saturated'],
  // Disk space and inodes.
  ['the root disk filled up to 100% and images could not be pulled', 'disk.pressure'],
  ['inodes on /var/lib/containerd were exhausted', 'disk.pressure'],
  ['根分区写满了，镜像拉不下来', 'disk.pressure'],
  ['ディスクが満杯になっていました', 'disk.pressure'],
  // Descriptors and inotify.
  ['containerd hit too many open files every few minutes', 'fd.emfile'],
  ['the runtime was leaking file descriptors until it hit its LimitNOFILE', 'fd.emfile'],
  ['dockerd 的句柄一直在泄漏，最后打满了', 'fd.emfile'],
  ['containerdのファイルディスクリプタが枯渇していました', 'fd.emfile'],
  ['we ran out of inotify watches on the node', 'fd.inotify'],
  ['inotify 实例被用光了，kubelet 起不了新的 watch', 'fd.inotify'],
  ['inotifyのインスタンスが上限に達していました', 'fd.inotify'],
  // Zombie and D-state processes.
  ['there were hundreds of defunct processes under the shim', 'proc.zombie'],
  ['节点上有很多僵尸进程', 'proc.zombie'],
  ['ゾンビプロセスが溜まっていました', 'proc.zombie'],
  ['the runc process sat in uninterruptible sleep on an NFS mount', 'proc.dstate'],
  ['容器进程一直是 D 状态，kill -9 也杀不死', 'proc.dstate'],
  ['コンテナのプロセスがD状態のままでした', 'proc.dstate'],
  // Containers and pods too many, churn.
  ['the node had 2500 exited containers left behind', 'containers.many'],
  ['dead containers were piling up on every node', 'containers.many'],
  ['节点上堆积了几千个退出的容器', 'containers.many'],
  ['終了したコンテナが数千個残っていました', 'containers.many'],
  ['We had 300 pods on a single node and PLEG started failing.', 'pods.many'],
  ['这个节点跑了 400 多个 pod', 'pods.many'],
  ['heavy pod churn from batch jobs on those nodes', 'pods.churn'],
  // systemd and D-Bus.
  ['every dbus call to systemd timed out for minutes', 'systemd.dbus_timeout'],
  ['runc 创建 scope 时 dbus 超时', 'systemd.dbus_timeout'],
  ['D-Busがタイムアウトしていました', 'systemd.dbus_timeout'],
  ['systemctl status hung and never returned', 'systemd.cmd_hang'],
  ['systemctl 命令卡住了', 'systemd.cmd_hang'],
  // The network plugin.
  ['calico-node was crash-looping on the worker', 'cni.agent_down'],
  ['flannel 起不来，新 pod 没有网络', 'cni.agent_down'],
  ['ciliumのエージェントが落ちていました', 'cni.agent_down'],
  ['the CNI ADD call timed out for every new sandbox', 'cni.hang'],
  ['the VPC CNI ran out of IPs on that subnet', 'cni.ip_exhausted'],
  // The runtime.
  ['docker ps hung forever on the node', 'runtime.cmd_hang'],
  ['crictl ps 卡住没有响应', 'runtime.cmd_hang'],
  ['containerd crashed with a Go panic and systemd gave up restarting it', 'cause:runtime_down'],
  ['containerd 崩溃了，一直起不来', 'runtime.service_failed'],
  ['containerdが落ちていました', 'runtime.service_failed'],
  ['crictl could not connect to containerd.sock', 'runtime.unreachable'],
  // The node cut off.
  ['the node lost its network for ten minutes', 'network.disrupted'],
  ['节点断网了十分钟', 'network.disrupted'],
  ['ノードのネットワークが切断されていました', 'network.disrupted'],
  ['the kubelet could not reach the API server: i/o timeout', 'kubelet.api_error'],
  ['kubeletがAPIサーバーに接続できませんでした', 'kubelet.api_error'],
  ['the kubelet was crash-looping under systemd', 'kubelet.dead'],
  ['kubelet 起不来了', 'kubelet.dead'],
  ["the kubelet's client certificate had expired", 'kubelet.auth_error'],
  ['kubelet 的证书过期了', 'kubelet.auth_error'],
  ['kubeletの証明書が期限切れでした', 'kubelet.auth_error'],
];

/** Each concept negated, asked, advised, planned, repaired, or said of another subject: no cause at all. */
const SILENT: readonly string[] = [
  // OOM and memory.
  'there was no OOM in dmesg',
  'Did the OOM killer run on the node?',
  'our app pod got OOMKilled by its own memory limit',
  'the java app died with OutOfMemoryError: Java heap space',
  "We're writing a runbook for when a node runs out of memory.",
  'dmesg 里没有 OOM',
  '是 OOM 吗？',
  '应用的容器自己 OOM 了，节点没问题',
  // PIDs.
  'You should raise pid_max before the next release.',
  '建议调大 pid_max',
  // CPU.
  'CPU was fine, around 20%.',
  'the java process was at 100% CPU in top',
  'CPU 正常',
  // IO.
  'iowait was normal',
  'iowait 正常',
  // Disk.
  'the disk was at 30%, nothing alarming',
  'Is the disk full?',
  'CI 里的构建容器磁盘写满了，和线上节点没关系。',
  '磁盘满了吗？',
  // Descriptors, inotify.
  'If you see too many open files, increase LimitNOFILE in the unit drop-in.',
  'Last month we fixed the fd leak in containerd and the node has been healthy since.',
  '上次的 fd 泄漏已经修复了',
  '文档里说可以调 max_user_watches，一般设多少合适？',
  // Zombies, D state.
  'there were no zombie processes on the node',
  'no processes in D state',
  '没有僵尸进程',
  // Containers and pods.
  'the node had 12 containers',
  'how many containers can a node run?',
  '节点上只有 20 个容器',
  // systemd, D-Bus.
  'systemctl status returned right away',
  'systemctl 很快返回了',
  // Network plugin.
  'calico-node was fine on every node',
  'calico 正常',
  'Maybe it is the CNI? Maybe containerd?',
  // Runtime.
  'My laptop’s Docker Desktop keeps freezing when I build images.',
  'docker ps returned quickly, the runtime looked fine',
  'docker ps 很快就返回了，runtime 看起来没问题。',
  '本地笔记本上的 docker 老是卡，跟集群无关。',
  '我们计划下个月把 containerd 升级到 1.7。',
  // The node cut off.
  'Network was fine, we could ssh and curl the API server from the node without issue.',
  '网络正常，节点可以访问 apiserver',
  'The kubelet cert was rotated successfully this morning, no auth errors.',
];

describe('mentions: sentences that affirm a mechanism', () => {
  it.each(READ)('%s -> %s', (line, want) => {
    if (want.startsWith('cause:')) expect(top(said(line))?.id, line).toBe(want.slice('cause:'.length));
    else expect(ids(said(line)), line).toContain(want as FactId);
  });

  it('a description alone never reaches a confident verdict', () => {
    for (const [line] of READ) expect(top(said(line))?.confidence ?? 0, line).toBeLessThan(0.7);
  });

  it("every sentence a mention's pattern reads holds one of its literals", () => {
    for (const [line] of READ)
      MENTION_RULES.forEach((rule, i) => {
        if (new RegExp(rule.pattern).test(line))
          expect(holdsLiteral(line, rule.literals), `${MENTIONS[i]?.fact}: ${line}`).toBe(true);
      });
  });

  it('mentions are observations, read only in prose, each citing where its words come from', () => {
    for (const rule of MENTION_RULES) {
      expect(rule.observation && rule.prose, rule.fact).toBe(true);
      expect(rule.source.length, rule.fact).toBeGreaterThan(60);
    }
  });

  it("is not read on a program's own line", () => {
    const line =
      'Nov 02 13:41:43 worker-1 containerd[812]: time="x" level=info msg="the OOM killer kept killing"';
    expect(ids({ logs: { containerd: line } })).not.toContain('mem.oom');
  });
});

describe('mentions: red herrings', () => {
  it.each(SILENT)('%s yields no cause', (line) => {
    expect(top(said(line)), line).toBeUndefined();
  });
});
