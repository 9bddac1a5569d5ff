import { formatPath, type SchemaIssue } from '../schemas/bundle.ts';

/**
 * Nesting deeper than this is refused before any schema or hash walks the value. The deepest real payload
 * (a bundle's event with its metadata, or a sender's own fields) is about 10 levels; recursive code further on
 * (zod, canonical JSON, structured clones) must never meet thousands.
 */
export const MAX_JSON_DEPTH = 64;
/** No object in these payloads has more members; a label set of 200,000 invalid entries is refused unread. */
export const MAX_OBJECT_KEYS = 10_000;

/**
 * `__proto__` is an own property after JSON.parse, but zod and plain object spreads drop it or turn it into the
 * prototype: refused anywhere, so no entry disappears silently.
 */
const PROTOTYPE_KEY = '__proto__';

/**
 * A value still to look at, and where it is: its key and its parent's entry. The path is spelled out only for the
 * one problem reported (most bodies have none), not copied for every member on the way down.
 */
interface Pending {
  value: unknown;
  key: PropertyKey | undefined;
  parent: Pending | undefined;
  depth: number;
}

function pathOf(item: Pending, prefix: readonly PropertyKey[], last?: PropertyKey): PropertyKey[] {
  const keys: PropertyKey[] = last === undefined ? [] : [last];
  for (let at: Pending | undefined = item; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return [...prefix, ...keys.reverse()];
}

/** What is wrong with an object itself (too many members, a `__proto__` key), or undefined. */
function objectIssue(
  item: Pending,
  keys: readonly string[],
  prefix: readonly PropertyKey[],
): SchemaIssue | undefined {
  if (keys.length > MAX_OBJECT_KEYS) {
    return {
      path: formatPath(pathOf(item, prefix)),
      message: `has ${keys.length} members; at most ${MAX_OBJECT_KEYS}`,
    };
  }
  if (keys.includes(PROTOTYPE_KEY)) {
    return {
      path: formatPath(pathOf(item, prefix, PROTOTYPE_KEY)),
      message: 'the key "__proto__" is not accepted',
    };
  }
  return undefined;
}

/** Queues an array's or object's members that are objects themselves, first member on top. */
function pushMembers(stack: Pending[], item: Pending, v: object, keys: readonly PropertyKey[]): void {
  const depth = item.depth + 1;
  for (let i = keys.length - 1; i >= 0; i--) {
    const key = keys[i] as PropertyKey;
    const member = (v as Record<PropertyKey, unknown>)[key];
    if (typeof member === 'object') stack.push({ value: member, key, parent: item, depth });
  }
}

/**
 * Checks a parsed JSON value without recursion: nesting depth, members per object, and `__proto__` keys. Returns
 * the first problem with its path (under `prefix`), or undefined. The walk is bounded by the value's own size
 * (the body limit).
 */
export function inspectJson(
  value: unknown,
  prefix: readonly PropertyKey[] = [],
  maxDepth = MAX_JSON_DEPTH,
): SchemaIssue | undefined {
  const stack: Pending[] = [{ value, key: undefined, parent: undefined, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const v = item.value;
    if (v === null || typeof v !== 'object') continue;
    if (item.depth >= maxDepth) {
      return {
        path: formatPath(pathOf(item, prefix)),
        message: `nested deeper than ${maxDepth} levels: flatten the payload`,
      };
    }
    if (Array.isArray(v)) {
      pushMembers(
        stack,
        item,
        v,
        v.map((_, i) => i),
      );
      continue;
    }
    const keys = Object.keys(v);
    const issue = objectIssue(item, keys, prefix);
    if (issue) return issue;
    pushMembers(stack, item, v, keys);
  }
  return undefined;
}
