import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createH2Server } from 'node:http2';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { collectBundle } from '../../functions/collect/collect.ts';
import { checkCri } from '../../functions/collect/cri.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';

const MAIN = join(import.meta.dirname, '..', '..', 'functions', 'cli', 'main.ts');
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'pleg-collect-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const settings = (root: string, proc: string, budgetMs: number) => ({
  root,
  proc,
  budgetMs,
  probeTimeoutMs: 1000,
  since: '-1h',
  journalLines: 100,
  maxBytes: 512 * 1024,
  node: 'empty-1',
  settleMs: 100,
});

/** A protobuf string field (wire type 2). */
const field = (n: number, text: string) =>
  Buffer.concat([Buffer.from([(n << 3) | 2, text.length]), Buffer.from(text)]);
const grpcFrame = (message: Buffer) => {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(message.length, 1);
  return Buffer.concat([head, message]);
};

describe('collect where every target is absent', () => {
  it('no journalctl, busctl or dmesg, no sockets, an empty /proc: a valid bundle that says so, no cause', async () => {
    const root = join(scratch, 'absent-root');
    const proc = join(scratch, 'absent-proc');
    mkdirSync(root);
    mkdirSync(proc);
    const started = performance.now();
    const { stdout } = await run(
      process.execPath,
      [MAIN, 'collect', '--root', root, '--proc', proc, '--budget', '5', '--node', 'empty-1'],
      { env: { ...process.env, PATH: join(scratch, 'no-such-dir') } },
    );
    expect(performance.now() - started).toBeLessThan(5000 + 3000); // the budget, plus Node's start-up here
    const bundle = EvidenceBundleSchema.parse(JSON.parse(stdout));
    expect(bundle.logs).toBeUndefined();
    expect(bundle.host?.processes).toBeUndefined();
    const outcomes = Object.fromEntries((bundle.host?.probes ?? []).map((p) => [p.probe, p.outcome]));
    expect(outcomes).toMatchObject({
      proc: 'ok',
      'journal kubelet': 'absent',
      'journal kernel': 'absent',
      runtime: 'absent',
      'systemd ping': 'absent',
    });
    expect(bundle.host?.probes?.find((p) => p.probe === 'journal kubelet')?.detail).toBe(
      'journalctl is not installed',
    );
    expect(diagnose(bundle).verdict).toBe('unknown');
  });
});

describe('collect within its budget', () => {
  it('a /proc read that blocks and a runtime that never answers: reported as such, the bundle on time', async () => {
    const root = join(scratch, 'hang-root');
    const proc = join(scratch, 'hang-proc');
    mkdirSync(join(proc, 'sys', 'fs'), { recursive: true });
    mkdirSync(join(root, 'run', 'crio'), { recursive: true });
    // A FIFO nobody writes: reading it blocks the /proc probe as a wedged process's cmdline would.
    await run('mkfifo', [join(proc, 'sys', 'fs', 'file-nr')]);
    const accepted: Socket[] = [];
    const server = createServer((s) => accepted.push(s));
    await new Promise<void>((resolve) => server.listen(join(root, 'run', 'crio', 'crio.sock'), resolve));
    try {
      const started = performance.now();
      const bundle = await collectBundle(settings(root, proc, 2000));
      expect(performance.now() - started).toBeLessThan(2000);
      const proc0 = bundle.host?.probes?.find((p) => p.probe === 'proc');
      expect(proc0).toMatchObject({ outcome: 'timeout' });
      expect(bundle.unavailable).toContainEqual({
        what: 'proc',
        why: expect.stringMatching(/^timeout: the \/proc scan did not finish within \d+ ms/),
      });
      expect(bundle.host?.checks).toContainEqual(
        expect.objectContaining({ target: 'crio', call: 'CRI Version', outcome: 'timeout' }),
      );
      expect(diagnose(bundle).verdict).toBe('runtime_down');
    } finally {
      for (const s of accepted) s.destroy();
      server.close();
    }
  });
});

describe('CRI over a unix socket', () => {
  it('Version and the lists, answered by a gRPC server on HTTP/2', async () => {
    const socket = join(scratch, 'cri.sock');
    const server = createH2Server();
    server.on('stream', (stream, headers) => {
      const path = String(headers[':path']);
      const answer = path.endsWith('/Version')
        ? Buffer.concat([field(1, '0.1.0'), field(2, 'containerd'), field(3, 'v1.7.13'), field(4, 'v1')])
        : Buffer.concat([field(1, 'a'), field(1, 'b'), field(1, 'c')]);
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.on('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(grpcFrame(answer));
    });
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      const checks = await checkCri('containerd', socket, '/run/containerd/containerd.sock', true, 2000);
      expect(checks.map((c) => [c.check.call, c.check.outcome, c.check.items])).toEqual([
        ['CRI Version', 'answered', undefined],
        ['CRI ListPodSandbox', 'answered', 3],
        ['CRI ListContainers', 'answered', 3],
      ]);
      expect(checks[0]?.check.detail).toBe('containerd v1.7.13 (CRI v1)');
    } finally {
      server.close();
    }
  });

  it('a socket file nobody listens on is refused; a missing one is absent', async () => {
    const stale = join(scratch, 'stale.sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(stale, resolve));
    // Closing a listener leaves no file; a dead daemon leaves one behind: write a plain file in its place.
    await new Promise((resolve) => server.close(resolve));
    writeFileSync(stale, '');
    const [refused] = await checkCri('containerd', stale, stale, true, 1000);
    expect(refused?.check.outcome).toBe('refused');
    const [absent] = await checkCri('containerd', join(scratch, 'none.sock'), '/none.sock', true, 1000);
    expect(absent?.check.outcome).toBe('absent');
  });
});

describe('collect --post', () => {
  const cli = (args: string[]) =>
    run(process.execPath, [MAIN, 'collect', ...args], {
      env: { ...process.env, INGEST_TOKEN: 'wrong-token-0123456789' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );

  it('a bad URL is refused before the node is read', async () => {
    expect(await cli(['--post', 'not a url'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--post: "not a url" is not a URL'),
    });
    expect((await cli(['--post', 'ftp://x/'])).stderr).toContain('ftp: is not supported');
  });

  it('a refused token says so', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    const ingest = createHttpServer((req, res) => {
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorised","issues":[]}');
    });
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
    try {
      const port = (ingest.address() as { port: number }).port;
      const root = join(scratch, 'post-root');
      mkdirSync(root, { recursive: true });
      const result = await cli([
        '--post',
        `http://127.0.0.1:${port}`,
        '--root',
        root,
        '--proc',
        root,
        '--budget',
        '3',
      ]);
      expect(result).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('the ingest refused the token (401)'),
      });
      expect(result.stderr).not.toContain('wrong-token');
    } finally {
      ingest.close();
    }
  });
});
