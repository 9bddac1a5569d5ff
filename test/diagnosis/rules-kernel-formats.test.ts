import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';

function facts(text: string): string[] {
  const set = new FactSet();
  scanText(text, 'logs.kernel', 'kernel', set);
  return set.ids();
}

describe("the kernel's per-task line without its hung-task header", () => {
  it.each([
    ['5.10 and later', 'task:dockerd         state:D stack:    0 pid: 1203 ppid:     1 flags:0x00000000'],
    ['4.x', 'dockerd         D    0  1203      1 0x00000000'],
    ['3.x, with the saved PC', 'dockerd         D ffff88003fc13000     0  1203      1 0x00000000'],
    ['behind a dmesg stamp', '[12345.678901] containerd-shim D    0  4242   4100 0x00000080'],
  ])('%s: a task in D state', (_name, line) => {
    expect(facts(line)).toContain('proc.dstate');
  });

  it('a running task is not', () => {
    expect(facts('dockerd         R  running task        0  1203      1 0x00000000')).not.toContain(
      'proc.dstate',
    );
  });
});

describe('older call traces: `[<address>] ? frame` behind a dmesg stamp', () => {
  it('reads the frames and names the subsystem', () => {
    const d = diagnoseText(
      [
        '[10041.316132] Call Trace:',
        '[10041.316140]  [<ffffffff8163a909>] schedule+0x29/0x70',
        '[10041.316145]  [<ffffffffa03d1b5d>] ? rpc_wait_bit_killable+0x2d/0x80 [sunrpc]',
        '[10041.316150]  [<ffffffffa04b1c2e>] nfs_wait_on_request+0x2e/0x30 [nfs]',
      ].join('\n'),
    );
    expect(d.causes.flatMap((c) => c.evidence.map((e) => e.text)).join('\n')).toContain('NFS');
  });

  it('frames in network namespace setup are a task blocked behind the namespace lock', () => {
    const d = diagnoseText(
      [
        '[<ffffffff8163a909>] schedule+0x29/0x70',
        '[<ffffffff8163c1f5>] ? schedule_preempt_disabled+0x15/0x20',
        '[<ffffffff81639e35>] __mutex_lock_slowpath+0xb5/0x120',
        '[<ffffffff8152fc2b>] copy_net_ns+0x6b/0x120',
      ].join('\n'),
    );
    expect(d.causes.flatMap((c) => c.evidence.map((e) => e.text)).join('\n')).toContain(
      'network namespace setup/teardown',
    );
  });
});
