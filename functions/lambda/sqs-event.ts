import { z } from 'zod';

/** The parts of Lambda's SQS event the responder reads (all attribute values are strings). */
export const SqsEventSchema = z.object({
  Records: z.array(
    z.looseObject({
      messageId: z.string(),
      body: z.string(),
      attributes: z
        .looseObject({ ApproximateReceiveCount: z.string().default('1') })
        .default({ ApproximateReceiveCount: '1' }),
      messageAttributes: z
        .record(z.string(), z.looseObject({ stringValue: z.string().optional() }))
        .default({}),
    }),
  ),
});
export type SqsEvent = z.infer<typeof SqsEventSchema>;

/** Partial batch response: only these messages are retried; the rest of the batch is deleted. */
export interface SqsBatchResponse {
  batchItemFailures: Array<{ itemIdentifier: string }>;
}
