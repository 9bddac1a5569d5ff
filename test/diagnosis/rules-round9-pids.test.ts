import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ACTIONABLE } from '../../shared/diagnosis/rank.ts';
import { type Bundle, ids, journal, klog, top } from '../support/node-lines.ts';

// Round 9's thread and PID limits (docs/accuracy.md, class 1 and class 2): whose limit was met decides the cause.
// Lines are built from the programs' format strings (kernel/cgroup/pids.c, systemctl, runc, the Go runtime, bash,
// HotSpot), not from any incident.

const kmsg = (text: string) => journal('kernel', text);
const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const TS = 'time="2026-11-02T13:41:43.118Z"';

describe("the pids controller's cgroup path says whose limit it is", () => {
  it("the runtime's unit is the runtime's task limit, reached by its containers", () => {
    for (const unit of ['docker.service', 'containerd.service', 'crio.service', 'k3s-agent.service']) {
      const line = kmsg(`cgroup: fork rejected by pids controller in /system.slice/${unit}`);
      expect(ids({ logs: { kernel: line } }), unit).toContain('pid.runtime_unit_limit');
      expect(ids({ logs: { kernel: line } }), unit).not.toContain('pid.pod_limit');
      expect(top({ logs: { kernel: line } })?.id, unit).toBe('container_count');
    }
  });

  it("one pod's or container's cgroup is that pod's limit, not the node's", () => {
    for (const path of [
      '/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod5e0c1a2b_7d3f_4c1e_9a8b_2f6d1e0c3b4a.slice/cri-containerd-9f8e7d6c5b4a3928.scope',
      '/kubepods/besteffort/pod5e0c1a2b-7d3f-4c1e-9a8b-2f6d1e0c3b4a/9f8e7d6c5b4a39281706f5e4d3c2b1a0',
      '/system.slice/docker-4f2a9c1e0b7d3a5f8e6c.scope',
    ]) {
      const facts = ids({ logs: { kernel: kmsg(`cgroup: fork rejected by pids controller in ${path}`) } });
      expect(facts, path).toContain('pid.pod_limit');
      expect(facts, path).not.toContain('pid.runtime_unit_limit');
      expect(facts, path).not.toContain('pid.cgroup_limit');
    }
  });

  it('a pod at its own limit with its app failing to fork gives no node-level verdict', () => {
    const logs = {
      kernel: kmsg(
        'cgroup: fork rejected by pids controller in /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod5e0c1a2b_7d3f_4c1e_9a8b_2f6d1e0c3b4a.slice',
      ),
      other: [
        'Exception in thread "pool-3-thread-812" java.lang.OutOfMemoryError: unable to create native thread: possibly out of memory or process/resource limits reached',
        '/docker-entrypoint.sh: line 12: fork: retry: Resource temporarily unavailable',
      ].join('\n'),
    };
    const d = diagnose({ logs });
    expect(d.verdict).not.toBe('resource_starvation');
    expect(d.causes.find((c) => c.id === 'resource_starvation')?.confidence ?? 0).toBeLessThan(0.5);
  });
});

describe("systemctl's task count and limit per unit", () => {
  const status = (unit: string, tasks: string) =>
    [
      `● ${unit} - Container runtime`,
      `     Loaded: loaded (/lib/systemd/system/${unit}; enabled; vendor preset: enabled)`,
      '     Active: active (running) since Mon 2026-11-02 09:12:01 UTC; 4h 29min ago',
      '   Main PID: 1203 (dockerd)',
      `      Tasks: ${tasks}`,
      '     Memory: 1.9G',
      `     CGroup: /system.slice/${unit}`,
    ].join('\n');

  it("the runtime's unit at its limit is the runtime's task limit", () => {
    const bundle = {
      commandOutputs: { 'systemctl status docker': status('docker.service', '4915 (limit: 4915)') },
    };
    expect(ids(bundle)).toContain('pid.runtime_unit_limit');
    expect(top(bundle)?.id).toBe('container_count');
  });

  it('systemctl show, pasted into a log field, with the unit named on its command line', () => {
    const text = [
      '$ systemctl show -p TasksCurrent -p TasksMax containerd',
      'TasksCurrent=511',
      'TasksMax=512',
    ].join('\n');
    expect(ids({ logs: { other: text } })).toContain('pid.runtime_unit_limit');
  });

  it('a unit well below its limit, an application unit at its limit, or no limit at all is not', () => {
    const bundles: Bundle[] = [
      { commandOutputs: { 'systemctl status docker': status('docker.service', '212 (limit: 4915)') } },
      { commandOutputs: { 'systemctl status nginx': status('nginx.service', '512 (limit: 512)') } },
      { commandOutputs: { 'systemctl status containerd': status('containerd.service', '88') } },
      { logs: { other: 'TasksCurrent=4915\nTasksMax=4915' } },
    ];
    for (const bundle of bundles) expect(ids(bundle)).not.toContain('pid.runtime_unit_limit');
  });

  it('the runtime unit at its limit beside the daemons failing to fork is a confident answer', () => {
    const d = diagnose({
      commandOutputs: { 'systemctl status docker': status('docker.service', '4915 (limit: 4915)') },
      logs: {
        dockerd: journal(
          'dockerd[1203]',
          `${TS} level=error msg="Handler for POST /v1.41/containers/${CID}/start returned error: OCI runtime create failed: runc create failed: unable to start container process: error during container init: fork/exec /proc/self/exe: resource temporarily unavailable: unknown"`,
        ),
      },
    });
    expect(d.causes[0]?.id).toBe('container_count');
    expect(d.causes[0]?.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
  });
});

describe("the runtime's EAGAIN inside the kubelet's probe results", () => {
  const probe = (result: string) =>
    klog(
      'I',
      'prober.go:107',
      `"Probe failed" probeType="Liveness" pod="kube-system/calico-node-7x2kq" podUID=5e0c1a2b-7d3f-4c1e-9a8b-2f6d1e0c3b4a containerName="calico-node" probeResult=failure output="${result}"`,
    );

  it("runc's exec failure is the runtime's error, not the application's", () => {
    const line = probe(
      'OCI runtime exec failed: exec failed: unable to start container process: error starting setns process: fork/exec /proc/self/exe: resource temporarily unavailable: unknown',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('pid.pressure');
    expect(top({ logs: { kubelet: line } })?.id).toBe('resource_starvation');
  });

  it("the application's own output with EAGAIN in a probe result is not", () => {
    const line = probe('curl: (7) Failed to connect: read: resource temporarily unavailable');
    expect(ids({ logs: { kubelet: line } })).not.toContain('pid.pressure');
  });

  it('one relayed failure alone stays below the confident bar', () => {
    const line = probe(
      'OCI runtime exec failed: exec failed: container_linux.go:380: starting container process caused: process_linux.go:130: executing setns process caused: nsenter: unable to spawn stage-2: Resource temporarily unavailable: unknown',
    );
    expect(diagnose({ logs: { kubelet: line } }).causes[0]?.confidence ?? 0).toBeLessThan(ACTIONABLE);
  });
});

describe('every writer of a failed fork or thread creation', () => {
  it('reads the Go runtime, bash, dash, the JVM and runc', () => {
    for (const line of [
      journal('kubelet[1893]', 'runtime: failed to create new OS thread (have 3201 already; errno=11)'),
      journal('kubelet[1893]', 'runtime: may need to increase max user processes (ulimit -u)'),
      journal('containerd[812]', 'fatal error: newosproc'),
      journal('dockerd[1203]', 'runtime/cgo: pthread_create failed: Resource temporarily unavailable'),
      'bash: fork: retry: Resource temporarily unavailable',
      '-bash: fork: Resource temporarily unavailable',
      'sh: 1: Cannot fork',
      journal('sshd[912]', 'error: fork: Resource temporarily unavailable'),
      'Exception in thread "main" java.lang.OutOfMemoryError: unable to create new native thread',
      '[2.101s][warning][os,thread] Failed to start thread "Unknown thread" - pthread_create failed (EAGAIN) for attributes: stacksize: 1024k, guardsize: 0k, detached.',
      journal(
        'containerd[812]',
        `${TS} level=error msg="StartContainer for \\"${CID}\\" failed" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: nsenter: unable to spawn stage-1: Resource temporarily unavailable: unknown"`,
      ),
    ])
      expect(ids({ logs: { other: line } }), line).toContain('pid.pressure');
  });

  it('reads thread creation failures quoted through other punctuation', () => {
    for (const line of [
      '日志里有 runtime/cgo: pthread_create failed:Resource temporarily unavailable，然后 kubelet 重启',
      'runtime/cgo: pthread_create failed：Resource temporarily unavailable',
      'fork/exec /opt/cni/bin/calico:resource temporarily unavailable',
    ])
      expect(ids({ logs: { other: line } }), line).toContain('pid.pressure');
  });

  it('several daemons failing to fork together, with the node under PIDPressure, is a confident answer', () => {
    const d = diagnose({
      logs: {
        kubelet: klog(
          'E',
          'kubelet.go:1',
          'runtime: failed to create new OS thread (have 4095 already; errno=11)',
        ),
        kernel: kmsg('cgroup: fork rejected by pids controller in /kubepods.slice'),
        other:
          'Warning  NodeHasInsufficientPID  kubelet  Node worker-1 status is now: NodeHasInsufficientPID',
      },
    });
    expect(d.causes[0]?.id).toBe('resource_starvation');
    expect(d.causes[0]?.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
  });
});

describe('red herrings: EAGAIN from calls that make no process', () => {
  it('a non-blocking read, a lock, a socket, a pod-level limit read alone', () => {
    for (const line of [
      journal('app[3021]', 'read tcp 10.0.0.5:38122->10.0.0.9:6379: read: resource temporarily unavailable'),
      'flock /var/lib/app/app.lock: Resource temporarily unavailable',
      'recvmsg: Resource temporarily unavailable',
      journal('kubelet[1893]', 'write /dev/kmsg: resource temporarily unavailable'),
      '2026-11-02 13:41:43 ERROR [redis] Connection error: Resource temporarily unavailable (EAGAIN)',
    ])
      expect(ids({ logs: { other: line } }), line).not.toContain('pid.pressure');
  });

  it("an exec probe's failure with no errno is not a PID fact", () => {
    const line = klog(
      'I',
      'prober.go:107',
      '"Probe failed" probeType="Readiness" pod="default/web-0" containerName="web" probeResult=failure output="OCI runtime exec failed: exec failed: unable to start container process: exec: \\"curl\\": executable file not found in $PATH: unknown"',
    );
    expect(ids({ logs: { kubelet: line } })).not.toContain('pid.pressure');
  });
});

describe("the node's own thread limits: kernel.pid_max and kernel.threads-max", () => {
  it("threads at the node's pid_max are the node out of PIDs", () => {
    const text = [
      '$ sysctl kernel.pid_max kernel.threads-max',
      'kernel.pid_max = 32768',
      'kernel.threads-max = 254221',
      '$ cat /proc/loadavg',
      '3.12 2.87 2.40 5/32741 918273',
    ].join('\n');
    expect(ids({ logs: { other: text } })).toContain('pid.pressure');
    const counted = {
      commandOutputs: { 'cat /proc/sys/kernel/pid_max': '32768', 'ps -eLf | wc -l': '32760' },
    };
    expect(ids(counted)).toContain('pid.pressure');
  });

  it('a thread count well below the limit, or with no limit read, is not', () => {
    const below = ['kernel.pid_max = 4194304', '0.52 0.58 0.59 4/1893 12345'].join('\n');
    expect(ids({ logs: { other: below } })).not.toContain('pid.pressure');
    expect(ids({ commandOutputs: { 'ps -eLf | wc -l': '32760' } })).not.toContain('pid.pressure');
  });
});

describe("the kubelet's Go runtime out of threads", () => {
  it('is a PID limit, not a kubelet defect', () => {
    const kubelet = [
      journal('kubelet[1893]', 'runtime: failed to create new OS thread (have 4093 already; errno=11)'),
      journal('kubelet[1893]', 'runtime: may need to increase max user processes (ulimit -u)'),
      journal('kubelet[1893]', 'fatal error: newosproc'),
    ].join('\n');
    expect(ids({ logs: { kubelet } })).not.toContain('kubelet.panic');
    expect(top({ logs: { kubelet } })?.id).toBe('resource_starvation');
  });
});

describe("the pids controller's files", () => {
  it('refused forks (pids.events) or a count at pids.max, read by whose cgroup it is', () => {
    const runtime = {
      commandOutputs: {
        'grep . /sys/fs/cgroup/system.slice/containerd.service/pids.*': [
          '/sys/fs/cgroup/system.slice/containerd.service/pids.current:4915',
          '/sys/fs/cgroup/system.slice/containerd.service/pids.events:max 3817',
          '/sys/fs/cgroup/system.slice/containerd.service/pids.max:4915',
        ].join('\n'),
      },
    };
    expect(ids(runtime)).toContain('pid.runtime_unit_limit');
    const pod = [
      '$ cat /sys/fs/cgroup/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod5e0c1a2b_7d3f.slice/pids.events',
      'max 212',
    ].join('\n');
    expect(ids({ logs: { other: pod } })).toContain('pid.pod_limit');
    expect(ids({ logs: { other: pod } })).not.toContain('pid.runtime_unit_limit');
  });

  it('no refused fork and a count below the limit is not', () => {
    const text = [
      '/sys/fs/cgroup/system.slice/docker.service/pids.current:214',
      '/sys/fs/cgroup/system.slice/docker.service/pids.events:max 0',
      '/sys/fs/cgroup/system.slice/docker.service/pids.max:4915',
    ].join('\n');
    const facts = ids({ logs: { other: text } });
    expect(facts).not.toContain('pid.runtime_unit_limit');
    expect(facts).not.toContain('pid.cgroup_limit');
  });
});

describe('how many programs fail to fork', () => {
  it('the kubelet and the runtime failing together is the node out of PIDs, a confident answer', () => {
    const d = diagnose({
      logs: {
        kubelet: klog(
          'E',
          'kubelet.go:1',
          'runtime: failed to create new OS thread (have 2301 already; errno=11)',
        ),
        dockerd: journal(
          'dockerd[1203]',
          `${TS} level=error msg="Handler for POST /v1.41/containers/${CID}/start returned error: fork/exec /usr/bin/runc: resource temporarily unavailable"`,
        ),
      },
    });
    expect(d.causes[0]?.id).toBe('resource_starvation');
    expect(d.causes[0]?.confidence).toBeGreaterThanOrEqual(ACTIONABLE);
  });

  it("one application's own failures, however many and in whatever words, stay below the bar", () => {
    const other = [
      'Exception in thread "pool-1-thread-77" java.lang.OutOfMemoryError: unable to create new native thread',
      '/entrypoint.sh: fork: retry: Resource temporarily unavailable',
      '/entrypoint.sh: fork: Resource temporarily unavailable',
    ].join('\n');
    expect(ids({ logs: { other } })).not.toContain('pid.pressure_widespread');
    expect(diagnose({ logs: { other } }).causes[0]?.confidence ?? 0).toBeLessThan(ACTIONABLE);
  });
});
