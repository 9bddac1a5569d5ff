import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/**
 * The stores are tested against dynalite (test/support/dynalite.ts); this fake stays for what dynalite lacks:
 * the old item of a failed condition (ALL_OLD), partial batch answers and throttling (injected below), and Scan
 * pages of a few items.
 *
 * A loopback fake of the DynamoDB JSON 1.0 protocol, good enough for the real `@aws-sdk/client-dynamodb` to talk
 * to: POST / with `X-Amz-Target: DynamoDB_20120810.<Op>` and a JSON body; answers are JSON, errors HTTP 400 with
 * `{"__type":"com.amazonaws.dynamodb.v20120810#<Code>","message":"..."}` (the SDK takes the part after `#` as
 * the error name and throws its named exception class, e.g. ResourceNotFoundException).
 *
 * Operations: CreateTable, DescribeTable, GetItem, PutItem, BatchGetItem, BatchWriteItem, and Scan when asked
 * for (`startDynamoFake({ scan: ... })`). Tables have a single HASH key of type S. It enforces the limits
 * DynamoDB enforces for them (table exists, ≤ 100 keys and no duplicates per BatchGetItem, ≤ 25 requests and no
 * duplicates per BatchWriteItem, items ≤ 400 KB, the key present and of type S, AttributeValues with exactly one
 * type). Like DynamoDB, it does not delete items whose TTL attribute has passed (real TTL deletion lags by up to
 * days), so readers must check expiry themselves.
 *
 * Expressions: projections of top-level attributes; PutItem ConditionExpression and Scan FilterExpression with
 * comparisons (= <> < <= > >=), attribute_exists, attribute_not_exists, begins_with, AND, OR, NOT and
 * parentheses, evaluated with DynamoDB's typing (a missing attribute or another type never compares equal). As
 * in DynamoDB, every ExpressionAttributeNames/Values entry must be used, and an undefined one is an error; a
 * failed condition is ConditionalCheckFailedException (with the old item under ReturnValuesOnConditionCheckFailure
 * ALL_OLD). Scan reads in an order fixed by a hash of the key, pages end at Limit or the page size (1 MB, or
 * smaller as configured, so tests can page through few items), and LastEvaluatedKey/ExclusiveStartKey resume.
 * ConsistentRead is accepted (every read of the fake is consistent).
 *
 * Not emulated: SigV4 is not verified (any signature is accepted, but a request must carry one), throughput,
 * reserved words in expressions, nested paths, BETWEEN/IN/size/contains/attribute_type, parallel scans, sort
 * keys, indexes, streams.
 */

export type BatchOp = 'BatchGetItem' | 'BatchWriteItem';

export interface FakeCall {
  /** The operation named by X-Amz-Target, e.g. BatchGetItem. */
  op: string;
  status: number;
  /** The error code sent back, e.g. ValidationException. */
  error?: string;
  /** Keys asked for (BatchGetItem), write requests (BatchWriteItem), items read (Scan); 1 for single items. */
  size: number;
  /** Keys or write requests handed back as unprocessed. */
  unprocessed: number;
  /** The parsed JSON body ({} if it could not be read). */
  request: Record<string, unknown>;
}

export interface UnprocessedFault {
  /** Only this batch operation; both when left out. */
  op?: BatchOp;
  /** Leave this fraction (rounded up) of each request's keys/items unprocessed... */
  fraction?: number;
  /** ...or this many. */
  count?: number;
  /** For this many matching requests (default 1; Infinity for every one). */
  calls?: number;
}

export interface DynamoFake {
  url: string;
  /** Every request received, in order. Tests may clear it with `calls.length = 0`. */
  calls: FakeCall[];
  /** The next batch requests leave part of their keys/items unprocessed (as under throughput pressure). */
  leaveUnprocessed(fault: UnprocessedFault): void;
  /** The next `n` requests (of `op`, or any) fail with ProvisionedThroughputExceededException. */
  throttle(n: number, op?: string): void;
  clearFaults(): void;
  /** The items stored in a table, for assertions (copies). */
  items(table: string): Item[];
  close(): Promise<void>;
}

type Json = unknown;
type AttributeValue = Record<string, Json>;
type Item = Record<string, AttributeValue>;

interface Table {
  name: string;
  hashKey: string;
  createdAt: number;
  items: Map<string, Item>;
}

const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const TARGET_PREFIX = 'DynamoDB_20120810.';
/** Errors raised by the service framework before DynamoDB itself sees the request. */
const CORAL = 'com.amazon.coral.service#';
const MAX_ITEM_BYTES = 400 * 1024;
const MAX_HASH_KEY_BYTES = 2048;
const MAX_BATCH_GET = 100;
const MAX_BATCH_WRITE = 25;
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;
const MAX_SCAN_PAGE_BYTES = 1024 * 1024;
const TYPES = new Set(['S', 'N', 'B', 'BOOL', 'NULL', 'SS', 'NS', 'BS', 'L', 'M']);

class DynamoError extends Error {
  readonly code: string;
  readonly prefix: string;
  /** More members of the error body (ConditionalCheckFailedException's Item). */
  readonly extra: Record<string, Json>;

  constructor(code: string, message: string, prefix = ERROR_PREFIX, extra: Record<string, Json> = {}) {
    super(message);
    this.code = code;
    this.prefix = prefix;
    this.extra = extra;
  }
}

function validation(message: string): DynamoError {
  return new DynamoError('ValidationException', message);
}

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function copy<T>(value: T): T {
  return structuredClone(value);
}

function utf8Bytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** DynamoDB's number size: about one byte per two significant digits, plus one. */
function numberBytes(n: string): number {
  const digits = n
    .replace(/^[-+]/, '')
    .replace(/e.*$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(digits.length, 1) / 2) + 1 + (n.startsWith('-') ? 1 : 0);
}

function wellFormed(type: string | undefined, inner: Json): boolean {
  switch (type) {
    case 'S':
    case 'B':
      return typeof inner === 'string';
    case 'N':
      return typeof inner === 'string' && inner !== '' && Number.isFinite(Number(inner));
    case 'BOOL':
      return typeof inner === 'boolean';
    case 'NULL':
      return inner === true;
    case 'SS':
    case 'NS':
    case 'BS':
      return Array.isArray(inner) && inner.length > 0 && inner.every((x) => typeof x === 'string');
    case 'L':
      return Array.isArray(inner);
    case 'M':
      return isObject(inner);
    default:
      return false;
  }
}

function checkAttributeValue(value: Json, path: string): AttributeValue {
  if (!isObject(value) || Object.keys(value).length !== 1 || !TYPES.has(Object.keys(value)[0] ?? '')) {
    throw validation(
      `Supplied AttributeValue is empty, must contain exactly one of the supported datatypes (at ${path})`,
    );
  }
  const [type, inner] = Object.entries(value)[0] ?? [];
  if (!wellFormed(type, inner)) {
    throw validation(`One or more parameter values were invalid: malformed ${type} value at ${path}`);
  }
  if (Array.isArray(inner) && type === 'L') {
    for (const [i, v] of inner.entries()) checkAttributeValue(v, `${path}[${i}]`);
  }
  if (isObject(inner)) for (const [k, v] of Object.entries(inner)) checkAttributeValue(v, `${path}.${k}`);
  return value;
}

function valueBytes(value: AttributeValue): number {
  const [type, inner] = Object.entries(value)[0] ?? [];
  switch (type) {
    case 'S':
      return utf8Bytes(String(inner));
    case 'N':
      return numberBytes(String(inner));
    case 'B':
      return Buffer.from(String(inner), 'base64').length;
    case 'BOOL':
    case 'NULL':
      return 1;
    case 'SS':
      return (inner as string[]).reduce((n, s) => n + utf8Bytes(s), 0);
    case 'NS':
      return (inner as string[]).reduce((n, s) => n + numberBytes(s), 0);
    case 'BS':
      return (inner as string[]).reduce((n, s) => n + Buffer.from(s, 'base64').length, 0);
    case 'L':
      return 3 + (inner as AttributeValue[]).reduce((n, v) => n + 1 + valueBytes(v), 0);
    case 'M':
      return 3 + Object.entries(inner as Item).reduce((n, [k, v]) => n + 1 + utf8Bytes(k) + valueBytes(v), 0);
    default:
      return 0;
  }
}

function itemBytes(item: Item): number {
  return Object.entries(item).reduce((n, [k, v]) => n + utf8Bytes(k) + valueBytes(v), 0);
}

function checkItem(table: Table, raw: Json): Item {
  if (!isObject(raw)) throw validation('One or more parameter values were invalid: Item is not a map');
  const item: Item = {};
  for (const [name, value] of Object.entries(raw)) item[name] = checkAttributeValue(value, name);
  const key = item[table.hashKey];
  if (key === undefined) {
    throw validation(
      `One or more parameter values were invalid: Missing the key ${table.hashKey} in the item`,
    );
  }
  const type = Object.keys(key)[0];
  if (type !== 'S') {
    throw validation(
      `One or more parameter values were invalid: Type mismatch for key ${table.hashKey} expected: S actual: ${type}`,
    );
  }
  checkKeyValue(table, String(key.S));
  if (itemBytes(item) > MAX_ITEM_BYTES) throw validation('Item size has exceeded the maximum allowed size');
  return item;
}

function checkKeyValue(table: Table, value: string): void {
  if (value === '') {
    throw validation(
      `One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: ${table.hashKey}`,
    );
  }
  if (utf8Bytes(value) > MAX_HASH_KEY_BYTES) {
    throw validation(
      `One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of${MAX_HASH_KEY_BYTES} bytes`,
    );
  }
}

/** The key's string value; the key must name exactly the table's hash key, as type S. */
function checkKey(table: Table, raw: Json): string {
  if (!isObject(raw)) throw validation('The provided key element does not match the schema');
  const names = Object.keys(raw);
  const value = raw[table.hashKey];
  if (names.length !== 1 || !isObject(value))
    throw validation('The provided key element does not match the schema');
  checkAttributeValue(value, table.hashKey);
  if (typeof value.S !== 'string') throw validation('The provided key element does not match the schema');
  checkKeyValue(table, value.S);
  return value.S;
}

/** Top-level attribute names of a ProjectionExpression, `#placeholders` resolved. */
function projection(expression: Json, names: Json, used: Set<string>): string[] | undefined {
  if (expression === undefined) return undefined;
  if (typeof expression !== 'string' || expression.trim() === '') {
    throw validation('Invalid ProjectionExpression: The expression can not be empty;');
  }
  return expression.split(',').map((part) => resolveName(part.trim(), names, used));
}

function resolveName(token: string, names: Json, used: Set<string>): string {
  if (!/^#?[A-Za-z0-9_]+$/.test(token)) {
    throw validation(`fake DynamoDB supports only top-level attribute names in expressions, got: ${token}`);
  }
  if (!token.startsWith('#')) return token;
  const name = isObject(names) ? names[token] : undefined;
  if (typeof name !== 'string') {
    throw validation(
      `Value provided in ExpressionAttributeNames unused in expressions or undefined: An expression attribute name used in the document path is not defined; attribute name: ${token}`,
    );
  }
  used.add(token);
  return name;
}

function checkAllNamesUsed(names: Json, used: Set<string>): void {
  if (!isObject(names)) return;
  const unused = Object.keys(names).filter((k) => !used.has(k));
  if (unused.length > 0) {
    throw validation(
      `Value provided in ExpressionAttributeNames unused in expressions: keys: {${unused.join(', ')}}`,
    );
  }
}

function project(item: Item, attributes: string[] | undefined): Item {
  if (attributes === undefined) return copy(item);
  const out: Item = {};
  for (const a of attributes) {
    const v = item[a];
    if (v !== undefined) out[a] = copy(v);
  }
  return out;
}

// ---- condition and filter expressions ------------------------------------------------------------------

/** The request member an expression came in, as DynamoDB names it in its messages. */
type ExpressionField = 'ConditionExpression' | 'FilterExpression';

type Comparator = '=' | '<>' | '<' | '<=' | '>' | '>=';
const COMPARATORS: ReadonlySet<string> = new Set(['=', '<>', '<', '<=', '>', '>=']);
/** Words that cannot stand for an attribute name (the fake checks these, not DynamoDB's ~570 reserved words). */
const KEYWORDS: ReadonlySet<string> = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN']);
/** Functions DynamoDB has that the fake does not evaluate: a clear error rather than a wrong answer. */
const UNSUPPORTED_FUNCTIONS: ReadonlySet<string> = new Set(['attribute_type', 'contains', 'size']);

type Operand = { path: string } | { value: AttributeValue };

type Condition =
  | { op: 'AND' | 'OR'; left: Condition; right: Condition }
  | { op: 'NOT'; operand: Condition }
  | { op: 'attribute_exists' | 'attribute_not_exists'; path: string }
  | { op: 'begins_with'; path: string; prefix: Operand }
  | { op: Comparator; left: Operand; right: Operand };

/** The placeholders a request supplies, and which of them its expressions used (DynamoDB wants all used). */
interface Placeholders {
  names: Json;
  values: Json;
  usedNames: Set<string>;
  usedValues: Set<string>;
}

interface Token {
  text: string;
  at: number;
}

const TOKEN_SOURCE = String.raw`\s*(#[A-Za-z0-9_]+|:[A-Za-z0-9_]+|[A-Za-z_][A-Za-z0-9_]*|<>|<=|>=|[=<>(),])`;

function tokenize(expression: string, field: ExpressionField): Token[] {
  const pattern = new RegExp(TOKEN_SOURCE, 'y');
  const tokens: Token[] = [];
  let at = 0;
  while (expression.slice(at).trim() !== '') {
    pattern.lastIndex = at;
    const match = pattern.exec(expression);
    if (match === null) {
      const rest = expression.slice(at).trim();
      throw validation(
        `Invalid ${field}: Syntax error; token: "${rest.slice(0, 1)}", near: "${rest.slice(0, 12)}" (fake DynamoDB supports top-level attribute names only)`,
      );
    }
    const text = match[1] ?? '';
    tokens.push({ text, at: pattern.lastIndex - text.length });
    at = pattern.lastIndex;
  }
  return tokens;
}

function resolveValue(token: string, p: Placeholders, field: ExpressionField): AttributeValue {
  const value = isObject(p.values) ? p.values[token] : undefined;
  if (value === undefined) {
    throw validation(
      `Invalid ${field}: An expression attribute value used in expression is not defined; attribute value: ${token}`,
    );
  }
  p.usedValues.add(token);
  return checkAttributeValue(value, token);
}

/**
 * Parses a ConditionExpression or FilterExpression: comparisons (= <> < <= > >=) between top-level attributes
 * and `:values`, attribute_exists, attribute_not_exists, begins_with, AND, OR, NOT and parentheses, with
 * DynamoDB's precedence (NOT binds tighter than AND, AND tighter than OR). Placeholders are resolved here.
 */
function parseCondition(expression: Json, field: ExpressionField, p: Placeholders): Condition {
  if (typeof expression !== 'string' || expression.trim() === '') {
    throw validation(`Invalid ${field}: The expression can not be empty;`);
  }
  const tokens = tokenize(expression, field);
  let i = 0;
  const peek = (ahead = 0): string | undefined => tokens[i + ahead]?.text;
  const keyword = (word: string): boolean => peek()?.toUpperCase() === word;
  const fail = (why: string): never => {
    throw validation(`Invalid ${field}: ${why}`);
  };
  const syntax = (): never => {
    const token = tokens[i];
    return token === undefined
      ? fail('Syntax error; token: <EOF>, near: the end of the expression')
      : fail(
          `Syntax error; token: "${token.text}", near: "${expression.slice(token.at, token.at + 16).trim()}"`,
        );
  };
  const expect = (text: string): void => {
    if (peek() !== text) syntax();
    i += 1;
  };

  const operand = (): Operand => {
    const token = peek();
    if (token === undefined || COMPARATORS.has(token) || '(),'.includes(token)) return syntax();
    if (token.startsWith(':')) {
      i += 1;
      return { value: resolveValue(token, p, field) };
    }
    if (peek(1) === '(') return fail(`fake DynamoDB does not support the function ${token} as an operand`);
    if (KEYWORDS.has(token.toUpperCase())) return syntax();
    i += 1;
    return { path: resolveName(token, p.names, p.usedNames) };
  };
  const pathOf = (fn: string): string => {
    const o = operand();
    return 'path' in o
      ? o.path
      : fail(`Operator or function requires a document path; operator or function: ${fn}`);
  };
  const call = (fn: string): Condition => {
    i += 2;
    let c: Condition;
    if (fn === 'attribute_exists' || fn === 'attribute_not_exists') {
      c = { op: fn, path: pathOf(fn) };
    } else if (fn === 'begins_with') {
      const path = pathOf(fn);
      expect(',');
      const prefix = operand();
      const type = 'value' in prefix ? Object.keys(prefix.value)[0] : 'S';
      if (type !== 'S' && type !== 'B') {
        fail(
          `Incorrect operand type for operator or function; operator or function: begins_with, operand type: ${type}`,
        );
      }
      c = { op: 'begins_with', path, prefix };
    } else if (UNSUPPORTED_FUNCTIONS.has(fn)) {
      return fail(`fake DynamoDB does not support the function ${fn}`);
    } else {
      return fail(`Invalid function name; function: ${fn}`);
    }
    expect(')');
    return c;
  };
  const primary = (): Condition => {
    if (peek() === '(') {
      i += 1;
      const inner = or();
      expect(')');
      return inner;
    }
    const fn = peek();
    if (fn !== undefined && peek(1) === '(' && /^[a-z_]+$/.test(fn)) return call(fn);
    const left = operand();
    const op = peek();
    if (op !== undefined && COMPARATORS.has(op)) {
      i += 1;
      return { op: op as Comparator, left, right: operand() };
    }
    if (keyword('BETWEEN') || keyword('IN'))
      return fail(`fake DynamoDB does not support ${op?.toUpperCase()}`);
    return syntax();
  };
  const not = (): Condition => {
    if (!keyword('NOT')) return primary();
    i += 1;
    return { op: 'NOT', operand: not() };
  };
  const and = (): Condition => {
    let left = not();
    while (keyword('AND')) {
      i += 1;
      left = { op: 'AND', left, right: not() };
    }
    return left;
  };
  const or = (): Condition => {
    let left = and();
    while (keyword('OR')) {
      i += 1;
      left = { op: 'OR', left, right: and() };
    }
    return left;
  };

  const condition = or();
  if (i < tokens.length) syntax();
  return condition;
}

/** A value in a form where equal values (as DynamoDB compares them) are equal strings. */
function canonical(value: AttributeValue): string {
  const [type, inner] = Object.entries(value)[0] ?? [];
  switch (type) {
    case 'N':
      return `N:${Number(inner)}`;
    case 'NS':
      return `NS:${JSON.stringify((inner as string[]).map(Number).sort((a, b) => a - b))}`;
    case 'SS':
    case 'BS':
      return `${type}:${JSON.stringify([...(inner as string[])].sort())}`;
    case 'L':
      return `L:[${(inner as AttributeValue[]).map(canonical).join(',')}]`;
    case 'M':
      return `M:{${Object.entries(inner as Item)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => `${JSON.stringify(k)}=${canonical(v)}`)
        .join(',')}}`;
    default:
      return `${type}:${JSON.stringify(inner)}`;
  }
}

/** Order of two values of the same scalar type (N numerically, S by UTF-8 bytes, B by bytes); else undefined. */
function ordering(a: AttributeValue, b: AttributeValue): number | undefined {
  if (a.N !== undefined && b.N !== undefined) return Math.sign(Number(a.N) - Number(b.N));
  if (typeof a.S === 'string' && typeof b.S === 'string') {
    return Buffer.compare(Buffer.from(a.S, 'utf8'), Buffer.from(b.S, 'utf8'));
  }
  if (typeof a.B === 'string' && typeof b.B === 'string') {
    return Buffer.compare(Buffer.from(a.B, 'base64'), Buffer.from(b.B, 'base64'));
  }
  return undefined;
}

function compare(op: Comparator, a: AttributeValue | undefined, b: AttributeValue | undefined): boolean {
  const equal = a !== undefined && b !== undefined && canonical(a) === canonical(b);
  if (op === '=') return equal;
  // Like DynamoDB: a missing attribute or one of another type is "not equal".
  if (op === '<>') return !equal;
  const order = a === undefined || b === undefined ? undefined : ordering(a, b);
  if (order === undefined) return false;
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    default:
      return order >= 0;
  }
}

function beginsWith(value: AttributeValue | undefined, prefix: AttributeValue | undefined): boolean {
  if (typeof value?.S === 'string' && typeof prefix?.S === 'string') return value.S.startsWith(prefix.S);
  if (typeof value?.B === 'string' && typeof prefix?.B === 'string') {
    const bytes = Buffer.from(value.B, 'base64');
    const head = Buffer.from(prefix.B, 'base64');
    return bytes.subarray(0, head.length).equals(head);
  }
  return false;
}

function operandValue(o: Operand, item: Item): AttributeValue | undefined {
  return 'path' in o ? item[o.path] : o.value;
}

/** Whether `item` (`{}` for an item that does not exist) satisfies the condition. */
function evaluate(c: Condition, item: Item): boolean {
  switch (c.op) {
    case 'AND':
      return evaluate(c.left, item) && evaluate(c.right, item);
    case 'OR':
      return evaluate(c.left, item) || evaluate(c.right, item);
    case 'NOT':
      return !evaluate(c.operand, item);
    case 'attribute_exists':
      return item[c.path] !== undefined;
    case 'attribute_not_exists':
      return item[c.path] === undefined;
    case 'begins_with':
      return beginsWith(item[c.path], operandValue(c.prefix, item));
    default:
      return compare(c.op, operandValue(c.left, item), operandValue(c.right, item));
  }
}

function checkAllValuesUsed(values: Json, used: Set<string>): void {
  if (!isObject(values)) return;
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (unused.length > 0) {
    throw validation(
      `Value provided in ExpressionAttributeValues unused in expressions: keys: {${unused.join(', ')}}`,
    );
  }
}

/**
 * A request's expressions, parsed: the condition (`field`) and, when `withProjection`, the projection. Like
 * DynamoDB, every name in ExpressionAttributeNames and every value in ExpressionAttributeValues must be used
 * by one of them, the maps must not be empty, and values need an expression that can use them.
 */
function requestExpressions(
  body: Record<string, Json>,
  field: ExpressionField | undefined,
  withProjection: boolean,
): { condition?: Condition; attributes?: string[] } {
  const p: Placeholders = {
    names: body.ExpressionAttributeNames,
    values: body.ExpressionAttributeValues,
    usedNames: new Set(),
    usedValues: new Set(),
  };
  for (const member of ['ExpressionAttributeNames', 'ExpressionAttributeValues'] as const) {
    const map = body[member];
    if (map !== undefined && (!isObject(map) || Object.keys(map).length === 0)) {
      throw validation(`${member} must not be empty`);
    }
  }
  if (isObject(p.values)) for (const [k, v] of Object.entries(p.values)) checkAttributeValue(v, k);
  const attributes = withProjection ? projection(body.ProjectionExpression, p.names, p.usedNames) : undefined;
  const raw = field === undefined ? undefined : body[field];
  const condition = field === undefined || raw === undefined ? undefined : parseCondition(raw, field, p);
  if (p.values !== undefined && condition === undefined) {
    throw validation(
      `ExpressionAttributeValues can only be specified when using expressions: ${field ?? 'the expression'} is null`,
    );
  }
  checkAllNamesUsed(p.names, p.usedNames);
  checkAllValuesUsed(p.values, p.usedValues);
  return { condition, attributes };
}

// ---- Scan --------------------------------------------------------------------------------------------------

export interface ScanPaging {
  /** Items read per Scan page at most, before the filter (default: no count limit, only the 1 MB). */
  pageItems?: number;
  /** Bytes read per Scan page: a page ends with the item that reaches this (default 1 MB, as DynamoDB). */
  pageBytes?: number;
}

/** Where an item sits in Scan order: by a hash of its key, as DynamoDB's partitions are, not by insertion. */
function scanPosition(key: string): string {
  return `${createHash('md5').update(key).digest('hex')}\u0000${key}`;
}

function scanLimit(raw: Json): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1) {
    throw validation(
      `1 validation error detected: Value '${String(raw)}' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1`,
    );
  }
  return raw;
}

const SCAN_UNSUPPORTED = [
  'IndexName',
  'Segment',
  'TotalSegments',
  'ScanFilter',
  'AttributesToGet',
  'ConditionalOperator',
] as const;

/** Checks the Scan members the fake does not serve, and ConsistentRead; the Select asked for. */
function scanSelect(body: Record<string, Json>): 'ALL_ATTRIBUTES' | 'COUNT' {
  for (const member of SCAN_UNSUPPORTED) {
    if (body[member] !== undefined) throw validation(`fake DynamoDB does not support Scan with ${member}`);
  }
  const select = body.Select ?? 'ALL_ATTRIBUTES';
  if (select !== 'ALL_ATTRIBUTES' && select !== 'COUNT') {
    throw validation(`fake DynamoDB does not support Scan with Select ${String(select)}`);
  }
  if (body.ConsistentRead !== undefined && typeof body.ConsistentRead !== 'boolean') {
    throw validation("1 validation error detected: Value at 'consistentRead' must be a boolean");
  }
  return select;
}

/**
 * One Scan page: items in hash order after ExclusiveStartKey, until Limit items or the page size are read
 * (the filter applies after reading, so a page may hold fewer items, even none, and still have more after it).
 * LastEvaluatedKey is set whenever the page stopped at a limit, even if nothing is left, as DynamoDB does.
 */
function scanPage(
  t: Table,
  body: Record<string, Json>,
  call: FakeCall,
  paging: Required<ScanPaging>,
): Record<string, Json> {
  const select = scanSelect(body);
  const limit = Math.min(scanLimit(body.Limit) ?? Number.POSITIVE_INFINITY, paging.pageItems);
  const { condition, attributes } = requestExpressions(body, 'FilterExpression', true);
  if (select === 'COUNT' && attributes !== undefined) {
    throw validation('Cannot specify the ProjectionExpression when choosing to get only the Count');
  }
  const start =
    body.ExclusiveStartKey === undefined ? undefined : scanPosition(checkKey(t, body.ExclusiveStartKey));
  const ordered = [...t.items.entries()]
    .map(([key, item]) => ({ key, item, position: scanPosition(key) }))
    .filter((e) => start === undefined || e.position > start)
    .sort((a, b) => (a.position < b.position ? -1 : 1));
  const items: Item[] = [];
  let scanned = 0;
  let bytes = 0;
  let last: string | undefined;
  for (const entry of ordered) {
    if (scanned >= limit || bytes >= paging.pageBytes) break;
    scanned += 1;
    bytes += itemBytes(entry.item);
    last = entry.key;
    if (condition === undefined || evaluate(condition, entry.item))
      items.push(project(entry.item, attributes));
  }
  call.size = scanned;
  const stopped = last !== undefined && (scanned >= limit || bytes >= paging.pageBytes);
  return {
    ...(select === 'COUNT' ? {} : { Items: items }),
    Count: items.length,
    ScannedCount: scanned,
    ...(stopped ? { LastEvaluatedKey: { [t.hashKey]: { S: last } } } : {}),
  };
}

/** One WriteRequest: a PutRequest (the item) or a DeleteRequest (the key), and the key it touches. */
function parseWrite(table: Table, raw: Json): { key: string; item?: Item } {
  const exactlyOne = 'Supplied WriteRequest must contain exactly one of PutRequest or DeleteRequest';
  if (!isObject(raw) || Object.keys(raw).length !== 1) throw validation(exactlyOne);
  if (isObject(raw.PutRequest)) {
    const item = checkItem(table, raw.PutRequest.Item);
    return { key: String(item[table.hashKey]?.S), item };
  }
  if (isObject(raw.DeleteRequest)) return { key: checkKey(table, raw.DeleteRequest.Key) };
  throw validation(exactlyOne);
}

/** How many of `n` keys/items the active fault leaves unprocessed. */
function unprocessedCount(fault: UnprocessedFault, n: number): number {
  if (fault.count !== undefined) return Math.min(n, Math.max(0, fault.count));
  return Math.min(n, Math.ceil(n * Math.max(0, fault.fraction ?? 0)));
}

function parseBody(text: string | undefined): Record<string, Json> {
  if (text === undefined) throw validation(`Request size exceeds ${MAX_REQUEST_BYTES} bytes`);
  let body: Json;
  try {
    body = JSON.parse(text === '' ? '{}' : text);
  } catch {
    throw new DynamoError('SerializationException', 'body is not JSON', CORAL);
  }
  if (!isObject(body)) throw new DynamoError('SerializationException', 'body is not a JSON object', CORAL);
  return body;
}

export interface DynamoFakeOptions {
  /**
   * Serve Scan, with these page limits (`true`: DynamoDB's 1 MB pages). Off by default, where Scan is an
   * unknown operation as in the fake's first version (test/queue/dynamodb.test.ts relies on that).
   */
  scan?: boolean | ScanPaging;
}

/** Starts the fake on 127.0.0.1 at a free port. */
export async function startDynamoFake(options: DynamoFakeOptions = {}): Promise<DynamoFake> {
  const scanPaging: Required<ScanPaging> | undefined =
    options.scan === undefined || options.scan === false
      ? undefined
      : {
          pageItems: (options.scan === true ? undefined : options.scan.pageItems) ?? Number.POSITIVE_INFINITY,
          pageBytes: (options.scan === true ? undefined : options.scan.pageBytes) ?? MAX_SCAN_PAGE_BYTES,
        };
  const tables = new Map<string, Table>();
  const calls: FakeCall[] = [];
  let unprocessedFault: (UnprocessedFault & { left: number }) | undefined;
  let throttle: { left: number; op: string | undefined } | undefined;

  function tableName(name: Json): string {
    if (typeof name !== 'string' || name.length < 3 || name.length > 255 || !/^[A-Za-z0-9_.-]+$/.test(name)) {
      throw validation(
        `1 validation error detected: Value '${String(name)}' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+`,
      );
    }
    return name;
  }

  function table(raw: Json): Table {
    const name = tableName(raw);
    const t = tables.get(name);
    if (t === undefined)
      throw new DynamoError(
        'ResourceNotFoundException',
        `Requested resource not found: Table: ${name} not found`,
      );
    return t;
  }

  function describe(t: Table): Record<string, Json> {
    return {
      TableName: t.name,
      TableStatus: 'ACTIVE',
      TableArn: `arn:aws:dynamodb:us-east-1:000000000000:table/${t.name}`,
      KeySchema: [{ AttributeName: t.hashKey, KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: t.hashKey, AttributeType: 'S' }],
      BillingModeSummary: { BillingMode: 'PAY_PER_REQUEST' },
      CreationDateTime: t.createdAt,
      ItemCount: t.items.size,
      TableSizeBytes: [...t.items.values()].reduce((n, item) => n + itemBytes(item), 0),
    };
  }

  /** Takes the fault's share of a batch request's `n` keys/items, if one is active for `op`. */
  function takeUnprocessed(op: BatchOp, n: number): number {
    const fault = unprocessedFault;
    if (fault === undefined || (fault.op !== undefined && fault.op !== op)) return 0;
    fault.left -= 1;
    if (fault.left <= 0) unprocessedFault = undefined;
    return unprocessedCount(fault, n);
  }

  const handlers: Record<string, (body: Record<string, Json>, call: FakeCall) => Record<string, Json>> = {
    CreateTable(body) {
      const name = tableName(body.TableName);
      if (tables.has(name)) {
        throw new DynamoError('ResourceInUseException', `Table already exists: ${name}`);
      }
      const keys = body.KeySchema;
      const defs = body.AttributeDefinitions;
      const hash = Array.isArray(keys) && keys.length === 1 && isObject(keys[0]) ? keys[0] : undefined;
      if (hash === undefined || hash.KeyType !== 'HASH' || typeof hash.AttributeName !== 'string') {
        throw validation('fake DynamoDB supports exactly one KeySchema element, of KeyType HASH');
      }
      const def = Array.isArray(defs)
        ? defs.find((d) => isObject(d) && d.AttributeName === hash.AttributeName)
        : undefined;
      if (!isObject(def) || def.AttributeType !== 'S' || (Array.isArray(defs) && defs.length !== 1)) {
        throw validation('fake DynamoDB supports one AttributeDefinition: the hash key, of AttributeType S');
      }
      const created: Table = {
        name,
        hashKey: hash.AttributeName,
        createdAt: Math.floor(Date.now() / 1000),
        items: new Map(),
      };
      tables.set(name, created);
      return { TableDescription: describe(created) };
    },

    DescribeTable(body) {
      return { Table: describe(table(body.TableName)) };
    },

    GetItem(body) {
      const t = table(body.TableName);
      if (body.ConsistentRead !== undefined && typeof body.ConsistentRead !== 'boolean') {
        throw validation("1 validation error detected: Value at 'consistentRead' must be a boolean");
      }
      const { attributes } = requestExpressions(body, undefined, true);
      const item = t.items.get(checkKey(t, body.Key));
      return item === undefined ? {} : { Item: project(item, attributes) };
    },

    PutItem(body) {
      const t = table(body.TableName);
      const item = checkItem(t, body.Item);
      const key = String(item[t.hashKey]?.S);
      const { condition } = requestExpressions(body, 'ConditionExpression', false);
      const old = t.items.get(key);
      if (condition !== undefined && !evaluate(condition, old ?? {})) {
        const withItem = body.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && old !== undefined;
        throw new DynamoError(
          'ConditionalCheckFailedException',
          'The conditional request failed',
          ERROR_PREFIX,
          withItem ? { Item: copy(old) } : {},
        );
      }
      t.items.set(key, copy(item));
      return body.ReturnValues === 'ALL_OLD' && old !== undefined ? { Attributes: copy(old) } : {};
    },

    BatchGetItem(body, call) {
      const request = body.RequestItems;
      if (!isObject(request) || Object.keys(request).length === 0) {
        throw validation(
          "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint",
        );
      }
      const specs = Object.entries(request).map(([name, spec]) => {
        if (!isObject(spec) || !Array.isArray(spec.Keys) || spec.Keys.length === 0) {
          throw validation('1 validation error detected: Keys must have length greater than or equal to 1');
        }
        return { name, spec, keys: spec.Keys as Json[] };
      });
      call.size = specs.reduce((n, s) => n + s.keys.length, 0);
      if (call.size > MAX_BATCH_GET) throw validation('Too many items requested for the BatchGetItem call');
      const wanted: Array<{ table: Table; spec: Record<string, Json>; key: string; raw: Json }> = [];
      for (const { name, spec, keys } of specs) {
        const t = table(name);
        for (const raw of keys) wanted.push({ table: t, spec, key: '', raw });
      }
      const seen = new Set<string>();
      for (const w of wanted) {
        w.key = checkKey(w.table, w.raw);
        const id = `${w.table.name}\u0000${w.key}`;
        if (seen.has(id)) throw validation('Provided list of item keys contains duplicates');
        seen.add(id);
      }
      const projections = new Map<string, string[] | undefined>();
      for (const [name, spec] of Object.entries(request)) {
        const s = spec as Record<string, Json>;
        const used = new Set<string>();
        projections.set(name, projection(s.ProjectionExpression, s.ExpressionAttributeNames, used));
        checkAllNamesUsed(s.ExpressionAttributeNames, used);
      }
      const skip = takeUnprocessed('BatchGetItem', wanted.length);
      call.unprocessed = skip;
      const responses: Record<string, Item[]> = {};
      const unprocessed: Record<string, Record<string, Json>> = {};
      for (const name of Object.keys(request)) responses[name] = [];
      wanted.forEach((w, i) => {
        const name = w.table.name;
        if (i >= wanted.length - skip) {
          const { Keys: _keys, ...rest } = w.spec;
          const entry = unprocessed[name] ?? { ...copy(rest), Keys: [] };
          (entry.Keys as Json[]).push(copy(w.raw));
          unprocessed[name] = entry;
          return;
        }
        const item = w.table.items.get(w.key);
        if (item !== undefined) responses[name]?.push(project(item, projections.get(name)));
      });
      return { Responses: responses, UnprocessedKeys: unprocessed };
    },

    BatchWriteItem(body, call) {
      const request = body.RequestItems;
      if (!isObject(request) || Object.keys(request).length === 0) {
        throw validation(
          "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint",
        );
      }
      const lists = Object.entries(request).map(([name, list]) => {
        if (!Array.isArray(list) || list.length === 0) {
          throw validation(
            "1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length greater than or equal to 1]",
          );
        }
        return { name, list: list as Json[] };
      });
      call.size = lists.reduce((n, l) => n + l.list.length, 0);
      if (call.size > MAX_BATCH_WRITE) {
        throw validation(
          "1 validation error detected: Value at 'requestItems' failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]",
        );
      }
      const writes: Array<{ table: Table; raw: Json; key: string; item?: Item }> = [];
      for (const { name, list } of lists) {
        const t = table(name);
        for (const raw of list) writes.push({ table: t, raw, key: '' });
      }
      const seen = new Set<string>();
      for (const w of writes) {
        Object.assign(w, parseWrite(w.table, w.raw));
        const id = `${w.table.name}\u0000${w.key}`;
        if (seen.has(id)) throw validation('Provided list of item keys contains duplicates');
        seen.add(id);
      }
      const skip = takeUnprocessed('BatchWriteItem', writes.length);
      call.unprocessed = skip;
      const unprocessed: Record<string, Json[]> = {};
      writes.forEach((w, i) => {
        if (i >= writes.length - skip) {
          const list = unprocessed[w.table.name] ?? [];
          list.push(copy(w.raw));
          unprocessed[w.table.name] = list;
        } else if (w.item !== undefined) {
          w.table.items.set(w.key, copy(w.item));
        } else {
          w.table.items.delete(w.key);
        }
      });
      return { UnprocessedItems: unprocessed };
    },
  };

  if (scanPaging !== undefined) {
    handlers.Scan = (body, call) => scanPage(table(body.TableName), body, call, scanPaging);
  }

  function send(res: ServerResponse, status: number, payload: Json): void {
    const body = JSON.stringify(payload);
    res.writeHead(status, {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-requestid': randomUUID(),
      'x-amz-crc32': String(crc32(body)),
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  }

  function fail(res: ServerResponse, call: FakeCall, error: DynamoError): void {
    call.status = 400;
    call.error = error.code;
    send(res, 400, { ...error.extra, __type: `${error.prefix}${error.code}`, message: error.message });
  }

  async function readBody(req: IncomingMessage): Promise<string | undefined> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_REQUEST_BYTES) return undefined;
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** The protocol envelope: method, path, content type, a signature, a known operation, a JSON object body. */
  function envelope(req: IncomingMessage, text: string | undefined): Record<string, Json> {
    const target = String(req.headers['x-amz-target'] ?? '');
    if (req.method !== 'POST' || req.url !== '/') {
      throw new DynamoError('UnknownOperationException', 'POST / only', CORAL);
    }
    if (!String(req.headers['content-type'] ?? '').startsWith('application/x-amz-json-1.0')) {
      throw new DynamoError('SerializationException', 'expected application/x-amz-json-1.0', CORAL);
    }
    if (!String(req.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) {
      throw new DynamoError(
        'MissingAuthenticationTokenException',
        'Request is missing Authentication Token',
        CORAL,
      );
    }
    if (!target.startsWith(TARGET_PREFIX) || handlers[target.slice(TARGET_PREFIX.length)] === undefined) {
      throw new DynamoError('UnknownOperationException', `unknown operation: ${target}`, CORAL);
    }
    return parseBody(text);
  }

  function throttled(op: string): boolean {
    if (throttle === undefined || (throttle.op !== undefined && throttle.op !== op)) return false;
    throttle.left -= 1;
    if (throttle.left <= 0) throttle = undefined;
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const op = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : target;
    const call: FakeCall = { op, status: 200, size: 1, unprocessed: 0, request: {} };
    calls.push(call);
    const text = await readBody(req);
    try {
      call.request = envelope(req, text);
      if (throttled(op)) {
        throw new DynamoError(
          'ProvisionedThroughputExceededException',
          'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
        );
      }
      const handler = handlers[op];
      if (handler === undefined) throw new Error(`no handler for ${op}`);
      send(res, 200, handler(copy(call.request), call));
    } catch (error) {
      if (error instanceof DynamoError) return fail(res, call, error);
      call.status = 500;
      call.error = 'InternalServerError';
      send(res, 500, { __type: `${ERROR_PREFIX}InternalServerError`, message: String(error) });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        send(res, 500, { __type: `${ERROR_PREFIX}InternalServerError`, message: String(error) });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    leaveUnprocessed(fault) {
      unprocessedFault = { ...fault, left: fault.calls ?? 1 };
    },
    throttle(n, op) {
      throttle = n > 0 ? { left: n, op } : undefined;
    },
    clearFaults() {
      unprocessedFault = undefined;
      throttle = undefined;
    },
    items(name) {
      return [...(tables.get(name)?.items.values() ?? [])].map(copy);
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** The real SDK client pointed at a fake (test credentials; `maxAttempts` 1 lets throttling surface at once). */
export function fakeClient(fake: DynamoFake, maxAttempts: number): DynamoDBClient {
  return new DynamoDBClient({
    region: 'us-east-1',
    endpoint: fake.url,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts,
  });
}
