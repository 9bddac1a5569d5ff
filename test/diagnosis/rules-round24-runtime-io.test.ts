import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { goroutineFacts } from '../../shared/diagnosis/paste/goroutines.ts';
import { readPastedEvidence } from '../../shared/diagnosis/paste/reader.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';

// Round 24 (r24-runtime-io): the kubelet (or a runtime) held in a system call on a mount, read from its goroutine dump
// (Go's runtime/traceback.go goroutineheader prints `[syscall, N minutes]` once a goroutine has been in one call a
// minute or more). Frames written from Go's standard library (os, syscall, x/sys/unix) and the kubelet's cleanup path
// (pkg/kubelet kubelet_volumes.go cleanupOrphanedPodDirs, mount-utils IsLikelyNotMountPoint), not from any incident.

/** One goroutine: its header, then its frames from the innermost out, each with its file line. */
function goroutine(id: number, state: string, frames: readonly string[]): string {
  return [
    `goroutine ${id} [${state}]:`,
    ...frames.flatMap((f, i) => [f, `\t/usr/local/go/src/pkg/file${i}.go:${40 + i} +0x${(i + 1) * 16}`]),
    '',
  ].join('\n');
}

const STATFS = [
  'syscall.Syscall(0x89, 0xc000a1e2a0, 0xc0012f7d58, 0x0, 0x0, 0x0, 0x0)',
  'golang.org/x/sys/unix.Statfs(0xc000b4c000, 0x5a, 0xc0012f7d58, 0x0, 0x0)',
  'k8s.io/kubernetes/pkg/volume/util/fs.Info(0xc000b4c000, 0x5a, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)',
  'k8s.io/kubernetes/pkg/kubelet/stats.(*volumeStatCalculator).calcAndStoreStats(0xc0009e6c00)',
];
const STAT = [
  'syscall.Syscall6(0x106, 0xffffffffffffff9c, 0xc001e4a0f0, 0xc0013a5e48, 0x0, 0x0, 0x0)',
  'syscall.fstatat(0xffffffffffffff9c, 0xc001e4a0c0, 0x5f, 0xc0013a5e48, 0x0, 0x0, 0x0)',
  'syscall.Stat(...)',
  'os.statNolog(0xc001e4a0c0, 0x5f, 0x0, 0x0, 0x0, 0x0)',
  'os.Stat(0xc001e4a0c0, 0x5f, 0x0, 0x0, 0x0, 0x0)',
  'k8s.io/mount-utils.(*Mounter).IsLikelyNotMountPoint(0xc000356f00, 0xc001e4a0c0, 0x5f, 0x0, 0x0, 0x0)',
  'k8s.io/kubernetes/pkg/kubelet.(*Kubelet).cleanupOrphanedPodDirs(0xc000a2a000, 0xc0022c6000, 0x1e, 0x20, 0x0)',
  'k8s.io/kubernetes/pkg/kubelet.(*Kubelet).HandlePodCleanups(0xc000a2a000, 0x0, 0x0)',
];

describe('round 24: a goroutine held in a system call on a mount', () => {
  it('reads a file-status or statfs call held for minutes as the thread blocked on storage', () => {
    const stat = readPastedEvidence(goroutine(328, 'syscall, 46 minutes', STAT), 'c').facts;
    expect(stat.has('proc.dstate_storage')).toBe(true);
    expect(stat.examples('proc.dstate_storage')[0]?.text).toMatch(/IsLikelyNotMountPoint/);
    expect(
      readPastedEvidence(goroutine(91, 'syscall, 12 minutes', STATFS), 'c').facts.has('proc.dstate_storage'),
    ).toBe(true);
  });

  it("reads it through the kubelet's journal, each line under its syslog tag", () => {
    const dump = goroutine(328, 'syscall, 46 minutes', STAT)
      .split('\n')
      .map((line) => `Nov 23 10:01:02 node-1 kubelet[188613]: ${line}`)
      .join('\n');
    const facts = new FactSet();
    goroutineFacts(dump, 'logs.kubelet', facts, 'kubelet');
    expect(facts.has('proc.dstate_storage')).toBe(true);
    // Cut to the time of day and the tag, the frames' tabs dropped.
    const cut = goroutine(91, 'syscall, 12 minutes', STATFS)
      .split('\n')
      .map((line) => `10:01:02 kubelet[4321]: ${line.trim()}`)
      .join('\n');
    const again = new FactSet();
    goroutineFacts(cut, 'logs.kubelet', again, 'kubelet');
    expect(again.has('proc.dstate_storage')).toBe(true);
  });

  it('not a short call, a call without minutes, another wait, a read of a pipe, or the open of a FIFO', () => {
    const not = (text: string) =>
      expect(readPastedEvidence(text, 'c').facts.has('proc.dstate_storage')).toBe(false);
    not(goroutine(328, 'syscall, 2 minutes', STAT));
    not(goroutine(328, 'syscall', STAT));
    not(
      goroutine(328, 'chan receive, 46 minutes', [
        'k8s.io/kubernetes/pkg/kubelet.(*Kubelet).syncLoop(0xc000a2a000)',
      ]),
    );
    not(
      goroutine(12, 'syscall, 300 minutes', [
        'syscall.Syscall(0x0, 0x5, 0xc000d1a000, 0x8000, 0x0, 0x0, 0x0)',
        'syscall.read(0x5, 0xc000d1a000, 0x8000, 0x8000, 0x0, 0x0, 0x0)',
        'os.(*File).Read(0xc00000e2a0, 0xc000d1a000, 0x8000, 0x8000, 0x0, 0x0, 0x0)',
      ]),
    );
    not(
      goroutine(77, 'syscall, 60 minutes', [
        'syscall.Syscall6(0x101, 0xffffffffffffff9c, 0xc0004a2f00, 0x80000, 0x0, 0x0, 0x0)',
        'syscall.openat(0xffffffffffffff9c, 0xc0004a2e40, 0x4b, 0x80000, 0x0, 0x0, 0x0, 0x0)',
        'os.openFileNolog(0xc0004a2e40, 0x4b, 0x0, 0x0, 0x0, 0x0, 0x0)',
        'os.OpenFile(0xc0004a2e40, 0x4b, 0x0, 0x0, 0x0, 0x0, 0x0)',
        'github.com/containerd/fifo.openFifo.func1(0xc000524180, 0xc0004a2e40, 0x4b)',
      ]),
    );
  });
});

// Round 24 (r24-runtime-io): a runtime daemon's Go crash traceback kept raw in its own log (runtime/traceback.go's
// goroutine headers, runtime/signal_unix.go's fatal signal line), weighed against a full disk.
const DOCKERD_CRASH = [
  'SIGABRT: abort',
  'PC=0x55d0c1e8a1b1 m=12 sigcode=18446744073709551610',
  '',
  'goroutine 0 [idle]:',
  'runtime.futex(0x55d0c4a1c6d8, 0x80, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)',
  '\t/usr/local/go/src/runtime/sys_linux_amd64.s:535 +0x21',
  '',
  'goroutine 1 [chan receive, 3 minutes]:',
  'github.com/docker/docker/cmd/dockerd.(*DaemonCli).start(0xc0001a2000, 0xc0000f4000, 0x0, 0x0)',
  '\t/go/src/github.com/docker/docker/cmd/dockerd/daemon.go:278 +0x1b4',
];

function journal(unit: string, lines: readonly string[]): string {
  return lines.map((l) => `Nov 23 10:01:02 node-1 ${unit}[2211]: ${l}`).join('\n');
}

describe("round 24: a runtime daemon's crash dumps against a full disk", () => {
  it("reads the goroutine headers and the fatal signal in the daemon's own log as its crash", () => {
    const facts = new FactSet();
    goroutineFacts(journal('dockerd', DOCKERD_CRASH), 'logs.dockerd', facts, 'dockerd');
    expect(facts.has('runtime.panic')).toBe(true);
    expect(facts.count('runtime.panic')).toBeGreaterThanOrEqual(3);
    const other = new FactSet();
    goroutineFacts(journal('containerd', DOCKERD_CRASH), 'logs.other', other, 'unknown');
    expect(other.has('runtime.panic')).toBe(true);
  });

  it('not a dump taken on demand (one logrus entry), a dump in a command output, or a shim', () => {
    const facts = new FactSet();
    goroutineFacts(
      `Nov 23 10:01:02 node-1 dockerd[2211]: time="2026-11-23T10:01:02Z" level=info msg="=== BEGIN goroutine stack dump ===\\ngoroutine 1 [running]:\\nmain.main()\\n=== END goroutine stack dump ==="`,
      'logs.dockerd',
      facts,
      'dockerd',
    );
    goroutineFacts(DOCKERD_CRASH.join('\n'), 'commands.dump', facts);
    goroutineFacts(journal('containerd-shim', DOCKERD_CRASH), 'logs.other', facts, 'unknown');
    expect(facts.has('runtime.panic')).toBe(false);
  });

  it("weighs a full disk beside the daemon's repeated crash dumps as the crash's consequence, not a plain full disk", () => {
    const df = [
      'Filesystem      Size  Used Avail Use% Mounted on',
      '/dev/nvme0n1p1   20G   20G     0 100% /',
    ].join('\n');
    const crashed = diagnose(
      EvidenceBundleSchema.parse({
        node: 'node-1',
        containerRuntimeVersion: 'docker://20.10.7',
        logs: { dockerd: journal('dockerd', [...DOCKERD_CRASH, '', ...DOCKERD_CRASH]) },
        commandOutputs: { 'df -h': df },
      }),
    );
    expect(crashed.causes[0]?.id).toBe('runtime_down');
    const plain = diagnose(
      EvidenceBundleSchema.parse({
        node: 'node-1',
        containerRuntimeVersion: 'docker://20.10.7',
        commandOutputs: { 'df -h': df },
      }),
    );
    expect(plain.causes[0]?.id).toBe('resource_starvation');
    const cored = diagnose(
      EvidenceBundleSchema.parse({
        node: 'node-1',
        containerRuntimeVersion: 'containerd://1.7.13',
        logs: {
          systemd: [
            'Nov 23 10:01:02 node-1 systemd[1]: containerd.service: Main process exited, code=dumped, status=6/ABRT',
            'Nov 23 10:03:02 node-1 systemd[1]: containerd.service: Main process exited, code=dumped, status=6/ABRT',
          ].join('\n'),
        },
        commandOutputs: { 'df -h': df },
      }),
    );
    expect(cored.causes[0]?.id).toBe('runtime_down');
  });
});

// Round 24 (r24-runtime-io): a client of a runtime the kubelet does not use is no fact of the kubelet's runtime.
describe("round 24: a runtime's client refused, against the kubelet's runtime as the bundle states it", () => {
  const refused =
    'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?';
  const criConfig = [
    'version = 2',
    '[plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]',
    '  runtime_type = "io.containerd.runc.v2"',
    '[plugins."io.containerd.grpc.v1.cri".containerd.runtimes.kata]',
    '  runtime_type = "io.containerd.kata.v2"',
  ].join('\n');
  const ids = (bundle: object) => {
    const d = diagnose(EvidenceBundleSchema.parse({ node: 'node-1', ...bundle }));
    return d.causes.flatMap((c) => c.evidence.map((e) => e.meaning));
  };
  const refusedMeaning = "the runtime's socket refuses connections or does not exist";

  it("takes back the docker client's refusal where the kubelet's runtime is containerd", () => {
    expect(
      ids({ commandOutputs: { 'docker info': refused, 'cat /etc/containerd/config.toml': criConfig } }),
    ).not.toContain(refusedMeaning);
    expect(
      ids({ containerRuntimeVersion: 'containerd://1.7.13', commandOutputs: { 'docker info': refused } }),
    ).not.toContain(refusedMeaning);
    expect(
      ids({
        commandOutputs: {
          'docker info': refused,
          'ps aux': 'kubelet --container-runtime-endpoint=unix:///var/run/crio/crio.sock',
        },
      }),
    ).not.toContain(refusedMeaning);
  });

  it("takes back crictl's probe of the dockershim socket on a containerd node, keeps it on a docker node", () => {
    const probe =
      'time="2026-11-23T10:01:02Z" level=error msg="connect endpoint \'unix:///var/run/dockershim.sock\', make sure you are running as root and the endpoint has been started: context deadline exceeded" error="dial unix /var/run/dockershim.sock: connect: no such file or directory"';
    expect(
      ids({ containerRuntimeVersion: 'containerd://1.6.20', commandOutputs: { 'crictl ps': probe } }),
    ).not.toContain(refusedMeaning);
    expect(
      ids({ containerRuntimeVersion: 'docker://19.3.15', commandOutputs: { 'crictl ps': probe } }),
    ).toContain(refusedMeaning);
  });

  it("keeps it where the runtime is the kubelet's, unstated, or containerd under dockerd", () => {
    expect(
      ids({ containerRuntimeVersion: 'docker://20.10.7', commandOutputs: { 'docker info': refused } }),
    ).toContain(refusedMeaning);
    expect(ids({ commandOutputs: { 'docker info': refused } })).toContain(refusedMeaning);
    const disabled = `disabled_plugins = ["cri"]\n${criConfig}`;
    expect(
      ids({ commandOutputs: { 'docker info': refused, 'cat /etc/containerd/config.toml': disabled } }),
    ).toContain(refusedMeaning);
    expect(
      ids({
        containerRuntimeVersion: 'docker://20.10.7',
        logs: {
          dockerd: `Nov 23 10:01:02 node-1 dockerd[640]: ${'time="2026-11-23T10:01:02Z"'} level=error msg="failed to get event" error="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused\\""`,
        },
      }),
    ).toContain(refusedMeaning);
  });
});

// Round 24 (r24-runtime-io): the runtime's release per node (kubectl get nodes -o wide, printNode's CONTAINER-RUNTIME).
describe("round 24: the NotReady node's runtime a major release behind the Ready nodes'", () => {
  const table = (rows: readonly [string, string, string][]) =>
    [
      'NAME      STATUS     ROLES           AGE   VERSION    INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION     CONTAINER-RUNTIME',
      ...rows.map(
        ([name, status, runtime]) =>
          `${name.padEnd(10)}${status.padEnd(11)}${'<none>'.padEnd(16)}${'40d'.padEnd(6)}${'v1.31.13'.padEnd(11)}${'10.0.0.11'.padEnd(14)}${'<none>'.padEnd(14)}${'Ubuntu 22.04.4 LTS'.padEnd(21)}${'5.15.0-113-generic'.padEnd(19)}${runtime}`,
      ),
    ].join('\n');
  const behind = (rows: readonly [string, string, string][]) =>
    extractFacts(
      EvidenceBundleSchema.parse({
        node: 'w1',
        commandOutputs: { 'kubectl get nodes -o wide': table(rows) },
      }),
    ).has('runtime.version_behind');

  it('names the odd node whose runtime is a major release behind', () => {
    expect(
      behind([
        ['cp1', 'Ready', 'containerd://2.1.5'],
        ['w1', 'NotReady', 'containerd://1.6.28'],
        ['w2', 'Ready', 'containerd://2.1.5'],
      ]),
    ).toBe(true);
  });

  it('not a minor release apart, a node ahead, Ready nodes of mixed releases, or another runtime', () => {
    expect(
      behind([
        ['cp1', 'Ready', 'containerd://1.7.20'],
        ['w1', 'NotReady', 'containerd://1.6.28'],
      ]),
    ).toBe(false);
    expect(
      behind([
        ['cp1', 'Ready', 'containerd://1.7.20'],
        ['w1', 'NotReady', 'containerd://2.0.0'],
      ]),
    ).toBe(false);
    expect(
      behind([
        ['cp1', 'Ready', 'containerd://2.1.5'],
        ['w1', 'NotReady', 'containerd://1.6.28'],
        ['w2', 'Ready', 'containerd://1.7.2'],
      ]),
    ).toBe(false);
    expect(
      behind([
        ['cp1', 'Ready', 'docker://24.0.7'],
        ['w1', 'NotReady', 'containerd://1.6.28'],
      ]),
    ).toBe(false);
  });
});

describe("round 24: the kubelet's mounter waiting on a mount(8) child that does not return", () => {
  const MOUNT = [
    'syscall.Syscall6(0x3d, 0x1f3a, 0xc001b3d5ac, 0x0, 0xc000d2e870, 0x0, 0x0)',
    'syscall.wait4(0x1f3a, 0xc001b3d5ac, 0x0, 0xc000d2e870, 0x0, 0x0, 0x0)',
    'os.(*Process).wait(0xc0019b6a80, 0x0, 0x0, 0x0)',
    'os/exec.(*Cmd).Wait(0xc000a64dc0, 0x0, 0x0)',
    'os/exec.(*Cmd).CombinedOutput(0xc000a64dc0, 0x0, 0x0, 0x0, 0x0, 0x0)',
    'k8s.io/mount-utils.(*Mounter).doMount(0xc000356f00, 0x0, 0x0, 0x0, 0xc001d0a000, 0x1c)',
    'k8s.io/kubernetes/pkg/volume/nfs.(*nfsMounter).SetUpAt(0xc001a4e000, 0xc001e4a0c0, 0x5f, 0x0)',
  ];
  it('reads the wait as the mount hanging, not a short one or a plain child', () => {
    const facts = (state: string, frames: readonly string[]) =>
      readPastedEvidence(goroutine(410, state, frames), 'c').facts.has('proc.dstate_storage');
    expect(facts('syscall, 22 minutes', MOUNT)).toBe(true);
    expect(facts('syscall, 2 minutes', MOUNT)).toBe(false);
    expect(facts('syscall, 22 minutes', MOUNT.slice(0, 5))).toBe(false);
  });
});
