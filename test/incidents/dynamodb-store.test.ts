import {
  type AttributeValue,
  ConditionalCheckFailedException,
  type DynamoDBClient,
  PutItemCommand,
  type PutItemCommandInput,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DynamoIncidentStore } from '../../shared/incidents/dynamodb-store.ts';
import { type Incident, IncidentConflict, IncidentSchema, summarise } from '../../shared/incidents/model.ts';
import { DynamoProcessedStore } from '../../shared/queue/dynamodb.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { createTable, type Dynalite, startDynalite } from '../support/dynalite.ts';
import { type DynamoFake, fakeClient, startDynamoFake } from '../support/dynamodb-fake.ts';
import { incident } from '../support/incidents.ts';

/*
 * The stores are tested through the real SDK against dynalite. The hand-written fake stays for what dynalite
 * lacks (test/support/dynalite.ts): here, the old item a failed condition hands back (ALL_OLD), which the
 * conflict message reports, and Scan pages of a few items, to page through a handful of incidents.
 */
let dynamo: Dynalite;
let client: DynamoDBClient;
/** Small Scan pages (3 items), so that a handful of incidents already spans several pages. */
let fake: DynamoFake;
let fakeSdk: DynamoDBClient;
/** A fresh state table per test. */
const newTable = (c = client) => createTable(c, 'state');
const items = (table: string) => dynamo.items(client, table);

beforeAll(async () => {
  dynamo = await startDynalite();
  client = dynamo.client();
  fake = await startDynamoFake({ scan: { pageItems: 3 } });
  fakeSdk = fakeClient(fake, 1);
});
afterAll(async () => {
  fakeSdk.destroy();
  await fake.close();
  await dynamo.close();
});
beforeEach(() => {
  dynamo.calls.length = 0;
  fake.calls.length = 0;
});

const T0 = Date.UTC(2026, 10, 21, 3, 0, 0);
const iso = (ms: number): string => new Date(ms).toISOString();
const DAY = 24 * 3600;

const alertJob: Job = {
  kind: 'alert',
  dedupKey: 'am:fp-node-a:firing',
  cluster: 'prod',
  node: 'node-a',
  receivedAt: iso(T0),
  alert: {
    status: 'firing',
    labels: { alertname: 'KubeNodeNotReady', node: 'node-a', cluster: 'prod' },
    annotations: { summary: 'Node is not ready.' },
    startsAt: '2026-11-21T02:58:00Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus:9090/graph',
    fingerprint: 'fp-node-a',
  },
  groupKey: '{}:{alertname="KubeNodeNotReady"}',
  externalURL: 'http://alertmanager:9093',
};

const eventJob: Job = {
  kind: 'event',
  dedupKey: 'ev:uid-node-a',
  cluster: 'prod',
  node: 'node-a',
  receivedAt: iso(T0 + 5_000),
  event: {
    type: 'Normal',
    reason: 'NodeNotReady',
    message: 'Node node-a status is now: NodeNotReady',
    count: 2,
    involvedObject: { kind: 'Node', name: 'node-a', uid: 'node-a' },
    source: { component: 'node-controller' },
    lastTimestamp: '2026-11-21T03:00:05Z',
  },
};

/** An incident with every field of IncidentSchema set, none left to a default. */
const full: Incident = {
  key: 'prod/node-a',
  cluster: 'prod',
  node: 'node-a',
  kind: 'node',
  state: 'resolved',
  episode: 3,
  openedAt: iso(T0),
  updatedAt: iso(T0 + 60_000),
  resolvedAt: iso(T0 + 60_000),
  thread: { channel: 'C0PLEG', ts: '1763694000.000100' },
  posted: { verdict: 'runtime_down', confidence: 0.87, fingerprint: 'sha256:4f1c' },
  repeats: 4,
  signals: [alertJob, eventJob],
  folded: ['KubePodNotReady kube-system/coredns-7db6d8ff4d-x2x9z', '🔁 PLEG is not healthy — 3m0s ago'],
  nodes: ['prod/*'],
  storm: 'prod/*',
  acknowledged: { user: 'U024BE7LH', at: iso(T0 + 30_000) },
  silence: { id: '0f1e2d3c-aaaa-bbbb-cccc-000000000001', endsAt: iso(T0 + 7_230_000), by: 'U024BE7LH' },
  ready: 'Unknown',
  stale: true,
  editedAt: iso(T0 + 45_000),
  // A reply and an edit still owed: the outbox travels in the body like every other field.
  pending: [
    {
      id: '3:7',
      kind: 'reply',
      message: {
        text: 'resolved',
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'resolved' } }],
      },
    },
    { id: '3:8', kind: 'edit', message: { text: 'root', blocks: [{ type: 'divider' }] } },
    {
      id: '3:9',
      kind: 'expire-silence',
      silenceId: '0f1e2d3c-aaaa-bbbb-cccc-000000000001',
      by: 'U024BE7LH',
      reported: true,
    },
    {
      id: '3:10',
      kind: 'remediate',
      job: '0123456789ab',
      action: 'drain',
      cluster: 'prod',
      node: 'node-a',
      dryRun: false,
    },
  ],
  effects: 10,
  remediations: [
    {
      id: '0123456789ab',
      dedupKey: 'remediation:00',
      action: 'drain',
      cluster: 'prod',
      node: 'node-a',
      mode: 'on',
      requestedBy: 'U024BE7LH',
      requestedAt: iso(T0 + 40_000),
      fingerprint: 'runtime_down:9:4f1c',
      override: false,
      approvals: [
        { user: 'U024BE7LH', at: iso(T0 + 40_000) },
        { user: 'U0SECOND', at: iso(T0 + 50_000) },
      ],
      state: 'approved',
      requests: ['chat:1', 'chat:2'],
    },
  ],
  version: 1,
};

describe('DynamoIncidentStore', () => {
  it('round-trips an incident with every field, as a body plus the attributes conditions and filters use', async () => {
    const table = await newTable();
    const store = new DynamoIncidentStore({ client, table, now: () => T0 + 60_000 });
    expect(Object.keys(full).sort()).toEqual(Object.keys(IncidentSchema.shape).sort());

    await store.put(full);
    expect(await store.get('prod/node-a')).toEqual(full);
    expect(await store.get('prod/node-b')).toBeUndefined();

    const [item, ...rest] = await items(table);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      pk: { S: 'incident#prod/node-a' },
      // The body is the incident as validated (zod's key order), so what get() parses is what put() checked.
      body: { S: JSON.stringify(IncidentSchema.parse(full)) },
      version: { N: '1' },
      state: { S: 'resolved' },
      cluster: { S: 'prod' },
      expiresAt: { N: String((T0 + 60_000) / 1000 + 30 * DAY) },
    });
    // Reads are strongly consistent: a retry after a conflict must see the write that won.
    const gets = dynamo.calls.filter((c) => c.op === 'GetItem');
    expect(gets).toHaveLength(2);
    for (const c of gets) expect(c.request).toMatchObject({ ConsistentRead: true });
  });

  it('fills schema defaults and rejects an invalid incident before writing anything', async () => {
    const table = await newTable();
    const store = new DynamoIncidentStore({ client, table });
    const { stale: _stale, ...withoutStale } = incident('prod/node-a');
    await store.put(withoutStale as Incident);
    expect((await store.get('prod/node-a'))?.stale).toBe(false);

    await expect(store.put({ ...incident('prod/node-b'), episode: 0 })).rejects.toThrow(/episode/);
    expect(await items(table)).toHaveLength(1);
  });

  it('says which version it found, from the old item DynamoDB hands back on a failed condition (the fake)', async () => {
    const table = await newTable(fakeSdk);
    const store = new DynamoIncidentStore({ client: fakeSdk, table });
    await store.put(incident('prod/node-a'));
    await expect(store.put(incident('prod/node-a'))).rejects.toThrow(
      'incident prod/node-a changed meanwhile: expected none stored, found version 1',
    );
    await store.put(incident('prod/node-a', { version: 2 }));
    await expect(store.put(incident('prod/node-a', { version: 2 }))).rejects.toThrow(
      'incident prod/node-a changed meanwhile: expected stored version 1, found version 2',
    );
    await expect(store.put(incident('prod/gone', { version: 2 }))).rejects.toThrow(
      'incident prod/gone changed meanwhile: expected stored version 1, found none',
    );
  });

  it('creates only once: a second version 1 conflicts with the stored incident', async () => {
    const table = await newTable();
    const store = new DynamoIncidentStore({ client, table });
    await store.put(incident('prod/node-a'));
    const err = await store.put(incident('prod/node-a', { repeats: 9 })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IncidentConflict);
    expect((err as Error).message).toMatch(
      /^incident prod\/node-a changed meanwhile: expected none stored, found /,
    );
    expect((err as Error).cause).toBeInstanceOf(ConditionalCheckFailedException);
    expect((await store.get('prod/node-a'))?.repeats).toBe(0);

    const put = dynamo.calls.filter((c) => c.op === 'PutItem');
    expect(put.map((c) => c.request.ConditionExpression)).toEqual([
      'attribute_not_exists(pk)',
      'attribute_not_exists(pk)',
    ]);
  });

  it('lets exactly one of two writers from the same version win; the other gets IncidentConflict', async () => {
    const table = await newTable();
    const one = new DynamoIncidentStore({ client, table });
    const two = new DynamoIncidentStore({ client, table });
    await one.put(incident('prod/node-a'));

    const base = await one.get('prod/node-a');
    if (base === undefined) throw new Error('not stored');
    const mine = { ...base, repeats: 1, version: 2 };
    const theirs = { ...base, folded: ['KubePodNotReady default/web-0'], version: 2 };
    const results = await Promise.allSettled([one.put(mine), two.put(theirs)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(IncidentConflict);
    expect((lost[0] as Error).message).toMatch(/expected stored version 1, found /);
    const winner = results[0]?.status === 'fulfilled' ? mine : theirs;
    expect(await two.get('prod/node-a')).toEqual(winner);

    // The loser retries against the new state and succeeds; stale or skipped versions keep conflicting.
    await two.put({ ...winner, repeats: winner.repeats + 1, version: 3 });
    await expect(one.put({ ...mine, version: 3 })).rejects.toThrow(/expected stored version 2, found /);
    await expect(one.put({ ...mine, version: 5 })).rejects.toBeInstanceOf(IncidentConflict);
    await expect(one.put(incident('prod/gone', { version: 2 }))).rejects.toThrow(
      'incident prod/gone changed meanwhile: expected stored version 1, found none',
    );
    expect((await one.get('prod/node-a'))?.version).toBe(3);
    expect(await one.get('prod/gone')).toBeUndefined();
  });

  it('gives resolved incidents an expiry past the reopen window, and open ones none', async () => {
    const table = await newTable();
    let now = T0;
    const store = new DynamoIncidentStore({ client, table, now: () => now, ttlSeconds: 7 * DAY });
    const stored = async () => (await items(table)).find((i) => i.pk?.S === 'incident#prod/node-a');

    await store.put(incident('prod/node-a'));
    expect((await stored())?.expiresAt).toBeUndefined();
    now += 3_600_000;
    await store.put(incident('prod/node-a', { state: 'resolved', resolvedAt: iso(now), version: 2 }));
    expect((await stored())?.expiresAt).toEqual({ N: String(now / 1000 + 7 * DAY) });

    // Past expiresAt, before DynamoDB's TTL got to it: still readable, and the next episode writes over it.
    now += 8 * DAY * 1000;
    const old = await store.get('prod/node-a');
    expect(old).toMatchObject({ state: 'resolved', version: 2 });
    await store.put(
      incident('prod/node-a', { episode: 2, openedAt: iso(now), updatedAt: iso(now), version: 3 }),
    );
    // Reopened: the whole item is replaced, so the expiry is gone with the resolution.
    expect((await stored())?.expiresAt).toBeUndefined();
    expect(await store.open()).toMatchObject([{ key: 'prod/node-a', episode: 2, version: 3 }]);

    const defaults = new DynamoIncidentStore({ client, table, now: () => T0 });
    await defaults.put(incident('prod/node-b', { state: 'resolved', resolvedAt: iso(T0) }));
    expect((await items(table)).find((i) => i.pk?.S === 'incident#prod/node-b')?.expiresAt).toEqual({
      N: String(T0 / 1000 + 30 * DAY),
    });
    expect(() => new DynamoIncidentStore({ client, table, ttlSeconds: 0 })).toThrow(/ttlSeconds/);
  });

  it('lists open incidents across Scan pages, by cluster, without the processed-job records beside them', async () => {
    const table = await newTable();
    const store = new DynamoIncidentStore({ client, table });
    const open = [
      incident('prod/node-a', { openedAt: iso(T0 + 1_000) }),
      incident('prod/node-b', { openedAt: iso(T0 + 2_000) }),
      incident('prod/*', { openedAt: iso(T0 + 2_000), nodes: ['node-a', 'node-b'] }),
      incident('edge/node-c', { openedAt: iso(T0 + 3_000) }),
      incident('edge/node-d', { openedAt: iso(T0 + 4_000) }),
      incident('lab/node-e', { openedAt: iso(T0 + 5_000) }),
      incident('prod/node-f', { openedAt: iso(T0 + 6_000) }),
    ];
    for (const i of open) await store.put(i);
    for (const key of ['prod/node-x', 'edge/node-y', 'lab/node-z']) {
      await store.put(incident(key, { state: 'resolved', resolvedAt: iso(T0) }));
    }
    // The processed-job record shares the table (its items: pk processed#…, no state or body).
    await new DynamoProcessedStore({ client, table }).mark(Array.from({ length: 10 }, (_, i) => `job-${i}`));
    // An item of some other kind that happens to carry state=open is not an incident either.
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: { pk: { S: 'lease#prod' }, state: { S: 'open' }, cluster: { S: 'prod' } },
      }),
    );
    expect(await items(table)).toHaveLength(21);
    dynamo.calls.length = 0;

    const all = await store.open();
    expect(all.map((i) => i.key)).toEqual([
      'prod/node-a',
      'prod/*',
      'prod/node-b',
      'edge/node-c',
      'edge/node-d',
      'lab/node-e',
      'prod/node-f',
    ]);
    expect(all).toEqual(
      [...open]
        .sort((a, b) => a.openedAt.localeCompare(b.openedAt) || (a.key < b.key ? -1 : 1))
        .map(summarise),
    );
    // Strongly consistent: a storm check right after a write sees the incident just opened.
    const scans = dynamo.calls.filter((c) => c.op === 'Scan');
    expect(scans.length).toBeGreaterThan(0);
    for (const c of scans) expect(c.request).toMatchObject({ ConsistentRead: true, TableName: table });

    expect((await store.open('edge')).map((i) => i.key)).toEqual(['edge/node-c', 'edge/node-d']);
    expect((await store.open('prod')).map((i) => i.key)).toEqual([
      'prod/node-a',
      'prod/*',
      'prod/node-b',
      'prod/node-f',
    ]);
    expect(await store.open('nowhere')).toEqual([]);
    const filtered = dynamo.calls.filter(
      (c) => c.op === 'Scan' && String(c.request.FilterExpression).includes(':c'),
    );
    expect(filtered.length).toBeGreaterThan(0);
  });

  it('pages through the Scan pages of the fake (3 items), resuming after each LastEvaluatedKey', async () => {
    const table = await newTable(fakeSdk);
    const store = new DynamoIncidentStore({ client: fakeSdk, table });
    const open = Array.from({ length: 7 }, (_, n) => incident(`prod/node-${n}`, { openedAt: iso(T0 + n) }));
    for (const i of open) await store.put(i);
    await new DynamoProcessedStore({ client: fakeSdk, table }).mark(['job-1', 'job-2']);
    fake.calls.length = 0;
    expect(await store.open()).toEqual(open.map(summarise));
    // Pages of 3 items read (9 items: the last page ends exactly at the table's end, and an empty one follows).
    const scans = fake.calls.filter((c) => c.op === 'Scan');
    expect(scans.map((c) => c.size)).toEqual([3, 3, 3, 0]);
    expect(scans[0]?.request.ExclusiveStartKey).toBeUndefined();
    for (const c of scans.slice(1))
      expect(c.request.ExclusiveStartKey).toMatchObject({ pk: { S: expect.any(String) } });
  });

  it('pages through DynamoDB-sized (1 MB) Scan pages of large incidents', async () => {
    const table = await newTable();
    const store = new DynamoIncidentStore({ client, table });
    // ~300 KB each: four fill the first 1 MB page, the fifth comes on the second.
    const folded = Array.from({ length: 300 }, (_, i) => `${i}: ${'x'.repeat(1_000)}`);
    for (let n = 0; n < 5; n++) {
      await store.put(incident(`prod/node-${n}`, { folded, openedAt: iso(T0 + n * 1_000) }));
    }
    dynamo.calls.length = 0;
    const open = await store.open('prod');
    expect(open.map((i) => i.key)).toEqual([
      'prod/node-0',
      'prod/node-1',
      'prod/node-2',
      'prod/node-3',
      'prod/node-4',
    ]);
    // Listed as summaries: what made them large stays in the table.
    expect(open[4]).not.toHaveProperty('folded');
    const pages = dynamo.calls
      .filter((c) => c.op === 'Scan')
      .map((c) => ((c.response?.Items ?? []) as unknown[]).length);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.reduce((a, b) => a + b)).toBe(5);
  });

  it('says which item is corrupt and how, instead of returning a half-read incident', async () => {
    const table = await newTable();
    const store = new DynamoIncidentStore({ client, table });
    const raw = (key: string, item: Record<string, AttributeValue>) =>
      client.send(
        new PutItemCommand({
          TableName: table,
          Item: {
            pk: { S: `incident#${key}` },
            version: { N: '1' },
            state: { S: 'open' },
            cluster: { S: 'prod' },
            ...item,
          },
        }),
      );
    const body = (i: Incident) => ({ S: JSON.stringify(i) });

    await raw('prod/json', { body: { S: '{"key":"prod/json",' } });
    const notJson = await store.get('prod/json').catch((e: unknown) => e);
    expect(notJson).toBeInstanceOf(Error);
    expect((notJson as Error).message).toBe(
      `incident item incident#prod/json in DynamoDB table "${table}" is corrupt: body is not JSON`,
    );
    expect((notJson as Error).cause).toBeInstanceOf(SyntaxError);

    const { episode: _episode, ...noEpisode } = incident('prod/schema');
    await raw('prod/schema', { body: { S: JSON.stringify({ ...noEpisode, state: 'opened' }) } });
    await expect(store.get('prod/schema')).rejects.toThrow(
      /incident#prod\/schema .* is corrupt: body is not an incident \(.*state: .*; episode: /,
    );

    await raw('prod/nobody', {});
    await expect(store.get('prod/nobody')).rejects.toThrow(/incident#prod\/nobody .* no body attribute/);
    await raw('prod/moved', { body: body(incident('prod/elsewhere')) });
    await expect(store.get('prod/moved')).rejects.toThrow(
      /incident#prod\/moved .* body is incident prod\/elsewhere/,
    );
    await raw('prod/version', { body: body(incident('prod/version', { version: 2 })) });
    await expect(store.get('prod/version')).rejects.toThrow(/version attribute 1, body version 2/);

    // open() reads every open incident: one corrupt item fails it, naming the item.
    await expect(store.open('prod')).rejects.toThrow(/is corrupt/);
  });

  it('names the table when it does not exist', async () => {
    const store = new DynamoIncidentStore({ client, table: 'incidents-missing' });
    await expect(store.get('prod/node-a')).rejects.toThrow(
      'DynamoDB table "incidents-missing" for incident state does not exist (or is not in this region/account)',
    );
    await expect(store.put(incident('prod/node-a'))).rejects.toThrow(/incidents-missing/);
    await expect(store.open()).rejects.toThrow(/incidents-missing/);
  });
});

describe('the DynamoDB fake: conditions, filters and Scan, through the real SDK', () => {
  const item = (pk: string, attributes: Record<string, AttributeValue> = {}) => ({
    pk: { S: pk },
    ...attributes,
  });

  async function scanAll(
    input: ScanCommandInput,
  ): Promise<{ items: Record<string, AttributeValue>[]; pages: number }> {
    const items: Record<string, AttributeValue>[] = [];
    let pages = 0;
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await fakeSdk.send(new ScanCommand({ ...input, ExclusiveStartKey: start }));
      pages += 1;
      items.push(...(out.Items ?? []));
      expect(out.Count).toBe(out.Items?.length);
      start = out.LastEvaluatedKey;
    } while (start !== undefined);
    return { items, pages };
  }

  it('evaluates PutItem conditions: comparisons with placeholders, AND/OR/NOT, and hands back the old item', async () => {
    const table = await newTable(fakeSdk);
    const put = (Item: Record<string, AttributeValue>, condition: Partial<PutItemCommandInput> = {}) =>
      fakeSdk.send(new PutItemCommand({ TableName: table, Item, ...condition }));
    await put(item('a', { v: { N: '10' }, s: { S: 'open' } }));

    const ifVersion = (n: string) => ({
      ConditionExpression: '#v = :prev',
      ExpressionAttributeNames: { '#v': 'v' },
      ExpressionAttributeValues: { ':prev': { N: n } },
    });
    // Numbers compare as numbers: 10.0 = 10, and "9" < "10".
    await put(item('a', { v: { N: '11' }, s: { S: 'open' } }), ifVersion('10.0'));
    const failed = await put(item('a', { v: { N: '99' } }), {
      ...ifVersion('10'),
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ConditionalCheckFailedException);
    expect((failed as ConditionalCheckFailedException).Item).toEqual(
      item('a', { v: { N: '11' }, s: { S: 'open' } }),
    );
    // A missing attribute (or item) never equals anything; it is "not equal" to everything.
    await expect(put(item('new'), ifVersion('0'))).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    await put(item('new'), {
      ConditionExpression: 'NOT (v <> :x) OR (attribute_not_exists(pk) AND v <> :x)',
      ExpressionAttributeValues: { ':x': { N: '1' } },
    });
    await put(item('a', { v: { N: '12' } }), {
      ConditionExpression: 'v > :nine and #s = :open AND begins_with(pk, :a)',
      ExpressionAttributeNames: { '#s': 's' },
      ExpressionAttributeValues: { ':nine': { N: '9' }, ':open': { S: 'open' }, ':a': { S: 'a' } },
    });
    // Different types are not equal: the string "12" is not the number 12.
    await expect(
      put(item('a'), { ConditionExpression: 'v = :v', ExpressionAttributeValues: { ':v': { S: '12' } } }),
    ).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    expect(fake.items(table).find((i) => i.pk?.S === 'a')?.v).toEqual({ N: '12' });
  });

  it('rejects unused, undefined and misplaced placeholders and bad expressions, as DynamoDB does', async () => {
    const table = await newTable(fakeSdk);
    const put = (input: Partial<PutItemCommandInput>) =>
      fakeSdk.send(new PutItemCommand({ TableName: table, Item: item('a', { v: { N: '1' } }), ...input }));
    const scan = (input: Partial<ScanCommandInput>) =>
      fakeSdk.send(new ScanCommand({ TableName: table, ...input }));
    const invalid = (pattern: RegExp) => ({
      name: 'ValidationException',
      message: expect.stringMatching(pattern),
    });

    await expect(
      put({ ConditionExpression: 'attribute_not_exists(pk)', ExpressionAttributeNames: { '#v': 'v' } }),
    ).rejects.toMatchObject(invalid(/ExpressionAttributeNames unused in expressions: keys: \{#v\}/));
    await expect(
      put({
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeValues: { ':prev': { N: '1' } },
      }),
    ).rejects.toMatchObject(invalid(/ExpressionAttributeValues unused in expressions: keys: \{:prev\}/));
    await expect(
      put({ ConditionExpression: '#v = :prev', ExpressionAttributeValues: { ':prev': { N: '1' } } }),
    ).rejects.toMatchObject(invalid(/attribute name: #v/));
    await expect(put({ ConditionExpression: 'v = :prev' })).rejects.toMatchObject(
      invalid(
        /^Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :prev$/,
      ),
    );
    await expect(put({ ExpressionAttributeValues: { ':x': { N: '1' } } })).rejects.toMatchObject(
      invalid(/can only be specified when using expressions/),
    );
    await expect(put({ ConditionExpression: 'v = :x', ExpressionAttributeValues: {} })).rejects.toMatchObject(
      invalid(/ExpressionAttributeValues must not be empty/),
    );
    await expect(
      put({ ConditionExpression: 'v = = :x', ExpressionAttributeValues: { ':x': { N: '1' } } }),
    ).rejects.toMatchObject(invalid(/^Invalid ConditionExpression: Syntax error; token: "="/));
    await expect(
      put({ ConditionExpression: 'attribute_exists(:x)', ExpressionAttributeValues: { ':x': { N: '1' } } }),
    ).rejects.toMatchObject(invalid(/requires a document path/));
    await expect(put({ ConditionExpression: 'frobnicate(v)' })).rejects.toMatchObject(
      invalid(/Invalid function name/),
    );
    await expect(
      put({ ConditionExpression: 'a.b = :x', ExpressionAttributeValues: { ':x': { N: '1' } } }),
    ).rejects.toMatchObject(invalid(/top-level attribute names only/));
    await expect(
      scan({ FilterExpression: 'begins_with(pk, :n)', ExpressionAttributeValues: { ':n': { N: '1' } } }),
    ).rejects.toMatchObject(invalid(/operator or function: begins_with, operand type: N/));
    await expect(
      scan({
        FilterExpression: 'pk = :a',
        ExpressionAttributeValues: { ':a': { S: 'a' }, ':b': { S: 'b' } },
      }),
    ).rejects.toMatchObject(invalid(/unused in expressions: keys: \{:b\}/));
    await expect(scan({ Limit: 0 })).rejects.toMatchObject(
      invalid(/at 'limit' failed to satisfy constraint/),
    );
    await expect(scan({ Segment: 0, TotalSegments: 2 })).rejects.toMatchObject(
      invalid(/does not support Scan with Segment/),
    );
    // Nothing was written by any of them.
    expect(fake.items(table)).toEqual([]);
  });

  it('scans in pages of Limit items, resuming after LastEvaluatedKey, filtering after reading', async () => {
    const table = await newTable(fakeSdk);
    const keys = Array.from({ length: 10 }, (_, i) => `k${i}`);
    for (const [i, k] of keys.entries()) {
      await fakeSdk.send(
        new PutItemCommand({
          TableName: table,
          Item: item(k, { n: { N: String(i) }, odd: { BOOL: i % 2 === 1 } }),
        }),
      );
    }

    const everything = await scanAll({ TableName: table, Limit: 4, ConsistentRead: true });
    // 4 + 4 + 2 (the fake's own page size, 3, is smaller than 4: 3 + 3 + 3 + 1).
    expect(everything.pages).toBe(4);
    expect(everything.items.map((i) => i.pk?.S).sort()).toEqual(keys);

    const first = await fakeSdk.send(new ScanCommand({ TableName: table, Limit: 2 }));
    expect(first).toMatchObject({
      Count: 2,
      ScannedCount: 2,
      LastEvaluatedKey: { pk: { S: first.Items?.[1]?.pk?.S } },
    });
    const next = await fakeSdk.send(
      new ScanCommand({ TableName: table, Limit: 2, ExclusiveStartKey: first.LastEvaluatedKey }),
    );
    expect(next.Items?.map((i) => i.pk?.S)).not.toContain(first.Items?.[0]?.pk?.S);

    const filtered = await scanAll({
      TableName: table,
      FilterExpression: '(n >= :five AND odd = :t) OR pk = :k0',
      ProjectionExpression: 'pk',
      ExpressionAttributeValues: { ':five': { N: '5' }, ':t': { BOOL: true }, ':k0': { S: 'k0' } },
    });
    expect(filtered.items.map((i) => i.pk?.S).sort()).toEqual(['k0', 'k5', 'k7', 'k9']);
    expect(filtered.items.every((i) => Object.keys(i).join() === 'pk')).toBe(true);
    // The filter applies after reading: every page read 3 items (the last 1), whatever it returned.
    expect(fake.calls.filter((c) => c.op === 'Scan').map((c) => c.size)).toEqual([
      3, 3, 3, 1, 2, 2, 3, 3, 3, 1,
    ]);

    const count = await fakeSdk.send(new ScanCommand({ TableName: table, Select: 'COUNT', Limit: 3 }));
    expect(count).toMatchObject({ Count: 3, ScannedCount: 3 });
    expect(count.Items).toBeUndefined();
  });
});
