import { afterEach, describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { collectNodeEvidence, kubeConfigFor } from '../../shared/kube/collector.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import {
  type KubeFake,
  type PlegScenarioOptions,
  plegScenario,
  startKubeFake,
} from '../support/kube-fake.ts';

/**
 * The collector driven through the real @kubernetes/client-node, configured from a kubeconfig file, against the
 * loopback API server fake.
 */

const NOW = new Date('2026-05-19T03:14:00Z');
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
const PROXY = /^\/api\/v1\/nodes\/node-a\/proxy\//;

let fake: KubeFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(scenario: PlegScenarioOptions = {}, options: Parameters<typeof startKubeFake>[0] = {}) {
  fake = await startKubeFake({ scenario: plegScenario({ now: NOW, ...scenario }), ...options });
  return { fake, kc: kubeConfigFor({ kubeconfig: fake.writeKubeconfig() }) };
}

const now = () => NOW;

describe('collectNodeEvidence', () => {
  it('assembles a bundle from which the engine names descriptor exhaustion, reading 300 pods page by page', async () => {
    const { fake, kc } = await start();
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(result.outcome).toBe('collected');
    expect(result.missing).toEqual([]);
    const { bundle } = result;
    expect(EvidenceBundleSchema.safeParse(bundle).success).toBe(true);
    expect(bundle).toMatchObject({
      cluster: 'prod-eu',
      node: 'node-a',
      kubeletVersion: 'v1.29.4',
      containerRuntimeVersion: 'containerd://1.7.13',
      osImage: 'Ubuntu 22.04.4 LTS',
      kernelVersion: '5.15.0-1057-aws',
      counts: { pods: 300, containers: 405 },
    });
    const ready = bundle.conditions?.find((c) => c.type === 'Ready');
    expect(ready).toMatchObject({
      status: 'False',
      reason: 'KubeletNotReady',
      message: 'PLEG is not healthy: pleg was last seen active 4m12s ago; threshold is 3m0s',
    });
    for (const c of bundle.conditions ?? []) {
      expect(c.lastHeartbeatTime).toMatch(RFC3339);
      expect(c.lastTransitionTime).toMatch(RFC3339);
    }
    expect(bundle.taints).toEqual([
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule', timeAdded: '2026-05-19T03:12:43Z' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute', timeAdded: '2026-05-19T03:12:45Z' },
    ]);
    expect(bundle.metrics).toContain('kubelet_pleg_relist_duration_seconds_bucket');
    expect(bundle.logs?.kubelet).toContain('PLEG is not healthy');
    expect(bundle.logs?.containerd).toContain('accept4: too many open files');

    // Events: the node's and those about its pods, recent ones only, not other nodes' pods.
    const reasons = (bundle.events ?? []).map((e) => e.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'NodeNotReady',
        'ContainerGCFailed',
        'FailedCreatePodSandBox',
        'FailedKillPod',
        'BackOff',
      ]),
    );
    expect(reasons).not.toContain('FailedMount'); // 22 h old
    expect(reasons).not.toContain('Unhealthy'); // a pod on node-001
    for (const e of bundle.events ?? []) expect(e.lastTimestamp).toMatch(RFC3339);

    // Pod findings and the lease as structured data, not sentences for a regex to read back.
    expect(bundle.podSummary?.crashLooping).toHaveLength(6);
    expect(bundle.podSummary?.terminating).toHaveLength(4);
    expect(bundle.lease).toMatchObject({ name: 'kube-node-lease/node-a', ageSeconds: 3, fresh: true });
    expect(bundle.logs?.other).toBeUndefined();

    const diagnosis = diagnose(bundle);
    expect(diagnosis.verdict).toBe('fd_exhaustion');
    expect(diagnosis.causes[0]?.evidence.some((e) => e.source.startsWith('logs.containerd'))).toBe(true);
    expect(diagnosis.observed).toMatchObject({ ready: 'False', plegAgeSeconds: 252, runtime: 'containerd' });

    // Pagination: three pages of 100 pods, each after the first with the server's continue token.
    const podPages = fake.requests.filter((r) => r.path === '/api/v1/pods');
    expect(podPages).toHaveLength(3);
    expect(podPages.map((r) => r.query.limit)).toEqual(['100', '100', '100']);
    expect(podPages[0]?.query.continue).toBeUndefined();
    expect(podPages[1]?.query.continue).toBeTruthy();
    expect(podPages[2]?.query.continue).toBeTruthy();
    expect(podPages.every((r) => r.query.fieldSelector === 'spec.nodeName=node-a')).toBe(true);
    // The NodeLogQuery requests reach the literal /logs/ path with their query string.
    const journals = fake.requests.filter((r) => r.path === '/api/v1/nodes/node-a/proxy/logs/');
    expect(journals.map((r) => r.query.query).sort()).toEqual(['containerd', 'kubelet']);
    expect(journals[0]?.query.tailLines).toBe('2000');
    expect(fake.requests.every((r) => r.authorized && r.status === 200)).toBe(true);
    expect(fake.requests.every((r) => r.userAgent.includes('kubernetes-client-javascript'))).toBe(true);
    expect(result.calls).toBe(fake.requests.length);
    expect(Object.keys(result.timings)).toEqual(
      expect.arrayContaining([
        'node',
        'lease',
        'pods',
        'events.node',
        'events.warning',
        'metrics',
        'logs.kubelet',
        'logs.containerd',
        'total',
      ]),
    );
  });

  it('starts the independent calls together', async () => {
    const latencyMs = 200;
    const { fake, kc } = await start({}, { latencyMs });
    await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    // Node, lease, first pod page, both event lists, metrics, kubelet journal: all sent before any answer came.
    const first = fake.requests[0]?.at ?? 0;
    const wave = fake.requests.filter((r) => r.at - first < latencyMs);
    expect(wave.map((r) => r.path).sort()).toEqual(
      [
        '/api/v1/events',
        '/api/v1/events',
        '/api/v1/nodes/node-a',
        '/api/v1/nodes/node-a/proxy/logs/',
        '/api/v1/nodes/node-a/proxy/metrics',
        '/api/v1/pods',
        '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-a',
      ].sort(),
    );
  });

  it('goes on without nodes/proxy: metrics and journals are listed as forbidden, with the RBAC rule to add', async () => {
    const { fake, kc } = await start();
    fake.fault({ path: PROXY, status: 403 });
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(result.outcome).toBe('collected');
    expect(result.bundle.metrics).toBeUndefined();
    expect(result.bundle.logs?.kubelet).toBeUndefined();
    expect(result.bundle.logs?.containerd).toBeUndefined();
    expect(result.bundle.counts).toEqual({ pods: 300, containers: 405 });
    expect(result.missing.map((m) => m.what)).toEqual([
      'kubelet metrics (/api/v1/nodes/node-a/proxy/metrics)',
      'kubelet journal through NodeLogQuery (/api/v1/nodes/node-a/proxy/logs/?query=kubelet)',
      'containerd journal through NodeLogQuery (/api/v1/nodes/node-a/proxy/logs/?query=containerd)',
    ]);
    for (const m of result.missing) {
      expect(m.why).toBe(
        "forbidden: the responder's ServiceAccount lacks get on nodes/proxy (system:serviceaccount:pleg-responder:pleg-responder)",
      );
      expect(m.how).toContain('{apiGroups: [""], resources: ["nodes/proxy"], verbs: ["get"]}');
      expect(m.how).toContain(
        'kubectl auth can-i get nodes/proxy --as=system:serviceaccount:pleg-responder:pleg-responder',
      );
    }
    expect(result.missing[1]?.how).toContain('journalctl -u kubelet');

    // In this process the collector's own gaps are our templates: they come first in the missing list.
    const diagnosis = diagnose(result.bundle, { collected: result.missing });
    expect(diagnosis.causes.length).toBeGreaterThan(0);
    expect(diagnosis.missing.slice(0, 3)).toEqual(result.missing);
    expect(diagnosis.unavailable).toEqual([]);
    // Carried inside a bundle, the same gaps are a sender's report: quoted, their `how` never shown.
    const carried = diagnose(result.bundle);
    expect(carried.unavailable).toEqual(result.missing.map((m) => ({ what: m.what, reason: m.why })));
    expect(JSON.stringify(carried.missing)).not.toContain('kubectl auth can-i');
  });

  it('names the RBAC rule of each forbidden resource', async () => {
    const { fake, kc } = await start();
    fake.fault({
      path: '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-a',
      status: 403,
    });
    fake.fault({ path: '/api/v1/pods', status: 403 });
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(result.bundle.lease).toBeUndefined();
    expect(result.bundle.counts).toBeUndefined();
    const [lease, pods] = result.missing;
    expect(lease?.why).toMatch(
      /^forbidden: the responder's ServiceAccount lacks get on leases in API group coordination\.k8s\.io/,
    );
    expect(lease?.how).toContain(
      '{apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: ["get"]}',
    );
    expect(pods?.why).toMatch(/^forbidden: the responder's ServiceAccount lacks list on pods/);
    expect(pods?.how).toContain('kubectl get pods -A --field-selector spec.nodeName=node-a');
  });

  it('reports NodeLogQuery as not enabled when /logs/ answers 404, and when it ignores the query', async () => {
    const { fake, kc } = await start();
    fake.setLogQuery('off');
    const off = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(off.bundle.metrics).toBeDefined();
    expect(off.missing).toHaveLength(2);
    for (const m of off.missing) {
      expect(m.why).toBe('NodeLogQuery is not enabled on the kubelet: /logs/ answered 404');
      expect(m.how).toMatch(/feature gate NodeLogQuery=true .*enableSystemLogQuery: true/);
    }

    fake.setLogQuery('ignored');
    const ignored = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(ignored.bundle.logs?.kubelet).toBeUndefined();
    expect(ignored.missing.map((m) => m.why)).toEqual([
      'NodeLogQuery is not enabled on the kubelet: /logs/ ignored ?query= and returned the /var/log directory listing',
      'NodeLogQuery is not enabled on the kubelet: /logs/ ignored ?query= and returned the /var/log directory listing',
    ]);
  });

  it('keeps to its budget when an endpoint never answers, and says what timed out', async () => {
    const { fake, kc } = await start();
    fake.fault({ path: '/api/v1/nodes/node-a/proxy/metrics', hang: true });
    // The endpoint never answers: only the budget can end the collection (the reason below says it did), and
    // the test's own timeout fails it otherwise; no wall-clock bound, which a loaded machine would break.
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now, budgetMs: 600 });
    expect(result.outcome).toBe('collected');
    expect(result.bundle.counts?.pods).toBe(300);
    expect(result.bundle.logs?.containerd).toBeDefined();
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]?.what).toBe('kubelet metrics (/api/v1/nodes/node-a/proxy/metrics)');
    expect(result.missing[0]?.why).toMatch(
      /^timed out after \d+ ms: the collection budget of 600 ms ran out before it answered$/,
    );
    expect(diagnose(result.bundle).verdict).toBe('fd_exhaustion');
  });

  it('gives each call its own timeout inside the budget', async () => {
    const { fake, kc } = await start();
    fake.fault({ path: '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-a', hang: true });
    // The budget is far longer than the test may run: only the per-call timeout can end the hanging call.
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', {
      now,
      budgetMs: 600_000,
      callTimeoutMs: 200,
    });
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]?.why).toMatch(/^timed out after \d+ ms \(per-call timeout 200 ms\)/);
    expect(result.missing[0]?.how).toContain(
      "kubectl get lease -n kube-node-lease node-a -o jsonpath='{.spec.renewTime}'",
    );
  });

  it('stops at an unknown node with one clear entry', async () => {
    const { fake, kc } = await start();
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-zz', { now });
    expect(result.outcome).toBe('node_not_found');
    expect(result.missing).toEqual([
      {
        what: 'Node node-zz (conditions, nodeInfo, taints)',
        why: 'node not found: the API server has no node named node-zz',
        how: 'check the node name and the kubeconfig context (kubectl get nodes); or by hand: kubectl get node node-zz -o yaml',
      },
    ]);
    expect(result.bundle).toMatchObject({ cluster: 'prod-eu', node: 'node-zz', unavailable: result.missing });
    expect(result.bundle.conditions).toBeUndefined();
    // No runtime journal is asked for: the node's runtime is never known.
    expect(fake.requests.some((r) => r.query.query === 'containerd')).toBe(false);
  });

  it('makes no request for a name that is not a node name', async () => {
    const { fake, kc } = await start();
    for (const name of ['node-a; rm -rf /', 'Node_A', '../../api/v1/secrets', '', 'x'.repeat(254)]) {
      const result = await collectNodeEvidence(kc, 'prod-eu', name, { now });
      expect(result.outcome).toBe('invalid_node_name');
      expect(result.bundle.node).toBeUndefined();
      expect(result.missing[0]?.why).toMatch(/is not a valid node name .*no request was made/);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('turns a lease renewed while Ready=Unknown into evidence of a wedged kubelet', async () => {
    const { kc } = await start({ ready: 'Unknown', leaseAgeSeconds: 4, runtimeLog: 'quiet' });
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(result.bundle.lease).toMatchObject({ ageSeconds: 4, fresh: true, leaseDurationSeconds: 40 });
    const diagnosis = diagnose(result.bundle);
    expect(diagnosis.verdict).toBe('kubelet_defect');
    expect(diagnosis.causes[0]?.evidence).toContainEqual(
      expect.objectContaining({
        source: 'lease',
        text: 'Lease kube-node-lease/node-a renewed 4s ago (duration 40s), node Ready=Unknown',
      }),
    );
    // node_unreachable is counted against by the live lease.
    expect(diagnosis.causes.find((c) => c.id === 'node_unreachable')?.against.length ?? 0).toBeGreaterThan(0);
  });

  it('reads a stale lease while Ready=Unknown as a kubelet that is gone', async () => {
    const { kc } = await start({ ready: 'Unknown', leaseAgeSeconds: 300, runtimeLog: 'quiet' });
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(result.bundle.lease).toMatchObject({ ageSeconds: 300, fresh: false });
    expect(result.bundle.taints).toEqual([
      expect.objectContaining({ key: 'node.kubernetes.io/unreachable', effect: 'NoSchedule' }),
      expect.objectContaining({ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }),
    ]);
    expect(result.bundle.podSummary?.terminating).toHaveLength(4);
    const diagnosis = diagnose(result.bundle);
    expect(diagnosis.verdict).toBe('node_unreachable');
    expect(diagnosis.causes[0]?.evidence.map((e) => e.source)).toContain('lease');
    // The kubelet is not reporting: pods past their deadline are its consequence, not a runtime hang.
    expect(diagnosis.causes.flatMap((c) => c.evidence).map((e) => e.source)).not.toContain(
      'podSummary.terminating',
    );
  });

  it('lists running pods still Ready=False on a node that is Ready again', async () => {
    const { kc } = await start({ ready: 'True', runtimeLog: 'quiet' });
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(result.bundle.podSummary?.notReady).toHaveLength(3);
    expect(result.bundle.podSummary?.notReady[0]?.detail).toMatch(/^Ready=False for \d/);
  });

  it('says once that the API server is unreachable', async () => {
    const started = await start();
    const file = started.fake.writeKubeconfig();
    await started.fake.close();
    fake = undefined;
    const kc = kubeConfigFor({ kubeconfig: file });
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now, budgetMs: 2000 });
    expect(result.outcome).toBe('api_unreachable');
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]?.why).toMatch(
      /^API server unreachable at http:\/\/127\.0\.0\.1:\d+: connection refused$/,
    );
  });

  it('never puts the token into what it reports', async () => {
    const { fake } = await start();
    const wrong = 'eyJhbGciOiJSUzI1NiJ9.c2VjcmV0LXRva2VuLXBheWxvYWQ.c2lnbmF0dXJlLWJ5dGVz';
    const kc = kubeConfigFor({ kubeconfig: fake.writeKubeconfig({ token: wrong }) });
    const result = await collectNodeEvidence(kc, 'prod-eu', 'node-a', { now });
    expect(result.outcome).toBe('unauthorized');
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]?.why).toMatch(
      /^unauthorized: the API server rejected the responder's credentials/,
    );
    expect(JSON.stringify(result)).not.toContain(wrong);
    expect(JSON.stringify(result)).not.toContain(fake.token);
    expect(fake.requests.every((r) => !r.authorized && r.status === 401)).toBe(true);
  });
});

describe('kubeConfigFor', () => {
  it('loads a file and a named context, and says what is wrong otherwise', async () => {
    const { fake } = await start();
    const file = fake.writeKubeconfig({ context: 'staging' });
    expect(kubeConfigFor({ kubeconfig: file, context: 'staging' }).getCurrentCluster()?.server).toBe(
      fake.url,
    );
    expect(() => kubeConfigFor({ kubeconfig: file, context: 'prod' })).toThrow(
      'kubeconfig has no context "prod" (contexts: staging)',
    );
    expect(() => kubeConfigFor({ kubeconfig: '/nonexistent/kubeconfig' })).toThrow(
      'kubeconfig /nonexistent/kubeconfig does not exist',
    );
  });

  it('refuses in-cluster configuration outside a pod', () => {
    const saved = process.env.KUBERNETES_SERVICE_HOST;
    delete process.env.KUBERNETES_SERVICE_HOST;
    try {
      expect(() => kubeConfigFor({ inCluster: true })).toThrow(
        /KUBERNETES_SERVICE_HOST.*not running in a pod/,
      );
    } finally {
      if (saved !== undefined) process.env.KUBERNETES_SERVICE_HOST = saved;
    }
  });
});
