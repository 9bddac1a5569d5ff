import fc from 'fast-check';
import { expect, it } from 'vitest';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { LogScanner, scanText } from '../../shared/diagnosis/scanner.ts';
import { SIGNATURES } from '../../shared/diagnosis/signatures.ts';
import { loadCorpus } from '../corpus.ts';

/** Everything a scan recorded, in a comparable form. */
function snapshot(facts: FactSet): string {
  const ids = facts.ids().sort();
  return JSON.stringify({
    facts: ids.map((id) => [
      id,
      facts.count(id),
      facts.max(id),
      facts.examples(id).map((f) => `${f.source}|${f.text}`),
    ]),
    discounted: facts.discounted.map((f) => `${f.id}|${f.source}|${f.text}`),
  });
}

function scanInChunks(text: string, cuts: number[], plain = false): string {
  const facts = new FactSet();
  const scanner = new LogScanner(facts, 'logs.test', 'unknown', true, 1, plain);
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    scanner.push(text.slice(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  scanner.push(text.slice(at));
  scanner.end();
  return snapshot(facts);
}

// Lines the signatures are about, and noise around them, from which random logs are assembled.
const samples = [
  ...SIGNATURES.map((s) => s.pattern.replace(/\\./g, '.').replace(/[()[\]|?*+^$\\{}]/g, ' ')),
  'Nov 02 13:41:43 app04 dockerd[8435]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
  'Nov 02 13:41:45 app04 kubelet[8411]: E1102 13:41:45.630715 8411 kubelet.go:2040] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m46.7s ago; threshold is 3m0s"',
  '[12345.678901] INFO: task containerd-shim:4242 blocked for more than 120 seconds.',
  'Nov 02 13:41:46 app04 myapp[77]: java.io.IOException: Too many open files',
  'Nov 02 13:41:47 app04 systemd[1]: Started Session 42 of user root.',
  'noise line with ünïcödé and 中文 字符',
  '',
];
const logs = fc.array(fc.constantFrom(...samples), { maxLength: 60 }).map((lines) => lines.join('\n'));

// Every rule on every line of the whole corpus, twice: it grows with both, so it gets more than the default
// time a test has before it counts as hung.
it('the prefiltered scan records exactly what the plain scan records', { timeout: 90_000 }, () => {
  const corpusLogs = loadCorpus().flatMap((c) =>
    Object.values(c.bundle.logs ?? {}).filter((t): t is string => typeof t === 'string'),
  );
  const inputs = fc.sample(fc.tuple(logs, fc.array(fc.nat({ max: 4000 }), { maxLength: 6 })), {
    numRuns: 300,
    seed: 42,
  });
  // Every signature tried on every line …
  const plain = [
    ...corpusLogs.map((t) => scanInChunks(t, [], true)),
    ...inputs.map(([t, cuts]) => scanInChunks(t, cuts, true)),
  ];
  // … and only on the lines holding their literals.
  const filtered = [
    ...corpusLogs.map((t) => scanInChunks(t, [])),
    ...inputs.map(([t, cuts]) => scanInChunks(t, cuts)),
  ];
  expect(filtered).toEqual(plain);
  expect(plain.some((s) => s.includes('fd.emfile'))).toBe(true);
});

it('counts a line once per fact, however many rules recognise it', () => {
  const facts = new FactSet();
  const line =
    'Nov 02 06:12:05 ip-10-42-3-17 kubelet[8411]: E1102 06:12:05.718493    8411 kubelet.go:2855] "Container runtime not ready" runtimeReady="RuntimeReady=false reason:ContainerdNotReady message:container runtime is down"';
  // Two kubelet rules match it (the "not ready" condition and its "container runtime is down" reason).
  expect(SIGNATURES.filter((s) => s.fact === 'runtime.down' && new RegExp(s.pattern).test(line)).length).toBe(
    2,
  );
  scanText(`${line}\n${line}\n`, 'kubelet.log', 'kubelet', facts);
  expect(facts.count('runtime.down')).toBe(2);
});
