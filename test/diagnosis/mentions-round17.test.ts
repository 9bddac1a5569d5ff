import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';

// Round 17 (docs/accuracy.md, "Round 17" and "What round 17 teaches"), the description side: memory short without
// an OOM kill told by reclaim's traces (the page cache emptied), a cloud volume held at its IOPS or throughput limit,
// pods people call zombies (API objects, not ps state Z), and the service manager's start of a runtime that does not
// return (the runtime not coming up, not PID 1 off its bus). Sentences written from the mechanisms' definitions.

const said = (text: string) => diagnose({ logs: { other: text } } as never);
const top = (text: string) => (said(text).causes[0] as { id?: string } | undefined)?.id;

describe("round 17: the mechanisms' words, read", () => {
  const ANSWERED: readonly (readonly [string, string])[] = [
    ['内存被吃满但没有 OOM，page cache 被清空，系统卡顿，敲命令都卡。', 'resource_starvation'],
    ['メモリが逼迫してページキャッシュが空になり、ターミナルの入力に数秒かかった。', 'resource_starvation'],
    ['We hit the IOPS limit of the EBS volume and the node went NotReady.', 'resource_starvation'],
    ['磁盘 IO 打满，iowait 很高，云盘 IOPS 被限，节点 NotReady。', 'resource_starvation'],
    ['systemctl start docker hangs and never returns.', 'runtime_down'],
    ['docker 启动卡住，systemctl start docker 一直不返回。', 'runtime_down'],
  ];
  it.each(ANSWERED)('%s', (text, cause) => {
    const d = said(text);
    expect(d.verdict).toBe(cause);
  });

  it('the page cache said emptied, with nothing else read, is a lead to memory below a verdict (round 18)', () => {
    const d = said(
      "The pods' memory limits added up to nearly all of the host's memory; no OOM kill, but the page cache was emptied and every key at the terminal took seconds.",
    );
    expect(d.verdict).toBe('unknown');
    expect(d.causes[0]?.id).toBe('resource_starvation');
  });

  it('an I/O-wait alert said to fire is read as the disk saturated, below a verdict alone', () => {
    expect(top('An I/O wait alert fired on the node, and backups and mounts were timing out.')).toBe(
      'resource_starvation',
    );
  });

  it('systemctl hanging for every unit with D-Bus timing out stays the service manager', () => {
    expect(
      top(
        'systemctl status hangs for every unit, even systemctl start docker never returns; D-Bus times out.',
      ),
    ).toBe('systemd_dbus_stall');
  });

  it('zombie processes named with pods left after a reboot are still read', () => {
    expect(said('VM 重启后残留的 Pod 一直是 Unknown，ps 里有很多僵尸进程。').causes.length).toBeGreaterThan(
      0,
    );
  });
});

describe('round 17: red herrings stay silent', () => {
  const SILENT: readonly string[] = [
    // Pods called zombies are pod states, not defunct processes.
    'After the VM rebooted we had zombie pods left over.',
    '虚拟机重启后留下很多僵尸 Pod。',
    'ノードの再起動後にゾンビ Pod が残っていた。',
    // The page cache dropped by hand.
    'We ran echo 3 > /proc/sys/vm/drop_caches and the page cache was emptied, as expected.',
    '手动执行 drop_caches 之后 page cache 被清空了。',
    // A limit raised, not hit.
    'We raised the IOPS limit of the volume to 16000 last month.',
    '上个月把云盘 IOPS 上限提高到了 16000。',
  ];
  it.each(SILENT)('%s', (text) => {
    const d = said(text);
    expect(d.verdict).toBe('unknown');
    expect(d.causes).toEqual([]);
  });
});

describe("round 17: a provider's event and a panic loop are questions", () => {
  const asks = (text: string) =>
    (said(text).missing ?? []).some((m) => m.what.startsWith("the cloud provider's events"));
  it.each([
    'AWS retired the instance on schedule (scheduled maintenance event), then the node was NotReady.',
    '云厂商计划维护，实例被重启后节点 NotReady。',
    'スケジュールされたメンテナンスでインスタンスが再起動された。',
    'The kubelets kept restarting in a loop and the kernel panicked on several nodes.',
  ])('%s', (text) => {
    expect(asks(text)).toBe(true);
  });
  it('a provider event alone records no cause', () => {
    expect(said('AWS retired the instance on schedule (scheduled maintenance event).').causes).toEqual([]);
  });
  it.each([
    'The kubelet restarted once after the upgrade.',
    'The kubelets kept restarting in a loop after the config change.',
    'We had a kernel panic on a test VM last year.',
  ])('no question without the event or both signs: %s', (text) => {
    expect(asks(text)).toBe(false);
  });
});
