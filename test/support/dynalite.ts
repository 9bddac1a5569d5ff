import type { AddressInfo } from 'node:net';
import {
  type AttributeValue,
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';

/**
 * dynalite (an implementation of DynamoDB on LevelDB, in memory here) on a loopback port: the real
 * `@aws-sdk/client-dynamodb` talks to it as to DynamoDB, conditional writes, Scan pages of 1 MB and the batch
 * limits included. It has no TTL (no UpdateTimeToLive, no deletion of expired items); the stores do not need it,
 * as they count an item past `expiresAt` as absent themselves (DynamoDB's TTL deletion lags by days), so nothing
 * stands in for it. What test/support/dynamodb-fake.ts stands in for: ReturnValuesOnConditionCheckFailure (here a
 * failed condition comes without the old item), partial batch answers (dynalite never leaves UnprocessedKeys or
 * UnprocessedItems), throttling to ride out, and Scan pages of a few items.
 */
export interface Dynalite {
  endpoint: string;
  /** A client of the real SDK against it, each call recorded in `calls`. */
  client(maxAttempts?: number): DynamoDBClient;
  /** Every call the clients made: its operation (`GetItem`), request and answer. */
  calls: DynaliteCall[];
  /** Every item of a table, as stored (a Scan). */
  items(client: DynamoDBClient, table: string): Promise<Record<string, AttributeValue>[]>;
  close(): Promise<void>;
}

export interface DynaliteCall {
  op: string;
  request: Record<string, unknown>;
  response?: Record<string, unknown>;
}

export async function startDynalite(): Promise<Dynalite> {
  // Tables are ACTIVE at once (dynalite's default is half a second of CREATING).
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const calls: DynaliteCall[] = [];
  const clients: DynamoDBClient[] = [];
  return {
    endpoint,
    calls,
    client(maxAttempts = 1) {
      const client = new DynamoDBClient({
        region: 'us-east-1',
        endpoint,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        maxAttempts,
      });
      client.middlewareStack.add(
        (next, context) => async (args) => {
          const call: DynaliteCall = {
            op: String(context.commandName).replace(/Command$/, ''),
            request: args.input as Record<string, unknown>,
          };
          calls.push(call);
          const out = await next(args);
          call.response = out.output as unknown as Record<string, unknown>;
          return out;
        },
        { step: 'initialize', name: 'recordDynaliteCalls' },
      );
      clients.push(client);
      return client;
    },
    async items(client, table) {
      const items: Record<string, AttributeValue>[] = [];
      let start: Record<string, AttributeValue> | undefined;
      do {
        const out = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
        items.push(...(out.Items ?? []));
        start = out.LastEvaluatedKey;
      } while (start !== undefined);
      return items;
    },
    async close() {
      for (const c of clients) c.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let tablesCreated = 0;

/** A fresh table keyed like infra/aws/template.yaml's StateTable, so tests share a server (dynalite or the fake) but not state. */
export async function createTable(client: DynamoDBClient, prefix: string): Promise<string> {
  tablesCreated += 1;
  const name = `${prefix}-${tablesCreated}`;
  await client.send(
    new CreateTableCommand({
      TableName: name,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  // dynalite answers CreateTable with the table CREATING and turns it ACTIVE on a timer (0 ms here), and refuses
  // writes to a table not yet ACTIVE as a missing resource: under load the first write can beat the timer. DynamoDB
  // itself asks callers to wait for ACTIVE the same way (DescribeTable's TableStatus).
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE') return name;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
