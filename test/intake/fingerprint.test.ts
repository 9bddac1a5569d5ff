import { expect, it } from 'vitest';
import { labelFingerprint } from '../../shared/intake/normalise.ts';

it('computes the fingerprint Alertmanager itself gives a label set', () => {
  // Captured from a real Alertmanager 0.25 webhook (the alert's `fingerprint` field).
  const labels = {
    alertname: 'KubeletPlegDurationHigh',
    instance: '127.0.0.1:19100',
    job: 'kubelet',
    node: 'node-a',
    severity: 'critical',
  };
  expect(labelFingerprint(labels)).toBe('68940b9a7fd294f2');
  expect(labelFingerprint({ ...labels, severity: 'warning' })).not.toBe('68940b9a7fd294f2');
  expect(labelFingerprint({})).toBe('cbf29ce484222325');
});
