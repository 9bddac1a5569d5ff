import { describeIssues } from '../schemas/bundle.ts';
import { type Job, JobSchema } from '../schemas/job.ts';

/**
 * Serialises a job for a queue body. Jobs are validated on both sides of the queue: on the way in, the webhook
 * payload a job is built from has just passed its route's zod schema and typed code builds the job from it; on
 * the way out, `decodeJob` validates every job against JobSchema before anything acts on it.
 */
export function encodeJob(job: Job): string {
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

/** Validates an already parsed job. */
export function validateJob(json: unknown): { job: Job } | { reason: string } {
  const parsed = JobSchema.safeParse(json);
  if (parsed.success) return { job: parsed.data };
  return {
    reason: describeIssues(parsed.error)
      .map((i) => `${i.path}: ${i.message}`)
      .join('; '),
  };
}
