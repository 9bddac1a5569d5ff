import { z } from 'zod';

/** One alert as Alertmanager's webhook (payload version 4) carries it. */
export const AlertSchema = z.looseObject({
  status: z.enum(['firing', 'resolved']).optional(),
  labels: z.record(z.string(), z.string()).default({}),
  annotations: z.record(z.string(), z.string()).default({}),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  generatorURL: z.string().optional(),
  fingerprint: z.string().optional(),
});
export type Alert = z.infer<typeof AlertSchema>;
