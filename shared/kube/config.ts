import { existsSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';

/** Where a pod's ServiceAccount token is mounted. */
const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

export interface KubeConfigOptions {
  /** Path of a kubeconfig file; default $KUBECONFIG, then ~/.kube/config. */
  kubeconfig?: string;
  /** Context to use instead of the file's current-context. */
  context?: string;
  /** Use the pod's ServiceAccount (KUBERNETES_SERVICE_HOST/PORT and the mounted token). */
  inCluster?: boolean;
}

/** The line of a YAML error, never its excerpt: the excerpt may show a token. */
function yamlLine(error: unknown): string {
  const mark = (error as { mark?: { line?: unknown } } | undefined)?.mark;
  return typeof mark?.line === 'number' ? ` (line ${mark.line + 1})` : '';
}

function loadInCluster(kc: KubeConfig): void {
  if (!process.env.KUBERNETES_SERVICE_HOST || !process.env.KUBERNETES_SERVICE_PORT) {
    throw new Error(
      'in-cluster configuration needs KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT: not running in a pod? Pass a kubeconfig instead',
    );
  }
  if (!existsSync(SERVICE_ACCOUNT_TOKEN)) {
    throw new Error(
      `in-cluster configuration needs the ServiceAccount token at ${SERVICE_ACCOUNT_TOKEN}: is automountServiceAccountToken false?`,
    );
  }
  kc.loadFromCluster();
}

function loadFile(kc: KubeConfig, file: string): void {
  if (!existsSync(file)) throw new Error(`kubeconfig ${file} does not exist`);
  try {
    kc.loadFromFile(file);
  } catch (error) {
    throw new Error(`kubeconfig ${file} could not be read: not a valid kubeconfig${yamlLine(error)}`);
  }
}

function loadDefault(kc: KubeConfig): void {
  try {
    kc.loadFromDefault();
  } catch (error) {
    throw new Error(
      `the default kubeconfig ($KUBECONFIG or ~/.kube/config) could not be read${yamlLine(error)}`,
    );
  }
  const cluster = kc.getCurrentCluster();
  // loadFromDefault falls back to an unauthenticated http://localhost:8080 when it finds nothing.
  if (!cluster || (cluster.name === 'cluster' && cluster.server === 'http://localhost:8080')) {
    throw new Error(
      'no kubeconfig found: set $KUBECONFIG, create ~/.kube/config, pass a kubeconfig path, or run in-cluster',
    );
  }
}

function contextNames(kc: KubeConfig): string {
  return kc
    .getContexts()
    .map((c) => c.name)
    .join(', ');
}

/**
 * Loads a KubeConfig and checks it can be used: a cluster is selected, and plain-http servers are only allowed
 * with insecure-skip-tls-verify (client-node refuses them otherwise, at the first request). Throws errors that
 * say what to fix, and never quote credentials.
 */
export function kubeConfigFor(options: KubeConfigOptions = {}): KubeConfig {
  const kc = new KubeConfig();
  if (options.inCluster) loadInCluster(kc);
  else if (options.kubeconfig) loadFile(kc, options.kubeconfig);
  else loadDefault(kc);
  if (options.context) {
    if (!kc.getContextObject(options.context)) {
      throw new Error(
        `kubeconfig has no context "${options.context}" (contexts: ${contextNames(kc) || 'none'})`,
      );
    }
    kc.setCurrentContext(options.context);
  }
  const cluster = kc.getCurrentCluster();
  if (!cluster) {
    throw new Error(
      `kubeconfig selects no cluster: set current-context or pass a context (contexts: ${contextNames(kc) || 'none'})`,
    );
  }
  if (cluster.server.startsWith('http:') && !cluster.skipTLSVerify) {
    throw new Error(
      `cluster "${cluster.name}" uses plain http (${cluster.server}); client-node only allows that with insecure-skip-tls-verify: true`,
    );
  }
  return kc;
}
