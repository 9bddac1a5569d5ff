import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { httpRequest } from '../collect/node-http.ts';

/** The kubelet's metrics are a few MB on a busy node; more than this is not read. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface KubeletEndpoint {
  url: URL;
  /** Bearer token file (the pod's ServiceAccount token, authorised for nodes/metrics). */
  tokenFile?: string;
  /** CA bundle for the kubelet's serving certificate. */
  caFile?: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * GET with a timeout. Without a CA the kubelet's self-signed serving certificate is accepted on the loopback
 * address only (its certificate names the node, not 127.0.0.1): anyone who can answer there is already root on the
 * node. Any other host needs the CA, so the token never goes to a server that was not verified.
 */
export function kubeletGet(
  endpoint: KubeletEndpoint,
  timeoutMs: number,
  /** Keep only the lines that start with this (the idle check keeps one line of a body of megabytes). */
  only?: string,
): Promise<{ status: number; body: string }> {
  const { url } = endpoint;
  const token = endpoint.tokenFile ? readFileSync(endpoint.tokenFile, 'utf8').trim() : undefined;
  const ca = endpoint.caFile ? readFileSync(endpoint.caFile) : undefined;
  if (url.protocol === 'https:' && !ca && !LOOPBACK.has(url.hostname))
    return Promise.reject(
      new Error(`${url.host}: a CA file is needed for a kubelet not on the loopback address`),
    );
  return new Promise((resolve, reject) => {
    const options = {
      method: 'GET',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      timeout: timeoutMs,
      ...(url.protocol === 'https:' ? { ca, rejectUnauthorized: ca !== undefined } : {}),
    };
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, (res) => {
      let body = '';
      let partial = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (only === undefined) body += chunk;
        else {
          const lines = (partial + chunk).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) if (line.startsWith(only)) body += `${line}\n`;
        }
        if (body.length > MAX_BODY_BYTES) req.destroy(new Error('answer too large'));
      });
      res.on('end', () => {
        if (only !== undefined && partial.startsWith(only)) body += partial;
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Seconds since the last successful relist: `time() - kubelet_pleg_last_seen_seconds`. Only the lines of that
 * family are looked at, so a scrape every few seconds costs a substring search, not a parse of the whole body.
 */
export function plegAgeSeconds(metrics: string, nowMs: number): number | undefined {
  const m = /^kubelet_pleg_last_seen_seconds(?:\{[^}]*\})? ([\d.e+-]+)/m.exec(metrics);
  const value = m?.[1] ? Number(m[1]) : Number.NaN;
  return Number.isFinite(value) && value > 0 ? Math.max(0, nowMs / 1000 - value) : undefined;
}
