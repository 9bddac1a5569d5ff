import { alternatives, HEDGES, NOT_THE_NODE, PLANNING, QUESTION, WITHIN_SENTENCE } from './descriptions.ts';
import { HANG, type Signature } from './types.ts';

/**
 * Round 16: people's words for a node daemon that cannot start on its own configuration or host, and for the
 * systemd cgroup driver's bus calls that do not return. The states are the ones the programs' own refusals name
 * (containerd's LoadConfig, dockerd's daemon.json merge, CRI-O's Validate, a low-level runtime binary the shim cannot
 * find, the kubelet's failCgroupV1 check, runc's and crun's StartTransientUnit over D-Bus); the sentences are written
 * from those, never from a case. Read only in prose, weighed below the programs like every description.
 */

const S = WITHIN_SENTENCE;
/** The runtime daemons by the names people use. */
const RUNTIME = '(?:[Dd]ocker(?:d| daemon| engine| service)?|[Cc]ontainerd|[Cc][Rr][Ii]-[Oo]|crio)';
/** The runtimes' own configuration files. */
const RUNTIME_FILE = '(?:daemon\\.json|config\\.toml|crio\\.conf)';
const CONFIG_FILE = '(?:config file|configuration file|配置文件)';
/** A daemon that does not start, or a file said to be wrong. */
const BROKEN =
  "(?:broken|invalid|malformed|corrupt(?:ed)?|syntax error|parse error|won't start|won’t start|will not start|fails? to start|failed to start|does ?n[o'’]t start|can ?n[o'’]t start|cannot start|refuses? to start|exits? (?:right|immediately|at once)|写错|有误|损坏|起不来|启动不了|启动失败|无法启动)";
/** The kubelet refusing to run, or the process that embeds it restarted in a loop. */
const REFUSES =
  "(?:refuses?|refused|won't start|won’t start|will not start|fails? to start|failed to start|does ?n[o'’]t start|can ?n[o'’]t start|cannot start|exits|exited|keeps? restarting|restart(?:s|ed|ing)? in a loop|crash(?:es|ed|ing)?|crash ?loop(?:s|ing)?|起不来|启动失败|无法启动|拒绝启动|拒启|反复重启)";
const KUBELET = '(?:[Kk]ubelet|k3s|K3s|rke2|RKE2|k0s)';
const CGROUP_V1 = '(?:cgroup ?v1|cgroups v1|cgroup version 1)';
/** The systemd cgroup driver, by its names in the runtimes' and the kubelet's configurations. */
const SYSTEMD_DRIVER =
  '(?:systemd cgroup driver|systemd cgroup manager|systemd cgroup 驱动|SystemdCgroup|systemd-cgroup|cgroup_manager ?= ?"?systemd|cgroupDriver: ?systemd)';
const STALLS = `(?:${HANG}|times? out|timed out|stall(?:s|ed|ing)?|blocks?|blocked|超时)`;

/** What every description here leaves out: questions, hedges, another host, plans. */
const COMMON_UNLESS = alternatives({ en: [...HEDGES.en, ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh }, [
  QUESTION,
]);

export const STARTUP_WORD_RULES: readonly Signature[] = [
  {
    fact: 'runtime.start_failed',
    pattern: [
      `${RUNTIME_FILE}${S}{0,80}${BROKEN}`,
      `${BROKEN}${S}{0,80}${RUNTIME_FILE}`,
      `${RUNTIME}${S}{0,60}${CONFIG_FILE}${S}{0,60}${BROKEN}`,
      `${RUNTIME}${S}{0,60}${BROKEN}${S}{0,20}${CONFIG_FILE}`,
      `${CONFIG_FILE}${S}{0,60}${BROKEN}${S}{0,60}${RUNTIME}`,
    ].join('|'),
    literals: ['daemon.json', 'config.toml', 'crio.conf', 'config file', 'configuration file', '配置文件'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: a runtime that will not start on its own configuration file, as containerd's LoadConfig (config.toml), dockerd's loadDaemonCliConfig (daemon.json) and CRI-O's UpdateFromFile/Validate (crio.conf) refuse it at start",
    mechanism:
      'the runtime daemon exits at start on a configuration file it cannot read or rejects, and its service manager restarts it into the same file: nothing answers the kubelet',
  },
  {
    fact: 'runtime.binary_missing',
    pattern: [
      `(?:runc|crun)(?: binary| executable)?${S}{0,40}(?:is missing|was missing|went missing|missing|was removed|got removed|was deleted|is gone|was gone|no longer exists|not found|not installed|不存在|被删除|被删了|找不到|丢失|没有了)`,
      '(?:missing|removed|deleted|without)(?: the)? (?:runc|crun)(?: binary| executable)',
    ].join('|'),
    literals: ['runc', 'crun'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: the low-level runtime binary gone, as containerd's shim (go-runc's exec of runc or crun) and CRI-O's ValidateRuntimePath find it missing",
    mechanism:
      'the low-level runtime the runtime is configured to use is not installed (an OS image or package update removed it): no sandbox or container can be created, and CRI-O exits at start',
  },
  {
    fact: 'systemd.dbus_timeout',
    pattern: `${SYSTEMD_DRIVER}${S}{0,120}${STALLS}|${STALLS}${S}{0,120}${SYSTEMD_DRIVER}`,
    literals: ['systemd cgroup', 'SystemdCgroup', 'systemd-cgroup', 'cgroup_manager', 'cgroupDriver'],
    unless: `${COMMON_UNLESS}|(?:hang|hangs|stall|stalls|timeouts?) (?:stopped|went away|disappeared)|no longer (?:hangs?|stalls?|times? out)`,
    observation: true,
    prose: true,
    source:
      "observation: creates that stall in the systemd cgroup driver, whose calls to systemd over D-Bus (runc libcontainer/cgroups/systemd startUnit's StartTransientUnit and its wait for the job, crun's sd-bus calls, the kubelet's and containerd's own slices) wait on PID 1's answer",
    mechanism:
      "container creates wait on systemd: the systemd cgroup driver asks PID 1 over D-Bus to start each scope or slice, and PID 1 is not answering, so every create on the node stalls, not one container's",
  },
  {
    fact: 'kubelet.config_error',
    pattern: [
      `${KUBELET}${S}{0,80}${REFUSES}${S}{0,80}${CGROUP_V1}`,
      `${KUBELET}${S}{0,80}${CGROUP_V1}${S}{0,80}${REFUSES}`,
      `${CGROUP_V1}${S}{0,80}${KUBELET}${S}{0,80}${REFUSES}`,
    ].join('|'),
    literals: ['cgroup v1', 'cgroupv1', 'cgroups v1', 'cgroup version 1'],
    unless: COMMON_UNLESS,
    observation: true,
    prose: true,
    source:
      'observation: the kubelet refusing a cgroup v1 host, as kubernetes pkg/kubelet/apis/config/validation/validation_linux.go validateKubeletOSConfiguration does with failCgroupV1 (1.31+, the default from 1.35), alone or inside k3s/rke2',
    mechanism:
      'the kubelet exits at start on a host booted with cgroup v1 in a release that refuses it, and its service manager (or k3s/rke2) restarts it in a loop: the node never reports Ready',
  },
];
