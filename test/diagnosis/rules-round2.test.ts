import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 2's miss classes (docs/accuracy.md), each from the program that writes the message: lines are built from
// the format strings in its source, not from any incident.

describe('expired kubelet certificates, from every side', () => {
  it("the kubelet's TLS bootstrap, in the wording of each release", () => {
    for (const line of [
      klog(
        'E',
        'bootstrap.go:266',
        '"Unhandled Error" err="part of the existing bootstrap client certificate in /etc/kubernetes/kubelet.conf is expired: 2026-05-17 12:05:13 +0000 UTC" logger="UnhandledError"',
      ),
      klog(
        'E',
        'bootstrap.go:265',
        'part of the existing bootstrap client certificate is expired: 2020-04-19 15:03:37 +0000 UTC',
      ),
      klog(
        'E',
        'bootstrap.go:205',
        'Part of the existing bootstrap client certificate is expired: 2020-02-23 15:48:00 +0000 UTC',
      ),
    ]) {
      const bundle = { logs: { kubelet: line } };
      expect(ids(bundle), line).toContain('kubelet.auth_error');
      expect(top(bundle)?.id, line).toBe('node_unreachable');
    }
  });

  it("the API server's authentication filter refusing the certificate, whoever quotes it", () => {
    const line =
      'E1102 13:41:43.111882       1 authentication.go:73] "Unable to authenticate the request" err="[x509: certificate has expired or is not yet valid: current time 2026-11-02T13:41:43Z is after 2026-10-30T08:00:00Z, verifying certificate SN=1, SKID=, AKID= failed: x509: certificate has expired or is not yet valid: current time 2026-11-02T13:41:43Z is after 2026-10-30T08:00:00Z]"';
    expect(ids({ logs: { other: line } })).toContain('kubelet.auth_error');
  });

  it('people saying the certificates expired, in English and Chinese, but not when they say they did not', () => {
    for (const said of [
      'All nodes went NotReady at once; the kubelet client certificates had expired although rotation is on.',
      '节点全部 NotReady，检查发现 kubelet 证书过期了',
    ]) {
      const facts = extractFacts({ logs: { other: said } });
      expect(facts.ids(), said).toContain('kubelet.auth_error');
    }
    expect(
      ids({ logs: { other: 'The kubelet certificate has not expired, it is valid until 2027.' } }),
    ).not.toContain('kubelet.auth_error');
  });
});

describe("the kubelet's OOM watcher: its log line is written only for a system OOM", () => {
  it('reads both wordings as node memory running out', () => {
    for (const line of [
      klog(
        'I',
        'oom_watcher_linux.go:83',
        '"Got sys oom event" event="&{Pid:31337 ProcessName:java TimeOfDeath:2026-11-02 13:41:42 +0000 UTC ContainerName:/kubepods.slice/kubepods-burstable.slice VictimContainerName:/ Constraint:CONSTRAINT_NONE}"',
      ),
      klog(
        'I',
        'oom_watcher_linux.go:65',
        'Got sys oom event: &{31337 java 2019-11-02 13:41:42 +0000 UTC / / }',
      ),
    ]) {
      expect(ids({ logs: { kubelet: line } }), line).toContain('mem.oom');
    }
  });

  it('is the kubelet’s line only: the same words elsewhere are not the watcher', () => {
    expect(ids({ logs: { other: journal('myapp[77]', 'Got sys oom event: forwarded') } })).not.toContain(
      'mem.oom',
    );
  });
});

describe('a runtime that cannot start', () => {
  it("dockerd's fatal start-up error, in a service status paste", () => {
    const bundle = {
      logs: {
        dockerd: [
          journal(
            'dockerd[2211]',
            'failed to start daemon: error initializing graphdriver: /var/lib/docker contains several valid graphdrivers: overlay2, devicemapper',
          ),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.start_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("a runtime's fatal-level entry; a shim's or an application's is not the daemon's", () => {
    const fatal = journal(
      'containerd[880]',
      'time="2026-11-02T13:41:43Z" level=fatal msg="Failed to run CRI service" error="failed to recover state: failed to reserve sandbox name"',
    );
    expect(ids({ logs: { containerd: fatal } })).toContain('runtime.start_failed');
    const app = journal('myapp[77]', 'time="2026-11-02T13:41:43Z" level=fatal msg="config missing"');
    expect(ids({ logs: { other: app } })).not.toContain('runtime.start_failed');
  });

  it('a runtime unit disabled and dead: nothing started it at boot', () => {
    const output = [
      '○ containerd.service - containerd container runtime',
      '     Loaded: loaded (/lib/systemd/system/containerd.service; disabled; vendor preset: enabled)',
      '     Active: inactive (dead)',
      '       Docs: https://containerd.io',
    ].join('\n');
    const facts = ids({ commandOutputs: { 'systemctl status containerd': output } });
    expect(facts).toContain('runtime.not_enabled');
    const enabled = output.replace('; disabled;', '; enabled;');
    expect(ids({ commandOutputs: { 'systemctl status containerd': enabled } })).not.toContain(
      'runtime.not_enabled',
    );
  });
});

describe("containerd's task service: one shim that does not answer", () => {
  it('a task whose State call is cancelled while the rest list', () => {
    const line = journal(
      'containerd[880]',
      'time="2026-11-02T13:41:43.1Z" level=error msg="converting task to protobuf" error="context canceled: unknown" id=5d41402abc4b2a76b9719d911017c592',
    );
    expect(ids({ logs: { containerd: line } })).toContain('runtime.shim_hang');
    const other = journal(
      'containerd[880]',
      'level=error msg="converting task to protobuf" error="not found"',
    );
    expect(ids({ logs: { containerd: other } })).not.toContain('runtime.shim_hang');
  });
});

describe('the kubelet killed by SIGKILL is not a kubelet that stays dead', () => {
  it('systemd and wrappers reporting status 137 or signal 9', () => {
    for (const line of [
      journal('systemd[1]', 'kubelet.service: Main process exited, code=killed, status=9/KILL'),
      journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=137/n/a'),
      'The kubelet exited with code 137 twice during the load test.',
      'kubelet 被 kill -9 之后自动拉起',
    ]) {
      const facts = ids({ logs: { other: line } });
      expect(facts, line).toContain('kubelet.killed');
      expect(facts, line).not.toContain('kubelet.dead');
    }
  });

  it('alone it names no cause with confidence', () => {
    const bundle = {
      logs: {
        other: journal('systemd[1]', 'kubelet.service: Main process exited, code=killed, status=9/KILL'),
      },
    };
    expect(top(bundle)?.confidence ?? 0).toBeLessThan(0.6);
  });

  it("the kubelet's own lines about containers' exit codes are not about the kubelet", () => {
    const line = klog(
      'I',
      'kubelet.go:2453',
      '"SyncLoop (PLEG): event for pod" event={"Type":"ContainerDied"} status=137',
    );
    expect(ids({ logs: { kubelet: line } })).not.toContain('kubelet.killed');
  });
});

describe('node allocatable enforced on the root cgroup', () => {
  it('the enforcement event naming the root, or the write to the root memory cgroup refused', () => {
    for (const message of [
      'Failed to update Node Allocatable Limits "": failed to set supported cgroup subsystems for cgroup : failed to set config for supported subsystems : failed to write 3900000000 to memory.limit_in_bytes: write /sys/fs/cgroup/memory/memory.limit_in_bytes: invalid argument',
      'Failed to update Node Allocatable Limits [""]: failed to set supported cgroup subsystems for cgroup []: Failed to set config for supported subsystems',
    ]) {
      const bundle = {
        events: [{ type: 'Warning', reason: 'FailedNodeAllocatableEnforcement', message, count: 40 }],
      };
      expect(ids(bundle), message).toContain('kubelet.allocatable_on_root');
      expect(top(bundle)?.id, message).toBe('kubelet_defect');
    }
  });

  it('a limit below usage on kubepods (EBUSY) is not the root', () => {
    const message =
      'Failed to update Node Allocatable Limits "/kubepods": failed to write 1073741824 to memory.limit_in_bytes: write /sys/fs/cgroup/memory/kubepods/memory.limit_in_bytes: device or resource busy';
    expect(
      ids({ events: [{ type: 'Warning', reason: 'FailedNodeAllocatableEnforcement', message }] }),
    ).not.toContain('kubelet.allocatable_on_root');
  });
});

describe("gRPC's words in a probe result belong to the probe's target", () => {
  it('a readiness probe whose gRPC client lost its transport is not the runtime', () => {
    for (const line of [
      klog(
        'I',
        'prober.go:107',
        '"Probe failed" probeType="Readiness" pod="shop/api-7d9" containerName="api" probeResult="failure" output="rpc error: code = Unavailable desc = transport is closing"',
      ),
      'Warning  Unhealthy  12s  kubelet  Readiness probe failed: rpc error: code = Unavailable desc = transport is closing',
    ]) {
      expect(ids({ logs: { kubelet: line } }), line).not.toContain('runtime.unreachable');
    }
    const cri = klog(
      'E',
      'remote_runtime.go:168',
      '"ListPodSandbox with filter from runtime service failed" err="rpc error: code = Unavailable desc = transport is closing"',
    );
    expect(ids({ logs: { kubelet: cri } })).toContain('runtime.unreachable');
  });
});

describe('a host slice at its memory limit is not a container at its own', () => {
  it("systemctl status of system.slice at its max, in both systemd's wordings", () => {
    for (const memory of ['Memory: 1.9G (max: 2.0G available: 41.2M)', 'Memory: 2.0G (limit: 2.0G)']) {
      const output = [
        '● system.slice - System Slice',
        '     Loaded: loaded',
        '    Drop-In: /etc/systemd/system/system.slice.d',
        '             └─50-MemoryMax.conf',
        '     Active: active since Mon 2026-11-02 09:00:00 UTC; 4h 41min ago',
        '      Tasks: 312',
        `     ${memory}`,
      ].join('\n');
      const facts = extractFacts({ commandOutputs: { 'systemctl status system.slice': output } });
      expect(facts.ids(), memory).toContain('mem.system_slice_limit');
    }
    const roomy = [
      '● system.slice - System Slice',
      '     Active: active since Mon 2026-11-02 09:00:00 UTC; 4h 41min ago',
      '     Memory: 600.0M (max: 2.0G available: 1.4G)',
    ].join('\n');
    expect(ids({ commandOutputs: { 'systemctl status system.slice': roomy } })).not.toContain(
      'mem.system_slice_limit',
    );
  });

  it("the kernel's OOM summary naming a host slice as the limit hit", () => {
    const line =
      '[812345.678901] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/system.slice,task_memcg=/system.slice/sshd.service,task=sshd,pid=912,uid=0';
    const facts = ids({ logs: { kernel: line } });
    expect(facts).toContain('mem.system_slice_limit');
    expect(facts).not.toContain('mem.cgroup_oom');
    const pod =
      '[812345.678901] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-abc,mems_allowed=0,oom_memcg=/kubepods.slice/kubepods-burstable.slice/pod1,task_memcg=/kubepods.slice/kubepods-burstable.slice/pod1/cri-abc,task=java,pid=31337,uid=1000';
    expect(ids({ logs: { kernel: pod } })).toContain('mem.cgroup_oom');
  });
});
