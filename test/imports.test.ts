import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { expect, it } from 'vitest';

/**
 * No import circles among the project's modules: their relative imports (types too) form a graph without a
 * cycle, so every module can be read, tested and moved after what it uses.
 */

const ROOT = join(import.meta.dirname, '..');
const SOURCES = ['functions', 'shared', 'scripts', 'bench', 'test'];
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g;

function modules(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : modules(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function graph(): Map<string, string[]> {
  const files = new Set(SOURCES.flatMap(modules));
  return new Map(
    [...files].map((file) => {
      const text = readFileSync(join(ROOT, file), 'utf8');
      const targets = [...text.matchAll(SPECIFIER)].map((m) => normalize(join(dirname(file), m[1] ?? '')));
      return [file, targets.filter((t) => files.has(t))];
    }),
  );
}

/** A cycle of the graph as the path around it, or undefined (depth first: a module met again on the path). */
function cycle(edges: Map<string, string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): string[] | undefined => {
    const at = path.indexOf(module);
    if (at >= 0) return [...path.slice(at), module];
    if (done.has(module)) return undefined;
    path.push(module);
    for (const next of edges.get(module) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    done.add(module);
    return undefined;
  };
  for (const module of edges.keys()) {
    const found = visit(module);
    if (found) return found;
  }
  return undefined;
}

it('has no import circles', () => {
  expect(cycle(graph())).toBeUndefined();
});
