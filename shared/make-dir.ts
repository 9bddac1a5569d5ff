import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `path` and any missing parents, one level at a time. Not `mkdirSync(path, { recursive: true })`: on a file
 * system that answers ENOENT when asked to create a directory (/proc, /sys), Node's recursive mkdir retries
 * forever at full CPU, where a state directory set there must fail with the system's own error.
 */
export function makeDir(path: string): void {
  const missing: string[] = [];
  for (let dir = resolve(path); !existsSync(dir); dir = dirname(dir)) {
    missing.push(dir);
    if (dirname(dir) === dir) break;
  }
  for (const dir of missing.reverse()) mkdirSync(dir);
}
