import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { type KubeFake, plegScenario, startKubeFake } from '../support/kube-fake.ts';

/** The API server fake itself: what it answers to plain HTTP clients and to kubectl. */

let fake: KubeFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function get(path: string, token?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!fake) throw new Error('fake not started');
  const res = await fetch(`${fake.url}${path}`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { text },
  };
}

describe('kube fake', () => {
  it('checks the bearer token, leaving /version open', async () => {
    fake = await startKubeFake();
    expect((await get('/version')).body.gitVersion).toBe('v1.29.4');
    expect(await get('/api/v1/nodes/node-a')).toMatchObject({
      status: 401,
      body: { reason: 'Unauthorized' },
    });
    expect((await get('/api/v1/nodes/node-a', 'wrong')).status).toBe(401);
    expect(await get('/api/v1/nodes/node-a', fake.token)).toMatchObject({
      status: 200,
      body: { kind: 'Node', metadata: { name: 'node-a' } },
    });
  });

  it('pages lists with limit and continue, and filters with the field selectors the real server supports', async () => {
    fake = await startKubeFake();
    const first = await get('/api/v1/pods?fieldSelector=spec.nodeName%3Dnode-a&limit=120', fake.token);
    const items = first.body.items as unknown[];
    const meta = first.body.metadata as { continue?: string; remainingItemCount?: number };
    expect(items).toHaveLength(120);
    expect(meta.continue).toBeTruthy();
    expect(meta.remainingItemCount).toBeUndefined(); // unknown with a selector, as on a real server
    const rest = await get(
      `/api/v1/pods?fieldSelector=spec.nodeName%3Dnode-a&limit=500&continue=${meta.continue}`,
      fake.token,
    );
    expect(rest.body.items as unknown[]).toHaveLength(180);
    expect((rest.body.metadata as { continue?: string }).continue).toBeUndefined();
    expect(await get('/api/v1/pods?fieldSelector=spec.foo%3Dx', fake.token)).toMatchObject({
      status: 400,
      body: { message: 'field label not supported: spec.foo' },
    });
    expect((await get('/api/v1/pods?limit=5&continue=garbage', fake.token)).status).toBe(410);
    const nodeEvents = await get(
      '/api/v1/events?fieldSelector=involvedObject.kind%3DNode%2CinvolvedObject.name%3Dnode-a',
      fake.token,
    );
    expect(
      (nodeEvents.body.items as { involvedObject: { name: string } }[]).every(
        (e) => e.involvedObject.name === 'node-a',
      ),
    ).toBe(true);
  });

  it('answers faults with the Status a real API server sends, and logs every request', async () => {
    fake = await startKubeFake();
    fake.fault({ path: '/api/v1/nodes/node-a/proxy/metrics', status: 403 });
    fake.fault({ path: /^\/api\/v1\/nodes\/node-a$/, latencyMs: 30, times: 1 });
    expect(await get('/api/v1/nodes/node-a/proxy/metrics', fake.token)).toMatchObject({
      status: 403,
      body: {
        reason: 'Forbidden',
        message:
          'nodes "node-a" is forbidden: User "system:serviceaccount:pleg-responder:pleg-responder" cannot get resource "nodes/proxy" in API group "" at the cluster scope',
        details: { name: 'node-a', kind: 'nodes' },
      },
    });
    let t0 = performance.now();
    await get('/api/v1/nodes/node-a', fake.token);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(28);
    t0 = performance.now();
    await get('/api/v1/nodes/node-a', fake.token);
    expect(performance.now() - t0).toBeLessThan(28);
    expect(fake.requests.map((r) => `${r.status} ${r.path}`)).toEqual([
      '403 /api/v1/nodes/node-a/proxy/metrics',
      '200 /api/v1/nodes/node-a',
      '200 /api/v1/nodes/node-a',
    ]);
  });

  it('serves the kubelet behind the node proxy: metrics, NodeLogQuery with tailLines, and its modes', async () => {
    fake = await startKubeFake({ scenario: plegScenario({ now: new Date('2026-05-19T03:14:00Z') }) });
    const metrics = await get('/api/v1/nodes/node-a/proxy/metrics', fake.token);
    expect(metrics.body.text).toMatch(/^kubelet_running_pods 300$/m);
    const tail = await get('/api/v1/nodes/node-a/proxy/logs/?query=containerd&tailLines=2', fake.token);
    expect(String(tail.body.text).trim().split('\n')).toHaveLength(2);
    expect(tail.body.text).toMatch(/^May 19 03:\d{2}:\d{2}\.\d{6} node-a containerd\[912\]: time="/);
    expect((await get('/api/v1/nodes/node-a/proxy/logs/?query=sshd', fake.token)).body.text).toBe(
      '-- No entries --\n',
    );
    fake.setLogQuery('ignored');
    expect((await get('/api/v1/nodes/node-a/proxy/logs/?query=kubelet', fake.token)).body.text).toMatch(
      /^<pre>/,
    );
    fake.setLogQuery('off');
    expect(await get('/api/v1/nodes/node-a/proxy/logs/?query=kubelet', fake.token)).toMatchObject({
      status: 404,
      body: { text: '404 page not found\n' },
    });
    expect((await get('/api/v1/nodes/nope/proxy/metrics', fake.token)).status).toBe(404);
  });
});

const exec = promisify(execFile);
const hasKubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

const MANIFESTS = `apiVersion: v1
kind: Namespace
metadata:
  name: demo
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: demo
  namespace: demo
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: demo-read
rules:
  - apiGroups: [""]
    resources: ["nodes", "nodes/proxy"]
    verbs: ["get"]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: demo-read
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: demo-read}
subjects: [{kind: ServiceAccount, name: demo, namespace: demo}]
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: demo
  namespace: demo
data:
  BUDGET_MS: "5000"
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: demo
  namespace: demo
spec:
  accessModes: [ReadWriteOnce]
  resources: {requests: {storage: 1Gi}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: demo
  namespace: demo
spec:
  maxUnavailable: 1
  selector: {matchLabels: {app: demo}}
---
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: demo
  namespace: demo
`;

function deployment(replicas: string): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: default
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
        - name: web
          image: nginx:1.27
          ports: [{containerPort: 80}]
`;
}

describe.skipIf(!hasKubectl)('kube fake with kubectl', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kube-fake-kubectl-'));

  async function kubectl(file: string, content: string, ...args: string[]) {
    if (!fake) throw new Error('fake not started');
    writeFileSync(join(dir, file), content);
    // client-go sends no bearer token to a plain-http server, hence allowAnonymous below.
    return exec(
      'kubectl',
      [
        'apply',
        '-f',
        join(dir, file),
        `--server=${fake.url}`,
        `--token=${fake.token}`,
        '--insecure-skip-tls-verify',
        '--kubeconfig=/dev/null',
        `--cache-dir=${join(dir, 'cache')}`,
        '--validate=false',
        ...args,
      ],
      { timeout: 15_000 },
    ).then(
      (r) => ({ code: 0, out: `${r.stdout}${r.stderr}` }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? 1,
        out: `${e.stdout ?? ''}${e.stderr ?? ''}`,
      }),
    );
  }

  it('lets kubectl decode manifests of every kind the project ships (client dry run)', async () => {
    fake = await startKubeFake({ allowAnonymous: true });
    const r = await kubectl('all.yaml', MANIFESTS, '--dry-run=client');
    expect(r).toEqual({
      code: 0,
      out: [
        'namespace/demo created (dry run)',
        'serviceaccount/demo created (dry run)',
        'clusterrole.rbac.authorization.k8s.io/demo-read created (dry run)',
        'clusterrolebinding.rbac.authorization.k8s.io/demo-read created (dry run)',
        'configmap/demo created (dry run)',
        'persistentvolumeclaim/demo created (dry run)',
        'poddisruptionbudget.policy/demo created (dry run)',
        'lease.coordination.k8s.io/demo created (dry run)',
        '',
      ].join('\n'),
    });
    expect(fake.requests.some((q) => q.path === '/apis')).toBe(true);
  });

  it('reports a type error the way the API server does (server dry run); client dry run does not type-check', async () => {
    fake = await startKubeFake({ allowAnonymous: true });
    expect(await kubectl('good.yaml', deployment('2'), '--dry-run=server')).toEqual({
      code: 0,
      out: 'deployment.apps/web created (server dry run)\n',
    });
    const bad = await kubectl('bad.yaml', deployment('"two"'), '--dry-run=server');
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain(
      'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    );
    // kubectl's client-side dry run sends nothing and decodes into unstructured objects: it accepts the same file.
    expect(await kubectl('bad.yaml', deployment('"two"'), '--dry-run=client')).toEqual({
      code: 0,
      out: 'deployment.apps/web created (dry run)\n',
    });
    // Nothing was stored by the dry runs.
    expect(fake.objects('Deployment')).toEqual([]);
  });
});
