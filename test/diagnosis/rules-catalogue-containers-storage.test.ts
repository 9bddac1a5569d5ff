import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, top } from '../support/node-lines.ts';

// containers/storage's messages promoted from the catalogue (rules/catalogue/containers-storage.*): lines as cri-o
// writes them (the library logs through logrus in cri-o's process; its errors end cri-o's start-up or travel up to
// the kubelet), built from the formats in drivers/driver.go, drivers/overlay/overlay.go and layers.go; near misses
// beside each: the driver probe skipping a driver, a layer cleaned up after an interrupted create, Docker's overlay2.

const crio = (level: string, msg: string) =>
  journal('crio[912]', `time="2026-11-23T10:01:02.123456789Z" level=${level} msg="${msg}"`);
const bundle = (line: string) => ({ logs: { crio: line } });

describe('the storage driver failing to start (drivers/driver.go New, GetDriver; drivers/overlay/overlay.go Init)', () => {
  const fatal = (err: string) =>
    crio('fatal', `validating root config: failed to get store to set defaults: ${err}`);
  const hits = [
    crio(
      'error',
      "'overlay' not found as a supported filesystem on this host. Please ensure kernel is new enough and has overlay support loaded.",
    ),
    fatal('kernel does not support overlay fs: driver not supported'),
    crio('error', `'overlay' is not supported over overlayfs at \\"/var/lib/containers/storage/overlay\\"`),
    fatal(
      `kernel does not support overlay fs: 'overlay' is not supported over nfs at \\"/var/lib/containers/storage/overlay\\": backing file system is unsupported for this graph driver`,
    ),
    fatal('No supported storage backend found'),
    fatal('no supported storage backend found'),
    crio('error', '[graphdriver] prior storage driver overlay failed: kernel does not support overlay fs'),
    fatal('failed to GetDriver graph devicemapper /var/lib/containers/storage: driver not supported'),
    fatal("an incomplete layer exists and can't be cleaned up"),
  ];

  it('reads each as the runtime failing at start, with the runtime down', () => {
    for (const line of hits) {
      expect(ids(bundle(line)), line).toContain('runtime.start_failed');
      expect(top(bundle(line))?.id, line).toBe('runtime_down');
    }
  });

  it('one start failure alone is no confident verdict', () => {
    const cause = diagnose(bundle(hits[1] as string)).causes[0];
    expect(cause?.id).toBe('runtime_down');
    expect(cause?.confidence).toBeLessThan(0.7);
  });

  it('the driver probe skipping a driver this build lacks, and a cleaned-up incomplete layer, are not a failure', () => {
    for (const line of [
      crio('error', 'Failed to built-in GetDriver graph aufs /var/lib/containers/storage'),
      crio('warning', 'Found incomplete layer \\"4f8bd1c2a3e5\\", deleting it'),
      crio('info', '[graphdriver] using prior storage driver: overlay'),
    ])
      expect(ids(bundle(line)), line).not.toContain('runtime.start_failed');
  });

  it("Docker's overlay2 driver and the same words in an application's log are not cri-o's store", () => {
    const dockerd = journal(
      'dockerd[2211]',
      `time="2026-11-23T10:01:02Z" level=error msg="'overlay2' is not supported over overlayfs" storage-driver=overlay2`,
    );
    expect(ids({ logs: { dockerd } })).not.toContain('runtime.start_failed');
  });
});

describe("the overlay driver's layer links (drivers/overlay/overlay.go getLowerDirs, recreateSymlinks)", () => {
  it('a missing link under l/ is corrupt overlay storage', () => {
    for (const line of [
      crio(
        'warning',
        `Can't read link \\"/var/lib/containers/storage/overlay/l/ABCDEFGHIJ\\" because it does not exist. A storage corruption might have occurred, attempting to recreate the missing symlinks. It might be best wipe the storage to avoid further errors due to storage corruption.`,
      ),
      crio(
        'warning',
        `Can't read parent link \\"/var/lib/containers/storage/overlay/l/ABCDEFGHIJ\\" because it does not exist. Going through storage to recreate the missing links.`,
      ),
      crio(
        'error',
        'Error: creating container storage: recreating the missing symlinks: reached 11 iterations in overlay graph driver’s recreateSymlink, giving up',
      ),
    ])
      expect(ids(bundle(line)), line).toContain('runtime.overlay_corrupt');
  });

  it('a missing lower layer is a layer the store records and the driver lacks', () => {
    for (const line of [
      crio(
        'warning',
        `Can't stat lower layer \\"/var/lib/containers/storage/overlay/l/ABCDEFGHIJ\\" because it does not exist. Going through storage to recreate the missing symlinks.`,
      ),
      journal(
        'kubelet[1893]',
        `E1102 13:41:43.111882    1893 remote_runtime.go:176] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = can't stat lower layer \\"/var/lib/containers/storage/overlay/l/ABCDEFGHIJ\\": no such file or directory"`,
      ),
    ])
      expect(ids({ logs: { crio: line } }), line).toContain('runtime.storage_layer_missing');
  });

  it('another path the driver cannot stat, or a debug line naming l/, is neither', () => {
    for (const line of [
      crio('debug', 'overlay: mount_data=lowerdir=/var/lib/containers/storage/overlay/l/ABCDEFGHIJ'),
      crio(
        'fatal',
        `validating root config: failed to get store to set defaults: overlay: can't stat program \\"/usr/bin/fuse-overlayfs\\": stat /usr/bin/fuse-overlayfs: no such file or directory`,
      ),
    ]) {
      expect(ids(bundle(line)), line).not.toContain('runtime.overlay_corrupt');
      expect(ids(bundle(line)), line).not.toContain('runtime.storage_layer_missing');
    }
  });
});
