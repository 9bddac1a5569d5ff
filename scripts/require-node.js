// npm runs scripts with node_modules/.bin first on PATH, where the pinned "node" devDependency lives.
// If that install step was skipped (npm ci --ignore-scripts), npm silently falls back to the system
// Node, which is too old for the code and the test runner: fail loudly instead of failing obscurely.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Node ${process.version} is too old (need >= 22). Run "npm ci" without --ignore-scripts so the pinned Node is installed.`,
  );
  process.exit(1);
}
