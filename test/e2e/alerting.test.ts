import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SlackFakeMessage } from '../support/slack-fake.ts';
import { type AlertingStack, INGEST_TOKEN, startAlertingStack, until, type WebhookAlert } from './harness.ts';

/**
 * The whole alerting path with the real programs: a simulated kubelet whose PLEG relists first slow down and then
 * stop, Prometheus scraping it every second and evaluating the shipped rules (durations ÷ 30, see
 * harness.ts#fastRules), Alertmanager with the shipped route (timers at 1 s) posting to the responder, and the
 * responder's Slack thread in the Slack fake. Takes about 33 s: Prometheus's first scrape (~7 s, its discovery
 * delay), the slow alert's `for:` (5m ÷ 30 = 10 s), and after recovery its 10 s rate window emptying.
 */

const NODE = 'worker-e2e-1';
const CLUSTER = 'e2e';
const CHANNEL = 'C0ALERTS';
let stack: AlertingStack | undefined;

beforeAll(async () => {
  stack = await startAlertingStack({ nodes: [NODE], cluster: CLUSTER, channel: CHANNEL });
}, 30_000);

afterAll(async () => {
  await stack?.close();
}, 20_000);

function firingIn(s: AlertingStack, alertname: string): WebhookAlert | undefined {
  for (const d of s.tap.deliveries) {
    const alert = d.body.alerts.find((a) => a.labels.alertname === alertname && a.status === 'firing');
    if (alert) return alert;
  }
  return undefined;
}

/** Everything a message shows: its fallback text and the text of its blocks. */
function shown(m: SlackFakeMessage): string {
  return `${m.text}\n${JSON.stringify(m.blocks)}`;
}

it('PLEG degrades → rules fire → Alertmanager → responder → Slack thread with a diagnosis; recovery resolves it', async () => {
  const s = stack;
  if (!s) throw new Error('the alerting stack did not start');
  try {
    await s.scraped();
    expect((await s.alerts()).filter((a) => a.state === 'firing')).toEqual([]);

    // Slow: the relist histogram climbs into the +Inf bucket; PlegRelistSlow fires after its `for:`.
    s.kubelet.setPhase('slow');
    const root = await until('the root message in Slack', () => s.slack.messages(CHANNEL)[0], 30_000);
    expect(root.text).toContain(NODE);
    expect(root.text).toContain(CLUSTER);

    const slow = firingIn(s, 'PlegRelistSlow');
    expect(slow?.labels).toMatchObject({ node: NODE, cluster: CLUSTER, severity: 'warning' });
    expect(slow?.annotations.summary).toContain('relist');
    const first = s.tap.deliveries[0];
    expect(first?.authorization).toBe(`Bearer ${INGEST_TOKEN}`);
    expect(first?.userAgent).toMatch(/^Alertmanager\//);
    expect(first?.body.groupLabels).toEqual({ cluster: CLUSTER, node: NODE });
    expect(first?.status).toBe(202);

    // The diagnosis reply: with nothing but this alert the engine names no cause yet; it says what is leading
    // (a relist that has too many containers to go through) and what to collect to settle it.
    const diagnosis = await until('the diagnosis reply', () => s.slack.replies(CHANNEL, root.ts)[0], 10_000);
    expect(diagnosis.text).toMatch(/^Diagnosis: /);
    expect(shown(diagnosis)).toMatch(/relist|To settle it, collect/);

    // Stuck: nothing finishes any more and the last successful relist ages. PlegRelistStuck fires (the
    // duration histogram cannot show this: no relist is observed); the responder takes it into the same thread.
    s.kubelet.setPhase('stuck');
    await until('PlegRelistStuck at the responder', () => firingIn(s, 'PlegRelistStuck'), 20_000);
    const stuck = firingIn(s, 'PlegRelistStuck');
    expect(stuck?.labels).toMatchObject({ node: NODE, cluster: CLUSTER, severity: 'critical' });
    expect(stuck?.annotations.summary).toMatch(/has not finished for \d/);
    const stuckAt = s.tap.deliveries.find((d) => d.body.alerts.some((a) => a === stuck))?.at ?? 0;
    await until(
      'the root message to be edited with the stuck relist',
      () => s.slack.calls.some((c) => c.method === 'chat.update' && c.ts === root.ts && c.at >= stuckAt),
      10_000,
    );
    expect(s.slack.messages(CHANNEL)).toHaveLength(1);

    // Recovery: relists are fast again. Both alerts resolve (the slow one once its rate window has no slow relist
    // left), Alertmanager sends the resolutions, and the thread says the warning cleared — the early-warning rules
    // fired before the kubelet's own 3-minute threshold, so the node never went NotReady.
    s.kubelet.setPhase('healthy');
    const resolution = await until(
      'the resolution reply',
      () => s.slack.replies(CHANNEL, root.ts).find((m) => m.text.includes('never went NotReady')),
      30_000,
    );
    expect(resolution.text).toContain(NODE);
    await until(
      'the root message to show the recovery',
      () => s.slack.messages(CHANNEL)[0]?.text.startsWith('Recovered: '),
      10_000,
    );
    const resolved = (alertname: string) =>
      s.tap.deliveries.some((d) =>
        d.body.alerts.some((a) => a.labels.alertname === alertname && a.status === 'resolved'),
      );
    expect(resolved('PlegRelistStuck')).toBe(true);
    expect(resolved('PlegRelistSlow')).toBe(true);
    expect(s.tap.deliveries.at(-1)?.body.status).toBe('resolved');
    expect(s.tap.deliveries.every((d) => d.status === 202)).toBe(true);
    expect((await s.alerts()).filter((a) => a.state === 'firing')).toEqual([]);
    // One thread for the whole episode, and Slack refused nothing (a 429 is the fake's rate limit, retried).
    expect(s.slack.messages(CHANNEL)).toHaveLength(1);
    expect(s.slack.calls.filter((c) => c.status !== 200 && c.status !== 429)).toEqual([]);
  } catch (error) {
    const thread = s.slack.messages(CHANNEL).flatMap((m) => [m, ...s.slack.replies(CHANNEL, m.ts)]);
    const context = [
      `kubelet phase ${s.kubelet.phase}, ${s.kubelet.scrapes} scrapes`,
      `webhooks: ${JSON.stringify(s.tap.deliveries.map((d) => ({ at: d.at, status: d.status, alerts: d.body.alerts.map((a) => `${a.labels.alertname}:${a.status}`) })))}`,
      `prometheus alerts: ${JSON.stringify(await s.alerts().catch(() => []))}`,
      `slack: ${JSON.stringify(thread.map((m) => m.text))}`,
      s.logs(),
    ].join('\n');
    throw new Error(`${(error as Error).message}\n${context}`, { cause: error });
  }
}, 60_000);
