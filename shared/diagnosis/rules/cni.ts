import type { Signature } from './types.ts';

/** Messages CNI plugins write, and the kubelet/runtime when a CNI call fails. */
export const CNI_RULES: readonly Signature[] = [
  {
    fact: 'cni.hang',
    pattern:
      '(?:[Nn]etworkPlugin cni failed to (?:teardown|set up) pod|failed to (?:destroy|setup|set up) network for (?:sandbox|pod)|CNI request|plugin type="[^"]+"[^\\n]{0,60}failed)[^\\n]{0,400}(?:timeout|timed out|deadline exceeded|DeadlineExceeded)|error getting ClusterInformation[^\\n]{0,200}(?:deadline exceeded|timeout)',
  },
  {
    fact: 'cni.error',
    pattern:
      '[Nn]etworkPlugin cni failed|failed to (?:destroy|setup|set up) network for (?:sandbox|pod)|plugin type="[^"]+"[^\\n]{0,60}failed|TearDownPod|GetPodNetworkStatus',
  },
  {
    fact: 'cni.not_ready',
    pattern:
      'NetworkPluginNotReady|cni config uninitialized|network plugin is not ready|runtime network not ready',
  },
];
