// The baseline: a bare Hono handler on the same Node server adapter that only parses the JSON body and answers
// 202. Prints its URL on stdout.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.post('/v1/alertmanager', async (c) => {
  await c.req.json();
  return c.json({ queued: 0, dropped: [] }, 202);
});
const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
  process.stdout.write(`listening on http://127.0.0.1:${info.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
