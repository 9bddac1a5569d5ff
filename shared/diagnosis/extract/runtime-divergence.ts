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
 * - Round 28 (r28-runtime): the same failure where the registry REFUSED the sandbox image (an HTTP 401, 403 or 404 as
 *   containerd's docker resolver writes it, "pulling from host %s failed with status code %v: %v"; the registry's
 *   error codes UNAUTHORIZED, DENIED, MANIFEST_UNKNOWN, NAME_UNKNOWN as distribution's errcode text gives them,
 *   "unauthorized", "denied", "manifest unknown"; containers/image's "requested access to the resource is denied",
 *   "authentication required"; a "not found" of the reference) is no blip even once: the runtime asks again for the
 *   same image with the same credentials at every sandbox, so every sandbox fails (runtime.no_sandbox).
 */
const REGISTRY_REFUSED =
  /status code \[[^\]]*\]: (?:401|403|404)\b|\b(?:401 Unauthorized|403 Forbidden|404 Not Found)\b|\bunauthorized\b|access denied|access to the resource is denied|\bdenied: |manifest unknown|name unknown|authentication required|: not found\b/i;

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
  if (facts.has('runtime.no_sandbox')) return;
  const refused = facts.examples('runtime.sandbox_image_failed').find((f) => REGISTRY_REFUSED.test(f.text));
  if (!refused) return;
  facts.add({
    id: 'runtime.no_sandbox',
    source: refused.source,
    text: `the registry refused the sandbox image (every sandbox asks again and is refused again): ${refused.text}`,
    observation: facts.onlyObserved('runtime.sandbox_image_failed'),
  });
}
