import { type DownstreamFault, faultOf } from '../../shared/faults.ts';
import type { Delivery, ProcessedStore } from '../../shared/queue/port.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { incidentKey } from '../../shared/schemas/job.ts';
import type { IncidentHandler } from './handler.ts';

export interface RespondDeps {
  handler: IncidentHandler;
  processed: ProcessedStore;
}

export type Outcome =
  | { receipt: string; status: 'done' | 'duplicate' }
  /** `fault`: a downstream service failed, not the job: it waits for the service instead of spending attempts. */
  | { receipt: string; status: 'failed'; error: string; fault?: DownstreamFault };

function groupByIncident(deliveries: readonly Delivery[]): Map<string, Delivery[]> {
  const groups = new Map<string, Delivery[]>();
  for (const d of deliveries) {
    const key = incidentKey(d.job);
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return groups;
}

/**
 * One batch of jobs: skip what was already handled, group the rest per incident (cluster + node), hand each
 * group to the incident handler, and record it as processed. Incidents fail independently: one that cannot be
 * handled (chat down) is retried without failing the others.
 */
export async function respond(deliveries: readonly Delivery[], deps: RespondDeps): Promise<Outcome[]> {
  const seen = await deps.processed.seen(deliveries.map((d) => d.job.dedupKey));
  // A job delivered twice in one batch (sent again before the first copy was handled) is handled once.
  const fresh: Delivery[] = [];
  const outcomes: Outcome[] = [];
  for (const d of deliveries) {
    if (seen.has(d.job.dedupKey)) outcomes.push({ receipt: d.receipt, status: 'duplicate' });
    else fresh.push(d);
    seen.add(d.job.dedupKey);
  }
  const groups = [...groupByIncident(fresh).values()];
  await deps.handler.prepare?.(
    groups.flatMap((g) =>
      g[0] ? [{ cluster: g[0].job.cluster, node: g[0].job.node, jobs: g.map((d) => d.job) }] : [],
    ),
  );
  for (const group of groups) {
    const first = group[0];
    if (!first) continue;
    const jobs: Job[] = group.map((d) => d.job);
    try {
      await deps.handler.handle(first.job.cluster, first.job.node, jobs);
      await deps.processed.mark(jobs.map((j) => j.dedupKey));
      outcomes.push(...group.map((d) => ({ receipt: d.receipt, status: 'done' as const })));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const fault = faultOf(error);
      outcomes.push(
        ...group.map((d) => ({ receipt: d.receipt, status: 'failed' as const, error: message, fault })),
      );
    }
  }
  return outcomes;
}
