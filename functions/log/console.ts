import { redactUrlCredentials } from '../../shared/redact.ts';
import {
  LOG_LEVELS,
  type LogFields,
  type Logger,
  type LogLevel,
  SECRET_FIELDS,
  secretScrubber,
  withoutUrlCredentials,
} from './port.ts';

const SECRET_KEYS = new Set<string>(SECRET_FIELDS.map((k) => k.toLowerCase()));

function censored(fields: LogFields): LogFields {
  return Object.fromEntries(
    Object.entries(withoutUrlCredentials(fields)).map(([key, value]) => [
      key,
      SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : value,
    ]),
  );
}

export interface ConsoleLoggerOptions {
  level?: LogLevel;
  secrets?: readonly (string | undefined)[];
  /** Default console.error: the Worker's and Lambda's log stream. */
  write?: (line: string) => void;
}

/**
 * The same JSON lines as the pino logger (`time`, `level`, bindings, `msg`) through `console.error`, for the
 * Cloudflare Worker, which must not bundle pino (it needs Node's streams and worker threads).
 */
export function consoleJsonLogger(options: ConsoleLoggerOptions = {}, bindings: LogFields = {}): Logger {
  const write = options.write ?? ((line: string) => console.error(line));
  const threshold = LOG_LEVELS.indexOf(options.level ?? 'info');
  const scrub = secretScrubber(options.secrets ?? []);
  const at =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}): void => {
      if (LOG_LEVELS.indexOf(level) < threshold) return;
      const line = { time: new Date().toISOString(), level, ...bindings, ...censored(fields) };
      write(scrub(JSON.stringify({ ...line, msg: redactUrlCredentials(message) })));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (more) => consoleJsonLogger(options, { ...bindings, ...censored(more) }),
  };
}
