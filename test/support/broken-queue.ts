import type { Queue, Readiness, Received, RetryResult } from '../../shared/queue/port.ts';
import type { Job } from '../../shared/schemas/job.ts';

/** A queue that is down (`fail`), too slow for Slack's 3 s (`hang`), or taking jobs (`ok`, kept in `queued`). */
export class BrokenQueue implements Queue {
  mode: 'fail' | 'hang' | 'ok' = 'fail';
  readonly queued: Job[] = [];

  async enqueue(jobs: readonly Job[]): Promise<void> {
    if (this.mode === 'fail') throw new Error('queue down');
    if (this.mode === 'hang') await new Promise(() => {});
    this.queued.push(...jobs);
  }
  async receive(): Promise<Received> {
    return { deliveries: [], poison: [] };
  }
  async ack(): Promise<void> {}
  async retry(): Promise<RetryResult> {
    return 'retrying';
  }
  async reject(): Promise<void> {}
  async extend(): Promise<void> {}
  async ready(): Promise<Readiness> {
    return this.mode === 'ok' ? { ready: true } : { ready: false, reason: `queue ${this.mode}` };
  }
  async close(): Promise<void> {}
}
