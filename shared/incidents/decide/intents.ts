import type { RemediationRefusal } from '../../remediation/guards.ts';
import type { RemediationAction, RemediationJob, RemediationReport } from '../../remediation/model.ts';
import type { Diagnosis, RuntimeKind } from '../../schemas/diagnosis.ts';
import type { IncidentSilence } from '../../schemas/silence.ts';
import type { Incident, IncidentSummary } from '../model.ts';

/**
 * What a decision wants said, as data: which message, about what. Deciding stops here; the words, the Block Kit
 * layout, the links and the buttons are rendering's (shared/messages/render.ts), which turns each intent into a
 * message before it is recorded as an owed effect.
 */
export type MessageIntent =
  /** The incident's root: headline, state, buttons. */
  | { kind: 'root'; incident: Incident; diagnosis: Diagnosis }
  /** A cluster incident's root: what its members found, and where those with a thread of their own are. */
  | { kind: 'storm-root'; storm: Incident; members: readonly IncidentSummary[] }
  /** The reasoning under an incident's root: causal chain, cited evidence, commands, the incident's links. */
  | { kind: 'reasoning'; incident: Incident; diagnosis: Diagnosis }
  /** The diagnosis of an open incident changed from what was `before` told. */
  | { kind: 'change'; incident: Incident; diagnosis: Diagnosis; before: Incident['posted'] }
  /** The incident fired again within the reopen window: its thread is reopened. */
  | { kind: 'reopen'; incident: Incident; diagnosis: Diagnosis }
  | { kind: 'resolution'; incident: Incident }
  /** Downstream alerts folded into the incident, one line each. */
  | { kind: 'folded'; lines: readonly string[] }
  /** The open incidents, summarised; those listed whole where read so (their trouble dates from their signals). */
  | { kind: 'status'; open: readonly (Incident | IncidentSummary)[] }
  /** The diagnosis of a log someone pasted. */
  | { kind: 'pasted-diagnosis'; diagnosis: Diagnosis }
  /** Asked about a node with no incident: what the cluster says about it now. */
  | { kind: 'node-now'; cluster: string; node: string; diagnosis: Diagnosis }
  /** Asked to diagnose an incident again. */
  | { kind: 'rediagnosis'; incident: Incident; diagnosis: Diagnosis }
  /** A button of an incident that is no longer open. */
  | { kind: 'no-longer-open' }
  /** The commands of the leading cause for another runtime. */
  | { kind: 'commands'; diagnosis: Diagnosis; runtime: RuntimeKind }
  | { kind: 'acknowledged'; user: string }
  | { kind: 'silenced'; incident: Incident; silence: IncidentSilence; diagnosis: Diagnosis }
  | { kind: 'silence-expired'; silenceId: string; by: string }
  /** Alertmanager refused a silence or its expiry, or could not be reached for it (`retried`: it is kept). */
  | { kind: 'silence-failed'; what: 'silence' | 'expiry'; reason: string; retried: boolean }
  | { kind: 'no-silence'; reason: NoSilence }
  /** A remediation request or approval refused: every guard that stopped it, with its numbers. */
  | {
      kind: 'remediation-refused';
      action: RemediationAction;
      node: string;
      user: string;
      reasons: readonly RemediationRefusal[];
    }
  /** A remediation job recorded: waiting for a second person's approval (with the button), or starting. */
  | { kind: 'remediation-requested'; incident: Incident; job: RemediationJob }
  | { kind: 'remediation-approved'; job: RemediationJob; by: string }
  /** The same job asked for again while it is waiting, running or done: nothing more is done. */
  | { kind: 'remediation-duplicate'; job: RemediationJob; user: string }
  /** What carrying out a job did: the calls, the drain's progress, the evidence kept. */
  | { kind: 'remediation-report'; job: RemediationJob; report: RemediationReport };

/** Why a silence someone asked for was not made. */
export type NoSilence =
  | { why: 'not-configured' }
  | { why: 'none-running' }
  | { why: 'already-silenced'; silence: IncidentSilence }
  | { why: 'being-created' }
  | { why: 'no-alert' };
