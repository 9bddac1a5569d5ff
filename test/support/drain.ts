import { expect } from 'vitest';
import type { Queue } from '../../shared/queue/port.ts';
import type { Job } from '../../shared/schemas/job.ts';

/** Everything queued so far, acknowledged; every job must be valid (no poison). */
export async function drainJobs(queue: Queue): Promise<Job[]> {
  const jobs: Job[] = [];
  for (;;) {
    const got = await queue.receive(10, 0);
    expect(got.poison).toEqual([]);
    if (got.deliveries.length === 0) return jobs;
    jobs.push(...got.deliveries.map((d) => d.job));
    await queue.ack(got.deliveries.map((d) => d.receipt));
  }
}
