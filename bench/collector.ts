import { once as eventOnce } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { diagnose } from '../shared/diagnosis/diagnose.ts';
import { collectNodeEvidence, kubeConfigFor } from '../shared/kube/collector.ts';
import { plegScenario, startKubeFake } from '../test/support/kube-fake.ts';
import { type Benchmark, type Measurement, median, percentile } from './benchmark.ts';

const REPS = Number(process.env.BENCH_COLLECTOR_REPS ?? 20);
const PODS = 300;
const LATENCY_MS = 20;
const TARGET_P95_MS = 1500;

const ms = (v: number) => `${Math.round(v)} ms`;

/**
 * The baseline: an HTTP proxy in front of the API server that forwards one request at a time, the next only once
 * the previous answer has been read, so the collector's concurrent calls reach the server one after another.
 */
async function serialisingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  let tail: Promise<void> = Promise.resolve();
  const server = createServer((req, res) => {
    tail = tail.then(
      () =>
        new Promise<void>((done) => {
          const forwarded = request(
            {
              host: upstream.hostname,
              port: upstream.port,
              method: req.method,
              path: req.url,
              headers: { ...req.headers, host: upstream.host },
            },
            (answer) => {
              res.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(res);
              answer.on('end', done);
              answer.on('error', done);
            },
          );
          forwarded.on('error', (error) => {
            res.writeHead(502).end(String(error));
            done();
          });
          req.pipe(forwarded);
        }),
    );
  });
  server.listen(0, '127.0.0.1');
  await eventOnce(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** `kc` with every cluster's server replaced by `server`. */
function pointedAt(kc: KubeConfig, server: string): KubeConfig {
  const moved = new KubeConfig();
  moved.loadFromOptions({
    clusters: kc.clusters.map((c) => ({ ...c, server })),
    users: kc.users,
    contexts: kc.contexts,
    currentContext: kc.currentContext,
  });
  return moved;
}

export const collector: Benchmark = {
  name: 'collector',
  title: `evidence collection for one node with ${PODS} pods from a Kubernetes API fake answering each call after ${LATENCY_MS} ms, concurrent vs one call after another (${REPS} runs each)`,
  async run(log) {
    const fake = await startKubeFake({ scenario: plegScenario({ pods: PODS }), latencyMs: LATENCY_MS });
    const proxy = await serialisingProxy(fake.url);
    try {
      const kc = kubeConfigFor({ kubeconfig: fake.writeKubeconfig() });
      const serialKc = pointedAt(kc, proxy.url);
      const once = async (sequential: boolean) => {
        fake.requests.length = 0;
        const t0 = performance.now();
        const result = await collectNodeEvidence(sequential ? serialKc : kc, 'bench', 'node-a');
        return { ms: performance.now() - t0, result, requests: fake.requests.length };
      };
      // Warm-up: module loading, JIT, first connections.
      for (let i = 0; i < 2; i++) await once(false);

      const runs = async (sequential: boolean) => {
        const times: number[] = [];
        let calls = 0;
        let verdict = '';
        let gaps = 0;
        for (let i = 0; i < REPS; i++) {
          const r = await once(sequential);
          times.push(r.ms);
          calls = r.requests;
          gaps = Math.max(gaps, r.result.missing.length);
          verdict = diagnose(r.result.bundle).verdict;
        }
        return { times, calls, verdict, gaps };
      };
      const parallel = await runs(false);
      log(
        `concurrent: p50 ${ms(median(parallel.times))}, p95 ${ms(percentile(parallel.times, 95))}, ${parallel.calls} calls, verdict ${parallel.verdict}`,
      );
      const sequential = await runs(true);
      log(
        `sequential: p50 ${ms(median(sequential.times))}, p95 ${ms(percentile(sequential.times, 95))}, ${sequential.calls} calls`,
      );
      const p95 = percentile(parallel.times, 95);
      const results: Measurement[] = [
        { metric: 'collection p50 (concurrent)', value: ms(median(parallel.times)) },
        {
          metric: 'collection p95 (concurrent)',
          value: ms(p95),
          target: `< ${TARGET_P95_MS} ms`,
          status: p95 < TARGET_P95_MS ? 'PASS' : 'MISS',
        },
        { metric: 'collection p50 (sequential baseline)', value: ms(median(sequential.times)) },
        { metric: 'collection p95 (sequential baseline)', value: ms(percentile(sequential.times, 95)) },
        {
          metric: 'speed-up of p50 (sequential / concurrent)',
          value: `${(median(sequential.times) / median(parallel.times)).toFixed(1)}×`,
        },
        {
          metric: 'API calls per collection (concurrent / sequential)',
          value: `${parallel.calls} / ${sequential.calls}`,
          target: 'equal',
          status: parallel.calls === sequential.calls ? 'OK' : 'MISMATCH',
        },
        {
          metric: 'verdict from the collected bundle',
          value: `${parallel.verdict}, ${parallel.gaps} gaps`,
          target: 'fd_exhaustion, 0 gaps',
          status: parallel.verdict === 'fd_exhaustion' && parallel.gaps === 0 ? 'OK' : 'MISMATCH',
        },
      ];
      return results;
    } finally {
      await proxy.close();
      await fake.close();
    }
  },
};
