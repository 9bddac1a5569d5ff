import { z } from 'zod';
import { AlertmanagerPayloadSchema } from '../schemas/alertmanager.ts';
import { EvidenceBundleSchema } from '../schemas/bundle.ts';
import type { Job } from '../schemas/job.ts';
import { EventWebhookBodySchema } from '../schemas/kube-event.ts';
import { type Normalised, normaliseAlertmanager, normaliseBundle, normaliseEvents } from './normalise.ts';

/** A bundle pushed to ingest: the node it is about is not optional there. */
const PushedBundleSchema = EvidenceBundleSchema.extend({
  node: z
    .string({ error: 'a pushed bundle must name its node' })
    .min(1, 'a pushed bundle must name its node'),
});

/** One webhook route: the body it accepts and how that body becomes jobs. */
export interface IntakeRoute<S extends z.ZodType> {
  schema: S;
  normalise(body: z.infer<S>, defaultCluster: string, receivedAt: string): Normalised | Promise<Normalised>;
}

const route = <S extends z.ZodType>(r: IntakeRoute<S>) => r;

/** The webhook routes by name; each also has its own bearer token. */
export const IntakeRouteNameSchema = z.enum(['alertmanager', 'events', 'bundles']);
export type IntakeRouteName = z.infer<typeof IntakeRouteNameSchema>;

/**
 * The webhook routes as data: what each accepts and how it turns into jobs. Ingest validates with it; the
 * embedded queue derives a stored body's jobs with it again on delivery (see `jobsFromOrigin`).
 */
export const INTAKE_ROUTES = {
  alertmanager: route({ schema: AlertmanagerPayloadSchema, normalise: normaliseAlertmanager }),
  events: route({
    schema: EventWebhookBodySchema,
    normalise: (body, cluster, at) => normaliseEvents(Array.isArray(body) ? body : [body], cluster, at),
  }),
  bundles: route({ schema: PushedBundleSchema, normalise: normaliseBundle }),
} satisfies Record<IntakeRouteName, unknown>;

/**
 * Where a request's jobs came from: the route, and the two inputs normalising depends on. Normalising is
 * deterministic, so with the body these give the same jobs again.
 */
export const OriginSchema = z.object({
  route: IntakeRouteNameSchema,
  receivedAt: z.iso.datetime(),
  defaultCluster: z.string(),
});
export type OriginInfo = z.infer<typeof OriginSchema>;

/** An origin with the body as received: JSON text that passed the route's schema. */
export type Origin = OriginInfo & { body: string };

/** The jobs a stored body stands for (parsed from its text), derived exactly as ingest derived them. */
export async function jobsFromOrigin(origin: OriginInfo, payload: unknown): Promise<Job[]> {
  const intake: IntakeRoute<z.ZodType> = INTAKE_ROUTES[origin.route];
  return (await intake.normalise(intake.schema.parse(payload), origin.defaultCluster, origin.receivedAt))
    .jobs;
}
