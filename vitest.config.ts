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

/**
 * The fast lane, `npm run test:unit`: the pure core — the diagnosis engine and its corpus, incident decisions and
 * stores, message rendering, intake validation — in this process only (no program, server or container started),
 * in seconds. `npm test` runs it as one of its projects; the `node` project is everything else.
 */
const UNIT = [
  'test/diagnosis/**/*.test.ts',
  'test/corpus.test.ts',
  'test/evaluation.test.ts',
  'test/probes.test.ts',
  'test/incidents/**/*.test.ts',
  'test/messages/**/*.test.ts',
  'test/intake/**/*.test.ts',
  'test/retry.test.ts',
  'test/imports.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          // Pure modules: one module graph for every file (about 4x faster here); a test that leaves state behind
          // belongs in the `node` project.
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/worker/**', ...UNIT],
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
