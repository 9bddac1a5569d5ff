import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createH2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, Measurement } from './benchmark.ts';
import { buildCli, CLI, ROOT } from './cli-process.ts';

/** The agent's own entry (dist/agent.js), what the DaemonSet runs. */
const AGENT = join(ROOT, 'dist', 'agent.js');

const IDLE_MS = 60_000;
const RSS_TARGET_MB = 60;
const CPU_TARGET_PERCENT = 1;
/** Clock ticks per second of /proc/PID/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** A realistic kubelet /metrics body (~1.5 MB, the size on a node with ~100 pods) with PLEG fresh. */
function metricsBody(): string {
  const filler = Array.from(
    { length: 12_000 },
    (_, i) =>
      `kubelet_runtime_operations_duration_seconds_bucket{operation_type="op_${i % 40}",le="${(i % 14) * 0.5}"} ${i * 7}`,
  ).join('\n');
  return `${filler}\n# TYPE kubelet_pleg_last_seen_seconds gauge\nkubelet_pleg_last_seen_seconds ${Date.now() / 1000}\n`;
}

function sample(pid: number): { rssMb: number; cpuSeconds: number } {
  const rss = Number(
    /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN,
  );
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat: 12 and 13 after the state (field 3).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssMb: (rss * 1024) / 1e6, cpuSeconds: ticks / TICKS };
}

export const agent: Benchmark = {
  name: 'agent',
  title: `the built agent idle for ${IDLE_MS / 1000} s against a healthy fake kubelet and CRI socket: RSS and CPU vs bare node; started through the CLI (before) and from dist/agent.js (after, the DaemonSet's), side by side`,
  async run(log) {
    log(buildCli());
    const scratch = mkdtempSync(join(tmpdir(), 'pleg-agent-bench-'));
    const root = join(scratch, 'host');
    mkdirSync(join(root, 'run', 'containerd'), { recursive: true });
    const body = metricsBody();
    const kubelet = createServer((req, res) => res.end(req.url === '/metrics' ? metricsBody() : 'ok'));
    const cri = createH2Server();
    cri.on('stream', (stream) => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(Buffer.alloc(5));
    });
    await new Promise<void>((resolve) => kubelet.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) =>
      cri.listen(join(root, 'run', 'containerd', 'containerd.sock'), resolve),
    );
    const port = (kubelet.address() as AddressInfo).port;
    writeFileSync(join(scratch, 'token'), 'bench-token-0123456789');
    log(
      `fake kubelet on 127.0.0.1:${port} (metrics ${(body.length / 1e6).toFixed(1)} MB), CRI socket answering`,
    );
    const agentArgs = (spool: string) => [
      '--post',
      'http://127.0.0.1:9/',
      '--token-file',
      join(scratch, 'token'),
      '--spool',
      join(scratch, spool),
      '--healthz',
      `http://127.0.0.1:${port}/healthz`,
      '--metrics',
      `http://127.0.0.1:${port}/metrics`,
      '--root',
      root,
    ];
    // What the DaemonSet runs (agent.yaml): dist/agent.js with V8's young generation capped at 1 MB a semi-space.
    const children: ChildProcess[] = [
      spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e3)'], { stdio: 'ignore' }),
      spawn(process.execPath, [CLI, 'agent', ...agentArgs('spool-cli')], { stdio: 'ignore' }),
      spawn(process.execPath, [AGENT, ...agentArgs('spool-agent')], { stdio: 'ignore' }),
      spawn(process.execPath, ['--max-semi-space-size=1', AGENT, ...agentArgs('spool-ds')], {
        stdio: 'ignore',
      }),
    ];
    try {
      // After start-up (the first round included), the idle cost over a minute.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const first = children.map((c) => sample(c.pid ?? 0));
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const last = children.map((c) => sample(c.pid ?? 0));
      const cpu = (i: number) =>
        (((last[i]?.cpuSeconds ?? 0) - (first[i]?.cpuSeconds ?? 0)) / (IDLE_MS / 1000)) * 100;
      const rss = (i: number) => last[i]?.rssMb ?? Number.NaN;
      const names = [
        "node -e 'setInterval(...)'",
        'pleg-responder agent (through the CLI: before)',
        'node dist/agent.js (after)',
        'node --max-semi-space-size=1 dist/agent.js (the DaemonSet)',
      ];
      for (const [i, name] of names.entries())
        log(`${name}: RSS ${rss(i).toFixed(1)} MB, CPU ${cpu(i).toFixed(2)} % of a core`);
      const base = `baseline ${rss(0).toFixed(1)} MB`;
      const results: Measurement[] = [
        {
          metric: 'agent idle RSS, through the CLI (before)',
          value: `${rss(1).toFixed(1)} MB (${base})`,
          target: `<= ${RSS_TARGET_MB} MB`,
          status: rss(1) <= RSS_TARGET_MB ? 'PASS' : 'MISS',
        },
        {
          metric: 'agent idle RSS, dist/agent.js',
          value: `${rss(2).toFixed(1)} MB (${base})`,
          target: `<= ${RSS_TARGET_MB} MB`,
          status: rss(2) <= RSS_TARGET_MB ? 'PASS' : 'MISS',
        },
        {
          metric: 'agent idle RSS, as the DaemonSet runs it',
          value: `${rss(3).toFixed(1)} MB (${base})`,
          target: `<= ${RSS_TARGET_MB} MB`,
          status: rss(3) <= RSS_TARGET_MB ? 'PASS' : 'MISS',
        },
        {
          metric: 'agent idle CPU, as the DaemonSet runs it',
          value: `${cpu(3).toFixed(2)} % of a core (baseline ${cpu(0).toFixed(2)} %; through the CLI ${cpu(1).toFixed(2)} %)`,
          target: `<= ${CPU_TARGET_PERCENT} %`,
          status: cpu(3) <= CPU_TARGET_PERCENT ? 'PASS' : 'MISS',
        },
      ];
      return results;
    } finally {
      for (const c of children) c.kill('SIGKILL');
      kubelet.close();
      cri.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
