import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal } from '../support/node-lines.ts';

// Round 29 (r29-runtime): the sandbox image failing beside the network plugin not ready, and its registry unreachable;
// lines written from the programs' format strings (containerd's RunPodSandbox and its resolver, Go's net errors, the
// kubelet's relays), not from any incident.

const kubeletLine = (text: string) => journal('kubelet[1234]', `E1102 13:41:43.108499    1234 ${text}`);

const networkNotReady = kubeletLine(
  'kubelet.go:3002] "Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"',
);
/** containerd 1.x's wrapper, the line cut short after the image's name (a pager's truncation). */
const cutSandboxLine = kubeletLine(
  'remote_runtime.go:116] RunPodSandbox from runtime service failed: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/pause:3.9": failed to pull image ">',
);
const sandboxLine = (reason: string) =>
  kubeletLine(
    `log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to get sandbox image \\"registry.k8s.io/pause:3.9\\": failed to pull image \\"registry.k8s.io/pause:3.9\\": failed to pull and unpack image \\"registry.k8s.io/pause:3.9\\": failed to resolve reference \\"registry.k8s.io/pause:3.9\\": ${reason}"`,
  );

describe('round 29: the sandbox image before the network', () => {
  it('the sandbox image failing beside the network not ready is the runtime first, the network second', () => {
    const bundle = { logs: { kubelet: [networkNotReady, cutSandboxLine].join('\n') } };
    expect(ids(bundle)).toContain('runtime.sandbox_image_before_network');
    const d = diagnose(bundle);
    expect(d.verdict).toBe('runtime_down');
    expect(d.confidence).toBeLessThan(0.7);
    expect(d.causes[1]?.id).toBe('cni_hang');
  });

  it('not when a sandbox reached its network step (a CNI ADD failing), nor without the network not ready', () => {
    const addFailed = kubeletLine(
      'pod_workers.go:1301] "Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"web-0_default\\" with CreatePodSandboxError: \\"Failed to create sandbox for pod: rpc error: code = Unknown desc = failed to setup network for sandbox \\\\\\"abc\\\\\\": plugin type=\\\\\\"calico\\\\\\" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized\\""',
    );
    const withAdd = ids({ logs: { kubelet: [networkNotReady, cutSandboxLine, addFailed].join('\n') } });
    expect(withAdd).toContain('runtime.sandbox_image_failed');
    expect(withAdd).not.toContain('runtime.sandbox_image_before_network');
    expect(ids({ logs: { kubelet: cutSandboxLine } })).not.toContain('runtime.sandbox_image_before_network');
  });

  it.each([
    'failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": dial tcp: lookup registry.k8s.io on 10.0.0.2:53: no such host',
    'failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": dial tcp: lookup registry.k8s.io on 127.0.0.53:53: server misbehaving',
    'failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": dial tcp 34.96.108.209:443: connect: no route to host',
    'failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": proxyconnect tcp: dial tcp 10.0.0.9:3128: connect: connection refused',
  ])('a registry the node cannot reach fails every sandbox alike: %s', (reason) => {
    expect(ids({ logs: { kubelet: sandboxLine(reason) } })).toContain('runtime.no_sandbox');
  });

  it.each([
    'unexpected status from HEAD request to https://registry.k8s.io/v2/pause/manifests/3.9: 503 Service Unavailable',
    'failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": dial tcp 34.96.108.209:443: i/o timeout',
    'failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": net/http: TLS handshake timeout',
    'failed to do request: Head \\"https://registry.k8s.io/v2/pause/manifests/3.9\\": read tcp 10.0.0.7:51234->34.96.108.209:443: read: connection reset by peer',
  ])(
    'a server error, a timeout or a reset on the way may be a blip: once stays one failure: %s',
    (reason) => {
      const found = ids({ logs: { kubelet: sandboxLine(reason) } });
      expect(found).toContain('runtime.sandbox_image_failed');
      expect(found).not.toContain('runtime.no_sandbox');
    },
  );
});

// Round 29 (r29-runtime): a memory-backed filesystem full under the runtime's state and exec path, and many containers'
// checks that are no count of containers.
describe('round 29: a tmpfs full under the runtime, and checks that are no container count', () => {
  it.each([
    'Warning  Unhealthy  2m (x310 over 1h)  kubelet  Readiness probe failed: OCI runtime exec failed: write /tmp/runc-process3141592653: no space left on device: unknown',
    journal(
      'containerd[812]',
      'time="2026-11-02T13:41:43.111882Z" level=error msg="ExecSync for \\"4f2a9c1e\\" failed" error="failed to exec in container: failed to start exec \\"9b1d\\": OCI runtime exec failed: open /run/containerd/io.containerd.runtime.v2.task/k8s.io/4f2a9c1e/9b1d.pid: no space left on device: unknown"',
    ),
    kubeletLine(
      'prober.go:117] "Probe errored" err="rpc error: code = Unknown desc = command error: write /tmp/exec-process-2718281828: no space left on device" probeType="Liveness" pod="default/web-0"',
    ),
    journal(
      'crio[912]',
      'time="2026-11-02T13:41:43Z" level=error msg="mkdir /var/run/crio/exec-pid-dir/4f2a9c1e: no space left on device"',
    ),
  ])('ENOSPC on the path a runtime writes in memory is the tmpfs full, not the disk: %s', (line) => {
    const found = ids({ logs: { node: line } });
    expect(found).toContain('fs.tmpfs_full');
    expect(found).not.toContain('disk.pressure');
  });

  it.each([
    journal(
      'containerd[812]',
      'time="2026-11-02T13:41:43Z" level=error msg="write /var/lib/containerd/io.containerd.content.v1.content/ingest/abc/data: no space left on device"',
    ),
    journal(
      'dockerd[1021]',
      'time="2026-11-02T13:41:43Z" level=error msg="open /var/lib/docker/containers/4f2a/hostconfig.json: no space left on device"',
    ),
    kubeletLine(
      'kubelet.go:1234] failed to watch /var/run/secrets: inotify_add_watch /run/secrets: no space left on device',
    ),
    // an application's own /run and /dev/shm are its container's (a container's shm is its own 64 MiB mount)
    journal(
      'postgres[4321]',
      'could not resize shared memory segment: write /dev/shm/PostgreSQL.1804289383: no space left on device',
    ),
    journal('nginx[4321]', 'open() "/run/nginx.pid" failed: write /run/nginx.pid: no space left on device'),
  ])("the node's disk, or inotify's watches, are not the tmpfs: %s", (line) => {
    expect(ids({ logs: { node: line } })).not.toContain('fs.tmpfs_full');
  });

  it.each([
    '(大量的容器检查错误)',
    '节点上出现大量的容器健康检查失败',
    '大量のコンテナのヘルスチェックが失敗しました',
    'A large number of containers failed their readiness probes on that node.',
    "We saw a large number of containers' health checks failing at once.",
  ])('many containers’ checks failing is no count of containers: %s', (line) => {
    expect(ids({ logs: { other: line } })).not.toContain('containers.many');
  });

  it.each([
    '节点上有大量的容器，relist 很慢',
    '节点上堆积了大量已退出的容器',
    'the issue was seen when a large number of containers were started all at once',
  ])('the containers themselves said many still are: %s', (line) => {
    expect(ids({ logs: { other: line } })).toContain('containers.many');
  });
});

describe('round 29: a tmpfs said full, or df showing it full', () => {
  it.each([
    'The tmpfs on /run was full on that worker.',
    'tmpfs mounted at /tmp is 0% free',
    '告警：节点 tmpfs 可用率不足5%',
    '/tmp の tmpfs がいっぱいになっていた',
    'tmpfs           3.9G  3.9G     0 100% /run',
  ])('%s', (line) => {
    const found = ids({ logs: { other: line } });
    expect(found).toContain('fs.tmpfs_full');
    expect(found).not.toContain('disk.pressure');
  });

  it.each([
    'tmpfs is not full',
    'We mounted a tmpfs for scratch space.',
    'tmpfs           3.9G  1.2G  2.7G  31% /run',
    '/dev/sda1        50G   50G     0 100% /',
  ])('not a tmpfs full: %s', (line) => {
    expect(ids({ logs: { other: line } })).not.toContain('fs.tmpfs_full');
  });
});

describe("round 29: the kubelet's cAdvisor redialing containerd with no backoff (1.19.0-1.19.5, 1.20.0)", () => {
  const redial = kubeletLine(
    'clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {unix:///run/containerd/containerd.sock  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial unix:///run/containerd/containerd.sock: timeout". Reconnecting...',
  );

  it('inside the window, the redials are the known kubelet defect first, the runtime down acceptable', () => {
    const d = diagnose({ kubeletVersion: 'v1.19.5', logs: { kubelet: redial } });
    expect(d.causes[0]?.id).toBe('kubelet_defect');
    expect(d.causes.map((c) => c.id)).toContain('runtime_down');
  });

  it('not from a fixed release, nor while containerd itself is shown failing', () => {
    expect(ids({ kubeletVersion: 'v1.19.6', logs: { kubelet: redial } })).not.toContain(
      'kubelet.known_defect',
    );
    const failed = journal(
      'containerd[812]',
      'time="2026-11-02T13:41:43Z" level=fatal msg="containerd: failed to load TOML from /etc/containerd/config.toml: invalid plugin key URI"',
    );
    expect(ids({ kubeletVersion: 'v1.19.5', logs: { kubelet: redial, node: failed } })).not.toContain(
      'kubelet.known_defect',
    );
  });
});

describe('round 29: the sandbox image said not pulled', () => {
  it.each(['containerd failed to pull the sandbox image from our registry.', '无法拉取 pause 镜像'])(
    '%s',
    (line) => {
      expect(ids({ logs: { other: line } })).toContain('runtime.sandbox_image_failed');
    },
  );

  it.each([
    'The pause image was pulled fine.',
    'We pre-pulled the pause image to avoid this.',
    'The nginx image could not be pulled from Docker Hub.',
  ])('not the sandbox image failing: %s', (line) => {
    expect(ids({ logs: { other: line } })).not.toContain('runtime.sandbox_image_failed');
  });
});
