import { collectBundle } from '../collect/collect.ts';
import { bundlesUrl, ingestToken, PostError, postBundle } from '../collect/post.ts';
import { UsageError } from './exit-codes.ts';

export interface CollectCommandOptions {
  post?: string;
  tokenFile?: string;
  budget: string;
  probeTimeout: string;
  since: string;
  lines: string;
  maxBytes: string;
  root: string;
  proc: string;
  node?: string;
  cluster?: string;
}

const POST_TIMEOUT_MS = 10_000;

function positive(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max)
    throw new UsageError(`${name}: expected a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

/** `pleg-responder collect`: reads this node and prints the bundle (JSON, one line), or posts it. */
export async function runCollect(options: CollectCommandOptions, env: NodeJS.ProcessEnv): Promise<string> {
  const budgetMs = positive('--budget', options.budget, 1, 600) * 1000;
  const settings = {
    root: options.root,
    proc: options.proc,
    budgetMs,
    probeTimeoutMs: Math.min(budgetMs, positive('--probe-timeout', options.probeTimeout, 0.1, 600) * 1000),
    since: options.since,
    journalLines: positive('--lines', options.lines, 1, 100_000),
    maxBytes: positive('--max-bytes', options.maxBytes, 16 * 1024, 64 * 1024 * 1024),
    node: options.node ?? env.NODE_NAME,
    cluster: options.cluster ?? env.CLUSTER,
  };
  // Checked before reading the node: a bad URL or token file is said at once, not after the budget.
  let target: { url: URL; token: string | undefined } | undefined;
  try {
    if (options.post) target = { url: bundlesUrl(options.post), token: ingestToken(options.tokenFile, env) };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const bundle = await collectBundle(settings);
  if (!target) return `${JSON.stringify(bundle)}\n`;
  try {
    await postBundle(target.url, target.token, bundle, POST_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof PostError) throw new UsageError(`--post: ${error.message}`);
    throw error;
  }
  return `posted the bundle of ${bundle.node} to ${target.url.href}\n`;
}
