/** A string already rendered, queued between the values still to render. */
class Rendered {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const COMMA = new Rendered(',');

/** The work an array or object stands for, in the order it is to be rendered (the caller pushes it reversed). */
function parts(item: object): unknown[] {
  // A flat array (a dedup key's parts: fingerprint, status, startsAt) has no keys to sort: JSON.stringify renders it
  // as this would, in one native call, on ingest's hot path.
  if (Array.isArray(item) && item.every((v) => v === null || typeof v !== 'object')) {
    return [new Rendered(JSON.stringify(item))];
  }
  if (Array.isArray(item)) {
    return [
      new Rendered('['),
      ...item.flatMap((v, i) => (i > 0 ? [COMMA, v ?? null] : [v ?? null])),
      new Rendered(']'),
    ];
  }
  const entries = Object.entries(item as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return [
    new Rendered('{'),
    ...entries.flatMap(([k, v], i) => [...(i > 0 ? [COMMA] : []), new Rendered(`${JSON.stringify(k)}:`), v]),
    new Rendered('}'),
  ];
}

/**
 * JSON with sorted keys, so the same content always hashes the same. Iterative (an explicit stack, no recursion):
 * however deep a value nests, this never overflows the call stack. `undefined` members are left out and
 * `undefined` elsewhere is `null`, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const item = todo.pop();
    if (item instanceof Rendered) out.push(item.text);
    else if (item !== null && typeof item === 'object') {
      // One push each: spreading a large array into push() would exceed the engine's argument limit.
      const next = parts(item);
      for (let i = next.length - 1; i >= 0; i--) todo.push(next[i]);
    } else out.push(JSON.stringify(item) ?? 'null');
  }
  return out.join('');
}
