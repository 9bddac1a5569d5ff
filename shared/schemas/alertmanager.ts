import { z } from 'zod';
import { MAX_ALERTS, stringMap } from './limits.ts';

/** Label names that carry the node in kube-prometheus and node-exporter setups, most specific first. */
export const NODE_LABELS = ['node', 'nodename', 'kubernetes_node', 'exported_node', 'instance'] as const;

/** One alert as Alertmanager's webhook (payload version 4) carries it. */
export const AlertSchema = z.looseObject({
  status: z.enum(['firing', 'resolved']).optional(),
  labels: stringMap().default({}),
  annotations: stringMap().default({}),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  generatorURL: z.string().optional(),
  fingerprint: z.string().optional(),
});
export type Alert = z.infer<typeof AlertSchema>;

/** Alertmanager's webhook body, payload version 4 (firing or resolved, grouped or not). */
export const AlertmanagerPayloadSchema = z.looseObject({
  version: z.literal('4'),
  status: z.enum(['firing', 'resolved']),
  receiver: z.string(),
  groupKey: z.string(),
  truncatedAlerts: z.number().int().nonnegative().default(0),
  groupLabels: stringMap().default({}),
  commonLabels: stringMap().default({}),
  commonAnnotations: stringMap().default({}),
  externalURL: z.string().default(''),
  alerts: z
    .array(AlertSchema.extend({ status: z.enum(['firing', 'resolved']), startsAt: z.string() }))
    .min(1, 'Alertmanager always sends at least one alert')
    .max(MAX_ALERTS, `at most ${MAX_ALERTS} alerts per webhook (set max_alerts on the receiver)`),
});
export type AlertmanagerPayload = z.infer<typeof AlertmanagerPayloadSchema>;
