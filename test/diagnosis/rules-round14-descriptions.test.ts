import { describe, expect, it } from 'vitest';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { ids, top } from '../support/node-lines.ts';

// Round 14 (docs/accuracy.md, "What round 13 teaches"): people's descriptions of PID/thread exhaustion by its origin,
// memory and CPU exhaustion of the node or the kubelet, inotify limits by their sysctl and their symptom, the
// kubelet's start-up refusals, a runtime not started after boot (English, Chinese, Japanese), a disk full with no
// verb, and questions. Probe sentences are written from the states' definitions and the programs' behaviour
// (kernel/fork.c, kernel/exit.c, fs/notify/inotify/inotify_user.c, the kubelet's swap and cgroup-driver checks),
// never from a case. Each row names the fact (or the first cause) it must yield.

const said = (line: string) => ({ logs: { other: line } });

/** Probe sentences and what each must yield: a fact id, or `cause:<id>` for the first cause. */
const PROBES: readonly (readonly [string, string])[] = [
  // PID and thread exhaustion by its origin.
  ['thousands of zombie processes on the node', 'pid.pressure'],
  ['the node has 30000 defunct processes', 'pid.pressure'],
  ['僵尸进程越来越多', 'pid.pressure'],
  ['zombie processes are piling up on the node', 'cause:resource_starvation'],
  ['a process kept respawning until the node ran out of PIDs', 'pid.pressure'],
  ['cannot fork', 'pid.pressure'],
  ['unable to create new threads', 'cause:resource_starvation'],
  ['无法创建线程', 'pid.pressure'],
  ['threads-max was reached on the node', 'pid.pressure'],
  ['pid_max was hit', 'pid.pressure'],
  // Memory and CPU of the node or the kubelet.
  ['kubelet got OOM killed', 'mem.oom'],
  ['oom-killer killed the kubelet', 'cause:resource_starvation'],
  ['节点内存打满', 'mem.exhausted'],
  ['节点 CPU 100%', 'cpu.saturated'],
  ['CPU 100% on the node', 'cpu.saturated'],
  ['load average 200', 'cpu.saturated'],
  ['node load average was over 200', 'cause:resource_starvation'],
  ['the load average of the node was very high', 'cpu.saturated'],
  ['节点负载 300', 'cpu.saturated'],
  // inotify limits by their sysctl and their symptom.
  ['fs.inotify.max_user_watches too low', 'fd.inotify'],
  ['we raised fs.inotify.max_user_instances to 8192 and it fixed it', 'cause:fd_exhaustion'],
  ['fs.inotify.max_user_instances was raised to 8192', 'fd.inotify'],
  ['tail -f says no space left on device', 'cause:fd_exhaustion'],
  ['kubectl logs -f fails with no space left on device', 'fd.inotify'],
  // The kubelet's start-up refusals.
  ["kubelet won't start because swap is enabled", 'kubelet.swap'],
  ['swap is on and the kubelet refuses to start', 'kubelet.swap'],
  ['开启了 swap，kubelet 启动失败', 'kubelet.swap'],
  ['kubelet fails to start: missing kubeconfig', 'kubelet.config_error'],
  ['kubelet cannot start because /var/lib/kubelet/config.yaml is missing', 'kubelet.config_error'],
  ["the bootstrap kubeconfig file is missing so the kubelet won't start", 'cause:node_unreachable'],
  ['kubelet 启动失败，找不到配置文件', 'kubelet.config_error'],
  ['the kubelet uses systemd cgroup driver but docker uses cgroupfs', 'config.cgroup_driver_mismatch'],
  ['cgroup driver mismatch between kubelet and containerd', 'config.cgroup_driver_mismatch'],
  ["the kubelet's cgroup driver does not match containerd's", 'config.cgroup_driver_mismatch'],
  ['kubelet 和 containerd 的 cgroup 驱动不一致', 'config.cgroup_driver_mismatch'],
  // A runtime not started after boot.
  ["containerd didn't start after reboot", 'cause:runtime_down'],
  ['重启后 docker 没有起来', 'cause:runtime_down'],
  ['再起動後に containerd が起動しない', 'cause:runtime_down'],
  ['containerd.service is inactive (dead)', 'cause:runtime_down'],
  // A disk full with no verb.
  ['disk full on worker-3', 'disk.pressure'],
  ['磁盘已满，pod 无法创建', 'disk.pressure'],
];

/** Sentences that must yield no cause: negated, asked, an instruction, an app's own limit, another sense of a word. */
const RED_HERRINGS: readonly string[] = [
  'check for zombies',
  'we did not see any zombie processes',
  'the node is not out of memory',
  'the app got OOM killed',
  'the java app was OOM killed in its container',
  'swap the certificates',
  'is swap enabled?',
  'Is swap enabled on the node?',
  'the nginx pod keeps restarting',
  'pod restarted after reboot',
  'Did containerd crash?',
  'Is containerd running?',
  'containerd 挂了吗？',
  '磁盘满了吗？',
  'we cannot fork the upstream repo',
  'the disk is fully encrypted',
  "the pod's CPU was at 100% of its limit",
  'the app could not create new threads because of its ulimit',
  'the cgroup drivers match',
  'the kubelet uses the systemd cgroup driver and so does containerd',
  'both use the systemd cgroup driver, while the pods use cgroupfs paths',
  'Is the kubelet config file missing?',
];

describe('description grammar (round 14): probe sentences', () => {
  it.each(PROBES)('%s -> %s', (line, want) => {
    if (want.startsWith('cause:')) expect(top(said(line))?.id, line).toBe(want.slice('cause:'.length));
    else expect(ids(said(line)), line).toContain(want as FactId);
  });

  it('a description alone never reaches a confident verdict', () => {
    for (const [line] of PROBES) expect(top(said(line))?.confidence ?? 0, line).toBeLessThan(0.7);
  });

  it('a follower\'s "no space left on device" is the watch limit, not a full disk', () => {
    expect(ids(said('tail -f says no space left on device'))).not.toContain('disk.pressure');
  });
});

describe('description grammar (round 14): red herrings', () => {
  it.each(RED_HERRINGS)('%s yields no cause', (line) => {
    expect(top(said(line)), line).toBeUndefined();
  });
});
