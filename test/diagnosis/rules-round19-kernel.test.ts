import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal } from '../support/node-lines.ts';

/**
 * Round 19's kernel watchdog reports read by what follows them and whom they name (docs/accuracy.md, "Round 19",
 * "What round 19 teaches"), from kernel/hung_task.c and kernel/watchdog.c: the hung-task panic as the host going
 * down, the runtime's daemons themselves hung as the runtime down, and a soft lockup on a security agent's own
 * process as the host taken down rather than CPU demand. Lines built from the format strings.
 */

const kmsg = (text: string) => journal('kernel', text);
const kernel = (...lines: string[]) => ({ logs: { kernel: lines.map(kmsg).join('\n') } });

const hung = (comm: string, pid: number) =>
  `[228678.482741] INFO: task ${comm}:${pid} blocked for more than 122 seconds.`;
const HINT = '[228678.487450] "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.';
const lockup = (comm: string) =>
  `[54707.204594] watchdog: BUG: soft lockup - CPU#4 stuck for 27s! [${comm}:20765]`;

describe('the hung-task and soft-lockup watchdogs panicking the host (kernel.hung_task_panic, softlockup_panic)', () => {
  it('panic("hung_task: blocked tasks") and panic("softlockup: hung tasks") are the watchdog panic', () => {
    expect(ids(kernel('[228800.1] Kernel panic - not syncing: hung_task: blocked tasks'))).toContain(
      'kernel.watchdog_panic',
    );
    expect(ids(kernel('[9.1] Kernel panic - not syncing: softlockup: hung tasks'))).toContain(
      'kernel.watchdog_panic',
    );
  });

  it('near misses: other panics, and a hung task with no panic, are not the watchdog panic', () => {
    for (const line of [
      '[1.0] Kernel panic - not syncing: Out of memory and no killable processes...',
      '[1.0] Kernel panic - not syncing: Fatal exception in interrupt',
      hung('containerd-shim', 931118),
      '[1.0] hung_task: blocked tasks detected on cpu 3',
    ])
      expect(ids(kernel(line))).not.toContain('kernel.watchdog_panic');
  });

  it("a shim hung in writeback and the kernel panicking on it: the host's reboot is the outage, not the shim", () => {
    const bundle = kernel(
      hung('containerd-shim', 931118),
      HINT,
      '[228678.493423] task:containerd-shim state:D stack:    0 pid:931118 ppid:     1 flags:0x00004002',
      '[228800.118201] Kernel panic - not syncing: hung_task: blocked tasks',
    );
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes.find((c) => c.id === 'zombie_shim_hang')?.confidence ?? 0).toBeLessThan(
      d.causes[0]?.confidence ?? 0,
    );
  });

  it('without the panic the same shim report stays a wedged container', () => {
    const d = diagnose(
      kernel(
        hung('containerd-shim', 931118),
        HINT,
        '[228678.493423] task:containerd-shim state:D stack:    0 pid:931118 ppid:     1 flags:0x00004002',
      ),
    );
    expect(d.causes[0]?.id).toBe('zombie_shim_hang');
  });
});

describe("hung-task reports naming the runtime's daemons themselves", () => {
  it('dockerd, containerd and crio are the daemon hung', () => {
    for (const comm of ['dockerd', 'containerd', 'crio'])
      expect(ids(kernel(hung(comm, 6500)))).toContain('kernel.hung_task_daemon');
  });

  it('near misses: shims, runc, conmon, the kubelet and other tasks are not the daemon', () => {
    for (const comm of [
      'containerd-shim',
      'docker-containe',
      'runc',
      'conmon',
      'kubelet',
      'kswapd0',
      'jbd2/sda4-8',
      'dockerd-rootles',
    ])
      expect(ids(kernel(hung(comm, 6500)))).not.toContain('kernel.hung_task_daemon');
  });

  it("node-problem-detector's TaskHung event relaying the line is read the same way", () => {
    const bundle = {
      events: [
        {
          type: 'Warning',
          reason: 'TaskHung',
          message: 'INFO: task dockerd:9030 blocked for more than 122 seconds.',
        },
      ],
    };
    expect(ids(bundle)).toContain('kernel.hung_task_daemon');
  });

  it('the daemons hung rank the runtime down above a wedged shim', () => {
    const d = diagnose(kernel(hung('dockerd', 6500), HINT, hung('dockerd', 9030), hung('containerd', 7378)));
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes[0]?.confidence ?? 0).toBeLessThan(0.7);
  });
});

describe("a soft lockup naming a kernel-instrumenting security agent's own process", () => {
  it("watchdog_timer_fn's line with the agent's comm is the agent's lockup", () => {
    for (const comm of [
      'falco',
      'falcon-sensor',
      'tetragon',
      'tracee',
      'system-probe',
      'sysdig',
      'dragent',
      'wdavdaemon',
    ])
      expect(ids(kernel(lockup(comm)))).toContain('kernel.soft_lockup_agent');
  });

  it('near misses: a soft lockup on another task, and an agent named without a lockup', () => {
    for (const line of [
      lockup('kworker/4:1'),
      lockup('java'),
      lockup('swapper/4'),
      '[54707.2] falco[20765]: segfault at 0 ip 000055d0 sp 00007ffd error 4',
      '[54707.2] INFO: task falco:20765 blocked for more than 120 seconds.',
    ])
      expect(ids(kernel(line))).not.toContain('kernel.soft_lockup_agent');
    expect(ids(kernel(lockup('java')))).toContain('kernel.soft_lockup');
  });

  it("is the node taken down, not CPU saturation; a lockup on another task stays the soft lockup's reading", () => {
    const d = diagnose(kernel(lockup('falco'), '[54707.2] Modules linked in: xt_set ip_set'));
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.confidence ?? 0).toBeLessThan(0.7);
    expect(diagnose(kernel(lockup('java'))).causes[0]?.id).not.toBe('node_unreachable');
  });
});
