import { CNI_RULES } from './rules/cni.ts';
import { CONTAINERD_RULES } from './rules/containerd.ts';
import { CRIO_RULES } from './rules/crio.ts';
import { DOCKERD_RULES } from './rules/dockerd.ts';
import { KERNEL_RULES } from './rules/kernel.ts';
import { KUBELET_RULES } from './rules/kubelet.ts';
import { OBSERVATION_RULES } from './rules/observations.ts';
import { RUNC_RULES } from './rules/runc.ts';
import { RUNTIME_RULES } from './rules/runtime.ts';
import { SYSTEMD_RULES } from './rules/systemd.ts';
import type { Signature } from './rules/types.ts';

export { PLEG_AGE } from './rules/kubelet.ts';
export type { Signature } from './rules/types.ts';

/**
 * Every detection rule, one file per program that writes the message (`rules/`), people's descriptions last.
 * Shared verbatim with ripgrep in the log-scan benchmark.
 */
export const SIGNATURES: readonly Signature[] = [
  ...KUBELET_RULES,
  ...RUNTIME_RULES,
  ...CONTAINERD_RULES,
  ...CRIO_RULES,
  ...DOCKERD_RULES,
  ...RUNC_RULES,
  ...SYSTEMD_RULES,
  ...KERNEL_RULES,
  ...CNI_RULES,
  ...OBSERVATION_RULES,
];
