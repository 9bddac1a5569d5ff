import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  DescribeTableCommand,
  type DynamoDBClient,
  DynamoDBServiceException,
  GetItemCommand,
  ProvisionedThroughputExceededException,
  PutItemCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DynamoProcessedStore } from '../../shared/queue/dynamodb.ts';
import { createTable, type Dynalite, startDynalite } from '../support/dynalite.ts';
import { type DynamoFake, fakeClient, startDynamoFake } from '../support/dynamodb-fake.ts';

/*
 * The processed store is tested through the real SDK against dynalite; the hand-written fake stays for what dynalite
 * lacks (test/support/dynalite.ts): partial batch answers (UnprocessedKeys/UnprocessedItems) and throttling, which
 * the store must resend and ride out.
 */
let fake: DynamoFake;
let client: DynamoDBClient;
const makeClient = (maxAttempts = 3) => fakeClient(fake, maxAttempts);
/** A fresh table per test. */
const newTable = () => createTable(client, 'processed');
let dynamo: Dynalite;
let real: DynamoDBClient;
const newRealTable = () => createTable(real, 'processed');
/** The number of keys (BatchGetItem) or writes (BatchWriteItem) of each call made to dynalite. */
const realSizes = (op: 'BatchGetItem' | 'BatchWriteItem') =>
  dynamo.calls
    .filter((c) => c.op === op)
    .flatMap((c) =>
      Object.values(c.request.RequestItems as Record<string, { Keys?: unknown[] } | unknown[]>).map((r) =>
        Array.isArray(r) ? r.length : (r.Keys?.length ?? 0),
      ),
    );

function keys(n: number, prefix = 'bundle'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}:${i.toString().padStart(4, '0')}`);
}

function sizes(op: string): number[] {
  return fake.calls.filter((c) => c.op === op).map((c) => c.size);
}

beforeAll(async () => {
  fake = await startDynamoFake();
  client = makeClient();
  dynamo = await startDynalite();
  real = dynamo.client();
});
afterAll(async () => {
  client.destroy();
  await fake.close();
  await dynamo.close();
});
beforeEach(() => {
  fake.clearFaults();
  fake.calls.length = 0;
  dynamo.calls.length = 0;
});

describe('the DynamoDB fake, through the real SDK', () => {
  it('creates and describes a table; GetItem and PutItem with attribute_not_exists', async () => {
    const table = await newTable();
    const described = await client.send(new DescribeTableCommand({ TableName: table }));
    expect(described.Table?.TableStatus).toBe('ACTIVE');
    expect(described.Table?.KeySchema).toEqual([{ AttributeName: 'pk', KeyType: 'HASH' }]);

    const put = () =>
      client.send(
        new PutItemCommand({
          TableName: table,
          Item: { pk: { S: 'a' }, n: { N: '1' } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    await put();
    await expect(put()).rejects.toBeInstanceOf(ConditionalCheckFailedException);
    const got = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'a' } } }));
    expect(got.Item).toEqual({ pk: { S: 'a' }, n: { N: '1' } });
    const missing = await client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'b' } } }));
    expect(missing.Item).toBeUndefined();
  });

  it('maps errors to the SDK exception classes, with the message', async () => {
    const table = await newTable();
    const err = await client
      .send(new DescribeTableCommand({ TableName: 'no-such-table' }))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResourceNotFoundException);
    expect((err as Error).message).toMatch(/no-such-table/);
    expect((err as ResourceNotFoundException).$metadata.httpStatusCode).toBe(400);

    await expect(
      client.send(new PutItemCommand({ TableName: table, Item: { other: { S: 'x' } } })),
    ).rejects.toThrow(/Missing the key pk/);
    await expect(
      client.send(new PutItemCommand({ TableName: table, Item: { pk: { N: '1' } } })),
    ).rejects.toThrow(/Type mismatch for key pk/);
    await expect(
      client.send(
        new PutItemCommand({ TableName: table, Item: { pk: { S: 'big' }, v: { S: 'x'.repeat(410_000) } } }),
      ),
    ).rejects.toMatchObject({ name: 'ValidationException', message: /maximum allowed size/ });
    await expect(
      client.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'a' }, extra: { S: 'b' } } })),
    ).rejects.toThrow(/does not match the schema/);
  });

  it('speaks the JSON 1.0 envelope: target header, signature present, JSON errors with __type', async () => {
    const post = (headers: Record<string, string>, body = '{}') =>
      fetch(fake.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.0', ...headers },
        body,
      });
    const unsigned = await post({ 'x-amz-target': 'DynamoDB_20120810.DescribeTable' });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({
      __type: expect.stringMatching(/#MissingAuthenticationTokenException$/),
    });
    const auth = {
      authorization: 'AWS4-HMAC-SHA256 Credential=x/20260101/us-east-1/dynamodb/aws4_request, Signature=0',
    };
    const unknown = await post({ ...auth, 'x-amz-target': 'DynamoDB_20120810.Scan' });
    expect(await unknown.json()).toMatchObject({
      __type: expect.stringMatching(/#UnknownOperationException$/),
    });
    const missing = await post(
      { ...auth, 'x-amz-target': 'DynamoDB_20120810.DescribeTable' },
      '{"TableName":"nope-nope"}',
    );
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toBe('application/x-amz-json-1.0');
    expect(await missing.json()).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#ResourceNotFoundException',
      message: 'Requested resource not found: Table: nope-nope not found',
    });
  });

  it('enforces the BatchGetItem and BatchWriteItem limits', async () => {
    const table = await newTable();
    const key = (k: string) => ({ pk: { S: k } });
    const tooMany = await client
      .send(new BatchGetItemCommand({ RequestItems: { [table]: { Keys: keys(101).map(key) } } }))
      .catch((e: unknown) => e);
    // ValidationException is not a modelled shape: the SDK throws its base exception, named after the code.
    expect(tooMany).toBeInstanceOf(DynamoDBServiceException);
    expect((tooMany as Error).name).toBe('ValidationException');
    expect((tooMany as Error).message).toMatch(/Too many items/);
    await expect(
      client.send(new BatchGetItemCommand({ RequestItems: { [table]: { Keys: [key('a'), key('a')] } } })),
    ).rejects.toThrow('Provided list of item keys contains duplicates');
    await expect(
      client.send(
        new BatchWriteItemCommand({
          RequestItems: { [table]: keys(26).map((k) => ({ PutRequest: { Item: key(k) } })) },
        }),
      ),
    ).rejects.toThrow(/less than or equal to 25/);
    await expect(
      client.send(
        new BatchWriteItemCommand({
          RequestItems: { [table]: [{ PutRequest: { Item: key('a') } }, { PutRequest: { Item: key('a') } }] },
        }),
      ),
    ).rejects.toThrow('Provided list of item keys contains duplicates');
    await expect(
      client.send(new BatchGetItemCommand({ RequestItems: { 'missing-table': { Keys: [key('a')] } } })),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});

describe('DynamoProcessedStore', () => {
  it('marks, then reports exactly the marked keys as seen', async () => {
    const table = await newRealTable();
    const store = new DynamoProcessedStore({ client: real, table });
    expect(await store.seen(['a', 'b'])).toEqual(new Set());
    await store.mark(['a', 'c']);
    expect(await store.seen(['a', 'b', 'c'])).toEqual(new Set(['a', 'c']));
    expect(await store.seen([])).toEqual(new Set());
    await store.mark([]);

    const items = await dynamo.items(real, table);
    expect(items.map((i) => i.pk?.S).sort()).toEqual(['processed#a', 'processed#c']);
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(['expiresAt', 'pk', 'processedAt']);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const expiresAt = Number(items[0]?.expiresAt?.N);
    expect(expiresAt).toBeGreaterThanOrEqual(nowSeconds + 14 * 24 * 3600 - 5);
    expect(expiresAt).toBeLessThanOrEqual(nowSeconds + 14 * 24 * 3600 + 5);
  });

  it('splits 250 keys into BatchGetItem calls of 100 and BatchWriteItem calls of 25', async () => {
    const table = await newRealTable();
    const store = new DynamoProcessedStore({ client: real, table });
    const all = keys(250);
    await store.mark(all);
    expect(realSizes('BatchWriteItem')).toEqual([25, 25, 25, 25, 25, 25, 25, 25, 25, 25]);
    expect(await dynamo.items(real, table)).toHaveLength(250);

    const probe = [...all, ...keys(10, 'fresh')];
    const seen = await store.seen(probe);
    expect(seen).toEqual(new Set(all));
    expect(realSizes('BatchGetItem')).toEqual([100, 100, 60]);
  });

  it('sends each key once when the input repeats keys (DynamoDB refuses a batch that names one twice)', async () => {
    const table = await newRealTable();
    const store = new DynamoProcessedStore({ client: real, table });
    await store.mark(['a', 'b', 'a', 'a', 'b']);
    expect(realSizes('BatchWriteItem')).toEqual([2]);
    const repeated = [...keys(120), ...keys(120), 'a', 'a'];
    const seen = await store.seen(repeated);
    expect(seen).toEqual(new Set(['a']));
    expect(realSizes('BatchGetItem')).toEqual([100, 21]);
  });

  it('resends unprocessed items and keys until all are done', async () => {
    const table = await newTable();
    const store = new DynamoProcessedStore({ client, table, backoffBaseMs: 1 });
    const all = keys(30);

    fake.leaveUnprocessed({ op: 'BatchWriteItem', fraction: 0.5, calls: 3 });
    await store.mark(all);
    const writes = fake.calls.filter((c) => c.op === 'BatchWriteItem');
    // 25 → 13 left → 7 left → 4 left (fault over) → done; then the last 5.
    expect(writes.map((c) => [c.size, c.unprocessed])).toEqual([
      [25, 13],
      [13, 7],
      [7, 4],
      [4, 0],
      [5, 0],
    ]);
    expect(fake.items(table)).toHaveLength(30);

    fake.calls.length = 0;
    fake.leaveUnprocessed({ op: 'BatchGetItem', count: 10, calls: 2 });
    expect(await store.seen(all)).toEqual(new Set(all));
    expect(fake.calls.map((c) => [c.op, c.size, c.unprocessed])).toEqual([
      ['BatchGetItem', 30, 10],
      ['BatchGetItem', 10, 10],
      ['BatchGetItem', 10, 0],
    ]);
    // The resent UnprocessedKeys keep the original read options: still strongly consistent.
    for (const c of fake.calls) {
      expect(c.request.RequestItems).toMatchObject({ [table]: { ConsistentRead: true } });
    }
  });

  it('fails, instead of answering partly, when keys stay unprocessed past the attempt limit', async () => {
    const table = await newTable();
    const store = new DynamoProcessedStore({ client, table, backoffBaseMs: 1, maxBatchAttempts: 4 });
    fake.leaveUnprocessed({ op: 'BatchGetItem', count: 1, calls: Number.POSITIVE_INFINITY });
    await expect(store.seen(['a', 'b'])).rejects.toThrow(/left 1 keys unprocessed after 4 attempts/);
    expect(sizes('BatchGetItem')).toEqual([2, 1, 1, 1]);

    fake.clearFaults();
    fake.leaveUnprocessed({ op: 'BatchWriteItem', fraction: 1, calls: Number.POSITIVE_INFINITY });
    await expect(store.mark(['a'])).rejects.toThrow(/left 1 items unprocessed after 4 attempts/);
    expect(fake.items(table)).toHaveLength(0);
  });

  it('counts records past their expiry as not seen, and a new mark renews them', async () => {
    const table = await newRealTable();
    let now = Date.UTC(2026, 10, 21, 3, 0, 0);
    const store = new DynamoProcessedStore({ client: real, table, ttlSeconds: 3600, now: () => now });
    await store.mark(['old', 'other']);
    expect((await dynamo.items(real, table)).map((i) => i.expiresAt?.N)).toEqual([
      String(now / 1000 + 3600),
      String(now / 1000 + 3600),
    ]);
    now += 3599_000;
    expect(await store.seen(['old', 'other'])).toEqual(new Set(['old', 'other']));
    now += 1_000;
    // The items are still in the table (TTL deletion lags; dynalite has none), but past expiresAt they do not count.
    expect(await dynamo.items(real, table)).toHaveLength(2);
    expect(await store.seen(['old', 'other'])).toEqual(new Set());
    await store.mark(['old']);
    expect(await store.seen(['old', 'other'])).toEqual(new Set(['old']));
  });

  it('rejects with an error naming the table when the table does not exist', async () => {
    const store = new DynamoProcessedStore({ client: real, table: 'processed-missing' });
    const err = await store.seen(['a']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/table "processed-missing" .* does not exist/);
    expect((err as Error).cause).toBeInstanceOf(ResourceNotFoundException);
    await expect(store.mark(['a'])).rejects.toThrow(/processed-missing/);
  });

  it('rides out throttling through the SDK retries, and surfaces it when they run out', async () => {
    const table = await newTable();
    const patient = new DynamoProcessedStore({ client, table });
    fake.calls.length = 0;
    fake.throttle(1, 'BatchWriteItem');
    await patient.mark(['a']);
    expect(fake.calls.map((c) => c.error ?? c.status)).toEqual([
      'ProvisionedThroughputExceededException',
      200,
    ]);

    fake.calls.length = 0;
    fake.throttle(1, 'BatchGetItem');
    expect(await patient.seen(['a'])).toEqual(new Set(['a']));
    expect(fake.calls.map((c) => c.error ?? c.status)).toEqual([
      'ProvisionedThroughputExceededException',
      200,
    ]);

    const impatient = makeClient(1);
    try {
      fake.throttle(1);
      const store = new DynamoProcessedStore({ client: impatient, table });
      fake.calls.length = 0;
      await expect(store.seen(['a'])).rejects.toBeInstanceOf(ProvisionedThroughputExceededException);
      expect(fake.calls).toHaveLength(1);
    } finally {
      impatient.destroy();
    }
  });
});
