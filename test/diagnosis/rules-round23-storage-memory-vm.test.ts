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

describe("memory tools' figures in their forms", () => {
  const exhausted = (command: string, output: string) =>
    ids({ commandOutputs: { [command]: output } }).includes('mem.exhausted');

  it.each([
    // free(1), procps-ng 3.3.10+: the available column; -h's units; no swap.
    [
      'free -h',
      '               total        used        free      shared  buff/cache   available\nMem:           3.8Gi       3.5Gi        61Mi       2.0Mi       240Mi       190Mi\nSwap:             0B          0B          0B',
    ],
    // Its figures wrapped onto the lines after "Mem:".
    [
      'free -m',
      '              total        used        free      shared  buff/cache   available\nMem:\n  7821\n  7600   70   4   151\n  110\nSwap:   0   0   0',
    ],
    // Before 3.3.10: buffers and cached columns and the "-/+ buffers/cache:" row.
    [
      'free -m',
      '             total       used       free     shared    buffers     cached\nMem:          7821       7760         61          0          9         50\n-/+ buffers/cache:       7701        120\nSwap:            0          0          0',
    ],
    // Condensed onto one line, figures after their names.
    ['free -h', 'Mem: total 3.8Gi used 3.5Gi free 61Mi available 300Mi\nSwap: 0B'],
    ['free -g', 'Mem: total=31 used=30 free=0 available=1\nSwap: total=0'],
    // top(1): procps-ng 3.3.10+, 3.3.0-3.3.9, procps 3.2.
    [
      'top -b -n 1',
      'MiB Mem :   3911.2 total,     80.1 free,   3700.0 used,    131.1 buff/cache\nMiB Swap:      0.0 total,      0.0 free,      0.0 used.    120.5 avail Mem',
    ],
    [
      'top -b -n 1',
      'KiB Mem:   4005000 total,  3950000 used,    55000 free,     2000 buffers\nKiB Swap:        0 total,        0 used,        0 free.    61000 cached Mem',
    ],
    [
      'top -b -n 1',
      'Mem:   4005000k total,  3950000k used,    55000k free,     2000k buffers\nSwap:        0k total,        0k used,        0k free,    61000k cached',
    ],
    // proc(5) and vmstat -s.
    [
      'cat /proc/meminfo',
      'MemTotal:        4005000 kB\nMemFree:           70000 kB\nMemAvailable:     150000 kB\nSwapTotal:             0 kB',
    ],
    [
      'vmstat -s',
      '      4005000 K total memory\n      3930000 K used memory\n        50000 K free memory\n         2000 K buffer memory\n        60000 K swap cache\n            0 K total swap',
    ],
    // With swap, under a twentieth.
    [
      'free -m',
      '              total        used        free      shared  buff/cache   available\nMem:          15884       15400         90          4         394        300\nSwap:          2047        2047          0',
    ],
  ])('%s: %s', (command, output) => {
    expect(exhausted(command, output)).toBe(true);
  });

  it.each([
    // A seventh free on a large machine, or a quarter on a small one, without swap: not used up.
    [
      'free -g',
      '              total        used        free      shared  buff/cache   available\nMem:             62          50           2           0          10           8\nSwap:             0           0           0',
    ],
    [
      'free -h',
      '               total        used        free      shared  buff/cache   available\nMem:           3.8Gi       2.6Gi        88Mi        18Mi       1.1Gi       1.0Gi\nSwap:             0B          0B          0B',
    ],
    // Under a seventh, but with swap to page to.
    [
      'free -m',
      '              total        used        free      shared  buff/cache   available\nMem:           3911        3350         80           4         481        450\nSwap:          4095         100        3995',
    ],
    // Little free, much page cache available.
    [
      'cat /proc/meminfo',
      'MemTotal:        4005000 kB\nMemFree:           70000 kB\nMemAvailable:    2150000 kB\nSwapTotal:             0 kB',
    ],
    ['kubectl describe node w1', 'Capacity:\n  cpu:     2\n  memory:  4005000Ki\n  pods:    110'],
  ])('not: %s: %s', (command, output) => {
    expect(exhausted(command, output)).toBe(false);
  });

  it("reads free's unit from its own flags, combined or not, and not from another command's -b", () => {
    const table = (figures: string) =>
      `              total        used        free      shared  buff/cache   available\nMem:  ${figures}\nSwap:  0  0  0`;
    // 62 GiB with 8 GiB available and no swap is not used up; read in KiB (the default) it would be 8 KiB.
    expect(exhausted('free -gt', table('62  50  2  0  10  8'))).toBe(false);
    expect(exhausted('free -wg', table('62  50  2  0  10  8'))).toBe(false);
    // `top -b` is top's batch mode, not free's bytes: free's KiB figures stay KiB (8 GiB available, not 8 MB).
    expect(exhausted('top -b -n 1; free', table('65856512  52000000  2000000  0  10000000  8388608'))).toBe(
      false,
    );
    expect(exhausted('free -b', table('65856512  52000000  2000000  0  10000000  8388608'))).toBe(true);
  });

  it('reads swapping both ways in vmstat as reclaim, not the average since boot alone', () => {
    const header =
      'procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st';
    const storm = `${header}\n 2  5 812000  41000   1200  52000   30   40   900   400  300  500 10 20 30 40  0\n 3  6 815000  39000   1100  50000 4800 5200 12000  6000  900 1500 12 25 13 50  0`;
    expect(ids({ commandOutputs: { 'vmstat 1 2': storm } })).toContain('mem.reclaim');
    const calm = `${header}\n 2  5 812000  41000   1200  52000 4800 5200   900   400  300  500 10 20 30 40  0\n 1  0 812000  41000   1200  52000    0    0    10    20  300  500 10  5 85  0  0`;
    expect(ids({ commandOutputs: { 'vmstat 1 2': calm } })).not.toContain('mem.reclaim');
  });

  it("weighs a machine's memory used up with no swap above the runtime said down on it", () => {
    const d = diagnose({
      logs: {
        kubelet:
          'E0405 20:10:50.000000    1234 kubelet.go:2373] "Skipping pod synchronization" err="container runtime is down"',
      },
      commandOutputs: { 'free -h': 'Mem: total 1.9Gi used 1.7Gi free 60Mi available 170Mi\nSwap: 0B' },
    });
    expect(d.causes[0]?.id).toBe('resource_starvation');
  });
});

describe('machines stopped by their hypervisor', () => {
  const read = (command: string, output: string) => ids({ commandOutputs: { [command]: output } });

  it.each([
    [
      'virsh list --all',
      ' Id   Name          State\n------------------------------\n 1    cp-1          running\n -    worker-2      shut off',
    ],
    ['virsh domstate --reason worker-2', 'shut off (crashed)'],
    [
      'virsh dominfo worker-2',
      'Id:             -\nName:           worker-2\nState:          shut off\nCPU(s):         2',
    ],
    ['qm status 2041', 'status: stopped'],
    ['pve tasks', 'Nov 14 03:12:15  VM 2041 - Shutdown   Error: VM quit/powerdown failed - got timeout'],
    ['govc vm.info worker-2', 'Name:           worker-2\n  Power state:  poweredOff\n  Boot time:    <nil>'],
    [
      'Get-VM worker-2',
      'Name        PowerState Num CPUs MemoryGB\n----        ---------- -------- --------\nworker-2    PoweredOff 2        8.000',
    ],
    ['vcenter events', 'worker-2 on esx-07.lab in DC1 is powered off'],
    [
      'az vm get-instance-view',
      '{\n  "code": "PowerState/deallocated",\n  "displayStatus": "VM deallocated",\n  "level": "Info"\n}',
    ],
    [
      'az vm list -d -o table',
      'Name      ResourceGroup    PowerState      Location\n--------  ---------------  --------------  ----------\nworker-2  rg-k8s           VM deallocated  westeurope',
    ],
    ['aws ec2 describe-instances', '"State": {\n    "Code": 80,\n    "Name": "stopped"\n},'],
    [
      'aws ec2 describe-instances',
      '"StateReason": {\n    "Code": "Client.InstanceInitiatedShutdown",\n    "Message": "Client.InstanceInitiatedShutdown: Instance initiated shutdown"\n}',
    ],
    [
      'gcloud compute instances describe worker-2',
      'name: worker-2\nstatus: TERMINATED\nzone: europe-west1-b',
    ],
    ['openstack server show worker-2', '| status              | SHUTOFF                      |'],
    [
      'Get-VM',
      'Name     State CPUUsage(%) MemoryAssigned(M) Uptime   Status\n----     ----- ----------- ----------------- ------   ------\nworker-2 Off   0           0                 00:00:00 Operating normally',
    ],
  ])('%s', (command, output) => {
    expect(read(command, output)).toContain('node.vm_stopped');
  });

  it.each([
    [
      'virsh list --all',
      ' Id   Name          State\n------------------------------\n 1    cp-1          running\n 2    worker-2      paused',
    ],
    [
      'systemctl status docker',
      'Nov 14 03:12:15 w2 systemd[1]: Stopped Docker Application Container Engine.',
    ],
    ['rc-service docker status', ' * status: stopped'],
    ['govc vm.info worker-2', '  Power state:  poweredOn'],
    ['az vm get-instance-view', '"code": "PowerState/running", "displayStatus": "VM running"'],
    ['aws ec2 describe-instances', '"State": {\n    "Code": 16,\n    "Name": "running"\n},'],
    ['kubectl get pods', 'NAME   READY   STATUS       RESTARTS\nweb-0  0/1     Terminated   0'],
  ])('not: %s', (command, output) => {
    expect(read(command, output)).not.toContain('node.vm_stopped');
  });

  it.each([
    'The worker VM was found in a stopped state by the hypervisor.',
    'VM 2041 is stopped; the remediation job starts it instead of rebooting.',
    "The instance was 'deallocated' when we looked in the portal.",
    'Both times the virtual machine had been found powered off.',
    '巡检发现该虚拟机已关机，节点 NotReady。',
    '虛擬機處於關機狀態。',
  ])('in words: %s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).toContain('node.vm_stopped');
  });

  it.each([
    'The VM stopped responding to SSH.',
    'We stopped the VM to resize its disk.',
    'If the VM is stopped, the node goes NotReady.',
    'The VM was not stopped, it was hung.',
    'Should the instance be deallocated before the upgrade?',
    '如果虚拟机被关闭，节点会 NotReady。',
  ])('not in words: %s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).not.toContain('node.vm_stopped');
  });

  it("reads cluster-api's health check marking the machine as the control plane's view", () => {
    expect(
      ids({
        logs: {
          other:
            'Normal  MachineMarkedUnhealthy  machine/md-0-7x2f  Machine default/md-0-7x2f has been marked as unhealthy by default/md-0-mhc',
        },
      }),
    ).toContain('node.controller_not_ready');
    expect(
      ids({
        logs: {
          other:
            'Health check failed: Condition Ready on Node is reporting status Unknown for more than 5m0s',
        },
      }),
    ).toContain('node.controller_not_ready');
  });

  it("names the node cut off, below the confident bar, and asks for the host's memory and OOM log", () => {
    const d = diagnose({
      commandOutputs: { 'qm status 2041': 'status: stopped' },
      logs: { other: 'The node worker-2 went NotReady twice today.' },
    });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.confidence).toBeLessThan(0.7);
    expect(d.causes[0]?.commands.some((c) => c.command.startsWith('on the hypervisor host: free -m'))).toBe(
      true,
    );
  });
});

describe("a machine's memory size stated without its use", () => {
  const asked = (bundle: Parameters<typeof diagnose>[0]) =>
    diagnose(bundle).missing.some((m) => m.what.startsWith("the machine's memory in use at the time"));
  const kubelet =
    'E0405 20:10:50.000000    1234 kubelet.go:2373] "Skipping pod synchronization" err="container runtime is down"';

  it.each<Record<string, string>>([
    {
      'kubectl describe node w2':
        'Capacity:\n  cpu:                2\n  memory:             4026532Ki\n  pods:               110',
    },
    { 'kubectl get node w2 -o json': '"capacity": {"cpu": "2", "memory": "4026532Ki", "pods": "110"}' },
  ])('asks for its use: %s', (commandOutputs) => {
    expect(asked({ logs: { kubelet }, commandOutputs })).toBe(true);
  });

  it.each([
    '| Node | vCPU | RAM |\n| w2 | 2 | 4 GB |\n\nRAM: 4 GB per worker',
    'The workers are 2 vCPU VMs with 4 GiB of memory.',
    '节点配置：2 核，内存：4G',
  ])('asks for its use in words: %s', (other) => {
    expect(asked({ logs: { kubelet, other } })).toBe(true);
  });

  it('does not ask when the use is there', () => {
    const commandOutputs = {
      'kubectl describe node w2': 'Capacity:\n  memory:             4026532Ki',
      'free -m':
        '              total        used        free      shared  buff/cache   available\nMem:           3931        1200        1500           4        1231       2500\nSwap:             0           0           0',
    };
    expect(asked({ logs: { kubelet }, commandOutputs })).toBe(false);
    expect(asked({ logs: { kubelet } })).toBe(false);
  });
});
