import { expect, it } from 'vitest';
import { diagnosisMessage, rootMessage, statusMessage } from '../../shared/chat/blocks.ts';
import { escapeMrkdwn } from '../../shared/chat/mrkdwn.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { incident } from '../support/incidents.ts';

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
