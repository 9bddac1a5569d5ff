import type { ClusterView, RemediationAction, RemediationReport } from './model.ts';

/** What the remediation adapter (shared/kube/remediate.ts) does for the respond pipeline. */
export interface RemediationPort {
  /** The cluster's nodes as the guards read them, or why they could not be read. */
  view(cluster: string): Promise<ClusterView>;
  /**
   * Carries out one action (`dryRun`: reads only, and lists the mutating calls it would make). Never throws for
   * what the API server answers: a refusal (403, 404, 409, 429) is in the report. `progress` hears how a drain
   * goes while it runs.
   */
  carryOut(
    request: { action: RemediationAction; cluster: string; node: string; dryRun: boolean },
    progress?: (drain: DrainProgress) => void,
  ): Promise<RemediationReport>;
}

/** A drain under way. */
export interface DrainProgress {
  node: string;
  evicted: number;
  blocked: number;
  terminating: number;
  remaining: number;
}

/** The members of Slack user groups, for the allow lists (Slack's usergroups.users.list). */
export interface UserGroups {
  members(group: string): Promise<readonly string[]>;
}
