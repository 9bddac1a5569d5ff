import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, top } from '../support/node-lines.ts';

/**
 * Round 24 (docs/accuracy.md, "Round 24", class 3): people's words for mechanisms other files read from the
 * programs: a hedged suspicion of the descriptor limit (a lead below a plain statement), descriptors used up told by
 * their effect, a question whether the kubelet withstands its runtime not running, the kubelet's memory growing,
 * memory growing until the machine crashes, connection attempts failing in a loop until the disks fill, a package
 * upgrade under the runtime, and a network file server gone behind pods held for ever. Sentences are written from
 * the words' meanings, not from any case.
 */

const said = (text: string) => ({ logs: { other: text } });

describe('a hedged suspicion of the descriptor limit is a lead, below a plain statement', () => {
  it.each([
    'I suspect the agent ran into too many open files on the host.',
    'Maybe the open files limit was reached on this node.',
    'My guess is the nofile limit is too low for all these nested nodes.',
    'We think this could be caused by too many open files.',
    'The nofile limit is too low for the nested servers, I guess.',
    '怀疑是打开文件数太多导致 server 起不来',
    '可能是文件句柄耗尽了',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('fd.suspected');
    const first = top(bundle);
    expect(first?.id).toBe('fd_exhaustion');
    expect(first?.confidence ?? 0).toBeLessThan(0.65);
  });

  it('weighs below the same words said plainly', () => {
    const hedged = top(said('I suspect the daemon hit too many open files.'))?.confidence ?? 0;
    const plain = top(said('The daemon hit too many open files.'))?.confidence ?? 0;
    expect(plain).toBeGreaterThan(hedged);
  });

  it.each([
    // A list of the usual causes, a condition, a question, a denial.
    'Possible causes may be such as too many open files, a full disk or the OOM killer.',
    'If the open files limit is reached, the daemon may fail.',
    'Could it be too many open files?',
    'I suspect it is not too many open files, the limit is 1048576.',
    'I think we ruled out too many open files.',
    '可能是内存不足或者打开文件数太多',
    // A suspicion of something else.
    'I suspect the disk was full.',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('fd.suspected');
  });
});

describe('descriptors used up told by their effect: no file can be created', () => {
  it.each([
    'The agent is creating a lot of open files and processes. After some hours services cannot create more files.',
    'the node agent keeps leaking file descriptors until the kubelet is unable to open new files',
    'Services fail to create files and lsof shows the file descriptors limit exhausted by one daemon.',
    '该进程打开大量文件句柄，其他服务无法创建文件',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('fd.emfile');
    expect(top(bundle)?.id).toBe('fd_exhaustion');
  });

  it.each([
    // A full disk or a read-only file system also refuses new files.
    'The app creates many files and now services cannot create files: no space left on device.',
    'Services cannot create files because the root file system is read-only.',
    // One half only.
    'The agent opens many files while it runs.',
    'Services cannot create files in /tmp.',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('fd.emfile');
  });
});

describe('the kubelet against its runtime not running, asked or denied', () => {
  it.each([
    'Kubelet not robust to docker not running?',
    'Does the kubelet survive containerd not being up at boot?',
    'Should kubelet tolerate the container runtime being down?',
    'The kubelet does not recover from docker not running at boot.',
    'The kubelet starts before docker and never recovers until we restart it.',
    'kubelet 比 docker 先启动，之后不会重试',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('kubelet.create_no_retry');
    const first = top(bundle);
    expect(first?.id).toBe('kubelet_defect');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });

  it.each([
    // The kubelet withstanding it, said plainly; a person's how-to; a hedge.
    'The kubelet survives docker being down and recovers when it is back.',
    'How do I make the kubelet tolerate containerd being down?',
    'Maybe the kubelet does not handle docker not running?',
    // Another subject.
    'Does the API server survive etcd being down?',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('kubelet.create_no_retry');
  });
});

describe("the kubelet's own memory growing; memory growing until the machine crashes", () => {
  it.each([
    "The kubelet's memory keeps growing at start-up.",
    'kubelet RSS grew to 6 GB over two days',
    'The memory of the kubelet increases steadily after the restart.',
    'We see a memory leak in the kubelet.',
    'kubelet 内存持续增长',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('kubelet.memory_leak');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it.each([
    'The kubelet reports memory pressure and its memory eviction threshold grows.',
    'The pods memory usage grows but the kubelet is fine.',
    'kubelet --kube-reserved memory increased to 2Gi',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('kubelet.memory_leak');
  });

  it.each([
    'Resident set size would slowly increase until the VM crashed.',
    'Memory usage kept growing until the node froze.',
  ])('the crash is the consequence: %s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('mem.exhausted');
    expect(top(bundle)?.id).not.toBe('node_unreachable');
  });

  it.each([
    "The container's memory grows until the limit and it is OOM killed.",
    'The VM crashed and memory was fine.',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('mem.exhausted');
  });
});

describe('connection attempts failing in a loop until the disks fill', () => {
  it.each([
    'During the outage the disks filled with logs of looping failed attempts to connect.',
    'Connection attempts failed in an endless loop and filled the root disk on every node.',
    'The nodes were NotReady while retries looped over and over until /var/log filled up.',
    '节点连接失败的日志写满了磁盘',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('kubelet.api_retry_loop');
    const first = top(bundle);
    expect(first?.id).toBe('node_unreachable');
    expect(first?.commands.map((c) => c.command).join('\n')).toContain('kubeadm certs check-expiration');
  });

  it.each([
    'The application retried its database connection in a loop and filled the disk.',
    'The disk filled with logs.',
    'Connection attempts failed in a loop.',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('kubelet.api_retry_loop');
  });
});

describe('a package upgrade under the runtime takes it down', () => {
  it.each([
    'unattended-upgrades upgraded containerd.io overnight and stopped docker on every master.',
    'An automatic upgrade of the runc package took down containerd on the control plane.',
    'Docker went down after the containerd.io package upgrade and was not restarted.',
    'yum-cron updated containerd and the daemon did not come back.',
    '自动更新升级了 containerd，docker 停止了',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('runtime.stopped_by_upgrade');
    const first = top(bundle);
    expect(first?.id).toBe('runtime_down');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });

  it.each([
    'We upgraded the cluster with kubeadm upgrade and containerd kept running.',
    'unattended-upgrades updated the containerd package last night.',
    'If unattended-upgrades updates containerd it may stop docker.',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('runtime.stopped_by_upgrade');
  });
});

describe('a network file server gone behind pods held for ever', () => {
  it.each([
    'The NFS server went down and the pods using the volume are stuck Terminating for ever.',
    'We stopped the NFS server behind the volume; the deleted pod stays Terminating and new pods stay Pending.',
    'Pods hang in Terminating because the NFS server is not responding.',
    'NFS 服务器宕机后 Pod 一直 Terminating',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('kernel.storage_stall');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it.each([
    'Pods are stuck Terminating.',
    'The NFS volume is mounted soft, so pods were Terminating only briefly after the server went down.',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('kernel.storage_stall');
  });

  it('a diagnosis names the wedge, not the node', () => {
    const d = diagnose(said('We stopped the NFS server; the pod using it stays Terminating for ever.'));
    expect(d.causes[0]?.id).toBe('zombie_shim_hang');
  });
});

describe('an agent that runs the kubelet panicking after a network loss is its own defect', () => {
  it.each([
    'The network is out for a few hours and then the k3s-agent panics and exits.',
    'edgecore panicked while the connection to the cloud was lost and never reconnected.',
    'After we unplug the network cable the agent panics, and it needs a restart to report back.',
  ])('%s', (text) => {
    const bundle = said(text);
    expect(ids(bundle)).toContain('kubelet.panic');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it.each([
    'The network was lost and the node had a kernel panic.',
    'The k3s-agent panics on start because of a bad config file.',
    'The network was down for an hour and the agent reconnected by itself.',
  ])('near miss: %s', (text) => {
    expect(ids(said(text))).not.toContain('kubelet.panic');
  });
});
