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
 * Every signature in one alternation: the scanner runs it over whole chunks, so the regex engine skips noise
 * at native speed and JavaScript only looks at lines that matched something.
 */
const ANY_SIGNATURE = new RegExp(SIGNATURES.map((s) => `(?:${s.pattern})`).join('|'), 'g');

/** Applies every signature to one line already known to match at least one of them. */
function classifyLine(line: string, origin: Component, source: string, facts: FactSet): void {
  const parsed = parseLogLine(line, origin);
  const text = line.trim();
  for (const sig of COMPILED) {
    if (!sig.regex.test(parsed.message)) continue;
    if (sig.unlessRegex?.test(parsed.message)) continue;
    const attributed = sig.from === undefined || sig.from.includes(parsed.component);
    const allowedUnknown = parsed.component === 'unknown' && !sig.strict;
    if (!attributed && !allowedUnknown) {
      if (sig.discountAs) facts.discount({ id: sig.discountAs, source, text });
      continue;
    }
    facts.add({ id: sig.fact, source, text, value: sig.value?.(parsed.message) });
  }
}

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
  #line = 1;

  /** `lineNumbers: false` cites the source alone, for single values such as `conditions[0].message`. */
  constructor(facts: FactSet, name: string, origin: Component, lineNumbers = true) {
    this.#facts = facts;
    this.#name = name;
    this.#origin = origin;
    this.#lineNumbers = lineNumbers;
  }

  push(chunk: string): void {
    const text = this.#carry + chunk;
    const cut = text.lastIndexOf('\n');
    if (cut < 0) {
      this.#carry = text;
      return;
    }
    this.#carry = text.slice(cut + 1);
    this.#scan(text.slice(0, cut + 1));
  }

  end(): void {
    if (this.#carry) this.#scan(this.#carry);
    this.#carry = '';
  }

  #scan(text: string): void {
    let counted = 0;
    let line = this.#line;
    ANY_SIGNATURE.lastIndex = 0;
    for (let m = ANY_SIGNATURE.exec(text); m !== null; m = ANY_SIGNATURE.exec(text)) {
      const start = text.lastIndexOf('\n', m.index) + 1;
      let end = text.indexOf('\n', m.index);
      if (end < 0) end = text.length;
      line += countNewlines(text, counted, start);
      counted = start;
      const source = this.#lineNumbers ? `${this.#name}:${line}` : this.#name;
      classifyLine(text.slice(start, end), this.#origin, source, this.#facts);
      ANY_SIGNATURE.lastIndex = end + 1;
    }
    this.#line = line + countNewlines(text, counted, text.length);
  }
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
