import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { until } from '../support/chat.ts';
import { type FaultProxy, startFaultProxy } from '../support/fault-proxy.ts';
import { alert, alertmanagerPayload } from '../support/payloads.ts';
import { post } from '../support/server.ts';
import { startServerProcess } from '../support/server-process.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';

const SLACK_TOKEN = 'xoxb-restart-token';
const CHANNEL = 'C0INCIDENTS';

let dir: string;
let slack: SlackFake;
let proxy: FaultProxy;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-effects-restart-'));
  slack = await startSlackFake({ token: SLACK_TOKEN, channels: [CHANNEL], postIntervalMs: 0 });
  proxy = await startFaultProxy(slack.apiUrl);
});
afterAll(async () => {
  await proxy.close();
  await slack.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real server (ROLE=all) as its own process, Slack behind the fault proxy, so it can be killed with SIGKILL. */
const start = () =>
  startServerProcess({
    DATA_DIR: dir,
    ROLE: 'all',
    SLACK_BOT_TOKEN: SLACK_TOKEN,
    SLACK_CHANNEL: CHANNEL,
    SLACK_API_URL: proxy.url,
    // A job whose responder died is delivered again after this long.
    RESPOND_VISIBILITY_SECONDS: '5',
  });

it('kill -9 while the diagnosis reply is in flight: after restart the thread has its root and reply, once each', async () => {
  // The reply into the new thread never gets an answer: the process is killed while it waits.
  proxy.aim({
    fault: 'hang',
    match: (path, body) => path.endsWith('/chat.postMessage') && /thread_ts=\d|"thread_ts":"\d/.test(body),
  });
  const first = await start();
  const node = 'node-kill';
  const accepted = await post(
    `${first.url}/v1/alertmanager`,
    alertmanagerPayload([alert(node, { labels: { alertname: 'KubeNodeNotReady', node, cluster: 'prod' } })]),
  );
  expect(accepted.status).toBe(202);
  await until(() => proxy.aimed.length === 1, 30_000);
  expect(slack.messages(CHANNEL)).toHaveLength(1);
  await first.stop('SIGKILL');

  const second = await start();
  try {
    const [root] = slack.messages(CHANNEL);
    const replies = await until(() => {
      const r = slack.replies(CHANNEL, root?.ts ?? '');
      return r.length > 0 && r;
    }, 30_000);
    expect(replies).toHaveLength(1);
    // Give a second delivery (or an idle pass) time to repeat something, then count again.
    await new Promise((r) => setTimeout(r, 1500));
    expect(slack.messages(CHANNEL)).toHaveLength(1);
    expect(slack.replies(CHANNEL, root?.ts ?? '')).toHaveLength(1);
    expect(slack.calls.filter((c) => c.method === 'chat.postMessage' && c.status === 200)).toHaveLength(2);
  } finally {
    await second.stop('SIGKILL');
  }
}, 60_000);
