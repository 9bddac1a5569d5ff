import type { EvidenceBundle } from '../../schemas/bundle.ts';
import type { FactSet } from '../facts.ts';

/**
 * Round 21 (r21-runtime-words): a sandbox that fails on the sandbox (pause) image (runtime.sandbox_image_failed, the
 * runtime's own wrapping of it: containerd's "failed to get sandbox image %q", cri-o's pause_image pull) read beside
 * the runtime upgraded on its own (runtime.upgraded), a node that reaches no registry (node.airgapped), or containerd 2.x
 * dropping the sandbox_image key its configuration still names (runtime.sandbox_image_ignored).
 *
 * A runtime release names its own default sandbox image (containerd's SandboxImage / DefaultSandboxImage, pause:3.1
 * in 1.3 to 3.10.1 in 2.2, the key moved to pinned_images in 2.0; cri-o's DefaultPauseImage, pause:3.2 in 1.20 to
 * 3.10.1 in 1.34) and resolves the names it is given by its own rules: an image found before the runtime's upgrade
 * and not found after it, or a default tag an air-gapped node never pulled, is the runtime unable to make any
 * sandbox (runtime_down), not the node's choice of image (kubelet_defect's reading of the same line).
 */
export function deriveSandboxImageUnobtainable(_bundle: EvidenceBundle, facts: FactSet): void {
  if (facts.has('runtime.sandbox_image_unobtainable')) return;
  const failed = facts.examples('runtime.sandbox_image_failed')[0];
  if (!failed) return;
  if (
    !facts.has('runtime.upgraded') &&
    !facts.has('node.airgapped') &&
    !facts.has('runtime.sandbox_image_ignored')
  )
    return;
  facts.add({
    id: 'runtime.sandbox_image_unobtainable',
    source: failed.source,
    text: failed.text,
    observation: facts.onlyObserved('runtime.sandbox_image_failed'),
  });
}

/**
 * CNI facts that say a sandbox reached its network step on this node (an ADD or DEL called, hanging or failing, a
 * plugin binary executing): the sandbox image was there for that sandbox, so the network's state is its own.
 */
const NETWORK_STEP_REACHED = [
  'cni.plugin_running',
  'cni.hang',
  'cni.slow',
  'cni.error',
  'cni.teardown_failed',
] as const;

/**
 * Round 29 (r29-runtime): a sandbox failing on the sandbox (pause) image beside the network plugin not ready
 * (runtime.sandbox_image_before_network). Every pod, a host-network pod included, runs in a sandbox the runtime makes
 * from the sandbox image before any network work (containerd's RunPodSandbox gets or pulls the image first, then
 * creates the sandbox container, and calls the CNI only for a pod in its own network namespace; CRI-O's
 * CreatePodSandbox resolves or pulls pause_image first; dockershim and cri-dockerd's RunPodSandbox ensure the image
 * as their step 1). The network plugin's own agent is a DaemonSet pod, and a cluster's first control-plane pods are
 * static pods on the host's network: neither starts while the image cannot be had, so the runtime's NetworkReady stays
 * false (no agent writes a CNI configuration) as a consequence, whether at a cluster's first creation (where no
 * plugin is installed yet and the control plane needs none) or later. Not when a sandbox on this node is seen
 * reaching its network step (an ADD or DEL called): the image was there then, and the network's state is its own.
 */
export function deriveSandboxImageBeforeNetwork(_bundle: EvidenceBundle, facts: FactSet): void {
  if (facts.has('runtime.sandbox_image_before_network')) return;
  const failed = facts.examples('runtime.sandbox_image_failed')[0];
  if (!failed || !facts.has('cni.not_ready')) return;
  if (NETWORK_STEP_REACHED.some((id) => facts.has(id))) return;
  facts.add({
    id: 'runtime.sandbox_image_before_network',
    source: failed.source,
    text: `every sandbox fails on the sandbox image before its network step, the network plugin's own pods included: ${failed.text}`,
    observation: facts.onlyObserved('runtime.sandbox_image_failed'),
  });
}
