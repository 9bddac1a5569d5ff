import { type Component, NODE_DAEMONS } from './components.ts';
import { parseGoDuration } from './duration.ts';
import type { FactId } from './facts.ts';

/** `pleg was last seen active 3m46.75s ago; threshold is 3m0s` → the two durations. */
export const PLEG_AGE = /pleg was last seen active ([^;]+?) ago; threshold is ([0-9hmsuµμn. ]+[hmsn])/;

function plegAgeSeconds(line: string): number | undefined {
  const m = PLEG_AGE.exec(line);
  return m ? parseGoDuration(m[1] ?? '') : undefined;
}

/**
 * One detection rule: a message some program (kubelet, runtime, kernel, systemd) writes when a mechanism is at
 * work, or — marked `observation` — the way people describe what they saw. Rules are data: reviewable in one
 * place, generic in the scanner, and shared verbatim with ripgrep in the log-scan benchmark, so patterns use
 * the syntax both engines accept (no look-around, no back-references, case-sensitive).
 */
export interface Signature {
  fact: FactId;
  pattern: string;
  /** Components whose lines count. Lines whose component is unknown count too, unless `strict`. */
  from?: readonly Component[];
  /** Require a line attributed to one of `from`; anything else is recorded as discounted. */
  strict?: boolean;
  /** Where a strict rule discounts a line, the fact recorded instead (e.g. an application's own EMFILE). */
  discountAs?: FactId;
  /** Lines that match this too are not this fact (a more specific rule owns them). */
  unless?: string;
  /** A person's description rather than a program's message. */
  observation?: boolean;
  /** A number the line carries (e.g. the PLEG relist age in seconds). */
  value?: (line: string) => number | undefined;
}

const RUNTIMES: readonly Component[] = ['dockerd', 'containerd', 'crio', 'shim', 'runc'];
const HANG =
  '(?:hangs?|hung|stuck|never returns?|does ?n.t respond|not respond|no response|unresponsive|没有响应|无响应|卡住|卡死)';

export const SIGNATURES: readonly Signature[] = [
  // PLEG and the kubelet's health checks (pkg/kubelet/pleg, runtime.go)
  {
    fact: 'pleg.unhealthy',
    pattern: 'PLEG is not healthy: pleg (?:was last seen active|has yet to be successful)',
    from: ['kubelet'],
    value: plegAgeSeconds,
  },
  { fact: 'pleg.relist_error', pattern: 'GenericPLEG: Unable to retrieve pods', from: ['kubelet'] },
  {
    fact: 'pleg.evented_unhealthy',
    pattern: 'EventedPLEG is not healthy|pleg event channel capacity is full',
    from: ['kubelet'],
  },
  { fact: 'pleg.channel_full', pattern: 'Event channel is full, discard this relist', from: ['kubelet'] },
  {
    fact: 'pleg.relist_slow',
    pattern: '(?:relist|updateCache|updatecache)[^\\n]{0,60}(?:takes?|took) (?:a long time|[0-9]+m)',
    observation: true,
  },
  {
    fact: 'runtime.down',
    pattern:
      'container runtime is down|Container runtime sanity check failed|[Cc]ontainer runtime not ready|RuntimeReady=false',
    from: ['kubelet'],
  },
  {
    fact: 'runtime.status_pending',
    pattern: 'container runtime status check may not have completed yet',
    from: ['kubelet'],
  },

  // The runtime not answering
  {
    fact: 'runtime.unreachable',
    pattern:
      'Cannot connect to the Docker daemon|desc = Cannot connect to|dial unix [^ ]*(?:containerd|docker|dockershim|crio|cri-dockerd)\\.sock: connect: (?:connection refused|no such file or directory)|error reading server preface',
    from: [...NODE_DAEMONS],
  },
  {
    fact: 'runtime.list_timeout',
    pattern:
      '(?:ListPodSandbox|ListContainers|ListPodSandboxStats|ListContainerStats)[^\\n]{0,80}from runtime service failed[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)|Failed to list pod sandboxes[^\\n]{0,200}(?:DeadlineExceeded|deadline exceeded)',
    from: ['kubelet'],
  },
  {
    fact: 'runtime.op_timeout',
    pattern:
      '(?:StopPodSandbox|StopContainer|RemoveContainer|RemovePodSandbox|ContainerStatus|PodSandboxStatus|ExecSync|KillPod|KillContainer|CreateContainer|StartContainer|RunPodSandbox|Failed to stop sandbox)[^\\n]{0,200}(?:DeadlineExceeded|context deadline exceeded)|operation timeout: context deadline exceeded|level=error msg="[^"]{0,160}" error="[^"]{0,80}(?:context deadline exceeded|DeadlineExceeded)',
    from: ['kubelet', ...RUNTIMES],
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
    fact: 'runtime.service_failed',
    pattern:
      '(?:docker|containerd|crio|cri-o)\\.service: (?:Main process exited|Failed with result|Start request repeated too quickly|Scheduled restart job)',
    from: ['systemd', 'unknown'],
  },
  {
    fact: 'runtime.pods_stuck',
    pattern: `(?:[Pp]ods?|[Cc]ontainers?)[^\\n]{0,30}${HANG}[^\\n]{0,12}(?:ContainerCreating|[Cc]ontainer ?[Cc]reating|[Cc]reating|Terminating|terminating)`,
    observation: true,
  },
  { fact: 'runtime.shim_reaped', pattern: 'msg="shim reaped"', from: ['dockerd', 'containerd'] },
  {
    fact: 'runtime.force_kill',
    pattern: 'failed to exit within [0-9]+ seconds of signal [0-9]+ - using the force',
    from: RUNTIMES,
  },
  {
    fact: 'runtime.device_busy',
    pattern:
      '(?:unlinkat|remove|unmount|rmdir|driver "[a-z0-9]+" failed to remove)[^\\n]{0,200}device or resource busy',
    from: [...NODE_DAEMONS],
  },

  // Descriptor and inotify exhaustion
  {
    fact: 'fd.emfile',
    pattern: '[Tt]oo many open files|EMFILE',
    from: [...NODE_DAEMONS],
    strict: true,
    discountAs: 'fd.app_emfile',
  },
  {
    fact: 'fd.inotify',
    pattern:
      'inotify_init1?: too many open files|inotify resources exhausted|inotify_add_watch[^\\n]{0,200}no space left on device|fsnotify watcher: too many open files|failed to create inotify|inotify instance limit|inotify watch limit',
  },
  { fact: 'fd.file_max', pattern: 'VFS: file-max limit [0-9]+ reached', from: ['kernel'] },
  { fact: 'fd.watch_error', pattern: 'Error while processing event \\(', from: ['kubelet'] },

  // Wedged processes under the runtime
  {
    fact: 'kernel.hung_task_runtime',
    pattern: 'INFO: task (?:docker|containerd|runc|conmon|crio|kubelet)[^: ]*:[0-9]+ blocked for more than',
  },
  { fact: 'kernel.hung_task', pattern: 'INFO: task [^ ]+:[0-9]+ blocked for more than [0-9]+ seconds' },
  {
    fact: 'proc.zombie_shim',
    pattern:
      '(?:[Zz]ombie|defunct|state Z )[^\\n]{0,80}(?:containerd-shim|docker-containerd-shim)|(?:containerd-shim|docker-containerd-shim)[^\\n]{0,80}(?:[Zz]ombie|defunct)',
  },
  {
    fact: 'proc.unkillable',
    pattern: 'kill -9[^\\n]{0,40}(?:no effect|does ?n.t work|does not work|fails|failed|无效|没有效果)',
    observation: true,
  },

  // systemd / D-Bus
  {
    fact: 'systemd.dbus_timeout',
    pattern:
      'Timeout waiting for systemd to create|[Ff]ailed to (?:create|start|activate)[^\\n]{0,80}(?:\\.scope|transient unit)[^\\n]{0,80}(?:timed out|[Tt]imeout)|org\\.freedesktop\\.DBus\\.Error\\.(?:NoReply|TimedOut)|Did not receive a reply|dbus: connection closed by user|Failed to (?:get D-Bus connection|connect to bus): Connection timed out|Activation of org\\.freedesktop\\.systemd1 timed out',
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

  // Too many containers
  {
    fact: 'containers.gc_failed',
    pattern:
      'ContainerGCFailed|[Cc]ontainer garbage collection failed|Failed to remove (?:dead|exited) container',
    from: ['kubelet', 'unknown'],
  },
  {
    fact: 'pods.churn',
    pattern:
      '(?:[Dd]eploy(?:ing)?|[Cc]reat(?:e|ing)) and delet(?:e|ing) pods|pods?[^\\n]{0,20}(?:constantly|repeatedly|frequently) (?:restart|creat|recreat|delet)|constantly restarting',
    observation: true,
  },
  { fact: 'pods.dense', pattern: 'densely packed|high pod density', observation: true },

  // The kubelet losing contact
  {
    fact: 'node.status_unknown',
    pattern: 'Kubelet stopped posting node status|Kubelet never posted node status',
  },
  {
    fact: 'kubelet.dead',
    pattern:
      'kubelet\\.service: (?:Main process exited|Failed with result|Start request repeated too quickly)|failed to run Kubelet|Failed to start cAdvisor',
  },
  { fact: 'kubelet.swap', pattern: '[Rr]unning with swap on', from: ['kubelet', 'unknown'] },
  {
    fact: 'kubelet.api_error',
    pattern:
      '(?:Error updating node status|[Ff]ailed to update node lease|Unable to register node|[Ff]ailed to ensure node lease exists|Unable to update node status)[^\\n]{0,300}(?:i/o timeout|connection refused|no route to host|network is unreachable|TLS handshake timeout|Client\\.Timeout exceeded|context deadline exceeded|connection reset by peer)',
    from: ['kubelet'],
  },
  {
    fact: 'kubelet.auth_error',
    pattern:
      'x509: certificate has expired or is not yet valid|Unable to register node[^\\n]{0,120}Unauthorized|"Unauthorized"|forbidden: User "system:node',
    from: ['kubelet'],
    strict: true,
  },
  {
    fact: 'kubelet.stale_conn',
    pattern:
      'use of closed network connection|http2: client connection lost|Unexpected watch close - watch lasted less than a second',
    from: ['kubelet'],
  },
  { fact: 'kubelet.http_blocked', pattern: 'net/http\\.\\(\\*persistConn\\)\\.roundTrip' },
  {
    fact: 'kubelet.alive_while_unknown',
    pattern:
      '(?:remain|still|stay)s? connected to the (?:apiserver|api server|API server)|receive[sd]? the update to delete',
    observation: true,
  },
  {
    fact: 'network.link_down',
    pattern: 'link status definitely down|NIC Link is Down|: Lost carrier|[Ll]ink is not ready',
  },
  { fact: 'network.link_up', pattern: 'link status definitely up|NIC Link is Up|: Gained carrier' },
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

  // Starvation
  {
    fact: 'mem.oom',
    pattern:
      'Out of memory: Kill|System OOM encountered|kubelet has insufficient memory available|low on resource: memory',
  },
  { fact: 'mem.cgroup_oom', pattern: 'Memory cgroup out of memory', from: ['kernel', 'unknown'] },
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
    fact: 'disk.pressure',
    pattern:
      'kubelet has disk pressure|low on resource: (?:ephemeral-storage|nodefs|imagefs)|no space left on device',
    unless: 'inotify',
  },
  {
    fact: 'pid.pressure',
    pattern:
      'kubelet has insufficient PID available|fork: (?:retry: )?Resource temporarily unavailable|pthread_create failed|fork/exec[^\\n]{0,120}resource temporarily unavailable',
  },

  // CNI
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
    fact: 'cni.slow',
    pattern: 'CNI[^\\n]{0,80}(?:slow|longer|takes? (?:a )?long|latency|timed out|hangs?)',
    observation: true,
  },
  {
    fact: 'cni.not_ready',
    pattern:
      'NetworkPluginNotReady|cni config uninitialized|network plugin is not ready|runtime network not ready',
  },
  {
    fact: 'node.flapping',
    pattern:
      '(?:flap|flapping|flips?|flipping)[^\\n]{0,40}(?:Ready|ready)|(?:Ready|ready)[^\\n]{0,20}(?:flap|flapping)|频繁 ?NotReady',
    observation: true,
  },
];
