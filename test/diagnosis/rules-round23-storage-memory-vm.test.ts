import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, top } from '../support/node-lines.ts';

// Round 23 (r23-storage-memory-vm): a hung task's frames in a file system's flush, memory tools' figures in their
// forms, and machines stopped by their hypervisor. Lines are built from the programs' format strings (the kernel's
// frame "%pS" as "func+0xoff/0xsize", free(1), top(1) and /proc/meminfo, the hypervisors' listings), not from any
// incident.

const frame = (t: string, fn: string) => `[ ${t}]  ${fn}+0x4d/0x90`;

describe("a hung task's frames in a file system's flush", () => {
  it.each([
    'sync_filesystem',
    '__sync_filesystem',
    'sync_inodes_sb',
    'wb_wait_for_completion',
    '__writeback_inodes_sb_nr',
    'wait_sb_inodes',
    'iterate_supers',
    'sync_fs_one_sb',
    'ovl_sync_fs',
    'ext4_sync_fs',
    'xfs_fs_sync_fs',
    'btrfs_sync_fs',
    'ksys_sync',
    '__x64_sys_sync',
    '__arm64_sys_syncfs',
    'sys_sync',
  ])('%s', (fn) => {
    expect(ids({ logs: { kernel: frame('1200.1', fn) } })).toContain('kernel.fs_sync_stall');
  });

  it.each([
    '[ 1200.1]  rwsem_down_read_slowpath+0x1e5/0x3a0',
    '[ 1200.1]  __x64_sys_sync_file_range+0x22/0x30',
    '[ 1200.1]  vfs_fsync_range+0x49/0x80',
    '[ 1200.1]  ovl_sync_file+0x2b/0x40 [overlay]',
    'we ran sync_filesystem by hand',
  ])('not: %s', (line) => {
    expect(ids({ logs: { kernel: line } })).not.toContain('kernel.fs_sync_stall');
  });

  const trace = (task: string) =>
    [
      `[  981.120001] INFO: task ${task}:2211 blocked for more than 245 seconds.`,
      '[  981.120002]       Not tainted 5.10.0 #1',
      '[  981.120003] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
      `[  981.120004] task:${task.padEnd(15)} state:D stack:    0 pid: 2211 ppid:     1 flags:0x00000000`,
      '[  981.120005] Call Trace:',
      '[  981.120006]  __schedule+0x2e1/0x6f0',
      '[  981.120007]  schedule+0x46/0xb0',
      '[  981.120008]  wb_wait_for_completion+0x5a/0x90',
      '[  981.120009]  sync_inodes_sb+0xd8/0x2a0',
      '[  981.120010]  sync_filesystem+0x5e/0x90',
      '[  981.120011]  generic_shutdown_super+0x22/0x100',
      '[  981.120012]  kill_anon_super+0x14/0x30',
    ].join('\n');

  it("names the storage under a runtime's daemon hung in an unmount's sync, the runtime below it", () => {
    const d = diagnose({ logs: { kernel: trace('containerd') } });
    expect(d.causes[0]?.id).toBe('resource_starvation');
    expect(d.causes[0]?.commands.some((c) => c.command.startsWith('iostat -x'))).toBe(true);
  });

  it('leaves the reboot the outage when the kernel panics on the hung task', () => {
    const kernel = `${trace('containerd-shim')}\n[  981.2] Kernel panic - not syncing: hung_task: blocked tasks`;
    expect(top({ logs: { kernel } })?.id).not.toBe('resource_starvation');
  });
});
