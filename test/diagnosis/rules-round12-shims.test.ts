import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { type Bundle, ids, top } from '../support/node-lines.ts';

/**
 * Round 12 (docs/accuracy.md, "Round 12": class 3's shims that outlive their containers, class 4's runc init stage
 * weighed to the daemon, class 7's containerd 1.7 legacy v1 shim leak). Read from containerd's sources: the runc v2
 * shim's `start` (cmd/containerd-shim-runc-v2/manager Start: the daemon shim is started and its starter exits, so its
 * parent is PID 1, one shim per pod under the CRI's sandbox grouping), the v1 shim as containerd's child
 * (runtime/v1/shim/client WithStart), runtime/v1/linux Task.Delete returning before KillShim (#9309, fixed by #9344
 * in v1.7.9 and #9345 in v1.6.25); and runc's init stages (libcontainer/nsenter/nsexec.c, init.go), alive only
 * while a container starts.
 */

const PS_HEADER = '    PID    PPID STAT     ELAPSED CMD';
const v2Shim = (pid: number, ppid = 1) =>
  `${String(pid).padStart(7)} ${String(ppid).padStart(7)} Sl    2-03:11:09 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id ${pid.toString(16).padStart(64, 'a')} -address /run/containerd/containerd.sock`;
const v1Shim = (pid: number, ppid = 1) =>
  `root     ${String(pid).padStart(6)} ${String(ppid).padStart(6)}  0 Nov01 ?        00:00:04 containerd-shim -namespace k8s.io -workdir /var/lib/containerd/io.containerd.runtime.v1.linux/k8s.io/${pid.toString(16).padStart(64, 'b')} -address /run/containerd/containerd.sock -containerd-binary /usr/bin/containerd`;
const range = (n: number, from = 4000) => Array.from({ length: n }, (_, i) => from + i * 7);
const psEo = (rows: string[]) => [PS_HEADER, ...rows].join('\n');
const psEf = (rows: string[]) =>
  ['UID          PID    PPID  C STIME TTY          TIME CMD', ...rows].join('\n');
const criIds = (n: number) =>
  range(n, 9000)
    .map((i) => i.toString(16).padStart(13, 'c'))
    .join('\n');
const leftover = (bundle: Bundle) => extractFacts(bundle).examples('proc.shim_leftover');
const defects = (bundle: Bundle) =>
  extractFacts(bundle)
    .examples('shim.known_defect')
    .map((f) => f.defect);

describe('shims that outlive their containers, counted in a process listing', () => {
  it('sixty runc v2 shims beside twelve running containers are shims left over: zombie_shim_hang', () => {
    const bundle = {
      commandOutputs: {
        'ps -eo pid,ppid,stat,etime,cmd': psEo(range(60).map((p) => v2Shim(p))),
        'crictl ps -q | wc -l': '12',
      },
    };
    const [fact] = leftover(bundle);
    expect(fact?.text).toContain('60 containerd shim processes, 60 of them reparented to PID 1');
    expect(fact?.text).toContain('against 12 containers');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('counts the CRI listing by its rows and the bundle counts when the paste gives them', () => {
    const table = {
      'ps -ef': psEf(range(90).map((p) => v1Shim(p))),
      'crictl ps': ['CONTAINER           IMAGE               CREATED   STATE    NAME', criIds(20)].join('\n'),
    };
    expect(leftover({ commandOutputs: table })[0]?.text).toContain('90 containerd shim processes');
    expect(leftover({ commandOutputs: table })[0]?.text).toContain('against 20 containers');
    expect(
      leftover({ commandOutputs: { 'ps -ef': table['ps -ef'] }, counts: { containers: 30 } }),
    ).toHaveLength(1);
    expect(
      leftover({ commandOutputs: { 'ps -ef': table['ps -ef'] }, counts: { containers: 80 } }),
    ).toHaveLength(0);
  });

  it('a process table pasted as text, with the containers counted in the same paste, is read the same way', () => {
    const pasted = [
      '$ crictl ps -q | wc -l',
      '12',
      '$ ps -eo pid,ppid,stat,etime,cmd',
      psEo(range(300).map((p) => v2Shim(p))),
    ].join('\n');
    const d = diagnoseText(pasted);
    expect(d.causes[0]?.id).toBe('zombie_shim_hang');
    expect(JSON.stringify(d)).toContain('300 containerd shim processes');
  });

  it("without a count of containers only more shims than any node's maxPods could use count", () => {
    expect(leftover({ commandOutputs: { 'ps -ef': psEf(range(300).map((p) => v1Shim(p))) } })).toHaveLength(
      0,
    );
    expect(leftover({ commandOutputs: { 'ps -ef': psEf(range(1100).map((p) => v1Shim(p))) } })).toHaveLength(
      1,
    );
    expect(leftover({ commandOutputs: { 'pgrep -c containerd-shim': '1534' } })[0]?.value).toBe(1534);
    expect(leftover({ commandOutputs: { 'pgrep -c containerd-shim': '41' } })).toHaveLength(0);
  });

  it('red herring: a shim per running container, all with PPID 1 as runc v2 shims always are, is no leak', () => {
    const bundle = {
      commandOutputs: {
        'ps -eo pid,ppid,stat,etime,cmd': psEo([
          '      1       0 Ss    9-01:00:00 /sbin/init',
          '    880       1 Ssl   9-00:59:58 /usr/bin/containerd',
          ...range(14).map((p) => v2Shim(p)),
        ]),
        'crictl ps -q | wc -l': '14',
      },
    };
    expect(ids(bundle)).not.toContain('proc.shim_leftover');
    expect(diagnose(bundle).verdict).toBe('unknown');
  });

  it('red herring: v1 shims reparented to PID 1 after a clean containerd restart, as many as the containers', () => {
    const bundle = {
      containerRuntimeVersion: 'containerd://1.7.5',
      commandOutputs: {
        'ps -ef': psEf([
          'root         912       1  1 10:02 ?        00:00:01 /usr/bin/containerd',
          ...range(22).map((p) => v1Shim(p)),
        ]),
        'docker ps -q | wc -l': '22',
      },
    };
    expect(ids(bundle)).not.toContain('proc.shim_leftover');
    expect(ids(bundle)).not.toContain('shim.known_defect');
    expect(diagnose(bundle).verdict).toBe('unknown');
  });
});

describe('shims left over, in words', () => {
  const said = [
    'containerd-shim processes remain on the host after their containers are gone',
    'shims remaining on hosts under heavy I/O after the processes they served are gone',
    'we found 248 orphaned containerd-shim processes with PPID 1',
    'Node A: 478 total containerd-shim processes, 248 with ppid=1 (orphaned)',
    'thousands of shim processes on the node',
    'the shims were reparented to PID 1 and never reaped',
    'leftover containerd-shim-runc-v2 processes after the pods were deleted',
    '节点上有大量残留的 shim 进程',
    'shim 进程越来越多，没有被回收',
    '上千个 containerd-shim 进程',
  ];
  for (const sentence of said) {
    it(`"${sentence}" is shims left over: zombie_shim_hang, held below actionable`, () => {
      const bundle = { logs: { other: sentence } };
      const found = extractFacts(bundle);
      expect(found.has('proc.shim_leftover') || found.has('runtime.shim_cleanup_failed'), sentence).toBe(
        true,
      );
      const first = top(bundle);
      expect(first?.id).toBe('zombie_shim_hang');
      expect(first?.confidence).toBeLessThan(0.7);
    });
  }

  const notSaid = [
    'after restarting containerd the shims are reparented to PID 1, one per running container, as expected',
    'containerd-shim uses hundreds of MB of memory',
    'there are no leftover shims on the node',
    'the node runs hundreds of pods, each with its own shim',
  ];
  for (const sentence of notSaid) {
    it(`red herring: "${sentence}" is not shims left over`, () => {
      expect(ids({ logs: { other: sentence } })).not.toContain('proc.shim_leftover');
    });
  }

  it('shims left over beside CRI calls timing out are the shims, not the runtime', () => {
    const bundle = {
      logs: {
        other:
          'Under constant pod churn we see 248 orphaned containerd-shim processes (ppid=1) and load average 492; RunPodSandbox and KillPodSandbox calls time out with DeadlineExceeded.',
      },
    };
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });
});

describe("containerd's legacy v1 shim delete-retry leak, by release", () => {
  const shims = { 'ps -ef': psEf(range(90).map((p) => v1Shim(p))), 'crictl ps -q | wc -l': '25' };
  it('containerd 1.7.4-1.7.8 and 1.6.24 with shims left over name the defect', () => {
    for (const version of ['containerd://1.7.5', 'containerd://1.7.8', 'containerd://1.6.24']) {
      const bundle = { containerRuntimeVersion: version, commandOutputs: shims };
      expect(defects(bundle), version).toContain('containerd-shimv1-delete-retry-leak');
      expect(top(bundle)?.id, version).toBe('zombie_shim_hang');
    }
  });
  it('the fixed releases, and the affected ones without leftover shims, do not', () => {
    for (const version of ['containerd://1.7.9', 'containerd://1.6.25', 'containerd://1.7.3']) {
      const bundle = { containerRuntimeVersion: version, commandOutputs: shims };
      expect(defects(bundle), version).not.toContain('containerd-shimv1-delete-retry-leak');
    }
    const quiet = {
      containerRuntimeVersion: 'containerd://1.7.5',
      commandOutputs: { 'crictl ps -q | wc -l': '25' },
    };
    expect(ids(quiet)).not.toContain('shim.known_defect');
  });
});

describe("runc's init stage alive, weighed to the container before the daemon", () => {
  const inits = [
    'USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND',
    ...range(10, 980).map(
      (p) => `root     ${String(p).padStart(7)}  0.0  0.0 158716 19120 ?        Ssl  Mar26   0:00 runc init`,
    ),
  ].join('\n');

  it('ten init children and a create that hangs are one layer down: zombie_shim_hang, runtime_down acceptable', () => {
    const bundle = {
      commandOutputs: { 'ps aux | grep "runc init"': inits },
      logs: { other: 'docker run hangs creating the container; the runc init processes are still there' },
    };
    const { causes } = diagnose(bundle);
    expect(causes[0]?.id).toBe('zombie_shim_hang');
    expect(causes.map((c) => c.id)).toContain('runtime_down');
    expect(ids(bundle)).not.toContain('runc.init_stuck_daemon_blocked');
  });

  it("with the daemon's own list calls timing out, the runtime is what the node lost: runtime_down", () => {
    const bundle = {
      commandOutputs: {
        'ps aux | grep "runc init"': inits,
        'timeout 10 crictl ps':
          'FATA[0010] listing containers: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
      },
    };
    expect(ids(bundle)).toContain('runc.init_stuck_daemon_blocked');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('a line that says runc init is stuck is not, by itself, the daemon timing out', () => {
    const bundle = {
      commandOutputs: { 'ps aux | grep "runc init"': inits },
      logs: { other: 'after the upgrade docker hangs while starting containers, "runc init" at 100% CPU' },
    };
    expect(ids(bundle)).not.toContain('runc.init_stuck_daemon_blocked');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it("a create or run that hangs is the container's call, not the daemon's; docker ps hanging is the daemon's", () => {
    for (const sentence of [
      'docker run hangs',
      'the runtime hangs creating containers',
      'docker hangs while starting containers',
    ]) {
      const found = ids({ logs: { other: sentence } });
      expect(found, sentence).not.toContain('runtime.cmd_hang');
    }
    expect(ids({ logs: { other: '"docker run alpine" hangs forever' } })).toContain(
      'runtime.container_cmd_hang',
    );
    expect(ids({ logs: { other: 'docker ps hangs' } })).toContain('runtime.cmd_hang');
    expect(ids({ logs: { other: 'docker running on the node hangs' } })).toContain('runtime.cmd_hang');
  });

  it('red herring: runc init under three seconds old in an elapsed-time listing is a start in progress', () => {
    const starting = psEo([
      '   4410    4402 Sl       00:00 runc init',
      '   4402       1 Sl       00:01 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id 9f1c -address /run/containerd/containerd.sock',
      '   4415    4410 S        00:00 runc:[2:INIT]',
    ]);
    const bundle = { commandOutputs: { 'ps -eo pid,ppid,stat,etime,cmd': starting } };
    expect(ids(bundle)).not.toContain('runc.init_stuck');
    expect(diagnose(bundle).verdict).toBe('unknown');
    const stuck = {
      commandOutputs: { 'ps -eo pid,ppid,stat,etime,cmd': psEo(['   4410    4402 Sl    12:31 runc init']) },
    };
    expect(ids(stuck)).toContain('runc.init_stuck');
  });
});
