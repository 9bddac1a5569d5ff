import { diagnose } from '../diagnosis/diagnose.ts';
import type { EvidenceBundle } from '../schemas/bundle.ts';
import type { Diagnosis } from '../schemas/diagnosis.ts';
import type { Job } from '../schemas/job.ts';

function mergeBundles(into: EvidenceBundle, from: EvidenceBundle): EvidenceBundle {
  const logs = { ...into.logs };
  for (const [source, text] of Object.entries(from.logs ?? {})) {
    if (typeof text === 'string' && text) logs[source] = logs[source] ? `${logs[source]}\n${text}` : text;
  }
  return {
    ...from,
    ...into,
    conditions: from.conditions ?? into.conditions,
    events: [...(into.events ?? []), ...(from.events ?? [])],
    alerts: [...(into.alerts ?? []), ...(from.alerts ?? [])],
    logs,
    commandOutputs: { ...into.commandOutputs, ...from.commandOutputs },
    metrics: from.metrics ?? into.metrics,
    counts: from.counts ?? into.counts,
    unavailable: from.unavailable ?? into.unavailable,
  };
}

/**
 * All signals about one incident as one evidence bundle: alerts and events are collected, pushed bundles
 * merged (later conditions, metrics and counts replace earlier ones; logs and command outputs add up).
 */
export function mergeEvidence(cluster: string, node: string, jobs: readonly Job[]): EvidenceBundle {
  let bundle: EvidenceBundle = { cluster, node: node || undefined, alerts: [], events: [] };
  for (const job of jobs) {
    if (job.kind === 'alert') bundle.alerts?.push(job.alert);
    else if (job.kind === 'event') bundle.events?.push(job.event);
    else if (job.kind === 'bundle') bundle = mergeBundles(bundle, job.bundle);
  }
  return bundle;
}

/** The diagnosis of an incident's signals: their evidence merged, then the engine. */
export function diagnoseSignals(cluster: string, node: string, signals: readonly Job[]): Diagnosis {
  return diagnose(mergeEvidence(cluster, node, signals));
}
