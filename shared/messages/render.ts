import type { ChatMessage } from '../chat/port.ts';
import type { ChatAction, Decision } from '../incidents/decide/actions.ts';
import type { MessageIntent } from '../incidents/decide/intents.ts';
import type { ThreadPolicy } from '../incidents/policy.ts';
import {
  acknowledgedMessage,
  changeMessage,
  commandsMessage,
  diagnosisMessage,
  foldedMessage,
  noLongerOpenMessage,
  reopenMessage,
  resolutionMessage,
  rootMessage,
  silencedMessage,
  silenceExpiredMessage,
  silenceFailedMessage,
  silenceNotPossibleMessage,
  statusMessage,
} from './incidents.ts';
import { incidentLinks } from './links.ts';
import {
  remediationApprovedMessage,
  remediationDuplicateMessage,
  remediationRefusedMessage,
  remediationReportMessage,
  remediationRequestedMessage,
} from './remediation.ts';
import { stormRoot } from './storm.ts';

/**
 * The render step: a decision's message intents become chat messages, with the policy's links, buttons and
 * archive and the time the decision was made (`now`, the decision's own), before the outbox records them as owed
 * effects. Pure: the same decision renders to the same messages.
 */
export function renderDecision(
  decision: Decision<MessageIntent>,
  policy: ThreadPolicy,
  now: Date,
): Decision<ChatMessage> {
  const render = (intent: MessageIntent) => renderMessage(intent, policy, now);
  return { ...decision, actions: decision.actions.map((a) => renderAction(a, render)) };
}

function renderAction(
  action: ChatAction<MessageIntent>,
  render: (intent: MessageIntent) => ChatMessage,
): ChatAction<ChatMessage> {
  switch (action.kind) {
    case 'open-thread': {
      const { reply, ...rest } = action;
      return { ...rest, root: render(action.root), ...(reply ? { reply: render(reply) } : {}) };
    }
    case 'edit-root':
    case 'reply':
    case 'answer':
      return { ...action, message: render(action.message) };
    case 'attach':
    case 'silence':
    case 'expire-silence':
    case 'remediate':
      return action;
  }
}

/** One intent in words and blocks. */
export function renderMessage(intent: MessageIntent, policy: ThreadPolicy, now: Date): ChatMessage {
  switch (intent.kind) {
    case 'root':
      return rootMessage(intent.incident, intent.diagnosis, now, policy);
    case 'storm-root':
      return stormRoot(intent.storm, intent.members, policy, now);
    case 'reasoning':
      return diagnosisMessage(intent.diagnosis, undefined, links(intent, policy));
    case 'change':
      return changeMessage(intent.diagnosis, intent.before, links(intent, policy));
    case 'reopen':
      return reopenMessage(intent.incident, intent.diagnosis, links(intent, policy));
    case 'resolution':
      return resolutionMessage(intent.incident);
    case 'folded':
      return foldedMessage(intent.lines);
    case 'status':
      return statusMessage(intent.open, now);
    case 'pasted-diagnosis':
      return diagnosisMessage(intent.diagnosis, 'Diagnosis of the pasted log (offline, no cluster access):');
    case 'node-now':
      return diagnosisMessage(
        intent.diagnosis,
        `No open incident for ${intent.node} in ${intent.cluster}. What the cluster says now:`,
      );
    case 'rediagnosis':
      return diagnosisMessage(
        intent.diagnosis,
        'Re-diagnosed on request of the on-call engineer.',
        links(intent, policy),
      );
    case 'no-longer-open':
      return noLongerOpenMessage();
    case 'commands':
      return commandsMessage(intent.diagnosis, intent.runtime);
    case 'acknowledged':
      return acknowledgedMessage(intent.user);
    case 'silenced':
      return silencedMessage(intent.incident, intent.silence, intent.diagnosis);
    case 'silence-expired':
      return silenceExpiredMessage(intent.silenceId, intent.by);
    case 'silence-failed':
      return silenceFailedMessage(intent.what, intent.reason, intent.retried);
    case 'no-silence':
      return silenceNotPossibleMessage(intent.reason);
    case 'remediation-refused':
      return remediationRefusedMessage(intent.action, intent.node, intent.user, intent.reasons);
    case 'remediation-requested':
      return remediationRequestedMessage(intent.incident, intent.job);
    case 'remediation-approved':
      return remediationApprovedMessage(intent.job, intent.by);
    case 'remediation-duplicate':
      return remediationDuplicateMessage(intent.job, intent.user);
    case 'remediation-report':
      return remediationReportMessage(intent.job, intent.report);
  }
}

/** The links of the incident a message is about, where the policy lets them point. */
function links(
  intent: Extract<MessageIntent, { incident: unknown; diagnosis: unknown }>,
  policy: ThreadPolicy,
) {
  return incidentLinks(intent.incident, intent.diagnosis, policy.links);
}
