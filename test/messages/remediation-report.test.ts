import { describe, expect, it } from 'vitest';
import { remediationReportMessage } from '../../shared/messages/remediation.ts';
import type { RemediationJob, RemediationReport } from '../../shared/remediation/model.ts';

const job: RemediationJob = {
  id: '0123456789ab',
  dedupKey: 'prod/node-a:1:drain',
  action: 'drain',
  cluster: 'prod',
  node: 'node-a',
  mode: 'dry-run',
  requestedBy: 'U0ONCALL',
  requestedAt: '2026-11-26T10:00:00.000Z',
  fingerprint: 'fp',
  override: false,
  approvals: [],
  state: 'done',
  requests: [],
};
const drain = { evicted: ['shop/api-1', 'shop/api-2'], blocked: [], stuck: [], skipped: [] };

describe("a drain's report", () => {
  it('a dry-run lists the pods a drain would evict, not pods evicted', () => {
    const report: RemediationReport = { result: 'dry-run', calls: [], drain };
    const text = JSON.stringify(remediationReportMessage(job, report).blocks);
    expect(text).toContain('Would evict');
    expect(text).not.toContain('*Evicted*');
  });

  it('a drain that ran says what it evicted', () => {
    const report: RemediationReport = { result: 'done', calls: [], drain };
    const text = JSON.stringify(remediationReportMessage({ ...job, mode: 'on' }, report).blocks);
    expect(text).toContain('*Evicted* (2)');
  });
});
