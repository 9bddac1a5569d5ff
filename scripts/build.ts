// `npm run build`: compiles the two executables to JavaScript in dist/, so the package runs from a tarball or
// an image on a plain Node (Node does not strip types under node_modules). Run by prepack and prestart.
//
//   dist/cli.js     the `pleg-responder` command (package.json "bin")
//   dist/server.js  the server (`npm start`, the container image)
//   dist/scan-worker.js  a worker thread of `diagnose --log` reading one range of a large file
//   dist/proc-probe.js   the child process of `collect` that reads /proc (killed if it hangs)
//   dist/agent.js   the node agent alone (its DaemonSet's command): no CLI until a collection is due
//   dist/chunks/    code shared by the two, or loaded only by the command that needs it (dynamic import())
//
// Our code is bundled; packages from node_modules stay imports, resolved from the package's dependencies,
// except the small ones the CLI needs on every start (see BUNDLED): one file reads faster than dozens.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import pkg from '../package.json' with { type: 'json' };

const root = join(import.meta.dirname, '..');
const outdir = join(root, 'dist');

/**
 * Dependencies compiled into the output rather than imported at run time: zod (the schemas of every command;
 * ~100 files as a package) and commander (every start). The rest (Kubernetes, AWS, Slack clients, Hono, yaml)
 * stay external: loaded only by the commands that need them, and shared with the server.
 */
const BUNDLED = new Set(['zod', 'commander']);

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    cli: 'functions/cli/bin.ts',
    server: 'functions/node/bin.ts',
    'scan-worker': 'functions/cli/scan-worker.ts',
    'proc-probe': 'functions/collect/proc-probe.ts',
    agent: 'functions/agent/bin.ts',
  },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: `node${pkg.engines.node.replace(/^>=\s*/, '')}`,
  external: Object.keys(pkg.dependencies).filter((name) => !BUNDLED.has(name)),
  legalComments: 'inline',
  metafile: true,
  logLevel: 'warning',
});

const outputs = Object.entries(result.metafile.outputs);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const total = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(`built ${outputs.length} files in dist/ (${kib(total)})`);
