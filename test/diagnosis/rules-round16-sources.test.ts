import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { matchDefects } from '../../shared/diagnosis/extract/versions.ts';
import { type Bundle, ids, journal, klog, top } from '../support/node-lines.ts';

// Round 16's families read from the programs' sources (docs/accuracy.md, "What round 15 teaches"): the kubelet's own
// defects at start-up by release, service managers' dependency stops and socket-activated runtimes, and CNI binaries
// the runtime looks for in another directory. Lines are written from the programs' format strings, not from any
// incident.

const defects = (bundle: Bundle) => matchDefects(bundle, extractFacts(bundle)).map((m) => m.defect.id);

const RESTARTS = [
  journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=255/EXCEPTION'),
  journal('systemd[1]', "kubelet.service: Failed with result 'exit-code'."),
  journal('systemd[1]', 'kubelet.service: Scheduled restart job, restart counter is at 37.'),
  journal('systemd[1]', 'Started kubelet: The Kubernetes Node Agent.'),
];

describe("the kubelet's plugin watcher walking volume mounts at start (1.12-1.14)", () => {
  const walk = (deprecated: boolean, errno = 'no space left on device') =>
    klog(
      'F',
      deprecated ? 'kubelet.go:1401' : 'kubelet.go:1376',
      `failed to start Plugin Watcher. err: failed to traverse ${deprecated ? 'deprecated plugin socket path "/var/lib/kubelet/plugins"' : 'plugin socket path'}, err: failed to watch /var/lib/kubelet/plugins/kubernetes.io/rbd/mounts/rbd-image-pvc-7f3e/data/segments/0042, err: ${errno}`,
    );

  it('1.13-1.14 (the deprecated root) and 1.12 (the root itself): the known defect, not the disk', () => {
    for (const [version, line] of [
      ['v1.13.4', walk(true)],
      ['v1.14.10', walk(true)],
      ['v1.12.3', walk(false)],
    ] as const) {
      const bundle = { kubeletVersion: version, logs: { kubelet: [line, ...RESTARTS].join('\n') } };
      const found = ids(bundle);
      expect(found, version).toContain('kubelet.plugin_walk');
      // The errno is inotify's watch limit, read as such; it is the walk's symptom here.
      expect(found, version).toContain('fd.inotify');
      expect(found, version).not.toContain('disk.pressure');
      expect(defects(bundle), version).toContain('kubelet-plugin-watcher-walks-volume-mounts');
      const d = diagnose(bundle);
      expect(d.verdict, version).toBe('kubelet_defect');
      expect(d.mechanism, version).toBe('kubelet-plugin-watcher-walks-volume-mounts');
    }
  });

  it('without the release it still ranks the kubelet first, the watch limit behind it', () => {
    const bundle = { logs: { kubelet: walk(true) } };
    expect(top(bundle)?.id).toBe('kubelet_defect');
    expect(defects(bundle)).not.toContain('kubelet-plugin-watcher-walks-volume-mounts');
  });

  it('any failure of the walk is fatal in those releases, not only ENOSPC', () => {
    const line = walk(true, 'permission denied');
    expect(ids({ logs: { kubelet: line } })).toContain('kubelet.plugin_walk');
    expect(ids({ logs: { kubelet: line } })).not.toContain('fd.inotify');
  });

  it('near misses: the logged walk of 1.15 on, inotify failing elsewhere, the watcher failing to get an instance', () => {
    const near = [
      // 1.15-1.16 log the walk's failure and carry on (the plugin manager): the watch limit, no start failure.
      klog(
        'E',
        'plugin_watcher.go:79',
        'failed to traverse deprecated plugin socket path "/var/lib/kubelet/plugins", err: failed to watch /var/lib/kubelet/plugins/kubernetes.io/csi/pv/pvc-1/globalmount/x, err: no space left on device',
      ),
      // 1.17 on, structured.
      klog(
        'E',
        'plugin_watcher.go:72',
        '"Failed to traverse plugin socket path" err="failed to watch /var/lib/kubelet/plugins_registry, err: no space left on device" path="/var/lib/kubelet/plugins_registry"',
      ),
      klog(
        'F',
        'kubelet.go:1376',
        'failed to start Plugin Watcher. err: failed to start plugin fsWatcher, err: too many open files',
      ),
    ];
    for (const line of near) {
      const bundle = { kubeletVersion: 'v1.14.3', logs: { kubelet: line } };
      expect(ids(bundle), line).not.toContain('kubelet.plugin_walk');
      expect(defects(bundle), line).not.toContain('kubelet-plugin-watcher-walks-volume-mounts');
    }
    // A kubelet of 1.15 writing the fatal form does not exist; were it quoted, the release is outside the range.
    expect(defects({ kubeletVersion: 'v1.15.0', logs: { kubelet: walk(true) } })).not.toContain(
      'kubelet-plugin-watcher-walks-volume-mounts',
    );
  });
});

describe("the kubelet's panic at each restart: its own defect, not the node cut off", () => {
  const TRACE = [
    journal('kubelet[1893]', 'panic: runtime error: invalid memory address or nil pointer dereference'),
    journal('kubelet[1893]', '[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x1c2b3d4]'),
    journal('kubelet[1893]', 'goroutine 412 [running]:'),
    journal(
      'kubelet[1893]',
      'k8s.io/kubernetes/pkg/kubelet/pleg.(*EventedPLEG).processCRIEvents(0xc000b2e000, 0xc0004a1e00)',
    ),
  ];

  it('a panic trace with systemd restarting the kubelet ranks the kubelet defect over node_unreachable', () => {
    const bundle = { logs: { kubelet: [...TRACE, ...RESTARTS].join('\n') } };
    const found = ids(bundle);
    expect(found).toContain('kubelet.panic');
    expect(found).toContain('kubelet.dead');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it("a trace quoted without its header still names the panic: gopanic's frame and sigpanic's signal line", () => {
    for (const line of [
      journal('kubelet[1893]', 'panic({0x3f1e2a0, 0x7a1b2c0})'),
      journal('kubelet[1893]', 'panic(0x3a2dec0, 0x6d6df80)'),
      journal('kubelet[1893]', '[signal SIGSEGV: segmentation violation code=0x1 addr=0x10 pc=0x1c2b3d4]'),
    ]) {
      const bundle = {
        logs: { kubelet: [journal('kubelet[1893]', 'goroutine 1 [running]:'), line, ...RESTARTS].join('\n') },
      };
      expect(ids(bundle), line).toContain('kubelet.panic');
      expect(top(bundle)?.id, line).toBe('kubelet_defect');
    }
  });

  it('the Evented PLEG nil sandbox panic (1.26.0-1.26.2 with the gate on) is named by release', () => {
    const gate = { 'ps aux | grep kubelet': '/usr/bin/kubelet --feature-gates=EventedPLEG=true' };
    const bundle = { kubeletVersion: 'v1.26.1', commandOutputs: gate, logs: { kubelet: TRACE.join('\n') } };
    expect(defects(bundle)).toContain('kubelet-evented-pleg-nil-sandbox-panic');
    expect(diagnose(bundle).verdict).toBe('kubelet_defect');
    // Without the gate, or on 1.27, no release is blamed.
    expect(defects({ ...bundle, commandOutputs: {} })).not.toContain(
      'kubelet-evented-pleg-nil-sandbox-panic',
    );
    expect(defects({ ...bundle, kubeletVersion: 'v1.27.0' })).not.toContain(
      'kubelet-evented-pleg-nil-sandbox-panic',
    );
  });

  it("klog's Fatal dump on an orphan container (1.18-1.23) is the container map's defect, not a panic", () => {
    const bundle = {
      kubeletVersion: 'v1.21.2',
      logs: {
        kubelet: [
          klog(
            'F',
            'kubelet.go:1384',
            "Failed to start ContainerManager failed to build map of initial containers from runtime: no PodsandBox found with Id 'c3d9e0f1a2b34c5d'",
          ),
          journal('kubelet[1893]', 'goroutine 403 [running]:'),
          journal(
            'kubelet[1893]',
            'k8s.io/kubernetes/vendor/k8s.io/klog/v2.stacks(0xc000128001, 0xc000b9e000, 0xb6, 0x1c5)',
          ),
          journal(
            'kubelet[1893]',
            'k8s.io/kubernetes/pkg/kubelet.(*Kubelet).initializeRuntimeDependentModules(0xc000a96000)',
          ),
          ...RESTARTS,
        ].join('\n'),
      },
    };
    expect(ids(bundle)).not.toContain('kubelet.panic');
    const d = diagnose(bundle);
    expect(d.verdict).toBe('kubelet_defect');
    expect(d.mechanism).toBe('kubelet-container-map-orphan-container');
  });

  it("near misses: another daemon's panic frames, a container's, the restarts alone", () => {
    for (const line of [
      journal('containerd[880]', 'panic({0x3f1e2a0, 0x7a1b2c0})'),
      journal('dockerd[1200]', '[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x55d1c2]'),
      'panic({0x3f1e2a0, 0x7a1b2c0})',
    ])
      expect(ids({ logs: { other: line } }), line).not.toContain('kubelet.panic');
    expect(top({ logs: { kubelet: RESTARTS.join('\n') } })?.id).toBe('node_unreachable');
  });
});

describe('service managers: a unit stopped with the unit it is bound to, a socket-started runtime, Windows sc query', () => {
  const S = (message: string) => journal('systemd[1]', message);

  it('the kubelet stopped with its runtime and not started again: the kubelet left down, not the runtime', () => {
    for (const bound of [
      S('kubelet.service: Unit is bound to inactive unit docker.service. Stopping, too.'),
      // systemd before v233: the unit named inside the message.
      S('Unit kubelet.service is bound to inactive unit docker.service. Stopping, too.'),
    ]) {
      const logs = [
        S('Stopping Docker Application Container Engine...'),
        bound,
        S('Stopping kubelet: The Kubernetes Node Agent...'),
        S('Stopped kubelet: The Kubernetes Node Agent.'),
        S('Stopped Docker Application Container Engine.'),
        S('Starting Docker Application Container Engine...'),
        S('Started Docker Application Container Engine.'),
      ].join('\n');
      const found = ids({ logs: { other: logs } });
      expect(found, bound).toContain('kubelet.stopped_with_dependency');
      expect(found, bound).not.toContain('kubelet.dead_with_runtime');
      expect(top({ logs: { other: logs } })?.id, bound).toBe('node_unreachable');
    }
  });

  it('when the runtime failed and took the kubelet with it, the runtime comes first', () => {
    const logs = [
      S('docker.service: Main process exited, code=exited, status=1/FAILURE'),
      S("docker.service: Failed with result 'exit-code'."),
      S('kubelet.service: Unit is bound to inactive unit docker.service. Stopping, too.'),
      S('Stopped kubelet: The Kubernetes Node Agent.'),
    ].join('\n');
    expect(ids({ logs: { other: logs } })).toContain('kubelet.dead_with_runtime');
    expect(top({ logs: { other: logs } })?.id).toBe('runtime_down');
  });

  it("the runtime stopped because a unit it is bound to (the overlay network's daemon) went inactive", () => {
    const line = S('docker.service: Unit is bound to inactive unit flanneld.service. Stopping, too.');
    expect(ids({ logs: { other: line } })).toContain('runtime.service_stopped');
  });

  it('near misses: a mount bound to a device, units whose names end in ours, the rate-limited refusal', () => {
    for (const line of [
      S('opt-data.mount: Unit is bound to inactive unit dev-xvdb.device. Stopping, too.'),
      S('my-kubelet.service: Unit is bound to inactive unit docker.service. Stopping, too.'),
      S('my-docker.service: Unit is bound to inactive unit flanneld.service. Stopping, too.'),
      S(
        'kubelet.service: Unit is bound to inactive unit docker.service, but not stopping since we tried this too often recently.',
      ),
    ]) {
      const found = ids({ logs: { other: line } });
      expect(found, line).not.toContain('kubelet.stopped_with_dependency');
      expect(found, line).not.toContain('runtime.service_stopped');
    }
    // cri-docker is the runtime's own name, not another's tail.
    expect(
      ids({
        logs: {
          other: S('cri-docker.service: Unit is bound to inactive unit docker.service. Stopping, too.'),
        },
      }),
    ).toContain('runtime.service_stopped');
  });

  it("a runtime left disabled and dead, started only by its socket: the runtime's unit not enabled", () => {
    const status = `○ docker.service - Docker Application Container Engine
     Loaded: loaded (/usr/lib/systemd/system/docker.service; disabled; preset: disabled)
     Active: inactive (dead)
TriggeredBy: ● docker.socket
       Docs: https://docs.docker.com`;
    const bundle = { commandOutputs: { 'systemctl status docker': status } };
    expect(ids(bundle)).toContain('runtime.not_enabled');
    expect(top(bundle)?.id).toBe('runtime_down');
    // Enabled and running behind its socket: nothing wrong.
    const running = status
      .replace('disabled; preset', 'enabled; preset')
      .replace('inactive (dead)', 'active (running) since Mon 2026-11-23 10:01:02 UTC; 2h ago');
    expect(ids({ commandOutputs: { 'systemctl status docker': running } })).not.toContain(
      'runtime.not_enabled',
    );
  });

  it("service managers' rows for another service whose name ends in ours do not count", () => {
    const outputs: Record<string, string> = {
      'supervisorctl status':
        'my-docker                        STOPPED   Nov 23 10:01 AM\nxcontainerd                      FATAL     Exited too quickly',
      'service my-docker status': 'my-docker is stopped',
      'rc-status':
        ' my-docker                                  [  stopped  ]\n mycontainerd                            [  crashed  ]',
      'initctl status my-kubelet': 'my-kubelet stop/waiting',
    };
    const found = ids({ commandOutputs: outputs });
    for (const fact of [
      'runtime.service_stopped',
      'runtime.service_failed',
      'runtime.restart_limit',
      'kubelet.stopped',
    ])
      expect(found, fact).not.toContain(fact);
    // The runtime's and the kubelet's own names still count, cri-dockerd among them.
    const own = ids({
      commandOutputs: {
        'supervisorctl status': 'docker                           STOPPED   Nov 23 10:01 AM',
        'service cri-dockerd status': 'cri-dockerd is stopped',
        'initctl status kubelet': 'kubelet stop/waiting',
      },
    });
    expect(own).toContain('runtime.service_stopped');
    expect(own).toContain('kubelet.stopped');
  });

  it('Windows sc query: the STATE line counts for the service its block names', () => {
    const block = (name: string, state: string, exit: string) =>
      [
        '',
        `SERVICE_NAME: ${name}`,
        '        TYPE               : 10  WIN32_OWN_PROCESS',
        `        STATE              : ${state}`,
        '                                (NOT_STOPPABLE, NOT_PAUSABLE, IGNORES_SHUTDOWN)',
        `        WIN32_EXIT_CODE    : ${exit}`,
        '        SERVICE_EXIT_CODE  : 0  (0x0)',
        '        CHECKPOINT         : 0x0',
        '        WAIT_HINT          : 0x0',
      ].join('\n');
    const died = { commandOutputs: { 'sc query docker': block('docker', '1  STOPPED', '1067  (0x42b)') } };
    expect(ids(died)).toContain('runtime.service_failed');
    expect(top(died)?.id).toBe('runtime_down');
    expect(ids({ logs: { other: block('containerd', '1  STOPPED', '0  (0x0)') } })).toContain(
      'runtime.service_stopped',
    );
    expect(
      ids({ commandOutputs: { 'sc query kubelet': block('kubelet', '1  STOPPED', '1067  (0x42b)') } }),
    ).toContain('kubelet.dead');
    // Near misses: running, another service stopped beside the runtime running, the block's state a pending start.
    const near = [
      block('docker', '4  RUNNING', '0  (0x0)'),
      `${block('wuauserv', '1  STOPPED', '0  (0x0)')}\n${block('docker', '4  RUNNING', '0  (0x0)')}`,
      block('containerd', '2  START_PENDING', '0  (0x0)'),
      block('my-docker', '1  STOPPED', '1067  (0x42b)'),
    ];
    for (const output of near) {
      const found = ids({ commandOutputs: { 'sc query': output } });
      expect(found, output).not.toContain('runtime.service_failed');
      expect(found, output).not.toContain('runtime.service_stopped');
    }
  });
});

describe("a network plugin's binaries outside the runtime's CNI bin directories", () => {
  const CONTAINERD = journal(
    'containerd[880]',
    'time="2026-11-02T13:41:43.111882Z" level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:coredns-5d78c9869d-x2k8p,Uid:1a2b,Namespace:kube-system,Attempt:0,} failed, error" error="failed to setup network for sandbox \\"0a1b2c3d4e5f\\": plugin type=\\"calico\\" failed (add): failed to find plugin \\"calico\\" in path [/usr/libexec/cni]"',
  );
  const KUBELET = klog(
    'E',
    'pod_workers.go:1294',
    '"Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"web-0_default(1a2b)\\" with CreatePodSandboxError: \\"Failed to create sandbox for pod \\\\\\"web-0_default(1a2b)\\\\\\": rpc error: code = Unknown desc = failed to setup network for sandbox \\\\\\"0a1b\\\\\\": plugin type=\\\\\\"flannel\\\\\\" failed (add): failed to find plugin \\\\\\"flannel\\\\\\" in path [/var/lib/rancher/k3s/data/current/bin]\\"" pod="default/web-0"',
  );
  const CRIO = journal(
    'crio[990]',
    'time="2026-11-02 13:41:43.111882Z" level=error msg="Error validating CNI config file /etc/cni/net.d/10-calico.conflist: [failed to find plugin \\"calico\\" in path [/usr/libexec/cni]]"',
  );
  const EVENT = {
    type: 'Warning',
    reason: 'FailedCreatePodSandBox',
    message:
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "0a1b": plugin type="calico" failed (add): failed to find plugin "calico" in path [/opt/cni/bin]',
    count: 120,
  };

  it("containerd's CRI, the kubelet relaying it (k3s's bin directory), cri-o's validation and the event: the network plugin", () => {
    for (const bundle of [
      { logs: { containerd: CONTAINERD } },
      { logs: { kubelet: KUBELET } },
      { logs: { crio: CRIO } },
      { events: [EVENT] },
    ] as Bundle[]) {
      const found = ids(bundle);
      expect(found).toContain('cni.binary_missing');
      // cri-o's validation failed on the binary, not on the file: not a configuration rejected.
      expect(found).not.toContain('cni.config_invalid');
      const d = diagnose(bundle);
      expect(d.causes[0]?.id).toBe('cni_hang');
      expect(d.mechanism).toBe("CNI plugin binary not in the runtime's bin directory");
    }
  });

  it("beside the node controller's summary, the plugin's missing binary is still the answer", () => {
    const bundle: Bundle = {
      logs: {
        containerd: CONTAINERD,
        other: 'Node worker-1 status is now: NodeNotReady. Kubelet stopped posting node status.',
      },
      events: [EVENT],
    };
    expect(top(bundle)?.id).toBe('cni_hang');
  });

  it('near misses: another binary not found, a plugin found and failing, a rejected configuration file', () => {
    for (const line of [
      journal('kubelet[1893]', 'exec: "iptables": executable file not found in $PATH'),
      journal(
        'containerd[880]',
        'time="2026-11-02T13:41:43Z" level=error msg="failed to find plugin config for snapshotter overlayfs"',
      ),
      CONTAINERD.replace(
        'failed to find plugin \\"calico\\" in path [/usr/libexec/cni]',
        'error getting ClusterInformation: connection is unauthorized: Unauthorized',
      ),
      journal(
        'crio[990]',
        'time="2026-11-02 13:41:43Z" level=error msg="Error validating CNI config file /etc/cni/net.d/10-calico.conflist: [plugin calico does not support config version \\"1.1.0\\"]"',
      ),
    ])
      expect(ids({ logs: { other: line } }), line).not.toContain('cni.binary_missing');
  });
});

describe('node images known to hang workloads, by release', () => {
  const STUCK: Bundle = {
    events: [
      {
        type: 'Warning',
        reason: 'FailedKillPod',
        message:
          'error killing pod: failed to "KillContainer" for "web" with KillContainerError: "rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
        count: 14,
      },
    ],
    logs: {
      other: 'After the node group moved to the new AMI, pods with exec probes are stuck in Terminating.',
    },
  };

  it("EKS AMI v20201112 (containerd 1.4.0): a wedged container's calls, named by the image", () => {
    for (const osImage of ['amazon-eks-node-1.18-v20201112', 'amazon-eks-node-1.16.15-20201112']) {
      const bundle = { ...STUCK, osImage };
      expect(defects(bundle), osImage).toContain('eks-ami-v20201112-containerd-1.4.0-terminating');
    }
    // The next release downgraded containerd; an older one did not carry 1.4.0.
    for (const osImage of ['amazon-eks-node-1.18-v20201117', 'amazon-eks-node-1.18-v20201007'])
      expect(defects({ ...STUCK, osImage }), osImage).not.toContain(
        'eks-ami-v20201112-containerd-1.4.0-terminating',
      );
    // The image alone, with nothing hanging, names nothing.
    expect(defects({ osImage: 'amazon-eks-node-1.18-v20201112' })).toEqual([]);
  });

  it("the images' other name forms are read (2022's unprefixed dates, AL2023's)", () => {
    const hang = {
      logs: { kernel: '[812345.678901] INFO: task runc:[2:INIT]:4242 blocked for more than 120 seconds.' },
    };
    expect(defects({ ...hang, osImage: 'amazon-eks-node-al2023-x86_64-standard-1.24-v20221027' })).toContain(
      'eks-ami-v20221027-kernel-hang',
    );
    expect(defects({ ...hang, osImage: 'amazon-eks-node-1.22-20220526' })).not.toContain(
      'eks-ami-v20221027-kernel-hang',
    );
  });
});
