import type { ActionsBlock, Button, KnownBlock } from '@slack/types';
import { codeBlock, escapeMrkdwn, inlineCode } from '../chat/mrkdwn.ts';
import type { ChatMessage } from '../chat/port.ts';
import { incidentButtonValue } from '../incidents/incident-ref.ts';
import type { Incident } from '../incidents/model.ts';
import type { RemediationRefusal } from '../remediation/guards.ts';
import type {
  ApiCall,
  RemediationAction,
  RemediationJob,
  RemediationPolicy,
  RemediationReport,
  ReplaceTarget,
} from '../remediation/model.ts';
import { context, section } from './blocks.ts';

/** Remediation in the thread: the buttons, requests, approvals, refusals and reports, in words. */

const VERB: Record<RemediationAction, string> = {
  cordon: 'cordon',
  drain: 'drain',
  replace: 'replace',
  uncordon: 'uncordon',
};
const DONE: Record<RemediationAction, string> = {
  cordon: 'Cordoned',
  drain: 'Drained',
  replace: 'Replaced',
  uncordon: 'Uncordoned',
};

/** A Slack user or group id as a mention; anything else as text. */
function who(id: string): string {
  if (/^[UW][A-Z0-9]{2,20}$/.test(id)) return `<@${id}>`;
  if (/^S[A-Z0-9]{2,20}$/.test(id)) return `<!subteam^${id}>`;
  return inlineCode(id);
}

const clock = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')}Z`;

/** The out-of-service taint, as the runbooks give it: only once the node is known to be off. */
export function outOfServiceCommands(node: string): string {
  return [
    `kubectl taint node ${node} node.kubernetes.io/out-of-service=nodeshutdown:NoExecute`,
    `# once the node is back (or replaced):`,
    `kubectl taint node ${node} node.kubernetes.io/out-of-service-`,
  ].join('\n');
}

/** The incident's own button value with the diagnosis fingerprint it was drawn for: `incident:<ref> <fingerprint>`. */
export function remediationButtonValue(incident: Incident): string {
  return `${incidentButtonValue(incident.key)} ${incident.posted?.fingerprint ?? '-'}`;
}

/** Whether a job of this incident left its node cordoned (so Uncordon is offered). */
function leftCordoned(incident: Incident): boolean {
  const last = [...incident.remediations]
    .reverse()
    .find((j) => j.node === incident.node && (j.state === 'done' || j.state === 'incomplete'));
  return last !== undefined && last.action !== 'uncordon' && last.action !== 'replace';
}

function button(action: RemediationAction, text: string, value: string, danger: boolean): Button {
  return {
    type: 'button',
    action_id: `remediate_${action}`,
    text: { type: 'plain_text', text },
    value,
    ...(danger
      ? {
          style: 'danger' as const,
          confirm: {
            title: { type: 'plain_text' as const, text: `${text}?` },
            text: {
              type: 'mrkdwn' as const,
              text: `This asks to ${VERB[action]} the node. It needs the approval of a person allowed to, and every guard is checked again then.`,
            },
            confirm: { type: 'plain_text' as const, text: 'Ask' },
            deny: { type: 'plain_text' as const, text: 'Cancel' },
          },
        }
      : {}),
  };
}

/**
 * The root's remediation buttons, shown only when remediation is configured: Cordon, Drain, Replace node on an
 * open node incident; Uncordon once a job of the incident left the node cordoned (also on the recovered root).
 */
export function remediationButtons(
  incident: Incident,
  policy: RemediationPolicy | undefined,
): ActionsBlock[] {
  if (!policy || incident.kind !== 'node') return [];
  const value = remediationButtonValue(incident);
  const dry = policy.mode === 'dry-run' ? ' (dry-run)' : '';
  const elements: Button[] = [];
  if (incident.state === 'open')
    elements.push(
      button('cordon', `Cordon${dry}`, value, false),
      button('drain', `Drain${dry}`, value, true),
      button('replace', `Replace node${dry}`, value, true),
    );
  if (leftCordoned(incident)) elements.push(button('uncordon', `Uncordon${dry}`, value, false));
  return elements.length > 0 ? [{ type: 'actions', block_id: 'remediation', elements }] : [];
}

/** The root's line about the incident's last remediation job. */
export function remediationLine(incident: Incident): string[] {
  const job = incident.remediations.at(-1);
  if (!job) return [];
  const approvals = job.approvals.slice(1).map((a) => who(a.user));
  return [
    `*Remediation:* ${VERB[job.action]} by ${who(job.requestedBy)}${approvals.length ? `, approved by ${approvals.join(', ')}` : ''} — ${escapeMrkdwn(stateText(job))}`,
  ];
}

function stateText(job: RemediationJob): string {
  switch (job.state) {
    case 'awaiting-approval':
      return `waiting for approval until ${clock(job.expiresAt ?? job.requestedAt)}`;
    case 'approved':
      return 'approved, running';
    case 'dry-run':
      return 'dry-run (nothing changed)';
    default:
      return job.outcome && job.outcome !== job.state ? `${job.state}: ${job.outcome}` : job.state;
  }
}

export function refusalText(r: RemediationRefusal, action: RemediationAction, node: string): string {
  const n = inlineCode(node);
  switch (r.why) {
    case 'off':
      return 'Remediation is off here (`REMEDIATION=off`).';
    case 'not-allowed':
      return `${who(r.user)} is not on \`REMEDIATION_ALLOW_${r.action.toUpperCase()}\`: only the Slack users and user groups listed there may ${VERB[r.action]}.`;
    case 'no-incident':
      return `There is no incident for ${n}: remediation follows a diagnosis. \`/pleg diagnose ${node}\` first.`;
    case 'resolved':
      return 'The incident is resolved: the node is Ready again.';
    case 'diagnosis-changed':
      return `The diagnosis changed since the button was shown (${inlineCode(r.shown)} → ${inlineCode(r.now)}): read the new diagnosis in the thread, then ask again.`;
    case 'storm':
      return `${r.nodes} nodes of this cluster are NotReady together (a storm): the cause is likely not this node. If you are sure, ask explicitly: \`/pleg ${action} ${node} --override-storm\`.`;
    case 'cluster-unreachable':
      return `The cluster could not be read to check the guards: ${escapeMrkdwn(r.reason)}.`;
    case 'node-missing':
      return `The cluster has no node ${n}.`;
    case 'node-not-ready':
      return `${n} is not Ready (Ready=${r.ready}): uncordon it once it is Ready again.`;
    case 'max-nodes':
      return `At most ${r.max} node(s) may be unschedulable at once (\`REMEDIATION_MAX_NODES\`); already: ${r.unschedulable.map(inlineCode).join(', ') || 'none'}.`;
    case 'pool-percent':
      return `This would make ${r.unschedulable} of the ${r.size} node(s) of ${escapeMrkdwn(r.pool)} unschedulable (${Math.round((r.unschedulable * 100) / r.size)} %), above \`REMEDIATION_MAX_POOL_PERCENT\`=${r.max} %.`;
    case 'no-replacement':
      return `No way to replace ${n} was found: ${escapeMrkdwn(r.reason)}. Drain it and repair or replace it by hand.`;
    case 'own-approval':
      return 'A second person must approve: the requester cannot approve their own request.';
    case 'unknown-job':
      return `This incident has no remediation request ${inlineCode(r.job)}.`;
    case 'not-awaiting':
      return `That request is no longer waiting for approval: ${escapeMrkdwn(stateText(r.job))}.`;
    case 'expired':
      return `The request expired at ${clock(r.at)} (\`REMEDIATION_APPROVAL_TTL_SECONDS\`): ask again.`;
  }
}

export function remediationRefusedMessage(
  action: RemediationAction,
  node: string,
  user: string,
  reasons: readonly RemediationRefusal[],
): ChatMessage {
  const lines = reasons.map((r) => `• ${refusalText(r, action, node)}`);
  return {
    text: `Refused: ${VERB[action]} ${node}`,
    blocks: [
      section(
        `:no_entry: *Refused:* ${VERB[action]} ${inlineCode(node)}, asked by ${who(user)}\n${lines.join('\n')}`,
      ),
    ],
  };
}

export function remediationRequestedMessage(incident: Incident, job: RemediationJob): ChatMessage {
  const mode = job.mode === 'dry-run' ? ' — *dry-run*: the API calls are listed, none is made' : '';
  const storm = job.override ? '\n:warning: The storm guard was overridden by the requester.' : '';
  if (job.state !== 'awaiting-approval') {
    return {
      text: `${VERB[job.action]} ${job.node} requested`,
      blocks: [
        section(
          `:hammer_and_wrench: ${who(job.requestedBy)} asked to *${VERB[job.action]}* ${inlineCode(job.node)}${mode}. Starting.${storm}`,
        ),
        context(`job ${job.id} · diagnosis ${job.fingerprint}`),
      ],
    };
  }
  const approve: ActionsBlock = {
    type: 'actions',
    block_id: 'remediation-approval',
    elements: [
      {
        type: 'button',
        action_id: 'remediation_approve',
        style: 'danger',
        text: { type: 'plain_text', text: `Approve ${VERB[job.action]}` },
        value: `${incidentButtonValue(incident.key)} ${job.id}`,
      },
    ],
  };
  return {
    text: `${VERB[job.action]} ${job.node} needs a second person's approval`,
    blocks: [
      section(
        `:hammer_and_wrench: ${who(job.requestedBy)} asks to *${VERB[job.action]}* ${inlineCode(job.node)}${mode}.\nIt needs a second person's approval by ${clock(job.expiresAt ?? job.requestedAt)}; the guards are checked again then.${storm}`,
      ),
      approve,
      context(`job ${job.id} · diagnosis ${job.fingerprint}`),
    ],
  };
}

export function remediationApprovedMessage(job: RemediationJob, by: string): ChatMessage {
  return {
    text: `${VERB[job.action]} ${job.node} approved`,
    blocks: [
      section(
        `:white_check_mark: ${who(by)} approved the ${VERB[job.action]} of ${inlineCode(job.node)} asked by ${who(job.requestedBy)}. Starting${job.mode === 'dry-run' ? ' (dry-run)' : ''}.`,
      ),
    ],
  };
}

export function remediationDuplicateMessage(job: RemediationJob, user: string): ChatMessage {
  return {
    text: `${VERB[job.action]} ${job.node} already asked for`,
    blocks: [
      section(
        `${who(user)}: the ${VERB[job.action]} of ${inlineCode(job.node)} was already asked for by ${who(job.requestedBy)} at ${clock(job.requestedAt)} against this diagnosis — ${escapeMrkdwn(stateText(job))}. Nothing more is done.`,
      ),
    ],
  };
}

function callLine(c: ApiCall): string {
  const method = { get: 'GET', list: 'LIST', patch: 'PATCH', create: 'POST', delete: 'DELETE' }[c.verb];
  const target = `${c.resource}${c.namespace ? ` -n ${c.namespace}` : ''}${c.name ? ` ${c.name}` : ''}`;
  return `${method} ${target}${c.detail ? ` (${c.detail})` : ''}${c.status !== undefined ? ` → ${c.status}` : ''}`;
}

export function replaceText(target: ReplaceTarget): string {
  switch (target.via) {
    case 'karpenter':
      return `Karpenter: the NodeClaim ${inlineCode(target.nodeClaim)} is deleted; Karpenter drains the node (respecting PodDisruptionBudgets) and launches its replacement.`;
    case 'cluster-api':
      return `Cluster API: the Machine ${inlineCode(`${target.namespace}/${target.machine}`)} is deleted; its MachineSet drains the node and creates a new Machine.`;
    case 'cloud':
      return `${escapeMrkdwn(target.provider)}${target.group ? ` node group ${inlineCode(target.group)}` : ''}: the node is drained, then the Node object deleted; the provider's node group (auto-repair) replaces the instance.`;
    case 'none':
      return `no way to replace it: ${escapeMrkdwn(target.why)}`;
  }
}

const MAX_LISTED = 20;
const listed = (items: readonly string[]) =>
  `${items.slice(0, MAX_LISTED).map(inlineCode).join(', ')}${items.length > MAX_LISTED ? ` and ${items.length - MAX_LISTED} more` : ''}`;

function reportTitle(job: RemediationJob, report: RemediationReport): string {
  const node = inlineCode(job.node);
  const reason = report.reason ? `: ${escapeMrkdwn(report.reason)}` : '';
  switch (report.result) {
    case 'dry-run':
      return `:test_tube: *Dry-run* — ${VERB[job.action]} ${node}: these are the calls it would make; none was made.`;
    case 'done':
      return `:white_check_mark: *${DONE[job.action]}* ${node}.`;
    case 'incomplete':
      return `:warning: *${VERB[job.action]} ${node} incomplete*${reason}.`;
    case 'failed':
      return `:x: *${VERB[job.action]} ${node} failed*${reason}.`;
  }
}

type Drain = NonNullable<RemediationReport['drain']>;

/** A drain's outcome: evicted, blocked by PDB, stuck Terminating (with the out-of-service path), left. */
function drainBlocks(node: string, drain: Drain, dryRun: boolean): KnownBlock[] {
  const blocked = drain.blocked
    .slice(0, MAX_LISTED)
    .map((b) => `${inlineCode(b.pod)} (${escapeMrkdwn(b.reason)})`)
    .join(', ');
  const lines = [
    // A dry-run makes no call: the pods it lists are those a drain would evict.
    `*${dryRun ? 'Would evict' : 'Evicted'}* (${drain.evicted.length}): ${drain.evicted.length ? listed(drain.evicted) : 'none'}`,
    ...(drain.blocked.length
      ? [`*Blocked by PodDisruptionBudget* (${drain.blocked.length}): ${blocked}`]
      : []),
    ...(drain.stuck.length ? [`*Stuck Terminating* (${drain.stuck.length}): ${listed(drain.stuck)}`] : []),
    ...(drain.skipped.length
      ? [`*Left on the node* (DaemonSet and static pods, ${drain.skipped.length})`]
      : []),
  ];
  const blocks: KnownBlock[] = [section(lines.join('\n'))];
  if (drain.stuck.length)
    blocks.push(
      section(
        `These pods were evicted and are not going away: the node's runtime is not finishing them (the wedged-runtime case). Nothing was force-deleted. Once you know the node is shut down or its runtime cannot recover, the out-of-service taint lets Kubernetes delete them and detach their volumes:\n${codeBlock(outOfServiceCommands(node))}`,
      ),
    );
  if (drain.blocked.length)
    blocks.push(
      context(
        'A PodDisruptionBudget allows no disruption now: the drain waits for replicas elsewhere to be Ready. Ask again to continue.',
      ),
    );
  return blocks;
}

export function remediationReportMessage(job: RemediationJob, report: RemediationReport): ChatMessage {
  const blocks: KnownBlock[] = [section(reportTitle(job, report))];
  if (job.evidence)
    blocks.push(
      section(
        `*Evidence kept first:* the incident's latest bundle and diagnosis, archive id ${inlineCode(job.evidence)}.`,
      ),
    );
  if (report.replace) blocks.push(section(`*Replace via* ${replaceText(report.replace)}`));
  if (report.drain) blocks.push(...drainBlocks(job.node, report.drain, report.result === 'dry-run'));
  if (report.calls.length)
    blocks.push(
      section(
        `*${report.result === 'dry-run' ? 'Calls it would make' : 'API calls made'}*\n${codeBlock(report.calls.map(callLine).join('\n'))}`,
      ),
    );
  return { text: `${VERB[job.action]} ${job.node}: ${report.result}`, blocks };
}

/** A drain under way, said in the thread while it runs. */
export function remediationProgressMessage(drain: {
  node: string;
  evicted: number;
  blocked: number;
  terminating: number;
  remaining: number;
}): ChatMessage {
  const text = `:hourglass_flowing_sand: Draining ${inlineCode(drain.node)}: ${drain.evicted} evicted, ${drain.blocked} blocked by PodDisruptionBudget, ${drain.terminating} terminating, ${drain.remaining} to go.`;
  return { text: `Draining ${drain.node}`, blocks: [section(text)] };
}
