#!/usr/bin/env node
// The `pleg-responder` executable (built to dist/cli.js): checks the Node version before loading anything
// that needs a newer one, so an old Node gets one clear line instead of a stack trace.
import { requireSupportedNode } from '../node-support.ts';

if (requireSupportedNode('pleg-responder')) {
  const { run } = await import('./main.ts');
  process.exitCode = await run(process.argv.slice(2));
}
