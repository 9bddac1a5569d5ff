import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 16's start-up family: a node's runtime or kubelet that cannot start on its own configuration or its own
// host. The runtimes' configuration loaders and validators (containerd's LoadConfig and its CRI plugin's config
// check, dockerd's daemon.json merge, CRI-O's Validate), a low-level runtime or shim binary that is not installed,
// and the kubelet's refusal of a cgroup v1 host (failCgroupV1). Lines are written from the programs' format strings,
// not from any incident.

const TS = 'time="2026-11-02T13:41:43.111882Z"';
const CID = '9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e4f2a';

/** systemd restarting a unit whose process exits at once. */
const loop = (unit: string) => [
  journal('systemd[1]', `${unit}.service: Main process exited, code=exited, status=1/FAILURE`),
  journal('systemd[1]', `${unit}.service: Failed with result 'exit-code'.`),
  journal('systemd[1]', `${unit}.service: Scheduled restart job, restart counter is at 14.`),
];

/** What the kubelet says about a runtime that is not there. */
const NO_RUNTIME = klog(
  'E',
  'remote_runtime.go:155',
  '"Version from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: connection refused\\""',
);

describe("containerd's configuration at start", () => {
  it('a config.toml that does not parse, with containerd restarted in a loop, is the runtime down', () => {
    const bundle = {
      logs: {
        containerd: [
          journal(
            'containerd[812]',
            `${TS} level=error msg="Failure unmarshaling TOML" column=3 error="toml: expected character =" file=/etc/containerd/config.toml row=12`,
          ),
          journal(
            'containerd[812]',
            'containerd: failed to load TOML from /etc/containerd/config.toml: failed to unmarshal TOML at row 12 column 3: toml: expected character =',
          ),
          ...loop('containerd'),
        ].join('\n'),
        kubelet: NO_RUNTIME,
      },
    };
    expect(ids(bundle)).toContain('runtime.start_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('a config of a newer version than this containerd reads is the runtime down', () => {
    const bundle = {
      logs: {
        containerd: journal(
          'containerd[812]',
          'containerd: failed to load TOML from /etc/containerd/config.toml: expected containerd config version equal to or less than `3`, got `4`',
        ),
      },
    };
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('the CRI plugin refusing its configuration leaves containerd up with no CRI: the runtime down', () => {
    const bundle = {
      logs: {
        containerd: journal(
          'containerd[812]',
          `${TS} level=warning msg="failed to load plugin io.containerd.grpc.v1.cri" error="invalid plugin config: no corresponding runtime configured in \`containerd.runtimes\` for \`containerd\` \`default_runtime_name = \\"nvidia\\""`,
        ),
      },
    };
    expect(ids(bundle)).toContain('runtime.start_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("the CRI plugin failing on the inotify limit is the limit's, and a non-CRI plugin not loading is nothing", () => {
    const inotify = {
      logs: {
        containerd: journal(
          'containerd[812]',
          `${TS} level=warning msg="failed to load plugin io.containerd.grpc.v1.cri" error="failed to create CRI service: failed to create cni conf monitor for default: failed to create fsnotify watcher: too many open files"`,
        ),
      },
    };
    expect(ids(inotify)).not.toContain('runtime.start_failed');
    expect(top(inotify)?.id).toBe('fd_exhaustion');
    const routine = {
      logs: {
        containerd: [
          journal(
            'containerd[812]',
            `${TS} level=warning msg="failed to load plugin io.containerd.snapshotter.v1.devmapper" error="devmapper not configured"`,
          ),
          journal(
            'containerd[812]',
            `${TS} level=info msg="skip loading plugin \\"io.containerd.snapshotter.v1.btrfs\\"..." error="path /var/lib/containerd/io.containerd.snapshotter.v1.btrfs (ext4) must be a btrfs filesystem to be used with the btrfs snapshotter: skip plugin" type=io.containerd.snapshotter.v1`,
          ),
          journal(
            'containerd[812]',
            `${TS} level=info msg="Ignoring unknown key in TOML" column=1 error="strict mode: fields in the document are missing in the target struct" file=/etc/containerd/config.toml key="oom_score" row=2`,
          ),
        ].join('\n'),
      },
    };
    expect(ids(routine)).not.toContain('runtime.start_failed');
  });
});

describe('a low-level runtime or shim binary that is not installed', () => {
  it('runc missing from PATH fails every sandbox: the runtime down', () => {
    const bundle = {
      logs: {
        containerd: journal(
          'containerd[812]',
          `${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,Uid:1,Namespace:default,Attempt:0,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: unable to retrieve OCI runtime error (open /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID}/log.json: no such file or directory): exec: \\"runc\\": executable file not found in $PATH: unknown"`,
        ),
      },
    };
    expect(ids(bundle)).toContain('runtime.binary_missing');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("the runc v2 shim not installed, as the kubelet relays containerd's error: the runtime down", () => {
    const bundle = {
      logs: {
        kubelet: klog(
          'E',
          'log.go:32',
          '"RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to start shim: failed to resolve runtime path: runtime \\"io.containerd.runc.v2\\" binary not installed \\"containerd-shim-runc-v2\\": file does not exist: unknown"',
        ),
      },
    };
    expect(ids(bundle)).toContain('runtime.binary_missing');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("another program not found in PATH is not the runtime's binary", () => {
    const bundle = {
      logs: {
        node: [
          'exec: "kubectl": executable file not found in $PATH',
          `Nov 02 13:41:43 worker-1 kubelet[1893]: E1102 13:41:43.111882    1893 prober.go:104] "Probe errored" err="rpc error: code = Unknown desc = failed to exec in container: OCI runtime exec failed: exec failed: unable to start container process: exec: \\"curl\\": executable file not found in $PATH: unknown" probeType="Readiness"`,
        ].join('\n'),
      },
    };
    expect(ids(bundle)).not.toContain('runtime.binary_missing');
  });
});

describe("dockerd's daemon.json and CRI-O's configuration at start", () => {
  it('dockerd refusing daemon.json (hosts given twice) and restarted in a loop is the runtime down', () => {
    const bundle = {
      logs: {
        dockerd: [
          journal(
            'dockerd[921]',
            'unable to configure the Docker daemon with file /etc/docker/daemon.json: the following directives are specified both as a flag and in the configuration file: hosts: (from flag: [fd://], from file: [unix:///var/run/docker.sock tcp://0.0.0.0:2375])',
          ),
          ...loop('docker'),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.start_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('the same words on a SIGHUP reload leave dockerd running: no start failure', () => {
    const bundle = {
      logs: {
        dockerd: [
          journal(
            'dockerd[921]',
            `${TS} level=error msg="Error reconfiguring the daemon: unable to configure the Docker daemon with file /etc/docker/daemon.json: invalid character '}' looking for beginning of object key string"`,
          ),
          journal(
            'dockerd[921]',
            `${TS} level=error msg="unable to configure the Docker daemon with file /etc/docker/daemon.json: EOF"`,
          ),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).not.toContain('runtime.start_failed');
  });

  it("CRI-O's runtime handler whose binary is gone after an update is the runtime down", () => {
    const bundle = {
      logs: {
        crio: [
          journal(
            'crio[701]',
            `${TS} level=fatal msg="validating runtime config: runtime validation: invalid runtime_path for runtime 'runc': stat /usr/bin/runc: no such file or directory"`,
          ),
          ...loop('crio'),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.start_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("CRI-O's reload of a broken drop-in keeps it running: no start failure", () => {
    const bundle = {
      logs: {
        crio: journal(
          'crio[701]',
          `${TS} level=error msg="Unable to reload configuration: unable to decode configuration /etc/crio/crio.conf.d/10-crun.conf: toml: line 3"`,
        ),
      },
    };
    expect(ids(bundle)).not.toContain('runtime.start_failed');
  });
});

describe('the kubelet on a cgroup v1 host in the releases that refuse it', () => {
  it("k3s relaying the kubelet's refusal, restarted in a loop, is the kubelet not running", () => {
    const bundle = {
      logs: {
        k3s: [
          journal(
            'k3s[1201]',
            `${TS} level=error msg="Shutdown request received: kubelet exited: kubelet is configured to not run on a host using cgroup v1. cgroup v1 support is unsupported and will be removed in a future release"`,
          ),
          ...loop('k3s'),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('kubelet.config_error');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it("the kubelet's own command failing validation on cgroup v1 is the kubelet not running", () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            'E',
            'run.go:72',
            '"command failed" err="failed to validate kubelet configuration, error: kubelet is configured to not run on a host using cgroup v1. cgroup v1 support is in maintenance mode, path: &TypeMeta{Kind:,APIVersion:,}"',
          ),
          ...loop('kubelet'),
        ].join('\n'),
      },
    };
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it('the CgroupV1 warning of a kubelet that runs anyway is not a refusal', () => {
    const bundle = {
      logs: {
        node: [
          '  Warning  CgroupV1                 10m                kubelet          cgroup v1 support is in maintenance mode, please migrate to cgroup v2',
          klog(
            'W',
            'container_manager_linux.go:300',
            '"cgroup v1 support is in maintenance mode, please migrate to cgroup v2"',
          ),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).not.toContain('kubelet.config_error');
  });
});

describe("the systemd cgroup driver's bus calls hanging a create", () => {
  const SANDBOX_TIMEOUT = klog(
    'E',
    'log.go:32',
    '"RunPodSandbox from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
  );
  const RUNC_TIMEOUT = journal(
    'containerd[812]',
    `${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-1,} failed, error" error="failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: unable to apply cgroup configuration: unable to start unit \\"cri-containerd-${CID}.scope\\" (properties [{Name:Description Value:\\"libcontainer container ${CID}\\"}]): Timeout waiting for systemd to create cri-containerd-${CID}.scope: unknown"`,
  );

  it("runc's wait for systemd's scope job, beside the shim's create timing out and names reserved, is systemd not answering", () => {
    const bundle = {
      logs: {
        containerd: [
          RUNC_TIMEOUT,
          journal(
            'containerd[812]',
            `${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-2,} failed, error" error="failed to create containerd task: failed to create shim task: context deadline exceeded: unknown"`,
          ),
          journal(
            'containerd[812]',
            `${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:web-3,} failed, error" error="failed to reserve sandbox name \\"web-3_default_1_0\\": name \\"web-3_default_1_0\\" is reserved for \\"${CID}\\""`,
          ),
        ].join('\n'),
        kubelet: SANDBOX_TIMEOUT,
      },
    };
    const ranked = top(bundle);
    expect(ranked?.id).toBe('systemd_dbus_stall');
  });

  it('runc create stuck with its init beside the systemd timeout is still systemd, not one wedged container', () => {
    const bundle = {
      logs: {
        containerd: RUNC_TIMEOUT,
        kubelet: SANDBOX_TIMEOUT,
        node: [
          '$ ps -eo pid,ppid,stat,wchan:32,args | grep runc',
          ` 4211  4190 Ssl  -                                runc --root /run/containerd/runc/k8s.io --systemd-cgroup create --bundle /run/containerd/io.containerd.runtime.v2.task/k8s.io/${CID} ${CID}`,
          ' 4230  4211 Sl   -                                runc init',
        ].join('\n'),
      },
    };
    expect(top(bundle)?.id).toBe('systemd_dbus_stall');
  });

  it("the kubelet's own pod slice failing on a closed bus or a timed-out activation is systemd", () => {
    for (const err of [
      '"Failed to create cgroup" err="dbus: connection closed by user" cgroupName=["kubepods","burstable","pod1"]',
      '"Failed to create cgroup" err="error creating systemd unit `kubepods-burstable-pod1.slice`: Failed to activate service \'org.freedesktop.systemd1\': timed out (service_start_timeout=25000ms)"',
    ]) {
      const bundle = {
        logs: { kubelet: [klog('E', 'pod_container_manager_linux.go:191', err), SANDBOX_TIMEOUT].join('\n') },
      };
      expect(top(bundle)?.id).toBe('systemd_dbus_stall');
    }
  });
});

/** A sentence as people paste it: free text, not a program's line. */
const said = (line: string) => ({ logs: { other: line } });

describe("people's words for a daemon that cannot start, and for the systemd driver stalling", () => {
  const PROBES: readonly (readonly [string, string])[] = [
    [
      "docker won't start after editing /etc/docker/daemon.json, systemctl status docker shows failed",
      'runtime.start_failed',
    ],
    ['containerd fails to start after we changed config.toml; the node is NotReady', 'runtime.start_failed'],
    ['修改 daemon.json 配置文件写错了，docker 起不来，节点 NotReady', 'runtime.start_failed'],
    [
      'systemctl status containerd shows failed; containerd complains about a broken config file',
      'runtime.start_failed',
    ],
    [
      'after the OS image upgrade containerd exits right after start because the runc binary it is configured to use is missing',
      'runtime.binary_missing',
    ],
    [
      'runc create hangs while applying the cgroup configuration through the systemd cgroup driver; container creation stalls across the node',
      'systemd.dbus_timeout',
    ],
    [
      'after upgrading k3s to v1.35 the k3s service keeps restarting because the host still boots cgroup v1',
      'kubelet.config_error',
    ],
    ['升级到 1.35 以后 kubelet 起不来，主机还是 cgroup v1', 'kubelet.config_error'],
  ];
  it.each(PROBES)('%s → %s', (line, fact) => {
    expect(ids(said(line))).toContain(fact);
  });

  it('a broken runtime configuration and a missing runc, in words, are the runtime down', () => {
    expect(top(said("docker won't start after editing /etc/docker/daemon.json"))?.id).toBe('runtime_down');
    expect(
      top(
        said(
          'after the OS image upgrade containerd exits right after start because the runc binary is missing',
        ),
      )?.id,
    ).toBe('runtime_down');
  });

  it('creates stalling in the systemd cgroup driver, in words, rank systemd above a wedged container', () => {
    expect(
      top(
        said(
          'runc create hangs while applying the cgroup configuration through the systemd cgroup driver; container creation stalls across the node',
        ),
      )?.id,
    ).toBe('systemd_dbus_stall');
  });

  const NEAR_MISSES: readonly (readonly [string, string])[] = [
    [
      'we switched containerd to the systemd cgroup driver last week and the nodes are fine',
      'systemd.dbus_timeout',
    ],
    [
      'we edited /etc/containerd/config.toml to set SystemdCgroup = true and restarted containerd',
      'runtime.start_failed',
    ],
    ['runc was upgraded to 1.1.12 last week', 'runtime.binary_missing'],
    ['Did the daemon.json edit break docker?', 'runtime.start_failed'],
    ['the nodes still run cgroup v1 and the kubelet works fine', 'kubelet.config_error'],
    ['a broken daemon.json may stop docker from starting', 'runtime.start_failed'],
  ];
  it.each(NEAR_MISSES)('not: %s → %s', (line, fact) => {
    expect(ids(said(line))).not.toContain(fact);
  });
});
