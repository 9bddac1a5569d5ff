import { describe, expect, it } from 'vitest';
import { ids } from '../support/node-lines.ts';

// Round 17: kubernetes-mixin and node-mixin alert names written in a paste (a notification copied into a ticket),
// read as the structured alert of that name is (extract/alerts.ts). Thresholds are the mixins' own rule files.

const paste = (text: string) => ({ description: 'nodes went NotReady overnight', logs: { paste: text } });

describe('mixin alerts named in a paste', () => {
  it('a copied Alertmanager notification for NodeFileDescriptorLimit is the file table near its limit', () => {
    const bundle = paste(
      '[FIRING:1] NodeFileDescriptorLimit (10.0.1.23:9100 node-exporter warning)\nsummary: Kernel is predicted to exhaust file descriptors limit soon.',
    );
    expect(ids(bundle)).toContain('fd.near_limit');
  });

  it('KubeletPlegDurationHigh, KubeletTooManyPods, NodeDiskIOSaturation and NodeSystemSaturation each give their fact', () => {
    const bundle = paste(
      [
        '[FIRING:1] KubeletPlegDurationHigh node=ip-10-0-1-23',
        '[FIRING:1] KubeletTooManyPods node=ip-10-0-1-23',
        '[FIRING:1] NodeDiskIOSaturation device=nvme1n1',
        '[FIRING:1] NodeSystemSaturation instance=10.0.1.23:9100',
      ].join('\n'),
    );
    const found = ids(bundle);
    expect(found).toContain('pleg.relist_slow');
    expect(found).toContain('pods.many');
    expect(found).toContain('io.saturated');
    expect(found).toContain('cpu.saturated');
  });

  it('near miss: the rule file defining the alert, and a resolved notification, are not a firing alert', () => {
    const bundle = paste(
      [
        '    - alert: NodeFileDescriptorLimit',
        '[RESOLVED] NodeDiskIOSaturation device=nvme1n1',
        'NodeSystemSaturation resolved at 04:12',
      ].join('\n'),
    );
    const found = ids(bundle);
    expect(found).not.toContain('fd.near_limit');
    expect(found).not.toContain('io.saturated');
    expect(found).not.toContain('cpu.saturated');
  });
});
