import { slackSignatureHex } from '../../functions/ingest/slack-signature.ts';
import type { SlackFakeMessage } from './slack-fake.ts';

/** A button or a menu of a message's actions block, as Slack shows it. */
export interface Control {
  type: string;
  action_id: string;
  value?: string;
  options?: Array<{ value: string; text: { text: string } }>;
}

export function controlsOf(message: SlackFakeMessage): Control[] {
  const actions = message.blocks.find((b) => (b as { type: string }).type === 'actions') as
    | { elements: Control[] }
    | undefined;
  return actions?.elements ?? [];
}

export interface ClickTarget {
  /** The responder's base URL. */
  url: string;
  signingSecret: string;
  channel: string;
  user?: string;
}

/**
 * What Slack posts when someone presses `control` on `root` (a menu: picks `option`), signed with the app's secret:
 * the block_actions interaction, to the responder's /v1/slack/interactions.
 */
export async function click(
  to: ClickTarget,
  root: SlackFakeMessage,
  control: Control,
  option?: string,
): Promise<Response> {
  const chosen = option === undefined ? undefined : control.options?.find((o) => o.value === option);
  const payload = {
    type: 'block_actions',
    user: { id: to.user ?? 'U0ONCALL' },
    channel: { id: to.channel },
    message: { ts: root.ts, text: root.text },
    trigger_id: `${Date.now()}.1.${Math.random()}`,
    actions: [
      {
        action_id: control.action_id,
        ...(chosen ? { selected_option: { value: chosen.value } } : { value: control.value }),
        action_ts: '1700000100.000200',
      },
    ],
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  return fetch(`${to.url}/v1/slack/interactions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': `v0=${await slackSignatureHex(to.signingSecret, timestamp, body)}`,
    },
    body,
  });
}
