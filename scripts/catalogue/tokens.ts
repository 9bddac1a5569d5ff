/**
 * A tokenizer for Go and C sources, as much of each language as finding calls and their string arguments
 * needs: comments skipped, string literals decoded, C preprocessor lines dropped (a message in a macro body is
 * found where the macro is called with it).
 */
export interface Token {
  kind: 'ident' | 'string' | 'number' | 'punct';
  text: string;
  /** A string literal's decoded value. */
  value?: string;
}

export type Lang = 'go' | 'c';

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  '"': '"',
  "'": "'",
  a: '',
  b: '',
};

/** Decodes the body of a double-quoted literal (Go interpreted strings and C strings escape alike). */
function decode(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x' || e[0] === 'u') return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return ESCAPES[e] ?? e;
  });
}

function skipQuoted(src: string, from: number, quote: string): number {
  let i = from + 1;
  while (i < src.length && src[i] !== quote && src[i] !== '\n') i += src[i] === '\\' ? 2 : 1;
  return i + 1;
}

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
}

function isIdentPart(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}

/** The end of a preprocessor line, continued over backslash-newlines. */
function directiveEnd(src: string, i: number): number {
  let j = i;
  for (;;) {
    const end = src.indexOf('\n', j);
    if (end < 0) return src.length;
    if (src[end - 1] !== '\\') return end;
    j = end + 1;
  }
}

/** Where text that is no token (whitespace, a comment, a C directive) ends, or -1 when a token starts at `i`. */
function skipTrivia(src: string, i: number, lang: Lang, lineStart: boolean): number {
  const c = src[i] ?? '';
  if (c === ' ' || c === '\t' || c === '\r' || c === '\n') return i + 1;
  const two = src.slice(i, i + 2);
  if (two === '//') {
    const end = src.indexOf('\n', i);
    return end < 0 ? src.length : end;
  }
  if (two === '/*') {
    const end = src.indexOf('*/', i + 2);
    return end < 0 ? src.length : end + 2;
  }
  return lang === 'c' && c === '#' && lineStart ? directiveEnd(src, i) : -1;
}

/** The end of a run of characters from `i` that `part` accepts. */
function runEnd(src: string, i: number, part: (c: string) => boolean): number {
  let j = i + 1;
  while (j < src.length && part(src[j] ?? '')) j++;
  return j;
}

/** The token that starts at `i`, and where it ends. */
function readToken(src: string, i: number, lang: Lang): { token: Token; end: number } {
  const c = src[i] ?? '';
  if (c === '"') {
    const end = skipQuoted(src, i, '"');
    return {
      token: { kind: 'string', text: src.slice(i, end), value: decode(src.slice(i + 1, end - 1)) },
      end,
    };
  }
  if (c === '`' && lang === 'go') {
    const close = src.indexOf('`', i + 1);
    const end = close < 0 ? src.length : close + 1;
    return { token: { kind: 'string', text: src.slice(i, end), value: src.slice(i + 1, end - 1) }, end };
  }
  if (c === "'") {
    const end = skipQuoted(src, i, "'");
    return { token: { kind: 'number', text: src.slice(i, end) }, end };
  }
  if (isIdentStart(c)) {
    const end = runEnd(src, i, isIdentPart);
    return { token: { kind: 'ident', text: src.slice(i, end) }, end };
  }
  if (c >= '0' && c <= '9') {
    const end = runEnd(src, i, (d) => /[0-9a-zA-Z_.]/.test(d));
    return { token: { kind: 'number', text: src.slice(i, end) }, end };
  }
  return { token: { kind: 'punct', text: c }, end: i + 1 };
}

export function tokenize(src: string, lang: Lang): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let lineStart = true;
  while (i < src.length) {
    const c = src[i] ?? '';
    const trivia = skipTrivia(src, i, lang, lineStart);
    if (trivia >= 0) {
      // A directive starts a line: after a newline, before anything but blanks.
      if (c === '\n') lineStart = true;
      else if (c !== ' ' && c !== '\t') lineStart = false;
      i = trivia;
      continue;
    }
    lineStart = false;
    const { token, end } = readToken(src, i, lang);
    tokens.push(token);
    i = end;
  }
  return tokens;
}

const OPEN: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/** The index of the bracket closing the one at `open`, or the end of the tokens. */
export function closing(tokens: readonly Token[], open: number): number {
  const stack: string[] = [];
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]?.text ?? '';
    if (tokens[i]?.kind !== 'punct') continue;
    const close = OPEN[t];
    if (close) stack.push(close);
    else if (t === stack.at(-1)) {
      stack.pop();
      if (stack.length === 0) return i;
    }
  }
  return tokens.length;
}

/** The index of the bracket opening the one at `close` (searching backwards), or -1. */
export function opening(tokens: readonly Token[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const t = tokens[i];
    if (t?.kind !== 'punct') continue;
    if (t.text === ')' || t.text === ']' || t.text === '}') depth++;
    else if (t.text === '(' || t.text === '[' || t.text === '{') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** A call's arguments, split at the commas of its own level. */
export function argumentsOf(tokens: readonly Token[], open: number): Token[][] {
  const end = closing(tokens, open);
  const args: Token[][] = [[]];
  let depth = 0;
  for (let i = open + 1; i < end; i++) {
    const t = tokens[i] as Token;
    if (t.kind === 'punct' && OPEN[t.text]) depth++;
    else if (t.kind === 'punct' && (t.text === ')' || t.text === ']' || t.text === '}')) depth--;
    if (depth === 0 && t.kind === 'punct' && t.text === ',') args.push([]);
    else args.at(-1)?.push(t);
  }
  return args.length === 1 && args[0]?.length === 0 ? [] : args;
}
