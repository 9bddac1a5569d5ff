import type { Component } from './components.ts';
import type { FactSet } from './facts.ts';
import { parseLogLine } from './logline.ts';
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
 * Every signature in one alternation: a line is classified when it matches starting somewhere on the line.
 * Small texts are scanned with it directly; large ones through the literal prefilter below, which finds the
 * same lines without running the alternation at every position.
 */
const ANY_SIGNATURE = new RegExp(SIGNATURES.map((s) => `(?:${s.pattern})`).join('|'), 'g');

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
  for (const index of candidates) {
    const sig = COMPILED[index];
    if (!sig || found.has(sig.fact) || !sig.regex.test(parsed.message)) continue;
    if (sig.unlessRegex?.test(parsed.message)) continue;
    if (sig.prose && !(parsed.prose && isFreeText(source))) continue;
    const attributed = sig.from === undefined || sig.from.includes(parsed.component);
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
    facts.add({
      id: sig.fact,
      source,
      text,
      value: sig.value?.(parsed.message),
      observation: sig.observation || quoted,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Literal prefilter.
//
// ANY_SIGNATURE tried at every position of a log costs more than everything else together (about 30 MB/s).
// But a line yields facts only when some signature matches within the line itself (classifyLine tests every
// signature on the line's own message), and then the match holds one of the literals the scanner derives from
// that signature's pattern. So a rolling hash of the 4-character window ending at each position finds where
// literals may sit, hits are checked exactly, and a line holding literals is tried against the signatures
// owning them: only lines that pass are classified, and by those signatures alone (no other one can match the
// line). Any line that would yield facts is classified, in order and with its line number, so the facts are the
// same as with ANY_SIGNATURE. A pattern the parser does not understand, or one without a usable literal, turns
// the prefilter off: the scanner falls back to ANY_SIGNATURE, slower but never different.

/**
 * Inputs smaller than this are scanned with ANY_SIGNATURE, which needs no set-up: a scanner builds the prefilter
 * once it has been handed this much in all (a large text arrives in chunks, and a paste reader hands it on in
 * pieces smaller still).
 */
const PREFILTER_MIN_CHARS = 64 * 1024;
/** Larger sets of alternatives are not enumerated. */
const MAX_STRINGS = 64;
/** Literals are found through one 4-character window; 3-character ones through the window ending with them. */
const WINDOW = 4;
const MIN_LITERAL = 3;
/** Literals longer than this are no rarer in practice. */
const MAX_LITERAL = 24;
/** Beyond this, a rarer literal set saves nothing measurable. */
const ENOUGH_BITS = 40;
/**
 * Any literal with a character beyond ASCII stands for this one requirement: "the line holds a non-ASCII
 * character". Node logs rarely do, so it is a rare requirement however short the literal (the Chinese `卡住`
 * of a person's description), and the scan loop sees it from a character's code alone, without a window.
 */
const NON_ASCII = '\u0080';
const NON_ASCII_BITS = 12;
const HAS_NON_ASCII = /[\u0080-\uffff]/;

// How rare a character is in node logs, in bits (from character frequencies in kubelet, runtime, kernel and
// systemd journals).
const LOWERCASE_BITS = [
  4.6, 6.3, 5.2, 5, 3.6, 6.5, 6.3, 6, 4.9, 9.5, 6.5, 5.4, 6, 4.5, 4.4, 5.8, 12, 4.8, 4.6, 4.2, 6, 7.4, 7.3,
  8.6, 6.7, 9.5,
];
const PUNCTUATION_BITS: Readonly<Record<string, number>> = {
  ' ': 3,
  ':': 5.5,
  '-': 6.4,
  '.': 6.5,
  '"': 7,
  ']': 8,
  '=': 8,
  '/': 8,
  ',': 8.5,
  '[': 8.8,
  "'": 9.4,
  _: 10,
  '(': 10,
  ')': 10,
};

function charBits(ch: string): number {
  const c = ch.charCodeAt(0);
  if (c >= 97 && c <= 122) return LOWERCASE_BITS[c - 97] ?? 6;
  if (c >= 65 && c <= 90) return 9.5;
  if (c >= 48 && c <= 57) return 6;
  if (c > 127) return 12;
  return PUNCTUATION_BITS[ch] ?? 12;
}

/** Words and fragments on a large share of node log lines: their characters are not rare. */
const COMMON_WORDS =
  'kubelet systemd containerd dockerd docker kernel container Container error Error failed Failed level= msg=" ' +
  'err=" error=" time=" status Status ready Ready runtime sandbox network volume service scope slice mount ' +
  'Started create Create creating Creating operation remove Remove update event probe Probe request timeout ' +
  'connection node pod shim PLEG =" info';
/** Characters inside (or at the cut edge of) a common word count for this fraction of their rarity. */
const COMMON_FRACTION = 0.25;

interface RarityModel {
  words: RegExp;
  prefixes: ReadonlySet<string>;
  suffixes: ReadonlySet<string>;
  infixes: ReadonlySet<string>;
  longest: number;
  bits: Map<string, number>;
}

let rarity: RarityModel | undefined;

function rarityModel(): RarityModel {
  if (rarity) return rarity;
  const words = COMMON_WORDS.split(' ');
  const cuts = (w: string, from: boolean) => [...w].map((_, k) => (from ? w.slice(k) : w.slice(0, k + 1)));
  const suffixes = new Set(words.flatMap((w) => cuts(w, true)));
  rarity = {
    words: new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g'),
    prefixes: new Set(words.flatMap((w) => cuts(w, false))),
    suffixes,
    infixes: new Set([...suffixes].flatMap((w) => cuts(w, false))),
    longest: Math.max(...words.map((w) => w.length)),
    bits: new Map(),
  };
  return rarity;
}

/** The rarity of each character of a literal, in bits: low inside common words and at their edges. */
function characterBits(literal: string): number[] {
  const model = rarityModel();
  const common = new Uint8Array(literal.length);
  if (model.infixes.has(literal)) common.fill(1);
  model.words.lastIndex = 0;
  for (let m = model.words.exec(literal); m; m = model.words.exec(literal)) {
    common.fill(1, m.index, m.index + m[0].length);
    model.words.lastIndex = m.index + 1;
  }
  // A literal that starts inside a common word, or ends inside one.
  for (let k = Math.min(model.longest, literal.length); k >= 2; k--) {
    if (model.suffixes.has(literal.slice(0, k))) {
      common.fill(1, 0, k);
      break;
    }
  }
  for (let k = Math.min(model.longest, literal.length); k >= 2; k--) {
    if (model.prefixes.has(literal.slice(literal.length - k))) {
      common.fill(1, literal.length - k);
      break;
    }
  }
  const bits: number[] = [];
  for (let i = 0; i < literal.length; i++) {
    bits.push(charBits(literal[i] ?? ' ') * (common[i] === 1 ? COMMON_FRACTION : 1));
  }
  return bits;
}

function literalBits(literal: string): number {
  const cache = rarityModel().bits;
  let bits = cache.get(literal);
  if (bits === undefined) {
    bits = 0;
    for (const b of characterBits(literal)) bits += b;
    cache.set(literal, bits);
  }
  return bits;
}

// ---------------------------------------------------------------------------------------------------------
// Pattern analysis: what every match of a pattern must contain.

interface Literals {
  strings: ReadonlySet<string>;
  /** How unlikely a log position is to start one of them, in bits (higher is better). */
  score: number;
}

/** What the analysis knows about a piece of a pattern, for its matches within one line. */
interface Piece {
  /** Every string the piece matches, when they are few. */
  exact: ReadonlySet<string> | undefined;
  /** Strings one of which occurs in every match. */
  required: Literals | undefined;
}

class Unsupported extends Error {}

function literals(strings: ReadonlySet<string> | undefined): Literals | undefined {
  if (!strings || strings.size === 0) return undefined;
  const kept = new Set<string>();
  for (const s of strings) {
    if (HAS_NON_ASCII.test(s)) kept.add(NON_ASCII);
    else if (s.length < MIN_LITERAL) return undefined;
    else kept.add(s);
  }
  let chance = 0;
  let shortest = MAX_LITERAL;
  for (const s of kept) {
    chance += 2 ** -(s === NON_ASCII ? NON_ASCII_BITS : literalBits(s));
    shortest = Math.min(shortest, s.length);
  }
  // Between equally rare sets, the one with longer literals, then the smaller one.
  return {
    strings: kept,
    score: Math.min(-Math.log2(chance), ENOUGH_BITS) + shortest / 100 - kept.size / 1e4,
  };
}

function rarer(a: Literals | undefined, b: Literals | undefined): Literals | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.score > a.score ? b : a;
}

function product(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> | undefined {
  if (a.size * b.size > MAX_STRINGS) return undefined;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

function sequence(items: readonly Piece[]): Piece {
  let exact: Set<string> | undefined = new Set(['']);
  let required: Literals | undefined;
  for (const [i, item] of items.entries()) {
    exact = exact && item.exact ? product(exact, item.exact) : undefined;
    required = rarer(rarer(required, item.required), bestRun(items, i));
  }
  return { exact, required };
}

/** The rarest strings spelled by consecutive exactly-known pieces starting at `from`. */
function bestRun(items: readonly Piece[], from: number): Literals | undefined {
  let best: Literals | undefined;
  let run: ReadonlySet<string> = new Set(['']);
  let shortest = 0;
  for (let j = from; j < items.length; j++) {
    const exact = items[j]?.exact;
    const longer = exact && product(run, exact);
    if (!exact || !longer) break;
    run = longer;
    shortest += Math.min(...[...exact].map((s) => s.length));
    if (shortest >= MAX_LITERAL) return rarer(best, literals(run));
    // Appending one known character only makes a run rarer: score it once it can grow no further that way.
    if (items[j + 1]?.exact?.size !== 1) best = rarer(best, literals(run));
  }
  return best;
}

function alternation(branches: readonly Piece[]): Piece {
  let exact: Set<string> | undefined = new Set();
  let strings: Set<string> | undefined = new Set();
  for (const b of branches) {
    exact =
      exact && b.exact && exact.size + b.exact.size <= MAX_STRINGS
        ? new Set([...exact, ...b.exact])
        : undefined;
    strings = strings && b.required ? new Set([...strings, ...b.required.strings]) : undefined;
  }
  return { exact, required: rarer(literals(strings), literals(exact)) };
}

/** Every string `min` to `max` repetitions of `exact` spell, when they are few. */
function repeated(exact: ReadonlySet<string>, min: number, max: number): Set<string> | undefined {
  if (max > MAX_STRINGS) return undefined;
  const all = new Set<string>(min === 0 ? [''] : []);
  let power: Set<string> | undefined = new Set(['']);
  for (let k = 1; k <= max; k++) {
    power = product(power, exact);
    if (!power) return undefined;
    if (k >= min) for (const s of power) all.add(s);
    if (all.size > MAX_STRINGS) return undefined;
  }
  return all;
}

function repetition(item: Piece, min: number, max: number): Piece {
  return {
    exact: item.exact && repeated(item.exact, min, max),
    required: min > 0 ? item.required : undefined,
  };
}

type Ranges = ReadonlyArray<readonly [number, number]>;

const NEWLINE = 10;
const DIGIT: Ranges = [[48, 57]];
const WORD: Ranges = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
const SPACE: Ranges = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** What `.` does not match. */
const LINE_TERMINATORS: Ranges = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

function characterClass(ranges: Ranges, negated: boolean): Piece {
  let size = 0;
  for (const [lo, hi] of ranges) size += hi - lo + 1;
  const newline = ranges.some(([lo, hi]) => lo <= NEWLINE && NEWLINE <= hi);
  if (negated || newline || size > 16) return { exact: undefined, required: undefined };
  const exact = new Set<string>();
  for (const [lo, hi] of ranges) for (let c = lo; c <= hi; c++) exact.add(String.fromCharCode(c));
  return { exact, required: undefined };
}

type Escape = number | { ranges: Ranges; negated: boolean };

/**
 * Parses the subset of JavaScript regex syntax the signatures use (no flags, no unicode mode). Anything else
 * (assertions, look-arounds, back-references, Annex B oddities) throws Unsupported.
 */
class PatternParser {
  readonly #src: string;
  #at = 0;

  constructor(src: string) {
    this.#src = src;
  }

  parse(): Piece {
    const piece = this.#disjunction();
    if (this.#at !== this.#src.length) throw new Unsupported(`unexpected ${this.#src[this.#at]}`);
    return piece;
  }

  #disjunction(): Piece {
    const branches = [this.#alternative()];
    while (this.#src[this.#at] === '|') {
      this.#at++;
      branches.push(this.#alternative());
    }
    const [only] = branches;
    return only && branches.length === 1 ? only : alternation(branches);
  }

  #alternative(): Piece {
    const items: Piece[] = [];
    for (let c = this.#src[this.#at]; c !== undefined && c !== '|' && c !== ')'; c = this.#src[this.#at]) {
      items.push(this.#quantified(this.#atom()));
    }
    return sequence(items);
  }

  #quantified(item: Piece): Piece {
    const c = this.#src[this.#at];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      this.#at++;
      min = c === '+' ? 1 : 0;
      max = c === '?' ? 1 : Number.POSITIVE_INFINITY;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.#src.slice(this.#at));
      if (!m) throw new Unsupported('brace');
      this.#at += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Number.POSITIVE_INFINITY;
    } else {
      return item;
    }
    if (this.#src[this.#at] === '?') this.#at++; // lazy: the same strings, tried in another order
    return repetition(item, min, max);
  }

  #atom(): Piece {
    const c = this.#src[this.#at++] ?? '';
    switch (c) {
      case '.':
        return characterClass(LINE_TERMINATORS, true);
      case '(': {
        if (this.#src.startsWith('?:', this.#at)) this.#at += 2;
        else if (this.#src[this.#at] === '?') throw new Unsupported('group');
        const inner = this.#disjunction();
        if (this.#src[this.#at++] !== ')') throw new Unsupported('unclosed group');
        return inner;
      }
      case '[':
        return this.#class();
      case '\\': {
        const e = this.#escape(false);
        return typeof e === 'number' ? characterClass([[e, e]], false) : characterClass(e.ranges, e.negated);
      }
      case '^':
      case '$':
      case ')':
      case ']':
      case '*':
      case '+':
      case '?':
      case '{':
      case '}':
      case '':
        throw new Unsupported(`syntax ${c}`);
      default: {
        const code = c.charCodeAt(0);
        return characterClass([[code, code]], false);
      }
    }
  }

  #escape(inClass: boolean): Escape {
    const c = this.#src[this.#at++] ?? '';
    switch (c) {
      case 'd':
      case 'D':
        return { ranges: DIGIT, negated: c === 'D' };
      case 'w':
      case 'W':
        return { ranges: WORD, negated: c === 'W' };
      case 's':
      case 'S':
        return { ranges: SPACE, negated: c === 'S' };
      case 'n':
        return 10;
      case 'r':
        return 13;
      case 't':
        return 9;
      case 'v':
        return 11;
      case 'f':
        return 12;
      case 'b':
        if (inClass) return 8;
        throw new Unsupported('word boundary');
      case 'x':
      case 'u': {
        const hex = this.#src.slice(this.#at, this.#at + (c === 'x' ? 2 : 4));
        if (!/^(?:[0-9a-fA-F]{2}|[0-9a-fA-F]{4})$/.test(hex)) throw new Unsupported('escape');
        this.#at += hex.length;
        return Number.parseInt(hex, 16);
      }
      default:
        // Back-references, \B, \c, \k, \p and \0 are not supported; any other escaped character is itself.
        if (c === '' || /[0-9BckpP]/.test(c)) throw new Unsupported(`escape \\${c}`);
        return c.charCodeAt(0);
    }
  }

  #class(): Piece {
    const negated = this.#src[this.#at] === '^';
    if (negated) this.#at++;
    const ranges: Array<readonly [number, number]> = [];
    for (let c = this.#src[this.#at]; c !== ']'; c = this.#src[this.#at]) {
      if (c === undefined) throw new Unsupported('unclosed class');
      const lo = this.#classAtom();
      if (typeof lo !== 'number') {
        ranges.push(...lo);
        continue;
      }
      const next = this.#src[this.#at + 1];
      if (this.#src[this.#at] === '-' && next !== undefined && next !== ']') {
        this.#at++;
        const hi = this.#classAtom();
        if (typeof hi !== 'number' || hi < lo) throw new Unsupported('class range');
        ranges.push([lo, hi]);
      } else {
        ranges.push([lo, lo]);
      }
    }
    this.#at++;
    return characterClass(ranges, negated);
  }

  #classAtom(): number | Ranges {
    const c = this.#src[this.#at++] ?? '';
    if (c !== '\\') return c.charCodeAt(0);
    const e = this.#escape(true);
    if (typeof e === 'number') return e;
    if (e.negated) throw new Unsupported('negated escape in class');
    return e.ranges;
  }
}

// ---------------------------------------------------------------------------------------------------------
// The prefilter itself.

/** A literal, found through the window starting at `offset` within it (-1: the character before it). */
interface Anchor {
  literal: string;
  offset: number;
  /** Indexes into SIGNATURES of the signatures the literal vouches for. */
  owners: readonly number[];
}

interface Prefilter {
  /** One bit per hash slot: the window of some literal hashes there. */
  slots: Int32Array;
  /** The signatures requiring a non-ASCII character (NON_ASCII): found by character code, not by window. */
  nonAscii: Anchor | undefined;
  /** The literals by the exact key of their window (the low bytes of its four characters). */
  anchors: ReadonlyMap<number, readonly Anchor[]>;
}

const NO_ANCHORS: readonly Anchor[] = [];
const SLOT_BITS = 18;
const HASH = 0x9e3779b1 | 0;

/** The key of the window starting at `start`: the low bytes of its characters, `before` for any before 0. */
function windowKey(text: string, start: number, before: number): number {
  let key = 0;
  for (let i = start; i < start + WINDOW; i++)
    key = (key << 8) | (i < 0 ? before : text.charCodeAt(i) & 0xff);
  return key;
}

/** Where the rarest window of a literal starts. */
function rarestWindow(literal: string): number {
  if (literal.length < WINDOW) return literal.length - WINDOW;
  // Inside a lowercase word, the letters after the first are far from independent: count them for less.
  const weights = characterBits(literal).map((b, i) =>
    /[a-z]/.test(literal[i - 1] ?? '') && /[a-z]/.test(literal[i] ?? '') ? b / 2 : b,
  );
  let best = 0;
  let bestBits = -1;
  for (let i = 0; i + WINDOW <= literal.length; i++) {
    let bits = 0;
    for (let k = i; k < i + WINDOW; k++) bits += weights[k] ?? 0;
    if (bits > bestBits) {
      best = i;
      bestBits = bits;
    }
  }
  return best;
}

/** The literals the signatures require, each with the signatures requiring it; undefined if one has none. */
function requiredLiterals(signatures: readonly Signature[]): Map<string, number[]> | undefined {
  const owners = new Map<string, number[]>();
  for (const [index, sig] of signatures.entries()) {
    let required: Literals | undefined;
    try {
      required = new PatternParser(sig.pattern).parse().required;
    } catch (e) {
      if (e instanceof Unsupported) return undefined;
      throw e;
    }
    if (!required) return undefined;
    for (const literal of required.strings) {
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
function buildPrefilter(signatures: readonly Signature[]): Prefilter | undefined {
  const required = requiredLiterals(signatures);
  if (!required) return undefined;
  const slots = new Int32Array(1 << (SLOT_BITS - 5));
  const anchors = new Map<number, Anchor[]>();
  let nonAscii: Anchor | undefined;
  for (const [literal, owners] of required) {
    if (literal === NON_ASCII) {
      nonAscii = { literal, offset: 0, owners };
      continue;
    }
    const offset = rarestWindow(literal);
    // A literal shorter than the window is found whatever character precedes it.
    for (let before = 0; before < (offset < 0 ? 256 : 1); before++) {
      const key = windowKey(literal, offset, before);
      const slot = Math.imul(key, HASH) >>> (32 - SLOT_BITS);
      slots[slot >>> 5] = (slots[slot >>> 5] ?? 0) | (1 << (slot & 31));
      anchors.set(key, [...(anchors.get(key) ?? []), { literal, offset, owners }]);
    }
  }
  rarity = undefined; // only needed to build
  return { slots, nonAscii, anchors };
}

/** The prefilter as plain data (typed arrays, maps, arrays and objects), which can be sent to another thread. */
export interface BuiltPrefilter {
  filter: Prefilter | undefined;
}

let built: BuiltPrefilter | undefined;

/**
 * The prefilter, built now if it is not yet (on first use of a large input). Building it takes about 0.1 s: a
 * thread that scans in parallel with this one can take it (adoptPrefilter) rather than build it again.
 */
export function builtPrefilter(): BuiltPrefilter {
  built ??= { filter: buildPrefilter(SIGNATURES) };
  return built;
}

/** The prefilter; undefined when the signatures do not allow one. */
function prefilter(): Prefilter | undefined {
  return builtPrefilter().filter;
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
  for (let i = Math.max(0, from - (WINDOW - 1)); i < from; i++)
    key = (key << 8) | (text.charCodeAt(i) & 0xff);
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    key = (key << 8) | (c & 0xff);
    const slot = Math.imul(key, HASH) >>> (32 - SLOT_BITS);
    if (((slots[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0 || (c > 127 && i >= nonAsciiFrom)) return i;
  }
  return -1;
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
  /** How many characters it has been handed. */
  #handed = 0;
  /** The number of the line at position #counted of the text being scanned. */
  #line = 1;
  #counted = 0;

  /**
   * `lineNumbers: false` cites the source alone, for single values such as `conditions[0].message`;
   * `firstLine` is the number of the text's first line (a range of a larger file).
   */
  constructor(facts: FactSet, name: string, origin: Component, lineNumbers = true, firstLine = 1) {
    this.#facts = facts;
    this.#name = name;
    this.#origin = origin;
    this.#lineNumbers = lineNumbers;
    this.#line = firstLine;
  }

  /**
   * Scans the complete lines of carry + chunk. Through the prefilter the chunk is scanned in place, without
   * copying it: the carried line is completed and scanned on its own first.
   */
  push(chunk: string): void {
    this.#handed += chunk.length;
    const filter = built || this.#handed >= PREFILTER_MIN_CHARS ? prefilter() : undefined;
    if (!filter) {
      const text = this.#carry + chunk;
      const cut = text.lastIndexOf('\n');
      if (cut < 0) {
        this.#carry = text;
        return;
      }
      this.#carry = text.slice(cut + 1);
      this.#scanAll(text.slice(0, cut + 1));
      return;
    }
    const cut = chunk.lastIndexOf('\n');
    if (cut < 0) {
      this.#carry += chunk;
      return;
    }
    let from = 0;
    if (this.#carry) {
      from = chunk.indexOf('\n') + 1;
      const head = this.#carry + chunk.slice(0, from);
      this.#scanFiltered(filter, head, 0, head.length);
    }
    this.#carry = detach(chunk.slice(cut + 1));
    if (from <= cut) this.#scanFiltered(filter, chunk, from, cut + 1);
  }

  end(): void {
    const filter = built?.filter;
    if (this.#carry && filter) this.#scanFiltered(filter, this.#carry, 0, this.#carry.length);
    else if (this.#carry) this.#scanAll(this.#carry);
    this.#carry = '';
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

  #scanAll(text: string): void {
    this.#counted = 0;
    ANY_SIGNATURE.lastIndex = 0;
    for (let m = ANY_SIGNATURE.exec(text); m !== null; m = ANY_SIGNATURE.exec(text)) {
      const start = text.lastIndexOf('\n', m.index) + 1;
      let end = text.indexOf('\n', m.index);
      if (end < 0) end = text.length;
      this.#classify(text, start, end);
      ANY_SIGNATURE.lastIndex = end + 1;
    }
    this.#countTo(text, text.length);
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
        if (at >= from && text.startsWith(a.literal, at)) this.#found(scan, a, at);
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
