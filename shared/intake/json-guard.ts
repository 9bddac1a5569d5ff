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

interface Pending {
  value: unknown;
  path: PropertyKey[];
}

/** The members of an object to look at next, or the problem with the object itself. */
function membersOf(v: object, path: PropertyKey[]): Pending[] | SchemaIssue {
  if (Array.isArray(v)) {
    return v.flatMap((value, i) => (typeof value === 'object' ? [{ value, path: [...path, i] }] : []));
  }
  const keys = Object.keys(v);
  if (keys.length > MAX_OBJECT_KEYS) {
    return { path: formatPath(path), message: `has ${keys.length} members; at most ${MAX_OBJECT_KEYS}` };
  }
  if (keys.includes(PROTOTYPE_KEY)) {
    return { path: formatPath([...path, PROTOTYPE_KEY]), message: 'the key "__proto__" is not accepted' };
  }
  return keys.flatMap((key) => {
    const value = (v as Record<string, unknown>)[key];
    return typeof value === 'object' ? [{ value, path: [...path, key] }] : [];
  });
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
  const stack: Pending[] = [{ value, path: [...prefix] }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value: v, path } = item;
    if (v === null || typeof v !== 'object') continue;
    if (path.length - prefix.length >= maxDepth) {
      return {
        path: formatPath(path),
        message: `nested deeper than ${maxDepth} levels: flatten the payload`,
      };
    }
    const members = membersOf(v, path);
    if (!Array.isArray(members)) return members;
    for (let i = members.length - 1; i >= 0; i--) stack.push(members[i] as Pending);
  }
  return undefined;
}
