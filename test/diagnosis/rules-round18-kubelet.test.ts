import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 18's kubelet families (docs/accuracy.md, "What round 18 teaches"), read from the programs' sources: the
// kubelet cut off by its own configuration, its sync loop running while its status is not heard, distributions
// waiting on its health endpoint, and flags removed by release. Lines are written from the format strings.

const SYNC_OLD = klog('I', 'kubelet.go:1739', 'SyncLoop (housekeeping)');
const SYNC_NEW = klog(
  'I',
  'kubelet.go:2394',
  '"SyncLoop (PLEG): event for pod" pod="default/web-0" event={"Type":"ContainerStarted"}',
);
const SYNC_ADD = klog('I', 'kubelet.go:2332', '"SyncLoop ADD" source="api" pods=["default/web-0"]');
const UNKNOWN = {
  type: 'Ready',
  status: 'Unknown',
  reason: 'NodeStatusUnknown',
  message: 'Kubelet stopped posting node status.',
};
const STATUS_FAILED = klog(
  'E',
  'kubelet_node_status.go:540',
  '"Error updating node status, will retry" err="error getting node \\"worker-1\\": Get \\"https://10.0.0.1:6443/api/v1/nodes/worker-1?timeout=10s\\": context deadline exceeded"',
);

describe('a kubelet with no API server defined', () => {
  it("reads the kubelet's own warning, by release, as the node cut off by its configuration", () => {
    for (const line of [
      klog('W', 'kubelet.go:1318', 'No api server defined - no node status update will be sent.'),
      klog('I', 'kubelet.go:1493', '"No API server defined - no node status update will be sent"'),
    ]) {
      expect(ids({ logs: { kubelet: line } }), line).toContain('kubelet.no_api_server');
      expect(top({ logs: { kubelet: line } })?.id).toBe('node_unreachable');
    }
  });

  it('names the flags to check, and stays below a verdict on its one line', () => {
    const d = diagnose({
      logs: {
        kubelet: klog('W', 'kubelet.go:1318', 'No api server defined - no node status update will be sent.'),
      },
    });
    expect(d.causes[0]?.confidence ?? 1).toBeLessThan(0.7);
    expect(d.causes[0]?.commands.map((c) => c.command).join('\n')).toContain('ps -o args= -C kubelet');
  });
});

describe('a kubelet whose sync loop runs while the node controller hears nothing', () => {
  it('weighs the loop running, with no status failure logged, as the status path stuck inside the kubelet', () => {
    for (const line of [SYNC_OLD, SYNC_NEW, SYNC_ADD]) {
      const bundle = { conditions: [UNKNOWN], logs: { kubelet: [line, line].join('\n') } };
      expect(ids(bundle), line).toContain('kubelet.loop_running_while_unknown');
      expect(top(bundle)?.id, line).toBe('kubelet_defect');
    }
  });

  it('near misses: the loop with its status updates failing, a skipped housekeeping, the loop with the node Ready', () => {
    const failing = { conditions: [UNKNOWN], logs: { kubelet: [SYNC_OLD, STATUS_FAILED].join('\n') } };
    expect(ids(failing)).not.toContain('kubelet.loop_running_while_unknown');
    expect(top(failing)?.id).toBe('node_unreachable');
    const skipped = klog(
      'I',
      'kubelet.go:2410',
      '"SyncLoop (housekeeping, skipped): sources aren\'t ready yet"',
    );
    expect(ids({ conditions: [UNKNOWN], logs: { kubelet: skipped } })).not.toContain(
      'kubelet.loop_running_while_unknown',
    );
    const ready = {
      ...UNKNOWN,
      status: 'True',
      reason: 'KubeletReady',
      message: 'kubelet is posting ready status',
    };
    expect(ids({ conditions: [ready], logs: { kubelet: SYNC_OLD } })).not.toContain(
      'kubelet.loop_running_while_unknown',
    );
    // Another program's line that mentions a sync loop is not the kubelet's.
    const other = journal(
      'containerd[812]',
      'time="2026-11-02T13:41:43Z" level=info msg="SyncLoop (ADD) replay"',
    );
    expect(ids({ conditions: [UNKNOWN], logs: { containerd: other } })).not.toContain(
      'kubelet.loop_running_while_unknown',
    );
  });
});

describe("a distribution waiting on the kubelet's health endpoint", () => {
  it("reads Rancher's probe status naming the kubelet as the kubelet not answering, and asks for its log file on Windows", () => {
    const bundle = {
      logs: {
        other:
          'After upgrading, our Windows nodes stopped working.\nThe nodes are stuck in status `Waiting for probes: kubelet.`',
      },
    };
    expect(ids(bundle)).toEqual(expect.arrayContaining(['kubelet.dead', 'node.windows']));
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('node_unreachable');
    const logs = d.missing.find((m) => m.what === 'kubelet logs');
    expect(logs?.how).toContain('agent\\logs\\kubelet.log');
    expect(logs?.how).not.toContain('journalctl');
  });

  it('asks for the journal on a node that is not Windows', () => {
    const d = diagnose({ logs: { other: 'worker stuck: waiting for probes: calico, kubelet' } });
    expect(d.missing.find((m) => m.what === 'kubelet logs')?.how).toContain('journalctl');
  });
});

describe('kubelet flags removed by release against the flags still passed', () => {
  const ENV =
    'KUBELET_KUBEADM_ARGS="--container-runtime=remote --container-runtime-endpoint=unix:///run/containerd/containerd.sock --network-plugin=cni --pod-infra-container-image=registry.k8s.io/pause:3.6"';

  it('reads a dockershim flag passed to a 1.24+ kubelet as its configuration refused at start', () => {
    const bundle = {
      kubeletVersion: 'v1.24.3',
      commandOutputs: { 'cat /var/lib/kubelet/kubeadm-flags.env': ENV },
    };
    expect(ids(bundle)).toContain('kubelet.config_error');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it('reads --container-runtime passed to a 1.27+ kubelet, and not --container-runtime-endpoint', () => {
    const runtime =
      'KUBELET_KUBEADM_ARGS="--container-runtime=remote --container-runtime-endpoint=unix:///run/containerd/containerd.sock"';
    expect(
      ids({ kubeletVersion: 'v1.27.1', commandOutputs: { 'cat kubeadm-flags.env': runtime } }),
    ).toContain('kubelet.config_error');
    const endpoint =
      'KUBELET_KUBEADM_ARGS="--container-runtime-endpoint=unix:///run/containerd/containerd.sock"';
    expect(
      ids({ kubeletVersion: 'v1.27.1', commandOutputs: { 'cat kubeadm-flags.env': endpoint } }),
    ).not.toContain('kubelet.config_error');
  });

  it('near misses: the same flags on releases that still have them, or with no release known', () => {
    expect(
      ids({ kubeletVersion: 'v1.23.9', commandOutputs: { 'cat kubeadm-flags.env': ENV } }),
    ).not.toContain('kubelet.config_error');
    expect(ids({ commandOutputs: { 'cat kubeadm-flags.env': ENV } })).not.toContain('kubelet.config_error');
    // A flag named in prose, not on a line that passes flags to the kubelet.
    expect(
      ids({ kubeletVersion: 'v1.24.3', logs: { other: 'we removed --network-plugin=cni before upgrading' } }),
    ).not.toContain('kubelet.config_error');
  });
});
