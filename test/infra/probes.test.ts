import { spawn, spawnSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { normaliseEvents } from '../../shared/intake/normalise.ts';

/*
 * The node-problem-detector probes in infra/node-problem-detector/ run here against fake /proc trees and stub
 * commands (crictl, docker, busctl, systemctl, nsenter) in a bin directory that is the whole PATH, next to the
 * real coreutils timeout, sleep, cat and true. Each script is run with /bin/sh (dash here, as on Debian/Ubuntu
 * nodes) and judged by the NPD custom plugin contract: exit 0 OK, 1 problem, 2 unknown, one stdout line of at
 * most 80 bytes.
 */

const NPD_DIR = join(import.meta.dirname, '..', '..', 'infra', 'node-problem-detector');
const PLUGINS = join(NPD_DIR, 'plugins');
const CONFIG = join(NPD_DIR, 'pleg-responder-probes.json');
/** Where the README's DaemonSet mounts the ConfigMap holding the scripts (see the README). */
const MOUNT = '/etc/pleg-responder/';

const SCRIPTS = [
  'runtime-responding.sh',
  'fd-pressure.sh',
  'shim-stuck.sh',
  'systemd-responding.sh',
  'scope-pileup.sh',
  'container-count.sh',
] as const;
type Script = (typeof SCRIPTS)[number];
/** The helpers every script sources from its own folder; installed next to them. */
const LIBRARY = 'lib.sh';

const OK = 0;
const PROBLEM = 1;
const UNKNOWN = 2;

function realTool(name: string): string {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin']) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${name} not found: the probe tests need coreutils`);
}
const REAL_TOOLS = ['timeout', 'sleep', 'cat', 'true'].map((name) => [name, realTool(name)] as const);

const sandboxes: string[] = [];
afterAll(() => {
  for (const dir of sandboxes) rmSync(dir, { recursive: true, force: true });
});

interface ProcessSpec {
  /** Soft "Max open files" (a number or 'unlimited'); undefined writes no limits file. */
  softFds?: number | 'unlimited';
  /** How many entries $PROC_ROOT/PID/fd holds; undefined creates no fd directory. */
  fds?: number;
}

/** A temp dir with bin/ (the PATH), proc/ (PROC_ROOT) and a log the stubs append their arguments to. */
class Sandbox {
  readonly root = mkdtempSync(join(tmpdir(), 'pleg-probe-'));
  readonly bin = join(this.root, 'bin');
  readonly proc = join(this.root, 'proc');
  readonly log = join(this.root, 'calls.log');

  constructor(options: { realTools?: boolean } = {}) {
    sandboxes.push(this.root);
    mkdirSync(this.bin);
    mkdirSync(this.proc);
    writeFileSync(this.log, '');
    if (options.realTools === false) return;
    for (const [name, path] of REAL_TOOLS) symlinkSync(path, join(this.bin, name));
  }

  /** A stub command: logs "NAME ARGS" to the call log (unless `raw`), then runs BODY (sh). */
  stub(name: string, body: string, raw = false): this {
    const path = join(this.bin, name);
    rmSync(path, { force: true });
    const log = raw ? '' : `printf '%s\\n' "${name} $*" >>"$STUB_LOG"\n`;
    writeFileSync(path, `#!/bin/sh\n${log}${body}\n`, { mode: 0o755 });
    return this;
  }

  /** A fake process: $PROC_ROOT/PID/stat, and optionally limits and fd/. */
  process(pid: number, comm: string, state: string, ppid: number, spec: ProcessSpec = {}): this {
    const dir = join(this.proc, String(pid));
    mkdirSync(dir, { recursive: true });
    // Fields after comm as the kernel writes them: state ppid pgrp session tty_nr tpgid flags minflt...
    writeFileSync(
      join(dir, 'stat'),
      `${pid} (${comm}) ${state} ${ppid} ${pid} ${pid} 0 -1 4194560 2143 0 0 0 41 17 0 0 20 0 12 0 1337 1929379840 4521 18446744073709551615\n`,
    );
    if (spec.softFds !== undefined) {
      const row = (name: string, soft: string, hard: string, units: string) =>
        `${name.padEnd(26)}${soft.padEnd(21)}${hard.padEnd(21)}${units.padEnd(10)}`;
      const soft = String(spec.softFds);
      writeFileSync(
        join(dir, 'limits'),
        `${[
          row('Limit', 'Soft Limit', 'Hard Limit', 'Units'),
          row('Max cpu time', 'unlimited', 'unlimited', 'seconds'),
          row('Max file size', 'unlimited', 'unlimited', 'bytes'),
          row('Max processes', 'unlimited', 'unlimited', 'processes'),
          row('Max open files', soft, soft === 'unlimited' ? soft : '1048576', 'files'),
          row('Max locked memory', '8388608', '8388608', 'bytes'),
        ].join('\n')}\n`,
      );
    }
    if (spec.fds !== undefined) {
      mkdirSync(join(dir, 'fd'));
      // Like /proc: symlinks whose targets do not exist as paths.
      for (let fd = 0; fd < spec.fds; fd++)
        symlinkSync(`socket:[${40000 + fd}]`, join(dir, 'fd', String(fd)));
    }
    return this;
  }

  /** The host's usual first processes. */
  host(): this {
    return this.process(1, 'systemd', 'S', 0).process(812, 'kubelet', 'S', 1);
  }

  file(name: string, content = ''): string {
    const path = join(this.root, name);
    writeFileSync(path, content);
    return path;
  }

  calls(): string[] {
    return readFileSync(this.log, 'utf8').split('\n').filter(Boolean);
  }
}

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a probe with only the sandbox on PATH (no inherited environment), killed after `limitMs`. */
async function probe(
  sandbox: Sandbox,
  script: Script,
  env: Record<string, string> = {},
  args: string[] = [],
  limitMs = 15_000,
): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', [join(PLUGINS, script), ...args], {
      env: { PATH: sandbox.bin, STUB_LOG: sandbox.log, PROC_ROOT: sandbox.proc, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const guard = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** Runs a probe on a prepared node. */
function onNode(node: FakeNode, script: Script, env: Record<string, string> = {}): Promise<Result> {
  return probe(node.sandbox, script, { ...node.env, ...env });
}

/** The NPD contract: the exit status, and one stdout line of at most 80 bytes; nothing on stderr. */
function expectVerdict(result: Result, code: number, message: string | RegExp): void {
  expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toMatchObject({
    code,
    stderr: '',
  });
  expect(result.stdout.endsWith('\n')).toBe(true);
  const line = result.stdout.slice(0, -1);
  expect(line).not.toContain('\n');
  expect(Buffer.byteLength(line)).toBeLessThanOrEqual(80);
  // NPD cuts what it keeps to max_output_length (80); the scripts cut before it does.
  if (typeof message === 'string') expect(line).toBe(message.slice(0, 80));
  else expect(line).toMatch(message);
}

const CRICTL_IDS = 'printf "%s\\n" 3f1c9e6a2b7d 8a0b4c2d9e1f 77aa01bc22dd';
/** A stub that would hang for 30 s: the probes must give up after PROBE_TIMEOUT. */
const HANG = 'exec sleep 30';
/** PROBE_TIMEOUT 1 s + timeout's -k 1 grace + slack for a loaded machine; far below the 30 s hang. */
const BOUND_MS = 4_000;

interface FakeNode {
  sandbox: Sandbox;
  env: Record<string, string>;
}

/** crictl + containerd socket: what `RUNTIME=auto` recognises as a containerd node. */
function containerdNode(crictlBody: string): FakeNode {
  const sandbox = new Sandbox().host().process(640, 'containerd', 'S', 1);
  const socket = sandbox.file('containerd.sock');
  sandbox.stub('crictl', crictlBody);
  return { sandbox, env: { CONTAINERD_SOCKET: socket, PROBE_TIMEOUT: '1' } };
}

/** A dockerd process on the host plus the docker CLI: a docker node. */
function dockerNode(dockerBody: string): FakeNode {
  const sandbox = new Sandbox().host().process(640, 'containerd', 'S', 1).process(700, 'dockerd', 'S', 1);
  const socket = sandbox.file('docker.sock');
  sandbox.stub('docker', dockerBody);
  return { sandbox, env: { DOCKER_SOCKET: socket, PROBE_TIMEOUT: '1' } };
}

describe('runtime-responding.sh (ContainerRuntimeUnresponsive)', () => {
  it('OK when containerd answers crictl pods and crictl ps, asked through the socket with a deadline', async () => {
    const { sandbox, env } = containerdNode(CRICTL_IDS);
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', env),
      OK,
      'containerd answered crictl pods and ps within 1s',
    );
    const endpoint = `unix://${env.CONTAINERD_SOCKET}`;
    expect(sandbox.calls()).toEqual([
      `crictl --runtime-endpoint ${endpoint} --image-endpoint ${endpoint} --timeout 1s pods -q`,
      `crictl --runtime-endpoint ${endpoint} --image-endpoint ${endpoint} --timeout 1s ps -a -q`,
    ]);
  });

  it('PROBLEM when crictl hangs longer than PROBE_TIMEOUT, and returns within the bound', async () => {
    const { sandbox, env } = containerdNode(HANG);
    const result = await probe(sandbox, 'runtime-responding.sh', env);
    expectVerdict(result, PROBLEM, 'crictl pods did not answer within 1s');
    expect(result.ms).toBeLessThan(BOUND_MS);
    expect(sandbox.calls()).toHaveLength(1);
  });

  it('PROBLEM naming the call that hangs when pods answers and ps does not', async () => {
    const { sandbox, env } = containerdNode(`case "$*" in *' ps '*) ${HANG} ;; esac; ${CRICTL_IDS}`);
    const result = await probe(sandbox, 'runtime-responding.sh', env);
    expectVerdict(result, PROBLEM, 'crictl ps did not answer within 1s');
    expect(result.ms).toBeLessThan(BOUND_MS);
  });

  it("PROBLEM when crictl's own deadline fires (DeadlineExceeded)", async () => {
    const { sandbox, env } = containerdNode(
      `echo 'FATA[0001] listing pod sandboxes: rpc error: code = DeadlineExceeded desc = context deadline exceeded' >&2; exit 1`,
    );
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', env),
      PROBLEM,
      'crictl pods did not answer within 1s',
    );
  });

  it('PROBLEM when the socket exists but containerd refuses connections', async () => {
    const { sandbox, env } = containerdNode(
      `echo 'FATA[0000] rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused"' >&2; exit 1`,
    );
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', env),
      PROBLEM,
      'crictl pods: containerd refused the connection (daemon down?)',
    );
  });

  it('UNKNOWN on permission denied, and on containerd without its CRI plugin', async () => {
    const denied = containerdNode(
      `echo 'FATA[0000] dial unix /run/containerd/containerd.sock: connect: permission denied' >&2; exit 1`,
    );
    expectVerdict(
      await probe(denied.sandbox, 'runtime-responding.sh', denied.env),
      UNKNOWN,
      'crictl pods: permission denied on the containerd socket',
    );
    const noCri = containerdNode(
      `echo 'FATA[0000] validate service connection: CRI v1 runtime API is not implemented for endpoint: rpc error: code = Unimplemented desc = unknown service runtime.v1.RuntimeService' >&2; exit 1`,
    );
    expectVerdict(
      await probe(noCri.sandbox, 'runtime-responding.sh', noCri.env),
      UNKNOWN,
      'crictl pods: containerd has no CRI plugin (docker node? set RUNTIME=docker)',
    );
  });

  it('UNKNOWN with the last line of any other error the runtime answered with', async () => {
    const { sandbox, env } = containerdNode(
      `echo 'WARN[0000] image connect using default endpoints' >&2; echo 'FATA[0000] listing pod sandboxes: rpc error: code = Internal desc = boom' >&2; exit 1`,
    );
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', env),
      UNKNOWN,
      'crictl pods failed (1): listing pod sandboxes: rpc error: code = Internal desc = boom',
    );
  });

  it('UNKNOWN when no runtime is present (no crictl, no docker, no socket)', async () => {
    const sandbox = new Sandbox().host();
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', { PROBE_TIMEOUT: '1' }),
      UNKNOWN,
      'no container runtime found (crictl + containerd socket, or docker)',
    );
  });

  it('UNKNOWN when crictl exists but the containerd socket does not (not mounted into the NPD pod?)', async () => {
    const { sandbox, env } = containerdNode(CRICTL_IDS);
    const missing = { ...env, CONTAINERD_SOCKET: join(sandbox.root, 'missing.sock') };
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', missing),
      UNKNOWN,
      'no container runtime found (crictl + containerd socket, or docker)',
    );
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', { ...missing, RUNTIME: 'containerd' }),
      UNKNOWN,
      `containerd socket ${missing.CONTAINERD_SOCKET} not found`,
    );
    expect(sandbox.calls()).toEqual([]);
  });

  it('picks docker when a host dockerd runs, even next to crictl and a containerd socket', async () => {
    const { sandbox, env } = dockerNode(CRICTL_IDS);
    sandbox.stub('crictl', 'exit 99');
    const both = { ...env, CONTAINERD_SOCKET: sandbox.file('containerd.sock') };
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', both),
      OK,
      'dockerd answered docker ps within 1s',
    );
    expect(sandbox.calls()).toEqual([`docker -H unix://${env.DOCKER_SOCKET} ps -a -q`]);
  });

  it('ignores a dockerd running inside a container (under a containerd-shim)', async () => {
    const { sandbox, env } = containerdNode(CRICTL_IDS);
    sandbox
      .process(3000, 'containerd-shim', 'S', 1)
      .process(3010, 'tini', 'S', 3000)
      .process(3020, 'dockerd', 'S', 3010)
      .stub('docker', 'exit 99');
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', env),
      OK,
      'containerd answered crictl pods and ps within 1s',
    );
  });

  it('docker: PROBLEM when docker ps hangs or cannot connect to the daemon', async () => {
    const hang = dockerNode(HANG);
    const result = await probe(hang.sandbox, 'runtime-responding.sh', hang.env);
    expectVerdict(result, PROBLEM, 'docker ps did not answer within 1s');
    expect(result.ms).toBeLessThan(BOUND_MS);
    const down = dockerNode(
      `echo 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?' >&2; exit 1`,
    );
    expectVerdict(
      await probe(down.sandbox, 'runtime-responding.sh', down.env),
      PROBLEM,
      'docker ps: docker refused the connection (daemon down?)',
    );
  });

  it('UNKNOWN for settings it cannot use; KEY=VALUE arguments override the environment', async () => {
    const { sandbox, env } = containerdNode(CRICTL_IDS);
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', { ...env, RUNTIME: 'cri-o' }),
      UNKNOWN,
      "RUNTIME must be auto, containerd or docker, not 'cri-o'",
    );
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', { ...env, PROBE_TIMEOUT: '5s' }),
      UNKNOWN,
      "PROBE_TIMEOUT must be a positive number of seconds, not '5s'",
    );
    expectVerdict(
      await probe(sandbox, 'runtime-responding.sh', { ...env, PROBE_TIMEOUT: '5s' }, ['PROBE_TIMEOUT=2']),
      OK,
      'containerd answered crictl pods and ps within 2s',
    );
  });
});

describe('fd-pressure.sh (RuntimeFileDescriptorPressure)', () => {
  it('OK below the ratio, reporting the daemon closest to its limit', async () => {
    const sandbox = new Sandbox()
      .host()
      .process(640, 'containerd', 'S', 1, { softFds: 1024, fds: 12 })
      .process(700, 'dockerd', 'S', 1, { softFds: 1000, fds: 150 });
    expectVerdict(await probe(sandbox, 'fd-pressure.sh'), OK, 'dockerd holds 150/1000 fds (15%)');
  });

  it('PROBLEM at FD_RATIO_PERCENT of the soft limit or more', async () => {
    const sandbox = new Sandbox().host().process(640, 'containerd', 'S', 1, { softFds: 1000, fds: 950 });
    expectVerdict(await probe(sandbox, 'fd-pressure.sh'), PROBLEM, 'containerd holds 950/1000 fds (95%)');
    expectVerdict(
      await probe(sandbox, 'fd-pressure.sh', { FD_RATIO_PERCENT: '96' }),
      OK,
      'containerd holds 950/1000 fds (95%)',
    );
    expectVerdict(
      await probe(sandbox, 'fd-pressure.sh', { FD_RATIO_PERCENT: '96' }, ['FD_RATIO_PERCENT=95']),
      PROBLEM,
      'containerd holds 950/1000 fds (95%)',
    );
  });

  it('OK when the limit is unlimited', async () => {
    const sandbox = new Sandbox()
      .host()
      .process(640, 'containerd', 'S', 1, { softFds: 'unlimited', fds: 700 });
    expectVerdict(await probe(sandbox, 'fd-pressure.sh'), OK, 'containerd holds 700 fds (no limit)');
  });

  it('reads comm with spaces and parentheses correctly (parsing after the last parenthesis)', async () => {
    // A container process whose name imitates a stat line must not be taken for containerd (and its own
    // limits, near exhaustion, must not count); the real containerd is fine.
    const sandbox = new Sandbox()
      .host()
      .process(640, 'containerd', 'S', 1, { softFds: 1024, fds: 3 })
      .process(4242, 'x) S 1 (containerd', 'S', 1, { softFds: 10, fds: 10 })
      .process(4243, 'containerd (old)', 'S', 1, { softFds: 10, fds: 10 })
      .process(4244, 'my containerd', 'S', 1, { softFds: 10, fds: 10 });
    expectVerdict(await probe(sandbox, 'fd-pressure.sh'), OK, 'containerd holds 3/1024 fds (0%)');
  });

  it('skips a containerd running inside a container (kind, docker-in-docker)', async () => {
    const sandbox = new Sandbox()
      .host()
      .process(640, 'containerd', 'S', 1, { softFds: 1024, fds: 3 })
      .process(3000, 'containerd-shim', 'S', 1)
      .process(3010, 'systemd', 'S', 3000)
      .process(3020, 'containerd', 'S', 3010, { softFds: 10, fds: 10 });
    expectVerdict(await probe(sandbox, 'fd-pressure.sh'), OK, 'containerd holds 3/1024 fds (0%)');
  });

  it('RUNTIME restricts the daemons looked at', async () => {
    const sandbox = new Sandbox()
      .host()
      .process(640, 'containerd', 'S', 1, { softFds: 1024, fds: 3 })
      .process(700, 'dockerd', 'S', 1, { softFds: 100, fds: 99 });
    expectVerdict(await probe(sandbox, 'fd-pressure.sh'), PROBLEM, 'dockerd holds 99/100 fds (99%)');
    expectVerdict(
      await probe(sandbox, 'fd-pressure.sh', { RUNTIME: 'containerd' }),
      OK,
      'containerd holds 3/1024 fds (0%)',
    );
  });

  it('UNKNOWN when no runtime daemon is present', async () => {
    const sandbox = new Sandbox().host();
    expectVerdict(
      await probe(sandbox, 'fd-pressure.sh'),
      UNKNOWN,
      `no containerd or dockerd process in ${sandbox.proc}`,
    );
    expectVerdict(
      await probe(sandbox, 'fd-pressure.sh', { RUNTIME: 'docker' }),
      UNKNOWN,
      `no dockerd process in ${sandbox.proc}`,
    );
  });

  it('UNKNOWN when the limits or the fd directory cannot be read', async () => {
    const noLimits = new Sandbox().host().process(640, 'containerd', 'S', 1, { fds: 3 });
    expectVerdict(
      await probe(noLimits, 'fd-pressure.sh'),
      UNKNOWN,
      'cannot read Max open files of containerd (pid 640)',
    );
    const noFds = new Sandbox().host().process(640, 'containerd', 'S', 1, { softFds: 1024 });
    expectVerdict(
      await probe(noFds, 'fd-pressure.sh'),
      UNKNOWN,
      'cannot list the fds of containerd (pid 640): not root?',
    );
  });

  it('PROBLEM wins over a daemon that cannot be read; OK does not', async () => {
    const sandbox = new Sandbox()
      .host()
      .process(640, 'containerd', 'S', 1, { softFds: 100, fds: 95 })
      .process(700, 'dockerd', 'S', 1, { fds: 3 });
    expectVerdict(await probe(sandbox, 'fd-pressure.sh'), PROBLEM, 'containerd holds 95/100 fds (95%)');
    expectVerdict(
      await probe(sandbox, 'fd-pressure.sh', { FD_RATIO_PERCENT: '99' }),
      UNKNOWN,
      'cannot read Max open files of dockerd (pid 700)',
    );
  });

  it('UNKNOWN for a ratio it cannot use', async () => {
    const sandbox = new Sandbox().host().process(640, 'containerd', 'S', 1, { softFds: 1024, fds: 3 });
    expectVerdict(
      await probe(sandbox, 'fd-pressure.sh', { FD_RATIO_PERCENT: '0.9' }),
      UNKNOWN,
      "FD_RATIO_PERCENT must be 1-100, not '0.9'",
    );
  });
});

/** A node with two shims: 3100 runs a healthy container, 3200 one whose processes are given by the test. */
function shimNode(): Sandbox {
  return new Sandbox()
    .host()
    .process(640, 'containerd', 'S', 1)
    .process(3100, 'containerd-shim', 'S', 1)
    .process(3101, 'pause', 'S', 3100)
    .process(3102, 'nginx', 'S', 3100)
    .process(3200, 'containerd-shim', 'S', 1)
    .process(3201, 'pause', 'S', 3200);
}

describe('shim-stuck.sh (ShimProcessesStuck / DStateUnderShim)', () => {
  it('OK when no child of a shim is a zombie or in D state', async () => {
    const sandbox = shimNode().process(5000, 'bash', 'Z', 812);
    expectVerdict(
      await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '0' }),
      OK,
      '2 containerd-shim, no child in Z or D state',
    );
  });

  it('PROBLEM for a zombie under a shim, with a comm holding spaces and parentheses', async () => {
    const sandbox = shimNode().process(3202, 'my app (v2) x', 'Z', 3200);
    expectVerdict(
      await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '0' }, ['MODE=zombie']),
      PROBLEM,
      '1 zombie (parent 3200 containerd-shim): 3202 (my app (v2) x)',
    );
  });

  it('PROBLEM for D state under a shim (MODE=dstate), and MODE=any reports both kinds', async () => {
    const sandbox = shimNode().process(3202, 'java', 'D', 3200).process(3103, 'sh', 'Z', 3100);
    expectVerdict(
      await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '0' }, ['MODE=dstate']),
      PROBLEM,
      '1 in D state 0s+ (parent 3200 containerd-shim): 3202 (java)',
    );
    expectVerdict(
      await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '0' }),
      PROBLEM,
      '1 zombie, 1 D-state (parent 3100 containerd-shim): 3103 (sh) 3202 (java)',
    );
  });

  it('each mode ignores the other state', async () => {
    const dState = shimNode().process(3202, 'java', 'D', 3200);
    expectVerdict(
      await probe(dState, 'shim-stuck.sh', { STUCK_SECONDS: '0', MODE: 'zombie' }),
      OK,
      '2 containerd-shim, no child in Z state',
    );
    const zombie = shimNode().process(3202, 'java', 'Z', 3200);
    expectVerdict(
      await probe(zombie, 'shim-stuck.sh', { STUCK_SECONDS: '0', MODE: 'dstate' }),
      OK,
      '2 containerd-shim, no child in D state',
    );
  });

  it('is not fooled by a comm that imitates the fields after it', async () => {
    // "x) Z 3200 (y" is sleeping (S) and its parent is 812 (kubelet): a parser splitting on the first ')'
    // would read state Z and parent 3200.
    const sandbox = shimNode().process(6000, 'x) Z 3200 (y', 'S', 812);
    expectVerdict(
      await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '0' }),
      OK,
      '2 containerd-shim, no child in Z or D state',
    );
  });

  it('counts only what stays stuck for STUCK_SECONDS (a zombie reaped meanwhile is OK)', async () => {
    const sandbox = shimNode().process(3202, 'app', 'Z', 3200).process(3203, 'worker', 'Z', 3200);
    // The stub sleep plays the shim reaping 3202 while the probe waits.
    sandbox.stub('sleep', `${realTool('rm')} -r "${join(sandbox.proc, '3202')}"`);
    expectVerdict(
      await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '3', MODE: 'zombie' }),
      PROBLEM,
      '1 zombie (parent 3200 containerd-shim): 3203 (worker)',
    );
    expect(sandbox.calls()).toEqual(['sleep 3']);
    sandbox.stub('sleep', `${realTool('rm')} -r "${join(sandbox.proc, '3203')}"`);
    expectVerdict(
      await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '3', MODE: 'zombie' }),
      OK,
      '2 containerd-shim, no child stays in Z state 3s',
    );
  });

  it('waits STUCK_SECONDS with the real sleep and stays within the bound', async () => {
    const sandbox = shimNode().process(3202, 'app', 'Z', 3200);
    const result = await probe(sandbox, 'shim-stuck.sh', { STUCK_SECONDS: '1' });
    expectVerdict(result, PROBLEM, '1 zombie, 0 D-state (parent 3200 containerd-shim): 3202 (app)');
    expect(result.ms).toBeGreaterThanOrEqual(900);
    expect(result.ms).toBeLessThan(BOUND_MS);
  });

  it('OK when no runtime and no shim runs but the host is visible', async () => {
    const sandbox = new Sandbox().host();
    expectVerdict(await probe(sandbox, 'shim-stuck.sh'), OK, 'no containerd-shim running');
  });

  it('UNKNOWN when the host processes are not visible or PROC_ROOT is unreadable', async () => {
    const inPod = new Sandbox().process(1, 'node-problem-de', 'S', 0).process(27, 'sh', 'S', 1);
    expectVerdict(
      await probe(inPod, 'shim-stuck.sh'),
      UNKNOWN,
      `not the host's processes? no kubelet, containerd or shim in ${inPod.proc}`,
    );
    const missing = join(inPod.root, 'no-proc');
    expectVerdict(
      await probe(inPod, 'shim-stuck.sh', { PROC_ROOT: missing }),
      UNKNOWN,
      `cannot read any ${missing}/*/stat`,
    );
  });

  it('UNKNOWN for a mode it does not know', async () => {
    expectVerdict(
      await probe(shimNode(), 'shim-stuck.sh', {}, ['MODE=defunct']),
      UNKNOWN,
      "MODE must be zombie, dstate or any, not 'defunct'",
    );
  });
});

const PING =
  'busctl --system --timeout=1 call org.freedesktop.systemd1 /org/freedesktop/systemd1 org.freedesktop.DBus.Peer Ping';

describe('systemd-responding.sh (SystemdUnresponsive)', () => {
  it('OK when systemd answers a bounded D-Bus Ping', async () => {
    const sandbox = new Sandbox().stub('busctl', 'exit 0').stub('systemctl', 'exit 99');
    expectVerdict(
      await probe(sandbox, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      OK,
      'systemd answered a D-Bus Ping within 1s',
    );
    expect(sandbox.calls()).toEqual([PING]);
  });

  it('PROBLEM when the Ping hangs longer than PROBE_TIMEOUT, and returns within the bound', async () => {
    const sandbox = new Sandbox().stub('busctl', HANG).stub('systemctl', 'exit 0');
    const result = await probe(sandbox, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' });
    expectVerdict(result, PROBLEM, 'systemd did not answer a D-Bus Ping within 1s');
    expect(result.ms).toBeLessThan(BOUND_MS);
    expect(sandbox.calls()).toEqual([PING]);
  });

  it("PROBLEM when the bus's own timeout fires, or the bus refuses the connection", async () => {
    const timedOut = new Sandbox().stub('busctl', `echo 'Call failed: Connection timed out' >&2; exit 1`);
    expectVerdict(
      await probe(timedOut, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      PROBLEM,
      'systemd did not answer a D-Bus Ping within 1s',
    );
    const refused = new Sandbox().stub(
      'busctl',
      `echo 'Failed to connect to bus: Connection refused' >&2; exit 1`,
    );
    expectVerdict(
      await probe(refused, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      PROBLEM,
      'a D-Bus Ping: bus connection refused (dbus-daemon or systemd down?)',
    );
  });

  it('falls back to systemctl when busctl is missing', async () => {
    const ok = new Sandbox().stub('systemctl', 'echo Version=252');
    expectVerdict(
      await probe(ok, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      OK,
      'systemd answered systemctl show within 1s',
    );
    expect(ok.calls()).toEqual(['systemctl --no-pager show --property=Version']);
    const hang = new Sandbox().stub('systemctl', HANG);
    const result = await probe(hang, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' });
    expectVerdict(result, PROBLEM, 'systemd did not answer systemctl show within 1s');
    expect(result.ms).toBeLessThan(BOUND_MS);
  });

  it('falls back to systemctl when busctl cannot tell (no bus socket in the pod)', async () => {
    const sandbox = new Sandbox()
      .stub('busctl', `echo 'Failed to connect to bus: No such file or directory' >&2; exit 1`)
      .stub('systemctl', 'echo Version=252');
    expectVerdict(
      await probe(sandbox, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      OK,
      'systemd answered systemctl show within 1s',
    );
  });

  it('UNKNOWN when neither tool can tell, or neither exists', async () => {
    const sandbox = new Sandbox().stub(
      'busctl',
      `echo 'Failed to connect to bus: No such file or directory' >&2; exit 1`,
    );
    expectVerdict(
      await probe(sandbox, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      UNKNOWN,
      'a D-Bus Ping failed (1): Failed to connect to bus: No such file or directory',
    );
    sandbox.stub(
      'systemctl',
      `echo 'System has not been booted with systemd as init system (PID 1).' >&2; exit 1`,
    );
    expectVerdict(
      await probe(sandbox, 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      UNKNOWN,
      /^systemctl show failed \(1\): System has not been booted with systemd/,
    );
    expectVerdict(
      await probe(new Sandbox(), 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
      UNKNOWN,
      'neither busctl nor systemctl found',
    );
  });
});

/** systemctl printing N scope units in the shape of `list-units --type=scope --no-legend --plain`. */
function scopes(container: number, session: number, other: number): string {
  const lines = [
    ...Array.from(
      { length: container },
      (_, i) =>
        `cri-containerd-${i.toString(16).padStart(64, '0')}.scope loaded active running libcontainer container ${i}`,
    ),
    ...Array.from(
      { length: session },
      (_, i) => `session-${i + 1}.scope loaded active abandoned Session ${i + 1} of User core`,
    ),
    ...Array.from({ length: other }, (_, i) => `run-r${i}abc.scope loaded active running /usr/bin/true`),
  ];
  return `cat <<'UNITS'\n${lines.join('\n')}\nUNITS`;
}

describe('scope-pileup.sh (ScopeUnitPileup)', () => {
  it('OK below SCOPE_THRESHOLD, counting with list-units', async () => {
    const sandbox = new Sandbox().stub('systemctl', scopes(2, 1, 1));
    expectVerdict(
      await probe(sandbox, 'scope-pileup.sh', { PROBE_TIMEOUT: '1' }),
      OK,
      '4 scope units (threshold 2000)',
    );
    expect(sandbox.calls()).toEqual(['systemctl list-units --type=scope --no-legend --plain --no-pager']);
  });

  it('PROBLEM at SCOPE_THRESHOLD or more, saying where the scopes come from', async () => {
    const sandbox = new Sandbox().stub('systemctl', scopes(2300, 40, 60));
    expectVerdict(
      await probe(sandbox, 'scope-pileup.sh', { PROBE_TIMEOUT: '5' }),
      PROBLEM,
      '2400 scope units (threshold 2000): 2300 container, 40 session, 60 other',
    );
    expectVerdict(
      await probe(sandbox, 'scope-pileup.sh', { PROBE_TIMEOUT: '5' }, ['SCOPE_THRESHOLD=2401']),
      OK,
      '2400 scope units (threshold 2401)',
    );
  });

  it('counts only scope lines: leading blanks and bullets are dropped, other lines ignored', async () => {
    const sandbox = new Sandbox().stub(
      'systemctl',
      `printf '%s\\n' '  docker-1.scope loaded active running x' '● session-9.scope loaded failed failed y' 'crio-2.scope loaded active running z' '' 'Warning: journal has been rotated' 'init.scope loaded active running System and Service Manager'`,
    );
    expectVerdict(
      await probe(sandbox, 'scope-pileup.sh', { PROBE_TIMEOUT: '1', SCOPE_THRESHOLD: '4' }),
      PROBLEM,
      '4 scope units (threshold 4): 2 container, 1 session, 1 other',
    );
  });

  it('UNKNOWN (no event) when systemctl hangs, and returns within the bound', async () => {
    const sandbox = new Sandbox().stub('systemctl', HANG);
    const result = await probe(sandbox, 'scope-pileup.sh', { PROBE_TIMEOUT: '1' });
    expectVerdict(result, UNKNOWN, 'systemctl list-units gave no answer in 1s: scopes not counted');
    expect(result.ms).toBeLessThan(BOUND_MS);
  });

  it('UNKNOWN when systemctl is missing or fails', async () => {
    expectVerdict(
      await probe(new Sandbox(), 'scope-pileup.sh', { PROBE_TIMEOUT: '1' }),
      UNKNOWN,
      'systemctl not found',
    );
    const failing = new Sandbox().stub(
      'systemctl',
      `echo 'Failed to connect to bus: No such file or directory' >&2; exit 1`,
    );
    expectVerdict(
      await probe(failing, 'scope-pileup.sh', { PROBE_TIMEOUT: '1' }),
      UNKNOWN,
      'systemctl list-units failed (1): Failed to connect to bus: No such file or directory',
    );
  });
});

/** crictl printing N container IDs (64 hex characters, as `crictl ps -a -q` does). */
function ids(n: number): string {
  return `i=0; while [ "$i" -lt ${n} ]; do printf '%064x\\n' "$i"; i=$((i + 1)); done`;
}

describe('container-count.sh (TooManyContainers)', () => {
  it('OK below CONTAINER_THRESHOLD, counting every state through crictl ps -a -q', async () => {
    const { sandbox, env } = containerdNode(ids(42));
    expectVerdict(
      await probe(sandbox, 'container-count.sh', env),
      OK,
      '42 containers on the node (all states), threshold 500',
    );
    const endpoint = `unix://${env.CONTAINERD_SOCKET}`;
    expect(sandbox.calls()).toEqual([
      `crictl --runtime-endpoint ${endpoint} --image-endpoint ${endpoint} --timeout 1s ps -a -q`,
    ]);
  });

  it('PROBLEM at CONTAINER_THRESHOLD or more; warnings are not counted', async () => {
    const { sandbox, env } = containerdNode(
      `echo 'WARN[0000] runtime connect using default endpoints' >&2; ${ids(612)}`,
    );
    expectVerdict(
      await probe(sandbox, 'container-count.sh', env),
      PROBLEM,
      '612 containers on the node (all states), threshold 500',
    );
    expectVerdict(
      await probe(sandbox, 'container-count.sh', env, ['CONTAINER_THRESHOLD=613']),
      OK,
      '612 containers on the node (all states), threshold 613',
    );
  });

  it('counts through docker ps -a -q on a docker node', async () => {
    const { sandbox, env } = dockerNode(`printf '%s\\n' 3f1c9e6a2b7d 8a0b4c2d9e1f`);
    expectVerdict(
      await probe(sandbox, 'container-count.sh', { ...env, CONTAINER_THRESHOLD: '2' }),
      PROBLEM,
      '2 containers on the node (all states), threshold 2',
    );
    expect(sandbox.calls()).toEqual([`docker -H unix://${env.DOCKER_SOCKET} ps -a -q`]);
  });

  it('UNKNOWN (not a problem: that is the runtime probe) when the runtime hangs; within the bound', async () => {
    const { sandbox, env } = containerdNode(HANG);
    const result = await probe(sandbox, 'container-count.sh', env);
    expectVerdict(result, UNKNOWN, 'crictl ps gave no answer in 1s: containers not counted');
    expect(result.ms).toBeLessThan(BOUND_MS);
  });

  it('UNKNOWN when no runtime is present or the call fails', async () => {
    expectVerdict(
      await probe(new Sandbox().host(), 'container-count.sh', { PROBE_TIMEOUT: '1' }),
      UNKNOWN,
      'no container runtime found (crictl + containerd socket, or docker)',
    );
    const { sandbox, env } = containerdNode(
      `echo 'FATA[0000] listing containers: rpc error: code = Unavailable desc = connection error' >&2; exit 1`,
    );
    expectVerdict(
      await probe(sandbox, 'container-count.sh', env),
      UNKNOWN,
      'crictl ps failed (1): listing containers: rpc error: code = Unavailable desc = connection error',
    );
  });
});

describe('every probe script', () => {
  it.each(SCRIPTS)('%s is an executable POSIX sh script with set -eu', (script) => {
    const path = join(PLUGINS, script);
    accessSync(path, constants.X_OK);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith('#!/bin/sh\n')).toBe(true);
    expect(text).toMatch(/^set -eu$/m);
  });

  it('the plugins folder holds exactly these scripts and their library', () => {
    expect(readdirSync(PLUGINS).sort()).toEqual([...SCRIPTS, LIBRARY].sort());
  });

  // -x follows each script into the library it sources; the library is checked on its own too, since
  // shellcheck reports only on the files it is given.
  it.each([...SCRIPTS, LIBRARY])('shellcheck -x -s sh %s passes', (script) => {
    const result = spawnSync('shellcheck', ['-x', '-s', 'sh', join(PLUGINS, script)], { encoding: 'utf8' });
    if (result.error) {
      throw new Error(
        `shellcheck could not be run (${result.error.message}): install it (apt-get install shellcheck)`,
      );
    }
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(SCRIPTS)('%s answers UNKNOWN, not PROBLEM, to an argument it does not know', async (script) => {
    expectVerdict(
      await probe(new Sandbox(), script, {}, ['--verbose']),
      UNKNOWN,
      'unknown argument: --verbose',
    );
  });

  it.each(SCRIPTS)(
    '%s with HOST_NS=1 is UNKNOWN when the host namespace cannot be entered',
    async (script) => {
      const sandbox = new Sandbox().stub(
        'nsenter',
        `echo "nsenter: reassociate to namespace 'ns/mnt' failed: Operation not permitted" >&2; exit 1`,
      );
      expectVerdict(
        await probe(sandbox, script, { HOST_NS: '1', PROBE_TIMEOUT: '1' }),
        UNKNOWN,
        'cannot enter the host mount namespace (hostPID, privileged?)',
      );
      const noNsenter = new Sandbox();
      expectVerdict(
        await probe(noNsenter, script, { HOST_NS: '1', PROBE_TIMEOUT: '1' }),
        UNKNOWN,
        'HOST_NS=1 but nsenter not found',
      );
    },
  );

  it('with HOST_NS=1 a probe runs itself again through nsenter, once, with its arguments', async () => {
    const { sandbox, env } = containerdNode(ids(3));
    // Entering the host's mount namespace is played by running the command as is.
    sandbox.stub(
      'nsenter',
      [
        'printf "%s\\n" "nsenter $1 $2 $3 $4" >>"$STUB_LOG"',
        'while [ "$1" != -- ]; do shift; done; shift',
        'if [ "$1" = /bin/sh ] && [ "$2" = -c ]; then',
        '  text=$3; shift 3',
        "  case $text in '#!/bin/sh'*) kind=script ;; *) kind=other ;; esac",
        '  printf "%s\\n" "nsenter runs /bin/sh -c <$kind> $*" >>"$STUB_LOG"',
        '  exec /bin/sh -c "$text" "$@"',
        'fi',
        'exec "$@"',
      ].join('\n'),
      true,
    );
    expectVerdict(
      await probe(sandbox, 'container-count.sh', { ...env, HOST_NS: '1' }, ['CONTAINER_THRESHOLD=3']),
      PROBLEM,
      '3 containers on the node (all states), threshold 3',
    );
    expect(sandbox.calls().filter((call) => call.startsWith('nsenter'))).toEqual([
      'nsenter -t 1 -m --',
      'nsenter -t 1 -m --',
      `nsenter runs /bin/sh -c <script> ${join(PLUGINS, 'container-count.sh')} CONTAINER_THRESHOLD=3`,
    ]);
  });

  it('an unexpected failure inside a script reads UNKNOWN, never PROBLEM', async () => {
    // A limit beyond the shell's integer range (impossible in a real /proc) makes dash abort the script.
    const sandbox = new Sandbox().host().process(640, 'containerd', 'S', 1, { fds: 3 });
    writeFileSync(
      join(sandbox.proc, '640', 'limits'),
      'Max open files            99999999999999999999999 99999999999999999999999 files\n',
    );
    const result = await probe(sandbox, 'fd-pressure.sh');
    expect({ code: result.code, stdout: result.stdout }).toEqual({
      code: UNKNOWN,
      stdout: 'probe failed unexpectedly\n',
    });
  });

  it('cuts a long message to 80 bytes', async () => {
    const { sandbox, env } = containerdNode(CRICTL_IDS);
    const socket = join(sandbox.root, `${'very-long-directory-name/'.repeat(4)}containerd.sock`);
    const result = await probe(sandbox, 'runtime-responding.sh', {
      ...env,
      RUNTIME: 'containerd',
      CONTAINERD_SOCKET: socket,
    });
    expectVerdict(result, UNKNOWN, `containerd socket ${socket} not found`);
    expect(result.stdout).toBe(`${`containerd socket ${socket}`.slice(0, 80)}\n`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// The NPD configuration.

interface Condition {
  type: string;
  reason: string;
  message: string;
}
interface Rule {
  type: 'permanent' | 'temporary';
  condition?: string;
  reason: string;
  path: string;
  args?: string[];
  timeout?: string;
  invoke_interval?: string;
}
interface PluginConfig {
  plugin: string;
  pluginConfig: {
    invoke_interval: string;
    timeout: string;
    max_output_length: number;
    concurrency: number;
  };
  source: string;
  conditions: Condition[];
  rules: Rule[];
}

const config = JSON.parse(readFileSync(CONFIG, 'utf8')) as PluginConfig;

/** The condition types, OK reasons and problem reasons the engine recognises (shared/diagnosis/extract). */
const CONDITIONS: Record<string, { ok: string; problems: string[] }> = {
  ContainerRuntimeUnresponsive: { ok: 'RuntimeResponding', problems: ['RuntimeNotResponding'] },
  RuntimeFileDescriptorPressure: { ok: 'RuntimeFdOk', problems: ['RuntimeFdNearLimit'] },
  ShimProcessesStuck: { ok: 'ShimProcessesOk', problems: ['ZombieUnderShim', 'DStateUnderShim'] },
  SystemdUnresponsive: { ok: 'SystemdResponding', problems: ['SystemdNotResponding'] },
  TooManyContainers: { ok: 'ContainerCountOk', problems: ['ContainerCountHigh'] },
};
const EVENT_REASONS = ['ScopeUnitPileup', 'DStateUnderShim'];

/** Go durations as NPD's config uses them ("15s", "1m30s", "500ms"), in milliseconds. */
function goDuration(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text)
    throw new Error(`not a duration: ${text}`);
  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * (units[unit ?? ''] ?? Number.NaN), 0);
}

function scriptOf(rule: Rule): Script {
  expect(rule.path.startsWith(MOUNT)).toBe(true);
  const name = rule.path.slice(MOUNT.length);
  expect(SCRIPTS).toContain(name);
  return name as Script;
}

function argOf(rule: Rule, key: string, script: Script): number {
  const arg = rule.args?.find((a) => a.startsWith(`${key}=`));
  if (arg) return Number(arg.slice(key.length + 1));
  const fallback = new RegExp(`^${key}=\\$\\{${key}:-(\\d+)\\}$`, 'm').exec(
    readFileSync(join(PLUGINS, script), 'utf8'),
  );
  return Number(fallback?.[1] ?? Number.NaN);
}

describe('pleg-responder-probes.json (custom-plugin-monitor config)', () => {
  it('is a custom plugin config with the intended global settings', () => {
    expect(config.plugin).toBe('custom');
    expect(config.pluginConfig).toMatchObject({
      invoke_interval: '60s',
      timeout: '15s',
      max_output_length: 80,
    });
    expect(config.pluginConfig.concurrency).toBeGreaterThanOrEqual(1);
    expect(config.source).toBe('pleg-responder-probes');
  });

  it('declares every condition the engine knows, with its OK reason and a message', () => {
    expect(Object.fromEntries(config.conditions.map((c) => [c.type, c.reason]))).toEqual(
      Object.fromEntries(Object.entries(CONDITIONS).map(([type, c]) => [type, c.ok])),
    );
    for (const c of config.conditions) expect(c.message.length).toBeGreaterThan(0);
  });

  it('has one permanent rule per condition (two would flip it), with a known problem reason', () => {
    const permanent = config.rules.filter((r) => r.type === 'permanent');
    expect(permanent.map((r) => r.condition).sort()).toEqual(Object.keys(CONDITIONS).sort());
    for (const rule of permanent) {
      const condition = CONDITIONS[rule.condition ?? ''];
      expect(condition?.problems).toContain(rule.reason);
    }
  });

  it('emits ScopeUnitPileup and DStateUnderShim as temporary events', () => {
    const temporary = config.rules.filter((r) => r.type === 'temporary');
    expect(temporary.map((r) => r.reason).sort()).toEqual([...EVENT_REASONS].sort());
    for (const rule of temporary) expect(rule.condition).toBeUndefined();
    for (const rule of config.rules) expect(['permanent', 'temporary']).toContain(rule.type);
  });

  it('points every rule at an existing executable probe script', () => {
    for (const rule of config.rules) {
      const script = scriptOf(rule);
      accessSync(join(PLUGINS, script), constants.X_OK);
    }
    expect(new Set(config.rules.map(scriptOf))).toEqual(new Set(SCRIPTS));
  });

  it('keeps rule timeouts within the global timeout and the interval', () => {
    const global = goDuration(config.pluginConfig.timeout);
    expect(global).toBeLessThan(goDuration(config.pluginConfig.invoke_interval));
    for (const rule of config.rules) {
      expect(goDuration(rule.timeout ?? config.pluginConfig.timeout)).toBeLessThanOrEqual(global);
    }
  });

  it("gives each script a worst case below its rule's timeout, so the script's own verdict wins", () => {
    for (const rule of config.rules) {
      const script = scriptOf(rule);
      const limit = goDuration(rule.timeout ?? config.pluginConfig.timeout) / 1000;
      const perCall = argOf(rule, 'PROBE_TIMEOUT', script) + 1; // timeout -k 1
      const worst: Record<Script, number> = {
        'runtime-responding.sh': 2 * perCall,
        'systemd-responding.sh': 2 * perCall,
        'scope-pileup.sh': perCall,
        'container-count.sh': perCall,
        'shim-stuck.sh': argOf(rule, 'STUCK_SECONDS', script) + 2,
        'fd-pressure.sh': 2,
      };
      expect(worst[script], `${rule.reason} (${script})`).toBeLessThan(limit);
    }
  });

  it.each(config.rules.map((r) => [r.reason, r] as const))(
    'the args of the %s rule are settings its script accepts',
    async (_reason, rule) => {
      const result = await probe(new Sandbox().host(), scriptOf(rule), {}, rule.args ?? []);
      expect(result.stdout).not.toMatch(/unknown argument|must be/);
      expect([OK, PROBLEM, UNKNOWN]).toContain(result.code);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// What the responder makes of the probes' output.

const READY_FALSE = {
  type: 'Ready',
  status: 'False',
  reason: 'KubeletNotReady',
  message: 'PLEG is not healthy: pleg was last seen active 4m2s ago; threshold is 3m0s',
};

function npdEvent(reason: string, message: string) {
  return {
    type: 'Warning',
    reason,
    message,
    involvedObject: { kind: 'Node', name: 'worker-3' },
    source: { component: config.source, host: 'worker-3' },
    count: 1,
  };
}

describe('the responder understands the probes', () => {
  it('problem outputs, as True conditions, lead to the verdict of each cause', async () => {
    const cases: [type: string, reason: string, run: Promise<Result>, verdict: string][] = [
      [
        'ContainerRuntimeUnresponsive',
        'RuntimeNotResponding',
        onNode(containerdNode(HANG), 'runtime-responding.sh'),
        'runtime_down',
      ],
      [
        'RuntimeFileDescriptorPressure',
        'RuntimeFdNearLimit',
        probe(
          new Sandbox().host().process(640, 'containerd', 'S', 1, { softFds: 100, fds: 99 }),
          'fd-pressure.sh',
        ),
        'fd_exhaustion',
      ],
      [
        'ShimProcessesStuck',
        'ZombieUnderShim',
        probe(shimNode().process(3202, 'app', 'Z', 3200), 'shim-stuck.sh', {
          STUCK_SECONDS: '0',
          MODE: 'zombie',
        }),
        'zombie_shim_hang',
      ],
      [
        'SystemdUnresponsive',
        'SystemdNotResponding',
        probe(new Sandbox().stub('busctl', HANG), 'systemd-responding.sh', { PROBE_TIMEOUT: '1' }),
        'systemd_dbus_stall',
      ],
      [
        'TooManyContainers',
        'ContainerCountHigh',
        onNode(containerdNode(ids(2400)), 'container-count.sh', { PROBE_TIMEOUT: '5' }),
        'container_count',
      ],
    ];
    const results = await Promise.all(cases.map(([, , run]) => run));
    cases.forEach(([type, reason, , verdict], i) => {
      const result = results[i];
      expect(result?.code, type).toBe(PROBLEM);
      const message = result?.stdout.trim() ?? '';
      const d = diagnose({ conditions: [READY_FALSE, { type, status: 'True', reason, message }] });
      expect(d.verdict, `${type}: ${message}`).toBe(verdict);
      // The zombie's shim, named in the message, is the one the fix commands kill.
      if (type === 'ShimProcessesStuck') expect(JSON.stringify(d)).toContain('kill -9 3200');
    });
  });

  it('the temporary events are facts, and ingest keeps them for the node', async () => {
    const [dState, pileup] = await Promise.all([
      probe(shimNode().process(3202, 'java', 'D', 3200), 'shim-stuck.sh', {
        STUCK_SECONDS: '0',
        MODE: 'dstate',
      }),
      probe(new Sandbox().stub('systemctl', scopes(2300, 40, 60)), 'scope-pileup.sh', { PROBE_TIMEOUT: '5' }),
    ]);
    expect([dState.code, pileup.code]).toEqual([PROBLEM, PROBLEM]);
    const events = [
      npdEvent('DStateUnderShim', dState.stdout.trim()),
      npdEvent('ScopeUnitPileup', pileup.stdout.trim()),
    ];
    const facts = extractFacts({ events });
    expect(facts.has('proc.zombie_shim')).toBe(true);
    expect(facts.has('systemd.scope_pileup')).toBe(true);
    const { jobs, dropped } = await normaliseEvents(events, 'prod', '2026-11-21T20:00:00Z');
    expect(dropped).toEqual([]);
    expect(jobs.map((j) => j.node)).toEqual(['worker-3', 'worker-3']);
  });

  it('OK and UNKNOWN outputs, and the default condition messages, are no evidence of anything', async () => {
    const cases: [type: string, run: Promise<Result>][] = [
      ['ContainerRuntimeUnresponsive', onNode(containerdNode(CRICTL_IDS), 'runtime-responding.sh')],
      ['ContainerRuntimeUnresponsive', probe(new Sandbox().host(), 'runtime-responding.sh')],
      [
        'RuntimeFileDescriptorPressure',
        probe(
          new Sandbox().host().process(640, 'containerd', 'S', 1, { softFds: 1024, fds: 3 }),
          'fd-pressure.sh',
        ),
      ],
      [
        'RuntimeFileDescriptorPressure',
        probe(new Sandbox().host().process(640, 'containerd', 'S', 1, { fds: 3 }), 'fd-pressure.sh'),
      ],
      ['ShimProcessesStuck', probe(shimNode(), 'shim-stuck.sh', { STUCK_SECONDS: '0', MODE: 'zombie' })],
      ['ShimProcessesStuck', probe(new Sandbox().process(1, 'node-problem-de', 'S', 0), 'shim-stuck.sh')],
      ['SystemdUnresponsive', probe(new Sandbox().stub('busctl', 'exit 0'), 'systemd-responding.sh')],
      ['SystemdUnresponsive', probe(new Sandbox(), 'systemd-responding.sh')],
      ['TooManyContainers', onNode(containerdNode(ids(3)), 'container-count.sh')],
      ['TooManyContainers', onNode(containerdNode(HANG), 'container-count.sh')],
    ];
    const results = await Promise.all(cases.map(([, run]) => run));
    cases.forEach(([type], i) => {
      const result = results[i];
      expect([OK, UNKNOWN], type).toContain(result?.code);
      const status = result?.code === OK ? 'False' : 'Unknown';
      const message = result?.stdout.trim() ?? '';
      const facts = extractFacts({ conditions: [{ type, status, reason: CONDITIONS[type]?.ok, message }] });
      expect(facts.ids(), `${type}=${status}: ${message}`).toEqual([]);
    });
    for (const c of config.conditions) {
      const facts = extractFacts({ conditions: [{ ...c, status: 'False' }] });
      expect(facts.ids(), `${c.type}: ${c.message}`).toEqual([]);
    }
  });
});
