/**
 * Times as the API server writes them. client-node hands date-time fields over as Date objects (MicroTime ones
 * too); bundles carry RFC 3339 strings.
 */

function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'string' && value !== '') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  return undefined;
}

/** RFC 3339 in UTC (`2026-05-19T03:10:41Z`; fractional seconds only when there are some). */
export function rfc3339(value: unknown): string | undefined {
  const d = toDate(value);
  return d?.toISOString().replace(/\.000Z$/, 'Z');
}

/** Whole seconds from `value` to `now` (negative when `value` is in the future). */
export function ageSeconds(value: unknown, now: Date): number | undefined {
  const d = toDate(value);
  return d ? Math.round((now.getTime() - d.getTime()) / 1000) : undefined;
}

/** Milliseconds since the epoch, or undefined. */
export function epochMs(value: unknown): number | undefined {
  return toDate(value)?.getTime();
}
