import {
  CoreV1Api,
  CustomObjectsApi,
  type KubeConfig,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type {
  ApiCall,
  ClusterView,
  RemediationAction,
  RemediationReport,
  ReplaceTarget,
} from '../remediation/model.ts';
import type { DrainProgress, RemediationPort } from '../remediation/port.ts';
import { type NodeFacts, nodeView, replaceTargetOf } from '../remediation/targets.ts';
import { statusMessage, withSignal } from './calls.ts';

/**
 * Remediation against the Kubernetes API, on @kubernetes/client-node: cordon and uncordon patch
 * `spec.unschedulable` (a merge patch carrying the resourceVersion read, so a concurrent change is a 409 and is
 * read again, never overwritten); drain is cordon, then the Eviction API for every pod but DaemonSet and static
 * ones, PodDisruptionBudgets respected (429 is retried until the drain's time runs out, never bypassed), then
 * waiting for the evicted pods to go — pods still Terminating at the end are reported, never force-deleted;
 * replace deletes the Karpenter NodeClaim or the Cluster API Machine (whose controllers drain and replace the
 * node), or drains and then deletes the Node where a managed node group replaces the instance. Dry-run reads
 * only and lists the mutating calls it would make. What the API server refuses (403, 404, 409, 429) is in the
 * report, in its words.
 */

export interface KubeRemediationOptions {
  /** How long a drain evicts and waits before it reports what is left (default 45 s). */
  drainTimeoutMs?: number;
  /** Between eviction rounds (default 2 s). */
  pollMs?: number;
  /** Each API call's timeout (default 10 s). */
  callTimeoutMs?: number;
}

interface ApiErrorLike {
  code: number;
  body: unknown;
}
const isApiError = (e: unknown): e is ApiErrorLike =>
  typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'number' && 'body' in e;

/** A call the API server refused: its status and message. */
class Refused extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

interface PodFacts {
  metadata?: {
    name?: string;
    namespace?: string;
    deletionTimestamp?: unknown;
    annotations?: Record<string, string>;
    ownerReferences?: { kind?: string }[];
  };
}

const podName = (p: PodFacts) => `${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''}`;
const leftByDrain = (p: PodFacts) =>
  (p.metadata?.ownerReferences ?? []).some((o) => o.kind === 'DaemonSet') ||
  p.metadata?.annotations?.['kubernetes.io/config.mirror'] !== undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One carrying out: its calls, in order, and whether it makes them. */
class Run {
  readonly calls: ApiCall[] = [];
  readonly #dryRun: boolean;
  readonly #timeoutMs: number;

  constructor(dryRun: boolean, timeoutMs: number) {
    this.#dryRun = dryRun;
    this.#timeoutMs = timeoutMs;
  }

  get dryRun(): boolean {
    return this.#dryRun;
  }

  /** A read: made in dry-run too (it changes nothing); not listed. */
  async read<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await fn(AbortSignal.timeout(this.#timeoutMs));
    } catch (error) {
      throw refusedOf(error);
    }
  }

  /** A mutating call: listed; made unless dry-run. Its HTTP status is recorded, a refusal thrown as Refused. */
  async write(call: Omit<ApiCall, 'status'>, fn: (signal: AbortSignal) => Promise<unknown>, ok = 200) {
    if (this.#dryRun) {
      this.calls.push(call);
      return;
    }
    try {
      await fn(AbortSignal.timeout(this.#timeoutMs));
      this.calls.push({ ...call, status: ok });
    } catch (error) {
      const refused = refusedOf(error);
      this.calls.push({ ...call, status: refused.status });
      throw refused;
    }
  }
}

function refusedOf(error: unknown): Refused {
  if (error instanceof Refused) return error;
  if (isApiError(error)) return new Refused(error.code, statusMessage(error.body) || `HTTP ${error.code}`);
  return new Refused(0, (error as Error).message);
}

export class KubeRemediation implements RemediationPort {
  readonly #clusters: ReadonlyMap<string, KubeConfig>;
  readonly #drainTimeoutMs: number;
  readonly #pollMs: number;
  readonly #callTimeoutMs: number;

  constructor(clusters: ReadonlyMap<string, KubeConfig>, options: KubeRemediationOptions = {}) {
    this.#clusters = clusters;
    this.#drainTimeoutMs = options.drainTimeoutMs ?? 45_000;
    this.#pollMs = options.pollMs ?? 2000;
    this.#callTimeoutMs = options.callTimeoutMs ?? 10_000;
  }

  async view(cluster: string): Promise<ClusterView> {
    const kc = this.#clusters.get(cluster);
    if (!kc)
      return {
        unavailable: `no cluster access is configured for ${cluster} (KUBE_CONTEXTS, KUBE_IN_CLUSTER)`,
      };
    try {
      const list = await new Run(true, this.#callTimeoutMs).read(() =>
        kc.makeApiClient(CoreV1Api).listNode(),
      );
      return { nodes: list.items.map((n) => nodeView(n as NodeFacts)) };
    } catch (error) {
      const r = refusedOf(error);
      return { unavailable: `listing nodes failed${r.status ? ` (HTTP ${r.status})` : ''}: ${r.message}` };
    }
  }

  async carryOut(
    request: { action: RemediationAction; cluster: string; node: string; dryRun: boolean },
    progress?: (drain: DrainProgress) => void,
  ): Promise<RemediationReport> {
    const kc = this.#clusters.get(request.cluster);
    const run = new Run(request.dryRun, this.#callTimeoutMs);
    if (!kc)
      return {
        result: 'failed',
        reason: `no cluster access is configured for ${request.cluster}`,
        calls: [],
      };
    const api = { core: kc.makeApiClient(CoreV1Api), custom: kc.makeApiClient(CustomObjectsApi) };
    const report: RemediationReport = { result: request.dryRun ? 'dry-run' : 'done', calls: run.calls };
    try {
      switch (request.action) {
        case 'cordon':
        case 'uncordon':
          await this.#schedulable(api.core, run, request.node, request.action === 'cordon');
          break;
        case 'drain':
          await this.#drain(api.core, run, request.node, report, progress);
          break;
        case 'replace':
          await this.#replace(api, run, request.node, report, progress);
          break;
      }
    } catch (error) {
      const r = refusedOf(error);
      report.result = 'failed';
      report.reason = `${r.status ? `HTTP ${r.status}: ` : ''}${r.message}${r.status === 403 ? ' (is the remediation RBAC component, infra/kubernetes/components/remediation, applied?)' : ''}`;
    }
    if (request.dryRun && report.result !== 'failed') {
      report.result = 'dry-run';
      delete report.reason;
    }
    return report;
  }

  /** Cordon (unschedulable) or uncordon, with the resourceVersion read: a 409 is read again, at most 3 times. */
  async #schedulable(core: CoreV1Api, run: Run, node: string, unschedulable: boolean): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const current = await run.read((signal) => core.readNode({ name: node }, withSignal(signal)));
      if ((current.spec?.unschedulable === true) === unschedulable) return;
      const body = {
        metadata: { resourceVersion: current.metadata?.resourceVersion },
        spec: { unschedulable },
      };
      try {
        await run.write(
          { verb: 'patch', resource: 'nodes', name: node, detail: `spec.unschedulable=${unschedulable}` },
          (signal) =>
            core.patchNode(
              { name: node, body },
              setHeaderOptions('Content-Type', PatchStrategy.MergePatch, withSignal(signal)),
            ),
        );
        return;
      } catch (error) {
        if (!(error instanceof Refused) || error.status !== 409 || attempt >= 3) throw error;
      }
    }
  }

  async #drain(
    core: CoreV1Api,
    run: Run,
    node: string,
    report: RemediationReport,
    progress?: (drain: DrainProgress) => void,
  ): Promise<void> {
    await this.#schedulable(core, run, node, true);
    const listPods = async () =>
      (
        await run.read((signal) =>
          core.listPodForAllNamespaces({ fieldSelector: `spec.nodeName=${node}` }, withSignal(signal)),
        )
      ).items as PodFacts[];
    const pods = await listPods();
    const skipped = pods.filter(leftByDrain).map(podName);
    const toEvict = pods.filter((p) => !leftByDrain(p));
    const drain = {
      evicted: [] as string[],
      blocked: [] as { pod: string; reason: string }[],
      stuck: [] as string[],
      skipped,
    };
    report.drain = drain;
    const evicted = new Set<string>();
    const blocked = new Map<string, string>();
    const deadline = performance.now() + this.#drainTimeoutMs;
    let present = toEvict;
    for (;;) {
      for (const pod of toEvict) {
        const name = podName(pod);
        if (evicted.has(name)) continue;
        const body = {
          apiVersion: 'policy/v1',
          kind: 'Eviction',
          metadata: { name: pod.metadata?.name ?? '', namespace: pod.metadata?.namespace ?? '' },
        };
        try {
          await run.write(
            {
              verb: 'create',
              resource: 'pods/eviction',
              namespace: pod.metadata?.namespace,
              name: pod.metadata?.name,
            },
            (signal) =>
              core.createNamespacedPodEviction(
                { name: body.metadata.name, namespace: body.metadata.namespace, body },
                withSignal(signal),
              ),
            201,
          );
          evicted.add(name);
          blocked.delete(name);
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          if (error.status === 404) evicted.add(name);
          else if (error.status === 429 || error.status === 500) blocked.set(name, error.message);
          else throw error;
        }
      }
      // Dry-run: the evictions are listed, none made; there is nothing to wait for.
      if (run.dryRun) {
        present = [];
        break;
      }
      present = (await listPods()).filter((p) => !leftByDrain(p));
      const terminating = present.filter((p) => evicted.has(podName(p)));
      progress?.({
        node,
        evicted: evicted.size,
        blocked: blocked.size,
        terminating: terminating.length,
        remaining: present.length,
      });
      const waiting = present.length > 0;
      if (!waiting || performance.now() >= deadline) break;
      // Ask again for the pods a budget held; wait for the evicted ones to go.
      await sleep(Math.min(this.#pollMs, Math.max(0, deadline - performance.now())));
    }
    drain.evicted = [...evicted];
    drain.blocked = [...blocked].map(([pod, reason]) => ({ pod, reason }));
    drain.stuck = present.filter((p) => evicted.has(podName(p))).map(podName);
    const left = present.filter((p) => !evicted.has(podName(p)) && !blocked.has(podName(p)));
    if (drain.blocked.length > 0 || drain.stuck.length > 0 || left.length > 0) {
      report.result = 'incomplete';
      report.reason = [
        drain.blocked.length ? `${drain.blocked.length} pod(s) blocked by a PodDisruptionBudget` : '',
        drain.stuck.length ? `${drain.stuck.length} pod(s) stuck Terminating` : '',
        left.length ? `${left.length} new pod(s) on the node` : '',
      ]
        .filter(Boolean)
        .join(', ');
    }
  }

  async #replace(
    api: { core: CoreV1Api; custom: CustomObjectsApi },
    run: Run,
    node: string,
    report: RemediationReport,
    progress?: (drain: DrainProgress) => void,
  ): Promise<void> {
    const current = await run.read((signal) => api.core.readNode({ name: node }, withSignal(signal)));
    const target: ReplaceTarget = replaceTargetOf(current as NodeFacts);
    report.replace = target;
    switch (target.via) {
      case 'none':
        throw new Refused(0, `no way to replace the node: ${target.why}`);
      case 'karpenter':
        await this.#schedulable(api.core, run, node, true);
        await run.write(
          { verb: 'delete', resource: 'nodeclaims.karpenter.sh', name: target.nodeClaim },
          (signal) =>
            api.custom.deleteClusterCustomObject(
              { group: 'karpenter.sh', version: 'v1', plural: 'nodeclaims', name: target.nodeClaim },
              withSignal(signal),
            ),
        );
        return;
      case 'cluster-api':
        await this.#schedulable(api.core, run, node, true);
        await run.write(
          {
            verb: 'delete',
            resource: 'machines.cluster.x-k8s.io',
            namespace: target.namespace,
            name: target.machine,
          },
          (signal) =>
            api.custom.deleteNamespacedCustomObject(
              {
                group: 'cluster.x-k8s.io',
                version: 'v1beta1',
                plural: 'machines',
                namespace: target.namespace,
                name: target.machine,
              },
              withSignal(signal),
            ),
        );
        return;
      case 'cloud':
        await this.#drain(api.core, run, node, report, progress);
        if (report.result === 'incomplete') {
          report.reason = `${report.reason}; the Node was not deleted`;
          return;
        }
        await run.write({ verb: 'delete', resource: 'nodes', name: node }, (signal) =>
          api.core.deleteNode({ name: node }, withSignal(signal)),
        );
        return;
    }
  }
}
