import { describe, expect, it } from 'vitest';
import { componentOfTag } from '../../shared/diagnosis/components.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ACTIONABLE } from '../../shared/diagnosis/rank.ts';
import { failedStepOf } from '../../shared/diagnosis/unit-steps.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 9: the kubelet not running, and why (docs/accuracy.md, round 9 class 4 and "across rounds 5-9"). Lines are
// built from systemd's, the kubelet's, k3s's and etcd's message templates, not from any incident.

const systemd = (message: string) => journal('systemd[1]', message);

/** systemctl status of a kubelet unit whose pre-start step fails: the step is on a Process line. */
const PRE_START_STATUS = [
  '● kubelet.service - kubelet: The Kubernetes Node Agent',
  '     Loaded: loaded (/lib/systemd/system/kubelet.service; enabled; vendor preset: enabled)',
  '    Drop-In: /etc/systemd/system/kubelet.service.d',
  '             └─10-kubeadm.conf, 20-swap.conf',
  '     Active: failed (Result: exit-code) since Mon 2026-11-23 10:01:02 UTC; 3min ago',
  '    Process: 2210 ExecStartPre=/sbin/modprobe br_netfilter (code=exited, status=0/SUCCESS)',
  '    Process: 2214 ExecStartPre=/sbin/swapoff -a (code=exited, status=255/EXCEPTION)',
].join('\n');

describe("systemctl status of the kubelet's unit, read whole", () => {
  it('a failed pre-start step is the fact, named; one status block holds the answer below the bar', () => {
    const bundle = { commandOutputs: { 'systemctl status kubelet': PRE_START_STATUS } };
    expect(ids(bundle)).toContain('kubelet.start_step_failed');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.mechanism ?? d.causes[0]?.mechanism).toMatch(
      /ExecStartPre=\/sbin\/swapoff -a exited with status 255/,
    );
    expect(d.causes[0]?.summary).toMatch(/before the kubelet runs/);
    const commands = d.causes[0]?.commands.map((c) => c.command) ?? [];
    expect(commands).toContain('systemctl cat kubelet --no-pager');
    expect(commands).toContain('/sbin/swapoff -a');
    expect(d.confidence).toBeLessThan(ACTIONABLE);
  });

  it('a status block pasted into a log field is read whole too', () => {
    const logs = [
      'kubelet will not come up after the reboot:',
      PRE_START_STATUS,
      '',
      'containerd is running',
    ].join('\n');
    const bundle = { logs: { other: logs } };
    expect(ids(bundle)).toContain('kubelet.start_step_failed');
    expect(diagnose(bundle).causes[0]?.mechanism).toMatch(/swapoff/);
  });

  it("a Main PID that ended in systemd's EXEC step is the binary missing", () => {
    const status = [
      '× kubelet.service - kubelet: The Kubernetes Node Agent',
      '     Loaded: loaded (/usr/lib/systemd/system/kubelet.service; enabled; preset: disabled)',
      '     Active: activating (auto-restart) (Result: exit-code) since Mon 2026-11-23 10:01:02 UTC; 4s ago',
      '    Process: 3301 ExecStart=/usr/bin/kubelet $KUBELET_KUBECONFIG_ARGS (code=exited, status=203/EXEC)',
      '   Main PID: 3301 (code=exited, status=203/EXEC)',
    ].join('\n');
    const d = diagnose({ commandOutputs: { 'systemctl status kubelet': status } });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.mechanism).toMatch(/EXEC.*binary is missing/);
    expect(d.causes[0]?.commands.map((c) => c.command)).toContain('ls -l /usr/bin/kubelet');
  });

  it("systemd's journal names the failing step: the answer names it, held, since the kubelet not running is no second fact", () => {
    const logs = [
      systemd('Starting kubelet: The Kubernetes Node Agent...'),
      systemd('kubelet.service: Failed at step EXEC spawning /usr/bin/kubelet: No such file or directory'),
      systemd('kubelet.service: Main process exited, code=exited, status=203/EXEC'),
      systemd("kubelet.service: Failed with result 'exit-code'."),
      systemd('Failed to start kubelet: The Kubernetes Node Agent.'),
    ].join('\n');
    const d = diagnose({ logs: { systemd: logs } });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.mechanism).toMatch(/EXEC spawning \/usr\/bin\/kubelet/);
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    expect(d.causes[0]?.limits).toEqual(['it rests on one fact']);
  });

  it("a kubelet that never started because the runtime's unit failed is the runtime down", () => {
    const logs = [
      systemd('Starting containerd container runtime...'),
      journal(
        'containerd[812]',
        'time="2026-11-23T10:01:02Z" level=fatal msg="failed to load TOML: /etc/containerd/config.toml: (5, 3): unexpected token"',
      ),
      systemd('containerd.service: Main process exited, code=exited, status=1/FAILURE'),
      systemd("containerd.service: Failed with result 'exit-code'."),
      systemd('Failed to start containerd container runtime.'),
      systemd('Dependency failed for kubelet: The Kubernetes Node Agent.'),
      systemd("kubelet.service: Job kubelet.service/start failed with result 'dependency'."),
    ].join('\n');
    const status = [
      '○ kubelet.service - kubelet: The Kubernetes Node Agent',
      '     Loaded: loaded (/etc/systemd/system/kubelet.service; enabled; vendor preset: enabled)',
      '     Active: inactive (dead)',
    ].join('\n');
    const bundle = { logs: { systemd: logs }, commandOutputs: { 'systemctl status kubelet': status } };
    expect(ids(bundle)).toContain('kubelet.dependency_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("a sysctl step exiting 255 says the key's module is not loaded, and the commands look for the key", () => {
    const status = [
      '● kubelet.service - Kubelet',
      '   Loaded: loaded (/etc/systemd/system/kubelet.service; enabled; vendor preset: enabled)',
      '   Active: failed (Result: start-limit-hit) since Mon 2026-11-23 10:01:02 UTC; 9min ago',
      '  Process: 1501 ExecStartPre=/sbin/sysctl -w net.bridge.bridge-nf-call-iptables=1 (code=exited, status=255)',
      '  Process: 1498 ExecStartPre=/bin/mkdir -p /var/lib/kubelet (code=exited, status=0/SUCCESS)',
    ].join('\n');
    const d = diagnose({ commandOutputs: { 'systemctl status kubelet': status } });
    expect(d.causes[0]?.mechanism).toMatch(/kernel module that provides it is not loaded/);
    expect(d.causes[0]?.commands.map((c) => c.command)).toContain(
      'ls -l /proc/sys/net/bridge/bridge-nf-call-iptables; lsmod | head -n 50',
    );
    expect(d.confidence).toBeLessThan(ACTIONABLE);
  });

  it('reads every step kind systemd names, and nothing from a step that succeeded', () => {
    expect(
      failedStepOf('Process: 12 ExecStartPre=/bin/mkdir -p /var/lib/kubelet (code=exited, status=1/FAILURE)'),
    ).toMatch(
      /^pre-start step ExecStartPre=\/bin\/mkdir -p \/var\/lib\/kubelet exited with status 1\/FAILURE/,
    );
    expect(
      failedStepOf('kubelet.service: Failed at step USER spawning /usr/bin/kubelet: No such process'),
    ).toMatch(/User= does not exist/);
    expect(failedStepOf('Main PID: 12 (code=exited, status=200/CHDIR)')).toMatch(/WorkingDirectory/);
    expect(
      failedStepOf('Process: 12 ExecStartPre=/sbin/modprobe overlay (code=exited, status=0/SUCCESS)'),
    ).toBeUndefined();
    expect(
      failedStepOf('Process: 12 ExecStart=/usr/bin/kubelet (code=exited, status=1/FAILURE)'),
    ).toBeUndefined();
  });
});

describe('the kubelet exiting while the runtime is down', () => {
  const kubeletLoop = [
    systemd('kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
    systemd("kubelet.service: Failed with result 'exit-code'."),
    systemd('kubelet.service: Scheduled restart job, restart counter is at 7.'),
  ];

  it('the runtime stopped comes first; the kubelet coping with it is the question', () => {
    const logs = [
      systemd('Stopping containerd container runtime...'),
      systemd('containerd.service: Deactivated successfully.'),
      systemd('Stopped containerd container runtime.'),
      ...kubeletLoop,
    ].join('\n');
    const bundle = { logs: { systemd: logs } };
    expect(ids(bundle)).toContain('kubelet.dead_with_runtime');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes[0]?.mechanism).toBe('kubelet exits while the runtime is down');
  });

  it("the kubelet's CRI check failing on a missing socket is the runtime's socket, not its API version", () => {
    const line = klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: no such file or directory\\""',
    );
    const bundle = { logs: { kubelet: [line, ...kubeletLoop].join('\n') } };
    expect(ids(bundle)).not.toContain('runtime.cri_version');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('a runtime that crashed and booted again, with the kubelet left dead, is the kubelet not running', () => {
    const logs = [
      systemd('containerd.service: Main process exited, code=killed, status=6/ABRT'),
      systemd("containerd.service: Failed with result 'signal'."),
      systemd('containerd.service: Scheduled restart job, restart counter is at 1.'),
      journal(
        'containerd[9120]',
        'time="2026-11-23T10:01:08Z" level=info msg="containerd successfully booted in 0.061s"',
      ),
      systemd('kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
      systemd("kubelet.service: Failed with result 'exit-code'."),
    ].join('\n');
    expect(ids({ logs: { other: logs } })).not.toContain('kubelet.dead_with_runtime');
  });

  it('a kubelet with a reason of its own is not put on the runtime', () => {
    const logs = [
      systemd('containerd.service: Deactivated successfully.'),
      klog(
        'E',
        'run.go:74',
        '"command failed" err="failed to validate kubelet flags: the container runtime endpoint address was not specified or empty"',
      ),
      ...kubeletLoop,
    ].join('\n');
    expect(ids({ logs: { other: logs } })).not.toContain('kubelet.dead_with_runtime');
  });
});

describe("the kubelet's own start-up refusals", () => {
  it('a config file it cannot load is the kubelet refusing its configuration, quoted in the chain', () => {
    const logs = [
      klog(
        'E',
        'run.go:74',
        '"command failed" err="failed to load kubelet config file, path: /var/lib/kubelet/config.yaml, error: failed to load Kubelet config file /var/lib/kubelet/config.yaml, error failed to read kubelet config file \\"/var/lib/kubelet/config.yaml\\", error: open /var/lib/kubelet/config.yaml: no such file or directory"',
      ),
      systemd('kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
      systemd("kubelet.service: Failed with result 'exit-code'."),
    ].join('\n');
    const d = diagnose({ logs: { kubelet: logs } });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.summary).toMatch(/refuses its own configuration/);
    expect(d.causes[0]?.chain.join(' ')).toMatch(/config\.yaml/);
    expect(d.causes[0]?.commands.map((c) => c.command).join('\n')).toMatch(/config\.yaml/);
  });
});

describe('agents that embed the kubelet', () => {
  it("k3s, rke2, kubelite and edgecore are the kubelet's writers; their fatal start is the kubelet dead", () => {
    for (const tag of ['k3s', 'rke2', 'microk8s.daemon-kubelite', 'edgecore', 'k3s-agent'])
      expect(componentOfTag(tag), tag).toBe('kubelet');
    const logs = [
      journal(
        'k3s[2211]',
        'time="2026-11-23T10:01:02Z" level=info msg="Starting k3s v1.28.4+k3s1 (3f237230)"',
      ),
      journal(
        'k3s[2211]',
        'time="2026-11-23T10:01:03Z" level=fatal msg="starting kubernetes: preparing server: init cluster datastore and https: listen tcp :6443: bind: address already in use"',
      ),
      systemd('k3s.service: Main process exited, code=exited, status=1/FAILURE'),
      systemd("k3s.service: Failed with result 'exit-code'."),
    ].join('\n');
    const d = diagnose({ logs: { other: logs } });
    expect(d.causes[0]?.id).toBe('node_unreachable');
  });

  it("commands follow the agent's unit: a k3s server's, not a kubelet unit it does not have", () => {
    const logs = [
      journal(
        'k3s[2211]',
        'time="2026-11-23T10:01:03Z" level=fatal msg="starting kubernetes: preparing server: init cluster datastore and https: listen tcp :6443: bind: address already in use"',
      ),
    ].join('\n');
    const commands = diagnose({ logs: { other: logs } }).causes[0]?.commands.map((c) => c.command) ?? [];
    expect(commands).toContain("systemctl status 'k3s*' --no-pager");
    expect(commands.join('\n')).not.toMatch(/-u kubelet|status kubelet/);
  });

  it("systemctl status of an rke2 agent's unit that fails is the kubelet not running", () => {
    const status = [
      '× rke2-agent.service - Rancher Kubernetes Engine v2 (agent)',
      '     Loaded: loaded (/usr/local/lib/systemd/system/rke2-agent.service; enabled; vendor preset: enabled)',
      '     Active: failed (Result: exit-code) since Mon 2026-11-23 10:01:02 UTC; 1min ago',
      '    Process: 4410 ExecStartPre=/bin/sh -xc ! /usr/bin/systemctl is-enabled --quiet nm-cloud-setup.service (code=exited, status=1/FAILURE)',
    ].join('\n');
    const bundle = { commandOutputs: { 'systemctl status rke2-agent': status } };
    expect(ids(bundle)).toContain('kubelet.start_step_failed');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.mechanism).toMatch(/nm-cloud-setup/);
    expect(d.causes[0]?.commands.map((c) => c.command)).toContain('systemctl status rke2-agent --no-pager');
  });

  it("edgecore refusing to start beside a kubelet is its own configuration, and commands name edgecore's unit", () => {
    const logs = [
      journal(
        'edgecore[4120]',
        'F1123 10:01:02.123456    4120 server.go:110] failed to check the running environment: kubelet should not running on edge node when running edgecore',
      ),
      systemd('edgecore.service: Main process exited, code=exited, status=1/FAILURE'),
      systemd("edgecore.service: Failed with result 'exit-code'."),
    ].join('\n');
    const d = diagnose({ logs: { other: logs } });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.summary).toMatch(/refuses its own configuration/);
    expect(d.causes[0]?.commands.map((c) => c.command)).toContain('systemctl status edgecore --no-pager');
  });

  it("the kubelet's own lines inside a k3s journal are read as the kubelet's", () => {
    const line = journal(
      'k3s[2211]',
      'E1123 10:01:02.123456    2211 kubelet.go:2373] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m46.7s ago; threshold is 3m0s"',
    );
    expect(ids({ logs: { other: line } })).toContain('pleg.unhealthy');
  });
});

describe("etcd's slow-disk warnings in a k3s or rke2 server", () => {
  const SLOW = journal(
    'k3s[2211]',
    '{"level":"warn","ts":"2026-11-23T10:01:02.123Z","caller":"wal/wal.go:805","msg":"slow fdatasync","took":"1.872s","expected-duration":"1s"}',
  );
  const HEARTBEAT = journal(
    'k3s[2211]',
    '{"level":"warn","ts":"2026-11-23T10:01:04.123Z","caller":"etcdserver/raft.go:369","msg":"leader failed to send out heartbeat on time; took too long, leader is overloaded likely from slow disk","to":"8e9e05c52164694d","heartbeat-interval":"500ms","expected-duration":"1s","exceeded-duration":"1.2s"}',
  );

  it('alone, supporting evidence of starvation and no verdict', () => {
    const bundle = { logs: { other: [SLOW, HEARTBEAT].join('\n') } };
    expect(ids(bundle)).toContain('etcd.slow_disk');
    const d = diagnose(bundle);
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    expect(d.causes.find((c) => c.id === 'resource_starvation')).toBeDefined();
  });

  it('beside the disk described saturated, disk latency starving the node', () => {
    const bundle = {
      logs: {
        other: [SLOW, HEARTBEAT, 'Disk I/O on the server node was saturated while it went NotReady'].join(
          '\n',
        ),
      },
    };
    expect(ids(bundle)).toContain('io.saturated');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('resource_starvation');
    expect(d.causes[0]?.commands.map((c) => c.command)).toContain('iostat -x 5 3');
  });
});

describe('red herrings', () => {
  it('a kubelet restarted by a person, and units starting and stopping normally, are no step failure', () => {
    const logs = [
      systemd('Stopping kubelet: The Kubernetes Node Agent...'),
      systemd('kubelet.service: Deactivated successfully.'),
      systemd('Stopped kubelet: The Kubernetes Node Agent.'),
      systemd('Started kubelet: The Kubernetes Node Agent.'),
      systemd('Condition check resulted in Journal Audit Socket being skipped.'),
      systemd('Dependency failed for Remote File Systems.'),
      systemd('nginx.service: Failed at step EXEC spawning /usr/sbin/nginx: No such file or directory'),
    ].join('\n');
    const facts = ids({ logs: { systemd: logs } });
    expect(facts).not.toContain('kubelet.start_step_failed');
    expect(facts).not.toContain('kubelet.dependency_failed');
    expect(diagnose({ logs: { systemd: logs } }).confidence).toBeLessThan(ACTIONABLE);
  });

  it('a running kubelet whose pre-start steps all succeeded gives no step failure', () => {
    const status = [
      '● kubelet.service - kubelet: The Kubernetes Node Agent',
      '     Loaded: loaded (/lib/systemd/system/kubelet.service; enabled; vendor preset: enabled)',
      '     Active: active (running) since Mon 2026-11-23 10:01:02 UTC; 2h ago',
      '    Process: 2210 ExecStartPre=/sbin/swapoff -a (code=exited, status=0/SUCCESS)',
      '   Main PID: 2220 (kubelet)',
    ].join('\n');
    const facts = ids({ commandOutputs: { 'systemctl status kubelet': status } });
    expect(facts).not.toContain('kubelet.start_step_failed');
    expect(facts).not.toContain('kubelet.dead');
  });

  it('k3s stopped by a person (SIGTERM) is not the kubelet dead', () => {
    const logs = [
      systemd('Stopping Lightweight Kubernetes...'),
      systemd('k3s.service: Main process exited, code=killed, status=15/TERM'),
      systemd('Stopped Lightweight Kubernetes.'),
    ].join('\n');
    expect(ids({ logs: { systemd: logs } })).not.toContain('kubelet.dead');
  });
});
