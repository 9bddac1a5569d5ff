import { describe, expect, it } from 'vitest';
import { assembleBundle, type Readings } from '../../functions/collect/assemble.ts';
import { kubeletSettings } from '../../functions/collect/kubelet-flags.ts';
import {
  countInotifyWatches,
  parseFileNr,
  parseMaxOpenFiles,
  parsePsi,
  parseStat,
  roleOf,
} from '../../functions/collect/proc-parse.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';

// Captured from real nodes (a containerd shim's stat, dockerd's limits, an inotify fdinfo, PSI, file-nr).
const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            1048576              1048576              files
Max locked memory         8388608              8388608              bytes`;
const FDINFO = `pos:	0
flags:	00
mnt_id:	15
ino:	1057
inotify wd:2 ino:1 sdev:1d mask:fc6 ignored_mask:0 fhandle-bytes:8 fhandle-type:1 f_handle:0100000000000000
inotify wd:1 ino:2 sdev:21 mask:fc6 ignored_mask:0 fhandle-bytes:8 fhandle-type:1 f_handle:0200000000000000`;

describe('/proc readers', () => {
  it('read what the kernel prints', () => {
    expect(parseStat('4242 (containerd-shim) S 1 4242 1 0 -1 1077936384 2311 0 0 0')).toEqual({
      pid: 4242,
      comm: 'containerd-shim',
      state: 'S',
      ppid: 1,
    });
    expect(parseStat('77 (a (b) c) Z 76 77')).toMatchObject({ comm: 'a (b) c', state: 'Z', ppid: 76 });
    expect(parseMaxOpenFiles(LIMITS)).toBe(1048576);
    expect(
      parseMaxOpenFiles('Max open files            unlimited            unlimited            files'),
    ).toBeNull();
    expect(countInotifyWatches(FDINFO)).toBe(2);
    expect(
      parsePsi(
        'some avg10=1.50 avg60=2.00 avg300=0.10 total=1\nfull avg10=0.00 avg60=30.25 avg300=0.00 total=2',
      ),
    ).toEqual({
      some: { avg10: 1.5, avg60: 2, avg300: 0.1 },
      full: { avg10: 0, avg60: 30.25, avg300: 0 },
    });
    expect(parseFileNr('1115\t0\t2466160\n')).toEqual({ allocated: 1115, max: 2466160 });
    expect(roleOf('containerd-shim', '')).toBe('containerd-shim');
    expect(roleOf('bash', '')).toBeUndefined();
  });

  it("the kubelet's runtime endpoint: the flag over the configuration file", () => {
    const config = 'kind: KubeletConfiguration\ncontainerRuntimeEndpoint: "unix:///run/crio/crio.sock"\n';
    expect(
      kubeletSettings('/usr/bin/kubelet --config=/etc/k/config.yaml --node-ip=10.0.0.7', config),
    ).toEqual({
      configPath: '/etc/k/config.yaml',
      runtimeEndpoint: 'unix:///run/crio/crio.sock',
      hostname: undefined,
    });
    expect(
      kubeletSettings(
        'kubelet --container-runtime-endpoint unix:///run/containerd/containerd.sock --hostname-override w-7',
        config,
      ),
    ).toMatchObject({ runtimeEndpoint: 'unix:///run/containerd/containerd.sock', hostname: 'w-7' });
  });
});

const readings = (over: Partial<Readings>): Readings => ({
  collector: 'pleg-responder test',
  startedAt: '2026-11-21T03:10:00.000Z',
  durationMs: 1234.5,
  budgetMs: 20_000,
  node: 'worker-7',
  counts: {},
  proc: [{ type: 'done' }],
  procProbe: { probe: 'proc', outcome: 'ok', ms: 300 },
  journals: [],
  checks: [],
  commandOutputs: {},
  probes: [],
  ...over,
});

describe('assembling the bundle (pure)', () => {
  it('names the file a hung /proc scan stopped on, and lists failed probes as unavailable', () => {
    const bundle = assembleBundle(
      readings({
        proc: [
          { type: 'at', path: '/proc/1/cmdline' },
          { type: 'at', path: '/proc/4242/cmdline' },
        ],
        procProbe: {
          probe: 'proc',
          outcome: 'timeout',
          ms: 12000,
          detail: 'the /proc scan did not finish within 12000 ms',
        },
        probes: [{ probe: 'runtime', outcome: 'absent', ms: 0, detail: 'no runtime socket' }],
      }),
      512 * 1024,
    );
    expect(bundle.unavailable).toEqual([
      {
        what: 'proc',
        why: 'timeout: the /proc scan did not finish within 12000 ms; it was reading /proc/4242/cmdline',
      },
    ]);
    expect(bundle.host?.durationMs).toBe(1235);
  });

  it('keeps the bundle under its size limit by cutting the largest log to its most recent lines', () => {
    const line = (i: number) =>
      `Nov 21 03:07:${String(i % 60).padStart(2, '0')} worker-7 kubelet[811]: line ${i} ${'x'.repeat(80)}`;
    const kubelet = Array.from({ length: 5000 }, (_, i) => line(i)).join('\n');
    const bundle = assembleBundle(
      readings({
        journals: [
          { source: 'kubelet', text: kubelet, probe: { probe: 'journal kubelet', outcome: 'ok', ms: 10 } },
          {
            source: 'kernel',
            text: 'short kernel log',
            probe: { probe: 'journal kernel', outcome: 'ok', ms: 10 },
          },
        ],
      }),
      64 * 1024,
    );
    expect(Buffer.byteLength(JSON.stringify(bundle))).toBeLessThanOrEqual(64 * 1024);
    expect(bundle.logs?.kubelet?.endsWith(line(4999))).toBe(true);
    expect(bundle.logs?.kubelet?.split('\n')[0]).toMatch(/^Nov 21 /); // cut at a line start
    expect(bundle.logs?.kernel).toBe('short kernel log');
    expect(bundle.host?.probes?.at(-1)?.detail).toMatch(/^logs\.kubelet cut to their most recent lines/);
  });
});

const withHost = (host: EvidenceBundle['host']): EvidenceBundle => ({ node: 'worker-7', host });

describe('facts from the host section', () => {
  it('a daemon at its limit; one well within it counts only when none is short', () => {
    const near = extractFacts(
      withHost({
        processes: [
          { pid: 1120, role: 'dockerd', comm: 'dockerd', openFiles: 65532, maxOpenFiles: 65536 },
          { pid: 900, role: 'containerd', comm: 'containerd', openFiles: 80, maxOpenFiles: 1048576 },
        ],
      }),
    );
    expect(near.examples('fd.near_limit')[0]?.text).toBe(
      'dockerd (pid 1120): 65532 of 65536 open files (100% of its Max open files)',
    );
    expect(near.has('fd.within_limit')).toBe(false);
    const fine = extractFacts(
      withHost({
        processes: [
          { pid: 900, role: 'containerd', comm: 'containerd', openFiles: 80, maxOpenFiles: 1048576 },
        ],
      }),
    );
    expect(fine.has('fd.within_limit')).toBe(true);
  });

  it('inotify per user against the limits, and low limits', () => {
    const facts = extractFacts(
      withHost({
        inotifyLimits: { maxUserInstances: 128, maxUserWatches: 524288 },
        inotifyByUser: [{ uid: 0, instances: 127, watches: 9000, topPid: 811 }],
      }),
    );
    expect(facts.examples('fd.inotify')[0]?.text).toMatch(/^uid 0 holds 127 inotify instances/);
    expect(facts.has('fd.limit_low')).toBe(true);
  });

  it('a D-state task in NFS, a zombie under a shim, a zombie elsewhere', () => {
    const facts = extractFacts(
      withHost({
        stuck: [
          {
            pid: 5,
            state: 'D',
            comm: 'runc',
            stack:
              '[<0>] rpc_wait_bit_killable+0x1e/0xa0 [sunrpc]\n[<0>] nfs4_proc_getattr+0x5d/0x90 [nfsv4]',
          },
          {
            pid: 6,
            state: 'Z',
            comm: 'sh',
            parent: {
              pid: 4242,
              comm: 'containerd-shim',
              cmdline: '/usr/bin/containerd-shim-runc-v2 -namespace k8s.io',
            },
          },
          { pid: 7, state: 'Z', comm: 'defunct', parent: { pid: 1, comm: 'systemd' } },
        ],
      }),
    );
    expect(facts.has('proc.dstate')).toBe(true);
    expect(facts.examples('proc.dstate_storage')[0]?.text).toMatch(/^kernel stack in NFS/);
    expect(facts.examples('proc.zombie_shim')[0]?.text).toBe(
      '6 Z sh (parent 4242 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io)',
    );
    expect(facts.count('proc.zombie')).toBe(1);
  });

  it('a runtime that answers, one that does not, a socket absent but expected, systemd not answering', () => {
    const base = { call: 'CRI Version', ms: 3 };
    const facts = extractFacts(
      withHost({
        checks: [
          {
            ...base,
            target: 'containerd',
            endpoint: '/run/containerd/containerd.sock',
            outcome: 'answered',
            detail: 'containerd v1.7.13',
          },
          { ...base, target: 'crio', endpoint: '/run/crio/crio.sock', outcome: 'absent' },
          {
            ...base,
            target: 'cri-dockerd',
            endpoint: '/run/cri-dockerd.sock',
            outcome: 'absent',
            expected: true,
          },
          {
            target: 'systemd',
            call: 'D-Bus Ping (busctl)',
            endpoint: 'unix:path=/run/dbus/system_bus_socket',
            outcome: 'timeout',
            ms: 5000,
            timeoutMs: 5000,
          },
        ],
        scopeUnits: 4100,
      }),
    );
    expect(facts.has('runtime.answers')).toBe(true);
    expect(facts.count('runtime.unreachable')).toBe(1); // the expected one only
    expect(facts.examples('systemd.cmd_hang')[0]?.text).toMatch(/no answer within 5\.0 s$/);
    expect(facts.has('systemd.scope_pileup')).toBe(true);
  });

  it('pressure: I/O stalls, CPU saturated, memory short', () => {
    const psi = (some: number, full: number) => ({
      some: { avg10: some, avg60: some, avg300: some },
      full: { avg10: full, avg60: full, avg300: full },
    });
    const facts = extractFacts(
      withHost({
        pressure: { cpu: psi(95, 0), io: psi(60, 40), memory: psi(30, 12) },
        load: { one: 40, five: 30, fifteen: 20, cores: 4 },
        memory: { totalKiB: 16_000_000, availableKiB: 300_000 },
      }),
    );
    expect(['cpu.saturated', 'io.saturated', 'mem.exhausted'].every((f) => facts.has(f as never))).toBe(true);
    expect(diagnose(withHost({ pressure: { io: psi(60, 40) } })).causes[0]?.id).toBe('resource_starvation');
  });
});
