import { describe, expect, it } from 'vitest';
import { type Component, componentOfKlogFile, componentOfTag } from '../../shared/diagnosis/components.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import {
  JOURNAL_LINE,
  klogFile,
  LOG_HEADERS,
  logLineStart,
  writerPid,
} from '../../shared/diagnosis/log-headers.ts';
import { parseLogLine } from '../../shared/diagnosis/logline.ts';
import { splitEscapedNewlines } from '../../shared/diagnosis/paste/escaped.ts';
import { readPastedEvidence } from '../../shared/diagnosis/paste/reader.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';

const ROWS = LOG_HEADERS.map((h) => h.name);
const except = (...names: string[]): string[] => {
  for (const n of names) expect(ROWS).toContain(n);
  return ROWS.filter((n) => !names.includes(n));
};

/**
 * The rows each line-start reader knows, as they are today: a row a reader does not know yet stays out of its
 * list until it learns it (its row's `lead`, or the fast path's character checks).
 */
const KNOWN = {
  /** Pieces of text with escaped newlines that start like a log line (splitEscapedNewlines). */
  escapedPieceStart: except('journal short-full', 'journal short-unix'),
  /** Lines that end a pasted process table or command output (JOURNAL_LINE). */
  endsPastedOutput: [
    'journal short, short-precise',
    'journal short-iso, short-iso-precise',
    // Its lead is short-iso's.
    'dmesg --time-format iso',
  ],
  /** Lines the paste reader passes straight to the scanner (logLineStart); the others meet the openers first. */
  fastPath: except('dmesg -T'),
};

const facts = (read: (f: FactSet) => void): string[] => {
  const set = new FactSet();
  read(set);
  return set.ids().flatMap((id) => set.examples(id).map((e) => `${id}@${e.source}`));
};

/** Who the parsed line is attributed to, as the header's row says: its identifier, the kernel, a klog file, or nobody. */
function expectAttribution(
  header: (typeof LOG_HEADERS)[number],
  example: (typeof LOG_HEADERS)[number]['examples'][number],
  parsed: ReturnType<typeof parseLogLine>,
): void {
  if (header.yields.includes('identifier')) {
    expect(example.identifier).toBeDefined();
    expect(parsed).toMatchObject({
      component: componentOfTag(example.identifier ?? ''),
      attribution: 'named',
    });
  }
  if (header.yields.includes('kernel'))
    expect(parsed).toMatchObject({ component: 'kernel', attribution: 'named' });
  const byFile = header.yields.includes('file') ? componentOfKlogFile(klogFile(example.line)) : undefined;
  if (byFile) expect(parsed).toMatchObject({ component: byFile, attribution: 'named' });
  if (!header.yields.includes('identifier') && !header.yields.includes('kernel') && !byFile)
    expect(parsed.attribution).not.toBe('named');
}

describe.each(LOG_HEADERS)('log header $name', (header) => {
  it.each(header.examples)('every reader reads $line', (example) => {
    const { line } = example;

    // parseLogLine: what the table says the header yields.
    const parsed = parseLogLine(line, 'unknown');
    expect(parsed.message).toBe(example.message);
    expect(parsed.prose).toBe(!header.yields.includes('program'));
    expect(parsed.host).toBe(header.yields.includes('host') ? example.host : undefined);
    expectAttribution(header, example, parsed);

    // writerPid (derived facts): the PID the header gives, if it gives one.
    expect(writerPid(line)).toBe(header.yields.includes('pid') ? example.pid : undefined);

    // The paste reader: no section takes the line; its program is noted; the facts are those of its message
    // scanned alone, as its writer's, on a small paste and past the scanner's prefilter threshold alike.
    const origin: Component = parsed.attribution === 'named' ? parsed.component : 'unknown';
    const bare = facts((f) => scanText(example.message, 'paste:1', origin, f));
    if (header.rest) expect(bare.length, 'a signature in the example').toBeGreaterThan(0);
    const small = readPastedEvidence(`${line}\n`, 'paste');
    expect(small.sections).toEqual([]);
    expect(facts((f) => readPastedEvidence(`${line}\n`, 'paste', f))).toEqual(bare);
    const copies = Math.ceil((96 * 1024) / (line.length + 1));
    const large = readPastedEvidence(`${line}\n`.repeat(copies), 'paste');
    for (const id of large.facts.ids()) expect(large.facts.count(id)).toBe(copies * small.facts.count(id));
    expect(large.facts.ids()).toEqual(small.facts.ids());

    // The paste reader's fast path, the escaped-newline splitter and the end of a pasted output.
    expect(logLineStart(`x\n${line}`, 2)).toBe(KNOWN.fastPath.includes(header.name));
    const escaped = splitEscapedNewlines(`${line}\\n${line}`);
    expect(escaped).toEqual(KNOWN.escapedPieceStart.includes(header.name) ? [line, line] : undefined);
    expect(JOURNAL_LINE.test(line)).toBe(KNOWN.endsPastedOutput.includes(header.name));
  });
});

describe('the log header table', () => {
  it('names each row once, gives each examples and cites where each comes from', () => {
    expect(new Set(ROWS).size).toBe(ROWS.length);
    for (const h of LOG_HEADERS) {
      expect(h.examples.length, h.name).toBeGreaterThan(0);
      expect(h.source.length, h.name).toBeGreaterThan(20);
    }
  });
});
