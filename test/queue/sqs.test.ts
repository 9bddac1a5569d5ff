import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeResponder } from '../../functions/compose.ts';
import { loadConfig } from '../../functions/config.ts';
import { silentLogger } from '../../functions/log/port.ts';
import { handleBatch } from '../../functions/respond/consumer.ts';
import { DownstreamStatus } from '../../functions/respond/downstream.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb, SqliteProcessedStore } from '../../shared/queue/embedded.ts';
import { packBatches, REQUEUES_ATTRIBUTE, requeueMessage, SqsQueue } from '../../shared/queue/sqs.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { ConsoleTranscript } from '../support/chat.ts';
import { type SqsEmulator, startSqs } from '../support/sqs.ts';

let sqs: SqsEmulator;
const dir = mkdtempSync(join(tmpdir(), 'pleg-sqs-'));
beforeAll(async () => {
  sqs = await startSqs();
});
afterAll(async () => {
  await sqs.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The responder as the Node host composes it, on the console, with its state in `dir/name`. */
function responder(name: string, chat: ConsoleTranscript) {
  const db = openStateDb(join(dir, name));
  return composeResponder(loadConfig({}), {
    host: 'node',
    store: new SqliteIncidentStore(db),
    processed: new SqliteProcessedStore(db),
    chat,
    log: silentLogger,
  });
}

function job(node: string, n = 0): Job {
  return {
    kind: 'bundle',
    dedupKey: `bundle:${node}:${n}`,
    cluster: 'prod',
    node,
    receivedAt: '2026-11-21T03:00:00.000Z',
    bundle: {
      node,
      logs: { kernel: `INFO: task containerd-shim:${4000 + n} blocked for more than 120 seconds.` },
    },
  };
}

describe('packBatches', () => {
  it('keeps at most 10 entries and the byte limit per batch', () => {
    const bodies = Array.from({ length: 23 }, (_, i) => 'x'.repeat(100 + i));
    expect(packBatches(bodies, 1 << 20).map((b) => b.length)).toEqual([10, 10, 3]);
    const big = Array.from({ length: 5 }, () => 'y'.repeat(400));
    expect(packBatches(big, 1000).map((b) => b.length)).toEqual([2, 2, 1]);
    expect(() => packBatches(['z'.repeat(2000)], 1000)).toThrow(/exceeds the queue's message size limit/);
  });
});

describe('SqsQueue against the emulator', () => {
  it('enqueues in batches of at most 10, receives validated jobs, and deletes them on ack', async () => {
    const { url } = await sqs.createQueue('batches');
    const queue = new SqsQueue({ client: sqs.client, queueUrl: url });
    sqs.calls.length = 0;
    await queue.enqueue(Array.from({ length: 23 }, (_, i) => job(`node-${i}`)));
    expect(sqs.calls.filter((c) => c === 'SendMessageBatchCommand')).toHaveLength(3);
    const seen = new Set<string>();
    for (let i = 0; i < 5 && seen.size < 23; i++) {
      const r = await queue.receive(10, 0);
      for (const d of r.deliveries) seen.add(d.job.node);
      await queue.ack(r.deliveries.map((d) => d.receipt));
    }
    expect(seen.size).toBe(23);
    expect(await sqs.depth(url)).toBe(0);
    expect(await queue.ready()).toEqual({ ready: true });
  });

  it('redelivers a retried job with its receive count', async () => {
    const { url } = await sqs.createQueue('retry', { maxReceiveCount: 5 });
    const queue = new SqsQueue({ client: sqs.client, queueUrl: url });
    await queue.enqueue([job('node-r')]);
    const first = await queue.receive(1, 0);
    expect(first.deliveries[0]?.attempts).toBe(1);
    await queue.retry(first.deliveries[0]?.receipt ?? '', 0, 'notify failed');
    const again = await queue.receive(1, 0);
    expect(again.deliveries[0]?.job.node).toBe('node-r');
    expect(again.deliveries[0]?.attempts).toBeGreaterThan(1);
  });

  it('keeps an extended job invisible', async () => {
    const { url } = await sqs.createQueue('extend', { visibilitySeconds: 1 });
    const queue = new SqsQueue({ client: sqs.client, queueUrl: url, visibilityMs: 1000 });
    await queue.enqueue([job('node-x')]);
    const r = await queue.receive(1, 0);
    await queue.extend(r.deliveries[0]?.receipt ?? '', 5000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await queue.receive(1, 0)).deliveries).toHaveLength(0);
  });

  it('moves an unreadable message to the DLQ with its body intact', async () => {
    const { url, dlqUrl } = await sqs.createQueue('poison', { maxReceiveCount: 2, visibilitySeconds: 1 });
    const queue = new SqsQueue({ client: sqs.client, queueUrl: url, visibilityMs: 1000 });
    await sqs.client.send(
      new SendMessageCommand({ QueueUrl: url, MessageBody: '{"kind":"alert","node":42}' }),
    );
    for (let i = 0; i < 4; i++) {
      const r = await queue.receive(1, 0);
      for (const p of r.poison) {
        expect(p.reason).toMatch(/node|dedupKey/);
        await queue.reject(p.receipt, p.reason);
      }
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const dead = await sqs.client.send(
      new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 1 }),
    );
    expect(dead.Messages?.[0]?.Body).toBe('{"kind":"alert","node":42}');
  });

  it('requeues a message as a new one that counts its requeues', async () => {
    const { url } = await sqs.createQueue('requeue');
    await requeueMessage(sqs.client, url, { body: '{"kind":"alert"}', requeues: 2 }, 0);
    const got = await sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: url,
        MessageAttributeNames: [REQUEUES_ATTRIBUTE],
        MaxNumberOfMessages: 1,
      }),
    );
    expect(got.Messages?.[0]?.Body).toBe('{"kind":"alert"}');
    expect(got.Messages?.[0]?.MessageAttributes?.[REQUEUES_ATTRIBUTE]?.StringValue).toBe('3');
  });

  it('answers not ready for a queue that does not exist', async () => {
    const queue = new SqsQueue({ client: sqs.client, queueUrl: `${sqs.endpoint}/000000000000/absent` });
    expect(await queue.ready()).toEqual({
      ready: false,
      reason: expect.stringMatching(/^SQS queue not available \([\w.]+\)$/),
    });
  });
});

describe('responder on SQS', () => {
  const consumerOptions = (visibilityMs: number) => ({
    batchSize: 10,
    waitMs: 0,
    visibilityMs,
    backoffMs: () => 0,
    downstream: new DownstreamStatus(silentLogger),
    log: silentLogger,
  });

  it('a job failing on its own is retried, never dropped, and ends in the DLQ after maxReceiveCount', async () => {
    const { url, dlqUrl } = await sqs.createQueue('failing', { maxReceiveCount: 2, visibilitySeconds: 1 });
    const queue = new SqsQueue({ client: sqs.client, queueUrl: url, visibilityMs: 1000 });
    // Chat refuses the message itself (not a fault of the service): the job's own failure, counted.
    const chat = new (class extends ConsoleTranscript {
      override async post(): Promise<never> {
        throw new Error('message rejected');
      }
    })();
    const deps = responder('a', chat);
    await queue.enqueue([job('node-f')]);
    for (let i = 0; i < 4; i++) {
      await handleBatch(queue, await queue.receive(10, 0), deps, consumerOptions(1000));
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const dead = await sqs.client.send(
      new ReceiveMessageCommand({ QueueUrl: dlqUrl, MaxNumberOfMessages: 1 }),
    );
    expect(JSON.parse(dead.Messages?.[0]?.Body ?? '{}').node).toBe('node-f');
  });

  it('a downstream outage spends none of the redrive policy: 6 faulted deliveries with maxReceiveCount 2, then posted', async () => {
    const { url, dlqUrl } = await sqs.createQueue('outage', { maxReceiveCount: 2, visibilitySeconds: 1 });
    const queue = new SqsQueue({ client: sqs.client, queueUrl: url, visibilityMs: 1000 });
    const chat = new ConsoleTranscript();
    chat.outage(true);
    const deps = responder('o', chat);
    await queue.enqueue([job('node-o')]);
    let faulted = 0;
    for (let i = 0; i < 20 && faulted < 6; i++) {
      const received = await queue.receive(10, 0);
      faulted += received.deliveries.length;
      await handleBatch(queue, received, deps, consumerOptions(1000));
    }
    expect(faulted).toBe(6);
    // Each faulted delivery was sent again as a new message: it is never received more than once.
    const again = await queue.receive(10, 0);
    expect(again.deliveries.map((d) => [d.job.node, d.attempts])).toEqual([['node-o', 1]]);
    chat.outage(false);
    await handleBatch(queue, again, deps, consumerOptions(1000));
    expect(chat.roots()).toHaveLength(1);
    expect(await sqs.depth(url)).toBe(0);
    expect(await sqs.depth(dlqUrl)).toBe(0);
  });

  it('a redelivered job that was already notified is acknowledged without a second notification', async () => {
    const { url } = await sqs.createQueue('dedup', { maxReceiveCount: 5 });
    const queue = new SqsQueue({ client: sqs.client, queueUrl: url });
    const chat = new ConsoleTranscript();
    const deps = responder('b', chat);
    const options = consumerOptions(30_000);
    await queue.enqueue([job('node-d', 1)]);
    await queue.enqueue([job('node-d', 1)]); // the same content sent twice (a sender retry)
    for (let i = 0; i < 3; i++) await handleBatch(queue, await queue.receive(10, 0), deps, options);
    expect(chat.roots()).toHaveLength(1);
    expect(chat.calls.map((c) => c.method)).toEqual(['post', 'post']); // the root and its diagnosis
    expect(await sqs.depth(url)).toBe(0);
  });
});
