import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import { parse } from 'yaml';
import { startSlackFake } from '../test/support/slack-fake.ts';
import { type Benchmark, MB, type Measurement } from './benchmark.ts';
import { stop } from './child.ts';
import { buildCli, ROOT } from './cli-process.ts';
import { queueCounts } from './ingest/index.ts';
import { type MemoryCgroup, memoryCgroup } from './memory-cgroup.ts';
import { readStat } from './proc.ts';

const TOKEN = 'bench-soak-token-00000000';
const BOT = 'xoxb-bench-soak';
const CHANNEL = 'C0SOAK';
const DEPLOYMENT = join(ROOT, 'infra', 'kubernetes', 'base', 'deployment.yaml');
const CLUSTERS = 7;
const ALERTS_PER_WEBHOOK = 10;
/**
 * Each cluster's storm cycle: its nodes fire for the first FIRING_S seconds of every CYCLE_S, then resolve. The
 * clusters' cycles are staggered. A storm opens in each cluster; it resolves only once its members have all been
 * seen resolving, which a backlog that delivers a node's firing and resolved notifications together can put off
 * (the 10-minute run here opened 7 storm threads and made 26 Slack calls in all).
 */
const CYCLE_S = 120;
const FIRING_S = 80;
/** Samples every 10 s (the trend is fitted to them); every third one is printed. */
const SAMPLE_MS = 10_000;
const PRINT_EVERY = 3;

interface Options {
  seconds: number;
  rate: number;
  clients: number;
  nodes: number;
}

/**
 * The webhooks of the soak: each carries ten alerts about ten nodes of one cluster (the clusters in turn), firing
 * while the cluster is in the firing part of its cycle and resolved after. Every notification is a new job (its
 * `startsAt` is the sequence number in ms past a fixed epoch), so accepted and processed jobs can be counted one
 * to one, and every node's incident holds as many signals as it keeps.
 */
function webhooks(nodes: number, epoch: number): () => string {
  const cursor = new Array<number>(CLUSTERS).fill(0);
  const members = (c: number) => Math.ceil((nodes - c) / CLUSTERS);
  let n = 0;
  return () => {
    n += 1;
    const c = n % CLUSTERS;
    const cycle = ((Date.now() - epoch) / 1000 + (c * CYCLE_S) / CLUSTERS) % CYCLE_S;
    const status = cycle < FIRING_S ? 'firing' : 'resolved';
    const alerts = Array.from({ length: ALERTS_PER_WEBHOOK }, () => {
      const i = ((cursor[c] ?? 0) + 1) % members(c);
      cursor[c] = i;
      const node = `node-${String(i * CLUSTERS + c).padStart(4, '0')}`;
      return {
        status,
        labels: { alertname: 'KubeNodeNotReady', cluster: `soak-${c}`, node, severity: 'warning' },
        annotations: {
          summary: 'Node is not ready.',
          description: `${node} has been unready for 15 minutes.`,
        },
        startsAt: new Date(1_795_000_000_000 + n).toISOString(),
        endsAt: status === 'firing' ? '0001-01-01T00:00:00Z' : new Date().toISOString(),
        generatorURL: 'http://prometheus:9090/graph?g0.expr=kube_node_status_condition',
      };
    });
    return JSON.stringify({
      receiver: 'pleg-responder',
      status,
      alerts,
      groupLabels: { cluster: `soak-${c}` },
      commonLabels: { alertname: 'KubeNodeNotReady', cluster: `soak-${c}`, severity: 'warning' },
      commonAnnotations: { summary: 'Node is not ready.' },
      externalURL: 'http://alertmanager:9093',
      version: '4',
      groupKey: `{}:{cluster="soak-${c}"}`,
      truncatedAlerts: 0,
    });
  };
}

/** A Kubernetes memory quantity as limits are written (`512Mi`, `1Gi`, `500M`, bytes), in bytes. */
function bytes(quantity: string): number {
  const units = new Map([
    ['Ki', 2 ** 10],
    ['Mi', 2 ** 20],
    ['Gi', 2 ** 30],
    ['k', 1e3],
    ['M', 1e6],
    ['G', 1e9],
    ['', 1],
  ]);
  const m = /^(\d+)([A-Za-z]*)$/.exec(quantity);
  const unit = units.get(m?.[2] ?? 'none');
  if (!m || unit === undefined) throw new Error(`memory quantity ${quantity} not understood`);
  return Number(m[1]) * unit;
}

/** The responder's container as the base Deployment runs it: its memory limit and its NODE_OPTIONS. */
function deployed(): { limit: string; nodeOptions: string | undefined } {
  const deployment = parse(readFileSync(DEPLOYMENT, 'utf8')) as {
    spec: {
      template: {
        spec: {
          containers: Array<{
            resources: { limits: { memory: string } };
            env?: Array<{ name: string; value?: string }>;
          }>;
        };
      };
    };
  };
  const [container] = deployment.spec.template.spec.containers;
  if (!container) throw new Error(`${DEPLOYMENT} has no container`);
  return {
    limit: container.resources.limits.memory,
    nodeOptions: container.env?.find((e) => e.name === 'NODE_OPTIONS')?.value,
  };
}

interface Sample {
  at: number;
  phase: 'start' | 'load' | 'drain' | 'idle';
  rss: number;
  cgroup?: number;
  heapUsed?: number;
  external?: number;
  queued?: number;
}

/** VmRSS and VmHWM (peak) of a running process, bytes. */
function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

interface Gauges {
  heapUsed?: number;
  /** Memory of C++ objects bound to JavaScript ones (Buffers among them), outside the V8 heap. */
  external?: number;
  queued?: number;
  /** Jobs ingest stored from the webhooks it answered 202: what must all be processed. */
  accepted?: number;
}

/** A few series from /metrics; none when the server does not answer within 2 s. */
async function gauges(url: string): Promise<Gauges> {
  try {
    const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(2000) })).text();
    const value = (series: string) => {
      const m = new RegExp(`^${series.replace(/[{}]/g, '\\$&')} ([\\d.e+]+)$`, 'm').exec(text);
      return m?.[1] === undefined ? undefined : Number(m[1]);
    };
    return {
      heapUsed: value('nodejs_heap_size_used_bytes'),
      external: value('nodejs_external_memory_bytes'),
      queued: value('pleg_queue_jobs'),
      accepted: value('pleg_ingest_jobs_queued_total{route="alertmanager"}'),
    };
  } catch {
    return {};
  }
}

function options(given: Readonly<Record<string, string>>): Options {
  const number = (name: string, fallback: number) => {
    const value = Number(given[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
    return value;
  };
  return {
    seconds: number('minutes', 10) * 60,
    rate: number('rate', 20),
    clients: number('clients', 6),
    nodes: number('nodes', 1000),
  };
}

/** Least-squares slope of RSS over time, MB per minute. */
function slope(samples: readonly Sample[]): number {
  const n = samples.length;
  if (n < 2) return Number.NaN;
  const mx = samples.reduce((s, p) => s + p.at, 0) / n;
  const my = samples.reduce((s, p) => s + p.rss, 0) / n;
  const num = samples.reduce((s, p) => s + (p.at - mx) * (p.rss - my), 0);
  const den = samples.reduce((s, p) => s + (p.at - mx) ** 2, 0);
  return (num / den / MB) * 60_000;
}

const mb = (bytes: number | undefined) => (bytes === undefined ? '?' : `${(bytes / MB).toFixed(0)} MB`);

interface Server {
  child: ChildProcess;
  url: string;
  pid: number;
  /** How it ended, once it has. */
  exit?: string;
  /** The end of what it wrote to stderr. */
  stderr: string;
}

/** The built server, in the cgroup when there is one, once it says where it listens. */
async function startServer(argv: readonly string[], env: Record<string, string>): Promise<Server> {
  const [command = '', ...args] = argv;
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d).slice(-20_000);
      const m = /listening on (http:\/\/[\d.:]+)/.exec(stderr);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${stderr}`)));
  });
  const server: Server = { child, url, pid: child.pid ?? 0, stderr };
  child.stderr?.on('data', () => {
    server.stderr = stderr;
  });
  child.once('exit', (code, signal) => {
    server.exit = `${signal ?? `status ${code}`}`;
  });
  return server;
}

/** Samples the server every 10 s (RSS, the cgroup's working set, heap, external, backlog), printing every 30 s. */
function sampling(server: Server, cgroup: MemoryCgroup | undefined, log: (line: string) => void) {
  const t0 = Date.now();
  const samples: Sample[] = [];
  let phase: Sample['phase'] = 'start';
  const take = async () => {
    if (server.exit) return;
    let rss: number;
    try {
      rss = rssOf(server.pid).rss;
    } catch {
      return; // it exited between the check and the read
    }
    const s: Sample = {
      at: Date.now() - t0,
      phase,
      rss,
      cgroup: cgroup?.workingSet(),
      ...(await gauges(server.url)),
    };
    samples.push(s);
    if ((samples.length - 1) % PRINT_EVERY !== 0) return;
    const working = cgroup ? `  cgroup working set ${mb(s.cgroup)}` : '';
    log(
      `${String(Math.round(s.at / 1000)).padStart(4)} s  ${s.phase.padEnd(5)}  RSS ${mb(s.rss)}${working}  heap used ${mb(s.heapUsed)}  external ${mb(s.external)}  queued ${s.queued ?? '?'}`,
    );
  };
  const timer = setInterval(() => void take(), SAMPLE_MS);
  return {
    t0,
    samples,
    take,
    enter(next: Sample['phase']) {
      phase = next;
    },
    stop: () => clearInterval(timer),
  };
}

/** Until the queue has been empty twice in a row (2 s apart), or `maxMs`; how long it took. */
async function drain(server: Server, maxMs: number): Promise<number> {
  const start = Date.now();
  for (let empty = 0; !server.exit && empty < 2 && Date.now() - start < maxMs; ) {
    await new Promise((r) => setTimeout(r, 2000));
    empty = (await gauges(server.url)).queued === 0 ? empty + 1 : 0;
  }
  return Date.now() - start;
}

/** What became of the jobs, read from the state directory once the server has stopped. */
async function outcome(dataDir: string): Promise<{ processed: number; queued: number; deadLetters: number }> {
  const { queued, deadLetters } = await queueCounts(dataDir);
  const db = new DatabaseSync(join(dataDir, 'state.db'), { readOnly: true });
  try {
    const { processed } = db.prepare('SELECT count(*) AS processed FROM processed').get() as {
      processed: number;
    };
    return { processed, queued, deadLetters };
  } finally {
    db.close();
  }
}

interface Run {
  o: Options;
  limit: string;
  limitBytes: number;
  nodeOptions: string;
  cgroup?: MemoryCgroup;
  samples: Sample[];
  drainedMs: number;
  /** Measured before the server was stopped; undefined if it had died. */
  peak?: number;
  cpuSeconds?: number;
  /** Jobs the server stored from the webhooks it answered 202 (its own count). */
  accepted?: number;
  died?: string;
  jobs: { processed: number; queued: number; deadLetters: number };
  slackCalls: number;
  stormThreads: number;
  /** The baseline: RSS of a bare `node -e 'setInterval(…)'` with the same NODE_OPTIONS. */
  bareRss?: number;
}

/** RSS of a bare Node process that only waits (the same NODE_OPTIONS), after a second: the floor of any server. */
async function bareNodeRss(nodeOptions: string): Promise<number | undefined> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
    stdio: 'ignore',
  });
  try {
    await new Promise((r) => setTimeout(r, 1000));
    return child.pid === undefined ? undefined : rssOf(child.pid).rss;
  } catch {
    return undefined;
  } finally {
    child.kill('SIGKILL');
  }
}

/** One figure a minute (the sample nearest each whole minute), for the reader to see the shape. */
function byMinute(samples: readonly Sample[], pick: (s: Sample) => number | undefined): string {
  const out: string[] = [];
  for (let minute = 0; ; minute++) {
    const at = minute * 60_000;
    const near = samples.filter((s) => Math.abs(s.at - at) <= SAMPLE_MS / 2);
    if (near.length === 0) {
      if (samples.every((s) => s.at < at)) break;
      continue;
    }
    const value = near[0] === undefined ? undefined : pick(near[0]);
    out.push(value === undefined ? '?' : (value / MB).toFixed(0));
  }
  return `${out.join(', ')} MB`;
}

function report(r: Run): Measurement[] {
  const load = r.samples.filter((s) => s.phase === 'load');
  // Warm-up: a fifth of the run, and at least one storm cycle (every cluster has fired and resolved once).
  const warmUp = Math.max(r.o.seconds / 5, CYCLE_S) * 1000;
  const warm = load.filter((s) => s.at >= warmUp);
  const trend = slope(warm);
  const idle = r.samples.filter((s) => s.phase === 'idle').at(-1);
  const { processed, queued, deadLetters } = r.jobs;
  // Every job stored from a webhook answered 202 ended: processed, or dead-lettered with its reason.
  const ended = r.accepted !== undefined && queued === 0 && processed + deadLetters === r.accepted;
  const oomKills = r.cgroup?.oomKills() ?? 0;
  const max = (pick: (s: Sample) => number | undefined) =>
    mb(Math.max(0, ...r.samples.map((s) => pick(s) ?? 0)));
  return [
    {
      metric: 'memory limit, NODE_OPTIONS',
      value: `${r.cgroup ? r.limit : 'none (see above)'}, ${r.nodeOptions || 'none'}`,
    },
    { metric: 'baseline: bare Node RSS (waiting, no server)', value: mb(r.bareRss) },
    {
      metric: `RSS: started / end of warm-up (${warmUp / 1000} s) / end of load`,
      value: `${mb(r.samples.find((s) => s.phase === 'start')?.rss)} / ${mb(warm[0]?.rss)} / ${mb(load.at(-1)?.rss)}`,
    },
    { metric: 'RSS by minute (load, drain, idle)', value: byMinute(r.samples, (s) => s.rss) },
    {
      metric: 'RSS after warm-up: max, trend',
      value:
        warm.length < 2
          ? 'n/a: the load was shorter than the warm-up'
          : `${mb(Math.max(...warm.map((s) => s.rss)))}, ${trend.toFixed(1)} MB/min`,
      target: 'flat (|trend| <= 2 MB/min)',
      status: warm.length < 2 ? 'SKIP' : Math.abs(trend) <= 2 ? 'PASS' : 'MISS',
    },
    {
      metric: 'max heap used / max external (/metrics)',
      value: `${max((s) => s.heapUsed)} / ${max((s) => s.external)}`,
    },
    {
      metric: 'peak RSS (VmHWM)',
      value: mb(r.peak),
      target: `< ${r.limit}`,
      status: r.peak !== undefined && r.peak < r.limitBytes ? 'PASS' : 'MISS',
    },
    { metric: 'RSS idle after the load', value: mb(idle?.rss) },
    {
      metric: 'OOM kills / server alive',
      value: `${oomKills} / ${r.died ? 'no' : 'yes'}`,
      target: '0 / yes',
      status: oomKills === 0 && !r.died ? 'PASS' : 'MISS',
    },
    {
      metric: 'backlog: max queued, drained in',
      value: `${Math.max(0, ...r.samples.map((s) => s.queued ?? 0))} jobs, ${(r.drainedMs / 1000).toFixed(0)} s`,
    },
    {
      metric: 'jobs accepted / processed / dead letters / still queued',
      value: `${r.accepted ?? '? (no answer from /metrics)'} / ${processed} / ${deadLetters} / ${queued}`,
      target: 'every accepted job ended',
      status: ended ? 'OK' : 'MISMATCH',
    },
    {
      metric: 'server CPU (user + system)',
      value:
        r.cpuSeconds === undefined
          ? '?'
          : `${r.cpuSeconds.toFixed(0)} s, ${((r.cpuSeconds * 1000) / Math.max(processed, 1)).toFixed(2)} ms per job`,
    },
    { metric: 'Slack', value: `${r.slackCalls} calls, ${r.stormThreads} storm threads` },
  ];
}

export const soak: Benchmark = {
  name: 'soak',
  explicit: true,
  options: {
    minutes: 'length of the load (default 10; fractions for trials: 0.5)',
    rate: 'webhooks per second, all clients together (default 20, i.e. 200 alerts/s)',
    clients: 'keep-alive connections (default 6)',
    nodes: 'nodes, spread over 7 clusters (default 1000)',
  },
  title:
    'the built server (dist/server.js, ROLE=all, embedded queue, Slack fake answering) as the base Deployment runs ' +
    'it (its memory limit as a cgroup, its NODE_OPTIONS): sustained 10-alert webhooks over 7 clusters whose nodes ' +
    'fire 80 s of every 120 s, staggered; RSS every 10 s, peak, idle after the load, OOM kills, every accepted job ended',
  async run(log, given = {}) {
    const o = options(given);
    log(buildCli());
    const { limit, nodeOptions: deployedOptions } = deployed();
    // NODE_OPTIONS set for the benchmark wins (to try other V8 flags); else the Deployment's.
    const nodeOptions = process.env.NODE_OPTIONS ?? deployedOptions ?? '';
    log(`as infra/kubernetes/base runs it: memory limit ${limit}, NODE_OPTIONS=${nodeOptions}`);
    const limitBytes = bytes(limit);
    const bareRss = await bareNodeRss(nodeOptions);
    const made = memoryCgroup(limitBytes, `pleg-soak-${process.pid}`);
    const cgroup = 'unavailable' in made ? undefined : made;
    if ('unavailable' in made)
      log(`NO MEMORY LIMIT: no memory cgroup could be made (${made.unavailable}); RSS is still measured`);
    else log(`memory limit enforced by ${made.describe}`);
    const dir = mkdtempSync(join(tmpdir(), 'pleg-bench-soak-'));
    const dataDir = join(dir, 'data');
    const fake = await startSlackFake({ token: BOT, channels: [CHANNEL] });
    let server: Server | undefined;
    try {
      const argv = [process.execPath, join(ROOT, 'dist', 'server.js')];
      server = await startServer(cgroup ? cgroup.wrap(argv) : argv, {
        PORT: '0',
        INGEST_TOKEN: TOKEN,
        DATA_DIR: dataDir,
        SLACK_BOT_TOKEN: BOT,
        SLACK_CHANNEL: CHANNEL,
        SLACK_API_URL: fake.apiUrl,
        LOG_FORMAT: 'json',
        NODE_OPTIONS: nodeOptions,
      });
      const running = server;
      const sampler = sampling(running, cgroup, log);
      await sampler.take();
      sampler.enter('load');
      log(
        `${o.seconds} s of ${o.rate} webhooks/s (${o.rate * ALERTS_PER_WEBHOOK} alerts/s) from ${o.clients} clients over ${o.nodes} nodes in ${CLUSTERS} clusters`,
      );
      const next = webhooks(o.nodes, sampler.t0);
      const load = await autocannon({
        url: `${running.url}/v1/alertmanager`,
        method: 'POST',
        connections: o.clients,
        overallRate: o.rate,
        duration: o.seconds,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        requests: [{ setupRequest: (request) => ({ ...request, body: next() }) }],
      });
      log(
        `load done: ${load['2xx']} webhooks answered 202, ${load.non2xx} refused, ${load.errors} errors, ${load.timeouts} timeouts; p99 ${load.latency.p99} ms`,
      );
      // The backlog answered (at most as long again as the load lasted), then three samples of idle.
      sampler.enter('drain');
      const drainedMs = await drain(running, o.seconds * 1000);
      sampler.enter('idle');
      await new Promise((r) => setTimeout(r, 3 * SAMPLE_MS + 1000));
      sampler.stop();
      const alive = !running.exit;
      const peak = alive ? rssOf(running.pid).peak : undefined;
      const cpuSeconds = alive ? readStat(`/proc/${running.pid}/stat`).cpuMicros / 1e6 : undefined;
      // The server's count, not the clients': a request cut off by the end of the load may still have been stored.
      const { accepted } = alive ? await gauges(running.url) : {};
      const died =
        running.exit && `server exited (${running.exit}) during the run: ${running.stderr.slice(-500)}`;
      if (died) log(died);
      else await stop(running.child);
      return report({
        o,
        limit,
        limitBytes,
        nodeOptions,
        cgroup,
        samples: sampler.samples,
        drainedMs,
        peak,
        cpuSeconds,
        accepted,
        died: died || undefined,
        jobs: await outcome(dataDir),
        bareRss,
        slackCalls: fake.calls.filter((c) => c.status === 200).length,
        stormThreads: fake.messages(CHANNEL).filter((m) => m.text.includes('nodes NotReady')).length,
      });
    } finally {
      if (server && !server.exit) server.child.kill('SIGKILL');
      await fake.close();
      if (cgroup) {
        // The cgroup can only go once the server's exit has been reaped.
        await new Promise((r) => setTimeout(r, 500));
        cgroup.remove();
      }
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
