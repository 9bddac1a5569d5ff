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
