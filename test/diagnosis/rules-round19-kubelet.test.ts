import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, top } from '../support/node-lines.ts';

/**
 * Round 19's kubelet components failing inside the kubelet's own lines (docs/accuracy.md, "Round 19"): the sync loop
 * skipping pods for its own eviction manager (kubelet.go initializeRuntimeDependentModules' internal error, reported
 * by syncLoop's "skipping pod synchronization - %v"), not for the runtime. Lines built from the format strings.
 */

const skip = (reasons: string) =>
  journal(
    'kubelet[3475]',
    `I0727 21:08:35.638175    3475 kubelet.go:2079] skipping pod synchronization - [${reasons}]`,
  );
const repeated = (reasons: string) => ({
  logs: { kubelet: [skip(reasons), skip(reasons), skip(reasons)].join('\n') },
});

describe('the kubelet skipping pod synchronization for its own eviction manager', () => {
  it('the eviction manager failing to start is the kubelet module, at any stats error', () => {
    for (const err of [
      'unable to find data for container /',
      'failed to get root cgroup stats: no such file',
    ])
      expect(ids(repeated(`failed to start eviction manager ${err}`))).toContain(
        'kubelet.module_start_failed',
      );
  });

  it('ranks a kubelet defect, below the bar from that line alone', () => {
    const first = top(repeated('failed to start eviction manager unable to find data for container /'));
    expect(first?.id).toBe('kubelet_defect');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });

  it('near misses: the same line naming the runtime or the PLEG is not the kubelet module', () => {
    for (const reasons of [
      'container runtime is down',
      'PLEG is not healthy: pleg was last seen active 3m5s ago; threshold is 3m0s',
      'Failed to start ContainerManager system validation failed - Following Cgroup subsystem not mounted: [memory]',
    ])
      expect(ids(repeated(reasons))).not.toContain('kubelet.module_start_failed');
  });
});

describe("the container manager's refusal inside a Ready condition the kubelet itself posts", () => {
  const refusal =
    'Failed to start ContainerManager system validation failed - Following Cgroup subsystem not mounted: [memory]';
  const ready = (status: string, reason: string) => ({
    conditions: [{ type: 'Ready', status, reason, message: refusal }],
  });

  it('Ready=False with the refusal is the kubelet alive and posting, not the node cut off', () => {
    const bundle = ready('False', 'KubeletNotReady');
    expect(ids(bundle)).toContain('kubelet.posts_own_refusal');
    expect(diagnose(bundle).causes[0]?.id ?? 'unknown').not.toBe('node_unreachable');
  });

  it('near misses: Ready=Unknown, a Ready=False for another reason, and the refusal in the log are not', () => {
    expect(ids(ready('Unknown', 'NodeStatusUnknown'))).not.toContain('kubelet.posts_own_refusal');
    expect(
      ids({
        conditions: [
          {
            type: 'Ready',
            status: 'False',
            reason: 'KubeletNotReady',
            message: 'PLEG is not healthy: pleg was last seen active 3m5s ago; threshold is 3m0s',
          },
        ],
      }),
    ).not.toContain('kubelet.posts_own_refusal');
    expect(
      ids({ logs: { kubelet: journal('kubelet[880]', `F0914 06:34:09.1 880 kubelet.go:1300] ${refusal}`) } }),
    ).not.toContain('kubelet.posts_own_refusal');
  });
});
