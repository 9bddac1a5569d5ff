import { LogLevel, type Logger as SdkLogger } from '@slack/web-api';
import type { Logger } from './port.ts';
import { sdkMessage } from './sdk-message.ts';

/**
 * Debug lines in which Slack's SDKs write a body after a fixed lead: web-api's request bodies, socket-mode's frames
 * received and sent and its acks. Bodies carry what people typed and response URLs (each one a way to post into
 * the channel), so only the lead is written.
 */
const BODY_LEADS = [
  'http request body:',
  'Received a message on the WebSocket:',
  'Sending a WebSocket message:',
  'Calling ack()',
  'Unable to parse an incoming WebSocket message',
];

/** The SDK's message, without the body when it carries one. */
function withoutBody(parts: unknown[]): string {
  const message = sdkMessage(parts);
  const lead = BODY_LEADS.find((l) => message.startsWith(l));
  return lead ? `${lead} (body not logged)` : message;
}

/**
 * Slack's SDK logger interface (@slack/logger, shared by @slack/web-api and @slack/socket-mode) over ours, so the
 * SDKs' lines (rate limits, retries, connection changes) come out in the same format as ours, under component
 * `slack`, field `sdk` naming the SDK (`name`, or what the SDK sets). Which levels are written is ours to say
 * (LOG_LEVEL): the SDK's setLevel is recorded for getLevel only.
 */
export function slackSdkLogger(log: Logger, name = '@slack/web-api'): SdkLogger {
  let level = LogLevel.INFO;
  let sdk = name;
  return {
    debug: (...parts) => log.debug(withoutBody(parts), { sdk }),
    info: (...parts) => log.info(withoutBody(parts), { sdk }),
    warn: (...parts) => log.warn(withoutBody(parts), { sdk }),
    error: (...parts) => log.error(withoutBody(parts), { sdk }),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: (next) => {
      sdk = next;
    },
  };
}
