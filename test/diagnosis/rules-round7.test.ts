import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, top } from '../support/node-lines.ts';

// Round 7's miss classes (docs/accuracy.md), from the programs that write the messages: lines are built from the
// message templates, not from any incident.

describe("Windows nodes: the Service Control Manager's events", () => {
  it("the runtime's service failing to start or stay up is the runtime down; another service's is not", () => {
    for (const line of [
      'The Docker Engine service failed to start due to the following error: %%1053',
      'The containerd service terminated unexpectedly.  It has done this 5 time(s).  The following corrective action will be taken in 10000 milliseconds: Restart the service.',
      'A timeout was reached (30000 milliseconds) while waiting for the docker service to connect.',
    ]) {
      expect(ids({ logs: { other: line } }), line).toContain('runtime.service_failed');
      expect(top({ logs: { other: line } })?.id, line).toBe('runtime_down');
    }
    expect(
      ids({
        logs: { other: 'The Windows Update service terminated unexpectedly.  It has done this 1 time(s).' },
      }),
    ).not.toContain('runtime.service_failed');
  });

  it('the kubelet service failing is the kubelet dead', () => {
    const line =
      'The kubelet service failed to start due to the following error: The system cannot find the file specified.';
    expect(ids({ logs: { other: line } })).toContain('kubelet.dead');
    expect(ids({ logs: { other: line } })).not.toContain('runtime.service_failed');
  });
});

describe('systemctl status of the runtime, pasted into a log field', () => {
  it("an ExecStart that exited with an error is the runtime failing; a clean exit or another daemon's is not", () => {
    const failed =
      '   Process: 4211 ExecStart=/usr/bin/containerd (code=exited, status=1/FAILURE)\n  Active: activating (auto-restart) (Result: exit-code)';
    expect(ids({ logs: { systemd: failed } })).toContain('runtime.service_failed');
    for (const line of [
      '   Process: 4211 ExecStart=/usr/bin/containerd (code=exited, status=0/SUCCESS)',
      '   Process: 4211 ExecStart=/usr/bin/nginx -g daemon off; (code=exited, status=1/FAILURE)',
    ])
      expect(ids({ logs: { systemd: line } }), line).not.toContain('runtime.service_failed');
  });
});

describe('a sysctl that does not exist', () => {
  it('is a kernel module not loaded, which stops a kubelet that sets it; another missing file is not', () => {
    const line = journal(
      'microk8s.daemon-kubelite[2101]',
      'F1102 13:41:43.111882    2101 server.go:495] open /proc/sys/net/netfilter/nf_conntrack_max: no such file or directory',
    );
    expect(ids({ logs: { other: line } })).toContain('kernel.sysctl_missing');
    expect(top({ logs: { other: line } })?.id).toBe('node_unreachable');
    expect(
      ids({ logs: { other: 'open /etc/kubernetes/kubelet.conf: no such file or directory' } }),
    ).not.toContain('kernel.sysctl_missing');
  });
});

describe('pods stuck on a node the control plane has lost', () => {
  const stuck = 'All the pods on it are stuck in Terminating.';
  const lost =
    "node worker-1 hasn't been updated for 40.13s. Last Ready is: &NodeCondition{Type:Ready,Status:True}";
  const runtimeDown = (text: string) =>
    diagnose({ logs: { other: text } }).causes.find((c) => c.id === 'runtime_down')?.confidence ?? 0;

  it('wait for the kubelet, not the runtime, unless the runtime is said to hang', () => {
    expect(ids({ logs: { other: `${stuck}\n${lost}` } })).toContain('runtime.pods_stuck_node_lost');
    expect(runtimeDown(`${stuck}\n${lost}`)).toBeLessThan(runtimeDown(stuck));
    const hangs = `${stuck}\n${lost}\ndocker ps hangs on that node.`;
    expect(ids({ logs: { other: hangs } })).not.toContain('runtime.pods_stuck_node_lost');
  });
});

describe("a network plugin's agent waiting at start for the API server", () => {
  it("the VPC CNI's ipamd that cannot reach the API server leaves the network plugin not ready", () => {
    const logs = {
      other: [
        '{"level":"info","ts":"2026-11-23T10:01:02.123Z","caller":"entrypoint.sh","msg":"Checking for IPAM connectivity ... "}',
        'Failed to communicate with K8S Server. Please check instance security groups or http proxy setting',
        '{"level":"error","ts":"2026-11-23T10:03:02.123Z","caller":"aws-vpc-cni/main.go:284","msg":"Timed out waiting for IPAM daemon to start"}',
      ].join('\n'),
    };
    expect(ids({ logs })).toContain('cni.agent_down');
    expect(top({ logs })?.id).toBe('cni_hang');
    // Checking, and retrying once, is every start's normal path.
    expect(
      ids({
        logs: {
          other: '{"level":"info","caller":"entrypoint.sh","msg":"Retrying waiting for IPAM-D"}',
        },
      }),
    ).not.toContain('cni.agent_down');
  });
});

describe('a kernel that panics', () => {
  it('is the host going down with its kubelet: the node lost from the control plane', () => {
    const logs = {
      kernel: [
        '[812345.678901] watchdog: BUG: soft lockup - CPU#2 stuck for 23s! [kworker/2:1:1234]',
        '[812346.000001] Kernel panic - not syncing: softlockup: hung tasks',
        '[812346.000002] Rebooting in 10 seconds..',
      ].join('\n'),
    };
    expect(ids({ logs })).toContain('node.rebooting');
    expect(top({ logs })?.id).toBe('node_unreachable');
  });
});

describe("runc's init stage left in a process listing", () => {
  it('is a container start that stalled: the per-container layer; with rc93 installed, the per-container defect of runc', () => {
    const ps = [
      'USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND',
      'root     48211  0.0  0.0 1234567 10240 ?       Ssl  10:01   0:00 runc init',
      'root     48377  0.0  0.0 1234567 10240 ?       Ssl  10:03   0:00 runc init',
    ].join('\n');
    const bundle = { commandOutputs: { 'ps aux': ps } };
    expect(ids(bundle)).toContain('runc.init_stuck');
    // Round 12 (class 4): init children left alive are one container's start, weighed to zombie_shim_hang first;
    // the daemon is the answer only when its own runtime-wide calls time out (rules-round12-shims.test.ts).
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
    // Round 9: rc93's init hang is keyed to the layer it hangs (the container's runc call under its shim), so with
    // no call of the daemon's own timing out it is the per-container defect.
    const rc93 = { ...bundle, logs: { other: 'runc version 1.0.0-rc93' } };
    expect(ids(rc93)).toContain('shim.known_defect');
    expect(ids(rc93)).not.toContain('runtime.known_defect');
    // The words in an error message are not a process.
    expect(ids({ logs: { other: 'the runc init process failed to start' } })).not.toContain(
      'runc.init_stuck',
    );
  });
});
