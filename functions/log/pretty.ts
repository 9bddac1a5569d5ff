import { sanitizeForTerminal } from '../../shared/chat/text.ts';

/** The fields of a pino JSON line that the readable line shows in its own places. */
const PLACED = new Set(['time', 'level', 'component', 'msg']);

function clock(time: unknown): string {
  const date = new Date(typeof time === 'string' || typeof time === 'number' ? time : Number.NaN);
  return Number.isNaN(date.getTime()) ? '--:--:--' : date.toISOString().slice(11, 19);
}

/** A value as `key=value` shows it: bare when it is one word, JSON-quoted when it has spaces or quotes. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[^\s"=]+$/.test(text ?? '') ? (text ?? '') : JSON.stringify(text);
}

/**
 * One pino JSON line as an operator reads it on a terminal: `HH:MM:SS LEVEL component: msg key=value` (UTC, as
 * the JSON's `time`). Sender-controlled text is sanitised: no escape sequence reaches the terminal.
 */
export function formatPrettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json);
  } catch {
    return sanitizeForTerminal(json.trimEnd());
  }
  const level = String(record.level ?? 'info')
    .toUpperCase()
    .padEnd(5);
  const component = record.component === undefined ? '' : `${String(record.component)}: `;
  const extra = Object.entries(record)
    .filter(([key]) => !PLACED.has(key))
    .map(([key, value]) => ` ${key}=${shown(value)}`)
    .join('');
  return sanitizeForTerminal(
    `${clock(record.time)} ${level} ${component}${String(record.msg ?? '')}${extra}`,
  );
}

/** A pino destination that writes readable lines to `out` (stderr on a terminal). */
export function prettyDestination(out: { write(text: string): unknown }): { write(line: string): void } {
  return {
    write(line: string) {
      for (const one of line.split('\n')) if (one) out.write(`${formatPrettyLine(one)}\n`);
    },
  };
}
