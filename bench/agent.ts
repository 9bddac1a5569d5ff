import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createH2Server } from 'node:http2';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { Benchmark, Measurement } from './benchmark.ts';
import { buildCli, CLI, ROOT } from './cli-process.ts';

/** The agent's own entry (dist/agent.js), what the DaemonSet runs. */
const AGENT = join(ROOT, 'dist', 'agent.js');
const MANIFEST = join(ROOT, 'infra', 'kubernetes', 'components', 'node-agent', 'agent.yaml');

/** Node's flags in the DaemonSet's command (between `node` and the script), read from the manifest it ships. */
function daemonSetNodeFlags(): string[] {
  for (const doc of parseAllDocuments(readFileSync(MANIFEST, 'utf8'))) {
    const command = doc.getIn(['spec', 'template', 'spec', 'containers', 0, 'command'], false);
    if (command && typeof command === 'object' && 'toJSON' in command) {
      const argv = (command as { toJSON(): string[] }).toJSON();
      return argv.slice(1, -1);
    }
  }
  throw new Error(`${MANIFEST}: no DaemonSet container command`);
}

const IDLE_MS = 60_000;
const RSS_TARGET_MB = 60;
const CPU_TARGET_PERCENT = 1;
/** Clock ticks per second of /proc/PID/stat's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

/**
 * A realistic kubelet /metrics body (~1.5 MB, the size on a node with ~100 pods) with PLEG fresh. Like a real
 * registry's answer, families come sorted by name, so the PLEG gauge sits among them (a third of the way in here),
 * not at the end.
 */
function metricsBody(): string {
  const family = (name: string, lines: number) =>
    Array.from(
      { length: lines },
      (_, i) => `${name}_bucket{operation_type="op_${i % 40}",le="${(i % 14) * 0.5}"} ${i * 7}`,
    ).join('\n');
  return [
    family('kubelet_cgroup_manager_duration_seconds', 1_500),
    family('kubelet_container_log_filesystem_used_bytes', 2_250),
    family('kubelet_http_requests_duration_seconds', 2_250),
    '# HELP kubelet_pleg_last_seen_seconds Timestamp in seconds when PLEG was last seen active.',
    '# TYPE kubelet_pleg_last_seen_seconds gauge',
    `kubelet_pleg_last_seen_seconds ${Date.now() / 1000}`,
    family('kubelet_pod_worker_duration_seconds', 3_000),
    family('kubelet_runtime_operations_duration_seconds', 6_000),
    family('rest_client_request_duration_seconds', 1_500),
    family('storage_operation_duration_seconds', 1_500),
    '',
  ].join('\n');
}

interface Sample {
  rssMb: number;
  /** The part of RSS that is Node's own binary and libraries mapped from disk (code pages touched). */
  fileMb: number;
  cpuSeconds: number;
}

/**
 * A throwaway self-signed certificate for the fake kubelet, made with openssl when the host has it: a real
 * kubelet serves /metrics over TLS, and TLS is part of what the agent holds in memory. Undefined without openssl.
 */
function selfSigned(dir: string): { key: Buffer; cert: Buffer } | undefined {
  const key = join(dir, 'kubelet.key');
  const cert = join(dir, 'kubelet.crt');
  const made = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=bench-node',
    ]),
    { stdio: 'ignore' },
  );
  return made.status === 0 ? { key: readFileSync(key), cert: readFileSync(cert) } : undefined;
}

function sample(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of stat: 12 and 13 after the state (field 3).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return {
    rssMb: (kb('VmRSS') * 1024) / 1e6,
    fileMb: (kb('RssFile') * 1024) / 1e6,
    cpuSeconds: ticks / TICKS,
  };
}

export const agent: Benchmark = {
  name: 'agent',
  title: `the built agent idle for ${IDLE_MS / 1000} s against a healthy fake kubelet and CRI socket: RSS and CPU vs bare node; through the CLI, from dist/agent.js without flags, and with the DaemonSet's command (read from agent.yaml), side by side`,
  async run(log) {
    log(buildCli());
    const scratch = mkdtempSync(join(tmpdir(), 'pleg-agent-bench-'));
    const root = join(scratch, 'host');
    mkdirSync(join(root, 'run', 'containerd'), { recursive: true });
    const body = metricsBody();
    const kubelet = createServer((req, res) => res.end(req.url === '/metrics' ? metricsBody() : 'ok'));
    const tls = selfSigned(scratch);
    const secure = tls && createHttpsServer(tls, (_req, res) => res.end(metricsBody()));
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
    if (secure) await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    const port = (kubelet.address() as AddressInfo).port;
    // The healthz port is plain HTTP on a real kubelet (10248); /metrics is TLS (10250).
    const metricsUrl = secure
      ? `https://127.0.0.1:${(secure.address() as AddressInfo).port}/metrics`
      : `http://127.0.0.1:${port}/metrics`;
    writeFileSync(join(scratch, 'token'), 'bench-token-0123456789');
    log(
      `fake kubelet: healthz on 127.0.0.1:${port}, metrics (${(body.length / 1e6).toFixed(1)} MB) at ${metricsUrl}${secure ? '' : ' (no openssl here: plain HTTP, so TLS is not measured)'}; CRI socket answering`,
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
      metricsUrl,
      '--root',
      root,
    ];
    // What the DaemonSet runs: its command's Node flags, read from agent.yaml, so the bench measures what ships.
    const flags = daemonSetNodeFlags();
    log(`the DaemonSet's command: node ${flags.join(' ')} dist/agent.js`);
    const children: ChildProcess[] = [
      spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e3)'], { stdio: 'ignore' }),
      spawn(process.execPath, [CLI, 'agent', ...agentArgs('spool-cli')], { stdio: 'ignore' }),
      spawn(process.execPath, [AGENT, ...agentArgs('spool-agent')], { stdio: 'ignore' }),
      spawn(process.execPath, [...flags, AGENT, ...agentArgs('spool-ds')], { stdio: 'ignore' }),
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
      const file = (i: number) => last[i]?.fileMb ?? Number.NaN;
      const names = [
        "node -e 'setInterval(...)'",
        'pleg-responder agent (through the CLI)',
        'node dist/agent.js (no Node flags)',
        `node ${flags.join(' ')} dist/agent.js (the DaemonSet)`,
      ];
      for (const [i, name] of names.entries())
        log(
          `${name}: RSS ${rss(i).toFixed(1)} MB (${file(i).toFixed(1)} MB of it Node's binary), CPU ${cpu(i).toFixed(2)} % of a core`,
        );
      const base = `baseline ${rss(0).toFixed(1)} MB`;
      const rssRow = (metric: string, i: number): Measurement => ({
        metric,
        value: `${rss(i).toFixed(1)} MB (${base})`,
        target: `<= ${RSS_TARGET_MB} MB`,
        status: rss(i) <= RSS_TARGET_MB ? 'PASS' : 'MISS',
      });
      const results: Measurement[] = [
        rssRow('agent idle RSS, through the CLI', 1),
        rssRow('agent idle RSS, dist/agent.js without flags', 2),
        rssRow('agent idle RSS, as the DaemonSet runs it', 3),
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
      secure?.close();
      cri.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
