import pino from 'pino';
import { redactUrlCredentials } from '../../shared/redact.ts';
import {
  type LogFields,
  type Logger,
  type LogLevel,
  SECRET_FIELDS,
  secretScrubber,
  withoutUrlCredentials,
} from './port.ts';
import { prettyDestination } from './pretty.ts';

/** json: one JSON object a line (collectors parse it); pretty: `HH:MM:SS LEVEL component: msg key=value`. */
export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  level?: LogLevel;
  /** Default: pretty when `out` is a terminal, json otherwise (a pipe, a file, a container runtime). */
  format?: LogFormat;
  /** The configured secrets: their values are scrubbed from every line, whichever field or message held them. */
  secrets?: readonly (string | undefined)[];
  /** Where lines go; default stderr. */
  out?: { write(text: string): unknown; isTTY?: boolean };
}

function wrap(base: pino.Logger): Logger {
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      // Checked first: a line below the level (ingest's per-request debug line) costs no redaction pass.
      if (!base.isLevelEnabled(level)) return;
      const text = redactUrlCredentials(message);
      if (fields) base[level](withoutUrlCredentials(fields), text);
      else base[level](text);
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(base.child(withoutUrlCredentials(bindings))),
  };
}

/**
 * The Node and Lambda hosts' logger, on pino: `time` (ISO 8601), `level` (its name), the bindings (`component`,
 * ids) and `msg`. Fields named like secrets are censored by pino's redact paths; the configured secrets' values
 * are scrubbed from whatever is written. Writes are synchronous: a line said just before exit is not lost.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.out ?? process.stderr;
  const format = options.format ?? (out.isTTY ? 'pretty' : 'json');
  const scrub = secretScrubber(options.secrets ?? []);
  const sink = format === 'pretty' ? prettyDestination(out) : out;
  const destination = { write: (line: string) => void sink.write(scrub(line)) };
  const base = pino(
    {
      level: options.level ?? 'info',
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: SECRET_FIELDS.flatMap((k) => [k, `*.${k}`]), censor: '[redacted]' },
    },
    destination,
  );
  return wrap(base);
}
