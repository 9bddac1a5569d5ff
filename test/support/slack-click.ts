import type { SlackFakeMessage } from './slack-fake.ts';
import { signedForm } from './slack-payloads.ts';

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

/** The block_actions interaction Slack sends when someone presses `control` on `root` (a menu: picks `option`). */
export function clickPayload(
  to: { channel: string; user?: string },
  root: SlackFakeMessage,
  control: Control,
  option?: string,
) {
  const chosen = option === undefined ? undefined : control.options?.find((o) => o.value === option);
  return {
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
}

/** That interaction as Slack posts it over HTTP: signed with the app's secret, to /v1/slack/interactions. */
export async function click(
  to: ClickTarget,
  root: SlackFakeMessage,
  control: Control,
  option?: string,
): Promise<Response> {
  const form = { payload: JSON.stringify(clickPayload(to, root, control, option)) };
  return fetch(`${to.url}/v1/slack/interactions`, await signedForm(to.signingSecret, form));
}
