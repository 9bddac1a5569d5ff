import {
  ApiException,
  type CoreV1Api,
  HttpMethod,
  IsomorphicFetchHttpLibrary,
  type KubeConfig,
  RequestContext,
} from '@kubernetes/client-node';
import { UnavailableError, withSignal } from './calls.ts';

/**
 * The kubelet's HTTP endpoints read through the API server's node proxy (`/api/v1/nodes/NAME/proxy/...`): no
 * network path to the node is needed, only `get` on nodes/proxy.
 */

/** Kubelet /metrics (Prometheus text). */
export function readKubeletMetrics(core: CoreV1Api, node: string, signal: AbortSignal): Promise<string> {
  return core.connectGetNodeProxyWithPath({ name: node, path: 'metrics' }, withSignal(signal));
}

export interface LogQuery {
  /** journald unit (NodeLogQuery `query`): kubelet, containerd, crio, docker. */
  unit: string;
  tailLines: number;
  /** RFC 3339. */
  sinceTime?: string;
}

/** The kubelet's /var/log directory listing: what /logs/ serves when NodeLogQuery is off and the query ignored. */
const DIRECTORY_LISTING = /^\s*<pre>\s*(?:<a href=|<\/pre>)/;

export const NODE_LOG_QUERY_HOW =
  'enable NodeLogQuery on the kubelet: feature gate NodeLogQuery=true (beta and off by default in 1.30–1.35, GA in 1.36) and enableSystemLogQuery: true with enableSystemLogHandler: true in its KubeletConfiguration';

/**
 * One NodeLogQuery request (`/api/v1/nodes/NAME/proxy/logs/?query=UNIT&tailLines=N`). client-node's
 * connectGetNodeProxyWithPath would encode `logs/` as `logs%2F` and has no query string, so the request is
 * built here with the kubeconfig's authentication and the library's own HTTP stack.
 */
export async function queryNodeLogs(
  kc: KubeConfig,
  node: string,
  query: LogQuery,
  signal: AbortSignal,
): Promise<string> {
  const server = kc.getCurrentCluster()?.server.replace(/\/+$/, '');
  if (!server) throw new Error('the kubeconfig has no current cluster');
  const params = new URLSearchParams({ query: query.unit, tailLines: String(query.tailLines) });
  if (query.sinceTime) params.set('sinceTime', query.sinceTime);
  const url = `${server}/api/v1/nodes/${encodeURIComponent(node)}/proxy/logs/?${params}`;
  const request = new RequestContext(url, HttpMethod.GET);
  await kc.applySecurityAuthentication(request);
  request.setHeaderParam('Accept', 'text/plain, */*');
  request.setHeaderParam('User-Agent', 'pleg-responder (node log query; kubernetes-client-javascript)');
  request.setSignal(signal);
  const response = await new IsomorphicFetchHttpLibrary().send(request).toPromise();
  const text = await response.body.text();
  if (response.httpStatusCode < 200 || response.httpStatusCode > 299) {
    throw new ApiException(response.httpStatusCode, 'node log query failed', text, response.headers);
  }
  if (DIRECTORY_LISTING.test(text)) {
    throw new UnavailableError(
      'NodeLogQuery is not enabled on the kubelet: /logs/ ignored ?query= and returned the /var/log directory listing',
      NODE_LOG_QUERY_HOW,
    );
  }
  return text;
}

/** journalctl's answer when the unit logged nothing in the window. */
export function isEmptyJournal(text: string): boolean {
  const t = text.trim();
  return t === '' || t === '-- No entries --';
}
