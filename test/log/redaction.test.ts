import { LogLevel } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { consoleJsonLogger } from '../../functions/log/console.ts';
import { createLogger } from '../../functions/log/pino.ts';
import type { Logger } from '../../functions/log/port.ts';
import { slackSdkLogger } from '../../functions/log/slack-sdk.ts';

const TOKEN = 'xoxb-1111-secret-token-value';
const SIGNING = 'sign"ing\\secret-0123456789';

/** Both hosts' loggers, writing into `lines`. */
function hosts(lines: string[]): Array<[string, Logger]> {
  const write = (text: string) => void lines.push(text);
  return [
    ['pino', createLogger({ format: 'json', secrets: [TOKEN, SIGNING], out: { write } })],
    ['console', consoleJsonLogger({ secrets: [TOKEN, SIGNING], write })],
  ];
}

describe('secrets never reach a log line', () => {
  it.each(hosts([]).map(([name]) => name))(
    '%s: fields named like secrets, URL credentials and configured values',
    (name) => {
      const lines: string[] = [];
      const log = hosts(lines).find(([n]) => n === name)?.[1];
      if (!log) throw new Error(name);
      const child = log.child({ component: 'slack', endpoint: 'https://user:pw@sqs.local/q' });
      child.warn(`call failed with ${TOKEN} at https://admin:hunter2@10.0.0.1/api`, {
        token: 'any-token',
        authorization: 'Bearer abc',
        nested: { secret: 'deep' },
        detail: `signature ${SIGNING}`,
        incident: 'prod/node-a',
      });
      expect(lines).toHaveLength(1);
      const text = lines.join('');
      for (const leaked of [
        TOKEN,
        SIGNING,
        JSON.stringify(SIGNING).slice(1, -1),
        'hunter2',
        ':pw@',
        'any-token',
        'Bearer abc',
      ])
        expect(text).not.toContain(leaked);
      const record = JSON.parse(text);
      expect(record).toMatchObject({
        level: 'warn',
        component: 'slack',
        endpoint: 'https://[redacted]@sqs.local/q',
        token: '[redacted]',
        authorization: '[redacted]',
        incident: 'prod/node-a',
        msg: 'call failed with [redacted] at https://[redacted]@10.0.0.1/api',
      });
      if (name === 'pino') expect(record.nested).toEqual({ secret: '[redacted]' });
    },
  );

  it('the Worker logger honours LOG_LEVEL', () => {
    const lines: string[] = [];
    const log = consoleJsonLogger({ level: 'warn', write: (t) => void lines.push(t) });
    log.info('quiet');
    log.error('loud');
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['loud']);
  });

  it("Slack's SDK writes through our logger, in our format, as component slack", () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', secrets: [TOKEN], out: { write: (t) => void lines.push(t) } });
    const sdk = slackSdkLogger(log.child({ component: 'slack' }));
    sdk.setName('web-api:WebClient:0');
    sdk.setLevel(LogLevel.DEBUG);
    expect(sdk.getLevel()).toBe(LogLevel.DEBUG);
    sdk.warn('http request failed', new Error(`token ${TOKEN} rejected`));
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'warn',
      component: 'slack',
      sdk: 'web-api:WebClient:0',
      msg: 'http request failed token [redacted] rejected',
    });
  });

  it('writes no body the Slack SDKs put in a debug line (frames, acks, request bodies)', () => {
    const lines: string[] = [];
    const log = createLogger({ format: 'json', level: 'debug', out: { write: (t) => void lines.push(t) } });
    const sdk = slackSdkLogger(log.child({ component: 'slack' }));
    const frame =
      '{"envelope_id":"e1","payload":{"text":"diagnose node-a","response_url":"https://hooks.slack.com/x"}}';
    sdk.debug(`Received a message on the WebSocket: ${frame}`);
    sdk.debug(`Calling ack() - type: slash_commands, envelope_id: e1, data: ${frame}`);
    sdk.debug(`Sending a WebSocket message: ${frame}`);
    sdk.debug('http request body: {"channel":"C1","text":"node-a NotReady"}');
    sdk.debug('Going to retrieve a new WSS URL ...');
    const written = lines.map((l) => JSON.parse(l).msg);
    expect(written).toEqual([
      'Received a message on the WebSocket: (body not logged)',
      'Calling ack() (body not logged)',
      'Sending a WebSocket message: (body not logged)',
      'http request body: (body not logged)',
      'Going to retrieve a new WSS URL ...',
    ]);
  });
});
