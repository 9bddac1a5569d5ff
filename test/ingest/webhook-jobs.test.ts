import { describe, expect, it } from 'vitest';
import { createIngestApp } from '../../functions/ingest/app.ts';
import { IngestCounters } from '../../functions/ingest/counters.ts';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import { encodeJob, JsonText } from '../../shared/queue/codec.ts';
import type { Queue } from '../../shared/queue/port.ts';
import type { Job, WebhookJob } from '../../shared/schemas/job.ts';
import { alert, alertmanagerPayload, nodeNotReadyEvent } from '../support/payloads.ts';
import { TOKEN } from '../support/server.ts';

const NOW = new Date('2026-11-23T10:00:00.000Z');

/** A queue that records what ingest hands it; `webhooks` says whether it takes webhook jobs (SQS does not). */
function recordingQueue(webhooks: boolean) {
  const items: Job[][] = [];
  const stored: Array<{ webhook: WebhookJob; jobs: number }> = [];
  const queue: Queue = {
    enqueue: async (jobs) => {
      items.push([...jobs]);
    },
    ...(webhooks && {
      enqueueWebhook: async (webhook: WebhookJob, jobs: number) => {
        stored.push({ webhook, jobs });
      },
    }),
    receive: async () => ({ deliveries: [], poison: [] }),
    ack: async () => {},
    retry: async () => 'retrying',
    reject: async () => {},
    extend: async () => {},
    ready: async () => ({ ready: true }),
    close: async () => {},
  };
  return { queue, items, stored };
}

function ingest(queue: Queue) {
  const app = createIngestApp({
    queue,
    auth: { mode: 'bearer', tokens: { alertmanager: TOKEN, events: TOKEN, bundles: TOKEN } },
    counters: new IngestCounters(),
    defaultCluster: 'dflt',
    maxBodyBytes: 1 << 20,
    now: () => NOW,
  });
  return (path: string, body: string) =>
    app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body,
    });
}

describe('what ingest queues', () => {
  // Spacing and key order a re-serialisation would not keep: the stored body is the one sent.
  const body = JSON.stringify(alertmanagerPayload([alert('n1'), alert('n2')]), null, 1);

  it('gives a queue that takes webhook jobs the body as sent, as one job standing for the jobs it counted', async () => {
    const { queue, items, stored } = recordingQueue(true);
    const r = await ingest(queue)('/v1/alertmanager', body);
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ queued: 2, dropped: [] });
    expect(items).toEqual([]);
    expect(stored).toEqual([
      {
        webhook: {
          kind: 'webhook',
          route: 'alertmanager',
          receivedAt: NOW.toISOString(),
          defaultCluster: 'dflt',
          payload: new JsonText(body),
        },
        jobs: 2,
      },
    ]);
    // The responder derives from it the jobs a queue without webhook jobs is given.
    const sqs = recordingQueue(false);
    await ingest(sqs.queue)('/v1/alertmanager', body);
    const webhook = stored[0]?.webhook;
    if (!webhook) throw new Error('no webhook job was stored');
    // Encoded with the body spliced in as sent; read back (or serialised any other way) as the same value.
    const encoded = encodeJob(webhook);
    expect(encoded.endsWith(`,"payload":${body}}`)).toBe(true);
    expect(JSON.parse(encoded)).toEqual(JSON.parse(JSON.stringify(webhook)));
    expect(await expandWebhook(JSON.parse(encoded))).toEqual(sqs.items[0]);
  });

  it('gives a queue without webhook jobs (SQS) the jobs one by one, as before', async () => {
    const { queue, items, stored } = recordingQueue(false);
    const events = [nodeNotReadyEvent('n3'), { ...nodeNotReadyEvent('x'), involvedObject: { kind: 'Pod' } }];
    const r = await ingest(queue)('/v1/events', JSON.stringify(events));
    expect(await r.json()).toMatchObject({ queued: 1 });
    expect(stored).toEqual([]);
    expect(items.map((jobs) => jobs.map((j) => `${j.kind}:${j.node}`))).toEqual([['event:n3']]);
  });

  it('answers with the same counts either way: a counted webhook job stands for exactly the jobs it expands to', async () => {
    const bodies: Array<[string, unknown]> = [
      ['/v1/alertmanager', alertmanagerPayload([alert('n1'), alert('n2'), alert('n3')], 7)],
      [
        '/v1/events',
        [
          nodeNotReadyEvent('n3'),
          { ...nodeNotReadyEvent('x'), involvedObject: { kind: 'Pod' } },
          { ...nodeNotReadyEvent('y'), reason: 'Starting' },
          nodeNotReadyEvent('n4'),
        ],
      ],
      ['/v1/events', nodeNotReadyEvent('n5')],
      ['/v1/bundles', { node: 'n6', logs: { kubelet: 'PLEG is not healthy' } }],
    ];
    for (const [path, payload] of bodies) {
      const body = JSON.stringify(payload);
      const whole = recordingQueue(true);
      const perJob = recordingQueue(false);
      const counted = await (await ingest(whole.queue)(path, body)).json();
      const made = await (await ingest(perJob.queue)(path, body)).json();
      expect(counted, path).toEqual(made);
      const webhook = whole.stored[0];
      if (!webhook) throw new Error(`nothing stored for ${path}`);
      expect(webhook.jobs, path).toBe(perJob.items[0]?.length ?? 0);
      expect(expandWebhook(JSON.parse(encodeJob(webhook.webhook))), path).toEqual(perJob.items[0] ?? []);
    }
  });
});
