import { LogLevel, type Logger as SdkLogger } from '@slack/web-api';
import type { Logger } from './port.ts';
import { sdkMessage } from './sdk-message.ts';

/**
 * @slack/web-api's logger interface over ours, so the SDK's lines (rate limits, retries, deprecations) come out in
 * the same format as ours, under component `slack`. Which levels are written is ours to say (LOG_LEVEL): the
 * SDK's setLevel is recorded for getLevel only.
 */
export function slackSdkLogger(log: Logger): SdkLogger {
  let level = LogLevel.INFO;
  let name = '@slack/web-api';
  return {
    debug: (...parts) => log.debug(sdkMessage(parts), { sdk: name }),
    info: (...parts) => log.info(sdkMessage(parts), { sdk: name }),
    warn: (...parts) => log.warn(sdkMessage(parts), { sdk: name }),
    error: (...parts) => log.error(sdkMessage(parts), { sdk: name }),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: (next) => {
      name = next;
    },
  };
}
