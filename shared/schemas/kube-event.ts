import { z } from 'zod';
import { MAX_EVENTS } from './limits.ts';

/** A reference to the object an Event is about (core/v1 `involvedObject`, events.k8s.io/v1 `regarding`). */
export const ObjectReferenceSchema = z.looseObject({
  kind: z.string().optional(),
  name: z.string().optional(),
  namespace: z.string().optional(),
  uid: z.string().optional(),
  apiVersion: z.string().optional(),
  fieldPath: z.string().optional(),
});

const timestamp = z.string().nullish();

/**
 * A Kubernetes Event as the engine reads it: the core/v1 shape. Fields that events.k8s.io/v1 renamed
 * (`note`, `regarding`, `deprecatedCount`...) are accepted too, so a bundle can carry either without a
 * conversion step; `normaliseEvent` folds them onto the core/v1 names.
 */
export const KubeEventSchema = z.looseObject({
  type: z.string().nullish(),
  reason: z.string().nullish(),
  message: z.string().nullish(),
  note: z.string().nullish(),
  count: z.number().int().nonnegative().nullish(),
  deprecatedCount: z.number().int().nonnegative().nullish(),
  involvedObject: ObjectReferenceSchema.nullish(),
  regarding: ObjectReferenceSchema.nullish(),
  source: z.looseObject({ component: z.string().optional(), host: z.string().optional() }).nullish(),
  deprecatedSource: z
    .looseObject({ component: z.string().optional(), host: z.string().optional() })
    .nullish(),
  reportingComponent: z.string().nullish(),
  reportingController: z.string().nullish(),
  firstTimestamp: timestamp,
  lastTimestamp: timestamp,
  eventTime: timestamp,
  series: z.looseObject({ count: z.number().int().optional(), lastObservedTime: timestamp }).nullish(),
});
export type KubeEvent = z.infer<typeof KubeEventSchema>;

/** The fields every consumer needs, whichever Event API version the object came from. */
export interface NormalisedEvent {
  type: string;
  reason: string;
  message: string;
  count: number;
  kind: string;
  name: string;
  component: string;
  lastSeen: string | undefined;
}

export function normaliseEvent(event: KubeEvent): NormalisedEvent {
  const ref = event.involvedObject ?? event.regarding ?? {};
  return {
    type: event.type ?? '',
    reason: event.reason ?? '',
    message: event.message ?? event.note ?? '',
    count: Math.max(1, event.series?.count ?? event.count ?? event.deprecatedCount ?? 1),
    kind: ref.kind ?? '',
    name: ref.name ?? '',
    component:
      event.source?.component ??
      event.deprecatedSource?.component ??
      event.reportingComponent ??
      event.reportingController ??
      '',
    lastSeen: event.series?.lastObservedTime ?? event.lastTimestamp ?? event.eventTime ?? undefined,
  };
}

/**
 * What `POST /v1/events` accepts: one Event or an array of them, core/v1 or events.k8s.io/v1, including the
 * body kubernetes-event-exporter's webhook sink sends (core/v1 fields inline plus `clusterName`).
 */
export const EventWebhookEventSchema = KubeEventSchema.extend({
  clusterName: z.string().optional(),
  metadata: z.looseObject({ uid: z.string().optional(), name: z.string().optional() }).optional(),
});
export type EventWebhookEvent = z.infer<typeof EventWebhookEventSchema>;
export const EventWebhookBodySchema = z.union([
  EventWebhookEventSchema,
  z
    .array(EventWebhookEventSchema)
    .min(1, 'send at least one event')
    .max(MAX_EVENTS, `at most ${MAX_EVENTS} events per request`),
]);
