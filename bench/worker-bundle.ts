import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark } from './benchmark.ts';

/** Cloudflare's script size limit on the free plan, after gzip. */
const FREE_PLAN_GZIP_KIB = 3 * 1024;

export const workerBundle: Benchmark = {
  name: 'worker-bundle',
  title: 'size of the Cloudflare Worker bundle (wrangler deploy --dry-run), against the free-plan limit',
  async run(log) {
    const out = mkdtempSync(join(tmpdir(), 'pleg-worker-'));
    try {
      const result = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', out], {
        cwd: join(import.meta.dirname, '..'),
        encoding: 'utf8',
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: 'false',
          WRANGLER_HIDE_BANNER: 'true',
          CLOUDFLARE_CF_FETCH_ENABLED: 'false',
          XDG_CONFIG_HOME: join(out, 'xdg'),
        },
      });
      const text = `${result.stdout}\n${result.stderr}`;
      const m = /Total Upload:\s*([\d.]+) KiB \/ gzip:\s*([\d.]+) KiB/.exec(text);
      if (!m) {
        log(text.trim().split('\n').slice(-5).join('\n'));
        return [{ metric: 'bundle size', value: 'not measured', status: 'SKIP' }];
      }
      const gzip = Number(m[2]);
      log(`wrangler: Total Upload ${m[1]} KiB, gzip ${m[2]} KiB`);
      return [
        { metric: 'bundle (raw)', value: `${m[1]} KiB` },
        {
          metric: 'bundle (gzip)',
          value: `${m[2]} KiB`,
          target: `< ${FREE_PLAN_GZIP_KIB} KiB`,
          status: gzip < FREE_PLAN_GZIP_KIB ? 'PASS' : 'MISS',
        },
      ];
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  },
};
