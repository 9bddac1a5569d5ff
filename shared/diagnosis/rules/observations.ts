import {
  ADVICE,
  alternatives,
  MOOD,
  NOT_THE_NODE,
  notMood,
  PLANNING,
  QUESTION,
  RESOLVED,
} from './descriptions.ts';
import { HANG, HANG_LITERALS, type Signature } from './types.ts';

/**
 * One character between a command and the state said of it, inside one sentence: a full stop ends one only before
 * a space (`kubelet.service` keeps going), as in the description grammar.
 */
const SAME_SENTENCE = '(?:[^\\n.;!?。；！？]|\\.[^ \\n])';
/** A pronoun, the pods, the containers or the kubelet: another subject, which a state after it is said of. */
const ANOTHER_SUBJECT =
  '(?: (?:they|it|its|pods?|the pods?|containers?|the containers?|the kubelet) |他们|它们|它|容器)';
/** A command and a state with another subject between them in the sentence ("after docker ps, the pods were stuck"). */
const anotherSubjectBetween = (command: string, state: string) =>
  `${command}${SAME_SENTENCE}{0,40}${ANOTHER_SUBJECT}${SAME_SENTENCE}{0,40}${state}`;
/**
 * A command written as what a person did or suggests ("if you", "after running", "we ran", "you can", "try"): an
 * action in the sentence, not a subject with a state.
 */
const AS_AN_ACTION = `(?:[Ii]f (?:you|we)|[Aa]fter (?:running|we ran|I ran|restarting)|[Ww]e ran|I ran|[Yy]ou can|[Yy]ou could|Try | try |Run | run |[Bb]y running|[Rr]estart(?:ed|ing)? with)${SAME_SENTENCE}{0,60}(?:systemctl|busctl)`;
const SYSTEMD_HANG = `(?:${HANG}|times? out|timed out)`;
/**
 * The service manager asked to start or restart a container runtime: a start that does not return is the runtime not
 * coming up (its ExecStart not yet notifying ready, systemd.service(5) Type=notify), not PID 1 off its bus, so it is
 * read as the runtime's start (startup-words.ts), not as systemctl hanging.
 */
const RUNTIME_START_CMD =
  'systemctl (?:re)?start (?:docker|containerd|crio|cri-o)|(?:docker|containerd|crio)(?:\\.service)? (?:服务)?(?:启动|重启)(?:时)?(?:卡住|卡死|一直卡|hang)';

/** A restart of the kubelet as a noun phrase, a gerund or a command: the subject of what follows it. */
const KUBELET_RESTART =
  '(?:[Rr]estart(?:ing)? (?:the )?kubelet|(?:[Aa]|[Aa]ny|[Ee]very|[Ee]ach) kubelet restart|(?:[Aa] |[Tt]he )?restart of (?:the )?kubelet|systemctl restart kubelet)(?:\\.service| service)?';
/** The node's Ready condition turned false, as people write it. */
const NOT_READY = '(?:NotReady|not ready|Not Ready)';
/** A restart followed, in its sentence, by the node turning NotReady: the restart's consequence. */
const RESTART_MAKES_NOT_READY = `${KUBELET_RESTART}${SAME_SENTENCE}{0,60}(?:makes?|made|causes?|caused|leads? to|led to|results? in|resulted in|puts?|turns?|turned|sets?|goes|go|went|becomes?|became|flips?|flipped|会导致|导致)${SAME_SENTENCE}{0,30}${NOT_READY}`;
/** The runtime daemon as the object of a causative ("made dockerd crash", "killed containerd"). */
const RUNTIME_DAEMON =
  '(?:the )?(?:docker daemon|docker engine|docker service|dockerd|docker|containerd|cri-o|crio|CRI-O|container runtime)(?: daemon| service| process)?';
/** Words that say a restart did not cure. */
const DID_NOT_CURE =
  "did ?n[o']t (?:help|fix|resolve|solve|work)|does ?n[o']t (?:help|fix|resolve|solve|work)|won't (?:help|fix)|not help|no effect|no luck|to no avail|without success|[Ss]till NotReady|[Ss]till not ready|重启 ?kubelet[^\\n]{0,20}(?:没有恢复|没恢复|未恢复|无法恢复|不能恢复|没用|无效|还是|仍然|依然)";
/** A suggestion or a hypothesis, not what happened. */
const SUGGESTED =
  '(?:may |might |could |usually|typically|should |[Tt]ry |[Yy]ou can |[Ii]f (?:you|we) |可能|一般|建议|尝试)';

/** A suggestion or a hypothesis, where "could" may also be the past of "can" ("we could not SSH in"). */
const HEDGED =
  '(?:may |might |could be|could have|could cause|usually|typically|should |[Tt]ry |[Yy]ou can |[Ii]f (?:you|we) |可能|一般|建议|尝试)';

/**
 * The channels an operator reaches a host by: sshd, a cloud agent's session (AWS Systems Manager's Session Manager
 * through amazon-ssm-agent, EC2 Instance Connect), the serial console, ICMP echo, RDP. A short word keeps a space or
 * a capital before it (" ping", not "mapping").
 */
const CHANNEL =
  '(?:SSH|ssh|SSM|[Ss]ession [Mm]anager|[Ss]ystems [Mm]anager|(?:EC2 )?[Ii]nstance [Cc]onnect|[Ss]erial [Cc]onsole| pings?|Pings? |RDP)';
/** A channel that does not get through, in English and Chinese. */
const CHANNEL_FAILS =
  "(?:times? out|timed out|timing out|(?:could ?n[o']t|can ?n[o']t|cannot|unable to|won't) (?:connect|start|open|get in)|hangs?|hung|hanging|fail(?:s|ed|ing)?|(?:does|did|do) ?n[o']t (?:work|connect|respond)|not working|stopped working|no longer works?|(?:is |was )?unavailable|not available|impossible|(?:is |was |got |gets )?refused|unresponsive|not responding|no response|unreachable|not reachable|(?:gets?|got) stuck|is stuck|was stuck|stuck|froze|frozen|freezes|超时|超時|连不上|連不上|不通|无法连接|無法連接|登录不上|登錄不上|登不上|卡住|卡死|无响应|無響應|没有响应|沒有響應|失败|失敗|不可用|进不去|進不去)";
/** Reaching the host by a channel, said as what one cannot do. */
const CANNOT_REACH_BY =
  "(?:[Cc]annot|[Cc]an't|[Cc]an not|[Cc]ould ?n[o']t|[Uu]nable to|[Nn]ot able to|[Ff]ailed to|[Nn]o longer able to|[Ii]mpossible to) (?:SSH|ssh|ping|log ?in|log on|connect (?:via|over|with|using|through) (?:SSH|ssh|SSM|[Ss]ession [Mm]anager|(?:EC2 )?[Ii]nstance [Cc]onnect|the serial console|RDP))|(?:无法|無法|不能|没法|沒法) ?(?:ssh|SSH|登录|登錄|登陆|登陸|远程|遠程|ping通)|(?:ssh|SSH|远程|遠程) ?(?:登录|登錄)?(?:不上|不了)|ping ?不通";
/** A login or a connection to something else than the host: a registry, a cloud console, a repository, a pod. */
const ELSEWHERE =
  'docker login|registry|[Rr]egistries|portal|dashboard|az login|aws login|gcloud|kubectl|web console|[Gg]rafana|[Aa]rgo|password|[Hh]arbor|ECR|token|github|gitlab|bitbucket|git@|git clone|from the node|from node|from inside|from the pod|from a pod|from pod|from the container|keepalive|gRPC|grpc|busctl|D-Bus|dbus|liveness|readiness|probe|仓库|倉庫|镜像|鏡像';

/** A failure or a mismatch said of the CPU or memory manager's checkpoint file. */
const MANAGER_STATE_FAILS =
  '(?:mismatch|does ?n.t match|did ?n.t match|not match|differs|different|invalid|corrupt|stale|won.t start|fail|refus|cannot|can.t|could ?n.t|delet|remov|起不来|启动失败|无法启动|不匹配|不一致|删除|刪除)';
/** The node's CPUs or memory changed: resized, added, removed, a new instance type. */
const RESIZED =
  "(?:(?:[Rr]esiz(?:e|ed|ing)|[Rr]escal(?:e|ed|ing)|[Ss]cal(?:e|ed|ing) up|[Cc]hang(?:e|ed|ing)|[Aa]dd(?:ed|ing)?|[Ii]ncreas(?:e|ed|ing)|[Rr]educ(?:e|ed|ing)|[Dd]ecreas(?:e|ed|ing)|[Uu]pgrad(?:e|ed|ing)|[Dd]oubl(?:e|ed|ing)|[Hh]alv(?:e|ed|ing)|more|fewer|less)(?: (?:the|its|our|more|of|number|node's|node|VM's|instance's|and|CPU|cpu)){0,4} (?:CPUs?|vCPUs?|cpus?|cores?|memory|RAM|instance type|instance size|VM size|machine type|flavou?r|SKU)|[Rr]esiz(?:e|ed|ing) (?:the |our |a |this )?(?:VMs?|nodes?|instances?|machines?|servers?|hosts?))";
/** The kubelet failing at start, in words. */
const KUBELET_FAILS_AT_START =
  '(?:[Kk]ubelet(?:\\.service)?' +
  SAME_SENTENCE +
  '{0,30}(?:won.t (?:start|come up|run)|will not (?:start|come up)|(?:fails?|failed|failing) to start|refuses to start|refused to start|(?:cannot|can.t|could ?n.t|can not) (?:start|come up)|(?:does ?n.t|did ?n.t) start|never (?:starts|started|came up)|crash(?:es|ed|ing)?|crash-?loop|keeps? (?:restarting|crashing|exiting)|kept (?:restarting|crashing|exiting)))';
const ZH_RESIZED =
  '(?:(?:改了|修改了?|调整了?|調整了?|扩容|擴容|缩容|縮容|增加了?|减少了?|減少了?|加了|升级了?|升級了?|变更了?|變更了?|升配|降配)[^\\n]{0,10}(?:CPU|cpu|内存|內存|核数|核數|核心数|核心數|规格|規格)|(?:CPU|cpu|内存|內存|核数|核數)[^\\n]{0,8}(?:扩容|擴容|缩容|縮容|增加|减少|減少|变更|變更|调整|調整|改了|翻倍))';
const ZH_KUBELET_FAILS =
  'kubelet[^\\n]{0,20}(?:起不来|起不來|启动失败|啟動失敗|无法启动|無法啟動|启动不了|啟動不了|起不了|一直重启|一直重啟|不断重启|不斷重啟)';

/** Nodes said to stop answering or go NotReady (the scheduler's own "nodes are available" is not one). */
const NODES_GO_DOWN =
  '(?:(?:[Nn]odes?|[Ww]orkers?)[^\\n.;,:]{0,30}(?:stop(?:s|ped)? responding|not responding|unresponsive|(?:went|go|goes|became|become|turned|turn) NotReady|(?:are|were|is|was|shows?|showed|show them|shows them) NotReady)|(?:节点|節點)[^\\n]{0,10}(?:NotReady|无响应|無響應|失联|失聯))';
/**
 * What makes a sentence about a command that hangs not a report of one: the hang denied ("never hung", "没有卡住",
 * "固まることはありませんでした"), asked about, supposed ("if … hangs", "in case"), planned, repaired, or said of
 * something other than the node. The grammar's and the mentions' readers have these; the commands' rules here share
 * them.
 */
const HANG_NOT_SAID = [
  `(?:never|not|n't|did not|didn't|does not|doesn't|没有|沒有|没|未|不会|不會)\\s?(?:${HANG}|times? out|timed out|hang)`,
  `${HANG}${SAME_SENTENCE}{0,100}[?？]`,
  '(?:[Ii]f |[Ii]n case |[Ww]henever |如果|万一|萬一|もし)[^\\n]{0,60}(?:hang|hung|stuck|time|卡|タイムアウト|固ま)',
  '(?:ことはありませんでした|ことはない|しませんでした|していません|ていませんでした)',
  QUESTION,
  alternatives({ en: [...PLANNING, ...NOT_THE_NODE, ...RESOLVED.en], zh: RESOLVED.zh }),
].join('|');

/**
 * A pod held in ContainerCreating for a reason of its own, named in the sentence: its image not pulled (a name
 * misspelled, ErrImagePull), a volume, claim, secret or config map not there. The kubelet waits on those before it
 * calls the runtime (pkg/kubelet/kubelet.go SyncPod: WaitForAttachAndMount, then the image puller), so the
 * runtime is not what holds the pod.
 */
const PER_POD_CAUSE =
  '[Ii]mage[^\\n]{0,40}(?:pull|misspel|typo|wrong|not found|does ?n.t exist)|ImagePull|ErrImage|pull (?:failed|error)|(?:[Vv]olume|PVC|[Ss]ecret|[Cc]onfig[Mm]ap)[^\\n]{0,30}(?:attach|mount|not found|missing)|(?:镜像|映像|イメージ)[^\\n]{0,10}(?:拉取|拉不|写错|不存在|pull)|拉取失败|(?:挂载|掛載)[^\\n]{0,6}(?:失败|失敗)';

/** A network plugin named in people's words (its kind, or a project's name as people write it). */
const PLUGIN_WORDS =
  '(?:[Nn]etwork (?:plugin|add-?on|provider)|CNI|[Pp]od network|[Cc]alico|[Ff]lannel|[Cc]ilium|[Ww]eave|[Cc]anal|[Aa]ntrea|kube-router|[Kk]ube-[Oo][Vv][Nn]|ovn-k8s|ovn-kubernetes|OVN|[Oo]pen[Ss]hift[- ]SDN|openshift-sdn)';
/** The control plane said NotReady: "the master node's status was notready", "control-plane is NotReady". */
const CONTROL_PLANE_NOT_READY =
  "(?:[Mm]aster|MASTER|[Cc]ontrol[- ]?[Pp]lane)(?: nodes?)?(?:'s)?(?: status)?(?: (?:is|was|are|were|stays?|stayed|remains?|remained|became|becomes|goes|went|shows?|showed|keeps?|kept|still|stuck|in|being|at|turned))* ?(?:NotReady|[Nn]ot ?[Rr]eady|NOT ?READY)";
/** The other nodes said Ready, the state right after its verb (so "not Ready" is not it). */
const WORKERS_READY =
  "(?:[Ww]orker|[Mm]inion|[Ss]lave|[Oo]ther|[Aa]gent|[Cc]ompute)(?: nodes?)?s?(?:'s?)?(?: status(?:es)?)?(?: (?:is|are|was|were|became|become|turned|turn|went|go|shows?|showed|all|are all|were all))* (?:[Rr]eady|READY)";
const PLUGIN_WORDS_ZH =
  '(?:网络插件|網路插件|網絡插件|网络组件|CNI|cni|[Cc]alico|[Ff]lannel|[Cc]ilium|[Ww]eave|[Kk]ube-[Oo][Vv][Nn]|ovn|OVN|[Aa]ntrea)';
const CONTROL_PLANE_NOT_READY_ZH =
  '(?:[Mm]aster|MASTER|控制平面|主节点|主節點|管理节点)(?: ?节点| ?節點)?[^\\n。，,；;]{0,12}?(?:NotReady|[Nn]ot ?[Rr]eady|不 ?[Rr]eady|未就绪|未就緒|没有 ?[Rr]eady|没 ?[Rr]eady)';
const WORKERS_READY_ZH =
  '(?:[Nn]ode|[Ww]orker|工作|从|從|其他|其它|子)(?: ?节点| ?節點)(?:都|是|为|為|状态|狀態|的)*(?: ?)(?:Ready|ready|READY|就绪|就緒|正常)';

/** Messages people write when they describe what they saw: weighed below the programs' own messages. */
/** Round 26 (r26-weighing): one character inside a sentence, for the words below. */
const S26 = '[^\\n.;。；]';
/** The runtime's state directories and the words for them (containerd, dockerd, CRI-O's containers/storage). */
const RUNTIME_STATE_DIR =
  "(?:/var/lib/containerd|/run/containerd|agent/containerd|/var/lib/docker|/var/run/docker|/var/lib/containers/storage|/run/containers/storage|containerd(?:'s|’s)? (?:state|data|root|metadata)(?: dir(?:ectory)?| folder| store)?|(?:container )?runtime(?:'s|’s)? (?:state|data)(?: dir(?:ectory)?| folder| store)?|(?:容器)?运行时(?:的)?(?:状态|数据)(?:目录)?|containerd ?(?:的)?(?:状态|数据)(?:目录|数据)?)";
/** Cleaning, removing or wiping it. */
const CLEAN_STATE =
  '(?:[Cc]lean(?:ed|ing|s)?(?: up| out)?|[Ww]ip(?:e|ed|es|ing)|[Rr]emov(?:e|ed|es|ing)|[Dd]elet(?:e|ed|es|ing)|[Cc]lear(?:ed|ing|s)?|rm -rf|清理|清空|删除|删掉|移除)';
/** A stop of the node that was not clean: a hard reset, a power loss, a forced power cycle. */
const UNCLEAN_STOP =
  '(?:(?:[Hh]ard|[Uu]nclean|[Uu]ngraceful|[Ff]orced|[Dd]irty|[Aa]brupt)(?: and unclean| and ungraceful)? (?:reboots?|shutdowns?|power[- ]?(?:cycles?|offs?|loss)|resets?|restarts?)|[Pp]ower[- ](?:loss|outages?|failures?|cycles?|cut)|(?:硬重启|强制重启|强制关机|非正常关机|非正常重启|异常关机|意外关机|断电|掉电|斷電|掉電))';
/** Pods or workloads that never start or stay creating. */
const PODS_NOT_STARTING =
  "(?:ContainerCreating|(?:[Pp]ods?|[Cc]ontainers?|[Ww]orkloads?|StatefulSets?|[Dd]eployments?)[^\\n.;。；]{0,30}(?:never (?:start|came up|come up|became ready)|(?:won't|wouldn't|won’t|wouldn’t|don't|didn't|don’t|didn’t|do not|did not|would not|could not|couldn't|can't|cannot|fail(?:s|ed)? to) (?:start|come up|be created)|stuck (?:creating|in creating|Pending|starting))|(?:[Pp]od|容器)[^\\n。；]{0,10}(?:起不来|无法启动|启动不了|一直卡在|卡在创建))";

export const OBSERVATION_RULES: readonly Signature[] = [
  // Round 26 (r26-watch): a node Ready whose kubelet never acts on the pods bound to it or deleted from it. The
  // kubelet learns of both only through its watch of pods (pkg/kubelet/config/apiserver.go NewSourceApiserver, a
  // reflector on spec.nodeName): when that watch is silent, the pods stay Pending (never ContainerCreating: the
  // kubelet has not seen them) or Terminating, with no event from the kubelet. Said with the kubelet as the subject
  // that does not pick up, see or act on pods or deletions (EN and ZH).
  {
    fact: 'kubelet.pods_ignored',
    pattern:
      "[Kk]ubelet(?: on (?:the|this|that) node)? (?:(?:does|did|do) ?n[o']t|never|is not|was not|isn't|wasn't|not|stopped|no longer) (?:pick(?:s|ed|ing)? up|receiv(?:e|es|ed|ing)|notic(?:e|es|ed|ing)|act(?:s|ed|ing)? on|acknowledg(?:e|es|ed|ing)|react(?:s|ed|ing)? to) (?:any )?(?:(?:the )?new(?:ly)? |the )?(?:(?:bound|scheduled|created|assigned) )?(?:pods?|deletions?|pod deletions?)|[Kk]ubelet (?:ignor(?:es|ed|ing)) (?:the )?(?:new(?:ly)? )?(?:(?:bound|scheduled|created|assigned) )?(?:pods?|deletions?)|kubelet[^\n。，,]{0,12}(?:不处理|没有处理|未处理|感知不到|没有感知|收不到|没有收到|未收到|不响应|忽略|不创建|没有创建)[^\n。]{0,8}(?:新的?|新调度的|调度过来的)?(?:[Pp]od|容器|删除)|(?:[Nn]ew(?:ly)? (?:bound|assigned) pods?|[Pp]ods? (?:bound|scheduled|assigned) to (?:the|this|that|its) node)[^\\n.;。；]{0,60}(?:stay|remain|sit|are stuck|were stuck|get stuck|got stuck)(?:s|ed)? (?:in )?Pending",
    literals: [
      'pick',
      'receiv',
      'notic',
      'acknowledg',
      'react',
      'act on',
      'acts on',
      'acted on',
      'acting on',
      'ignor',
      '处理',
      '感知',
      '收到',
      '收不到',
      '不响应',
      '忽略',
      '创建',
      'Pending',
    ],
    observation: true,
    source:
      "observation: the kubelet's pod source is its watch of pods bound to the node (kubernetes pkg/kubelet/config/apiserver.go NewSourceApiserver: a ListWatch on spec.nodeName feeding the pod config's updates channel); a kubelet that does not act on new or deleted pods while its node is Ready has a silent watch, not a dead process",
    mechanism:
      'the kubelet never hears of pods bound to its node or deleted from it while it still posts Ready: its watch of the API server is cut off or served no events (the datastore behind the API server unable to serve watches)',
  },
  {
    // Round 29 (r29-runtime): the sandbox (pause) image said not to be pulled or fetched, in words: every pod's sandbox is
    // made from that image before any network or container work (containerd's RunPodSandbox gets or pulls it first,
    // CRI-O's CreatePodSandbox pulls pause_image, dockershim and cri-dockerd ensure it as their step 1).
    fact: 'runtime.sandbox_image_failed',
    pattern:
      "(?:pause|sandbox|pod-infra|infra) (?:container )?image[^\\n.]{0,60}(?:could not|couldn't|cannot|can't|failed to|fails to|failing to|unable to|not able to) (?:be )?(?:pull(?:ed)?|download(?:ed)?|fetch(?:ed)?)|(?:could not|couldn't|cannot|can't|failed to|fails to|unable to) (?:pull|download|fetch) (?:the )?(?:pause|sandbox|pod-infra|infra) (?:container )?image|(?:pause|sandbox|沙箱)(?:容器)? ?镜像[^\\n。]{0,20}(?:拉取失败|拉不下来|拉不到|无法拉取|拉取不到|下载失败|无法下载|pull ?失败|拉取超时)|(?:无法|不能)(?:拉取|下载)[^\\n。]{0,6}(?:pause|sandbox|沙箱)(?:容器)? ?镜像|(?:pause|サンドボックス) ?(?:コンテナ)?イメージ[^\\n。]{0,20}(?:pull|プル|取得|ダウンロード) ?(?:でき(?:ない|ません|なかった)|に失敗)",
    literals: ['pause', 'sandbox', 'infra', '沙箱', 'サンドボックス'],
    observation: true,
    // People's words only: "sandbox" is on most of a runtime's own lines, which runtime.ts's rules read.
    prose: true,
    source:
      'observation: the sandbox (pause) image said not pulled (containerd CRI sandbox_run.go RunPodSandbox, "failed to get sandbox image %q" around the pull of the configured sandbox image; cri-o internal/storage/runtime.go CreatePodSandbox pulling pause_image; cri-dockerd core/sandbox_helpers.go ensureSandboxImageExists)',
    mechanism:
      "the runtime cannot pull the sandbox (pause) image it is configured with: every new pod's sandbox fails before any network or container work, the network plugin's own pods included",
  },
  {
    // Round 29 (r29-runtime): a memory-backed filesystem said full, as people and monitoring word it: the tmpfs named
    // (df's Filesystem column, node_exporter's fstype="tmpfs" label in an alert's text) with no space or free share
    // left. What fills a tmpfs is held in memory (tmpfs(5)); the runtimes keep their state and exec files there.
    fact: 'fs.tmpfs_full',
    pattern:
      'tmpfs[^\\n。.]{0,40}(?:(?:is|was|got|became|gets|are|were) (?:completely )?(?:full|filled up|100% (?:full|used))|out of space|no space left|0% (?:free|available|left)|可用率?[^\\n。]{0,12}(?:不足|0%)|(?:已经|已)?(?:满了|写满|占满|用满)|使用率[^\\n。]{0,6}100%|空き[^\\n。]{0,6}0|(?:が|は)?(?:いっぱい|満杯))',
    literals: ['tmpfs'],
    observation: true,
    source:
      'observation: a tmpfs said full (tmpfs(5): its pages live in memory and swap up to the mount\'s size, and a full one fails writes with ENOSPC; node_exporter\'s node_filesystem_avail_bytes{fstype="tmpfs"} at 0 as an alert reports it; systemd file-hierarchy(7) /run)',
    mechanism:
      "a memory-backed filesystem is full: what fills it holds the node's memory, and every write there (the runtime's state and exec files under /run or /tmp) fails with no space left",
  },
  {
    // `kubectl get node -o jsonpath` and people's notes write a condition as Type=Status; a condition table's rows
    // ("DiskPressure   True   …") are the same pair with spaces, the kubelet's own words after them.
    fact: 'disk.pressure',
    pattern: 'DiskPressure(?:=| is |: ?| +)True',
    literals: ['DiskPressure'],
    observation: true,
    source:
      "observation: the node's DiskPressure condition written as Type=Status (kubectl's jsonpath over .status.conditions; pkg/kubelet/nodestatus/setters.go DiskPressureCondition)",
    mechanism:
      "the kubelet reports DiskPressure: the node's or image filesystem's free space is below its eviction threshold",
  },
  {
    fact: 'mem.oom',
    pattern: 'MemoryPressure(?:=| is |: ?| +)True',
    literals: ['MemoryPressure'],
    observation: true,
    source:
      "observation: the node's MemoryPressure condition written as Type=Status (pkg/kubelet/nodestatus/setters.go MemoryPressureCondition)",
    mechanism: 'the kubelet reports MemoryPressure: node memory is below its eviction threshold',
  },
  {
    fact: 'pid.pressure',
    pattern: 'PIDPressure(?:=| is |: ?| +)True',
    literals: ['PIDPressure'],
    observation: true,
    source:
      "observation: the node's PIDPressure condition written as Type=Status (pkg/kubelet/nodestatus/setters.go PIDPressureCondition)",
    mechanism: 'the kubelet reports PIDPressure: free PIDs are below its eviction threshold',
  },
  {
    // Round 26 (r26-weighing): the Ready condition written or listed Unknown, alone or at the head of the node's other
    // conditions ("Ready=Unknown", "Ready, MemoryPressure and DiskPressure are all Unknown", "`Ready`、`PIDPressure` 均为
    // `Unknown`"): the node lifecycle controller's status when it heard neither a status nor a Lease for the grace
    // period; it sets every condition Unknown together, so the pressure conditions listed with it are no pressure.
    fact: 'node.status_unknown',
    pattern:
      'Ready[`\'"]?(?:(?:[ ,，、/]|and|和|与|與)+[`\'"]?(?:MemoryPressure|DiskPressure|PIDPressure|NetworkUnavailable)[`\'"]?)*(?:=| *: *| (?:conditions? )?(?:is|was|are|were|went|became|all|both|status)(?: all| both)?| ?(?:均为|都是|都为|均是|全部为|全为|为|為|是|变为|變為))? ?[`\'"]?Unknown',
    literals: ['Unknown'],
    unless: '\\$setElementOrder/|diff[12]=|failed to patch status|[Ee]rror updating node status',
    observation: true,
    source:
      "observation: the node's Ready condition said Unknown (kubernetes pkg/controller/nodelifecycle/node_lifecycle_controller.go (*Controller).tryUpdateNodeHealth sets Ready and every other condition the kubelet owns to ConditionUnknown, reason NodeStatusUnknown, when neither a node status nor a Lease renewal arrives for node-monitor-grace-period)",
    mechanism:
      'the node controller stopped hearing from the kubelet: no status and no Lease for the grace period',
  },
  {
    // Round 22: a monitor or watchdog program said to reboot the node (in a loop, on its own check): the reboots are
    // its doing, not the host crashing by itself; what it counts decides whether it is right, and a check that counts
    // lines a program writes several times for one event reboots healthy nodes. The kernel's own watchdogs (NMI,
    // soft lockup, hung task) are read elsewhere (kernel.watchdog_panic): a name joined to "watchdog" by a hyphen or an
    // underscore, or the word followed by script, service or daemon, is a program.
    fact: 'node.watchdog_reboots',
    pattern:
      "(?:[A-Za-z0-9]+[-_](?:[Mm]onitor|[Ww]atchdog|[Hh]ealth[-_]?[Cc]heck(?:er)?)|(?:[Mm]onitor|[Ww]atchdog|[Hh]ealth[- ]?[Cc]heck(?:er)?|[Hh]ealth [Mm]onitor)(?:ing)? (?:script|service|daemon|agent|DaemonSet|program)|(?:[Tt]he|[Oo]ur|[Tt]his|[Tt]hat|[Aa]) (?:node |health |kubelet )?(?:monitor|health[- ]?check(?:er)?))(?:s|'s|’s)?(?: [\\w-]+){0,3} (?:reboot(?:s|ed)?|put(?:s|ting)?[^\\n.;]{0,30}reboot|restart(?:s|ed)? (?:the |a |one |each )?(?:node|machine|host|instance|server))",
    literals: ['monitor', 'health check', 'health-check', 'health_check', 'healthcheck', 'watchdog'],
    observation: true,
    prose: true,
    unlessSaid: `${HEDGED}|[Ii]f |如果`,
    source:
      'observation: a node health monitor or watchdog program that reboots the node when its check fails (reboot(2) by a userspace program: watchdog(8), a health-monitor script or DaemonSet); its check decides the reboots',
    mechanism:
      "a program on the node reboots it on its own check: the reboots are that program's, and the node going NotReady with each is their effect, not a crash of the host",
  },
  {
    // Round 28 (r28-words): a watchdog timer outside the workload (the board's or the hypervisor's, watchdog(8) or
    // systemd's RuntimeWatchdogSec= keeping /dev/watchdog) said to have reset the machine. It fires when its keeper is
    // not scheduled within its timeout, or on watchdog(8)'s own load (max-load-1) and memory tests: the host starved
    // or stuck before it. A program named after a watchdog (a hyphen or an underscore joining it) is the monitor rule
    // above, and the kernel's own lockup detectors are kernel.watchdog_panic.
    fact: 'node.watchdog_reset',
    pattern:
      "(?:(?:[Hh]ardware|[Hh]ost(?:'s|’s)?|[Hh]ypervisor(?:'s|’s)?|VM(?:'s|’s)?|BMC(?:'s|’s)?|IPMI|iTCO|softdog|[Tt]he|[Aa]|[Ii]ts) watchdog(?: timer| device)?(?: then| eventually| finally| had| has| just)? (?:reboot(?:s|ed)?|reset(?:s)?|restart(?:s|ed)?|power[- ]cycle[sd]?|(?:kicked|kicks) in and reboot(?:s|ed)?)(?: the| a| our)? (?:machine|host|node|server|instance|VM|box|system)|(?:reboot(?:ed)?|reset|restarted|power[- ]cycled) by (?:the |a |its |the host's |the hypervisor's )?(?:hardware |host |hypervisor |BMC |IPMI )?watchdog|(?:硬件|宿主机的?|主机的?|虚拟化的?|系统的?)? ?(?:看门狗|看門狗|watchdog) ?(?:定时器)?(?:把|将|將)?(?:机器|主机|宿主机|节点|節點|服务器|系统)?(?:给)?(?:重启|重啟|复位|復位|重置)(?:了)?)",
    literals: ['watchdog', '看门狗', '看門狗'],
    unless:
      '[A-Za-z0-9]+[-_][Ww]atchdog|[Ww]atchdog[-_][A-Za-z0-9]|[Ww]atchdog (?:script|service|program|agent|DaemonSet)|soft lockup|soft-lockup|hard LOCKUP|NMI watchdog|hung_task|hung task|softlockup',
    observation: true,
    prose: true,
    unlessSaid: `${HEDGED}|[Ii]f |如果|防止|避免`,
    source:
      "observation: a watchdog timer resetting the machine (the kernel's watchdog API, Documentation/watchdog/watchdog-api.rst: a /dev/watchdog not written within its timeout reboots the system; watchdog(8)'s max-load-1 and min-memory tests; systemd's RuntimeWatchdogSec= in systemd-system.conf(5); a hypervisor's virtual watchdog device such as i6300esb), as people say it",
    mechanism:
      'the program that keeps the watchdog alive was not scheduled in time (or its load test fired): the host was starved or stuck before it was reset, and the reset is the end of that, not its cause',
  },
  {
    // The runtime's unit and systemd's per-unit task limit named in one sentence: "docker.service hit its TasksMax",
    // "raised DefaultTasksMax, containerd could start shims again".
    fact: 'pid.runtime_unit_limit',
    pattern: `(?:TasksMax|DefaultTasksMax|task limit|tasks limit)${SAME_SENTENCE}{0,80}(?:docker|containerd|crio|cri-o)|(?:docker|containerd|crio|cri-o)${SAME_SENTENCE}{0,80}(?:TasksMax|task limit|tasks limit)`,
    literals: ['TasksMax', 'task limit', 'tasks limit'],
    observation: true,
    prose: true,
    source:
      "observation: the runtime's systemd unit at its task limit (TasksMax=, DefaultTasksMax= in system.conf), as people name it",
    mechanism:
      "the runtime's unit counts the daemon, its shims and its containers' processes against TasksMax; at the limit nothing under it can fork",
  },
  {
    fact: 'pleg.relist_slow',
    // Also its length said against a bound ("takes longer than 3 minutes") or as a quality ("the relist is slow").
    pattern:
      '(?:relist|updateCache|updatecache)[^\\n]{0,60}(?:(?:takes?|took|taking) (?:a long time|[0-9]+m|longer than|more than|over|minutes)|(?:is|was|got|gets|became|are|were) (?:very |really |extremely |too )?slow)',
    literals: ['relist', 'updateCache'],
    observation: true,
    source:
      'observation: kubelet pkg/kubelet/pleg/generic.go (*GenericPLEG).relist duration (kubelet_pleg_relist_duration_seconds) as people measure it',
    mechanism:
      'one relist (list every sandbox and container, inspect the changed ones) takes seconds to minutes',
  },
  {
    // runc's init said to wait on its exec fifo (the fifo by its file name or its code name execFifo): a created
    // container whose start never came.
    fact: 'runc.init_fifo_wait',
    pattern: `runc[ -]init\`?[^\\n]{0,200}(?:${HANG}|blocked|blocking|waiting|waits? (?:on|for)|never)[^\\n]{0,120}(?:exec ?fifo|execFifo|exec\\.fifo)`,
    literals: ['runc init', 'runc-init'],
    observation: true,
    source:
      'observation: runc libcontainer/standard_init_linux.go (init reopening the exec fifo write-only and blocking until `runc start` reads it; container_linux.go execFifoFilename "exec.fifo") as people describe the wait',
    mechanism:
      "runc's init waits on the container's exec fifo for a start that has not come: the container was created and never started",
  },
  {
    // Many of them at once: the creates done, the starts never issued.
    fact: 'runc.init_fifo_pileup',
    pattern: `(?:[Mm]any|[Ll]ots of|[Hh]undreds of|[Tt]housands of|[Dd]ozens of|a lot of|[0-9]{2,}) \`?runc[ -]init\`? process(?:es)?[^\\n]{0,200}(?:exec ?fifo|execFifo|exec\\.fifo)`,
    literals: ['runc init', 'runc-init'],
    observation: true,
    source:
      'observation: runc inits piling up on their exec fifos (libcontainer standard_init_linux.go), as people count them',
    mechanism:
      "many containers' runc inits wait on their exec fifos: creates complete and the starts after them are never issued",
  },
  {
    fact: 'runtime.container_cmd_hang',
    pattern: `(?:docker|crictl|ctr|nerdctl) (?:inspect|rm|kill|stop|logs|exec|top|wait|run |create |start )${SAME_SENTENCE}{0,60}${HANG}|(?:docker|crictl) commands? (?:with|on|for|against) (?:the |an? )?(?:affected|one|that|this|specific|stuck)[^\\n]{0,30}${HANG}`,
    literals: HANG_LITERALS,
    unless: HANG_NOT_SAID,
    observation: true,
    specific:
      "one container's call (inspect, stop, rm, exec) not returning is one call through that container's shim not returning",
    source: 'observation: CRI/Docker API calls about one container (inspect, stop, rm, exec) not returning',
    mechanism: 'the runtime blocks on one container: its shim, runc or process is wedged',
  },
  {
    fact: 'runtime.cmd_hang',
    pattern: `(?:docker|crictl|ctr|nerdctl) (?:ps|info|version|images)${SAME_SENTENCE}{0,40}${HANG}`,
    literals: [
      'crictl images',
      'crictl info',
      'crictl ps',
      'crictl version',
      'ctr images',
      'ctr info',
      'ctr ps',
      'ctr version',
      'docker images',
      'docker info',
      'docker ps',
      'docker version',
      'nerdctl images',
      'nerdctl info',
      'nerdctl ps',
      'nerdctl version',
    ],
    unless: `(?:docker|crictl|ctr) (?:inspect|rm|kill|stop|logs|exec)|${anotherSubjectBetween('(?:docker|crictl|ctr|nerdctl) (?:ps|info|version|images)', HANG)}|${HANG_NOT_SAID}`,
    observation: true,
    source: 'observation: the runtime daemon API not answering (docker ps, crictl ps, docker info)',
    mechanism: 'runtime-wide calls (list, info) get no answer: the daemon is down or deadlocked',
  },
  {
    fact: 'runtime.answers',
    pattern:
      '(?:can|could) still (?:interact with|talk to|use|reach) (?:docker|containerd|crictl|the runtime)|but others? (?:complete|work|respond|answer)',
    literals: ['still interact with', 'still talk to', 'still use', 'still reach', 'but other'],
    observation: true,
    source: 'observation: the runtime daemon API answering runtime-wide calls',
    mechanism: 'the daemon itself serves requests, so a hang is specific to some containers',
  },
  {
    fact: 'runtime.pods_stuck',
    // Or kept in the state for good: "stay in the Terminating status indefinitely".
    pattern: `(?:[Pp]ods?|[Cc]ontainers?)[^\\n]{0,30}${HANG}[^\\n]{0,12}(?:ContainerCreating|[Cc]ontainer ?[Cc]reating|[Cc]reating|Terminating|terminating)|(?:[Pp]ods?|[Cc]ontainers?)${SAME_SENTENCE}{0,40}(?:stay|stays|stayed|remain|remains|remained|sit|sits|sat) (?:in )?(?:the |a |an )?(?:ContainerCreating|Terminating)(?: status| state| phase)?,? (?:indefinitely|forever|for ever|for hours|for days|permanently)`,
    literals: ['creating', 'Terminating'],
    unless: `${PER_POD_CAUSE}|${HANG_NOT_SAID}`,
    observation: true,
    source:
      'observation: pods held in ContainerCreating/Terminating (CRI RunPodSandbox/CreateContainer/StopPodSandbox not completing)',
    mechanism:
      'create or stop calls to the runtime do not complete, so pods never leave the transitional state',
  },
  {
    fact: 'proc.unkillable',
    pattern: 'kill -9[^\\n]{0,40}(?:no effect|does ?n.t work|does not work|fails|failed|无效|没有效果)',
    literals: ['kill -9'],
    observation: true,
    source:
      'observation: a process surviving SIGKILL (kill(2) cannot end a task in uninterruptible sleep, nor remove a zombie)',
    mechanism: 'the process is in D state, or a zombie its parent does not reap',
  },
  {
    fact: 'systemd.mountinfo_churn',
    pattern: 'mountinfo[^\\n]{0,80}(?:churn|pars|spik|CPU|cpu|frequent)|bindfd',
    literals: ['mountinfo', 'bindfd'],
    observation: true,
    source:
      'observation: systemd re-parsing /proc/self/mountinfo on every mount event (src/core/mount.c mount_dispatch_io)',
    mechanism: 'mounts and unmounts from containers keep PID 1 busy re-reading the mount table',
  },
  {
    fact: 'pods.churn',
    pattern:
      '(?:[Dd]eploy(?:ing)?|[Cc]reat(?:e|ing)) and delet(?:e|ing) pods|pods?[^\\n]{0,20}(?:constantly|repeatedly|frequently) (?:restart|creat|recreat|delet)|constantly restarting',
    literals: ['and delet', 'constantly', 'repeatedly', 'frequently'],
    observation: true,
    source: 'observation: pods created and deleted at a high rate (kubelet pod workers and PLEG events)',
    mechanism: 'many containers change state at once, so each relist has many containers to inspect',
  },
  {
    fact: 'pods.dense',
    pattern: 'densely packed|high pod density',
    literals: ['densely packed', 'high pod density'],
    observation: true,
    source: 'observation: node pod density (kubelet maxPods)',
    mechanism: 'many pods per node means many containers per relist',
  },
  {
    fact: 'kubelet.alive_while_unknown',
    pattern:
      '(?:remain|still|stay)s? connected to the (?:apiserver|api server|API server)|receive[sd]? the update to delete',
    literals: ['connected to the api', 'the update to delete'],
    observation: true,
    source:
      'observation: kubelet or node agents still talking to the API server while the node lease is stale',
    mechanism: 'the network path works; the kubelet status loop or its connection is what is broken',
  },
  {
    fact: 'network.disrupted',
    pattern:
      "restart(?:ed|ing)? (?:the )?(?:node's )?network|network (?:restart|outage|partition|cut)|heartbeat[^\\n]{0,30}(?:lost|missing|stopped)|connection from the node's kubelet dropped",
    literals: [
      "connection from the node's kubelet dropped",
      'heartbeat',
      'network cut',
      'network outage',
      'network partition',
      'network restart',
      'restart network',
      "restart node's network",
      'restart the network',
      "restart the node's network",
      'restarted network',
      "restarted node's network",
      'restarted the network',
      "restarted the node's network",
      'restarting network',
      "restarting node's network",
      'restarting the network',
      "restarting the node's network",
    ],
    observation: true,
    source: 'observation: node network restart or outage (the kubelet connection to the API server drops)',
    mechanism: 'the kubelet cannot reach the API server, so its lease and status updates stop',
  },
  {
    fact: 'apiserver.down',
    pattern:
      '(?:apiserver|api server|API server|control plane)s? (?:goes|went|is|was) down|load balancer[^\\n]{0,60}(?:apiserver|api server|dead|down)',
    literals: ['goes down', 'went down', 'is down', 'was down', 'load balancer'],
    observation: true,
    source: 'observation: kube-apiserver or its load balancer unavailable',
    mechanism: 'every kubelet loses its status path at once; the nodes themselves may be fine',
  },
  {
    fact: 'mem.exhausted',
    pattern:
      "(?:ate|eat|eats|eating|chews?|consum(?:e|es|ed|ing)|exhaust(?:s|ed|ing)?|us(?:e|es|ed|ing)|fill(?:s|ed)?)(?: up)? (?:all|nearly all|almost all|most of)(?: of)?(?: the)? (?:node's )?(?:memory|RAM)|(?:ran|runs|running) out of memory",
    literals: [
      'all memory',
      "all node's memory",
      "all node's RAM",
      'all of memory',
      "all of node's memory",
      "all of node's RAM",
      'all of RAM',
      'all of the memory',
      "all of the node's memory",
      "all of the node's RAM",
      'all of the RAM',
      'all RAM',
      'all the memory',
      "all the node's memory",
      "all the node's RAM",
      'all the RAM',
      'most of memory',
      "most of node's memory",
      "most of node's RAM",
      'most of of memory',
      "most of of node's memory",
      "most of of node's RAM",
      'most of of RAM',
      'most of of the memory',
      "most of of the node's memory",
      "most of of the node's RAM",
      'most of of the RAM',
      'most of RAM',
      'most of the memory',
      "most of the node's memory",
      "most of the node's RAM",
      'most of the RAM',
      'ran out of memory',
      'running out of memory',
      'runs out of memory',
    ],
    // A runbook, a plan or someone else's machine is not this node's memory (the grammar's lists, descriptions.ts).
    unless: alternatives({ en: [...NOT_THE_NODE, ...notMood(PLANNING), ...notMood(ADVICE)], zh: [] }),
    unlessSaid: alternatives(MOOD),
    observation: true,
    source: 'observation: node memory exhausted as free/top/monitoring show it',
    mechanism: 'the kernel reclaims and OOM-kills; the kubelet and runtime stall',
  },
  {
    // top(1)'s summary line of CPU states (procps: "%Cpu(s):  2.0 us, 85.2 sy, ..."; before procps-ng 3.3,
    // "Cpu(s):  2.0%us, 85.2%sy, ..."), pasted: the kernel's share of CPU time at 50 % or more.
    fact: 'cpu.saturated',
    pattern: '(?:%Cpu[0-9]*(?:\\(s\\))?|Cpu\\(s\\)) {0,3}:[^\\n]{0,40}[ ,](?:100|[5-9][0-9])\\.[0-9] ?%?sy',
    literals: ['Cpu(s)', '%Cpu'],
    observation: true,
    source:
      'observation: procps top(1) summary "%Cpu(s)" line, field "sy: time running kernel processes" (vmstat(8) "sy: Time spent running kernel code"), at 50 % or more (the threshold extract/commands.ts reads a top run with)',
    mechanism:
      'the CPUs spend their time in the kernel (reclaim, locks, interrupts) instead of in user space: node daemons get their turn late',
  },
  {
    // A row of top(1)'s task list ("PID USER PR NI VIRT RES SHR S %CPU %MEM TIME+ COMMAND") whose command is a
    // reclaim thread at half a CPU or more: %CPU, %MEM and TIME+ before the name.
    fact: 'mem.reclaim',
    pattern:
      ' (?:[1-9][0-9]{2}|[5-9][0-9])\\.[0-9] +[0-9]+\\.[0-9] +[0-9]+:[0-9.:]+ +k(?:swapd|compactd)[0-9]',
    literals: ['kswapd', 'kcompactd'],
    observation: true,
    source:
      "observation: procps top(1) task list, fields %CPU and COMMAND: the kernel's reclaim threads (linux mm/vmscan.c kswapd, mm/compaction.c kcompactd) at 50 % of a CPU or more",
    mechanism:
      'kswapd runs while free memory stays below the watermarks and kcompactd while no free block of the order asked for exists: memory is short, and what the kubelet and the runtime allocate waits on reclaim too',
  },
  {
    // The same line's I/O-wait share ("wa: time waiting for I/O completion"), at 50 % or more.
    fact: 'io.saturated',
    pattern: '(?:%Cpu[0-9]*(?:\\(s\\))?|Cpu\\(s\\)) {0,3}:[^\\n]{0,80}[ ,](?:100|[5-9][0-9])\\.[0-9] ?%?wa',
    literals: ['Cpu(s)', '%Cpu'],
    observation: true,
    source:
      'observation: procps top(1) summary "%Cpu(s)" line, field "wa: time waiting for I/O completion" (vmstat(8) "wa", proc(5) /proc/stat iowait), at 50 % or more (as extract/commands.ts)',
    mechanism: 'CPUs idle waiting on the disk: every runtime read and write waits with them',
  },
  {
    fact: 'io.saturated',
    pattern: 'disk (?:IO|I/O|io) (?:is )?(?:saturated|at 100)',
    literals: [
      'disk I/O at 100',
      'disk I/O is at 100',
      'disk I/O is saturated',
      'disk I/O saturated',
      'disk IO at 100',
      'disk IO is at 100',
      'disk IO is saturated',
      'disk IO saturated',
    ],
    observation: true,
    source: 'observation: disk I/O saturation as iostat/vmstat show it',
    mechanism: 'every runtime read and write waits on the disk, so CRI calls slow down',
  },
  {
    fact: 'io.normal',
    pattern: 'disk (?:IO|I/O|io)[^\\n]{0,20}(?:normal|fine|low)',
    literals: ['disk I/O', 'disk IO'],
    observation: true,
    source: 'observation: disk I/O measured and found normal',
    mechanism: 'disk I/O is not what slows the runtime down',
  },
  {
    fact: 'cni.slow',
    pattern: 'CNI[^\\n]{0,80}(?:slow|longer|takes? (?:a )?long|latency|timed out|hangs?)',
    literals: ['CNI'],
    observation: true,
    source: 'observation: CNI ADD/DEL latency as people measure it',
    mechanism: 'network setup and teardown hold the sandbox operations that wait on them',
  },
  {
    fact: 'runtime.cmd_hang',
    pattern: `(?:all|every) (?:docker|crictl|ctr|nerdctl|runtime) commands? [^\\n]{0,20}${HANG}|(?:docker|crictl|ctr) ?命令(?:全部|都|也)?${HANG}`,
    literals: [
      'all crictl command',
      'all ctr command',
      'all docker command',
      'all nerdctl command',
      'all runtime command',
      'crictl 命令',
      'crictl命令',
      'ctr 命令',
      'ctr命令',
      'docker 命令',
      'docker命令',
      'every crictl command',
      'every ctr command',
      'every docker command',
      'every nerdctl command',
      'every runtime command',
    ],
    observation: true,
    source: 'observation: the runtime daemon API not answering any command',
    mechanism: 'runtime-wide calls get no answer: the daemon is down or deadlocked',
  },
  {
    fact: 'systemd.cmd_hang',
    pattern: `systemctl(?: [a-z-]+)?${SAME_SENTENCE}{0,40}${SYSTEMD_HANG}|busctl${SAME_SENTENCE}{0,40}${HANG}`,
    literals: ['busctl', 'systemctl'],
    unless: `${AS_AN_ACTION}|${anotherSubjectBetween('(?:systemctl|busctl)', SYSTEMD_HANG)}|${HANG_NOT_SAID}|${RUNTIME_START_CMD}`,
    observation: true,
    source: 'observation: systemctl/busctl calls to systemd over D-Bus not returning',
    mechanism:
      'PID 1 does not answer D-Bus, so anything that needs a unit or scope (runc with the systemd driver) waits',
  },
  {
    fact: 'runtime.pods_stuck',
    pattern:
      '(?:[Pp]ods?|容器)[^\\n]{0,20}(?:一直|卡在|停留在)[^\\n]{0,6}(?:ContainerCreating|Terminating|创建中|删除中|终止中)',
    literals: ['ContainerCreating', 'Terminating', '创建中', '删除中', '终止中'],
    unless: `${PER_POD_CAUSE}|${HANG_NOT_SAID}`,
    observation: true,
    source: 'observation: pods held in ContainerCreating/Terminating, as people describe it in Chinese',
    mechanism:
      'create or stop calls to the runtime do not complete, so pods never leave the transitional state',
  },
  {
    fact: 'node.flapping',
    pattern:
      '(?:flap|flapping|flips?|flipping)[^\\n]{0,40}(?:Ready|ready)|(?:Ready|ready)[^\\n]{0,20}(?:flap|flapping)|频繁 ?NotReady',
    literals: ['flap', 'flip', '频繁 NotReady', '频繁NotReady'],
    observation: true,
    source: 'observation: the node Ready condition alternating (kubelet status updates)',
    mechanism:
      'the kubelet reports Ready and NotReady in turn: a health check (PLEG, runtime) fails intermittently',
  },
  {
    fact: 'node.flapping',
    pattern: '[Nn]odes? (?:are |is |keeps? |keep on |start )?(?:flap|flapping)',
    literals: [
      'node are flap',
      'node flap',
      'node is flap',
      'node keep flap',
      'node keep on flap',
      'node keeps flap',
      'node start flap',
      'nodes are flap',
      'nodes flap',
      'nodes is flap',
      'nodes keep flap',
      'nodes keep on flap',
      'nodes keeps flap',
      'nodes start flap',
    ],
    observation: true,
    source: 'observation: nodes alternating Ready/NotReady, as people shorten it ("nodes flapping")',
    mechanism:
      'the kubelet reports Ready and NotReady in turn: a health check (PLEG, runtime) fails intermittently',
  },
  {
    fact: 'mem.exhausted',
    pattern: "(?:exceed(?:s|ed|ing)?|more than) (?:the )?(?:node(?:'s)?|total|physical|host) (?:memory|RAM)",
    literals: [
      'exceed host',
      'exceed node',
      'exceed physical',
      'exceed the host',
      'exceed the node',
      'exceed the physical',
      'exceed the total',
      'exceed total',
      'exceeded host',
      'exceeded node',
      'exceeded physical',
      'exceeded the host',
      'exceeded the node',
      'exceeded the physical',
      'exceeded the total',
      'exceeded total',
      'exceeding host',
      'exceeding node',
      'exceeding physical',
      'exceeding the host',
      'exceeding the node',
      'exceeding the physical',
      'exceeding the total',
      'exceeding total',
      'exceeds host',
      'exceeds node',
      'exceeds physical',
      'exceeds the host',
      'exceeds the node',
      'exceeds the physical',
      'exceeds the total',
      'exceeds total',
      'more than host',
      'more than node',
      'more than physical',
      'more than the host',
      'more than the node',
      'more than the physical',
      'more than the total',
      'more than total',
    ],
    observation: true,
    source:
      'observation: the pods together using more memory than the node has (requests below real use), as monitoring shows it',
    mechanism:
      'the scheduler overcommitted the node; the kernel reclaims and OOM-kills, and the kubelet and runtime stall',
  },
  {
    fact: 'containers.many',
    pattern:
      '(?:large|huge|high|big|massive) (?:number|amount|count) of (?:containers|pods)|(?:hundreds|thousands) of (?:containers|pods)',
    // Round 29 (r29-runtime): the containers counted, not their checks: "a large number of containers' health checks
    // failed", "many containers failing their readiness probes" count failing checks, of however few containers.
    unless:
      "(?:containers|pods)['’]|(?:containers|pods) (?:(?:health|readiness|liveness|startup|exec) )?(?:checks?|probes?|logs?|errors?)|(?:containers|pods) (?:are |were |kept )?(?:fail(?:ed|ing|s)?|report(?:ed|ing|s)?) (?:their |its |the )?(?:(?:health|readiness|liveness|startup|exec) )?(?:checks?|probes?)",
    literals: [
      'big amount of containers',
      'big amount of pods',
      'big count of containers',
      'big count of pods',
      'big number of containers',
      'big number of pods',
      'high amount of containers',
      'high amount of pods',
      'high count of containers',
      'high count of pods',
      'high number of containers',
      'high number of pods',
      'huge amount of containers',
      'huge amount of pods',
      'huge count of containers',
      'huge count of pods',
      'huge number of containers',
      'huge number of pods',
      'hundreds of containers',
      'hundreds of pods',
      'large amount of containers',
      'large amount of pods',
      'large count of containers',
      'large count of pods',
      'large number of containers',
      'large number of pods',
      'massive amount of containers',
      'massive amount of pods',
      'massive count of containers',
      'massive count of pods',
      'massive number of containers',
      'massive number of pods',
      'thousands of containers',
      'thousands of pods',
    ],
    observation: true,
    source:
      'observation: the node holding or starting a great many containers at once (kubelet pkg/kubelet/pleg/generic.go relist inspects each changed one)',
    mechanism: 'one relist lists and inspects more containers than it can within the threshold',
  },
  {
    // The same count said as a number from 300 (past the kubelet's default maxPods of 110 and the few containers each
    // pod holds) or as too many ("the node runs 400 containers", "too many containers on the node", 容器太多).
    fact: 'containers.many',
    pattern:
      '(?:too many|so many|way too many|excessive number of|over|more than|about|around|nearly|almost|runs|running|ran|has|had|with|are|were|of) (?:[3-9][0-9]{2}|[1-9][0-9]{3,})\\+? containers|(?:too many|so many|way too many) containers|(?:too many|so many|way too many) pods(?: on| per| in)? (?:the |this |that |a )?(?:node|host|server|worker|machine)|容器(?:数量|數量)?(?:太多|过多|過多)',
    literals: [
      ...[...'0123456789+'].map((c) => `${c} containers`),
      'many containers',
      'many pods',
      ...['容器', '容器数量', '容器數量'].flatMap((w) => ['太多', '过多', '過多'].map((m) => w + m)),
    ],
    observation: true,
    prose: true,
    source:
      'observation: the node said to hold hundreds of containers or too many of them (kubelet pkg/kubelet/pleg/generic.go relist lists every one and inspects each changed one)',
    mechanism: 'one relist lists and inspects more containers than it can within the threshold',
  },
  {
    fact: 'containers.exited_many',
    literals: [
      'exited containers',
      'dead containers',
      'stopped containers',
      'old containers',
      'terminated containers',
      '大量',
    ],
    pattern:
      '(?:many|lots of|a lot of|large number of|hundreds of|thousands of|tons of) (?:exited|dead|stopped|old|terminated) containers|(?:exited|dead|stopped) containers[^\\n]{0,30}(?:pil(?:e|ed|ing) up|accumulat|never (?:cleaned|removed|garbage)|not (?:cleaned|removed|garbage))|大量[^\\n]{0,6}(?:已退出|退出|Exited|exited)[^\\n]{0,4}(?:的)?容器',
    observation: true,
    source:
      'observation: exited containers accumulating on the node (kubelet container GC, pkg/kubelet/container/container_gc.go, not keeping up)',
    mechanism:
      "every relist and every runtime list call walks the exited containers too; the list's cost grows with them",
  },
  {
    fact: 'fd.emfile',
    literals: ['too many files', 'too many file handles', 'fds', 'file descriptors', 'open files'],
    pattern:
      'too many (?:files|file handles|fds|file descriptors|open files)(?: being| are| were)? open|complain(?:s|ing|ed)? (?:about|of) (?:too many )?open files|(?:open files|file descriptors|fds)[^\\n]{0,20}(?:limit|maximum) (?:was |is )?(?:reached|exceeded|hit)',
    observation: true,
    source:
      'observation: a daemon out of descriptors (EMFILE, "too many open files") in a person\'s word order',
    mechanism: 'the daemon cannot open sockets, files or pipes, so the calls that need one fail',
  },
  {
    // A soft limit of 1024 (the shell's default, systemd's DefaultLimitNOFILE before v240) or 4096 is far below
    // what a runtime or kubelet holds with a few hundred containers.
    fact: 'fd.limit_low',
    literals: ['ulimit -n', 'LimitNOFILE=', 'Max open files'],
    pattern: '(?:ulimit -n|LimitNOFILE=|Max open files)(?:[^\\n]{0,30}[^0-9])?(?:1024|4096)[^0-9]',
    observation: true,
    source:
      'observation: a printed descriptor limit (ulimit -n, a unit\'s LimitNOFILE, "Max open files" in /proc/PID/limits) of 1024 or 4096',
    mechanism:
      'a container host daemon limited to a few thousand descriptors runs out as containers are added',
  },
  {
    // The kubelet's start-up order: it reports the runtime not ready until its first runtime sync, so the node
    // turns NotReady for a while after every restart.
    fact: 'kubelet.startup_race',
    literals: [
      'restart the kubelet',
      'restart kubelet',
      'restarted the kubelet',
      'restarted kubelet',
      'restarting the kubelet',
      'restarting kubelet',
      'kubelet restart',
      'restart of kubelet',
      'restart of the kubelet',
      'kubelet is restarted',
      'kubelet was restarted',
      'kubelet gets restarted',
      'kubelet got restarted',
      '重启',
    ],
    // A temporal clause (after, when, whenever we restart the kubelet … NotReady, or the reverse), or the restart
    // as the subject of its consequence (restarting the kubelet makes the node NotReady; systemctl restart kubelet
    // and the node goes NotReady), or the NotReady said to come from a restart.
    pattern: `(?:[Aa]fter|[Ww]hen|[Ww]henever|[Ee]very time|[Ee]ach time|[Oo]nce) (?:we |I |you |someone )?(?:restart(?:ed|ing)?|systemctl restart) (?:the )?kubelet[^\\n]{0,120}${NOT_READY}|(?:NotReady|not ready)[^\\n]{0,80}(?:after|when|whenever) (?:we |I |you )?restart(?:ed|ing)? (?:the )?kubelet|${RESTART_MAKES_NOT_READY}|${KUBELET_RESTART},? (?:and|then|&&)${SAME_SENTENCE}{0,30}${NOT_READY}|${NOT_READY}${SAME_SENTENCE}{0,60}(?:caused by|due to|because of|on|with|during|from) (?:a |the |every |each )?(?:kubelet restart|restart of (?:the )?kubelet)|${NOT_READY}${SAME_SENTENCE}{0,60}(?:every time|each time|whenever|when) (?:the )?kubelet (?:is|gets|was|got) restarted|重启(?:了)? ?kubelet[^\\n]{0,40}(?:NotReady|not ready)|kubelet ?(?:重启后|重启会导致|重启导致)[^\\n]{0,30}NotReady`,
    // A NotReady that a restart does not clear is not the start-up order's brief spell; a NotReady the restart
    // fixed is the restart as a cure; a kubelet that restarts by itself over and over is a crash loop.
    unless: `${DID_NOT_CURE}|(?:remains?|stays?|stayed|remained) NotReady|no longer (?:NotReady|not ready)|(?:fix(?:es|ed)?|resolv(?:es|ed)|solv(?:es|ed)) (?:it|the|this|that)|until|every few|constantly|repeatedly|keeps? restarting|crash|反复|频繁|不断|一直重启`,
    unlessSaid: `${SUGGESTED}`,
    observation: true,
    source:
      'observation: the node NotReady for a while after an operator restarts the kubelet (kubernetes pkg/kubelet/runtime.go runtimeErrors before the first runtime sync)',
    mechanism:
      'a freshly started kubelet reports the runtime not ready until its first sync, and posts NotReady until then',
  },
  {
    fact: 'pods.unbounded',
    literals: ['requests'],
    pattern:
      '(?:memory |CPU |cpu )?limits? (?:are |were |set )?(?:far |much |way |well )?(?:above|higher than|over|exceed(?:s|ing)?) (?:the |their )?requests',
    observation: true,
    source:
      'observation: limits far above requests (Burstable QoS): the scheduler places by requests, so the node is overcommitted by the limits',
    mechanism:
      'pods may together use far more than the node has; under load they take the memory and CPU the kubelet and runtime need',
  },
  {
    fact: 'pods.unbounded',
    pattern:
      '(?:[Pp]ods?|[Cc]ontainers?|[Ww]orkloads?|[Dd]eployments?)[^\\n]{0,40}(?:without|with no|no|missing|lacking) (?:any )?(?:resource |CPU |memory |cpu )?(?:requests|limits)|(?:没有|未)(?:设置|配置)?(?:资源)?(?:requests|limits|限制|request|limit)',
    literals: [
      'limits',
      'requests',
      '未limit',
      '未request',
      '未设置limit',
      '未设置request',
      '未设置资源limit',
      '未设置资源request',
      '未设置资源限制',
      '未设置限制',
      '未资源limit',
      '未资源request',
      '未资源限制',
      '未配置limit',
      '未配置request',
      '未配置资源limit',
      '未配置资源request',
      '未配置资源限制',
      '未配置限制',
      '未限制',
      '没有limit',
      '没有request',
      '没有设置limit',
      '没有设置request',
      '没有设置资源limit',
      '没有设置资源request',
      '没有设置资源限制',
      '没有设置限制',
      '没有资源limit',
      '没有资源request',
      '没有资源限制',
      '没有配置limit',
      '没有配置request',
      '没有配置资源limit',
      '没有配置资源request',
      '没有配置资源限制',
      '没有配置限制',
      '没有限制',
    ],
    observation: true,
    source:
      'observation: pods whose containers set no resources.requests/limits (BestEffort QoS): the scheduler counts them as free',
    mechanism:
      'the scheduler packs pods it thinks cost nothing; under load they take the memory and CPU the kubelet and runtime need',
  },
  {
    // Restarting only the kubelet brings the node back: whatever kept it NotReady was inside the kubelet (a dead
    // connection it keeps, a loop that stopped), not the network or the runtime that a kubelet restart leaves as
    // they were.
    fact: 'kubelet.restart_cures',
    literals: ['until', 'restart', 'bounc', '重启', '重啟'],
    pattern: `until (?:we |I |you |someone |they |one |an? (?:admin|operator) )?(?:manually )?(?:restart(?:ed|s)?|bounce[sd]?|systemctl restart) (?:the )?kubelet|until (?:the )?kubelet (?:is|was|gets|got|has been|had been) (?:manually )?(?:restarted|bounced)|until (?:a |the )?(?:manual )?kubelet restart|${KUBELET_RESTART}${SAME_SENTENCE}{0,30}(?:fix(?:es|ed)|resolv(?:es|ed)|solv(?:es|ed)|cur(?:es|ed)|clear(?:s|ed)|help(?:s|ed)|recover(?:s|ed)|brings? (?:it|them|the nodes?) back|brought (?:it|them|the nodes?) back|(?:makes?|made) (?:it|them|the nodes?) Ready|Ready again|back to Ready|back to normal|works? again|worked again)|(?:[Aa]fter|[Oo]nce) (?:we |I |they )?(?:restart(?:ed|ing)?|bounc(?:ed|ing)) (?:the )?kubelet${SAME_SENTENCE}{0,50}(?:recover(?:s|ed)|came back|comes back|back to (?:Ready|normal)|Ready again|(?:is|are|was|were|becomes?|became|goes|went|turns?|turned) Ready)|(?:重启|重啟)(?:了)? ?kubelet(?:服务|进程|服務)?(?:之后|以后|后|後)?[^\\n]{0,12}(?:恢复|恢復|好了|解决|解決|变为Ready|变成Ready|就Ready)|(?:直到|只有|只能|需要|必须)(?:手动)?(?:重启|重啟) ?kubelet`,
    unless: `${DID_NOT_CURE}|${RESTART_MAKES_NOT_READY}|(?:重启|重啟) ?kubelet[^\\n]{0,20}NotReady|${KUBELET_RESTART},? (?:and|then|&&)${SAME_SENTENCE}{0,30}${NOT_READY}`,
    unlessSaid: `${SUGGESTED}`,
    observation: true,
    source:
      'observation: a node back to Ready once only the kubelet is restarted (systemctl restart kubelet), the network and the runtime left as they were',
    mechanism:
      "what kept the node NotReady lived in the kubelet's process: a connection it kept using, a loop that stopped, state it never refreshed",
  },
  {
    // Round 22: pods deleted in the API server that the kubelet leaves behind. A pod's deletion reaches the node only
    // through the kubelet (its pod config watch, HandlePodRemoves, the pod workers' kill, the status manager's final
    // delete); containers still running after their pods (or their controller) were deleted, or pods held
    // Terminating that a restart of the kubelet alone clears, say the kubelet's own handling of deletions stopped
    // (kubernetes #9833: the status manager's channel filled under a mass deletion and blocked the sync loop, fixed by
    // #10182), since a kubelet restart leaves the runtime as it was.
    fact: 'kubelet.pods_not_killed',
    // Distinctive fragments, one in every match: the denied kill, the state "still running", the restart of the
    // kubelet by KUBELET_RESTART's forms, the Terminating state, the listing that still shows them, the Chinese verbs.
    literals: [
      't kill',
      'never kill',
      'still running',
      'kept running',
      'keep running',
      'left running',
      'remain running',
      'remains running',
      'remained running',
      'to be running',
      'restart kubelet',
      'restart the kubelet',
      'restarting kubelet',
      'restarting the kubelet',
      'kubelet restart',
      'restart of kubelet',
      'restart of the kubelet',
      'Terminating',
      'still show',
      'still list',
      '重启',
      '重啟',
      '删除',
      '刪除',
    ],
    pattern: `(?:do(?:es)? ?n[o']t|did ?n[o']t|never|not) kill${SAME_SENTENCE}{0,30}(?:containers?|pods?)${SAME_SENTENCE}{0,60}(?:after|when|once|though|although)${SAME_SENTENCE}{0,60}(?:deleted|removed|scaled (?:down|to 0|to zero))|(?:[Cc]ontainers?|[Pp]ods?)${SAME_SENTENCE}{0,40}(?:still|kept|keep|left|remain(?:s|ed)?|continue[sd]? to be) running${SAME_SENTENCE}{0,60}(?:after|though|although|even though|despite)${SAME_SENTENCE}{0,60}(?:deleted|removed|deletion|scaled (?:down|to 0|to zero))|${KUBELET_RESTART}${SAME_SENTENCE}{0,60}(?:the )?(?:stuck |Terminating |terminating )?(?:pods?|containers?)${SAME_SENTENCE}{0,20}(?:disappear(?:s|ed)?|(?:go|goes|went) away|(?:is|are|was|were|get|gets|got) (?:deleted|removed|cleaned up|cleared|gone))|(?:Terminating|stuck terminating)${SAME_SENTENCE}{0,80}(?:until|unless|only after) (?:we |I |you |someone )?(?:restart(?:ed|ing)?|bounc(?:e|ed|ing)) (?:the )?kubelet|(?:重启|重啟) ?kubelet(?:服务|服務|进程)?(?:之后|以后|后|後)?[^\\n]{0,20}(?:Pod|pod|容器)[^\\n]{0,10}(?:消失|删除了|被删除|删掉了|清理掉|才删除|就删除)|(?:Pod|pod)[^\\n]{0,10}(?:删除|刪除)(?:之后|以后|后|後)[^\\n]{0,20}(?:容器|进程|進程)[^\\n]{0,10}(?:仍然|依然|还在|還在|仍在|一直)(?:运行|運行|running)|(?:[Cc]ontainers?|[Pp]rocesses) (?:of|from|for|belonging to) (?:the )?(?:deleted|removed) pods?${SAME_SENTENCE}{0,40}(?:still|kept|keep|remain(?:s|ed)?) running|(?:docker ps|crictl ps)${SAME_SENTENCE}{0,30}still (?:shows?|lists?|showed|listed)${SAME_SENTENCE}{0,40}(?:deleted|removed)|(?:Pod|pod)[^\\n]{0,10}(?:删除|刪除)[^\\n]{0,20}(?:容器|进程|進程)[^\\n]{0,10}(?:还在|還在|仍在|依然在|仍然在)|(?:Terminating|删除中|终止中|終止中)[^\\n]{0,40}(?:重启|重啟) ?kubelet`,
    unless: `${DID_NOT_CURE}`,
    unlessSaid: `${SUGGESTED}|[?？]|[吗嗎]|[Ee]xpected|[Ss]hould (?:have|be)`,
    observation: true,
    source:
      "observation: pods deleted in the API server left behind by the node's kubelet (pkg/kubelet/kubelet.go HandlePodRemoves and the pod workers' kill, pkg/kubelet/status/status_manager.go's final delete): containers still running after their pods were deleted, or pods held Terminating that a kubelet restart clears",
    mechanism:
      "the kubelet's sync of pod deletions stopped (its sync loop or pod workers blocked, its status manager's channel full): it neither kills the deleted pods' containers nor finishes their deletion until it is restarted",
  },
  {
    // The runtime's death as a causative: something made the daemon die, or killed it.
    fact: 'runtime.service_failed',
    literals: [
      'caus',
      'made',
      'makes',
      'making',
      'forced',
      'forces',
      'killed',
      'kills',
      'crashed',
      'down',
      'knocked',
    ],
    pattern: `(?:[Cc]aus(?:ed|es|ing)|[Mm]ade|[Mm]akes|[Mm]aking|[Ff]orced|[Ff]orces) ${RUNTIME_DAEMON} (?:to )?(?:die|crash|exit|stop|shut down|go down|be killed|fail)|(?:killed|kills|crashed|took down|takes down|brought down|brings down|knocked out|knocked over) ${RUNTIME_DAEMON}(?:[,.;:!)]| (?:and|then|on|at|too|as|in|when|after|so|itself|entirely|completely|twice|again|every|each))`,
    // A person stopping or killing the daemon on purpose is an action, not a death.
    unless:
      '(?:[Ww]e|I|[Yy]ou|[Ss]omeone|[Tt]hey|[Aa]dmins?|[Oo]perators?) (?:then |manually |had to |have to )?(?:killed|kill|stopped|restarted)|container runtime is down|runtime is down',
    observation: true,
    source:
      'observation: the runtime daemon said to have been made to die, crash or exit by something (a full disk, the OOM killer, a bad update)',
    mechanism: 'the runtime daemon exited; until it is back nothing answers CRI calls',
  },
  {
    // The host by the channels an operator reaches it with: a session that times out or fails, or one that cannot
    // be opened. The host is the one the description is about; a login elsewhere (a registry, a cloud console) or a
    // connection from the node is not.
    fact: 'node.unresponsive',
    literals: [
      'ssh',
      'SSM',
      'session manager',
      'systems manager',
      'instance connect',
      'serial console',
      'ping',
      'RDP',
      'log in',
      'login',
      'log on',
      '登录',
      '登錄',
      '登陆',
      '登陸',
      '远程',
      '遠程',
    ],
    pattern: `${CHANNEL}(?: (?:connections?|sessions?|access|logins?|agent))?${SAME_SENTENCE}{0,30}${CHANNEL_FAILS}|${CANNOT_REACH_BY}`,
    unless: `${ELSEWHERE}`,
    unlessSaid: `${HEDGED}|[Ii]f |[Ii]n case|如果|的话`,
    observation: true,
    // People's words only: a program's line that mentions it is that program's.
    prose: true,
    source:
      "observation: the host out of reach by an operator's channels: sshd's session timing out or refused (OpenSSH ssh \"Connection timed out\"), AWS Systems Manager's Session Manager (amazon-ssm-agent) or EC2 Instance Connect failing, the serial console dead, ICMP echo unanswered",
    mechanism:
      'the whole host stalls (memory thrashing, an overloaded CPU, a kernel wedged) and sshd and the cloud agent with the kubelet',
  },
  {
    // "no ssh", "lost SSH", "no ping": the channel gone, as a noun phrase. Not a host set up without one.
    fact: 'node.unresponsive',
    literals: ['ssh', 'SSM', 'ping', 'console', 'login'],
    pattern:
      '(?:[Nn]o|[Ll]ost|[Ll]ost all|[Nn]o more|[Nn]o working) (?:SSH|ssh|SSM|ping|pings|serial console|console access|console login|login)',
    unless: `${ELSEWHERE}|key|configured|enabled|disabled|allowed|by design|policy|instead|needed|required|without`,
    unlessSaid: `${HEDGED}|[Ii]f `,
    observation: true,
    // People's words only: a program's line that mentions it is that program's.
    prose: true,
    source:
      "observation: the host's channels gone, as a noun phrase (no SSH, no ping, no console login): sshd, ICMP echo and the console's getty stopped answering",
    mechanism:
      'the whole host stalls (memory thrashing, an overloaded CPU, a kernel wedged) and sshd with the kubelet',
  },
  {
    // The kernel's lockup watchdogs in words: a lockup is the kernel's, whichever host the description is about. The
    // watchdog's own line ("BUG: soft lockup - CPU#n stuck for") is read by the kernel rules; its settings are not
    // an episode.
    fact: 'node.wedged',
    literals: [
      'lockup',
      'lock-up',
      'rcu stall',
      'rcu_sched',
      'rcu_preempt',
      '软锁',
      '軟鎖',
      '软死锁',
      '軟死鎖',
    ],
    pattern:
      '(?:[Ss]oft|[Hh]ard)[- ]?lock-?ups?|(?:RCU|rcu) stalls?|rcu_(?:sched|preempt)(?: self-detected| detected)? stalls?|软锁|軟鎖|软死锁|軟死鎖',
    unless: `BUG: soft lockup|[Ww]atchdog detected|softlockup_|hardlockup_|watchdog_thresh|nmi_watchdog|kernel\\.softlockup|kernel\\.hardlockup|[Nn]o (?:soft |hard )?lock-?ups?|[Nn]o (?:RCU|rcu) stall|without (?:any )?(?:soft |hard )?lockups?|没有软锁`,
    unlessSaid: `${HEDGED}|[Ii]f |如果`,
    observation: true,
    // People's words only: a program's line that mentions it is that program's.
    prose: true,
    source:
      "observation: soft or hard lockups and RCU stalls in a person's words (the kernel's lockup watchdog, kernel/watchdog.c watchdog_timer_fn and the hard-lockup detector; RCU's stall detector, kernel/rcu/tree_stall.h)",
    mechanism:
      'CPUs stuck in the kernel run nothing else: the kubelet renews no Lease, and with kernel.softlockup_panic the host panics and reboots',
  },
  {
    // A node NotReady or Unknown whose pods still show Running: the API keeps the last status the kubelet posted,
    // and the node controller evicts only after the taint's toleration (300 s by default) has passed.
    fact: 'node.pods_running_while_lost',
    literals: ['running'],
    pattern: `(?:NotReady|Not Ready|not ready|Unknown)${SAME_SENTENCE}{0,80}(?:[Pp]ods?|[Cc]ontainers?|[Ww]orkloads?)${SAME_SENTENCE}{0,40}(?:still|remains?|remained|stays?|stayed|kept|keep|continues? to|continued to)${SAME_SENTENCE}{0,20}(?:Running|running)|(?:[Pp]ods?|[Cc]ontainers?)${SAME_SENTENCE}{0,40}(?:still|remains?|remained|stays?|stayed)${SAME_SENTENCE}{0,20}(?:Running|running)${SAME_SENTENCE}{0,80}(?:NotReady|Not Ready|not ready|Unknown)|NotReady[^\\n]{0,40}(?:[Pp]od|容器)[^\\n]{0,20}(?:仍|仍然|依然|还是|還是|一直|依旧|依舊)[^\\n]{0,6}Running|(?:[Pp]od|容器)[^\\n]{0,20}(?:仍|仍然|依然|还是|還是|一直|依旧|依舊)[^\\n]{0,6}Running[^\\n]{0,40}NotReady|NotReady[^\\n]{0,120}(?:仍然|依然|还是|還是|依旧|依舊)(?:显示|顯示)[^\\n]{0,30}(?:[Pp]ods?|容器)[^\\n]{0,20}[Rr]unning`,
    unless: `tolerationSeconds|pod-eviction-timeout|eviction timeout|by design|expected behaviou?r|is expected|Terminating|terminating`,
    unlessSaid: `${HEDGED}|[Ii]f |如果`,
    observation: true,
    // People's words only: a program's line that mentions it is that program's.
    prose: true,
    source:
      "observation: a node NotReady or Unknown for long whose pods still show Running (the API keeps the kubelet's last posted status; the node lifecycle controller, pkg/controller/nodelifecycle, taints the node and eviction waits on the pods' toleration)",
    mechanism:
      'nothing on the node reports: the kubelet is gone with its host (powered off, crashed, cut off) or cannot reach the API server',
  },
  {
    // Nothing reserved for the kubelet and the system daemons, in words (a configuration's absence is checked by
    // extract/config.ts when the configuration itself is in the bundle).
    fact: 'config.no_reserved',
    literals: ['reserved', '预留', '預留'],
    pattern:
      '(?:[Nn]o|[Ww]ithout|[Mm]issing|[Nn]ot (?:set|configured|using)|[Nn]either|[Nn]o (?:resources?|memory|CPU|cpu) (?:is |was |are |were )?)(?: (?:a|any|the))? (?:--)?(?:system-reserved|kube-reserved|systemReserved|kubeReserved|system reserved|kube reserved|reservations?|reserved resources)|(?:--)?(?:system-reserved|kube-reserved|systemReserved|kubeReserved)(?: (?:or|and|nor) (?:--)?(?:system-reserved|kube-reserved|systemReserved|kubeReserved))?(?: (?:is|are|was|were) (?:not|never) (?:set|configured|defined|specified)| not set| unset| missing| empty| absent)|[Nn]othing (?:is |was )?reserved for|(?:没有|沒有|未)(?:设置|配置|設置|設定)?(?:任何)? ?(?:kube-reserved|system-reserved|kubeReserved|systemReserved|预留资源|預留資源|资源预留|資源預留|预留)',
    unlessSaid: `${SUGGESTED}|[Ii]f |recommend|best practice|如果|建议`,
    observation: true,
    // People's words only: a program's line that mentions it is that program's.
    prose: true,
    source:
      'observation: the kubelet said to reserve nothing for itself and the system daemons (--kube-reserved/--system-reserved, KubeletConfiguration kubeReserved/systemReserved unset: pkg/kubelet/cm node allocatable, node images that leave them empty)',
    mechanism:
      "the pods may take all of the node's capacity: the kubelet, the runtime and sshd compete with them for CPU and memory",
  },
  // Round 14: people's words for mechanisms whose programs' lines are read elsewhere. Each keeps to one line; a
  // question or a hedge on it is not an observation.
  {
    // A container listed running (docker ps "Up", crictl "Running") while no process stands behind it: the
    // runtime's record kept after the task's exit was lost (containerd's task exit event never processed, a shim
    // gone without publishing it), the shape runtime.shim_mismatch records from the programs' own lines.
    fact: 'runtime.shim_mismatch',
    pattern: `(?:[Cc]ontainers?[^a-zA-Z\\n]|docker ps|crictl ps)${SAME_SENTENCE}{0,60}(?:Up|[Rr]unning)${SAME_SENTENCE}{0,60}(?:no process|process(?:es)? (?:is |was |are |were )?(?:gone|missing|not there|dead|not running)|process(?:es)? (?:does|do|did) ?n.t exist|process no longer exists|PID (?:is |was )?(?:gone|missing|dead)|PID no longer exists|PID (?:does|did) ?n.t exist|no such process|nothing (?:behind|under) it)|容器[^\\n]{0,30}(?:运行|運行|Running|running|Up)[^\\n]{0,20}(?:进程|進程)[^\\n]{0,4}(?:不存在|没了|沒了|没有了|沒有了|找不到|已退出|不在了|消失)|コンテナ[^\\n]{0,40}(?:実行中|稼働中|Running|running|Up)[^\\n]{0,40}プロセス[^\\n]{0,4}(?:存在しない|存在しません|ない|ありません|見つからない|見つかりません|いない|消え)`,
    literals: ['process', 'PID', 'nothing behind it', 'nothing under it', '进程', '進程', 'プロセス'],
    unless: `child process|worker process|application|the app`,
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]`,
    observation: true,
    prose: true,
    source:
      "observation: a container said listed running (docker ps Up, crictl Running) with no process behind it; in the programs' terms the runtime's task record outliving its exit (containerd runtime/v2 shim's TaskExit event not delivered or not processed, moby daemon/monitor.go never told of the exit)",
    mechanism:
      'the exit of the container\'s process was never delivered to the runtime, so its record stays "running": stops wait for an exit that will not come and the runtime\'s calls about it hang',
  },
  {
    // A container that will not stop or die when told, in words (English, Chinese): the runtime's kill sent and
    // the process still there, what runtime.kill_failed records from the programs' own lines.
    fact: 'runtime.kill_failed',
    pattern: `(?:容器|[Cc]ontainers?[^a-zA-Z\\n])[^\\n]{0,20}(?:停不掉|停不下来|停不下來|杀不掉|殺不掉|杀不死|殺不死|kill ?不掉|stop ?不掉|kill ?不了|stop ?不了|删不掉|刪不掉)|(?:docker|crictl|nerdctl|ctr|podman) (?:kill|stop|rm -f)[^\\n]{0,10}(?:不掉|不了|没有用|沒有用|没用|無效|无效)|[Cc]ontainers?[^a-zA-Z\\n]${SAME_SENTENCE}{0,40}(?:cannot|can't|can not|could not|couldn't|won't|will not|would not|wouldn't) be (?:killed|stopped)|[Cc]ontainers?[^a-zA-Z\\n]${SAME_SENTENCE}{0,40}(?:won't|will not|would not|wouldn't|refuses? to|refused to) (?:die|be killed)|[Cc]ontainers?[^a-zA-Z\\n]${SAME_SENTENCE}{0,40}(?:survives?|survived|ignores?|ignored) (?:a |the )?(?:kill|SIGKILL|docker kill)|(?:docker|crictl|nerdctl|podman) kill${SAME_SENTENCE}{0,40}(?:does nothing|did nothing|has no effect|had no effect|no effect|stays? running|stayed running|still running)`,
    literals: [
      '不掉',
      '不了',
      '不下来',
      '不下來',
      '不死',
      '没有用',
      '沒有用',
      '没用',
      '無效',
      '无效',
      'kill',
      'stop',
      'die',
      'survive',
      'ignore',
    ],
    unless: `restarting|crashing|looping`,
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]`,
    observation: true,
    prose: true,
    source:
      "observation: a container said not to stop or die when killed (docker kill, crictl stop, 容器停不掉); in the programs' terms moby daemon/kill.go killWithSignal and containerd's task Kill returning while the process stays (a process in D state, a shim that no longer answers)",
    mechanism:
      'the kill is sent but the process does not exit or its exit never reaches the runtime: the stop waits, and the pod stays Terminating',
  },
  {
    // The CPU or memory manager's checkpoint named in words with its failure (cpu_manager_state,
    // memory_manager_state under the kubelet's root directory), or the node's CPUs or memory resized and the kubelet
    // failing at start: the state file written for the old machine no longer validates against the new one.
    fact: 'kubelet.manager_state',
    pattern: `(?:cpu|memory)_manager_state[^\\n]{0,100}${MANAGER_STATE_FAILS}|${MANAGER_STATE_FAILS}[^\\n]{0,100}(?:cpu|memory)_manager_state|${RESIZED}${SAME_SENTENCE}{0,80}${KUBELET_FAILS_AT_START}|${KUBELET_FAILS_AT_START}${SAME_SENTENCE}{0,80}${RESIZED}|${ZH_RESIZED}[^\\n]{0,60}${ZH_KUBELET_FAILS}|${ZH_KUBELET_FAILS}[^\\n]{0,60}${ZH_RESIZED}`,
    literals: [
      'cpu_manager_state',
      'memory_manager_state',
      'resiz',
      'cpu',
      'core',
      'memory',
      'ram',
      'instance',
      'VM size',
      'machine type',
      'flavo',
      'sku',
      '内存',
      '內存',
      '核数',
      '核數',
      '核心数',
      '核心數',
      '规格',
      '規格',
    ],
    // A pod's limits or requests changed are the pods' resources, not the machine's.
    unless: `plan to|planning to|going to|will resize|swap|limits?|requests?|quota`,
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]`,
    observation: true,
    prose: true,
    source:
      'observation: the CPU or memory manager\'s checkpoint (/var/lib/kubelet/cpu_manager_state, memory_manager_state) named with its failure, or the node\'s CPUs or memory changed and the kubelet failing at start; in the programs\' terms kubernetes pkg/kubelet/cm/cpumanager/policy_static.go validateState ("current set of available CPUs … doesn\'t match with CPUs in state …") and cm/memorymanager/policy_static.go validateState ("the expected machine state is different from the real one"), fatal through container_manager_linux.go Start (1.21+ for the memory manager)',
    mechanism:
      'the static policies validate their checkpoint against the machine at start: CPUs or memory added or removed make it disagree, and the kubelet exits at every start until the file is deleted',
  },
  {
    // Completed pods kept as objects keep their dead containers and sandboxes on the node: the kubelet's container
    // GC keeps the newest dead containers of every pod that still exists (MaxPerPodContainer), and only the pod's
    // deletion (a Job's TTL, the controller manager's terminated-pod GC at 12500) removes them.
    fact: 'containers.exited_many',
    pattern: `(?:Completed|completed|Succeeded|succeeded) pods${SAME_SENTENCE}{0,40}(?:pil(?:e|es|ed|ing) up|accumulat|keep growing|kept growing|never (?:get )?(?:cleaned|removed|deleted)|not (?:being )?(?:cleaned|removed|deleted))|(?:hundreds|thousands|tens of thousands|lots|tons) of (?:Completed|completed|Succeeded|succeeded) pods|(?:大量|几千个|幾千個|上千个|上千個|成千上万|成千上萬|上万个|上萬個)[^\\n]{0,4}(?:Completed|completed|已完成)[^\\n]{0,6}(?:pod|Pod)`,
    literals: ['completed', 'succeeded', '已完成'],
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]`,
    observation: true,
    prose: true,
    source:
      'observation: Completed pods said to pile up; kubernetes pkg/kubelet/kuberuntime/kuberuntime_gc.go evictContainers keeps the dead containers of pods that still exist (MaxPerPodContainer), pkg/controller/podgc removes terminated pods only past --terminated-pod-gc-threshold (12500)',
    mechanism:
      'every completed pod left as an object keeps its exited containers and sandbox on the node: each relist and each runtime list walks them too',
  },
  {
    // A controller that keeps making pods (a Job or CronJob failing and retrying, an operator in a loop): a flood
    // of pods on the nodes, in words.
    fact: 'pods.many',
    pattern: `(?:[Jj]obs?|[Cc]ron ?[Jj]obs?|cron job|[Cc]ontroller|[Oo]perator|[Dd]eployment|[Dd]aemon[Ss]et|[Rr]eplica[Ss]et|StatefulSet)${SAME_SENTENCE}{0,60}(?:kept|keeps|keep|kept on|keeps on|continued|continues|went on|goes on) (?:creating|spawning|launching|recreating) (?:new |more |replacement )?pods|(?:job|Job|cronjob|CronJob|任务|任務|控制器)[^\\n]{0,20}(?:一直|不断|不斷|持续|持續|反复|反復|疯狂|瘋狂|大量)地?(?:创建|創建|拉起|生成|启动|啟動)了?(?:新的?)? ?(?:pod|Pod|容器)|(?:几千|幾千|上千|数千|數千|成千上万|成千上萬|上万|上萬|几万|幾萬)个? ?(?:pod|Pod)`,
    literals: [
      'creating',
      'spawning',
      'launching',
      'recreating',
      '创建',
      '創建',
      '拉起',
      '生成',
      '启动',
      '啟動',
      '几千',
      '幾千',
      '上千',
      '数千',
      '數千',
      '成千上',
      '上万',
      '上萬',
      '几万',
      '幾萬',
    ],
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]`,
    observation: true,
    prose: true,
    source:
      'observation: a Job, CronJob or other controller said to keep creating pods (kubernetes pkg/controller/job retries failed pods up to backoffLimit; a CronJob with concurrencyPolicy Allow starts a Job every schedule), a flood of pods on the nodes',
    mechanism:
      'every pod the controller makes is a sandbox and containers for the kubelet and the runtime to create, relist and tear down',
  },
  {
    // A cloud load balancer that reports the nodes behind it unhealthy or cannot reach them.
    fact: 'network.disrupted',
    pattern: `(?:[Ll]oad [Bb]alancers?|ELB|NLB|ALB|SLB|CLB|[Tt]arget [Gg]roups?)${SAME_SENTENCE}{0,40}(?:marks?|marked|marking|reports?|reported|shows?|showed|lists?|listed|considers?|considered|sees?|saw|flags?|flagged) (?:(?:all|the|our|every|each|several|some|many|most|of|worker|its|k8s|cluster) ){0,4}(?:nodes|instances|targets|backends|node|instance|workers) (?:as )?(?:unhealthy|OutOfService|out of service|down|unreachable)|(?:[Ll]oad [Bb]alancers?|ELB|NLB|ALB|SLB|CLB)${SAME_SENTENCE}{0,30}(?:cannot|can't|could not|couldn't|unable to|fails? to|failed to) reach (?:(?:the|any|all|of|our|worker) ){0,3}(?:nodes|instances|node|workers)`,
    literals: ['load balancer', 'ELB', 'NLB', 'ALB', 'SLB', 'CLB', 'target group'],
    unless: `pods|ingress|Ingress`,
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]`,
    observation: true,
    prose: true,
    source:
      "observation: a cloud load balancer said to mark the nodes unhealthy or unable to reach them (its health checks probe each node's own address from outside the node)",
    mechanism:
      "a probe from outside that fails on the nodes' own addresses is the nodes unreachable on the network, as the API server's path to their kubelets is",
  },
  {
    // The node out of reach by the API and by remote shell alike, said with a network word: the host is off the
    // network (its address, route or link gone), not only its kubelet stopped.
    fact: 'network.disrupted',
    literals: ['ssh'],
    pattern: `(?:unreachable|not reachable|inaccessible|cannot be reached|can't be reached|could not be reached|couldn't be reached) (?:over|via|by|through|with|from) (?:both )?(?:the )?(?:API|kubectl|[Aa]pi ?server)(?: server)? (?:and|or|nor|as well as) (?:via |over |by )?(?:SSH|ssh)|(?:unreachable|not reachable|inaccessible|cannot be reached|can't be reached|could not be reached|couldn't be reached) (?:over|via|by|through|with|from) (?:both )?(?:SSH|ssh) (?:and|or|nor|as well as) (?:via |over |by )?(?:the )?(?:API|kubectl|[Aa]pi ?server)`,
    unless: `from the pod|from a pod|from inside`,
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]|[Ii]f `,
    observation: true,
    prose: true,
    source:
      "observation: nodes said unreachable over the API and by SSH alike: no path to the host at all, the kubelet's connection to the API server and sshd's listener both behind it",
    mechanism:
      "the host is off the network: the kubelet's lease and status updates cannot reach the API server, and nothing from outside reaches the host",
  },
  {
    // The scheduler's reasons quoted beside nodes that stop answering: the pods' requests already fill the nodes, and
    // their real use, past their requests, takes what the kubelet and the runtime need. The scheduler's reason alone
    // is a pod not placed (the description grammar leaves it out); beside nodes going down it is load they fell over
    // under.
    fact: 'node.overloaded',
    literals: ['insufficient cpu', 'insufficient memory'],
    pattern: `Insufficient (?:cpu|memory)[^\\n]{0,200}${NODES_GO_DOWN}|${NODES_GO_DOWN}[^\\n]{0,200}Insufficient (?:cpu|memory)`,
    unless: `stayed Ready|remained Ready|still Ready`,
    unlessSaid: `${HEDGED}|[?？]|[吗嗎]|[Ii]f `,
    observation: true,
    prose: true,
    source:
      'observation: the scheduler\'s reasons quoted in prose ("Insufficient cpu", "Insufficient memory": kubernetes pkg/scheduler/framework/plugins/noderesources/fit.go) beside nodes that stop responding or go NotReady',
    mechanism:
      "the nodes are full by their pods' requests, and the pods' real use past them leaves the kubelet and the runtime too little: the nodes fall over under the load",
  },
  {
    // Round 18: which operating system the node runs decides where its kubelet's log is: a Windows node has no
    // journal (the kubelet is a service of the Service Control Manager, or a child of a distribution's agent, and
    // writes its log to a file). Only what to ask for; no cause weighs it.
    fact: 'node.windows',
    literals: ['windows'],
    pattern: 'Windows (?:Server|nodes?|workers?|hosts?|machines?|VMs?|node ?pools?)|Windows ?节点',
    observation: true,
    source:
      'observation: the node named a Windows node or host (Kubernetes on Windows: the kubelet runs as a Windows service, kubernetes docs "Windows in Kubernetes", or under a distribution\'s agent such as rke2.exe, and logs to a file: --log-file / RKE2\'s <data-dir>\\agent\\logs\\kubelet.log)',
    mechanism:
      "the node runs Windows: the kubelet's log is a file on the node, not a journal; journalctl does not reach it",
  },
  {
    // Round 18: a node said never to register or join, in English and Chinese. The kubelet registers the Node
    // (kubelet_node_status.go registerWithAPIServer); a node that never appears in the API never did.
    fact: 'kubelet.not_registered',
    literals: ['register', 'join', '注册', '加入'],
    pattern:
      '(?:[Nn]odes?|[Kk]ubelets?|[Ww]orkers?) (?:never|still (?:hasn.t|has not|doesn.t|does not)|has not|hasn.t|did not|didn.t|does not|doesn.t|could not|couldn.t|cannot|can.t|fail(?:s|ed)? to) (?:registers?|registered|joins?|joined)|(?:节点|kubelet|worker)[^\\n，。,.？?]{0,12}(?:一直|始终|从未|从来|还是)?(?:没有|没|未|无法|不能)(?:注册|加入)|(?:注册|加入)不上|加入不了',
    unless: `${HEDGED}|[?？]|[吗嗎]|[Ii]f |如果`,
    observation: true,
    prose: true,
    source:
      'observation: a node said never to register or join (kubernetes pkg/kubelet/kubelet_node_status.go registerWithAPIServer: the kubelet creates its Node object; "Unable to register node with API server" when it cannot), in English and Chinese (注册 register, 加入 join)',
    mechanism:
      'no Node object was ever created for the machine: its kubelet is not running, cannot reach or authenticate to the API server, or was never given one',
  },
  {
    // Round 18: a cloud provider's own check of the instance failing. EC2's instance status check sends ARP requests
    // to the instance's network interface ("Instance reachability check failed"; the system check is the host
    // under it): an instance that fails it does not answer on its network at all, and its kubelet with it.
    fact: 'network.disrupted',
    literals: ['reachability check', 'status check', 'StatusCheckFailed'],
    pattern:
      '(?:[Ii]nstance|[Ss]ystem) (?:reachability|status) checks? (?:failed|failing|fails)|fail(?:ed|s|ing)? (?:the |their |its |an? )?(?:(?:EC2|AWS|cloud|provider.s|instance|system) )*(?:reachability|status) checks?|StatusCheckFailed',
    unless: `${HEDGED}|[?？]|[吗嗎]|[Ii]f |runtime status check|container status check`,
    observation: true,
    prose: true,
    source:
      'observation: an instance said to fail its cloud provider\'s status or reachability check (AWS EC2 "Status checks for your instances": the instance status check sends ARP requests to its network interface, "Instance reachability check failed"; the system check covers the host under it; CloudWatch StatusCheckFailed_Instance / _System)',
    mechanism:
      'the instance does not answer on its network interface (a hung or panicked kernel, its network configuration lost, the host under it failing): its kubelet cannot reach the API server and nothing reaches it',
  },
  // Round 20, in words: the control plane NotReady while the workers turn Ready, said beside the network plugin. The
  // plugin's agent is a DaemonSet placed only where it tolerates the taints (kubeadm's control-plane NoSchedule taint,
  // cmd/kubeadm/app/constants ControlPlaneTaint; the DaemonSet controller's NodeShouldRunDaemonPod): one not run on
  // the control plane writes no CNI configuration there. Either order of the two states, the plugin named in the line.
  {
    fact: 'cni.agent_not_placed',
    pattern: `${PLUGIN_WORDS}[^\\n]{0,200}(?:${CONTROL_PLANE_NOT_READY}[^\\n]{0,150}${WORKERS_READY}|${WORKERS_READY}[^\\n]{0,150}${CONTROL_PLANE_NOT_READY})|(?:${CONTROL_PLANE_NOT_READY}[^\\n]{0,150}${WORKERS_READY}|${WORKERS_READY}[^\\n]{0,150}${CONTROL_PLANE_NOT_READY})[^\\n]{0,200}${PLUGIN_WORDS}`,
    literals: ['master', 'control plane', 'control-plane', 'controlplane'],
    observation: true,
    prose: true,
    specific:
      'two roles compared on one condition: the control plane NotReady and the others Ready names the nodes where the agent does not run',
    source:
      "observation: the control plane NotReady and the workers Ready, beside the network plugin (kubernetes pkg/controller/daemon/daemon_controller.go NodeShouldRunDaemonPod places a DaemonSet's pod only on nodes whose taints it tolerates; kubeadm taints the control plane NoSchedule, cmd/kubeadm/app/constants ControlPlaneTaint/OldControlPlaneTaint)",
    mechanism:
      "the network plugin's node agent runs on the workers but not on the control plane (its DaemonSet does not tolerate the control-plane taint or selects workers only): no CNI configuration is written there, so only the control plane stays NotReady",
  },
  {
    fact: 'cni.agent_not_placed',
    pattern: `${PLUGIN_WORDS_ZH}[^\\n]{0,80}(?:${CONTROL_PLANE_NOT_READY_ZH}[^\\n]{0,60}${WORKERS_READY_ZH}|${WORKERS_READY_ZH}[^\\n]{0,60}${CONTROL_PLANE_NOT_READY_ZH})|(?:${CONTROL_PLANE_NOT_READY_ZH}[^\\n]{0,60}${WORKERS_READY_ZH}|${WORKERS_READY_ZH}[^\\n]{0,60}${CONTROL_PLANE_NOT_READY_ZH})[^\\n]{0,80}${PLUGIN_WORDS_ZH}`,
    literals: ['master', '控制平面', '主节点', '主節點', '管理节点'],
    observation: true,
    prose: true,
    source:
      "observation: in Chinese, the control plane (master, 主节点, 控制平面) NotReady and the other nodes Ready, beside the network plugin (网络插件, CNI, a plugin's name); the DaemonSet placement as above",
    mechanism:
      "the network plugin's node agent runs on the workers but not on the control plane: no CNI configuration is written there, so only the control plane stays NotReady",
  },
  // Round 26 (r26-weighing): people's words for three mechanisms no program line of the bundle may show.
  {
    // The runtime's state directory cleaned to get pods starting again: containerd keeps its metadata (sandboxes,
    // containers, their names) in io.containerd.metadata.v1.bolt under its root (/var/lib/containerd; k3s and RKE2
    // /var/lib/rancher/<dist>/agent/containerd) and its tasks' state under /run/containerd; dockerd under
    // /var/lib/docker and /var/run/docker; CRI-O's containers/storage under /var/lib/containers/storage and
    // /run/containers/storage. What survives a reboot or an unclean shutdown there (a sandbox still holding its name,
    // a half-written record) is served back at start; removing it is the fix, so the runtime's own state was broken.
    fact: 'runtime.state_kept',
    pattern: `${CLEAN_STATE}${S26}{0,40}${RUNTIME_STATE_DIR}|${RUNTIME_STATE_DIR}${S26}{0,30}(?:was |were |got |had to be |needed to be |must be |has to be )?${CLEAN_STATE}`,
    literals: [
      '/containerd',
      "containerd's",
      'containerd’s',
      'containerd state',
      'containerd data',
      'containerd root',
      'containerd metadata',
      '/var/lib/docker',
      '/var/run/docker',
      'containers/storage',
      'runtime',
      '运行时',
      '状态',
      '数据',
    ],
    // Space freed (images pruned, a disk full) or a runtime removed for good is another story.
    unless:
      'disk space|free up|freed|free space|prune|磁盘空间|釋放|释放|uninstall|purge the package|apt-get purge|dnf remove|yum remove|[Ss]hould|[Yy]ou can|[Tt]ry ',
    observation: true,
    prose: true,
    source:
      "observation: the runtime's state directory removed to get pods starting (containerd's root and state directories, docs/ops.md 'Base Configuration' root=/var/lib/containerd state=/run/containerd, metadata in io.containerd.metadata.v1.bolt/meta.db; dockerd's --data-root /var/lib/docker and --exec-root /var/run/docker; CRI-O's containers/storage graphroot /var/lib/containers/storage and runroot /run/containers/storage)",
    mechanism:
      'the runtime serves back state kept from before a reboot or an unclean shutdown (sandboxes still holding their names, half-written records): it refuses or fails pods until that state is removed',
  },
  {
    // Pods that never start after every hard, unclean or forced shutdown, in one sentence: what an unclean stop leaves
    // is the runtime's store (its metadata and the names in it persist under its root; a clean stop lets it tear
    // sandboxes down first).
    fact: 'runtime.state_kept',
    pattern: `${UNCLEAN_STOP}${S26}{0,80}${PODS_NOT_STARTING}|${PODS_NOT_STARTING}${S26}{0,80}${UNCLEAN_STOP}`,
    literals: [
      'hard',
      'unclean',
      'ungraceful',
      'forced',
      'dirty',
      'abrupt',
      'power',
      '断电',
      '掉电',
      '斷電',
      '掉電',
      '硬重启',
      '强制重启',
      '强制关机',
      '非正常',
      '异常关机',
      '意外关机',
    ],
    observation: true,
    prose: true,
    source:
      "observation: pods that never start, or stay ContainerCreating, after each unclean stop of the node (a power loss, a hard reset, a forced power cycle); the runtime's store outlives it (containerd's metadata under its root, docs/ops.md; CRI-O's containers/storage graphroot), while a clean stop (systemd's KillMode and the runtime's own shutdown) tears sandboxes down first",
    mechanism:
      'the runtime comes back with sandboxes and names kept from before the stop and refuses or fails new ones: pods stay creating until its state is cleaned',
  },
  {
    // Network namespaces piling up: every sandbox gets one (the CRI's pod network namespace, bind-mounted under
    // /var/run/netns by containerd and CRI-O) and the network plugin's DEL with the sandbox's removal is what releases
    // it; the kernel refuses new ones when what it takes per namespace runs out.
    fact: 'cni.teardown_failed',
    pattern: `(?:[Nn]etwork namespaces?|[Nn]etns(?:es)?|/var/run/netns|/run/netns|网络命名空间|網絡命名空間)${S26}{0,40}(?:leak(?:s|ed|ing)?|pil(?:e|es|ed|ing) up|accumulat(?:e|es|ed|ing)|left (?:behind|over)|never (?:removed|deleted|cleaned)|not (?:being )?(?:removed|deleted|cleaned)|泄漏|泄露|洩漏|残留|殘留|堆积|堆積|越来越多|没有被?(?:删除|清理))|(?:[Tt]oo many|[Tt]housands of|[Tt]ens of thousands of|[Ll]eaked|[Ll]eaking|[Ss]tale|[Oo]rphaned|[Ll]eftover) (?:network namespaces|netns(?:es)?)|(?:大量|很多|上万个?|数千个?|幾千個?|几千个?)(?:的)?(?:残留的?)?(?:网络命名空间|網絡命名空間|netns)`,
    literals: ['network namespace', 'netns', '网络命名空间', '網絡命名空間'],
    observation: true,
    prose: true,
    source:
      "observation: network namespaces leaking (ip-netns(8): named namespaces are bind mounts under /var/run/netns; containerd's CRI and CRI-O create each sandbox's there, and the network plugin's CNI DEL with the sandbox's removal releases it, CNI SPEC 'DEL')",
    mechanism:
      "the network plugin's teardown leaves each sandbox's namespace behind: they pile up until the kernel refuses a new one, and every new sandbox fails",
  },
];
