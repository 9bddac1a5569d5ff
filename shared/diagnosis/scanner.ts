import type { Component } from './components.ts';
import type { FactSet } from './facts.ts';
import { parseLogLine } from './logline.ts';
import { asciiLower } from './rules/literals.ts';
import { SIGNATURES, type Signature } from './signatures.ts';

interface CompiledSignature extends Signature {
  regex: RegExp;
  unlessRegex: RegExp | undefined;
}

const COMPILED: readonly CompiledSignature[] = SIGNATURES.map((s) => ({
  ...s,
  regex: new RegExp(s.pattern),
  unlessRegex: s.unless ? new RegExp(s.unless) : undefined,
}));

/**
 * A copy of a line sliced out of a chunk. Slices share the chunk's memory, so each example line a FactSet keeps
 * would otherwise keep a whole chunk (megabytes) alive.
 */
function detach(line: string): string {
  return ` ${line}`.slice(1);
}

/** Every signature, by index into SIGNATURES. */
const EVERY_SIGNATURE: readonly number[] = COMPILED.map((_, i) => i);

/**
 * Where people's own words can be: a bundle's `logs.other` and pasted text or files. Events, conditions, alert
 * annotations and command output are programs' (or templates') words, whatever their lines look like.
 */
function isFreeText(source: string): boolean {
  return !/^(?:events|conditions|alerts|commandOutputs|metrics)\b/.test(source);
}

/**
 * Applies the `candidates` (indexes into SIGNATURES, ascending) to one line on which at least one of them matches
 * (or may, see lineMatches): every signature, or those the prefilter found a literal of on the line (no other
 * one can match it). One line is one piece of evidence for a fact however many rules recognise it (the
 * kubelet's "Container runtime not ready … container runtime is down" is two rules' match): the first rule's
 * reading of it counts.
 */
function classifyLine(
  line: string,
  origin: Component,
  source: string,
  facts: FactSet,
  candidates: readonly number[],
): void {
  const parsed = parseLogLine(line, origin);
  const text = detach(line.trim());
  const found = new Set<string>();
  for (const index of candidates) {
    const sig = COMPILED[index];
    if (!sig || found.has(sig.fact) || !sig.regex.test(parsed.message)) continue;
    if (sig.unlessRegex?.test(parsed.message)) continue;
    if (sig.prose && !(parsed.prose && isFreeText(source))) continue;
    const attributed = sig.from === undefined || sig.from.includes(parsed.component);
    const allowedUnknown = parsed.component === 'unknown' && !sig.strict;
    if (!attributed && !allowedUnknown) {
      if (sig.discountAs) facts.discount({ id: sig.discountAs, source, text });
      continue;
    }
    found.add(sig.fact);
    facts.add({
      id: sig.fact,
      source,
      text,
      value: sig.value?.(parsed.message),
      observation: sig.observation,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Literal prefilter.
//
// Trying every pattern at every position of a log costs more than everything else together. But a line yields
// facts only when some signature matches within the line itself (classifyLine tests every signature on the
// line's own message), and then the line holds one of the literals that signature declares (Signature.literals,
// compared ignoring the case of ASCII letters). So a rolling hash of the 4-character window ending at each
// position finds where literals may sit, hits are checked exactly, and a line holding literals is tried against
// the signatures owning them: only lines that pass are classified, and by those signatures alone (no other one
// can match the line). Any line that would yield facts is classified, in order and with its line number, so the
// facts are those of trying every signature on every line (the plain scan, LogScanner's `plain`).

/** Literals are found through one 4-character window; 3-character ones through the window ending with them. */
const WINDOW = 4;
/**
 * Any literal with a character beyond ASCII stands for this one requirement: "the line holds a non-ASCII
 * character". Node logs rarely do, so it is a rare requirement however short the literal (the Chinese `卡住`
 * of a person's description), and the scan loop sees it from a character's code alone, without a window.
 */
const NON_ASCII = '\u0080';
const HAS_NON_ASCII = /[\u0080-\uffff]/;

/** A character's code with ASCII capitals made small: literals are compared ignoring their case. */
function folded(c: number): number {
  return c >= 65 && c <= 90 ? c | 32 : c;
}

/**
 * How unlikely a character is to stand at a given position of a node log, roughly: letters that are frequent in
 * English and spaces are common, other letters less so, digits and punctuation rarer. Only used to pick which
 * window of a literal the scan looks for.
 */
function weight(c: number): number {
  if (c === 32) return 0.5;
  const ch = String.fromCharCode(c);
  if (/[etaoinsrhl]/.test(ch)) return 1;
  if (/[a-z]/.test(ch)) return 2;
  if (/[0-9]/.test(ch)) return 1.5;
  return 3;
}

/** Where the rarest window of a (folded) literal starts; negative for a literal shorter than the window. */
function rarestWindow(literal: string): number {
  if (literal.length < WINDOW) return literal.length - WINDOW;
  let best = 0;
  let bestWeight = -1;
  for (let i = 0; i + WINDOW <= literal.length; i++) {
    let w = 0;
    for (let k = i; k < i + WINDOW; k++) w += weight(literal.charCodeAt(k));
    if (w > bestWeight) {
      best = i;
      bestWeight = w;
    }
  }
  return best;
}

/** A literal (ASCII capitals made small), found through the window starting at `offset` within it. */
interface Anchor {
  literal: string;
  offset: number;
  /** Indexes into SIGNATURES of the signatures declaring it. */
  owners: readonly number[];
}

interface Prefilter {
  /** One bit per hash slot: the window of some literal hashes there. */
  slots: Int32Array;
  /** The signatures with a non-ASCII literal (NON_ASCII): found by character code, not by window. */
  nonAscii: Anchor | undefined;
  /** The literals by the exact key of their window (the low bytes of its four folded characters). */
  anchors: ReadonlyMap<number, readonly Anchor[]>;
}

const NO_ANCHORS: readonly Anchor[] = [];
const SLOT_BITS = 18;
const HASH = 0x9e3779b1 | 0;

/** The key of the window starting at `start`: the low bytes of its folded characters, `before` for any before 0. */
function windowKey(text: string, start: number, before: number): number {
  let key = 0;
  for (let i = start; i < start + WINDOW; i++)
    key = (key << 8) | (i < 0 ? before : folded(text.charCodeAt(i)) & 0xff);
  return key;
}

/** The literals the signatures declare (ASCII capitals made small), each with the signatures declaring it. */
function declaredLiterals(signatures: readonly Signature[]): Map<string, number[]> {
  const owners = new Map<string, number[]>();
  for (const [index, sig] of signatures.entries()) {
    if (sig.literals.length === 0) throw new Error(`${sig.fact} /${sig.pattern}/ declares no literal`);
    for (const declared of sig.literals) {
      const literal = HAS_NON_ASCII.test(declared) ? NON_ASCII : asciiLower(declared);
      if (literal !== NON_ASCII && literal.length < WINDOW - 1)
        throw new Error(`${sig.fact}: literal ${JSON.stringify(declared)} is too short`);
      const list = owners.get(literal) ?? [];
      if (!list.includes(index)) list.push(index);
      owners.set(literal, list);
    }
  }
  return owners;
}

/**
 * Each literal vouches for its own signatures only: a common literal inside a rare one (`kubelet` in `kubelet has
 * insufficient PID`) would otherwise send every line holding the common one to the rare one's signatures too.
 */
function buildPrefilter(signatures: readonly Signature[]): Prefilter {
  const slots = new Int32Array(1 << (SLOT_BITS - 5));
  const anchors = new Map<number, Anchor[]>();
  let nonAscii: Anchor | undefined;
  for (const [literal, owners] of declaredLiterals(signatures)) {
    if (literal === NON_ASCII) {
      nonAscii = { literal, offset: 0, owners };
      continue;
    }
    const offset = rarestWindow(literal);
    // A literal shorter than the window is found whatever characters precede it.
    const variants = offset < 0 ? 256 ** -offset : 1;
    for (let v = 0; v < variants; v++) {
      let key = 0;
      for (let i = offset; i < offset + WINDOW; i++)
        key = (key << 8) | (i < 0 ? (v >>> (8 * (-1 - i))) & 0xff : literal.charCodeAt(i) & 0xff);
      const slot = Math.imul(key, HASH) >>> (32 - SLOT_BITS);
      slots[slot >>> 5] = (slots[slot >>> 5] ?? 0) | (1 << (slot & 31));
      anchors.set(key, [...(anchors.get(key) ?? []), { literal, offset, owners }]);
    }
  }
  return { slots, nonAscii, anchors };
}

/** The prefilter as plain data (typed arrays, maps, arrays and objects), which can be sent to another thread. */
export interface BuiltPrefilter {
  filter: Prefilter;
}

let built: BuiltPrefilter | undefined;

/**
 * The prefilter, built now if it is not yet (on first use). A thread that scans in parallel with this one can
 * take it (adoptPrefilter) rather than build it again.
 */
export function builtPrefilter(): BuiltPrefilter {
  built ??= { filter: buildPrefilter(SIGNATURES) };
  return built;
}

/** Takes a prefilter another thread built (builtPrefilter), unless this thread has one already. */
export function adoptPrefilter(other: BuiltPrefilter): void {
  built ??= other;
}

/**
 * The first position in [from, to) where the window ending there hashes to a set slot, or where a non-ASCII
 * character stands at or after `nonAsciiFrom`, or -1: the scanner's inner loop, kept to plain locals so that it
 * compiles to a tight loop.
 */
function nextWindow(slots: Int32Array, text: string, from: number, to: number, nonAsciiFrom: number): number {
  let key = 0;
  for (let i = Math.max(0, from - (WINDOW - 1)); i < from; i++) {
    const c = text.charCodeAt(i);
    key = (key << 8) | ((c >= 65 && c <= 90 ? c | 32 : c) & 0xff);
  }
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    key = (key << 8) | ((c >= 65 && c <= 90 ? c | 32 : c) & 0xff);
    const slot = Math.imul(key, HASH) >>> (32 - SLOT_BITS);
    if (((slots[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0 || (c > 127 && i >= nonAsciiFrom)) return i;
  }
  return -1;
}

/** Does `text` hold `literal` (ASCII capitals made small) at `at`, ignoring the case of ASCII letters? */
function holdsAt(text: string, literal: string, at: number): boolean {
  if (at + literal.length > text.length) return false;
  for (let k = 0; k < literal.length; k++)
    if (folded(text.charCodeAt(at + k)) !== literal.charCodeAt(k)) return false;
  return true;
}

/**
 * Does one of `owners` match within `line`? classifyLine tests the signatures on the line's message, a part of
 * the line, so a line on which none matches cannot yield a fact.
 */
function lineMatches(owners: readonly number[], line: string): boolean {
  for (const owner of owners) if (COMPILED[owner]?.regex.test(line)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------------------

/**
 * Scans log text for signatures, chunk by chunk, with memory bounded by the chunk size: a partial last line is
 * carried into the next chunk. `name` is the evidence source (`logs.kubelet`); facts cite `name:line`.
 */
export class LogScanner {
  readonly #facts: FactSet;
  readonly #name: string;
  readonly #origin: Component;
  readonly #lineNumbers: boolean;
  #carry = '';
  /** The number of the line at position #counted of the text being scanned. */
  #line = 1;
  #counted = 0;

  readonly #plain: boolean;

  /**
   * `lineNumbers: false` cites the source alone, for single values such as `conditions[0].message`;
   * `firstLine` is the number of the text's first line (a range of a larger file). `plain` tries every signature
   * on every line, without the prefilter: slower, and the reference the prefilter must agree with.
   */
  constructor(
    facts: FactSet,
    name: string,
    origin: Component,
    lineNumbers = true,
    firstLine = 1,
    plain = false,
  ) {
    this.#facts = facts;
    this.#name = name;
    this.#origin = origin;
    this.#lineNumbers = lineNumbers;
    this.#line = firstLine;
    this.#plain = plain;
  }

  /**
   * Scans the complete lines of carry + chunk. The chunk is scanned in place, without copying it: the carried
   * line is completed and scanned on its own first.
   */
  push(chunk: string): void {
    const cut = chunk.lastIndexOf('\n');
    if (cut < 0) {
      this.#carry += chunk;
      return;
    }
    let from = 0;
    if (this.#carry) {
      from = chunk.indexOf('\n') + 1;
      const head = this.#carry + chunk.slice(0, from);
      this.#scan(head, 0, head.length);
    }
    this.#carry = detach(chunk.slice(cut + 1));
    if (from <= cut) this.#scan(chunk, from, cut + 1);
  }

  end(): void {
    if (this.#carry) this.#scan(this.#carry, 0, this.#carry.length);
    this.#carry = '';
  }

  #scan(text: string, from: number, to: number): void {
    if (this.#plain) this.#scanPlain(text, from, to);
    else this.#scanFiltered(builtPrefilter().filter, text, from, to);
  }

  /** Moves the line count on to position `to` of `text`. */
  #countTo(text: string, to: number): void {
    this.#line += countNewlines(text, this.#counted, to);
    this.#counted = to;
  }

  /** Classifies the line `[start, end)` of `text`. */
  #classify(text: string, start: number, end: number, candidates = EVERY_SIGNATURE): void {
    this.#countTo(text, start);
    const source = this.#lineNumbers ? `${this.#name}:${this.#line}` : this.#name;
    classifyLine(text.slice(start, end), this.#origin, source, this.#facts, candidates);
  }

  /** Classifies, with every signature, each line in [from, to) of `text` on which one of them matches. */
  #scanPlain(text: string, from: number, to: number): void {
    this.#counted = from;
    for (let start = from; start < to; ) {
      let end = text.indexOf('\n', start);
      if (end < 0 || end > to) end = to;
      if (lineMatches(EVERY_SIGNATURE, text.slice(start, end))) this.#classify(text, start, end);
      start = end + 1;
    }
    this.#countTo(text, to);
  }

  /**
   * Classifies the lines in [from, to) of `text` that may yield facts: those holding literals on which one of
   * the signatures owning the literals matches.
   */
  #scanFiltered(filter: Prefilter, text: string, from: number, to: number): void {
    const scan: Scan = { filter, text, to, owners: [], start: from, end: from - 1 };
    this.#counted = from;
    // Non-ASCII characters are reported until one is found, then again from the next line on.
    const { nonAscii } = filter;
    let nonAsciiFrom = nonAscii ? from : to;
    for (
      let i = nextWindow(filter.slots, text, from, to, nonAsciiFrom);
      i >= 0;
      i = nextWindow(filter.slots, text, i + 1, to, nonAsciiFrom)
    ) {
      for (const a of filter.anchors.get(windowKey(text, i - (WINDOW - 1), 0)) ?? NO_ANCHORS) {
        const at = i - (WINDOW - 1) - a.offset;
        if (at >= from && holdsAt(text, a.literal, at)) this.#found(scan, a, at);
      }
      if (nonAscii && i >= nonAsciiFrom && text.charCodeAt(i) > 127) {
        this.#found(scan, nonAscii, i);
        nonAsciiFrom = scan.end + 1;
      }
    }
    this.#settle(scan);
    this.#countTo(text, to);
  }

  /** Notes a literal found at `at`. The first one on a new line settles the previous line, keeping lines in order. */
  #found(scan: Scan, anchor: Anchor, at: number): void {
    if (at > scan.end) {
      this.#settle(scan);
      scan.start = scan.text.lastIndexOf('\n', at) + 1;
      const end = scan.text.indexOf('\n', at);
      scan.end = end < 0 || end > scan.to ? scan.to : end;
    }
    for (const o of anchor.owners) if (!scan.owners.includes(o)) scan.owners.push(o);
  }

  /** Classifies the pending line with the signatures owning its literals, if one of them matches on it. */
  #settle(scan: Scan): void {
    const { owners, text, start, end } = scan;
    if (owners.length > 0 && lineMatches(owners, text.slice(start, end))) {
      owners.sort((a, b) => a - b);
      this.#classify(text, start, end, owners);
    }
    owners.length = 0;
  }
}

/** The state of one prefiltered scan: the line holding the literals found so far is [start, end). */
interface Scan {
  filter: Prefilter;
  text: string;
  to: number;
  owners: number[];
  start: number;
  end: number;
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Scans a whole text at once (bundle fields, command outputs, event messages). */
export function scanText(text: string, name: string, origin: Component, facts: FactSet): void {
  const scanner = new LogScanner(facts, name, origin, text.includes('\n'));
  scanner.push(text);
  scanner.end();
}
