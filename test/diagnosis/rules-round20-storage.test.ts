import { describe, expect, it } from 'vitest';
import type { Component } from '../../shared/diagnosis/components.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type FactId, FactSet } from '../../shared/diagnosis/facts.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { ids } from '../support/node-lines.ts';

// Round 20 (r20-runtime-storage): the runtimes' storage layer. Lines written from the programs' format strings
// (containers/storage layers.go, drivers/overlay/overlay.go, store.go, errors.go; cri-o internal/storage/runtime.go and
// server/sandbox_run_linux.go; containerd's overlay snapshotter), in every release's wording and as the kubelet relays
// them; df's table under a person's Markdown; ENOSPC retold; sandbox creation said to fail for every pod.

const J = 'Nov 23 10:01:02 node-1';
const TS = 'time="2026-11-23T10:01:02.123456789Z"';
const ID = '7c1e0b9d4a3f2e8c6b5a4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a';
const PARENT = '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d';

interface Example {
  line: string;
  fact: FactId;
  origin?: Component;
}

function factsOf(line: string, origin: Component = 'unknown'): FactSet {
  const facts = new FactSet();
  scanText(line, 'logs.test', origin, facts);
  return facts;
}

const HITS: readonly Example[] = [
  // containers/storage v1.2x (errors.Wrapf) under CRI-O 1.18's storage wrapper, at debug level.
  {
    line: `${J} crio[4410]: ${TS} level=debug msg="Failed to create pod sandbox k8s_coredns-66bff467f8-abcde_kube-system_1a2b3c4d_0(${ID}): error creating read-write layer with ID \\"${PARENT}\\": Stat /var/lib/containers/storage/overlay/${PARENT}: no such file or directory" file="storage/runtime.go:250"`,
    fact: 'runtime.storage_layer_missing',
  },
  // Newer wording (%w), a container rather than a sandbox, and the read-only form.
  {
    line: `${J} crio[4410]: ${TS} level=debug msg="Failed to create container web(${ID}): creating read-write layer with ID \\"${ID}\\": Stat /var/lib/containers/storage/overlay/${PARENT}: no such file or directory"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} podman[3301]: Error: creating read-only layer with ID "${ID}": Stat /var/lib/containers/storage/overlay2/${PARENT}: no such file or directory`,
    fact: 'runtime.storage_layer_missing',
  },
  // ErrLayerUnknown (the image's top layer not in the layer store) as the kubelet relays a sandbox's failure.
  {
    line: `${J} kubelet[1503]: E1123 10:01:02.123456    1503 remote_runtime.go:116] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = creating pod sandbox with name \\"k8s_kube-proxy-x7k2p_kube-system_0d1e_0\\": layer not known"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} kubelet[1503]: E1123 10:01:02.123456    1503 kuberuntime_sandbox.go:70] CreatePodSandbox for pod "web-0_default(1a2b)" failed: rpc error: code = Unknown desc = error creating pod sandbox with name "k8s_web-0_default_1a2b_0": layer not known`,
    fact: 'runtime.storage_layer_missing',
  },
  // The overlay driver's mount of a container's layers (both releases' wordings) and a driver name that changed.
  {
    line: `${J} crio[4410]: ${TS} level=error msg="creating overlay mount to /var/lib/containers/storage/overlay/${ID}/merged, mount_data=\\"lowerdir=/var/lib/containers/storage/overlay/l/ABC:/var/lib/containers/storage/overlay/l/DEF,upperdir=/var/lib/containers/storage/overlay/${ID}/diff,workdir=/var/lib/containers/storage/overlay/${ID}/work\\": no such file or directory"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} crio[4410]: ${TS} level=error msg="graph driver name changed from \\"overlay2\\" to \\"overlay\\" during reload"`,
    fact: 'runtime.storage_layer_missing',
  },
  // containerd's overlay snapshotter: a parent its metadata records missing on disk, and a root without d_type.
  {
    line: `${J} containerd[812]: ${TS} level=error msg="RunPodSandbox for &PodSandboxMetadata{Name:coredns-abcde,Uid:1a2b,Namespace:kube-system,Attempt:0,} failed, error" error="failed to start sandbox \\"${ID}\\": failed to create containerd container: failed to stat parent: stat /var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/17/fs: no such file or directory"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=warning msg="failed to load plugin io.containerd.snapshotter.v1.overlayfs" error="/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs does not support d_type. If the backing filesystem is xfs, please reformat with ftype=1 to enable d_type support"`,
    fact: 'runtime.storage_layer_missing',
  },
  // df under a person's Markdown: pipes, emphasis, code spans; the runtimes' state tmpfs full.
  { line: '| tmpfs | 819200 | 819200 | 0 | 100% | /run |', fact: 'disk.pressure' },
  { line: '| tmpfs | 409600 | 409600 | 0 | **100%** | /run/containerd |', fact: 'disk.pressure' },
  { line: 'tmpfs            204800  204800        0 `100%` /run/crio', fact: 'disk.pressure' },
  { line: 'tmpfs  1.6G  1.6G  0 __100%__ /var/run', fact: 'disk.pressure' },
];

const MISSES: readonly Example[] = [
  // A layer not made for want of space is the disk's (disk.pressure), not a layer missing.
  {
    line: `${J} crio[4410]: ${TS} level=error msg="creating read-write layer with ID \\"${ID}\\": mkdir /var/lib/containers/storage/overlay/${ID}: no space left on device"`,
    fact: 'runtime.storage_layer_missing',
  },
  // The parent's own unknown (ErrParentUnknown) and a lookup outside any create (an image's size, a listing).
  {
    line: `${J} crio[4410]: ${TS} level=error msg="Failed to create container web(${ID}): parent of layer not known"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} crio[4410]: ${TS} level=warning msg="error getting size of image ${ID}: layer not known"`,
    fact: 'runtime.storage_layer_missing',
  },
  // The library normalising the name at load (containers/storage v1.38+): a warning, not a failure.
  {
    line: `${J} crio[4410]: ${TS} level=warning msg="Switching default driver from overlay2 to the equivalent overlay driver"`,
    fact: 'runtime.storage_layer_missing',
  },
  // A mount busy, a parent not readable: other mechanisms.
  {
    line: `${J} crio[4410]: ${TS} level=error msg="error creating overlay mount to /var/lib/containers/storage/overlay/${ID}/merged: device or resource busy"`,
    fact: 'runtime.storage_layer_missing',
  },
  {
    line: `${J} containerd[812]: ${TS} level=error msg="failed to stat parent: stat /var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/17/fs: permission denied"`,
    fact: 'runtime.storage_layer_missing',
  },
  // df rows under mark-up that are not full, or fill by design.
  {
    line: '| overlay | 3276800 | 1638400 | 1638400 | **50%** | /var/lib/containerd |',
    fact: 'disk.pressure',
  },
  { line: '| /dev/loop3 | 128 | 128 | 0 | **100%** | /snap/core20/1234 |', fact: 'disk.pressure' },
  { line: 'efivarfs  256K  256K  0 **100%** /boot/efi', fact: 'disk.pressure' },
];

describe('round 20: the runtimes storage layer, from the programs format strings', () => {
  it.each(HITS.map((e) => [e.fact, e.line, e.origin] as const))('%s ← %s', (fact, line, origin) => {
    expect(factsOf(line, origin).ids()).toContain(fact);
    expectLiteralsHeld(line);
  });

  it.each(MISSES.map((e) => [e.fact, e.line] as const))('not %s ← %s', (fact, line) => {
    expect(factsOf(line).ids()).not.toContain(fact);
  });
});

const said = (text: string) => ids({ logs: { other: text } } as never);

describe('round 20: ENOSPC retold, and sandbox creation failing for every pod, in words', () => {
  it.each([
    'The kubelet event shows no space left in device when the pod starts.',
    'Every container start fails with no space left on the device.',
  ])('disk.pressure ← %s', (text) => {
    expect(said(text)).toContain('disk.pressure');
  });

  it.each([
    'The watcher fails with no space left in device from inotify.',
    'tail -f says no space left on the device.',
  ])('not disk.pressure ← %s', (text) => {
    expect(said(text)).not.toContain('disk.pressure');
  });

  it.each([
    'Every pod sandbox fails with the same unpack error on the new nodes.',
    'The events show repeated sandbox creation failures.',
    'Pod sandboxes fail on all newly provisioned nodes.',
    'The calico-node DaemonSet never starts because pod sandboxes fail to be created.',
    'The CNI agent does not initialize since sandbox creation fails.',
  ])('runtime.no_sandbox ← %s', (text) => {
    expect(said(text)).toContain('runtime.no_sandbox');
  });

  it.each([
    'Only one pod sandbox fails; the others run.',
    'The sandbox image was pulled on every node.',
    'A sandbox failed once last week and the node recovered.',
    'The calico-node DaemonSet never starts because its image cannot be pulled.',
  ])('not runtime.no_sandbox ← %s', (text) => {
    expect(said(text)).not.toContain('runtime.no_sandbox');
  });
});

describe('round 20: what each fact reaches', () => {
  it('the state tmpfs full in df -i, alone, is resource starvation at a verdict', () => {
    const d = diagnose({
      commandOutputs: {
        'df -i':
          'Filesystem Inodes IUsed IFree IUse% Mounted on\n| tmpfs | 819200 | 819200 | 0 | **100%** | /run |',
      },
    } as never);
    expect(d.causes[0]?.id).toBe('resource_starvation');
    expect(d.causes[0]?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(d.causes[0]?.confidence).toBeLessThan(0.7);
  });

  it('a sandbox layer missing, alone, is the runtime down, held below the bar on one fact', () => {
    const d = diagnose({
      logs: {
        crio: `${J} crio[4410]: ${TS} level=debug msg="Failed to create pod sandbox k8s_web-0_default_1a2b_0(${ID}): creating read-write layer with ID \\"${ID}\\": Stat /var/lib/containers/storage/overlay/${PARENT}: no such file or directory"`,
      },
    } as never);
    expect(d.causes[0]?.id).toBe('runtime_down');
    expect(d.causes[0]?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(d.causes[0]?.confidence).toBeLessThan(0.7);
  });

  it('the overlay2 alias counts as a known defect only on a CRI-O release before 1.25 and with the layer failure', () => {
    const line = `${J} crio[4410]: ${TS} level=debug msg="Failed to create pod sandbox k8s_web-0_default_1a2b_0(${ID}): error creating read-write layer with ID \\"${ID}\\": Stat /var/lib/containers/storage/overlay2/${PARENT}: no such file or directory"`;
    const old = ids({ containerRuntimeVersion: 'cri-o://1.20.1', logs: { crio: line } } as never);
    expect(old).toContain('runtime.known_defect');
    const fixed = ids({ containerRuntimeVersion: 'cri-o://1.26.0', logs: { crio: line } } as never);
    expect(fixed).not.toContain('runtime.known_defect');
    const quiet = ids({ containerRuntimeVersion: 'cri-o://1.20.1' } as never);
    expect(quiet).not.toContain('runtime.known_defect');
  });
});
