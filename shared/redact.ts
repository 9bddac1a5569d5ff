/** `scheme://user:pass@host` → `scheme://[redacted]@host`, wherever a URL appears in a message. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, '$1[redacted]@');
}
