import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { startTestServer, type TestServer } from '../support/server.ts';
import { type SlackFake, startSlackFake } from '../support/slack-fake.ts';
import { type SimulatedKubelet, startSimulatedKubelet } from './simulated-kubelet.ts';

/**
 * The alerting path for real: a simulated kubelet → Prometheus (the shipped rules, run faster) → Alertmanager (the
 * shipped route and receiver, with 1 s timers) → a webhook tap → the responder (in-process, embedded queue) → the
 * Slack fake. Prometheus and Alertmanager are the real binaries, on loopback ports, with their data in a temporary
 * directory; `close()` stops them by PID and removes everything, also after a failure.
 */

const ROOT = join(import.meta.dirname, '..', '..');
export const RULES_FILE = join(ROOT, 'infra', 'prometheus', 'pleg-responder.rules.yml');
export const ALERTMANAGER_FILE = join(ROOT, 'infra', 'alertmanager', 'pleg-responder.yml');

/**
 * How much faster the end-to-end rules run than the shipped ones. Every duration in the rules — group
 * `interval`, `for:`, and every range or subquery window in an expression — is divided by it: 5m → 10s,
 * 90s → 3s, 15m → 30s. The shipped rules keep every time threshold in those three places (no "age > 60"
 * literals), so dividing them all by one factor keeps each rule's meaning and the rules' relative timing (the
 * stuck relist still fires before the slow-relist alert's window empties). 30 keeps the shortest window (90 s →
 * 3 s) at three samples of the test's 1 s scrape.
 */
export const SPEED_UP = 30;

const DURATION = /^(?:\d+(?:ms|s|m|h|d|w|y))+$/;
const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};

export function durationMs(text: string): number {
  if (!DURATION.test(text)) throw new Error(`not a Prometheus duration: ${text}`);
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g))
    total += Number(n) * (UNIT_MS[unit ?? ''] ?? 0);
  return total;
}

function formatDuration(ms: number): string {
  const whole = Math.round(ms);
  return whole % 1000 === 0 ? `${whole / 1000}s` : `${whole}ms`;
}

const scale = (text: string, factor: number, min = 0) =>
  formatDuration(Math.max(min, durationMs(text) / factor));

/** Range selectors and subqueries: `[5m]`, `[90s]`, `[1h:5m]`. Regex classes such as `[0-9]` do not match. */
const RANGE = /\[((?:\d+(?:ms|s|m|h|d|w|y))+)(?::((?:\d+(?:ms|s|m|h|d|w|y))+))?\]/g;

/** The expression with every range and subquery window divided by `factor`. */
export function fastExpr(expr: string, factor: number): string {
  if (/\boffset\b|@\s*\d/.test(expr)) throw new Error(`fastExpr: offset/@ is not scaled: ${expr}`);
  return expr.replace(RANGE, (_, range: string, step: string | undefined) =>
    step === undefined ? `[${scale(range, factor)}]` : `[${scale(range, factor)}:${scale(step, factor)}]`,
  );
}

interface RuleGroup {
  name: string;
  interval?: string;
  rules: { alert?: string; record?: string; expr: string; for?: string }[];
}

/** The shipped rules file with every duration divided by `factor` (group intervals no shorter than 1 s). */
export function fastRules(text: string, factor = SPEED_UP): string {
  const file = parse(text) as { groups: RuleGroup[] };
  for (const group of file.groups) {
    group.interval = scale(group.interval ?? '1m', factor, 1000);
    for (const rule of group.rules) {
      rule.expr = fastExpr(rule.expr, factor);
      if (rule.for !== undefined) rule.for = scale(rule.for, factor);
    }
  }
  return stringify(file);
}

interface AlertmanagerRoute {
  receiver?: string;
  group_wait?: string;
  group_interval?: string;
  repeat_interval?: string;
  routes?: AlertmanagerRoute[];
}

interface AlertmanagerReceiver {
  name: string;
  webhook_configs?: { url?: string; http_config?: { authorization?: Record<string, string> } }[];
}

/**
 * The shipped Alertmanager snippet pointed at `url`, its token file at `tokenFile`, and its timers at 1 s (group
 * wait and interval): the route's matchers, grouping and send_resolved are used as shipped.
 */
export function testAlertmanagerConfig(text: string, url: string, tokenFile: string): string {
  const config = parse(text) as { route: AlertmanagerRoute; receivers: AlertmanagerReceiver[] };
  const routes = config.route.routes ?? [];
  const route = routes.find((r) => r.receiver === 'pleg-responder');
  const receiver = config.receivers.find((r) => r.name === 'pleg-responder');
  const webhook = receiver?.webhook_configs?.[0];
  const authorization = webhook?.http_config?.authorization;
  if (!route || !webhook || !authorization)
    throw new Error('no pleg-responder route/receiver in the snippet');
  Object.assign(route, { group_wait: '1s', group_interval: '1s', repeat_interval: '1h' });
  webhook.url = url;
  authorization.credentials_file = tokenFile;
  return stringify(config);
}

/** The first of `names` found on PATH (Debian names Alertmanager prometheus-alertmanager). */
export function findBinary(...names: string[]): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of names) {
      const path = join(dir, name);
      try {
        accessSync(path, constants.X_OK);
        return path;
      } catch {
        // not here
      }
    }
  }
  throw new Error(`${names.join(' / ')} not found on PATH (scripts/ensure-test-tools.sh installs it)`);
}

/** A port that was free a moment ago, for programs that cannot be told to pick one. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function until<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  everyMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A program the harness started: its output (last 64 kB) for failure messages, and a stop by PID. */
export interface Program {
  name: string;
  pid: number;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `binary` under a small sh watchdog that prints the program's PID and stops the program (SIGTERM) as soon
 * as its stdin closes. We hold that stdin: `stop()` signals the program by PID and closes it; and if the test
 * process dies without cleaning up (the runner killed, a crash), the pipe closes with it and the watchdog stops
 * the program, so no Prometheus outlives the test that started it.
 */
const WATCHDOG = [
  // sh gives background jobs /dev/null as stdin: keep ours on fd 3 for the watcher.
  'exec 3<&0',
  '"$@" &',
  'pid=$!',
  'echo "$pid"',
  '{ cat <&3 >/dev/null; kill -TERM "$pid" 2>/dev/null; } &',
  'exec 3<&-',
  'wait "$pid"',
].join('\n');

async function startProgram(name: string, binary: string, args: string[], url: string): Promise<Program> {
  const child: ChildProcess = spawn('sh', ['-c', WATCHDOG, 'watchdog', binary, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  let pidLine = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-65_536);
  };
  child.stderr?.on('data', keep);
  const pidKnown = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      pidLine += chunk.toString('utf8');
      const newline = pidLine.indexOf('\n');
      if (newline < 0) return;
      child.stdout?.off('data', onData);
      child.stdout?.on('data', keep);
      keep(Buffer.from(pidLine.slice(newline + 1)));
      resolve(Number(pidLine.slice(0, newline)));
    };
    child.stdout?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name}: watchdog exited with ${code}:\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const done = () => child.exitCode !== null || child.signalCode !== null;
  const pid = await pidKnown;
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(pid, sig);
    } catch {
      // already gone
    }
  };
  const program: Program = {
    name,
    pid,
    url,
    output: () => output,
    async stop() {
      if (!done()) {
        signal('SIGTERM');
        const timer = setTimeout(() => signal('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      child.stdin?.end();
    },
  };
  try {
    await until(
      `${name} to be ready`,
      async () => {
        if (done()) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
        const res = await fetch(`${url}/-/ready`).catch(() => undefined);
        return res?.ok === true;
      },
      15_000,
      50,
    );
  } catch (error) {
    await program.stop();
    throw error;
  }
  return program;
}

/**
 * startProgram on a port from freePort(): another process can take that port between the check and the bind, so
 * a program that fails to start is tried again on a new port (three tries).
 */
async function startOnFreePort(
  name: string,
  binary: string,
  args: (port: number, url: string) => string[],
): Promise<Program> {
  let last: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    try {
      return await startProgram(name, binary, args(port, url), url);
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

/**
 * The real Alertmanager on a free loopback port with `config` (YAML text), its data under `dir`, no HA gossip;
 * the caller stops it.
 */
export async function startAlertmanager(dir: string, config: string): Promise<Program> {
  const file = join(dir, 'alertmanager.yml');
  writeFileSync(file, config);
  return startOnFreePort(
    'alertmanager',
    findBinary('prometheus-alertmanager', 'alertmanager'),
    (port, url) => [
      `--config.file=${file}`,
      `--storage.path=${join(dir, 'alertmanager')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      // Empty: no HA gossip listener (it would bind 0.0.0.0:9094).
      '--cluster.listen-address=',
      `--web.external-url=${url}/`,
    ],
  );
}

export interface WebhookDelivery {
  /** When the request reached the tap (Date.now()), i.e. when it reached the responder. */
  at: number;
  authorization: string | undefined;
  userAgent: string | undefined;
  body: WebhookPayload;
  /** The responder's answer. */
  status: number;
}

export interface WebhookAlert {
  status: 'firing' | 'resolved';
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: string;
  endsAt: string;
  fingerprint: string;
}

export interface WebhookPayload {
  status: string;
  groupKey: string;
  groupLabels: Record<string, string>;
  alerts: WebhookAlert[];
}

export interface WebhookTap {
  url: string;
  deliveries: WebhookDelivery[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Sits between Alertmanager and the responder: notes when each webhook arrives and what it carries, passes it on
 * unchanged (method, body, content type, Authorization) and answers with the responder's answer. `target` may be
 * given late (a function), for a responder that starts after the Alertmanager that notifies it.
 */
export async function startWebhookTap(target: string | (() => string)): Promise<WebhookTap> {
  const targetUrl = typeof target === 'string' ? () => target : target;
  const deliveries: WebhookDelivery[] = [];
  const server = createHttpServer((req, res) => {
    const at = Date.now();
    const forward = async () => {
      const raw = await readBody(req);
      const headers: Record<string, string> = { 'content-type': req.headers['content-type'] ?? '' };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      const answer = await fetch(targetUrl(), { method: req.method ?? 'POST', headers, body: raw });
      const text = await answer.text();
      deliveries.push({
        at,
        authorization: req.headers.authorization,
        userAgent: req.headers['user-agent'],
        body: JSON.parse(raw) as WebhookPayload,
        status: answer.status,
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(text);
    };
    forward().catch((error: unknown) => {
      res.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1/alertmanager`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface PrometheusAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
  activeAt: string;
  value: string;
}

export interface AlertingStackOptions {
  /** One simulated kubelet per node, all scraped by the one Prometheus. */
  nodes: string[];
  cluster: string;
  channel: string;
  /** Extra responder settings (e.g. REOPEN_WINDOW_SECONDS). */
  env?: Record<string, string>;
}

export interface AlertingStack {
  /** The first node's kubelet. */
  kubelet: SimulatedKubelet;
  kubelets: SimulatedKubelet[];
  slack: SlackFake;
  responder: TestServer;
  tap: WebhookTap;
  prometheus: Program;
  alertmanager: Program;
  /** Alerts as Prometheus has them now (pending and firing). */
  alerts(): Promise<PrometheusAlert[]>;
  /** Resolves once Prometheus has scraped the kubelet and the rule groups have run on its samples. */
  scraped(timeoutMs?: number): Promise<void>;
  /** The programs' output, for a failure message. */
  logs(): string;
  close(): Promise<void>;
}

export const BOT_TOKEN = 'xoxb-e2e-alerting';
export const INGEST_TOKEN = 'e2e-alerting-ingest-token-0123';

/**
 * Starts everything, in dependency order, and stops whatever did start if a later step fails. The caller must
 * `close()` the stack (in afterAll / finally).
 */
export async function startAlertingStack(options: AlertingStackOptions): Promise<AlertingStack> {
  const dir = mkdtempSync(join(tmpdir(), 'pleg-e2e-alerting-'));
  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    stops.length = 0;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const slack = await startSlackFake({ token: BOT_TOKEN, channels: [options.channel] });
    stops.push(() => slack.close());
    const responder = await startTestServer({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_CHANNEL: options.channel,
      SLACK_API_URL: slack.apiUrl,
      INGEST_TOKEN,
      ...options.env,
    });
    stops.push(() => responder.close());
    const tap = await startWebhookTap(`${responder.url}/v1/alertmanager`);
    stops.push(() => tap.close());
    const kubelets: SimulatedKubelet[] = [];
    for (const node of options.nodes) {
      const kubelet = await startSimulatedKubelet({ node });
      kubelets.push(kubelet);
      stops.push(() => kubelet.close());
    }
    const [kubelet] = kubelets;
    if (!kubelet) throw new Error('startAlertingStack: no nodes');

    const tokenFile = join(dir, 'ingest-token');
    writeFileSync(tokenFile, `${INGEST_TOKEN}\n`, { mode: 0o600 });
    const alertmanager = await startAlertmanager(
      dir,
      testAlertmanagerConfig(readFileSync(ALERTMANAGER_FILE, 'utf8'), tap.url, tokenFile),
    );
    const amTarget = new URL(alertmanager.url).host;
    stops.push(() => alertmanager.stop());

    const rules = join(dir, 'rules.yml');
    writeFileSync(rules, fastRules(readFileSync(RULES_FILE, 'utf8')));
    const promConfig = join(dir, 'prometheus.yml');
    writeFileSync(
      promConfig,
      stringify({
        global: { scrape_interval: '1s', scrape_timeout: '1s', evaluation_interval: '1s' },
        rule_files: [rules],
        alerting: { alertmanagers: [{ static_configs: [{ targets: [amTarget] }] }] },
        scrape_configs: [
          {
            job_name: 'kubelet',
            static_configs: [
              { targets: kubelets.map((k) => k.target), labels: { cluster: options.cluster } },
            ],
          },
        ],
      }),
    );
    const prometheus = await startOnFreePort('prometheus', findBinary('prometheus'), (port, url) => [
      `--config.file=${promConfig}`,
      `--storage.tsdb.path=${join(dir, 'prometheus')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      `--web.external-url=${url}/`,
    ]);
    const promUrl = prometheus.url;
    stops.push(() => prometheus.stop());

    const query = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${promUrl}${path}`);
      const body = (await res.json()) as { status: string; data: T; error?: string };
      if (body.status !== 'success') throw new Error(`Prometheus ${path}: ${body.error ?? res.status}`);
      return body.data;
    };

    return {
      kubelet,
      kubelets,
      slack,
      responder,
      tap,
      prometheus,
      alertmanager,
      alerts: async () => (await query<{ alerts: PrometheusAlert[] }>('/api/v1/alerts')).alerts,
      async scraped(timeoutMs = 20_000) {
        // Two samples of every kubelet (rate() needs them) and a rule evaluation after them.
        await until(
          'Prometheus to scrape the simulated kubelets twice',
          async () => {
            const data = await query<{ result: unknown[] }>(
              `/api/v1/query?query=${encodeURIComponent('count_over_time(kubelet_node_name[10s]) >= 2')}`,
            );
            return data.result.length >= kubelets.length;
          },
          timeoutMs,
          100,
        );
        const since = Date.now();
        await until(
          'the rule groups to evaluate',
          async () => {
            const data = await query<{ groups: { lastEvaluation: string }[] }>('/api/v1/rules');
            return data.groups.every((g) => Date.parse(g.lastEvaluation) > since);
          },
          timeoutMs,
          100,
        );
      },
      logs: () =>
        [
          `--- prometheus (pid ${prometheus.pid})\n${prometheus.output().slice(-4000)}`,
          `--- alertmanager (pid ${alertmanager.pid})\n${alertmanager.output().slice(-4000)}`,
          `--- responder\n${responder.logs.join('\n')}`,
        ].join('\n'),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
