import { type AlertingStack, startAlertingStack, until, type WebhookDelivery } from '../test/e2e/harness.ts';
import { type Benchmark, type Measurement, median } from './benchmark.ts';

/**
 * From a rule firing in Prometheus to the first Slack message, split into Alertmanager's share and ours, on the
 * end-to-end test's set-up (test/e2e/harness.ts): the simulated kubelet, real Prometheus with the shipped rules
 * (durations ÷ 30, 1 s scrape and evaluation), real Alertmanager with the shipped route (group_wait and
 * group_interval 1 s), a webhook tap in front of the in-process responder, and the Slack fake.
 *
 * Each round is one degradation, on a node of its own: its kubelet's relist gets stuck, PlegRelistStuck
 * (`for: 0s`, so its activeAt is the moment it fired) goes firing, Alertmanager delivers it as the node's first
 * notification (a new aggregation group: group_wait applies, as for a real incident), the responder opens the
 * node's thread; then the kubelet recovers and the incident resolves before the next round. (One node for every
 * round would measure something else: Alertmanager keeps a resolved group for up to 30 s, and an alert that
 * joins an existing group goes out at its next group_interval tick, without group_wait.)
 *
 * - T0 `activeAt` of the alert in Prometheus's /api/v1/alerts (the evaluation timestamp);
 * - T1 the webhook reaching the tap in front of the responder;
 * - T2 the Slack fake receiving the root chat.postMessage.
 * Alertmanager's share is T1 − T0: Prometheus handing the alert to Alertmanager, group_wait (1 s here; 10 s in
 * the shipped snippet), the webhook call. Ours is T2 − T1: ingest, durable enqueue, queue, diagnosis, the Slack
 * call (and the tap's loopback hop, well under a millisecond). One machine, one clock.
 */

const ROUNDS = Number(process.env.BENCH_ALERTING_ROUNDS ?? 3);
const CLUSTER = 'bench';
const CHANNEL = 'C0BENCHALERT';
/** Ours, from the webhook to the first Slack call: a target for the reader, not an assertion. */
const OURS_TARGET_MS = 250;

interface Round {
  detect: number;
  alertmanager: number;
  ours: number;
}

function stuckFiring(node: string): (d: WebhookDelivery) => boolean {
  return (d) =>
    d.body.alerts.some(
      (a) => a.labels.alertname === 'PlegRelistStuck' && a.labels.node === node && a.status === 'firing',
    );
}

async function oneRound(stack: AlertingStack, round: number): Promise<Round> {
  const kubelet = stack.kubelets[round - 1];
  if (!kubelet) throw new Error(`round ${round}: no kubelet`);
  const deliveriesBefore = stack.tap.deliveries.length;
  const rootsBefore = stack.slack.messages(CHANNEL).length;
  const degradedAt = Date.now();
  kubelet.setPhase('stuck');
  const webhook = await until(
    `round ${round}: the PlegRelistStuck webhook`,
    () => stack.tap.deliveries.slice(deliveriesBefore).find(stuckFiring(kubelet.node)),
    30_000,
    5,
  );
  const alert = (await stack.alerts()).find(
    (a) => a.labels.alertname === 'PlegRelistStuck' && a.labels.node === kubelet.node && a.state === 'firing',
  );
  if (!alert) throw new Error(`round ${round}: PlegRelistStuck is not firing in Prometheus`);
  const activeAt = Date.parse(alert.activeAt);
  const root = await until(
    `round ${round}: the root message`,
    () => stack.slack.messages(CHANNEL)[rootsBefore],
    10_000,
    5,
  );
  const post = stack.slack.calls.find((c) => c.method === 'chat.postMessage' && c.ts === root.ts);
  if (!post) throw new Error(`round ${round}: no chat.postMessage call for the root`);

  kubelet.setPhase('healthy');
  await until(
    `round ${round}: the resolution`,
    () => stack.slack.messages(CHANNEL)[rootsBefore]?.text.startsWith('Recovered: '),
    30_000,
  );
  return { detect: activeAt - degradedAt, alertmanager: webhook.at - activeAt, ours: post.at - webhook.at };
}

const ms = (values: readonly number[]) =>
  `${median(values).toFixed(0)} ms (${values.map((v) => v.toFixed(0)).join(', ')})`;

export const alerting: Benchmark = {
  name: 'alerting',
  title: `rule firing in Prometheus → webhook → first Slack message, ${ROUNDS} degradation(s), real Prometheus + Alertmanager (1 s timers)`,
  async run(log) {
    log('starting the simulated kubelet, Prometheus, Alertmanager, the responder and the Slack fake');
    const stack = await startAlertingStack({
      nodes: Array.from({ length: ROUNDS }, (_, i) => `worker-bench-${i + 1}`),
      cluster: CLUSTER,
      channel: CHANNEL,
    });
    const rounds: Round[] = [];
    try {
      await stack.scraped();
      log(`Prometheus pid ${stack.prometheus.pid}, Alertmanager pid ${stack.alertmanager.pid}: scraping`);
      for (let i = 1; i <= ROUNDS; i++) {
        const r = await oneRound(stack, i);
        rounds.push(r);
        log(
          `round ${i}: stuck → firing ${r.detect} ms; firing → webhook ${r.alertmanager} ms; webhook → Slack ${r.ours} ms`,
        );
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${stack.logs()}`, { cause: error });
    } finally {
      await stack.close();
    }
    const am = rounds.map((r) => r.alertmanager);
    const ours = rounds.map((r) => r.ours);
    const total = rounds.map((r) => r.alertmanager + r.ours);
    const oursMedian = median(ours);
    const share = median(rounds.map((r) => r.ours / (r.alertmanager + r.ours)));
    const results: Measurement[] = [
      {
        metric: 'relist stuck → rule firing (scrape, 3 s window, evaluation)',
        value: ms(rounds.map((r) => r.detect)),
      },
      {
        metric: "firing → webhook at the responder (Alertmanager's share)",
        value: ms(am),
        target: '≈ group_wait (1 s here)',
      },
      {
        metric: 'webhook → first Slack message (ours)',
        value: ms(ours),
        target: `<= ${OURS_TARGET_MS} ms`,
        status: oursMedian <= OURS_TARGET_MS ? 'PASS' : 'MISS',
      },
      { metric: 'firing → first Slack message', value: ms(total) },
      { metric: 'our part of it', value: `${(share * 100).toFixed(1)} %` },
    ];
    return results;
  },
};
