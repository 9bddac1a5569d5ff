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

describe("the node exporter's file-table gauges against node-mixin's NodeFileDescriptorLimit threshold (70 %)", () => {
  const filefd = (allocated: string, maximum: string) =>
    [
      '# HELP node_filefd_allocated File descriptor statistics: allocated.',
      '# TYPE node_filefd_allocated gauge',
      `node_filefd_allocated ${allocated}`,
      '# HELP node_filefd_maximum File descriptor statistics: maximum.',
      '# TYPE node_filefd_maximum gauge',
      `node_filefd_maximum ${maximum}`,
    ].join('\n');

  it('pasted from curl: 1.55 million allocated of 1.6 million is the file table near its limit', () => {
    const bundle = {
      commandOutputs: { 'curl -s localhost:9100/metrics | grep filefd': filefd('1.552e+06', '1.6e+06') },
    };
    expect(ids(bundle)).toContain('fd.near_limit');
  });

  it("in the bundle's metrics text too", () => {
    expect(ids({ metrics: filefd('9.2e+06', '9.223372036854776e+06') })).toContain('fd.near_limit');
  });

  it('near miss: half the table, one gauge alone, and an unlimited maximum are not near the limit', () => {
    expect(ids({ commandOutputs: { 'curl node:9100/metrics': filefd('800000', '1.6e+06') } })).not.toContain(
      'fd.near_limit',
    );
    expect(
      ids({ commandOutputs: { 'curl node:9100/metrics': 'node_filefd_allocated 1.552e+06' } }),
    ).not.toContain('fd.near_limit');
    expect(ids({ commandOutputs: { 'curl node:9100/metrics': filefd('1.552e+06', '+Inf') } })).not.toContain(
      'fd.near_limit',
    );
  });

  it('a structured NodeDiskIOSaturation alert is disk I/O saturated', () => {
    const bundle = {
      alerts: [
        {
          status: 'firing' as const,
          labels: { alertname: 'NodeDiskIOSaturation', device: 'nvme1n1', instance: '10.0.1.23:9100' },
          annotations: {},
        },
      ],
    };
    expect(ids(bundle)).toContain('io.saturated');
  });
});
