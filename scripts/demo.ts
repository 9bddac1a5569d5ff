// Sends the sample incident in infra/samples/ to a running `npm start` server, the way Alertmanager and a
// node-side script would. The diagnosis appears in the server's terminal within a second or two.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const url = process.env.DEMO_URL ?? `http://127.0.0.1:${process.env.PORT ?? '8787'}`;
const token =
  process.env.INGEST_TOKEN ??
  readFileSync(join(process.env.DATA_DIR ?? join(root, '.data'), 'ingest-token'), 'utf8').trim();

async function send(route: string, sample: string): Promise<void> {
  const response = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: readFileSync(join(root, 'infra', 'samples', sample)),
  });
  console.log(`POST ${route} (${sample}) → ${response.status} ${await response.text()}`);
}

try {
  await send('/v1/alertmanager', 'alertmanager-pleg.json');
  await send('/v1/bundles', 'bundle-fd-exhaustion.json');
  console.log('Sent. The diagnosis is printed by the server (the terminal running npm start).');
} catch (error) {
  console.error(
    `demo: could not reach ${url} (${(error as Error).message}). Start the server first: npm start`,
  );
  process.exitCode = 1;
}
