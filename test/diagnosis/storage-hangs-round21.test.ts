import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal } from '../support/node-lines.ts';

// Round 21 (r21-storage-hangs): storage that stops answering under the node. The kernel's network-storage clients
// losing their servers (net/ceph mon_client.c, messenger.c, osd_client.c; scsi_transport_iscsi.c; multipath-tools),
// read with the hung tasks in storage code as tasks stuck in D state, not as load; filesystem commands on a mounted
// volume that never return, and a storage cluster's monitors down, in people's words. Lines are built from the format
// strings cited in rules/kernel.ts and the words' definitions cited in rules/mentions.ts.

const said = (text: string) => ids({ logs: { other: text } } as never);
const kern = (...lines: string[]) => lines.map((l, i) => `[${51000 + i}.120000] ${l}`).join('\n');

const HUNG_ON_RBD = kern(
  'INFO: task kworker/1:2:4120 blocked for more than 120 seconds.',
  '      Not tainted 5.4.0-150-generic #167-Ubuntu',
  '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
  'kworker/1:2     D    0  4120      2 0x80004000',
  'Workqueue: events_freezable_power_ disk_events_workfn',
  'Call Trace:',
  ' __schedule+0x2e3/0x740',
  ' schedule+0x42/0xb0',
  ' jbd2_log_wait_commit+0xac/0x120',
  ' ext4_sync_file+0x2d3/0x3a0',
);

describe('round 21: filesystem commands that never return', () => {
  it.each([
    'Commands like `df` or `du` were not returning on the nodes.',
    'df -h hangs forever on every worker.',
    'Running `ls /var/lib/kubelet/pods` just hung.',
    'Our session hung on df -h for an hour.',
    'du on the volume never returned.',
    'df 卡住了，kubelet 也跟着 PLEG 超时。',
    '节点上执行 df -h 命令一直卡着不动。',
  ])('kernel.storage_stall ← %s', (text) => {
    expect(said(text)).toContain('kernel.storage_stall');
  });

  it.each([
    'The status of the node never returned to Ready.',
    'The pdf export hangs in the browser.',
    'ls is slow in a directory with millions of files.',
    'Every command hangs over SSH, even ls.',
    'Does df hang on your nodes?',
    'df shows the disk at 40%.',
    // A runtime's own listing subcommand (ctr tasks ls, docker image ls) is the runtime's call, not a mount's.
    'On the host `ctr -n k8s.io tasks ls` hung just like `crictl ps` did.',
    'docker image ls hangs.',
  ])('not kernel.storage_stall ← %s', (text) => {
    expect(said(text)).not.toContain('kernel.storage_stall');
  });
});

describe('round 21: a device busy with nothing moving', () => {
  it.each([
    'iostat -x 1 shows 100% util on the rbd devices, but not actually any I/O.',
    'The load climbs, with iowait without any real IO behind it.',
    'iostat 显示 rbd0 的 util 100%，但是没有任何读写。',
    'nvme1n1 is fully utilized with zero throughput.',
  ])('kernel.storage_stall ← %s', (text) => {
    expect(said(text)).toContain('kernel.storage_stall');
  });

  it.each([
    'The disk is at 100% util with heavy writes from the database.',
    'CPU is 100% utilized with no IO.',
    'The CPUs are fully busy, no I/O at all.',
    'iowait is high while the backup writes 400 MB/s.',
  ])('not kernel.storage_stall ← %s', (text) => {
    expect(said(text)).not.toContain('kernel.storage_stall');
  });

  it('in words alone, load and I/O wait beside a device busy with nothing moving rank below the stall', () => {
    const d = diagnose({
      logs: {
        other:
          'Load average skyrockets to 40 and the node becomes unusable. High IO wait without any real IO, lots of processes in D state. iostat shows 100% util on rbd0 but not actually any I/O.',
      },
    } as never);
    expect(d.causes[0]?.id).toBe('zombie_shim_hang');
    expect(d.causes[0]?.confidence ?? 1).toBeLessThan(0.7);
  });
});

describe("round 21: a storage cluster's monitors said down", () => {
  it.each([
    'We had a problem with the Rook cluster, so the monitors were not responsive anymore.',
    'The Ceph monitors lost quorum during the upgrade.',
    'Our Ceph cluster went down over the weekend.',
    'Ceph 集群挂了之后所有节点 NotReady。',
    'rbd 的 mon 宕机了。',
  ])('storage.remote_lost ← %s', (text) => {
    expect(said(text)).toContain('storage.remote_lost');
  });

  it.each([
    'The Prometheus monitors were not responsive.',
    'We restarted the Ceph monitors one by one, as planned, and they rejoined the quorum.',
    'The ceph-csi provisioner pod was down.',
  ])('not storage.remote_lost ← %s', (text) => {
    expect(said(text)).not.toContain('storage.remote_lost');
  });
});

describe('round 21: what the facts reach', () => {
  it('hung tasks in storage code beside load and I/O wait words: a stall, not starvation', () => {
    const bundle = {
      logs: {
        kernel: HUNG_ON_RBD,
        other:
          'Load average climbs above 40 on a 4-core node and iowait is at 90%, with the rbd devices at 100% util.',
      },
    } as never;
    expect(ids(bundle)).toContain('storage.load_is_stall');
    expect(diagnose(bundle).causes[0]?.id).toBe('zombie_shim_hang');
  });

  it.each([
    'The load average went to 80 on a 4-core node, most processes were in D state.',
    '负载很高，但是 CPU 空闲，很多进程处于 D 状态。',
  ])('a load said of tasks in D state, in the same line, is the stall ← %s', (text) => {
    expect(said(text)).toContain('storage.load_is_stall');
    expect(diagnose({ logs: { other: text } } as never).causes[0]?.id).toBe('zombie_shim_hang');
  });

  it('a load beside D state with memory shown exhausted stays starvation', () => {
    const text = 'Load went to 200. Memory was exhausted and kswapd ran, processes in D state.';
    expect(said(text)).not.toContain('storage.load_is_stall');
    expect(diagnose({ logs: { other: text } } as never).causes[0]?.id).toBe('resource_starvation');
  });

  it('the load words with a resource shown exhausted stay starvation', () => {
    const bundle = {
      logs: {
        kernel: `${HUNG_ON_RBD}\n[51020.000000] Out of memory: Killed process 2231 (java) total-vm:8388608kB, anon-rss:6291456kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:13000kB oom_score_adj:0`,
        other: 'Load average climbs above 40 on a 4-core node and iowait is at 90%.',
      },
    } as never;
    expect(ids(bundle)).not.toContain('storage.load_is_stall');
  });

  it("libceph hunting for its monitors beside hung tasks is the wedged container's", () => {
    const bundle = {
      logs: {
        kernel: kern(
          'libceph: mon0 (1)10.0.0.11:6789 session lost, hunting for new mon',
          'libceph: mon1 (1)10.0.0.12:6789 socket closed (con state V1_BANNER)',
          'libceph: mon2 (1)10.0.0.13:6789 connect error',
        ),
        kubelet: HUNG_ON_RBD,
      },
    } as never;
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('zombie_shim_hang');
  });

  it('one monitor reconnect alone is a hint, not a verdict', () => {
    const d = diagnose({
      logs: { kernel: kern('libceph: mon0 10.0.0.11:6789 session lost, hunting for new mon') },
    } as never);
    expect(d.verdict).toBe('unknown');
  });

  it('multipathd with no path left is read from its journal', () => {
    expect(
      ids({ logs: { other: journal('multipathd[812]', 'mpathb: remaining active paths: 0') } } as never),
    ).toContain('storage.remote_lost');
  });

  it("df hanging with the storage cluster's monitors down is a wedged container, not an unresponsive node", () => {
    const d = diagnose({
      logs: {
        other:
          'The Ceph monitors of the storage cluster were not responsive anymore. Commands like `df` or `du` were not returning, and the PLEG went stale on every node.',
      },
    } as never);
    expect(d.causes[0]?.id).toBe('zombie_shim_hang');
    expect(d.causes[0]?.confidence ?? 1).toBeLessThan(0.7);
  });
});

describe('round 21: the chain an engineer follows on a storage stall', () => {
  it('names the storage, and asks which mount no longer answers', () => {
    const d = diagnose({
      logs: {
        kernel: kern(
          'libceph: mon0 10.0.0.11:6789 session lost, hunting for new mon',
          'INFO: task kworker/1:2:4120 blocked for more than 120 seconds.',
          ' jbd2_log_wait_commit+0xac/0x120',
        ),
      },
    } as never);
    const first = d.causes[0];
    expect(first?.id).toBe('zombie_shim_hang');
    expect(first?.chain.join(' ')).toMatch(/storage under the node stopped answering/);
    expect(first?.commands.map((c) => c.command).join('\n')).toMatch(/stat -f/);
  });

  it('a zombie under its shim keeps the shim chain', () => {
    const d = diagnose({
      commandOutputs: {
        'ps -eo pid,ppid,stat,cmd':
          '4242 4100 Z [sh] <defunct> (parent 4100 /usr/bin/containerd-shim-runc-v2)',
      },
      logs: { kernel: kern(' jbd2_log_wait_commit+0xac/0x120') },
    } as never);
    expect(d.causes[0]?.chain.join(' ')).not.toMatch(/storage under the node stopped answering/);
  });
});
