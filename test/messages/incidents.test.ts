import { describe, expect, it } from 'vitest';
import { consoleLines } from '../../shared/chat/console.ts';
import { escapeMrkdwn } from '../../shared/chat/mrkdwn.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import type { Incident } from '../../shared/incidents/model.ts';
import {
  diagnosisMessage,
  rootMessage,
  statusMessage,
  troubleSince,
} from '../../shared/messages/incidents.ts';
import { stormMessage } from '../../shared/messages/storm.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { incident } from '../support/incidents.ts';
import { alertJob, bundleJob } from '../support/payloads.ts';

const hostile = '<!channel> <@U123ABC> <https://evil.example|docs> & `x` ```';

const hostileIncident = incident(`prod/${hostile}`, { node: hostile }); // the name itself holds slashes

/**
 * Every string Slack parses as mrkdwn (the message text and mrkdwn text objects). plain_text objects are shown
 * literally by Slack — `<!channel>` there pings nobody — so they are not escaped and not collected here.
 */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') {
    if ((value as { type?: string }).type === 'plain_text') return [];
    // A button's value is never shown: Slack hands it back to us in the signed interaction payload.
    return Object.entries(value)
      .filter(([key]) => key !== 'value')
      .flatMap(([, v]) => strings(v));
  }
  return [];
}

it('escapes untrusted text so it can neither ping nor disguise a link', () => {
  const d = diagnose({
    node: hostile,
    logs: {
      dockerd: `Nov 02 13:41:43 n dockerd[1]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files ${hostile}`,
    },
  });
  for (const message of [
    rootMessage(hostileIncident, d, new Date('2026-11-21T03:10:00Z')),
    diagnosisMessage(d),
  ]) {
    const all = strings(message).join('\n');
    expect(all).not.toContain('<!channel>');
    expect(all).not.toContain('<@U123ABC>');
    expect(all).not.toContain('<https://evil.example|docs>');
    expect(all).toContain(escapeMrkdwn('<!channel>'));
  }
});

it('keeps messages within Block Kit limits however long the evidence', () => {
  const long = 'x'.repeat(20_000);
  const d = diagnose({
    logs: {
      dockerd: Array.from(
        { length: 30 },
        (_, i) => `dockerd[1]: accept4: too many open files ${i} ${long}`,
      ).join('\n'),
    },
  });
  const message = diagnosisMessage(d);
  expect(message.blocks.length).toBeLessThanOrEqual(50);
  for (const block of message.blocks) {
    if (block.type === 'section' && block.text) expect(block.text.text.length).toBeLessThanOrEqual(3000);
  }
  expect(strings(message).join('')).toContain('truncated');
  const many = Array.from({ length: 100 }, (_, i) => ({
    ...hostileIncident,
    key: `prod/n${i}`,
    node: `n${i}`,
  }));
  const status = statusMessage(many, new Date('2026-11-21T03:10:00Z'));
  for (const block of status.blocks) {
    if (block.type === 'section' && block.text) expect(block.text.text.length).toBeLessThanOrEqual(3000);
  }
});

it('heads an early warning as "at risk", not NotReady, until the node actually goes NotReady', () => {
  const warning = {
    ...hostileIncident,
    node: 'worker-3',
    signals: [
      {
        kind: 'alert' as const,
        dedupKey: 'alert:w:firing',
        cluster: 'prod',
        node: 'worker-3',
        receivedAt: '2026-11-21T03:00:00.000Z',
        alert: {
          status: 'firing' as const,
          labels: { alertname: 'KubeletPlegDurationHigh', node: 'worker-3' },
          annotations: {},
        },
        groupKey: '{}',
        externalURL: '',
      },
    ],
  };
  const d = diagnose({
    node: 'worker-3',
    alerts: [{ status: 'firing', labels: { alertname: 'KubeletPlegDurationHigh' }, annotations: {} }],
  });
  const at = new Date('2026-11-21T03:05:00Z');
  expect(JSON.stringify(rootMessage(warning, d, at).blocks)).toContain('worker-3 at risk');
  const notReady = { ...warning, ready: 'False' as const };
  expect(JSON.stringify(rootMessage(notReady, d, at).blocks)).toContain('worker-3 NotReady');
});

it('names the mechanism in the root headline and the known defect, its fix and its link in the reply', () => {
  const d = diagnose({
    node: 'n1',
    kubeletVersion: 'v1.14.3',
    logs: { other: '--node-status-update-frequency=5s and --node-monitor-grace-period=10s' },
  });
  const root = strings(rootMessage(incident('prod/n1', { node: 'n1' }), d, new Date('2026-11-21T03:10:00Z')));
  expect(root.join('\n')).toContain('*Cause:* Known kubelet defect — kubelet-lease-renew-fixed-interval (');
  const reply = strings(diagnosisMessage(d)).join('\n');
  expect(reply).toContain('*Known kubelet defect* — kubelet-lease-renew-fixed-interval — ');
  expect(reply).toContain('*Known defect* `kubelet-lease-renew-fixed-interval`: ');
  expect(reply).toContain('*Fixed:* kubelet v1.16.0');
  expect(reply).toContain('https://github.com/kubernetes/kubernetes/issues/80172');
});

it('neutralises broadcasts, links and backticks in untrusted text outside code, and keeps it readable', () => {
  expect(escapeMrkdwn('@here see https://evil.example/p.sh now')).toBe(
    '@\u2060here see `https://evil.example/p.sh` now',
  );
  expect(escapeMrkdwn('@channel @everyone oncall@here.example')).toBe(
    '@\u2060channel @\u2060everyone oncall@here.example',
  );
  // Its own backticks cannot close the span around a link and expose it.
  expect(escapeMrkdwn('`https://evil.example`')).toBe('\u02cb`https://evil.example`\u02cb');
  expect(escapeMrkdwn('<!here> & <@U1>')).toBe('&lt;!here&gt; &amp; &lt;@U1&gt;');
});

it('names incidents on buttons by a short reference, however long the key', () => {
  const key = `c${'x'.repeat(102_418)}/node-a`;
  const d = diagnose({ node: 'node-a' });
  const root = rootMessage(incident(key, { node: 'node-a' }), d, new Date('2026-11-21T03:10:00Z'));
  const actions = root.blocks.find((b) => b.type === 'actions') as { elements: Array<{ value?: string }> };
  for (const button of actions.elements) expect(button.value).toMatch(/^incident:[0-9a-f]{32}$/);
});

it('keeps our own thread links in a storm root as links, and anything else as text', () => {
  const storm = { ...incident('prod/*', { kind: 'cluster' }), nodes: ['node-a', 'node-b'] };
  const analysis = { nodes: 2, unreachable: 0, unhealthy: 2, commonVerdict: undefined, reading: 'r' };
  const link = '<https://acme.slack.com/archives/C0123/p1700000000000100|thread>';
  const threads = new Map([
    ['node-a', link],
    ['node-b', '<!channel|thread>'],
  ]);
  const text = JSON.stringify(
    stormMessage(storm as never, analysis as never, 60, new Date(), threads).blocks,
  );
  expect(text).toContain(link);
  expect(text).not.toContain('<!channel');
});

it('uses no Slack emoji shortcodes: the console prints the same messages, where `:warning:` would show as text', () => {
  const d = diagnose({
    node: 'worker-7',
    containerRuntimeVersion: 'docker://20.10.7',
    logs: {
      dockerd:
        'Nov 21 03:07:58 worker-7 dockerd[1120]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
    },
  });
  expect(d.causes[0]?.commands.some((c) => c.risk === 'disruptive')).toBe(true);
  const lines = consoleLines(diagnosisMessage(d));
  expect(lines.some((l) => l.includes('disruptive'))).toBe(true);
  expect(lines.filter((l) => /:[a-z_]+:/.test(l) && !/https?:/.test(l))).toEqual([]);
});

describe('how long a node has been NotReady', () => {
  const now = new Date('2026-11-21T03:16:00Z');
  const d = diagnose({ conditions: [{ type: 'Ready', status: 'False' }] });
  const state = (i: Incident) => consoleLines(rootMessage(i, d, now)).find((l) => l.startsWith('State:'));
  // The responder opened the incident at 03:16, 16 minutes after the alert started (Alertmanager's `for:`).
  const opened = { openedAt: '2026-11-21T03:16:00.000Z', updatedAt: '2026-11-21T03:16:00.000Z' };
  const late = alertJob('w1', { receivedAt: '2026-11-21T03:15:50.000Z' });
  const withConditions = (receivedAt: string, ...conditions: Array<Record<string, string>>): Job => ({
    ...bundleJob('w1'),
    kind: 'bundle',
    receivedAt,
    bundle: { node: 'w1', conditions: conditions as Array<{ type: string; status: string }> },
  });
  const started = (job: Job, startsAt: string, status: 'firing' | 'resolved' = 'firing'): Job =>
    job.kind === 'alert' ? { ...job, alert: { ...job.alert, startsAt, status } } : job;

  it("counts from the alert's startsAt, not from when the responder opened the incident", () => {
    const i = incident('prod/w1', { ...opened, signals: [started(late, '2026-11-21T03:00:00Z')] });
    expect(state(i)).toBe('State: NotReady for 16m');
    expect(troubleSince(i)).toBe('2026-11-21T03:00:00.000Z');
  });

  it("or from the Ready condition's lastTransitionTime, whichever is earliest", () => {
    const condition = withConditions('2026-11-21T03:15:55.000Z', {
      type: 'Ready',
      status: 'Unknown',
      lastTransitionTime: '2026-11-21T02:56:00Z',
    });
    const i = incident('prod/w1', { ...opened, signals: [started(late, '2026-11-21T03:00:00Z'), condition] });
    expect(state(i)).toBe('State: NotReady for 20m');
  });

  it("ignores what says nothing: Alertmanager's zero time, a resolved alert, a Ready=True condition", () => {
    const ready = withConditions('2026-11-21T03:15:55.000Z', {
      type: 'Ready',
      status: 'True',
      lastTransitionTime: '2026-11-01T00:00:00Z',
    });
    const i = incident('prod/w1', {
      ...opened,
      signals: [
        started(late, '0001-01-01T00:00:00Z'),
        started(late, '2026-11-20T00:00:00Z', 'resolved'),
        ready,
      ],
    });
    expect(state(i)).toBe('State: NotReady for 0s');
  });

  it('dates a reopened episode by its own signals, not by those before the last resolution', () => {
    const first = started(
      alertJob('w1', { dedupKey: 'a:1', receivedAt: '2026-11-21T01:00:00.000Z' }),
      '2026-11-21T00:50:00Z',
    );
    const resolved = started(
      alertJob('w1', { dedupKey: 'a:2', receivedAt: '2026-11-21T02:00:00.000Z' }),
      '2026-11-21T00:50:00Z',
      'resolved',
    );
    const refire = started(late, '2026-11-21T03:10:00Z');
    const i = incident('prod/w1', { ...opened, episode: 2, signals: [first, resolved, refire] });
    expect(state(i)).toBe('State: NotReady for 6m · episode 2');
  });
});

it('shows real backticks on the console, where no code span can be opened', () => {
  const lines = consoleLines({
    text: '',
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: escapeMrkdwn('run `crictl ps`') } }],
  });
  expect(lines).toEqual(['run `crictl ps`']);
});
