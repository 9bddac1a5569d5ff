import { CNI_RULES } from './rules/cni.ts';
import { KERNEL_RULES } from './rules/kernel.ts';
import { KUBELET_RULES } from './rules/kubelet.ts';
import { NPD_RULES } from './rules/npd.ts';
import { OBSERVATION_RULES } from './rules/observations.ts';
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
  ...SYSTEMD_RULES,
  ...KERNEL_RULES,
  ...NPD_RULES,
  ...CNI_RULES,
  ...OBSERVATION_RULES,
];
