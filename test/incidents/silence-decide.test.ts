import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat/port.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type ChatAction, type Decision, recordEffects } from '../../shared/incidents/decide/index.ts';
import { mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Effect, Incident } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { incidentMatchers } from '../../shared/silences/model.ts';
import { decidedAndRendered } from '../support/decisions.ts';
import { incident } from '../support/incidents.ts';

/** Silences in decide, on plain data: records, jobs, a diagnosis from the pure engine, a policy and a time. */

const NOW = new Date('2026-11-21T03:05:00.000Z');
const policy: ThreadPolicy = {
  channel: 'C0INC',
  reopenWindowMs: 3_600_000,
  storm: { threshold: 5, windowMs: 60_000 },
  stormEditIntervalMs: 10_000,
  silences: { durationsSeconds: [7200, 28_800], onAcknowledge: false },
};
const { decideRequest, decideSilenceOutcome } = decidedAndRendered(policy);
const reply = { channel: 'C0INC', user: 'U0ONCALL', threadTs: '5.0' };
const thread = { channel: 'C0INC', ts: '5.0' };

function alert(labels: Record<string, string>, n = 1): Job {
  return {
    kind: 'alert',
    dedupKey: `alert:${n}`,
    cluster: 'prod',
    node: 'worker-7',
    receivedAt: NOW.toISOString(),
    alert: { status: 'firing', labels, annotations: {} },
    groupKey: '{}',
    externalURL: '',
  };
}
const notReady = alert({
  alertname: 'KubeNodeNotReady',
  node: 'worker-7',
  cluster: 'prod',
  severity: 'warning',
});
const open = (overrides: Partial<Incident> = {}) =>
  incident('prod/worker-7', { thread, signals: [notReady], ...overrides }) as Incident & {
    thread: typeof thread;
  };
const d = diagnose(mergeEvidence('prod', 'worker-7', [notReady]));
const kinds = (actions: readonly ChatAction<ChatMessage>[]) => actions.map((a) => a.kind);

/** The decision as the pipeline records it, and its one silence effect. */
function recorded(decision: Decision<ChatMessage>): {
  record: Incident;
  effect: Extract<Effect, { kind: 'silence' }>;
} {
  const record = recordEffects(decision).next[0] as Incident;
  const effect = record.pending.find((e) => e.kind === 'silence');
  if (effect?.kind !== 'silence') throw new Error('no silence effect recorded');
  return { record, effect };
}

describe('decide: silences', () => {
  it('Silence 2h: one effect with the incident’s own matchers, now → now + 2h, by the Slack user', () => {
    const decision = decideRequest(
      { action: 'silence', reply, incident: open(), diagnosis: d, seconds: 7200 },
      policy,
      NOW,
    );
    expect(kinds(decision.actions)).toEqual(['silence']);
    const { record, effect } = recorded(decision);
    expect(effect.id).toBe('1:1');
    expect(effect.silence).toMatchObject({
      matchers: [
        { name: 'alertname', value: 'KubeNodeNotReady', isRegex: false, isEqual: true },
        { name: 'node', value: 'worker-7', isRegex: false, isEqual: true },
        { name: 'cluster', value: 'prod', isRegex: false, isEqual: true },
      ],
      startsAt: '2026-11-21T03:05:00.000Z',
      endsAt: '2026-11-21T05:05:00.000Z',
      createdBy: 'U0ONCALL',
    });
    expect(effect.silence.comment).toContain('prod/worker-7');

    // Redelivered, or clicked again while it is being created: no second silence.
    const again = decideRequest(
      { action: 'silence', reply, incident: record, diagnosis: d, seconds: 7200 },
      policy,
      NOW,
    );
    expect(kinds(again.actions)).toEqual(['answer']);
    expect(recordEffects(again).next).toEqual([]);

    // Created: the id is recorded, the root edited, who and why said in the thread.
    const created = decideSilenceOutcome(
      { incident: { ...record, thread }, effect, outcome: { kind: 'created', id: 'sil-1' }, diagnosis: d },
      NOW,
    );
    expect(kinds(created.actions)).toEqual(['edit-root', 'reply']);
    const silenced = recordEffects(created).next[0] as Incident;
    expect(silenced.silence).toEqual({ id: 'sil-1', endsAt: '2026-11-21T05:05:00.000Z', by: 'U0ONCALL' });
    expect(silenced.pending.map((e) => e.kind)).toEqual(['edit', 'reply']);
    const root = JSON.stringify(created.actions[0]);
    expect(root).toContain('expire_silence');
    expect(root).toContain('sil-1');
    expect(JSON.stringify(created.actions[1])).toContain('Silenced by <@U0ONCALL>');

    // Silenced: a further click says so and creates nothing.
    const third = decideRequest(
      { action: 'silence', reply, incident: silenced, diagnosis: d, seconds: 7200 },
      policy,
      NOW,
    );
    expect(kinds(third.actions)).toEqual(['answer']);
    expect(JSON.stringify(third.actions)).toContain('Already silenced until 2026-11-21 05:05Z');
  });

  it('several alert types: one exact alternation of their names; the node label as it arrived', () => {
    const slow = alert({ alertname: 'PlegRelistSlow', instance: '10.0.0.7:10250', cluster: 'prod' }, 2);
    const stuck = alert({ alertname: 'PlegRelistStuck', instance: '10.0.0.7:10250', cluster: 'prod' }, 3);
    expect(incidentMatchers(open({ signals: [slow, stuck] }))).toEqual([
      { name: 'alertname', value: 'PlegRelistSlow|PlegRelistStuck', isRegex: true, isEqual: true },
      { name: 'instance', value: '10.0.0.7:10250', isRegex: false, isEqual: true },
      { name: 'cluster', value: 'prod', isRegex: false, isEqual: true },
    ]);
    // A name with regex characters is matched literally.
    const odd = alert({ alertname: 'Node.Down+', node: 'worker-7' }, 4);
    expect(incidentMatchers(open({ signals: [notReady, odd] }))?.[0]?.value).toBe(
      'KubeNodeNotReady|Node\\.Down\\+',
    );
  });

  it('the cluster as its alerts carry it: cluster="" without the label, an exact alternation when they differ', () => {
    const bare = alert({ alertname: 'KubeNodeNotReady', node: 'worker-7' }, 5);
    expect(incidentMatchers(open({ signals: [bare] }))).toEqual([
      { name: 'alertname', value: 'KubeNodeNotReady', isRegex: false, isEqual: true },
      { name: 'node', value: 'worker-7', isRegex: false, isEqual: true },
      { name: 'cluster', value: '', isRegex: false, isEqual: true },
    ]);
    // DEFAULT_CLUSTER's incident can hold alerts with cluster="default" and alerts without it.
    const labelled = alert({ alertname: 'KubeNodeNotReady', node: 'worker-7', cluster: 'default' }, 6);
    expect(incidentMatchers(open({ signals: [bare, labelled] }))?.at(-1)).toEqual({
      name: 'cluster',
      value: '|default',
      isRegex: true,
      isEqual: true,
    });
  });

  it('nothing to silence: no Alertmanager configured, or no alert in the incident', () => {
    const unconfigured = decideRequest(
      { action: 'silence', reply, incident: open(), diagnosis: d, seconds: 7200 },
      { ...policy, silences: undefined },
      NOW,
    );
    expect(JSON.stringify(unconfigured.actions)).toContain('ALERTMANAGER_URL is not set');
    const noAlert = decideRequest(
      { action: 'silence', reply, incident: open({ signals: [] }), diagnosis: d, seconds: 7200 },
      policy,
      NOW,
    );
    expect(JSON.stringify(noAlert.actions)).toContain('no Alertmanager alert');
    expect(recordEffects(noAlert).next).toEqual([]);
  });

  it('refused (4xx): said in the thread, the effect done, no silence recorded', () => {
    const { record, effect } = recorded(
      decideRequest({ action: 'silence', reply, incident: open(), diagnosis: d, seconds: 7200 }, policy, NOW),
    );
    const refused = decideSilenceOutcome(
      {
        incident: { ...record, thread },
        effect,
        outcome: { kind: 'refused', reason: 'Alertmanager answered HTTP 400: bad matcher' },
        diagnosis: d,
      },
      NOW,
    );
    const next = recordEffects(refused).next[0] as Incident;
    expect(next.silence).toBeUndefined();
    expect(next.pending.map((e) => e.kind)).toEqual(['reply']);
    expect(JSON.stringify(next.pending)).toContain('HTTP 400: bad matcher');
  });

  it('unavailable: told once (an answer, not queued behind the silence), the effect kept and marked', () => {
    const { record, effect } = recorded(
      decideRequest({ action: 'silence', reply, incident: open(), diagnosis: d, seconds: 7200 }, policy, NOW),
    );
    const outcome = {
      kind: 'unavailable' as const,
      reason: 'Alertmanager POST /api/v2/silences: ECONNREFUSED',
    };
    const first = decideSilenceOutcome(
      { incident: { ...record, thread }, effect, outcome, diagnosis: d },
      NOW,
    );
    expect(kinds(first.actions)).toEqual(['answer']);
    const kept = recordEffects(first).next[0] as Incident;
    expect(kept.pending).toEqual([{ ...effect, reported: true }]);
    const marked = kept.pending[0] as typeof effect;
    const second = decideSilenceOutcome(
      { incident: { ...kept, thread }, effect: marked, outcome, diagnosis: d },
      NOW,
    );
    expect(second.actions).toEqual([]);
    expect(second.next).toEqual([]);
  });

  it('expire: one effect for the running silence; expired clears it; nothing to expire is said', () => {
    const silenced = open({ silence: { id: 'sil-9', endsAt: '2026-11-21T05:00:00.000Z', by: 'U0OTHER' } });
    const expire = decideRequest(
      { action: 'expire-silence', reply, incident: silenced, diagnosis: d },
      policy,
      NOW,
    );
    expect(expire.actions).toEqual([
      { kind: 'expire-silence', key: 'prod/worker-7', silenceId: 'sil-9', by: 'U0ONCALL' },
    ]);
    const record = recordEffects(expire).next[0] as Incident;
    const effect = record.pending[0];
    if (effect?.kind !== 'expire-silence') throw new Error('no expiry recorded');
    // Clicked twice: one expiry.
    const twice = decideRequest(
      { action: 'expire-silence', reply, incident: record, diagnosis: d },
      policy,
      NOW,
    );
    expect(twice.actions).toEqual([]);
    const done = decideSilenceOutcome(
      { incident: { ...record, thread }, effect, outcome: { kind: 'expired' }, diagnosis: d },
      NOW,
    );
    const after = recordEffects(done).next[0] as Incident;
    expect(after.silence).toBeUndefined();
    expect(JSON.stringify(done.actions[1])).toContain('`sil-9` expired by <@U0ONCALL>');
    expect(JSON.stringify(done.actions[0])).toContain('"action_id":"silence"');
    const nothing = decideRequest(
      { action: 'expire-silence', reply, incident: open(), diagnosis: d },
      policy,
      NOW,
    );
    expect(JSON.stringify(nothing.actions)).toContain('no running silence');
    // A silence past its end is over: not shown, not expired again.
    const ended = decideRequest(
      { action: 'expire-silence', reply, incident: silenced, diagnosis: d },
      policy,
      new Date('2026-11-21T06:00:00.000Z'),
    );
    expect(JSON.stringify(ended.actions)).toContain('no running silence');
  });

  it('ACK_SILENCES: Acknowledge also silences for the first duration, its note queued before the silence', () => {
    const ack = decideRequest(
      { action: 'acknowledge', reply, incident: open(), diagnosis: d },
      { ...policy, silences: { durationsSeconds: [3600, 7200], onAcknowledge: true } },
      NOW,
    );
    expect(kinds(ack.actions)).toEqual(['edit-root', 'reply', 'silence']);
    const record = recordEffects(ack).next[0] as Incident;
    expect(record.pending.map((e) => e.kind)).toEqual(['edit', 'reply', 'silence']);
    expect(JSON.stringify(record.pending[2])).toContain('"endsAt":"2026-11-21T04:05:00.000Z"');
    // Without it, Acknowledge only acknowledges.
    const plain = decideRequest(
      { action: 'acknowledge', reply, incident: open(), diagnosis: d },
      policy,
      NOW,
    );
    expect(kinds(plain.actions)).toEqual(['edit-root', 'answer']);
  });
});
