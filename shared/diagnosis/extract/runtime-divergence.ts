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
 * - Round 29 (r29-runtime): the same failure where the registry CANNOT BE REACHED from the node in a way each retry
 *   meets again, by the reasons Go's net package and proxies write under the runtime's pull (containerd's docker
 *   resolver "failed to do request: %w", containers/image's "pinging container registry %s: %w", dockerd's pull under
 *   cri-dockerd): the resolver's "lookup %s: no such host" (the name does not exist for the node's resolver) and
 *   "server misbehaving" (its server failing the query), the dial's "no route to host", "network is unreachable" and
 *   "connection refused" (nothing listening at the address the node reaches, a proxy's port included), a proxy's "407
 *   Proxy Authentication Required". The runtime asks the same configured registry by the same path at every sandbox
 *   (no mirror unless its configuration names one), so each of these fails every sandbox alike (runtime.no_sandbox).
 *   A timeout (the dial's "i/o timeout", net/http's "TLS handshake timeout" or "Client.Timeout exceeded", a context's
 *   deadline), a reset or a resolver's "Temporary failure" may be a blip on the way: once it stays a lead, repeated
 *   it is the count above.
 */
const REGISTRY_REFUSED =
  /status code \[[^\]]*\]: (?:401|403|404)\b|\b(?:401 Unauthorized|403 Forbidden|404 Not Found)\b|\bunauthorized\b|access denied|access to the resource is denied|\bdenied: |manifest unknown|name unknown|authentication required|: not found\b/i;

const REGISTRY_UNREACHABLE =
  /no such host|server misbehaving|no route to host|network is unreachable|connection refused|Proxy Authentication Required/i;

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
  const failed = facts.examples('runtime.sandbox_image_failed');
  const refused = failed.find((f) => REGISTRY_REFUSED.test(f.text));
  if (refused) {
    facts.add({
      id: 'runtime.no_sandbox',
      source: refused.source,
      text: `the registry refused the sandbox image (every sandbox asks again and is refused again): ${refused.text}`,
      observation: facts.onlyObserved('runtime.sandbox_image_failed'),
    });
    return;
  }
  const unreachable = failed.find((f) => REGISTRY_UNREACHABLE.test(f.text));
  if (!unreachable) return;
  facts.add({
    id: 'runtime.no_sandbox',
    source: unreachable.source,
    text: `the sandbox image's registry cannot be reached from the node (every sandbox asks it again by the same path): ${unreachable.text}`,
    observation: facts.onlyObserved('runtime.sandbox_image_failed'),
  });
}
