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
const one = <T extends Manifest>(docs: Manifest[], kind: string, name?: string): T => {
  const found = docs.filter((d) => d.kind === kind && (name === undefined || d.metadata.name === name));
  expect(found.map((d) => d.metadata.name)).toHaveLength(1);
  return found[0] as T;
};
/** The responder's own ConfigMap and Deployment (an overlay may add others: the event exporter's). */
const responderConfig = (docs: Manifest[]) =>
  one<Manifest & { data: Record<string, string> }>(docs, 'ConfigMap', 'pleg-responder');
const responderDeployment = (docs: Manifest[]) => one<Deployment>(docs, 'Deployment', 'pleg-responder');

interface Rule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
}
/** The rules granted to the responder's ServiceAccount (not the event exporter's), cluster-wide and per namespace. */
const rules = (docs: Manifest[]): Rule[] =>
  docs
    .filter(
      (d) => (d.kind === 'ClusterRole' || d.kind === 'Role') && !d.metadata.name.includes('event-exporter'),
    )
    .flatMap((d) => d.rules as Rule[]);

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
      'Role',
      'RoleBinding',
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
    for (const kind of ['ClusterRoleBinding', 'RoleBinding']) {
      const binding = one<Manifest & { subjects: Array<{ name: string; namespace: string }> }>(base, kind);
      expect(binding.subjects).toEqual([
        { kind: 'ServiceAccount', name: pod.serviceAccountName, namespace: deployment.metadata.namespace },
      ]);
    }
  });

  it("reads the kubelets' Leases only in kube-node-lease, and says why pods are read cluster-wide", () => {
    const cluster = one<Manifest & { rules: Rule[] }>(base, 'ClusterRole');
    expect(cluster.rules.some((r) => r.resources.includes('leases'))).toBe(false);
    const role = one<Manifest & { rules: Rule[] }>(base, 'Role');
    expect(role.metadata.namespace).toBe('kube-node-lease');
    expect(role.rules).toEqual([
      { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get'] },
    ]);
    expect(one<Manifest & { roleRef: { name: string } }>(base, 'RoleBinding').roleRef.name).toBe(
      role.metadata.name,
    );
    expect(readFileSync(join(ROOT, 'base', 'clusterrole.yaml'), 'utf8')).toMatch(/What that\s+# exposes/);
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
    const documented = /all keys optional\): ([A-Z_, #\n]+)\./
      .exec(comment)?.[1]
      ?.split(/[,\s#]+/)
      .filter(Boolean);
    expect(documented).toEqual([
      'INGEST_TOKEN',
      'SLACK_BOT_TOKEN',
      'SLACK_CHANNEL',
      'SLACK_APP_TOKEN',
      'SLACK_SIGNING_SECRET',
    ]);
    const values: Record<string, string> = {
      INGEST_TOKEN: 'f'.repeat(48),
      SLACK_BOT_TOKEN: 'xoxb-1-2-0123456789abcdef',
      SLACK_CHANNEL: 'C0INCIDENTS',
      SLACK_APP_TOKEN: 'xapp-1-A0PLEG-1-0123456789abcdef',
    };
    const secret = Object.fromEntries(Object.entries(values));
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

  it('kubernetes-event-exporter: components/event-exporter/config.yaml, node-health events only', () => {
    const exporter = parse(
      readFileSync(join(ROOT, 'components', 'event-exporter', 'config.yaml'), 'utf8'),
    ) as {
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

  it('remediation: the base stays read-only; the component grants exactly what remediation calls', () => {
    const writes = (docs: Manifest[]) =>
      rules(docs).filter((r) => r.verbs.some((v) => !['get', 'list', 'watch'].includes(v)));
    for (const overlay of OVERLAYS.filter((o) => o !== 'examples/with-remediation'))
      expect(writes(render(overlay)), overlay).toEqual([]);
    const docs = render('examples/with-remediation');
    expect(writes(docs)).toEqual([
      { apiGroups: [''], resources: ['nodes'], verbs: ['patch', 'delete'] },
      { apiGroups: [''], resources: ['pods/eviction'], verbs: ['create'] },
      { apiGroups: ['karpenter.sh'], resources: ['nodeclaims'], verbs: ['get', 'delete'] },
      { apiGroups: ['cluster.x-k8s.io'], resources: ['machines'], verbs: ['get', 'delete'] },
    ]);
    expect(loadConfig(responderConfig(docs).data)).toMatchObject({ REMEDIATION: 'dry-run' });
  });

  it('sqs: the responder alone on SQS, state on an emptyDir, no claim, still one replica', () => {
    const docs = render('examples/sqs-edge');
    const config = responderConfig(docs);
    expect(loadConfig(config.data)).toMatchObject({ ROLE: 'respond', QUEUE: 'sqs', KUBE_IN_CLUSTER: 'true' });
    const deployment = responderDeployment(docs);
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
    const config = responderConfig(docs);
    expect(() => loadConfig(config.data)).not.toThrow();
    const image = responderDeployment(docs).spec.template.spec.containers[0]?.image ?? '';
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
  const ALERTMANAGER_CONFIG = {
    groupVersion: 'monitoring.coreos.com/v1alpha1',
    resource: 'alertmanagerconfigs',
    kind: 'AlertmanagerConfig',
    namespaced: true,
  };
  // Built into every API server, but not into the fake's discovery: served the way a CRD's kind would be.
  const NETWORK_POLICY = {
    groupVersion: 'networking.k8s.io/v1',
    resource: 'networkpolicies',
    kind: 'NetworkPolicy',
    namespaced: true,
  };

  async function dryRun(
    manifests: string,
    crds: boolean,
  ): Promise<{ stdout: string; stderr: string; code: number }> {
    const fake = await startKubeFake({
      allowAnonymous: true,
      customResources: crds ? [SERVICE_MONITOR, ALERTMANAGER_CONFIG, NETWORK_POLICY] : [NETWORK_POLICY],
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
      // The fake's cluster already has kube-node-lease (as every cluster) and monitoring.
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

  it("prometheus-operator's AlertmanagerConfig is accepted as its kind", async () => {
    const file = readFileSync(
      join(REPO, 'infra', 'alertmanager', 'prometheus-operator', 'alertmanagerconfig.yaml'),
      'utf8',
    );
    const { stdout, stderr, code } = await dryRun(file, true);
    expect(code, stderr).toBe(0);
    expect(stdout.trim()).toBe(
      'alertmanagerconfig.monitoring.coreos.com/pleg-responder created (server dry run)',
    );
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

describe('the kube-prometheus example, wired end to end', () => {
  const docs = render('examples/kube-prometheus');
  const service = one<Service>(docs, 'Service');
  const exporter = one<Deployment>(docs, 'Deployment', 'pleg-responder-event-exporter');
  const exporterPod = exporter.spec.template.spec;

  it('runs kubernetes-event-exporter with its config and the ingest token of the responder Secret', () => {
    const [container] = exporterPod.containers as Array<
      Container & { env: Array<{ name: string; valueFrom: { secretKeyRef: { name: string; key: string } } }> }
    >;
    expect(container?.env).toEqual([
      { name: 'PLEG_TOKEN', valueFrom: { secretKeyRef: { name: 'pleg-responder', key: 'INGEST_TOKEN' } } },
    ]);
    const volume = exporterPod.volumes.find((v) => v.name === 'config') as unknown as {
      configMap: { name: string };
    };
    const map = one<Manifest & { data: Record<string, string> }>(docs, 'ConfigMap', volume.configMap.name);
    const config = parse(map.data['config.yaml'] ?? '') as {
      receivers: Array<{ webhook: { endpoint: string } }>;
    };
    expect(config.receivers[0]?.webhook.endpoint).toBe(
      `http://${service.metadata.name}.${service.metadata.namespace}.svc:${service.spec.ports[0]?.port}/v1/events`,
    );
    expect((container?.args ?? [])[0]).toBe(`-conf=${container?.volumeMounts[0]?.mountPath}/config.yaml`);
    // The namespace enforces the restricted Pod Security Standard: the exporter meets it as the responder does.
    expect(exporterPod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(container?.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  });

  it('lets in only Alertmanager/Prometheus and the exporter; lets out DNS, HTTPS and Alertmanager', () => {
    const policy = one<Manifest & { spec: Record<string, unknown> }>(docs, 'NetworkPolicy');
    const deployment = responderDeployment(docs);
    const exporterLabels = (exporter.spec as unknown as { template: { metadata: { labels: object } } })
      .template.metadata.labels;
    expect(policy.spec).toMatchObject({
      podSelector: {
        matchLabels: (deployment.spec as unknown as { selector: { matchLabels: object } }).selector
          .matchLabels,
      },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        {
          from: [
            { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
            { podSelector: { matchLabels: exporterLabels } },
          ],
          ports: [{ port: service.spec.ports[0]?.targetPort, protocol: 'TCP' }],
        },
      ],
    });
    const egress = (
      policy.spec.egress as Array<{ ports: Array<{ port: number; protocol: string }> }>
    ).flatMap((rule) => rule.ports.map((p) => `${p.protocol}/${p.port}`));
    expect(egress.sort()).toEqual(['TCP/443', 'TCP/53', 'TCP/6443', 'TCP/9093', 'UDP/53']);
  });
});

describe('one cluster name across the examples', () => {
  // A node's alerts carry Prometheus' `cluster` label; its events and bundles, when they name no cluster, are filed
  // under the responder's DEFAULT_CLUSTER. Two names for one cluster open two threads for one node.
  const values = parse(
    readFileSync(
      join(REPO, 'infra', 'alertmanager', 'prometheus-operator', 'kube-prometheus-stack-values.yaml'),
      'utf8',
    ),
  ) as { prometheus: { prometheusSpec: { externalLabels: { cluster: string } } } };

  it.each(EXAMPLES)('%s: the exporter, Prometheus and the responder name the cluster alike', (overlay) => {
    const docs = render(overlay);
    const cluster = responderConfig(docs).data.DEFAULT_CLUSTER;
    expect(cluster).not.toBe('default');
    for (const map of docs.filter(
      (d) => d.kind === 'ConfigMap' && d.metadata.name.includes('event-exporter'),
    )) {
      const config = parse(
        (map as Manifest & { data: Record<string, string> }).data['config.yaml'] ?? '',
      ) as {
        clusterName?: string;
      };
      expect(config.clusterName ?? cluster).toBe(cluster);
    }
    expect(values.prometheus.prometheusSpec.externalLabels.cluster).toBe(cluster);
  });
});

describe('the ingest token, from one Secret per namespace', () => {
  const AM = join(REPO, 'infra', 'alertmanager');
  const plain = parse(readFileSync(join(AM, 'pleg-responder.yml'), 'utf8')) as AmConfig;
  const values = parse(
    readFileSync(join(AM, 'prometheus-operator', 'kube-prometheus-stack-values.yaml'), 'utf8'),
  ) as { alertmanager: { alertmanagerSpec: { secrets: string[] }; config: AmConfig } };
  const operator = parse(
    readFileSync(join(AM, 'prometheus-operator', 'alertmanagerconfig.yaml'), 'utf8'),
  ) as {
    metadata: { namespace: string };
    spec: {
      route: Record<string, unknown> & {
        matchers: Array<{ name: string; matchType: string; value: string }>;
      };
      receivers: Array<{ name: string; webhookConfigs: Array<Record<string, unknown>> }>;
    };
  };
  interface AmConfig {
    route: { routes: Array<Record<string, unknown> & { receiver: string }> };
    receivers: Array<{ name: string; webhook_configs?: Array<Record<string, unknown>> }>;
  }
  const ours = (c: AmConfig) => ({
    route: c.route.routes.find((r) => r.receiver === 'pleg-responder'),
    receiver: c.receivers.find((r) => r.name === 'pleg-responder'),
  });

  it('the kube-prometheus-stack values and the AlertmanagerConfig say what the plain snippet says', () => {
    expect(ours(values.alertmanager.config)).toEqual(ours(plain));
    const { route, receiver } = ours(plain);
    const webhook = receiver?.webhook_configs?.[0] as {
      url: string;
      send_resolved: boolean;
      max_alerts: number;
      http_config: { authorization: { type: string; credentials_file: string } };
    };
    expect(operator.spec.route).toEqual({
      receiver: 'pleg-responder',
      matchers: [
        {
          name: 'alertname',
          matchType: '=~',
          value: /^alertname=~"(.*)"$/.exec(String((route?.matchers as string[] | undefined)?.[0]))?.[1],
        },
      ],
      groupBy: route?.group_by,
      groupWait: route?.group_wait,
      groupInterval: route?.group_interval,
      repeatInterval: route?.repeat_interval,
      continue: route?.continue,
    });
    const [, secret, key] = /^\/etc\/alertmanager\/secrets\/([^/]+)\/([^/]+)$/.exec(
      webhook.http_config.authorization.credentials_file,
    ) ?? ['', '', ''];
    expect(operator.spec.receivers).toEqual([
      {
        name: 'pleg-responder',
        webhookConfigs: [
          {
            url: webhook.url,
            sendResolved: webhook.send_resolved,
            maxAlerts: webhook.max_alerts,
            httpConfig: { authorization: { type: 'Bearer', credentials: { name: secret, key } } },
          },
        ],
      },
    ]);
    // The values mount the Secret the file path names.
    expect(values.alertmanager.alertmanagerSpec.secrets).toEqual([secret]);
  });

  it('create-secrets.sh makes both Secrets with one token, under the names the configurations read', async () => {
    const fake = await startKubeFake({ allowAnonymous: true });
    const home = mkdtempSync(join(tmpdir(), 'pleg-secrets-'));
    try {
      for (const name of ['pleg-responder', operator.metadata.namespace])
        fake.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
      const r = await promisify(execFile)('sh', [join(ROOT, 'create-secrets.sh')], {
        env: {
          PATH: process.env.PATH,
          HOME: home,
          KUBECONFIG: fake.writeKubeconfig(),
          SLACK_BOT_TOKEN: 'xoxb-1-2-0123456789abcdef',
          SLACK_CHANNEL: 'C0INCIDENTS',
        },
        timeout: 60_000,
      });
      expect(r.stdout).toContain('secret/pleg-responder created');
      const secrets = fake.objects('Secret') as unknown as Array<{
        metadata: { namespace: string };
        data: Record<string, string>;
      }>;
      const decoded = (namespace: string) =>
        Object.fromEntries(
          Object.entries(secrets.find((s) => s.metadata.namespace === namespace)?.data ?? {}).map(
            ([k, v]) => [k, Buffer.from(v, 'base64').toString()],
          ),
        );
      const responder = decoded('pleg-responder');
      const alertmanager = decoded(operator.metadata.namespace);
      expect(Object.keys(responder).sort()).toEqual(['INGEST_TOKEN', 'SLACK_BOT_TOKEN', 'SLACK_CHANNEL']);
      const [webhook] = operator.spec.receivers.flatMap((r) => r.webhookConfigs) as Array<{
        httpConfig: { authorization: { credentials: { key: string } } };
      }>;
      const credentials = webhook?.httpConfig.authorization.credentials ?? { key: '' };
      expect(Object.keys(alertmanager)).toEqual([credentials.key]);
      expect(alertmanager[credentials.key]).toBe(responder.INGEST_TOKEN);
      // A token the server takes, with the Slack settings as given.
      const config = loadConfig({ ...responderConfig(render('base')).data, ...responder });
      expect(config.INGEST_TOKEN).toMatch(/^[0-9a-f]{48}$/);
      expect(config.SLACK_CHANNEL).toBe('C0INCIDENTS');
    } finally {
      await fake.close();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
