import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createH2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, Measurement } from './benchmark.ts';
import { buildCli, CLI } from './cli-process.ts';

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
  title: `the built agent idle for ${IDLE_MS / 1000} s against a healthy fake kubelet and CRI socket: RSS and CPU vs bare node`,
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
    const children: ChildProcess[] = [
      spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e3)'], { stdio: 'ignore' }),
      spawn(
        process.execPath,
        [
          CLI,
          'agent',
          '--post',
          'http://127.0.0.1:9/',
          '--token-file',
          join(scratch, 'token'),
          '--spool',
          join(scratch, 'spool'),
          '--healthz',
          `http://127.0.0.1:${port}/healthz`,
          '--metrics',
          `http://127.0.0.1:${port}/metrics`,
          '--root',
          root,
        ],
        { stdio: 'ignore' },
      ),
    ];
    try {
      // After start-up (the first round included), the idle cost over a minute.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const [base0, agent0] = children.map((c) => sample(c.pid ?? 0));
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const [base1, agent1] = children.map((c) => sample(c.pid ?? 0));
      if (!base0 || !agent0 || !base1 || !agent1) throw new Error('no sample');
      const cpu = (a: number, b: number) => ((b - a) / (IDLE_MS / 1000)) * 100;
      const agentCpu = cpu(agent0.cpuSeconds, agent1.cpuSeconds);
      const baseCpu = cpu(base0.cpuSeconds, base1.cpuSeconds);
      log(`agent: RSS ${agent1.rssMb.toFixed(1)} MB, CPU ${agentCpu.toFixed(2)} % of a core`);
      log(`node -e 'setInterval(...)': RSS ${base1.rssMb.toFixed(1)} MB, CPU ${baseCpu.toFixed(2)} %`);
      const results: Measurement[] = [
        {
          metric: 'agent idle RSS',
          value: `${agent1.rssMb.toFixed(1)} MB (baseline ${base1.rssMb.toFixed(1)} MB)`,
          target: `<= ${RSS_TARGET_MB} MB`,
          status: agent1.rssMb <= RSS_TARGET_MB ? 'PASS' : 'MISS',
        },
        {
          metric: 'agent idle CPU',
          value: `${agentCpu.toFixed(2)} % of a core (baseline ${baseCpu.toFixed(2)} %)`,
          target: `<= ${CPU_TARGET_PERCENT} %`,
          status: agentCpu <= CPU_TARGET_PERCENT ? 'PASS' : 'MISS',
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
