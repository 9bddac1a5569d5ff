import { expect } from 'vitest';
import { until } from './chat.ts';
import { alertmanagerPayload, alert as amAlert } from './payloads.ts';
import { post } from './server.ts';
import type { Control } from './slack-click.ts';
import type { SlackFake, SlackFakeMessage } from './slack-fake.ts';

/** The Slack-side of a remediation test: node-a's incident opened in `channel`, its root and its controls. */
export interface RemediationThread {
  /** The root as it is now (the live diagnosis edits it once collected). */
  root: () => SlackFakeMessage;
  buttons: (message: SlackFakeMessage) => Control[];
  thread: () => SlackFakeMessage[];
  /** The thread's first reply whose blocks hold `text`. */
  said: (text: string) => Promise<SlackFakeMessage>;
}

/** Posts a KubeNodeNotReady alert for node-a in cluster prod-eu and waits for its thread to settle. */
export async function openNodeIncident(
  url: string,
  fake: SlackFake,
  channel: string,
): Promise<RemediationThread> {
  const payload = alertmanagerPayload([
    amAlert('node-a', {
      labels: { alertname: 'KubeNodeNotReady', node: 'node-a', cluster: 'prod-eu', severity: 'critical' },
    }),
  ]);
  expect((await post(`${url}/v1/alertmanager`, payload)).status).toBe(202);
  const first = await until(() => fake.messages(channel).find((m) => m.text.includes('node-a')));
  // The live diagnosis edits the root once collected: press what the root shows once it settles.
  await until(() => (fake.replies(channel, first.ts).length > 0 ? true : undefined));
  const thread = () => fake.replies(channel, first.ts);
  return {
    root: () => fake.messages(channel).find((m) => m.ts === first.ts) as SlackFakeMessage,
    buttons: (message) =>
      message.blocks
        .filter((b) => (b as { type: string }).type === 'actions')
        .flatMap((b) => (b as { elements: Control[] }).elements),
    thread,
    said: (text) => until(() => thread().find((m) => JSON.stringify(m.blocks).includes(text)), 15_000),
  };
}
