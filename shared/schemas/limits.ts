import { z } from 'zod';

/**
 * Array limits, checked by zod before it looks at any element, so a body of 200,000 wrong elements costs one
 * check and one issue instead of 200,000. Alertmanager sends every alert of a group in one webhook unless the
 * receiver sets `max_alerts`; groups of a few thousand alerts happen in large clusters, and 10,000 alerts is
 * about 4 MB of JSON, beyond any body limit worth configuring here. Kubernetes event batches (an event
 * exporter's webhook, a bundle's events) are bounded the same way.
 */
export const MAX_ALERTS = 10_000;
export const MAX_EVENTS = 10_000;
/** A Node has a handful of conditions (node-problem-detector adds a few dozen at most). */
export const MAX_CONDITIONS = 200;
/** Evidence a collector reports as unavailable: one entry per call it made. */
export const MAX_UNAVAILABLE = 100;

/**
 * Names that are never accepted as map keys. `__proto__` is dropped by zod and object spreads (and refused
 * earlier, by `inspectJson`, on every route); `constructor` and `prototype` shadow what lookups such as
 * `labels[name]` find on Object.prototype. Refused with their path rather than kept or dropped in silence.
 */
export const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/**
 * Refuses the reserved names as keys, each with its path. A plain `.check` rather than `.superRefine`: zod's
 * refinement context made the Alertmanager schema ~4x slower to parse (41 vs 10 µs for a 10-alert webhook,
 * measured), most of ingest's validation time.
 */
function refuseReserved(payload: z.core.ParsePayload<Record<string, unknown>>): void {
  for (const key of RESERVED_KEYS) {
    if (Object.hasOwn(payload.value, key)) {
      payload.issues.push({
        code: 'custom',
        path: [key],
        message: `the key "${key}" is not accepted`,
        input: payload.value,
      });
    }
  }
}

/**
 * Label and annotation sets: string → string. Written as an object whose every key is a string (catchall)
 * rather than `z.record`, which also runs a schema over each key: same result, about half the cost on the
 * ingest hot path (10 alerts × 2 maps per webhook).
 */
export const stringMap = () => z.object({}).catchall(z.string()).check(refuseReserved);

/** An object schema whose unknown keys are kept, minus the reserved names. */
export const withoutReservedKeys = <S extends z.ZodType<Record<string, unknown>>>(schema: S) =>
  schema.check(refuseReserved);
