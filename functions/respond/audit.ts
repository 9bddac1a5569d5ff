import type { RemediationAudit } from '../../shared/incidents/decide/index.ts';
import type { Logger } from '../log/port.ts';
import type { RespondMetrics } from './metrics.ts';

/**
 * The remediation audit's log line and metric: every request, approval, refusal, API call and outcome a decision
 * reports is one structured line (`remediation <action> <outcome>` with its fields) and one increment of
 * `pleg_remediation_actions_total{action,outcome}`. The thread says the same in words.
 */
export function recordAudit(
  entries: readonly RemediationAudit[] | undefined,
  log: Logger,
  metrics: RespondMetrics | undefined,
): void {
  for (const entry of entries ?? []) {
    const fields = { remediation: entry };
    if (entry.outcome === 'refused' || entry.outcome === 'failed')
      log.warn(`remediation ${entry.action} ${entry.outcome}`, fields);
    else log.info(`remediation ${entry.action} ${entry.outcome}`, fields);
    metrics?.remediation(entry.action, entry.outcome);
  }
}
