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
  /** Keep only this metric family's lines, and stop reading once it has gone by (the idle check). */
  family?: string,
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
      const status = res.statusCode ?? 0;
      const lines = family === undefined ? undefined : new FamilyLines(family);
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (!lines) body += chunk;
        else if (lines.push(chunk)) {
          // The family has gone by: the rest of a body of megabytes need not cross the wire.
          resolve({ status, body: lines.kept });
          req.destroy();
          return;
        }
        if ((lines ? lines.held : body.length) > MAX_BODY_BYTES) req.destroy(new Error('answer too large'));
      });
      res.on('end', () => resolve({ status, body: lines ? lines.end() : body }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * One metric family's lines out of a Prometheus text exposition read in chunks. The format keeps a family's lines
 * together (its HELP and TYPE comments, then its samples), and Prometheus registries (the kubelet's among them)
 * write families sorted by name, so once a line of another family follows this one's, the family is complete.
 */
class FamilyLines {
  readonly #family: string;
  #partial = '';
  #seen = false;
  kept = '';

  constructor(family: string) {
    this.#family = family;
  }

  /** Takes the next chunk; true once the family is complete. */
  push(chunk: string): boolean {
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    for (const line of lines) if (this.#take(line)) return true;
    return false;
  }

  /** Characters held: the kept lines and an unfinished one (a body without newlines must not grow without end). */
  get held(): number {
    return this.kept.length + this.#partial.length;
  }

  end(): string {
    this.#take(this.#partial);
    return this.kept;
  }

  /** True when `line` belongs to a later family than the one being kept. */
  #take(line: string): boolean {
    if (line.startsWith(this.#family)) {
      this.kept += `${line}\n`;
      this.#seen = true;
      return false;
    }
    if (line.startsWith('#')) return this.#seen && !line.includes(` ${this.#family} `);
    return this.#seen && line !== '';
  }
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
