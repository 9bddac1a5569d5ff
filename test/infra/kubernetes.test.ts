import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { startKubeFake } from '../support/kube-fake.ts';

const ROOT = join(import.meta.dirname, '..', '..', 'infra', 'kubernetes');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [key: string]: unknown;
}

/** Renders an overlay with kubectl's built-in kustomize (offline), as `kubectl apply -k` would. */
function render(dir: string): Manifest[] {
  const out = execFileSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJSON() as Manifest);
}

interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}

const rules = (docs: Manifest[]): Rule[] =>
  docs.filter((d) => d.kind === 'ClusterRole').flatMap((d) => d.rules as Rule[]);

describe('infra/kubernetes', () => {
  const base = render('base');
  const withProxy = render('with-nodes-proxy');

  it('renders the expected objects', () => {
    expect(base.map((d) => d.kind).sort()).toEqual([
      'ClusterRole',
      'ClusterRoleBinding',
      'ConfigMap',
      'Deployment',
      'Namespace',
      'PersistentVolumeClaim',
      'ServiceAccount',
    ]);
    expect(withProxy.filter((d) => d.kind === 'ClusterRole')).toHaveLength(2);
  });

  it('grants read-only access, and nodes/proxy only in the opt-in overlay', () => {
    for (const rule of rules(base)) {
      expect(rule.verbs.every((v) => ['get', 'list', 'watch'].includes(v))).toBe(true);
      expect(
        rule.resources.some((r) => r.includes('/') || r === 'secrets' || r === 'configmaps' || r === '*'),
      ).toBe(false);
    }
    const proxy = rules(withProxy).filter((r) => r.resources.includes('nodes/proxy'));
    expect(proxy).toEqual([{ apiGroups: [''], resources: ['nodes/proxy'], verbs: ['get'] }]);
  });

  it('runs the responder unprivileged, bounded and probed', () => {
    const deployment = base.find((d) => d.kind === 'Deployment') as unknown as {
      spec: { replicas: number; strategy: { type: string }; template: { spec: Record<string, unknown> } };
    };
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy.type).toBe('Recreate');
    const pod = deployment.spec.template.spec as {
      serviceAccountName: string;
      securityContext: { runAsNonRoot: boolean; seccompProfile: { type: string } };
      containers: Array<{
        securityContext: {
          allowPrivilegeEscalation: boolean;
          readOnlyRootFilesystem: boolean;
          capabilities: { drop: string[] };
        };
        resources: { requests: Record<string, string>; limits: Record<string, string> };
        readinessProbe: { httpGet: { path: string } };
        livenessProbe: { httpGet: { path: string } };
        ports: Array<{ containerPort: number }>;
        env: Array<{ name: string; value: string }>;
      }>;
    };
    expect(pod.serviceAccountName).toBe('pleg-responder');
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    for (const c of pod.containers) {
      expect(c.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(Object.keys(c.resources.requests).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(c.resources.limits).sort()).toEqual(['cpu', 'memory']);
      expect(c.readinessProbe.httpGet.path).toBe('/readyz');
      expect(c.livenessProbe.httpGet.path).toBe('/healthz');
      expect(c.env.find((e) => e.name === 'PORT')?.value).toBe(String(c.ports[0]?.containerPort));
    }
    const config = base.find((d) => d.kind === 'ConfigMap') as unknown as { data: Record<string, string> };
    expect(config.data).toMatchObject({ ROLE: 'respond', QUEUE: 'sqs' });
  });

  it('ships an event-exporter configuration that posts node-health events to /v1/events with a bearer token', () => {
    const exporter = parse(readFileSync(join(ROOT, 'event-exporter', 'config.yaml'), 'utf8')) as {
      receivers: Array<{ name: string; webhook: { endpoint: string; headers: Record<string, string> } }>;
      route: { routes: Array<{ match: Array<{ receiver: string; kind: string }> }> };
    };
    const receiver = exporter.receivers[0];
    expect(receiver?.webhook.endpoint).toMatch(/\/v1\/events$/);
    expect(receiver?.webhook.headers.Authorization).toMatch(/^Bearer /);
    expect(exporter.route.routes.flatMap((r) => r.match.map((m) => m.kind)).sort()).toEqual(['Node', 'Pod']);
  });
});

describe('infra/kubernetes against an API server (kubectl apply --dry-run=server)', () => {
  const run = promisify(execFile);

  it.each(['base', 'with-nodes-proxy'])('%s: every object is accepted as its typed kind', async (overlay) => {
    const fake = await startKubeFake({ allowAnonymous: true });
    const dir = mkdtempSync(join(tmpdir(), 'pleg-manifests-'));
    try {
      const file = join(dir, 'all.yaml');
      writeFileSync(file, execFileSync('kubectl', ['kustomize', join(ROOT, overlay)], { encoding: 'utf8' }));
      // client-go sends no token to a plain-http server; the fake accepts anonymous requests for this.
      const kubectl = (...args: string[]) =>
        run(
          'kubectl',
          [
            ...args,
            `--server=${fake.url}`,
            '--kubeconfig=/dev/null',
            `--cache-dir=${join(dir, 'cache')}`,
            '--validate=false',
          ],
          {
            timeout: 20_000,
          },
        );
      // Namespaced objects need their namespace to exist, as on a real server.
      await kubectl('create', 'namespace', 'pleg-responder');
      const { stdout } = await kubectl('apply', '-f', file, '--dry-run=server');
      const lines = stdout.trim().split('\n');
      expect(lines.length).toBe(render(overlay).length);
      expect(lines.every((l) => /(created|configured|unchanged) \(server dry run\)$/.test(l))).toBe(true);
    } finally {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
