import { HANG, type Signature } from './types.ts';

/** Messages people write when they describe what they saw: weighed below the programs' own messages. */
export const OBSERVATION_RULES: readonly Signature[] = [
  {
    fact: 'pleg.relist_slow',
    pattern: '(?:relist|updateCache|updatecache)[^\\n]{0,60}(?:takes?|took) (?:a long time|[0-9]+m)',
    observation: true,
    source:
      'observation: kubelet pkg/kubelet/pleg/generic.go (*GenericPLEG).relist duration (kubelet_pleg_relist_duration_seconds) as people measure it',
    mechanism:
      'one relist (list every sandbox and container, inspect the changed ones) takes seconds to minutes',
  },
  {
    fact: 'runtime.container_cmd_hang',
    pattern: `(?:docker|crictl|ctr|nerdctl) (?:inspect|rm|kill|stop|logs|exec|top|wait)[^\\n]{0,60}${HANG}|(?:docker|crictl) commands? (?:with|on|for|against) (?:the |an? )?(?:affected|one|that|this|specific|stuck)[^\\n]{0,30}${HANG}`,
    observation: true,
    source: 'observation: CRI/Docker API calls about one container (inspect, stop, rm, exec) not returning',
    mechanism: 'the runtime blocks on one container: its shim, runc or process is wedged',
  },
  {
    fact: 'runtime.cmd_hang',
    pattern: `(?:docker|crictl|ctr|nerdctl) (?:ps|info|version|images)[^\\n]{0,40}${HANG}`,
    unless: '(?:docker|crictl|ctr) (?:inspect|rm|kill|stop|logs|exec)',
    observation: true,
    source: 'observation: the runtime daemon API not answering (docker ps, crictl ps, docker info)',
    mechanism: 'runtime-wide calls (list, info) get no answer: the daemon is down or deadlocked',
  },
  {
    fact: 'runtime.answers',
    pattern:
      '(?:can|could) still (?:interact with|talk to|use|reach) (?:docker|containerd|crictl|the runtime)|but others? (?:complete|work|respond|answer)',
    observation: true,
    source: 'observation: the runtime daemon API answering runtime-wide calls',
    mechanism: 'the daemon itself serves requests, so a hang is specific to some containers',
  },
  {
    fact: 'runtime.pods_stuck',
    pattern: `(?:[Pp]ods?|[Cc]ontainers?)[^\\n]{0,30}${HANG}[^\\n]{0,12}(?:ContainerCreating|[Cc]ontainer ?[Cc]reating|[Cc]reating|Terminating|terminating)`,
    observation: true,
    source:
      'observation: pods held in ContainerCreating/Terminating (CRI RunPodSandbox/CreateContainer/StopPodSandbox not completing)',
    mechanism:
      'create or stop calls to the runtime do not complete, so pods never leave the transitional state',
  },
  {
    fact: 'proc.unkillable',
    pattern: 'kill -9[^\\n]{0,40}(?:no effect|does ?n.t work|does not work|fails|failed|无效|没有效果)',
    observation: true,
    source:
      'observation: a process surviving SIGKILL (kill(2) cannot end a task in uninterruptible sleep, nor remove a zombie)',
    mechanism: 'the process is in D state, or a zombie its parent does not reap',
  },
  {
    fact: 'systemd.mountinfo_churn',
    pattern: 'mountinfo[^\\n]{0,80}(?:churn|pars|spik|CPU|cpu|frequent)|bindfd',
    observation: true,
    source:
      'observation: systemd re-parsing /proc/self/mountinfo on every mount event (src/core/mount.c mount_dispatch_io)',
    mechanism: 'mounts and unmounts from containers keep PID 1 busy re-reading the mount table',
  },
  {
    fact: 'pods.churn',
    pattern:
      '(?:[Dd]eploy(?:ing)?|[Cc]reat(?:e|ing)) and delet(?:e|ing) pods|pods?[^\\n]{0,20}(?:constantly|repeatedly|frequently) (?:restart|creat|recreat|delet)|constantly restarting',
    observation: true,
    source: 'observation: pods created and deleted at a high rate (kubelet pod workers and PLEG events)',
    mechanism: 'many containers change state at once, so each relist has many containers to inspect',
  },
  {
    fact: 'pods.dense',
    pattern: 'densely packed|high pod density',
    observation: true,
    source: 'observation: node pod density (kubelet maxPods)',
    mechanism: 'many pods per node means many containers per relist',
  },
  {
    fact: 'kubelet.alive_while_unknown',
    pattern:
      '(?:remain|still|stay)s? connected to the (?:apiserver|api server|API server)|receive[sd]? the update to delete',
    observation: true,
    source:
      'observation: kubelet or node agents still talking to the API server while the node lease is stale',
    mechanism: 'the network path works; the kubelet status loop or its connection is what is broken',
  },
  {
    fact: 'network.disrupted',
    pattern:
      "restart(?:ed|ing)? (?:the )?(?:node's )?network|network (?:restart|outage|partition|cut)|heartbeat[^\\n]{0,30}(?:lost|missing|stopped)|connection from the node's kubelet dropped",
    observation: true,
    source: 'observation: node network restart or outage (the kubelet connection to the API server drops)',
    mechanism: 'the kubelet cannot reach the API server, so its lease and status updates stop',
  },
  {
    fact: 'apiserver.down',
    pattern:
      '(?:apiserver|api server|API server|control plane)s? (?:goes|went|is|was) down|load balancer[^\\n]{0,60}(?:apiserver|api server|dead|down)',
    observation: true,
    source: 'observation: kube-apiserver or its load balancer unavailable',
    mechanism: 'every kubelet loses its status path at once; the nodes themselves may be fine',
  },
  {
    fact: 'mem.exhausted',
    pattern:
      "(?:ate|eat|eats|eating|chews?|consum(?:e|es|ed|ing)|exhaust(?:s|ed|ing)?|us(?:e|es|ed|ing)|fill(?:s|ed)?)(?: up)? (?:all|nearly all|almost all|most of)(?: of)?(?: the)? (?:node's )?(?:memory|RAM)|(?:ran|runs|running) out of memory",
    observation: true,
    source: 'observation: node memory exhausted as free/top/monitoring show it',
    mechanism: 'the kernel reclaims and OOM-kills; the kubelet and runtime stall',
  },
  {
    fact: 'io.saturated',
    pattern: 'disk (?:IO|I/O|io) (?:is )?(?:saturated|at 100)',
    observation: true,
    source: 'observation: disk I/O saturation as iostat/vmstat show it',
    mechanism: 'every runtime read and write waits on the disk, so CRI calls slow down',
  },
  {
    fact: 'io.normal',
    pattern: 'disk (?:IO|I/O|io)[^\\n]{0,20}(?:normal|fine|low)',
    observation: true,
    source: 'observation: disk I/O measured and found normal',
    mechanism: 'disk I/O is not what slows the runtime down',
  },
  {
    fact: 'cni.slow',
    pattern: 'CNI[^\\n]{0,80}(?:slow|longer|takes? (?:a )?long|latency|timed out|hangs?)',
    observation: true,
    source: 'observation: CNI ADD/DEL latency as people measure it',
    mechanism: 'network setup and teardown hold the sandbox operations that wait on them',
  },
  {
    fact: 'runtime.cmd_hang',
    pattern: `(?:all|every) (?:docker|crictl|ctr|nerdctl|runtime) commands? [^\\n]{0,20}${HANG}|(?:docker|crictl|ctr) ?命令(?:全部|都|也)?${HANG}`,
    observation: true,
    source: 'observation: the runtime daemon API not answering any command',
    mechanism: 'runtime-wide calls get no answer: the daemon is down or deadlocked',
  },
  {
    fact: 'systemd.cmd_hang',
    pattern: `systemctl(?: [a-z-]+)?[^\\n]{0,40}(?:${HANG}|times? out|timed out)|busctl[^\\n]{0,40}${HANG}`,
    observation: true,
    source: 'observation: systemctl/busctl calls to systemd over D-Bus not returning',
    mechanism:
      'PID 1 does not answer D-Bus, so anything that needs a unit or scope (runc with the systemd driver) waits',
  },
  {
    fact: 'runtime.pods_stuck',
    pattern:
      '(?:[Pp]ods?|容器)[^\\n]{0,20}(?:一直|卡在|停留在)[^\\n]{0,6}(?:ContainerCreating|Terminating|创建中|删除中|终止中)',
    observation: true,
    source: 'observation: pods held in ContainerCreating/Terminating, as people describe it in Chinese',
    mechanism:
      'create or stop calls to the runtime do not complete, so pods never leave the transitional state',
  },
  {
    fact: 'node.flapping',
    pattern:
      '(?:flap|flapping|flips?|flipping)[^\\n]{0,40}(?:Ready|ready)|(?:Ready|ready)[^\\n]{0,20}(?:flap|flapping)|频繁 ?NotReady',
    observation: true,
    source: 'observation: the node Ready condition alternating (kubelet status updates)',
    mechanism:
      'the kubelet reports Ready and NotReady in turn: a health check (PLEG, runtime) fails intermittently',
  },
  {
    fact: 'node.flapping',
    pattern: '[Nn]odes? (?:are |is |keeps? |keep on |start )?(?:flap|flapping)',
    observation: true,
    source: 'observation: nodes alternating Ready/NotReady, as people shorten it ("nodes flapping")',
    mechanism:
      'the kubelet reports Ready and NotReady in turn: a health check (PLEG, runtime) fails intermittently',
  },
  {
    fact: 'mem.exhausted',
    pattern: "(?:exceed(?:s|ed|ing)?|more than) (?:the )?(?:node(?:'s)?|total|physical|host) (?:memory|RAM)",
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
    observation: true,
    source:
      'observation: the node holding or starting a great many containers at once (kubelet pkg/kubelet/pleg/generic.go relist inspects each changed one)',
    mechanism: 'one relist lists and inspects more containers than it can within the threshold',
  },
  {
    fact: 'containers.exited_many',
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
    pattern:
      '(?:[Aa]fter|[Ww]hen|[Ww]henever|[Ee]very time|[Ee]ach time|[Oo]nce) (?:we |I |you |someone )?(?:restart(?:ed|ing)?|systemctl restart) (?:the )?kubelet[^\\n]{0,120}(?:NotReady|not ready|Not Ready)|(?:NotReady|not ready)[^\\n]{0,80}(?:after|when|whenever) (?:we |I |you )?restart(?:ed|ing)? (?:the )?kubelet|重启(?:了)? ?kubelet[^\\n]{0,40}(?:NotReady|not ready)',
    observation: true,
    source:
      'observation: the node NotReady for a while after an operator restarts the kubelet (kubernetes pkg/kubelet/runtime.go runtimeErrors before the first runtime sync)',
    mechanism:
      'a freshly started kubelet reports the runtime not ready until its first sync, and posts NotReady until then',
  },
  {
    fact: 'pods.unbounded',
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
    observation: true,
    source:
      'observation: pods whose containers set no resources.requests/limits (BestEffort QoS): the scheduler counts them as free',
    mechanism:
      'the scheduler packs pods it thinks cost nothing; under load they take the memory and CPU the kubelet and runtime need',
  },
];
