import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { errnoMeaning } from '../../shared/diagnosis/errno.ts';
import { ids, journal, klog } from '../support/node-lines.ts';

/**
 * Round 18's classes read from the programs' sources (docs/accuracy.md, "Round 18"): the memory controller's IDs
 * used up on kernels before 4.6, whose allocators answer ENOSPC (kernel/cgroup.c get_new_cssid, mm/memcontrol.c
 * mem_cgroup_css_online and memcg_alloc_cache_id); the network layer ranked above the runtime's fatal start on the
 * bridge it was to make.
 */

const said = (line: string) => ({ logs: { other: line } });

describe('memory cgroup IDs used up on kernels before 4.6: ENOSPC under the memory controller', () => {
  // runc's libcontainer joins the container's cgroup by creating its directory (os.MkdirAll: Go's PathError).
  const mkdir = journal(
    'dockerd[11419]',
    'time="2026-11-02T13:41:43.1Z" level=error msg="Handler for POST /v1.31/containers/4be1/start returned error: OCI runtime create failed: container_linux.go:348: starting container process caused \\"process_linux.go:279: applying cgroup configuration for process caused \\\\\\"mkdir /sys/fs/cgroup/memory/kubepods/burstable/pod5f1c2a/4be1: no space left on device\\\\\\"\\": unknown"',
  );
  // runc to 1.0-rc92 turns kmem accounting on for each container (setKernelMemory: "failed to write %v to %v: %v").
  const kmem = journal(
    'containerd[880]',
    'time="2026-11-02T13:41:43.1Z" level=error msg="RunPodSandbox failed" error="failed to start sandbox container: OCI runtime create failed: container_linux.go:345: starting container process caused \\"process_linux.go:281: applying cgroup configuration for process caused \\\\\\"failed to write 1 to memory.kmem.limit_in_bytes: write /sys/fs/cgroup/memory/kubepods/burstable/pod5f1c2a/4be1/memory.kmem.limit_in_bytes: no space left on device\\\\\\"\\": unknown"',
  );
  // coreutils' mkdir by hand in a shell.
  const byHand = "mkdir: cannot create directory '/sys/fs/cgroup/memory/probe': No space left on device";

  it.each([
    ['mkdir (runc, Go)', mkdir],
    ['write of the kmem limit (runc)', kmem],
    ['mkdir by hand (coreutils)', byHand],
  ])('%s', (_name, line) => {
    const facts = ids(said(line));
    expect(facts).toContain('mem.memcg_ids_exhausted');
    expect(facts).not.toContain('disk.pressure');
  });

  it('the table reads the pair by its path', () => {
    expect(errnoMeaning('mkdir', 'ENOSPC', '/sys/fs/cgroup/memory/kubepods/pod1')?.fact).toBe(
      'mem.memcg_ids_exhausted',
    );
    expect(
      errnoMeaning('write', 'no space left on device', '/sys/fs/cgroup/memory/x/memory.kmem.limit_in_bytes')
        ?.fact,
    ).toBe('mem.memcg_ids_exhausted');
    expect(errnoMeaning('mkdir', 'ENOSPC', '/var/lib/kubelet/pods/x')?.fact).toBe('disk.pressure');
  });

  it('near misses: a full disk, another controller, inotify watches on the memory hierarchy', () => {
    const disk = journal(
      'containerd[880]',
      'time="2026-11-02T13:41:43.1Z" level=error msg="failed" error="mkdir /var/lib/containerd/io.containerd.runtime.v2.task/k8s.io/4be1: no space left on device"',
    );
    expect(ids(said(disk))).toContain('disk.pressure');
    expect(ids(said(disk))).not.toContain('mem.memcg_ids_exhausted');
    const cpuset = 'write /sys/fs/cgroup/cpuset/kubepods/pod1/cgroup.procs: no space left on device';
    expect(ids(said(cpuset))).not.toContain('mem.memcg_ids_exhausted');
    const watch = klog(
      'E',
      'manager.go:1123',
      'Failed to create existing container: inotify_add_watch /sys/fs/cgroup/memory/kubepods/burstable/pod1: no space left on device',
    );
    expect(ids(said(watch))).not.toContain('mem.memcg_ids_exhausted');
  });

  it('ranks the kernel refusal first, above pod churn described beside it', () => {
    const d = diagnose({
      logs: { dockerd: mkdir, other: 'Pods are created and deleted all the time on these nodes.' },
      commandOutputs: { 'mkdir /sys/fs/cgroup/memory/probe': byHand },
    });
    expect(d.causes[0]?.id).toBe('resource_starvation');
  });
});

describe('memory cgroups that cannot be made, in words', () => {
  const facts = (text: string) => ids(said(text));
  it.each([
    'Even creating a single memory cgroup by hand fails on these nodes; only a reboot clears it.',
    'The memory cgroups leaked until no new pod could start.',
    '在节点上手动 mkdir 创建一个 memory cgroup 也会失败，只能重启节点。',
    '内存 cgroup 泄露，新的 Pod 都起不来。',
    'memory cgroup が作成できない状態になり、再起動するしかなかった。',
  ])('%s', (text) => {
    expect(facts(text)).toContain('mem.memcg_ids_exhausted');
  });

  it.each([
    // A limit that could not be set, an OOM kill inside a memory cgroup, a cgroup made fine.
    'Setting memory.limit_in_bytes on the memory cgroup failed with invalid argument.',
    'The container was OOM-killed inside its memory cgroup.',
    'We created a memory cgroup for the batch job and it worked.',
    '创建 memory cgroup 成功，限制也生效了。',
  ])('not: %s', (text) => {
    expect(facts(text)).not.toContain('mem.memcg_ids_exhausted');
  });
});

describe('the service manager and its bus named as the CPU consumers', () => {
  const TOP_HEADER = '    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND';
  const topOf = (rows: readonly string[]) => ({
    commandOutputs: { 'top -b -n 1': [TOP_HEADER, ...rows].join('\n') },
  });

  it("reads dbus-broker's or dbus-daemon's row at half a CPU or more in top's table", () => {
    expect(
      ids(topOf(['    912 dbus      20   0   12044   6120   3900 R  97.3   0.1 812:10.44 dbus-broker'])),
    ).toContain('systemd.busy');
    expect(
      ids(topOf(['    905 root      20   0    8216   4412   3712 S  64.0   0.0 300:01.12 dbus-broker-lau'])),
    ).toContain('systemd.busy');
    expect(
      ids(topOf(['    877 message+  20   0    9740   5532   3920 R  88.1   0.1 412:07.91 dbus-daemon'])),
    ).toContain('systemd.busy');
  });

  it('near misses: the bus daemon idle, another process busy', () => {
    expect(
      ids(topOf(['    912 dbus      20   0   12044   6120   3900 S   1.3   0.1   0:10.44 dbus-broker'])),
    ).not.toContain('systemd.busy');
    expect(
      ids(topOf(['   4021 root      20   0 2012044 161200  63900 R  99.0   2.1 812:10.44 java'])),
    ).not.toContain('systemd.busy');
  });

  it.each([
    'Nodes fell over as the kubelet, systemd and dbus-broker consumed excessive CPU and memory.',
    'systemd 和 dbus-broker CPU 占用很高，节点变得很慢。',
    'systemd と dbus-broker が CPU を大量に消費していた。',
  ])('%s', (text) => {
    expect(ids(said(text))).toContain('systemd.busy');
  });

  it.each([
    'systemd-journald consumed excessive CPU while the app logged in a loop.',
    'The java service managed by systemd consumed excessive CPU.',
  ])('not: %s', (text) => {
    expect(ids(said(text))).not.toContain('systemd.busy');
  });

  it('with runc 1.1.6 named in words, the misc-controller defect counts for the service manager', () => {
    const d = diagnose(
      said(
        'After the distribution shipped runc 1.1.6, systemd and dbus-broker consumed excessive CPU on every cgroup v1 node with job churn.',
      ),
    );
    expect(d.causes[0]?.id).toBe('systemd_dbus_stall');
    expect(JSON.stringify(d.causes[0]?.evidence)).toContain('runc-1.1.6-misc-cgroup-v1-kubelet-churn');
  });
});

describe('nodes lost across regions or clouds at once: a question, not the kubelet down', () => {
  const asks = (text: string) =>
    diagnose(said(text)).missing.some((m) => m.what.startsWith("the nodes' policy-routing rules"));
  it.each([
    'We lost most of our Kubernetes compute across multiple regions at once and could not reach the clusters.',
    'Nodes in several clouds at once went NotReady within minutes of each other.',
    '多个区域的集群同时大面积节点 NotReady，API 也访问不了。',
    '複数リージョンのノードが同時に NotReady になった。',
  ])('%s', (text) => {
    expect(asks(text)).toBe(true);
    expect(diagnose(said(text)).verdict).toBe('unknown');
  });
  it.each([
    'One node in us-east-1 went NotReady.',
    'We run clusters in several regions; one of them had a node go NotReady.',
    '这个区域的一个节点 NotReady 了。',
  ])('not: %s', (text) => {
    expect(asks(text)).toBe(false);
  });
});
