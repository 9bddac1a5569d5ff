import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, top } from '../support/node-lines.ts';

/**
 * Round 22's kubelet status path (docs/accuracy.md, "Round 22"): what the kubelet calls before it posts (its address
 * lookup in the in-tree cloud provider, kubelet_node_status.go setNodeAddress to 1.11, the cloud resource sync manager
 * from 1.12) and the API server's answer to its status patch (PatchNodeStatus's "failed to patch status %q for node
 * %q: %v"). The kubelet reaches the server in both: its defect or dependence ranks above the node cut off. Lines are
 * built from the format strings.
 */

const kubelet = (file: string, message: string) =>
  journal('kubelet[2210]', `E1123 10:01:02.123456    2210 ${file}] ${message}`);

const cloud = (answer: string) => ({
  logs: {
    kubelet: [
      kubelet(
        'kubelet_node_status.go:302',
        `Error updating node status, will retry: failed to get node address from cloud provider: ${answer}`,
      ),
      kubelet(
        'kubelet_node_status.go:290',
        'Unable to update node status: update node status exceeds retry count',
      ),
    ].join('\n'),
  },
});

describe("the kubelet's status update failing in its cloud provider lookup", () => {
  it('is the kubelet, whatever the provider answered, and not the path to the API server', () => {
    for (const answer of [
      'error listing AWS instances: "Unavailable: The service is unavailable. Please try again shortly.\\n\\tstatus code: 503"',
      'no instances found for name: ip-10-0-1-2.ec2.internal',
      'EC2MetadataError: failed to make EC2Metadata request',
      'instance not found',
      'Post https://10.20.0.5:443/sdk: dial tcp 10.20.0.5:443: i/o timeout',
    ]) {
      const facts = ids(cloud(answer));
      expect(facts, answer).toContain('kubelet.cloud_lookup_failed');
      expect(facts, answer).not.toContain('kubelet.api_error');
      const first = top(cloud(answer));
      expect(first?.id, answer).toBe('kubelet_defect');
      expect(first?.confidence ?? 0, answer).toBeLessThan(0.7);
    }
  });

  it('with a release that called the provider on the status path, the known defect corroborates it', () => {
    const bundle = {
      ...cloud('no instances found for name: ip-10-0-1-2.ec2.internal'),
      versions: { kubelet: 'v1.7.4' },
    };
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('kubelet_defect');
  });

  it('a status update refused by the network stays the node cut off', () => {
    const bundle = {
      logs: {
        kubelet: kubelet(
          'kubelet_node_status.go:380',
          'Error updating node status, will retry: error getting node "node-7": Get https://10.0.0.1:6443/api/v1/nodes/node-7: dial tcp 10.0.0.1:6443: i/o timeout',
        ),
      },
    };
    expect(ids(bundle)).not.toContain('kubelet.cloud_lookup_failed');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });
});

describe("the API server refusing the kubelet's status patch", () => {
  const conflict = {
    logs: {
      kubelet: [
        kubelet(
          'kubelet_node_status.go:383',
          'Error updating node status, will retry: failed to patch status "{\\"status\\":{}}" for node "node-7": Operation cannot be fulfilled on nodes "node-7": there is a meaningful conflict (firstResourceVersion: "1002", currentResourceVersion: "998"):',
        ),
        journal(
          'kubelet[2210]',
          ' diff1={"metadata":{"resourceVersion":"998"},"status":{"$setElementOrder/conditions":[{"type":"Ready"}],"conditions":[{"message":"Kubelet stopped posting node status.","reason":"NodeStatusUnknown","status":"Unknown","type":"Ready"}]}}',
        ),
      ].join('\n'),
    },
  };

  it('is the kubelet reaching the server, and the Unknown inside its patch is not the controller', () => {
    const facts = ids(conflict);
    expect(facts).toContain('kubelet.status_patch_conflict');
    expect(facts).not.toContain('node.status_unknown');
    expect(top(conflict)?.id).toBe('kubelet_defect');
  });
});

describe('deleted pods the kubelet leaves behind, in words', () => {
  it('a kubelet restart that clears pods stuck Terminating is the kubelet, not the runtime', () => {
    const said = {
      logs: {
        other:
          'When I delete pods they get stuck Terminating.\nSometimes when I restart the kubelet on that node, the pod disappears.',
      },
    };
    expect(ids(said)).toContain('kubelet.pods_not_killed');
    expect(top(said)?.id).toBe('kubelet_defect');
  });

  it('containers still running after their pods were deleted, in Chinese too', () => {
    for (const line of [
      'Some nodes do not kill containers after the replica set is deleted.',
      'pod删除后容器仍然运行',
    ])
      expect(ids({ logs: { other: line } }), line).toContain('kubelet.pods_not_killed');
  });
});

describe('deleted pods the kubelet leaves behind, in the mentions reader (English, Chinese, Japanese)', () => {
  it.each([
    "The deleted pods' containers are still running on two nodes.",
    '删除的pod容器还在运行',
    '削除したPodのコンテナが残っている。',
    'Podを削除したのにコンテナが動き続けている',
    'Terminating のPodは kubeletを再起動すると消える',
  ])('%s', (line) => {
    expect(ids({ logs: { other: line } })).toContain('kubelet.pods_not_killed');
  });

  it.each([
    "Pods stay Terminating; restarting the kubelet didn't help.",
    "Should the deleted pods' containers still running be killed?",
    'The containers keep running after the node reboot.',
  ])('still silent: %s', (line) => {
    expect(ids({ logs: { other: line } })).not.toContain('kubelet.pods_not_killed');
  });
});

describe("the kubelet's releases on the status path (defects.ts)", () => {
  const status = (message: string) =>
    kubelet('kubelet_node_status.go:302', `Error updating node status, will retry: ${message}`);

  // Round 24: the release's window is a prior: it names the defect but does not lift one line above the bar.
  it('a release that called the cloud provider in its status update names the defect, held below the bar', () => {
    const lookup = status(
      'failed to get node address from cloud provider: no instances found for name: ip-10-0-1-2.ec2.internal',
    );
    const old = diagnose({ kubeletVersion: 'v1.7.4', logs: { kubelet: lookup } });
    const later = diagnose({ kubeletVersion: 'v1.14.2', logs: { kubelet: lookup } });
    expect(old.causes[0]?.id).toBe('kubelet_defect');
    expect(ids({ kubeletVersion: 'v1.7.4', logs: { kubelet: lookup } })).toContain('kubelet.known_defect');
    expect(old.confidence).toBeLessThan(0.7);
    expect(old.causes[0]?.limits.join(' ')).toContain('prior');
    expect(later.causes[0]?.id).toBe('kubelet_defect');
    expect(later.confidence).toBeLessThan(0.7);
  });

  it('a release whose API server refused retried patches as a meaningful conflict names it, held below the bar', () => {
    const refused = status(
      'failed to patch status "{}" for node "node-7": Operation cannot be fulfilled on nodes "node-7": there is a meaningful conflict (firstResourceVersion: "1", currentResourceVersion: "2"):',
    );
    expect(ids({ kubeletVersion: 'v1.9.3', logs: { kubelet: refused } })).toContain('kubelet.known_defect');
    expect(diagnose({ kubeletVersion: 'v1.9.3', logs: { kubelet: refused } }).confidence).toBeLessThan(0.7);
    expect(diagnose({ kubeletVersion: 'v1.12.1', logs: { kubelet: refused } }).confidence).toBeLessThan(0.7);
  });
});
