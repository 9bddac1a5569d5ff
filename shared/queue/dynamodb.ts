import {
  type AttributeValue,
  BatchGetItemCommand,
  BatchWriteItemCommand,
  type DynamoDBClient,
  type KeysAndAttributes,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { onTable } from '../aws/dynamodb-table.ts';
import { BATCH_BACKOFF, type Backoff, retrying } from '../retry.ts';
import { PROCESSED_TTL_SECONDS, type ProcessedStore } from './port.ts';

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
  /** First wait before resending unprocessed keys; doubles on each try up to 2 s, with jitter (default 50 ms). */
  backoffBaseMs?: number;
}

const KEY_PREFIX = 'processed#';
const BATCH_GET_LIMIT = 100;
const BATCH_WRITE_LIMIT = 25;

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

/** A batch call DynamoDB answered with part of the request left unprocessed: `left` keys or items. */
class Unprocessed extends Error {
  readonly left: number;

  constructor(left: number) {
    super(`${left} left unprocessed`);
    this.left = left;
  }
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
  readonly #policy: Backoff;

  constructor(options: DynamoProcessedStoreOptions) {
    this.#client = options.client;
    this.#table = options.table;
    this.#ttlSeconds = options.ttlSeconds ?? PROCESSED_TTL_SECONDS;
    this.#now = options.now ?? Date.now;
    this.#maxAttempts = Math.max(1, options.maxBatchAttempts ?? 8);
    this.#policy = { ...BATCH_BACKOFF, baseMs: options.backoffBaseMs ?? BATCH_BACKOFF.baseMs };
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
      await this.#resending('keys', 'BatchGetItem', async () => {
        const out = await this.#call(() =>
          this.#client.send(new BatchGetItemCommand({ RequestItems: request })),
        );
        for (const item of out.Responses?.[this.#table] ?? []) {
          const key = liveKey(item, nowSeconds);
          if (key !== undefined) found.add(key);
        }
        const left = out.UnprocessedKeys?.[this.#table]?.Keys?.length ?? 0;
        if (left === 0 || out.UnprocessedKeys === undefined) return;
        request = out.UnprocessedKeys;
        throw new Unprocessed(left);
      });
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
      await this.#resending('items', 'BatchWriteItem', async () => {
        const out = await this.#call(() =>
          this.#client.send(new BatchWriteItemCommand({ RequestItems: request })),
        );
        const left = out.UnprocessedItems?.[this.#table]?.length ?? 0;
        if (left === 0 || out.UnprocessedItems === undefined) return;
        request = out.UnprocessedItems;
        throw new Unprocessed(left);
      });
    }
  }

  #key(dedupKey: string): Record<string, AttributeValue> {
    return { pk: { S: `${KEY_PREFIX}${dedupKey}` } };
  }

  /**
   * Runs `send` (one batch call, which throws Unprocessed after taking in what was processed and narrowing its
   * request to the rest) until nothing is left, waiting the batch policy between calls; throws once the attempts
   * are used up. Every other failure is the SDK's, which has already retried what it could.
   */
  #resending(what: string, op: string, send: () => Promise<void>): Promise<void> {
    return retrying(send, {
      policy: this.#policy,
      retryable: (error) => error instanceof Unprocessed,
      maxTries: this.#maxAttempts,
      exhausted: (error, tries) =>
        new Error(
          `DynamoDB ${op} on table "${this.#table}" still left ${(error as Unprocessed).left} ${what} unprocessed after ${tries} attempts`,
        ),
    });
  }

  /** Runs one DynamoDB call, naming the table and its purpose when the table is missing. */
  #call<T>(send: () => Promise<T>): Promise<T> {
    return onTable(this.#table, 'the processed-job record', send);
  }
}
