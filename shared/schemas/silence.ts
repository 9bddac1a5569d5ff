import { z } from 'zod';

/*
 * Alertmanager's silences as the responder stores and sends them: plain schemas, below both the incident model
 * (which records an incident's silence and its silence effects) and the silences adapter (which sends them).
 */

/** One Alertmanager matcher (API v2 `matcher`): an equality, or an anchored regex over exact alternatives. */
export const MatcherSchema = z.object({
  name: z.string().min(1),
  value: z.string(),
  isRegex: z.boolean(),
  isEqual: z.boolean(),
});
export type Matcher = z.infer<typeof MatcherSchema>;

/** A silence as the responder asks Alertmanager for it (API v2 `postableSilence` without an id). */
export const SilenceRequestSchema = z.object({
  matchers: z.array(MatcherSchema).min(1),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  createdBy: z.string().min(1),
  comment: z.string().min(1),
});
export type SilenceRequest = z.infer<typeof SilenceRequestSchema>;

/** The silence an incident holds: shown in its root, expired from its button. */
export const IncidentSilenceSchema = z.object({
  id: z.string().min(1).max(100),
  endsAt: z.iso.datetime(),
  by: z.string().min(1),
});
export type IncidentSilence = z.infer<typeof IncidentSilenceSchema>;
