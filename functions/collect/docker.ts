import { CallError, type Check, timedCheck } from './check.ts';
import { httpRequest as request } from './node-http.ts';

/** Docker Engine API answers are small, except a container list on a crowded node. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** One GET over the daemon's unix socket; rejects with a CallError saying how it failed. */
function get(socketPath: string, path: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, method: 'GET', headers: { host: 'docker' } });
    const timer = setTimeout(
      () => req.destroy(new CallError('timeout', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const abort = () =>
      req.destroy(new CallError('timeout', `no answer within ${timeoutMs} ms (budget spent)`));
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    };
    req.on('error', (error: NodeJS.ErrnoException) => {
      done();
      if (error instanceof CallError) return reject(error);
      const outcome =
        error.code === 'ECONNREFUSED' ? 'refused' : error.code === 'ENOENT' ? 'absent' : 'error';
      reject(new CallError(outcome, error.code ?? error.message));
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > MAX_ANSWER_BYTES) req.destroy(new CallError('error', 'answer too large'));
      });
      res.on('end', () => {
        done();
        if ((res.statusCode ?? 0) >= 300)
          reject(new CallError('error', `HTTP ${res.statusCode}: ${body.slice(0, 200)}`));
        else resolve(body);
      });
    });
    req.end();
  });
}

export interface DockerAnswer {
  version?: string;
  items?: number;
}

/** `/_ping` (does the daemon answer), then its version and a container list (does it answer what the kubelet asks). */
export async function checkDocker(
  socketPath: string,
  endpoint: string,
  timeoutMs: number,
  signal?: AbortSignal,
  lists = true,
): Promise<Check<DockerAnswer>[]> {
  const base = { target: 'docker', endpoint };
  const ping = await timedCheck<DockerAnswer>(
    { ...base, call: 'GET /_ping' },
    timeoutMs,
    async () => {
      await get(socketPath, '/_ping', timeoutMs, signal);
      return {};
    },
    () => ({}),
  );
  if (ping.check.outcome !== 'answered' || !lists) return [ping];
  const [version, list] = await Promise.all([
    timedCheck<DockerAnswer>(
      { ...base, call: 'GET /version' },
      timeoutMs,
      async () => ({
        version: (JSON.parse(await get(socketPath, '/version', timeoutMs, signal)) as { Version?: string })
          .Version,
      }),
      (a) => ({ detail: a.version }),
    ),
    timedCheck<DockerAnswer>(
      { ...base, call: 'GET /containers/json?all=1' },
      timeoutMs,
      async () => ({
        items: (JSON.parse(await get(socketPath, '/containers/json?all=1', timeoutMs, signal)) as unknown[])
          .length,
      }),
      (a) => ({ items: a.items }),
    ),
  ]);
  return [ping, version, list];
}
