import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedQueue, openStateDb } from '../shared/queue/embedded.ts';
import { DiagnosisSchema } from '../shared/schemas/diagnosis.ts';
import { bundleJob } from './support/payloads.ts';

const MAIN = join(import.meta.dirname, '..', 'functions', 'cli', 'main.ts');
const dir = mkdtempSync(join(tmpdir(), 'pleg-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(args: string[], input?: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const bundle = {
  node: 'worker-3',
  containerRuntimeVersion: 'containerd://1.7.13',
  logs: {
    kernel:
      'Mar 04 10:00:01 worker-3 kernel: INFO: task containerd-shim:4242 blocked for more than 120 seconds.',
  },
  commandOutputs: {
    'ps -eo pid,ppid,stat,cmd':
      'PID PPID STAT CMD\n4242 1 Sl /usr/bin/containerd-shim-runc-v2 -id abc\n5151 4242 Z [java] <defunct>',
  },
};

describe('pleg-responder diagnose', () => {
  it('prints the Diagnosis JSON for a bundle file', () => {
    const r = cli(['diagnose', '--bundle', file('b.json', JSON.stringify(bundle)), '--json']);
    expect(r.code).toBe(0);
    const d = DiagnosisSchema.parse(JSON.parse(r.stdout));
    expect(d.verdict).toBe('zombie_shim_hang');
    expect(d.causes[0]?.commands.some((c) => c.command.includes('crictl'))).toBe(true);
    expect(d.causes[0]?.commands.map((c) => c.command).join('\n')).not.toMatch(/\bdocker /);
  });

  it('reads the bundle from standard input with "-" and prints a readable report', () => {
    const r = cli(['diagnose', '--bundle', '-'], JSON.stringify(bundle));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Verdict: Wedged container');
    expect(r.stdout).toContain('Confirm (read-only):');
    expect(r.stdout).toContain('kill -9 4242');
  });

  it('shows the other runtime on request', () => {
    const r = cli(['diagnose', '--bundle', '-', '--json', '--runtime', 'docker'], JSON.stringify(bundle));
    const d = DiagnosisSchema.parse(JSON.parse(r.stdout));
    expect(d.causes[0]?.commands.some((c) => c.command.startsWith('timeout 10 docker ps'))).toBe(true);
  });

  it.each([
    [['diagnose', '--bundle', join(dir, 'absent.json')], /cannot read .*absent\.json: no such file/],
    [['diagnose', '--bundle', '-'], /standard input is not valid JSON/, '{"node": '],
    [['diagnose', '--bundle', '-'], /counts\.pods: .*number/, '{"counts": {"pods": "many"}}'],
    [['diagnose', '--bundle', '-'], /events\[0\]\.count/, '{"events": [{"count": -3}]}'],
    [['diagnose'], /exactly one of --bundle or --log/],
    [['diagnose', '--bundle', 'a', '--log', 'b'], /exactly one of --bundle or --log/],
    [['diagnose', '--bogus'], /unknown option '--bogus'/],
    [['diagnose', '--bundle', '-', '--runtime', 'rkt'], /'rkt' is invalid\. Allowed choices are docker, containerd, crio/, '{}'],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['diagnose', '--log', join(dir, 'nope.log')], /cannot read .*nope\.log/],
  ] as const)('bad input %j exits 2 with one clear message', (args, message, input?: string) => {
    const r = cli([...args], input);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });
});

describe('pleg-responder diagnose --log', () => {
  it('detects components per line across files and streams them', () => {
    const noise = 'Mar 04 10:00:00 worker-3 myapp[77]: GET /healthz 200\n'.repeat(50_000);
    const journal = file(
      'journal.txt',
      `${noise}Mar 04 10:00:02 worker-3 myapp[77]: java.io.IOException: Too many open files\n` +
        'Mar 04 10:00:03 worker-3 dockerd[900]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s\n' +
        noise,
    );
    const kubelet = file(
      'kubelet.log',
      'E0304 10:00:04.000001    1893 kubelet.go:2081] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m20s ago; threshold is 3m0s"\n',
    );
    const r = cli(['diagnose', '--log', journal, '--log', kubelet, '--node', 'worker-3', '--json']);
    expect(r.code).toBe(0);
    const d = DiagnosisSchema.parse(JSON.parse(r.stdout));
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.observed.plegAgeSeconds).toBe(200);
    expect(d.causes[0]?.evidence[0]?.source).toBe('journal.txt:50002');
    expect(d.discounted.map((e) => e.source)).toContain('journal.txt:50001');
    expect(d.causes[0]?.commands.some((c) => c.command.includes("'worker-3'"))).toBe(true);
  });
});

describe('pleg-responder dead-letters', () => {
  it('lists the jobs that failed for good, with the reason, beside a running queue', async () => {
    const state = join(dir, 'state');
    const db = openStateDb(state);
    const queue = new EmbeddedQueue({ db });
    expect(cli(['dead-letters', '--data-dir', state]).stdout).toBe(`no dead letters in ${state}\n`);
    await queue.enqueue([bundleJob('worker-9', 'prod')]);
    const [d] = (await queue.receive(1, 0)).deliveries;
    await queue.reject(d?.receipt ?? '', 'chat.postMessage: channel_not_found');
    // The queue is still open: the command only reads.
    const r = cli(['dead-letters', '--data-dir', state]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^1 dead letter\(s\) in .+:\n {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}bundle:worker-9 {2}prod\/worker-9 {2}after 1 attempt\(s\): chat\.postMessage: channel_not_found\n$/,
    );
    const json = JSON.parse(cli(['dead-letters', '--json'], undefined, { DATA_DIR: state }).stdout);
    expect(json).toEqual([
      expect.objectContaining({ dedupKey: 'bundle:worker-9', node: 'worker-9', attempts: 1 }),
    ]);
    await queue.close();
    db.close();
  });

  it('says so when the directory holds no embedded queue', () => {
    const r = cli(['dead-letters', '--data-dir', join(dir, 'nowhere')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `pleg-responder: no embedded queue in ${join(dir, 'nowhere')} (no state.db there)\n`,
    );
  });
});
