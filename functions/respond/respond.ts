import type { Notifier } from '../../shared/chat/notifier.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { isResolution, mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Delivery, ProcessedStore } from '../../shared/queue/port.ts';
import { incidentKey } from '../../shared/schemas/job.ts';

export interface RespondDeps {
  notifier: Notifier;
  processed: ProcessedStore;
}

export type Outcome =
  | { receipt: string; status: 'done' | 'duplicate' }
  | { receipt: string; status: 'failed'; error: string };

function groupByIncident(deliveries: readonly Delivery[]): Map<string, Delivery[]> {
  const groups = new Map<string, Delivery[]>();
  for (const d of deliveries) {
    const key = incidentKey(d.job);
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return groups;
}

/**
 * One batch of jobs: skip what was already handled, group the rest per incident (cluster + node), diagnose
 * each incident on its merged evidence, notify, and record it as processed. Incidents fail independently:
 * one that cannot be notified does not fail the others.
 */
export async function respond(deliveries: readonly Delivery[], deps: RespondDeps): Promise<Outcome[]> {
  const seen = await deps.processed.seen(deliveries.map((d) => d.job.dedupKey));
  const outcomes: Outcome[] = deliveries
    .filter((d) => seen.has(d.job.dedupKey))
    .map((d) => ({ receipt: d.receipt, status: 'duplicate' }));
  const fresh = deliveries.filter((d) => !seen.has(d.job.dedupKey));
  for (const [key, group] of groupByIncident(fresh)) {
    const first = group[0];
    if (!first) continue;
    const jobs = group.map((d) => d.job);
    try {
      const diagnosis = diagnose(mergeEvidence(first.job.cluster, first.job.node, jobs));
      await deps.notifier.notify({
        key,
        cluster: first.job.cluster,
        node: first.job.node,
        state: isResolution(jobs) ? 'resolved' : 'firing',
        diagnosis,
        jobs,
      });
      await deps.processed.mark(jobs.map((j) => j.dedupKey));
      outcomes.push(...group.map((d) => ({ receipt: d.receipt, status: 'done' as const })));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcomes.push(...group.map((d) => ({ receipt: d.receipt, status: 'failed' as const, error: message })));
    }
  }
  return outcomes;
}
