import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, klog } from '../support/node-lines.ts';

// Round 6's miss classes (docs/accuracy.md), from the programs that write the messages: lines are built from
// format strings, not from any incident.

const SANDBOX = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2';
const OTHER = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';

const gcStop = (id: string) =>
  klog(
    'E',
    'kuberuntime_gc.go:180',
    `"Failed to stop sandbox before removing" err="rpc error: code = DeadlineExceeded desc = failed to stop sandbox \\"${id}\\": context deadline exceeded" sandboxID="${id}"`,
  );

const runtimeDown = (logs: { kubelet: string }) =>
  diagnose({ logs }).causes.find((c) => c.id === 'runtime_down')?.confidence ?? 0;

describe('which CRI call fails, and for how many objects', () => {
  it('stop failures that all name one sandbox, and nothing node-wide, are one pod’s teardown', () => {
    const one = { kubelet: [gcStop(SANDBOX), gcStop(SANDBOX)].join('\n') };
    expect(ids({ logs: one })).toContain('runtime.one_object_failing');
    const many = { kubelet: [gcStop(SANDBOX), gcStop(OTHER)].join('\n') };
    expect(ids({ logs: many })).not.toContain('runtime.one_object_failing');
    // The same failure counts less for a runtime that does not answer when it is the only object.
    expect(runtimeDown(one)).toBeLessThan(runtimeDown(many));
  });

  it('is not said when the runtime also fails node-wide calls', () => {
    const logs = {
      kubelet: [
        gcStop(SANDBOX),
        klog(
          'E',
          'remote_runtime.go:277',
          '"ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"',
        ),
      ].join('\n'),
    };
    expect(ids({ logs })).not.toContain('runtime.one_object_failing');
  });
});

describe('systemd going away under systemctl', () => {
  it("a job's waiter cut off by PID 1 re-executing is a D-Bus stall", () => {
    const logs = {
      other: [
        'Warning! D-Bus connection terminated.',
        'Failed to wait for response: Connection reset by peer',
        journal('systemd[1]', 'Reexecuting.'),
      ].join('\n'),
    };
    expect(ids({ logs })).toEqual(
      expect.arrayContaining(['systemd.dbus_disconnected', 'systemd.reexecuted']),
    );
    expect(diagnose({ logs }).causes[0]?.id).toBe('systemd_dbus_stall');
  });
});

describe("the API server refusing the kubelet's credentials, seen from its informers", () => {
  it('a 401 relayed by the reflector is credentials refused; other list failures are not', () => {
    const refused = klog(
      'E',
      'reflector.go:138',
      'k8s.io/kubernetes/pkg/kubelet/kubelet.go:451: Failed to watch *v1.Node: failed to list *v1.Node: Unauthorized',
    );
    expect(ids({ logs: { kubelet: refused } })).toContain('kubelet.auth_error');
    expect(diagnose({ logs: { kubelet: refused } }).causes[0]?.id).toBe('node_unreachable');
    const refusedConnection = klog(
      'E',
      'reflector.go:138',
      'k8s.io/kubernetes/pkg/kubelet/kubelet.go:451: Failed to watch *v1.Node: failed to list *v1.Node: Get "https://10.0.0.1:6443/api/v1/nodes": dial tcp 10.0.0.1:6443: connect: connection refused',
    );
    expect(ids({ logs: { kubelet: refusedConnection } })).not.toContain('kubelet.auth_error');
  });
});

describe('a kubelet release that keeps static pods down after a reboot', () => {
  const mountsNeverDone = klog(
    'E',
    'kubelet.go:1907',
    '"Unable to attach or mount volumes for pod; skipping pod" err="unmounted volumes=[k8s-certs], unattached volumes=[]: timed out waiting for the condition" pod="kube-system/kube-apiserver-worker-1"',
  );
  it('1.27.0-1.27.1 with pods whose volumes never mount is the known defect; 1.27.2 is not', () => {
    const known = (version: string) =>
      ids({ logs: { kubelet: mountsNeverDone }, kubeletVersion: version }).includes('kubelet.known_defect');
    expect(known('v1.27.1')).toBe(true);
    expect(known('v1.27.2')).toBe(false);
    expect(known('v1.26.5')).toBe(false);
  });
});
