import type { Component } from './components.ts';
import type { Fact, FactSet } from './facts.ts';
import { parseLogLine } from './logline.ts';
import {
  type Bounds,
  notAffirmedBy,
  saidAffirmed,
  saidResolved,
  sentenceAround,
} from './rules/descriptions.ts';
import { asciiLower } from './rules/literals.ts';
import { SIGNATURES, type Signature } from './signatures.ts';

interface CompiledSignature extends Signature {
  regex: RegExp;
  unlessRegex: RegExp | undefined;
  unlessSaidRegex: RegExp | undefined;
}

const COMPILED: readonly CompiledSignature[] = SIGNATURES.map((s) => ({
  ...s,
  regex: new RegExp(s.pattern),
  unlessRegex: s.unless ? new RegExp(s.unless) : undefined,
  unlessSaidRegex: s.unlessSaid ? new RegExp(s.unlessSaid) : undefined,
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

/** An opening quote: a person quoting a program's message in a sentence. */
const OPENING_QUOTE = /["`“「'‘]/;

/**
 * A program's message quoted in a person's sentence ("the kubelet kept logging `PLEG is not healthy`"): the words
 * are the program's, whoever typed them. A rule that requires its writer then reads it at a description's weight.
 * Not for rules that discount other writers' lines (an application's own EMFILE is not the daemon's).
 */
function quotedInProse(sig: CompiledSignature, message: string, prose: boolean, source: string): boolean {
  if (!prose || sig.discountAs || !isFreeText(source)) return false;
  const at = sig.regex.exec(message)?.index ?? 0;
  return OPENING_QUOTE.test(message.slice(0, at + 1));
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
  const freeProse = parsed.prose && isFreeText(source);
  for (const index of candidates) {
    const sig = COMPILED[index];
    // A description rule is passed over before its pattern is tried on a program's line: besides the time,
    // V8 compiles a pattern to machine code once it has run, and the description grammar's patterns are most
    // of the rules' code (about 12 of 13 MB, in every thread that reads a log).
    if (!sig || found.has(sig.fact) || (sig.prose && !freeProse)) continue;
    const match = matchOf(sig, parsed.message, freeProse);
    if (!match) continue;
    // A person's sentence that names a daemon ("the app hit too many open files; node and kubelet were fine") is
    // not that daemon's line: a rule that requires its writer leaves such prose to the description readers, which
    // weigh who the sentence is about (an application's own limit, a job's container, a denial).
    const namedInProse = sig.strict === true && freeProse && parsed.attribution === 'content';
    const attributed = (sig.from === undefined || sig.from.includes(parsed.component)) && !namedInProse;
    const allowedUnknown = parsed.component === 'unknown' && !sig.strict;
    const quoted =
      !attributed &&
      parsed.component === 'unknown' &&
      quotedInProse(sig, parsed.message, parsed.prose, source);
    if (!attributed && !allowedUnknown && !quoted) {
      if (sig.discountAs) facts.discount({ id: sig.discountAs, source, text });
      continue;
    }
    found.add(sig.fact);
    facts.add(factOf(sig, match, parsed.message, source, text, quoted));
  }
}

/** Where a rule matched, and the bounds of the sentence that holds it when it was read sentence by sentence. */
interface Match {
  found: RegExpExecArray;
  sentence?: Bounds;
}

/** A rule's match on a line, unless the line is about something else (or, for a description, says it is no observation). */
function lineMatch(sig: CompiledSignature, message: string): Match | null {
  const found = sig.regex.exec(message);
  return found && !sig.unlessRegex?.test(message) && !sig.unlessSaidRegex?.test(message) ? { found } : null;
}

/**
 * A description's match in a person's line: the line's `unless` as for any rule, then, on the sentence that holds
 * the match, the rule's own `unlessSaid` (its hedges, questions, suppositions, advice) and whether the sentence
 * affirms it of the node now (saidAffirmed: not denied, asked, advised, planned, repaired long ago or said of another
 * machine). A paragraph is one line of many statements ("It might be a kernel bug. Disk IOPS was maxed." still says
 * the disk was saturated): a match whose sentence is no observation gives way to a later one.
 */
function readInSentence(sig: CompiledSignature, message: string): Match | null {
  // The pattern first: most lines do not match, and the exclusions are the larger patterns.
  const first = sig.regex.exec(message);
  if (!first || sig.unlessRegex?.test(message)) return null;
  let offset = 0;
  while (offset < message.length) {
    const found = offset ? sig.regex.exec(message.slice(offset)) : first;
    if (!found) return null;
    const start = offset + found.index;
    const end = start + Math.max(found[0].length, 1);
    const sentence = sentenceAround(message, start, end);
    // The sentence with its closing mark: a question mark is one of the things `unlessSaid` looks for.
    if (
      !sig.unlessSaidRegex?.test(message.slice(sentence.from, sentence.to + 1)) &&
      (sig.asked
        ? notAffirmedBy(message, start, end, sentence)?.startsWith('asked') !== false
        : saidAffirmed(message, start, end, sentence))
    ) {
      found.index = start;
      return { found, sentence };
    }
    offset = Math.max(sentence.to + 1, end);
  }
  return null;
}

/**
 * A rule's match: an observation's words in a person's free prose are read sentence by sentence (readInSentence),
 * whether or not the rule is read in prose only ("docker ps hangs" is also a line a runbook's check prints).
 */
function matchOf(sig: CompiledSignature, message: string, freeProse: boolean): Match | null {
  return sig.observation && freeProse ? readInSentence(sig, message) : lineMatch(sig, message);
}

/** The fact a rule's match records; a description (or a quoted message) said in a sentence about a repair is marked. */
function factOf(
  sig: CompiledSignature,
  { found, sentence }: Match,
  message: string,
  source: string,
  text: string,
  quoted: boolean,
): Fact {
  const observation = sig.observation || quoted;
  const resolved =
    observation &&
    (sig.ended === true || saidResolved(message, found.index, found.index + found[0].length, sentence));
  return {
    id: sig.fact,
    source,
    text,
    value: sig.value?.(message),
    observation,
    ...(resolved ? { resolved } : {}),
    ...(sig.observation && sig.specific ? { specific: true } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Literal prefilter.
//
// Trying every pattern at every position of a log costs more than everything else together. But a line yields
// facts only when some signature matches within the line itself (classifyLine tests every signature on the
// line's own message), and then the line holds one of the literals that signature declares (Signature.literals,
// compared ignoring the case of ASCII letters). So one pass of an Aho–Corasick automaton over the text finds
// every occurrence of every literal, and a line holding literals is tried against the signatures owning them:
// only lines that pass are classified, and by those signatures alone (no other one can match the line). Any
// line that would yield facts is classified, in order and with its line number, so the facts are those of
// trying every signature on every line (the plain scan, LogScanner's `plain`). (Measured in V8 on a million
// ordinary journal lines: one RegExp of all the escaped literals ran at ~20 MB/s, a rolling hash of 4-character
// windows at ~100 MB/s with one false hit in 23 positions, the automaton faster still with exact hits only.)

/**
 * Any literal with a character beyond ASCII stands for this one requirement: "the line holds a non-ASCII
 * character". Node logs rarely do, so it is a rare requirement however short the literal (the Chinese `卡住`
 * of a person's description), and the automaton sees it from a character's code alone.
 */
const HAS_NON_ASCII = /[\u0080-\uffff]/;

interface Prefilter {
  /** The class of each UTF-16 code unit: 0 for characters no literal holds, `nonAsciiClass` beyond ASCII. */
  classes: Uint8Array;
  classCount: number;
  /**
   * The automaton's transitions: entry `state × classCount + class` is the next state times classCount, or
   * `-(that) - 1` when literals end there (or a non-ASCII character was read).
   */
  next: Int32Array;
  /** Indexes into SIGNATURES of the signatures whose literals end in each state (by state number). */
  owners: ReadonlyArray<readonly number[] | undefined>;
  /** The signatures with a non-ASCII literal. */
  nonAscii: readonly number[];
}

/**
 * How much of a declared literal the automaton looks for: its first characters. A line holding the literal holds its
 * prefix, so the prefilter passes every line it passed before (and a few more, which the rules then try). Each
 * character of a literal is a state of the automaton, a row of its table: at 1012 rules the literals' median length
 * is 17 and a tenth are over 40, and cutting them at 20 takes the table from 37,807 states (10 MB) to 22,632 (6 MB),
 * while the rules tried per line on the log-scan bench's journals rise by 2 % (mixed) and not at all (ordinary).
 */
const LITERAL_PREFIX = 20;

/** The literals the signatures declare (ASCII capitals made small, cut to LITERAL_PREFIX), each with the signatures declaring it. */
function declaredLiterals(signatures: readonly Signature[]): Map<string, number[]> {
  const owners = new Map<string, number[]>();
  for (const [index, sig] of signatures.entries()) {
    if (sig.literals.length === 0) throw new Error(`${sig.fact} /${sig.pattern}/ declares no literal`);
    for (const declared of sig.literals) {
      const literal = asciiLower(declared).slice(0, LITERAL_PREFIX);
      const list = owners.get(literal) ?? [];
      if (!list.includes(index)) list.push(index);
      owners.set(literal, list);
    }
  }
  return owners;
}

function union(a: readonly number[] | undefined, b: readonly number[] | undefined): number[] | undefined {
  if (!a) return b ? [...b] : undefined;
  return b ? [...new Set([...a, ...b])] : [...a];
}

/** The class of each character: one per character the ASCII literals hold (either case), then non-ASCII. */
function characterClasses(ascii: readonly string[]): { classes: Uint8Array; nonAsciiClass: number } {
  const classes = new Uint8Array(0x10000);
  let count = 1;
  for (const literal of ascii)
    for (let i = 0; i < literal.length; i++) {
      const c = literal.charCodeAt(i);
      if (classes[c] === 0) classes[c] = count++;
    }
  for (let c = 65; c <= 90; c++) classes[c] = classes[c | 32] ?? 0;
  classes.fill(count, 0x80);
  return { classes, nonAsciiClass: count };
}

/** How many states the trie of these literals has: one per distinct prefix, the empty one included. */
function stateCount(literals: Iterable<string>): number {
  const prefixes = new Set<string>(['']);
  for (const literal of literals) for (let i = 1; i <= literal.length; i++) prefixes.add(literal.slice(0, i));
  return prefixes.size;
}

/**
 * The trie of the literals, in one table of `states × classCount` entries (the next state, -1 for none), with the
 * signatures whose literal ends in each state. One table sized exactly, not a row per state: at tens of thousands
 * of states the rows and their copy into the final table were the log scan's largest transient memory. The table
 * (~10 MB at a thousand rules) lives in shared memory, so that a thread scanning part of a file (the CLI's
 * log-ranges.ts) is handed this table rather than a copy of it: one copy per core was ~10 MB of the scan's peak.
 */
function trie(literals: ReadonlyMap<string, number[]>, classes: Uint8Array, classCount: number) {
  const states = stateCount(literals.keys());
  const entries = states * classCount;
  const table = new Int32Array(new SharedArrayBuffer(entries * Int32Array.BYTES_PER_ELEMENT)).fill(-1);
  const ends = new Array<number[] | undefined>(states).fill(undefined);
  let used = 1;
  for (const [literal, owners] of literals) {
    let state = 0;
    for (let i = 0; i < literal.length; i++) {
      const at = state * classCount + (classes[literal.charCodeAt(i)] ?? 0);
      if ((table[at] ?? -1) < 0) table[at] = used++;
      state = table[at] ?? 0;
    }
    ends[state] = union(ends[state], owners);
  }
  return { table, ends };
}

/** Completes each state's row through failure links, breadth first; a state takes its failure's owners. */
function completeRows(table: Int32Array, ends: Array<number[] | undefined>, classCount: number): void {
  const fail = new Int32Array(ends.length);
  const queue: number[] = [];
  for (let c = 0; c < classCount; c++) {
    if ((table[c] ?? -1) < 0) table[c] = 0;
    else queue.push(table[c] ?? 0);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] ?? 0;
    const row = state * classCount;
    const failRow = (fail[state] ?? 0) * classCount;
    ends[state] = union(ends[state], ends[fail[state] ?? 0]);
    for (let c = 0; c < classCount; c++) {
      const to = table[row + c] ?? -1;
      if (to < 0) table[row + c] = table[failRow + c] ?? 0;
      else {
        fail[to] = table[failRow + c] ?? 0;
        queue.push(to);
      }
    }
  }
}

/**
 * The automaton over the ASCII literals (goto function completed with failure links, so each character is one
 * table step); the non-ASCII ones become the one requirement above. Each literal vouches for its own signatures
 * only.
 */
function buildPrefilter(signatures: readonly Signature[]): Prefilter {
  const ascii = new Map<string, number[]>();
  const nonAscii = new Set<number>();
  for (const [literal, owners] of declaredLiterals(signatures)) {
    if (HAS_NON_ASCII.test(literal)) for (const o of owners) nonAscii.add(o);
    else ascii.set(literal, owners);
  }
  const { classes, nonAsciiClass } = characterClasses([...ascii.keys()]);
  const classCount = nonAsciiClass + 1;
  const { table, ends } = trie(ascii, classes, classCount);
  completeRows(table, ends, classCount);
  // The table becomes the scanner's in place: each entry is read once, then written as a scaled, flagged step.
  const next = table;
  for (let at = 0; at < next.length; at++) {
    const c = at % classCount;
    const to = c === nonAsciiClass ? 0 : (next[at] ?? 0);
    const flagged = c === nonAsciiClass || ends[to] !== undefined;
    next[at] = flagged ? -(to * classCount) - 1 : to * classCount;
  }
  return { classes, classCount, next, owners: ends, nonAscii: [...nonAscii] };
}

/** The prefilter as plain data (typed arrays and arrays), which can be sent to another thread. */
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
 * Runs the automaton over [from, to) of `text` from `state` (times classCount) and returns where it stopped: the
 * first position at which literals end (or a non-ASCII character stands), or `to`; the state after it is left in
 * `at.state`. The scanner's inner loop, kept to plain locals so that it compiles to a tight loop.
 */
function nextHit(filter: Prefilter, text: string, from: number, to: number, at: { state: number }): number {
  const { classes, next } = filter;
  let state = at.state;
  for (let i = from; i < to; i++) {
    const n = next[state + (classes[text.charCodeAt(i)] ?? 0)] ?? 0;
    if (n < 0) {
      at.state = -n - 1;
      return i;
    }
    state = n;
  }
  at.state = state;
  return to;
}

/**
 * Does one of `owners` match within `line`? classifyLine tests the signatures on the line's message, a part of
 * the line, so a line on which none matches cannot yield a fact. Description rules, which classifyLine reads in
 * prose alone, are tried last and only on a line that is prose in a free-text source (`freeText`): a journal's
 * "kubelet" would otherwise run the grammar's long patterns on most lines (and have V8 compile them).
 */
function lineMatches(owners: readonly number[], line: string, origin: Component, freeText: boolean): boolean {
  let described = false;
  for (const owner of owners) {
    const sig = COMPILED[owner];
    if (sig?.prose) described = true;
    else if (sig?.regex.test(line)) return true;
  }
  if (!described || !freeText || !parseLogLine(line, origin).prose) return false;
  return owners.some((owner) => COMPILED[owner]?.prose && COMPILED[owner].regex.test(line));
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
  /** Whether people's words can be in this source (isFreeText), where description rules are read. */
  readonly #freeText: boolean;

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
    this.#freeText = isFreeText(name);
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
      if (lineMatches(EVERY_SIGNATURE, text.slice(start, end), this.#origin, this.#freeText))
        this.#classify(text, start, end);
      start = end + 1;
    }
    this.#countTo(text, to);
  }

  /**
   * Classifies the lines in [from, to) of `text` that may yield facts: those holding literals on which one of
   * the signatures owning the literals matches.
   */
  #scanFiltered(filter: Prefilter, text: string, from: number, to: number): void {
    const scan: Scan = { text, to, owners: [], start: from, end: from - 1 };
    this.#counted = from;
    const at = { state: 0 };
    // Non-ASCII characters count once per line: the first one on it.
    let nonAsciiDone = filter.nonAscii.length > 0 ? from - 1 : to;
    for (let i = nextHit(filter, text, from, to, at); i < to; i = nextHit(filter, text, i + 1, to, at)) {
      if (text.charCodeAt(i) > 127) {
        if (i > nonAsciiDone) {
          this.#found(scan, filter.nonAscii, i);
          nonAsciiDone = scan.end;
        }
        continue;
      }
      this.#found(scan, filter.owners[at.state / filter.classCount] ?? [], i);
    }
    this.#settle(scan);
    this.#countTo(text, to);
  }

  /** Notes literals found at `at`. The first one on a new line settles the previous line, keeping lines in order. */
  #found(scan: Scan, owners: readonly number[], at: number): void {
    if (at > scan.end) {
      this.#settle(scan);
      scan.start = scan.text.lastIndexOf('\n', at) + 1;
      const end = scan.text.indexOf('\n', at);
      scan.end = end < 0 || end > scan.to ? scan.to : end;
    }
    for (const o of owners) if (!scan.owners.includes(o)) scan.owners.push(o);
  }

  /** Classifies the pending line with the signatures owning its literals, if one of them matches on it. */
  #settle(scan: Scan): void {
    const { owners, text, start, end } = scan;
    if (owners.length > 0 && lineMatches(owners, text.slice(start, end), this.#origin, this.#freeText)) {
      owners.sort((a, b) => a - b);
      this.#classify(text, start, end, owners);
    }
    owners.length = 0;
  }
}

/** The state of one prefiltered scan: the line holding the literals found so far is [start, end). */
interface Scan {
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
