import pkg from '../package.json' with { type: 'json' };

/**
 * The oldest Node release the package runs on, from `engines.node` in package.json (one place to change).
 * `@kubernetes/client-node` depends on undici 8, which needs 22.19; node:sqlite (the embedded queue) is
 * older than that.
 */
export const MINIMUM_NODE = pkg.engines.node.replace(/^>=\s*/, '');

function parts(version: string): number[] {
  return version
    .replace(/^v/, '')
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);
}

/** Whether `version` (e.g. process.version) is at least `minimum`, comparing major.minor.patch. */
export function isAtLeast(version: string, minimum: string): boolean {
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < 3; i++) {
    const diff = (have[i] ?? 0) - (need[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}

/**
 * The executables' first step, before any module that needs a newer Node is loaded: on an older Node, one
 * line saying what to install instead of a stack trace from deep inside an import. Returns whether to go on.
 */
export function requireSupportedNode(program: string): boolean {
  if (isAtLeast(process.version, MINIMUM_NODE)) return true;
  process.stderr.write(
    `${program}: Node ${process.version} is too old; it needs Node ${MINIMUM_NODE} or newer ` +
      '(https://nodejs.org, or your version manager: nvm install 24).\n',
  );
  process.exitCode = 2;
  return false;
}
