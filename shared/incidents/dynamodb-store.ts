import {
  type AttributeValue,
  ConditionalCheckFailedException,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  ScanCommand,
  type ScanCommandInput,
} from '@aws-sdk/client-dynamodb';
import { onTable } from '../aws/dynamodb-table.ts';
import {
  type Incident,
  IncidentConflict,
  IncidentSchema,
  type IncidentStore,
  type IncidentSummary,
  RESOLVED_INCIDENT_TTL_SECONDS,
  stormKey,
  summarise,
} from './model.ts';

export interface DynamoIncidentStoreOptions {
  client: DynamoDBClient;
  /** The responder's state table: partition key `pk` (type S), DynamoDB TTL enabled on `expiresAt`. */
  table: string;
  /** Milliseconds since the epoch, as seen by the store (tests move time forward). */
  now?: () => number;
  /**
   * How long a resolved incident is kept after its last write (default 30 days). Must be longer than the reopen
   * window (REOPEN_WINDOW_SECONDS), so that a re-fire within it still finds the incident and its thread.
   */
  ttlSeconds?: number;
}

const KEY_PREFIX = 'incident#';

/**
 * Incidents in DynamoDB, for the responder on AWS Lambda: the same single table as the processed-job record
 * (DynamoProcessedStore), one item per incident:
 *
 *   pk        S  `incident#<key>`
 *   body      S  the incident as JSON, validated with IncidentSchema on the way in and on the way out
 *   version   N  the incident's version, what conditional writes compare
 *   state     S  open | resolved   (copied from the body, for the open() filter)
 *   cluster   S                    (copied from the body, for the open(cluster) filter)
 *   expiresAt N  epoch seconds, resolved incidents only: DynamoDB TTL removes them once past the reopen window
 *
 * Open incidents never expire: an incident that is still open must not vanish under a storm that lasts. A resolved
 * one is kept `ttlSeconds` (30 days) so that a re-fire finds it and reopens its thread; a re-fire after that
 * starts episode 1 of a new incident. Reopening writes the item without `expiresAt` again.
 *
 * Writes are optimistic: PutItem conditioned on the stored version being the one the writer read
 * (`attribute_not_exists(pk)` for version 1), so two responders updating the same incident cannot both win; the
 * loser gets IncidentConflict and its job is retried against the new state. Reads are strongly consistent, so a
 * retry sees the write that beat it.
 *
 * Items past `expiresAt` that TTL has not yet deleted (it lags by up to days) are still returned by get(): the
 * responder decides by `resolvedAt` whether a re-fire reopens, and writes the next version over the old item.
 * Hiding them would make the next write, as version 1, conflict with an item nobody can see, until TTL ran.
 */
export class DynamoIncidentStore implements IncidentStore {
  readonly #client: DynamoDBClient;
  readonly #table: string;
  readonly #now: () => number;
  readonly #ttlSeconds: number;

  constructor(options: DynamoIncidentStoreOptions) {
    const ttl = options.ttlSeconds ?? RESOLVED_INCIDENT_TTL_SECONDS;
    if (!Number.isInteger(ttl) || ttl <= 0) {
      throw new Error(`DynamoIncidentStore: ttlSeconds must be a positive integer, got ${ttl}`);
    }
    this.#client = options.client;
    this.#table = options.table;
    this.#now = options.now ?? Date.now;
    this.#ttlSeconds = ttl;
  }

  async get(key: string): Promise<Incident | undefined> {
    const out = await this.#call(() =>
      this.#client.send(
        new GetItemCommand({ TableName: this.#table, Key: this.#key(key), ConsistentRead: true }),
      ),
    );
    return out.Item === undefined ? undefined : this.#decode(out.Item);
  }

  async put(incident: Incident): Promise<void> {
    const valid = IncidentSchema.parse(incident);
    const item: Record<string, AttributeValue> = {
      ...this.#key(valid.key),
      body: { S: JSON.stringify(valid) },
      version: { N: String(valid.version) },
      state: { S: valid.state },
      cluster: { S: valid.cluster },
    };
    if (valid.state === 'resolved') {
      item.expiresAt = { N: String(Math.floor(this.#now() / 1000) + this.#ttlSeconds) };
    }
    const condition =
      valid.version === 1
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#v = :prev',
            ExpressionAttributeNames: { '#v': 'version' },
            ExpressionAttributeValues: { ':prev': { N: String(valid.version - 1) } },
          };
    try {
      await this.#call(() =>
        this.#client.send(
          new PutItemCommand({
            TableName: this.#table,
            Item: item,
            ...condition,
            // The stored item comes back with the failure: the conflict can say what was there.
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        ),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) {
        throw new IncidentConflict(
          `incident ${valid.key} changed meanwhile: expected ${valid.version === 1 ? 'none stored' : `stored version ${valid.version - 1}`}, found ${error.Item?.version?.N === undefined ? 'none' : `version ${error.Item.version.N}`}`,
          { cause: error },
        );
      }
      throw error;
    }
  }

  /**
   * A Scan, filtered to open incidents (and the cluster), paginated, strongly consistent. A Scan reads the whole
   * table (processed-job records, resolved incidents kept for the reopen window) and filters afterwards, so each
   * call costs read capacity for the whole table, in 1 MB pages. That is acceptable here: the table is small
   * (processed records are ~100 bytes and expire after 14 days, incidents a few KB each), so a call is one or a
   * few pages; and it is the only way to read them strongly consistently without a second item to keep in step:
   * a GSI (e.g. a sparse one keyed on `cluster`, with `state` only set while open) is the next step at scale, but
   * GSIs are eventually consistent, so a storm check right after a write could miss the incident just opened.
   * Memory stays bounded all the same: each page is decoded and only what `keep` keeps of it (a summary, or the
   * few whole records a query asks for) outlives it. The function needs `dynamodb:Scan` on the table.
   */
  async #scan<T>(cluster: string | undefined, keep: (incident: Incident) => T | undefined, limit = Infinity) {
    const input: ScanCommandInput = {
      TableName: this.#table,
      ConsistentRead: true,
      ProjectionExpression: 'pk, #b, #v, #s, #c',
      FilterExpression: `begins_with(pk, :p) AND #s = :open${cluster === undefined ? '' : ' AND #c = :c'}`,
      // `cluster` is a DynamoDB reserved word; the other attributes are aliased too, so none can trip on the list.
      ExpressionAttributeNames: { '#b': 'body', '#v': 'version', '#s': 'state', '#c': 'cluster' },
      ExpressionAttributeValues: {
        ':p': { S: KEY_PREFIX },
        ':open': { S: 'open' },
        ...(cluster === undefined ? {} : { ':c': { S: cluster } }),
      },
    };
    const kept: Array<{ openedAt: string; key: string; value: T }> = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const out = await this.#call(() =>
        this.#client.send(new ScanCommand({ ...input, ExclusiveStartKey: start })),
      );
      for (const item of out.Items ?? []) {
        const incident = this.#decode(item);
        const value = keep(incident);
        if (value !== undefined) kept.push({ openedAt: incident.openedAt, key: incident.key, value });
      }
      start = kept.length < limit ? out.LastEvaluatedKey : undefined;
    } while (start !== undefined);
    // Scan order is the table's hash order: give callers a stable one, oldest first.
    return kept
      .sort((a, b) => a.openedAt.localeCompare(b.openedAt) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .slice(0, limit)
      .map((k) => k.value);
  }

  async open(cluster?: string): Promise<IncidentSummary[]> {
    return this.#scan(cluster, summarise);
  }

  async nodes(cluster: string, options: { since?: string; limit?: number }): Promise<Incident[]> {
    const since = options.since ?? '';
    return this.#scan(
      cluster,
      (i) => (i.kind === 'node' && i.openedAt >= since ? i : undefined),
      options.limit,
    );
  }

  async members(cluster: string, limit?: number): Promise<IncidentSummary[]> {
    const storm = stormKey(cluster);
    return this.#scan(cluster, (i) => (i.storm === storm ? summarise(i) : undefined), limit);
  }

  async storms(): Promise<Incident[]> {
    return this.#scan(undefined, (i) => (i.kind === 'cluster' ? i : undefined));
  }

  #key(key: string): Record<string, AttributeValue> {
    return { pk: { S: `${KEY_PREFIX}${key}` } };
  }

  /** The incident in an item, or an error naming the item and what is wrong with it. */
  #decode(item: Record<string, AttributeValue>): Incident {
    const pk = item.pk?.S ?? '(no pk)';
    const corrupt = (why: string, cause?: unknown): Error =>
      new Error(`incident item ${pk} in DynamoDB table "${this.#table}" is corrupt: ${why}`, { cause });
    const body = item.body?.S;
    if (body === undefined) throw corrupt('no body attribute of type S');
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw corrupt('body is not JSON', error);
    }
    const parsed = IncidentSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      throw corrupt(`body is not an incident (${issues.join('; ')})`, parsed.error);
    }
    const incident = parsed.data;
    // The attributes conditions and filters use must agree with the body they were copied from.
    if (pk !== `${KEY_PREFIX}${incident.key}`) throw corrupt(`body is incident ${incident.key}`);
    const attributes: Array<[string, string | undefined, string]> = [
      ['version', item.version?.N, String(incident.version)],
      ['state', item.state?.S, incident.state],
      ['cluster', item.cluster?.S, incident.cluster],
    ];
    for (const [name, stored, expected] of attributes) {
      if (stored === undefined) throw corrupt(`no ${name} attribute`);
      if (stored !== expected) throw corrupt(`${name} attribute ${stored}, body ${name} ${expected}`);
    }
    return incident;
  }

  /** Runs one DynamoDB call, naming the table and its purpose when the table is missing. */
  #call<T>(send: () => Promise<T>): Promise<T> {
    return onTable(this.#table, 'incident state', send);
  }
}
