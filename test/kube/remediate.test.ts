import { afterEach, describe, expect, it } from 'vitest';
import { kubeConfigFor } from '../../shared/kube/collector.ts';
import { KubeRemediation } from '../../shared/kube/remediate.ts';
import type { RemediationAction } from '../../shared/remediation/model.ts';
import type { DrainProgress } from '../../shared/remediation/port.ts';
import { type KubeFake, type KubeObject, type RbacRule, startKubeFake } from '../support/kube-fake.ts';

/**
 * The remediation adapter on the real @kubernetes/client-node against the API server fake, which enforces what
 * these calls meet on a real server: resourceVersion preconditions (409), the Eviction subresource with
 * PodDisruptionBudgets (429), pods that stay Terminating on a node whose kubelet does not confirm, deletes (404),
 * RBAC (403).
 */

let fake: KubeFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const NODE_CLAIM = {
  groupVersion: 'karpenter.sh/v1',
  resource: 'nodeclaims',
  kind: 'NodeClaim',
  namespaced: false,
};
const MACHINE = {
  groupVersion: 'cluster.x-k8s.io/v1beta1',
  resource: 'machines',
  kind: 'Machine',
  namespaced: true,
};

function node(
  name: string,
  ready: 'True' | 'False',
  extra: Partial<KubeObject['metadata']> = {},
  providerID?: string,
) {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'karpenter.sh/nodepool': 'general' }, ...extra },
    spec: providerID ? { providerID } : {},
    status: { conditions: [{ type: 'Ready', status: ready }] },
  };
}
function pod(
  name: string,
  on: string,
  labels: Record<string, string> = {},
  extra: Partial<KubeObject['metadata']> = {},
) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'payments', labels, ...extra },
    spec: { nodeName: on, containers: [{ name: 'app', image: 'app:1' }] },
    status: { phase: 'Running' },
  };
}
function pdb(name: string, app: string, disruptionsAllowed: number) {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'payments' },
    spec: { minAvailable: 2, selector: { matchLabels: { app } } },
    status: { disruptionsAllowed, currentHealthy: 2, desiredHealthy: 2, expectedPods: 2 },
  };
}

/** worker-7 (NotReady: its pods never finish terminating) and worker-1 (Ready), each with pods. */
function cluster(): KubeObject[] {
  const karpenter = {
    ownerReferences: [{ apiVersion: 'karpenter.sh/v1', kind: 'NodeClaim', name: 'general-x7k2p', uid: 'u' }],
  };
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'payments' } },
    node('worker-7', 'False', karpenter),
    node('worker-1', 'True'),
    node('capi-3', 'True', {
      annotations: {
        'cluster.x-k8s.io/machine': 'md-0-abc12',
        'cluster.x-k8s.io/cluster-namespace': 'fleet',
      },
      labels: {},
    }),
    node('metal-1', 'True', { labels: {} }),
    { apiVersion: 'karpenter.sh/v1', kind: 'NodeClaim', metadata: { name: 'general-x7k2p' } },
    {
      apiVersion: 'cluster.x-k8s.io/v1beta1',
      kind: 'Machine',
      metadata: { name: 'md-0-abc12', namespace: 'fleet' },
    },
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fleet' } },
    pod('api-1', 'worker-7', { app: 'api' }),
    pod('checkout-1', 'worker-7', { app: 'checkout' }),
    pod('web-1', 'worker-7', { app: 'web' }),
    pod(
      'node-exporter-7',
      'worker-7',
      {},
      { ownerReferences: [{ kind: 'DaemonSet', name: 'node-exporter' }] },
    ),
    pod('static-7', 'worker-7', {}, { annotations: { 'kubernetes.io/config.mirror': 'x' } }),
    pod('api-2', 'worker-1', { app: 'api' }),
    pod('web-2', 'worker-1', { app: 'web' }),
    pdb('api', 'api', 1),
    pdb('checkout', 'checkout', 0),
  ];
}

async function adapter(o: { rbac?: readonly RbacRule[] } = {}) {
  fake = await startKubeFake({
    scenario: { objects: cluster(), metrics: {}, logs: {} },
    customResources: [NODE_CLAIM, MACHINE],
    ...(o.rbac ? { rbac: o.rbac } : {}),
  });
  const kc = kubeConfigFor({ kubeconfig: fake.writeKubeconfig() });
  return new KubeRemediation(new Map([['prod', kc]]), { drainTimeoutMs: 600, pollMs: 100 });
}
const run = (a: KubeRemediation, action: RemediationAction, node: string, dryRun = false) =>
  a.carryOut({ action, cluster: 'prod', node, dryRun });
const unschedulable = (o: KubeObject | undefined) =>
  (o?.spec as { unschedulable?: boolean } | undefined)?.unschedulable;
const mutations = () => (fake?.requests ?? []).filter((r) => r.method !== 'GET');
const stored = (kind: string, name: string) => fake?.objects(kind).find((o) => o.metadata.name === name);

describe('KubeRemediation', () => {
  it('reads the nodes for the guards: pool, schedulability, readiness, how to replace each', async () => {
    const a = await adapter();
    const view = await a.view('prod');
    if ('unavailable' in view) throw new Error(view.unavailable);
    expect(view.nodes.find((n) => n.name === 'worker-7')).toMatchObject({
      pool: 'karpenter.sh/nodepool=general',
      ready: 'False',
      unschedulable: false,
      replace: { via: 'karpenter', nodeClaim: 'general-x7k2p' },
    });
    expect(view.nodes.find((n) => n.name === 'capi-3')?.replace).toEqual({
      via: 'cluster-api',
      machine: 'md-0-abc12',
      namespace: 'fleet',
    });
    expect(view.nodes.find((n) => n.name === 'metal-1')?.replace.via).toBe('none');
    expect(await a.view('elsewhere')).toMatchObject({
      unavailable: expect.stringContaining('no cluster access'),
    });
  });

  it('cordons with the resourceVersion it read, and uncordons', async () => {
    const a = await adapter();
    expect(await run(a, 'cordon', 'worker-1')).toMatchObject({
      result: 'done',
      calls: [{ verb: 'patch', resource: 'nodes', name: 'worker-1', status: 200 }],
    });
    expect(unschedulable(stored('Node', 'worker-1'))).toBe(true);
    expect(await run(a, 'uncordon', 'worker-1')).toMatchObject({ result: 'done' });
    expect(unschedulable(stored('Node', 'worker-1'))).toBe(false);
  });

  it('a change between its read and its patch is a 409, read again, not overwritten', async () => {
    const a = await adapter();
    // Someone changes the node while the first patch is on its way: it carries a stale resourceVersion.
    let changed = false;
    const original = fake?.requests.push.bind(fake.requests);
    if (!fake || !original) throw new Error('no fake');
    const f = fake;
    f.requests.push = (...entries) => {
      const n = original(...entries);
      if (!changed && entries[0]?.method === 'PATCH' && entries[0].path === '/api/v1/nodes/worker-1') {
        changed = true;
        const current = stored('Node', 'worker-1');
        if (current) f.put({ ...current, metadata: { ...current.metadata, labels: { touched: 'yes' } } });
      }
      return n;
    };
    const report = await run(a, 'cordon', 'worker-1');
    expect(report.calls.map((c) => c.status)).toEqual([409, 200]);
    expect(report.result).toBe('done');
    expect(stored('Node', 'worker-1')?.metadata.labels).toEqual({ touched: 'yes' });
  });

  it('drains through the Eviction API: budgets respected (429 until time runs out), DaemonSet and static pods left, pods stuck Terminating reported, nothing force-deleted', async () => {
    const a = await adapter();
    const seen: DrainProgress[] = [];
    const report = await a.carryOut(
      { action: 'drain', cluster: 'prod', node: 'worker-7', dryRun: false },
      (p) => seen.push(p),
    );
    expect(report.result).toBe('incomplete');
    expect(report.drain?.skipped.sort()).toEqual(['payments/node-exporter-7', 'payments/static-7']);
    expect(report.drain?.evicted.sort()).toEqual(['payments/api-1', 'payments/web-1']);
    expect(report.drain?.blocked).toEqual([
      {
        pod: 'payments/checkout-1',
        reason: "Cannot evict pod as it would violate the pod's disruption budget.",
      },
    ]);
    // worker-7 is NotReady: its kubelet never confirms, the evicted pods stay Terminating.
    expect(report.drain?.stuck.sort()).toEqual(['payments/api-1', 'payments/web-1']);
    expect(report.reason).toBe('1 pod(s) blocked by a PodDisruptionBudget, 2 pod(s) stuck Terminating');
    expect(stored('Pod', 'api-1')?.metadata.deletionTimestamp).toBeTruthy();
    // The budget allowed one disruption and has used it.
    expect(
      (stored('PodDisruptionBudget', 'api')?.status as { disruptionsAllowed?: number } | undefined)
        ?.disruptionsAllowed,
    ).toBe(0);
    expect(mutations().some((r) => r.method === 'DELETE')).toBe(false);
    expect(mutations().filter((r) => r.path.endsWith('/eviction')).length).toBeGreaterThan(3); // 429s retried
    expect(seen.length).toBeGreaterThan(0);
  });

  it('drains a Ready node to the end', async () => {
    const a = await adapter();
    const report = await run(a, 'drain', 'worker-1');
    expect(report).toMatchObject({
      result: 'done',
      drain: { evicted: ['payments/api-2', 'payments/web-2'], stuck: [] },
    });
    expect(stored('Pod', 'api-2')).toBeUndefined();
  });

  it('dry-run reads only, and lists exactly the calls it would make', async () => {
    const a = await adapter();
    const report = await run(a, 'drain', 'worker-7', true);
    expect(mutations()).toEqual([]);
    expect(report.result).toBe('dry-run');
    expect(report.calls).toEqual([
      { verb: 'patch', resource: 'nodes', name: 'worker-7', detail: 'spec.unschedulable=true' },
      { verb: 'create', resource: 'pods/eviction', namespace: 'payments', name: 'api-1' },
      { verb: 'create', resource: 'pods/eviction', namespace: 'payments', name: 'checkout-1' },
      { verb: 'create', resource: 'pods/eviction', namespace: 'payments', name: 'web-1' },
    ]);
    const replace = await run(a, 'replace', 'worker-7', true);
    expect(mutations()).toEqual([]);
    expect(replace.calls.at(-1)).toEqual({
      verb: 'delete',
      resource: 'nodeclaims.karpenter.sh',
      name: 'general-x7k2p',
    });
  });

  it('replaces a Karpenter node by deleting its NodeClaim, a Cluster API node by deleting its Machine', async () => {
    const a = await adapter();
    const karpenter = await run(a, 'replace', 'worker-7');
    expect(karpenter).toMatchObject({ result: 'done', replace: { via: 'karpenter' } });
    expect(stored('NodeClaim', 'general-x7k2p')).toBeUndefined();
    expect(unschedulable(stored('Node', 'worker-7'))).toBe(true);
    const capi = await run(a, 'replace', 'capi-3');
    expect(capi).toMatchObject({ result: 'done', replace: { via: 'cluster-api', machine: 'md-0-abc12' } });
    expect(stored('Machine', 'md-0-abc12')).toBeUndefined();
    const metal = await run(a, 'replace', 'metal-1');
    expect(metal).toMatchObject({ result: 'failed', replace: { via: 'none' } });
    // A NodeClaim already gone is the API server's 404, said as it is.
    expect(await run(a, 'replace', 'worker-7')).toMatchObject({
      result: 'failed',
      reason: expect.stringContaining('HTTP 404'),
    });
  });

  it('an RBAC denial is a failed job that says which permission is missing', async () => {
    const a = await adapter({
      rbac: [{ apiGroups: [''], resources: ['nodes', 'pods'], verbs: ['get', 'list'] }],
    });
    const report = await run(a, 'cordon', 'worker-1');
    expect(report.result).toBe('failed');
    expect(report.reason).toContain('cannot patch resource "nodes" in API group ""');
    expect(report.reason).toContain('components/remediation');
    expect(report.calls).toEqual([
      { verb: 'patch', resource: 'nodes', name: 'worker-1', detail: 'spec.unschedulable=true', status: 403 },
    ]);
  });

  it('with the remediation component’s rules, every call it makes is granted', async () => {
    const { rules } = await import('../support/remediation-rbac.ts');
    const a = await adapter({ rbac: await rules() });
    expect((await run(a, 'drain', 'worker-1')).result).toBe('done');
    expect((await run(a, 'replace', 'worker-7')).result).toBe('done');
    expect((await run(a, 'replace', 'capi-3')).result).toBe('done');
    expect(fake?.requests.filter((r) => r.status === 403)).toEqual([]);
  });
});
