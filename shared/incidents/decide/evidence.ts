import type { AttachedEvidence, Decision } from './actions.ts';

/**
 * Evidence a node left for its incident (kept in the archive by the pipeline) joins the decision as files for the
 * thread, after the decision's own messages (so a new thread's root and reasoning come first). Only when the
 * decision saves the incident: the attach is an effect in its outbox, carried out and retried like a post.
 */
export function withEvidence(decision: Decision, key: string, kept: readonly AttachedEvidence[]): Decision {
  if (kept.length === 0 || !decision.next.some((r) => r.key === key)) return decision;
  return {
    ...decision,
    actions: [...decision.actions, ...kept.map((evidence) => ({ kind: 'attach' as const, key, evidence }))],
  };
}
