import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { composeResponder } from '../../functions/compose.ts';
import { loadConfig } from '../../functions/config.ts';
import { silentLogger } from '../../functions/log/port.ts';
import { respond } from '../../functions/respond/respond.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import type { ProcessedStore } from '../../shared/queue/port.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { ConsoleTranscript } from '../support/chat.ts';

const dir = mkdtempSync(join(tmpdir(), 'pleg-answers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The processed-job record, failing once when the job itself is marked: the step after the answer went out. */
function failingOnceOnJobs(store: ProcessedStore): ProcessedStore {
  let failed = false;
  return {
    seen: (keys) => store.seen(keys),
    mark: async (keys) => {
      if (!failed && keys.some((k) => !k.includes('#answer:'))) {
        failed = true;
        throw new Error('database is locked');
      }
      await store.mark(keys);
    },
  };
}

/** The responder as the Node host composes it, on the console, with its state in `dir/name`. */
function responder(name: string, chat: ConsoleTranscript, processed = (p: ProcessedStore) => p) {
  const db = openStateDb(join(dir, name));
  return composeResponder(loadConfig({}), {
    host: 'node',
    store: new SqliteIncidentStore(db),
    processed: processed(new SqliteProcessedStore(db)),
    chat,
    log: silentLogger,
  });
}

const status: Job = {
  kind: 'chat',
  dedupKey: 'chat:status-once',
  cluster: '',
  node: '',
  receivedAt: '2026-11-24T01:00:00.000Z',
  request: { action: 'status' },
  reply: {
    channel: 'C0INCIDENTS',
    user: 'U0ONCALL',
    responseUrl: 'https://hooks.slack.com/commands/T0/1/abc',
  },
};

describe('answers to people', () => {
  it('are not sent again when the job is delivered again after its answer went out', async () => {
    const chat = new ConsoleTranscript();
    const deps = responder('once', chat, failingOnceOnJobs);
    const delivery = { job: status, receipt: 'r1', attempts: 1 };
    const [first] = await respond([delivery], deps);
    expect(first?.status).toBe('failed');
    expect(chat.calls.filter((c) => c.method === 'respond')).toHaveLength(1);
    const [again] = await respond([{ ...delivery, receipt: 'r2', attempts: 2 }], deps);
    expect(again?.status).toBe('done');
    // The redelivery found the answer recorded as sent: the person sees it once.
    expect(chat.calls.filter((c) => c.method === 'respond')).toHaveLength(1);
  });

  it('are sent on the redelivery when the first delivery failed before sending them', async () => {
    const chat = new ConsoleTranscript();
    const deps = responder('retry', chat);
    chat.outage(true);
    const [first] = await respond([{ job: status, receipt: 'r1', attempts: 1 }], deps);
    expect(first?.status).toBe('failed');
    chat.outage(false);
    const [again] = await respond([{ job: status, receipt: 'r2', attempts: 1 }], deps);
    expect(again?.status).toBe('done');
    expect(chat.calls.filter((c) => c.method === 'respond')).toHaveLength(1);
  });
});
