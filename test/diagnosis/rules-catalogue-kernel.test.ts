import { describe, expect, it } from 'vitest';
import { ids, journal, top } from '../support/node-lines.ts';

/**
 * The kernel messages promoted from the catalogue's broad kernel program (rules/catalogue/kernel.*, shared/
 * diagnosis/rules/catalogued.ts, Debian's linux-source-6.1 6.1.176-1): RCU's grace-period kthread starved, RT
 * throttling, NVMe and SCSI timeouts and offlined disks, jbd2 and XFS log I/O errors, XFS shutdown and corruption,
 * corrupt ext4 roots and journals. Lines built from the format strings, as the journal writes the kernel's ring
 * buffer; near misses beside.
 */

const kernel = (...lines: string[]) => ({
  logs: { kernel: lines.map((l) => journal('kernel', l)).join('\n') },
});

describe('RCU stalls and RT throttling (kernel/rcu/tree_stall.h, kernel/sched/rt.c)', () => {
  it('the grace-period kthread starved or its timer not firing is an RCU stall', () => {
    for (const line of [
      'rcu: rcu_preempt kthread starved for 10502 jiffies! g2456597 f0x0 RCU_GP_WAIT_FQS(5) ->state=0x0 ->cpu=3',
      'rcu: Unless rcu_preempt kthread gets sufficient CPU time, OOM is now expected behavior.',
      "rcu: rcu_sched kthread timer wakeup didn't happen for 2503 jiffies! g8513 f0x0 RCU_GP_WAIT_FQS(5) ->state=0x402",
      'rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:',
    ])
      expect(ids(kernel(line))).toContain('kernel.soft_lockup');
  });

  it('RT throttling is CPU starvation', () => {
    expect(ids(kernel('sched: RT throttling activated'))).toContain('cpu.saturated');
  });

  it('near misses: RCU set-up at boot, a kthread started, throttling of a cgroup', () => {
    for (const line of [
      'rcu: Hierarchical RCU implementation.',
      'rcu: RCU calculated value of scheduler-enlistment delay is 25 jiffies.',
      'kthreadd: started kthread rcu_preempt on cpu 0',
      'sched: RT throttling is disabled',
    ]) {
      expect(ids(kernel(line))).not.toContain('kernel.soft_lockup');
      expect(ids(kernel(line))).not.toContain('cpu.saturated');
    }
  });
});

describe('NVMe and SCSI disks not answering (drivers/nvme/host/pci.c, drivers/scsi/sd.c, scsi_error.c)', () => {
  it('I/O timeouts, controller down, offlined disks are I/O errors on the device', () => {
    for (const line of [
      'nvme nvme0: I/O 119 QID 4 timeout, reset controller',
      'nvme nvme0: I/O 8 QID 0 timeout, disable controller',
      'nvme nvme1: I/O 412 (Write) QID 2 timeout, aborting',
      'nvme nvme0: I/O 23 QID 1 timeout, completion polled',
      'nvme nvme0: controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0xffff',
      'nvme nvme0: controller is down; will reset: CSTS=0x3, PCI_STATUS read failed (134)',
      'nvme 0000:00:04.0: failure state error detected, request disconnect',
      'sd 2:0:0:0: [sdb] Medium access timeout failure. Offlining disk!',
      'sd 2:0:0:0: Device offlined - not ready after error recovery',
    ])
      expect(ids(kernel(line))).toContain('disk.io_error');
  });

  it('near misses: controller set-up, a reset that is asked for, a slow but answered command', () => {
    for (const line of [
      'nvme nvme0: 4/0/0 default/read/poll queues',
      'nvme nvme0: Shutdown timeout set to 8 seconds',
      'nvme nvme0: pci function 0000:00:04.0',
      'sd 2:0:0:0: [sdb] 209715200 512-byte logical blocks: (107 GB/100 GiB)',
      'sd 2:0:0:0: Power-on or device reset occurred',
    ])
      expect(ids(kernel(line))).not.toContain('disk.io_error');
  });
});

describe('journal and file-system I/O errors, shutdowns and corruption (fs/jbd2, fs/xfs, fs/ext4)', () => {
  it('jbd2 and XFS log I/O errors are I/O errors on the device', () => {
    for (const line of [
      'JBD2: I/O error when updating journal superblock for nvme1n1-8.',
      'JBD2: previous I/O error detected for journal superblock update for sdb1-8.',
      'JBD2: Detected IO errors while flushing file data on dm-0-8',
      'XFS (nvme1n1): log I/O error -5',
      'XFS (dm-3): log recovery write I/O error at daddr 0x2a80 len 4096 error -5',
    ])
      expect(ids(kernel(line))).toContain('disk.io_error');
  });

  it('an XFS shutdown is the file system refusing writes', () => {
    for (const line of [
      'XFS (nvme1n1): Filesystem has been shut down due to log error (0x2).',
      'XFS (nvme1n1): Please unmount the filesystem and rectify the problem(s).',
      'XFS (sdb1): Please unmount the filesystem and rectify the problem(s)',
    ])
      expect(ids(kernel(line))).toContain('fs.readonly');
  });

  it('XFS verifier failures and corrupt ext4 roots or journals are a corrupt file system', () => {
    for (const line of [
      'XFS (sdb1): First 128 bytes of corrupted metadata buffer:',
      'XFS (sdb1): Unmount and run xfs_repair',
      'EXT4-fs (nvme0n1p1): corrupt root inode, run e2fsck',
      'JBD2: corrupted journal superblock',
      'JBD2: journal transaction 81234 on sdb1-8 is corrupt.',
    ])
      expect(ids(kernel(line))).toContain('fs.corrupt');
  });

  it('near misses: mounts, clean unmounts, log recovery that worked, a journal started', () => {
    for (const line of [
      'XFS (nvme1n1): Mounting V5 Filesystem',
      'XFS (nvme1n1): Ending clean mount',
      'XFS (nvme1n1): Unmounting Filesystem',
      'XFS (dm-3): Starting recovery (logdev: internal)',
      'EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.',
      'JBD2: Ignoring recovery information on journal',
    ]) {
      const found = ids(kernel(line));
      expect(found).not.toContain('disk.io_error');
      expect(found).not.toContain('fs.readonly');
      expect(found).not.toContain('fs.corrupt');
    }
  });
});

describe('a device-mapper thin pool out of space (drivers/md/dm-thin.c, a hand-written rule in rules/kernel.ts)', () => {
  it('out-of-data-space mode and no free metadata blocks are the disk full', () => {
    for (const line of [
      'device-mapper: thin: 253:2: switching pool to out-of-data-space (queue IO) mode',
      'device-mapper: thin: 253:2: switching pool to out-of-data-space (error IO) mode',
      'device-mapper: thin: No free metadata blocks',
      'device-mapper: thin: Could not get free metadata blocks',
    ])
      expect(ids(kernel(line))).toContain('disk.pressure');
  });

  it('near misses: the pool back in write mode, the low water mark, a pool created', () => {
    for (const line of [
      'device-mapper: thin: 253:2: switching pool to write mode',
      'device-mapper: thin: 253:2: reached low water mark for data device: sending event.',
      'device-mapper: thin: Data device (dm-1) discard unsupported: Disabling discard passdown.',
    ])
      expect(ids(kernel(line))).not.toContain('disk.pressure');
  });
});

describe('what the facts reach', () => {
  it('NVMe timeouts beside a hung shim rank with the storage hang the hung tasks show', () => {
    const first = top(
      kernel(
        'nvme nvme0: I/O 119 QID 4 timeout, reset controller',
        'INFO: task containerd-shim:4242 blocked for more than 122 seconds.',
        '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
      ),
    );
    expect(first?.id).toBe('zombie_shim_hang');
  });

  it('an RCU kthread starved and RT throttling are resource starvation, a lead from one line', () => {
    for (const line of [
      'rcu: rcu_preempt kthread starved for 10502 jiffies! g2456597 f0x0 RCU_GP_WAIT_FQS(5) ->state=0x0 ->cpu=3',
      'sched: RT throttling activated',
    ]) {
      const first = top(kernel(line));
      expect(first?.id).toBe('resource_starvation');
      expect(first?.confidence ?? 0).toBeLessThan(0.7);
    }
  });

  it('an XFS shutdown alone is a lead for the runtime down (its storage refusing writes)', () => {
    const first = top(kernel('XFS (nvme1n1): Filesystem has been shut down due to log error (0x2).'));
    expect(first?.id).toBe('runtime_down');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });
});
