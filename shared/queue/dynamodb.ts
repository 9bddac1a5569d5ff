import {
  type AttributeValue,
  BatchGetItemCommand,
  BatchWriteItemCommand,
  type DynamoDBClient,
  type KeysAndAttributes,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { onTable } from '../aws/dynamodb-table.ts';
import type { ProcessedStore } from './port.ts';

export interface DynamoProcessedStoreOptions {
  client: DynamoDBClient;
  /** A table with partition key `pk` (type S) and DynamoDB TTL enabled on `expiresAt`. */
  table: string;
  /** How long a processed record is kept (default 14 days): longer than any redelivery of the same job. */
  ttlSeconds?: number;
  /** Milliseconds since the epoch, as seen by the store (tests move time forward). */
  now?: () => number;
  /** Calls per batch before keys DynamoDB keeps leaving unprocessed fail the operation (default 8). */
  maxBatchAttempts?: number;
  /** First wait before resending unprocessed keys; doubles on each try, with jitter (default 50 ms). */
  backoffBaseMs?: number;
}

const KEY_PREFIX = 'processed#';
const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;
const MAX_BACKOFF_MS = 2_000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The dedup key of a record still in force; undefined once past `expiresAt` (TTL deletion lags behind). */
function liveKey(item: Record<string, AttributeValue>, nowSeconds: number): string | undefined {
  const pk = item.pk?.S;
  if (pk === undefined || !pk.startsWith(KEY_PREFIX)) return undefined;
  const expiresAt = item.expiresAt?.N === undefined ? Number.POSITIVE_INFINITY : Number(item.expiresAt.N);
  return expiresAt > nowSeconds ? pk.slice(KEY_PREFIX.length) : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Which jobs were already handled, in DynamoDB: the processed-job record for the responder on AWS Lambda, where
 * there is no local disk that outlives the invocation. One item per job, `pk = processed#<dedupKey>` (so the
 * table can be shared with other item kinds), `expiresAt` (epoch seconds) and `processedAt` (epoch ms, for people).
 *
 * Writes are plain PutItems (in BatchWriteItem): marking a job twice is harmless, the second put only moves its
 * expiry forward, so unprocessed items can be resent and a crashed responder can mark again without conditions.
 * Records carry `expiresAt` (epoch seconds) for DynamoDB TTL: a redelivery comes within minutes or hours, so a
 * record older than `ttlSeconds` is no longer needed and the table does not grow forever. TTL deletion lags
 * (up to a few days), so `seen` itself treats a record past `expiresAt` as absent.
 *
 * BatchGetItem and BatchWriteItem may succeed while leaving part of the request unprocessed (throughput limits,
 * the 16 MB response cap); those parts are resent with exponential backoff, a bounded number of times, and then
 * the operation fails rather than reporting a partial answer. Whole-request throttling errors are retried by the
 * SDK's own retry strategy (its `maxAttempts`).
 */
export class DynamoProcessedStore implements ProcessedStore {
  readonly #client: DynamoDBClient;
  readonly #table: string;
  readonly #ttlSeconds: number;
  readonly #now: () => number;
  readonly #maxAttempts: number;
  readonly #backoffBaseMs: number;

  constructor(options: DynamoProcessedStoreOptions) {
    this.#client = options.client;
    this.#table = options.table;
    this.#ttlSeconds = options.ttlSeconds ?? 14 * 24 * 60 * 60;
    this.#now = options.now ?? Date.now;
    this.#maxAttempts = Math.max(1, options.maxBatchAttempts ?? 8);
    this.#backoffBaseMs = options.backoffBaseMs ?? 50;
  }

  async seen(dedupKeys: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    const nowSeconds = Math.floor(this.#now() / 1000);
    // BatchGetItem rejects a request naming the same key twice, and takes at most 100 keys.
    for (const chunk of chunks([...new Set(dedupKeys)], BATCH_GET_LIMIT)) {
      let request: Record<string, KeysAndAttributes> = {
        [this.#table]: {
          Keys: chunk.map((k) => this.#key(k)),
          // A mark made just before (by this or another invocation) must be visible: strongly consistent.
          ConsistentRead: true,
          ProjectionExpression: '#pk, #expiresAt',
          ExpressionAttributeNames: { '#pk': 'pk', '#expiresAt': 'expiresAt' },
        },
      };
      for (let attempt = 1; ; attempt++) {
        const out = await this.#call(() =>
          this.#client.send(new BatchGetItemCommand({ RequestItems: request })),
        );
        for (const item of out.Responses?.[this.#table] ?? []) {
          const key = liveKey(item, nowSeconds);
          if (key !== undefined) found.add(key);
        }
        const left = out.UnprocessedKeys?.[this.#table]?.Keys?.length ?? 0;
        if (left === 0 || out.UnprocessedKeys === undefined) break;
        await this.#backoff(attempt, left, 'keys', 'BatchGetItem');
        request = out.UnprocessedKeys;
      }
    }
    return found;
  }

  async mark(dedupKeys: readonly string[]): Promise<void> {
    const now = this.#now();
    const expiresAt = String(Math.floor(now / 1000) + this.#ttlSeconds);
    // BatchWriteItem also rejects duplicate keys in one request, and takes at most 25 requests.
    for (const chunk of chunks([...new Set(dedupKeys)], BATCH_WRITE_LIMIT)) {
      let request: Record<string, WriteRequest[]> = {
        [this.#table]: chunk.map((k) => ({
          PutRequest: {
            Item: { ...this.#key(k), expiresAt: { N: expiresAt }, processedAt: { N: String(now) } },
          },
        })),
      };
      for (let attempt = 1; ; attempt++) {
        const out = await this.#call(() =>
          this.#client.send(new BatchWriteItemCommand({ RequestItems: request })),
        );
        const left = out.UnprocessedItems?.[this.#table]?.length ?? 0;
        if (left === 0 || out.UnprocessedItems === undefined) break;
        await this.#backoff(attempt, left, 'items', 'BatchWriteItem');
        request = out.UnprocessedItems;
      }
    }
  }

  #key(dedupKey: string): Record<string, AttributeValue> {
    return { pk: { S: `${KEY_PREFIX}${dedupKey}` } };
  }

  /** Waits before resending what DynamoDB left unprocessed, or throws once the attempts are used up. */
  async #backoff(attempt: number, left: number, what: string, op: string): Promise<void> {
    if (attempt >= this.#maxAttempts) {
      throw new Error(
        `DynamoDB ${op} on table "${this.#table}" still left ${left} ${what} unprocessed after ${attempt} attempts`,
      );
    }
    const ceiling = Math.min(MAX_BACKOFF_MS, this.#backoffBaseMs * 2 ** (attempt - 1));
    await sleep(ceiling / 2 + Math.random() * (ceiling / 2));
  }

  /** Runs one DynamoDB call, naming the table and its purpose when the table is missing. */
  #call<T>(send: () => Promise<T>): Promise<T> {
    return onTable(this.#table, 'the processed-job record', send);
  }
}
