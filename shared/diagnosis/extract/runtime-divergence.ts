import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactId, FactSet } from '../facts.ts';

/**
 * Round 18: the runtime's answers about one container set against its processes, and sandboxes that fail on the
 * sandbox image itself, told by repetition (rules/crio.ts, containerd.ts and runtime.ts record each line; an
 * event counts each of its occurrences, extract/events.ts).
 *
 * - CRI-O's exec check finding a container's process gone (runtime.exec_process_gone) while the kubelet, which probes
 *   only containers the runtime reports running, keeps probing it: once is an exit not yet processed (the next
 *   relist settles it), REPEATED times is an exit never recorded (runtime.running_without_process).
 * - A sandbox failing on the sandbox image (runtime.sandbox_image_failed): once may be a registry's blip, REPEATED
 *   times is the runtime unable to create any sandbox (runtime.no_sandbox).
 */
const REPEATED = 3;

/** A fact recorded REPEATED times or more yields `derived`, citing its first line. */
function whenRepeated(facts: FactSet, id: FactId, derived: FactId): void {
  const total = facts.count(id);
  const first = facts.examples(id)[0];
  if (total < REPEATED || !first) return;
  facts.add({
    id: derived,
    source: first.source,
    text: `${total} times: ${first.text}`,
    value: total,
    observation: facts.onlyObserved(id),
  });
}

export function deriveRuntimeDivergence(_bundle: EvidenceBundle, facts: FactSet): void {
  whenRepeated(facts, 'runtime.exec_process_gone', 'runtime.running_without_process');
  whenRepeated(facts, 'runtime.sandbox_image_failed', 'runtime.no_sandbox');
}
