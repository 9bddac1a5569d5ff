import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig } from '../../functions/config.ts';
import { startKubeFake } from '../support/kube-fake.ts';

const REPO = join(import.meta.dirname, '..', '..');
const ROOT = join(REPO, 'infra', 'kubernetes');

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [key: string]: unknown;
}

interface Container {
  image: string;
  command?: string[];
  args?: string[];
  envFrom: Array<{ configMapRef?: { name: string }; secretRef?: { name: string; optional?: boolean } }>;
  securityContext: {
    allowPrivilegeEscalation: boolean;
    readOnlyRootFilesystem: boolean;
    capabilities: { drop: string[] };
  };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  readinessProbe: { httpGet: { path: string; port: string } };
  livenessProbe: { httpGet: { path: string; port: string } };
  ports: Array<{ name: string; containerPort: number }>;
  volumeMounts: Array<{ name: string; mountPath: string }>;
}
interface PodSpec {
  serviceAccountName: string;
  priorityClassName: string;
  tolerations: Array<{ key: string; operator: string; effect: string; tolerationSeconds?: number }>;
  securityContext: { runAsNonRoot: boolean; runAsUser: number; seccompProfile: { type: string } };
  containers: Container[];
  volumes: Array<{ name: string; persistentVolumeClaim?: { claimName: string }; emptyDir?: object }>;
}
interface Deployment extends Manifest {
  spec: { replicas: number; strategy: { type: string }; template: { spec: PodSpec } };
}
interface Service extends Manifest {
  spec: {
    selector: Record<string, string>;
    ports: Array<{ name: string; port: number; targetPort: string }>;
  };
}

/** Renders an overlay with kubectl's built-in kustomize (offline), as `kubectl apply -k` would. */
function renderText(dir: string): string {
  return execFileSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8' });
}
function render(dir: string): Manifest[] {
  return parseAllDocuments(renderText(dir)).map((d) => d.toJSON() as Manifest);
}
const one = <T extends Manifest>(docs: Manifest[], kind: string): T => {
  const found = docs.filter((d) => d.kind === kind);
  expect(found.map((d) => d.metadata.name)).toHaveLength(1);
  return found[0] as T;
};

interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}
const rules = (docs: Manifest[]): Rule[] =>
  docs.filter((d) => d.kind === 'ClusterRole').flatMap((d) => d.rules as Rule[]);

const EXAMPLES = readdirSync(join(ROOT, 'examples')).map((d) => `examples/${d}`);
const OVERLAYS = ['base', ...EXAMPLES];
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string })
  .version;

describe('infra/kubernetes/base: the whole responder in the cluster, no cloud account', () => {
  const base = render('base');
  const deployment = one<Deployment>(base, 'Deployment');
  const pod = deployment.spec.template.spec;
  const [container] = pod.containers;
  const config = one<Manifest & { data: Record<string, string> }>(base, 'ConfigMap');

  it('renders the expected objects', () => {
    expect(base.map((d) => d.kind).sort()).toEqual([
      'ClusterRole',
      'ClusterRoleBinding',
      'ConfigMap',
      'Deployment',
      'Namespace',
      'PersistentVolumeClaim',
      'PriorityClass',
      'Service',
      'ServiceAccount',
    ]);
  });

  it('runs ingest, the embedded queue and the responder, reading the cluster, with nothing of AWS', () => {
    expect(config.data).toMatchObject({
      ROLE: 'all',
      QUEUE: 'embedded',
      KUBE_IN_CLUSTER: 'true',
      DATA_DIR: '/data',
    });
    expect(renderText('base')).not.toMatch(/sqs|aws|eks\.amazonaws/i);
    // The ConfigMap is a configuration the server accepts as it stands.
    expect(loadConfig(config.data)).toMatchObject({
      ROLE: 'all',
      QUEUE: 'embedded',
      KUBE_IN_CLUSTER: 'true',
    });
  });

  it('keeps DATA_DIR on the ReadWriteOnce claim, one pod at a time', () => {
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.strategy.type).toBe('Recreate');
    const claim = one<Manifest & { spec: { accessModes: string[] } }>(base, 'PersistentVolumeClaim');
    expect(claim.spec.accessModes).toEqual(['ReadWriteOnce']);
    const mount = container?.volumeMounts.find((m) => m.mountPath === config.data.DATA_DIR);
    const volume = pod.volumes.find((v) => v.name === mount?.name);
    expect(volume?.persistentVolumeClaim?.claimName).toBe(claim.metadata.name);
  });

  it('leaves a NotReady or unreachable node after 30 s and can preempt ordinary pods to land elsewhere', () => {
    for (const key of ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable']) {
      expect(pod.tolerations).toContainEqual({
        key,
        operator: 'Exists',
        effect: 'NoExecute',
        tolerationSeconds: 30,
      });
    }
    const priority = one<Manifest & { value: number; globalDefault: boolean }>(base, 'PriorityClass');
    expect(pod.priorityClassName).toBe(priority.metadata.name);
    expect(priority.globalDefault).toBe(false);
    // Above ordinary pods, below system-cluster-critical (2000000000) and the user-definable maximum.
    expect(priority.value).toBeGreaterThan(0);
    expect(priority.value).toBeLessThanOrEqual(1_000_000_000);
    // No PDB: with one replica it would block every drain.
    expect(base.some((d) => d.kind === 'PodDisruptionBudget')).toBe(false);
  });

  it('grants read-only access to the ServiceAccount the pod runs as', () => {
    for (const rule of rules(base)) {
      expect(rule.verbs.every((v) => ['get', 'list', 'watch'].includes(v))).toBe(true);
      expect(
        rule.resources.some((r) => r.includes('/') || r === 'secrets' || r === 'configmaps' || r === '*'),
      ).toBe(false);
    }
    const binding = one<Manifest & { subjects: Array<{ name: string; namespace: string }> }>(
      base,
      'ClusterRoleBinding',
    );
    expect(binding.subjects).toEqual([
      { kind: 'ServiceAccount', name: pod.serviceAccountName, namespace: deployment.metadata.namespace },
    ]);
  });

  it('runs unprivileged, bounded and probed on the port the Service targets', () => {
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
      expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
      expect(c.ports).toEqual([{ name: 'http', containerPort: Number(config.data.PORT) }]);
      // The image's CMD runs the server: the manifest does not override it.
      expect(c.command).toBeUndefined();
      expect(c.args).toBeUndefined();
      expect(c.envFrom).toContainEqual({ configMapRef: { name: config.metadata.name } });
      expect(c.envFrom).toContainEqual({ secretRef: { name: 'pleg-responder', optional: true } });
    }
    expect(config.data.HOST).toBe('0.0.0.0');
    const service = one<Service>(base, 'Service');
    expect(service.spec.selector).toEqual(
      (deployment.spec as unknown as { selector: { matchLabels: Record<string, string> } }).selector
        .matchLabels,
    );
    expect(service.spec.ports).toEqual([{ name: 'http', port: 8787, targetPort: 'http', protocol: 'TCP' }]);
  });

  it('takes the Secret keys its comment documents; with SLACK_APP_TOKEN, /pleg comes over Socket Mode, nothing exposed', () => {
    const comment = readFileSync(join(ROOT, 'base', 'deployment.yaml'), 'utf8');
    const documented = [...comment.matchAll(/--from-literal=([A-Z_]+)=/g)].map((m) => m[1] ?? '');
    expect(documented).toEqual(['INGEST_TOKEN', 'SLACK_BOT_TOKEN', 'SLACK_CHANNEL', 'SLACK_APP_TOKEN']);
    const values: Record<string, string> = {
      INGEST_TOKEN: 'f'.repeat(48),
      SLACK_BOT_TOKEN: 'xoxb-1-2-0123456789abcdef',
      SLACK_CHANNEL: 'C0INCIDENTS',
      SLACK_APP_TOKEN: 'xapp-1-A0PLEG-1-0123456789abcdef',
    };
    const secret = Object.fromEntries(documented.map((key) => [key, values[key] ?? '']));
    // What envFrom gives the container: the ConfigMap, then the Secret's keys. The server takes it as it stands.
    expect(loadConfig({ ...config.data, ...secret })).toMatchObject({
      ROLE: 'all',
      SLACK_APP_TOKEN: values.SLACK_APP_TOKEN,
    });
    expect(loadConfig({ ...config.data, ...secret }).SLACK_SIGNING_SECRET).toBeUndefined();
    const service = one<Service>(base, 'Service');
    expect((service.spec as { type?: string }).type ?? 'ClusterIP').toBe('ClusterIP');
    expect(base.some((d) => d.kind === 'Ingress')).toBe(false);
  });

  it('names the image at the package version (its build: test/infra/container.test.ts)', () => {
    expect(container?.image).toBe(`ghcr.io/pleg-responder/pleg-responder:${PACKAGE_VERSION}`);
  });
});

describe('what posts to the Service reaches it', () => {
  const service = one<Service>(render('base'), 'Service');
  const inCluster = (url: string) => {
    const u = new URL(url);
    const [name, namespace, svc] = u.hostname.split('.');
    return { name, namespace, svc, port: Number(u.port), path: u.pathname, protocol: u.protocol };
  };
  const expected = (path: string) => ({
    name: service.metadata.name,
    namespace: service.metadata.namespace,
    svc: 'svc',
    port: service.spec.ports[0]?.port,
    path,
    protocol: 'http:',
  });

  it('Alertmanager: infra/alertmanager/pleg-responder.yml', () => {
    const am = parse(readFileSync(join(REPO, 'infra', 'alertmanager', 'pleg-responder.yml'), 'utf8')) as {
      receivers: Array<{ name: string; webhook_configs?: Array<{ url: string }> }>;
    };
    const url = am.receivers.find((r) => r.name === 'pleg-responder')?.webhook_configs?.[0]?.url ?? '';
    expect(inCluster(url)).toEqual(expected('/v1/alertmanager'));
  });

  it('kubernetes-event-exporter: infra/kubernetes/event-exporter/config.yaml, node-health events only', () => {
    const exporter = parse(readFileSync(join(ROOT, 'event-exporter', 'config.yaml'), 'utf8')) as {
      receivers: Array<{ name: string; webhook: { endpoint: string; headers: Record<string, string> } }>;
      route: { routes: Array<{ match: Array<{ receiver: string; kind: string }> }> };
    };
    const receiver = exporter.receivers[0];
    expect(inCluster(receiver?.webhook.endpoint ?? '')).toEqual(expected('/v1/events'));
    expect(receiver?.webhook.headers.Authorization).toMatch(/^Bearer /);
    expect(exporter.route.routes.flatMap((r) => r.match.map((m) => m.kind)).sort()).toEqual(['Node', 'Pod']);
  });
});

describe('components and example overlays', () => {
  it('nodes-proxy is granted only where the component is used', () => {
    expect(rules(render('base')).some((r) => r.resources.includes('nodes/proxy'))).toBe(false);
    const proxy = rules(render('examples/with-nodes-proxy')).filter((r) =>
      r.resources.includes('nodes/proxy'),
    );
    expect(proxy).toEqual([{ apiGroups: [''], resources: ['nodes/proxy'], verbs: ['get'] }]);
  });

  it('sqs: the responder alone on SQS, state on an emptyDir, no claim, still one replica', () => {
    const docs = render('examples/sqs-edge');
    const config = one<Manifest & { data: Record<string, string> }>(docs, 'ConfigMap');
    expect(loadConfig(config.data)).toMatchObject({ ROLE: 'respond', QUEUE: 'sqs', KUBE_IN_CLUSTER: 'true' });
    const deployment = one<Deployment>(docs, 'Deployment');
    expect(deployment.spec.replicas).toBe(1);
    expect(deployment.spec.template.spec.volumes.find((v) => v.name === 'state')).toEqual({
      name: 'state',
      emptyDir: { sizeLimit: '256Mi' },
    });
    expect(docs.some((d) => d.kind === 'PersistentVolumeClaim')).toBe(false);
    expect(one(docs, 'ServiceAccount').metadata.annotations?.['eks.amazonaws.com/role-arn']).toMatch(
      /^arn:aws:iam::\d{12}:role\//,
    );
    // The component leaves the queue URL to the overlay: without it the server refuses to start, naming it.
    const { SQS_QUEUE_URL: _, ...withoutQueue } = config.data;
    expect(() => loadConfig(withoutQueue)).toThrow(/SQS_QUEUE_URL: required when QUEUE=sqs/);
  });

  it('servicemonitor: scrapes /metrics on the Service port the probes use', () => {
    const docs = render('examples/kube-prometheus');
    const monitor = one<Manifest & { spec: Record<string, unknown> }>(docs, 'ServiceMonitor');
    const service = one<Service>(docs, 'Service');
    expect(monitor.spec).toMatchObject({
      selector: { matchLabels: service.metadata.labels },
      namespaceSelector: { matchNames: [service.metadata.namespace] },
      endpoints: [{ port: service.spec.ports[0]?.name, path: '/metrics' }],
    });
    expect(monitor.metadata.labels?.release).toBe('kube-prometheus-stack');
  });

  it.each(EXAMPLES)('%s: a valid configuration, the image overridden only by `images:`', (overlay) => {
    const docs = render(overlay);
    const config = one<Manifest & { data: Record<string, string> }>(docs, 'ConfigMap');
    expect(() => loadConfig(config.data)).not.toThrow();
    const image = one<Deployment>(docs, 'Deployment').spec.template.spec.containers[0]?.image ?? '';
    expect(image.endsWith(`:${PACKAGE_VERSION}`)).toBe(true);
  });
});

describe('infra/kubernetes against an API server (kubectl apply --dry-run=server)', () => {
  const run = promisify(execFile);
  const SERVICE_MONITOR = {
    groupVersion: 'monitoring.coreos.com/v1',
    resource: 'servicemonitors',
    kind: 'ServiceMonitor',
    namespaced: true,
  };

  async function dryRun(
    manifests: string,
    crds: boolean,
  ): Promise<{ stdout: string; stderr: string; code: number }> {
    const fake = await startKubeFake({
      allowAnonymous: true,
      customResources: crds ? [SERVICE_MONITOR] : [],
    });
    const dir = mkdtempSync(join(tmpdir(), 'pleg-manifests-'));
    try {
      const file = join(dir, 'all.yaml');
      writeFileSync(file, manifests);
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
          { timeout: 20_000 },
        );
      // Namespaced objects need their namespace to exist, as on a real server.
      await kubectl('create', 'namespace', 'pleg-responder');
      return await kubectl('apply', '-f', file, '--dry-run=server').then(
        (r) => ({ ...r, code: 0 }),
        (e: { stdout: string; stderr: string; code: number }) => e,
      );
    } finally {
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it.each(OVERLAYS)('%s: every object is accepted as its typed kind', async (overlay) => {
    const { stdout, stderr, code } = await dryRun(renderText(overlay), true);
    expect(code, stderr).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBe(render(overlay).length);
    expect(lines.every((l) => /(created|configured|unchanged) \(server dry run\)$/.test(l))).toBe(true);
  });

  it('a mistyped field is refused as the API server decodes it', async () => {
    const text = renderText('base').replace('tolerationSeconds: 30', 'tolerationSeconds: "30"');
    const { stderr, code } = await dryRun(text, false);
    expect(code).not.toBe(0);
    expect(stderr).toContain(
      'json: cannot unmarshal string into Go struct field Toleration.spec.template.spec.tolerations.tolerationSeconds of type int64',
    );
  });

  it('a PriorityClass above what users may define is refused', async () => {
    const text = renderText('base').replace('value: 1000000\n', 'value: 2000000000\n');
    const { stderr, code } = await dryRun(text, false);
    expect(code).not.toBe(0);
    expect(stderr).toContain('maximum allowed value of a user defined priority is 1000000000');
  });

  it('a ServiceMonitor without the prometheus-operator CRD is refused, as on a plain cluster', async () => {
    const { stderr, code } = await dryRun(renderText('examples/kube-prometheus'), false);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/no matches for kind "ServiceMonitor" in version "monitoring\.coreos\.com\/v1"/);
  });
});
