import {
  AGENTS_STOP,
  alternatives,
  HEDGES,
  KUBELET_WITH_AGENT_STOPPED,
  NOT_THE_NODE,
  PLANNING,
  QUESTION,
  SAME_MOMENT,
  WITHIN_SENTENCE,
} from './descriptions.ts';
import type { Signature } from './types.ts';

/**
 * Round 23 (r23-clock-cpu-defects): CPU starvation told in steps and by what ended it.
 *
 * A node starved of CPU fails by the clock: the kubelet's and the runtime's threads, the network agent's and the
 * probes' handlers all wait for a CPU and miss their deadlines (a probe's timeoutSeconds, 1 s by default; the
 * agents' own health checks; the kubelet's status and relist). Two things people say name the mechanism outright:
 *
 * - What ended it: the node healed only once the CPU- (or memory-) heavy workloads were moved, descheduled, evicted or
 *   scaled down. Removing the load is the test of starvation (Kubernetes docs, "Reserve Compute Resources for System
 *   Daemons": without kube-reserved/system-reserved the pods compete with the kubelet and the runtime for the node's
 *   CPU; the Linux CFS shares it by weight, not by need).
 * - A probe storm: many pods' liveness probes failing together and their containers restarted at once. The kubelet
 *   restarts a container whose liveness probe fails failureThreshold times (pkg/kubelet/prober/worker.go doProbe;
 *   pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions, "Container %s failed liveness probe, will be
 *   restarted"); a probe that times out is a failure, so a CPU-starved node fails every pod's probe at once and each
 *   restart (the runtime's start, the application's start-up) spends more of the CPU that was short.
 */

const S = WITHIN_SENTENCE;
/** Any character of the line: the checks and the guest's state often stand in two sentences of one paragraph. */
const L = '[^\\n]';
const UNLESS = alternatives({ en: [...HEDGES.en, ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh }, [QUESTION]);

/** Workloads named by what they consume. */
const HEAVY =
  '(?:CPU|[Cc]pu|[Mm]emory|[Cc]ompute)[- ](?:heavy|intensive|hungry|bound|hogging|greedy|consuming) (?:pods?|workloads?|containers?|jobs?|processes|deployments?|apps?|applications?)';
/** Or the load itself: a stress or busy-loop workload, a load test, the load. */
const LOAD = `(?:${HEAVY}|(?:the )?(?:stress(?:-ng)?|busy-?loop|load[- ]test|benchmark|CPU[- ]burn(?:ing)?) (?:pods?|containers?|jobs?|workloads?|processes)|the load(?: test)?)`;
/** Taking them off the node. */
const MOVE =
  '(?:mov(?:e|ed|es|ing)|deschedul(?:e|ed|es|ing)|reschedul(?:e|ed|es|ing)|evict(?:s|ed|ing)?|drain(?:s|ed|ing)?|kill(?:s|ed|ing)?|delet(?:e|ed|es|ing)|remov(?:e|ed|es|ing)|migrat(?:e|ed|es|ing)|scal(?:e|ed|es|ing) down|shut(?:ting)? down|stop(?:s|ped|ping)?)';
/** The node coming back, or the step said to be what it takes. */
const RELIEF =
  '(?:(?:is|was|were|are) (?:required|needed|necessary|the only (?:fix|way|workaround))|recover(?:s|ed)?|heal(?:s|ed)?|(?:became|becomes|went|goes|got|gets|turned|returned|came|comes) (?:back )?(?:to )?(?:Ready|normal|healthy)|back to (?:Ready|normal)|fix(?:es|ed)|resolv(?:es|ed)|(?:the )?node (?:is |was )?(?:Ready|fine|stable))';

/** The runtime, named beside the kubelet: its stop is the runtime's, and the kubelet's state follows it. */
const WITH_RUNTIME =
  '[Kk]ubelet(?: process| service)?,? (?:and|as well as|together with|along with|&) (?:the |its )?(?:docker|dockerd|containerd|cri-o|crio|CRI-O|Docker|Containerd|container runtime|runtime)|(?:docker|dockerd|containerd|cri-o|crio|CRI-O|Docker|Containerd|container runtime|runtime) (?:and|&) (?:the )?[Kk]ubelet|kubelet ?(?:和|与|與|跟)(?:docker|containerd|容器运行时|运行时)|(?:docker|containerd|运行时)(?:和|与|與|跟)kubelet';
/** Everything on the node, as one subject. */
const EVERYTHING =
  '(?:[Ee]verything|[Aa]ll (?:the )?(?:processes|services|daemons|agents|node agents|components|logs|metrics|logs and metrics|metrics and logs)|[Ee]very (?:process|service|daemon|agent|component))(?: on (?:the|that|this|each|our) (?:node|VM|vm|instance|host|machine|server|box))?';
/** The hypervisor's or the cloud's checks of the instance, passing. */
const CHECKS_PASS =
  '(?:(?:[Ii]nstance|[Ss]ystem|EC2|[Ii]nstance and system) status checks?|[Ss]tatus checks?|2/2 checks?|[Hh]ypervisor(?: checks?)?|[Ii]nstance checks?)(?: (?:were|was|are|is|stayed|remained|kept|still|all|both))*(?: (?:passing|passed|pass|green|OK|ok|fine|healthy|reported (?:it )?(?:running|healthy|OK)|showed (?:it )?(?:running|healthy|OK)))';
/** The guest stalled as the node's state. */
const GUEST_STALLED =
  '(?:(?:the )?(?:node|VM|vm|instance|guest|machine|host|server)s? (?:was |were |is |are |went |became |got )?(?:NotReady|not ready|frozen|froze|hung|hang|unresponsive|unreachable|stuck|dead|silent)|虚拟机卡死|虛擬機卡死|节点假死|節點假死)';

export const LOAD_WORD_RULES: readonly Signature[] = [
  {
    // Round 27 (r27-words): the kubelet and another agent of the node (a log shipper, an exporter, the cloud's agent),
    // or everything on the node, stopping in one moment. What stops every agent of a node at once is what they share,
    // the guest (memory exhausted and reclaim livelocking it, the CPU starved, the kernel stuck), never one of them:
    // the kubelet's own pairings leave such a sentence alone (descriptions.ts KUBELET_WITH_AGENT_STOPPED).
    fact: 'node.unresponsive',
    pattern: [
      KUBELET_WITH_AGENT_STOPPED,
      `${EVERYTHING}${S}{0,30}${AGENTS_STOP}${S}{0,40}${SAME_MOMENT}`,
      `${SAME_MOMENT},? ${EVERYTHING}${S}{0,30}${AGENTS_STOP}`,
      '(?:节点|節點|机器|機器|虚拟机|虛擬機|主机|主機)上?(?:的)?(?:所有|全部)(?:的)?(?:进程|進程|服务|服務|组件|組件|agent|Agent)[^\\n。]{0,10}(?:同时|同時|一起|同一时间|同一時間)[^\\n。]{0,6}(?:停止|停了|卡住|卡死|挂了|掛了|没有响应|沒有響應|无响应|無響應|退出)',
    ].join('|'),
    literals: [
      'same time',
      'same moment',
      'same instant',
      'same second',
      'same minute',
      'same timestamp',
      'simultaneous',
      'at once',
      'together',
      '同时',
      '同時',
      '同一时',
      '同一時',
      '一起',
    ],
    unless: `${UNLESS}|${WITH_RUNTIME}`,
    observation: true,
    prose: true,
    source:
      "observation: the kubelet and another agent of the node (a log shipper, a metrics exporter, amazon-ssm-agent or another guest agent, sshd), or every process of the node, described stopping in one moment: agents with no code path in common stop together only when what they share, the guest's kernel, memory and CPUs, stops scheduling them (the Linux kernel's direct reclaim under memory exhaustion, mm/vmscan.c; CPU starvation; a hung kernel)",
    mechanism:
      'the guest itself stopped running its processes (memory exhausted and reclaim livelocking it, the CPU starved, the kernel stuck): every agent of the node, the kubelet among them, fell silent at the same instant',
  },
  {
    // Round 27: the hypervisor's or the cloud's instance checks passing while the guest is hung or NotReady: the
    // machine runs (the checks see its virtual hardware), the guest inside it does not answer.
    fact: 'node.unresponsive',
    pattern: `${CHECKS_PASS}${L}{0,120}${GUEST_STALLED}|${GUEST_STALLED}${L}{0,120}${CHECKS_PASS}`,
    literals: [
      'status check',
      '2/2 check',
      'hypervisor',
      'instance check',
      '虚拟机卡死',
      '虛擬機卡死',
      '节点假死',
      '節點假死',
    ],
    unless: UNLESS,
    observation: true,
    prose: true,
    source:
      "observation: a cloud's or a hypervisor's instance checks passing (EC2's system and instance status checks: the host's hardware and the guest's network reachability as the hypervisor sees them) while the node is NotReady, hung or unreachable: the virtual machine runs, the guest's processes do not",
    mechanism:
      'the guest hung inside a running virtual machine (memory exhausted, the CPU starved, the kernel stuck): its checks pass while no process of it, the kubelet among them, answers',
  },
  {
    fact: 'cpu.relieved_by_moving_load',
    pattern: [
      `${MOVE}${S}{0,30}${HEAVY}${S}{0,80}${RELIEF}`,
      `(?:only (?:after|when|once|by)|until|not (?:until|before)|unless)${S}{0,40}${MOVE}${S}{0,30}${HEAVY}`,
      `${LOAD}${S}{0,20}(?:are|is|were|was|got|get|had been|have been) ${MOVE}${S}{0,40}${RELIEF}`,
      `${RELIEF}${S}{0,20}(?:once|after|when|as soon as)${S}{0,30}${LOAD}${S}{0,20}(?:are|is|were|was|got|get|had been|have been) ${MOVE}`,
      `only${S}{0,20}(?:came back|comes back|recover(?:s|ed)?|heal(?:s|ed)?|(?:became|becomes|went|goes|got|gets|turned|returned) (?:back )?(?:to )?(?:Ready|normal|healthy)|worked|helped)${S}{0,20}(?:after|once|when|by)${S}{0,20}${MOVE}${S}{0,30}${HEAVY}`,
      `(?:CPU|cpu|内存) ?(?:密集型?|占用(?:高|很高|过高)|高负载|消耗大|使用率高)[^。\\n]{0,6}(?:pod|Pod|POD|容器|应用|业务|任务)[^。\\n]{0,10}(?:迁走|迁移|驱逐|调度走|调度到其他|移走|删除|删掉|停掉|缩容)[^。\\n]{0,20}(?:后|之后|以后|才)[^。\\n]{0,20}(?:恢复|Ready|正常)`,
      `(?:CPU|メモリ)(?:負荷|使用率)?の?(?:高い|重い)(?:Pod|ポッド|ワークロード|コンテナ)[^。\\n]{0,20}(?:移動|退避|削除|停止|スケールダウン)[^。\\n]{0,20}(?:復旧|回復|Ready|正常)`,
    ].join('|'),
    literals: [
      'heavy',
      'intensive',
      'hungry',
      '-bound',
      ' bound',
      'hogging',
      'greedy',
      'consuming',
      'stress',
      'busy-loop',
      'busyloop',
      'load test',
      'load-test',
      'benchmark',
      'the load',
      'burn',
      '密集',
      '占用',
      '高负载',
      '消耗大',
      '使用率高',
      '高い',
      '重い',
    ],
    observation: true,
    prose: true,
    unlessSaid: UNLESS,
    specific:
      'the node healed only once the CPU- or memory-heavy workloads were taken off it: removing the load is the test of starvation',
    source:
      'observation: the node recovering only once its CPU- or memory-heavy workloads are moved, descheduled, evicted or scaled down (Kubernetes docs, "Reserve Compute Resources for System Daemons": without kube-reserved and system-reserved, pods compete with the kubelet and the runtime for the node\'s CPU; the Linux CFS shares CPU by weight)',
    mechanism:
      'the workloads took the CPU (or memory) the kubelet, the runtime and the network agent need: the node stays NotReady while they run and heals once they are gone',
  },
  {
    fact: 'probes.restart_storm',
    pattern: [
      `(?:pods?|containers?)${S}{0,40}(?:restart(?:s|ed|ing)?|(?:are|were|get|got|being) (?:restarted|killed))${S}{0,40}(?:at the same time|simultaneously|at once|all together|together|in bulk|en masse)${S}{0,40}(?:liveness|readiness)? ?probes?`,
      `(?:[Ll]iveness|[Rr]eadiness) probes?${S}{0,40}(?:fail(?:s|ed|ing)?|tim(?:e|es|ed|ing) out)${S}{0,40}(?:at the same time|simultaneously|at once|all together|together|across (?:the |all |many |most )?(?:pods|containers)|(?:on|for) (?:all|many|most|every|dozens of|hundreds of) (?:the )?(?:pods|containers))`,
      `(?:[Aa]ll|[Mm]any|[Mm]ost|[Ee]very|[Dd]ozens of|[Hh]undreds of|[Ll]ots of|[Aa] lot of) (?:the )?(?:pods|containers)${S}{0,40}(?:fail(?:ed|ing)?|(?:timing|timed) out on)${S}{0,15}(?:their )?(?:liveness|readiness) probes?`,
      '(?:[Ll]iveness|[Rr]eadiness)? ?probe storm|restart storm',
      '(?:大量|很多|所有|全部|批量)[^。\\n]{0,10}(?:pod|Pod|POD|容器)[^。\\n]{0,20}(?:存活|就绪|liveness|readiness)?探针[^。\\n]{0,10}(?:失败|超时)[^。\\n]{0,20}(?:同时|一起|集体)?重启',
      '(?:存活|liveness)探针[^。\\n]{0,10}(?:同时|集体|批量|大面积)(?:失败|超时)',
    ].join('|'),
    literals: ['probe', 'restart storm', '探针'],
    observation: true,
    prose: true,
    unlessSaid: UNLESS,
    source:
      'observation: many pods\' liveness probes failing together and their containers restarted at once (kubernetes pkg/kubelet/prober/worker.go doProbe: a probe that times out is a failure, timeoutSeconds 1 by default; pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions "Container %s failed liveness probe, will be restarted", 1.10 and later)',
    mechanism:
      "every pod's probe misses its deadline at once when the node's CPU is short, and the kubelet restarts each container: the restarts spend more of the CPU that was short, so the node stays starved",
  },
];
