import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';

/**
 * A relist that finishes late shows an age just past the 3-minute threshold; one whose runtime call never
 * returns shows an age that keeps growing. Past this age the relist is stuck, not slow.
 */
const STUCK_RELIST_SECONDS = 15 * 60;
/** After this long, "status check may not have completed yet" means the runtime never answered, not a fresh start. */
const STATUS_NEVER_SECONDS = 60;

function plegAge(facts: FactSet): void {
  const age = facts.max('pleg.unhealthy');
  const first = facts.examples('pleg.unhealthy')[0];
  if (age === undefined || !first) return;
  if (age >= STUCK_RELIST_SECONDS)
    facts.add({ id: 'pleg.stuck', source: first.source, text: first.text, value: age });
  const pending = facts.examples('runtime.status_pending')[0];
  if (pending && age >= STATUS_NEVER_SECONDS) {
    facts.add({ id: 'runtime.status_never', source: pending.source, text: pending.text, value: age });
  }
}

/** Commands about one container hang while the daemon answers everything else: that container is wedged. */
function selectiveHang(facts: FactSet): void {
  const hang = facts.examples('runtime.container_cmd_hang')[0];
  const answer = facts.examples('runtime.answers')[0];
  // The answering line stays cited on its own (runtime.answers); this fact cites the hang verbatim.
  if (hang && answer) facts.add({ id: 'runtime.selective_hang', source: hang.source, text: hang.text });
}

const SHIM_REAPED = /msg="shim reaped" id=([0-9a-f]{12,64})/g;

/**
 * dockerd logged the shim of a container as reaped, yet `docker ps` still lists that container as Up: the
 * runtime's state for it is wedged, and every inspect of it will block.
 */
function shimMismatch(bundle: EvidenceBundle, facts: FactSet): void {
  if (!facts.has('runtime.shim_reaped')) return;
  const logs = `${bundle.logs?.dockerd ?? ''}\n${bundle.logs?.containerd ?? ''}`;
  const reaped = new Set([...logs.matchAll(SHIM_REAPED)].map((m) => (m[1] ?? '').slice(0, 12)));
  for (const [command, output] of Object.entries(bundle.commandOutputs ?? {})) {
    if (!/\b(?:docker|crictl)\s+ps\b/.test(command)) continue;
    for (const line of output.split('\n')) {
      const id = /^([0-9a-f]{12})\b/.exec(line.trim())?.[1];
      if (id && reaped.has(id) && /\bUp\b|Running/.test(line)) {
        facts.add({
          id: 'runtime.shim_mismatch',
          source: `commandOutputs[${JSON.stringify(command)}]`,
          text: `${line.trim().replace(/\s{2,}/g, '  ')} (its shim was reaped)`,
        });
      }
    }
  }
}

/** Facts that only exist in combination: run after every single-source extractor. */
export function deriveFacts(bundle: EvidenceBundle, facts: FactSet): void {
  plegAge(facts);
  selectiveHang(facts);
  shimMismatch(bundle, facts);
}
