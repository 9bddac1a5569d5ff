import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../shared/chat/port.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import {
  type ChatAction,
  type Decision,
  episodeSignals,
  type NodeSituation,
  needsOpenIncidents,
  recordEffects,
  route,
  wantsLiveEvidence,
} from '../../shared/incidents/decide/index.ts';
import { diagnosisFingerprint } from '../../shared/incidents/episode.ts';
import { mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { Incident } from '../../shared/incidents/model.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import type { Diagnosis } from '../../shared/schemas/diagnosis.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { decidedAndRendered } from '../support/decisions.ts';
import { incident } from '../support/incidents.ts';

/** decide on plain data: records, jobs, a diagnosis from the pure engine, a policy and a time. No fakes. */

const policy: ThreadPolicy = {
  channel: 'C0INC',
  reopenWindowMs: 60 * 60_000,
  storm: { threshold: 5, windowMs: 60_000 },
  stormEditIntervalMs: 10_000,
};
const { decideBurst, decideFold, decideIdle, decideRequest, decideSignals } = decidedAndRendered(policy);
const NOW = new Date('2026-11-21T03:05:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms);
const thread = (ts: string) => ({ channel: 'C0INC', ts });

let seq = 0;
function alert(node: string, status: 'firing' | 'resolved' = 'firing', alertname = 'KubeNodeNotReady'): Job {
  seq += 1;
  return {
    kind: 'alert',
    dedupKey: `alert:${node}:${seq}`,
    cluster: 'prod',
    node,
    receivedAt: NOW.toISOString(),
    alert: { status, labels: { alertname, node }, annotations: {}, fingerprint: `${node}-${alertname}` },
    groupKey: '{}',
    externalURL: '',
  };
}
const EMFILE =
  'dockerd[1]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files';
const fdBundle = (node: string): Job => ({
  kind: 'bundle',
  dedupKey: `bundle:${node}`,
  cluster: 'prod',
  node,
  receivedAt: NOW.toISOString(),
  bundle: { node, logs: { dockerd: EMFILE } },
});

const unknown = diagnose(mergeEvidence('prod', 'worker-7', [alert('worker-7')]));
const fd = diagnose({ cluster: 'prod', node: 'worker-7', logs: { dockerd: EMFILE } });
const postedAs = (d: Diagnosis): Incident['posted'] => ({
  verdict: d.verdict,
  confidence: d.confidence,
  fingerprint: diagnosisFingerprint(d),
});

/** route → signals → decide, as the pipeline runs it (no live evidence). */
function signals(
  s: NodeSituation,
  d: Diagnosis,
  now = NOW,
): { route: string; decision: Decision<ChatMessage> } {
  const r = route(s, policy, now);
  return { route: r, decision: decideSignals(s, r, episodeSignals(s, r, undefined), d, policy, now) };
}
const kinds = (actions: readonly ChatAction<ChatMessage>[]) =>
  actions.map((a) => (a.kind === 'reply' ? `reply:${a.about}` : a.kind));
const shown = (a: ChatAction<ChatMessage> | undefined) =>
  a && 'message' in a ? JSON.stringify(a.message) : a?.kind === 'open-thread' ? JSON.stringify(a.root) : '';

describe('decide: one node', () => {
  it('a firing signal with no incident opens a thread: root plus the reasoning, read live first', () => {
    const s: NodeSituation = { cluster: 'prod', node: 'worker-7', jobs: [alert('worker-7')], recent: [] };
    // Could it tip a storm? The cluster's incidents opened within the window say.
    expect(needsOpenIncidents({ ...s, recent: undefined }, policy, NOW)).toEqual({ read: 'recent' });
    const { route: r, decision } = signals(s, unknown);
    expect(r).toBe('open');
    expect(wantsLiveEvidence('open')).toBe(true);
    expect(kinds(decision.actions)).toEqual(['open-thread']);
    const [open] = decision.actions;
    expect(open?.kind === 'open-thread' && open.reply && open.channel).toBe('C0INC');
    expect(shown(open)).toContain('worker-7 NotReady');
    expect(decision.next).toMatchObject([
      { key: 'prod/worker-7', state: 'open', episode: 1, openedAt: NOW.toISOString(), repeats: 0 },
    ]);
    expect(decision.next[0]?.posted?.verdict).toBe(unknown.verdict);
  });

  it('a resolution with nothing open closes nothing and says so for the log', () => {
    const { route: r, decision } = signals(
      { cluster: 'prod', node: 'worker-7', jobs: [alert('worker-7', 'resolved')] },
      unknown,
    );
    expect(r).toBe('nothing-to-close');
    expect(decision).toMatchObject({ next: [], actions: [], settled: [] });
    expect(decision.note).toMatch(/without an open incident/);
  });

  it('more evidence that changes the diagnosis: the root is edited and one reply says what changed', () => {
    const open = incident('prod/worker-7', { thread: thread('1.1'), posted: postedAs(unknown), repeats: 2 });
    const { route: r, decision } = signals(
      { cluster: 'prod', node: 'worker-7', jobs: [fdBundle('worker-7')], incident: open },
      fd,
    );
    expect(r).toBe('update');
    expect(wantsLiveEvidence('update')).toBe(false);
    expect(kinds(decision.actions)).toEqual(['edit-root', 'reply:change']);
    expect(shown(decision.actions[1])).toContain('was: unknown');
    expect(decision.next[0]).toMatchObject({ repeats: 0, posted: postedAs(fd) });
    expect(decision.next[0]?.signals.map((j) => j.dedupKey)).toEqual(['bundle:worker-7']);
  });

  it('a repeat with nothing new only counts in the root', () => {
    const open = incident('prod/worker-7', { thread: thread('1.1'), posted: postedAs(fd), repeats: 1 });
    const { decision } = signals(
      { cluster: 'prod', node: 'worker-7', jobs: [alert('worker-7')], incident: open },
      fd,
    );
    expect(kinds(decision.actions)).toEqual(['edit-root']);
    expect(decision.next[0]?.repeats).toBe(2);
    expect(shown(decision.actions[0])).toContain('2 repeated signal(s) with nothing new');
  });

  it('an open incident whose first post failed gets its thread on the next delivery', () => {
    const open = incident('prod/worker-7', { posted: postedAs(fd) });
    const { decision } = signals(
      { cluster: 'prod', node: 'worker-7', jobs: [alert('worker-7')], incident: open },
      fd,
    );
    expect(kinds(decision.actions)).toEqual(['open-thread']);
  });

  it('the last firing alert resolving resolves the incident with its duration; another still firing keeps it open', () => {
    const firing = alert('worker-7');
    const open = incident('prod/worker-7', {
      thread: thread('1.1'),
      posted: postedAs(fd),
      signals: [firing],
    });
    const { route: r, decision } = signals(
      { cluster: 'prod', node: 'worker-7', jobs: [alert('worker-7', 'resolved')], incident: open },
      fd,
    );
    expect(r).toBe('resolve');
    expect(kinds(decision.actions)).toEqual(['reply:resolution', 'edit-root']);
    expect(shown(decision.actions[0])).toContain('Ready again after 5m');
    expect(shown(decision.actions[1])).toContain('recovered');
    expect(decision.next[0]).toMatchObject({ state: 'resolved', resolvedAt: NOW.toISOString() });

    const other = alert('worker-7', 'firing', 'KubeletPlegDurationHigh');
    const still = signals(
      {
        cluster: 'prod',
        node: 'worker-7',
        jobs: [alert('worker-7', 'resolved')],
        incident: { ...open, signals: [firing, other] },
      },
      fd,
    );
    expect(still.route).toBe('update');
  });

  it('a re-fire within the reopen window reopens the same thread as the next episode; later, a new thread', () => {
    const resolved = incident('prod/worker-7', {
      state: 'resolved',
      resolvedAt: NOW.toISOString(),
      thread: thread('1.1'),
      posted: postedAs(fd),
    });
    const s: NodeSituation = {
      cluster: 'prod',
      node: 'worker-7',
      jobs: [alert('worker-7')],
      incident: resolved,
    };
    expect(needsOpenIncidents(s, policy, at(10 * 60_000))).toBeUndefined();
    const soon = signals(s, fd, at(10 * 60_000));
    expect(soon.route).toBe('reopen');
    expect(kinds(soon.decision.actions)).toEqual(['edit-root', 'reply:reopen']);
    expect(shown(soon.decision.actions[1])).toContain('episode 2');
    expect(soon.decision.next[0]).toMatchObject({ state: 'open', episode: 2, resolvedAt: undefined });

    const late = signals({ ...s, recent: [] }, fd, at(2 * 60 * 60_000));
    expect(late.route).toBe('open');
    expect(kinds(late.decision.actions)).toEqual(['open-thread']);
    expect(late.decision.next[0]).toMatchObject({ episode: 2, thread: undefined, acknowledged: undefined });
  });
});

describe('decide: storms', () => {
  const recent = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      incident(`prod/node-${i}`, { openedAt: at(-(i + 1) * 1000).toISOString(), thread: thread(`2.${i}`) }),
    );

  it('the node that tips the cluster over the threshold opens one cluster thread with every member', () => {
    const s: NodeSituation = { cluster: 'prod', node: 'node-9', jobs: [alert('node-9')], recent: recent(4) };
    const { route: r, decision } = signals(s, unknown);
    expect(r).toBe('join-storm');
    expect(wantsLiveEvidence('join-storm')).toBe(false);
    expect(kinds(decision.actions)).toEqual(['open-thread']);
    expect(shown(decision.actions[0])).toContain('5 nodes NotReady within 60 s');
    const [storm, ...members] = decision.next;
    expect(storm).toMatchObject({
      key: 'prod/*',
      kind: 'cluster',
      state: 'open',
      nodes: expect.arrayContaining(['node-9']),
    });
    expect(storm?.nodes).toHaveLength(5);
    expect(members.map((m) => [m.key, m.storm])).toEqual([
      ...recent(4).map((m) => [m.key, 'prod/*']),
      ['prod/node-9', 'prod/*'],
    ]);
  });

  it('members joining an open storm mark its root stale; it is edited at most every interval', () => {
    const storm = incident('prod/*', {
      thread: thread('3.0'),
      nodes: ['node-0'],
      editedAt: NOW.toISOString(),
    });
    const s: NodeSituation = { cluster: 'prod', node: 'node-7', jobs: [alert('node-7')], storm };
    expect(needsOpenIncidents(s, policy, at(1000))).toBeUndefined(); // not due: nothing more to read
    const early = signals(s, unknown, at(1000));
    expect(early.decision.actions).toEqual([]);
    expect(early.decision.next.find((i) => i.key === 'prod/*')).toMatchObject({
      stale: true,
      nodes: ['node-0', 'node-7'],
    });

    // Due: the root is drawn from its members.
    expect(needsOpenIncidents(s, policy, at(policy.stormEditIntervalMs))).toEqual({ read: 'members' });
    const due = signals({ ...s, members: [] }, unknown, at(policy.stormEditIntervalMs));
    expect(kinds(due.decision.actions)).toEqual(['edit-root']);
    expect(due.decision.settled).toMatchObject([{ key: 'prod/*', stale: false }]);
  });

  it('a storm member says nothing on its own; the last member recovering ends the cluster incident', () => {
    const storm = incident('prod/*', { thread: thread('3.0'), nodes: ['node-0', 'node-1'] });
    const member = (n: number) =>
      incident(`prod/node-${n}`, {
        storm: 'prod/*',
        signals: [alert(`node-${n}`)],
        posted: postedAs(unknown),
      });
    const quiet = signals(
      { cluster: 'prod', node: 'node-0', jobs: [fdBundle('node-0')], incident: member(0), storm },
      fd,
    );
    expect(quiet.decision.actions).toEqual([]);

    const s: NodeSituation = {
      cluster: 'prod',
      node: 'node-0',
      jobs: [alert('node-0', 'resolved')],
      incident: member(0),
      storm,
    };
    // This member and one more at most: whether another is still open.
    expect(needsOpenIncidents(s, policy, NOW)).toEqual({ read: 'members', limit: 2 });
    const notLast = signals({ ...s, members: [member(0), member(1)] }, unknown);
    expect(notLast.decision.next.map((i) => `${i.key}:${i.state}`)).toEqual(['prod/node-0:resolved']);
    const last = signals({ ...s, members: [member(0)] }, unknown);
    expect(last.decision.next.map((i) => `${i.key}:${i.state}`)).toEqual([
      'prod/node-0:resolved',
      'prod/*:resolved',
    ]);
    expect(kinds(last.decision.actions)).toEqual(['edit-root', 'reply:resolution']);
    expect(shown(last.decision.actions[0])).toContain('cluster-wide incident over');
  });

  it('a burst in one batch opens the cluster thread before any node thread; a small batch reads nothing', () => {
    const nodes = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => `node-${n}`);
    const burst = decideBurst({ cluster: 'prod', nodes, open: [] }, policy, NOW);
    expect(kinds(burst.actions)).toEqual(['open-thread']);
    expect(burst.next[0]?.nodes).toEqual(nodes);
    expect(decideBurst({ cluster: 'prod', nodes: nodes.slice(0, 3), open: [] }, policy, NOW)).toMatchObject({
      actions: [],
    });
  });

  it('when idle, stale storm roots get their deferred edit', () => {
    const stale = incident('prod/*', { thread: thread('3.0'), stale: true, editedAt: NOW.toISOString() });
    const idle = decideIdle([stale], [incident('prod/node-1', { storm: 'prod/*' })], policy, at(1));
    expect(kinds(idle.actions)).toEqual(['edit-root']);
    expect(idle.settled).toMatchObject([{ key: 'prod/*', stale: false }]);
    expect(decideIdle([{ ...stale, stale: false }], [], policy, NOW).actions).toEqual([]);
  });
});

describe('decide: downstream and people', () => {
  it('downstream alerts fold into the node thread, one line each; with nothing open they are only logged', () => {
    const open = incident('prod/worker-1', { thread: thread('4.0') });
    const jobs = [alert('worker-1', 'firing', 'KubePodNotReady')];
    const fold = decideFold({ cluster: 'prod', node: 'worker-1', jobs, open: [open] }, NOW);
    expect(kinds(fold.actions)).toEqual(['reply:fold']);
    expect(fold.next[0]?.folded).toEqual(['KubePodNotReady (firing)']);
    const alone = decideFold({ cluster: 'prod', node: 'worker-1', jobs, open: [] }, NOW);
    expect(alone.actions).toEqual([]);
    expect(alone.note).toMatch(/no open node incident/);
  });

  it('acknowledge records who once and answers in the thread; status answers privately', () => {
    const open = incident('prod/worker-2', { thread: thread('5.0') });
    const reply = { channel: 'C0INC', user: 'U0ONCALL', responseUrl: 'https://hooks.example/r' };
    const ack = decideRequest({ action: 'acknowledge', reply, incident: open, diagnosis: fd }, policy, NOW);
    expect(kinds(ack.actions)).toEqual(['edit-root', 'answer']);
    expect(ack.actions[1]).toMatchObject({ kind: 'answer', threadTs: '5.0' });
    expect(ack.next[0]?.acknowledged).toEqual({ user: 'U0ONCALL', at: NOW.toISOString() });
    const again = decideRequest(
      { action: 'acknowledge', reply, incident: ack.next[0] as Incident, diagnosis: fd },
      policy,
      NOW,
    );
    expect(again.actions).toEqual([]);
    const status = decideRequest({ action: 'status', reply, open: [open] }, policy, NOW);
    expect(status.actions).toMatchObject([
      { kind: 'answer', responseUrl: reply.responseUrl, ephemeral: true },
    ]);
  });
});

describe('decide: the outbox (recordEffects)', () => {
  it('an opened thread owes its root then its diagnosis reply, numbered within the episode', () => {
    const { decision } = signals({ cluster: 'prod', node: 'worker-7', jobs: [alert('worker-7')] }, fd);
    const recorded = recordEffects(decision);
    // Nothing is left to say outside the record: the root and the reply are both owed by the incident.
    expect(recorded.actions).toEqual([]);
    const [owed] = recorded.next;
    expect(owed?.pending.map((e) => [e.id, e.kind])).toEqual([
      ['1:1', 'root'],
      ['1:2', 'reply'],
    ]);
    expect(owed?.pending[0]).toMatchObject({ channel: 'C0INC' });
    const reply = owed?.pending[1];
    expect(reply?.kind === 'reply' ? reply.message.text : 'not a reply').toBe(
      decision.actions[0]?.kind === 'open-thread' ? decision.actions[0].reply?.text : 'no reply',
    );
    expect(owed?.effects).toBe(2);
  });

  it('new effects queue after what an earlier delivery left owed; only the latest root edit is kept', () => {
    const leftOver = [
      { id: '2:4', kind: 'reply' as const, message: { text: 'what changed', blocks: [] } },
      { id: '2:5', kind: 'edit' as const, message: { text: 'older root', blocks: [] } },
    ];
    const open = incident('prod/worker-7', {
      episode: 2,
      thread: thread('1.1'),
      posted: postedAs(unknown),
      pending: leftOver,
      effects: 5,
    });
    const { decision } = signals(
      { cluster: 'prod', node: 'worker-7', jobs: [fdBundle('worker-7')], incident: open },
      fd,
    );
    expect(kinds(decision.actions)).toEqual(['edit-root', 'reply:change']);
    const [owed] = recordEffects(decision).next;
    expect(owed?.pending.map((e) => [e.id, e.kind])).toEqual([
      ['2:4', 'reply'],
      ['2:6', 'edit'],
      ['2:7', 'reply'],
    ]);
    expect(owed?.effects).toBe(7);
  });

  it('answers to people and storm edits saved only afterwards are left to send; a decision that says nothing keeps its records', () => {
    const open = incident('prod/worker-2', { thread: thread('5.0') });
    const reply = { channel: 'C0INC', user: 'U0ONCALL', responseUrl: 'https://hooks.example/r' };
    const ack = recordEffects(
      decideRequest({ action: 'acknowledge', reply, incident: open, diagnosis: fd }, policy, NOW),
    );
    expect(kinds(ack.actions)).toEqual(['answer']);
    expect(ack.next[0]?.pending.map((e) => e.kind)).toEqual(['edit']);

    const storm = incident('prod/*', { thread: thread('9.0'), stale: true, editedAt: NOW.toISOString() });
    const idle = recordEffects(decideIdle([storm], [], policy, at(60_000)));
    expect(kinds(idle.actions)).toEqual(['edit-root']);
    expect(idle.settled[0]?.stale).toBe(false);

    const quiet = decideFold({ cluster: 'prod', node: 'worker-1', jobs: [], open: [] }, NOW);
    expect(recordEffects(quiet)).toEqual(quiet);
  });
});
