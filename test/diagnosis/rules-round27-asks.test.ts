import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { errnoMeaning } from '../../shared/diagnosis/errno.ts';
import type { EvidenceBundle } from '../../shared/schemas/bundle.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

/**
 * Round 27 (r27-asks): the low-level runtime's binary refused execution, read by execve(2)'s errno in Go's "fork/exec
 * <path>: <errno>" (syscall/exec_unix.go forkExec) as the shim, containerd, dockerd and the kubelet relay it, runc's
 * sealed self-copy (libcontainer container_linux.go, nsenter/nsexec.c), conmon's exit 127 (src/conmon.c), dockerd's
 * preflight look-up (daemon/runtime_unix.go), CRI-O's runtime_path validation (pkg/config/config.go), and the security
 * modules' audit records (SELinux security/selinux/avc.c, AppArmor security/apparmor/audit.c); every worker NotReady
 * with the control plane Ready in kubectl get nodes and the node controller's events; and the asks of round 27's class
 * 9. Lines built from the format strings, not from any incident.
 */

const TS = 'time="2026-11-23T10:01:02.123456789Z"';
const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';

const REFUSED: readonly string[] = [
  // The shim's go-runc running runc, relayed by containerd's CRI plugin and the kubelet, for each errno.
  journal(
    'containerd[812]',
    `${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: fork/exec /usr/bin/runc: permission denied: unknown"`,
  ),
  klog(
    'E',
    'log.go:32',
    '"RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: fork/exec /usr/local/sbin/runc: operation not permitted: unknown"',
  ),
  journal(
    'dockerd[921]',
    `${TS} level=error msg="Handler for POST /v1.43/containers/${CID}/start returned error: failed to create task for container: failed to create shim task: OCI runtime create failed: fork/exec /usr/bin/runc: exec format error: unknown"`,
  ),
  'docker: Error response from daemon: OCI runtime create failed: fork/exec /usr/bin/docker-runc: exec format error: unknown.',
  'Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: fork/exec /usr/bin/crun: text file busy: unknown',
  // containerd starting the shim binary itself.
  journal(
    'containerd[812]',
    `${TS} level=error msg="failed to start shim" error="start failed: fork/exec /usr/bin/containerd-shim-runc-v2: permission denied: unknown"`,
  ),
  // runc re-executing itself as runc init: the sealed clone, and its creation refused.
  'runc create failed: unable to start container process: unable to start init: fork/exec /proc/self/fd/7: operation not permitted',
  'runc create failed: unable to start container process: unable to create safe /proc/self/exe clone for runc init: memfd_create: operation not permitted',
  'nsenter: could not ensure we are a cloned binary: Operation not permitted',
  // conmon's child failing its execv of the runtime.
  journal('conmon[4411]', 'conmon 4f2a9c1e0b7d3a5f8e6c <nwarn>: Failed to create container: exit status 127'),
  // dockerd's preflight look-up of a runtime configured by path.
  journal(
    'dockerd[921]',
    `${TS} level=error msg="Handler for POST /v1.43/containers/${CID}/start returned error: error while looking up the specified runtime path: exec: \\"/opt/runtimes/runc\\": permission denied"`,
  ),
  // The security modules' own records, enforcing.
  journal(
    'kernel',
    'audit: type=1400 audit(1700000000.123:456): avc:  denied  { execute } for  pid=4411 comm="containerd-shim" name="runc" dev="dm-0" ino=1234 scontext=system_u:system_r:container_runtime_t:s0 tcontext=system_u:object_r:bin_t:s0 tclass=file permissive=0',
  ),
  'type=AVC msg=audit(1700000000.123:456): avc:  denied  { execute_no_trans } for  pid=4411 comm="containerd-shim" path="/usr/local/bin/crun" dev="dm-0" ino=1234 scontext=system_u:system_r:container_runtime_t:s0 tcontext=system_u:object_r:container_runtime_exec_t:s0 tclass=file permissive=0',
  journal(
    'kernel',
    'audit: type=1400 audit(1700000000.123:457): apparmor="DENIED" operation="exec" profile="containerd-shim" name="/usr/sbin/runc" pid=4411 comm="containerd-shim" requested_mask="x" denied_mask="x" fsuid=0 ouid=0',
  ),
  journal(
    'fapolicyd[1478]',
    'rule=13 dec=deny_log perm=execute auid=-1 pid=4411 exe=/usr/bin/containerd-shim-runc-v2 : path=/usr/bin/runc ftype=application/x-executable trust=0',
  ),
];

const MISSING: readonly string[] = [
  journal(
    'dockerd[921]',
    `${TS} level=error msg="Handler for POST /v1.43/containers/${CID}/start returned error: error while looking up the specified runtime path: exec: \\"/opt/runtimes/runc\\": stat /opt/runtimes/runc: no such file or directory"`,
  ),
];

/** Near misses: the container's own process refused, another program, a permissive denial, another permission. */
const NOT_REFUSED: readonly string[] = [
  'runc create failed: unable to start container process: exec: "/docker-entrypoint.sh": permission denied',
  'OCI runtime create failed: container_linux.go:349: starting container process caused "exec: \\"/app/run\\": permission denied": unknown',
  'exec /usr/local/bin/app: exec format error',
  'failed to run hook: fork/exec /usr/local/bin/myhook: permission denied',
  'fork/exec /usr/bin/runc: resource temporarily unavailable',
  'fork/exec /usr/bin/runc: no such file or directory',
  'type=AVC msg=audit(1700000000.123:456): avc:  denied  { execute } for  pid=4411 comm="containerd-shim" name="runc" dev="dm-0" ino=1234 scontext=system_u:system_r:container_runtime_t:s0 tcontext=system_u:object_r:bin_t:s0 tclass=file permissive=1',
  'type=AVC msg=audit(1700000000.123:456): avc:  denied  { read } for  pid=4411 comm="runc" name="config.json" dev="dm-0" ino=1234 scontext=system_u:system_r:container_runtime_t:s0 tcontext=system_u:object_r:container_file_t:s0 tclass=file permissive=0',
  'type=AVC msg=audit(1700000000.123:456): avc:  denied  { execute } for  pid=4411 comm="bash" name="app" dev="dm-0" ino=1234 scontext=system_u:system_r:container_t:s0 tcontext=system_u:object_r:container_file_t:s0 tclass=file permissive=0',
  'audit: type=1400 audit(1700000000.123:457): apparmor="DENIED" operation="open" profile="runc" name="/etc/shadow" pid=4411 comm="runc" requested_mask="r" denied_mask="r"',
  'audit: type=1400 audit(1700000000.123:457): apparmor="DENIED" operation="exec" profile="docker-default" name="/usr/bin/curl" pid=4411 comm="sh" requested_mask="x"',
  'conmon 4f2a9c1e0b7d3a5f8e6c <nwarn>: Failed to create container: exit status 1',
  'rule=9 dec=allow_log perm=execute auid=-1 pid=4411 exe=/usr/bin/containerd-shim-runc-v2 : path=/usr/bin/runc ftype=application/x-executable trust=1',
  'rule=13 dec=deny_log perm=execute auid=1000 pid=5361 exe=/usr/bin/bash : path=/home/user/demo.bin ftype=application/x-executable trust=0',
  'error while looking up the specified runtime path: exec: "/opt/runtimes/runc": is a directory',
];

describe("the low-level runtime's binary refused execution", () => {
  it.each(REFUSED)('runtime.binary_refused ← %s', (line) => {
    expect(ids({ logs: { other: line } })).toContain('runtime.binary_refused');
    expectLiteralsHeld(line);
  });
  it.each(MISSING)('runtime.binary_missing ← %s', (line) => {
    expect(ids({ logs: { other: line } })).toContain('runtime.binary_missing');
    expectLiteralsHeld(line);
  });
  it.each(NOT_REFUSED)('not runtime.binary_refused ← %s', (line) => {
    expect(ids({ logs: { other: line } })).not.toContain('runtime.binary_refused');
  });

  it("reads execve's errno by the program it executes", () => {
    expect(errnoMeaning('execve', 'EACCES', '/usr/bin/runc')?.fact).toBe('runtime.binary_refused');
    expect(errnoMeaning('execve', 'exec format error', '/usr/local/bin/crun')?.fact).toBe(
      'runtime.binary_refused',
    );
    expect(errnoMeaning('execve', 'ETXTBSY', '/usr/bin/containerd-shim-runc-v2')?.fact).toBe(
      'runtime.binary_refused',
    );
    expect(errnoMeaning('execve', 'EPERM', '/proc/self/fd/7')?.fact).toBe('runtime.binary_refused');
    expect(errnoMeaning('execve', 'ENOENT', '/usr/bin/runc')?.fact).toBe('runtime.binary_missing');
    // The container's own entrypoint, or a path not given: not the runtime's binary.
    expect(errnoMeaning('execve', 'EACCES', '/docker-entrypoint.sh')).toBeUndefined();
    expect(errnoMeaning('execve', 'EACCES')).toBeUndefined();
    expect(errnoMeaning('execve', 'ENFILE')?.fact).toBe('fd.file_max');
  });

  it('is the runtime down, with the binary and its origin to read', () => {
    const bundle: EvidenceBundle = {
      logs: {
        containerd: [REFUSED[0], REFUSED[0], REFUSED[4]].join('\n'),
        kubelet: REFUSED[1],
      },
    } as EvidenceBundle;
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('runtime_down');
    const commands = JSON.stringify(d);
    expect(commands).toContain('rpm -qf');
    expect(commands).toContain('stat -c');
  });
});

const nodes = (rows: readonly string[]) =>
  ['NAME       STATUS     ROLES           AGE    VERSION', ...rows].join('\n');

describe('every worker NotReady while the control plane is Ready, read from program output', () => {
  const lost = nodes([
    'cp-1       Ready      control-plane   210d   v1.31.4',
    'worker-1   NotReady   <none>          210d   v1.31.4',
    'worker-2   NotReady   <none>          190d   v1.31.4',
    'worker-3   NotReady   <none>          2d3h   v1.31.4',
  ]);

  it('reads the node listing', () => {
    expect(ids({ commandOutputs: { 'kubectl get nodes': lost } })).toContain('nodes.workers_lost_listed');
    expect(top({ commandOutputs: { 'kubectl get nodes': lost } })?.id).toBe('node_unreachable');
  });

  it.each([
    [
      'one worker only',
      nodes([
        'cp-1       Ready      control-plane   210d   v1.31.4',
        'worker-1   NotReady   <none>          210d   v1.31.4',
      ]),
    ],
    [
      'a worker still Ready',
      nodes([
        'cp-1       Ready      control-plane   210d   v1.31.4',
        'worker-1   NotReady   <none>          210d   v1.31.4',
        'worker-2   Ready      <none>          210d   v1.31.4',
      ]),
    ],
    [
      'the control plane NotReady too',
      nodes([
        'cp-1       NotReady   control-plane   210d   v1.31.4',
        'worker-1   NotReady   <none>          210d   v1.31.4',
        'worker-2   NotReady   <none>          210d   v1.31.4',
      ]),
    ],
    [
      'workers that just joined',
      nodes([
        'cp-1       Ready      control-plane   19h    v1.31.4',
        'worker-1   NotReady   <none>          3m5s   v1.31.4',
        'worker-2   NotReady   <none>          2m57s  v1.31.4',
      ]),
    ],
    [
      'no roles listed',
      nodes([
        'node-a     Ready      <none>   210d   v1.31.4',
        'node-b     NotReady   <none>   210d   v1.31.4',
        'node-c     NotReady   <none>   210d   v1.31.4',
      ]),
    ],
  ])('not from a listing with %s', (_name, table) => {
    expect(ids({ commandOutputs: { 'kubectl get nodes': table } })).not.toContain(
      'nodes.workers_lost_listed',
    );
  });

  const event = (name: string, at: string) => ({
    type: 'Normal',
    reason: 'NodeNotReady',
    message: `Node ${name} status is now: NodeNotReady`,
    involvedObject: { kind: 'Node', name },
    source: { component: 'node-controller' },
    lastTimestamp: at,
  });

  it("reads the node controller's events for several workers within a minute", () => {
    const events = [
      event('worker-1', '2026-11-23T06:00:05Z'),
      event('worker-2', '2026-11-23T06:00:21Z'),
      event('worker-3', '2026-11-23T06:00:40Z'),
    ];
    expect(ids({ events } as EvidenceBundle)).toContain('nodes.workers_lost_listed');
  });

  it("reads the node controller's log and kubectl get events' rows the same way", () => {
    const log = [
      'I1123 06:00:05.123456       1 controller_utils.go:185] "Recording status change event message for node" status="NodeNotReady" node="worker-1"',
      'I1123 06:00:21.523456       1 controller_utils.go:185] "Recording status change event message for node" status="NodeNotReady" node="worker-2"',
      'I1123 06:00:40.000001       1 controller_utils.go:122] Recording status change NodeNotReady event message for node worker-3',
    ].join('\n');
    expect(ids({ logs: { other: log } })).toContain('nodes.workers_lost_listed');
    const table = [
      'NAMESPACE   LAST SEEN   TYPE     REASON         OBJECT            MESSAGE',
      'default     12m         Normal   NodeNotReady   node/worker-1     Node worker-1 status is now: NodeNotReady',
      'default     12m         Normal   NodeNotReady   node/worker-2     Node worker-2 status is now: NodeNotReady',
      'default     11m         Normal   NodeNotReady   node/worker-3     Node worker-3 status is now: NodeNotReady',
    ].join('\n');
    expect(ids({ commandOutputs: { 'kubectl get events -A': table } })).toContain(
      'nodes.workers_lost_listed',
    );
    const apart = table.replace('default     11m ', 'default     3h  ').replace(/\n.*worker-2.*/, '');
    expect(ids({ commandOutputs: { 'kubectl get events -A': apart } })).not.toContain(
      'nodes.workers_lost_listed',
    );
    const withPlane = `${table}\ndefault     12m         Normal   NodeNotReady   node/master-1     Node master-1 status is now: NodeNotReady`;
    expect(ids({ commandOutputs: { 'kubectl get events -A': withPlane } })).not.toContain(
      'nodes.workers_lost_listed',
    );
  });

  it('not from events hours apart, of one node, or of the control plane too', () => {
    const apart = [event('worker-1', '2026-11-23T06:00:05Z'), event('worker-2', '2026-11-23T09:00:05Z')];
    const one = [event('worker-1', '2026-11-23T06:00:05Z'), event('worker-1', '2026-11-23T06:00:30Z')];
    const plane = [
      event('worker-1', '2026-11-23T06:00:05Z'),
      event('worker-2', '2026-11-23T06:00:10Z'),
      event('master-1', '2026-11-23T06:00:12Z'),
    ];
    for (const events of [apart, one, plane])
      expect(ids({ events } as EvidenceBundle)).not.toContain('nodes.workers_lost_listed');
  });

  it('a node-local cause with its own program evidence outranks the split', () => {
    const bundle = {
      commandOutputs: { 'kubectl get nodes': lost },
      logs: { containerd: [REFUSED[0], REFUSED[0], REFUSED[4]].join('\n') },
    } as EvidenceBundle;
    expect(top(bundle)?.id).toBe('runtime_down');
  });
});

const asked = (bundle: EvidenceBundle) => diagnose(bundle).missing.map((m) => `${m.what} ${m.how}`);

describe("round 27's asks", () => {
  it('asks for the guest memory, pressure figures, console and QoS classes when the guest hung with its checks passing', () => {
    const said = [
      'The node went NotReady at 03:10 and the instance froze: no SSH, the kubelet and the SSM agent stopped logging at the same minute, yet the EC2 status checks were green (2/2 checks passed) for hours.',
      '节点假死，虚拟机卡死，但是实例状态检查通过。',
    ];
    for (const text of said) {
      const asks = asked({ logs: { other: text } });
      expect(
        asks.some(
          (a) =>
            a.includes('/proc/pressure/memory') && a.includes('get-console-output') && a.includes('qosClass'),
        ),
        text,
      ).toBe(true);
    }
  });

  it('not when the pressure figures or an OOM are already there, nor without the checks or a second agent', () => {
    const withFigures =
      'The instance froze while its status checks passed.\nsome avg10=92.10 avg60=88.00 avg300=70.00 total=123456789';
    const oom = `The instance froze while its status checks passed.\n${journal('kernel', 'Out of memory: Killed process 4411 (java) total-vm:9000000kB, anon-rss:8000000kB')}`;
    const hungOnly = 'The node hung at 03:10 and never came back.';
    for (const text of [withFigures, oom, hungOnly])
      expect(
        asked({ logs: { other: text } }).some((a) => a.includes('/proc/pressure/memory')),
        text,
      ).toBe(false);
  });

  it("asks for the workers' power state, ping and SSH, and the Ready reason when every worker is lost at once", () => {
    const table = nodes([
      'cp-1       Ready      control-plane   210d   v1.31.4',
      'worker-1   NotReady   <none>          210d   v1.31.4',
      'worker-2   NotReady   <none>          210d   v1.31.4',
    ]);
    const asks = asked({ commandOutputs: { 'kubectl get nodes': table } });
    expect(
      asks.some((a) => a.includes('power state') && a.includes('ping -c 3') && a.includes('.reason')),
    ).toBe(true);
    const stopped = `${table}\n$ virsh list --all\n Id   Name       State\n----------------------------\n -    worker-1   shut off`;
    expect(
      asked({ commandOutputs: { 'kubectl get nodes': stopped } }).some((a) => a.includes('ping -c 3')),
    ).toBe(false);
  });

  it("asks for the runtime's restarts, the runc binary's origin and the agent's log after a security product's policy", () => {
    for (const text of [
      'We applied a NeuVector policy with a blocking rule in protect mode, and a few minutes later the RKE2 nodes went NotReady.',
      '应用了主机安全策略之后，节点变成 NotReady。',
    ]) {
      const asks = asked({ logs: { other: text } });
      expect(
        asks.some((a) => a.includes('stat $(command -v runc)') && a.includes('rpm -qf')),
        text,
      ).toBe(true);
    }
    // No product named, or the refusal already read: no ask.
    expect(
      asked({ logs: { other: 'We applied a new network policy and the nodes went NotReady.' } }).some((a) =>
        a.includes('dpkg --verify'),
      ),
    ).toBe(false);
    expect(
      asked({
        logs: {
          other: `We applied a NeuVector policy and the nodes went NotReady.\n${REFUSED[0]}`,
        },
      }).some((a) => a.includes('dpkg --verify')),
    ).toBe(false);
  });
});
