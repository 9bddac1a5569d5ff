import type { EvidenceBundle, LogSource } from '../../schemas/bundle.ts';
import type { Component } from '../components.ts';
import { FactSet } from '../facts.ts';
import { logLineStart } from '../log-headers.ts';
import { parseLogLine } from '../logline.ts';
import { LogScanner, scanText } from '../scanner.ts';
import { openDescribeNode } from './describe-node.ts';
import { splitEscapedNewlines } from './escaped.ts';
import { type Opener, PasteEvidence, type PasteFormat, type Section } from './evidence.ts';
import { openGoroutineDump } from './goroutines.ts';
import { readJsonLogLine, recordLine } from './json-lines.ts';
import { openBareCallTrace, openCallTrace, openKernelStack } from './kernel-stack.ts';
import { openGetEvents, openGetNodes } from './kubectl-tables.ts';
import { openLsofTable } from './lsof-table.ts';
import { openJsonObject, openNodeYaml } from './node-object.ts';
import { openProcessTable } from './process-table.ts';
import { openContainerList, openCrictlFailure, openShellCommand } from './shell-session.ts';
import { openSystemctlStatus } from './systemctl-status.ts';

/**
 * Every section format, tried in this order on a line no section holds. Each opener rejects a line on its first
 * characters before trying a pattern.
 */
const OPENERS: readonly Opener[] = [
  openShellCommand,
  openCrictlFailure,
  openContainerList,
  openDescribeNode,
  openGetEvents,
  openGetNodes,
  openNodeYaml,
  openJsonObject,
  openGoroutineDump,
  openKernelStack,
  openCallTrace,
  openBareCallTrace,
  openSystemctlStatus,
  openProcessTable,
  openLsofTable,
];

/** What pasted texts held, beyond the facts their lines gave. */
export interface PastedEvidence {
  /** A partial evidence bundle: node, versions, conditions, events, counts, command outputs. */
  bundle: EvidenceBundle;
  /** The programs whose log lines the texts hold, as bundle log sources. */
  logSources: LogSource[];
  /** The sections recognised, in order, with the text and line each starts on. */
  sections: ReadonlyArray<{ name: string; format: PasteFormat; line: number }>;
}

/**
 * The first SAMPLED_LINES lines of every SAMPLE_PERIOD have their program noted for `logSources`: all of a Slack
 * paste, a sample of a big file's (parsing every line would cost as much as the scan). Chosen by line number, so
 * the sample is the same however the text arrives (chunks, or ranges of a file read in parallel).
 */
const SAMPLED_LINES = 2048;
const SAMPLE_PERIOD = 32 * 1024;
/** A line longer than this (no newline in 4 Mi characters) is read in pieces rather than held whole. */
const MAX_LINE_CHARS = 1 << 22;

/** The next occurrence of a mark in a text, found once per occurrence however many lines ask. */
class NextMark {
  readonly #text: string;
  readonly #mark: string;
  #at: number;

  constructor(text: string, mark: string, from: number) {
    this.#text = text;
    this.#mark = mark;
    this.#at = text.indexOf(mark, from);
  }

  /** Does the mark occur in [start, end)? Lines must be asked about in order. */
  within(start: number, end: number): boolean {
    while (this.#at >= 0 && this.#at < start) this.#at = this.#text.indexOf(this.#mark, start);
    return this.#at >= 0 && this.#at < end;
  }
}

/** The line from `start` to the newline at `newline`, without a carriage return before it. */
function lineAt(text: string, start: number, newline: number): string {
  return text.slice(start, text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline);
}

/**
 * Reads pasted text of any size chunk by chunk, with bounded memory. Each line either belongs to a recognised
 * section (a `kubectl describe node`, a goroutine dump, a `systemctl status` block...) and goes to that
 * section's reader, or is a log line: JSON records and lines with escaped newlines are turned into plain log
 * lines first, and runs of plain lines go to the signature scanner as they are (its literal prefilter keeps a
 * 1 GB journal fast). Lines a section took are handed to the scanner as empty lines, so cited line numbers
 * stay those of the paste.
 */
export class PasteReader {
  readonly #evidence: PasteEvidence;
  readonly #scanner: LogScanner;
  readonly #name: string;
  readonly #origin: Component;
  #carry = '';
  #line = 0;
  #open: Section | undefined;
  /** Lines taken by sections since the scanner was last handed text. */
  #taken = 0;
  #lastFormat: PasteFormat | undefined;

  /**
   * `name` is what facts cite (`name:LINE`); `origin` the program the text comes from when its lines do not say
   * (a file named kubelet.log); `firstLine` the number of the text's first line (a range of a larger file).
   */
  constructor(evidence: PasteEvidence, name: string, origin: Component = 'unknown', firstLine = 1) {
    this.#evidence = evidence;
    this.#scanner = new LogScanner(evidence.facts, name, origin, true, firstLine);
    this.#name = name;
    this.#origin = origin;
    this.#line = firstLine - 1;
  }

  /**
   * Between lines with nothing open: no partial line held, no section reading on. What follows can be read by
   * a fresh reader (starting at the right line) with the very same result.
   */
  get idle(): boolean {
    return this.#carry === '' && this.#open === undefined;
  }

  /**
   * Reads the complete lines of carry + chunk. The chunk is read in place, without copying it: the carried
   * partial line is completed and read on its own first.
   */
  push(chunk: string): void {
    const cut = chunk.lastIndexOf('\n');
    if (cut < 0) {
      const text = this.#carry + chunk;
      if (text.length <= MAX_LINE_CHARS) {
        this.#carry = text;
        return;
      }
      this.#carry = '';
      this.#readLines(`${text}\n`, 0, text.length + 1);
      return;
    }
    let from = 0;
    if (this.#carry) {
      from = chunk.indexOf('\n') + 1;
      const head = this.#carry + chunk.slice(0, from);
      this.#readLines(head, 0, head.length);
    }
    this.#carry = chunk.slice(cut + 1);
    this.#readLines(chunk, from, cut + 1);
  }

  end(): void {
    if (this.#carry) this.#readLines(`${this.#carry}\n`, 0, this.#carry.length + 1);
    this.#carry = '';
    this.#close();
    this.#scanner.end();
  }

  #cite = (line: number): string => `${this.#name}:${line}`;

  /** Reads the complete lines in [from, end) of `text` (from is a line's start, end just past a newline). */
  #readLines(text: string, from: number, end: number): void {
    let plainFrom = from;
    const escaped = new NextMark(text, '\\n', from);
    const trace = new NextMark(text, 'Call Trace:', from);
    // A sleeping task's frames without their `Call Trace:` line: every such stack has a scheduler frame.
    const sleep = new NextMark(text, 'schedule+0x', from);
    const fatal = new NextMark(text, 'level=fatal', from);
    for (let start = from; start < end; ) {
      const newline = text.indexOf('\n', start);
      // The bulk of a big journal: no section open, a log line no opener wants, and no mark of something an
      // opener or the escape reader wants in it (an escaped newline, a kernel call trace or a sleeping task's
      // frame, crictl's fatal exit).
      const plain =
        !this.#open &&
        logLineStart(text, start) &&
        !escaped.within(start, newline) &&
        !trace.within(start, newline) &&
        !sleep.within(start, newline) &&
        !fatal.within(start, newline);
      const sampled = this.#line % SAMPLE_PERIOD < SAMPLED_LINES;
      if (plain && !sampled) {
        this.#line++;
        start = newline + 1;
        continue;
      }
      const line = lineAt(text, start, newline);
      this.#line++;
      if (!plain && this.#takes(line, this.#line)) {
        if (plainFrom < start) this.#hand(text.slice(plainFrom, start));
        this.#taken++;
        plainFrom = newline + 1;
      } else if (sampled && line !== '') {
        this.#evidence.sawLine(parseLogLine(line, this.#origin));
      }
      start = newline + 1;
    }
    if (plainFrom < end) this.#hand(text.slice(plainFrom, end));
  }

  /** Hands plain lines to the scanner, after one empty line per line a section took. */
  #hand(lines: string): void {
    if (this.#taken > 0) this.#scanner.push('\n'.repeat(this.#taken));
    this.#taken = 0;
    this.#scanner.push(lines);
  }

  #note(format: PasteFormat, at: number): void {
    if (format !== this.#lastFormat) this.#evidence.section(this.#name, format, at);
    this.#lastFormat = format;
  }

  #close(): void {
    this.#open?.close(this.#evidence, this.#cite);
    this.#open = undefined;
  }

  /** Does something other than the scanner read this line? */
  #takes(line: string, at: number): boolean {
    if (this.#open) {
      if (this.#open.take(line, at)) return true;
      this.#close();
    }
    if (line === '') return false;
    for (const open of OPENERS) {
      const section = open(line, at);
      if (!section) continue;
      this.#open = section;
      this.#lastFormat = undefined;
      this.#note(section.format, at);
      // A prompt line (or crictl's failure line) is also read as text: it may say more than the command.
      return section.format !== 'shell-command';
    }
    if (line.charCodeAt(0) === 123) {
      const record = readJsonLogLine(line);
      if (record) {
        this.#note(record.format, at);
        this.#evidence.sawLine(recordLine(record));
        scanText(record.text, this.#cite(at), record.component, this.#evidence.facts);
        return true;
      }
    }
    const pieces = line.includes('\\n') ? splitEscapedNewlines(line) : undefined;
    if (!pieces) return false;
    this.#note('escaped-newlines', at);
    for (const piece of pieces) {
      if (this.#takes(piece, at) || piece === '') continue;
      this.#evidence.sawLine(parseLogLine(piece, this.#origin));
      scanText(piece, this.#cite(at), this.#origin, this.#evidence.facts);
    }
    return true;
  }
}

/** Reads a whole pasted text at once (a Slack message, a test sample). */
export function readPastedEvidence(
  text: string,
  name: string,
  facts: FactSet = new FactSet(),
): PastedEvidence & { facts: FactSet } {
  const evidence = new PasteEvidence(facts);
  const reader = new PasteReader(evidence, name);
  reader.push(text);
  reader.end();
  return { bundle: evidence.bundle, logSources: evidence.logSources, sections: evidence.sections, facts };
}
