import {
  clusterGuards,
  mayAct,
  type RemediationRefusal,
  remediationDedupKey,
  remediationJobId,
} from '../../remediation/guards.ts';
import {
  type ClusterView,
  DISRUPTIVE,
  LIVE_STATES,
  MAX_REMEDIATION_JOBS,
  type Person,
  type RemediationAction,
  type RemediationJob,
  type RemediationReport,
  TAKES_OUT,
} from '../../remediation/model.ts';
import type { Diagnosis } from '../../schemas/diagnosis.ts';
import type { ChatReply } from '../../schemas/job.ts';
import { touch } from '../episode.ts';
import type { Effect, Incident, Thread } from '../model.ts';
import type { ThreadPolicy } from '../policy.ts';
import { answer, type ChatAction, type Decision, NOTHING, type RemediationAudit } from './actions.ts';
import type { MessageIntent } from './intents.ts';

/**
 * Remediation from the thread, decided: who may act, which guard stops an action, when a second person's approval
 * is needed and whether it came in time, and what is then owed to the cluster (a `remediate` effect in the
 * incident's outbox). Pure: the pipeline gathers the person's user groups and the cluster's nodes first.
 */

/** What the pipeline found for a remediation request or approval. */
export type RemediationSituation =
  | {
      action: 'remediate';
      reply: ChatReply;
      /** The chat job's dedup key: a replay of the same interaction finds it on the job and does nothing. */
      request: string;
      person: Person;
      what: RemediationAction;
      cluster: string;
      node: string;
      /** The node's incident (open or resolved), if any. */
      incident?: Incident;
      /** The diagnosis fingerprint on the button pressed (a typed command carries none). */
      shown?: string;
      /** `--override-storm`. */
      override: boolean;
      /** Nodes of the cluster NotReady together as one storm, when one is open (0: none). */
      storm: number;
      view: ClusterView;
    }
  | {
      action: 'approve';
      reply: ChatReply;
      request: string;
      person: Person;
      /** The open incident the button names; undefined once it is resolved. */
      incident?: Incident;
      cluster: string;
      node: string;
      job: string;
      storm: number;
      view: ClusterView;
    };

type Remediate = Extract<RemediationSituation, { action: 'remediate' }>;
type Approve = Extract<RemediationSituation, { action: 'approve' }>;

const audit = (
  job: Pick<RemediationJob, 'action' | 'cluster' | 'node'> & { id?: string },
  outcome: RemediationAudit['outcome'],
  user?: string,
  detail?: string,
): RemediationAudit => ({
  action: job.action,
  outcome,
  cluster: job.cluster,
  node: job.node,
  ...(user ? { user } : {}),
  ...(job.id ? { job: job.id } : {}),
  ...(detail ? { detail } : {}),
});

/** A refusal: said in the incident's thread (or to the person where they asked), logged and counted. */
function refuse(
  s: RemediationSituation,
  what: RemediationAction,
  node: string,
  reasons: readonly RemediationRefusal[],
  cluster: string,
  jobId?: string,
): Decision {
  const message: MessageIntent = {
    kind: 'remediation-refused',
    action: what,
    node,
    user: s.person.user,
    reasons,
  };
  return {
    ...NOTHING,
    actions: [answer(s.reply, message, s.incident?.thread?.ts)],
    audit: [
      audit(
        { action: what, cluster, node, ...(jobId ? { id: jobId } : {}) },
        'refused',
        s.person.user,
        reasons.map((r) => r.why).join(','),
      ),
    ],
  };
}

/** The guards that read the incident: it is open (uncordon aside), its diagnosis unchanged, no storm unless overridden. */
function incidentGuards(
  incident: Incident,
  what: RemediationAction,
  shown: string | undefined,
  storm: number,
  override: boolean,
): RemediationRefusal[] {
  const refusals: RemediationRefusal[] = [];
  if (what !== 'uncordon' && incident.state !== 'open') refusals.push({ why: 'resolved' });
  const now = incident.posted?.fingerprint ?? '';
  if (what !== 'uncordon' && shown !== undefined && shown !== now)
    refusals.push({ why: 'diagnosis-changed', shown, now });
  if (TAKES_OUT.has(what) && storm > 0 && !override) refusals.push({ why: 'storm', nodes: storm });
  return refusals;
}

/** A person asked for a remediation (a button on the root, or `/pleg drain NODE`). */
export function decideRemediation(s: RemediationSituation, policy: ThreadPolicy, now: Date): Decision {
  return s.action === 'remediate' ? request(s, policy, now) : approve(s, policy, now);
}

function request(s: Remediate, policy: ThreadPolicy, now: Date): Decision {
  const { what, node, cluster, incident, person } = s;
  const remediation = policy.remediation;
  if (!remediation) return refuse(s, what, node, [{ why: 'off' }], cluster);
  if (!mayAct(remediation, what, person))
    return refuse(s, what, node, [{ why: 'not-allowed', user: person.user, action: what }], cluster);
  if (incident?.kind !== 'node') return refuse(s, what, node, [{ why: 'no-incident', node }], cluster);
  const fingerprint = incident.posted?.fingerprint ?? '';
  const dedupKey = remediationDedupKey(incident.key, incident.episode, what, node, fingerprint);
  const existing = incident.remediations.find((j) => j.dedupKey === dedupKey && LIVE_STATES.has(j.state));
  if (existing) return alreadyAsked(s, incident, existing);
  const reasons = [
    ...incidentGuards(incident, what, s.shown, s.storm, s.override),
    ...clusterGuards(what, node, s.view, remediation),
  ];
  if (reasons.length > 0) return refuse(s, what, node, reasons, cluster);
  const needsApproval = DISRUPTIVE.has(what) && remediation.approvers === 2;
  const at = now.toISOString();
  const job: RemediationJob = {
    id: remediationJobId(dedupKey),
    dedupKey,
    action: what,
    cluster,
    node,
    mode: remediation.mode,
    requestedBy: person.user,
    requestedAt: at,
    fingerprint,
    override: s.override,
    approvals: [{ user: person.user, at }],
    ...(needsApproval
      ? { expiresAt: new Date(now.getTime() + remediation.approvalTtlMs).toISOString() }
      : {}),
    state: needsApproval ? 'awaiting-approval' : 'approved',
    requests: [s.request],
  };
  const next = withJob(incident, job, now);
  const requested = audit(job, 'requested', person.user, s.override ? 'storm guard overridden' : undefined);
  const said: MessageIntent = { kind: 'remediation-requested', incident: next, job };
  if (needsApproval)
    return {
      next: [next],
      actions: [say(next, said, s.reply)],
      settled: [],
      audit: [requested, audit(job, 'approval_needed', person.user)],
    };
  return {
    next: [next],
    actions: [say(next, said, s.reply), remediate(next, job)],
    settled: [],
    audit: [requested, audit(job, 'approved', person.user, 'no second approval needed')],
  };
}

/** The same job again: a replay of a request it already heard does nothing; anyone else is told it exists. */
function alreadyAsked(s: Remediate, incident: Incident, existing: RemediationJob): Decision {
  if (existing.requests.includes(s.request)) return { ...NOTHING, note: `${s.request}: replayed; ignored` };
  return {
    ...NOTHING,
    actions: [
      answer(
        s.reply,
        { kind: 'remediation-duplicate', job: existing, user: s.person.user },
        incident.thread?.ts,
      ),
    ],
    audit: [audit(existing, 'duplicate', s.person.user)],
  };
}

function approve(s: Approve, policy: ThreadPolicy, now: Date): Decision {
  const { incident, person } = s;
  const job = incident?.remediations.find((j) => j.id === s.job);
  const remediation = policy.remediation;
  const what = job?.action ?? 'drain';
  if (!remediation) return refuse(s, what, s.node, [{ why: 'off' }], s.cluster);
  if (!incident) return refuse(s, what, s.node, [{ why: 'resolved' }], s.cluster);
  if (!job) return refuse(s, what, s.node, [{ why: 'unknown-job', job: s.job }], s.cluster);
  if (job.requests.includes(s.request)) return { ...NOTHING, note: `${s.request}: replayed; ignored` };
  const refused = (reasons: RemediationRefusal[]) => refuse(s, what, job.node, reasons, job.cluster, job.id);
  if (job.state !== 'awaiting-approval') return refused([{ why: 'not-awaiting', job }]);
  if (!mayAct(remediation, what, person))
    return refused([{ why: 'not-allowed', user: person.user, action: what }]);
  if (job.approvals.some((a) => a.user === person.user)) return refused([{ why: 'own-approval' }]);
  if (job.expiresAt && now.getTime() > Date.parse(job.expiresAt)) {
    const expired: RemediationJob = {
      ...job,
      state: 'expired',
      outcome: `approval came after ${job.expiresAt}`,
      requests: [...job.requests, s.request],
    };
    const next = withJob(incident, expired, now);
    const refusal = refused([{ why: 'expired', at: job.expiresAt }]);
    return {
      ...refusal,
      next: [next],
      audit: [...(refusal.audit ?? []), audit(job, 'expired', person.user)],
    };
  }
  const reasons = [
    ...incidentGuards(incident, what, job.fingerprint, s.storm, job.override),
    ...clusterGuards(what, job.node, s.view, remediation),
  ];
  if (reasons.length > 0) return refused(reasons);
  const approved: RemediationJob = {
    ...job,
    state: 'approved',
    approvals: [...job.approvals, { user: person.user, at: now.toISOString() }],
    requests: [...job.requests, s.request],
  };
  const next = withJob(incident, approved, now);
  return {
    next: [next],
    actions: [
      say(next, { kind: 'remediation-approved', job: approved, by: person.user }, s.reply),
      remediate(next, approved),
    ],
    settled: [],
    audit: [audit(approved, 'approved', person.user)],
  };
}

/** The incident with `job` recorded (replacing the job with the same id), the newest MAX_REMEDIATION_JOBS kept. */
function withJob(incident: Incident, job: RemediationJob, now: Date): Incident {
  const others = incident.remediations.filter((j) => j.id !== job.id);
  return touch(incident, { remediations: [...others, job].slice(-MAX_REMEDIATION_JOBS) }, now);
}

/** A reply in the incident's thread, an owed effect; an answer where the person asked when it has no thread. */
function say(incident: Incident, message: MessageIntent, reply: ChatReply): ChatAction {
  return incident.thread
    ? { kind: 'reply', key: incident.key, about: 'remediation', thread: incident.thread, message }
    : answer(reply, message);
}

function remediate(incident: Incident, job: RemediationJob): ChatAction {
  return {
    kind: 'remediate',
    key: incident.key,
    job: job.id,
    action: job.action,
    cluster: job.cluster,
    node: job.node,
    dryRun: job.mode === 'dry-run',
  };
}

type RemediateEffect = Extract<Effect, { kind: 'remediate' }>;

/** A remediate effect carried out: the incident as it was (the effect still in its outbox) and what it did. */
export interface RemediationOutcomeSituation {
  incident: Incident;
  effect: RemediateEffect;
  report: RemediationReport;
  /** The incident's diagnosis, for the root's edit. */
  diagnosis: Diagnosis;
  /** The archive's id of the evidence kept before a Replace. */
  evidence?: string;
}

const OUTCOME: Record<RemediationReport['result'], RemediationAudit['outcome']> = {
  done: 'done',
  incomplete: 'incomplete',
  failed: 'failed',
  'dry-run': 'dry_run',
};

/**
 * What follows a remediate effect: the job's state and outcome recorded, the effect done, the report in the thread
 * and the root edited (it shows the job's state and, once the node is cordoned, offers Uncordon); each API call
 * and the outcome audited.
 */
export function decideRemediationOutcome(s: RemediationOutcomeSituation, now: Date): Decision {
  const { incident, effect, report } = s;
  const rest = incident.pending.filter((e) => e.id !== effect.id);
  const found = incident.remediations.find((j) => j.id === effect.job);
  const job: RemediationJob = {
    ...(found ?? {
      id: effect.job,
      dedupKey: '',
      action: effect.action,
      cluster: effect.cluster,
      node: effect.node,
      mode: effect.dryRun ? 'dry-run' : 'on',
      requestedBy: '',
      requestedAt: now.toISOString(),
      fingerprint: '',
      override: false,
      approvals: [],
      requests: [],
    }),
    state: report.result,
    outcome: report.reason ?? report.result,
    ...(s.evidence ? { evidence: s.evidence } : {}),
  };
  const next = withJob({ ...incident, pending: rest }, job, now);
  const thread: Thread | undefined = incident.thread;
  const calls = report.calls.map((c) =>
    audit(
      job,
      'api_call',
      undefined,
      `${c.verb} ${c.resource}${c.namespace ? ` -n ${c.namespace}` : ''}${c.name ? ` ${c.name}` : ''}${c.detail ? ` (${c.detail})` : ''}${c.status !== undefined ? ` → ${c.status}` : ' (dry-run: not made)'}`,
    ),
  );
  return {
    next: [next],
    actions: thread
      ? [
          {
            kind: 'edit-root',
            key: next.key,
            thread,
            message: { kind: 'root', incident: next, diagnosis: s.diagnosis },
          },
          {
            kind: 'reply',
            key: next.key,
            about: 'remediation',
            thread,
            message: { kind: 'remediation-report', job, report },
          },
        ]
      : [],
    settled: [],
    audit: [...calls, audit(job, OUTCOME[report.result], undefined, report.reason)],
  };
}
