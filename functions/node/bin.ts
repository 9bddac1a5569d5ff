// The server executable (built to dist/server.js, what `npm start` and the container image run): checks the
// Node version before loading anything that needs a newer one, then starts the server.
import { requireSupportedNode } from '../node-support.ts';

if (requireSupportedNode('pleg-responder server')) {
  const { runServer } = await import('./server.ts');
  await runServer();
}
