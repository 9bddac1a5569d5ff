import { alternatives, HEDGES, NOT_THE_NODE, PLANNING, QUESTION, WITHIN_SENTENCE } from './descriptions.ts';
import type { Signature } from './types.ts';

/**
 * Round 24 (r24-words-counting): people's words for mechanisms whose programs' lines other files read, in the forms
 * the grammar (descriptions.ts) and the earlier word files do not take: a hedged suspicion of the descriptor limit
 * (heard as a lead, below a plain statement), descriptors used up told by their effect (no file can be created), a
 * question whether the kubelet withstands its runtime not running (the asking is what was seen), the kubelet's own
 * memory growing, memory growing until the machine crashes (the crash its consequence), connection attempts failing
 * in a loop until the disks fill, and a package upgrade under the runtime taking it down. Written from the programs'
 * behaviour and the words' own meanings, never from a case; read only in prose, weighed below the programs.
 */

const S = WITHIN_SENTENCE;
/** Any character of the line: a cause and its effect often stand in two sentences of one paragraph. */
const L = '[^\\n]';

/** What every plain description here leaves out: questions, hedges, another host, plans. */
const COMMON_UNLESS = alternatives({ en: [...HEDGES.en, ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh }, [
  QUESTION,
]);

/** Descriptors by the names people give them (open files, fds, file handles, nofile, ulimit -n). */
const DESCRIPTORS =
  '(?:open[ _-]?files?|file[ _-]?descriptors?|fds|FDs|file[ _-]?handles?|nofile|NOFILE|ulimit -n|打开文件数?|打開文件數?|文件句柄|文件描述符|句柄数|句柄數)';
/** Descriptors used up, as people say a limit was reached. */
const USED_UP =
  '(?:limits?|exhausted|exhaustion|ran out|run out|running out|used up|reached|exceeded|too low|too small|errors?|耗尽|耗盡|用完|用尽|满了|滿了|超限|上限|太多|过多|過多|不够|不夠|太小|太低)';
/** A suspicion, hedged: the speaker's own guess, not a list of the usual causes. */
const SUSPECT_EN =
  '(?:I (?:suspect|believe|think|guess|assume|wonder if|wonder whether)|[Ww]e (?:suspect|believe|think|guess|assume)|[Mm]y (?:guess|suspicion|hunch) is|[Mm]aybe|[Pp]erhaps|[Pp]robably|[Pp]ossibly|[Ss]uspect(?:ed|ing)?|[Mm]ight (?:be|have been)|[Mm]ay (?:be|have been)|[Cc]ould (?:be|have been)|[Ll]ikely|[Ss]eems? (?:to be|like))';
const SUSPECT_ZH = '(?:可能|怀疑|懷疑|猜测|猜測|估计|估計|疑似|大概|也许|也許|应该是|應該是)';

/** The container runtimes by the names people use. */
const RUNTIME =
  '(?:the )?(?:[Dd]ocker(?:d| daemon| engine| service)?|[Cc]ontainerd|[Cc][Rr][Ii]-[Oo]|crio|(?:container )?runtime)';
/** The runtime not (yet) running, said after its name. */
const RUNTIME_NOT_UP = `${RUNTIME}(?: (?:not|not being|being not|is not|isn't|was not|wasn't|not yet|being) (?:running|up|started|ready|available|there)| (?:being |is |was )?(?:down|unavailable|dead|stopped|restarted|restarting)| outages?| restarts?| (?:starting|coming up) (?:late|slowly|later|after it))`;
/** Whether the kubelet withstands a thing, as people ask or deny it. */
const WITHSTANDS =
  '(?:(?:robust|resilient|tolerant) (?:to|against)|survives?|survived|withstands?|withstood|tolerates?|tolerated|handles?|handled|copes? with|coped with|recovers? from|recovered from|deals? with|dealt with)';
const NEGATED =
  "(?:is not|isn't|was not|wasn't|not|doesn't|does not|didn't|did not|cannot|can't|can not|couldn't|could not|never|fails? to|failed to|won't|will not)";

/** Memory words of one process: its resident set, heap, use. */
const MEMORY =
  '(?:[Mm]emory(?: usage| use| footprint| consumption)?|RSS|rss|[Rr]esident set(?: size)?|RES|[Hh]eap|[Ww]orking set)';
/** A quantity growing, in its verb's forms. */
const GROWS =
  '(?:grows?|grew|growing|grown|increases?|increased|increasing|(?:would|will|did|does)(?: slowly| steadily| constantly)? (?:grow|increase|climb|rise)|climbs?|climbed|climbing|rises?|rose|rising|risen|keeps? (?:growing|increasing|climbing|rising)|kept (?:growing|increasing|climbing|rising)|balloon(?:s|ed|ing)?|explodes?|exploded|exploding)';
/** The machine at the end of it. */
const MACHINE = '(?:the )?(?:VM|vm|node|machine|host|server|instance|system|box|OS)';
const MACHINE_FAILS =
  '(?:crash(?:ed|es)?|died|dies|froze|freezes|hung|hangs|locked up|locks up|went down|goes down|(?:was|got|is|gets) (?:OOM|oom)(?:-killed| killed)?|OOMs?|ran out of memory|runs out of memory|rebooted|reboots|became unresponsive|becomes unresponsive)';

/** Connection attempts and their failures, as people name them. */
const ATTEMPTS =
  '(?:(?:[Ff]ailed |[Ff]ailing )?(?:[Aa]ttempts? to (?:connect|reach|dial|log ?in|authenticate)|[Cc]onnection attempts?|[Cc]onnect(?:ion)? (?:attempts?|errors?|failures?|retries|timeouts?)|[Rr]econnect(?:ion)?(?: attempts?| errors?| failures?)?|[Rr]etries|[Rr]etry attempts))';
/** In a loop, without end. */
const LOOPING =
  '(?:(?:in|on) (?:a |an )?(?:endless |infinite |tight |retry )?loop|looping|looped|loops?|over and over|endless(?:ly)?|non-?stop|continuous(?:ly)?|constant(?:ly)?|repeated(?:ly)?|infinite(?:ly)?)';
/** Disks filled (by logs). */
const DISKS_FILL =
  '(?:(?:the |their |our |all (?:the )?)?(?:disks?|root (?:disk|partition|file ?system|volume)|/var(?:/log)?|file ?systems?|storage) (?:filled|fill(?:s|ed|ing)? up|(?:was|were|got|became|went) full|ran out of (?:space|room))|fill(?:s|ed|ing)? (?:up )?(?:the |their |our |all (?:the )?)?(?:disks?|root (?:disk|partition|file ?system|volume)|/var(?:/log)?|file ?systems?))';

/** A package upgrade, by the tools that run one unattended or by hand. */
const PACKAGE_UPGRADE =
  '(?:unattended-upgrades?|[Uu]nattended[ -]upgrades?|yum-cron|dnf-automatic|apt(?:-get)? (?:upgrade|dist-upgrade|full-upgrade)|yum (?:update|upgrade)|dnf (?:update|upgrade)|zypper (?:update|up|dup)|[Aa]utomatic (?:package |security |OS )?(?:upgrades?|updates?)|[Aa]uto-?(?:upgrades?|updates?)|(?:[Pp]ackage|[Ss]ecurity|OS) (?:upgrades?|updates?))';
/** The runtime's packages and the ones under it. */
const RUNTIME_PACKAGE =
  '(?:containerd\\.io|containerd|runc|docker-ce|docker\\.io|docker-engine|moby-engine|moby-containerd|moby-runc|docker)';
/** The runtime taken down. */
const TAKEN_DOWN =
  "(?:stopped|stopping|stops|took (?:down|out)|taking (?:down|out)|takes (?:down|out)|killed|kills|brought down|brings down|broke|breaks|(?:went|goes|was|were) down|(?:did ?n[o'’]t|does ?n[o'’]t|was not|were not|never) (?:start|restart|started|restarted|come back|came back)|left (?:it |them |the daemon |docker |containerd )?(?:stopped|down|dead|not running)|crash(?:ed|es)?)";

/** A network file server or its mount, by the names people use. */
const NETWORK_FS =
  '(?:NFS|nfs|[Nn]etwork file ?system|CIFS|cifs|SMB|[Cc]eph(?:FS|fs)?|GlusterFS|[Gg]luster)(?: server| share| export| mount| volume| backend)?';
/** The server gone: stopped, down, unreachable, not answering. */
const SERVER_GONE =
  "(?:stopped|stops|(?:is|was|went|goes|got) (?:down|away|offline|unreachable|unavailable)|died|crashed|(?:is |was |became )?unreachable|(?:is |was )?not responding|no longer (?:responds?|answers?|reachable)|(?:is |was |got )?shut ?down|powered off|(?:does|did) ?n[o'’]t respond)";
/** A person stopping the server (steps to reproduce). */
const SERVER_STOPPED_BY =
  '(?:[Ss]top(?:ped|ping)?|[Ss]hut(?:ting)? (?:down|off)|[Kk]ill(?:ed|ing)?|[Pp]ower(?:ed|ing)? off|[Tt]ak(?:e|ing) down|[Tt]ook down|[Dd]isconnect(?:ed|ing)?|[Bb]lock(?:ed|ing)?) (?:the |our |an? )?';
/** Pods held for ever: deletions that never end, new pods that never start. */
const PODS_HELD =
  '(?:[Tt]erminating|Pending|ContainerCreating|stuck|never (?:terminat|finish|start|end|go away|gets? deleted)|(?:for ?ever|indefinitely))';

/** A node agent that runs the kubelet (or KubeEdge's edged) in its own process, as people name it. */
const EDGE_AGENT =
  '(?:[Kk]3[Ss][- ]agent|[Kk]3[Ss] agent|[Rr][Kk][Ee]2[- ]agent|[Ee]dge[Cc]ore|edgecore|[Ee]dge agent|[Tt]he agent|[Aa]gent (?:process|service))';
/** A Go panic or a crash with one, said of it. */
const PANICS = '(?:panic(?:s|ked|king)?|crash(?:es|ed)? with a panic|(?:hit|hits|throws?|threw) a panic)';
/** The network lost for a while: a loss, an outage, a cable unplugged. */
const NETWORK_LOSS = `(?:(?:network|connection|connectivity|link|uplink)(?: to the server| to the cloud)?${S}{0,20}(?:loss|lost|outages?|interruptions?|interrupted|down|drops?|dropped|unplugged|cut|goes away|went away|(?:is |was |goes |went )?out for)|(?:without|no|lost|losing|loses) (?:network|connectivity|connection)|offline for|unplug(?:ged|ging)? the (?:network|cable))`;
/** Not coming back on its own. */
const NO_RECONNECT =
  "(?:never reconnects?|never re-?connected|(?:does|did|would) ?n[o'’]t reconnect|(?:does|did) not reconnect|won't reconnect|not (?:connecting|reconnecting) (?:back|again)|(?:needs?|needed|requires?|required) (?:a |the service to be |to )?restart|until (?:we |I |someone )?restart)";

export const LEAD_WORD_RULES: readonly Signature[] = [
  {
    // A single-binary agent that runs the kubelet in its process (k3s/rke2's agent; KubeEdge's edgecore runs edged)
    // said to panic after its network was lost, or to panic and not reconnect: the agent's own defect (k3s-io/k3s
    // #10981, a duplicate of #10319; kubeedge/kubeedge #4281, edgehub's Send on a connection its reconnect had not
    // yet made, fixed in v1.13.0), not the network that came back.
    fact: 'kubelet.panic',
    pattern: [
      `${EDGE_AGENT}${S}{0,80}${PANICS}${L}{0,200}(?:${NETWORK_LOSS}|${NO_RECONNECT})`,
      `${NETWORK_LOSS}${L}{0,200}${EDGE_AGENT}${S}{0,80}${PANICS}`,
    ].join('|'),
    literals: ['panic'],
    unless: `${COMMON_UNLESS}|[Kk]ernel panic|内核`,
    observation: true,
    prose: true,
    source:
      'observation: a node agent that runs the kubelet in its own process said to panic after a network loss and not reconnect: k3s-io/k3s issue #10981 (v1.29.4+k3s1 agent panicking after hours without network, "duplicate of #10319", fixed in a June 2024 release), kubeedge/kubeedge PR #4281 (edge/pkg/edgehub/clients/wsclient and quicclient Send on a nil connection while edgehub retries cloudhub, fixed in v1.13.0)',
    mechanism:
      "the agent's process, and the kubelet in it, dies of its own defect while it retries the server; its service restart (or a release with the fix) brings the node back, not the network",
  },
  {
    // A network file server gone behind a pod's volume, and pods held for ever: the kubelet's (and the runtime's)
    // threads that touch the mount (a stat, an unmount, a volume's teardown) sleep uninterruptibly in the NFS client
    // while a hard mount retries (nfs(5) "hard": "NFS requests are retried indefinitely"), so the pod's deletion and
    // the work queued behind it never finish until the server answers again.
    fact: 'kernel.storage_stall',
    pattern: [
      `${NETWORK_FS}${S}{0,40}${SERVER_GONE}${L}{0,200}${PODS_HELD}`,
      `${SERVER_STOPPED_BY}${NETWORK_FS}${L}{0,200}(?:[Tt]erminating|Pending|ContainerCreating)`,
      `(?:[Tt]erminating|Pending|ContainerCreating)${S}{0,80}(?:because|since|as|while|when|after) ${S}{0,40}${NETWORK_FS}${S}{0,30}${SERVER_GONE}`,
      '(?:NFS|nfs|网络存储|網絡存儲|存储服务器|存儲服務器)[^\\n]{0,20}(?:挂了|掛了|宕机|宕機|停止|停掉|停了|不可用|无响应|無響應|不通|连不上|連不上)[^\\n]{0,60}(?:Terminating|Pending|ContainerCreating|卡住|一直|删不掉|刪不掉)',
    ].join('|'),
    literals: [
      'nfs',
      'network file',
      'cifs',
      'smb',
      'ceph',
      'gluster',
      '网络存储',
      '網絡存儲',
      '存储服务器',
      '存儲服務器',
    ],
    unless: `${COMMON_UNLESS}|soft mount|soft,|,soft|intr\\b`,
    observation: true,
    prose: true,
    source:
      "observation: a network file server stopped or unreachable behind a pod's volume with pods held Terminating or Pending: nfs(5) hard mounts (\"NFS requests are retried indefinitely\"; the process waits in the NFS client, uninterruptibly), under the kubelet's volume teardown and status calls (pkg/kubelet/volumemanager reconciler UnmountVolume, the mount's stat in kubelet_volumes.go)",
    mechanism:
      "the kubelet's threads that touch the dead mount sleep in the kernel's NFS client until the server answers: the pod's deletion never ends and the pods queued behind it never start, and all are released when the server returns",
  },
  {
    // A hedged suspicion of the descriptor limit is the speaker's lead, not a list of causes: heard below a plain
    // statement (fd_exhaustion weighs fd.suspected below fd.emfile), not dropped as the grammar's hedges drop it.
    fact: 'fd.suspected',
    pattern: [
      `${SUSPECT_EN}${S}{0,80}(?:[Tt]oo many open files|${DESCRIPTORS}${S}{0,30}${USED_UP})`,
      `(?:[Tt]oo many open files|${DESCRIPTORS}${S}{0,20}${USED_UP})${S}{0,40}(?:I suspect|I think|I guess|I believe|maybe|perhaps|probably|is suspected|is my guess)`,
      `${SUSPECT_ZH}[^\\n。；;，,]{0,30}(?:too many open files|${DESCRIPTORS}[^\\n。；;]{0,10}${USED_UP})`,
    ].join('|'),
    literals: [
      'open file',
      'open_file',
      'open-file',
      'file descriptor',
      'file_descriptor',
      'fds',
      'file handle',
      'file_handle',
      'nofile',
      'ulimit -n',
      '打开文件',
      '打開文件',
      '文件句柄',
      '文件描述符',
      '句柄数',
      '句柄數',
    ],
    // A list of the usual causes, a condition, a question, a denial or another host is no suspicion of this node's.
    unless: `${alternatives({ en: NOT_THE_NODE, zh: [] })}|such as|e\\.g\\.|for example|for instance|[Ii]f |[Ww]hether |例如|比如|如果|假如|或者|、`,
    unlessSaid: `${QUESTION}|[?？]|(?:not|n't|no longer|ruled out|rule out|excluded) ${S}{0,20}(?:too many open files|${DESCRIPTORS})|不是|排除`,
    observation: true,
    prose: true,
    source:
      'observation: a person\'s hedged suspicion ("I suspect", "maybe", "might be", "可能", "怀疑") that descriptors ran out, the limit the kernel enforces per process (getrlimit(2) RLIMIT_NOFILE: open(2), socket(2), pipe(2), inotify_init(2) fail with EMFILE "Too many open files", errno(3)) or system-wide (fs.file-max, ENFILE)',
    mechanism:
      'a lead, not a finding: if a process reached its descriptor limit, every open, socket and pipe it makes fails; what to read is the process\'s count against its "Max open files" and fs.file-nr',
  },
  {
    // Descriptors used up told by their effect: a program said to create or hold many open files (or processes)
    // and then services that cannot create or open files. Both halves are needed: "cannot create file" alone is also
    // a full disk (ENOSPC) or a read-only file system (EROFS).
    fact: 'fd.emfile',
    pattern: [
      `(?:creat|open|spawn|leak|accumulat|hold|keep)(?:s|es|ed|ing)? (?:up )?(?:a lot of|lots of|many|too many|so many|more and more|thousands of|tens of thousands of|hundreds of thousands of|a huge number of|a large number of|huge numbers of|an? (?:huge|large|excessive) amount of)(?: open)?[ _-]?(?:files|file[ _-]?descriptors|fds|FDs|file[ _-]?handles|sockets)${L}{0,240}(?:cannot|can't|can not|could ?n[o'’]t|unable to|not able to|fail(?:s|ed|ing)? to|no longer able to|impossible to) (?:create|open) (?:any |new |more |a new )?(?:files?|sockets?)`,
      `(?:cannot|can't|can not|could ?n[o'’]t|unable to|not able to|fail(?:s|ed|ing)? to|no longer able to) (?:create|open) (?:any |new |more |a new )?(?:files?|sockets?)${L}{0,160}(?:too many open files|(?:open[ _-]?files|file[ _-]?descriptors|fds|file[ _-]?handles)${S}{0,30}(?:limit|exhausted|used up|ran out|leak(?:ed|ing)?))`,
      '(?:大量|很多|过多|過多|越来越多|越來越多)(?:的)?(?:打开的?文件|打開的?文件|文件句柄|文件描述符|句柄|fd)[^\\n]{0,80}(?:无法|無法|不能|没法|沒法)(?:再)?(?:创建|創建|打开|打開)(?:新的?)?文件',
      '(?:无法|無法|不能|没法|沒法)(?:再)?(?:创建|創建|打开|打開)(?:新的?)?文件[^\\n]{0,40}(?:too many open files|文件句柄|文件描述符|打开文件数|打開文件數)',
    ].join('|'),
    literals: [
      'create file',
      'create any file',
      'create new file',
      'create more file',
      'create a new file',
      'open file',
      'open any file',
      'open new file',
      'open more file',
      'open a new file',
      'create socket',
      'create new socket',
      'create any socket',
      'create more socket',
      'open socket',
      'open new socket',
      '创建文件',
      '創建文件',
      '打开文件',
      '打開文件',
      '创建新文件',
      '創建新文件',
      '打开新文件',
      '打開新文件',
      '创建新的文件',
      '打开新的文件',
    ],
    unless: `${COMMON_UNLESS}|[Nn]o space left|disk (?:is |was )?full|[Rr]ead-only|[Pp]ermission denied|磁盘已?满|只读`,
    observation: true,
    prose: true,
    specific:
      'no file can be created by services beside a program holding many open files is the limit reached',
    source:
      'observation: descriptors used up told by their effect: a program creating or holding many open files (or processes) until services cannot create or open files, which is what open(2)/creat(2)/socket(2) returning EMFILE ("Too many open files", the process\'s RLIMIT_NOFILE) or ENFILE ("Too many open files in system", fs.file-max: fs/file_table.c alloc_empty_file) means',
    mechanism:
      'a leak of descriptors reached a limit: the leaking process (its own RLIMIT_NOFILE) or every process on the node (fs.file-max) can open no file, socket or pipe, so the services that need one fail',
  },
  {
    // The question is what was seen: a person asks whether the kubelet withstands its runtime not running because
    // it did not. In releases before 1.0 RunKubelet logged its creation's failure ("Failed to create kubelet") and
    // never retried, so a kubelet started before its runtime stayed without a kubelet until restarted (kubelet.ts,
    // kubelet.create_no_retry); later releases exit and are restarted. Asked or denied, with the start-up order.
    fact: 'kubelet.create_no_retry',
    pattern: [
      `[Kk]ubelet${S}{0,40}${WITHSTANDS}${S}{0,30}${RUNTIME_NOT_UP}${S}{0,80}[?？]`,
      `[Kk]ubelet${S}{0,30}${NEGATED} ${WITHSTANDS}${S}{0,30}${RUNTIME_NOT_UP}`,
      `[Kk]ubelet${S}{0,30}(?:starts?|started|comes? up|came up|is started|was started|gets started|got started)${S}{0,20}(?:before|ahead of|earlier than|sooner than) ${RUNTIME}${S}{0,60}(?:never (?:recovers?|recovered|retries|retried|comes? back|came back|becomes? healthy|became healthy)|(?:does|did) ?n[o'’]t (?:recover|retry|come back|become healthy|go healthy)|stays? (?:broken|unhealthy|NotReady|down)|stayed (?:broken|unhealthy|NotReady|down)|until (?:we |I |someone )?restart)`,
      'kubelet[^\\n。]{0,20}(?:先于|早于|早於|先於|比)[^\\n。]{0,6}(?:docker|containerd|运行时|運行時)[^\\n。]{0,6}(?:先)?启动[^\\n。]{0,30}(?:不会重试|不會重試|没有重试|沒有重試|不再重试|無法恢復|无法恢复|一直不|一直没|直到重启|直到重啟)',
    ].join('|'),
    literals: [
      'robust to',
      'robust against',
      'resilient to',
      'resilient against',
      'tolerant to',
      'tolerant of',
      'tolerant against',
      'surviv',
      'withst',
      'tolerat',
      'handle',
      'cope with',
      'coped with',
      'copes with',
      'recover',
      'deal with',
      'deals with',
      'dealt with',
      'before',
      'ahead of',
      'earlier than',
      'sooner than',
      '启动',
    ],
    unless: `${alternatives({ en: [...NOT_THE_NODE, ...PLANNING], zh: [] })}|[Ii]f (?:you|we) |should it|How (?:do|can|should) (?:I|we|you)`,
    // Asked, but not hedged: the question is the reading here.
    unlessSaid: alternatives({ en: HEDGES.en.filter((w) => w !== 'whether'), zh: HEDGES.zh }),
    asked: true,
    observation: true,
    prose: true,
    source:
      'observation: the kubelet said (or asked) not to withstand its runtime not running: kubernetes cmd/kubelet/app/server.go RunKubelet before 1.0 (glog.Errorf("Failed to create kubelet: %s") and return, the process then blocking with no kubelet) against the runtime not yet up after a reboot (the kubelet\'s unit not ordered after the runtime\'s: systemd.unit(5) After=/Requires=)',
    mechanism:
      'the kubelet started before its runtime answered, failed to create itself and never retried: the node stays NotReady after every reboot until the kubelet is restarted by hand',
  },
  {
    // The kubelet's own memory growing: a leak in its bookkeeping. The machine's end (the OOM killer, a crash) is
    // its consequence, not a node that fails by itself.
    fact: 'kubelet.memory_leak',
    pattern: [
      `[Kk]ubelet(?:'s|’s)?${S}{0,30}${MEMORY}${S}{0,40}${GROWS}`,
      `${MEMORY} of (?:the )?kubelet${S}{0,40}${GROWS}`,
      `[Kk]ubelet${S}{0,20}(?:leaks?|leaked|leaking) (?:memory|RAM)|[Kk]ubelet${S}{0,20}(?:has|had|with|shows?|showed) (?:a |an? apparent )?memory leak|memory leak${S}{0,20}(?:in|of|inside) (?:the )?kubelet`,
      'kubelet[^\\n。]{0,10}(?:的)?(?:内存|內存|RSS|rss)[^\\n。]{0,10}(?:持续|持續|不断|不斷|一直)?(?:增长|增長|上涨|上漲|增加|泄漏|泄露|洩漏|洩露|飙升|飆升|暴涨|暴漲)',
    ].join('|'),
    literals: ['memory', 'RSS', 'resident set', 'heap', 'working set', '内存', '內存'],
    unless: `${COMMON_UNLESS}|memory pressure|MemoryPressure|limit|reserved|eviction|--|内存压力`,
    observation: true,
    prose: true,
    source:
      "observation: the kubelet's own memory (its resident set in top/ps, its working set) said to grow without bound: a leak in the kubelet's state, as kubernetes issues trace to its caches, its volume manager's and its cleanup's bookkeeping (pkg/kubelet/kubelet_volumes.go cleanupOrphanedPodDirs and the volume manager's reconciler)",
    mechanism:
      "the kubelet's own memory grows until the kernel's OOM killer or the machine's end stops it: a defect in the kubelet, whatever the node does at the end",
  },
  {
    // Memory said to grow until the machine fails, with no process named: the machine's end is the memory running
    // out, the consequence, not a machine that failed by itself.
    fact: 'mem.exhausted',
    pattern: `${MEMORY}${S}{0,40}${GROWS}${S}{0,40}until ${MACHINE}${S}{0,20}${MACHINE_FAILS}`,
    literals: [
      'until the',
      'until vm',
      'until node',
      'until machine',
      'until host',
      'until server',
      'until instance',
      'until system',
      'until box',
      'until os',
    ],
    unless: `${COMMON_UNLESS}|[Kk]ubelet|cgroup|container's|pod's|limit`,
    observation: true,
    prose: true,
    source:
      "observation: memory said to grow until the machine crashed, froze or ran out: the kernel's reclaim and OOM killer (mm/oom_kill.c out_of_memory) at the end of memory growth",
    mechanism:
      'memory grew until nothing was left: the kernel reclaims, thrashes and OOM-kills, and the machine stops answering; its crash is the consequence of what grew',
  },
  {
    // The nodes' connection attempts failing in a loop until their logs fill the disks: the kubelets retrying their
    // API server without end (client-go's and the kubelet's retries log every attempt: "Unable to register node",
    // "Error updating node status, will retry", "failed to list"), refused or unanswered.
    fact: 'kubelet.api_retry_loop',
    pattern: [
      `${DISKS_FILL}${S}{0,60}(?:with|by|from|of) ${S}{0,40}${LOOPING}${S}{0,30}${ATTEMPTS}`,
      `${DISKS_FILL}${S}{0,60}(?:with|by|from|of) ${S}{0,40}${ATTEMPTS}${S}{0,30}${LOOPING}`,
      `${ATTEMPTS}${S}{0,40}${LOOPING}${S}{0,80}${DISKS_FILL}`,
      `${LOOPING}${S}{0,30}${ATTEMPTS}${S}{0,80}${DISKS_FILL}`,
      '(?:连接|連接|重连|重連|重试|重試)[^\\n。]{0,20}(?:失败|失敗|报错|報錯|错误|錯誤)[^\\n。]{0,30}(?:日志|日誌)[^\\n。]{0,20}(?:写满|寫滿|占满|佔滿|打满|打滿|撑满|撐滿)',
    ].join('|'),
    literals: [
      'fill',
      'full',
      'ran out of space',
      'ran out of room',
      '写满',
      '寫滿',
      '占满',
      '佔滿',
      '打满',
      '打滿',
      '撑满',
      '撐滿',
    ],
    unless: `${COMMON_UNLESS}|[Dd]atabase|MySQL|mysql|[Pp]ostgres|[Rr]edis|[Kk]afka|[Mm]ongo|[Ee]lasticsearch|application|[Tt]he app |数据库|數據庫`,
    observation: true,
    prose: true,
    source:
      'observation: connection attempts said to fail in a loop while their logs fill the disks: the kubelet\'s retries to its API server (kubernetes pkg/kubelet/kubelet_node_status.go registerWithAPIServer "Unable to register node with API server", updateNodeStatus "Error updating node status, will retry", client-go reflector "failed to list"), each logged, refused (an expired certificate: x509 "certificate has expired or is not yet valid") or unanswered',
    mechanism:
      'the kubelets cannot reach, or are refused by, the API server and retry without end: their nodes go NotReady and their logs grow until the disks fill',
  },
  {
    // A package upgrade under the runtime taking it down: the packages' maintainer scripts stop the daemon (the
    // containerd.io package's prerm/postinst, docker.io's, dh_installsystemd's deb-systemd-invoke restart and RPM's
    // %systemd_postun_with_restart) and a runtime bound to it (docker.service BindsTo/Requires=containerd.service)
    // goes down with it; nothing starts it again when the restart does not happen or fails.
    fact: 'runtime.stopped_by_upgrade',
    pattern: [
      `${PACKAGE_UPGRADE}${S}{0,120}${RUNTIME_PACKAGE}${S}{0,120}${TAKEN_DOWN}`,
      `${RUNTIME_PACKAGE}${S}{0,30}(?:package )?(?:upgrade|update)${S}{0,80}${TAKEN_DOWN}`,
      `${RUNTIME}${S}{0,30}(?:stopped|went down|was down|died|crashed|was not running|wasn't running|did ?n[o'’]t (?:start|restart|come back))${S}{0,60}(?:after|during|when|because of|due to|following) ${S}{0,20}(?:${PACKAGE_UPGRADE}|(?:upgrade|update) of (?:the )?${RUNTIME_PACKAGE}(?: package)?|${RUNTIME_PACKAGE} (?:package )?(?:upgrade|update))`,
      '(?:自动更新|自動更新|自动升级|自動升級|unattended-upgrades?|yum-cron|升级|升級)[^\\n。]{0,40}(?:containerd|runc|docker)[^\\n。]{0,40}(?:停止|停掉|挂了|掛了|宕了|起不来|起不來|没有启动|沒有啟動|未启动|未啟動)',
    ].join('|'),
    literals: [
      'upgrade',
      'update',
      'yum-cron',
      'dnf-automatic',
      'zypper',
      '自动更新',
      '自動更新',
      '升级',
      '升級',
    ],
    unless: `${COMMON_UNLESS}|docker-compose|[Dd]ockerfile|kubeadm upgrade|upgrade (?:the )?(?:cluster|kubernetes|control plane)`,
    observation: true,
    prose: true,
    specific: "a named package's upgrade followed by its daemon stopping names the package scripts' stop",
    source:
      "observation: a package upgrade of the runtime or of the daemon under it taking the runtime down: the containerd.io / docker-ce packages' maintainer scripts (debian/containerd.io.postinst, RPM %systemd_postun_with_restart) and dh_installsystemd's deb-systemd-invoke restart, run by unattended-upgrades (Debian/Ubuntu), yum-cron or dnf-automatic; docker.service's BindsTo=containerd.service stops dockerd with containerd",
    mechanism:
      "the upgrade's scripts stopped the runtime's daemon (or the containerd under dockerd) and it did not come back: the kubelet's runtime is down on every machine the upgrade ran on, and the control plane's containers with it",
  },
  {
    // Round 27 (r27-words): systemd upgraded, and the nodes lost right after. The systemd packages re-execute PID 1
    // in their scripts (Debian's systemd.postinst and RPM's %post run `systemctl daemon-reexec`): every client's bus
    // connection to PID 1 is cut, and a runtime or kubelet that does not reconnect its D-Bus calls (the cgroup
    // driver's scope creation) fails every container start after it.
    fact: 'systemd.reexecuted',
    pattern: [
      `(?:[Uu]pgrad(?:e|ed|ing)|[Uu]pdat(?:e|ed|ing)) (?:the |our )?systemd(?: package)?${S}{0,120}(?:[Nn]odes?|[Ww]orkers?|[Cc]luster)${S}{0,30}(?:NotReady|Not ?Ready|not ready|unavailable|unreachable|went down)`,
      `systemd(?: package)? (?:was|were|got|has been|had been) (?:upgraded|updated)${S}{0,120}(?:[Nn]odes?|[Ww]orkers?|[Cc]luster)${S}{0,30}(?:NotReady|Not ?Ready|not ready|unavailable|unreachable|went down)`,
      '(?:升级|升級|更新)(?:了)? ?systemd[^\\n。]{0,30}(?:后|後|之后|之後)[^\\n。]{0,20}(?:节点|節點)[^\\n。]{0,10}(?:NotReady|不可用)',
    ].join('|'),
    literals: ['upgrad', 'updat', '升级', '升級', '更新'],
    unless: `${COMMON_UNLESS}|systemd-[a-z]|systemd cgroup|systemd driver|cgroupDriver|cgroup driver`,
    observation: true,
    prose: true,
    source:
      "observation: systemd's package upgraded, then the nodes lost: the package scripts re-execute PID 1 (Debian systemd.postinst and Fedora/RHEL systemd.spec %post `systemctl daemon-reexec`; systemd src/core/main.c do_reexecute), which cuts every client's bus connection to it",
    mechanism:
      "PID 1 re-executed itself after its upgrade: every client's bus connection to it was cut, and the runtime's or the kubelet's calls for a container's scope go unanswered until they reconnect",
  },
];
