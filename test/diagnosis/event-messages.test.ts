import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';

/**
 * An event's message is read once, by the events extractor, for every fact: each occurrence the event counts is an
 * occurrence of its facts, and a message wrapped across lines (pasted from a terminal) is read joined as well.
 */
const PLEG = 'PLEG is not healthy: pleg was last seen active 3m46s ago; threshold is 3m0s';
const RUNTIME_DOWN = `container runtime is down, ${PLEG}`;

function bundle(message: string, count: number) {
  return EvidenceBundleSchema.parse({
    node: 'node-1',
    events: [
      {
        type: 'Normal',
        reason: 'NodeNotReady',
        message,
        count,
        involvedObject: { kind: 'Node', name: 'node-1' },
        source: { component: 'kubelet', host: 'node-1' },
      },
    ],
  });
}

describe("an event's message", () => {
  it("counts each of the event's occurrences, and the citation says how many", () => {
    const b = bundle(RUNTIME_DOWN, 12);
    expect(extractFacts(b).count('runtime.down')).toBe(12);
    const cited = diagnose(b)
      .causes.flatMap((c) => c.evidence)
      .find((e) => e.text === RUNTIME_DOWN);
    expect(cited?.occurrences).toBe(12);
  });

  it('is read joined when a terminal wrapped it, for facts its lines alone do not show', () => {
    const wrapped = `${PLEG.slice(0, 14)}\n${PLEG.slice(14)}`;
    expect(extractFacts(bundle(wrapped, 1)).has('pleg.unhealthy')).toBe(true);
  });

  it('is not counted twice when its lines already show the fact', () => {
    const twoLines = `${PLEG}\nsecond line of the same message`;
    expect(extractFacts(bundle(twoLines, 1)).count('pleg.unhealthy')).toBe(1);
  });
});
