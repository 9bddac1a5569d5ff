import { z } from 'zod';
import { AlertmanagerPayloadSchema } from '../schemas/alertmanager.ts';
import { EvidenceBundleSchema } from '../schemas/bundle.ts';
import type { WebhookRouteSchema } from '../schemas/job.ts';
import { EventWebhookBodySchema } from '../schemas/kube-event.ts';
import {
  type Normalised,
  normaliseAlertmanager,
  normaliseBundle,
  normaliseEvents,
  type Tally,
  tallyAlertmanager,
  tallyBundle,
  tallyEvents,
} from './normalise.ts';

/** A bundle pushed to ingest: the node it is about is not optional there. */
const PushedBundleSchema = EvidenceBundleSchema.extend({
  node: z
    .string({ error: 'a pushed bundle must name its node' })
    .min(1, 'a pushed bundle must name its node'),
});

/** One webhook route: the body it accepts and how that body becomes jobs. */
export interface IntakeRoute<S extends z.ZodType> {
  schema: S;
  normalise(body: z.infer<S>, defaultCluster: string, receivedAt: string): Normalised;
  /** What `normalise` would give, counted only (see Tally). */
  tally(body: z.infer<S>): Tally;
}

const route = <S extends z.ZodType>(r: IntakeRoute<S>) => r;

/** The webhook routes by name; each also has its own bearer token. */
export type IntakeRouteName = z.infer<typeof WebhookRouteSchema>;

/** Who may post to the webhook routes: the bearer token of each (Alertmanager's `http_config.authorization`), or anyone. */
export type IngestAuth = { mode: 'bearer'; tokens: Record<IntakeRouteName, string> } | { mode: 'off' };

/**
 * The webhook routes as data: what each accepts and how it turns into jobs. Ingest validates and normalises
 * with it; the responder expands a queued webhook job with it again (`functions/respond/webhook.ts`).
 */
export const INTAKE_ROUTES = {
  alertmanager: route({
    schema: AlertmanagerPayloadSchema,
    normalise: normaliseAlertmanager,
    tally: tallyAlertmanager,
  }),
  events: route({
    schema: EventWebhookBodySchema,
    normalise: (body, cluster, at) => normaliseEvents(Array.isArray(body) ? body : [body], cluster, at),
    tally: (body) => tallyEvents(Array.isArray(body) ? body : [body]),
  }),
  bundles: route({ schema: PushedBundleSchema, normalise: normaliseBundle, tally: tallyBundle }),
} satisfies Record<IntakeRouteName, unknown>;
