import type { EvidenceBundle } from '../schemas/bundle.ts';
import type { Observed, RuntimeKind } from '../schemas/diagnosis.ts';
import { formatDuration, parseGoDuration } from './duration.ts';
import { detectRuntime } from './extract/versions.ts';
import type { FactSet } from './facts.ts';
import { PLEG_AGE } from './signatures.ts';

/**
 * What the node reports about itself, independent of any cause: the headline of every diagnosis. `implied` is
 * the runtime pasted lines imply, used when the bundle itself says none.
 */
export function observe(bundle: EvidenceBundle, facts: FactSet, implied?: RuntimeKind): Observed {
  const detected = detectRuntime(bundle);
  const ready = bundle.conditions?.find((c) => c.type === 'Ready');
  const status = ready?.status;
  const pleg = facts
    .examples('pleg.unhealthy')
    .map((f) => PLEG_AGE.exec(f.text))
    .find((m) => m !== null);
  const threshold = pleg ? parseGoDuration(pleg[2] ?? '') : undefined;
  return {
    ready: status === 'True' || status === 'False' || status === 'Unknown' ? status : undefined,
    readyMessage: ready?.message ?? undefined,
    plegAgeSeconds: facts.max('pleg.unhealthy'),
    plegThresholdSeconds: threshold,
    runtime: detected === 'unknown' && implied ? implied : detected,
    runtimeVersion: bundle.containerRuntimeVersion,
    kubeletVersion: bundle.kubeletVersion,
  };
}

/** The symptom every causal chain starts from. */
export function symptom(observed: Observed): string {
  if (observed.plegAgeSeconds !== undefined) {
    const threshold = observed.plegThresholdSeconds ? formatDuration(observed.plegThresholdSeconds) : '3m';
    return `Node NotReady: PLEG is not healthy — the last successful relist was ${formatDuration(observed.plegAgeSeconds)} ago (threshold ${threshold}).`;
  }
  if (observed.ready === 'Unknown')
    return 'Node Ready=Unknown: the node controller stopped hearing from the kubelet.';
  if (observed.ready === 'False')
    return `Node NotReady: ${observed.readyMessage ?? 'the kubelet reports not ready'}.`;
  return 'Node reported NotReady or unhealthy.';
}
