import { HEADER_LEADS } from '../log-headers.ts';

/**
 * Text whose newlines arrived escaped: a log copied out of a JSON field or a Slack message shows up as one line
 * with literal `\n` between the real lines. A kubelet line that merely quotes a multi-line output (`output="a\nb"`)
 * is not that: the text is split only when at least two of its pieces start like log lines or when, without any
 * log prefix of its own, it holds several escaped newlines.
 */
/** Sections that start a piece as a log header does: a goroutine dump, a `kubectl describe`, a JSON record. */
const SECTION_LEADS = String.raw`goroutine \d+ \[|Name:|\{"`;
const LOG_START = new RegExp(`^(?:${HEADER_LEADS}|${SECTION_LEADS})`);

const MIN_PIECES_WITHOUT_PREFIX = 3;

export function splitEscapedNewlines(line: string): string[] | undefined {
  if (!line.includes('\\n')) return undefined;
  const body = line.trim().replace(/^"(.*)"$/s, '$1');
  const pieces = body.split(/(?:\\r)?\\n/);
  if (pieces.length < 2) return undefined;
  const starts = pieces.filter((p) => LOG_START.test(p)).length;
  const prefixed = LOG_START.test(pieces[0] ?? '');
  if (starts < 2 && (prefixed || pieces.length < MIN_PIECES_WITHOUT_PREFIX)) return undefined;
  return pieces.map((p) => p.replace(/\\t/g, '\t').replace(/\\"/g, '"').replace(/\\\\/g, '\\'));
}
