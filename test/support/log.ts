import type { LogFields, Logger } from '../../functions/log/port.ts';

/** A logger that keeps each line's message, whatever its level or fields (tests read what was said). */
export function messagesLogger(lines: string[]): Logger {
  const keep = (message: string) => void lines.push(message);
  const logger: Logger = { debug: keep, info: keep, warn: keep, error: keep, child: () => logger };
  return logger;
}

/** A logger that keeps each line whole (level, message, fields), for tests of what is logged and how. */
export function recordingLogger() {
  const lines: Array<{ level: string; message: string; fields: LogFields }> = [];
  const at =
    (level: string) =>
    (message: string, fields: LogFields = {}) =>
      void lines.push({ level, message, fields });
  const log: Logger = {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => log,
  };
  return { log, lines };
}
