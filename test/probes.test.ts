import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProbeScore, loadProbes, scoreProbes } from './probes.ts';

/**
 * The development probe set (test/fixtures/probes/dev.jsonl): people's sentences about a node, one cause each or a
 * red herring, in English, Chinese and Japanese, written by someone who never saw the readers. Its held-out twin is
 * scored by whoever holds it (`npm run probes -- FILE.jsonl`). Floors are a ratchet: raise them as readers improve,
 * never lower them; the ceilings on red herrings only come down.
 */
const READ_FLOOR = 118;
const TOP1_FLOOR = 94;
const FALSE_ALARM_CEILING = 1;
const STRAY_LEAD_CEILING = 1;

const probes = loadProbes(join(import.meta.dirname, 'fixtures', 'probes', 'dev.jsonl'));

describe('development probe set', () => {
  const score = scoreProbes(probes);

  it('reads and answers at least what it has reached, and raises no more false alarms', () => {
    console.info(`dev probes (${score.total}):\n${formatProbeScore(score)}`);
    expect(score.read).toBeGreaterThanOrEqual(READ_FLOOR);
    expect(score.top1).toBeGreaterThanOrEqual(TOP1_FLOOR);
    expect(score.falseAlarms).toBeLessThanOrEqual(FALSE_ALARM_CEILING);
    expect(score.strayLeads).toBeLessThanOrEqual(STRAY_LEAD_CEILING);
  });

  it('a sentence alone never reaches a confident answer', () => {
    for (const r of score.results) expect(r.confidence, r.id).toBeLessThan(0.7);
  });
});
