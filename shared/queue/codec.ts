import type { z } from 'zod';
import { describeIssues } from '../schemas/bundle.ts';
import { type Job, JobSchema, type WebhookJob, WebhookJobSchema } from '../schemas/job.ts';

/**
 * JSON text known to be valid (a webhook body that passed JSON.parse and its route's schema at ingest). The
 * codec writes it into a job's encoding as it is: neither parsed again nor escaped as a string. Anything else
 * that serialises it gets the value it holds (`toJSON`).
 */
export class JsonText {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * Serialises a job for a queue body. Jobs are validated on both sides of the queue: on the way in, the webhook
 * payload a job is built from has just passed its route's zod schema and typed code builds the job from it; on
 * the way out, `decodeJob` validates every job against JobSchema before anything acts on it. A webhook job's
 * payload given as `JsonText` is spliced in as the JSON value it is, so storing a webhook costs a copy of its
 * body, not a serialisation.
 */
export function encodeJob(job: Job | WebhookJob): string {
  if (job.kind === 'webhook' && job.payload instanceof JsonText) {
    const { payload, ...fields } = job;
    // `fields` is a non-empty object: its JSON ends with the closing brace the payload goes before.
    return `${JSON.stringify(fields).slice(0, -1)},"payload":${payload.text}}`;
  }
  return JSON.stringify(job);
}

/** Reads a queue body back into a job, validated: jobs are checked on both sides of the queue. */
export function decodeJob(body: string): { job: Job } | { reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { reason: 'body is not JSON' };
  }
  return validateJob(json);
}

function validate<T>(schema: z.ZodType<T>, json: unknown): { job: T } | { reason: string } {
  const parsed = schema.safeParse(json);
  if (parsed.success) return { job: parsed.data };
  return {
    reason: describeIssues(parsed.error)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; '),
  };
}

/** Validates an already parsed job. */
export function validateJob(json: unknown): { job: Job } | { reason: string } {
  return validate(JobSchema, json);
}

/** Validates an already parsed webhook job (its payload is its route's to check, when it is expanded). */
export function validateWebhookJob(json: unknown): { job: WebhookJob } | { reason: string } {
  return validate(WebhookJobSchema, json);
}
