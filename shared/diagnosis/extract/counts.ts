import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';
import { CONTAINER_THRESHOLDS } from './thresholds.ts';

/** Reports container and pod counts against the thresholds that matter for one relist. */
export function recordContainerCount(facts: FactSet, containers: number, source: string, text: string): void {
  if (containers >= CONTAINER_THRESHOLDS.many)
    facts.add({ id: 'containers.many', source, text, value: containers });
}

export function extractCounts(bundle: EvidenceBundle, facts: FactSet): void {
  const { pods, containers } = bundle.counts ?? {};
  if (containers !== undefined)
    recordContainerCount(facts, containers, 'counts.containers', String(containers));
  if (pods !== undefined && pods >= CONTAINER_THRESHOLDS.manyPods) {
    facts.add({ id: 'pods.many', source: 'counts.pods', text: String(pods), value: pods });
  }
  const fewContainers = containers === undefined || containers < CONTAINER_THRESHOLDS.few;
  const fewPods = pods === undefined || pods < CONTAINER_THRESHOLDS.fewPods;
  if ((pods !== undefined || containers !== undefined) && fewContainers && fewPods) {
    facts.add({
      id: 'containers.few',
      source: pods !== undefined ? 'counts.pods' : 'counts.containers',
      text: `pods=${pods ?? '?'} containers=${containers ?? '?'}`,
    });
  }
}
