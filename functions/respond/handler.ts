import type { Job } from '../../shared/schemas/job.ts';

/** What the responder does with one incident's jobs of a batch (the pipeline in pipeline.ts). */
export interface IncidentGroup {
  cluster: string;
  node: string;
  jobs: readonly Job[];
}

export interface IncidentHandler {
  /** Sees the whole batch first (e.g. many nodes of one cluster at once is one storm, not many threads). */
  prepare?(groups: readonly IncidentGroup[]): Promise<void>;
  handle(cluster: string, node: string, jobs: readonly Job[]): Promise<void>;
  /** Called when the queue is idle: finish deferred work (e.g. storm root edits). */
  idle?(): Promise<void>;
}
