import { Agent } from '../agent/agent.ts';
import { Spool } from '../agent/spool.ts';
import { DEFAULT_POLICY } from '../agent/trigger.ts';
import { bundlesUrl, ingestToken } from '../collect/post.ts';
import { consoleJsonLogger } from '../log/console.ts';
import { UsageError } from './exit-codes.ts';

export interface AgentCommandOptions {
  post: string;
  tokenFile?: string;
  spool: string;
  interval: string;
  healthz: string;
  metrics: string;
  kubeletTokenFile?: string;
  kubeletCaFile?: string;
  plegThreshold: string;
  root: string;
  proc: string;
  budget: string;
  node?: string;
  cluster?: string;
}

/** The defaults of `pleg-responder agent` and of dist/agent.js alike. */
export const AGENT_DEFAULTS = {
  spool: '/var/lib/pleg-responder/spool',
  interval: '10',
  healthz: 'http://127.0.0.1:10248/healthz',
  metrics: 'https://127.0.0.1:10250/metrics',
  plegThreshold: '180',
  budget: '20',
  root: process.env.PLEG_HOST_ROOT ?? '/',
  proc: process.env.PLEG_HOST_PROC ?? '/proc',
} as const;

const seconds = (name: string, raw: string) => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError(`${name}: expected a number of seconds, got "${raw}"`);
  return n;
};
const url = (name: string, raw: string) => {
  try {
    return raw ? new URL(raw) : undefined;
  } catch {
    throw new UsageError(`${name}: "${raw}" is not a URL`);
  }
};

/** `pleg-responder agent`: runs until SIGTERM (the DaemonSet's stop) or Ctrl-C. */
export async function runAgent(options: AgentCommandOptions, env: NodeJS.ProcessEnv): Promise<void> {
  let target: { url: URL; token?: string };
  try {
    target = { url: bundlesUrl(options.post), token: ingestToken(options.tokenFile, env) };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const log = consoleJsonLogger(
    { secrets: [target.token], write: (line) => process.stderr.write(`${line}\n`) },
    {
      component: 'agent',
    },
  );
  const healthz = url('--healthz', options.healthz);
  const metrics = url('--metrics', options.metrics);
  const agent = new Agent({
    intervalMs: seconds('--interval', options.interval) * 1000,
    checkTimeoutMs: 5000,
    healthz: healthz && { url: healthz },
    metrics: metrics && { url: metrics, tokenFile: options.kubeletTokenFile, caFile: options.kubeletCaFile },
    collect: {
      root: options.root,
      proc: options.proc,
      budgetMs: seconds('--budget', options.budget) * 1000,
      probeTimeoutMs: 5000,
      since: '-30min',
      journalLines: 1000,
      maxBytes: 512 * 1024,
      node: options.node ?? env.NODE_NAME,
      cluster: options.cluster ?? env.CLUSTER,
    },
    post: target,
    spool: new Spool(options.spool),
    policy: { ...DEFAULT_POLICY, plegThresholdSeconds: seconds('--pleg-threshold', options.plegThreshold) },
    log,
  });
  const stop = new AbortController();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stop.abort());
  await agent.run(stop.signal);
  log.info('agent stopped');
}
