/**
 * The responder's decisions as pure functions: what is known about an incident (its stored record, its storm,
 * the cluster's open incidents), the batch's signals, the diagnosis, the policy and the time in, the chat
 * actions and the next incident records out. No I/O and no clock: the pipeline (functions/respond/pipeline.ts)
 * does the reading, the sending and the saving. One module per kind of decision:
 *
 *   signals (a node's health: open, reopen, update, resolve) · storms (many nodes of a cluster at once) ·
 *   folds (downstream alerts) · requests (people in the thread) · silences (Alertmanager, from the thread) ·
 *   remediation (cordon, drain, replace, uncordon from the thread: who may, guards, approvals) ·
 *   actions (what a decision asks for, and how it becomes an incident's owed effects) · evidence (files for the
 *   thread: what a node left, kept in the archive)
 */
export {
  type AttachedEvidence,
  type ChatAction,
  type Decision,
  type RemediationAudit,
  type ReplyAbout,
  recordEffects,
} from './actions.ts';
export { withEvidence } from './evidence.ts';
export { decideFold, type FoldSituation, isDownstream } from './folds.ts';
export {
  decideRemediation,
  decideRemediationOutcome,
  type RemediationOutcomeSituation,
  type RemediationSituation,
} from './remediation.ts';
export { decideRequest, type RequestSituation } from './requests.ts';
export {
  decideSignals,
  episodeSignals,
  type NodeSituation,
  needsOpenIncidents,
  type Reading,
  type Route,
  route,
  wantsLiveEvidence,
} from './signals.ts';
export { decideSilenceOutcome, type SilenceOutcome, type SilenceOutcomeSituation } from './silences.ts';
export { type BurstSituation, decideBurst, decideIdle, mayBeStorm, windowStart } from './storms.ts';
