import { type Backoff, backoffDelay } from '../../shared/retry.ts';
import type { CollectOptions } from '../collect/collect.ts';
import { PostError, postBundle } from '../collect/post.ts';
import { readRuntimes } from '../collect/runtime.ts';
import type { Logger } from '../log/port.ts';
import { type KubeletEndpoint, kubeletGet, plegAgeSeconds } from './kubelet.ts';
import type { Spool } from './spool.ts';
import {
  DEFAULT_POLICY,
  decide,
  INITIAL_STATE,
  type Signs,
  type TriggerPolicy,
  type TriggerState,
} from './trigger.ts';

/**
 * `pleg-responder agent`: on every node, watches the kubelet and the runtime, and when they show signs of a
 * stuck or NotReady node, collects once (the same `collect`), spools the bundle on the node and posts it. Idle
 * it holds no collector code in memory: that is imported the first time a collection is due.
 */
export interface AgentOptions {
  intervalMs: number;
  checkTimeoutMs: number;
  healthz?: KubeletEndpoint;
  metrics?: KubeletEndpoint;
  /** The bundle settings (root, budget...); the agent adds the metrics it scraped. */
  collect: CollectOptions;
  post: { url: URL; token?: string };
  spool: Spool;
  policy?: TriggerPolicy;
  log: Logger;
  now?: () => number;
}

/** Posting retries: 5 s doubling to 5 min, with jitter (the ingest or the network is down). */
export const POST_BACKOFF: Backoff = { baseMs: 5000, capMs: 300_000 };
const POST_TIMEOUT_MS = 10_000;

const PLEG_GAUGE = 'kubelet_pleg_last_seen_seconds';

async function look(options: AgentOptions, now: number): Promise<Signs> {
  const signs: Signs = {};
  const timeout = options.checkTimeoutMs;
  const checks: Promise<void>[] = [];
  if (options.healthz) {
    checks.push(
      kubeletGet(options.healthz, timeout).then(
        (r) => {
          signs.healthz = { ok: r.status === 200, detail: `HTTP ${r.status} ${r.body.trim().slice(0, 120)}` };
        },
        (e: Error) => {
          signs.healthz = { ok: false, detail: e.message };
        },
      ),
    );
  }
  if (options.metrics) {
    checks.push(
      kubeletGet(options.metrics, timeout, PLEG_GAUGE).then(
        (r) => {
          if (r.status !== 200) return; // not authorised, or no kubelet: not a sign of anything
          signs.plegAgeSeconds = plegAgeSeconds(r.body, now);
        },
        () => {},
      ),
    );
  }
  checks.push(
    readRuntimes({ root: options.collect.root, timeoutMs: timeout, lists: false }).then((r) => {
      const failed = r.checks.filter((c) => c.outcome === 'timeout' || c.outcome === 'refused');
      if (r.checks.length === 0) return; // no runtime here: nothing to watch
      signs.runtime = failed.length
        ? { ok: false, detail: failed.map((c) => `${c.target} ${c.call}: ${c.outcome}`).join(', ') }
        : { ok: true, detail: 'answers' };
    }),
  );
  await Promise.all(checks);
  return signs;
}

export class Agent {
  readonly #options: AgentOptions;
  readonly #now: () => number;
  #state: TriggerState = INITIAL_STATE;
  #postFailures = 0;
  #nextPostAt = 0;

  constructor(options: AgentOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** One round: look, maybe collect and spool, then send what is spooled and due. */
  async round(): Promise<void> {
    const now = this.#now();
    const signs = await look(this.#options, now);
    const decision = decide(signs, this.#state, now, this.#options.policy ?? DEFAULT_POLICY);
    this.#state = decision.state;
    if (decision.collect) await this.#collect(decision.reasons);
    await this.flush();
  }

  async #collect(reasons: string[]): Promise<void> {
    const { log } = this.#options;
    log.warn('node shows signs of trouble: collecting', { reasons });
    // The whole metrics body only now: the bundle's kubelet metrics (relist latency, CRI errors, container counts).
    const metrics = this.#options.metrics
      ? await kubeletGet(this.#options.metrics, this.#options.checkTimeoutMs).then(
          (r) => (r.status === 200 ? r.body : undefined),
          () => undefined,
        )
      : undefined;
    const { collectBundle } = await import('../collect/collect.ts');
    const bundle = await collectBundle({ ...this.#options.collect, metrics });
    const { key, added, dropped } = this.#options.spool.put({
      ...bundle,
      trigger: { by: 'pleg-responder agent', reasons },
    });
    log.info(added ? 'bundle spooled' : 'bundle already spooled or sent', {
      dedupKey: key,
      durationMs: bundle.host?.durationMs,
    });
    for (const old of dropped) log.warn('spool full: dropped the oldest bundle', { dedupKey: old });
    this.#nextPostAt = 0; // a new bundle is worth a try at once
  }

  /** Posts pending bundles oldest first; stops at the first failure and waits (backoff) before the next try. */
  async flush(): Promise<void> {
    const { spool, post, log } = this.#options;
    if (this.#now() < this.#nextPostAt) return;
    for (const item of spool.pending()) {
      if (spool.wasSent(item.key)) {
        spool.drop(item);
        continue;
      }
      try {
        await postBundle(post.url, post.token, spool.read(item), POST_TIMEOUT_MS);
      } catch (error) {
        this.#postFailures += 1;
        this.#nextPostAt = this.#now() + backoffDelay(this.#postFailures, POST_BACKOFF);
        if (error instanceof PostError && error.status === 400) {
          spool.drop(item); // refused as invalid: it would be refused again
          log.error('ingest refused the bundle as invalid: dropped', {
            dedupKey: item.key,
            reason: (error as Error).message,
          });
          continue;
        }
        log.error('could not post the bundle: kept in the spool', {
          dedupKey: item.key,
          reason: (error as Error).message,
          retryInMs: this.#nextPostAt - this.#now(),
        });
        return;
      }
      spool.markSent(item);
      this.#postFailures = 0;
      log.info('bundle posted', { dedupKey: item.key });
    }
  }

  /** Rounds every interval until the signal aborts; a round never overlaps the next. */
  async run(signal: AbortSignal): Promise<void> {
    this.#options.log.info('agent started', {
      intervalMs: this.#options.intervalMs,
      post: this.#options.post.url.href,
    });
    while (!signal.aborted) {
      try {
        await this.round();
      } catch (error) {
        this.#options.log.error('round failed', { reason: (error as Error).message });
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#options.intervalMs);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
  }
}
