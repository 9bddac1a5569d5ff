import { redactUrlCredentials } from '../../shared/redact.ts';

/**
 * The logging seam every adapter is given (the pure core never logs). A line is a message plus fields: the ids
 * that exist where it is written (dedupKey, incident, requestId), codes and counts. Nothing here knows pino, so the
 * Worker can implement it without it (functions/log/console.ts).
 */
export type LogFields = Record<string, unknown>;

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger whose every line also carries `bindings` (its component, an incident key). */
  child(bindings: LogFields): Logger;
}

/** For callers given no logger: lines are dropped. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};

/** Field names whose values are secrets wherever they appear: never written, whatever the host. */
export const SECRET_FIELDS = [
  'token',
  'authorization',
  'secret',
  'password',
  'signingSecret',
  'cookie',
] as const;

/** String values with URL credentials (`https://user:pass@host`) redacted; the rest as given. */
export function withoutUrlCredentials(fields: LogFields): LogFields {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      typeof value === 'string' ? redactUrlCredentials(value) : value,
    ]),
  );
}

/** Shorter values are not scrubbed by value: they would match ordinary text (the settings ask for 16+). */
const MIN_SCRUBBED_LENGTH = 8;

/**
 * Replaces the configured secrets' values wherever they appear in a serialised line, as written and as JSON
 * escapes them: the last guard, for a secret that reached a message or a field no redact path names.
 */
export function secretScrubber(secrets: readonly (string | undefined)[]): (line: string) => string {
  const forms = [
    ...new Set(
      secrets
        .filter((s): s is string => typeof s === 'string' && s.length >= MIN_SCRUBBED_LENGTH)
        .flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]),
    ),
  ];
  if (forms.length === 0) return (line) => line;
  return (line) => forms.reduce((text, secret) => text.replaceAll(secret, '[redacted]'), line);
}
