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
