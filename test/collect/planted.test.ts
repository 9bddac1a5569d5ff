import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';
import type { Diagnosis } from '../../shared/schemas/diagnosis.ts';

/*
 * `pleg-responder collect` on this real host, with a condition planted each time: a process named like a runtime
 * daemon at its descriptor limit, a zombie whose parent is named like a containerd shim, a unix socket that accepts
 * and never answers where containerd's is expected. Each must reach the bundle and drive `diagnose` (the CLI, on the
 * printed bundle) to its cause. The cases run one after another: each is the only anomaly planted at a time.
 */
const MAIN = join(import.meta.dirname, '..', '..', 'functions', 'cli', 'main.ts');
const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'pleg-planted-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const children: ChildProcess[] = [];
const servers: Server[] = [];
const accepted: Socket[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const socket of accepted.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A host root with nothing in it: no runtime socket, no journal, no kubelet configuration. */
function emptyRoot(name: string): string {
  const root = join(scratch, name);
  mkdirSync(root, { recursive: true });
  return root;
}

async function collect(root: string, extra: string[] = []): Promise<EvidenceBundle> {
  const { stdout } = await run(
    process.execPath,
    [
      MAIN,
      'collect',
      '--root',
      root,
      '--budget',
      '10',
      '--probe-timeout',
      '1',
      '--node',
      'planted-1',
      ...extra,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as EvidenceBundle;
}

async function diagnose(bundle: EvidenceBundle): Promise<Diagnosis> {
  const file = join(scratch, `bundle-${Date.now()}.json`);
  await import('node:fs').then((fs) => fs.writeFileSync(file, JSON.stringify(bundle)));
  const result = await run(process.execPath, [MAIN, 'diagnose', '--bundle', file, '-o', 'json']).catch(
    (e: { stdout: string }) => e,
  );
  return JSON.parse(result.stdout) as Diagnosis;
}

/** Starts a child and waits until it prints `ready` (or, without a marker, for `waitMs`). */
function plant(file: string, args: string[], waitMs?: number): Promise<ChildProcess> {
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    if (waitMs !== undefined) setTimeout(() => resolve(child), waitMs);
    else child.stdout?.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
  });
}

describe('pleg-responder collect on this host, planted conditions', () => {
  it('a process named dockerd at 96% of its descriptor limit: fd_exhaustion', async () => {
    // A node process named dockerd (process.title sets its comm through prctl), its descriptor limit at 256.
    const hold = `process.title = 'dockerd'; const fs = require('fs');
      while (fs.readdirSync('/proc/self/fd').length < 246) fs.openSync('/dev/null', 'r');
      console.log('ready'); setInterval(() => {}, 1e6);`;
    const hog = await plant('sh', ['-c', 'ulimit -n 256 && exec "$0" "$@"', process.execPath, '-e', hold]);

    const bundle = await collect(emptyRoot('fd-root'));
    const planted = bundle.host?.processes?.find((p) => p.pid === hog.pid);
    expect(planted).toMatchObject({ role: 'dockerd', comm: 'dockerd', maxOpenFiles: 256 });
    expect(planted?.openFiles).toBeGreaterThanOrEqual(240);

    const diagnosis = await diagnose(bundle);
    expect(diagnosis.verdict).toBe('fd_exhaustion');
    expect(diagnosis.causes[0]?.evidence.map((e) => e.text)).toContainEqual(
      expect.stringMatching(new RegExp(`^dockerd \\(pid ${hog.pid}\\): 2\\d\\d of 256 open files`)),
    );
  });

  it('a zombie whose parent is named containerd-shim-runc-v2: zombie_shim_hang', async () => {
    const dir = join(scratch, 'zombie');
    mkdirSync(dir);
    // `sleep` under a shim's name: it never waits for the child the shell left it, which becomes a zombie.
    symlinkSync('/usr/bin/sleep', join(dir, 'containerd-shim-runc-v2'));
    const shim = await plant(
      'sh',
      ['-c', 'sleep 0.2 & exec "$0" 600', join(dir, 'containerd-shim-runc-v2')],
      600,
    );

    const bundle = await collect(emptyRoot('zombie-root'));
    const zombie = bundle.host?.stuck?.find((s) => s.parent?.pid === shim.pid);
    expect(zombie).toMatchObject({ state: 'Z', comm: 'sleep', parent: { comm: 'containerd-shim' } });
    expect(zombie?.parent?.cmdline).toContain('containerd-shim-runc-v2 600');

    const diagnosis = await diagnose(bundle);
    expect(diagnosis.verdict).toBe('zombie_shim_hang');
    expect(diagnosis.causes[0]?.commands.map((c) => c.command)).toContain(`kill -9 ${shim.pid}`);
  });

  it("a socket that accepts and never answers where containerd's is expected: runtime_down", async () => {
    const root = emptyRoot('socket-root');
    mkdirSync(join(root, 'run', 'containerd'), { recursive: true });
    const socket = join(root, 'run', 'containerd', 'containerd.sock');
    const server = createServer((socket) => accepted.push(socket)); // accepts, reads nothing, answers nothing
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(socket, resolve));

    const started = performance.now();
    // An empty /proc: the busy host's own D-state or zombie processes (other tests', CI's) must not decide this case.
    const bundle = await collect(root, ['--proc', emptyRoot('socket-proc')]);
    // Its 10 s budget, plus starting a Node process on a loaded machine: the run ends, it does not hang.
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(bundle.host?.checks).toContainEqual(
      expect.objectContaining({
        target: 'containerd',
        call: 'CRI Version',
        endpoint: '/run/containerd/containerd.sock',
        outcome: 'timeout',
        timeoutMs: 1000,
      }),
    );

    const diagnosis = await diagnose(bundle);
    expect(diagnosis.verdict).toBe('runtime_down');
    expect(diagnosis.causes[0]?.evidence.map((e) => e.text)).toContain(
      'containerd CRI Version on /run/containerd/containerd.sock: accepted the connection, no answer within 1.0 s',
    );
  });
});
