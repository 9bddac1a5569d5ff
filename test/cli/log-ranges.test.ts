import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateJournal } from '../../bench/log-scan/generate.ts';
import { boundaries, readInRanges } from '../../functions/cli/log-ranges.ts';
import { diagnoseEvidence, readLog } from '../../shared/diagnosis/diagnose-text.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { PasteEvidence } from '../../shared/diagnosis/paste/evidence.ts';

// The parallel reading of a large file (the main thread and worker threads, one byte range each, each scanned
// through the literal prefilter) against the plain sequential reading of the same file: small chunks, read
// before anything in this process builds the prefilter, so the references take the scanner's whole-alternation
// path.

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'paste', name), 'utf8');

/** Multi-line sections the reader must see whole, wherever the range boundaries fall. */
const BLOCKS = [
  fixture('goroutines-kubelet.txt'),
  fixture('describe-node.txt'),
  fixture('mixed-paste.txt'),
  fixture('goroutines-runtime-call.txt'),
  [
    '● kubelet.service - kubelet: The Kubernetes Node Agent',
    '     Loaded: loaded (/lib/systemd/system/kubelet.service; enabled; vendor preset: enabled)',
    '     Active: activating (auto-restart) (Result: exit-code) since Sun 2025-11-02 06:10:05 UTC; 4s ago',
    '    Process: 9001 ExecStart=/usr/bin/kubelet (code=exited, status=1/FAILURE)',
    '   Main PID: 9001 (code=exited, status=1/FAILURE)',
    '',
  ].join('\n'),
];

/** Where, as fractions of the file, the blocks are placed so that they span the boundaries of 2, 3 and 5 ranges. */
const SPANS = [1 / 2, 1 / 3, 2 / 3, 1 / 5, 4 / 5];

let dir: string;
let path: string;
let size: number;

/**
 * A generated mixed journal (~3 MB, planted lines of many rules) with every 7th line ended by CRLF, every 11th
 * carrying multi-byte UTF-8, the blocks above across the range boundaries, and a last line without a newline.
 */
function writeLog(file: string): void {
  generateJournal(file, 3_000_000, 7);
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.pop();
  const edited = lines.map((line, i) => {
    let l = i % 11 === 0 ? `${line} — 节点 «ünïcödé» 🚀` : line;
    if (i % 7 === 0) l += '\r';
    return l;
  });
  const blockBytes = BLOCKS.map((b) => Buffer.byteLength(b));
  const total =
    edited.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0) + blockBytes.reduce((a, b) => a + b, 0);
  const targets = SPANS.map((f, k) => ({
    at: total * f - (blockBytes[k] ?? 0) / 2,
    block: BLOCKS[k] ?? '',
  })).sort((a, b) => a.at - b.at);
  const out: string[] = [];
  let bytes = 0;
  for (const line of edited) {
    while (targets[0] && bytes >= targets[0].at) {
      const { block } = targets.shift() ?? { block: '' };
      out.push(block.endsWith('\n') ? block.slice(0, -1) : block);
      bytes += Buffer.byteLength(block);
    }
    out.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  out.push(
    'Nov 02 23:59:59 ip-10-42-3-17 kubelet[8411]: E1102 23:59:59.000000 8411 kubelet.go:2040] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 5m0s ago; threshold is 3m0s"',
  );
  writeFileSync(file, out.join('\n'));
}

async function* smallChunks(file: string): AsyncGenerator<string> {
  const text = readFileSync(file, 'utf8');
  for (let at = 0; at < text.length; at += 16 * 1024) yield text.slice(at, at + 16 * 1024);
}

/** Object keys in one order: the bundle's fields are set in the order the texts name them. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

/** Everything evidence holds that a diagnosis is made of, and the diagnosis (as `diagnose -o json` prints it). */
function outcome(evidence: PasteEvidence): string {
  const { bundle, logSources, facts } = evidence.snapshot();
  const diagnosis = JSON.stringify(diagnoseEvidence(evidence, {}), null, 2);
  return JSON.stringify({ bundle, logSources, facts, diagnosis }, sortedKeys, 1);
}

let sequential: string;
/** The sequential reading of a short first file, then of the test log. */
let afterFirst: string;
let first: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-ranges-'));
  path = join(dir, 'journal.log');
  writeLog(path);
  size = statSync(path).size;
  const evidence = new PasteEvidence(new FactSet());
  await readLog(evidence, { name: 'journal.log', chunks: smallChunks(path), origin: 'unknown' });
  sequential = outcome(evidence);
  first = join(dir, 'first.log');
  writeFileSync(first, `${BLOCKS[0]}\nNov 02 06:00:00 ip-10-42-3-17 kubelet[8411]: plain line\n`);
  const expected = new PasteEvidence(new FactSet());
  await readLog(expected, { name: 'first.log', chunks: smallChunks(first), origin: 'unknown' });
  await readLog(expected, { name: 'journal.log', chunks: smallChunks(path), origin: 'unknown' });
  afterFirst = outcome(expected);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the test log puts sections across range boundaries and ends without a newline', async () => {
  const text = readFileSync(path);
  expect(text.at(-1)).not.toBe(10);
  for (const parts of [2, 3, 5]) {
    const bounds = await boundaries(path, size, parts);
    expect(bounds).toHaveLength(parts + 1);
    const spanned = BLOCKS.filter((block) => {
      const start = text.indexOf(block.split('\n')[0] ?? '');
      return bounds.some((b) => b > start && b < start + Buffer.byteLength(block));
    });
    expect(spanned.length).toBeGreaterThan(0);
  }
  // The sequential reading found planted facts, with line numbers, and the sections' own facts.
  expect(sequential).toContain('"journal.log:');
  expect(sequential).toContain('kubelet.relist_deadlock');
});

it.each([2, 3, 5])(
  'reading in %i ranges (the first on this thread, the others on workers) gives the sequential result exactly',
  async (parts) => {
    const evidence = new PasteEvidence(new FactSet());
    await readInRanges(evidence, { path, name: 'journal.log', origin: 'unknown', size }, parts);
    expect(outcome(evidence)).toBe(sequential);
  },
);

it('adds ranges after what the evidence already holds, as a second file read after the first', async () => {
  const evidence = new PasteEvidence(new FactSet());
  await readLog(evidence, { name: 'first.log', chunks: smallChunks(first), origin: 'unknown' });
  await readInRanges(evidence, { path, name: 'journal.log', origin: 'unknown', size }, 2);
  expect(outcome(evidence)).toBe(afterFirst);
});
