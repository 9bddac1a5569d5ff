import type { EvidenceBundle } from '../../schemas/bundle.ts';
import { normaliseEvent } from '../../schemas/kube-event.ts';
import { type Fact, type FactId, FactSet } from '../facts.ts';
import { scanText } from '../scanner.ts';

/**
 * Round 18: the runtime's answers about one container set against its processes, and sandboxes that fail on the
 * sandbox image itself, told by repetition (rules/crio.ts, containerd.ts and runtime.ts record each line).
 *
 * - CRI-O's exec check finding a container's process gone (runtime.exec_process_gone) while the kubelet, which probes
 *   only containers the runtime reports running, keeps probing it: once is an exit not yet processed (the next
 *   relist settles it), REPEATED times is an exit never recorded (runtime.running_without_process).
 * - A sandbox failing on the sandbox image (runtime.sandbox_image_failed): once may be a registry's blip, REPEATED
 *   times is the runtime unable to create any sandbox (runtime.no_sandbox).
 *
 * An event counts each of its occurrences (its `count`), and its message may come wrapped across lines when pasted
 * from a terminal or an issue: it is also read joined, for these facts only.
 */
const REPEATED = 3;

/** Facts a wrapped event message is read again for, joined into one line. */
const JOINED_FACTS: readonly FactId[] = [
  'runtime.sandbox_image_failed',
  'runtime.exec_process_gone',
  'runtime.container_cmd_hang',
  'runtime.shim_hang',
];

function eventFacts(bundle: EvidenceBundle, facts: FactSet): Map<FactId, Fact & { count: number }> {
  const repeated = new Map<FactId, Fact & { count: number }>();
  (bundle.events ?? []).forEach((raw, i) => {
    const e = normaliseEvent(raw);
    if (!e.message) return;
    const source = `events[${i}].message`;
    const asLines = new FactSet();
    scanText(e.message, source, 'kubelet', asLines);
    const joined = new FactSet();
    if (e.message.includes('\n')) scanText(e.message.replace(/\r?\n/g, ''), source, 'kubelet', joined);
    for (const id of JOINED_FACTS) {
      const found = asLines.examples(id)[0] ?? joined.examples(id)[0];
      if (!found) continue;
      if (!asLines.has(id)) facts.add(found);
      const seen = repeated.get(id);
      repeated.set(id, { ...found, count: (seen?.count ?? 0) + Math.max(1, e.count) });
    }
  });
  return repeated;
}

/** A fact recorded REPEATED times or more (lines of logs, or an event's count) yields `derived`, citing its first line. */
function whenRepeated(
  facts: FactSet,
  events: Map<FactId, Fact & { count: number }>,
  id: FactId,
  derived: FactId,
): void {
  const inEvents = events.get(id);
  const total = Math.max(facts.count(id), inEvents?.count ?? 0);
  const first = inEvents ?? facts.examples(id)[0];
  if (total < REPEATED || !first) return;
  facts.add({
    id: derived,
    source: first.source,
    text: `${total} times: ${first.text}`,
    value: total,
    observation: facts.onlyObserved(id),
  });
}

export function deriveRuntimeDivergence(bundle: EvidenceBundle, facts: FactSet): void {
  const events = eventFacts(bundle, facts);
  whenRepeated(facts, events, 'runtime.exec_process_gone', 'runtime.running_without_process');
  whenRepeated(facts, events, 'runtime.sandbox_image_failed', 'runtime.no_sandbox');
}
