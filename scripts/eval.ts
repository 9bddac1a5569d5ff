import { execFileSync } from 'node:child_process';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { diagnose } from '../shared/diagnosis/diagnose.ts';
import { CORPUS_DIR, formatScore, loadCases, markdownRow, scoreCorpus } from '../test/corpus.ts';

/**
 * `npm run eval -- DIR` scores any folder of cases in the corpus format (default: the project's corpus).
 *
 * By default it prints only aggregate measures, so the person writing rules can score a blind set without
 * reading it; `--cases` adds one line per case (for whoever reads the misses), `--markdown` prints the row for
 * docs/accuracy.md, `--json` the whole score.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cases: { type: 'boolean', default: false },
    markdown: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help || positionals.length > 1) {
  console.log('usage: npm run eval -- [DIR] [--cases] [--markdown] [--json]');
  process.exit(values.help ? 0 : 2);
}

const dir = resolve(positionals[0] ?? CORPUS_DIR);
let cases: ReturnType<typeof loadCases>;
try {
  cases = loadCases(dir);
} catch (err) {
  console.error(`eval: ${dir}: ${(err as Error).message}`);
  process.exit(2);
}
if (cases.length === 0) {
  console.error(`eval: ${dir} holds no .json cases`);
  process.exit(2);
}

const score = scoreCorpus(cases, (c) => diagnose(c.bundle));

if (values.json) {
  console.log(
    JSON.stringify(
      {
        ...score,
        byCause: Object.fromEntries(score.byCause),
        byDifficulty: Object.fromEntries(score.byDifficulty),
        byEvidence: Object.fromEntries(score.byEvidence),
        results: values.cases ? score.results : undefined,
        misses: values.cases ? score.misses : undefined,
        confidentWrong: values.cases ? score.confidentWrong : score.confidentWrong.length,
      },
      null,
      2,
    ),
  );
} else if (values.markdown) {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  console.log(markdownRow(score, basename(dir), new Date().toISOString().slice(0, 10), commit));
} else {
  console.log(`${basename(dir)} (${score.total} incidents):\n${formatScore(score)}`);
  if (values.cases) {
    console.log('\n  cases');
    for (const r of score.results) {
      const mark = r.top1 ? 'ok  ' : r.acceptable ? 'acc ' : 'MISS';
      console.log(`  ${mark} ${r.id}: expected ${r.expected}, got ${r.verdict} (${r.confidence})`);
    }
  }
}
