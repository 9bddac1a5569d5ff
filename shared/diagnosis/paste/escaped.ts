/**
 * Text whose newlines arrived escaped: a log copied out of a JSON field or a Slack message shows up as one line
 * with literal `\n` between the real lines. A kubelet line that merely quotes a multi-line output (`output="a\nb"`)
 * is not that: the text is split only when at least two of its pieces start like log lines or when, without any
 * log prefix of its own, it holds several escaped newlines.
 */
const LOG_START =
  /^(?:[A-Z][a-z]{2} +\d{1,2} \d{2}:\d{2}:\d{2}|\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|[IWEF]\d{4} \d{2}:\d{2}:\d{2}|\[\s*\d+\.\d+\]|\[[A-Z][a-z]{2} [A-Z][a-z]{2} |time="|goroutine \d+ \[|Name:|\{")/;

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
