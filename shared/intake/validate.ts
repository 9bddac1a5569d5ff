import { z } from 'zod';
import { describeIssues, MAX_ISSUES_SHOWN, type SchemaIssue } from '../schemas/bundle.ts';

/**
 * How a body is checked against its route's schema so that refusing it costs no more than accepting it. Zod
 * collects every issue of a failing parse, each a few microseconds of allocation and message formatting: 108,000
 * issues in a 1 MiB body of wrong label values took 2–3 s of the event loop, and 5,000 wrong alerts about 20 times
 * what accepting the same bytes takes. So the parse stops at the first issue (zod's early abort, the flag its own
 * `validate` uses), which costs at most what a valid body costs; the reply's list then comes from a second parse of
 * the body cut to its first members (PRUNED_MEMBERS array elements and map entries, in the order zod reads them),
 * whose cost does not grow with the body.
 */

/** Zod stops a failing parse before the next member once one member has an issue. */
const FIRST_ISSUE_ONLY: z.core.ParseContextInternal<z.core.$ZodIssue> = { abortEarly: true };

/**
 * Array elements and map entries kept for describing a refused body, over the whole body: enough for the listed
 * issues in the usual case, few enough that describing stays cheaper than accepting.
 */
export const PRUNED_MEMBERS = 64;

export type Validated<T> =
  | { ok: true; data: T }
  /**
   * The first issues (at most MAX_ISSUES_SHOWN). `total`: how many there were, when the whole body was read;
   * `partial`: the issues were looked for in part of the body only (its first members), so there may be more.
   */
  | { ok: false; issues: SchemaIssue[]; total?: number; partial?: boolean };

export function validate<S extends z.ZodType>(schema: S, value: unknown): Validated<z.infer<S>> {
  const first = schema.safeParse(value, FIRST_ISSUE_ONLY);
  if (first.success) return { ok: true, data: first.data };
  const budget = { members: PRUNED_MEMBERS, cut: false };
  const pruned = prune(schema, value, budget);
  const described = schema.safeParse(pruned);
  const found = described.success ? [] : described.error.issues;
  // The early abort found the body's first issue exactly; a member cut away may have held it.
  const [firstIssue] = first.error.issues;
  const issues =
    firstIssue && !found.some((i) => samePath(i.path, firstIssue.path)) ? [firstIssue, ...found] : found;
  const shown = describeIssues({ issues });
  if (budget.cut) return { ok: false, issues: shown, partial: true };
  return { ok: false, issues: shown, ...(issues.length > MAX_ISSUES_SHOWN ? { total: issues.length } : {}) };
}

const samePath = (a: readonly PropertyKey[], b: readonly PropertyKey[]) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

interface Budget {
  members: number;
  /** Whether any member was cut away. */
  cut: boolean;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The value with its arrays and maps cut to the budget's members, spent in the order zod parses them (an object's
 * shape keys, then its other keys; array elements in order). Only members are cut, never an object's shape keys,
 * so the cut value has no issue the whole value lacks.
 */
function prune(schema: z.core.$ZodType, value: unknown, budget: Budget): unknown {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return prune(def.innerType as z.core.$ZodType, value, budget);
    case 'pipe':
      return prune(def.in as z.core.$ZodType, value, budget);
    case 'array':
      // Over its size limit, an array is refused by that check alone, its elements unread: nothing to cut.
      if (!Array.isArray(value) || overCap(def, value.length)) return value;
      return pruneArray(def.element as z.core.$ZodType, value, budget);
    case 'object':
      return isPlainObject(value) ? pruneObject(def, value, budget) : value;
    case 'union': {
      // The one option of the value's kind (one event or an array of them); with several, left whole.
      const kind = (s: z.core.$ZodType) => (s._zod.def.type === 'array') === Array.isArray(value);
      const fitting = (def.options as z.core.$ZodType[]).filter(kind);
      const [only] = fitting;
      return fitting.length === 1 && only ? prune(only, value, budget) : value;
    }
    default:
      return value;
  }
}

function overCap(def: z.core.$ZodTypeDef, size: number): boolean {
  return z.core.util.sizeCaps(def.checks).some(([max]) => size > max);
}

function pruneArray(element: z.core.$ZodType, value: unknown[], budget: Budget): unknown[] {
  const kept = value.slice(0, Math.max(0, budget.members));
  budget.members -= kept.length;
  if (kept.length < value.length) budget.cut = true;
  return kept.map((v) => prune(element, v, budget));
}

/** Schemas that give a key they meet no issue of its own (a loose object's extras) or one issue for all (strict). */
const WHOLE = new Set(['unknown', 'any', 'never']);

function pruneObject(
  def: Record<string, unknown>,
  value: Record<string, unknown>,
  budget: Budget,
): Record<string, unknown> {
  const shape = (def.shape ?? {}) as Record<string, z.core.$ZodType>;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(shape)) {
    if (Object.hasOwn(value, key)) put(out, key, prune(member, value[key], budget));
  }
  const catchall = def.catchall as z.core.$ZodType | undefined;
  const perEntry = catchall && !WHOLE.has(catchall._zod.def.type) ? catchall : undefined;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || Object.hasOwn(shape, key)) continue;
    // A map's entries are each parsed and cost a member (the rest of a map is not even listed); other keys cost
    // nothing to keep.
    if (!perEntry) put(out, key, value[key]);
    else if (budget.members > 0) {
      budget.members -= 1;
      put(out, key, prune(perEntry, value[key], budget));
    } else {
      budget.cut = true;
      break;
    }
  }
  return out;
}

/** An own property, whatever its name (`__proto__` included: an assignment would set the prototype). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
