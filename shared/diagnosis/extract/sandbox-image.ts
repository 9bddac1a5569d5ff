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
