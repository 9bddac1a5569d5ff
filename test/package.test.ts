import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAtLeast, MINIMUM_NODE } from '../functions/node-support.ts';
import pkg from '../package.json' with { type: 'json' };
import { DiagnosisSchema } from '../shared/schemas/diagnosis.ts';

// The package as a user gets it: `npm pack` (which builds dist/ in prepack), installed from the tarball into an
// empty project, its dependencies from the registry (or npm's cache), and run from there with the Node on PATH.

const ROOT = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'pleg-package-'));
const app = join(work, 'app');
const BIN = join(app, 'node_modules', '.bin', 'pleg-responder');
const INSTALLED = join(app, 'node_modules', 'pleg-responder');
let tarball = '';

/**
 * How long one npm command may take. spawnSync blocks the worker, so vitest's hook timeout cannot stop it: without
 * this bound an npm that never exits (seen once, idle after writing node_modules) holds CI until its job is killed.
 */
const NPM_TIMEOUT_MS = 150_000;

function npm(args: string[], cwd: string) {
  const r = spawnSync('npm', args, { cwd, encoding: 'utf8', timeout: NPM_TIMEOUT_MS, killSignal: 'SIGKILL' });
  if (r.error || r.status !== 0)
    throw new Error(
      `npm ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}):\n${r.stderr}`,
    );
  return r;
}

/** The install, tried a second time only when the first never finished (a hang, not an error npm reported). */
function npmInstall(args: string[], cwd: string) {
  try {
    return npm(args, cwd);
  } catch (error) {
    if (!/ETIMEDOUT/.test(String(error))) throw error;
    return npm(args, cwd);
  }
}

beforeAll(() => {
  npm(['pack', '--pack-destination', work, '--loglevel=error'], ROOT);
  const name = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack left no tarball in ${work}`);
  tarball = join(work, name);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'pleg-package-test', private: true }));
  npmInstall(['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], app);
}, 480_000);

afterAll(() => rmSync(work, { recursive: true, force: true }), 60_000);

function file(name: string, content: string): string {
  const path = join(work, name);
  writeFileSync(path, content);
  return path;
}

/**
 * The installed command: through npx as a user runs it, or straight from node_modules/.bin (what npx runs,
 * without npm's own start-up second).
 */
function run(args: string[], input?: string, via: 'npx' | 'bin' = 'bin') {
  const command = via === 'npx' ? 'npx' : BIN;
  const prefix = via === 'npx' ? ['--no', '--', 'pleg-responder'] : [];
  const r = spawnSync(command, [...prefix, ...args], { cwd: app, input, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const SAMPLE_LOG = [
  'Mar 04 10:00:02 worker-3 kubelet[1893]: E0304 10:00:02.000001    1893 kubelet.go:2081] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m20s ago; threshold is 3m0s"',
  'Mar 04 10:00:03 worker-3 dockerd[900]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s',
].join('\n');

describe('the packed package', () => {
  it('holds only what runs: the built JavaScript, package.json, README, LICENSE and the sample incident', () => {
    const entries = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.trim().split('\n');
    for (const entry of entries)
      expect(entry).toMatch(
        /^package\/(dist\/[\w/-]+\.js|package\.json|README\.md|LICENSE|infra\/samples\/[\w-]+\.json)$/,
      );
    expect(entries).toEqual(
      expect.arrayContaining(['package/dist/cli.js', 'package/dist/server.js', 'package/LICENSE']),
    );
    const manifest = JSON.parse(readFileSync(join(INSTALLED, 'package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ 'pleg-responder': 'dist/cli.js' });
    expect(existsSync(BIN)).toBe(true);
  });

  it('runs --version and --help from the install', () => {
    const version = run(['--version'], undefined, 'npx');
    expect(version.code).toBe(0);
    expect(version.stdout).toBe(`${pkg.version}\n`);
    const help = run(['diagnose', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Exit status:');
  });

  it('diagnoses a sample bundle and a sample log, with the documented exit codes', () => {
    const sample = join(work, 'bundle.json');
    copyFileSync(join(ROOT, 'infra', 'samples', 'bundle-fd-exhaustion.json'), sample);
    const bundle = run(['diagnose', '--bundle', sample], undefined, 'npx');
    expect(bundle.code).toBe(0);
    expect(bundle.stdout).toContain(
      'Verdict: File descriptors or inotify exhausted (open-file limit hit) [fd_exhaustion]',
    );

    const log = run([
      'diagnose',
      '--log',
      file('journal.txt', SAMPLE_LOG),
      '--node',
      'worker-3',
      '-o',
      'json',
    ]);
    expect(log.code).toBe(0);
    const d = DiagnosisSchema.parse(JSON.parse(log.stdout));
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.observed.plegAgeSeconds).toBe(200);

    const yaml = run(['diagnose', '--log', '-', '-o', 'yaml'], SAMPLE_LOG);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/^verdict: fd_exhaustion$/m);

    const unknown = run(['diagnose', '--bundle', '-'], '{"node": "worker-3"}');
    expect(unknown.code).toBe(3);
    const empty = run(['diagnose', '--log', file('empty.log', '')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/empty\.log is empty/);
  });

  it('reads a log above the parallel threshold on worker threads, citing the lines of every range', () => {
    // ~40 MB: read in ranges (log-ranges.ts, 32 MiB and up) by dist/scan-worker.js from the install.
    const filler = 'Mar 04 09:59:59 worker-3 systemd[1]: Started Session 42 of user root.\n';
    const lines = Math.ceil(40_000_000 / filler.length);
    const [pleg, emfile = ''] = SAMPLE_LOG.split('\n');
    const at = lines - 1000; // the line number of the second EMFILE line, in the last range
    const later = emfile.replace('10:00:03', '10:07:03');
    const text = `${emfile}\n${pleg}\n${filler.repeat(at - 3)}${later}\n${filler.repeat(lines - at)}`;
    const big = run(['diagnose', '--log', file('big.log', text), '-o', 'json']);
    expect(big.code, big.stderr).toBe(0);
    const d = DiagnosisSchema.parse(JSON.parse(big.stdout));
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.observed.plegAgeSeconds).toBe(200);
    const cited = d.causes.flatMap((c) => c.evidence.map((e) => e.source));
    expect(cited).toEqual(expect.arrayContaining(['big.log:1', `big.log:${at}`]));
  });

  it('loads the Kubernetes client, node:sqlite and the server only for the commands that use them', () => {
    const hook = file(
      'trace-modules.mjs',
      `import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    appendFileSync(process.env.MODULE_TRACE, resolved.url + '\\n');
    return resolved;
  },
});`,
    );
    /** The modules a command line resolved (packages and built-ins), and how it ended. */
    const traced = (args: string[], name: string) => {
      const trace = join(work, `${name}.trace`);
      const r = spawnSync(process.execPath, ['--import', hook, BIN, ...args], {
        cwd: app,
        encoding: 'utf8',
        env: { ...process.env, MODULE_TRACE: trace },
      });
      return { modules: readFileSync(trace, 'utf8'), code: r.status, stderr: r.stderr };
    };
    const heavy = /@kubernetes|@aws-sdk|@slack|hono|node:sqlite|\/yaml\//;
    expect(traced(['--version'], 'version').modules).not.toMatch(heavy);
    const sample = join(ROOT, 'infra', 'samples', 'bundle-fd-exhaustion.json');
    expect(traced(['diagnose', '--bundle', sample], 'bundle').modules).not.toMatch(heavy);
    expect(traced(['dead-letters', '--data-dir', work], 'dead-letters').modules).toMatch(/node:sqlite/);
    // A live read loads the client from the package's own dependencies (then stops: no cluster in this file).
    const kubeconfig = file('kubeconfig.yaml', 'apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\n');
    const live = traced(['diagnose', 'worker-3', '--kubeconfig', kubeconfig], 'live');
    expect(live.modules).toMatch(/@kubernetes\/client-node/);
    expect(live.code).toBe(2);
    expect(live.stderr).toMatch(/kubeconfig selects no cluster/);
  });

  it.each([
    // What `npm start` and the image run, the port from the environment.
    ['dist/server.js', process.execPath, [join(INSTALLED, 'dist', 'server.js')], { PORT: '0' }],
    // What a user of the installed command runs, the port as an option.
    ['pleg-responder serve', BIN, ['serve', '--port', '0'], {}],
  ])(
    'starts the server from %s and stops on SIGTERM',
    async (_, command, args, env) => {
      const server = spawn(command, args, {
        env: { ...process.env, ...env, HOST: '127.0.0.1', DATA_DIR: join(work, 'data'), QUEUE: 'embedded' },
      });
      let stderr = '';
      server.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const port = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no "listening" line:\n${stderr}`)), 20_000);
        server.stderr.on('data', () => {
          const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(stderr);
          if (m?.[1]) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      // The smoke test of the README, from the installed command, with the token the server made.
      const sent = spawnSync(
        BIN,
        ['send-test', '--url', `http://127.0.0.1:${port}`, '--data-dir', join(work, 'data')],
        { encoding: 'utf8' },
      );
      expect(sent.stderr).toBe('');
      expect(sent.stdout).toContain('POST /v1/bundles → 202 queued');
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
    30_000,
  );
});

describe('Node version', () => {
  it('compares major, minor and patch against engines.node', () => {
    expect(MINIMUM_NODE).toBe(pkg.engines.node.replace(/^>=\s*/, ''));
    expect(isAtLeast('v24.21.0', '22.19')).toBe(true);
    expect(isAtLeast('v22.19.0', '22.19')).toBe(true);
    expect(isAtLeast('v22.18.9', '22.19')).toBe(false);
    expect(isAtLeast('v22.100.0', '22.19')).toBe(true);
    expect(isAtLeast('v20.20.2', '22.19')).toBe(false);
    expect(isAtLeast(process.version, MINIMUM_NODE)).toBe(true);
  });

  // The system Node of many machines (Debian's 20 here) is older than the package needs: when one is at hand,
  // the installed command must say so in one line rather than fail inside an import.
  const older = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    const r = spawnSync(path, ['-p', 'process.version'], { encoding: 'utf8' });
    return r.status === 0 && !isAtLeast(r.stdout.trim(), MINIMUM_NODE);
  });

  it.skipIf(older === undefined)('an older Node gets one clear line and exit status 2', () => {
    for (const entry of ['cli.js', 'server.js']) {
      const r = spawnSync(older ?? '', [join(INSTALLED, 'dist', entry), '--version'], { encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(
        new RegExp(`Node v[\\d.]+ is too old; it needs Node ${MINIMUM_NODE} or newer`),
      );
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
  });
});
