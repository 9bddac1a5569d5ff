import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSlackFake } from '../test/support/slack-fake.ts';
import type { Benchmark } from './benchmark.ts';

const NODES = Number(process.env.BENCH_STORM_NODES ?? 1000);
const TOKEN = 'bench-storm-token-0000000';
const BOT = 'xoxb-bench-storm';
const CHANNEL = 'C0STORM';
const CONCURRENCY = 64;

function payload(node: string) {
  return JSON.stringify({
    receiver: 'pleg-responder',
    status: 'firing',
    alerts: [
      {
        status: 'firing',
        labels: { alertname: 'KubeNodeNotReady', cluster: 'bench', node, severity: 'warning' },
        annotations: { summary: 'Node is not ready.' },
        startsAt: '2026-11-21T03:00:00Z',
        endsAt: '0001-01-01T00:00:00Z',
        fingerprint: `storm-${node}`,
      },
    ],
    groupLabels: { cluster: 'bench', node },
    commonLabels: { alertname: 'KubeNodeNotReady', cluster: 'bench', node },
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    version: '4',
    groupKey: `{}:{cluster="bench", node="${node}"}`,
    truncatedAlerts: 0,
  });
}

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

export const storm: Benchmark = {
  name: 'storm',
  title: `${NODES} nodes' NotReady alerts in one burst (Alertmanager grouping by node): ingest → embedded queue → responder → Slack fake`,
  async run(log) {
    const dir = mkdtempSync(join(tmpdir(), 'pleg-bench-storm-'));
    const fake = await startSlackFake({ token: BOT, channels: [CHANNEL] });
    let child: ChildProcess | undefined;
    try {
      child = spawn(process.execPath, [join(import.meta.dirname, '..', 'functions', 'node', 'server.ts')], {
        env: {
          ...process.env,
          PORT: '0',
          INGEST_TOKEN: TOKEN,
          DATA_DIR: dir,
          SLACK_BOT_TOKEN: BOT,
          SLACK_CHANNEL: CHANNEL,
          SLACK_API_URL: fake.apiUrl,
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      const url = await new Promise<string>((resolve, reject) => {
        child?.stderr?.on('data', (d) => {
          err += d;
          const m = /listening on (http:\/\/[\d.:]+)/.exec(err);
          if (m?.[1]) resolve(m[1]);
        });
        child?.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
      });
      const nodes = Array.from({ length: NODES }, (_, i) => `node-${String(i).padStart(4, '0')}`);
      const t0 = performance.now();
      const epoch0 = Date.now();
      let next = 0;
      let rejected = 0;
      const send = async () => {
        while (next < nodes.length) {
          const node = nodes[next++] ?? '';
          const r = await fetch(`${url}/v1/alertmanager`, {
            method: 'POST',
            headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
            body: payload(node),
          });
          await r.arrayBuffer();
          if (r.status !== 202) rejected++;
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, send));
      const accepted = performance.now() - t0;
      const stormRoot = () => fake.messages(CHANNEL).find((m) => m.text.includes('nodes NotReady'));
      // When the cluster thread was posted, by the fake's own clock (the burst may still be arriving then).
      const posted = (await until(() => stormRoot() !== undefined, 30_000))
        ? fake.calls.find(
            (c) => c.method === 'chat.postMessage' && c.status === 200 && c.text?.includes('nodes NotReady'),
          )?.at
        : undefined;
      const clusterThread = posted === undefined ? Number.NaN : posted - epoch0;
      const all = (await until(() => stormRoot()?.text.startsWith(`${NODES} nodes`) ?? false, 60_000))
        ? performance.now() - t0
        : Number.NaN;
      const calls = fake.calls.filter((c) => c.status === 200).length;
      const limited = fake.calls.filter((c) => c.status === 429).length;
      const threads = fake.messages(CHANNEL).length;
      log(
        `burst accepted in ${(accepted / 1000).toFixed(2)} s (${rejected} rejected); ${threads} top-level message(s); ${calls} Slack calls, ${limited} answered 429`,
      );
      return [
        {
          metric: 'alerts accepted (202)',
          value: `${NODES - rejected} of ${NODES} in ${(accepted / 1000).toFixed(2)} s`,
          status: rejected === 0 ? 'OK' : 'MISMATCH',
        },
        {
          metric: 'time to the cluster thread',
          value: `${(clusterThread / 1000).toFixed(2)} s`,
          target: '<= 5 s',
          status: clusterThread <= 5000 ? 'PASS' : 'MISS',
        },
        {
          metric: 'time until every alert is accounted for',
          value: `${(all / 1000).toFixed(2)} s`,
          target: `storm root lists ${NODES} nodes`,
          status: Number.isNaN(all) ? 'MISMATCH' : 'OK',
        },
        {
          metric: 'Slack calls',
          value: `${calls} (${threads} top-level messages, ${limited} × 429)`,
          target: '< 20',
          status: calls < 20 ? 'PASS' : 'MISS',
        },
      ];
    } finally {
      child?.kill('SIGTERM');
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
