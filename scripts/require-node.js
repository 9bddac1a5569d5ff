// npm runs scripts with node_modules/.bin first on PATH, where the pinned "node" devDependency lives.
// If that install step was skipped (npm ci --ignore-scripts, or --omit=dev), npm silently falls back to the
// system Node, which may be too old for the code and the test runner: fail loudly instead of obscurely.
// Plain JavaScript on purpose: it has to run on the old Node it rejects. (The built executables do the same
// check in functions/node-support.ts.)
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const minimum = engines.node.replace(/^>=\s*/, '');
const [major, minor] = process.versions.node.split('.').map(Number);
const [needMajor, needMinor = 0] = minimum.split('.').map(Number);
if (major < needMajor || (major === needMajor && minor < needMinor)) {
  console.error(
    `Node ${process.version} is too old (need >= ${minimum}). Run "npm ci" with the dev dependencies and ` +
      'without --ignore-scripts so the pinned Node is installed, or install a newer Node.',
  );
  process.exit(1);
}
