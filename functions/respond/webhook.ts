import type { z } from 'zod';
import { INTAKE_ROUTES, type IntakeRoute } from '../../shared/intake/routes.ts';
import type { Job, WebhookJob } from '../../shared/schemas/job.ts';

/**
 * The jobs a queued webhook stands for, derived exactly as ingest derived them: its route's schema, then its
 * normaliser. A body that no longer reads as its route throws (the queue hands its jobs out as poison).
 */
export function expandWebhook(webhook: WebhookJob): Job[] {
  const intake: IntakeRoute<z.ZodType> = INTAKE_ROUTES[webhook.route];
  const body = intake.schema.parse(webhook.payload);
  return intake.normalise(body, webhook.defaultCluster, webhook.receivedAt).jobs;
}
