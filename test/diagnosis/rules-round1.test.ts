import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';

const ids = (bundle: Parameters<typeof extractFacts>[0]) => extractFacts(bundle).ids();
const klog = (pid: number, text: string) =>
  `Nov 02 13:41:43 worker-1 kubelet[${pid}]: E1102 13:41:43.111882 ${pid} remote_runtime.go:168] ${text}`;
const PLEG = (pid: number) =>
  klog(
    pid,
    '"Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 5m0s ago; threshold is 3m0s"',
  );

describe('mechanisms named by the other side of the call, or another version', () => {
  it("the runtime's Status call alone timing out points at the network plugin's status", () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            1893,
            '"Status from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
          ),
          klog(
            1893,
            '"Container runtime sanity check failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
          ),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.status_timeout');
    expect(diagnose(bundle).causes.map((c) => c.id)).toContain('cni_hang');
    // A per-container status is not the runtime-wide Status call.
    const container = {
      logs: {
        kubelet: klog(
          1893,
          '"ContainerStatus from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
        ),
      },
    };
    expect(ids(container)).not.toContain('runtime.status_timeout');
  });

  it("gRPC's size limit in the sender's words is the list-too-large mechanism", () => {
    const bundle = {
      logs: {
        kubelet: klog(
          1893,
          '"ListContainers with filter from runtime service failed" err="rpc error: code = ResourceExhausted desc = grpc: trying to send message larger than max (16806283 vs. 16777216)"',
        ),
      },
    };
    expect(ids(bundle)).toContain('runtime.list_too_large');
    expect(diagnose(bundle).causes[0]?.id).toBe('container_count');
  });

  it('EAGAIN connecting to the runtime socket: a full backlog, the daemon stopped accepting', () => {
    const bundle = {
      logs: {
        kubelet: klog(
          1893,
          'failed to connect: dial unix /run/containerd/containerd.sock: connect: resource temporarily unavailable',
        ),
      },
    };
    expect(ids(bundle)).toContain('runtime.not_accepting');
    expect(ids(bundle)).not.toContain('pid.pressure');
  });

  it("the node controller's unreachable taint is Ready=Unknown", () => {
    expect(ids({ logs: { other: 'Taints: node.kubernetes.io/unreachable:NoExecute' } })).toContain(
      'node.status_unknown',
    );
  });
});

describe('derived facts combine only what belongs together', () => {
  const PENDING = (pid: number, age: string) =>
    klog(
      pid,
      `"Node became not ready" node="worker-1" condition={Type:Ready Status:False LastHeartbeatTime:2023-11-02 13:41:43 +0000 UTC m=+${age} Reason:KubeletNotReady Message:container runtime status check may not have completed yet}`,
    );

  it("the placeholder of a new kubelet does not join the previous kubelet's relist age", () => {
    expect(ids({ logs: { kubelet: `${PLEG(1893)}\n${PENDING(1893, '600.1')}` } })).toContain(
      'runtime.status_never',
    );
    expect(ids({ logs: { kubelet: `${PLEG(1893)}\n${PENDING(2207, '600.1')}` } })).not.toContain(
      'runtime.status_never',
    );
  });

  it('the placeholder from a kubelet seconds old is its start-up order, not the runtime', () => {
    const bundle = { logs: { kubelet: PENDING(2207, '4.512') } };
    expect(ids(bundle)).toContain('kubelet.startup_race');
    expect(diagnose(bundle).causes[0]?.id).toBe('kubelet_defect');
  });

  it('timeouts that always name the same container: that container is wedged', () => {
    const id = '3f1c2d9e8a7b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5';
    const line = (t: string, container: string) =>
      klog(
        1893,
        `"StopContainer from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" containerID="${container}" t="${t}"`,
      );
    const same = extractFacts({ logs: { kubelet: [line('01', id), line('31', id)].join('\n') } });
    expect(same.has('runtime.op_timeout')).toBe(true);
    expect(same.has('runtime.selective_hang')).toBe(true);
    const other = id.replace(/^3f1c/, '9e9e');
    const different = extractFacts({ logs: { kubelet: [line('01', id), line('31', other)].join('\n') } });
    expect(different.has('runtime.selective_hang')).toBe(false);
  });
});
