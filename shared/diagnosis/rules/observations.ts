import { HANG, type Signature } from './types.ts';

/** Messages people write when they describe what they saw: weighed below the programs' own messages. */
export const OBSERVATION_RULES: readonly Signature[] = [
  {
    fact: 'pleg.relist_slow',
    pattern: '(?:relist|updateCache|updatecache)[^\\n]{0,60}(?:takes?|took) (?:a long time|[0-9]+m)',
    observation: true,
  },
  {
    fact: 'runtime.container_cmd_hang',
    pattern: `(?:docker|crictl|ctr|nerdctl) (?:inspect|rm|kill|stop|logs|exec|top|wait)[^\\n]{0,60}${HANG}|(?:docker|crictl) commands? (?:with|on|for|against) (?:the |an? )?(?:affected|one|that|this|specific|stuck)[^\\n]{0,30}${HANG}`,
    observation: true,
  },
  {
    fact: 'runtime.cmd_hang',
    pattern: `(?:docker|crictl|ctr|nerdctl) (?:ps|info|version|images)[^\\n]{0,40}${HANG}|(?:[Dd]ocker|[Cc]ontainerd|container runtime|dockerd)(?: daemon)? (?:does ?n.t|did ?n.t|is not|was not|stopped|stops) respond`,
    unless: '(?:docker|crictl|ctr) (?:inspect|rm|kill|stop|logs|exec)',
    observation: true,
  },
  {
    fact: 'runtime.answers',
    pattern:
      '(?:can|could) still (?:interact with|talk to|use|reach) (?:docker|containerd|crictl|the runtime)|but others? (?:complete|work|respond|answer)',
    observation: true,
  },
  {
    fact: 'runtime.pods_stuck',
    pattern: `(?:[Pp]ods?|[Cc]ontainers?)[^\\n]{0,30}${HANG}[^\\n]{0,12}(?:ContainerCreating|[Cc]ontainer ?[Cc]reating|[Cc]reating|Terminating|terminating)`,
    observation: true,
  },
  {
    fact: 'proc.unkillable',
    pattern: 'kill -9[^\\n]{0,40}(?:no effect|does ?n.t work|does not work|fails|failed|无效|没有效果)',
    observation: true,
  },
  {
    fact: 'systemd.busy',
    pattern:
      "systemd(?:'s)?(?: \\(PID 1\\))?[^\\n]{0,30}(?:CPU|cpu)[^\\n]{0,40}(?:100|[5-9][0-9]) ?%|(?:PID|pid) 1[^\\n]{0,40}(?:CPU|cpu)[^\\n]{0,30}(?:100|[5-9][0-9]) ?%",
    observation: true,
  },
  {
    fact: 'systemd.mountinfo_churn',
    pattern: 'mountinfo[^\\n]{0,80}(?:churn|pars|spik|CPU|cpu|frequent)|bindfd',
    observation: true,
  },
  {
    fact: 'pods.churn',
    pattern:
      '(?:[Dd]eploy(?:ing)?|[Cc]reat(?:e|ing)) and delet(?:e|ing) pods|pods?[^\\n]{0,20}(?:constantly|repeatedly|frequently) (?:restart|creat|recreat|delet)|constantly restarting',
    observation: true,
  },
  { fact: 'pods.dense', pattern: 'densely packed|high pod density', observation: true },
  {
    fact: 'kubelet.alive_while_unknown',
    pattern:
      '(?:remain|still|stay)s? connected to the (?:apiserver|api server|API server)|receive[sd]? the update to delete',
    observation: true,
  },
  {
    fact: 'network.disrupted',
    pattern:
      "restart(?:ed|ing)? (?:the )?(?:node's )?network|network (?:restart|outage|partition|cut)|heartbeat[^\\n]{0,30}(?:lost|missing|stopped)|connection from the node's kubelet dropped",
    observation: true,
  },
  {
    fact: 'apiserver.down',
    pattern:
      '(?:apiserver|api server|API server|control plane)s? (?:goes|went|is|was) down|load balancer[^\\n]{0,60}(?:apiserver|api server|dead|down)',
    observation: true,
  },
  {
    fact: 'mem.exhausted',
    pattern:
      "(?:ate|eat|eats|eating|chews?|consum(?:e|es|ed|ing)|exhaust(?:s|ed|ing)?|us(?:e|es|ed|ing)|fill(?:s|ed)?)(?: up)? (?:all|nearly all|almost all|most of)(?: of)?(?: the)? (?:node's )?(?:memory|RAM)|(?:ran|runs|running) out of memory",
    observation: true,
  },
  {
    fact: 'io.saturated',
    pattern:
      '(?:iowait|io ?wait|IO wait)[^\\n]{0,20}(?:[5-9][0-9]|100) ?%|disk (?:IO|I/O|io) (?:is )?(?:saturated|at 100)',
    observation: true,
  },
  { fact: 'io.normal', pattern: 'disk (?:IO|I/O|io)[^\\n]{0,20}(?:normal|fine|low)', observation: true },
  {
    fact: 'cni.slow',
    pattern: 'CNI[^\\n]{0,80}(?:slow|longer|takes? (?:a )?long|latency|timed out|hangs?)',
    observation: true,
  },
  {
    fact: 'node.flapping',
    pattern:
      '(?:flap|flapping|flips?|flipping)[^\\n]{0,40}(?:Ready|ready)|(?:Ready|ready)[^\\n]{0,20}(?:flap|flapping)|频繁 ?NotReady',
    observation: true,
  },
];
