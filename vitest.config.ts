import { createServer } from 'node:net';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

/** A free loopback port for the SQS emulator the Worker tests talk to (started in test/worker/global-setup.ts). */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// wrangler/miniflare stay offline: no telemetry, no update check, no Request.cf download.
process.env.WRANGLER_SEND_METRICS ??= 'false';
process.env.WRANGLER_HIDE_BANNER ??= 'true';
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= 'false';

const sqsPort = process.env.PLEG_TEST_SQS_PORT ?? String(await freePort());
process.env.PLEG_TEST_SQS_PORT = sqsPort;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/worker/**'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                SQS_QUEUE_URL: `http://127.0.0.1:${sqsPort}/000000000000/ingest-jobs`,
                SQS_ENDPOINT: `http://127.0.0.1:${sqsPort}`,
                INGEST_TOKEN: 'worker-test-token-0123',
                SLACK_SIGNING_SECRET: 'worker-test-signing-secret-0123',
                INGEST_MAX_BODY_BYTES: '65536',
                AWS_ACCESS_KEY_ID: 'test',
                AWS_SECRET_ACCESS_KEY: 'test',
              },
            },
          }),
        ],
        test: {
          name: 'workers',
          include: ['test/worker/**/*.test.ts'],
          globalSetup: ['test/worker/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
