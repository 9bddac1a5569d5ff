import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { expandWebhook } from '../../functions/respond/webhook.ts';
import pkg from '../../package.json' with { type: 'json' };
import { EmbeddedQueue, openStateDb } from '../../shared/queue/embedded.ts';
import { DiagnosisSchema } from '../../shared/schemas/diagnosis.ts';
import { bundleJob } from '../support/payloads.ts';

const MAIN = join(import.meta.dirname, '..', '..', 'functions', 'cli', 'main.ts');
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

function file(name: string, content: string | Buffer): string {
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
    [
      ['diagnose', '--bundle', '-', '--runtime', 'rkt'],
      /'rkt' is invalid\. Allowed choices are docker, containerd, crio/,
      '{}',
    ],
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

describe('pleg-responder diagnose --log on a mixed paste', () => {
  it('reads kubectl output, journal lines, a terminal session and a note from one file', () => {
    const paste = readFileSync(
      join(import.meta.dirname, '..', 'fixtures', 'paste', 'mixed-paste.txt'),
      'utf8',
    );
    const r = cli(['diagnose', '--log', file('mixed.txt', paste), '--json']);
    expect(r.code).toBe(0);
    const d = DiagnosisSchema.parse(JSON.parse(r.stdout));
    // `kubectl get nodes -o wide` named the NotReady node and its runtime.
    expect(d.node).toBe('worker-7');
    expect(d.observed).toMatchObject({ runtime: 'containerd', kubeletVersion: 'v1.27.8' });
    expect(d.verdict).toBe('runtime_down');
    const commands = d.causes[0]?.commands.map((c) => c.command).join('\n') ?? '';
    expect(commands).toContain("kubectl describe node 'worker-7'");
    expect(commands).toContain('crictl');
    const cited = d.causes[0]?.evidence.map((e) => e.source) ?? [];
    expect(cited).toContain('mixed.txt:9');
    expect(cited).toContain('commandOutputs["crictl ps"]');
  });
});

describe('pleg-responder dead-letters', () => {
  it('lists the jobs that failed for good, with the reason, beside a running queue', async () => {
    const state = join(dir, 'state');
    const db = openStateDb(state);
    const queue = new EmbeddedQueue({ db, expand: expandWebhook });
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
    // --redrive puts it back beside the running queue, which delivers it again as a fresh job.
    const redrive = cli(['dead-letters', '--redrive', '--data-dir', state]);
    expect(redrive.code).toBe(0);
    expect(redrive.stdout).toBe(`1 dead letter(s) put back in the queue in ${state}\n`);
    expect(cli(['dead-letters', '--data-dir', state]).stdout).toBe(`no dead letters in ${state}\n`);
    const again = (await queue.receive(1, 0)).deliveries;
    expect(again.map((x) => [x.job.dedupKey, x.attempts])).toEqual([['bundle:worker-9', 1]]);
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

const PLEG_LINE =
  'E0304 10:00:04.000001    1893 kubelet.go:2081] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m20s ago; threshold is 3m0s"\n';
const EMFILE_LINE =
  'Mar 04 10:00:03 worker-3 dockerd[900]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files; retrying in 1s\n';

describe('pleg-responder CLI conventions', () => {
  it('prints the version of the package', () => {
    for (const flag of ['--version', '-V']) {
      const r = cli([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${pkg.version}\n`);
    }
  });

  it('prints help on stdout with the commands and the exit codes, for the program and each command', () => {
    for (const args of [[], ['--help'], ['help']]) {
      const r = cli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: pleg-responder/);
      for (const command of ['diagnose', 'dead-letters', 'send-test', 'demo', 'completion'])
        expect(r.stdout).toContain(command);
      expect(r.stdout).toContain('3  diagnose found no cause');
    }
    for (const args of [
      ['diagnose', '--help'],
      ['help', 'diagnose'],
    ]) {
      const r = cli(args);
      expect(r.code).toBe(0);
      for (const option of [
        '--bundle',
        '--log',
        '-o, --output',
        '--json',
        '--runtime',
        'Examples:',
        'Exit status:',
      ])
        expect(r.stdout).toContain(option);
    }
    expect(cli(['completion', '--help']).stdout).toContain('source <(pleg-responder completion bash)');
  });

  it('prints the same Diagnosis as JSON (-o json, --json) and YAML (-o yaml)', () => {
    const input = JSON.stringify(bundle);
    const json = cli(['diagnose', '--bundle', '-', '-o', 'json'], input);
    expect(json.code).toBe(0);
    expect(cli(['diagnose', '--bundle', '-', '--json'], input).stdout).toBe(json.stdout);
    const yaml = cli(['diagnose', '--bundle', '-', '-o', 'yaml'], input);
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/^verdict: zombie_shim_hang$/m);
    expect(parseYaml(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    const demo = cli(['demo', '-o', 'json']);
    expect(DiagnosisSchema.parse(JSON.parse(demo.stdout)).verdict).toBe('fd_exhaustion');
  });

  it.each([
    [
      ['diagnose', '--bundle', '-', '-o', 'xml'],
      /argument 'xml' is invalid\. Allowed choices are text, json, yaml/,
    ],
    [['diagnose', '--bundle', '-', '-o', 'yaml', '--json'], /option '--json' cannot be used with option '-o/],
    [['diagnose', 'worker-1', 'worker-2'], /too many arguments for 'diagnose'/],
    [['diagnose', 'worker-1', '--bundle', '-'], /a NODE is diagnosed live: it does not combine/],
    [['diagnose', '--log', '-', '--log', '-'], /standard input \(-\) can be read once/],
    [['completion', 'powershell'], /value 'powershell' is invalid for argument 'shell'/],
  ])('usage error %j exits 2 with one line on stderr', (args, message) => {
    const r = cli(args, '{}');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/^pleg-responder: /);
    expect(r.stdout).toBe('');
  });

  it('exits 0 when a cause is found and 3 when the verdict is unknown', () => {
    expect(cli(['diagnose', '--bundle', '-'], JSON.stringify(bundle)).code).toBe(0);
    const unknown = cli(['diagnose', '--bundle', '-'], JSON.stringify({ node: 'worker-3' }));
    expect(unknown.code).toBe(3);
    expect(unknown.stdout).toContain('Verdict: unknown');
    expect(unknown.stderr).toBe('');
    const quiet = cli(
      ['diagnose', '--log', '-', '-o', 'json'],
      'Mar 04 10:00:00 worker-3 myapp[77]: GET / 200\n',
    );
    expect(quiet.code).toBe(3);
    expect(DiagnosisSchema.parse(JSON.parse(quiet.stdout)).verdict).toBe('unknown');
  });

  it('reads logs from standard input with --log -, alone or beside files', () => {
    const r = cli(['diagnose', '--log', '-', '--node', 'worker-3', '--json'], `${PLEG_LINE}${EMFILE_LINE}`);
    expect(r.code).toBe(0);
    const d = DiagnosisSchema.parse(JSON.parse(r.stdout));
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.observed.plegAgeSeconds).toBe(200);
    expect(d.causes[0]?.evidence.map((e) => e.source)).toContain('stdin:2');
    const both = cli(
      ['diagnose', '--log', file('kubelet-2.log', PLEG_LINE), '--log', '-', '--json'],
      EMFILE_LINE,
    );
    expect(DiagnosisSchema.parse(JSON.parse(both.stdout)).verdict).toBe('fd_exhaustion');
  });

  it.each([
    ['an empty file', () => ['--log', file('empty.log', '')], /empty\.log is empty/],
    ['white space only', () => ['--log', file('blank.log', ' \n\n\t\n')], /blank\.log is empty/],
    ['empty standard input', () => ['--log', '-'], /standard input is empty/],
    ['an empty bundle on stdin', () => ['--bundle', '-'], /standard input is empty/],
    [
      'a binary file',
      () => ['--log', file('core.bin', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 3]))],
      /core\.bin looks binary, not text$/m,
    ],
    [
      'a gzip-compressed log',
      () => ['--log', file('kubelet.log.gz', gzipSync(PLEG_LINE))],
      /kubelet\.log\.gz looks binary, not text \(gzip-compressed: decompress it first/,
    ],
    [
      'a binary journal file',
      () => ['--log', file('system.journal', Buffer.concat([Buffer.from('LPKSHHRH'), Buffer.alloc(64)]))],
      /binary systemd journal file: export it with journalctl --file FILE/,
    ],
    [
      'a binary bundle',
      () => ['--bundle', file('bundle.bin', Buffer.from([0, 0, 0]))],
      /bundle\.bin looks binary/,
    ],
    ['a directory', () => ['--log', dir], /cannot read .*: is a directory, not a file/],
  ])('refuses %s with exit 2 and one clear message', (_what, args, message) => {
    const r = cli(['diagnose', ...args()], '');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  // Root reads any file whatever its mode: the check only means something for an ordinary user.
  it.skipIf(process.getuid?.() === 0)('refuses a file it may not read', () => {
    const locked = file('locked.log', PLEG_LINE);
    chmodSync(locked, 0o000);
    const r = cli(['diagnose', '--log', locked]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot read .*locked\.log: permission denied/);
  });
});

describe('pleg-responder completion', () => {
  /** What bash completes for a command line whose last word is being typed ('' for a new word). */
  function bashComplete(words: string[]): string[] {
    const script = file('completion.bash', cli(['completion', 'bash']).stdout);
    const line = ['pleg-responder', ...words].map((w) => `'${w}'`).join(' ');
    // compopt only works inside a completion bash itself started: a no-op stands in for it here.
    const program = `compopt() { :; }; source ${script}; COMP_WORDS=(${line}); COMP_CWORD=${words.length}; _pleg_responder; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const r = spawnSync('bash', ['-c', program], { encoding: 'utf8', cwd: dir });
    expect(r.stderr).toBe('');
    return r.stdout.split('\n').filter(Boolean);
  }

  it('completes commands, options, option values and files in bash', () => {
    expect(bashComplete([''])).toEqual(
      expect.arrayContaining(['diagnose', 'dead-letters', 'send-test', 'demo', 'completion', '--version']),
    );
    expect(bashComplete(['diagnose', '--'])).toEqual(
      expect.arrayContaining(['--bundle', '--log', '--node', '--context', '--runtime', '--output', '--json']),
    );
    expect(bashComplete(['diagnose', '-o', ''])).toEqual(['text', 'json', 'yaml']);
    expect(bashComplete(['diagnose', '--runtime', 'c'])).toEqual(['containerd', 'crio']);
    expect(bashComplete(['completion', ''])).toEqual(expect.arrayContaining(['bash', 'zsh', 'fish']));
    file('journal-for-completion.txt', PLEG_LINE);
    expect(bashComplete(['diagnose', '--log', 'journal-for'])).toEqual(['journal-for-completion.txt']);
  });

  const has = (shell: string) => spawnSync('sh', ['-c', `command -v ${shell}`]).status === 0;

  it.skipIf(!has('zsh'))('loads in zsh and registers its completion function', () => {
    const script = file('completion.zsh', cli(['completion', 'zsh']).stdout);
    const r = spawnSync(
      'zsh',
      [
        '-f',
        '-c',
        `autoload -U compinit && compinit -u -D && source ${script} && print -r -- $_comps[pleg-responder]`,
      ],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout.trim()).toBe('_pleg_responder');
  });

  it.skipIf(!has('fish'))('completes commands, options and option values in fish', () => {
    const script = file('completion.fish', cli(['completion', 'fish']).stdout);
    const complete = (line: string) => {
      const r = spawnSync('fish', ['--no-config', '-c', `source ${script}; complete -C '${line}'`], {
        encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      return r.stdout.split('\n').map((l) => l.split('\t')[0]);
    };
    expect(complete('pleg-responder ')).toEqual(
      expect.arrayContaining(['diagnose', 'dead-letters', 'completion']),
    );
    expect(complete('pleg-responder diagnose --')).toEqual(
      expect.arrayContaining(['--bundle', '--log', '--output']),
    );
    expect(complete('pleg-responder diagnose -o ')).toEqual(expect.arrayContaining(['text', 'json', 'yaml']));
  });
});
