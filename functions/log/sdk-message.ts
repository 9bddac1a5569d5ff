/**
 * An SDK logger's arguments as one message: strings as they are, anything else (an error, an object) as JSON.
 * Its own module, free of any SDK: the Worker's AWS adapter must not pull in Slack's.
 */
export function sdkMessage(parts: unknown[]): string {
  return parts
    .map((p) => (typeof p === 'string' ? p : p instanceof Error ? p.message : JSON.stringify(p)))
    .join(' ');
}
