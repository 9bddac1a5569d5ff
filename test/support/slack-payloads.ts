import { slackSignatureHex } from '../../functions/ingest/slack/signature.ts';

/*
 * Slack's request payloads as Slack sends them, whichever way they come: the fields of a slash command (an HTTP
 * form, or a Socket Mode envelope's payload) and the interaction payloads (the form's `payload` JSON, or the
 * envelope's payload). Every call gets a trigger id of its own, as every request in Slack does.
 */

/** A form as Slack posts it over HTTP: urlencoded, signed with the app's signing secret at the current time. */
export async function signedForm(secret: string, fields: Record<string, string>): Promise<RequestInit> {
  const body = new URLSearchParams(fields).toString();
  const timestamp = String(Math.floor(Date.now() / 1000));
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': `v0=${await slackSignatureHex(secret, timestamp, body)}`,
    },
    body,
  };
}

let triggers = 0;
export const nextTrigger = () => `${++triggers}.4744562912.${'a'.repeat(32)}`;

/** A slash command's fields (order as in Slack's own example). */
export function slashCommand(text: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    token: 'legacy-token',
    team_id: 'T1',
    team_domain: 'acme',
    channel_id: 'C1',
    channel_name: 'incidents',
    user_id: 'U1',
    user_name: 'oncall',
    command: '/pleg',
    text,
    api_app_id: 'A1',
    is_enterprise_install: 'false',
    response_url: 'https://hooks.slack.com/commands/T1/123/abc',
    trigger_id: nextTrigger(),
    ...extra,
  };
}

/** A block_actions payload: `actionId` pressed on a root message whose button carries `value`. */
export function buttons(
  actionId: string,
  value = 'prod/node-a',
  message: Record<string, string> = { ts: '1700000000.000100' },
) {
  return {
    type: 'block_actions',
    user: { id: 'U2', username: 'oncall', team_id: 'T1' },
    api_app_id: 'A1',
    token: 'legacy-token',
    container: { type: 'message', message_ts: message.ts, channel_id: 'C9', is_ephemeral: false },
    trigger_id: nextTrigger(),
    team: { id: 'T1', domain: 'acme' },
    channel: { id: 'C9', name: 'incidents' },
    message: { type: 'message', text: 'node-a NotReady', ...message },
    response_url: 'https://hooks.slack.com/actions/T1/1/xyz',
    actions: [
      {
        type: 'button',
        block_id: 'incident',
        action_id: actionId,
        text: { type: 'plain_text', text: 'Re-diagnose' },
        value,
        action_ts: '1700000100.000200',
      },
    ],
  };
}

/** A message_action payload: the message shortcut `callbackId` used on `message`. */
export function shortcut(callbackId: string, message: Record<string, string>) {
  return {
    type: 'message_action',
    token: 'legacy-token',
    action_ts: '1700000200.000300',
    team: { id: 'T1', domain: 'acme' },
    user: { id: 'U3', name: 'oncall' },
    channel: { id: 'C7', name: 'k8s' },
    callback_id: callbackId,
    trigger_id: nextTrigger(),
    message_ts: message.ts,
    message: { type: 'message', user: 'U9', ...message },
    response_url: 'https://hooks.slack.com/app/T1/2/uvw',
  };
}
