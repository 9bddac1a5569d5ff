import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebClient } from '@slack/web-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { ConsoleChat } from '../../shared/chat/console.ts';
import type { ChatPort } from '../../shared/chat/port.ts';
import { SlackChat } from '../../shared/chat/slack.ts';
import { openEvidenceDb, SqliteEvidenceArchive } from '../../shared/evidence/sqlite-archive.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { ConsoleTranscript } from '../support/chat.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';

const TOKEN = 'xoxb-evidence-token';
const CHANNEL = 'C0INCIDENTS';
const policy: ThreadPolicy = {
  channel: CHANNEL,
  reopenWindowMs: 60 * 60_000,
  storm: { threshold: 5, windowMs: 60_000 },
  stormEditIntervalMs: 10_000,
};
const sample = EvidenceBundleSchema.parse(
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../infra/samples/bundle-fd-exhaustion.json'), 'utf8'),
  ),
);

/** A bundle as the agent posts it: taken on the node (`host`), with its trigger. */
function agentBundle(at: string): Job {
  return {
    kind: 'bundle',
    dedupKey: `bundle:${at}`,
    cluster: 'prod',
    node: 'worker-7',
    receivedAt: at,
    bundle: {
      ...sample,
      cluster: 'prod',
      node: 'worker-7',
      host: { collector: 'pleg-responder 0.1.0', collectedAt: at },
      trigger: { by: 'pleg-responder agent', reasons: ['PLEG last seen 412 s ago (threshold 180 s)'] },
    },
  };
}

let fake: SlackFake;
let dir: string;
beforeEach(async () => {
  fake = await startSlackFake({ token: TOKEN, channels: [CHANNEL], postIntervalMs: 20 });
  dir = mkdtempSync(join(tmpdir(), 'pleg-evidence-thread-'));
});
afterEach(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

function pipeline(
  chat: ChatPort = new SlackChat({
    token: TOKEN,
    slackApiUrl: fake.apiUrl,
    minIntervalMs: 20,
    maxWaitMs: 5000,
  }),
) {
  const evidence = new SqliteEvidenceArchive(openEvidenceDb(dir));
  const store = new SqliteIncidentStore(openStateDb(dir));
  let clock = Date.parse('2026-11-21T03:20:00Z');
  const now = () => {
    clock += 1000;
    return new Date(clock);
  };
  return { evidence, store, pipeline: new RespondPipeline({ store, chat, policy, evidence, now }) };
}

describe('evidence kept with the incident', () => {
  it("a bundle from the node is kept with its diagnosis and attached to the thread as a file, after the thread's messages", async () => {
    const { pipeline: p, evidence, store } = pipeline();
    await p.handle('prod', 'worker-7', [agentBundle('2026-11-21T03:15:00.000Z')]);

    const root = fake.messages(CHANNEL)[0];
    expect(root?.text).toContain('worker-7');
    const files = fake.files(CHANNEL, root?.ts);
    expect(files).toHaveLength(1);
    const file = files[0];
    expect(file?.filename).toBe('pleg-evidence-worker-7-20261121T031500Z.json');
    expect(file?.initial_comment).toContain('fd_exhaustion');
    expect(file?.initial_comment).toContain('PLEG last seen 412 s ago');
    // The file is the archive's record: the diagnosis first, then the whole bundle.
    const content = JSON.parse(file?.content.toString('utf8') ?? '{}');
    expect(Object.keys(content).slice(-2)).toEqual(['diagnosis', 'bundle']);
    expect(content.diagnosis.verdict).toBe('fd_exhaustion');
    expect(content.bundle.logs.dockerd).toContain('too many open files');
    // The file came after the root and the reasoning (the outbox's order).
    const order = fake.calls.filter((c) => c.status === 200).map((c) => c.method);
    expect(order.indexOf('files.completeUploadExternal')).toBeGreaterThan(
      order.lastIndexOf('chat.postMessage'),
    );

    const listed = await evidence.list('prod/worker-7');
    expect(listed).toMatchObject([{ verdict: 'fd_exhaustion', reason: expect.stringContaining('agent') }]);
    expect(content.id).toBe(listed[0]?.id);
    // Nothing is left owed.
    expect((await store.get('prod/worker-7'))?.pending).toEqual([]);
  });

  it('a second bundle for the open incident is kept and attached too; what the API server said is not', async () => {
    const { pipeline: p, evidence } = pipeline();
    await p.handle('prod', 'worker-7', [agentBundle('2026-11-21T03:15:00.000Z')]);
    const apiRead: Job = { ...agentBundle('2026-11-21T03:16:00.000Z'), dedupKey: 'live:1' };
    if (apiRead.kind === 'bundle') delete apiRead.bundle.host;
    await p.handle('prod', 'worker-7', [apiRead, agentBundle('2026-11-21T03:25:00.000Z')]);
    const root = fake.messages(CHANNEL)[0];
    expect(fake.files(CHANNEL, root?.ts)).toHaveLength(2);
    expect(await evidence.list('prod/worker-7')).toHaveLength(2);
  });

  it('the console shows the file line; a chat that keeps no files leaves the evidence in the archive', async () => {
    let printed = '';
    const { pipeline: p } = pipeline(
      new ConsoleChat({
        write: (text) => {
          printed += text;
        },
      }),
    );
    await p.handle('prod', 'worker-7', [agentBundle('2026-11-21T03:15:00.000Z')]);
    expect(printed).toMatch(/\[file\] pleg-evidence-worker-7-20261121T031500Z\.json \(\d+ KiB\)/);

    // A chat port without attach (as ConsoleTranscript is).
    const second = pipeline(new ConsoleTranscript());
    await second.pipeline.handle('prod', 'worker-8', [
      { ...agentBundle('2026-11-21T03:15:00.000Z'), node: 'worker-8' },
    ]);
    expect(await second.evidence.list('prod/worker-8')).toHaveLength(1);
    expect((await second.store.get('prod/worker-8'))?.pending).toEqual([]);
  });
});

describe("the Slack fake's file rules, through the real WebClient", () => {
  const client = () => new WebClient(TOKEN, { slackApiUrl: fake.apiUrl, retryConfig: { retries: 0 } });

  it('completing before the bytes arrived, or with another length, shares nothing', async () => {
    const c = client();
    const root = await c.chat.postMessage({ channel: CHANNEL, text: 'root' });
    const early = await c.files.getUploadURLExternal({ filename: 'a.json', length: 5 });
    await expect(
      c.files.completeUploadExternal({ files: [{ id: early.file_id ?? '' }], channel_id: CHANNEL }),
    ).rejects.toThrow(/file_not_found/);
    const short = await c.files.getUploadURLExternal({ filename: 'b.json', length: 50 });
    expect((await fetch(short.upload_url ?? '', { method: 'POST', body: 'hello' })).status).toBe(200);
    await expect(
      c.files.completeUploadExternal({ files: [{ id: short.file_id ?? '' }], channel_id: CHANNEL }),
    ).rejects.toThrow(/file_upload_size_mismatch/);
    // The URL takes the bytes once.
    expect((await fetch(short.upload_url ?? '', { method: 'POST', body: 'again' })).status).toBe(404);
    await expect(c.files.getUploadURLExternal({ filename: '', length: 5 })).rejects.toThrow(
      /invalid_arguments/,
    );
    await expect(
      c.filesUploadV2({ channel_id: CHANNEL, thread_ts: '1.000001', filename: 'c.json', content: '{}' }),
    ).rejects.toThrow(/thread_not_found/);
    await c.filesUploadV2({
      channel_id: CHANNEL,
      thread_ts: root.ts ?? '',
      filename: 'd.json',
      content: '{"ok":1}',
    });
    expect(fake.files(CHANNEL, root.ts).map((f) => f.content.toString())).toEqual(['{"ok":1}']);
  });

  it('SlackChat.attach to a channel the bot is not in is a configuration fault', async () => {
    await fake.close();
    fake = await startSlackFake({ token: TOKEN, channels: [CHANNEL], notInChannel: ['C0ELSEWHERE'] });
    const chat = new SlackChat({ token: TOKEN, slackApiUrl: fake.apiUrl, maxWaitMs: 1000 });
    await expect(
      chat.attach('C0ELSEWHERE', '1.000001', { filename: 'x.json', title: 'x', content: '{}', comment: 'c' }),
    ).rejects.toMatchObject({ code: 'not_in_channel', fault: 'misconfigured' });
  });
});
