// What a person meets the first time: each mistake is one line naming it, with the documented exit status, and the
// smoke test reaches a running server the way Alertmanager does.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../functions/config.ts';
import pkg from '../package.json' with { type: 'json' };
import { startTestServer, TOKEN } from './support/server.ts';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'functions', 'cli', 'bin.ts');
const SERVER = join(ROOT, 'functions', 'node', 'bin.ts');
const dir = mkdtempSync(join(tmpdir(), 'pleg-first-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The environment of a person with none of our settings, plus `env`. */
function environment(env: Record<string, string>): NodeJS.ProcessEnv {
  const { INGEST_TOKEN: _, ...rest } = process.env;
  return { ...rest, DATA_DIR: join(dir, 'data'), ...env };
}

function run(entry: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [entry, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: environment(env),
    timeout: 20_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** As `run`, without blocking this process: for a server running in it. */
async function runBeside(entry: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [entry, ...args], { cwd: dir, env: environment(env) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** One line, no stack trace. */
function oneLine(stderr: string): string {
  expect(stderr).not.toMatch(/\n\s+at /);
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0] ?? '';
}

describe('settings', () => {
  const problem = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message.split('\n').slice(1).join('\n').trim();
    }
    return 'accepted';
  };

  it('a number that is not one is named with its value and range, not "received NaN"', () => {
    expect(problem({ PORT: 'abc' })).toBe('PORT: "abc" is not a whole number (use 0 to 65535)');
    expect(problem({ PORT: '70000' })).toBe('PORT: use 0 to 65535');
    expect(problem({ STORM_THRESHOLD: '1' })).toBe('STORM_THRESHOLD: use 2 or more');
    expect(problem({ RESPOND_BATCH_SIZE: '2.5' })).toBe(
      'RESPOND_BATCH_SIZE: "2.5" is not a whole number (use 1 to 10)',
    );
    expect(loadConfig({ PORT: ' 8080 ' }).PORT).toBe(8080);
  });

  it('an unknown setting gets the names it was probably meant to be', () => {
    expect(problem({ INGEST_TOKN: 'x' })).toBe('INGEST_TOKN: unknown setting (did you mean INGEST_TOKEN?)');
    expect(problem({ KUBE_CONTEXT: 'x' })).toBe(
      'KUBE_CONTEXT: unknown setting (did you mean KUBE_CONTEXTS?)',
    );
    expect(problem({ SLACK_TOKEN: 'x' })).toBe(
      'SLACK_TOKEN: unknown setting (did you mean SLACK_BOT_TOKEN or SLACK_APP_TOKEN?)',
    );
    expect(problem({ SLACK_WHATEVER: 'x' })).toBe('SLACK_WHATEVER: unknown setting');
  });

  it('the server stops on them with one line and exit 2', () => {
    const r = run(SERVER, [], { PORT: 'abc', LOG_FORMAT: 'json' });
    expect(r.code).toBe(2);
    expect(JSON.parse(oneLine(r.stderr)).msg).toContain('PORT: "abc" is not a whole number');
  });
});

describe('the server', () => {
  it('a port already in use: one line naming it, exit 2', async () => {
    const holder = createServer().listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as { port: number };
    try {
      const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [SERVER], {
          cwd: dir,
          env: environment({ PORT: String(port), INGEST_TOKEN: TOKEN, LOG_FORMAT: 'json' }),
        });
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => {
          stderr += c.toString();
        });
        child.on('close', (code) => resolve({ code, stderr }));
      });
      expect(r.code).toBe(2);
      expect(JSON.parse(oneLine(r.stderr)).msg).toBe(
        `cannot listen on 127.0.0.1:${port}: the address is already in use (another process listens there: stop it, or set PORT)`,
      );
    } finally {
      holder.close();
    }
  });

  // `npm start` runs its script through `sh -c`: npm's SIGTERM went to the shell, which died and left the server
  // running with no parent. The script execs the server, so the signal reaches it. Run here with the package's own
  // script line in a scratch project whose dist/server.js is the server's source (no build needed).
  it('SIGTERM to `npm start` stops the server; nothing is left running', async () => {
    const project = join(dir, 'project');
    mkdirSync(join(project, 'dist'), { recursive: true });
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'scratch', private: true, scripts: { start: pkg.scripts.start } }),
    );
    writeFileSync(join(project, 'dist', 'server.js'), `await import(${JSON.stringify(SERVER)});\n`);
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: project,
      env: environment({ PORT: '0', DATA_DIR: join(project, 'data'), LOG_FORMAT: 'json' }),
    });
    let stderr = '';
    npm.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    await expect.poll(() => stderr, { timeout: 20_000 }).toContain('listening on');
    const children = readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, 'utf8').trim().split(/\s+/);
    expect(children).toHaveLength(1);
    const server = Number(children[0]);
    npm.kill('SIGTERM');
    await once(npm, 'close');
    await expect
      .poll(
        () => {
          try {
            process.kill(server, 0);
            return 'running';
          } catch {
            return 'gone';
          }
        },
        { timeout: 10_000 },
      )
      .toBe('gone');
  });
});

describe('pleg-responder send-test', () => {
  it("posts the sample alert and bundle with the token; the thread opens, dated by the node's Ready condition", async () => {
    const server = await startTestServer();
    try {
      const r = await runBeside(CLI, ['send-test', '--url', server.url], { INGEST_TOKEN: TOKEN });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('POST /v1/alertmanager → 202 queued');
      expect(r.stdout).toContain('POST /v1/bundles → 202 queued');
      await expect
        .poll(() => server.console.calls.map((c) => c.printed).join(''), { timeout: 10_000 })
        .toMatch(/NotReady for (5m5\ds|6m)/);
      expect(server.console.calls.map((c) => c.printed).join('')).toContain(
        'File descriptors or inotify exhausted',
      );
    } finally {
      await server.close();
    }
  });

  it('reads the token the server made in its DATA_DIR, as `npm run demo` does after `npm start`', async () => {
    const server = await startTestServer();
    try {
      writeFileSync(join(dir, 'ingest-token'), `${TOKEN}\n`);
      const r = await runBeside(CLI, ['send-test', '--url', server.url, '--data-dir', dir]);
      expect(r.code).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.each([
    [
      'before any server has started (no token yet)',
      ['send-test'],
      {},
      /^pleg-responder: no ingest token: .*ingest-token cannot be read \(ENOENT\)\. Start the server first/,
    ],
    [
      'with a URL that is not one',
      ['send-test', '--url', 'localhost'],
      { INGEST_TOKEN: TOKEN },
      /--url: "localhost" is not an http\(s\) URL/,
    ],
  ])('%s: one line, exit 2', (_, args, env, message) => {
    const r = run(CLI, args, env);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toMatch(message);
  });

  it('with no server listening: one line, exit 2', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const r = run(CLI, ['send-test', '--url', url], { INGEST_TOKEN: TOKEN });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      `pleg-responder: cannot reach ${url} (ECONNREFUSED): is the server running? (pleg-responder serve, or npm start)`,
    );
  });

  it('a token the server refuses: said so, exit 2', async () => {
    const server = await startTestServer();
    try {
      const r = await runBeside(CLI, ['send-test', '--url', server.url], {
        INGEST_TOKEN: 'not-the-token-0123456789',
      });
      expect(r.code).toBe(2);
      expect(oneLine(r.stderr)).toContain('the server refused the token (401)');
    } finally {
      await server.close();
    }
  });
});

describe('pleg-responder diagnose, the first time', () => {
  // `script` gives the command a terminal as its standard input, as a person typing would.
  it.skipIf(spawnSync('script', ['--version']).status !== 0)(
    '--log - on a terminal says to paste and press Ctrl-D, then reads what was pasted',
    async () => {
      const command = `${process.execPath} ${CLI} diagnose --log - --node worker-7`;
      const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: dir, env: environment({}) });
      let output = '';
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
      });
      await expect.poll(() => output, { timeout: 15_000 }).toContain('paste the text, then press Ctrl-D');
      child.stdin.write(
        'Nov 21 03:07:58 worker-7 dockerd[1120]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s\n',
      );
      child.stdin.write('\x04');
      await once(child, 'close');
      expect(output).toContain('pleg-responder diagnosis — node worker-7');
    },
  );

  it('--log - from a pipe prints no hint', () => {
    const r = spawnSync(process.execPath, [CLI, 'diagnose', '--log', '-'], {
      input: 'kubelet: nothing\n',
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
  });

  it('--bundle given log text points to --log', () => {
    writeFileSync(join(dir, 'journal.txt'), 'Nov 21 03:07:58 worker-7 kubelet[1]: PLEG is not healthy\n');
    const r = run(CLI, ['diagnose', '--bundle', join(dir, 'journal.txt')]);
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toBe(
      `pleg-responder: ${join(dir, 'journal.txt')} is not JSON: --bundle reads an evidence bundle; for log text use --log ${join(dir, 'journal.txt')}`,
    );
    const broken = spawnSync(process.execPath, [CLI, 'diagnose', '--bundle', '-'], {
      input: '{"node":',
      encoding: 'utf8',
    });
    expect(broken.stderr).toMatch(/^pleg-responder: standard input is not valid JSON: /);
  });
});

describe('noise', () => {
  // npm runs on the machine's Node (Debian's 20 here) while the packages run on the pinned one: the engine warnings
  // it printed compared the wrong Node (~35 lines on npm ci). The project's .npmrc keeps npm to errors.
  const older = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
    const r = spawnSync(path, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' });
    return r.status === 0 && Number(r.stdout) < 22;
  });
  const npmCli = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  it.skipIf(older === undefined)(
    'npm on an older Node prints no EBADENGINE lines for the pinned packages',
    () => {
      const r = spawnSync(
        older ?? '',
        [
          join(npmCli, 'npm', 'bin', 'npm-cli.js'),
          'install',
          '--dry-run',
          '--ignore-scripts',
          '--offline',
          '--no-audit',
        ],
        { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
      );
      expect(r.status, r.stderr).toBe(0);
      expect(`${r.stdout}${r.stderr}`).not.toContain('EBADENGINE');
    },
  );
});
