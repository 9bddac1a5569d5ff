import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';

/**
 * Round 18 (r18-runtime): the runtime's answers about one container against its processes, and sandboxes failing on
 * the sandbox image, told by repetition (extract/runtime-divergence.ts). Lines built from the programs' format
 * strings (cri-o Container.Living, containerd RunPodSandbox's snapshot unpack, the kubelet's prober).
 */
const NODE = 'node-1';
const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const PROCESS_GONE = `Readiness probe errored: rpc error: code = NotFound desc = container is not created or running: checking if PID of ${CID} is running failed: container process not found`;
const SANDBOX_UNPACK =
  'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to start sandbox "ae0bc0b79bf8": failed to create containerd container: error unpacking image: failed to prepare extraction snapshot "extract-1-x sha256:5f70": failed to resolve layer: authorization failed: no basic auth credentials';

function event(reason: string, message: string, count: number) {
  return {
    type: 'Warning',
    reason,
    message,
    count,
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'web-0' },
    source: { component: 'kubelet', host: NODE },
  };
}

function bundle(events: ReturnType<typeof event>[], extra: Record<string, unknown> = {}) {
  return EvidenceBundleSchema.parse({ node: NODE, events, ...extra });
}

describe('a container the runtime reports running while its process is gone', () => {
  it('one probe error is an exit not yet processed: a lead, not the divergence', () => {
    const facts = extractFacts(bundle([event('Unhealthy', PROCESS_GONE, 1)]));
    expect(facts.has('runtime.exec_process_gone')).toBe(true);
    expect(facts.has('runtime.running_without_process')).toBe(false);
  });

  it('the same error thousands of times is an exit never recorded, for the wedged container', () => {
    const b = bundle([event('Unhealthy', PROCESS_GONE, 4000)], {
      commandOutputs: {
        'crictl ps -a': `${CID.slice(0, 13)}   c7f2a0fdd328   2 days ago   Running   prometheus   11`,
      },
    });
    expect(extractFacts(b).max('runtime.running_without_process')).toBe(4000);
    const d = diagnose(b);
    expect(d.verdict).toBe('zombie_shim_hang');
  });

  it('a PID reused is not the process gone', () => {
    const reused = PROCESS_GONE.replace(
      'container process not found',
      'PID 42 is running but has start time of 1, whereas the saved start time is 2. PID wrap may have occurred',
    );
    expect(extractFacts(bundle([event('Unhealthy', reused, 500)])).has('runtime.exec_process_gone')).toBe(
      false,
    );
  });
});

describe('sandboxes failing on the sandbox image', () => {
  it('a message wrapped across lines is read joined, and hundreds of them are no sandbox at all', () => {
    const wrapped = `${SANDBOX_UNPACK.slice(0, 120)}\n${SANDBOX_UNPACK.slice(120, 230)}\n${SANDBOX_UNPACK.slice(230)}`;
    const b = bundle([event('FailedCreatePodSandBox', wrapped, 559)]);
    const facts = extractFacts(b);
    expect(facts.has('runtime.sandbox_image_failed')).toBe(true);
    expect(facts.max('runtime.no_sandbox')).toBe(559);
    expect(diagnose(b).causes[0]?.id).toBe('runtime_down');
  });

  it('one failure is a lead only', () => {
    const facts = extractFacts(bundle([event('FailedCreatePodSandBox', SANDBOX_UNPACK, 1)]));
    expect(facts.has('runtime.sandbox_image_failed')).toBe(true);
    expect(facts.has('runtime.no_sandbox')).toBe(false);
  });

  // Round 28 (r28-runtime): the registry's refusal of the sandbox image, in containerd's resolver words
  // (docker/resolver.go "pulling from host %s failed with status code %v: %v", fetcher's "unexpected status code"),
  // the kubelet's relay of containerd's "failed to get sandbox image %q", and cri-o's containers/image wording.
  it.each([
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.example.com/pause:3.9": failed to pull image "registry.example.com/pause:3.9": failed to pull and unpack image "registry.example.com/pause:3.9": failed to resolve reference "registry.example.com/pause:3.9": pulling from host registry.example.com failed with status code [manifests 3.9]: 403 Forbidden',
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.example.com/pause:3.9": failed to pull image "registry.example.com/pause:3.9": failed to pull and unpack image "registry.example.com/pause:3.9": failed to resolve reference "registry.example.com/pause:3.9": registry.example.com/pause:3.9: not found',
    'Failed to create pod sandbox: rpc error: code = Unknown desc = error creating pod sandbox with name "k8s_web-0_default_1_0": initializing source docker://registry.example.com/pause:3.9: reading manifest 3.9 in registry.example.com/pause: unauthorized: authentication required',
  ])('one refusal by the registry is no sandbox at all: %s', (line) => {
    const b = bundle([event('FailedCreatePodSandBox', line, 1)]);
    expect(extractFacts(b).has('runtime.no_sandbox')).toBe(true);
    expect(diagnose(b).causes[0]?.id).toBe('runtime_down');
  });

  it.each([
    // a network failure on the way may be a blip: once is a lead
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.example.com/pause:3.9": failed to pull image "registry.example.com/pause:3.9": failed to pull and unpack image "registry.example.com/pause:3.9": failed to resolve reference "registry.example.com/pause:3.9": failed to do request: Head "https://registry.example.com/v2/pause/manifests/3.9": dial tcp 10.0.0.5:443: i/o timeout',
    // a local permission error is not the registry's refusal
    'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.example.com/pause:3.9": failed to pull image "registry.example.com/pause:3.9": failed to pull and unpack image "registry.example.com/pause:3.9": failed to extract layer sha256:1a: mount callback failed on /tmp/containerd-mount1: permission denied',
  ])('not no_sandbox from one line: %s', (line) => {
    expect(extractFacts(bundle([event('FailedCreatePodSandBox', line, 1)])).has('runtime.no_sandbox')).toBe(
      false,
    );
  });

  it("a workload image's unpack, however often, is not the sandbox's", () => {
    const pull =
      'Failed to pull image "registry.example.com/api:1.4": rpc error: code = Unknown desc = failed to pull and unpack image "registry.example.com/api:1.4": failed to prepare extraction snapshot "extract-1-x sha256:9a": unexpected status code: 403 Forbidden';
    const facts = extractFacts(bundle([event('Failed', pull, 300)]));
    expect(facts.has('runtime.sandbox_image_failed')).toBe(false);
    expect(facts.has('runtime.no_sandbox')).toBe(false);
  });
});
