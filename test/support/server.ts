import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../functions/config.ts';
import { type RunningServer, startServer } from '../../functions/node/server.ts';
import { ConsoleTranscript } from './chat.ts';
import { messagesLogger } from './log.ts';
import { type SlackFake, startSlackFake } from './slack-fake.ts';

export const TOKEN = 'test-token-0123456789';

export interface TestServer {
  url: string;
  dir: string;
  /** The console chat's output (unused when the environment configures Slack). */
  console: ConsoleTranscript;
  logs: string[];
  server: RunningServer;
  close(): Promise<void>;
}

/** The real Node host on a loopback port with a fresh data directory. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pleg-test-'));
  const transcript = new ConsoleTranscript();
  const logs: string[] = [];
  const config = loadConfig({ PORT: '0', INGEST_TOKEN: TOKEN, DATA_DIR: dir, ...env });
  const chat = config.SLACK_BOT_TOKEN ? undefined : transcript;
  const server = await startServer(config, { chat, log: messagesLogger(logs) });
  return {
    url: `http://127.0.0.1:${server.port}`,
    dir,
    console: transcript,
    logs,
    server,
    async close() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface SlackSetup {
  token: string;
  /** Slack user groups and their members (usergroups.users.list). */
  userGroups?: Record<string, string[]>;
  channel: string;
  /** The HTTP routes' signing secret (SLACK_SIGNING_SECRET). */
  signingSecret?: string;
  /** Socket Mode's app-level token (SLACK_APP_TOKEN): the fake then serves Socket Mode too. */
  appToken?: string;
  /** The fake's minimum spacing of posts to one channel (Slack's is 1 s). */
  postIntervalMs?: number;
  /** More settings for the server (ROLE, say). */
  env?: Record<string, string>;
}

/** The real Node host configured for Slack, talking to a loopback Slack fake: a deployment with Slack, end to end. */
export async function startServerWithSlack(
  slack: SlackSetup,
): Promise<{ fake: SlackFake; server: TestServer; close(): Promise<void> }> {
  const fake = await startSlackFake({
    token: slack.token,
    channels: [slack.channel],
    ...(slack.postIntervalMs === undefined ? {} : { postIntervalMs: slack.postIntervalMs }),
    ...(slack.appToken ? { socketMode: { appToken: slack.appToken } } : {}),
    ...(slack.userGroups ? { userGroups: slack.userGroups } : {}),
  });
  const server = await startTestServer({
    SLACK_BOT_TOKEN: slack.token,
    SLACK_CHANNEL: slack.channel,
    SLACK_API_URL: fake.apiUrl,
    ...(slack.signingSecret ? { SLACK_SIGNING_SECRET: slack.signingSecret } : {}),
    ...(slack.appToken ? { SLACK_APP_TOKEN: slack.appToken } : {}),
    ...slack.env,
  });
  return {
    fake,
    server,
    async close() {
      await server.close();
      await fake.close();
    },
  };
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
