import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProbeScore, loadProbes, scoreProbes } from '../test/probes.ts';

/**
 * `npm run probes -- FILE.jsonl` scores probe sentences (test/probes.ts): read, top-1, and for red herrings false
 * alarms and stray leads, overall, per cause and per language. Aggregates only by default, so a held-out set can
 * be scored without being read; `--cases` lists the misses (for development sets only).
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cases: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help || positionals.length !== 1) {
  console.log('usage: npm run probes -- FILE.jsonl [--cases]');
  process.exit(values.help ? 0 : 2);
}

const file = resolve(positionals[0] as string);
let probes: ReturnType<typeof loadProbes>;
try {
  probes = loadProbes(file);
} catch (err) {
  console.error(`probes: ${file}: ${(err as Error).message}`);
  process.exit(2);
}
const score = scoreProbes(probes);
console.log(`${file} (${score.total} probes):\n${formatProbeScore(score)}`);
if (values.cases) {
  console.log('\n  misses');
  for (const r of score.results) {
    const miss = r.expect === 'none' ? r.strayLead : !r.top1;
    if (!miss) continue;
    const mark = r.expect === 'none' ? (r.falseAlarm ? 'ALARM' : 'lead ') : r.read ? 'read ' : 'MISS ';
    console.log(
      `  ${mark} ${r.id} [${r.lang}] expected ${r.expect}, got ${r.verdict} (${r.confidence}) ranked ${r.ranked.join(',') || '-'}`,
    );
  }
}
