import { APISERVER_PATH_RULES } from './rules/apiserver-path.ts';
import { BELOW_RUNTIME_RULES } from './rules/below-runtime.ts';
import { CATALOGUED_RULES } from './rules/catalogued.ts';
import { CNI_RULES } from './rules/cni.ts';
import { CNI_MACHINERY_RULES } from './rules/cni-machinery.ts';
import { CONTAINERD_RULES } from './rules/containerd.ts';
import { CRIO_RULES } from './rules/crio.ts';
import { DESCRIPTION_RULES } from './rules/descriptions.ts';
import { DOCKERD_RULES } from './rules/dockerd.ts';
import { ERRNO_RULES } from './rules/errno.ts';
import { EVENTED_PLEG_RULES } from './rules/evented-pleg.ts';
import { HYPERVISOR_RULES } from './rules/hypervisor.ts';
import { KERNEL_RULES } from './rules/kernel.ts';
import { KUBELET_RULES } from './rules/kubelet.ts';
import { LEAD_WORD_RULES } from './rules/lead-words.ts';
import { LOAD_WORD_RULES } from './rules/load-words.ts';
import { MENTION_RULES } from './rules/mentions.ts';
import { MONITORING_RULES } from './rules/monitoring.ts';
import { NETWORK_AGENT_RULES } from './rules/network-agent.ts';
import { NPD_RULES } from './rules/npd.ts';
import { OBSERVATION_RULES } from './rules/observations.ts';
import { POD_RANGE_RULES } from './rules/pod-range.ts';
import { RUNC_RULES } from './rules/runc.ts';
import { RUNTIME_RULES } from './rules/runtime.ts';
import { RUNTIME_STOP_WORD_RULES } from './rules/runtime-stop-words.ts';
import { RUNTIME_WORD_RULES } from './rules/runtime-words.ts';
import { STARTUP_WORD_RULES } from './rules/startup-words.ts';
import { SYSTEMD_RULES } from './rules/systemd.ts';
import { TRUST_WORD_RULES } from './rules/trust-words.ts';
import type { Signature } from './rules/types.ts';
import { VOLUME_RELABEL_RULES } from './rules/volume-relabel.ts';

export { PLEG_AGE } from './rules/kubelet.ts';
export type { Signature } from './rules/types.ts';

/** One file of rules: the program (or group of programs) whose messages it recognises. */
export interface RuleSet {
  /** The file under `shared/diagnosis/rules/`, without extension. */
  file: string;
  title: string;
  rules: readonly Signature[];
}

/** Every detection rule, one file per program that writes the message, people's descriptions last. */
export const RULE_SETS: readonly RuleSet[] = [
  { file: 'kubelet', title: 'kubelet and the node lifecycle controller', rules: KUBELET_RULES },
  { file: 'runtime', title: 'any container runtime, as its callers report it', rules: RUNTIME_RULES },
  { file: 'containerd', title: 'containerd: CRI plugin, shims, snapshotters', rules: CONTAINERD_RULES },
  { file: 'crio', title: 'cri-o and conmon', rules: CRIO_RULES },
  { file: 'dockerd', title: 'dockerd, cri-dockerd and the docker CLI', rules: DOCKERD_RULES },
  { file: 'runc', title: 'runc', rules: RUNC_RULES },
  { file: 'systemd', title: 'systemd and D-Bus', rules: SYSTEMD_RULES },
  { file: 'kernel', title: 'the Linux kernel', rules: KERNEL_RULES },
  { file: 'npd', title: "node-problem-detector's own rules", rules: NPD_RULES },
  {
    file: 'hypervisor',
    title: "hypervisors' and clouds' machine states, and cluster-api's machine health check",
    rules: HYPERVISOR_RULES,
  },
  { file: 'cni', title: 'CNI plugins and their callers', rules: CNI_RULES },
  {
    file: 'cni-machinery',
    title:
      "the network plugin's machinery beyond ADD and DEL: the runtime's network status, the pod IP lookup's host tools, the installer's busy binary, a plugin call in progress, Windows' host network service (round 24)",
    rules: CNI_MACHINERY_RULES,
  },
  {
    file: 'pod-range',
    title:
      "a node without a pod range: the network plugins that take it from the Node's spec.podCIDR, host-local's range, the controller manager's allocator (round 28)",
    rules: POD_RANGE_RULES,
  },
  {
    file: 'apiserver-path',
    title:
      "the node-local paths to the API server (nginx, haproxy, k3s's and MicroK8s' proxies, KubeEdge's and OpenYurt's hubs) and the node's clock",
    rules: APISERVER_PATH_RULES,
  },
  {
    file: 'monitoring',
    title:
      'kubernetes-mixin and node-mixin alerts named in a paste (as extract/alerts.ts reads them structured)',
    rules: MONITORING_RULES,
  },
  {
    file: 'errno',
    title: 'errnos read by the call that returned them (errno.ts, from the man pages)',
    rules: ERRNO_RULES,
  },
  {
    file: 'catalogued',
    title: "every program's messages promoted from the mined catalogue (rules/catalogue/, generated)",
    rules: CATALOGUED_RULES,
  },
  { file: 'observations', title: 'what people write (weighed below the programs)', rules: OBSERVATION_RULES },
  {
    file: 'network-agent',
    title:
      "the network agent restarted before its start finishes (the kubelet's probe kills and back-off of the agents' own containers), the node's network found broken from its console, its Lease and status updates stopped, and the CNI not ready on a cluster just built, in the programs' and people's words (round 29)",
    rules: NETWORK_AGENT_RULES,
  },
  {
    file: 'descriptions',
    title:
      "people's descriptions as a grammar: subject × state, English and Chinese (weighed below the programs)",
    rules: DESCRIPTION_RULES,
  },
  {
    file: 'mentions',
    title:
      "people's words that carry a mechanism by themselves, anywhere in a sentence: English, Chinese, Japanese (weighed below the programs)",
    rules: MENTION_RULES,
  },
  {
    file: 'startup-words',
    title:
      "people's words for a daemon that cannot start on its configuration or host, and the systemd cgroup driver stalling (round 16; weighed below the programs)",
    rules: STARTUP_WORD_RULES,
  },
  {
    file: 'runtime-words',
    title:
      "people's words for a runtime that does not start, in the nominal and gerund forms the grammar does not read (round 18; weighed below the programs)",
    rules: RUNTIME_WORD_RULES,
  },
  {
    file: 'runtime-stop-words',
    title:
      "people's words for a runtime's status or listing waiting on one container's stop, and for a runtime upgraded alone or a node air-gapped (round 21; weighed below the programs)",
    rules: RUNTIME_STOP_WORD_RULES,
  },
  {
    file: 'below-runtime',
    title:
      "the layers below the runtime on Windows (the host's compute and network services), in the programs' and people's words (round 22)",
    rules: BELOW_RUNTIME_RULES,
  },
  {
    file: 'trust-words',
    title:
      "people's words for the kubelet's and the API server's trust broken by a CA's rotation (round 20; weighed below the programs)",
    rules: TRUST_WORD_RULES,
  },
  {
    file: 'load-words',
    title:
      "people's words for CPU starvation by what ended it and the probe storm it drives (round 23; weighed below the programs)",
    rules: LOAD_WORD_RULES,
  },
  {
    file: 'lead-words',
    title:
      "people's words for a hedged suspicion of the descriptor limit, descriptors used up told by their effect, the kubelet's start against its runtime asked about, its memory growing, connection attempts filling disks and a package upgrade under the runtime (round 24; weighed below the programs)",
    rules: LEAD_WORD_RULES,
  },
  {
    file: 'volume-relabel',
    title:
      "a volume relabelled for SELinux at each container's start: the runtimes' relabel, a network filesystem's metadata server holding its extended-attribute writes, in the programs' and people's words (round 27)",
    rules: VOLUME_RELABEL_RULES,
  },
  {
    file: 'evented-pleg',
    title:
      "the kubelet's EventedPLEG feature gate turned on, and the runtime's container-events stream it cannot hold, in the programs' and people's words (round 27)",
    rules: EVENTED_PLEG_RULES,
  },
];

/** The rules in one list, as the scanner applies them; shared verbatim with ripgrep in the log-scan benchmark. */
export const SIGNATURES: readonly Signature[] = RULE_SETS.flatMap((set) => set.rules);
