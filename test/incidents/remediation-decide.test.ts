import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat/port.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import {
  type Decision,
  decideRemediation,
  decideRemediationOutcome,
  type RemediationSituation,
  recordEffects,
} from '../../shared/incidents/decide/index.ts';
import { posted } from '../../shared/incidents/episode.ts';
import { mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Effect, Incident } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { renderDecision, renderMessage } from '../../shared/messages/render.ts';
import type { ClusterView, NodeView, RemediationPolicy } from '../../shared/remediation/model.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { incident } from '../support/incidents.ts';

/** Remediation decided on plain data: who may act, every guard, approvals and their expiry, replays. */

const NOW = new Date('2026-11-21T03:05:00.000Z');
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

const remediation: RemediationPolicy = {
  mode: 'on',
  allow: {
    cordon: ['U0ONCALL', 'U0SECOND', 'SPLATFORM'],
    drain: ['U0ONCALL', 'U0SECOND', 'SPLATFORM'],
    replace: ['U0ONCALL', 'U0SECOND'],
    uncordon: ['U0ONCALL', 'U0SECOND'],
  },
  approvers: 2,
  approvalTtlMs: 600_000,
  maxNodes: 2,
  maxPoolPercent: 50,
};
const policy = (r: RemediationPolicy | null = remediation): ThreadPolicy => ({
  channel: 'C0INC',
  reopenWindowMs: 3_600_000,
  storm: { threshold: 5, windowMs: 60_000 },
  stormEditIntervalMs: 10_000,
  ...(r ? { remediation: r } : {}),
});
const thread = { channel: 'C0INC', ts: '5.0' };
const reply = (user: string) => ({ channel: 'C0INC', user, threadTs: '5.0' });

const notReady: Job = {
  kind: 'alert',
  dedupKey: 'alert:1',
  cluster: 'prod',
  node: 'worker-7',
  receivedAt: NOW.toISOString(),
  alert: {
    status: 'firing',
    labels: { alertname: 'KubeNodeNotReady', node: 'worker-7', cluster: 'prod' },
    annotations: {},
  },
  groupKey: '{}',
  externalURL: '',
};
const d = diagnose(mergeEvidence('prod', 'worker-7', [notReady]));
const open = (overrides: Partial<Incident> = {}): Incident =>
  incident('prod/worker-7', { thread, signals: [notReady], ...posted(d), ...overrides });
const fingerprint = open().posted?.fingerprint ?? '';

const node = (name: string, o: Partial<NodeView> = {}): NodeView => ({
  name,
  unschedulable: false,
  ready: 'False',
  pool: 'general',
  replace: { via: 'karpenter', nodeClaim: `${name}-claim` },
  ...o,
});
/** Six nodes of one pool, worker-7 among them. */
const healthy: ClusterView = {
  nodes: ['worker-1', 'worker-2', 'worker-3', 'worker-4', 'worker-5', 'worker-7'].map((n) =>
    node(n, { ready: n === 'worker-7' ? 'False' : 'True' }),
  ),
};

let requests = 0;
function ask(
  what: 'cordon' | 'drain' | 'replace' | 'uncordon',
  o: Partial<Extract<RemediationSituation, { action: 'remediate' }>> = {},
): Extract<RemediationSituation, { action: 'remediate' }> {
  const user = o.person?.user ?? 'U0ONCALL';
  return {
    action: 'remediate',
    reply: reply(user),
    request: `chat:${++requests}`,
    person: { user, groups: [] },
    what,
    cluster: 'prod',
    node: 'worker-7',
    incident: open(),
    shown: fingerprint,
    override: false,
    storm: 0,
    view: healthy,
    ...o,
  };
}
function approval(
  record: Incident,
  job: string,
  user: string,
  o: Partial<Extract<RemediationSituation, { action: 'approve' }>> = {},
): Extract<RemediationSituation, { action: 'approve' }> {
  return {
    action: 'approve',
    reply: reply(user),
    request: `chat:${++requests}`,
    person: { user, groups: [] },
    incident: record,
    cluster: 'prod',
    node: 'worker-7',
    job,
    storm: 0,
    view: healthy,
    ...o,
  };
}

const rendered = (decision: Decision, p = policy(), at = NOW) => renderDecision(decision, p, at);
const texts = (decision: Decision<ChatMessage>) =>
  decision.actions.map((a) => ('message' in a ? JSON.stringify(a.message.blocks) : a.kind)).join('\n');
const remediateEffects = (decision: Decision<ChatMessage>): Extract<Effect, { kind: 'remediate' }>[] =>
  recordEffects(decision)
    .next.flatMap((r) => r.pending)
    .filter((e): e is Extract<Effect, { kind: 'remediate' }> => e.kind === 'remediate');
const saved = (decision: Decision) => recordEffects(rendered(decision)).next[0] as Incident;
const outcomes = (decision: Decision) => (decision.audit ?? []).map((a) => a.outcome);

describe('remediation requests', () => {
  it('is refused when remediation is off, and the refusal says so', () => {
    const decision = rendered(decideRemediation(ask('cordon'), policy(null), NOW));
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('REMEDIATION=off');
  });

  it('refuses a person not on the action’s allow list, and names the list; a listed user group admits', () => {
    const stranger = ask('cordon', { person: { user: 'U0STRANGER', groups: [] } });
    const refused = decideRemediation(stranger, policy(), NOW);
    expect(remediateEffects(rendered(refused))).toEqual([]);
    expect(texts(rendered(refused))).toContain('REMEDIATION_ALLOW_CORDON');
    expect(refused.audit).toMatchObject([{ action: 'cordon', outcome: 'refused', user: 'U0STRANGER' }]);
    const member = ask('cordon', { person: { user: 'U0STRANGER', groups: ['SPLATFORM'] } });
    expect(remediateEffects(rendered(decideRemediation(member, policy(), NOW)))).toHaveLength(1);
  });

  it('cordons at once for one allowed person: the job is recorded and the call owed', () => {
    const decision = decideRemediation(ask('cordon'), policy(), NOW);
    const [effect] = remediateEffects(rendered(decision));
    expect(effect).toMatchObject({ action: 'cordon', node: 'worker-7', dryRun: false });
    expect(saved(decision).remediations).toMatchObject([{ action: 'cordon', state: 'approved' }]);
    expect(outcomes(decision)).toEqual(['requested', 'approved']);
  });

  it('dry-run owes the same job as a dry run', () => {
    const dry = policy({ ...remediation, mode: 'dry-run' });
    const [effect] = remediateEffects(rendered(decideRemediation(ask('cordon'), dry, NOW), dry));
    expect(effect?.dryRun).toBe(true);
  });

  it('a drain waits for a second person: no call is owed until then, the request carries an Approve button', () => {
    const decision = rendered(decideRemediation(ask('drain'), policy(), NOW));
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('remediation_approve');
    const record = recordEffects(decision).next[0] as Incident;
    expect(record.remediations).toMatchObject([
      { action: 'drain', state: 'awaiting-approval', expiresAt: later(600).toISOString() },
    ]);
  });

  it('with REMEDIATION_APPROVERS=1 a drain starts on its requester’s word', () => {
    const one = policy({ ...remediation, approvers: 1 });
    expect(remediateEffects(rendered(decideRemediation(ask('drain'), one, NOW), one))).toHaveLength(1);
  });

  it('refuses when the diagnosis changed since the button was shown', () => {
    const decision = rendered(decideRemediation(ask('cordon', { shown: 'diagnosed:8:0ld' }), policy(), NOW));
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('The diagnosis changed since the button was shown');
  });

  it('refuses a resolved incident, and a node with no incident', () => {
    const resolved = open({ state: 'resolved', resolvedAt: NOW.toISOString() });
    const a = rendered(decideRemediation(ask('drain', { incident: resolved }), policy(), NOW));
    expect(texts(a)).toContain('The incident is resolved');
    const b = rendered(decideRemediation(ask('cordon', { incident: undefined }), policy(), NOW));
    expect(texts(b)).toContain('There is no incident for');
    expect([...remediateEffects(a), ...remediateEffects(b)]).toEqual([]);
  });

  it('refuses during a storm unless overridden explicitly', () => {
    const refused = rendered(decideRemediation(ask('cordon', { storm: 14 }), policy(), NOW));
    expect(remediateEffects(refused)).toEqual([]);
    expect(texts(refused)).toContain('--override-storm');
    const overridden = decideRemediation(ask('cordon', { storm: 14, override: true }), policy(), NOW);
    expect(remediateEffects(rendered(overridden))).toHaveLength(1);
    expect(saved(overridden).remediations[0]?.override).toBe(true);
  });

  it('refuses past REMEDIATION_MAX_NODES unschedulable nodes, naming them', () => {
    const view: ClusterView = {
      nodes: healthy.nodes.map((n) =>
        n.name === 'worker-1' || n.name === 'worker-2' ? { ...n, unschedulable: true } : n,
      ),
    };
    const decision = rendered(
      decideRemediation(ask('cordon', { view }), policy({ ...remediation, maxPoolPercent: 100 }), NOW),
    );
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('At most 2 node(s) may be unschedulable at once');
    expect(texts(decision)).toContain('worker-1');
  });

  it('refuses past REMEDIATION_MAX_POOL_PERCENT of the node’s pool, counting only its pool', () => {
    const view: ClusterView = {
      nodes: [
        node('worker-7'),
        node('small-1', { unschedulable: true }),
        node('big-1', { pool: 'big', unschedulable: true }),
        node('big-2', { pool: 'big' }),
      ].map((n) => (n.name === 'worker-7' || n.name === 'small-1' ? { ...n, pool: 'small' } : n)),
    };
    const tight = policy({ ...remediation, maxNodes: 10, maxPoolPercent: 50 });
    const decision = rendered(decideRemediation(ask('cordon', { view }), tight, NOW), tight);
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('2 of the 2 node(s) of small unschedulable (100 %)');
    const roomy = policy({ ...remediation, maxNodes: 10, maxPoolPercent: 100 });
    expect(
      remediateEffects(rendered(decideRemediation(ask('cordon', { view }), roomy, NOW), roomy)),
    ).toHaveLength(1);
  });

  it('states every guard that stops it, not only the first', () => {
    const view: ClusterView = {
      nodes: healthy.nodes.map((n) => ({ ...n, unschedulable: n.name !== 'worker-7' })),
    };
    const decision = decideRemediation(ask('drain', { storm: 9, view, shown: 'x' }), policy(), NOW);
    expect(decision.audit?.[0]?.detail).toBe('diagnosis-changed,storm,max-nodes,pool-percent');
  });

  it('refuses a Replace when nothing can replace the node', () => {
    const view: ClusterView = {
      nodes: [node('worker-7', { replace: { via: 'none', why: 'no provider id' } }), node('worker-1')],
    };
    const decision = rendered(decideRemediation(ask('replace', { view }), policy(), NOW));
    expect(texts(decision)).toContain('No way to replace');
  });

  it('refuses when the cluster cannot be read for the guards', () => {
    const decision = rendered(
      decideRemediation(ask('cordon', { view: { unavailable: 'HTTP 403 on list nodes' } }), policy(), NOW),
    );
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('HTTP 403 on list nodes');
  });

  it('uncordons a resolved incident’s node once it is Ready, not before', () => {
    const resolved = open({ state: 'resolved', resolvedAt: NOW.toISOString() });
    const notYet = rendered(decideRemediation(ask('uncordon', { incident: resolved }), policy(), NOW));
    expect(texts(notYet)).toContain('is not Ready');
    const ready: ClusterView = { nodes: [node('worker-7', { ready: 'True', unschedulable: true })] };
    const go = decideRemediation(ask('uncordon', { incident: resolved, view: ready }), policy(), NOW);
    expect(remediateEffects(rendered(go))).toMatchObject([{ action: 'uncordon' }]);
  });
});

describe('approvals', () => {
  const requested = () => {
    const record = saved(decideRemediation(ask('drain'), policy(), NOW));
    return { record, job: record.remediations[0]?.id ?? '' };
  };

  it('a second allowed person’s approval owes the drain', () => {
    const { record, job } = requested();
    const decision = decideRemediation(approval(record, job, 'U0SECOND'), policy(), later(60));
    expect(remediateEffects(rendered(decision))).toMatchObject([{ action: 'drain', job }]);
    expect(saved(decision).remediations[0]).toMatchObject({
      state: 'approved',
      approvals: [{ user: 'U0ONCALL' }, { user: 'U0SECOND' }],
    });
  });

  it('the requester cannot approve their own request', () => {
    const { record, job } = requested();
    const decision = rendered(decideRemediation(approval(record, job, 'U0ONCALL'), policy(), later(60)));
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('the requester cannot approve their own request');
  });

  it('an approver must be on the allow list too', () => {
    const { record, job } = requested();
    const decision = rendered(decideRemediation(approval(record, job, 'U0STRANGER'), policy(), later(60)));
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('REMEDIATION_ALLOW_DRAIN');
  });

  it('an approval after the expiry is refused and the job expires', () => {
    const { record, job } = requested();
    const decision = decideRemediation(approval(record, job, 'U0SECOND'), policy(), later(601));
    expect(remediateEffects(rendered(decision))).toEqual([]);
    expect(texts(rendered(decision))).toContain('The request expired at');
    expect(saved(decision).remediations[0]?.state).toBe('expired');
  });

  it('the guards are checked again at approval: a changed diagnosis or a storm since the request stops it', () => {
    const { record, job } = requested();
    const changed = {
      ...record,
      posted: { verdict: 'runtime_down' as const, confidence: 0.9, fingerprint: 'new' },
    };
    const a = rendered(decideRemediation(approval(changed, job, 'U0SECOND'), policy(), later(60)));
    expect(texts(a)).toContain('The diagnosis changed');
    const b = rendered(
      decideRemediation(approval(record, job, 'U0SECOND', { storm: 8 }), policy(), later(60)),
    );
    expect(texts(b)).toContain('NotReady together');
    expect([...remediateEffects(a), ...remediateEffects(b)]).toEqual([]);
  });

  it('a replayed approval does nothing; a second approval of an approved job is refused', () => {
    const { record, job } = requested();
    const first = approval(record, job, 'U0SECOND');
    const approved = saved(decideRemediation(first, policy(), later(60)));
    const replay = decideRemediation({ ...first, incident: approved }, policy(), later(61));
    expect(replay.actions).toEqual([]);
    expect(replay.next).toEqual([]);
    const again = rendered(decideRemediation(approval(approved, job, 'U0THIRD'), policy(), later(62)));
    expect(remediateEffects(again)).toEqual([]);
    expect(texts(again)).toContain('no longer waiting for approval');
  });
});

describe('never twice', () => {
  it('a replayed request does nothing; the same job asked again by another person is said to exist', () => {
    const first = ask('cordon');
    const record = saved(decideRemediation(first, policy(), NOW));
    const replay = decideRemediation({ ...first, incident: record }, policy(), later(5));
    expect(replay).toMatchObject({ next: [], actions: [] });
    const other = ask('cordon', { incident: record, person: { user: 'U0SECOND', groups: [] } });
    const decision = rendered(decideRemediation(other, policy(), later(6)));
    expect(remediateEffects(decision)).toEqual([]);
    expect(texts(decision)).toContain('was already asked for');
  });

  it('a failed job may be asked for again', () => {
    const record = saved(decideRemediation(ask('cordon'), policy(), NOW));
    const failed = {
      ...record,
      pending: [],
      remediations: record.remediations.map((j) => ({ ...j, state: 'failed' as const })),
    };
    expect(
      remediateEffects(rendered(decideRemediation(ask('cordon', { incident: failed }), policy(), NOW))),
    ).toHaveLength(1);
  });
});

describe('outcomes', () => {
  it('records the job’s outcome, edits the root, reports in the thread and audits each API call', () => {
    const decided = rendered(decideRemediation(ask('cordon'), policy(), NOW));
    const record = recordEffects(decided).next[0] as Incident;
    const effect = record.pending.find((e) => e.kind === 'remediate');
    if (effect?.kind !== 'remediate') throw new Error('no remediate effect');
    const decision = decideRemediationOutcome(
      {
        incident: record,
        effect,
        diagnosis: d,
        report: {
          result: 'done',
          calls: [
            {
              verb: 'patch',
              resource: 'nodes',
              name: 'worker-7',
              detail: 'spec.unschedulable=true',
              status: 200,
            },
          ],
        },
      },
      later(2),
    );
    const next = recordEffects(rendered(decision)).next[0] as Incident;
    expect(next.pending.map((e) => e.kind)).not.toContain('remediate');
    expect(next.remediations[0]?.state).toBe('done');
    expect(decision.actions.map((a) => a.kind)).toEqual(['edit-root', 'reply']);
    expect(decision.audit?.map((a) => [a.outcome, a.detail])).toEqual([
      ['api_call', 'patch nodes worker-7 (spec.unschedulable=true) → 200'],
      ['done', undefined],
    ]);
    // The root now offers Uncordon.
    const root = renderMessage({ kind: 'root', incident: next, diagnosis: d }, policy(), later(2));
    expect(JSON.stringify(root.blocks)).toContain('remediate_uncordon');
  });

  it('reports pods stuck Terminating with the out-of-service taint path, never a force delete', () => {
    const record = open();
    const message = renderMessage(
      {
        kind: 'remediation-report',
        job: {
          id: '0123456789ab',
          dedupKey: 'remediation:x',
          action: 'drain',
          cluster: 'prod',
          node: 'worker-7',
          mode: 'on',
          requestedBy: 'U0ONCALL',
          requestedAt: NOW.toISOString(),
          fingerprint,
          override: false,
          approvals: [],
          state: 'incomplete',
          requests: [],
        },
        report: {
          result: 'incomplete',
          reason: '1 pod stuck Terminating',
          calls: [],
          drain: { evicted: ['payments/api-1'], blocked: [], stuck: ['payments/api-1'], skipped: [] },
        },
      },
      policy(),
      NOW,
    );
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('node.kubernetes.io/out-of-service=nodeshutdown:NoExecute');
    expect(text).toContain('Nothing was force-deleted');
    expect(text).not.toMatch(/--force|grace-period=0/);
    expect(record.kind).toBe('node');
  });
});

describe('the root’s buttons', () => {
  it('are shown only when remediation is configured', () => {
    const without = renderMessage({ kind: 'root', incident: open(), diagnosis: d }, policy(null), NOW);
    expect(JSON.stringify(without.blocks)).not.toContain('remediate_');
    const withIt = JSON.stringify(
      renderMessage({ kind: 'root', incident: open(), diagnosis: d }, policy(), NOW).blocks,
    );
    for (const id of ['remediate_cordon', 'remediate_drain', 'remediate_replace'])
      expect(withIt).toContain(id);
    expect(withIt).toContain(fingerprint);
  });
});
