import type { Logger } from '../../functions/log/port.ts';

/** A logger that keeps each line's message, whatever its level or fields (tests read what was said). */
export function messagesLogger(lines: string[]): Logger {
  const keep = (message: string) => void lines.push(message);
  const logger: Logger = { debug: keep, info: keep, warn: keep, error: keep, child: () => logger };
  return logger;
}
