/**
 * What makes a rule's declared literals (Signature.literals) usable by the log scan's prefilter: each is a fixed
 * string compared ignoring the case of ASCII letters, at least one of them in every line the rule matches, and
 * distinctive, so that ordinary lines rarely hold one.
 */

/**
 * Words a large share of node log lines hold (program names, log-format fields, routine words): a literal that
 * is one of these alone would send most lines to the patterns.
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set([
  'kubelet',
  'systemd',
  'containerd',
  'dockerd',
  'docker',
  'kernel',
  'container',
  'containers',
  'pod',
  'pods',
  'node',
  'error',
  'failed',
  'info',
  'warning',
  'level=',
  'msg=',
  'time=',
  'err=',
  'started',
  'status',
]);

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * A distinctive literal: at least 3 characters of which 2 are ASCII letters or digits, or at least 2 characters
 * when it holds a non-ASCII one (a Chinese word is two characters); not a common word.
 */
export function distinctive(literal: string): boolean {
  if (COMMON_WORDS.has(literal.trim().toLowerCase())) return false;
  if (NON_ASCII.test(literal)) return literal.length >= 2;
  return literal.length >= 3 && (literal.match(/[A-Za-z0-9]/g)?.length ?? 0) >= 2;
}

/**
 * The smallest set of literals equivalent to `words` as a requirement: those holding another one (case aside) go,
 * since a line holding them holds the shorter one too; case duplicates go.
 */
export function reduceLiterals(words: readonly string[]): string[] {
  const unique = [...new Map(words.map((w) => [w.toLowerCase(), w] as const)).values()];
  return unique.filter((w) => !unique.some((o) => o !== w && w.toLowerCase().includes(o.toLowerCase())));
}

/** Does `line` hold one of `literals`, case of ASCII letters aside? */
export function holdsLiteral(line: string, literals: readonly string[]): boolean {
  const lower = asciiLower(line);
  return literals.some((l) => lower.includes(asciiLower(l)));
}

/** `text` with its ASCII capitals made small (and nothing else changed: toLowerCase folds more). */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (m) => m.toLowerCase());
}
