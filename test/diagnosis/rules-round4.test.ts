import { describe, expect, it } from 'vitest';
import { type Bundle, ids, journal, top } from '../support/node-lines.ts';

// Round 4's miss classes (docs/accuracy.md), from the programs that write the messages and the grammar of how
// people put what they saw: lines are built from format strings and term lists, not from any incident.

describe('a kubelet that crashed', () => {
  it('a fatal panic and a recovered one are kubelet defects; a runtime’s panic is not', () => {
    for (const line of [
      journal('kubelet[1893]', 'panic: assignment to entry in nil map'),
      journal(
        'kubelet[1893]',
        'E1102 13:41:43.111882    1893 runtime.go:78] Observed a panic: "index out of range"',
      ),
    ]) {
      expect(ids({ logs: { kubelet: line } }), line).toContain('kubelet.panic');
      expect(top({ logs: { kubelet: line } })?.id, line).toBe('kubelet_defect');
    }
    expect(
      ids({
        logs: { containerd: journal('containerd[880]', 'panic: runtime error: slice bounds out of range') },
      }),
    ).not.toContain('kubelet.panic');
  });
});

describe('between the kubelet and the API server', () => {
  it('a Node the API server does not have', () => {
    const line = journal(
      'kubelet[1893]',
      'E1102 13:41:43.111882    1893 kubelet.go:2412] "Error getting node" err="node \\"worker-1\\" not found"',
    );
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.not_registered');
    expect(top({ logs: { kubelet: line } })?.id).toBe('node_unreachable');
  });

  it('the node controller saying it stopped hearing from the kubelet', () => {
    const line =
      "node worker-1 hasn't been updated for 40.13s. Last Ready is: &NodeCondition{Type:Ready,Status:True}";
    expect(ids({ logs: { other: line } })).toContain('node.status_unknown');
  });

  it("a k3s agent that cannot fetch its server's CA through its load balancer", () => {
    const line =
      'ERRO[0007] failed to get CA certs: Get "https://127.0.0.1:6444/cacerts": read tcp 127.0.0.1:50744->127.0.0.1:6444: read: connection reset by peer';
    expect(ids({ logs: { other: line } })).toContain('kubelet.api_error');
  });
});

describe('memory and disk as the kernel and coreutils print them', () => {
  it("the OOM report's header is a system OOM; a memcg OOM's is not", () => {
    const header =
      '[812345.678901] kubelet invoked oom-killer: gfp_mask=0x6200ca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=-999';
    expect(ids({ logs: { kernel: header } })).toContain('mem.oom');
    const memcg = '[812345.678901]  mem_cgroup_out_of_memory+0xd1/0x110';
    expect(ids({ logs: { kernel: memcg } })).not.toContain('mem.oom');
    const frame = '[812345.678901]  out_of_memory+0x1a4/0x480';
    expect(ids({ logs: { kernel: frame } })).toContain('mem.oom');
  });

  it('a df row at 100 % is a full filesystem; /boot and snap images are not the node’s', () => {
    const df = [
      'Filesystem      Size  Used Avail Use% Mounted on',
      '/dev/xvda1       20G   20G     0 100% /',
      '/dev/xvdb        50G   12G   38G  24% /var/lib/docker',
    ].join('\n');
    expect(ids({ commandOutputs: { 'df -h': df } })).toContain('disk.pressure');
    const boot = [
      '/dev/sda1       488M  488M     0 100% /boot',
      '/dev/loop3       56M   56M     0 100% /snap/core18/2790',
    ].join('\n');
    expect(ids({ commandOutputs: { 'df -h': boot } })).not.toContain('disk.pressure');
  });
});

describe('the runtime and its shims', () => {
  it('containerd exiting on a configuration it cannot decode', () => {
    const line = journal(
      'containerd[880]',
      'containerd: failed to load TOML from /etc/containerd/config.toml: (2, 14): invalid plugin key URI "cri"',
    );
    expect(ids({ logs: { containerd: line } })).toContain('runtime.start_failed');
  });

  it('a task delete that ran out of time after its exit event, at any level', () => {
    const line = journal(
      'containerd[880]',
      'time="2026-11-02T13:41:43Z" level=debug msg="failed to delete task" error="failed to delete task: context deadline exceeded: unknown"',
    );
    expect(ids({ logs: { containerd: line } })).toContain('runtime.shim_cleanup_failed');
  });

  it("systemd's capitalised inotify wording", () => {
    const line = journal('systemd[1]', 'Failed to create inotify object: Too many open files');
    expect(ids({ logs: { other: line } })).toContain('fd.inotify');
  });
});

describe("people's words", () => {
  it('shims that pile up, and a node that stops answering SSH', () => {
    expect(
      ids({ logs: { other: 'containerd-shim processes keep growing with every deployment' } }),
    ).toContain('runtime.shim_cleanup_failed');
    expect(
      ids({ logs: { other: 'The node became unresponsive and we could not SSH into it for 20 minutes.' } }),
    ).toContain('node.unresponsive');
    expect(ids({ logs: { other: '节点假死，ssh 不上' } })).toContain('node.unresponsive');
  });

  it('a plugin pod that never becomes ready, in either case and in Chinese', () => {
    expect(ids({ logs: { other: 'calico-node never becomes ready on the new node' } })).toContain(
      'cni.agent_down',
    );
    expect(ids({ logs: { other: 'calico-node 一直不能 ready' } })).toContain('cni.agent_down');
  });

  it('a unit that failed to start, and D-Bus in Chinese', () => {
    expect(ids({ logs: { other: 'after the reboot kubelet failed to start' } })).toContain('kubelet.dead');
    expect(ids({ logs: { other: 'runc 阻塞在 dbus 上' } })).toContain('systemd.dbus_timeout');
  });

  it('a part of the kubelet, or a kubelet said to be healthy, is not a kubelet that is not running', () => {
    const said = "The kubelet's sync loop was not running, but the kubelet said it was healthy.";
    expect(ids({ logs: { other: said } })).not.toContain('kubelet.dead');
  });
});

describe('a state pairs with a subject of its own sentence', () => {
  it('"Docker looked fine. Later the node froze" is not docker hanging', () => {
    const facts = ids({
      logs: { other: 'Docker looked fine. Later the node froze and we could not ssh in.' },
    });
    expect(facts).not.toContain('runtime.cmd_hang');
    expect(facts).toContain('node.unresponsive');
    // A version or a unit name keeps the sentence going.
    expect(ids({ logs: { other: 'containerd 1.6.20 hangs on every call' } })).toContain('runtime.cmd_hang');
  });
});

describe("kubernetes-mixin's certificate alerts", () => {
  it('firing in the alerts field are the kubelet’s credentials and their renewal', () => {
    const alert = (alertname: string) => ({
      status: 'firing',
      labels: { alertname, node: 'worker-1' },
      annotations: {},
    });
    expect(ids({ alerts: [alert('KubeletClientCertificateExpiration')] } as Bundle)).toContain(
      'kubelet.auth_error',
    );
    expect(ids({ alerts: [alert('KubeletServerCertificateRenewalErrors')] } as Bundle)).toContain(
      'kubelet.cert_rotation_failed',
    );
  });
});
