import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

/**
 * Round 25 (r25-programs): NIC drivers' hang and reset lines as the host cut off while alive; k3s/rke2's node-password
 * admission of its agents; the kubelet's "status check may not have completed yet" beside its own start (the start-up
 * order) or repeated for long (the runtime never answering). Lines built from the programs' format strings (linux
 * drivers/net, k3s pkg/agent/config and pkg/nodepassword, kubernetes pkg/kubelet runtime.go and kubelet.go), not from
 * any incident.
 */

const kernel = (...lines: string[]) => ({ logs: { kernel: lines.join('\n') } });

describe("a NIC driver's transmit hang cuts the node off while it stays up", () => {
  it('one hang line is a lead for node_unreachable, not a verdict', () => {
    const first = top(kernel('igb 0000:04:00.1: Detected Tx Unit Hang'));
    expect(first?.id).toBe('node_unreachable');
    expect(first?.confidence ?? 1).toBeLessThan(0.7);
  });

  it("the driver's hang, its reset and the kubelet's failed status updates name the cut-off path", () => {
    const bundle = {
      logs: {
        kernel: [
          'e1000e 0000:00:1f.6 eno1: Detected Hardware Unit Hang:',
          'e1000e 0000:00:1f.6 eno1: Reset adapter unexpectedly',
        ].join('\n'),
        kubelet: klog(
          'E',
          'kubelet_node_status.go:460',
          '"Error updating node status, will retry" err="error getting node \\"worker-1\\": Get \\"https://10.0.0.10:6443/api/v1/nodes/worker-1?timeout=10s\\": context deadline exceeded"',
        ),
      },
    };
    expect(ids(bundle)).toContain('network.iface_lost');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it("a pod's veth timing out is not the node's NIC", () => {
    expect(ids(kernel('NETDEV WATCHDOG: veth1a2b3c (veth): transmit queue 0 timed out'))).not.toContain(
      'network.iface_lost',
    );
  });
});

describe("k3s/rke2's node password check", () => {
  const refused = journal(
    'k3s-agent[2211]',
    'time="2026-11-23T10:01:02Z" level=error msg="Node password rejected, duplicate hostname or contents of \'/etc/rancher/node/password\' may not match server node-passwd entry, try enabling a unique node name with the --with-node-id flag"',
  );

  it('the agent refused is the node never admitted, with the per-node secret to look at', () => {
    const first = top({ node: 'worker-3', logs: { other: refused } });
    expect(first?.id).toBe('node_unreachable');
    expect(first?.confidence ?? 1).toBeLessThan(0.7);
    expect(JSON.stringify(first)).toContain('.node-password.k3s');
  });

  it("the server's side, in the secrets' wording", () => {
    expect(
      ids({
        logs: {
          other: journal(
            'k3s[1500]',
            'time="2026-11-23T10:01:02Z" level=error msg="unable to verify hash for node \'worker-3\': hash does not match"',
          ),
        },
      }),
    ).toContain('agent.node_password_rejected');
  });

  it('said in words', () => {
    expect(
      ids({
        logs: { other: 'The new agent never became Ready: its log says the node password was rejected.' },
      }),
    ).toContain('agent.node_password_rejected');
  });

  it('a password verified, or a token refused, is not it', () => {
    expect(
      ids({
        logs: {
          other: journal(
            'k3s[1500]',
            'time="2026-11-23T10:01:02Z" level=info msg="Password verified locally for node worker-3"',
          ),
        },
      }),
    ).not.toContain('agent.node_password_rejected');
  });
});

describe('"container runtime status check may not have completed yet"', () => {
  const pending =
    '[container runtime status check may not have completed yet, runtime network not ready: NetworkReady=false reason:NetworkPluginNotReady message:docker: network plugin is not ready: cni config uninitialized]';
  const condition = {
    type: 'Ready',
    status: 'False',
    reason: 'KubeletNotReady',
    message: pending,
  };
  const starting = {
    type: 'Normal',
    reason: 'Starting',
    message: 'Starting kubelet.',
    involvedObject: { kind: 'Node', name: 'worker-1' },
  };

  it("beside the kubelet's start event is the start-up order: the network plugin's words stay no verdict", () => {
    const bundle = { conditions: [condition], events: [starting] };
    expect(ids(bundle)).toContain('kubelet.startup_race');
    const causes = top(bundle);
    expect(causes?.id).not.toBe('cni_hang');
  });

  it('without a start, it is only the placeholder', () => {
    expect(ids({ conditions: [condition] })).not.toContain('kubelet.startup_race');
  });

  it('repeated for more than a minute of sync loops, it is the runtime never answering', () => {
    const lines = Array.from({ length: 24 }, (_, i) =>
      klog(
        'E',
        'kubelet.go:2040',
        `"Skipping pod synchronization" err="[container runtime status check may not have completed yet]" n=${i}`,
      ),
    );
    const found = ids({ logs: { kubelet: lines.join('\n') }, events: [starting] });
    expect(found).toContain('runtime.status_never');
    expect(found).not.toContain('kubelet.startup_race');
  });
});

describe("the cloud provider's node addresses on an instance without a public address", () => {
  it('said in words: the kubelet failing on an instance with no public IP', () => {
    for (const said of [
      'The kubelet panics on instances without a public IP.',
      'Our nodes have no public IP and the kubelet fails to join the cluster.',
    ])
      expect(ids({ logs: { other: said } })).toContain('kubelet.cloud_lookup_failed');
  });

  it('no public address said of a network design or a Service is not it', () => {
    for (const said of [
      'The workers have no public IP; they reach the internet through a NAT gateway.',
      'The pod crashes when the service has no external IP assigned yet',
    ])
      expect(ids({ logs: { other: said } })).not.toContain('kubelet.cloud_lookup_failed');
  });

  it("a 1.2 pre-release's AWS provider requiring public-ipv4 is a known defect", () => {
    const bundle = {
      kubeletVersion: 'v1.2.0-alpha.7',
      logs: {
        kubelet: klog(
          'E',
          'kubelet.go:1020',
          'Unable to construct api.Node object for kubelet: failed to get node address from cloud provider: UnknownError: unknown error',
        ),
      },
    };
    expect(ids(bundle)).toContain('kubelet.known_defect');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it('v1.2.0 itself carries the fix (the same failure there is not this defect)', async () => {
    const { KNOWN_DEFECTS } = await import('../../shared/diagnosis/defects.ts');
    const { inRange, parseVersion } = await import('../../shared/diagnosis/version.ts');
    const entry = KNOWN_DEFECTS.find((d) => d.id === 'aws-node-addresses-public-ipv4-required');
    const v = parseVersion('1.2.0');
    expect(entry && v && entry.affected.some((r) => inRange(v, r))).toBe(false);
    const alpha = parseVersion('1.2.0-alpha.6');
    expect(entry && alpha && entry.affected.some((r) => inRange(alpha, r))).toBe(true);
  });
});
